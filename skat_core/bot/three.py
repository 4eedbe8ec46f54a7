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
out from every seat, docs/bot.md "Skat zu dritt"). ``greedy`` keeps a rule of thumb
(``skat_core.bot.prelude.three_thumb``, where every pre-play decision is made: gone at the
opening lead). Schieberamsch's choices are the rule of thumb's for every strength. The bot
never says Kontra or Re.

Strengths: ``random`` (random legal actions, passes), ``greedy`` (the rule of thumb, en-deux's
rule-of-thumb card), ``device`` (the trained bidding, the search with the device's budget),
``host`` (the same with the desktop's budget).
"""

import sys

import skat_core
from skat_core.codes import PH_PLAY, V_PASS, V_PLAY
from skat_core.rng import Rng
from skat_core.bot import base as bot_base
from skat_core.bot.bot import device_blocks, load_play_module

STRENGTHS = ("random", "greedy", "device", "host")
# nodes, worlds, lead worlds, tests, exact tricks, noise, table slots (as en-deux's _PARAMS;
# the declarer's exact endgame needs one world, which at three he never has: 0).
_PARAMS = {
    "device": (1300, 8, 6, 1, 0, 0, 256),
    "host": (60000, 40, 24, 3, 0, 0, 8192),
}
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
        from skat_core.bot.prelude import three_thumb   # (gone at the opening lead)
        self._set(*three_thumb.prelude(self, view))
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

    def _set(self, verb, a, b):
        self.verb = verb
        self.a = a
        self.b = b
        self.done = True
        self.seat = self._view.me
