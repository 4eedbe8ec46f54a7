"""The bid ladder (rules.md §2): who bids, holds or passes, and who wins the bidding - module
functions over a Game, split from ``bidding`` so that each compiles in a small heap.

Everything here happens before the opening lead, where allocation is allowed; still, errors are
codes and a refused action changes nothing (every check runs before the first assignment).
"""

from skat_core.cards import VH, HH
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DONE, V_BID, V_YES, V_PASS, RK_PASSED, encode,
)
from skat_core.engine import values
from skat_core.engine.values import N_FARBEN_CLASSES
from skat_core.codes import E_BID_INVALID, E_BID_NOT_HIGHER, E_TAKE_18, E_WRONG_PHASE


def _valid_bid(g, a):
    if g.rules.farben:
        return 0 <= a < N_FARBEN_CLASSES
    return values.is_bid_value(a)


def next_bid(g):
    """The lowest bid the dealer may make now (value or class), -1 if none is left."""
    if g.rules.farben:
        return g.bid + 1 if g.bid + 1 < N_FARBEN_CLASSES else -1
    return values.next_bid_value(g.bid)


def _bid_act(g, seat, verb, a):
    ph = g.phase
    if ph == PH_BID:                       # the dealer: a higher bid or pass
        if verb == V_BID:
            if not _valid_bid(g, a):
                return E_BID_INVALID
            if a <= g.bid:
                return E_BID_NOT_HIGHER
            g.bid = a
            g.bid_holder = HH
            g.bids_made += 1
            g.phase = PH_ANSWER
            g.to_act = VH
            return 0
        if verb == V_PASS:
            g.passed[HH] = 1
            if g.bids_made == 0:
                g.phase = PH_TAKE
                g.to_act = VH
            else:
                _win_bidding(g, VH)
            return 0
        return E_WRONG_PHASE
    if ph == PH_ANSWER:                    # Vorhand holds or passes
        if verb == V_YES:
            g.bid_holder = VH
            g.phase = PH_BID
            g.to_act = HH
            return 0
        if verb == V_PASS:
            g.passed[VH] = 1
            _win_bidding(g, HH)
            return 0
        return E_WRONG_PHASE
    # PH_TAKE: the dealer passed at once; Vorhand plays (18 / any class) or passes.
    if verb == V_BID:
        if not _valid_bid(g, a):
            return E_BID_INVALID
        if not g.rules.farben and a != 18:
            return E_TAKE_18
        g.bid = a
        g.bid_holder = VH
        _win_bidding(g, VH)
        return 0
    if verb == V_PASS:
        g.passed[VH] = 1
        if g.rules.ramsch:
            g.ramsch = True
            g.game_type = 6
            g.trick_size = 2
            g.start_play()
        else:
            r = g.result
            r.kind = RK_PASSED
            g.phase = PH_DONE
            g.to_act = -1
        return 0
    return E_WRONG_PHASE


def _win_bidding(g, seat):
    g.declarer = seat
    g.opponent = 2 - seat
    g.phase = PH_SKAT
    g.to_act = seat


def _bids_and_pass(g, bids, out):
    """The bids of ``bids`` above the current one, then pass (the count)."""
    n = 0
    for v in bids:
        if v > g.bid:
            out[n] = encode(V_BID, v, 0)
            n += 1
    out[n] = encode(V_PASS, 0, 0)
    return n + 1
