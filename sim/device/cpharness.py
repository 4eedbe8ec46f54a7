"""Run the whole app on CircuitPython's own interpreter, as a board runs code.py, and find
the heap it needs.

The interpreter is CircuitPython 10's unix port, variant circuitpy32 (32-bit, the boards'
object model, one fixed heap of ``-X heapsize``, a 2 KB pystack, automatic GC that works):
``$CIRCUITPY_UNIX``, by default ``micropython-circuitpy32`` in the tools folder outside the
repository (``$CIRCUITPY_TOOLS``, default ``~/.cache/circuitpython``). ``$MPY_CROSS`` (default
in the same folder) compiles the ``.mpy`` drive; ``$CIRCUITPY_FROZEN`` (default
``micropython-circuitpy32-frozen`` there) is the same
interpreter with our packages frozen in (``python -m sim freeze``), with
``<binary>.sha256-of-freeze`` beside it saying which sources (``sim.build.freeze.digest``): a
binary built from other sources is not used.

Installs (``make_drive``):
  ``py``      the drive as ``make bundle`` writes it with .py files (compiled at import);
  ``mpy``     the same with our modules compiled by CircuitPython's mpy-cross;
  ``frozen``  only code.py and settings.toml on the drive, the packages in the interpreter.
The command line's ``--board`` gets that board's drive (``python -m sim bundle --board``): on
a Feather the label back-end of the text interface with its libraries (lib/skat_ui/ui.py);
frozen, the interpreter must hold that board's freeze (``python -m sim freeze --board``).

A run (``run_app``): the drive plus the fakes of sim/device/mpfakes (``_cpguest.py`` is the
main script: it puts the fakes into sys.modules, pads the heap by ``pad`` bytes, collects
once, takes the heap in use as the fakes' footprint and imports code.py). The key script
plays to its end; the result (keys delivered, refreshes, deals, saves, a digest of the
saved bytes) must equal the reference run's in a big heap, so a run that survived a
MemoryError some other way does not count as playing out.

The need (``need``): per heap layout (``pad``), the smallest usable heap in 1 KB steps that
plays out, minus the fakes' footprint; the worst layout counts. Pass/fail is not monotonic
in the heap size (fragmentation), so the search bisects and then checks the KB just above
the threshold, moving up while any of them fails. ``plays_within`` is the budget check:
every layout must play out with exactly the budget for the app.

Command line: ``python sim/device/cpharness.py [--install py|mpy|frozen] [--board pybadge]
[--pads 0,208,...|all] [--check KB] [--evening DEALS] [--split] [--live]`` prints the need
per layout (or checks a budget, or prints the live heap after each deal) with the live heap
of the reference run.
"""

import argparse
import hashlib
import json
import keyword
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from sim.build import bundle, freeze, mpy  # noqa: E402

from sim.board import keys as keyscript  # noqa: E402
from sim.board.platform import boards  # noqa: E402

SHARED = mpy.TOOLS_DIR
FAKES = os.path.join(ROOT, "sim", "device", "mpfakes")
INSTALLS = ("py", "mpy", "frozen")
OWN_PACKAGES = ("skat_core", os.path.join("lib", "skat_ui"), os.path.join("lib", "skat_boards"))
# Heap layouts: bytes allocated before the app starts. Each shifts every later block; 16 B
# is the GC's block size, so these are 0, 13, 30, 61 and 99 blocks.
PADS = (0, 208, 480, 976, 1584)
# The long scan (make test-all): every 80 bytes (5 blocks) from 0 to 1,520 and the five above.
PADS_ALL = tuple(sorted(set(range(0, 1600, 80)) | set(PADS)))
# Deck-independent play: A takes the highlighted choice; RIGHT A walks the cursor until a
# legal card (or a choice) is taken, so every deal runs to its end whatever the cards.
FULL_DEALS = "A " + "RIGHT A " * 220


def evening(deals=0, board="pybadge", seed=None):
    """The keyword arguments of ``run_app`` for the evening (sim/device/evening.py: a Liste of 36
    varied deals with a power cut, the help, the settings and a language switch, the score
    sheet and the analysis) on ``board``'s keys, ending after ``deals`` deals (0: the whole
    script); ``seed``: the evening's plans on the series dealt from another seed (its script:
    ``python sim/device/evening.py --seed N``)."""
    from sim.device import evening as E
    seed = E.SEED if seed is None else seed
    return {"keys": tuple(E.segments(board=board, seed=seed)), "seed": seed,
            "analysis": E.ANALYSIS, "stop": deals}


def evening_at_three(deals=0):
    """The keyword arguments of ``run_app`` for the evening at three (sim/device/evening3.py: a
    list of 36 deals of Skat zu dritt), on a drive that holds it (``make_drive(three=True)``)."""
    from sim.device import evening as E, evening3
    return {"keys": tuple(evening3.segments()), "seed": evening3.SEED, "analysis": E.ANALYSIS,
            "stop": deals}


TIMEOUT = 900


def tool(var, default):
    """The path of a tool from the environment variable ``var`` or its default; None if
    there is no executable file there."""
    path = os.environ.get(var) or default
    return path if path and os.path.isfile(path) and os.access(path, os.X_OK) else None


def interpreter():
    return tool("CIRCUITPY_UNIX", os.path.join(SHARED, "micropython-circuitpy32"))


def mpy_cross():
    return mpy.find_mpy_cross()


def frozen_interpreter():
    return tool("CIRCUITPY_FROZEN", os.path.join(SHARED, "micropython-circuitpy32-frozen"))


def split_interpreter():
    """The same interpreter built with the VM heap in separate areas grown from a port heap
    of ``-X heapsize`` bytes, as CircuitPython 10 runs on a board (docs/memory.md, "The
    split heap"): ``$CIRCUITPY_UNIX_SPLIT``, default ``micropython-circuitpy32-split`` in
    the tools folder."""
    return tool("CIRCUITPY_UNIX_SPLIT", os.path.join(SHARED, "micropython-circuitpy32-split"))


# CircuitPython 10's py/gc.c frees a non-first heap area at a sweep when its last used block
# is block 0, which also holds when a live one-block object sits there: a use-after-free that
# crashed the evening on one layout (docs/memory.md, "The split heap"). The split-heap
# interpreter is built with that area kept and this line printed instead, so a failure here is
# the app's, and the runs count how often the firmware's sweep would have struck.
SWEEP_KEPT = "SWEEP-KEPT-AREA"


