"""The firmware's built-in font, as the simulator's ``terminalio.FONT``.

CircuitPython's ``terminalio.FONT`` is one bitmap of equal glyph cells in a row - printable
ASCII first, then the letters the firmware's language needs - and every ``get_glyph`` names
that bitmap and the glyph's cell (``tile_index``), so a TileGrid over the bitmap draws text
(the firmware's terminal does, and so do the app's text lines, lib/skat_ui/ui.py). Blinka's
``terminalio.FONT`` gives each glyph a bitmap of its own. ``install`` puts a sheet of the same
glyphs (Terminus 6x12, the firmware's design) in its place, with the umlauts of a German
firmware after ASCII.
"""

LETTERS = [chr(c) for c in range(32, 127)] + list("äöüÄÖÜßé")


class SheetFont:
    """A ``fontio.BuiltinFont`` as the firmware has it: ``bitmap`` (one row of cells),
    ``get_glyph(cp)`` (a Glyph naming that bitmap and the cell, None for a letter it lacks),
    ``get_bounding_box()``."""

    def __init__(self, font, displayio, fontio):
        g0 = font.get_glyph(ord("A"))
        self.w, self.h = g0.width, g0.height
        self.bitmap = displayio.Bitmap(self.w * len(LETTERS), self.h, 2)
        self.glyphs = {}
        for i, ch in enumerate(LETTERS):
            g = font.get_glyph(ord(ch))
            if g is None:
                continue
            bm = g.bitmap
            per_row = bm.width // g.width
            x1 = (g.tile_index % per_row) * g.width
            y1 = (g.tile_index // per_row) * g.height
            for y in range(min(g.height, self.h)):
                for x in range(min(g.width, self.w)):
                    if bm[x1 + x, y1 + y]:
                        self.bitmap[i * self.w + x, y] = 1
            self.glyphs[ord(ch)] = fontio.Glyph(
                bitmap=self.bitmap, tile_index=i, width=self.w, height=self.h, dx=g.dx,
                dy=g.dy, shift_x=g.shift_x, shift_y=g.shift_y)

    def get_bounding_box(self):
        return (self.w, self.h)

    def get_glyph(self, codepoint):
        return self.glyphs.get(codepoint)


def install(displayio, fontio, terminalio):
    """Put the sheet font in Blinka's ``terminalio.FONT`` (once)."""
    if not isinstance(terminalio.FONT, SheetFont):
        terminalio.FONT = SheetFont(terminalio.FONT, displayio, fontio)
