"""Bidding, Hand or pickup, discard, declaration and giving up, from the bidding table.

Every decision compares expected scores. For a game worth ``V`` won with probability ``p``
(``bidtable``: measured by solving many deals, indexed by the ``bot_hand`` strength bucket of
the ten cards, the seat and Hand/pickup) the declarer expects ``p*V - 2*(1-p)*V``. Passing is
not worth 0: the other player then declares and expects about ``PASS_COST`` points himself
(plain list scoring: his points are our loss in the difference of the totals), so a game is
worth playing when its expected score beats ``-PASS_COST``.

All of this runs before the first card: allocation is allowed.
"""

from skat_core.cards import (
    GT_GRAND, GT_NULL, F_HAND, F_OFFEN1, F_OFFEN2, F_OUVERT, F_SCHNEIDER, VH, R_JACK,
)
from skat_core.values import (
    BASE, BID_VALUES, matadors, overbid_value, NULL_VALUE, NULL_HAND, NULL_OUVERT,
    NULL_OUVERT_HAND,
)
from skat_core import bot_hand, bidtable

PASS_COST = 6          # the other side's expected score when we pass (measured in matches)
GAMES = (0, 1, 2, 3, GT_GRAND, GT_NULL)


def p_win(cards10, game_type, forehand, hand_game):
    """Win probability (0..1) of the 10-card hand for ``game_type`` before the skat is seen."""
    b = bot_hand.bucket(cards10, game_type, forehand)
    return bidtable.lookup(bot_hand.game_class(game_type), hand_game, forehand, b) / 255.0


def p_schneider(cards10, game_type, forehand, hand_game):
    b = bot_hand.bucket(cards10, game_type, forehand)
    return bidtable.lookup_schneider(bot_hand.game_class(game_type), hand_game, forehand,
                                     b) / 255.0


def game_value(cards, game_type, hand_game, extra_levels=0):
    """Value of ``game_type`` over ``cards`` (10 + skat if known) with Hand and extra levels."""
    if game_type == GT_NULL:
        return NULL_HAND if hand_game else NULL_VALUE
    m = matadors(cards, game_type)
    if m < 0:
        m = -m
    k = m + 1 + (1 if hand_game else 0) + extra_levels
    return BASE[game_type] * k


def expected(p, value, bid, base):
    """Expected score of a game won with probability p, worth ``value`` at ``bid``."""
    if value < bid:
        if base == 0:
            return -1000.0              # a Null below the bid cannot even be declared
        lost = overbid_value(base, bid)
        return -2.0 * lost
    return p * value - 2.0 * (1.0 - p) * value


def _base(game_type):
    return 0 if game_type == GT_NULL else BASE[game_type]


def options(cards10, forehand, bid, hand_game):
    """[(expected score, game type)] for the ten cards, skat unseen, at ``bid``."""
    out = []
    for gt in GAMES:
        p = p_win(cards10, gt, forehand, hand_game)
        v = game_value(cards10, gt, hand_game)   # matadors counted on the ten cards
        out.append((expected(p, v, bid, _base(gt)), gt))
    return out


def best_option(cards10, forehand, bid):
    """(expected score, game type, hand_game) of the best plan at ``bid``."""
    best = (-1e9, -1, False)
    for hand_game in (False, True):
        for ev, gt in options(cards10, forehand, bid, hand_game):
            if ev > best[0]:
                best = (ev, gt, hand_game)
    return best


def bid_limit(cards10, forehand, margin=0.0):
    """The highest bid value at which the hand's best plan still beats passing (0: pass)."""
    limit = 0
    for v in BID_VALUES:
        ev, gt, _ = best_option(cards10, forehand, v)
        if gt >= 0 and ev > -PASS_COST + margin:
            limit = v
        else:
            break
    return limit


def choose_hand(cards10, forehand, bid):
    """True: play Hand (skat unseen); False: pick up."""
    ev, gt, hand_game = best_option(cards10, forehand, bid)
    return hand_game


def _discards(cards12):
    n = len(cards12)
    for i in range(n):
        for j in range(i + 1, n):
            yield i, j


def declare_ev(kept10, skat2, game_type, forehand, bid, hand_game):
    """Expected score of ``game_type`` with ``kept10`` after the skat is settled."""
    pts = bot_hand.points_of(skat2)
    b = bot_hand.bucket(kept10, game_type, forehand)
    if game_type != GT_NULL:
        # Skat points count for the declarer: every ~6 points is a bucket (half a trick).
        b += pts // 6
        if b >= bot_hand.N_BUCKETS:
            b = bot_hand.N_BUCKETS - 1
    p = bidtable.lookup(bot_hand.game_class(game_type), hand_game, forehand, b) / 255.0
    v = game_value(list(kept10) + list(skat2), game_type, hand_game)
    return expected(p, v, bid, _base(game_type)), p, v


def choose_discard(cards12, forehand, bid, allowed=None):
    """(ev, card a, card b, game type) of the best of the 66 discards and games."""
    best = (-1e9, cards12[0], cards12[1], 0)
    for i, j in _discards(cards12):
        kept = [cards12[k] for k in range(len(cards12)) if k != i and k != j]
        skat = (cards12[i], cards12[j])
        for gt in GAMES:
            if allowed is not None and gt not in allowed:
                continue
            ev, p, v = declare_ev(kept, skat, gt, forehand, bid, False)
            if ev > best[0]:
                best = (ev, cards12[i], cards12[j], gt)
    return best


def declare_flags(kept10, skat2, game_type, forehand, bid, hand_game, allow_offen=True):
    """Declaration flags for the chosen game: Hand, and levels the table says are safe."""
    flags = F_HAND if hand_game else 0
    ev, p, v = declare_ev(kept10, skat2, game_type, forehand, bid, hand_game)
    if game_type == GT_NULL:
        # Null ouvert only when the hand is a sure Null (every suit safe).
        if bot_hand.null_tenths(kept10, forehand) >= 0 and p > 0.97:
            flags |= F_OUVERT
        return flags
    if allow_offen and p > 0.97:
        flags |= F_OFFEN2
    elif allow_offen and p > 0.93:
        flags |= F_OFFEN1
    if hand_game and skat2 is None:
        ps = p_schneider(kept10, game_type, forehand, True)
        if ps > 0.9:
            flags |= F_SCHNEIDER
    return flags


def null_declared_value(flags):
    if flags & F_OUVERT:
        return NULL_OUVERT_HAND if flags & F_HAND else NULL_OUVERT
    return NULL_HAND if flags & F_HAND else NULL_VALUE


def cheapest_lost(kept10, skat2, bid):
    """Score of conceding the overbid game: the smallest concession loss over the games."""
    best = None
    for gt in (0, 1, 2, 3, GT_GRAND):
        loss = -2 * overbid_value(BASE[gt], bid)
        if best is None or loss > best[0]:
            best = (loss, gt)
    return best


def count_jacks(cards):
    n = 0
    for c in cards:
        if (c & 7) == R_JACK:
            n += 1
    return n


def is_forehand(seat):
    return seat == VH
