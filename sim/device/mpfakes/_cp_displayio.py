"""displayio for CircuitPython's unix port: its own Bitmap and Palette (C, as on a board,
so bitmaptools works on them) plus the parts the port lacks (_dio_tree). The guest puts
this module into sys.modules as ``displayio``: a built-in wins over a file of its name.
"""

from displayio import Bitmap, Palette, ColorConverter  # noqa: F401 - the port's own
from _dio_tree import TileGrid, Group, _Display, release_displays, rom_pixel  # noqa: F401


def _RomBitmap(width, height):
    """The built-in font's glyph sheet (flash on a board): a real 1-bit Bitmap here, so that
    bitmaptools.blit can read it; its bytes are part of the fakes' footprint."""
    bm = Bitmap(width, height, 2)
    for y in range(height):
        for x in range(width):
            if rom_pixel(x, y):
                bm[x, y] = 1
    return bm
