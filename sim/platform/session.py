"""One run of code.py on the simulated board.

The app sees the fake ``board``/``keypad``/``microcontroller``/... modules (sim.platform.hw)
and a real displayio display (sim.platform.displays). Input comes from a driver:

- ``HeadlessDriver``: a key script (sim.keys) and a virtual clock. ``time.sleep`` is the
  app's "I am waiting for the player" signal: the next scripted key is delivered only when
  the app sleeps with its key queues empty; when the script is used up and the app sleeps
  again, ``ScriptDone`` ends the run. ``time.monotonic``/``monotonic_ns``/``time`` read the
  virtual clock, which advances by the slept time, by ``KEY_MS`` per key and by 1 ms per
  clock reading (so a loop that waits for the clock always ends). Same code + same script
  = the same frames, on any machine.
- ``WindowDriver`` / ``TerminalDriver``: the real clock; keyboard events are read whenever
  the app polls its key queue or sleeps.

Only the thread that runs the app sees the patched clock; the display is refreshed from that
thread too (no background refresh thread), so nothing races.
"""

import os
import runpy
import sys
import threading
import time

from . import boards, hw
from .displays import FrameBufferDisplay
from .nvm import FileNVM, PowerCut

KEY_MS = 50          # virtual time between the press and the release of a short press
LONG_MS = 1000       # ... of a long press (the app's threshold is 800 ms)
READ_COST_NS = 1_000_000  # every clock reading advances the virtual clock by 1 ms
STUCK_SLEEPS = 20000  # idle sleeps with unread keys before a headless run gives up

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Every run is a fresh boot: the app's modules, skat_core included (module-level tables and
# caches must not carry one run's state into the next), are imported anew.
APP_PACKAGES = ("skat_ui", "skat_boards", "skat_core")
KEEP_PACKAGES = ("sim", "tests")
FAKE_NAMES = ("board", "keypad", "microcontroller", "digitalio", "analogio", "busio",
              "fourwire", "busdisplay", "adafruit_st7789", "supervisor")


class ScriptDone(SystemExit):
    """The key script is used up and the app waits for the next key."""


class Quit(SystemExit):
    """The player closed the window or pressed Esc."""


class SimStuck(RuntimeError):
    """The app keeps sleeping without reading the keys the script delivered."""


class Frame:
    """One refreshed screen that differs from the previous one."""

    def __init__(self, index, fb, width, height, token, time_ms, path):
        self.index = index
        self.fb = fb              # RGB565 big-endian bytes
        self.width = width
        self.height = height
        self.token = token        # how many script actions had been delivered
        self.time_ms = time_ms    # virtual time of the refresh
        self.path = path          # PNG written, or None

    def pixel(self, x, y):
        from .displays import rgb565_to_rgb  # pylint: disable=import-outside-toplevel
        i = (y * self.width + x) * 2
        return rgb565_to_rgb(self.fb[i] << 8 | self.fb[i + 1])

    def png_bytes(self):
        from .displays import png_encode, rgb565be_to_rgb888  # pylint: disable=import-outside-toplevel
        return png_encode(self.width, self.height, rgb565be_to_rgb888(self.fb))


class Result:
    def __init__(self):
        self.reason = None        # "script_end", "power_cut", "reset", "quit", "exit"
        self.frames = []
        self.app = None           # skat_ui.app.CURRENT after the run, if the app sets it
        self.modules = {}         # the app's modules (skat_ui.*, skat_boards.*) after the run
        self.nvm = b""
        self.nvm_writes = 0
        self.refreshes = 0
        self.refresh_seconds = 0.0
        self.sleeps = 0
        self.delivered = 0        # script actions delivered
        self.time_ms = 0
        self.display = None


class VirtualClock:
    def __init__(self):
        self.ns = 0

    def advance(self, seconds):
        if seconds > 0:
            self.ns += int(seconds * 1_000_000_000)

    def read_ns(self):
        self.ns += READ_COST_NS
        return self.ns

    def now(self):
        return self.ns / 1_000_000_000

    def ms(self):
        return self.ns // 1_000_000


class RealClock:
    def __init__(self):
        self._t0 = time.monotonic()

    def now(self):
        return time.monotonic() - self._t0

    def ms(self):
        return int(self.now() * 1000)


