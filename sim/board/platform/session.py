"""One run of code.py on the simulated board.

The app sees the fake ``board``/``keypad``/``microcontroller``/... modules (sim.board.platform.hw)
and a real displayio display (sim.board.platform.displays); keys and time come from a driver
(sim.board.platform.drivers): a key script on a virtual clock (headless), or the keyboard on the
real clock (window, terminal). Same code + same script = the same frames, on any machine.

The app's ``os.getenv`` reads the drive's settings.toml as CircuitPython does
(sim/board/platform/settings.py: ``--seed`` is a ``SKAT_SEED = N`` line of it). Only the thread that
runs the app sees the patched clock and getenv; the display is refreshed from that
thread too (no background refresh thread), so nothing races.
"""

import contextlib
import gc
import os
import importlib
import runpy
import sys
import threading
import time

from sim import cli
from sim.build import bundle

from . import boards, hw
from .displays import FrameBufferDisplay
from .drivers import (  # noqa: F401  (re-exported: sim.board.play and tests use them from here)
    KEY_MS, LONG_MS, ScriptDone, Quit, SimStuck, VirtualClock, RealClock, HeadlessDriver,
    WindowDriver, TerminalDriver, Recorder)
from .nvm import FileNVM, PowerCut
from .settings import TYPED, Settings, read_file as read_settings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
# Every run is a fresh boot: the app's modules, skat_core included (module-level tables and
# caches must not carry one run's state into the next), are imported anew.
APP_PACKAGES = ("skat_ui", "skat_boards", "skat_core")
LABELS = "skat_ui.ui_labels"     # the label back-end of the text interface (--text)
KEEP_PACKAGES = ("sim", "tests")
FAKE_NAMES = ("board", "keypad", "microcontroller", "digitalio", "analogio", "audiocore",
              "audioio", "pwmio", "neopixel_write", "busio", "fourwire", "busdisplay",
              "adafruit_st7789", "supervisor")


class SimSetupError(RuntimeError):
    """The run cannot start as asked (a back-end its drive does not hold); nothing changed."""


def has_labels(code_dir):
    """Whether the drive at ``code_dir`` holds the label back-end, as source or bytecode."""
    base = os.path.splitext(os.path.join(code_dir, bundle.LABELS_MODULE))[0]
    return os.path.exists(base + ".py") or os.path.exists(base + ".mpy")


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
        self.records = []         # files written by --records (RecordTee), in deal order
        self.hub = None           # the board's buttons, tones and LEDs (hw.Hub)


@contextlib.contextmanager
def own_heap():
    """The app collects often (gc.collect() after each step, as a board must). On a board that
    scans the app's own heap; here it would scan the whole process (the caller's modules,
    pytest's, Blinka's: ~80 ms a collection, most of a test's time, and CPU that a test of
    the app's key-poll gaps would count as the app's). Objects that exist before are frozen
    out of the collector meanwhile, so each collection scans what the app made, and handed
    back to it afterwards. Nested uses leave the outer one's freeze in place."""
    freeze = gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()
    try:
        yield
    finally:
        if freeze:
            gc.unfreeze()


