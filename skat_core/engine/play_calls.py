"""Offers and Contra/Re during play (rules.md §5-§6): may ``seat`` make this call now? Split from
``play`` so that each play module compiles in a small heap (docs/design.md, "Memory");
heap-locked path: allocation-free, errors are int codes.
"""

from skat_core.cards import GT_GRAND, F_OFFEN2
from skat_core.codes import V_CONTRA, OFFER_RAUS, OFFER_STICH


def _between_tricks(g):
    """No card of a trick played yet, after trick 1 and before trick 10; in a zweimal offen
    game also before the opening lead (the declarer's cards are open then)."""
    return g.cur_n == 0 and g.n_tricks < 10 and (g.n_tricks > 0 or (g.flags & F_OFFEN2) != 0)


def offer_error(g, seat, kind):
    if g.game_type > GT_GRAND or g.ramsch:
        return 25  # E_OFFER_NOT_IN_NULL
    if seat != g.opponent:
        return 21  # E_OFFER_NOT_OPPONENT
    if kind != OFFER_RAUS and kind != OFFER_STICH:
        return 42  # E_BAD_OFFER
    if g.offer_pending:
        return 26  # E_OFFER_PENDING
    if not _between_tricks(g):
        return 22  # E_OFFER_NOT_BETWEEN
    if kind == OFFER_RAUS:
        if g.stich_made:
            return 24  # E_OFFER_STICH_THEN_RAUS
        if g.raus_made:
            return 23  # E_OFFER_TWICE
    elif g.stich_made:
        return 23  # E_OFFER_TWICE
    return 0


def contra_error(g, seat, verb):
    if not g.rules.contra_on:
        return 29  # E_CONTRA_OFF
    if verb == V_CONTRA:
        if seat != g.opponent:
            return 46  # E_CONTRA_NOT_OPPONENT
    elif seat != g.declarer:
        return 28  # E_NOT_DECLARER
    if g.offer_pending:
        return 26  # E_OFFER_PENDING
    if verb == V_CONTRA:
        if not g.rejected:
            return 30  # E_CONTRA_NO_REJECTION
        if g.contra:
            return 31  # E_CONTRA_TWICE
    else:
        if not g.contra:
            return 32  # E_RE_WITHOUT_CONTRA
        if g.re:
            return 33  # E_RE_TWICE
    if not _between_tricks(g):
        return 43  # E_NOT_BETWEEN
    return 0
