"""The table's graphics: cards, their frames and bars, as sprites over the board's card sheets.

A card is one sprite - a displayio TileGrid one tile wide over a sheet of card tiles built at
boot, as stage draws its sprites - and no bitmap of its own: a full card is three tiles high
(its rank, its suit, its corner), a compact card two (rank, suit). The tiles' pixels are two
bits - edge, face, glyph, back - and the sprite's palette colours them: the suit's colour,
the face (white, or grey for a card that cannot be played now). A frame (the cursor's
yellow, a marked card's blue, an empty place of the trick) is a sprite of frame tiles,
transparent inside; a bar (an underline, a marker) is a vectorio rectangle; the table's green
is one rectangle behind everything. Ranks and suits are 7x7 pixel glyphs (a 6x12 font letter
has no room for a readable suit), 14x14 on tall screens.

Drawing is the immediate interface the screens had with the canvas this replaces - ``clear``,
then ``card``, ``frame``, ``rect``; ``finish`` hides what the frame did not use - over
retained pools of sprites made at boot, the text lines' way (``ui.Text``): nothing is
allocated while a hand is played, and a frame's refresh sends only what changed. The pools'
sizes are the most any screen draws (``FULL``, ``COMPACT``...); a draw beyond them is counted
in ``dropped``, a layout bug the tests keep at 0. The full-screen 16-colour canvas took
160 x 128 / 2 = 10,240 bytes on the PyBadge (28,800 on a 240x240 screen); the sprites, their
sheets and palettes take about a third of that (docs/memory.md). Card style (four-colour /
classic) is a palette change.
"""

import displayio
import vectorio
try:
    import bitmaptools
except ImportError:          # ports without bitmaptools: the sheets are filled pixel by pixel
    bitmaptools = None

# Colours of the table's palette (the background, the bars); the cards' palettes take theirs.
C_TABLE = 0
C_INK = 1
C_FACE = 2
C_SUIT = 3           # 3..6: clubs, spades, hearts, diamonds
C_BACK = 7
C_CURSOR = 8
C_DIM = 9            # face of a card that cannot be played now
C_PANEL = 10
C_WARN = 11
C_TEXT = 12
C_MUTED = 13
C_PICK = 14          # marked card (chosen discard)
N_COLOURS = 16

FOUR_COLOUR = (0x000000, 0x00A000, 0xE00000, 0xF08000)
TWO_COLOUR = (0x000000, 0x000000, 0xE00000, 0xE00000)
_RGB = (0x0B5A2A, 0x000000, 0xFFFFFF, 0, 0, 0, 0, 0x2850B4, 0xFFD800, 0xA8A8A8, 0x064020,
        0xFF5050, 0xFFFFFF, 0x9CC8A8, 0x60C0FF, 0x000000)

# The bars' colours: for each colour C_*, its index in the table's four-colour palette - the
# table (the background), C_MUTED (an underline), C_PICK (the skat's marker), C_CURSOR; any
# other colour is drawn as the table's.
_BAR = b"\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x00\x01\x02\x00"

GW = 7               # glyph width and height
# Glyph rows, 7 bytes per glyph (bit 6 = leftmost pixel): A 10 K Q J 9 8 7 D(ame) B(ube),
# then the suits clubs spades hearts diamonds (bytes: no tuple objects on the heap).
_GLYPHS = (
    b"\x38\x44\x44\x7c\x44\x44\x44"    # A
    b"\x26\x69\x29\x29\x29\x29\x76"    # 10
    b"\x44\x48\x50\x60\x50\x48\x44"    # K
    b"\x38\x44\x44\x44\x54\x48\x34"    # Q
    b"\x1c\x08\x08\x08\x08\x48\x30"    # J
    b"\x38\x44\x44\x3c\x04\x08\x30"    # 9
    b"\x38\x44\x44\x38\x44\x44\x38"    # 8
    b"\x7c\x04\x08\x10\x10\x20\x20"    # 7
    b"\x78\x44\x44\x44\x44\x44\x78"    # D (Dame)
    b"\x78\x44\x44\x78\x44\x44\x78"    # B (Bube)
    b"\x1c\x1c\x6b\x7f\x6b\x08\x1c"    # clubs
    b"\x08\x1c\x3e\x7f\x7f\x08\x1c"    # spades
    b"\x36\x7f\x7f\x7f\x3e\x1c\x08"    # hearts
    b"\x08\x1c\x3e\x7f\x3e\x1c\x08"    # diamonds
)
G_SUIT = 10          # the first suit glyph
RANK_EN = b"\x00\x01\x02\x03\x04\x05\x06\x07"
RANK_DE = b"\x00\x01\x02\x08\x09\x05\x06\x07"   # Dame, Bube

