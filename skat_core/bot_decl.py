"""The bot's actions before the first card: bid, hold, pass, Hand or pickup, discard, declare,
give up - for Zahlenreizen (values) and Farbenreizen (classes, rules.md §8).

Every choice compares expected scores, in 255ths (integers: no floats, little allocation):
a game worth ``V`` and won with probability ``p/255`` is worth ``V*(3p - 510)`` (won +V, lost
-2V); a suit game or Grand below the bid is lost at the overbid value. ``p`` comes from the
bidding table (``bidtable``, measured by solving deals; indexed by the ``bot_hand`` bucket, the
seat and Hand/pickup) or, for the ``greedy`` baseline, from rules of thumb. Passing is not
worth 0: the other player then declares and expects about ``PASS_COST`` points himself (plain
list: his points are our loss in the difference), so the bidding goes on while the best plan
beats ``-PASS_COST``. After the pickup the skat is known: the ten kept cards are scored with the
Hand column (the skat is out of play for them) and the skat's points move the bucket.
"""

from skat_core.cards import (
    VH, GT_GRAND, GT_NULL, F_OUVERT, F_SCHNEIDER, F_OFFEN1, F_OFFEN2, NO_CARD,
)
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE,
    V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_DISCARD, V_DECLARE, V_CONCEDE,
)
from skat_core.values import (
    BASE, FARBEN_BASE, FK_FRAGE, FK_SOLO, FK_OUVERT, farben_class, overbid_value,
    tourne_allows, NULL_VALUE, NULL_HAND, NULL_OUVERT, NULL_OUVERT_HAND,
)
from skat_core import bot_hand, bidtable

CONCEDE_PLAIN = 15      # = game.CONCEDE_PLAIN (Spielaufgabe); not imported: game pulls in the engine
PASS_COST = 6           # the other side's expected score when we pass (points)
GIVE_UP = -60           # Spielaufgabe at 18 (rules.md §3)
# Extra levels: offen when the (double-dummy) table is this sure; the opponent who sees the
# cards plays exactly the game the table measured, so little is lost and a level is won.
P_OFFEN2 = 235
P_OFFEN1 = 215
P_SCHNEIDER_ANNOUNCE = 235
P_NULL_OUVERT = 245

_M = bytearray(4)       # rank masks of the hand being scored
_M12 = bytearray(4)     # rank masks of all twelve cards (matadors after a pickup)


# ----------------------------------------------------------------------------- evaluators
def table_p(m, gt, fore, hand_col, bonus=0):
    """Win probability x 255 from the table; ``bonus`` buckets for known skat points."""
    b = bot_hand.bucket(m, gt, fore) + bonus
    if b >= bot_hand.N_BUCKETS:
        b = bot_hand.N_BUCKETS - 1
    if b < 0:
        b = 0
    return bidtable.lookup(bot_hand.game_class(gt), hand_col, fore, b)


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


def _p(bot, m, gt, fore, hand_col, bonus=0):
    if bot.strength == "greedy":
        return greedy_p(m, gt, fore, hand_col, bonus)
    return table_p(m, gt, fore, hand_col, bonus + bot.play_shift[bot_hand.game_class(gt)])


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


def ev255(p, v, bid, gt, farben):
    """Expected score x 255 of a game worth ``v`` won with probability p/255 at ``bid``."""
    if not farben and v < bid:
        if gt == GT_NULL:
            return -1000000              # a Null below the bid cannot be declared
        return -2 * overbid_value(BASE[gt], bid) * 255
    return v * (3 * p - 510)


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
            p = _p(bot, m, gt, fore, hand_game)
            ev = ev255(p, value(m, gt, hand_game, farben, fk), bid, gt, farben)
            if ev > best_ev:
                best_ev = ev
                best_gt = gt
                best_hand = hand_game
    bot.plan_ev = best_ev
    bot.plan_game = best_gt
    bot.plan_hand = best_hand
    return best_ev


def acceptable(bot, view, m, bid):
    """Does the best plan at ``bid`` beat passing (with the bot's caution margin)?"""
    ev = best_plan(bot, view, m, bid)
    return bot.plan_game >= 0 and ev > (-PASS_COST - bot.bid_margin_now) * 255


# ----------------------------------------------------------------------------- phases
def prelude(bot, view):
    """Decide the pre-play action of ``view``: sets ``bot.verb/a/b`` through the return."""
    ph = view.phase
    bot.bid_margin_now = (bot.bid_margin * bot.rng.below(1000)) // 1000 if bot.bid_margin else 0
    m = _M
    bot_hand.load(m, view.hand, view.n_hand)
    if ph == PH_BID:
        nb = view.next_bid
        if nb >= 0 and acceptable(bot, view, m, nb):
            return V_BID, nb, 0
        return V_PASS, 0, 0
    if ph == PH_ANSWER:
        return (V_YES if acceptable(bot, view, m, view.bid) else V_PASS), 0, 0
    if ph == PH_TAKE:
        first = 0 if view.farben else 18
        if acceptable(bot, view, m, first):
            return V_BID, first, 0
        return V_PASS, 0, 0
    if ph == PH_SKAT:
        ev = best_plan(bot, view, m, view.bid)
        if not view.farben and view.bid == 18 and ev < GIVE_UP * 255:
            return V_CONCEDE, CONCEDE_PLAIN, 0
        return (V_HAND if bot.plan_hand else V_PICKUP), 0, 0
    if ph == PH_DISCARD:
        return discard(bot, view)
    if ph == PH_DECLARE:
        return declare(bot, view)
    return V_PASS, 0, 0


def give_up(view, ev):
    """The concession that beats the best declarable game (expected ``ev`` x 255), or None:
    Spielaufgabe at 18 (-60); above 18, when the view says the house rule allows it, the
    overbid concession (rules.md §3: -2 x the smallest multiple of the named game's base value
    >= bid). Any suit or Grand may be named; the cheapest is the game this bid plainly stood for."""
    bid = view.bid
    if view.farben:
        return None
    if bid == 18:
        return (V_CONCEDE, CONCEDE_PLAIN, 0) if ev < GIVE_UP * 255 else None
    if not view.can_concede_overbid:
        return None
    gt = 0
    for g in range(1, GT_GRAND + 1):
        if overbid_value(BASE[g], bid) < overbid_value(BASE[gt], bid):
            gt = g
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
                    p = table_p(_M, gt, fore, True, _skat_bonus(pts, gt) +
                                bot.play_shift[bot_hand.game_class(gt)])
                    ev = ev255(p, value(_M12, gt, False, view.farben, FK_FRAGE), view.bid, gt,
                               view.farben)
                if ev > best_ev:
                    best_ev = ev
                    best_a = a
                    best_b = b
    if bot.strength != "greedy":          # greedy's discard scores are not expected scores
        g = give_up(view, best_ev)
        if g is not None:
            return g
    return V_DISCARD, best_a, best_b


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
        if hand_game:
            p = _p(bot, m, gt, fore, True)
        else:
            p = _p(bot, m, gt, fore, True, _skat_bonus(pts, gt))
        ev = ev255(p, value(m12, gt, hand_game, farben, fk), view.bid, gt, farben)
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
