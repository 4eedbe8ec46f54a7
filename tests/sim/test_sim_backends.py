"""The interactive backends without a screen: the pygame window under SDL's dummy driver,
the terminal renderer into a string, the terminal key parser."""

import io
import os

import pytest

from sim.board.platform.terminal import TerminalDisplay, parse_keys

# A code.py that draws one frame (left half red, right half blue) and ends.
ONE_FRAME = '''
import board, displayio
d = board.DISPLAY
d.auto_refresh = False
bm = displayio.Bitmap(d.width, d.height, 2)
pal = displayio.Palette(2)
pal[0] = 0xFF0000
pal[1] = 0x0000FF
for y in range(d.height):
    for x in range(d.width // 2, d.width):
        bm[x, y] = 1
g = displayio.Group()
g.append(displayio.TileGrid(bm, pixel_shader=pal))
d.root_group = g
d.refresh()
'''


def window_run(tmp_path, monkeypatch, code_text):
    """(pygame, the run of ``code_text`` as code.py in a window 3 times the PyBadge's size
    under SDL's dummy driver); the caller quits the display."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from sim.board.play import run_window
    code = tmp_path / "code.py"
    code.write_text(code_text)
    return pygame, run_window("pybadge", str(tmp_path / "nvm.bin"), None, scale=3,
                              code_path=str(code))


def test_window_shows_the_display_scaled_up(tmp_path, monkeypatch):
    pygame, r = window_run(tmp_path, monkeypatch, ONE_FRAME)
    try:
        assert r.reason == "exit"
        window = pygame.display.get_surface()
        # The screen 3 times its size, and under it the strip of the PyBadge's five LEDs
        # (8 pixels, 3 times: skat_ui.cue), dark.
        assert window.get_size() == (480, 384 + 24)
        assert window.get_at((10, 10))[:3] == (255, 0, 0)
        assert window.get_at((470, 370))[:3] == (0, 0, 255)
        assert window.get_at((48, 384 + 12))[:3] == (40, 40, 40)     # a dark LED: dim grey
        assert "Enter=Start" in pygame.display.get_caption()[0]
    finally:
        pygame.display.quit()


def terminal_white_dot():
    """(displayio, the terminal display 8x4 into a string, that string): its top-left pixel
    white, the others black, refreshed once. The caller releases the displays."""
    out = io.StringIO()
    out.fileno = lambda: (_ for _ in ()).throw(OSError())  # not a terminal: 200x100 assumed
    from sim.board.platform.session import import_blinka
    displayio = import_blinka()
    d = TerminalDisplay(8, 4, out, "help line", auto_refresh=False)
    bm = displayio.Bitmap(8, 4, 2)
    pal = displayio.Palette(2)
    pal[0] = 0x000000
    pal[1] = 0xFFFFFF
    bm[0, 0] = 1       # top-left pixel white, the one below black
    g = displayio.Group()
    g.append(displayio.TileGrid(bm, pixel_shader=pal))
    d.root_group = g
    d.refresh()
    return displayio, d, out


def test_terminal_draws_two_pixels_per_cell_with_true_colour(tmp_path):
    displayio, d, out = terminal_white_dot()
    try:
        text = out.getvalue()
        assert "\x1b[38;2;255;255;255m\x1b[48;2;0;0;0m\u2580" in text
        assert text.count("\u2580") == 8 * 2       # 8 columns, 4 rows -> 2 text lines
        assert "help line" in text
        out.truncate(0)
        out.seek(0)
        d.refresh()                                 # nothing changed: no frame lines resent
        assert "\u2580" not in out.getvalue()
    finally:
        displayio.release_displays()


def test_terminal_draws_the_picture_as_bright_as_the_backlight_is_set(tmp_path):
    """The app dims the backlight (display.brightness): the terminal draws the same picture
    that much darker at once, dark at 0; the framebuffer keeps the panel's pixels."""
    displayio, d, out = terminal_white_dot()
    try:
        out.truncate(0)
        out.seek(0)
        d.brightness = 0.5
        assert "\x1b[38;2;127;127;127m\x1b[48;2;0;0;0m\u2580" in out.getvalue()
        d.brightness = 0.0
        assert "\x1b[38;2;255;255;255m" not in out.getvalue().split("\x1b[1;1H")[-1]
        assert d.pixel(0, 0) == (255, 255, 255) and d.lights[-2:] == [0.5, 0.0]
    finally:
        displayio.release_displays()


def test_window_draws_the_picture_as_bright_as_the_backlight_is_set(tmp_path, monkeypatch):
    pygame, r = window_run(tmp_path, monkeypatch, ONE_FRAME + "d.brightness = 0.5\n")
    try:
        assert r.reason == "exit"
        window = pygame.display.get_surface()
        assert window.get_at((10, 10))[:3] == (128, 0, 0)
    finally:
        pygame.display.quit()


