"""The bid ladder of Skat zu dritt (rules.md §11, seed 001 "Das Reizen"): Mittelhand bids to
Vorhand ("sagen"), Vorhand holds ("ja") or passes; the one left is bid by Hinterhand; the last
one left is the declarer at the highest bid. When Mittelhand and Hinterhand pass without a
bid, Vorhand may play at 18 or pass: three passes throw the deal in or start Ramsch.

The skat, the discard and the declaration are en-deux's (``engine.bidding.declarer_act``, the
checks of ``engine.bid_declare`` with ``g.three``); Schieberamsch's Grand Hand and pushing
after three passes are ``skat_core.three.schieben``'s (imported only then). Before the opening
lead, where allocation is allowed; still, errors are codes and a refused action changes
nothing.
"""

from skat_core.cards import VH, MH, HH, GT_RAMSCH
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DONE, PH_GRAND_HAND, V_BID, V_YES, V_PASS,
    V_CONCEDE, V_TOURNE, V_OFFER, RK_PASSED, encode,
)
from skat_core.codes import (E_BID_INVALID, E_BID_NOT_HIGHER, E_NOT_AT_THREE, E_NOT_YOUR_TURN,
    E_TAKE_18, E_WRONG_PHASE)
from skat_core.engine.values import BID_VALUES
from skat_core.engine.bidding import declarer_act, declarer_actions
from skat_core.engine.bid_ladder import _bids_and_pass

# The values only en-deux's offen levels reach (rules.md §2); at three the highest game is a
# Grand ouvert with 4, 24 x 11 = 264, so the 63 values of the official list remain.
OFFEN_ONLY = (171, 190, 209, 228, 288)
BIDS = tuple([v for v in BID_VALUES if v not in OFFEN_ONLY])


def is_bid_value(v):
    """A value of the three-player list (the official 63)."""
    return v in BIDS


def next_bid(g):
    """The lowest value the bidder may say now, -1 above the last."""
    for v in BIDS:
        if v > g.bid:
            return v
    return -1


def act(g, seat, verb, a, b):
    ph = g.phase
    if verb == V_CONCEDE or verb == V_TOURNE or verb >= V_OFFER:
        return E_NOT_AT_THREE          # giving up, Tourne, offers: en-deux's (§11); Kontra: play
    if seat != g.to_act:
        return E_NOT_YOUR_TURN
    if ph == PH_BID:                   # the bidder: a higher value or pass
        if verb == V_BID:
            if not is_bid_value(a):
                return E_BID_INVALID
            if a <= g.bid:
                return E_BID_NOT_HIGHER
            g.bid = a
            g.bid_holder = seat
            g.bids_made += 1
            g.said[seat] = 1
            g.phase = PH_ANSWER
            g.to_act = g.hearer
            return 0
        if verb == V_PASS:
            g.passed[seat] = 1
            _next_pair(g, g.hearer)
            return 0
        return E_WRONG_PHASE
    if ph == PH_ANSWER:                # the hearer holds or passes
        if verb == V_YES:
            g.bid_holder = seat
            g.said[seat] = 1
            g.phase = PH_BID
            g.to_act = g.bidder
            return 0
        if verb == V_PASS:
            g.passed[seat] = 1
            _next_pair(g, g.bidder)
            return 0
        return E_WRONG_PHASE
    if ph == PH_TAKE:                  # nobody bid: Vorhand plays at 18 or passes
        if verb == V_BID:
            if not is_bid_value(a):
                return E_BID_INVALID
            if a != 18:
                return E_TAKE_18
            g.bid = 18
            g.bid_holder = VH
            g.said[VH] = 1
            _win(g, VH)
            return 0
        if verb == V_PASS:
            g.passed[VH] = 1
            _all_passed(g)
            return 0
        return E_WRONG_PHASE
    if ph >= PH_GRAND_HAND:            # Schieberamsch: Grand Hand, then the pushing
        from skat_core.three import schieben
        return schieben.act(g, seat, verb, a, b)
    return declarer_act(g, seat, verb, a, b)       # to_act is the declarer from PH_SKAT on


def _next_pair(g, left):
    """One of a pair passed; ``left`` stays in. After Mittelhand and Vorhand, Hinterhand bids
    to ``left``; after Hinterhand, ``left`` is the declarer (or, with no bid at all, Vorhand
    may take the game at 18)."""
    if g.bidder == MH:
        g.bidder = HH
        g.hearer = left
        g.phase = PH_BID
        g.to_act = HH
    elif g.bids_made == 0:
        g.phase = PH_TAKE
        g.to_act = VH
    else:
        _win(g, left)


def _win(g, seat):
    g.declarer = seat
    g.phase = PH_SKAT
    g.to_act = seat


def _all_passed(g):
    if g.rules.schieben:               # Schieberamsch: Grand Hand first, Vorhand first
        g.phase = PH_GRAND_HAND
        g.to_act = VH
    elif g.rules.ramsch:
        play_ramsch(g)
    else:
        g.result.kind = RK_PASSED
        g.phase = PH_DONE
        g.to_act = -1


def play_ramsch(g):
    """All passed (and in Schieberamsch the skat went round): Ramsch, Vorhand leads."""
    g.ramsch = True
    g.game_type = GT_RAMSCH
    g.start_play()


def legal_actions(g, seat, out):
    """Encoded legal actions of ``seat`` before play."""
    if seat != g.to_act:
        return 0
    ph = g.phase
    if ph == PH_BID:
        return _bids_and_pass(g, BIDS, out)
    if ph == PH_ANSWER:
        out[0] = encode(V_YES, 0, 0)
        out[1] = encode(V_PASS, 0, 0)
        return 2
    if ph == PH_TAKE:
        out[0] = encode(V_BID, 18, 0)
        out[1] = encode(V_PASS, 0, 0)
        return 2
    if ph >= PH_GRAND_HAND:
        from skat_core.three import schieben
        return schieben.legal_actions(g, seat, out)
    if ph >= PH_SKAT:
        return declarer_actions(g, seat, out)
    return 0
