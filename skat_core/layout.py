"""The trick rule, and the live numbering built from it: every card set during play is a
small int below 2**30.

The rule (rules.md §3), in one place for the engine, the solver and the bot:

- play goes vh -> mh -> hh; in Ramsch, where the dummy's cards are out, vh <-> hh
  (``next_seat``);
- a card's effective suit, its field (``field_of``): the jacks and, in a suit game, the trump
  suit are the trump field; in Null there is no trump and a jack is a card of its suit;
- inside a field the cards rank by ``PLAIN_POWER`` (suit, Grand, Ramsch: 7 8 9 Q K T A, the
  trump suit's cards in a suit game below the jacks), ``JACK_POWER`` (DJ HJ SJ CJ) and
  ``NULL_POWER`` (7 8 9 T J Q K A); ``power`` gives those ranks as numbers;
- a trick goes to the strongest card of the led field, or to the strongest trump if any was
  played (``beats``).

Once the game type and the out-of-play cards are fixed (the skat after the discard; in Ramsch
also the dummy's ten cards), the live cards - at most 30 - get bits 0..n_live-1. Effective suits
("fields") lie in ascending order D, H, S, C, then the trumps on top; inside a field a higher bit
beats a lower one. Therefore:

- the cards that follow suit are ``hand & field_mask[led_field]`` (any card if that is empty);
- a trick goes to the highest bit among its cards in ``field_mask[led_field] | trump_mask``.

Field index = suit index (C 0, S 1, H 2, D 3) and ``TRUMP`` (4). In Null there are no trumps and
field 4 is empty. A ``Layout`` is allocated once and refilled by ``setup`` for each game.
"""

from skat_core.cards import (
    const, POINTS, GT_GRAND, GT_NULL, GT_RAMSCH, R_JACK, NO_CARD, VH, HH,
)

TRUMP = const(4)

# Field order from the lowest bits up, and each field's ranks from weakest to strongest.
FIELD_ORDER = b"\x03\x02\x01\x00"
PLAIN_POWER = b"\x07\x06\x05\x03\x02\x01\x00"          # 7 8 9 Q K T A
NULL_POWER = b"\x07\x06\x05\x01\x04\x03\x02\x00"       # 7 8 9 T J Q K A
JACK_POWER = b"\x1c\x14\x0c\x04"                       # DJ HJ SJ CJ


# The same orders by rank (A T K Q J 9 8 7) and, for the jacks, by suit: each card's place in
# the table above (tests/rules/test_trick_rule.py checks that they agree).
_PLAIN_RANK = b"\x06\x05\x04\x03\x00\x02\x01\x00"
_NULL_RANK = b"\x07\x03\x06\x05\x04\x02\x01\x00"
_JACK_RANK = b"\x03\x02\x01\x00"


def next_seat(seat, ramsch):
    """The seat that plays after ``seat``: vh -> mh -> hh -> vh; in Ramsch vh <-> hh."""
    if ramsch:
        return HH if seat == VH else VH
    return seat + 1 if seat < HH else VH


def field_of(card, game_type):
    """Effective suit of global card ``card`` in ``game_type``: its suit (0..3) or ``TRUMP``."""
    suit = card >> 3
    if game_type == GT_NULL:
        return suit
    if (card & 7) == R_JACK:
        return TRUMP
    if game_type < GT_GRAND and suit == game_type:
        return TRUMP
    return suit


def power(card, game_type):
    """Rank of global card ``card`` inside its field in ``game_type`` (1 = weakest); a trump
    ranks above every plain card. Only cards of one field compare by power."""
    r = card & 7
    if game_type == GT_NULL:
        return 1 + _NULL_RANK[r]
    if r == R_JACK:
        return 18 + _JACK_RANK[card >> 3]
    p = 1 + _PLAIN_RANK[r]
    if game_type < GT_GRAND and (card >> 3) == game_type:
        return p + 10
    return p


def beats(card, best, game_type):
    """Does ``card`` take the trick from its best card so far, ``best``? Only a stronger card
    of the same field or, over a plain card, any trump."""
    fc = field_of(card, game_type)
    fb = field_of(best, game_type)
    if fc == fb:
        return power(card, game_type) > power(best, game_type)
    return game_type != GT_NULL and fc == TRUMP


def _high_table():
    t = bytearray(256)
    t[0] = NO_CARD
    for i in range(2, 256):
        t[i] = t[i >> 1] + 1
    return t


