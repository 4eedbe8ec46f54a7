"""The card decision's two ends, for the bot's Player (``skat_core.bot.play``): ``targets`` sets the win
target and metric of the game before the worlds are searched, ``pick`` chooses the card from
the per-card totals after them (the utility is described in ``skat_core.bot.play``).

Its own module because the device compiles each module at the first card of a deal: a smaller
module needs less free heap to compile (docs/bot.md, "Memory")."""

from skat_core.cards import const, GT_NULL, GT_RAMSCH, F_SCHNEIDER, F_SCHWARZ
from skat_core.codes import OFFER_RAUS, OFFER_STICH
from skat_core.bot.base import greedy_card

NO_SCORE = const(-1)
_BIG = const(1 << 28)


def targets(p, view):
    """Win target and metric for the game in ``view`` (see the module docstring)."""
    gt = view.game_type
    p.trick_mode = 0
    p.tests = p.bot.tests
    if gt == GT_RAMSCH or p.kn.ramsch:
        p.target = 0          # set per world (half of the points in play)
        p.tests = 1
        return
    if gt == GT_NULL:
        p.target = 1          # the declarer takes a trick: he has lost
        p.trick_mode = 1
        p.tests = 1
        return
    fl = view.flags
    forced = view.rejected if view.next_level else 0   # rejection = plain: nothing compulsory
    if fl & F_SCHWARZ or forced == OFFER_STICH:
        p.target = 10
        p.trick_mode = 1
        p.tests = 1
    elif fl & F_SCHNEIDER or forced == OFFER_RAUS:
        p.target = 90
        if p.tests > 1:
            p.tests = 2
    else:
        p.target = 61


def pick(p):
    """Set ``p.best_card``: the legal card with the best total over the worlds for the mover's
    side (the only legal card, or the rule-of-thumb card when it ties for best)."""
    if p.n_legal <= 1:
        p.best_card = p.only
        return
    view = p.view
    hint = greedy_card(view)
    if p.worlds.n == 0:
        p.best_card = hint
        return
    # Declarer (and in Null the declarer too) maximises his utility; the opponent side
    # minimises it. Ramsch and the Null opponent: scores count the mover's bad outcomes.
    want_max = view.to_act == view.declarer
    if view.game_type == GT_NULL:
        want_max = view.to_act == view.declarer
    if p.kn.ramsch:
        want_max = False
    best = NO_SCORE
    sc = p.score
    for c in range(32):
        if p.legal[c]:
            v = sc[c] if want_max else _BIG - sc[c]
            if v > best:
                best = v
    bot = p.bot
    if bot.noise and bot.rng.below(1000) < bot.noise:
        p.best_card = hint
        return
    hv = sc[hint] if want_max else _BIG - sc[hint]
    if p.legal[hint] and hv == best:
        p.best_card = hint
        return
    for c in range(32):
        if p.legal[c]:
            v = sc[c] if want_max else _BIG - sc[c]
            if v == best:
                p.best_card = c
                return
    p.best_card = hint
