"""A small seeded PRNG and Fisher-Yates shuffle, identical on CPython, MicroPython, CircuitPython.

CircuitPython's ``random`` has no ``shuffle`` and another generator, so a seed would deal other
cards on the device. This generator is a linear congruential generator modulo 2**30
(``x = a*x + c``, ``a = 5**6 = 15625`` (= 1 mod 4) and odd ``c`` give the full period 2**30).
The state never reaches 2**30, and the multiplication is done on 15-bit halves so no
intermediate value does either: every number stays a small int (no heap longs, no allocation),
so the bot may draw random numbers while the heap is locked.

Only the top 15 bits of the state are used as output: the low bits of a power-of-two LCG have
short periods, the high ones do not.
"""

from skat_core.cards import const

_A = const(15625)
_C = const(12345)
_MASK15 = const(0x7FFF)


class Rng:
    """Seeded generator; ``seed(s)`` with any int gives the same sequence everywhere."""

    def __init__(self, seed=1):
        self.lo = 0
        self.hi = 0
        self.seed(seed)

    def seed(self, s):
        """Reset the state from an int seed (negative or big seeds are folded into 30 bits)."""
        if s < 0:
            s = -s
        # Fold big seeds down 15 bits at a time; small seeds skip the loop.
        x = 0x2545F49
        while s:
            x = (x ^ (s & 0x3FFFFFFF)) & 0x3FFFFFFF
            s >>= 30
            x = ((x & 0x7FFF) * 31 + (x >> 15) * 17 + 0x1234) & 0x3FFFFFFF
        self.lo = x & _MASK15
        self.hi = x >> 15
        # Warm up so that nearby seeds diverge.
        for _ in range(8):
            self.next15()

    def next15(self):
        """Advance and return 15 random bits (0 .. 32767)."""
        x = _A * self.lo + _C
        self.lo = x & _MASK15
        self.hi = (_A * self.hi + (x >> 15)) & _MASK15
        return self.hi

    def below(self, n):
        """A random int in ``0 .. n-1`` for ``1 <= n <= 32768`` (multiply-shift, no division)."""
        return (self.next15() * n) >> 15

    def shuffle(self, seq, n=-1):
        """Fisher-Yates shuffle in place of a list or bytearray, or of its first ``n`` entries
        (fixed buffers: no slice, no allocation)."""
        i = (len(seq) if n < 0 else n) - 1
        while i > 0:
            j = self.below(i + 1)
            t = seq[i]
            seq[i] = seq[j]
            seq[j] = t
            i -= 1
        return seq


def shuffled_pack(seed):
    """The 32 card ids shuffled by ``Rng(seed)``: the pack ``d[0..31]`` of rules.md §1."""
    pack = bytearray(range(32))
    Rng(seed).shuffle(pack)
    return pack
