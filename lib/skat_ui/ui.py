"""The display side: the table's sprites (``gfx``), the layout numbers for the board's screen size
(160x128, 240x135, 240x240, 320x240) and the text interface every screen draws through:
``Ui.begin()``; ``Ui.text(x, y, s, color)``, ``Ui.center(y, s, color)`` (a line in a 6x12
cell); ``Ui.end()`` (hides the lines not used, refreshes). Its back-end, ``Text``: ``put(i, x,
y, s, color)``, ``hide(i)``, ``font``; a line is only redrawn when its text changes. Two
back-ends: ``Text`` below, the lean lines (N_LABELS TileGrids over the glyph sheet of the
built-in font, ``terminalio.FONT``, a line's tiles its letters, as the firmware's terminal
draws: no bitmap of their own, nothing allocated when a text changes), and
``skat_ui.ui_labels`` (bitmap_label, a BDF font on 240-wide screens) where the heap allows:
the bundle puts it only on such a board's drive. The app chooses at boot from the board
module's ``labels`` and the install's ``skat_core.LABELS`` (``skat_ui.app.main``); screens
import neither (tests/app/test_text_backend.py).
Cards, frames and bars are the table's sprites (``gfx``); ``display.refresh()`` once per change.
"""
import displayio
import terminalio
from skat_ui import gfx

# Letters the built-in font of an English firmware may lack.
_FALLBACK = {0xE4: "ae", 0xF6: "oe", 0xFC: "ue", 0xC4: "Ae", 0xD6: "Oe", 0xDC: "Ue",
             0xDF: "ss", 0xE9: "e"}


class Text:
    """N text lines over the canvas; ``put(i, x, y, s, color)``, ``hide(i)``.

    A line is a TileGrid whose tile sheet is the firmware's built-in font (``terminalio.FONT``:
    one bitmap of equal glyph cells, in flash on a board) and whose tiles are its letters, as
    the firmware's own terminal draws: a line costs its TileGrid and a byte per column, no
    bitmap of its own, and a text change sets tile numbers (nothing allocated, nothing
    blitted). The lines share one two-entry palette per colour. Printable ASCII are
    consecutive tiles, so such a letter's tile is computed; other code points cache their
    tile (-1: not in the font, drawn as ``_FALLBACK``), the umlauts of our texts from the
    start, so the cache does not grow while a hand is played."""

    def __init__(self, width, n, group):
        self.font = terminalio.FONT
        g = self.font.get_glyph(65)
        self.src = g.bitmap
        self.gw = g.width
        self.gh = g.height
        self.cols = width // g.width
        self.grids = []
        self.texts = []
        self.cache = {}
        self.ascii0 = -1
        self.ascii0 = self._ascii_base()
        for ch in "äöüÄÖÜßé":
            self.glyph(ord(ch))
        self.blank = self.glyph(32)
        self.lens = bytearray(n)         # letters shown on each line (the rest are blank)
        self.pals = {}           # colour -> its two-entry palette, shared by all lines
        pal = self.palette(0xFFFFFF)
        for i in range(n):
            tg = displayio.TileGrid(self.src, pixel_shader=pal, width=self.cols, height=1,
                                    tile_width=self.gw, tile_height=self.gh,
                                    default_tile=self.blank)
            tg.hidden = True
            group.append(tg)
            self.grids.append(tg)
            self.texts.append("")
        self.colors = [0xFFFFFF] * n

    def palette(self, color):
        pal = self.pals.get(color)
        if pal is None:
            pal = displayio.Palette(2)
            pal.make_transparent(0)
            pal[1] = color
            self.pals[color] = pal
        return pal

    def _ascii_base(self):
        """The tile of ' ' when ' ' .. '~' are consecutive tiles of the built-in sheet, else -1."""
        lo = self.glyph(32)
        hi = self.glyph(126)
        if lo >= 0 and hi - lo == 94:
            self.cache.clear()
            return lo
        return -1

    def glyph(self, cp):
        """The tile of code point ``cp`` in the font's sheet, -1 if the font lacks it (or
        keeps it elsewhere than in the sheet's equal cells)."""
        if self.ascii0 >= 0 and 32 <= cp < 127:
            return self.ascii0 + cp - 32
        r = self.cache.get(cp)
        if r is None:
            g = self.font.get_glyph(cp)
            r = -1
            if g is not None and g.bitmap is self.src and g.width == self.gw \
                    and g.height == self.gh:
                r = g.tile_index
            self.cache[cp] = r
        return r

    def _draw(self, i, s):
        tg = self.grids[i]
        cols = self.cols
        k = 0
        for ch in s:
            cp = ord(ch)
            t = self.glyph(cp)
            if t < 0:
                for c2 in _FALLBACK.get(cp, "?"):
                    t = self.glyph(ord(c2))
                    if t >= 0 and k < cols:
                        tg[k] = t
                        k += 1
                continue
            if k >= cols:
                break
            tg[k] = t
            k += 1
        n = self.lens[i]
        self.lens[i] = k
        blank = self.blank
        while k < n:
            tg[k] = blank
            k += 1

    def put(self, i, x, y, s, color):
        if self.texts[i] != s:
            self.texts[i] = s
            self._draw(i, s)
        tg = self.grids[i]
        if self.colors[i] != color:
            self.colors[i] = color
            tg.pixel_shader = self.palette(color)
        if tg.x != x:
            tg.x = x
        if tg.y != y:
            tg.y = y
        if tg.hidden:
            tg.hidden = False

    def hide(self, i):
        tg = self.grids[i]
        if not tg.hidden:
            tg.hidden = True