def why_not_split():
    """None if the split-heap interpreter is here (with mpy-cross) and keeps a live area,
    else the reason."""
    reason = why_not("mpy")
    if reason:
        return reason
    exe = split_interpreter()
    if exe is None:
        return ("CircuitPython's split-heap interpreter not found (set CIRCUITPY_UNIX_SPLIT;"
                " default %s)" % os.path.join(SHARED, "micropython-circuitpy32-split"))
    with open(exe, "rb") as f:
        if SWEEP_KEPT.encode() not in f.read():
            return ("the split-heap interpreter %s frees a live area at a sweep (%s absent):"
                    " rebuild it with the sweep kept (docs/memory.md, \"The split heap\")"
                    % (exe, SWEEP_KEPT))
    return None


# On the split-heap interpreter -X heapsize is the port heap: the 2 KB pystack comes out of
# it (the fixed build keeps it outside the heap), then the VM heap's areas with their own
# GC tables. A split run is given the RAM of the fixed heap it is compared with plus this.
SPLIT_PYSTACK_KB = 2
# The PyBadge's port heap: the RAM between the firmware's .bss and its stack (README, "On a
# board": 156.2 KB, from the link map of a PyBadge firmware with the app frozen).
PYBADGE_PORT_HEAP = 156 * 1024


def is_split(exe):
    return exe is not None and exe == split_interpreter()


def usable_for_app(exe, heap_kb, base):
    """The app's heap in a run of ``-X heapsize=heap_kb`` with the fakes' footprint ``base``:
    the usable heap less the fakes; on the split-heap interpreter, what a fixed heap of the
    same RAM (less the pystack) would give - so the two needs compare in one unit, and the
    split one's excess is what areas cost."""
    if is_split(exe):
        return _usable(interpreter(), heap_kb - SPLIT_PYSTACK_KB) - base
    return _usable(exe, heap_kb) - base


def heap_kb_for_app(exe, base, budget):
    """The ``-X heapsize`` that gives the app ``budget`` bytes (``usable_for_app``)."""
    if is_split(exe):
        return heap_kb_for(interpreter(), base + budget) + SPLIT_PYSTACK_KB
    return heap_kb_for(exe, base + budget)


def why_not(install, board=None):
    """None if ``install`` can be measured here, else the reason (for a loud skip).
    ``board``: the frozen interpreter must hold that board's freeze (``python -m sim freeze
    --board``: a label board's has the label back-end and its libraries)."""
    if interpreter() is None and install != "frozen":
        return ("CircuitPython's unix interpreter not found (set CIRCUITPY_UNIX; default %s)"
                % os.path.join(SHARED, "micropython-circuitpy32"))
    if install == "mpy" and mpy_cross() is None:
        return ("CircuitPython's mpy-cross not found (set MPY_CROSS; default %s)"
                % os.path.join(SHARED, "mpy-cross"))
    if install == "frozen":
        exe = frozen_interpreter()
        if exe is None:
            return ("no CircuitPython interpreter with the app frozen in (set CIRCUITPY_FROZEN;"
                    " default %s; build it from CircuitPython's source with"
                    " FROZEN_MANIFEST=dist/freeze/manifest.py, see README)"
                    % os.path.join(SHARED, "micropython-circuitpy32-frozen"))
        tmp = tempfile.mkdtemp(prefix="skat-freeze-")
        try:
            want = freeze.freeze(os.path.join(tmp, "freeze"), board=board)
        finally:
            shutil.rmtree(tmp)
        try:
            with open(exe + ".sha256-of-freeze") as f:
                have = f.read().split()[0]
        except (OSError, IndexError):
            have = None
        if have != want:
            return ("the frozen interpreter %s holds other sources than this checkout's bundle"
                    " (freeze digest %s, bundle %s): rebuild it" % (exe, have, want))
    return None


def make_drive(dest, install, board=None, three=False):
    """The drive for ``install`` plus the fakes (``_mpfakes``); returns the interpreter.
    ``board``: that board's drive, with its text back-end (sim/build/bundle.py ``text_backend``: the
    label back-end and its libraries for a Feather); None: the drive for every board.
    ``three``: the drive with Skat zu dritt (``bundle.THREE_FILES``)."""
    # Frozen: the drive the freeze holds (its libraries too), so that the fakes keep every
    # name the frozen modules import from the firmware (fontio.Glyph for the label back-end).
    bundle.bundle(dest, log=lambda *a: None,
                  mpy_cross=mpy_cross() if install == "mpy" else None, board=board,
                  frozen=install == "frozen", three=three)
    app_names = _app_names(dest)
    if install == "frozen":
        # In the firmware: our packages and the label back-end's libraries (sim/build/freeze.py).
        for rel in OWN_PACKAGES + tuple(os.path.join("lib", n) for n in freeze.LIBRARIES):
            for path in (os.path.join(dest, rel), os.path.join(dest, rel + ".mpy"),
                         os.path.join(dest, rel + ".py")):
                if os.path.isdir(path):
                    shutil.rmtree(path)
                elif os.path.isfile(path):
                    os.remove(path)
    _put_fakes(os.path.join(dest, "_mpfakes"), app_names)
    return frozen_interpreter() if install == "frozen" else interpreter()


# What the guest loads: the fakes of the modules the port lacks (sim/device/mpfakes; the port's
# own bitmaptools, vectorio, Bitmap and Palette are used as they are).
CP_FAKES = ("_cpguest", "_driver", "_fake_time", "_fake_os", "_cp_displayio", "_dio_tree",
            "fontio", "terminalio", "keypad", "board", "microcontroller", "_heapmap", "_shell")
# CircuitPython's __future__ (CIRCUITPY_FUTURE, on in a board's build; the harness's unix
# interpreter is built without it): adafruit_bitmap_font's bdf, which the label back-end
# imports, starts with ``from __future__ import annotations``. Written by ``_put_fakes``, not
# a file of sim/device/mpfakes: every name defined there is a fixed name for the drive's short
# names (sim/build/shortnames.py), and ``annotations``, a name in the firmware's flash, is one
# of the drive's short names.
FUTURE = "__future__"
FUTURE_SOURCE = "annotations = True\n"


def _app_names(drive):
    """Every name our modules on ``drive`` and the libraries there (a label drive's
    adafruit_display_text, adafruit_bitmap_font) may intern (their .mpy tables, or every NAME
    token of their source): the fakes keep these spellings, they are the firmware's API."""
    import io
    import tokenize
    names = set()
    lib = os.path.join(drive, "lib")
    libraries = tuple(os.path.join("lib", n) for n in sorted(os.listdir(lib))
                      if n.startswith("adafruit_")) if os.path.isdir(lib) else ()
    # The .mpy drive's modules at its top (sim/build/toplevel.py), code.py and skat_names.
    tops = tuple(os.path.join(folder, n) for folder in ("", "lib")
                 for n in sorted(os.listdir(os.path.join(drive, folder)))
                 if n.endswith((".py", ".mpy")))
    for rel in OWN_PACKAGES + tops + libraries:
        base = os.path.join(drive, rel)
        files = [base] if os.path.isfile(base) else [
            os.path.join(dp, f) for dp, _dn, fn in os.walk(base) for f in fn]
        for path in files:
            if path.endswith(".mpy"):
                names.update(mpy.interned(path))
            elif path.endswith(".py"):
                with open(path, encoding="utf-8") as f:
                    for tok in tokenize.generate_tokens(io.StringIO(f.read()).readline):
                        if tok.type == tokenize.NAME:
                            names.add(tok.string)
    return names


