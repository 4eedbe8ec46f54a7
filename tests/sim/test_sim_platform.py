"""The simulated CircuitPython board: fake hardware modules, key scripts, virtual clock,
nvm with power cuts, frames. Each test runs a tiny code.py of its own (the real app has its
own tests in test_sim_app.py), so a failure here is the simulator's."""

import os
import sys
import time

import pytest

from sim.board import keys as keyscript
from sim.board.play import run_headless
from sim.board.platform import boards
from sim.board.platform.displays import png_decode_rgb
from sim.board.platform.session import SimStuck

# A probe app: logs every key event and a few facts into the module `probe`, shows the
# last event as text, sleeps only when no event is pending (the app contract).
PROBE_APP = '''
import os, time
import board, displayio, terminalio, keypad, microcontroller
from adafruit_display_text import label
import probe

probe.facts["board_id"] = board.board_id
probe.facts["seed"] = os.getenv("SKAT_SEED")
probe.facts["nvm_len"] = len(microcontroller.nvm)
KIND = probe.facts["kind"] = %(kind)r
if KIND == "sr":
    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True)
    display = board.DISPLAY
elif KIND == "pico":
    import busio, fourwire, busdisplay
    displayio.release_displays()
    spi = busio.SPI(board.GP18, MOSI=board.GP19)
    bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17)
    display = busdisplay.BusDisplay(bus, b"", width=240, height=135, rotation=270)
    keys = keypad.Keys((board.GP12, board.GP13, board.GP14, board.GP15),
                       value_when_pressed=False, pull=True)
else:
    display = board.DISPLAY
    keys = keypad.Keys((board.D0, board.D1, board.D2), value_when_pressed=%(vwp)s, pull=True)
probe.facts["size"] = (display.width, display.height)
display.auto_refresh = False
group = displayio.Group()
bitmap = displayio.Bitmap(display.width, display.height, 2)
palette = displayio.Palette(2)
palette[0] = 0x000080
palette[1] = 0xFF0000
bitmap.fill(0)
group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
text = label.Label(terminalio.FONT, text="ready", color=0xFFFFFF, x=2, y=6)
group.append(text)
display.root_group = group
display.refresh()
%(extra)s
ev = keypad.Event()
while True:
    if keys.events.get_into(ev):
        probe.events.append((ev.key_number, ev.pressed, ev.timestamp, time.monotonic()))
        text.text = "%%d %%s" %% (ev.key_number, "down" if ev.pressed else "up")
        bitmap[len(probe.events) %% display.width, 40] = 1
        display.refresh()
        if ev.pressed and ev.key_number == probe.SAVE_KEY:
            microcontroller.nvm[0:8] = bytes(range(1, 9))
            microcontroller.nvm[0:8] = bytes(range(11, 19))
    else:
        probe.sleeps += 1
        time.sleep(0.02)
'''

REAL_SLEEP, REAL_MONOTONIC = time.sleep, time.monotonic

PROBE_MODULE = '''
facts = {}
events = []
sleeps = 0
SAVE_KEY = 2
'''


def make_app(tmp_path, kind="sr", vwp="True", extra=""):
    d = tmp_path / "drive"
    d.mkdir(exist_ok=True)
    (d / "code.py").write_text(PROBE_APP % {"kind": kind, "vwp": vwp, "extra": extra})
    (d / "probe.py").write_text(PROBE_MODULE)
    return str(d / "code.py")


def probe(result):
    return result.modules["probe"]


def test_pybadge_board_module_has_real_board_id_pins_display_and_8k_nvm(tmp_path):
    r = run_headless("pybadge", "", code_path=make_app(tmp_path), seed=77)
    facts = probe(r).facts
    assert facts["board_id"] == "pybadge"
    assert facts["size"] == (160, 128)
    assert facts["nvm_len"] == 8192
    assert facts["seed"] == 77, "--seed is a line SKAT_SEED = 77 of settings.toml: an int"
    assert r.reason == "script_end"


