"""Display backends for the simulator, all real displayio (Blinka) displays.

- ``FrameBufferDisplay``: a ``busdisplay.BusDisplay`` without a bus; every refresh renders
  the whole scene graph through displayio's own ``fill_area`` into an RGB565 framebuffer
  (big-endian, as the panel receives it). Used headless and as the base of the terminal view.
- ``WindowDisplay``: blinka-displayio-pygamedisplay's ``PyGameDisplay``, drawn at native size
  into an off-screen surface and scaled up into the window.
- ``sim.board.platform.terminal.TerminalDisplay`` draws the framebuffer with ANSI half blocks.

Every backend honours ``auto_refresh``: the simulator never refreshes from a background
thread (that would make headless runs racy); ``tick()`` is called from the app's thread
whenever it sleeps or polls keys and refreshes if auto_refresh is on, like the firmware's
background task.
"""

import time
import struct
import zlib

import contextlib
import io

with contextlib.redirect_stdout(io.StringIO()):  # Blinka warns about GENERIC_X86 on stdout
    import busdisplay
    import displayio
    import fontio
    import terminalio
    from displayio._area import Area

from . import builtin_font

# The simulator's displays draw the firmware's built-in font: one glyph sheet.
builtin_font.install(displayio, fontio, terminalio)

# time.monotonic as imported here: never the simulator's patched clock.
_real_monotonic = time.monotonic


def backlight():
    """``brightness`` as busdisplay's, which then calls the display's ``light_changed``: the
    backlight as the app sets it (skat_ui.app.App.light). The terminal and the window draw the
    picture that bright; the framebuffer and the frames stay the panel's pixels. The display's
    ``lights``: every value set, in order."""
    def get(self):
        return self._brightness

    def put(self, value):
        busdisplay.BusDisplay.brightness.fset(self, value)
        self.__dict__.setdefault("lights", []).append(self._brightness)
        self.light_changed()
    return property(get, put)


