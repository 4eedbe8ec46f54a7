"""Brute-force minimax for Skat-en-deux card play: the solver's reference (tests only).

Written straight from the rule book (docs rules §1, §4, §7), independent of the live
numbering: card order by game type, follow the effective suit, highest trump else highest
card of the led suit wins. Full minimax over every legal card, memoised on the exact state
(hands, trick, leader) - no pruning, no bounds, no collapsing.

``future(game, decl, hands, trick, leader, tricks_mode)``: what the declarer side adds from
here under best play (points, or tricks when ``tricks_mode``). Maximiser: the declarer in
suit/Grand; the opponents in Null and tricks mode of Null (they want him to take tricks);
in Ramsch the counted seat minimises his points and the other seat maximises them.
"""

from functools import lru_cache

POINTS = (11, 10, 4, 3, 2, 0, 0, 0)      # by rank A T K Q J 9 8 7
PLAIN_POWER = (7, 6, 5, 4, -1, 3, 2, 1)  # A T K Q (J: trump) 9 8 7
NULL_POWER = (8, 4, 7, 6, 5, 3, 2, 1)    # A K Q J T 9 8 7
GRAND, NULL, RAMSCH = 4, 5, 6


def is_trump(card, game):
    if game == NULL:
        return False
    if card & 7 == 4:
        return True
    return game < GRAND and card >> 3 == game


def eff_suit(card, game):
    return 4 if is_trump(card, game) else card >> 3


def power(card, game):
    """Higher beats lower among cards of one effective suit."""
    rank = card & 7
    if game == NULL:
        return NULL_POWER[rank]
    if rank == 4:
        return 20 - (card >> 3)           # CJ 20 > SJ 19 > HJ 18 > DJ 17
    return PLAIN_POWER[rank]


def trick_winner(trick, game):
    """Index in ``trick`` of the winning card."""
    best = 0
    led = eff_suit(trick[0], game)
    for i in range(1, len(trick)):
        c, w = trick[i], trick[best]
        cs, ws = eff_suit(c, game), eff_suit(w, game)
        if cs == ws:
            if power(c, game) > power(w, game):
                best = i
        elif cs == 4:                     # a trump on a plain trick
            best = i
        # a card of a third suit never wins
    assert eff_suit(trick[0], game) == led
    return best


def legal_cards(hand, trick, game):
    if not trick:
        return sorted(hand)
    led = eff_suit(trick[0], game)
    follow = [c for c in hand if eff_suit(c, game) == led]
    return sorted(follow) if follow else sorted(hand)


def next_seat(seat, game):
    if game == RAMSCH:
        return 2 - seat
    return (seat + 1) % 3


def seat_after(seat, k, game):
    """The seat ``k`` turns after ``seat``."""
    for _ in range(k):
        seat = next_seat(seat, game)
    return seat


def trick_result(trick, leader, decl, game, tricks_mode):
    """The seat that wins the complete ``trick`` led by ``leader``, and what the trick yields
    the declarer (1 trick or its card points; 0 if he does not win it)."""
    wseat = seat_after(leader, trick_winner(trick, game), game)
    gain = 1 if tricks_mode else sum(POINTS[x & 7] for x in trick)
    return wseat, (gain if wseat == decl else 0)


def future(game, decl, hands, trick, leader, tricks_mode):
    size = 2 if game == RAMSCH else 3
    maxi = {}
    for s in range(3):
        if game == NULL or game == RAMSCH:
            maxi[s] = s != decl
        else:
            maxi[s] = s == decl

    @lru_cache(maxsize=None)
    def go(h, tr, ld):
        seat = seat_after(ld, len(tr), game)
        if not h[seat] and not tr:
            return 0
        best = None
        for c in legal_cards(h[seat], tr, game):
            nh = list(h)
            nh[seat] = h[seat] - {c}
            nh = tuple(nh)
            nt = tr + (c,)
            if len(nt) == size:
                wseat, gain = trick_result(nt, ld, decl, game, tricks_mode)
                v = gain + go(nh, (), wseat)
            else:
                v = go(nh, nt, ld)
            if best is None or (v > best if maxi[seat] else v < best):
                best = v
        return best

    return go(tuple(frozenset(x) for x in hands), tuple(trick), leader)


def value_after(game, decl, hands, trick, leader, tricks_mode, card):
    """``future`` after the mover plays ``card`` (plus what that card's trick yields)."""
    size = 2 if game == RAMSCH else 3
    seat = seat_after(leader, len(trick), game)
    nh = [set(x) for x in hands]
    nh[seat].discard(card)
    nt = list(trick) + [card]
    if len(nt) == size:
        wseat, gain = trick_result(nt, leader, decl, game, tricks_mode)
        return gain + future(game, decl, nh, [], wseat, tricks_mode)
    return future(game, decl, nh, nt, leader, tricks_mode)