# A tile's two-bit pixels: a card's palette colours them edge, face, glyph, back; a frame's
# palette shows only its line (P_FACE transparent, P_EDGE the frame's colour).
P_EDGE = 0
P_FACE = 1
P_GLYPH = 2
P_BACK = 3
# The tiles of a sheet: the top row's ten rank glyphs, its back and its frame; the middle
# (or, on a compact card, bottom) row's four suits, back and frame; a full card's bottom row:
# the corner suit of each suit, plain, back, frame.
T_BACK_TOP = 10
T_FRAME_TOP = 11
T_SUIT = 12
T_BACK_MID = 16
T_FRAME_MID = 17
T_CORNER = 18
T_PLAIN = 22
T_BACK_BOTTOM = 23
T_FRAME_BOTTOM = 24
N_TILES_FULL = 25
N_TILES_COMPACT = 18

# The pools: the most cards, frames and bars any screen draws at once (a frame of the
# zweimal-offen play: the dummy's and the declarer's open rows of ten compact cards).
FULL = 14
COMPACT = 24
FRAMES = 4           # of each size: the trick's three empty places and the cursor
BARS = 4
# The pools in their order on the screen (later ones over earlier ones), the bars last.
K_COMPACT = 0
K_FULL = 1
K_COMPACT_FRAME = 2
K_FULL_FRAME = 3
K_BARS = 4


