"""Bidding, skat, declaration and giving up (rules.md §2, §3, §8): module functions over a Game.

The engine's entry points (``act``, ``legal_actions``) and the skat/discard steps; the bid
ladder is in ``bid_ladder``, declaration checks and giving up in ``bid_declare`` (each module
small enough to compile in the device's heap before play: docs/design.md, "Memory").
Everything here happens before the opening lead, where allocation is allowed; still, errors are
codes and a refused action changes nothing (every check runs before the first assignment).
"""

from skat_core.cards import GT_GRAND, GT_NULL
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE, V_YES, V_PASS,
    V_HAND, V_PICKUP, V_DISCARD, V_DECLARE, V_CONCEDE, V_TOURNE, CONCEDE_PLAIN, encode,
)
from skat_core.engine.values import BID_VALUES, N_FARBEN_CLASSES, FK_FRAGE, FK_TOURNE, FK_SOLO, FC_TOURNE, FC_FRAGE_C
from skat_core.engine.bid_ladder import next_bid, _bid_act, _bids_and_pass  # noqa: F401 (next_bid: views)
from skat_core.engine.bid_declare import (  # noqa: F401 (overbid_concessions: views)
    FLAG_CHOICES, check_declare, overbid_concessions, _concede, _declare,
)
from skat_core.codes import (E_BELOW_BID_CLASS, E_DISCARD_SAME, E_NOT_HELD, E_NOT_YOUR_TURN,
    E_TOURNE_ZAHLEN, E_WRONG_PHASE)


def act(g, seat, verb, a, b):
    ph = g.phase
    if ph == PH_BID or ph == PH_ANSWER or ph == PH_TAKE:
        if seat != g.to_act:
            return E_NOT_YOUR_TURN
        return _bid_act(g, seat, verb, a)
    if seat != g.declarer:
        return E_NOT_YOUR_TURN
    if verb == V_CONCEDE:
        return _concede(g, a)
    return declarer_act(g, seat, verb, a, b)


def declarer_act(g, seat, verb, a, b):
    """The declarer's skat, discard and declaration (rules.md §3): Hand or pickup (Farben
    also Tourne), two cards away, the game. Shared by every table (``skat_core.three``)."""
    ph = g.phase
    if ph == PH_SKAT:
        if verb == V_HAND:
            g.hand_game = True
            g.farben_kind = FK_SOLO if g.rules.farben else -1
            g.phase = PH_DECLARE
            return 0
        if verb == V_PICKUP or verb == V_TOURNE:
            if verb == V_TOURNE and not g.rules.farben:
                return E_TOURNE_ZAHLEN
            if g.rules.farben and g.bid > (FC_TOURNE if verb == V_TOURNE else FC_FRAGE_C):
                return E_BELOW_BID_CLASS  # no game of this kind reaches the bid class
            if verb == V_TOURNE:
                g.turned = g.skat[0]
                g.farben_kind = FK_TOURNE
            elif g.rules.farben:
                g.farben_kind = FK_FRAGE
            g.picked_up = True
            g.owner[g.skat[0]] = seat
            g.owner[g.skat[1]] = seat
            g.phase = PH_DISCARD
            return 0
        return E_WRONG_PHASE
    if ph == PH_DISCARD:
        if verb != V_DISCARD:
            return E_WRONG_PHASE
        if a < 0 or a > 31 or b < 0 or b > 31 or g.owner[a] != seat or g.owner[b] != seat:
            return E_NOT_HELD
        if a == b:
            return E_DISCARD_SAME
        g.owner[a] = 3
        g.owner[b] = 3
        g.skat[0] = a
        g.skat[1] = b
        g.phase = PH_DECLARE
        return 0
    if ph == PH_DECLARE:
        if verb != V_DECLARE:
            return E_WRONG_PHASE
        err = check_declare(g, a, b)
        if err:
            return err
        _declare(g, a, g.decl_flags)
        return 0
    return E_WRONG_PHASE


def legal_actions(g, seat, out):
    """Encoded legal actions of ``seat`` before play (see Game.legal_actions)."""
    ph = g.phase
    n = 0
    if seat != g.to_act:
        return 0
    if ph == PH_BID:
        return _bids_and_pass(g, range(N_FARBEN_CLASSES) if g.rules.farben else BID_VALUES, out)
    if ph == PH_ANSWER:
        out[0] = encode(V_YES, 0, 0)
        out[1] = encode(V_PASS, 0, 0)
        return 2
    if ph == PH_TAKE:                    # no bid yet (HH passed at once): 18 / any class
        return _bids_and_pass(g, range(N_FARBEN_CLASSES) if g.rules.farben else (18,), out)
    n = declarer_actions(g, seat, out)
    if not g.rules.farben:
        if g.bid == 18:
            out[n] = encode(V_CONCEDE, CONCEDE_PLAIN, 0)
            n += 1
        else:
            games = overbid_concessions(g)
            for gt in range(GT_GRAND + 1):
                if (games >> gt) & 1:
                    out[n] = encode(V_CONCEDE, gt, 0)
                    n += 1
    return n


def declarer_actions(g, seat, out):
    """The declarer's encoded legal skat, discard and declaration actions (``declarer_act``)."""
    ph = g.phase
    n = 0
    if ph == PH_SKAT:
        out[0] = encode(V_HAND, 0, 0)
        n = 1
        if not g.rules.farben or g.bid <= FC_FRAGE_C:
            out[n] = encode(V_PICKUP, 0, 0)
            n += 1
        if g.rules.farben and g.bid <= FC_TOURNE:
            out[n] = encode(V_TOURNE, 0, 0)
            n += 1
    elif ph == PH_DISCARD:
        mine = bytearray(12)
        k = 0
        for c in range(32):
            if g.owner[c] == seat:
                mine[k] = c
                k += 1
        for i in range(k):
            for j in range(i + 1, k):
                out[n] = encode(V_DISCARD, mine[i], mine[j])
                n += 1
    elif ph == PH_DECLARE:
        for gt in range(GT_NULL + 1):
            for fl in FLAG_CHOICES:
                if check_declare(g, gt, fl) == 0:
                    out[n] = encode(V_DECLARE, gt, fl)
                    n += 1
    return n