class _Driver:
    """Input and idling; subclasses decide where keys come from."""

    def __init__(self, session):
        self.session = session
        self.hub = None
        self.display = None
        self.scheduled = []   # (due seconds, key, down)

    def deliver_due(self):
        now = self.session.clock.now()
        if not self.scheduled:
            return
        keep = []
        for due, key, down in self.scheduled:
            if due <= now:
                self.hub.set_key(key, down)
            else:
                keep.append((due, key, down))
        self.scheduled = keep

    def tick_display(self):
        if self.display is not None:
            self.display.tick(self.session.clock.now())

    def poll(self):
        pass

    def sleep(self, seconds):
        raise NotImplementedError

    def close(self):
        pass


class HeadlessDriver(_Driver):
    def __init__(self, session, actions):
        _Driver.__init__(self, session)
        self.actions = list(actions)
        self.next = 0
        self.waits = 0
        self.sleeps = 0
        self.stuck = 0

    def poll(self):
        self.deliver_due()

    def sleep(self, seconds):
        clock = self.session.clock
        clock.advance(seconds)
        self.sleeps += 1
        self.tick_display()
        self.deliver_due()
        if self.scheduled:
            return  # a long press is being held
        if not self.hub.queues_empty():
            self.stuck += 1
            if self.stuck > STUCK_SLEEPS:
                raise SimStuck("the app slept %d times without reading its keys" % self.stuck)
            return
        self.stuck = 0
        if self.waits:
            self.waits -= 1
            return
        while True:
            if self.next >= len(self.actions):
                raise ScriptDone(0)
            kind, arg = self.actions[self.next]
            self.next += 1
            if kind == "wait":
                if arg == 0:
                    continue
                self.waits = arg - 1
                return
            break
        self.hub.set_key(arg, True)
        if kind == "long":
            self.scheduled.append((clock.now() + LONG_MS / 1000, arg, False))
        elif self.session.entry["keys"][arg][0] == "joy":
            # A joystick is read by polling its position: keep it deflected until the app
            # has looked (it polls before it sleeps again).
            self.scheduled.append((clock.now() + KEY_MS / 1000, arg, False))
        else:
            clock.advance(KEY_MS / 1000)
            self.hub.set_key(arg, False)


class _InteractiveDriver(_Driver):
    POLL_EVERY = 0.005

    def __init__(self, session):
        _Driver.__init__(self, session)
        self._next_poll = 0.0
        self.keymap = session.entry["keymap"]

    def poll(self):
        now = self.session.clock.now()
        if now >= self._next_poll:
            self._next_poll = now + self.POLL_EVERY
            self.pump()
            self.deliver_due()
            self.tick_display()

    def sleep(self, seconds):
        end = time.monotonic() + max(seconds, 0)
        while True:
            self.pump()
            self.deliver_due()
            self.tick_display()
            left = end - time.monotonic()
            if left <= 0:
                return
            self.session.real_sleep(min(left, 0.01))

    def pump(self):
        raise NotImplementedError


class WindowDriver(_InteractiveDriver):
    def __init__(self, session):
        _InteractiveDriver.__init__(self, session)
        import pygame  # pylint: disable=import-outside-toplevel
        self.pygame = pygame

    def pump(self):
        pygame = self.pygame
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
                raise Quit(0)
            if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                              pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED):
                if self.display is not None:
                    self.display.present()
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key).lower()
                if name == "escape" and event.type == pygame.KEYDOWN:
                    raise Quit(0)
                key = self.keymap.get(name)
                if key is not None:
                    self.hub.set_key(key, event.type == pygame.KEYDOWN)


class TerminalDriver(_InteractiveDriver):
    SHORT = 0.12

    def __init__(self, session, keyboard):
        _InteractiveDriver.__init__(self, session)
        self.keyboard = keyboard
        self._next_size_check = 0.0

    def pump(self):
        now = self.session.clock.now()
        if now >= self._next_size_check and self.display is not None:
            # A resized terminal is redrawn at once (the frame is kept), not at the next
            # refresh, which may be a while when the app waits for a key.
            self._next_size_check = now + 0.5
            self.display.redraw_if_resized()
        for name in self.keyboard.read():
            if name in ("escape", "q"):
                raise Quit(0)
            long_press = name != name.lower()
            key = self.keymap.get(name.lower())
            if key is None:
                continue
            hold = 1.0 if long_press else self.SHORT
            pending = [s for s in self.scheduled if s[1] == key]
            if pending:
                # Already down (key repeat): keep holding it a little longer.
                self.scheduled = [s for s in self.scheduled if s[1] != key]
                self.scheduled.append((max(pending[0][0], now + hold), key, False))
                continue
            self.hub.set_key(key, True)
            self.scheduled.append((now + hold, key, False))


