"""The bot's actions before the first card: bid, hold, pass, Hand or pickup, discard, declare,
give up - for Zahlenreizen (values) and Farbenreizen (classes, rules.md §8).

The plan is always "the game with the best expected score" (``bot_bid``); the bidding goes as
high as the best plan still beats passing. An evaluator gives the win probability of a game for
ten cards: the table (``bot_bid.p_win``) for easy/device/host, rules of thumb for ``greedy``.
"""

from skat_core.cards import (
    VH, GT_GRAND, GT_NULL, F_HAND, F_OUVERT, F_SCHNEIDER, F_SCHWARZ, NO_CARD,
)
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE,
    V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_DISCARD, V_DECLARE, V_CONCEDE,
)
from skat_core.values import (
    BID_VALUES, BASE, FARBEN_BASE, FK_FRAGE, FK_SOLO, FK_OUVERT, farben_class, matadors,
    NULL_VALUE, NULL_HAND, NULL_OUVERT, NULL_OUVERT_HAND,
)
from skat_core import bot_bid, bot_hand

CONCEDE_PLAIN = 15      # game.CONCEDE_PLAIN (Spielaufgabe); game.py imports us? no: kept equal
GIVE_UP_SCORE = -60     # Spielaufgabe at 18 (rules.md §3)


# ----------------------------------------------------------------------------- evaluators
def table_p(cards10, gt, forehand, hand_game):
    return bot_bid.p_win(cards10, gt, forehand, hand_game)


def greedy_p(cards10, gt, forehand, hand_game):
    """Rules of thumb from docs/bot.md: ~5 trumps with A or T and few losers; Grand: ~5 of
    jacks + aces; Null: every suit safe."""
    if gt == GT_NULL:
        return 0.85 if bot_hand.null_tenths(cards10, forehand) >= -6 else 0.2
    jacks = 0
    aces = 0
    trumps = 0
    for c in cards10:
        if c & 7 == 4:
            jacks += 1
            trumps += 1
        elif c & 7 == 0:
            aces += 1
            if gt < GT_GRAND and c >> 3 == gt:
                trumps += 1
        elif gt < GT_GRAND and c >> 3 == gt:
            trumps += 1
    if gt == GT_GRAND:
        good = jacks >= 2 and jacks + aces >= (4 if forehand else 5)
        return 0.8 if good else 0.15
    good = trumps >= 5 and (trumps + aces) >= 7
    return 0.8 if good else 0.25


def _evaluator(bot):
    return greedy_p if bot.strength == "greedy" else table_p


# ----------------------------------------------------------------------------- helpers
def _hand(view):
    return [view.hand[i] for i in range(view.n_hand)]


def _value(cards, gt, kind_hand, farben, fk):
    """Game value for planning: Zahlen base x levels; Farben class base x levels."""
    if gt == GT_NULL:
        if farben:
            return FARBEN_BASE[fk][5]
        return NULL_HAND if kind_hand else NULL_VALUE
    m = matadors(cards, gt)
    if m < 0:
        m = -m
    if farben:
        base = FARBEN_BASE[fk][gt]
        return base * (m + 1)
    return BASE[gt] * (m + 1 + (1 if kind_hand else 0))


def _plans(bot, view, cards10, bid):
    """[(ev, gt, hand_game, farben_kind)] of every plan the hand allows at ``bid``."""
    ev_p = _evaluator(bot)
    fore = view.me == VH
    out = []
    farben = view.farben
    for hand_game in (False, True):
        for gt in bot_bid.GAMES:
            if farben:
                fk = FK_SOLO if hand_game else FK_FRAGE
                if not hand_game and gt >= GT_GRAND:
                    continue                     # Frage is a suit game
                if bid >= 0 and farben_class(fk, gt) < bid:
                    continue
                v = _value(cards10, gt, hand_game, True, fk)
                if v == 0:
                    continue
                p = ev_p(cards10, gt, fore, hand_game)
                ev = p * v - 2.0 * (1.0 - p) * v
            else:
                fk = -1
                p = ev_p(cards10, gt, fore, hand_game)
                v = _value(cards10, gt, hand_game, False, fk)
                ev = bot_bid.expected(p, v, bid, 0 if gt == GT_NULL else BASE[gt])
            out.append((ev, gt, hand_game, fk))
    return out


def _best(plans):
    best = None
    for p in plans:
        if best is None or p[0] > best[0]:
            best = p
    return best


def _acceptable(bot, view, cards10, bid):
    """Is there a plan at ``bid`` (value or class) that beats passing?"""
    b = _best(_plans(bot, view, cards10, bid))
    return b is not None and b[0] > -bot_bid.PASS_COST + bot.bid_margin_now


# ----------------------------------------------------------------------------- phases
def prelude(bot, view):
    """(verb, a, b) for the pre-play phase of ``view``."""
    ph = view.phase
    bot.bid_margin_now = bot.bid_margin * (bot.rng.below(1000) / 1000.0) if bot.bid_margin else 0.0
    cards = _hand(view)
    if ph == PH_BID:
        nb = view.next_bid
        if nb >= 0 and _acceptable(bot, view, cards, nb):
            return V_BID, nb, 0
        return V_PASS, 0, 0
    if ph == PH_ANSWER:
        if _acceptable(bot, view, cards, view.bid):
            return V_YES, 0, 0
        return V_PASS, 0, 0
    if ph == PH_TAKE:
        if view.farben:
            # Vorhand takes at the lowest class its best plan allows.
            if _acceptable(bot, view, cards, 0):
                return V_BID, 0, 0
            return V_PASS, 0, 0
        if _acceptable(bot, view, cards, 18):
            return V_BID, 18, 0
        return V_PASS, 0, 0
    if ph == PH_SKAT:
        best = _best(_plans(bot, view, cards, view.bid))
        if not view.farben and view.bid == 18 and best[0] < GIVE_UP_SCORE:
            return V_CONCEDE, CONCEDE_PLAIN, 0
        return (V_HAND if best[2] else V_PICKUP), 0, 0
    if ph == PH_DISCARD:
        return discard(bot, view, cards)
    if ph == PH_DECLARE:
        return declare(bot, view, cards)
    return V_PASS, 0, 0


