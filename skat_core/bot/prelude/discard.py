"""The bot's discard after a pickup (split from ``decl``): the best of the 66 discards
by expected score, or a concession when every one is bad."""

from skat_core.cards import VH, GT_GRAND
from skat_core.codes import V_DISCARD
from skat_core.engine.values import FK_FRAGE
from skat_core.bot.prelude import hand as bot_hand
from skat_core.bot.prelude.hand_eval import _M, _M12, table_pp, ev255, value, shift
from skat_core.bot.prelude.choice import give_up, _allowed, _skat_bonus


def discard(bot, view):
    """The best of the 66 discards (and the game it is for); a concession if all are bad."""
    fore = view.me == VH
    cards = view.hand
    n = view.n_hand
    bot_hand.load(_M12, cards, n)
    best_ev = -100000000
    best_a = cards[0]
    best_b = cards[1]
    any_allowed = False
    for gt in range(6):
        if _allowed(view, gt):
            any_allowed = True
    for i in range(n):
        for j in range(i + 1, n):
            a = cards[i]
            b = cards[j]
            bot_hand.load(_M, cards, n, a, b)
            pts = (11, 10, 4, 3, 2, 0, 0, 0)[a & 7] + (11, 10, 4, 3, 2, 0, 0, 0)[b & 7]
            for gt in range(6):
                if any_allowed and not _allowed(view, gt):
                    continue
                if bot.strength == "greedy":
                    if gt >= GT_GRAND:
                        continue
                    ev = bot_hand.suit_tenths(_M, gt, fore) * 255 + pts * 64
                else:
                    bonus = _skat_bonus(pts, gt) + shift(bot, gt, fore)
                    p, ps = table_pp(_M, gt, fore, True, bonus)
                    ev = ev255(p, value(_M12, gt, False, view.farben, FK_FRAGE), view.bid, gt,
                               view.farben, ps)
                if ev > best_ev:
                    best_ev = ev
                    best_a = a
                    best_b = b
    if bot.strength != "greedy":          # greedy's discard scores are not expected scores
        g = give_up(view, best_ev)
        if g is not None:
            return g
    return V_DISCARD, best_a, best_b