class Recorder:
    """Turns the keys played interactively into a key script (sim/keys.py) that replays the
    session headless: a key held 0.8 s or more becomes LONG:<key>."""

    LONG = 0.8

    def __init__(self, clock):
        self.clock = clock
        self.down_at = {}
        self.tokens = []

    def __call__(self, name, down):
        now = self.clock.now()
        if down:
            self.down_at[name] = now
        elif name in self.down_at:
            held = now - self.down_at.pop(name)
            self.tokens.append(("LONG:" + name) if held >= self.LONG else name)

    def text(self, header):
        lines = ["# " + h for h in header]
        for i in range(0, len(self.tokens), 12):
            lines.append(" ".join(self.tokens[i:i + 12]))
        return "\n".join(lines) + "\n"


class Session:
    """Set up the fake board, run code.py, tear everything down; see module doc."""

    def __init__(self, board, nvm_path=None, seed=None, code_path=None,
                 power_cut_after_writes=None, power_cut_bytes=0):
        self.entry = boards.get(board)
        self.nvm = FileNVM(nvm_path, self.entry["nvm"], power_cut_after_writes,
                           power_cut_bytes)
        self.seed = seed
        self.code_path = code_path or os.path.join(REPO, "code.py")
        self.clock = None
        self.driver = None
        self.display = None
        self.real_sleep = time.sleep
        self.on_frame = None
        self.record_to = None   # path: write the keys played as a key script at the end
        self.recorder = None

    # -- running ---------------------------------------------------------------------------
    def run(self, driver, make_display, virtual_clock):
        """Run code.py until it ends; returns a Result. ``make_display(w, h)`` builds the
        display once (the app may ask for it again: the same object is handed back)."""
        result = Result()
        self.clock = VirtualClock() if virtual_clock else RealClock()
        self.driver = driver
        hub = hw.Hub(self.entry, self.nvm, self.clock.ms, driver.poll)
        driver.hub = hub
        if self.record_to is not None:
            self.recorder = Recorder(self.clock)
            hub.listener = self.recorder

        def display_factory(width, height):
            import displayio  # pylint: disable=import-outside-toplevel
            if self.display is None:
                self.display = make_display(width, height)
                driver.display = self.display
            elif self.display not in displayio.displays:
                displayio.displays.append(self.display)  # rebuilt after release_displays()
            return self.display

        displayio = import_blinka()
        displayio._stop_background()  # pylint: disable=protected-access
        displayio.release_displays()
        saved_modules = {name: sys.modules.get(name) for name in FAKE_NAMES}
        saved_path = list(sys.path)
        saved_env = os.environ.get("SKAT_SEED")
        saved_time = (time.sleep, time.monotonic, time.monotonic_ns, time.time)
        code_dir = os.path.dirname(os.path.abspath(self.code_path))
        _purge_app_modules(code_dir)
        app_thread = threading.current_thread()
        clock = self.clock
        real_sleep, real_monotonic, real_monotonic_ns, real_time = saved_time

        def sleep(seconds):
            if threading.current_thread() is not app_thread:
                return real_sleep(seconds)
            return driver.sleep(seconds)

        def monotonic_ns():
            if threading.current_thread() is not app_thread:
                return real_monotonic_ns()
            return clock.read_ns()

        def monotonic():
            if threading.current_thread() is not app_thread:
                return real_monotonic()
            return clock.read_ns() / 1_000_000_000

        def wall_time():
            if threading.current_thread() is not app_thread:
                return real_time()
            return 1_700_000_000 + clock.read_ns() / 1_000_000_000

        import gc  # pylint: disable=import-outside-toplevel
        added_gc = [n for n in ("mem_free", "mem_alloc") if not hasattr(gc, n)]
        try:
            sys.modules.update(hw.install_modules(hub, display_factory))
            # CircuitPython's sys.path: the drive's root, then /lib.
            sys.path[:0] = [code_dir, os.path.join(code_dir, "lib")]
            if self.seed is not None:
                os.environ["SKAT_SEED"] = str(self.seed)
            else:
                os.environ.pop("SKAT_SEED", None)
            gc.mem_free = lambda: 100_000   # CircuitPython's gc has them, CPython's not
            gc.mem_alloc = lambda: 50_000
            time.sleep = sleep
            if virtual_clock:
                time.monotonic, time.monotonic_ns, time.time = monotonic, monotonic_ns, wall_time
            try:
                runpy.run_path(self.code_path, run_name="__main__")
                result.reason = "exit"
            except ScriptDone:
                result.reason = "script_end"
            except PowerCut:
                result.reason = "power_cut"
            except hw.SimReset:
                result.reason = "reset"
            except Quit:
                result.reason = "quit"
        finally:
            time.sleep, time.monotonic, time.monotonic_ns, time.time = saved_time
            for name in added_gc:
                delattr(gc, name)
            for name, module in saved_modules.items():
                if module is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = module
            sys.path[:] = saved_path
            if saved_env is None:
                os.environ.pop("SKAT_SEED", None)
            else:
                os.environ["SKAT_SEED"] = saved_env
            result.modules = _purge_app_modules(code_dir)
            app_module = result.modules.get("skat_ui.app")
            result.app = getattr(app_module, "CURRENT", None)
            result.nvm = self.nvm.bytes()
            result.nvm_writes = self.nvm.writes
            if self.display is not None:
                flush = getattr(self.display, "flush", None)
                if flush is not None and sys.exc_info()[0] in (None, ScriptDone, PowerCut,
                                                                hw.SimReset, Quit):
                    flush()
                result.display = self.display
                result.refreshes = self.display.refresh_count
                result.refresh_seconds = self.display.refresh_seconds
            result.sleeps = getattr(driver, "sleeps", 0)
            result.delivered = getattr(driver, "next", 0)
            result.time_ms = self.clock.ms()
            driver.close()
            displayio.release_displays()
            if self.recorder is not None:
                with open(self.record_to, "w") as f:
                    f.write(self.recorder.text([
                        "played on %s%s; replay: python -m sim play --headless --board %s "
                        "--keys THIS_FILE%s" % (
                            self.entry["board_id"],
                            "" if self.seed is None else " with --seed %d" % self.seed,
                            _board_name(self.entry),
                            "" if self.seed is None else " --seed %d" % self.seed),
                        "(the replay starts from an erased board; keys pressed while the "
                        "bot thinks arrive after it)"]))
        return result