# The bit helpers, one family for the engine, the solver and the bot (as python-chess's lsb,
# msb, popcount): ``bit_index`` (of a single bit), ``low_bit``, ``high_bit``, ``bit_count``,
# ``low_mask``, ``two_bits`` (a field of a packed store). Each of the first three and
# ``two_bits`` is one expression, and the bundle writes it in place of its calls
# (sim/build/helpers.py: no call in the search's loops), so the source names what it does.
#
# IDX37[b % 37] is the index of a power of two b < 2**36: 2 is a primitive root mod 37, so
# the 36 powers have 36 distinct residues. One modulo and one lookup, no loop.
IDX37 = bytearray(37)
for _i in range(30):
    IDX37[(1 << _i) % 37] = _i
del _i
# Index of the highest set bit of a byte (255 for 0): 256 bytes on the heap for good (a
# 10-bit table was 1 KB) for one more test per call.
HIGH8 = _high_table()


def bit_index(b):
    """Index of ``b``, a single bit of a live mask."""
    return IDX37[b % 37]


def low_bit(mask):
    """Index of the lowest set bit of a live mask (mask > 0)."""
    return IDX37[(mask & -mask) % 37]


def high_bit(mask):
    """Index of the highest set bit of a live mask (mask > 0): two tests and a byte."""
    return ((HIGH8[mask >> 24] + 24 if mask >> 24 else HIGH8[mask >> 16] + 16) if mask >> 16
            else (HIGH8[mask >> 8] + 8 if mask >> 8 else HIGH8[mask]))


def two_bits(buf, i):
    """The ``i``-th two-bit field of the bytes ``buf``, four to a byte, the lowest bits first
    (the bot's world store: a card's holder, 0-3)."""
    return buf[i >> 2] >> ((i & 3) << 1) & 3


def low_mask(n):
    """Bits 0..n-1 set, for n <= 30, without the intermediate 1 << 30 (a heap long on the
    device: the solver re-runs ``setup`` per world while the heap is locked)."""
    if n == 0:
        return 0
    return (((1 << (n - 1)) - 1) << 1) | 1


def bit_count(mask):
    """Number of set bits (one step per bit: used outside the search's inner loops)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


class Layout:
    """The live numbering of one game; see the module docstring."""

    def __init__(self):
        self.card_at = bytearray(30)       # global card id of each live bit
        self.bit_of = bytearray(32)        # live bit of each global card, NO_CARD if out of play
        self.pts = bytearray(30)           # card points of each live bit
        self.field_of = bytearray(30)      # field (0..3 suit, 4 trump) of each live bit
        self.field_mask = [0, 0, 0, 0, 0]  # live mask of each field
        self.trump_mask = 0
        self.n_live = 0
        self.all_mask = 0
        self.game_type = -1

    def setup(self, game_type, out_cards):
        """Number the live cards for ``game_type``; ``out_cards`` are global ids out of play."""
        if game_type < 0 or game_type > GT_RAMSCH:
            raise ValueError("unknown game type")
        self.game_type = game_type
        bit_of = self.bit_of
        for c in range(32):
            bit_of[c] = 0
        for c in out_cards:
            bit_of[c] = NO_CARD
        n = 0
        null = game_type == GT_NULL
        for f in FIELD_ORDER:
            start = n
            if game_type != f:  # the trump suit's own cards go into the trump field below
                n = self._place(f, NULL_POWER if null else PLAIN_POWER, f, n)
            self.field_mask[f] = low_mask(n) ^ low_mask(start)
        start = n
        if not null:
            if game_type < GT_GRAND:
                n = self._place(game_type, PLAIN_POWER, TRUMP, n)
            for c in JACK_POWER:
                n = self._put(c, TRUMP, n)
        self.field_mask[TRUMP] = low_mask(n) ^ low_mask(start)
        self.trump_mask = self.field_mask[TRUMP]
        self.n_live = n
        self.all_mask = low_mask(n)
        for i in range(n, 30):
            self.card_at[i] = NO_CARD
            self.pts[i] = 0
            self.field_of[i] = 0
        return self

    def _place(self, suit, power, field, n):
        null = self.game_type == GT_NULL
        for r in power:
            if r == R_JACK and not null:
                continue
            n = self._put(suit * 8 + r, field, n)
        return n

    def _put(self, c, field, n):
        if self.bit_of[c] == NO_CARD:
            return n
        self.bit_of[c] = n
        self.card_at[n] = c
        self.pts[n] = POINTS[c & 7]
        self.field_of[n] = field
        return n + 1

    def points(self, mask):
        """Card points of the live cards in ``mask``."""
        total = 0
        pts = self.pts
        while mask:
            b = high_bit(mask)
            total += pts[b]
            mask ^= 1 << b
        return total

    def ids_of(self, mask, out):
        """Write the global ids of ``mask`` into ``out`` (strongest first); return the count."""
        k = 0
        i = self.n_live - 1
        while i >= 0:
            if (mask >> i) & 1:
                out[k] = self.card_at[i]
                k += 1
            i -= 1
        return k
