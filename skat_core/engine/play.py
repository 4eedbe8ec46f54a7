"""Tricks, offers, Contra/Re and the count (rules.md §4-§7): module functions over a Game.

This is the heap-locked path: from the opening lead to the final score nothing here allocates.
Hands are live masks; following suit is ``hand & field_mask[led]``; the trick goes to the highest
bit of the trick's cards among the led field and the trumps (layout.py). Errors are int codes.

Split by concern so that each module compiles in a small heap (docs/design.md, "Memory"):
tricks in ``play_tricks``, offers and Contra/Re checks in ``play_calls``, the count in
``play_count``; here the engine's entry points ``act`` and ``legal_actions``.
"""

from skat_core.cards import MH
from skat_core.codes import (
    V_PLAY, V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE, OFFER_RAUS, OFFER_STICH, encode,
)
from skat_core.layout import bit_index
from skat_core.engine.play_calls import offer_error, contra_error  # noqa: F401 (views use them)
from skat_core.engine.play_count import finish
from skat_core.engine.play_tricks import legal_mask, play_card  # noqa: F401 (legal_mask: Game)
from skat_core.codes import (E_NOT_DECLARER, E_NOT_YOUR_TURN, E_NO_OFFER, E_OFFER_PENDING,
    E_WRONG_PHASE)


def act(g, seat, verb, a, b):
    if verb == V_PLAY:
        if g.offer_pending:
            return E_OFFER_PENDING
        if seat != g.to_act:
            return E_NOT_YOUR_TURN
        return play_card(g, seat, a)
    if verb == V_OFFER:
        err = offer_error(g, seat, a)
        if err:
            return err
        if a == OFFER_RAUS:
            g.raus_made = True
        else:
            g.stich_made = True
        g.offer_pending = a
        g.resume = g.to_act
        g.to_act = g.declarer
        return 0
    if verb == V_ACCEPT or verb == V_REJECT:
        if seat != g.declarer:
            return E_NOT_DECLARER
        if not g.offer_pending:
            return E_NO_OFFER
        if verb == V_ACCEPT:
            g.result.accepted = g.offer_pending
            g.offer_pending = 0
            finish(g)
            return 0
        if g.offer_pending > g.rejected:
            g.rejected = g.offer_pending
        g.offer_pending = 0
        g.to_act = g.resume
        return 0
    if verb == V_CONTRA or verb == V_RE:
        err = contra_error(g, seat, verb)
        if err:
            return err
        if verb == V_CONTRA:
            g.contra = True
        else:
            g.re = True
        return 0
    return E_WRONG_PHASE


def legal_actions(g, seat, out):
    """Encoded legal actions of ``seat`` during play (allocation-free)."""
    n = 0
    if g.offer_pending:
        if seat == g.declarer:
            out[0] = encode(V_ACCEPT, 0, 0)
            out[1] = encode(V_REJECT, 0, 0)
            return 2
        return 0
    m = legal_mask(g, seat)
    card_at = g.layout.card_at
    while m:
        low = m & -m
        out[n] = encode(V_PLAY, card_at[bit_index(low)], 0)
        n += 1
        m ^= low
    if seat == MH or g.ramsch:
        return n
    if offer_error(g, seat, OFFER_RAUS) == 0:
        out[n] = encode(V_OFFER, OFFER_RAUS, 0)
        n += 1
    if offer_error(g, seat, OFFER_STICH) == 0:
        out[n] = encode(V_OFFER, OFFER_STICH, 0)
        n += 1
    if contra_error(g, seat, V_CONTRA) == 0:
        out[n] = encode(V_CONTRA, 0, 0)
        n += 1
    if contra_error(g, seat, V_RE) == 0:
        out[n] = encode(V_RE, 0, 0)
        n += 1
    return n