class Canvas:
    """The table's sprites, their sheets and palettes (see the module docstring)."""

    def __init__(self, width, height, scale, full, compact, group):
        """``full``, ``compact``: (width, height) of the two card sizes, each height
        ``(rows) * (glyph + 2)``; the layers go into ``group`` behind what follows them."""
        self.width = width
        self.height = height
        self.gw = gw = GW * scale        # glyphs drawn at 7x7 or, on tall screens, 14x14
        self.full = full
        self.compact = compact
        # The background's and the bars' colours (``_BAR``).
        self.palette = displayio.Palette(4)
        for c in (C_TABLE, C_MUTED, C_PICK, C_CURSOR):
            self.palette[_BAR[c]] = _RGB[c]
        # One palette per suit and face (the cards), one per frame colour (transparent inside).
        self.pals = []
        for s in range(8):
            p = displayio.Palette(4)
            p[P_EDGE] = _RGB[C_INK]
            p[P_FACE] = _RGB[C_DIM if s >= 4 else C_FACE]
            p[P_BACK] = _RGB[C_BACK]
            self.pals.append(p)
        self.frame_pals = {}
        for c in (C_CURSOR, C_PICK, C_PANEL):
            p = displayio.Palette(4)
            p.make_transparent(P_FACE)
            p[P_EDGE] = _RGB[c]
            self.frame_pals[c] = p
        self.set_style(0)
        self.ranks = RANK_DE
        self.background = vectorio.Rectangle(pixel_shader=self.palette, width=width,
                                             height=height, x=0, y=0, color_index=0)
        group.append(self.background)
        self.sheets = (self._sheet(full[0], gw + 2, 3, scale),
                       self._sheet(compact[0], gw + 2, 2, scale))
        self.pools = []
        # In K_* order: compact cards, full cards, their frames (over all cards).
        for size, sheet, n, rows in ((compact, 1, COMPACT, 2), (full, 0, FULL, 3),
                                     (compact, 1, FRAMES, 2), (full, 0, FRAMES, 3)):
            pool = []
            for _ in range(n):
                tg = displayio.TileGrid(self.sheets[sheet], pixel_shader=self.pals[0],
                                        width=1, height=rows, tile_width=size[0],
                                        tile_height=gw + 2)
                tg.hidden = True
                group.append(tg)
                pool.append(tg)
            self.pools.append(pool)
        self.bars = []
        for _ in range(BARS):
            r = vectorio.Rectangle(pixel_shader=self.palette, width=1, height=1, x=0, y=0,
                                   color_index=0)
            r.hidden = True
            group.append(r)
            self.bars.append(r)
        self.used = bytearray(5)         # sprites drawn this frame: the four pools, the bars
        self.shown = bytearray(5)        # ... and in the frame before
        self.dropped = 0

    def _sheet(self, tw, th, rows, scale):
        """The tiles of one card size (``T_*``), ``rows`` tiles high a card."""
        n = N_TILES_FULL if rows == 3 else N_TILES_COMPACT
        bm = displayio.Bitmap(n * tw, th, 4)
        gw = self.gw
        for t in range(n):
            if t < T_SUIT:
                row = 0
            elif t < T_CORNER:
                row = 1
            else:
                row = 2
            frame = t in (T_FRAME_TOP, T_FRAME_MID, T_FRAME_BOTTOM)
            back = t in (T_BACK_TOP, T_BACK_MID, T_BACK_BOTTOM)
            bottom = row == rows - 1
            x0 = t * tw
            # A new bitmap is all P_EDGE: the inside of the card's outline gets its colour.
            _fill(bm, x0 + 1, 1 if row == 0 else 0, x0 + tw - 1, th - 1 if bottom else th,
                  P_BACK if back else P_FACE)
            if frame or back or t == T_PLAIN:
                continue
            if row == 0:
                g, gx, gy = t, 2, 2
            elif row == 1:
                g, gx, gy = G_SUIT + t - T_SUIT, 2, 1
            else:
                g, gx, gy = G_SUIT + t - T_CORNER, tw - gw - 2, 0
            for y in range(gw):
                bits = _GLYPHS[7 * g + y // scale]
                for x in range(gw):
                    if bits & (0x40 >> (x // scale)):
                        bm[x0 + gx + x, gy + y] = P_GLYPH
        return bm

    def set_style(self, style):
        """0: four-colour tournament deck (default), 1: classic two-colour."""
        cols = TWO_COLOUR if style else FOUR_COLOUR
        for s in range(4):
            self.pals[s][P_GLYPH] = cols[s]
            self.pals[s + 4][P_GLYPH] = cols[s]

    def set_lang(self, lang):
        self.ranks = RANK_EN if lang else RANK_DE

    def clear(self):
        """A new frame: no sprite drawn yet (``finish`` hides those the frame leaves)."""
        for i in range(5):
            self.used[i] = 0

    def finish(self):
        """Hide the sprites and bars the frame did not draw."""
        for i in range(5):
            items = self.bars if i == K_BARS else self.pools[i]
            for k in range(self.used[i], self.shown[i]):
                items[k].hidden = True
            self.shown[i] = self.used[i]

    def _take(self, kind, x, y, pal):
        """The next sprite of pool ``kind`` at x, y with palette ``pal``; None when the pool
        is spent (a layout bug: counted in ``dropped``)."""
        k = self.used[kind]
        pool = self.pools[kind]
        if k >= len(pool):
            self.dropped += 1
            return None
        self.used[kind] = k + 1
        tg = pool[k]
        if tg.x != x:
            tg.x = x
        if tg.y != y:
            tg.y = y
        if tg.pixel_shader is not pal:
            tg.pixel_shader = pal
        if tg.hidden:
            tg.hidden = False
        return tg

    def card(self, x, y, w, h, card, face=C_FACE, edge=C_INK, corner=True):
        """A card face (card id 0..31) or its back (card < 0) with the top-left corner at x, y,
        compact when ``h`` is the compact card's height: rank over suit at the left edge (the
        part that shows when cards overlap); a full card's corner shows its suit when
        ``corner`` (a card that shows whole). An ``edge`` other than ink frames it in that
        colour, over the cards drawn after it."""
        compact = h <= self.compact[1]
        if card < 0 or card > 31:
            tg = self._take(K_COMPACT if compact else K_FULL, x, y, self.pals[0])
            if tg is not None:
                _set(tg, 0, T_BACK_TOP)
                _set(tg, 1, T_BACK_MID)
                if not compact:
                    _set(tg, 2, T_BACK_BOTTOM)
        else:
            suit = card >> 3
            tg = self._take(K_COMPACT if compact else K_FULL, x, y,
                            self.pals[suit + (4 if face == C_DIM else 0)])
            if tg is not None:
                _set(tg, 0, self.ranks[card & 7])
                _set(tg, 1, T_SUIT + suit)
                if not compact:
                    _set(tg, 2, T_CORNER + suit if corner else T_PLAIN)
        if edge != C_INK:
            self.frame(x, y, w, h, edge)

    def frame(self, x, y, w, h, c):
        """The outline of a card's place (its size as ``card`` takes it) in colour ``c``."""
        compact = h <= self.compact[1]
        pal = self.frame_pals.get(c)
        if pal is None:                  # not a frame's colour (``frame_pals``): a bug
            self.dropped += 1
            return
        tg = self._take(K_COMPACT_FRAME if compact else K_FULL_FRAME, x, y, pal)
        if tg is not None:
            _set(tg, 0, T_FRAME_TOP)
            _set(tg, 1, T_FRAME_MID)
            if not compact:
                _set(tg, 2, T_FRAME_BOTTOM)

    def rect(self, x, y, w, h, c):
        """A filled bar (an underline, a marker) in colour ``c`` (one of ``_BAR``)."""
        c = _BAR[c]
        k = self.used[K_BARS]
        if k >= BARS:
            self.dropped += 1
            return
        self.used[K_BARS] = k + 1
        r = self.bars[k]
        if r.x != x:
            r.x = x
        if r.y != y:
            r.y = y
        if r.width != w:
            r.width = w
        if r.height != h:
            r.height = h
        if r.color_index != c:
            r.color_index = c
        if r.hidden:
            r.hidden = False


def _fill(bm, x1, y1, x2, y2, v):
    """Pixels x1 <= x < x2, y1 <= y < y2 of ``bm`` set to ``v`` (at boot: the sheets)."""
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x1, y1, x2, y2, v)
        return
    for y in range(y1, y2):
        for x in range(x1, x2):
            bm[x, y] = v


def _set(tg, i, tile):
    if tg[i] != tile:
        tg[i] = tile
