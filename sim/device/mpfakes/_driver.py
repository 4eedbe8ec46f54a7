"""Script driver and virtual clock shared by the fakes (MicroPython side).

Set up by the test before code.py is imported: ``configure(board_id, script, seed)``;
``script`` is bytes, two per entry: kind (0 = short press, 1 = long press, 2 = wait) and key
number (for a wait: the number of sleeps). Bytes, not a list of tuples, so that the script's
own footprint (subtracted as the fakes') stays ~1 KB. When the script is used up and the app
sleeps, ``Done`` ends the run.

Never call gc.collect() from here in the WASI harness: a collection from inside nested calls
corrupts that build's heap (sim/device/mpharness.py); the test collects at the guest's top level
after each step of the app. On CircuitPython's unix port (sim/device/cpharness.py) collecting
anywhere is safe: its measure mode collects at each sleep to read the live heap
(``cp_measure``); its board mode never does (the device collects only when it must).
"""

import gc
import sys



board_id = "pybadge"
seed = "1"
script = b""
pos = 0
cp_measure = False
cp_track = False         # count finished deals at each sleep (the real interpreter's guest)
waits = 0
now_ms = 0
hold_until = -1
hold_key = -1
queues = []
sleeps = 0
refreshes = 0


class Done(BaseException):
    pass


def configure(bid, keys, s):
    global board_id, script, seed
    board_id = bid
    script = keys
    seed = s


def read_ms():
    global now_ms
    now_ms += 1
    return now_ms


# A script's key is a shift-register key number (0..31), or 32 + the index of a pin here
# (boards with keypad.Keys: the event goes to the Keys object watching that pin, numbered by
# the pin's place in its tuple). One string split at run time: names spelt here would be
# interned in every run, on a PyBadge too, which holds none of them (board.py says the same).
PINS = "SW_A SW_B SW_X SW_Y SW_UP SW_DOWN SW_LEFT SW_RIGHT D0 D1 D2".split()
pins = []                # per queue: the pin names of its Keys object, or None (a shift register)


def _push(key, pressed):
    for i in range(len(queues)):
        watched = pins[i]
        if key < 32:
            if watched is None:
                queues[i]._record(key, pressed, now_ms)
        elif watched is not None and PINS[key - 32] in watched:
            queues[i]._record(watched.index(PINS[key - 32]), pressed, now_ms)


def poll():
    global hold_key
    if hold_key >= 0 and now_ms >= hold_until:
        _push(hold_key, False)
        hold_key = -1


def sleep(seconds):
    global now_ms, pos, waits, hold_until, hold_key, sleeps
    sleeps += 1
    now_ms += int(seconds * 1000)
    if cp_measure:
        gc.collect()
    if cp_track:
        mod = sys.modules.get("skat_ui.app")
        if mod is not None:
            live(mod.CURRENT)
        if cp_stop and _games[0] >= cp_stop or sleeps == cp_mapat:
            raise Done()
    poll()
    if hold_key >= 0:
        return
    for q in queues:
        if q._n:
            return
    if waits:
        waits -= 1
        return
    while True:
        if pos >= len(script) >> 1:
            raise Done()
        kind = script[2 * pos]
        key = script[2 * pos + 1]
        pos += 1
        if kind == 2:
            if key:
                waits = key - 1
                return
            continue
        if kind == 3:            # the end of a script padded to a fixed length
            raise Done()
        break
    _push(key, True)
    if kind == 1:
        hold_key = key
        hold_until = now_ms + 1000
    else:
        now_ms += 50
        _push(key, False)


# Heap accounting with gc.mem_alloc() (micropython.mem_current/mem_peak count every
# allocation ever made, not the live heap). Automatic GC is off, so the heap in use just
# before a top-level collection is the most the app needed since the previous one.
stages = []
_base = [0]
_peak = [0]
_live = [0]


def base():
    _base[0] = gc.mem_alloc()


def seen():
    m = gc.mem_alloc() - _base[0]
    if m > _peak[0]:
        _peak[0] = m


_games = [-1]            # deals finished (-1: no series seen yet; a resumed one counts on)


cp_deallog = False       # measure mode: the live heap after each deal
cp_stop = 0              # end the run at the first sleep after this many deals
nvm_in = ""              # the nvm image to boot from (a power cut before), else erased
analysis = ""            # SKAT_ANALYSIS (settings.toml), "" none
cp_snapshot = False      # print the loaded modules at each new most-live point (diagnosis)
cp_mapat = 0             # the heap map (sim/device/cpharness.py heap_map): end the run at this sleep


_live_at = [0, 0, 0]      # the deal, the record length and the sleep of the most live point


def live(app):
    m = gc.mem_alloc() - _base[0]
    if m > _live[0]:
        _live[0] = m
        if app is not None:
            _live_at[0] = _games[0] + 1
            _live_at[1] = len(app.record)
        _live_at[2] = sleeps
        if cp_snapshot:
            import micropython
            print("SNAPSHOT", m, " ".join(sorted(sys.modules.keys())))
            micropython.qstr_info()
            if cp_snapshot > 1:
                micropython.mem_info(1)
    if app is not None and app.series is not None and app.series.games() > _games[0]:
        booted = _games[0] < 0
        _games[0] = app.series.games()
        if cp_deallog and not booted:
            import micropython
            print("DEAL", _games[0], m, sleeps)
            micropython.mem_info(1 if cp_snapshot > 2 else 0)
            micropython.qstr_info()
            if cp_snapshot == 4:
                print("MODULES", " ".join(sorted(sys.modules.keys())))


def stage(name):
    """Heap in use at a named point, before the collection that follows it."""
    seen()
    stages.append((name, gc.mem_alloc() - _base[0]))


def report(app):
    """The memory test's result lines (here: the -c code must stay short)."""
    import micropython
    print("RESULT", _base[0], _peak[0], _live[0], pos, refreshes, max(_games[0], 0), app.saves,
          micropython.mem_peak())
    for name, used in stages:
        print("STAGE", name, used, 0)


def nvm_digest():
    """A digest of the saved bytes (the same run must save the same bytes at any heap)."""
    import microcontroller
    h = 0
    for b in microcontroller.nvm._b:
        h = (h * 31 + b) & 0xFFFFFF
    return h


def report_cp(app):
    """The real interpreter's result line: keys delivered, refreshes, deals finished, saves,
    the digest of the nvm, the most live heap seen at a sleep (measure mode)."""
    if cp_measure:
        gc.collect()             # as at a sleep: the heap in use, not the garbage of the end
    live(app)
    print("RESULT", pos, refreshes, max(_games[0], 0), app.saves if app is not None else -1,
          nvm_digest(), _live[0], sleeps, _live_at[0], _live_at[1], _live_at[2])
