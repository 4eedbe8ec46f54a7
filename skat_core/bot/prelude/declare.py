"""The bot's declaration (split from ``decl``): game type and levels (offen, ouvert,
Schneider announced), or a concession when the best game is worse."""

from skat_core.cards import VH, GT_GRAND, GT_NULL, F_OUVERT, F_SCHNEIDER, F_OFFEN1, F_OFFEN2
from skat_core.codes import V_DECLARE
from skat_core.engine.values import FK_OUVERT, farben_class, NULL_VALUE, NULL_HAND, NULL_OUVERT, NULL_OUVERT_HAND
from skat_core.bot.prelude import hand as bot_hand, bidtable
from skat_core.bot.prelude.hand_eval import (
    _M, _M12, _pp, ev255, value, _farben_kind,
)
from skat_core.bot.prelude.choice import give_up, _allowed, _skat_bonus

# Extra levels: offen when the (double-dummy) table is this sure; the opponent who sees the
# cards plays exactly the game the table measured, so little is lost and a level is won.
P_OFFEN2 = 235
P_OFFEN1 = 215
P_SCHNEIDER_ANNOUNCE = 235
P_NULL_OUVERT = 245


def declare(bot, view):
    """Game type and levels; the known skat (after a pickup) counts for matadors and points."""
    fore = view.me == VH
    hand_game = not view.picked_up
    farben = view.farben
    m = _M
    bot_hand.load(m, view.hand, view.n_hand)
    m12 = _M12
    bot_hand.load(m12, view.hand, view.n_hand)
    pts = 0
    for i in range(view.n_skat):
        c = view.skat[i]
        m12[c >> 3] |= 1 << (c & 7)
        pts += (11, 10, 4, 3, 2, 0, 0, 0)[c & 7]
    best_ev = -100000000
    best_gt = -1
    best_p = 0
    fk = _farben_kind(hand_game)
    for gt in range(6):
        if not _allowed(view, gt):
            continue
        if farben and hand_game and farben_class(fk, gt) < view.bid:
            continue
        bonus = 0 if hand_game else _skat_bonus(pts, gt)
        p, ps = _pp(bot, m, gt, fore, True, bonus)
        ev = ev255(p, value(m12, gt, hand_game, farben, fk), view.bid, gt, farben, ps)
        if ev > best_ev:
            best_ev = ev
            best_gt = gt
            best_p = p
    if best_gt < 0:
        # Farben: a class above every Solo was bid - only the ouvert games reach it.
        if farben_class(FK_OUVERT, GT_NULL) >= view.bid:
            return V_DECLARE, GT_NULL, F_OUVERT
        return V_DECLARE, GT_GRAND, F_OUVERT
    g = give_up(view, best_ev)
    if g is not None:
        return g
    flags = 0
    if bot.strength != "greedy":
        flags = levels(view, m, best_gt, best_p, hand_game)
    if best_gt == GT_NULL and not farben:
        v = _null_value(flags, hand_game)
        if v < view.bid:
            flags |= F_OUVERT             # Null below the bid: only ouvert reaches it
    return V_DECLARE, best_gt, flags


def _null_value(flags, hand_game):
    if flags & F_OUVERT:
        return NULL_OUVERT_HAND if hand_game else NULL_OUVERT
    return NULL_HAND if hand_game else NULL_VALUE


def levels(view, m, gt, p, hand_game):
    """Declaration flags beyond Hand: offen / ouvert / Schneider announced, when safe."""
    fore = view.me == VH
    if gt == GT_NULL:
        if p >= P_NULL_OUVERT and bot_hand.null_tenths(m, fore) >= 0:
            return F_OUVERT
        return 0
    if view.farben:
        return 0
    flags = 0
    if p >= P_OFFEN2:
        flags = F_OFFEN2
    elif p >= P_OFFEN1:
        flags = F_OFFEN1
    if hand_game:
        b = bot_hand.bucket(m, gt, fore)
        if bidtable.lookup_schneider(bot_hand.game_class(gt), True, fore, b) >= \
                P_SCHNEIDER_ANNOUNCE:
            flags |= F_SCHNEIDER
    return flags
