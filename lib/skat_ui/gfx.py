"""Drawing into the one full-screen canvas: table, cards, markers.

Everything graphical lives in a single 16-colour ``displayio.Bitmap`` (one TileGrid); text is a
small pool of text strips on top (see ``ui.py``, ``Text``). Ranks and suits are 7x7 pixel glyphs (not font
glyphs: a 6x12 font letter has no room for a readable suit), copied from a glyph sheet that
holds every glyph once per suit colour, so a card costs two ``fill_region`` and two ``blit``.
Card style (four-colour / classic) is only a palette change.
"""

import displayio
try:
    import bitmaptools
except ImportError:          # ports without bitmaptools: slow pixel loops
    bitmaptools = None

# Palette indices.
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
G_SUIT = 10          # column of the suit glyph in the sheet
RANK_EN = b"\x00\x01\x02\x03\x04\x05\x06\x07"
RANK_DE = b"\x00\x01\x02\x08\x09\x05\x06\x07"   # Dame, Bube


def _fill(bm, x1, y1, x2, y2, c):
    if x1 < 0:
        x1 = 0
    if y1 < 0:
        y1 = 0
    if x2 > bm.width:
        x2 = bm.width
    if y2 > bm.height:
        y2 = bm.height
    if x2 <= x1 or y2 <= y1:
        return
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x1, y1, x2, y2, c)
        return
    for y in range(y1, y2):
        for x in range(x1, x2):
            bm[x, y] = c


class Canvas:
    """The full-screen bitmap with its palette and glyph sheet."""

    def __init__(self, width, height, scale=1):
        self.width = width
        self.height = height
        self.gw = gw = GW * scale        # glyphs drawn at 7x7 or, on tall screens, 14x14
        self.bitmap = displayio.Bitmap(width, height, N_COLOURS)
        self.palette = displayio.Palette(N_COLOURS)
        p = self.palette
        p[C_TABLE] = 0x0B5A2A
        p[C_INK] = 0x000000
        p[C_FACE] = 0xFFFFFF
        p[C_BACK] = 0x2850B4
        p[C_CURSOR] = 0xFFD800
        p[C_DIM] = 0xA8A8A8
        p[C_PANEL] = 0x064020
        p[C_WARN] = 0xFF5050
        p[C_TEXT] = 0xFFFFFF
        p[C_MUTED] = 0x9CC8A8
        p[C_PICK] = 0x60C0FF
        p[15] = 0x000000
        self.set_style(0)
        self.tilegrid = displayio.TileGrid(self.bitmap, pixel_shader=self.palette)
        self.sheet = displayio.Bitmap(11 * gw, 4 * gw, N_COLOURS)
        for s in range(4):
            for g in range(11):
                base = 7 * (G_SUIT + s if g == G_SUIT else g)
                for y in range(gw):
                    bits = _GLYPHS[base + y // scale]
                    for x in range(gw):
                        if bits & (0x40 >> (x // scale)):
                            self.sheet[g * gw + x, s * gw + y] = C_SUIT + s
        self.ranks = RANK_DE

    def set_style(self, style):
        """0: four-colour tournament deck (default), 1: classic two-colour."""
        cols = TWO_COLOUR if style else FOUR_COLOUR
        for s in range(4):
            self.palette[C_SUIT + s] = cols[s]

    def set_lang(self, lang):
        self.ranks = RANK_EN if lang else RANK_DE

    def clear(self, c=C_TABLE):
        self.bitmap.fill(c)

    def rect(self, x, y, w, h, c):
        _fill(self.bitmap, x, y, x + w, y + h, c)

    def frame(self, x, y, w, h, c):
        _fill(self.bitmap, x, y, x + w, y + 1, c)
        _fill(self.bitmap, x, y + h - 1, x + w, y + h, c)
        _fill(self.bitmap, x, y, x + 1, y + h, c)
        _fill(self.bitmap, x + w - 1, y, x + w, y + h, c)

    def glyph(self, g, suit, x, y):
        gw = self.gw
        if x < 0 or y < 0 or x + gw > self.width or y + gw > self.height:
            return
        if bitmaptools is not None:
            bitmaptools.blit(self.bitmap, self.sheet, x, y, x1=g * gw, y1=suit * gw,
                             x2=g * gw + gw, y2=suit * gw + gw, skip_source_index=0)
            return
        for yy in range(gw):
            for xx in range(gw):
                v = self.sheet[g * gw + xx, suit * gw + yy]
                if v:
                    self.bitmap[x + xx, y + yy] = v

    def card(self, x, y, w, h, card, face=C_FACE, edge=C_INK, corner=True):
        """A card face (card id 0..31) or its back (card < 0) with the top-left corner at x, y:
        rank over suit at the left edge (the part that shows when cards overlap); a big
        suit at the bottom right when the card is tall enough."""
        self.rect(x, y, w, h, edge)
        if card < 0 or card > 31:
            self.rect(x + 1, y + 1, w - 2, h - 2, C_BACK)
            return
        self.rect(x + 1, y + 1, w - 2, h - 2, face)
        suit = card >> 3
        self.glyph(self.ranks[card & 7], suit, x + 2, y + 2)
        gw = self.gw
        self.glyph(G_SUIT, suit, x + 2, y + 3 + gw)
        if corner and h >= 3 * gw + 4 and w >= 2 * gw:     # only on a card that shows whole
            self.glyph(G_SUIT, suit, x + w - gw - 2, y + h - gw - 2)
