"""The bots' rule of thumb at Skat zu dritt and their pre-play decisions (rules.md §11): the
bidding, the skat, the discard, the declaration and Schieberamsch's choices of a ThreeBot
(skat_core.bot.three), ``prelude(bot, view)``; ``device`` and ``host`` ask the trained
evaluation first (``three_decl``). ``greedy`` keeps the rule of thumb (``best_game``): the
classic count of trumps (jacks and the trump suit), side aces and a guarded ten for a suit
game, jacks and aces for a Grand, safe suits for a Null; it bids up to the value of the best
game it would play, with the matadors its hand shows.

Loaded at a deal's first pre-play decision and dropped at the opening lead
(``skat_core.THREE_PRE_PLAY``): on a board the play never holds it.
"""

from skat_core.cards import GT_GRAND, GT_NULL, NO_CARD, POINTS, R_ACE, R_TEN, R_JACK
from skat_core.codes import (PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE,
                             PH_GRAND_HAND, PH_PUSH, PH_PUSH_DISCARD, V_BID, V_YES, V_PASS,
                             V_HAND, V_PICKUP, V_DISCARD, V_DECLARE)
from skat_core.engine.score import BASE, NULL_VALUE, NULL_HAND
from skat_core.layout import bit_count


# Null order inside a suit, 7 lowest: the rank's place (A T K Q J 9 8 7 -> A 7, T 3, ...).
_NULL_PLACE = b"\x07\x03\x06\x05\x04\x02\x01\x00"


def _ranks(cards):
    """(jacks held as bits by suit, the ranks held in each suit as bits, rank r = A T K Q J
    9 8 7 at bit r, jacks left out): four small ints, nothing allocated but the tuple."""
    jacks = 0
    r0 = r1 = r2 = r3 = 0
    for c in cards:
        r = c & 7
        s = c >> 3
        if r == R_JACK:
            jacks |= 1 << s
        elif s == 0:
            r0 |= 1 << r
        elif s == 1:
            r1 |= 1 << r
        elif s == 2:
            r2 |= 1 << r
        else:
            r3 |= 1 << r
    return jacks, r0, r1, r2, r3


def suit_strength(cards, trump):
    """How playable a suit game with ``trump`` is (0: not; higher: safer): a trump counts 4,
    a side ace 2 and its ten 1 more, a ten with two more cards 1, the club jack 2 (else the
    spade jack 1); playable from 22 with five trumps and a jack (about 7 % of deals then
    find no player: measured over 2,000 deals)."""
    held = _ranks(cards)
    jacks = held[0]
    nj = bit_count(jacks)
    trumps = nj + bit_count(held[1 + trump])
    if trumps < 5 or nj == 0:
        return 0
    side = 0
    for s in range(4):
        if s == trump:
            continue
        ranks = held[1 + s]
        if ranks & (1 << R_ACE):
            side += 2
            if ranks & (1 << R_TEN):
                side += 1
        elif ranks & (1 << R_TEN) and bit_count(ranks) >= 3:
            side += 1
    top = 2 if jacks & 1 else (1 if jacks & 2 else 0)    # the club jack, else the spade jack
    score = 4 * trumps + side + top
    return score if score >= 22 else 0


def grand_strength(cards):
    """A Grand: three jacks and two aces, four jacks and an ace, or two jacks (the club one)
    and three aces with two tens."""
    held = _ranks(cards)
    jacks = held[0]
    nj = bit_count(jacks)
    aces = 0
    tens = 0
    for s in range(4):
        ranks = held[1 + s]
        if ranks & (1 << R_ACE):
            aces += 1
            if ranks & (1 << R_TEN):
                tens += 1
    ok = (nj >= 3 and aces >= 2) or (nj == 4 and aces >= 1) or (
        nj >= 2 and jacks & 1 and aces >= 3 and tens >= 2)
    return 10 * nj + 4 * aces + 3 * tens if ok else 0


def null_safe(cards):
    """Every suit safe for a Null: its cards, lowest first, each no higher than the place two
    above the one before (a 7, 9, J ... can always duck)."""
    places = [0, 0, 0, 0]               # per suit: the Null places held, as bits (7 at bit 0)
    for c in cards:
        places[c >> 3] |= 1 << _NULL_PLACE[c & 7]
    for s in range(4):
        i = 0
        p = 0
        held = places[s]
        while held:
            if held & 1:
                if p > 2 * i + 1:
                    return False
                i += 1
            held >>= 1
            p += 1
    return True


def _richer(c, d):
    """More card points than ``d``, or as many and a higher rank (A T K Q 9 8 7)."""
    pc = POINTS[c & 7]
    pd = POINTS[d & 7]
    return pc > pd or (pc == pd and (c & 7) < (d & 7))


def best_game(cards, skat_known):
    """(game type, strength) of the best game for ``cards`` (10 or 12 global ids), or (-1, 0).
    ``skat_known``: the matadors count the skat too (after a pickup)."""
    best = -1
    strength = 0
    for gt in range(4):
        v = suit_strength(cards, gt)
        if v > strength or (v == strength and v and BASE[gt] > BASE[best]):
            best, strength = gt, v
    g = grand_strength(cards)
    if g and g >= strength - 6:
        best, strength = GT_GRAND, g + 40
    if best < 0 and null_safe(cards):
        best, strength = GT_NULL, 1
    return best, strength


