"""Solver transposition table: positions at trick starts, bounds relative to the points so far.

A trick start is fully described by the cards left in each hand and the seat to lead;
everything scored before it only shifts the target. So an entry stores bounds on the
declarer's *future* metric (points, or tricks in trick mode): ``lo`` (he surely gets at
least this) and ``hi`` (he surely gets no more); a zero-window test needing ``need`` more
is answered when ``lo >= need`` (yes) or ``hi < need`` (no). Besides the bounds the entry
keeps the move that caused the last cutoff, tried first next time.

Preallocated parallel arrays, ``slots`` a power of two; always-replace. Entries carry a
generation byte: ``new_generation`` invalidates everything in O(1) (a full clear only
every 255 generations), which matters because the bot loads many worlds per decision and
each load renumbers the live cards. Memory: 2 key words + 5 bytes per slot (about 13 bytes
on a 32-bit board: 13 KB for 1,024 slots).

The key is the three hands in two words: ``h0 | h1`` and ``h1 | h2``. The
hands at a trick start are disjoint, so ``h1`` is the two words' common part and ``h0``,
``h2`` what each has besides: two words name the position as exactly as three (no two
positions share a key), and the device's kept table is 1 KB smaller (256 slots).

The hash mixes the three hands with 30-bit rotations, so no intermediate value reaches
2**30 (a heap long on the device).
"""

NO_MOVE = 255


class Table:
    def __init__(self, slots, keys=None):
        """``keys``: two lists of ``slots`` ints to hold the keys, taken earlier (the bot's
        ``device_blocks``), or None to allocate them here."""
        n = 1
        while n < slots:
            n <<= 1
        self.slots = n
        self.mask = n - 1
        if keys is not None and len(keys[0]) == n:
            self.k0, self.k1 = keys
        else:
            self.k0 = [0] * n
            self.k1 = [0] * n
        self.lead = bytearray(n)
        self.gen = bytearray(n)
        self.lo = bytearray(n)
        self.hi = bytearray(n)
        self.move = bytearray(n)
        self.cur = 1

    def new_generation(self):
        """Forget every entry (new position numbering or new metric)."""
        g = self.cur + 1
        if g > 255:
            gen = self.gen
            for i in range(self.slots):
                gen[i] = 0
            g = 1
        self.cur = g


def slot_of(mask, h0, h1, h2, leader):
    x = h0 ^ (((h1 & 0xFFFFF) << 10) | (h1 >> 20)) ^ (((h2 & 0x3FF) << 20) | (h2 >> 10))
    return (x ^ (x >> 11) ^ (x >> 22) ^ (leader << 7)) & mask


def probe(t, h0, h1, h2, leader):
    """Slot of the entry for this trick start, or -1 if the table does not hold it."""
    i = slot_of(t.mask, h0, h1, h2, leader)
    if (t.gen[i] == t.cur and t.k0[i] == h0 | h1 and t.k1[i] == h1 | h2
            and t.lead[i] == leader):
        return i
    return -1


def store(t, h0, h1, h2, leader, need, result, exact, move):
    """Record that the declarer's future metric is >= need (result 1) or < need (result 0).

    Bounds are recorded only for ``exact`` results (no static estimate below); the move is
    kept either way, for ordering.
    """
    i = slot_of(t.mask, h0, h1, h2, leader)
    a = h0 | h1
    b = h1 | h2
    if not (t.gen[i] == t.cur and t.k0[i] == a and t.k1[i] == b and t.lead[i] == leader):
        t.gen[i] = t.cur
        t.k0[i] = a
        t.k1[i] = b
        t.lead[i] = leader
        t.lo[i] = 0
        t.hi[i] = 255
        t.move[i] = NO_MOVE
    if exact:
        if result:
            if need > t.lo[i]:
                t.lo[i] = need
        elif need - 1 < t.hi[i]:
            t.hi[i] = need - 1
    if move != NO_MOVE:
        t.move[i] = move
