"""The bot's actions before the first card at three (Skat zu dritt): bid, hold, pass, play at
18, Hand or pickup, discard, declare - from the trained hand evaluation (``three_table``).

En-deux's model (``decl``, ``hand_eval``), its buckets and its scoring: a plan is a game type
declared Hand or after a pickup; the table gives its win probability p/255 (and Schneider's,
ps/255) for the hand's bucket, the column (Hand, pickup) and the declarer's seat; a game worth
``V`` is worth ``V*(3p - 510)`` in 255ths (won +V, lost -2V; ``hand_eval.ev255``, which also
prices an overbid). At three a pass costs nothing of one's own (the list scores the declarer
only), so the bot bids up to the highest value at which some plan's expected score is still
above ``BID_MIN``; Hand when the best Hand plan beats the best pickup; after the pickup the
66 discards x 6 games are scored with the Hand column of the ten cards kept, the known skat's
points moving the bucket (``choice._skat_bonus``), and the declaration is the best of the
same evaluation. A Null is priced at its lowest value that reaches the bid (ouvert when the
plain one does not), and played ouvert when even the double-dummy probability - a lower bound
for a declarer whose defenders do not see each other's cards - prices ouvert above the best
a plain Null could give; Schneider is announced in a Hand game when it pays by the same count.

Schieberamsch's choices stay with the rule of thumb (``skat_core.bot.prelude.three_thumb``).
Before play: allocation allowed, little done (integers, the module's two rank-mask buffers).
"""

from skat_core.cards import VH, GT_GRAND, GT_NULL, F_OUVERT, F_SCHNEIDER
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE,
    V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_DISCARD, V_DECLARE,
)
from skat_core.engine.values import BASE, NULL_VALUE, NULL_HAND, NULL_OUVERT, NULL_OUVERT_HAND
from skat_core.bot.prelude import hand as bot_hand, three_table
from skat_core.bot.prelude.hand_eval import ev255, value
from skat_core.bot.prelude.choice import _skat_bonus

BID_MIN = 0             # x 255: the least expected score the bot bids or holds for
NONE = -100000000       # below every plan

_M = bytearray(4)       # rank masks of the ten cards being scored
_M12 = bytearray(4)     # rank masks of all twelve (the matadors after a pickup)


def pp(m, gt, seat, hand_col, bonus=0):
    """(win, Schneider) probabilities x 255 of the hand ``m`` for ``gt`` from ``seat``."""
    b = bot_hand.bucket(m, gt, seat == VH, bonus)
    cls = bot_hand.game_class(gt)
    ps = 0 if gt == GT_NULL else three_table.lookup_schneider(cls, hand_col, seat, b)
    return three_table.lookup(cls, hand_col, seat, b), ps


def null_value(hand_game, bid):
    """The lowest Null value that reaches ``bid`` (ouvert when the plain one does not)."""
    v = NULL_HAND if hand_game else NULL_VALUE
    if v < bid:
        v = NULL_OUVERT_HAND if hand_game else NULL_OUVERT
    return v


def plan_ev(m, m12, gt, seat, hand_col, hand_game, bid, bonus=0):
    """Expected score x 255 of declaring ``gt`` at ``bid`` with the ten cards ``m`` (the
    matadors counted over ``m12``)."""
    p, ps = pp(m, gt, seat, hand_col, bonus)
    if gt == GT_NULL:
        return ev255(p, null_value(hand_game, bid), bid, gt, False)
    return ev255(p, value(m12, gt, hand_game, False, -1), bid, gt, False, ps)


def best_plan(bot, view, bid):
    """The best plan for the ten cards in hand at ``bid``: sets ``bot.plan_ev`` (x 255),
    ``bot.plan_game``, ``bot.plan_hand``; returns the expected score."""
    seat = view.me
    bot_hand.load(_M, view.hand, view.n_hand)
    best = NONE
    for hg in range(2):
        for gt in range(6):
            ev = plan_ev(_M, _M, gt, seat, hg == 1, hg == 1, bid)
            if ev > best:
                best = ev
                bot.plan_game = gt
                bot.plan_hand = hg == 1
    bot.plan_ev = best
    return best


