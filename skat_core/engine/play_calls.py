"""Offers and Contra/Re during play (rules.md §5-§6): may ``seat`` make this call now? Split from
``play`` so that each play module compiles in a small heap (docs/design.md, "Memory");
heap-locked path: allocation-free, errors are int codes.
"""

from skat_core.cards import GT_GRAND, F_OFFEN2
from skat_core.codes import V_CONTRA, OFFER_RAUS, OFFER_STICH
from skat_core.codes import (E_BAD_OFFER, E_CONTRA_NOT_OPPONENT, E_CONTRA_NO_REJECTION,
    E_CONTRA_OFF, E_CONTRA_TWICE, E_NOT_BETWEEN, E_NOT_DECLARER, E_OFFER_NOT_BETWEEN,
    E_OFFER_NOT_IN_NULL, E_OFFER_NOT_OPPONENT, E_OFFER_PENDING, E_OFFER_STICH_THEN_RAUS,
    E_OFFER_TWICE, E_RE_TWICE, E_RE_WITHOUT_CONTRA)


def _between_tricks(g):
    """No card of a trick played yet, after trick 1 and before trick 10; in a zweimal offen
    game also before the opening lead (the declarer's cards are open then)."""
    return g.cur_n == 0 and g.n_tricks < 10 and (g.n_tricks > 0 or (g.flags & F_OFFEN2) != 0)


def offer_error(g, seat, kind):
    if g.game_type > GT_GRAND or g.ramsch:
        return E_OFFER_NOT_IN_NULL
    if seat != g.opponent:
        return E_OFFER_NOT_OPPONENT
    if kind != OFFER_RAUS and kind != OFFER_STICH:
        return E_BAD_OFFER
    if g.offer_pending:
        return E_OFFER_PENDING
    if not _between_tricks(g):
        return E_OFFER_NOT_BETWEEN
    if kind == OFFER_RAUS:
        if g.stich_made:
            return E_OFFER_STICH_THEN_RAUS
        if g.raus_made:
            return E_OFFER_TWICE
    elif g.stich_made:
        return E_OFFER_TWICE
    return 0


def contra_error(g, seat, verb):
    if not g.rules.contra_on:
        return E_CONTRA_OFF
    if verb == V_CONTRA:
        if seat != g.opponent:
            return E_CONTRA_NOT_OPPONENT
    elif seat != g.declarer:
        return E_NOT_DECLARER
    if g.offer_pending:
        return E_OFFER_PENDING
    if verb == V_CONTRA:
        if not g.rejected:
            return E_CONTRA_NO_REJECTION
        if g.contra:
            return E_CONTRA_TWICE
    else:
        if not g.contra:
            return E_RE_WITHOUT_CONTRA
        if g.re:
            return E_RE_TWICE
    if not _between_tricks(g):
        return E_NOT_BETWEEN
    return 0