def test_shift_register_bits_follow_platform_md_b_a_start_select_right_down_up_left(tmp_path):
    script = "B A START SELECT RIGHT DOWN UP LEFT"
    r = run_headless("pybadge", script, code_path=make_app(tmp_path))
    pressed = [e[0] for e in probe(r).events if e[1]]
    assert pressed == [0, 1, 2, 3, 4, 5, 6, 7]
    released = [e[0] for e in probe(r).events if not e[1]]
    assert released == pressed


def test_a_key_is_delivered_only_after_the_app_slept_with_empty_queues(tmp_path):
    r = run_headless("pybadge", "A B", code_path=make_app(tmp_path))
    ev = probe(r).events
    # press+release of A arrive together, then the app sleeps again before B comes
    assert [(k, p) for k, p, _, _ in ev] == [(1, True), (1, False), (0, True), (0, False)]
    assert r.delivered == 2


def test_short_press_lasts_key_ms_and_long_press_holds_1000_virtual_ms(tmp_path):
    r = run_headless("pybadge", "A LONG:B", code_path=make_app(tmp_path))
    ev = probe(r).events
    assert ev[1][2] - ev[0][2] == 50
    held = ev[3][2] - ev[2][2]
    assert 1000 <= held <= 1100, held
    # the app slept while the key was held: the virtual clock moved by its sleeps
    assert ev[3][3] - ev[2][3] >= 1.0


def test_wait_n_lets_the_app_sleep_n_times_without_a_key(tmp_path):
    a = run_headless("pybadge", "A A", code_path=make_app(tmp_path))
    b = run_headless("pybadge", "A WAIT:7 A", code_path=make_app(tmp_path))
    assert probe(b).sleeps - probe(a).sleeps == 7


def test_headless_runs_are_deterministic_frame_for_frame(tmp_path):
    script = "A RIGHT*3 LONG:START WAIT:2 B"
    r1 = run_headless("pybadge", script, code_path=make_app(tmp_path), frames="every")
    r2 = run_headless("pybadge", script, code_path=make_app(tmp_path), frames="every")
    assert len(r1.frames) > 5
    assert [f.fb for f in r1.frames] == [f.fb for f in r2.frames]
    assert [e[2:] for e in probe(r1).events] == [e[2:] for e in probe(r2).events]


def test_frames_skip_identical_refreshes_and_write_pngs(tmp_path):
    # The app refreshes once per event; "up" after "down" changes the text, so every
    # refresh differs except none: count refreshes vs frames with a no-op extra refresh.
    app = make_app(tmp_path, extra="display.refresh()\ndisplay.refresh()")
    frames_dir = tmp_path / "frames"
    r = run_headless("pybadge", "A", code_path=app, frames_dir=str(frames_dir))
    assert r.refreshes == 5  # start + 2 extra + down + up
    assert len(r.frames) == 3
    files = sorted(os.listdir(frames_dir))
    assert files == ["frame_00000.png", "frame_00001.png", "frame_00002.png"]
    w, h, rgb = png_decode_rgb((frames_dir / files[0]).read_bytes())
    assert (w, h) == (160, 128)
    # background pixel: palette[0] = 0x000080 through RGB565
    assert rgb[(100 * w + 100) * 3:(100 * w + 100) * 3 + 3] == bytes((0, 0, 132))
    assert r.frames[0].pixel(100, 100) == (0, 0, 132)