def _put_fakes(fakes, app_names):
    """The fakes for the real interpreter into ``fakes``, their own names shortened, as
    source: the guest runs each in a copy of one empty module (``_shell``; _cpguest.py,
    ``_load``), so no fake's file path is an interned name. They stand for C
    modules whose names a board keeps in flash; here every name they intern counts against
    the app in the interned-string pool, which grows in doubling steps (the step from 1,266
    to 2,546 names costs ~7.7 KB at once). Names the app uses stay as they are: those are
    the firmware's API. The guest, read from source, gets the same renaming."""
    import ast
    from sim.build import shortnames
    os.makedirs(fakes)
    texts = {}
    for name in CP_FAKES:
        with open(os.path.join(FAKES, name + ".py"), encoding="utf-8") as f:
            texts[name] = f.read()
    defined = set()
    for text in texts.values():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, ast.arg):
                defined.add(node.arg)
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                defined.add(node.id)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                defined.add(node.attr)
    import io
    import tokenize
    keep = (app_names | shortnames.fixed_names() | set(CP_FAKES)
            | {"displayio", "time", "os"})
    used = set()
    for text in texts.values():
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME:
                used.add(tok.string)
    # New spellings are names the app interns anyway (its short names first), none that a
    # fake spells itself: they cost nothing in the pool and shadow nothing.
    spare = sorted((n for n in app_names if n.isidentifier() and n not in used
                    and not keyword.iskeyword(n)), key=lambda n: (len(n), n))
    mapping = {}
    for name in sorted(defined - keep):
        if not name.startswith("__") and spare:
            mapping[name] = spare.pop(0)
    cross = mpy_cross()
    for name, text in texts.items():
        path = os.path.join(fakes, name + ".py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(shortnames.apply(text, mapping))
    # The firmware's __future__, as it is: its name is the language's (only a label drive's
    # library imports it, so a lean drive's heap never sees it).
    with open(os.path.join(fakes, FUTURE + ".py"), "w", encoding="utf-8") as f:
        f.write(FUTURE_SOURCE)
    if cross:
        mpy.compile_mpy(cross, os.path.join(fakes, FUTURE + ".py"), FUTURE + ".py")


# The pins the fakes' driver knows (sim/device/mpfakes/_driver.py, PINS).
PINS = tuple("SW_A SW_B SW_X SW_Y SW_UP SW_DOWN SW_LEFT SW_RIGHT D0 D1 D2".split())


def script_bytes(board, text, size=0):
    """The key script as the fakes' driver reads it: bytes, (kind, key) per entry. A script
    written for the PyBadge's keys is pressed as ``board`` does it (sim/board/keys.py, for_board).
    ``size``: padded with end marks (kind 3) to that many bytes, so that the script's own
    footprint (the fakes') is the same in every segment of a run."""
    entry = boards.get(board)
    text = keyscript.for_board(text, entry)
    out = bytearray()
    for kind, arg in keyscript.parse(text, entry):
        if kind == "wait":
            out += bytes((2, arg))
        else:
            how, which = entry["keys"][arg]
            key = which if how == "sr" else 32 + PINS.index(which)
            out += bytes((1 if kind == "long" else 0, key))
    if len(out) < size:
        out += b"\x03\x00" * ((size - len(out)) // 2)
    return bytes(out)


# The run's job: one tuple the guest reads with eval (sim/device/mpfakes/_cpguest.py), in
# this order - the board's id, the seed, the key script, the padding, measure mode, the
# snapshots, the costs' modules, the deals to stop after, the nvm to start from and to leave,
# SKAT_ANALYSIS, the heap map's point. Named fields would be interned names a board never
# holds.
JOB = ("(%(board_id)r, %(seed)r, %(script)r, %(pad)d, %(measure)r, %(snapshot)d, %(costs)r, "
       "%(stop)d, %(nvm_in)r, %(nvm_out)r, %(analysis)r, %(mapat)r)\n")


def _no_aslr():
    """``setarch -R`` when it works here: the port mallocs its heap, and with address-space
    randomisation every run puts it elsewhere, so what the conservative collector takes for
    a pointer (and with it pass/fail near the threshold) changes from run to run. A board's
    heap sits at a fixed address; with this, one layout gives one answer."""
    if "no_aslr" not in _USABLE:
        try:
            ok = subprocess.run(["setarch", "-R", "true"], capture_output=True).returncode == 0
        except OSError:
            ok = False
        _USABLE["no_aslr"] = ["setarch", "-R"] if ok else []
    return _USABLE["no_aslr"]


def settings_nvm(path, board, seed, rules=None, cues=None):
    """An nvm image of ``board``'s size at ``path`` holding only settings - the defaults,
    changed by ``rules`` (setting index -> value) and with the sound and the LEDs at ``cues``
    = (volume 0-2, LEDs 0-1) - as a board has it after they were set and saved: it boots to
    the title like an erased board (no series, no game), and the next series deals from
    ``seed``, as an erased board's first from SKAT_SEED (a key script's deals are the same).
    The app's tests write theirs with it too (tests/support/app_screens.py)."""
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    try:
        from skat_ui import settings as S
        from skat_ui.storage import persist, save
        from skat_core.engine.series import Series
    finally:
        sys.path.pop(0)
    st = S.defaults()
    for key, value in (rules or {}).items():
        st[key] = value
    if cues is not None:
        st[S.I_SOUND], st[S.I_LEDS] = cues
    data = bytearray(b"\xff" * boards.get(board)["nvm"])
    store = save.Store(data)
    store.load()
    assert store.save(persist.encode(st, st[:S.N_RULES],
                                     Series(0, seed, persist.Entries(persist.MOST)), None,
                                     nxt=seed))
    with open(path, "wb") as f:
        f.write(data)


def run_app(drive, exe, heap_kb, board="pybadge", keys=FULL_DEALS, seed=1, pad=0,
            measure=False, snapshot=0, costs=(), stop=0, analysis="", timeout=TIMEOUT,
            mapat=None, cues=None):
    """One run of code.py on ``drive``; a dict: ``ok`` (played out: exit 0 and a RESULT
    line), ``base`` (fakes' footprint), ``total`` (usable heap), ``result`` (the RESULT
    fields: keys, refreshes, deals, saves, nvm digest, live, sleeps, and where the live
    heap was highest: the deal and its record's length), ``error``, ``wall``,
    ``stdout``, ``deals`` ([(deal, live heap after a collection at the first sleep after
    it, largest free block, interned names, their bytes)]: measure mode only), ``parts`` (the deals
    finished in each segment). ``snapshot`` (diagnosis, with
    ``measure``): 1 prints the loaded modules and the interned-string pool at each new
    most-live point, 2 also the heap's block map, 3 the block map after each deal, 4 the
    loaded modules after each deal.
    ``costs`` (diagnosis): instead of playing, import these modules in this order and print
    ``COST module bytes-in-use`` after each (``module_costs``). ``stop``: end at the first
    sleep after that many deals of the series. ``analysis``: SKAT_ANALYSIS.

    ``keys`` is a key script, or a sequence of them (``evening``): the power goes after each
    but the last (the script runs out while the app waits for a key) and the next one starts
    a new interpreter on the nvm the previous one left, as a board boots again. Each
    segment's script is padded to the same length, so every segment has the same fakes'
    footprint and the same heap for the app; the result adds up keys, refreshes, saves and
    sleeps and keeps the last deal count and nvm digest and the highest live heap (``live_part``:
    the segment it was in, from 0). ``mapat`` (the heap map, ``heap_map``): (segment, sleep,
    attributes, ui[, module globals]) ends the run at that segment's sleep and takes the heap apart there
    (sim/device/mpfakes/_heapmap.py; no attributes: only the heap's figures there).
    ``cues``: (volume, LEDs) set and saved before the first boot (``settings_nvm``; None: an
    erased board, the sound and the LEDs off)."""
    segments = [keys] if isinstance(keys, str) else list(keys)
    scripts = [script_bytes(board, s) for s in segments]
    first_nvm = ""
    if cues is not None:
        first_nvm = os.path.join("_mpfakes", "_nvm-settings.bin")
        settings_nvm(os.path.join(drive, first_nvm), board, seed, cues=cues)
    size = max(len(s) for s in scripts)
    total = None
    for i, script in enumerate(scripts):
        at = None
        if mapat is not None and mapat[0] == i:
            at = (tuple(mapat[2]), mapat[3], mapat[1], tuple(mapat[4]) if len(mapat) > 4
                  else ())
        r = _run_segment(drive, exe, heap_kb, board, script_bytes(board, segments[i], size),
                         seed, pad, measure, snapshot, costs, stop, analysis, timeout, at,
                         os.path.join("_mpfakes", "_nvm%d.bin" % (i - 1)) if i else first_nvm,
                         os.path.join("_mpfakes", "_nvm%d.bin" % i)
                         if i < len(scripts) - 1 else "")
        r["parts"] = [[d[0] for d in r["deals"]]]
        for d in r["deals"]:
            d.append(i)
        if total is None:
            total = r
            total["live_part"] = 0
        else:
            if r["result"] is not None and total["result"] is not None \
                    and r["result"][5] > total["result"][5]:
                total["live_part"] = i
            a, b = total["result"], r["result"]
            total["result"] = None if b is None else (
                (a[0] + b[0], a[1] + b[1], b[2], a[3] + b[3], b[4], max(a[5], b[5]), a[6] + b[6])
                + (a[7:] if a[5] >= b[5] else b[7:]))
            for k in ("ok", "error", "base", "total"):
                total[k] = r[k]
            total["wall"] += r["wall"]
            total["sweep_kept"] += r["sweep_kept"]
            total["stdout"] += r["stdout"]
            total["deals"] += r["deals"]
            total["parts"] += r["parts"]
        if not r["ok"] and at is None:
            if len(scripts) > 1:
                total["error"] = "part %d of %d: %s" % (i + 1, len(scripts), r["error"])
            break
        if at is not None or stop and r["result"][2] >= stop:
            break
    return total


def _run_segment(drive, exe, heap_kb, board, script, seed, pad, measure, snapshot, costs, stop,
                 analysis, timeout, mapat, nvm_in, nvm_out):
    job = JOB % {"board_id": boards.get(board)["board_id"], "seed": str(seed),
                 "script": script, "pad": pad, "measure": measure,
                 "snapshot": snapshot, "costs": tuple(costs), "stop": stop,
                 "nvm_in": nvm_in, "nvm_out": "" if mapat else nvm_out, "analysis": analysis,
                 "mapat": mapat}
    with open(os.path.join(drive, "_mpfakes", "_job.txt"), "w") as f:
        f.write(job)
    # As on a board (sys.path '', '/', '.frozen', '/lib' with the drive as the current
    # folder): modules are found by paths relative to the drive, and each module keeps its
    # path as __file__, an interned string - a long temporary folder here would be heap the
    # board does not spend. The fakes come from the main script's folder (sys.path[0]).
    # Nothing else of the caller's environment: the environment's strings sit at the top of
    # the interpreter's C stack, which the collector scans conservatively, so what a stale
    # word keeps alive (and the need near a threshold) moved with the caller's variables -
    # pytest's PYTEST_CURRENT_TEST changes with every test.
    env = {"MICROPYPATH": "_mpfakes::.frozen:lib"}
    t0 = time.time()
    try:
        p = subprocess.run(_no_aslr() + [exe, "-X", "heapsize=%dK" % heap_kb,
                            os.path.join("_mpfakes", "_cpguest.py")],
                           cwd=drive, env=env, capture_output=True, text=True, timeout=timeout)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out, err, rc = (e.stdout or b"").decode(), "timed out", -1
    r = {"stdout": out, "heap_kb": heap_kb, "pad": pad, "wall": time.time() - t0, "ok": False,
         "base": None, "total": None, "result": None, "error": None, "deals": [],
         "sweep_kept": out.count(SWEEP_KEPT)}
    for line in out.splitlines():
        parts = line.split()
        if parts[:1] == ["BASE"]:
            r["base"], r["total"] = int(parts[1]), int(parts[2])
        elif parts[:1] == ["RESULT"]:
            r["result"] = tuple(int(x) for x in parts[1:])
        elif parts[:1] == ["DEAL"]:
            r["deals"].append([int(parts[1]), int(parts[2]), None, None, None, int(parts[3])])
        elif "max free sz:" in line and r["deals"] and r["deals"][-1][2] is None:
            # micropython.mem_info() after the deal's line: the largest free block (blocks)
            r["deals"][-1][2] = 16 * int(line.split("max free sz:")[1].split()[0])
        elif line.startswith("qstr pool:") and r["deals"] and r["deals"][-1][3] is None:
            # micropython.qstr_info(): the interned names so far, and their bytes
            r["deals"][-1][3] = int(line.split("n_qstr=")[1].split(",")[0])
            r["deals"][-1][4] = int(line.split("n_total_bytes=")[1].split(",")[0])
    r["ok"] = rc == 0 and (r["result"] is not None or bool(costs) or bool(mapat))
    if not r["ok"]:
        # CircuitPython prints an uncaught exception's traceback to stdout.
        tail = [ln for ln in (out + "\n" + (err or "")).splitlines()
                if ln.strip() and not ln.startswith(("BASE", "RESULT", "SNAPSHOT", "qstr", "DEAL",
                                                     "GC:", " No. of", "mem:", "stack:",
                                                     SWEEP_KEPT))]
        r["error"] = " | ".join(tail[-3:]) if tail else "exit %s" % rc
    return r


def module_costs(drive, exe, modules):
    """[(module, bytes its import keeps alive besides interned names)] for ``modules``
    imported in that order (with skat_names first when the drive has it), in a big heap. The
    names an import interns - and a pool of names it makes the interpreter take, 3.8 KB for
    the 640-entry one - are the heap map's names row, not the module's code."""
    r = run_app(drive, exe, 2048, costs=("skat_names",) + tuple(modules))
    if not r["ok"]:
        raise AssertionError(r["error"])
    out, prev, names, cost = [], r["base"], None, None
    for line in r["stdout"].splitlines():
        if line.startswith("COST "):
            _tag, name, used = line.split()
            cost = [name, int(used) - prev]
            out.append(cost)
            prev = int(used)
        elif line.startswith("qstr pool:"):
            total = _qstr_bytes([line])[1]
            if cost is not None and names is not None:
                cost[1] -= total - names
            names = total
    return [tuple(c) for c in out]


def same_play(r, ref):
    """``r`` played the script exactly as the reference did (live heap and sleeps aside)."""
    return r["ok"] and r["result"][:5] == ref["result"][:5]


def heap_kb_for(exe, usable):
    """The smallest ``-X heapsize`` in KB whose usable heap is at least ``usable`` bytes (the
    GC's tables take ~2.3 % of it)."""
    lo, hi = 1, 4096
    while lo < hi:
        mid = (lo + hi) // 2
        if _usable(exe, mid) >= usable:
            hi = mid
        else:
            lo = mid + 1
    return lo


_USABLE = {}


def _usable(exe, heap_kb):
    key = (exe, heap_kb)
    if key not in _USABLE:
        p = subprocess.run(_no_aslr() + [exe, "-X", "heapsize=%dK" % heap_kb, "-c",
                            "import gc\nprint(gc.mem_alloc() + gc.mem_free())"],
                           capture_output=True, text=True, timeout=60)
        _USABLE[key] = int(p.stdout.split()[0]) if p.returncode == 0 else 0
    return _USABLE[key]


def reference(drive, exe, pad=0, **kw):
    """The run in a big heap, collecting at every sleep: what playing out means, and the
    most live heap after a step."""
    r = run_app(drive, exe, 2048, pad=pad, measure=True, **kw)
    if not r["ok"]:
        raise AssertionError("the reference run in a 2 MB heap failed: %s" % r["error"])
    return r


def need(drive, exe, pad, ref, lo_kb=40, hi_kb=400, log=None, **kw):
    """The app's need in bytes on heap layout ``pad``: the smallest usable heap (1 KB steps
    of -X heapsize) that plays the script out as ``ref`` did, minus the fakes' footprint.
    Bisection, then the next 3 KB above the threshold must pass too (else move up)."""
    def plays(kb):
        r = run_app(drive, exe, kb, pad=pad, **kw)
        good = same_play(r, ref)
        if log:
            log("  pad %d heap %dK: %s%s" % (pad, kb, "plays out" if good else "fails",
                                              "" if good else " (%s)" % (r["error"] or "other play")))
        return good, r
    lo, hi = lo_kb, hi_kb
    good, r_hi = plays(hi)
    if not good:
        raise AssertionError("does not play out in %d KB of heap: %s" % (hi, r_hi["error"]))
    while hi - lo > 1:
        mid = (lo + hi) // 2
        good, r = plays(mid)
        if good:
            hi, r_hi = mid, r
        else:
            lo = mid
    k = 1
    while k <= 3:
        good, _ = plays(hi + k)
        if good:
            k += 1
        else:
            hi += k
            good, r_hi = plays(hi)
            k = 1 if good else 0
            if not good:
                hi += 1
    return usable_for_app(exe, hi, r_hi["base"]), hi


def fits_port_heap(drive, exe, port, pads=PADS, log=None, **kw):
    """[(pad, heap_kb, played out, run)] on the split-heap interpreter ``exe`` with a port
    heap of ``port`` bytes - a board's, from its firmware link - plus the fakes' footprint.
    That footprint is the harness's own (the fakes' code, the nvm image that is flash on a
    board, the key script, the pad): the displayio objects the app makes through the fakes
    come after it and count as the app's. The rest of the port heap holds what it holds on
    the board: the pystack, the VM heap's areas with their tables, the allocator's slack."""
    out = []
    for pad in pads:
        ref = reference(drive, exe, pad=pad, **kw)
        kb = (port + ref["base"] + 1023) // 1024
        r = run_app(drive, exe, kb, pad=pad, **kw)
        good = same_play(r, ref)
        if log:
            log("pad %d: %dK port heap (%d B besides the fakes): %s" % (
                pad, kb, kb * 1024 - ref["base"],
                "plays out" if good else "FAILS: %s" % (r["error"] or "other play")))
        out.append((pad, kb, good, r))
    return out


def plays_within(drive, exe, budget, pads=PADS, log=None, measure=False, **kw):
    """[(pad, heap_kb, played out, run)] with exactly ``budget`` bytes for the app on each
    heap layout (the fakes' footprint comes on top); ``measure``: in measure mode (a
    collection at every sleep)."""
    out = []
    for pad in pads:
        ref = reference(drive, exe, pad=pad, **kw)
        kb = heap_kb_for_app(exe, ref["base"], budget)
        r = run_app(drive, exe, kb, pad=pad, measure=measure, **kw)
        good = same_play(r, ref)
        if log:
            log("pad %d: %dK heap (%d B for the app): %s" % (
                pad, kb, usable_for_app(exe, kb, ref["base"]),
                "plays out" if good else "FAILS: %s" % (r["error"] or "other play")))
        out.append((pad, kb, good, r))
    return out


# The App's parts in the order the heap map takes them apart (their names in the source; the
# drive's short names come from the bundle's key): the screen and the hint first, then the
# bot, the Game, the save's image and its views, the series, the display last of the App.
MAP_FIRST = ("adv", "_scr", "bot", "game", "actbuf", "_rec", "_room", "_img", "store", "series",
             "ui")
# Where each part of the heap map comes from, in words (docs/memory.md, "Heap map").
MAP_WORDS = {
    "adv": "the hint's judge (skat_ui.hint)", "_scr": "the screen object",
    "bot": "the bot: its search state, worlds and table blocks",
    "game": "the Game (engine state, views, record)", "actbuf": "the action buffer",
    "_rec": "the deal's record (a view into the save image)",
    "_room": "the series' games (a view into the save image)",
    "_img": "the save's slot image", "store": "the nvm store (two slot buffers)",
    "series": "the series (the list)",
    "ui": "the display: canvas, text lines (tiles of the font), palettes, group tree",
}


# Module-level state the heap map takes apart after the App (source module, global, words):
# what the bot takes at boot and keeps.
MAP_GLOBALS = (
    ("skat_core.bot.bot", "_blocks",
     "the bot's search blocks, taken at boot and kept (worlds' store, table keys)"),
    ("skat_core.bot.bot", "_offer_result", "the offers' scratch Result, taken at boot and kept"),
)


def _key_of_names(drive, module=os.path.join("lib", "skat_ui", "app.py"), reverse=False):
    """{short name: source name} from the bundle's key beside ``drive`` (names.txt): the
    shared names and ``module``'s own (the App's fields may be the app module's own).
    ``reverse``: {source name: short name} - names that no object carries may share one
    short name (sim/build/shortnames.py, ``share_apart``), so a short name may stand for
    several source names, a source name for one short name."""
    out = {}
    try:
        with open(bundle.names_path(drive), encoding="utf-8") as f:
            for line in f:
                if line.startswith("#"):
                    continue
                parts = line.split()
                if len(parts) == 2 or len(parts) == 3 and parts[2] == module:
                    if reverse:
                        out[parts[1]] = parts[0]
                    else:
                        out[parts[0]] = parts[1]
    except OSError:
        pass
    return out


def _qstr_bytes(lines):
    """(names, bytes) of the last ``qstr pool:`` line in ``lines``."""
    n = b = 0
    for line in lines:
        if line.startswith("qstr pool:"):
            n = int(line.split("n_qstr=")[1].split(",")[0])
            b = int(line.split("n_total_bytes=")[1].split(",")[0])
    return n, b


def _peel(drive, exe, point, **kw):
    """The MAP lines of one run that takes the heap apart at ``point`` (segment, sleep):
    {"live", "parts": [(what, bytes)], "app", "modules": [(module, bytes)], "rest", "names"}."""
    from sim.build import cold, merge, relayout, toplevel
    long_of = _key_of_names(drive)
    short_of = _key_of_names(drive, reverse=True)
    module_of = dict((v, k) for k, v in relayout.MODULES.items())
    joined = _joined(drive)
    module_of.update((t, t) for t in joined)
    # A .mpy drive's short-named modules sit at its top (sim/build/toplevel.py).
    top = os.path.isfile(os.path.join(drive, "skat_core", "__init__.mpy")) and not any(
        n[:1].isupper() for n in os.listdir(os.path.join(drive, "skat_core")))
    at_top = toplevel.top_name if top else (lambda n: n)
    module_of.update((r, r) for r in cold.ROWS)
    module_of.update([(at_top(k), v) for k, v in module_of.items()])
    device_of = dict((at_top(t), t) for t in joined)
    target_of = merge.joined_of(joined)
    first = [short_of.get(n, n) for n in MAP_FIRST]
    glob = []
    for mod, name, _words in MAP_GLOBALS:
        dev = relayout.device_module(mod)
        dev = target_of.get(dev, dev)
        # The module's key in names.txt: its path on the drive.
        path = os.path.join(*(["lib"] if dev.startswith("skat_ui.") else []) + dev.split(".")) \
            + ".py"
        if top:
            path = os.path.relpath(toplevel.top_path(os.path.join(ROOT, path), ROOT), ROOT)
        dev = at_top(dev)
        own = _key_of_names(drive, path, reverse=True)
        glob.append((dev, own.get(name, name)))
    r = run_app(drive, exe, 2048, measure=True,
                mapat=(point[0], point[1], first, short_of.get("ui", "ui"), tuple(glob)), **kw)
    if not r["ok"]:
        raise AssertionError("the heap map's run failed: %s" % r["error"])
    out = {"parts": [], "modules": [], "base": r["base"]}
    lines = r["stdout"].splitlines()
    # The names at boot: the qstr_info line right after the last segment's BASE line.
    first = max(i for i, ln in enumerate(lines) if ln.startswith("BASE"))
    out["names_at_base"] = _qstr_bytes(lines[first + 1:first + 2])
    for i, line in enumerate(lines):
        parts = line.split()
        if parts[:1] == ["HEAPMAP_LIVE"]:
            out["live"] = int(parts[1]) - r["base"]
        elif parts[:1] == ["HEAPMAP_PART"]:
            out["parts"].append((long_of.get(parts[1], parts[1]), int(parts[2])))
        elif parts[:1] == ["HEAPMAP_APP"]:
            out["app"] = int(parts[1])
        elif parts[:1] == ["HEAPMAP_GLOBAL"]:
            out.setdefault("globals", []).append(int(parts[3]))
        elif parts[:1] == ["HEAPMAP_MOD"]:
            out["modules"].append(parts[1])
        elif parts[:1] == ["HEAPMAP_REST"]:
            out["rest"] = int(parts[1]) - r["base"]
            out["names"] = _qstr_bytes(lines[i:])
    # The code of the modules loaded there: each module's import in a fresh interpreter, in
    # an order that brings a module's dependencies first (``_load_order``).
    mods = sorted((n for n in out["modules"] if n != "skat_names"),
                  key=lambda n: min(_load_order(module_of.get(m, m))
                                    for m in joined[device_of[n]])
                  if n in device_of else _load_order(module_of.get(n, n)))
    out["modules"] = [(module_of.get(n, n), cost) for n, cost in module_costs(drive, exe, mods)
                      if n != "skat_names"]
    return out


def _joined(drive):
    """{joined device module: its members' device names} of the modules ``drive`` holds joined
    (sim/build/merge.py: the .mpy drive and the freeze; a .py drive has none)."""
    from sim.build import merge

    def there(module):
        parts = module.split(".")
        base = os.path.join(drive, *(["lib"] if parts[0] == "skat_ui" else []), *parts)
        return any(os.path.exists(base + ext) for ext in (".py", ".mpy"))
    return {target: members for target, members in merge.device_groups().items()
            if not any(there(m) for m in members if m != target)}


# The heap map weighs modules in this order of their source packages (dependencies first;
# skat_core's own module, the residency table, imports nothing of ours; a joined module goes
# where its first member would).
_PACKAGE_ORDER = ("skat_core", "skat_core.cards", "skat_core.codes", "skat_core.rules",
                  "skat_core.layout", "skat_core.rng", "skat_core.budget", "skat_core.engine",
                  "skat_core.notation", "skat_core.solver", "skat_core.bot.prelude",
                  "skat_core.bot", "skat_boards", "skat_ui.texts", "skat_ui.storage",
                  "skat_ui", "skat_ui.screens", "code")


def _load_order(name):
    """The sort key of module ``name``: its package's place in ``_PACKAGE_ORDER`` (the longest
    that holds it), then its place in skat_core's residency tables, then its name. The
    bundle's modules of moved functions (sim/build/cold.py) come last: they import from the
    modules their functions came from."""
    import skat_core
    from sim.build import cold
    if name in cold.ROWS:
        return (len(_PACKAGE_ORDER) + 1, 0, name)
    best, size = (len(_PACKAGE_ORDER), name), -1
    for i, pkg in enumerate(_PACKAGE_ORDER):
        if (name == pkg or name.startswith(pkg + ".")) and len(pkg) > size:
            best, size = (i, name), len(pkg)
    tables = skat_core.BOT_PLAY + skat_core.PLAY + skat_core.PRE_PLAY + skat_core.BOT_PRELUDE
    return best[:1] + ((tables.index(name),) if name in tables else (0,)) + best[1:]


def _heap_at(drive, exe, heap_kb, point, **kw):
    """(free bytes, largest free block) at ``point`` in a run of ``-X heapsize=heap_kb``, after
    a collection there; None if the run did not get there."""
    r = run_app(drive, exe, heap_kb, mapat=(point[0], point[1], (), "ui"), **kw)
    free = largest = None
    for line in r["stdout"].splitlines():
        if line.startswith("GC:") and "free:" in line:
            free = int(line.split("free:")[1].split()[0].rstrip(","))
        elif "max free sz:" in line:
            largest = 16 * int(line.split("max free sz:")[1].split()[0])
    return None if free is None or not r["ok"] else (free, largest)


def heap_map(drive, exe, pad=0, log=None, **kw):
    """What the heap holds at the run's most live point and between deals (the highest live
    heap after a deal), taken apart one part at a time (sim/device/mpfakes/_heapmap.py), beside the
    need on heap layout ``pad`` (bisection, ``need``): a list of rows (label, bytes at the
    peak, bytes between deals) whose parts add up to the live heap, and the need with what
    is free at the peak in a heap of exactly the need. Markdown: ``map_markdown``."""
    ref = reference(drive, exe, pad=pad, **kw)
    res = ref["result"]
    after = max(ref["deals"], key=lambda d: d[1])
    points = (("peak", (ref["live_part"], res[9]), "deal %d, record %d" % (res[7], res[8])),
              ("between deals", (after[6], after[5]), "after deal %d" % after[0]))
    maps = [_peel(drive, exe, p, pad=pad, **kw) for _, p, _ in points]
    app_need, kb = need(drive, exe, pad, ref, log=log, **kw)
    # The map run's fakes hold the heap map's guest side too: the heap that gives its app
    # exactly the need is larger by that (1.2 KB on 2026-12-07), not the need's -X heapsize.
    base = run_app(drive, exe, 2048, mapat=(points[0][1][0], points[0][1][1], (), "ui"),
                   pad=pad, **kw)["base"]
    kb_map = heap_kb_for_app(exe, base, app_need)
    at_need = _heap_at(drive, exe, kb_map, points[0][1], pad=pad, **kw) \
        or _heap_at(drive, exe, kb_map + 1, points[0][1], pad=pad, **kw)
    return {"points": points, "maps": maps, "need": app_need, "heap_kb": kb,
            "at_need": at_need, "ref_live": res[5], "pad": pad}


def _kb(n):
    return "%.1f" % (n / 1024)


def map_markdown(m, title=""):
    """The heap map as docs/memory.md shows it (a Markdown table, sizes in KB)."""
    peak, between = m["maps"]
    rows = []
    labels = []
    for mp in (peak, between):
        for what, _n in mp["parts"]:
            if what not in labels:
                labels.append(what)
    small = [0, 0]
    for what in labels:
        a = dict(peak["parts"]).get(what, 0)
        b = dict(between["parts"]).get(what, 0)
        if what in MAP_WORDS:
            rows.append((MAP_WORDS[what], a, b))
        else:
            small[0] += a
            small[1] += b
    for i, (_mod, _name, words) in enumerate(MAP_GLOBALS):
        rows.append((words, (peak.get("globals") or [0] * len(MAP_GLOBALS))[i],
                      (between.get("globals") or [0] * len(MAP_GLOBALS))[i]))
    rows.append(("the App object, its attribute table and its other fields (%s)"
                 % ", ".join(w for w in labels if w not in MAP_WORDS),
                 peak["app"] + small[0], between["app"] + small[1]))
    mods_a, mods_b = dict(peak["modules"]), dict(between["modules"])
    code_a, code_b = sum(mods_a.values()), sum(mods_b.values())
    groups = {}
    for name in set(mods_a) | set(mods_b):
        key = ".".join(name.split(".")[:2]) if name.startswith("skat_core.") else (
            "skat_ui" if name.startswith("skat_ui") else name.split(".")[0])
        g = groups.setdefault(key, [0, 0, 0, 0])
        g[0] += mods_a.get(name, 0)
        g[1] += mods_b.get(name, 0)
        g[2] += name in mods_a
        g[3] += name in mods_b
    names_a = peak["names"][1] - peak["names_at_base"][1]
    names_b = between["names"][1] - between["names_at_base"][1]
    lines = []
    if title:
        lines.append(title)
        lines.append("")
    lines.append("| what the heap holds | at the peak (%s) | between deals (%s) |" % (
        m["points"][0][2], m["points"][1][2]))
    lines.append("|---|---:|---:|")
    for label, a, b in rows:
        lines.append("| %s | %s | %s |" % (label, _kb(a), _kb(b)))
    for key in sorted(groups, key=lambda k: -groups[k][0]):
        g = groups[key]
        lines.append("| code of %s (%d / %d modules: bytecode, functions, globals) | %s | %s |"
                     % (key, g[2], g[3], _kb(g[0]), _kb(g[1])))
    lines.append("| interned names the app added (%d / %d names: text and pool tables) | %s | %s |"
                 % (peak["names"][0] - peak["names_at_base"][0],
                    between["names"][0] - between["names_at_base"][0], _kb(names_a),
                    _kb(names_b)))
    lines.append("| held by nothing named above (keys' queues, small globals, stale words on the"
                 " stack) | %s | %s |" % (_kb(peak["rest"] - names_a - code_a),
                                          _kb(between["rest"] - names_b - code_b)))
    lines.append("| **live heap** (after a collection) | **%s** | **%s** |"
                 % (_kb(peak["live"]), _kb(between["live"])))
    gap = m["need"] - peak["live"]
    lines.append("| what the run needs beyond the live peak (garbage between collections,"
                 " fragmentation) | %s | |" % _kb(gap))
    lines.append("| **need** (smallest heap that plays out, pad %d) | **%s** | |"
                 % (m["pad"], _kb(m["need"])))
    if m["at_need"]:
        free, largest = m["at_need"]
        lines.append("")
        lines.append("In a heap of exactly the need, after a collection at the peak: %s KB free,"
                     " the largest free block %s KB (the rest of the free space is in smaller"
                     " pieces: fragmentation)." % (_kb(free), _kb(largest)))
    parts_sum = sum(a for _l, a, _b in rows) + peak["rest"]
    lines.append("The parts add up to %s KB at the peak (the live heap %s KB); the need is the"
                 " live peak plus %s KB." % (_kb(parts_sum), _kb(peak["live"]), _kb(gap)))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python sim/device/cpharness.py", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("--install", choices=INSTALLS, default="mpy")
    ap.add_argument("--board", default="pybadge")
    ap.add_argument("--pads", default=",".join(str(p) for p in PADS),
                    help="heap layouts: bytes taken before the app, or 'all' (PADS_ALL)")
    ap.add_argument("--check", type=int, default=0, metavar="KB",
                    help="only check that every layout plays out with KB for the app")
    ap.add_argument("--evening", type=int, default=None, metavar="DEALS",
                    help="the evening's key script (sim/device/evening.py) up to DEALS deals "
                         "(0: all 36) instead of FULL_DEALS")
    ap.add_argument("--seed", type=int, default=None, metavar="N",
                    help="with --evening: its plans on the series dealt from seed N (the script "
                         "python sim/device/evening.py --seed N writes)")
    ap.add_argument("--table", type=int, choices=(2, 3), default=2,
                    help="3: with --evening, the evening at three (sim/device/evening3.py) on "
                         "a drive that holds Skat zu dritt (python -m sim bundle --three)")
    ap.add_argument("--measure", action="store_true",
                    help="find the need in measure mode: a collection at every sleep")
    ap.add_argument("--split", action="store_true",
                    help="on the split-heap interpreter ($CIRCUITPY_UNIX_SPLIT; .mpy only)")
    ap.add_argument("--live", action="store_true",
                    help="only print the live heap after each deal (one run in a big heap)")
    ap.add_argument("--map", action="store_true",
                    help="the heap map: what the heap holds at the peak and between deals, part"
                         " by part, beside the need (docs/memory.md, \"Heap map\"; first pad)")
    ap.add_argument("--cues", default=None, metavar="SOUND,LEDS",
                    help="the sound (0 off, 1 quiet, 2 on) and the LEDs (0, 1) set and saved "
                         "before the first boot (default: an erased board, both off)")
    ap.add_argument("--json", default=None, help="write the figures there")
    ap.add_argument("--text", choices=("board", "lean"), default="board",
                    help="the drive's text back-end: the board's own (a Feather: labels) or "
                         "the lean strips (the drive for every board)")
    args = ap.parse_args(argv)
    if args.seed is not None and args.evening is None:
        print("cannot run: --seed goes with --evening")
        return 2
    if args.table == 3 and (args.evening is None or args.seed is not None):
        print("cannot run: --table 3 goes with --evening and its own seed")
        return 2
    own = args.text == "board"
    reason = why_not_split() if args.split else why_not(args.install,
                                                         args.board if own else None)
    if reason:
        print("cannot run: " + reason)
        return 2
    pads = list(PADS_ALL) if args.pads == "all" else [int(p) for p in args.pads.split(",")]
    kw = {"board": args.board}
    if args.cues is not None:
        try:
            kw["cues"] = tuple(int(x) for x in args.cues.split(","))
            if len(kw["cues"]) != 2 or not (0 <= kw["cues"][0] <= 2 and 0 <= kw["cues"][1] <= 1):
                raise ValueError
        except ValueError:
            print("cannot run: --cues takes SOUND,LEDS: 0-2,0-1 (e.g. 1,1)")
            return 2
    if args.table == 3:
        kw.update(evening_at_three(args.evening))
    elif args.evening is not None:
        try:
            kw.update(evening(args.evening, args.board, args.seed))
        except OSError as e:
            print("cannot run: no evening for seed %s (%s); python sim/device/evening.py "
                  "--seed %s writes it" % (args.seed, e.strerror, args.seed))
            return 2
    tmp = tempfile.mkdtemp(prefix="skat-cp-")
    try:
        drive = os.path.join(tmp, "CIRCUITPY")
        exe = make_drive(drive, "mpy" if args.split else args.install,
                         board=args.board if own else None, three=args.table == 3)
        backend = "texts: " + bundle.text_backend(args.board if own else None,
                                                  frozen=args.install == "frozen")
        if args.split:
            exe = split_interpreter()
        if args.live:
            r = reference(drive, exe, **kw)
            for n, live, largest, names, pool in (d[:5] for d in r["deals"]):
                print("after deal %2d: live heap %6d B (%6d B without the %d interned names),"
                      " largest free block %s B" % (n, live, live - pool, names, largest))
            return 0
        if args.map:
            m = heap_map(drive, exe, pad=pads[0], **kw)
            print(map_markdown(m, "Heap map: install %s, board %s (%s), %s, %s" % (
                args.install, args.board, backend,
                "FULL_DEALS" if args.evening is None else
                "the evening's %s deals%s" % (args.evening or "36",
                                             " at three" if args.table == 3 else ""),
                time.strftime("%Y-%m-%d"))))
            return 0
        if args.check:
            rows = plays_within(drive, exe, args.check * 1024, pads, log=print,
                                measure=args.measure, **kw)
            return 0 if all(g for _, _, g, _ in rows) else 1
        figures = []
        for pad in pads:
            ref = reference(drive, exe, pad=pad, **kw)
            app_need, kb = need(drive, exe, pad, ref, log=print, measure=args.measure, **kw)
            res = ref["result"]
            print("install %s, board %s (%s), pad %d: needs %.1f KB (-X heapsize=%dK, fakes %.1f"
                  " KB); most live at a sleep %.1f KB; %d keys, %d deals, %d saves; %.0f s a run"
                  % (args.install, args.board, backend, pad, app_need / 1024, kb,
                     ref["base"] / 1024,
                     res[5] / 1024, res[0], res[2], res[3], ref["wall"]))
            figures.append({"pad": pad, "need": app_need, "heap_kb": kb, "base": ref["base"],
                            "live": res[5], "deals": res[2]})
        worst = max(f["need"] for f in figures)
        print("install %s, board %s (%s)%s%s: the app needs %.1f KB (worst of %d layouts: %s)"
              % (args.install, args.board, backend,
                 ("" if args.seed is None else ", seed %d" % args.seed) +
                 (", the evening at three" if args.table == 3 else ""),
                 ", measure mode" if args.measure else "", worst / 1024, len(figures),
            " ".join("%.1f" % (f["need"] / 1024) for f in figures)))
        if args.json:
            with open(args.json, "w") as f:
                json.dump(figures, f, indent=1)
        return 0
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
