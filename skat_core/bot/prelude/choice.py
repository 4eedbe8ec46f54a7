"""Giving up, and what a skat choice still allows (split from ``hand_eval`` so that each
pre-play bot module compiles in a small heap, docs/design.md "Memory")."""

from skat_core.cards import GT_GRAND, GT_NULL, NO_CARD
from skat_core.codes import V_CONCEDE, CONCEDE_PLAIN
from skat_core.engine.values import BASE, FK_FRAGE, farben_class, overbid_value, tourne_allows
from skat_core.bot.prelude.hand_eval import GIVE_UP


def give_up(view, ev):
    """The concession that beats the best declarable game (expected ``ev`` x 255), or None:
    Spielaufgabe at 18 (-60); above 18, when the view says the house rule allows it, the
    overbid concession (rules.md §3: -2 x the smallest multiple of the named game's base value
    >= bid). Of the games the view lets him name (those that can no longer reach the bid), the
    cheapest. A concedable game declared loses the same (it is an overbid loss whatever the
    play), so this fires only when every declarable game is expected to lose more."""
    bid = view.bid
    if view.farben:
        return None
    if bid == 18:
        return (V_CONCEDE, CONCEDE_PLAIN, 0) if ev < GIVE_UP * 255 else None
    gt = -1
    for g in range(GT_GRAND + 1):
        if (view.can_concede_overbid >> g) & 1 and (
                gt < 0 or overbid_value(BASE[g], bid) < overbid_value(BASE[gt], bid)):
            gt = g
    if gt < 0:
        return None
    return (V_CONCEDE, gt, 0) if ev < -510 * overbid_value(BASE[gt], bid) else None


def _allowed(view, gt):
    """May ``gt`` be declared after this skat choice (Farben Frage/Tourné restrict it)?"""
    if not view.farben:
        return True
    if view.turned != NO_CARD:
        return tourne_allows(view.turned, gt)
    if view.picked_up:
        return gt < GT_GRAND and farben_class(FK_FRAGE, gt) >= view.bid
    return True


def _skat_bonus(pts, gt):
    """Known skat points move a suit/Grand bucket: ~8 points are what the table assumed."""
    if gt == GT_NULL:
        return 0
    return (pts - 8) // 6
