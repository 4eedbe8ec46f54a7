"""Schieberamsch at three (house rule ``all_pass = schieberamsch``; docs/rules.md "Skat zu
dritt"): what happens after three passes, before the Ramsch is played.

- **Grand Hand first** (``PH_GRAND_HAND``): each in turn, Vorhand first, may declare a Grand
  Hand instead of the Ramsch - a Grand Hand as after a bidding (no bid: Kontra with
  ``after_18`` is for nobody), Schneider, Schwarz or ouvert announced if he likes; ``pass``
  gives the turn on.
- **The pushing** (``PH_PUSH``): when all three passed again, each in turn, Vorhand first,
  either picks up the skat (``pickup``) and puts two cards back (``PH_PUSH_DISCARD``,
  ``discard``: the next player's skat; any two but a jack - jacks are not pushed, the common
  rule), or pushes it on unseen (``pass``, "schieben"). Each unseen push doubles the loser's
  minus (x2, x4, x8: ``skat_core.three.play.pushed_on_count``). After Hinterhand the Ramsch is
  played as ever (``skat_core.three.bidding.play_ramsch``); the last skat counts for the loser.

Who picked up and who pushed is public (``ThreeGame.skat_move``); the two cards a player found
and the two he put back are his alone (``skat_found``, ``skat_put``; ``skat_core.three.view``).
Imported only when all three passed under this house rule; before the opening lead, where
allocation is allowed; still, errors are codes and a refused action changes nothing.
"""

from skat_core.cards import VH, HH, GT_GRAND, R_JACK, const
from skat_core.codes import (PH_GRAND_HAND, PH_PUSH, PH_PUSH_DISCARD, V_PASS, V_PICKUP,
    V_DISCARD, V_DECLARE, encode)
from skat_core.codes import (E_DISCARD_SAME, E_GRAND_HAND_ONLY, E_NOT_HELD, E_PUSH_JACK,
    E_WRONG_PHASE)
from skat_core.engine.bid_declare import FLAG_CHOICES, check_declare, _declare
from skat_core.three.bidding import play_ramsch

# ThreeGame.skat_move[seat]: 0 not yet.
PUSH_PICKED = const(1)      # picked the skat up and put two cards back
PUSH_BLIND = const(2)       # pushed it on unseen ("geschoben")


def act(g, seat, verb, a, b):
    """``seat`` (the one to act) in Schieberamsch's Grand Hand round or pushing."""
    ph = g.phase
    if ph == PH_GRAND_HAND:            # Grand Hand, or pass the turn on
        if verb == V_PASS:
            if seat == HH:
                g.phase = PH_PUSH
                g.to_act = VH
            else:
                g.to_act = seat + 1
            return 0
        if verb != V_DECLARE:
            return E_WRONG_PHASE
        if a != GT_GRAND:
            return E_GRAND_HAND_ONLY
        err = grand_hand_error(g, b)
        if err:
            return err
        g.declarer = seat
        g.hand_game = True
        _declare(g, GT_GRAND, g.decl_flags)
        return 0
    if ph == PH_PUSH:                  # pick the skat up, or push it on unseen
        if verb == V_PICKUP:
            g.skat_found[2 * seat] = g.skat[0]
            g.skat_found[2 * seat + 1] = g.skat[1]
            g.owner[g.skat[0]] = seat
            g.owner[g.skat[1]] = seat
            g.skat_move[seat] = PUSH_PICKED
            g.phase = PH_PUSH_DISCARD
            return 0
        if verb == V_PASS:
            g.skat_move[seat] = PUSH_BLIND
            g.pushes += 1
            _pushed_on(g, seat)
            return 0
        return E_WRONG_PHASE
    if ph == PH_PUSH_DISCARD:          # two cards back, no jack: the next one's skat
        if verb != V_DISCARD:
            return E_WRONG_PHASE
        if a < 0 or a > 31 or b < 0 or b > 31 or g.owner[a] != seat or g.owner[b] != seat:
            return E_NOT_HELD
        if a == b:
            return E_DISCARD_SAME
        if a & 7 == R_JACK or b & 7 == R_JACK:
            return E_PUSH_JACK
        g.owner[a] = 3
        g.owner[b] = 3
        g.skat[0] = a
        g.skat[1] = b
        g.skat_put[2 * seat] = a
        g.skat_put[2 * seat + 1] = b
        _pushed_on(g, seat)
        return 0
    return E_WRONG_PHASE


def grand_hand_error(g, flags):
    """0 if a Grand Hand with ``flags`` (F_HAND implied) may be declared now, else the error:
    en-deux's declaration checks as for any Hand game (``engine.bid_declare.check_declare``)."""
    g.hand_game = True
    err = check_declare(g, GT_GRAND, flags)
    g.hand_game = False
    return err


def _pushed_on(g, seat):
    """The skat goes on to the next seat; after Hinterhand the Ramsch is played."""
    if seat == HH:
        play_ramsch(g)
    else:
        g.phase = PH_PUSH
        g.to_act = seat + 1


def legal_actions(g, seat, out):
    """The encoded legal actions of ``seat`` (the one to act) in the Grand Hand round (each
    Grand Hand it may declare, pass) or the pushing (pickup, pass; after a pickup every pair
    of its cards without a jack)."""
    ph = g.phase
    n = 0
    if ph == PH_GRAND_HAND:
        for fl in FLAG_CHOICES:
            if grand_hand_error(g, fl) == 0:
                out[n] = encode(V_DECLARE, GT_GRAND, fl)
                n += 1
        out[n] = encode(V_PASS, 0, 0)
        return n + 1
    if ph == PH_PUSH:
        out[0] = encode(V_PICKUP, 0, 0)
        out[1] = encode(V_PASS, 0, 0)
        return 2
    if ph == PH_PUSH_DISCARD:
        mine = bytearray(12)
        k = 0
        for c in range(32):
            if g.owner[c] == seat and c & 7 != R_JACK:
                mine[k] = c
                k += 1
        for i in range(k):
            for j in range(i + 1, k):
                out[n] = encode(V_DISCARD, mine[i], mine[j])
                n += 1
    return n
