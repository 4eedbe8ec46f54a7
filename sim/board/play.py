"""``python -m sim play``: run code.py unchanged on a simulated CircuitPython board.

    python -m sim play [--board pybadge] [--seed N] [--settings FILE] [--nvm FILE] [--records DIR]
                       [--window | --terminal | --headless --keys FILE [--frames DIR]]

Without a mode it opens a window (pygame, scaled up) and falls back to the terminal
(ANSI half blocks) when no window can open. ``--headless`` needs no SDL at all and is
driven by a key script (sim/board/keys.py); see docs/simulator.md.

Python API for tests: ``run_headless(board, keys_text, ...)`` -> sim.board.platform.session.Result.
"""

import io
import os
import shutil
import sys
import tempfile
import traceback

from sim import cli
from sim.board import keys as keyscript
from sim.board.platform import boards, hw
from sim.board.platform.nvm import NvmFileError, read_image, unwritable
from sim.board.platform.settings import (MAX_BYTES as SETTINGS_MAX_BYTES, SettingsFileError,
                                         read_file as read_settings)
from sim.board.platform.session import (Session, HeadlessDriver, WindowDriver, TerminalDriver,
                                        headless_display_maker, has_labels)
from sim.build import bundle

MAX_CODE_BYTES = 1 << 20     # the device's code.py is a few hundred bytes
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPO_CODE = os.path.join(REPO, "code.py")


