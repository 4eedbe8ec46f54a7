"""The label back-end of the text interface (ui.py names the interface): each text line is an
``adafruit_display_text.bitmap_label.Label``; on the 240-wide screens in the BDF font of
``lib/fonts`` (Skat6x12, cut from Terminus Font 6x12, the design of the firmware's own font,
in the 6x12 cell the screens lay out in, with the umlauts the built-in font of an English
firmware lacks), loaded with ``adafruit_bitmap_font``; 160x128 keeps the built-in font.

Only where the heap allows it: every text change builds a new bitmap (~3 KB of garbage), and
the app needs 15-25 KB more heap than with the lean strips as `.mpy`, 3 KB frozen
(docs/memory.md, "The text back-ends"). A board's module
states that it prefers it (``labels = True``: the Feathers, the PyBadge, the PyGamer); the
bundle puts this module, the libraries and the font on the drive of a board with PSRAM only
(the Feathers: ``make bundle ARGS="--board ..."``) and into the frozen set of any board that
prefers it (``make freeze ARGS="--board ..."``), and writes on every other install that it
does not hold it (``skat_core.LABELS`` None). The app (``skat_ui.app.main``) calls ``use()``
where the board prefers it and the install holds it; an import that fails there is an error,
not a fallback. The simulator chooses it for any board with ``--text label``.
"""

import displayio
import terminalio
from adafruit_display_text import bitmap_label
from adafruit_bitmap_font import bdf
from skat_ui import ui

FONT = "fonts/skat6x12.bdf"     # below the drive's lib/ (CircuitPython: /lib/fonts/...)
# Every glyph of the font, loaded at start: no file read while a hand is played.
LETTERS = "".join(chr(c) for c in range(32, 127)) + "äöüÄÖÜßé"


def use():
    """Make ``ui.Ui`` draw its texts with this back-end (call before the app builds its Ui)."""
    ui.Text = Text


def font_path():
    """The font file: beside this module's package (the drive's /lib, or the repository's lib
    in the simulator), else /lib for a frozen install."""
    here = globals().get("__file__", "")
    base = here.rsplit("/", 2)[0] if here.count("/") >= 2 else ""
    for path in (base + "/" + FONT, "/lib/" + FONT):
        try:
            open(path, "rb").close()
            return path
        except OSError:
            pass
    return None


def load_font(width):
    """The BDF font on 240-wide screens, else (or without the file) the built-in font."""
    if width < 200:
        return terminalio.FONT
    path = font_path()
    if path is None:
        return terminalio.FONT
    font = bdf.BDF(open(path, "rb"), displayio.Bitmap)
    font.load_glyphs(LETTERS)
    return font


class Line(bitmap_label.Label):
    """One text line: a bitmap_label that takes its colour where a strip's TileGrid takes its
    palette (``pixel_shader``), so that ``ui.Text.put`` updates either."""

    @property
    def pixel_shader(self):
        return self.color

    @pixel_shader.setter
    def pixel_shader(self, color):
        self.color = color


Strips = ui.Text                 # the lean back-end, before ``use`` puts ``Text`` in its place


class Text(Strips):
    """N text lines over the canvas, as ``ui.Text`` (``Strips``), whose ``put`` (a line's
    text, colour, place, each set only when it changes) and ``hide`` it keeps: ``put(i, x, y,
    s, color)`` shows line ``i`` with the top-left of its 12-pixel cell at x, y."""

    def __init__(self, width, n, group):
        self.w = width
        self.font = load_font(width)
        g = self.font.get_glyph(77)              # "M": the cell's top is its ascent above
        self.ascent = g.height + g.dy            # the baseline a label is placed by
        self.grids = []
        self.texts = []
        self.colors = []
        for _ in range(n):
            lb = Line(self.font, text="", color=0xFFFFFF, base_alignment=True)
            lb.hidden = True
            group.append(lb)
            self.grids.append(lb)
            self.texts.append("")
            self.colors.append(0xFFFFFF)

    def palette(self, color):
        return color

    def _draw(self, i, s):
        self.grids[i].text = s

    def put(self, i, x, y, s, color):
        Strips.put(self, i, x, y + self.ascent, s, color)
