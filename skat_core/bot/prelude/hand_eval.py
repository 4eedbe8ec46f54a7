"""The bot's pre-play evaluators (split from ``decl`` so that each module compiles in a
small heap, docs/design.md "Memory"): win probabilities (``bidtable`` or rules of thumb),
planned game values, expected scores in 255ths, the best plan at a bid (giving up and the
skat choice's limits: ``choice``).
See ``decl`` for the scoring model.
"""

from skat_core.cards import VH, GT_GRAND, GT_NULL
from skat_core.engine.values import (
    BASE, FARBEN_BASE, FK_FRAGE, FK_SOLO, farben_class, overbid_value,
    NULL_VALUE, NULL_HAND,
)
from skat_core.bot.prelude import hand as bot_hand, bidtable

PASS_COST = 6           # the other side's expected score when we pass (points)
GIVE_UP = -60           # Spielaufgabe at 18 (rules.md §3)

_M = bytearray(4)       # rank masks of the hand being scored
_M12 = bytearray(4)     # rank masks of all twelve cards (matadors after a pickup)


# ----------------------------------------------------------------------------- evaluators
def table_pp(m, gt, fore, hand_col, bonus=0):
    """(win, Schneider) probabilities x 255 from the table (Schneider 0 in Null); ``bonus``
    buckets for known skat points. One bucket for both: it is the costly part."""
    b = bot_hand.bucket(m, gt, fore, bonus)
    cls = bot_hand.game_class(gt)
    ps = 0 if gt == GT_NULL else bidtable.lookup_schneider(cls, hand_col, fore, b)
    return bidtable.lookup(cls, hand_col, fore, b), ps


def greedy_p(m, gt, fore, hand_col, bonus=0):
    """Rules of thumb (docs/bot.md): ~5 trumps with few losers; Grand: jacks + aces; Null:
    every suit safe. Returns 204 (0.8) for "playable", else a low value."""
    if gt == GT_NULL:
        return 217 if bot_hand.null_tenths(m, fore) >= -6 else 50
    jacks = 0
    aces = 0
    for s in range(4):
        if m[s] & 16:
            jacks += 1
        if m[s] & 1:
            aces += 1
    if gt == GT_GRAND:
        return 204 if jacks >= 2 and jacks + aces >= (4 if fore else 5) else 38
    t = m[gt] & ~16 & 255
    trumps = jacks
    while t:
        trumps += 1
        t &= t - 1
    if trumps >= 5 and trumps + aces - (1 if m[gt] & 1 else 0) >= 6:
        return 204
    return 64


def shift(bot, gt, fore):
    """Buckets the bot reads its table row shifted by (``bot.play_shift``, per class and seat)."""
    return bot.play_shift[bot_hand.game_class(gt) * 2 + (1 if fore else 0)]


def _pp(bot, m, gt, fore, hand_col, bonus=0):
    """(win, Schneider) probabilities x 255 of a plan for this bot (its shifted table row,
    or the greedy rules of thumb, which know no Schneider)."""
    if bot.strength == "greedy":
        return greedy_p(m, gt, fore, hand_col, bonus), 0
    return table_pp(m, gt, fore, hand_col, bonus + shift(bot, gt, fore))


# ----------------------------------------------------------------------------- values
def value(m, gt, hand_game, farben, fk):
    """Planned game value (matadors over the cards in ``m``)."""
    if gt == GT_NULL:
        if farben:
            return FARBEN_BASE[fk][5]
        return NULL_HAND if hand_game else NULL_VALUE
    k = bot_hand.matadors(m, gt) + 1
    if farben:
        return FARBEN_BASE[fk][gt] * k
    return BASE[gt] * (k + (1 if hand_game else 0))


def ev255(p, v, bid, gt, farben, ps=0):
    """Expected score x 255 of a game worth ``v`` won with probability p/255 at ``bid``; a
    suit game or Grand won Schneider (probability ps/255) is worth one base value more."""
    if not farben and v < bid:
        if gt == GT_NULL:
            return -1000000              # a Null below the bid cannot be declared
        return -2 * overbid_value(BASE[gt], bid) * 255
    if farben or gt == GT_NULL:
        return v * (3 * p - 510)
    return v * (3 * p - 510) + BASE[gt] * ps


def _farben_kind(hand_game):
    return FK_SOLO if hand_game else FK_FRAGE


def best_plan(bot, view, m, bid):
    """Best (ev255, game type, hand_game) for the ten cards ``m`` at ``bid``; sets
    ``bot.plan_*``. Farben: only plans whose class is at least ``bid``."""
    fore = view.me == VH
    farben = view.farben
    best_ev = -100000000
    best_gt = -1
    best_hand = False
    for hg in range(2):
        hand_game = hg == 1
        for gt in range(6):
            if farben:
                fk = _farben_kind(hand_game)
                if not hand_game and gt >= GT_GRAND:
                    continue                  # Frage names a trump suit
                if bid >= 0 and farben_class(fk, gt) < bid:
                    continue
            else:
                fk = -1
            p, ps = _pp(bot, m, gt, fore, hand_game)
            ev = ev255(p, value(m, gt, hand_game, farben, fk), bid, gt, farben, ps)
            if ev > best_ev:
                best_ev = ev
                best_gt = gt
                best_hand = hand_game
    bot.plan_ev = best_ev
    bot.plan_game = best_gt
    bot.plan_hand = best_hand
    return best_ev


def acceptable(bot, view, m, bid):
    """Does the best plan at ``bid`` beat passing (with the bot's caution margin)? The same
    ``PASS_COST`` for Vorhand after the dealer passed, although his pass only throws the deal
    in: 0 there lost 0.1-0.3 per game in duplicate matches (docs/bot.md)."""
    ev = best_plan(bot, view, m, bid)
    return bot.plan_game >= 0 and ev > (-PASS_COST - bot.bid_margin_now) * 255