def test_terminal_keys_arrows_letters_shift_and_escape():
    assert parse_keys(b"\x1b[A\x1b[B\x1b[C\x1b[D") == ["up", "down", "right", "left"]
    assert parse_keys(b"\x1bOA") == ["up"]
    assert parse_keys(b"zZ \r\x7f") == ["z", "Z", "space", "return", "backspace"]
    assert parse_keys(b"\x1b[1;2C") == ["RIGHT"], "Shift+arrow is a long press"
    assert parse_keys(b"\x1b") == ["escape"]
    assert parse_keys(b"\x1b[15~a") == ["a"], "unknown sequences are skipped whole"


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_make_play_without_a_display_plays_in_the_terminal(tmp_path):
    """`python -m sim play` with no DISPLAY in a 200x80 pseudo-terminal: the frame arrives as
    half blocks with the help line, a key changes the picture, q quits with status 0."""
    import fcntl
    import select
    import struct
    import subprocess
    import sys
    import termios
    import time

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if not os.path.exists(os.path.join(root, "code.py")):
        pytest.skip("code.py not there yet")
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 80, 200, 0, 0))
    env = dict(os.environ)
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(var, None)
    env["SKAT_SIM_HOME"] = str(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "sim", "play", "--seed", "3"], cwd=root,
                            stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True)
    os.close(slave)
    out = bytearray()

    def read_for(seconds, until=None):
        """Read for ``seconds`` or until ``until(out)`` holds."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    out.extend(os.read(master, 65536))
                except OSError:
                    return
                if until is not None and until(out):
                    return

    try:
        read_for(60, lambda o: b"Esc/q=quit" in o)
        read_for(1.0)
        first = len(out)
        assert "\u2580".encode() in out and b"\x1b[38;2;" in out
        assert b"Enter=Start" in out
        os.write(master, b"z")           # A on the title: a new series starts
        read_for(60, lambda o: b"\x1b[1;1H" in o[first:])
        assert b"\x1b[1;1H" in out[first:], "the key redrew the screen (from its top line)"
        os.write(master, b"q")
        # keep reading: a child blocked on a full pty buffer could not see the q
        read_for(30, lambda o: proc.poll() is not None)
        assert proc.wait(timeout=10) == 0
        read_for(0.5)
        assert out.endswith(b"\x1b[?1049l") or b"\x1b[?1049l" in out[-200:], \
            "the terminal is restored"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


# Posts keyboard events into the window's queue, reads them back as keypad events, ends.
POSTS_KEYS = '''
import time, board, keypad, pygame
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
def post(kind, key):
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
post(pygame.KEYDOWN, pygame.K_z); post(pygame.KEYUP, pygame.K_z)
post(pygame.KEYDOWN, pygame.K_RIGHT); post(pygame.KEYUP, pygame.K_RIGHT)
post(pygame.KEYDOWN, pygame.K_RETURN)
got = []
while len(got) < 5:
    e = keys.events.get()
    if e is None:
        time.sleep(0.01)
        continue
    got.append((e.key_number, e.pressed))
    if len(got) == 5:
        time.sleep(0.9)        # Start held 0.9 s
        post(pygame.KEYUP, pygame.K_RETURN)
        e = None
        while e is None:
            time.sleep(0.01)
            e = keys.events.get()
        got.append((e.key_number, e.pressed))
assert got == [(1, True), (1, False), (4, True), (4, False), (2, True), (2, False)], got
'''


def test_window_keys_reach_keypad_and_record_writes_a_replayable_script(tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from sim.board import keys as keyscript
    from sim.board.play import run_window
    code = tmp_path / "code.py"
    code.write_text(POSTS_KEYS)
    record = tmp_path / "played.keys"
    try:
        r = run_window("pybadge", str(tmp_path / "nvm.bin"), 4, scale=1,
                       code_path=str(code), record=str(record))
    finally:
        pygame.display.quit()
    assert r.reason == "exit"
    text = record.read_text()
    assert "--seed 4" in text
    assert keyscript.parse(text, "pybadge") == [("press", "A"), ("press", "RIGHT"),
                                                ("long", "START")]


# --- issue 11 item 6: every key stroke is a press; a held arrow repeats ----------------------

class _Clock:
    def __init__(self):
        self.t = 0.0

    def now(self):
        return self.t

    def ms(self):
        return int(self.t * 1000)


class _Keyboard:
    """What the raw terminal delivers, one list of key names per read."""

    def __init__(self, reads):
        self.reads = list(reads)

    def read(self):
        return self.reads.pop(0) if self.reads else []


def _terminal_driver(tmp_path, board, reads):
    from sim.board.platform import hw
    from sim.board.platform.session import Session, TerminalDriver
    session = Session(board, nvm_path=str(tmp_path / "nvm.bin"))
    session.clock = _Clock()
    driver = TerminalDriver(session, _Keyboard(reads))
    driver.hub = hw.Hub(session.entry, session.nvm, session.clock.ms, driver.poll)
    changes = []
    driver.hub.listener = lambda name, down: changes.append((name, down))
    return session, driver, changes


def test_terminal_two_quick_strokes_of_one_key_are_two_presses(tmp_path):
    """Two 'right' strokes in one read (faster than the 0.12 s a stroke is held): the key is
    released and pressed again, not held longer."""
    session, driver, changes = _terminal_driver(tmp_path, "pybadge", [["right", "right"]])
    driver.poll()
    assert changes == [("RIGHT", True), ("RIGHT", False), ("RIGHT", True)]
    session.clock.t = 1.0
    driver.poll()
    assert changes[-1] == ("RIGHT", False) and len(changes) == 4


def test_terminal_auto_repeat_of_a_held_arrow_is_one_press_per_stroke(tmp_path):
    """The terminal repeats a held key every ~30 ms: each repeat reaches the app as a press."""
    session, driver, changes = _terminal_driver(tmp_path, "pybadge", [["down"]] * 5)
    for i in range(5):
        session.clock.t = i * 0.03
        driver.poll()
    assert changes.count(("DOWN", True)) == 5


def test_terminal_held_shift_key_stays_one_long_press(tmp_path):
    """Shift+z (a long press: back on a 3-button board) auto-repeated stays one hold, so it is
    still long when released."""
    session, driver, changes = _terminal_driver(tmp_path, "feather_esp32s3_reverse_tft",
                                                [["Z"], ["Z"], ["Z"]])
    for i in range(3):
        session.clock.t = i * 0.03
        driver.poll()
    assert changes == [("SEL", True)]
    session.clock.t = 2.0
    driver.poll()
    assert changes == [("SEL", True), ("SEL", False)]


def test_terminal_repeat_on_the_joystick_comes_back_to_the_middle_first(tmp_path):
    """The PyGamer's joystick is polled: between two strokes it is centred for a moment."""
    session, driver, changes = _terminal_driver(tmp_path, "pygamer", [["left", "left"]])
    driver.poll()
    assert changes == [("LEFT", True), ("LEFT", False)]
    session.clock.t = 0.05
    driver.poll()
    assert changes == [("LEFT", True), ("LEFT", False), ("LEFT", True)]


