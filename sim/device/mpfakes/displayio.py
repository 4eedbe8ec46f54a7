"""displayio for the memory test: objects hold what the firmware's hold on the heap.

Bitmap: pixels packed at 1/2/4/8/16 bits per value in rows of 32-bit words (CircuitPython's
layout, so the same byte count); Palette: its colours and transparency flags; TileGrid: one
byte per tile; Group: a list of children. The display draws nothing: refresh() only counts.
"""

from _dio_tree import TileGrid, Group, _Display, release_displays, _fill_bytes, rom_pixel  # noqa: F401


def _bits_for(value_count):
    bits = 1
    while (1 << bits) < value_count:
        bits *= 2
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self.bits_per_value = _bits_for(value_count)
        self._stride = ((width * self.bits_per_value + 31) // 32) * 4  # bytes per row
        self._data = bytearray(self._stride * height)

    def __getitem__(self, xy):
        if isinstance(xy, int):
            return get_pixel(self, xy % self.width, xy // self.width)
        return get_pixel(self, xy[0], xy[1])

    def __setitem__(self, xy, v):
        if isinstance(xy, int):
            x, y = xy % self.width, xy // self.width
        else:
            x, y = xy
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            raise IndexError("pixel out of bounds")
        set_pixel(self, x, y, v)

    def fill(self, v):
        bits = self.bits_per_value
        if bits >= 8:
            b = v & 0xFF
        else:
            b = 0
            for s in range(0, 8, bits):
                b |= v << s
        _fill_bytes(self._data, 0, len(self._data), b & 0xFF)
        if bits == 16:
            for i in range(1, len(self._data), 2):
                self._data[i] = v >> 8

    def dirty(self, x1=0, y1=0, x2=0, y2=0):
        pass


# Pixel access without allocating (no tuples): bitmaptools is C on the device and must not
# make garbage here either (the harness collects only between app steps).
def get_pixel(bm, x, y):
    bits = bm.bits_per_value
    bit = x * bits
    i = y * bm._stride + (bit >> 3)
    if bits == 8:
        return bm._data[i]
    if bits == 16:
        return bm._data[i] | (bm._data[i + 1] << 8)
    return (bm._data[i] >> (bit & 7)) & ((1 << bits) - 1)


def set_pixel(bm, x, y, v):
    bits = bm.bits_per_value
    bit = x * bits
    i = y * bm._stride + (bit >> 3)
    if bits == 8:
        bm._data[i] = v
        return
    if bits == 16:
        bm._data[i] = v & 0xFF
        bm._data[i + 1] = v >> 8
        return
    shift = bit & 7
    m = ((1 << bits) - 1) << shift
    bm._data[i] = (bm._data[i] & ~m) | ((v << shift) & m)


class _RomBitmap:
    """A bitmap in flash (the built-in font): reads a fixed pattern, holds no heap."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.bits_per_value = 1

    def __getitem__(self, xy):
        return rom_pixel(xy[0], xy[1])


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colors = [0] * color_count
        self._transparent = bytearray(color_count)
        # The firmware keeps 12 bytes per colour (rgb888, cached converted colour and
        # colourspace, flags); the list and flags above hold 5: this makes up the rest.
        self._cache = bytearray(7 * color_count)

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, i):
        return self._colors[i]

    def __setitem__(self, i, color):
        if isinstance(color, int):
            self._colors[i] = color
        else:
            self._colors[i] = (color[0] << 16) | (color[1] << 8) | color[2]

    def make_transparent(self, i):
        self._transparent[i] = 1

    def make_opaque(self, i):
        self._transparent[i] = 0

    def is_transparent(self, i):
        return self._transparent[i] == 1


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        pass
