"""displayio for the memory test: objects hold what the firmware's hold on the heap.

Bitmap: pixels packed at 1/2/4/8/16 bits per value in rows of 32-bit words (CircuitPython's
layout, so the same byte count); Palette: its colours and transparency flags; TileGrid: one
byte per tile; Group: a list of children. The display draws nothing: refresh() only counts.
"""

import _driver


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


def _fill_bytes(buf, start, end, b):
    """buf[start:end] = b without allocating a buffer of that size (doubling copies)."""
    if end <= start:
        return
    mv = memoryview(buf)
    mv[start] = b
    n = 1
    size = end - start
    while n < size:
        k = n if n < size - n else size - n
        mv[start + n:start + n + k] = mv[start:start + k]
        n += k


class _RomBitmap:
    """A bitmap in flash (the built-in font): reads a fixed pattern, holds no heap."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.bits_per_value = 1

    def __getitem__(self, xy):
        return rom_pixel(xy[0], xy[1])


def rom_pixel(x, y):
    return (x + y) & 1 if 1 < (x % 6) < 5 and 1 < y < 10 else 0


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


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = bitmap.width if tile_width is None else tile_width
        self.tile_height = bitmap.height if tile_height is None else tile_height
        self._tiles = bytearray(width * height)
        if default_tile:
            _fill_bytes(self._tiles, 0, len(self._tiles), default_tile)
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False

    def __getitem__(self, i):
        if not isinstance(i, int):
            i = i[1] * self.width + i[0]
        return self._tiles[i]

    def __setitem__(self, i, v):
        if not isinstance(i, int):
            i = i[1] * self.width + i[0]
        self._tiles[i] = v

    def contains(self, point):
        return False


class Group:
    # x, y, scale, hidden are properties as in the firmware, so that a subclass's own
    # properties (adafruit_display_text's Label.scale) are not run by __init__.
    def __init__(self, *, scale=1, x=0, y=0):
        self._children = []
        self._g_scale = scale
        self._g_x = x
        self._g_y = y
        self._g_hidden = False

    @property
    def scale(self):
        return self._g_scale

    @scale.setter
    def scale(self, v):
        self._g_scale = v

    @property
    def x(self):
        return self._g_x

    @x.setter
    def x(self, v):
        self._g_x = v

    @property
    def y(self):
        return self._g_y

    @y.setter
    def y(self, v):
        self._g_y = v

    @property
    def hidden(self):
        return self._g_hidden

    @hidden.setter
    def hidden(self, v):
        self._g_hidden = v

    def append(self, layer):
        self._children.append(layer)

    def insert(self, i, layer):
        self._children.insert(i, layer)

    def index(self, layer):
        return self._children.index(layer)

    def pop(self, i=-1):
        return self._children.pop(i)

    def remove(self, layer):
        self._children.remove(layer)

    def sort(self, key=None, reverse=False):
        self._children.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._children)

    def __getitem__(self, i):
        return self._children[i]

    def __setitem__(self, i, v):
        self._children[i] = v

    def __delitem__(self, i):
        del self._children[i]

    def __contains__(self, layer):
        return layer in self._children

    def __iter__(self):
        return iter(self._children)


class _Display:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.rotation = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        _driver.refreshes += 1
        return True


def release_displays():
    pass