def default_nvm_path(board):
    base = os.environ.get("SKAT_SIM_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".skat-en-deux")
    return os.path.join(base, "nvm-%s.bin" % board)


def run_headless(board, keys_text, frames_dir=None, nvm_path=None, seed=None,
                 power_cut_after_writes=None, power_cut_bytes=0, code_path=None,
                 keep_frames=True, frames=None, records_dir=None, settings=None,
                 getenv="typed", text=None, drive_facts=False, battery=None):
    """Run code.py on ``board`` with the key script ``keys_text``, no window, virtual clock.

    Returns a Result: ``reason`` ("script_end" when the script ran out while the app waited
    for a key, "power_cut", "reset", "exit"), ``frames`` (every refresh that changed the
    screen: ``.fb`` RGB565 bytes, ``.pixel(x, y)``, ``.png_bytes()``, ``.path``, ``.token``),
    ``app`` (skat_ui.app.CURRENT), ``modules``, ``nvm`` (the bytes after the run),
    ``display``. ``nvm_path=None`` uses a fresh temporary file (an erased board), removed
    after the run (``result.nvm`` keeps its bytes; ``result.nvm_path`` is then None).

    What is rendered: ``frames="last"`` (the default without ``frames_dir``) renders only
    the screen the run ends on, the one frame a test reads (``result.frames`` holds it alone;
    rendering through displayio is ~30 ms a refresh, most of a game's run time otherwise).
    ``frames="every"`` (the default with ``frames_dir``) renders every refresh and keeps each
    one that changed the screen. The last frame is the same picture either way (every
    refresh draws the whole scene graph). ``result.refreshes`` counts every refresh in both.

    Power cut: the first ``power_cut_after_writes`` nvm slice assignments complete; the next
    one writes only its first ``power_cut_bytes`` bytes and ends the run (reason
    "power_cut"). Run again with the same nvm_path to see the board come back.

    ``records_dir``: save the game record the app prints at the end of each deal as a file
    there (``result.records``: their paths; sim.board.platform.session.RecordTee).

    ``settings``: the text of the drive's settings.toml (None: the file beside code.py, if
    any), read by the app's ``os.getenv`` the way of CircuitPython 9-10.1 (``getenv="typed"``:
    ints, str, ValueError for a value it cannot parse) or 10.2+ (``"text"``: every value a
    str); sim/board/platform/settings.py.

    ``text``: the text back-end (lib/skat_ui/ui.py): None as the board's module chooses,
    ``"lean"`` or ``"label"`` on any board (sim/board/platform/session.py). ``drive_facts``:
    the repository's code as a drive holds it (``Session.drive_facts``).
    """
    entry = boards.get(board)
    actions = keyscript.parse(keys_text, entry)
    tmp = None
    if nvm_path is None:
        tmp = tempfile.mkdtemp(prefix="skat-nvm-")
        nvm_path = os.path.join(tmp, "nvm.bin")
    if frames_dir is not None:
        os.makedirs(frames_dir, exist_ok=True)
    session = Session(board, nvm_path=nvm_path, seed=seed, code_path=code_path,
                      power_cut_after_writes=power_cut_after_writes,
                      power_cut_bytes=power_cut_bytes, settings=settings, getenv=getenv)
    session.records_dir = records_dir
    session.text = text
    session.drive_facts = drive_facts
    session.battery = battery
    frames_list = []
    driver = HeadlessDriver(session, actions)
    if frames is None:
        frames = "every" if frames_dir is not None else "last"
    if frames not in ("every", "last"):
        raise ValueError("frames must be 'every' or 'last'")
    make = headless_display_maker(session, frames_list, frames_dir, keep_frames,
                                  render_each=frames == "every")
    try:
        result = session.run(driver, make, virtual_clock=True)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    result.frames = frames_list
    result.nvm_path = None if tmp is not None else nvm_path
    return result


def _can_open_window():
    if os.environ.get("SDL_VIDEODRIVER") not in (None, ""):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run_window(board, nvm_path, seed, scale=None, code_path=None, record=None,
               visible=False, records_dir=None, settings=None, text=None, battery=None):
    """Play in a pygame window; ``visible=True`` refuses SDL drivers that show nothing
    (dummy, offscreen) with a pygame.error, so that ``make play`` falls back to the
    terminal instead of running an invisible game."""
    entry = boards.get(board)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # pylint: disable=import-outside-toplevel
    from sim.board.platform.displays import window_display_class  # pylint: disable=import-outside-toplevel

    pygame.display.init()  # raises pygame.error when there is no video device
    if visible and pygame.display.get_driver() in ("dummy", "offscreen"):
        pygame.display.quit()
        raise pygame.error("the SDL video driver %r shows nothing"
                           % os.environ.get("SDL_VIDEODRIVER"))
    if scale is None:
        scale = 4
        try:
            sizes = pygame.display.get_desktop_sizes()
            if sizes:
                dw, dh = sizes[0]
                w, h = entry["size"]
                scale = max(1, min(4, (dw - 40) // w, (dh - 120) // h))
        except pygame.error:
            pass
    session = Session(board, nvm_path=nvm_path, seed=seed, code_path=code_path,
                      settings=settings)
    session.record_to = record
    session.records_dir = records_dir
    session.text = text
    session.battery = battery
    window_cls = window_display_class()
    caption = "Skat-en-deux: %s  |  %s" % (board, entry["help"])

    leds = entry.get("leds")
    count = 0 if not leds else leds[2] if leds[0] == "neopixel" else 1

    def make(width, height):
        return window_cls(width, height, scale, caption, leds=count)

    driver = WindowDriver(session)
    return session.run(driver, make, virtual_clock=False)


def run_terminal(board, nvm_path, seed, code_path=None, record=None, records_dir=None,
                 settings=None, text=None, battery=None):
    from sim.board.platform.terminal import TerminalDisplay, RawKeyboard  # pylint: disable=import-outside-toplevel

    entry = boards.get(board)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise SystemExit("the terminal simulator needs a terminal (or use --headless)")
    out = sys.stdout
    keyboard = RawKeyboard()
    session = Session(board, nvm_path=nvm_path, seed=seed, code_path=code_path,
                      settings=settings)
    session.record_to = record
    session.records_dir = records_dir
    session.text = text
    session.battery = battery
    help_text = "%s: %s" % (board, entry["help"].replace("Esc=quit", "Esc/q=quit"))

    def make(width, height):
        return TerminalDisplay(width, height, out, help_text)

    driver = TerminalDriver(session, keyboard)
    log = io.StringIO()
    saved = sys.stdout, sys.stderr
    out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
    out.flush()
    try:
        sys.stdout = sys.stderr = log  # the app's prints would tear the picture
        return session.run(driver, make, virtual_clock=False)
    finally:
        sys.stdout, sys.stderr = saved
        keyboard.close()
        out.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        out.flush()
        text = log.getvalue()
        if text:
            sys.stderr.write(text[-4000:])


def battery_arg(text):
    """``--battery``: the battery's voltage the board reads (0 to 5 V: a LiPo, or USB)."""
    import argparse  # pylint: disable=import-outside-toplevel
    import math  # pylint: disable=import-outside-toplevel
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not (math.isfinite(v) and 0.0 <= v <= 5.0):
        raise argparse.ArgumentTypeError("%r is not a voltage from 0 to 5 (e.g. 3.7)" % text)
    return v


def seed_arg(text):
    """``--seed``: a number as the board reads ``SKAT_SEED = N`` in settings.toml
    (sim/cli.py, board_int): ASCII digits, 0x/0o/0b; CPython's int() would
    also take "١٢٣" or "１２３", which the board refuses."""
    import argparse  # pylint: disable=import-outside-toplevel
    try:
        return cli.board_int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            "%r is not a number the board reads as SKAT_SEED (ASCII digits, e.g. 12345 or "
            "0x3039)" % text)


def _check_paths(parser, args):
    """Every path argument checked before the run: one line naming the argument (exit 2)."""
    if args.code is not None:
        problem = cli.in_file(args.code)
        if not problem and os.path.getsize(args.code) > MAX_CODE_BYTES:
            problem = "%s is too large for a code.py: more than %d bytes" % (
                args.code, MAX_CODE_BYTES)
        if problem:
            parser.fail("--code", problem)
    for name, value in (("--frames", args.frames), ("--records", args.records)):
        if value is not None:
            problem = cli.out_dir(value)
            if problem:
                parser.fail(name, problem)
    if args.record is not None:
        problem = cli.out_file(args.record)
        if problem:
            parser.fail("--record", problem)
    if args.text == "label":
        drive = os.path.dirname(os.path.abspath(args.code or REPO_CODE))
        if not has_labels(drive):
            parser.fail("--text", "the drive %s holds no label back-end (%s): a board "
                                  "without PSRAM gets it frozen only" % (
                                      drive, bundle.LABELS_MODULE))
    nvm_path = args.nvm
    if nvm_path is None and not args.headless:
        nvm_path = default_nvm_path(args.board)
    try:
        read_image(nvm_path, boards.get(args.board)["nvm"])
    except NvmFileError as e:
        parser.fail("--nvm", str(e))
    problem = unwritable(nvm_path)
    if problem:
        parser.fail("--nvm", problem)


def main(argv=None):
    parser = cli.Parser(
        prog="python -m sim play",
        description="Run code.py unchanged on a simulated CircuitPython board: a window, "
                    "else the terminal, or --headless with a key script (docs/simulator.md).")
    parser.add_argument("--board", default="pybadge", choices=sorted(boards.BOARDS))
    parser.add_argument("--seed", type=seed_arg, default=None,
                        help="deal seed: a line SKAT_SEED = N of the drive's settings.toml, "
                             "read by the app with os.getenv('SKAT_SEED')")
    parser.add_argument("--settings", default=None, metavar="FILE",
                        help="the drive's settings.toml (default: the one beside code.py, if "
                             "any), read the way CircuitPython 9-10.1 reads it")
    parser.add_argument("--nvm", default=None,
                        help="file holding microcontroller.nvm (default ~/.skat-en-deux/"
                             "nvm-BOARD.bin; headless: a fresh temporary file)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--window", action="store_true", help="pygame window only")
    mode.add_argument("--terminal", action="store_true", help="ANSI terminal only")
    mode.add_argument("--headless", action="store_true", help="no display, key script")
    parser.add_argument("--keys", help="key script file (headless), '-' for stdin")
    parser.add_argument("--frames", help="directory for one PNG per changed refresh")
    parser.add_argument("--scale", type=cli.int_range(1, 8), default=None,
                        help="window scale (1-8)")
    parser.add_argument("--code", default=None, help="code.py to run (default: the repo's)")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="window/terminal: write the keys played as a key script")
    parser.add_argument("--records", default=None, metavar="DIR",
                        help="save each deal's game record (the JSON line the app prints at "
                             "the end of a deal) as a file in DIR (docs/records.md)")
    parser.add_argument("--battery", type=battery_arg, default=None, metavar="VOLTS",
                        help="the battery's voltage where the board reads it (PyBadge family, "
                             "PicoSystem; default %.1f): its gauge on the title and the game "
                             "menu" % hw.BATTERY_V)
    parser.add_argument("--text", choices=("lean", "label"), default=None,
                        help="the text back-end: lean strips or adafruit_display_text labels "
                             "(default: as the board's module chooses; lib/skat_ui/ui.py)")
    args = parser.parse_args(argv)

    if not args.headless and (args.keys or args.frames):
        parser.error("--keys and --frames are for --headless runs")
    if args.headless and args.record:
        parser.error("--record is for window and terminal runs")
    if args.headless and not args.keys:
        parser.error("--headless needs --keys FILE")
    if args.terminal and not (sys.stdin.isatty() and sys.stdout.isatty()):
        parser.fail("--terminal", "standard input and output are not a terminal (a script: "
                                  "--headless --keys FILE)")
    _check_paths(parser, args)
    settings = None
    if args.settings is not None:
        try:
            settings = cli.read_text(args.settings, SETTINGS_MAX_BYTES,
                                     "a settings.toml is a few lines", parser.prog)
        except cli.InputError as e:
            parser.fail("--settings", str(e))
    else:
        # The drive's own settings.toml beside code.py, as the board reads it.
        drive = os.path.dirname(os.path.abspath(args.code or REPO_CODE))
        try:
            settings = read_settings(os.path.join(drive, "settings.toml"))
        except SettingsFileError as e:
            parser.fail("--code", "the drive's settings.toml: %s" % e)
    if args.headless:
        try:
            text = cli.read_text(args.keys, keyscript.MAX_BYTES,
                                 "a key script is a few KB", parser.prog)
        except cli.InputError as e:
            parser.fail("--keys", str(e))
        try:
            result = run_headless(args.board, text, frames_dir=args.frames, nvm_path=args.nvm,
                                  seed=args.seed, code_path=args.code, keep_frames=False,
                                  records_dir=args.records, settings=settings,
                                  text=args.text, battery=args.battery)
        except keyscript.ScriptError as e:
            parser.fail("--keys", "%s: %s" % (args.keys, e))
        except NvmFileError as e:
            parser.fail("--nvm", str(e))
        if args.frames:
            avg = result.refresh_seconds / result.refreshes * 1000 if result.refreshes else 0
            drawn = "%d refreshes (%.1f ms each), %d frames in %s" % (
                result.refreshes, avg, len(result.frames), args.frames)
        else:   # nothing reads the frames: only the last one was rendered
            drawn = "%d refreshes (the last one rendered)" % result.refreshes
        print("%s: %s after %d key actions, %s, %d nvm writes, virtual time %.1f s" % (
            args.board, result.reason, result.delivered, drawn, result.nvm_writes,
            result.time_ms / 1000))
        if args.records:
            print("%d game records in %s" % (len(result.records), args.records))
        return 0

    nvm_path = args.nvm or default_nvm_path(args.board)
    if not args.terminal and (args.window or _can_open_window()):
        try:
            result = run_window(args.board, nvm_path, args.seed, args.scale, args.code,
                                args.record, visible=not args.window,
                                records_dir=args.records, settings=settings, text=args.text,
                                battery=args.battery)
            return 0 if result.reason in ("quit", "exit") else 1
        except Exception as e:  # pylint: disable=broad-except
            if args.window or not _is_video_error(e):
                raise
            print("no window (%s): playing in the terminal" % e, file=sys.stderr)
    result = run_terminal(args.board, nvm_path, args.seed, args.code, args.record,
                          records_dir=args.records, settings=settings, text=args.text,
                          battery=args.battery)
    return 0 if result.reason in ("quit", "exit") else 1


def _is_video_error(e):
    try:
        import pygame  # pylint: disable=import-outside-toplevel
    except ImportError:
        return True
    return isinstance(e, pygame.error) or "video" in str(e).lower()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:  # pylint: disable=broad-except
        traceback.print_exc()
        sys.exit(1)