def game_value(cards, gt, hand):
    """The value of game ``gt`` with the matadors of ``cards`` (the lowest levels: Spiel,
    Hand if ``hand``)."""
    if gt == GT_NULL:
        return NULL_HAND if hand else NULL_VALUE
    from skat_core.engine.values import matadors     # (before play only: skat_core.PRE_PLAY)
    m = matadors(cards, gt)
    return BASE[gt] * ((m if m > 0 else -m) + 1 + (1 if hand else 0))


def _hand(view):
    return [view.hand[i] for i in range(view.n_hand)]


def bid_limit(bot, view):
    """The highest value this hand bids: the best game's value, Hand counted when it
    would play Hand (0: it passes)."""
    if bot._limit_serial != view.serial or bot._limit_seat != view.me:
        cards = _hand(view)
        gt, strength = best_game(cards, False)
        if gt < 0:
            bot._limit = 0
        else:
            bot._limit = game_value(cards, gt, _plays_hand(gt, strength))
        bot._limit_serial = view.serial
        bot._limit_seat = view.me
    return bot._limit


def _plays_hand(gt, strength):
    return gt == GT_GRAND and strength >= 90 or gt < GT_GRAND and strength >= 34


def prelude(bot, view):
    ph = view.phase
    if bot.strength == "random":
        return _random_prelude(view)
    if bot.strength != "greedy":
        # (its modules go at the opening lead: skat_core.THREE_PRE_PLAY)
        from skat_core.bot.prelude import three_decl
        act = three_decl.prelude(bot, view)
        if act is not None:
            return act
    if ph == PH_BID:
        limit = bid_limit(bot, view)
        nb = view.next_bid
        if nb > 0 and nb <= limit:
            return V_BID, nb, 0
        return V_PASS, 0, 0
    if ph == PH_ANSWER:
        return (V_YES if view.bid <= bid_limit(bot, view) else V_PASS), 0, 0
    if ph == PH_TAKE:
        return (V_BID if bid_limit(bot, view) >= 18 else V_PASS), 18, 0
    cards = _hand(view)
    if ph == PH_GRAND_HAND:        # Schieberamsch: a Grand Hand instead, when it is safe
        return (V_DECLARE, GT_GRAND, 0) if grand_strength(cards) >= 50 else (V_PASS, 0, 0)
    if ph == PH_PUSH:              # pick the skat up: two cards go on to the next player
        return V_PICKUP, 0, 0
    if ph == PH_PUSH_DISCARD:
        return _push_back(cards)
    if ph == PH_SKAT:
        gt, strength = best_game(cards, False)
        if gt >= 0 and (_plays_hand(gt, strength)
                        or game_value(cards, gt, False) < view.bid <= game_value(cards, gt, True)):
            return V_HAND, 0, 0
        return V_PICKUP, 0, 0
    if ph == PH_DISCARD:
        return _discard(cards, view.bid)
    if ph == PH_DECLARE:
        return _declare(view, cards)
    return V_PASS, 0, 0


def _discard(cards, bid):
    """The two cards that leave the best game (then the most points in the skat)."""
    best = None
    rest = bytearray(len(cards) - 2)
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            n = 0
            for k in range(len(cards)):
                if k != i and k != j:
                    rest[n] = cards[k]
                    n += 1
            gt, strength = best_game(rest, True)
            reach = gt >= 0 and game_value(cards, gt, False) >= bid
            pts = POINTS[cards[i] & 7] + POINTS[cards[j] & 7]
            key = (reach, strength, pts)
            if best is None or key > best[0]:
                best = (key, cards[i], cards[j])
    return V_DISCARD, best[1], best[2]


def _push_back(cards):
    """Schieberamsch: the two richest cards that are not jacks (jacks may not be pushed),
    the stronger first among equals."""
    a = b = NO_CARD
    for c in cards:
        if c & 7 == R_JACK:
            continue
        if a == NO_CARD or _richer(c, a):
            a, b = c, a
        elif b == NO_CARD or _richer(c, b):
            b = c
    return V_DISCARD, a, b


def _declare(view, cards):
    """The best game for the cards kept; if its value misses the bid, the game that comes
    nearest (a higher base); a Null only where its value reaches the bid."""
    hand = not view.picked_up
    full = cards + [view.skat[i] for i in range(view.n_skat)]   # the matadors count the skat
    gt, strength = best_game(cards, view.picked_up)
    if gt == GT_NULL:
        flags = 0
        if game_value(full, GT_NULL, hand) >= view.bid:
            return V_DECLARE, GT_NULL, flags
        gt = -1
    if gt >= 0 and game_value(full, gt, hand) >= view.bid:
        return V_DECLARE, gt, 0
    # Nothing playable reaches the bid: the game of the highest value (an overbid is lost
    # at its base's multiple, so the highest base loses least often against the bid).
    best_gt = 0
    best_v = -1
    for g in range(5):
        v = game_value(full, g, hand)
        if v > best_v:
            best_gt, best_v = g, v
    return V_DECLARE, best_gt, 0


def _random_prelude(view):
    ph = view.phase
    if ph in (PH_BID, PH_ANSWER, PH_TAKE, PH_GRAND_HAND, PH_PUSH):
        return V_PASS, 0, 0
    if ph == PH_PUSH_DISCARD:
        return _push_back(_hand(view))
    if ph == PH_SKAT:
        return V_PICKUP, 0, 0
    if ph == PH_DISCARD:
        return V_DISCARD, view.hand[0], view.hand[1]
    return V_DECLARE, GT_GRAND, 0
