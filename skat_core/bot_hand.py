"""Hand evaluation before play: one strength bucket per game class, from global card ids.

The bidding table (``bidtable``) maps these buckets to a win probability measured offline by
solving many deals (``python -m sim train-bidding``). The bucket is a weighted count of the
classic signs of a good hand (rules of thumb in docs/bot.md): trumps and high jacks, side aces,
tens guarded by their ace, voids for a suit game; jacks, aces and guarded tens for Grand; low,
gap-free suits for Null. The weights only have to order hands sensibly: the table, not the
weights, turns a bucket into a probability.

Runs before play (bidding, skat, declaration): allocation is allowed here.
"""

from skat_core.cards import (
    GT_GRAND, GT_NULL, R_ACE, R_TEN, R_KING, R_JACK, POINTS,
)

N_BUCKETS = 24
# Jack weights CJ SJ HJ DJ (suit index order), in tenths.
_JACK_W_SUIT = (22, 18, 15, 13)
_JACK_W_GRAND = (30, 25, 22, 20)

def _null_pos(rank):
    # ranks A T K Q J 9 8 7 = 0..7 -> null positions A7 K6 Q5 J4 T3 9 2 8 1 7 0
    return (7, 3, 6, 5, 4, 2, 1, 0)[rank]


def suit_tenths(cards, trump, forehand):
    """Strength of ``cards`` (10 or 12 global ids) for a suit game in ``trump``, in tenths."""
    s = 0
    n_trump = 0
    for c in cards:
        suit = c >> 3
        r = c & 7
        if r == R_JACK:
            s += _JACK_W_SUIT[suit]
            n_trump += 1
        elif suit == trump:
            n_trump += 1
            s += 10
            if r == R_ACE:
                s += 5
            elif r == R_TEN:
                s += 3
    for suit in range(4):
        if suit == trump:
            continue
        has = [False] * 8
        n = 0
        for c in cards:
            if c >> 3 == suit and c & 7 != R_JACK:
                has[c & 7] = True
                n += 1
        if n == 0:
            s += 6 if n_trump >= 5 else 2
            continue
        if has[R_ACE]:
            s += 9
            if has[R_TEN]:
                s += 6
        elif has[R_TEN]:
            s += 2 if n >= 2 else -3
        if not has[R_ACE] and n >= 1:
            s -= 3 * (n if n < 3 else 3) // 2   # losers in an ace-less side suit
    if n_trump <= 3:
        s -= 15
    if forehand:
        s += 4
    return s


def grand_tenths(cards, forehand):
    """Strength of ``cards`` for Grand, in tenths."""
    s = 0
    n_j = 0
    for c in cards:
        if c & 7 == R_JACK:
            s += _JACK_W_GRAND[c >> 3]
            n_j += 1
    for suit in range(4):
        has = [False] * 8
        n = 0
        for c in cards:
            if c >> 3 == suit and c & 7 != R_JACK:
                has[c & 7] = True
                n += 1
        if n == 0:
            s += 4
            continue
        if has[R_ACE]:
            s += 14
            if has[R_TEN]:
                s += 10
                if has[R_KING]:
                    s += 4
                s += 3 * (n - 3 if n > 3 else 0)   # long established suit
        else:
            if has[R_TEN]:
                s -= 4
            s -= 4 * (n if n < 3 else 3)
    if n_j == 0:
        s -= 20
    if forehand:
        s += 8
    return s


def null_tenths(cards, forehand):
    """Strength of ``cards`` for Null, in tenths: 0 is a sure win, lower is worse."""
    s = 0
    for suit in range(4):
        pos = []
        for c in cards:
            if c >> 3 == suit:
                pos.append(_null_pos(c & 7))
        if not pos:
            s += 4
            continue
        pos.sort()
        # The i-th lowest card must sit at null position <= 2i to be safe against every lead.
        bad = 0
        for i in range(len(pos)):
            over = pos[i] - 2 * i
            if over > 0:
                bad += over
        if len(pos) >= 6:
            bad = bad // 2
        s -= 6 * bad
        if pos[0] >= 3:
            s -= 10         # no low card at all: the suit's lead is deadly
    if not forehand:
        s += 2
    return s


def tenths(cards, game_type, forehand):
    if game_type == GT_GRAND:
        return grand_tenths(cards, forehand)
    if game_type == GT_NULL:
        return null_tenths(cards, forehand)
    return suit_tenths(cards, game_type, forehand)


# Bucket ranges in tenths per class (suit, grand, null): lo + width * bucket.
_RANGE = ((20, 5), (40, 8), (-120, 5))


def game_class(game_type):
    if game_type == GT_GRAND:
        return 1
    if game_type == GT_NULL:
        return 2
    return 0


def bucket(cards, game_type, forehand):
    """Strength bucket 0..N_BUCKETS-1 of ``cards`` for ``game_type``."""
    lo, width = _RANGE[game_class(game_type)]
    b = (tenths(cards, game_type, forehand) - lo) // width
    if b < 0:
        return 0
    if b >= N_BUCKETS:
        return N_BUCKETS - 1
    return b


def matadors(cards, game_type):
    """Matadors "with" or "without" counted over ``cards`` (10 cards + skat), 1..11."""
    if game_type == GT_NULL:
        return 0
    ladder = [4, 12, 20, 28]
    if game_type < GT_GRAND:
        t = game_type * 8
        ladder += [t + 0, t + 1, t + 2, t + 3, t + 5, t + 6, t + 7]
    have = [False] * 32
    for c in cards:
        have[c] = True
    first = have[ladder[0]]
    n = 0
    for c in ladder:
        if have[c] != first:
            break
        n += 1
    return n


def points_of(cards):
    total = 0
    for c in cards:
        total += POINTS[c & 7]
    return total