def acceptable(bot, view, bid):
    """Does a plan at ``bid`` expect more than ``BID_MIN``?"""
    return best_plan(bot, view, bid) > BID_MIN


def discard(view):
    """The two cards of the twelve whose putting away leaves the best plan."""
    seat = view.me
    cards = view.hand
    n = view.n_hand
    bid = view.bid
    bot_hand.load(_M12, cards, n)
    best = NONE
    best_a = cards[0]
    best_b = cards[1]
    for i in range(n):
        for j in range(i + 1, n):
            a = cards[i]
            b = cards[j]
            bot_hand.load(_M, cards, n, a, b)
            pts = bot_hand.points((a, b), 2)
            for gt in range(6):
                ev = plan_ev(_M, _M12, gt, seat, True, False, bid, _skat_bonus(pts, gt))
                if ev > best:
                    best = ev
                    best_a = a
                    best_b = b
    return V_DISCARD, best_a, best_b


def declare(view):
    """The game of the best plan for the cards kept (the known skat counts for the matadors
    and moves the bucket by its points) with the levels that pay."""
    seat = view.me
    hand_game = not view.picked_up
    bid = view.bid
    bot_hand.load(_M, view.hand, view.n_hand)
    bot_hand.load(_M12, view.hand, view.n_hand)
    pts = 0
    for i in range(view.n_skat):
        c = view.skat[i]
        _M12[c >> 3] |= 1 << (c & 7)
        pts += bot_hand.points((c,), 1)
    best = NONE
    best_gt = GT_GRAND
    for gt in range(6):
        bonus = 0 if hand_game else _skat_bonus(pts, gt)
        ev = plan_ev(_M, _M12, gt, seat, True, hand_game, bid, bonus)
        if ev > best:
            best = ev
            best_gt = gt
    return V_DECLARE, best_gt, levels(view, best_gt, hand_game, bid)


def levels(view, gt, hand_game, bid):
    """Flags beyond Hand: Null ouvert (when the bid asks for it, or when it pays for sure: its
    double-dummy expectation above the most a plain Null can give); Schneider announced in a
    Hand game when the game won only with Schneider, at two levels more, pays better."""
    seat = view.me
    p, ps = pp(_M, gt, seat, True)
    if gt == GT_NULL:
        plain = NULL_HAND if hand_game else NULL_VALUE
        ouvert = NULL_OUVERT_HAND if hand_game else NULL_OUVERT
        if plain < bid or ouvert * (3 * p - 510) > plain * 255:
            return F_OUVERT
        return 0
    if not hand_game:
        return 0
    v = value(_M12, gt, True, False, -1)
    if v < bid:
        return 0
    announced = v + 2 * BASE[gt]
    if announced * (3 * ps - 510) > ev255(p, v, bid, gt, False, ps):
        return F_SCHNEIDER
    return 0


def prelude(bot, view):
    """The action for ``view``'s pre-play phase as (verb, a, b), or None where the rule of
    thumb decides (Schieberamsch)."""
    ph = view.phase
    if ph == PH_BID:
        nb = view.next_bid
        if nb > 0 and acceptable(bot, view, nb):
            return V_BID, nb, 0
        return V_PASS, 0, 0
    if ph == PH_ANSWER:
        return (V_YES if acceptable(bot, view, view.bid) else V_PASS), 0, 0
    if ph == PH_TAKE:
        return (V_BID, 18, 0) if acceptable(bot, view, 18) else (V_PASS, 0, 0)
    if ph == PH_SKAT:
        best_plan(bot, view, view.bid)
        return (V_HAND if bot.plan_hand else V_PICKUP), 0, 0
    if ph == PH_DISCARD:
        return discard(view)
    if ph == PH_DECLARE:
        return declare(view)
    return None
