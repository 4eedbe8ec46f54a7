"""The bot at Skat zu dritt (rules.md §11): ``ThreeBot``, with en-deux's ``Bot`` protocol.

    bot = ThreeBot("device", seed=7)     # "random" "greedy" "device" "host"
    view = game.view(seat)               # a ThreeView: the bot reads it only, never the Game
    bot.begin(view)
    while not bot.think(200):            # budget per slice: solver nodes
        poll_keys()
    game.act(bot.seat, bot.verb, bot.a, bot.b)

Card play is en-deux's search (``skat_core.bot.play.Player``): the hidden hands - the two
other players' (and the skat, unless the bot put it away) - are sampled consistent with
what the bot has seen, voids included, and every world is solved exactly by the double-dummy
solver, the declarer's side against the two defenders'; each defender searches for his own
card without seeing his partner's, so the defenders play as a team without sharing cards.
In Ramsch the solver plays the bot against the two others (the cautious view).

Bidding, the skat and the declaration of ``device`` and ``host`` come from a trained hand
evaluation (``skat_core.bot.prelude.three_decl`` over ``three_table``: en-deux's hand buckets,
win probabilities per bucket measured by the device bots playing every game of seeded deals
out from every seat, docs/bot.md "Skat zu dritt"). ``greedy`` keeps a rule of thumb (``best_game``): the classic count of
trumps (jacks and the trump suit), side aces and a guarded ten for a suit game, jacks and
aces for a Grand, safe suits for a Null; it bids up to the value of the best game it would
play, with the matadors its hand shows. Schieberamsch's choices are the rule of thumb's for
every strength. The bot never says Kontra or Re.

Strengths: ``random`` (random legal actions, passes), ``greedy`` (the rule of thumb, en-deux's
rule-of-thumb card), ``device`` (the trained bidding, the search with the device's budget),
``host`` (the same with the desktop's budget).
"""

from skat_core.cards import (GT_GRAND, GT_NULL, F_OUVERT, NO_CARD, POINTS, R_ACE, R_TEN,
                             R_JACK)
from skat_core.codes import (PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE,
                             PH_PLAY, PH_GRAND_HAND, PH_PUSH, PH_PUSH_DISCARD, V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_DISCARD,
                             V_DECLARE, V_PLAY)
import sys

import skat_core
from skat_core.rng import Rng
from skat_core.bot import base as bot_base
from skat_core.bot.bot import device_blocks, load_play_module
from skat_core.engine.score import BASE, NULL_VALUE, NULL_HAND
from skat_core.layout import bit_count

STRENGTHS = ("random", "greedy", "device", "host")
# nodes, worlds, lead worlds, tests, exact tricks, noise, table slots (as en-deux's _PARAMS;
# the declarer's exact endgame needs one world, which at three he never has: 0).
_PARAMS = {
    "device": (1300, 8, 6, 1, 0, 0, 256),
    "host": (60000, 40, 24, 3, 0, 0, 8192),
}
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


