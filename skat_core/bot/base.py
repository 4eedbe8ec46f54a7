"""The two baselines the match tool measures against, and the rule-of-thumb card play that the
search bots fall back on when their budget is spent before anything is proven.

- ``random``: a uniformly random legal card; in the bidding it always passes (it never plays a
  game, so it never has to choose a skat or a declaration).
- ``greedy``: rule-of-thumb bidding (``skat_core.bot.prelude.hand_eval.greedy_p``) and card play: lead a
  master (the highest card left in its suit) or else a low card; take a trick that carries
  points with the cheapest card that wins it; smear points on a trick one's own side already
  wins; otherwise throw the cheapest card.

Card play here reads the View only and allocates nothing (one preallocated buffer per module).
"""

from skat_core.cards import NO_CARD, POINTS, MH, GT_NULL
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE,
    V_PASS, V_PICKUP, V_DISCARD, V_DECLARE,
)
from skat_core.bot.know import field_of
from skat_core.bot.rules import power, beats, trick_best, legal_cards, same_side, next_seat

_BUF = bytearray(12)


def random_card(view, rng):
    """A uniformly random legal card of the seat to act."""
    n = legal_cards(view, view.to_act, _BUF)
    return _BUF[rng.below(n)]


def random_prelude(view, rng):
    """Always pass; if made declarer anyway (never by its own bids), play a plain game."""
    ph = view.phase
    if ph == PH_BID or ph == PH_ANSWER or ph == PH_TAKE:
        return V_PASS, 0, 0
    if ph == PH_SKAT:
        return V_PICKUP, 0, 0
    if ph == PH_DISCARD:
        i = rng.below(view.n_hand)
        j = rng.below(view.n_hand - 1)
        if j >= i:
            j += 1
        return V_DISCARD, view.hand[i], view.hand[j]
    if ph == PH_DECLARE:
        return V_DECLARE, 4, 0            # Grand: legal at any Zahlen bid (overbid just loses)
    return V_PASS, 0, 0


def _masters(card, gt, view):
    """Is ``card`` the highest unplayed card of its effective suit (nobody can beat it in-suit)?"""
    f = field_of(card, gt)
    p = power(card, gt)
    for c in range(32):
        if c != card and not view.played[c] and field_of(c, gt) == f and power(c, gt) > p:
            return False
    return True


def greedy_card(view):
    """The rule-of-thumb card for the seat to act (see the module docstring)."""
    gt = view.game_type
    seat = view.to_act
    n = legal_cards(view, seat, _BUF)
    null = gt == GT_NULL
    if view.trick_n == 0:
        if null:
            return _lowest(n, gt, seat, view)
        # Lead a master with points, else the lowest card of our longest plain suit.
        best = NO_CARD
        for i in range(n):
            c = _BUF[i]
            if _masters(c, gt, view) and (best == NO_CARD or POINTS[c & 7] > POINTS[best & 7]):
                best = c
        if best != NO_CARD:
            return best
        return _cheapest(n, gt)
    win_seat = trick_best(view, gt)
    win_card = view.trick[win_seat]
    ours = same_side(win_seat, seat, view.declarer, view.ramsch)
    last = view.trick_n == (1 if view.ramsch and not view.three else 2)
    if null:
        declarer_moves = seat == view.declarer
        if declarer_moves:
            # The Null declarer ducks with his highest card that still loses.
            best = NO_CARD
            for i in range(n):
                c = _BUF[i]
                if not beats(c, win_card, gt):
                    if best == NO_CARD or power(c, gt) > power(best, gt):
                        best = c
            return best if best != NO_CARD else _lowest(n, gt, seat, view)
        return _lowest(n, gt, seat, view)
    if view.ramsch:
        # Ramsch: every point is bad; stay under the card to beat, else dump the highest.
        best = NO_CARD
        for i in range(n):
            c = _BUF[i]
            if not beats(c, win_card, gt):
                if best == NO_CARD or POINTS[c & 7] > POINTS[best & 7]:
                    best = c
        if best != NO_CARD:
            return best
        return _cheapest(n, gt)
    trick_pts = 0
    for s in range(3):
        if view.trick[s] != NO_CARD:
            trick_pts += POINTS[view.trick[s] & 7]
    # The card after mine is our side's: en-deux, unless I am the dummy (its opponent follows);
    # at three, my partner's.
    if ours and (last or (same_side(next_seat(seat, False), seat, view.declarer, False)
                          if view.three else seat != MH)):
        # Smear: the richest card that does not take the trick from our side.
        best = NO_CARD
        for i in range(n):
            c = _BUF[i]
            if best == NO_CARD or POINTS[c & 7] > POINTS[best & 7]:
                best = c
        if last or POINTS[best & 7] < 10:
            return best
        return _cheapest(n, gt)
    # Win cheaply when it pays.
    winner = NO_CARD
    for i in range(n):
        c = _BUF[i]
        if beats(c, win_card, gt):
            if winner == NO_CARD or power(c, gt) < power(winner, gt) or (
                    field_of(c, gt) != field_of(winner, gt) and field_of(winner, gt) == 4):
                winner = c
    if winner != NO_CARD and (last or trick_pts >= 4 or _masters(winner, gt, view)):
        return winner
    return _cheapest(n, gt)


def _cheapest(n, gt):
    """The legal card with the fewest points, then the least power."""
    best = _BUF[0]
    for i in range(1, n):
        c = _BUF[i]
        pc = POINTS[c & 7]
        pb = POINTS[best & 7]
        if pc < pb or (pc == pb and power(c, gt) < power(best, gt)):
            best = c
    return best


def _lowest(n, gt, seat, view):
    best = _BUF[0]
    for i in range(1, n):
        c = _BUF[i]
        if power(c, gt) < power(best, gt):
            best = c
    return best