class FrameBufferDisplay(busdisplay.BusDisplay):
    """A displayio display whose panel is a bytearray of RGB565 big-endian pixels."""

    def __init__(self, width, height, auto_refresh=True, on_refresh=None, render=True):
        self.framebuffer = bytearray(width * height * 2)
        # False: a refresh is only counted and marks the framebuffer stale (``unrendered``);
        # the picture is drawn when it is read (pixel, rgb_bytes, png_bytes) or on flush().
        self.render = render
        self.unrendered = False
        self.refresh_count = 0
        self.refresh_seconds = 0.0  # wall time spent rendering, for the report
        self.on_refresh = on_refresh
        self._tick_due = 0.0
        super().__init__(None, b"", width=width, height=height, auto_refresh=auto_refresh)

    # The bus side: nothing to talk to.
    def _initialize(self, init_sequence):
        pass

    def _write(self, command, data):
        pass

    def _release(self):
        # displayio.release_displays() keeps this object usable: the app builds its
        # display again (Pico Display Pack) and the simulator hands back this one.
        self._core.release_display_core()

    def _background(self):
        pass  # no background thread: see tick()

    def _get_refresh_areas(self):
        if self._core.current_group is not None:
            self._core.current_group._prepare_full_refresh()  # pylint: disable=protected-access
        return [self._core.area]

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        width = clipped.width()
        size = clipped.size()
        buffer = memoryview(bytearray(size * 2 + 4)).cast("I")
        mask = memoryview(bytearray(((size // 32) + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        raw = buffer.cast("B")
        fb_width = self._core.width
        fb = self.framebuffer
        for row in range(clipped.height()):
            src = row * width * 2
            dst = ((clipped.y1 + row) * fb_width + clipped.x1) * 2
            fb[dst:dst + width * 2] = raw[src:src + width * 2]
        return True

    def _refresh_display(self):
        if not self.render:
            self.refresh_count += 1
            self.unrendered = True
            return True
        start = _real_monotonic()
        done = super()._refresh_display()
        self.refresh_seconds += _real_monotonic() - start
        if done is not False:
            self.refresh_count += 1
            if self.on_refresh is not None:
                self.on_refresh(self)
        return done

    brightness = backlight()

    def light_changed(self):
        """Called after the brightness changed: a backend that shows it draws again."""

    def flush(self):
        """Render the last refresh that was skipped (render=False): the screen as the app
        last showed it. The count of refreshes is not changed. Every refresh draws the whole
        scene graph (``_get_refresh_areas``), so this picture is the one rendering every
        refresh would have left in the framebuffer (tests/sim/test_sim_platform.py and
        tests/app/test_app_games.py compare them)."""
        if self.unrendered:
            self.unrendered = False
            self.render = True
            self.refresh_count -= 1
            try:
                self._refresh_display()
            finally:
                self.render = False

    def tick(self, now):
        """Called from the app's thread: refresh at 60 Hz when auto_refresh is on."""
        if self._auto_refresh and now >= self._tick_due:
            self._tick_due = now + 1 / 60
            self._refresh_display()

    # Pixel access for tests and frame dumps: a stale framebuffer is rendered first.
    def pixel(self, x, y):
        """(r, g, b) 0..255 of the pixel at x, y of the last refresh."""
        self.flush()
        i = (y * self._core.width + x) * 2
        return rgb565_to_rgb(self.framebuffer[i] << 8 | self.framebuffer[i + 1])

    def rgb_bytes(self):
        """The framebuffer as RGB888 rows (width*3 bytes each), top row first."""
        self.flush()
        return rgb565be_to_rgb888(self.framebuffer)

    def png_bytes(self):
        return png_encode(self._core.width, self._core.height, self.rgb_bytes())


def rgb565_to_rgb(v):
    r = (v >> 11) & 0x1F
    g = (v >> 5) & 0x3F
    b = v & 0x1F
    return ((r * 255 + 15) // 31, (g * 255 + 31) // 63, (b * 255 + 15) // 31)


# 565 -> 888 per channel, as lookup tables (same rounding as rgb565_to_rgb).
_R5 = bytes((v * 255 + 15) // 31 for v in range(32))
_G6 = bytes((v * 255 + 31) // 63 for v in range(64))


def rgb565be_to_rgb888(fb):
    try:
        import numpy  # pylint: disable=import-outside-toplevel
    except ImportError:
        numpy = None
    if numpy is not None:
        px = numpy.frombuffer(bytes(fb), dtype=">u2")
        r5 = numpy.frombuffer(_R5, dtype=numpy.uint8)
        g6 = numpy.frombuffer(_G6, dtype=numpy.uint8)
        out = numpy.empty((px.size, 3), dtype=numpy.uint8)
        out[:, 0] = r5[(px >> 11) & 0x1F]
        out[:, 1] = g6[(px >> 5) & 0x3F]
        out[:, 2] = r5[px & 0x1F]
        return out.tobytes()
    out = bytearray(len(fb) // 2 * 3)
    j = 0
    for i in range(0, len(fb), 2):
        v = fb[i] << 8 | fb[i + 1]
        out[j] = _R5[v >> 11]
        out[j + 1] = _G6[(v >> 5) & 0x3F]
        out[j + 2] = _R5[v & 0x1F]
        j += 3
    return bytes(out)


def png_encode(width, height, rgb):
    """A truecolour PNG of ``rgb`` (width*height*3 bytes), with zlib and struct only."""
    stride = width * 3
    raw = bytearray()
    for y in range(height):
        raw.append(0)  # filter type None
        raw += rgb[y * stride:(y + 1) * stride]

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def png_decode_rgb(data):
    """(width, height, rgb bytes) of a PNG written by png_encode (for tests)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos = 8
    idat = b""
    width = height = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3
    rows = [raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)] for y in range(height)]
    return width, height, b"".join(rows)


def window_display_class():
    """WindowDisplay, built on first use so that headless runs never import pygame."""
    import pygame  # pylint: disable=import-outside-toplevel
    from blinka_displayio_pygamedisplay import PyGameDisplay  # pylint: disable=import-outside-toplevel

    class WindowDisplay(PyGameDisplay):
        """blinka-displayio-pygamedisplay's window, rendered at native size into an
        off-screen surface and scaled up by an integer factor on every refresh."""

        def __init__(self, width, height, scale, caption, auto_refresh=True, leds=0):
            self.scale = scale
            self.refresh_count = 0
            self.refresh_seconds = 0.0
            self._tick_due = 0.0
            self._window = None
            # The board's LEDs (skat_ui.cue), drawn in a strip under the screen, and its
            # speaker through pygame's mixer (``cue_changed``).
            self.led_colours = [(0, 0, 0)] * leds
            self._sounds = {}
            self._mixer = None
            super().__init__(width=width, height=height, caption=caption,
                             auto_refresh=auto_refresh)

        def _initialize(self, init_sequence):
            pygame.display.init()
            pygame.display.set_caption(self._caption)
            strip = 8 * self.scale if self.led_colours else 0
            self._window = pygame.display.set_mode(
                (self.width * self.scale, self.height * self.scale + strip))
            self._pygame_screen = pygame.Surface((self.width, self.height))

        def _refresh_display(self):
            start = _real_monotonic()
            busdisplay.BusDisplay._refresh_display(self)  # pylint: disable=protected-access
            self.present()
            self.refresh_count += 1
            self.refresh_seconds += _real_monotonic() - start
            return True

        brightness = backlight()

        def light_changed(self):
            if self._window is not None:
                self.present()

        def present(self):
            if pygame.display.get_surface() is None:
                return
            w, h = self.width * self.scale, self.height * self.scale
            pygame.transform.scale(self._pygame_screen, (w, h), self._window.subsurface(
                (0, 0, w, h)))
            if self._brightness < 1:        # the backlight dimmed or off (App.light)
                v = round(255 * self._brightness)
                self._window.fill((v, v, v), (0, 0, w, h), special_flags=pygame.BLEND_MULT)
            if self.led_colours:            # the LEDs under the screen, as the board has them
                from .hw import visible  # pylint: disable=import-outside-toplevel
                self._window.fill((0, 0, 0), (0, h, w, 8 * self.scale))
                n = len(self.led_colours)
                for i, c in enumerate(self.led_colours):
                    pygame.draw.circle(self._window, visible(c),
                                       (w * (2 * i + 1) // (2 * n), h + 4 * self.scale),
                                       2 * self.scale)
            pygame.display.flip()

        def cue_changed(self, hub):
            """The app set the LEDs or a tone (hw.Hub): the strip drawn again; the tone played
            as a square wave through pygame's mixer (silent where it has no audio device)."""
            if hub.led_colours != self.led_colours:
                self.led_colours = list(hub.led_colours)
                if self._window is not None:
                    self.present()
            if not hub.tone_log:
                return
            _ms, pitch, loud = hub.tone_log[-1]
            if self._mixer is None:
                try:
                    pygame.mixer.init(frequency=22050, size=-16, channels=1)
                    self._mixer = True
                except pygame.error:
                    self._mixer = False
            if not self._mixer:
                return
            pygame.mixer.stop()
            if pitch:
                key = (pitch, loud)
                if key not in self._sounds:
                    import array  # pylint: disable=import-outside-toplevel
                    half = max(1, 22050 // (2 * pitch))
                    amp = int(12000 * min(1.0, loud * 4))
                    wave = array.array("h", ([amp] * half + [-amp] * half) * 50)
                    self._sounds[key] = pygame.mixer.Sound(buffer=wave.tobytes())
                self._sounds[key].play(loops=-1)

        def _release(self):
            self._core.release_display_core()  # keep the window: see FrameBufferDisplay

        def _background(self):
            pass

        def tick(self, now):
            if self._auto_refresh and now >= self._tick_due:
                self._tick_due = now + 1 / 60
                self._refresh_display()

        def close(self):
            pygame.display.quit()

    return WindowDisplay
