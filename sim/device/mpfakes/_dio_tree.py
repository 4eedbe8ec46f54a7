"""The parts of displayio that CircuitPython's unix port lacks: TileGrid, Group and the
display (shared by the WASI harness's displayio.py and the real interpreter's
_cp_displayio.py). They hold what the firmware's objects hold on the heap: a TileGrid one
byte per tile, a Group a list of children. The display draws nothing: refresh() only counts.
"""

import _driver


def rom_pixel(x, y):
    """The pattern of the built-in font's glyph sheet (in flash on a board)."""
    return (x + y) & 1 if 1 < (x % 6) < 5 and 1 < y < 10 else 0


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


class TileGrid:
    # About the firmware's size: its C struct is ~80 bytes plus the tiles. Only what the app
    # sets or reads is an instance attribute (an instance dict with 13 entries was ~200 B on
    # CircuitPython's port, 7 are ~110 B); the rest are class-level defaults.
    flip_x = False
    flip_y = False
    transpose_xy = False

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self._tiles = bytearray(width * height)
        if default_tile:
            _fill_bytes(self._tiles, 0, len(self._tiles), default_tile)
        self.x = x
        self.y = y
        self.hidden = False

    @property
    def height(self):
        return len(self._tiles) // self.width

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