def _allowed_after_pickup(view):
    """Games that may be declared after a pickup (Farben Frage: suits of class >= the bid)."""
    if not view.farben:
        return None
    return [gt for gt in range(4) if farben_class(FK_FRAGE, gt) >= view.bid] or [0]


def discard(bot, view, cards12):
    fore = view.me == VH
    allowed = _allowed_after_pickup(view)
    if view.farben and view.turned != NO_CARD:
        allowed = _tourne_games(view)
    if bot.strength == "greedy":
        ev, a, b, gt = _greedy_discard(cards12, fore, allowed)
    else:
        ev, a, b, gt = bot_bid.choose_discard(cards12, fore, view.bid, allowed)
    if not view.farben and view.bid == 18 and ev < GIVE_UP_SCORE:
        return V_CONCEDE, CONCEDE_PLAIN, 0
    bot.planned_game = gt
    return V_DISCARD, a, b


def _tourne_games(view):
    from skat_core.values import tourne_allows
    return [gt for gt in range(6) if tourne_allows(view.turned, gt)]


def _greedy_discard(cards12, fore, allowed):
    """Keep the longest trump suit; put away the highest points that are not aces or trumps."""
    best = None
    for gt in (0, 1, 2, 3):
        if allowed is not None and gt not in allowed:
            continue
        for i in range(12):
            for j in range(i + 1, 12):
                kept = [cards12[k] for k in range(12) if k != i and k != j]
                s = bot_hand.suit_tenths(kept, gt, fore) + (
                    bot_hand.points_of((cards12[i], cards12[j])) // 3)
                if best is None or s > best[0]:
                    best = (s, cards12[i], cards12[j], gt)
    if best is None:
        gt = allowed[0]
        return 0.0, cards12[0], cards12[1], gt
    return float(best[0]), best[1], best[2], best[3]


def declare(bot, view, cards10):
    """Game type and flags; the skat (if picked up) is known and counts for matadors."""
    fore = view.me == VH
    skat = [view.skat[i] for i in range(view.n_skat)]
    hand_game = not view.picked_up
    farben = view.farben
    if farben and view.turned != NO_CARD:
        games = _tourne_games(view)
    elif farben and not hand_game:
        games = _allowed_after_pickup(view)
    else:
        games = list(bot_bid.GAMES)
    best = None
    for gt in games:
        if bot.strength == "greedy":
            p = greedy_p(cards10, gt, fore, hand_game)
            v = _value(cards10 + skat, gt, hand_game, False, -1)
            ev = bot_bid.expected(p, v, 0 if farben else view.bid, 0 if gt == GT_NULL else BASE[gt])
        elif skat:
            ev, p, v = bot_bid.declare_ev(cards10, skat, gt, fore, 0 if farben else view.bid,
                                          hand_game)
        else:
            p = table_p(cards10, gt, fore, hand_game)
            v = _value(cards10, gt, hand_game, False, -1)
            ev = bot_bid.expected(p, v, 0 if farben else view.bid, 0 if gt == GT_NULL else BASE[gt])
        if farben and hand_game and farben_class(FK_SOLO, gt) < view.bid:
            ev = -1e6 + ev          # below the bid class: only if nothing else is legal
        if best is None or ev > best[0]:
            best = (ev, gt, p)
    ev, gt, p = best
    if not farben and view.bid == 18 and ev < GIVE_UP_SCORE:
        return V_CONCEDE, CONCEDE_PLAIN, 0
    flags = 0
    if bot.strength != "greedy":
        flags = _levels(view, cards10, skat, gt, p, hand_game)
    if gt == GT_NULL and not farben and bot_bid.null_declared_value(flags | (F_HAND if hand_game else 0)) < view.bid:
        flags |= F_OUVERT          # Null 23 below the bid: ouvert (46/59) is the only way
    if farben and hand_game and farben_class(FK_SOLO, gt) < view.bid:
        # Bid a class above Solo/Null: only Grand ouvert / Null ouvert reach it.
        flags = F_OUVERT
        if farben_class(FK_OUVERT, gt) < view.bid:
            gt = GT_GRAND
    return V_DECLARE, gt, flags


def _levels(view, cards10, skat, gt, p, hand_game):
    """Extra levels: offen when the game is all but certain, Schneider in a strong Hand."""
    flags = 0
    if gt == GT_NULL:
        if p > 0.97 and bot_hand.null_tenths(cards10, view.me == VH) >= 0:
            flags |= F_OUVERT
        return flags
    if p > 0.985:
        flags |= 16          # F_OFFEN2: two levels for playing open from the lead
    elif p > 0.96:
        flags |= 8           # F_OFFEN1
    if hand_game and not view.farben:
        ps = bot_bid.p_schneider(cards10, gt, view.me == VH, True)
        if ps > 0.92:
            flags |= F_SCHNEIDER
    return flags