def test_nvm_is_written_through_to_its_file_and_survives_a_new_run(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    run_headless("pybadge", "START", code_path=make_app(tmp_path), nvm_path=nvm)
    with open(nvm, "rb") as f:
        data = f.read()
    assert len(data) == 8192
    assert data[:8] == bytes(range(11, 19))
    assert data[8:16] == b"\xff" * 8, "unwritten flash reads erased"


def test_power_cut_writes_only_the_first_k_bytes_of_the_cut_write_and_ends_the_run(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    r = run_headless("pybadge", "START A", code_path=make_app(tmp_path), nvm_path=nvm,
                     power_cut_after_writes=1, power_cut_bytes=3)
    assert r.reason == "power_cut"
    # write 1 (1..8) completed, write 2 (11..18) reached the flash for 3 bytes only
    assert r.nvm[:8] == bytes((11, 12, 13, 4, 5, 6, 7, 8))
    with open(nvm, "rb") as f:
        assert f.read(8) == r.nvm[:8]
    assert r.delivered == 1, "the run ended at the cut, the rest of the script is not played"


def test_a_keypad_read_with_the_wrong_polarity_reports_its_keys_inverted(tmp_path):
    # Reverse TFT: D0 is active low, D1/D2 active high. Reading all three as active low
    # makes D1 and D2 look pressed from the start, as on the hardware.
    r = run_headless("feather_esp32s3_reverse_tft", "",
                     code_path=make_app(tmp_path, kind="keys", vwp="False"))
    assert [(k, p) for k, p, _, _ in probe(r).events] == [(1, True), (2, True)]


def test_reverse_tft_keys_l_sel_r_are_d0_d1_d2(tmp_path):
    app = make_app(tmp_path, kind="keys", extra="""
keys.deinit()
class Both:
    def __init__(self, low, high):
        self.low, self.high, self.events = low, high, self
    def get_into(self, ev):
        if self.low.events.get_into(ev):
            return True
        if self.high.events.get_into(ev):
            ev.key_number += 10
            return True
        return False
keys = Both(keypad.Keys((board.D0,), value_when_pressed=False),
            keypad.Keys((board.D1, board.D2), value_when_pressed=True))
""")
    r = run_headless("feather_esp32s3_reverse_tft", "L SEL R", code_path=app)
    assert [(k, p) for k, p, _, _ in probe(r).events] == [
        (0, True), (0, False), (10, True), (10, False), (11, True), (11, False)]


def test_pico_display_pack_app_builds_its_st7789_and_gets_the_240x135_panel(tmp_path):
    r = run_headless("pico_display_pack", "A Y", code_path=make_app(tmp_path, kind="pico"))
    facts = probe(r).facts
    assert facts["board_id"] == "raspberry_pi_pico"
    assert facts["size"] == (240, 135)
    assert facts["nvm_len"] == 4096
    assert [(k, p) for k, p, _, _ in probe(r).events if p] == [(0, True), (3, True)]
    assert r.frames[0].width == 240


def test_pygamer_arrows_deflect_the_joystick_until_the_app_has_read_it(tmp_path):
    extra = ("import analogio\n"
             "jx = analogio.AnalogIn(board.JOYSTICK_X)\n"
             "jy = analogio.AnalogIn(board.JOYSTICK_Y)\n"
             "_sleep = time.sleep\n"
             "def sleep(s):\n"
             "    probe.joy.append((jx.value, jy.value))\n"
             "    _sleep(s)\n"
             "time.sleep = sleep\n"
             "probe.joy = []\n")
    r = run_headless("pygamer", "LEFT WAIT:5 DOWN WAIT:5", code_path=make_app(tmp_path, extra=extra))
    joy = probe(r).joy
    assert (1000, 32768) in joy and (32768, 64535) in joy
    assert joy[-1] == (32768, 32768)


def test_an_app_that_never_reads_its_keys_is_reported_not_run_forever(tmp_path, monkeypatch):
    import sim.board.platform.drivers as drivers
    monkeypatch.setattr(drivers, "STUCK_SLEEPS", 50)
    d = tmp_path / "drive"
    d.mkdir()
    (d / "code.py").write_text("import time, board, keypad\n"
                               "k = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, "
                               "data=board.BUTTON_OUT, latch=board.BUTTON_LATCH, key_count=8, "
                               "value_when_pressed=True)\n"
                               "while True:\n    time.sleep(0.1)\n")
    with pytest.raises(SimStuck):
        run_headless("pybadge", "A A", code_path=str(d / "code.py"))


def test_app_exceptions_propagate_and_the_fakes_are_taken_out_again(tmp_path, monkeypatch):
    monkeypatch.delenv("SKAT_SEED", raising=False)
    before = sys.modules.get("board")
    d = tmp_path / "drive"
    d.mkdir()
    (d / "code.py").write_text("import board\nraise ValueError(board.board_id)\n")
    with pytest.raises(ValueError, match="edgebadge"):
        run_headless("edgebadge", "", code_path=str(d / "code.py"), seed=5)
    assert sys.modules.get("board") is before
    assert time.sleep is REAL_SLEEP and time.monotonic is REAL_MONOTONIC
    assert "SKAT_SEED" not in os.environ


def test_a_run_that_fails_while_setting_up_leaves_the_callers_interpreter_as_it_was(
        tmp_path, monkeypatch):
    """The drive's folder leaves sys.path, the repository's skat_core stays the one imported,
    gc gets no CircuitPython extras: a later test in the same process imports as before."""
    import gc
    import importlib
    import skat_core
    from sim.board.platform import session

    def refuse(name, *args):
        raise ImportError("no " + name)
    monkeypatch.setattr(session.importlib, "import_module", refuse)
    path, core = list(sys.path), sys.modules["skat_core"]
    with pytest.raises(ImportError, match="no skat_ui.ui_labels"):
        run_headless("feather_esp32s3_tft", "SEL", text="label")
    monkeypatch.undo()
    assert sys.path == path and sys.modules["skat_core"] is core is skat_core
    assert not hasattr(gc, "mem_free") and not hasattr(gc, "mem_alloc")
    assert importlib.import_module("skat_core.rulecheck").__file__.startswith(session.REPO)


def test_a_built_drive_draws_with_the_back_end_it_holds(tmp_path):
    """Without --text a drive made by `make bundle` speaks for itself: the PyBadge's drive
    holds no labels, so even a Feather's module draws with the lean strips from it; asking
    for the labels there is refused before anything runs."""
    from sim.build import bundle
    from sim.board.platform.session import SimSetupError
    out = str(tmp_path / "CIRCUITPY")
    bundle.bundle(out, log=lambda *_: None)
    code = os.path.join(out, "code.py")
    run = run_headless("feather_esp32s3_tft", "SEL", code_path=code)
    assert "skat_ui.ui_labels" not in run.modules
    path = list(sys.path)
    with pytest.raises(SimSetupError, match="holds no label back-end"):
        run_headless("feather_esp32s3_tft", "SEL", code_path=code, text="label")
    assert sys.path == path


# ---- key scripts ----------------------------------------------------------------------

def test_an_eight_key_script_on_three_buttons_keeps_its_lines_so_a_comment_ends_at_its_line():
    """A is a short select, B and Start a long one, up/left and down/right step; the comment
    of the first line must not swallow the keys of the next (the evening's header did)."""
    text = "# an evening\nA RIGHT*3 UP # go\nB START DOWN LEFT\n"
    three = keyscript.for_board(text, "feather_esp32s3_reverse_tft")
    assert three == "# an evening\nSEL R*3 L # go\nLONG:SEL LONG:SEL R L\n"
    assert len(keyscript.parse(three, "feather_esp32s3_reverse_tft")) == 9
    assert keyscript.for_board(text, "pybadge") == text


def test_an_eight_key_script_on_the_pico_display_pack_and_the_pygamers_joystick():
    assert keyscript.for_board("A RIGHT*2 UP START B", "pico_display_pack") == "A Y*2 X B B"
    assert keyscript.for_board("A RIGHT*2 UP", "pygamer") == (
        "A RIGHT WAIT:1 RIGHT WAIT:1 UP WAIT:1")

def test_script_tokens_comments_repeats_long_and_wait():
    text = """
    # opening
    a right*2   LONG:start  # hold
    WAIT:3 select
    """
    assert keyscript.parse(text, "pybadge") == [
        ("press", "A"), ("press", "RIGHT"), ("press", "RIGHT"), ("long", "START"),
        ("wait", 3), ("press", "SELECT")]


def test_script_names_are_the_boards_keys_and_aliases():
    assert keyscript.parse("L SEL LONG:SEL R", "feather_esp32s3_tft") == [
        ("press", "L"), ("press", "SEL"), ("long", "SEL"), ("press", "R")]
    # PicoSystem: X is Start, Y is Select (lib/skat_boards/picosystem.py)
    assert keyscript.parse("START SELECT", "picosystem") == [("press", "X"), ("press", "Y")]


@pytest.mark.parametrize("bad", ["START", "LONG:", "WAIT:x", "A*0", "FOO"])
def test_script_rejects_unknown_keys_and_bad_counts_with_the_line(bad):
    board = "feather_esp32s3_reverse_tft" if bad == "START" else "pybadge"
    first = "L" if bad == "START" else "A"
    with pytest.raises(keyscript.ScriptError, match="line 2"):
        keyscript.parse(first + "\n" + bad, board)


# ---- the board table ------------------------------------------------------------------

def test_every_simulated_board_id_is_one_the_app_knows():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.path.join(root, "lib", "skat_boards", "ids.py")
    if not os.path.exists(path):
        pytest.skip("lib/skat_boards not there")
    src = open(path).read()
    for name, entry in boards.BOARDS.items():
        assert '"%s"' % entry["board_id"] in src, name


def test_every_key_of_every_board_has_a_keyboard_key():
    for name, entry in boards.BOARDS.items():
        assert set(entry["keymap"].values()) == set(entry["keys"]), name


def test_frames_last_renders_only_the_final_screen_identical_to_every(tmp_path):
    every = run_headless("pybadge", "A RIGHT LONG:START B", code_path=make_app(tmp_path),
                         frames="every")
    last = run_headless("pybadge", "A RIGHT LONG:START B", code_path=make_app(tmp_path))
    assert len(every.frames) > 3 and len(last.frames) == 1
    assert last.frames[0].fb == every.frames[-1].fb
    assert last.refreshes == every.refreshes
    assert last.frames[0].token == every.delivered


def test_a_frame_read_during_a_run_is_rendered_then(tmp_path):
    """Lazy rendering: a refresh only marks the framebuffer stale; reading the screen while
    the app runs (here whenever it sleeps) renders it as it is at that moment."""
    from sim.board.platform import displays
    app = make_app(tmp_path)
    seen = []
    real_tick = displays.FrameBufferDisplay.tick

    def tick(display, now):
        real_tick(display, now)
        if display.unrendered:
            rgb = display.rgb_bytes()          # a read: renders the stale framebuffer
            assert not display.unrendered
            seen.append(bytes(display.framebuffer))
            assert rgb == displays.rgb565be_to_rgb888(seen[-1])
    displays.FrameBufferDisplay.tick = tick
    try:
        lazy = run_headless("pybadge", "A RIGHT B", code_path=app)
    finally:
        displays.FrameBufferDisplay.tick = real_tick
    every = run_headless("pybadge", "A RIGHT B", code_path=app, frames="every")
    shown = [f.fb for f in every.frames]
    assert len(set(seen)) >= 3, "three keys: the screen changed at least three times"
    assert all(fb in shown for fb in seen)
    assert seen[-1] == shown[-1] == lazy.frames[-1].fb
    assert lazy.refreshes == every.refreshes


# ---- microcontroller.nvm --------------------------------------------------------------

def test_nvm_behaves_like_the_firmwares_bytearray(tmp_path):
    from sim.board.platform.nvm import FileNVM
    path = str(tmp_path / "n.bin")
    nvm = FileNVM(path, 4096)
    assert len(nvm) == 4096 and nvm[0] == 0xFF and nvm[-1] == 0xFF
    nvm[10:13] = b"abc"
    nvm[4095] = 7
    assert nvm[10:13] == bytearray(b"abc") and isinstance(nvm[10:13], bytearray)
    assert nvm[-1] == 7
    with pytest.raises(ValueError):
        nvm[0:4] = b"abc"                     # a slice assignment keeps the length
    with pytest.raises(IndexError):
        nvm[4096] = 1
    with pytest.raises(ValueError):
        nvm[0] = 256
    assert nvm.writes == 2, "refused assignments write nothing"
    again = FileNVM(path, 4096)
    assert again[10:13] == bytearray(b"abc") and again[4095] == 7
    # Another board's image (4 KB for an 8 KB board) is refused, not padded over.
    from sim.board.platform.nvm import NvmFileError
    with pytest.raises(NvmFileError, match="exactly 8192 bytes"):
        FileNVM(path, 8192)
    with open(path, "rb") as f:
        assert len(f.read()) == 4096, "the refused file is left as it was"


def test_cli_refuses_keys_without_headless(capsys):
    from sim.board.play import main
    with pytest.raises(SystemExit):
        main(["--keys", "x.keys"])
    assert "--headless" in capsys.readouterr().err


# ---- settings.toml and os.getenv (sim/board/platform/settings.py) ------------------------------

# CircuitPython's own test of os.getenv (tests/circuitpython/getenv.py), trimmed.
CP_SETTINGS = """
# comment
key0 = "hello world"
key1 = 7
key2= "\\n"
key3 ="\\u00c1x"
key5 = "\\f\\"\\\\"
 key9 = "hello comment" # comment
  key10 = 0x7f # comment
key11 = 0
[section]
subvalue = "hi"
"""
CP_BAD = ['key = "\n', 'key = """\n', "key =\n", 'key="',
          "key = this is an unquoted string\n", "key = 1.5\n", "key = true\n", 'key = "x" y\n']


def test_settings_toml_reads_as_circuitpython_9_to_10_1_ints_strings_and_value_errors():
    from sim.board.platform.settings import lookup
    got = [lookup(CP_SETTINGS, k) for k in ("key0", "key1", "key2", "key3", "key5", "key9",
                                            "key10", "key11", "key12", "subvalue")]
    assert got == ["hello world", 7, "\n", "\u00c1x", '\x0c"\\', "hello comment", 127, 0,
                   None, None]
    for bad in CP_BAD:
        with pytest.raises(ValueError):
            lookup(bad, "key")
    assert lookup("", "key", "dflt") == "dflt"


def test_settings_toml_reads_as_circuitpython_10_2_every_value_a_string_bad_ones_none():
    from sim.board.platform.settings import lookup
    got = [lookup(CP_SETTINGS, k, flavour="text") for k in ("key1", "key10", "key11", "key9")]
    assert got == ["7", "0x7f", "0", "hello comment"]
    assert [lookup(b, "key", flavour="text") for b in CP_BAD] == [
        None, None, None, None, "this is an unquoted string", "1.5", "true", None]


def test_the_apps_getenv_reads_the_drives_settings_toml_seed_first_then_the_environment(
        tmp_path, monkeypatch):
    extra = '''
try:
    probe.facts["bad"] = os.getenv("BAD")
except ValueError as e:
    probe.facts["bad"] = "ValueError"
probe.facts["other"] = os.getenv("OTHER")
probe.facts["env"] = os.getenv("SKAT_SIMTEST", "none")
'''
    code = make_app(tmp_path, extra=extra)
    (tmp_path / "drive" / "settings.toml").write_text(
        'SKAT_SEED = 5\nOTHER = "x"\nBAD = abc\nSKAT_SIMTEST = 1\n')
    monkeypatch.setenv("SKAT_SIMTEST", "from the environment")
    facts = probe(run_headless("pybadge", "", code_path=code)).facts
    assert (facts["seed"], facts["bad"], facts["other"], facts["env"]) == (5, "ValueError", "x", 1)
    facts = probe(run_headless("pybadge", "", code_path=code, seed=77,
                               settings="BAD = 3\n", getenv="text")).facts
    assert (facts["seed"], facts["bad"], facts["other"], facts["env"]) == (
        "77", "3", None, "from the environment"), "--seed and the environment stand in"
    monkeypatch.setenv("SKAT_SEED", "9")
    facts = probe(run_headless("pybadge", "", code_path=code, settings="")).facts
    assert facts["seed"] is None, "SKAT_SEED comes from --seed or settings.toml only"
    assert os.getenv.__module__ == "os", "the host's own os.getenv is back after the run"


def test_cli_settings_file_is_read_with_a_limit_and_a_bad_one_is_one_line(tmp_path, capsys):
    from sim.board.play import main
    keys = tmp_path / "k.keys"
    keys.write_text("")
    for path, says in ((tmp_path / "none.toml", "no such file"), (tmp_path, "a directory"),
                       ("/dev/zero", "too large")):
        with pytest.raises(SystemExit) as e:
            main(["--headless", "--keys", str(keys), "--settings", str(path)])
        err = capsys.readouterr().err
        assert e.value.code == 2 and err.count("\n") == 1
        assert "argument --settings" in err and says in err
