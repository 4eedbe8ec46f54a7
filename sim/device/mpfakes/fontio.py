"""fontio.BuiltinFont / Glyph (the glyph sheet is in flash on the device)."""

import displayio


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    def __init__(self):
        # 95 printable ASCII glyphs of 6x12 in one row, stored in flash.
        self.bitmap = displayio._RomBitmap(6 * 95, 12)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        i = codepoint - 32
        if i < 0 or i >= 95:
            i = 31  # '?'
        return Glyph(self.bitmap, i, 6, 12, 0, -2, 6, 0)