class Session:
    """Set up the fake board, run code.py, tear everything down; see module doc."""

    def __init__(self, board, nvm_path=None, seed=None, code_path=None,
                 power_cut_after_writes=None, power_cut_bytes=0, settings=None,
                 getenv=TYPED):
        self.entry = boards.get(board)
        self.nvm = FileNVM(nvm_path, self.entry["nvm"], power_cut_after_writes,
                           power_cut_bytes)
        self.seed = seed
        self.code_path = code_path or os.path.join(REPO, "code.py")
        # The drive's settings.toml (``settings``: its text; None: the file beside code.py,
        # if any) as the app's os.getenv reads it, CircuitPython's way (sim/board/platform/settings.py).
        if settings is None:
            settings = read_settings(os.path.join(os.path.dirname(
                os.path.abspath(self.code_path)), "settings.toml"))
        self.settings = Settings(settings, seed, getenv)
        self.clock = None
        self.driver = None
        self.display = None
        self.real_sleep = time.sleep
        self.on_frame = None
        self.record_to = None   # path: write the keys played as a key script at the end
        self.recorder = None
        self.records_dir = None  # folder: save each deal's game record the app prints (--records)
        # The text back-end (--text; lib/skat_ui/ui.py): None as on the board's drive (the
        # repository's code: the label back-end on the PSRAM Feathers; a PyBadge's module
        # asks for it too, but only its frozen firmware holds it: sim/build/bundle.py,
        # text_backend; a built drive: whatever it holds), "lean" as on a drive without the
        # label back-end, "label" on any board whose drive holds it (else SimSetupError).
        self.text = None
        # As a drive without what no drive holds yet (sim/build/bundle.py, OFF_DRIVE): the
        # repository's code with the install fact the bundle writes (no Skat zu dritt on
        # the title), for the golden checks that compare the source with a drive.
        self.drive_facts = False
        self.battery = None     # the battery's voltage the board reads (None: hw.BATTERY_V)

    # -- running ---------------------------------------------------------------------------
    def run(self, driver, make_display, virtual_clock):
        """Run code.py until it ends; returns a Result. ``make_display(w, h)`` builds the
        display once (the app may ask for it again: the same object is handed back)."""
        result = Result()
        self.clock = VirtualClock() if virtual_clock else RealClock()
        self.driver = driver
        hub = hw.Hub(self.entry, self.nvm, self.clock.ms, driver.poll)
        if self.battery is not None:
            hub.battery = self.battery
        driver.hub = hub
        result.hub = hub                # the tones and LEDs the app set (hw.Hub)
        hub.on_cue = getattr(driver, "cue_changed", None)
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

        code_dir = os.path.dirname(os.path.abspath(self.code_path))
        text = self.text
        if text is None and code_dir == REPO:
            # The repository holds every back-end, a board's drive only what `make bundle`
            # puts on it; a built drive (--code) speaks for itself.
            text = bundle.text_backend(self.entry["board_id"])
        if text == "label" and not has_labels(code_dir):
            raise SimSetupError("the drive %s holds no label back-end (%s)" % (
                code_dir, bundle.LABELS_MODULE))
        if text == "lean" and code_dir != REPO and has_labels(code_dir):
            # A built drive's install fact (skat_core.LABELS, short names and all) says it
            # holds the labels: its app loads them where the board prefers them.
            raise SimSetupError("the drive %s holds the label back-end (%s): --text lean "
                                "runs a drive without it (make bundle without --board)" % (
                                    code_dir, bundle.LABELS_MODULE))
        displayio = import_blinka()
        displayio._stop_background()  # pylint: disable=protected-access
        displayio.release_displays()
        saved_modules = {name: sys.modules.get(name) for name in FAKE_NAMES}
        saved_path = list(sys.path)
        saved_getenv = os.getenv
        saved_time = (time.sleep, time.monotonic, time.monotonic_ns, time.time)
        # A fresh boot imports the app afresh; the caller's own modules come back afterwards,
        # so a test that imported skat_core before a run keeps the very module objects it holds.
        callers_modules = _purge_app_modules(code_dir)
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

        def getenv(key, default=None):
            if threading.current_thread() is not app_thread:
                return saved_getenv(key, default)
            return self.settings.getenv(key, default)

        def wall_time():
            if threading.current_thread() is not app_thread:
                return real_time()
            return 1_700_000_000 + clock.read_ns() / 1_000_000_000

        added_gc = [n for n in ("mem_free", "mem_alloc") if not hasattr(gc, n)]
        saved_stdout = sys.stdout
        tee = None
        if self.records_dir is not None:
            tee = RecordTee(saved_stdout, self.records_dir)
            sys.stdout = tee
        try:
            sys.modules.update(hw.install_modules(hub, display_factory))
            # CircuitPython's sys.path: the drive's root, then /lib.
            sys.path[:0] = [code_dir, os.path.join(code_dir, "lib")]
            if text == "lean":
                sys.modules[LABELS] = None      # its import fails, as on a lean drive,
                if code_dir == REPO:            # whose install fact the bundle writes
                    importlib.import_module("skat_core").LABELS = None
            elif text == "label":
                importlib.import_module(LABELS).use()
            if self.drive_facts and code_dir == REPO:
                importlib.import_module("skat_core").THREE_TABLES = False
            os.getenv = getenv
            gc.mem_free = lambda: 100_000   # CircuitPython's gc has them, CPython's not
            gc.mem_alloc = lambda: 50_000
            time.sleep = sleep
            if virtual_clock:
                time.monotonic, time.monotonic_ns, time.time = monotonic, monotonic_ns, wall_time
            try:
                with own_heap():
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
            if tee is not None:
                sys.stdout = saved_stdout
                result.records = tee.paths
            time.sleep, time.monotonic, time.monotonic_ns, time.time = saved_time
            for name in added_gc:
                if hasattr(gc, name):       # the run may have failed before they were set
                    delattr(gc, name)
            for name, module in saved_modules.items():
                if module is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = module
            sys.path[:] = saved_path
            if sys.modules.get(LABELS, 0) is None:
                del sys.modules[LABELS]
            os.getenv = saved_getenv
            result.modules = _purge_app_modules(code_dir)
            sys.modules.update(callers_modules)
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
                with cli.atomic_file(self.record_to) as f:
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


class RecordTee:
    """The app's stdout with each game record line (docs/records.md: the JSON object the app
    prints at the end of every deal) also saved as a file in ``folder``:
    ``series<S>-game<NN>-seed<D>.json`` from the record's ``series`` (the series' seed),
    ``game`` (its number in the series) and ``seed`` (the deal's seed); ``-2``, ``-3`` ... is
    added when that name is taken. Everything still goes to the stream."""

    PREFIX = '{"series": '

    def __init__(self, stream, folder):
        self.stream = stream
        self.folder = folder
        self.line = ""
        self.paths = []
        os.makedirs(folder, exist_ok=True)

    def write(self, text):
        self.stream.write(text)
        self.line += text
        while "\n" in self.line:
            line, self.line = self.line.split("\n", 1)
            if line.startswith(self.PREFIX):
                self.save(line)
        return len(text)

    def save(self, line):
        import json  # pylint: disable=import-outside-toplevel
        try:
            rec = json.loads(line)
            base = "series%d-game%02d-seed%d" % (rec["series"], rec["game"], rec["seed"])
        except (ValueError, KeyError, TypeError):
            return
        path = os.path.join(self.folder, base + ".json")
        n = 2
        while os.path.exists(path) or path in self.paths:
            path = os.path.join(self.folder, "%s-%d.json" % (base, n))
            n += 1
        cli.write_file(path, line + "\n")     # whole or not at all (sim/cli.py)
        self.paths.append(path)

    def flush(self):
        self.stream.flush()

    def __getattr__(self, name):
        return getattr(self.stream, name)


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
            cli.write_file(path, display.png_bytes())
        driver = session.driver
        result_frames.append(Frame(index, fb if keep_frames else None, display.width,
                                   display.height, getattr(driver, "next", 0),
                                   session.clock.ms(), path))

    def make(width, height):
        return FrameBufferDisplay(width, height, auto_refresh=True, on_refresh=on_refresh,
                                  render=render_each)

    return make
