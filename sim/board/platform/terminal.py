"""The terminal backend: the framebuffer drawn with ANSI true-colour half blocks, keys read
raw from stdin.

One character cell shows two pixels: "▀" with the foreground = upper pixel and the background
= lower pixel. The frame is redrawn only when the app refreshes the display, and only the
lines that changed are sent. When the terminal is smaller than the display, pixels are
averaged in square blocks to fit (enlarge the terminal or shrink its font for 1:1).
"""

import os
import select
import sys

from .displays import FrameBufferDisplay

# Escape sequences -> key names (the names pygame uses, see boards.keymap).
_SEQUENCES = {
    b"\x1b[A": "up", b"\x1b[B": "down", b"\x1b[C": "right", b"\x1b[D": "left",
    b"\x1bOA": "up", b"\x1bOB": "down", b"\x1bOC": "right", b"\x1bOD": "left",
    b"\x1b[1;2A": "UP", b"\x1b[1;2B": "DOWN", b"\x1b[1;2C": "RIGHT", b"\x1b[1;2D": "LEFT",
    b"\x1bOM": "enter",
}
_SINGLE = {b"\r": "return", b"\n": "return", b" ": "space", b"\x7f": "backspace",
           b"\x08": "backspace", b"\x1b": "escape", b"\x03": "escape", b"\t": "tab"}


def parse_keys(data):
    """Key names in a chunk read from a raw terminal. An upper-case name means the key was
    typed with Shift (a long press in the simulator): "Z", "UP", "RETURN" is not possible,
    Shift+Enter arrives as plain return."""
    out = []
    i = 0
    while i < len(data):
        if data[i:i + 1] == b"\x1b" and i + 1 < len(data):
            for seq, name in _SEQUENCES.items():
                if data.startswith(seq, i):
                    out.append(name)
                    i += len(seq)
                    break
            else:
                # Unknown sequence: skip ESC [ ... final byte.
                j = i + 1
                if data[j:j + 1] in (b"[", b"O"):
                    j += 1
                    while j < len(data) and not 0x40 <= data[j] <= 0x7E:
                        j += 1
                    j += 1
                i = j
            continue
        ch = data[i:i + 1]
        i += 1
        if ch in _SINGLE:
            out.append(_SINGLE[ch])
        elif ch.isalpha():
            c = ch.decode()
            out.append(c.lower() if c.islower() else c.upper())
    return out


class TerminalDisplay(FrameBufferDisplay):
    """Draws every refresh into the terminal."""

    def __init__(self, width, height, out, help_text, auto_refresh=True):
        self._out = out
        self._help = help_text
        self._lines = []
        self._geometry = None
        self.status = ""
        self.cues = ""                      # the LEDs and the tone (``cue_changed``)
        super().__init__(width, height, auto_refresh=auto_refresh, on_refresh=self._draw)

    def _fit(self):
        try:
            cols, rows = os.get_terminal_size(self._out.fileno())
        except OSError:
            cols, rows = 200, 100
        w, h = self._core.width, self._core.height
        rows = max(rows - 3, 4)  # help, status and cue lines
        factor = 1
        while -(-w // factor) > cols or -(-h // (2 * factor)) > rows:
            factor += 1
        return factor, cols, rows

    def light_changed(self):
        if self._geometry is not None:       # drawn before: draw it as bright as set now
            self._draw()

    def redraw_if_resized(self):
        if self._geometry is not None and self._fit() != self._geometry:
            self._draw()

    def _draw(self, _display=None):
        factor, cols, rows = self._fit()
        if (factor, cols, rows) != self._geometry:
            self._geometry = (factor, cols, rows)
            self._lines = []
            self._out.write("\x1b[2J")
        rgb = self.rgb_bytes()
        w, h = self._core.width, self._core.height
        out_w, out_h = -(-w // factor), -(-h // factor)
        if factor == 1:
            pix = rgb
        else:
            pix = _downscale(rgb, w, h, factor, out_w, out_h)
        if self.brightness < 1:             # the backlight dimmed or off (App.light)
            b = self.brightness
            pix = bytes(int(v * b) for v in pix)
        lines = []
        for y in range(0, out_h, 2):
            parts = []
            last = None
            for x in range(out_w):
                i = (y * out_w + x) * 3
                top = (pix[i], pix[i + 1], pix[i + 2])
                if y + 1 < out_h:
                    j = i + out_w * 3
                    bot = (pix[j], pix[j + 1], pix[j + 2])
                else:
                    bot = (0, 0, 0)
                cell = top + bot
                if cell != last:
                    parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % cell)
                    last = cell
                parts.append("\u2580")
            lines.append("".join(parts) + "\x1b[0m")
        buf = []
        for n, line in enumerate(lines):
            if n >= len(self._lines) or self._lines[n] != line:
                buf.append("\x1b[%d;1H%s" % (n + 1, line))
        self._lines = lines
        note = "" if factor == 1 else "  (1:%d - enlarge the terminal for 1:1)" % factor
        buf.append("\x1b[%d;1H\x1b[0m\x1b[2K%s%s" % (len(lines) + 1, self._help, note))
        buf.append("\x1b[%d;1H\x1b[2K%s" % (len(lines) + 2, self.status))
        buf.append("\x1b[%d;1H\x1b[2K%s" % (len(lines) + 3, self.cues))
        self._out.write("".join(buf))
        self._out.flush()

    def cue_changed(self, hub):
        """The LEDs or the tone changed (hw.Hub): the cue line under the status line."""
        self.cues = hub.cue_text()
        if self._geometry is not None:
            self._out.write("\x1b[%d;1H\x1b[2K%s" % (len(self._lines) + 3, self.cues))
            self._out.flush()


def _downscale(rgb, w, h, f, out_w, out_h):
    out = bytearray(out_w * out_h * 3)
    for oy in range(out_h):
        for ox in range(out_w):
            acc = [0, 0, 0]
            n = 0
            for y in range(oy * f, min(h, oy * f + f)):
                for x in range(ox * f, min(w, ox * f + f)):
                    i = (y * w + x) * 3
                    acc[0] += rgb[i]
                    acc[1] += rgb[i + 1]
                    acc[2] += rgb[i + 2]
                    n += 1
            o = (oy * out_w + ox) * 3
            out[o] = acc[0] // n
            out[o + 1] = acc[1] // n
            out[o + 2] = acc[2] // n
    return bytes(out)


class RawKeyboard:
    """stdin in cbreak mode without echo; restores the terminal on close()."""

    def __init__(self, stream=None):
        import termios  # pylint: disable=import-outside-toplevel
        import tty  # pylint: disable=import-outside-toplevel

        self._stream = stream or sys.stdin
        self._fd = self._stream.fileno()
        self._termios = termios
        self._saved = termios.tcgetattr(self._fd)
        tty.setcbreak(self._fd)
        attrs = termios.tcgetattr(self._fd)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(self._fd, termios.TCSANOW, attrs)

    def read(self):
        """The key names typed since the last call (never blocks)."""
        data = b""
        while select.select([self._fd], [], [], 0)[0]:
            chunk = os.read(self._fd, 256)
            if not chunk:
                break
            data += chunk
        return parse_keys(data) if data else []

    def close(self):
        self._termios.tcsetattr(self._fd, self._termios.TCSADRAIN, self._saved)
