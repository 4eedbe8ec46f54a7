"""Power-safe storage of one payload in ``microcontroller.nvm``: two alternating slots.

The nvm is split into two equal slots. A slot holds::

    0  b"SK"        magic
    2  version      FORMAT (1 byte)
    3  seq          u16 little-endian, +1 per save (wraps; "newer" is the forward distance)
    5  n            u16 little-endian payload length
    7  payload      n bytes
    7+n crc         CRC-16/CCITT (u16 LE) of bytes 0 .. 7+n

A save writes the whole new slot with ONE slice assignment into the slot that does not hold
the newest valid save (every nvm assignment erases and writes flash, so one per save). Until
the last byte is written the new slot's checksum does not match, so a power cut anywhere in the
write leaves the previous save as the newest valid one. A slot that is neither valid nor blank
(erased flash) is foreign or corrupt: ``load`` reports it once through ``status`` and ignores it.
A power cut in the very first save leaves such a slot beside a blank one: ``lone`` names it,
and ``restore.status`` (boot only, so its code is not resident) tells it from corrupt data.

Two stores share the nvm. Each half of it begins with a slot of the app's save (``LIVE``
bytes: settings, the running list, the deal in progress) and ends with a slot of the shelf
(storage/shelf.py: the lists of the other tables, parked while you play at one), so each
store's two slots lie in the two halves. Saves from before the shelf are where they were.
"""

FORMAT = 1
HEADER = 7
LIVE = 1536      # bytes of each half that are the app's save (a slot image is below 1.3 KB)
MAGIC0 = 0x53  # "S"
MAGIC1 = 0x4B  # "K"

# status after load()
ST_EMPTY = 0     # nothing saved yet (erased flash)
ST_OK = 1        # a valid save was found (a broken second slot is a normal power-cut leftover)
ST_BAD = 2       # something is stored, but no slot is valid: corrupt or foreign data

def crc16(buf, start, end):
    """CRC-16/CCITT-FALSE of ``buf[start:end]`` (bit by bit: a save is a few hundred bytes,
    and two 256-byte tables would stay on the heap for it)."""
    c = 0xFFFF
    for i in range(start, end):
        c ^= buf[i] << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c


def _slot_blank(nvm, base):
    first = nvm[base]
    if first != 0 and first != 0xFF:
        return False
    for i in range(base + 1, base + HEADER):
        if nvm[i] != first:
            return False
    return True


def _slot_payload_range(nvm, base, size):
    """(seq, slot bytes) of a valid slot at ``base``, or None."""
    if nvm[base] != MAGIC0 or nvm[base + 1] != MAGIC1 or nvm[base + 2] != FORMAT:
        return None
    n = nvm[base + 5] | (nvm[base + 6] << 8)
    end = base + HEADER + n
    if end + 2 > base + size:
        return None
    # One slice read: on the device each nvm index is a separate call into the flash driver.
    raw = nvm[base:end + 2]
    if crc16(raw, 0, end - base) != (raw[end - base] | (raw[end - base + 1] << 8)):
        return None
    return (raw[3] | (raw[4] << 8), raw)


def newer(a, b):
    """True when sequence number ``a`` was written after ``b`` (u16, wrapping)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


class Store:
    """The two-slot store over an nvm-like byte sequence (``microcontroller.nvm``): slot 0 at
    ``at``, slot 1 half the nvm later, each ``size`` bytes (0: to the end of its half)."""

    def __init__(self, nvm, at=0, size=0):
        self.nvm = nvm
        self.step = len(nvm) // 2 if nvm is not None else 0
        self.at = at
        self.slot_size = max(0, min(size or self.step, self.step - at))
        self.seq = 0
        self.slot = 1          # slot of the newest valid save; the next save goes to the other
        self.status = ST_EMPTY
        self.lone = -1         # after load: start of the one non-blank slot if no slot is valid

    def base(self, slot):
        """Where slot 0 or 1 begins in the nvm."""
        return slot * self.step + self.at

    def blank(self):
        """Has nothing ever been saved in this store (both slots erased flash)?"""
        return _slot_blank(self.nvm, self.base(0)) and _slot_blank(self.nvm, self.base(1))

    def capacity(self):
        """Largest payload a slot can hold."""
        return self.slot_size - HEADER - 2

    def load(self):
        """The newest valid payload (bytes) or None; sets ``status``."""
        self.status = ST_EMPTY
        if self.slot_size < HEADER + 2:
            return None
        best = None
        junk = 0
        self.lone = -1
        for s in (0, 1):
            base = self.base(s)
            r = _slot_payload_range(self.nvm, base, self.slot_size)
            if r is None:
                if not _slot_blank(self.nvm, base):
                    junk += 1
                    self.lone = base
                continue
            if best is None or newer(r[0], best[0]):
                best = (r[0], r[1], s)
        if junk != 1 or best is not None:
            self.lone = -1
        if best is None:
            self.status = ST_BAD if junk else ST_EMPTY
            self.seq = 0
            self.slot = 1
            return None
        self.status = ST_OK
        self.seq = best[0]
        self.slot = best[2]
        raw = best[1]
        return bytes(raw[HEADER:len(raw) - 2])

    def save(self, payload):
        """Write ``payload`` into the other slot with one slice assignment. Returns False
        (and writes nothing) when it does not fit."""
        n = len(payload)
        if n > self.capacity():
            return False
        buf = bytearray(HEADER + n + 2)
        buf[HEADER:HEADER + n] = payload
        return self.write(buf, n)

    def write(self, buf, n):
        """``save`` of the ``n`` payload bytes already at ``buf[HEADER:]``: the header and the
        checksum are put around them in ``buf`` (a buffer the app keeps for every save, so a
        save takes no new block; it may be longer) and the slot is written from it."""
        if n > self.capacity():
            return False
        seq = (self.seq + 1) & 0xFFFF
        buf[0] = MAGIC0
        buf[1] = MAGIC1
        buf[2] = FORMAT
        buf[3] = seq & 0xFF
        buf[4] = seq >> 8
        buf[5] = n & 0xFF
        buf[6] = n >> 8
        crc = crc16(buf, 0, HEADER + n)
        buf[HEADER + n] = crc & 0xFF
        buf[HEADER + n + 1] = crc >> 8
        slot = 1 - self.slot
        base = self.base(slot)
        k = HEADER + n + 2
        self.nvm[base:base + k] = buf if len(buf) == k else memoryview(buf)[:k]
        self.seq = seq
        self.slot = slot
        return True