class ThreeBot:
    """A player of one seat at three; see the module docstring for the protocol."""

    three = True

    def __init__(self, strength="device", seed=1):
        if strength not in STRENGTHS:
            raise ValueError("unknown bot strength %r (one of %s)" % (strength, ", ".join(STRENGTHS)))
        self.strength = strength
        # On a board the device bot keeps its search state as en-deux's does (``Bot.release``):
        # in the blocks taken at boot, its modules dropped between deals, the state freed
        # while the device's hint or a call's screen takes its room (skat_ui.hint); on the
        # desktop the hint is the adviser's (skat_ui.app.ask_hint).
        self.release = strength == "device" and sys.implementation.name in ("micropython",
                                                                             "circuitpython")
        if self.release:
            device_blocks()
        self.rng = Rng(seed)
        p = _PARAMS.get(strength, (0, 0, 0, 1, 0, 0, 0))
        (self.nodes, self.max_worlds, self.lead_worlds, self.tests, self.exact_tricks,
         self.noise, self.tt_slots) = p
        self.exact_nodes = 0
        self.player = None
        self.verb = V_PASS
        self.a = 0
        self.b = 0
        self.seat = -1
        self.done = True
        self._view = None
        self._searching = False
        self._limit = 0              # the highest value this hand bids (this deal, this seat)
        self._limit_serial = -1
        self._limit_seat = -1
        self.plan_ev = 0             # the trained bidding's best plan (three_decl.best_plan)
        self.plan_game = -1
        self.plan_hand = False

    # --------------------------------------------------------------------- protocol
    def begin(self, view):
        self._view = view
        self.done = False
        self._searching = False
        self.seat = view.me
        self.verb = V_PASS
        self.a = 0
        self.b = 0

    def think(self, budget):
        """Work for about ``budget`` nodes; True once ``verb, a, b`` hold the decision."""
        if self.done:
            return True
        view = self._view
        if self._searching:
            if self.player.step(budget):
                self._set(V_PLAY, self.player.best_card, 0)
            return self.done
        if view.phase == PH_PLAY:
            if self.strength == "random":
                self._set(V_PLAY, bot_base.random_card(view, self.rng), 0)
            elif self.strength == "greedy":
                self._set(V_PLAY, bot_base.greedy_card(view), 0)
            else:
                self.prepare_play()
                self.player.start(view)
                self._searching = True
                if self.player.step(budget):
                    self._set(V_PLAY, self.player.best_card, 0)
            return self.done
        self._set(*self._prelude(view))
        return self.done

    def decide(self, view):
        """Decide at once: ``(verb, a, b)``."""
        self.begin(view)
        while not self.think(1 << 20):
            pass
        return self.verb, self.a, self.b

    def prepare_play(self, offers=False):
        """Build the search state (allocates: before play, outside any heap lock; the card
        search itself then allocates nothing); True if it built it now. One bot may play
        every seat. (``offers``: en-deux's protocol; at three there are none.)"""
        if self.player is None and self.tt_slots:
            from skat_core.bot import play as bot_play
            self.player = bot_play.Player(self, device_blocks() if self.release else None)
            return True
        return False

    def release_play(self):
        """Forget the search state (built again by ``prepare_play`` at the next card) and, on
        a board, the play modules: between deals their room takes the screens and the
        bidding."""
        self.player = None
        if self.release:
            skat_core.drop(skat_core.BOT_PLAY)

    def release_offers(self):
        """(En-deux's protocol: at three the bot has no offers.)"""

    def release_search(self):
        """Forget the search state and, on a board, the card search's module until the bot's
        next decision or ``rebuild`` (``Bot.release_search``)."""
        self.player = None
        if self.release:
            skat_core.drop(skat_core.BOT_SEARCH)

    def rebuild(self):
        """One part of the search state per call (``Bot.rebuild``): a play module that is not
        loaded, then the Player. True while a part was built."""
        if load_play_module(False):
            return True
        return self.prepare_play()

    def optional(self, view):
        """Kontra or Re outside the bot's turn: never (see the module docstring)."""
        return None

    def wants_optional(self, view):
        return False

    # --------------------------------------------------------------------- pre-play
    def _hand(self, view):
        return [view.hand[i] for i in range(view.n_hand)]

    def _bid_limit(self, view):
        """The highest value this hand bids: the best game's value, Hand counted when it
        would play Hand (0: it passes)."""
        if self._limit_serial != view.serial or self._limit_seat != view.me:
            cards = self._hand(view)
            gt, strength = best_game(cards, False)
            if gt < 0:
                self._limit = 0
            else:
                self._limit = game_value(cards, gt, self._plays_hand(gt, strength))
            self._limit_serial = view.serial
            self._limit_seat = view.me
        return self._limit

    def _plays_hand(self, gt, strength):
        return gt == GT_GRAND and strength >= 90 or gt < GT_GRAND and strength >= 34

    def _prelude(self, view):
        ph = view.phase
        if self.strength == "random":
            return self._random_prelude(view)
        if self.strength != "greedy":
            # (its modules go at the opening lead: skat_core.THREE_PRE_PLAY)
            from skat_core.bot.prelude import three_decl
            act = three_decl.prelude(self, view)
            if act is not None:
                return act
        if ph == PH_BID:
            limit = self._bid_limit(view)
            nb = view.next_bid
            if nb > 0 and nb <= limit:
                return V_BID, nb, 0
            return V_PASS, 0, 0
        if ph == PH_ANSWER:
            return (V_YES if view.bid <= self._bid_limit(view) else V_PASS), 0, 0
        if ph == PH_TAKE:
            return (V_BID if self._bid_limit(view) >= 18 else V_PASS), 18, 0
        cards = self._hand(view)
        if ph == PH_GRAND_HAND:        # Schieberamsch: a Grand Hand instead, when it is safe
            return (V_DECLARE, GT_GRAND, 0) if grand_strength(cards) >= 50 else (V_PASS, 0, 0)
        if ph == PH_PUSH:              # pick the skat up: two cards go on to the next player
            return V_PICKUP, 0, 0
        if ph == PH_PUSH_DISCARD:
            return self._push_back(cards)
        if ph == PH_SKAT:
            gt, strength = best_game(cards, False)
            if gt >= 0 and (self._plays_hand(gt, strength)
                            or game_value(cards, gt, False) < view.bid <= game_value(cards, gt, True)):
                return V_HAND, 0, 0
            return V_PICKUP, 0, 0
        if ph == PH_DISCARD:
            return self._discard(cards, view.bid)
        if ph == PH_DECLARE:
            return self._declare(view, cards)
        return V_PASS, 0, 0

    def _discard(self, cards, bid):
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

    def _push_back(self, cards):
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

    def _declare(self, view, cards):
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

    def _random_prelude(self, view):
        ph = view.phase
        if ph in (PH_BID, PH_ANSWER, PH_TAKE, PH_GRAND_HAND, PH_PUSH):
            return V_PASS, 0, 0
        if ph == PH_PUSH_DISCARD:
            return self._push_back(self._hand(view))
        if ph == PH_SKAT:
            return V_PICKUP, 0, 0
        if ph == PH_DISCARD:
            return V_DISCARD, view.hand[0], view.hand[1]
        return V_DECLARE, GT_GRAND, 0

    def _set(self, verb, a, b):
        self.verb = verb
        self.a = a
        self.b = b
        self.done = True
        self.seat = self._view.me