N_LABELS = 14
LINE = 11            # text line pitch in pixels (terminalio font: 6x12, glyphs <= 10 high)
CHAR_W = 6


class Ui:
    def __init__(self, display, width, height):
        self.display = display
        self.w = width
        self.h = height
        tall = height >= 200
        scale = 2 if tall else 1
        # Card sizes: a full card and a compact (rank + suit only) card, a glyph and two
        # pixels a row of tiles (gfx: rank, suit, corner): 160x128: 20x27 (compact 13x18);
        # 240x135: 24x27 (16x18); tall screens (240x240, 320x240 rotated...) draw the glyphs
        # twice as big: 30x48 (compact 22x32).
        row = gfx.GW * scale + 2
        self.cw = 30 if tall else (20 if width < 200 else 24)
        self.ch = 3 * row
        self.sw = 22 if tall else (13 if width < 200 else 16)
        self.sh = 2 * row
        # Your hand's row: its cards end on the line above the bottom line of text (the
        # cursor's card stands 4 higher).
        self.hand_y = height - self.ch - 12
        self.root = displayio.Group()
        self.canvas = gfx.Canvas(width, height, scale, (self.cw, self.ch), (self.sw, self.sh),
                                 self.root)
        self.txt = Text(width, N_LABELS, self.root)
        self.used = 0
        self.dropped = 0
        try:
            display.root_group = self.root
        except AttributeError:       # CircuitPython 8
            display.show(self.root)
        self.cols = width // CHAR_W

    # -------------------------------------------------------------------- frame
    def begin(self):
        """Start a new frame: no card drawn yet, all labels released."""
        self.canvas.clear()
        self.used = 0

    def text(self, x, y, s, color=0xFFFFFF, bg=None):
        """Put ``s`` with its top-left corner at x, y (clipped to the screen width)."""
        if self.used >= N_LABELS:
            self.dropped += 1            # a layout bug: tests check that this stays 0
            return
        maxc = (self.w - x) // CHAR_W
        if len(s) > maxc:
            s = s[:maxc]
        self.txt.put(self.used, x, y, s, color)
        self.used += 1

    def center(self, y, s, color=0xFFFFFF):
        n = len(s) if len(s) < self.cols else self.cols
        self.text((self.w - n * CHAR_W) // 2, y, s, color)

    def end(self):
        for i in range(self.used, N_LABELS):
            self.txt.hide(i)
        self.canvas.finish()
        self.display.refresh()

    # -------------------------------------------------------------------- cards
    def step_for(self, n, w, avail):
        """Horizontal step of n overlapping cards of width w in ``avail`` pixels."""
        if n <= 1:
            return w
        s = (avail - w) // (n - 1)
        return s if s < w + 2 else w + 2

    def row(self, cards, n, y, compact=False, cursor=-1, legal=None, marked=None, x0=1,
            avail=0):
        """Draw ``n`` cards (global ids) as an overlapping row. ``legal``: bytearray(32),
        cards with 0 are dimmed; ``marked``: bytearray(32) raised in another colour;
        ``cursor``: index raised with a yellow edge. Returns the step used."""
        cv = self.canvas
        w = self.sw if compact else self.cw
        h = self.sh if compact else self.ch
        if avail <= 0:
            avail = self.w - 2 * x0
        step = self.step_for(n, w, avail)
        for i in range(n):
            c = cards[i]
            face = gfx.C_FACE
            if legal is not None and not legal[c]:
                face = gfx.C_DIM
            yy = y
            edge = gfx.C_INK
            if marked is not None and marked[c]:
                yy -= 3
                edge = gfx.C_PICK
            if i == cursor:
                yy -= 4
                edge = gfx.C_CURSOR
            # The cursor's and a marked card's edge is a frame over the row (gfx): it shows
            # between the neighbours.
            cv.card(x0 + i * step, yy, w, h, c, face, edge, i == n - 1 or step >= w)
        return step

    def backs(self, n, x, y, compact=True):
        w = self.sw if compact else self.cw
        h = self.sh if compact else self.ch
        step = 4
        for i in range(n):
            self.canvas.card(x + i * step, y, w, h, -1)