# Posts a repeated KEYDOWN (what pygame's key repeat sends while a key is held) for an arrow
# and for A, then the KEYUPs; reads the keypad events back.
POSTS_REPEATS = '''
import time, board, keypad, pygame
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
assert pygame.key.get_repeat()[0] > 0, "the window asks pygame for key repeat"
def post(kind, key):
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
post(pygame.KEYDOWN, pygame.K_RIGHT); post(pygame.KEYDOWN, pygame.K_RIGHT)
post(pygame.KEYDOWN, pygame.K_RIGHT); post(pygame.KEYUP, pygame.K_RIGHT)
post(pygame.KEYDOWN, pygame.K_z); post(pygame.KEYDOWN, pygame.K_z); post(pygame.KEYUP, pygame.K_z)
got = []
end = time.monotonic() + 5
while len(got) < 8 and time.monotonic() < end:
    e = keys.events.get()
    if e is None:
        time.sleep(0.01)
        continue
    got.append((e.key_number, e.pressed))
assert got == [(4, True), (4, False), (4, True), (4, False), (4, True), (4, False),
               (1, True), (1, False)], got
'''


def test_window_key_repeat_of_a_held_arrow_is_a_press_each_and_a_held_a_is_one(tmp_path,
                                                                               monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from sim.board.play import run_window
    code = tmp_path / "code.py"
    code.write_text(POSTS_REPEATS)
    try:
        r = run_window("pybadge", str(tmp_path / "nvm.bin"), None, scale=1,
                       code_path=str(code))
    finally:
        pygame.display.quit()
    assert r.reason == "exit"


LEDS_GREEN = """
import board, digitalio, neopixel_write
pin = digitalio.DigitalInOut(board.NEOPIXEL)
pin.switch_to_output(False)
neopixel_write.neopixel_write(pin, bytearray([24, 0, 0] * 5))
"""


def test_window_draws_the_leds_under_the_screen_as_the_app_sets_them(tmp_path, monkeypatch):
    """The NeoPixels' colour (dim green, as skat_ui.cue sets it) in the strip, made visible."""
    pygame, r = window_run(tmp_path, monkeypatch, ONE_FRAME + LEDS_GREEN)
    try:
        assert r.reason == "exit"
        assert r.hub.led_colours == [(0, 24, 0)] * 5
        window = pygame.display.get_surface()
        for i in range(5):
            assert window.get_at((48 + 96 * i, 384 + 12))[:3] == (0, 255, 0)
    finally:
        pygame.display.quit()


def test_terminal_shows_the_leds_and_the_tone_in_a_line_of_its_own(tmp_path):
    from sim.board.platform import boards, hw
    displayio, d, out = terminal_white_dot()
    try:
        hub = hw.Hub(boards.get("pybadge"), None, lambda: 0, lambda: None)
        hub.led_colours = [(0, 24, 0)] * 5
        hub.tone_log.append((0, 1568, 0.03))
        d.cue_changed(hub)
        text = out.getvalue()
        assert "LEDs " + "\x1b[38;2;0;255;0m\u25cf" * 5 in text and "\u266a 1568 Hz" in text
    finally:
        displayio.release_displays()
