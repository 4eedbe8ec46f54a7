"""bitmaptools in Python (C on the device: no heap)."""

import displayio
from displayio import get_pixel, set_pixel, rom_pixel, _RomBitmap


def fill_region(dest, x1, y1, x2, y2, value):
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    if x1 < 0:
        x1 = 0
    if y1 < 0:
        y1 = 0
    if x2 > dest.width:
        x2 = dest.width
    if y2 > dest.height:
        y2 = dest.height
    if x2 <= x1 or y2 <= y1:
        return
    bits = dest.bits_per_value
    if bits == 8:
        for y in range(y1, y2):
            base = y * dest._stride
            displayio._fill_bytes(dest._data, base + x1, base + x2, value)
        return
    for y in range(y1, y2):
        for x in range(x1, x2):
            set_pixel(dest, x, y, value)


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    rom = isinstance(source, _RomBitmap)
    for sy in range(y1, y2):
        dy = y + sy - y1
        if dy < 0 or dy >= dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if dx < 0 or dx >= dest.width:
                continue
            v = rom_pixel(sx, sy) if rom else get_pixel(source, sx, sy)
            if skip_source_index is not None and v == skip_source_index:
                continue
            if skip_dest_index is not None and get_pixel(dest, dx, dy) == skip_dest_index:
                continue
            set_pixel(dest, dx, dy, v)


def replace_color(dest, old, new):
    for y in range(dest.height):
        for x in range(dest.width):
            if get_pixel(dest, x, y) == old:
                set_pixel(dest, x, y, new)