def import_blinka():
    """Import Blinka's displayio stack once, without its GENERIC_X86 warnings on stdout."""
    import contextlib  # pylint: disable=import-outside-toplevel
    import io  # pylint: disable=import-outside-toplevel
    with contextlib.redirect_stdout(io.StringIO()):
        import displayio  # pylint: disable=import-outside-toplevel
        import busdisplay  # pylint: disable=import-outside-toplevel,unused-import
        import fontio  # pylint: disable=import-outside-toplevel,unused-import
        import terminalio  # pylint: disable=import-outside-toplevel,unused-import
        import digitalio  # pylint: disable=import-outside-toplevel,unused-import
    return displayio


def _board_name(entry):
    for name, e in boards.BOARDS.items():
        if e is entry:
            return name
    return entry["board_id"]


def _purge_app_modules(code_dir=REPO):
    """Forget the app's modules (skat_ui, skat_boards, skat_core and anything else imported
    from code.py's folder) so the next run imports them afresh, against its own fakes."""
    gone = {}
    code_dir = os.path.abspath(code_dir) + os.sep
    for name, module in list(sys.modules.items()):
        top = name.split(".")[0]
        if top in KEEP_PACKAGES:
            continue
        path = getattr(module, "__file__", None) or ""
        if top in APP_PACKAGES or (code_dir != REPO + os.sep and path.startswith(code_dir)):
            gone[name] = sys.modules.pop(name)
    return gone


def headless_display_maker(session, result_frames, frames_dir, keep_frames=True,
                           render_each=True):
    """make_display for headless runs: a FrameBufferDisplay recording changed frames (with
    ``render_each=False`` only the last one, rendered when the run ends)."""
    last = [None]

    def on_refresh(display):
        fb = bytes(display.framebuffer)
        if fb == last[0]:
            return
        last[0] = fb
        index = len(result_frames)
        path = None
        if frames_dir is not None:
            path = os.path.join(frames_dir, "frame_%05d.png" % index)
            with open(path, "wb") as f:
                f.write(display.png_bytes())
        driver = session.driver
        result_frames.append(Frame(index, fb if keep_frames else None, display.width,
                                   display.height, getattr(driver, "next", 0),
                                   session.clock.ms(), path))

    def make(width, height):
        return FrameBufferDisplay(width, height, auto_refresh=True, on_refresh=on_refresh,
                                  render=render_each)

    return make
