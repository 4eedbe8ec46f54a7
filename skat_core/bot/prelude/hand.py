"""Hand evaluation before play: one strength bucket per game class, from per-suit rank masks.

The bidding table (``bidtable``) maps these buckets to a win probability measured offline by
solving many deals (``python -m sim train-bidding``). The bucket is a weighted count of the
classic signs of a good hand (docs/bot.md): trumps and high jacks, side aces, tens guarded by
their ace, voids for a suit game; jacks, aces and guarded tens for Grand; low, gap-free suits
for Null. The weights only have to order hands sensibly: the table, not the weights, turns a
bucket into a probability.

A hand is four rank masks ``m[suit]`` (bit r = rank r held, ranks ``A T K Q J 9 8 7`` = 0..7),
filled by ``load`` from global ids, optionally skipping two of them (a candidate discard), so
the 66 discards x 6 games are scored without building lists: nothing here allocates.
"""

from skat_core.cards import const, GT_GRAND, GT_NULL, NO_CARD

N_BUCKETS = const(24)
_A = const(1)           # rank bits
_T = const(2)
_K = const(4)
_J = const(16)
# Jack weights CJ SJ HJ DJ in tenths, for suit games and for Grand.
_JACK_W_SUIT = b"\x16\x12\x0f\x0d"
_JACK_W_GRAND = b"\x1e\x19\x16\x14"
# Null order from the lowest card up: 7 8 9 T J Q K A as rank indexes.
_NULL_UP = b"\x07\x06\x05\x01\x04\x03\x02\x00"
# Cards (rank bits, jacks excluded) per 8-bit mask: population count without the jack bit.
_POP = bytearray(256)
for _i in range(1, 256):
    _POP[_i] = _POP[_i & (_i - 1)] + 1
del _i
# Bucket ranges in tenths per class (suit, Grand, Null): lo + width * bucket.
_LO = (30, 50, -120)
_WIDTH = (5, 5, 5)


def load(m, cards, n, skip_a=NO_CARD, skip_b=NO_CARD):
    """Fill ``m`` (bytearray(4)) with the rank masks of ``cards[:n]`` except two cards."""
    m[0] = m[1] = m[2] = m[3] = 0
    for i in range(n):
        c = cards[i]
        if c != skip_a and c != skip_b and c < 32:
            m[c >> 3] |= 1 << (c & 7)


def suit_tenths(m, trump, forehand):
    """Strength of the hand ``m`` for a suit game in ``trump``, in tenths."""
    s = 0
    n_trump = 0
    for suit in range(4):
        if m[suit] & _J:
            s += _JACK_W_SUIT[suit]
            n_trump += 1
    t = m[trump] & ~_J
    k = _POP[t]
    n_trump += k
    s += 10 * k
    if t & _A:
        s += 5
    if t & _T:
        s += 3
    for suit in range(4):
        if suit == trump:
            continue
        x = m[suit] & ~_J & 255
        n = _POP[x]
        if n == 0:
            s += 6 if n_trump >= 5 else 2
            continue
        if x & _A:
            s += 9
            if x & _T:
                s += 6
        else:
            if x & _T:
                s += 2 if n >= 2 else -3
            s -= 3 * (n if n < 3 else 3) // 2      # losers in an ace-less side suit
    if n_trump <= 3:
        s -= 15
    if forehand:
        s += 4
    return s


def grand_tenths(m, forehand):
    """Strength of the hand ``m`` for Grand, in tenths."""
    s = 0
    n_j = 0
    for suit in range(4):
        if m[suit] & _J:
            s += _JACK_W_GRAND[suit]
            n_j += 1
        x = m[suit] & ~_J & 255
        n = _POP[x]
        if n == 0:
            s += 4
        elif x & _A:
            s += 14
            if x & _T:
                s += 10
                if x & _K:
                    s += 4
                if n > 3:
                    s += 3 * (n - 3)           # a long, established suit
        else:
            if x & _T:
                s -= 4
            s -= 4 * (n if n < 3 else 3)
    if n_j == 0:
        s -= 20
    if forehand:
        s += 8
    return s


def null_tenths(m, forehand):
    """Strength of the hand ``m`` for Null, in tenths: 0 or more is very safe."""
    s = 0
    for suit in range(4):
        x = m[suit]
        if x == 0:
            s += 4
            continue
        bad = 0
        i = 0
        low = 8
        for pos in range(8):
            if x >> _NULL_UP[pos] & 1:
                if low == 8:
                    low = pos
                # The i-th lowest card must sit at null position <= 2i to be safe.
                if pos > 2 * i:
                    bad += pos - 2 * i
                i += 1
        if i >= 6:
            bad //= 2
        s -= 6 * bad
        if low >= 3:
            s -= 10             # no low card at all: a lead in this suit is deadly
    if not forehand:
        s += 2
    return s


def tenths(m, game_type, forehand):
    if game_type == GT_GRAND:
        return grand_tenths(m, forehand)
    if game_type == GT_NULL:
        return null_tenths(m, forehand)
    return suit_tenths(m, game_type, forehand)


def game_class(game_type):
    """0 suit game, 1 Grand, 2 Null (the table's classes)."""
    if game_type == GT_GRAND:
        return 1
    if game_type == GT_NULL:
        return 2
    return 0


def bucket(m, game_type, forehand, bonus=0):
    """Strength bucket 0..N_BUCKETS-1 of the hand ``m`` for ``game_type``; ``bonus``
    buckets more (known skat points) on top of the hand's own bucket, kept in the range."""
    k = game_class(game_type)
    b = (tenths(m, game_type, forehand) - _LO[k]) // _WIDTH[k]
    if b < 0:
        b = 0
    elif b >= N_BUCKETS:
        b = N_BUCKETS - 1
    if bonus:
        b += bonus
        if b < 0:
            return 0
        if b >= N_BUCKETS:
            return N_BUCKETS - 1
    return b


def matadors(m, game_type):
    """Matadors "with"/"without" of the hand ``m`` (10 cards + skat), as a count 1..11."""
    # The trump ladder: CJ SJ HJ DJ, then A T K Q 9 8 7 of the trump suit.
    first = m[0] & _J
    n = 0
    for suit in range(4):
        if (m[suit] & _J) != first:
            return n
        n += 1
    if game_type >= GT_GRAND:
        return n
    t = m[game_type]
    want = 1 if first else 0
    for r in (0, 1, 2, 3, 5, 6, 7):
        if (t >> r) & 1 != want:
            return n
        n += 1
    return n


def points(cards, n):
    """Card points of ``cards[:n]``."""
    total = 0
    for i in range(n):
        total += (11, 10, 4, 3, 2, 0, 0, 0)[cards[i] & 7]
    return total
