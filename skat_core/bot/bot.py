"""The onboard bot: one public class, ``Bot``, that decides every action a player can take.

Usage (UI: decide in slices so the keys stay responsive)::

    bot = Bot("device", seed=7)          # "random" "greedy" "easy" "device" "host"
    view = game.view(player)             # the bot reads its View only, never the Game
    bot.begin(view)
    while not bot.think(200):            # budget per slice: solver nodes (abstract work units)
        poll_keys()
    game.act(bot.seat, bot.verb, bot.a, bot.b)

    verb, a, b = bot.decide(view)        # begin + think to the end (tools, hints)

Slices: with several worlds (the opponent, a Hand declarer, Ramsch) ``think`` stops after the
world that used up the slice; a one-world search (the declarer after a pickup) runs in one
slice - on the device at most ~2.8 PyBadge-s (the capped exact endgame), usually < 1 s.

``bot.seat`` is the seat the action is for (``view.to_act``: the dummy MH when the bot, as the
declarer's opponent, plays the dummy's card; the bot's own seat for bids, offers, Contra/Re).
``verb, a, b`` are the engine's encoding (``codes.V_*`` and their arguments, see game.py).

Optional actions (Contra, Re, offers) the bot takes on its own turn: when it decides to say one,
the decision is that action and the UI asks again for the card. ``bot.optional(view)`` asks,
outside the bot's turn, whether it wants to say one now (``(verb, a)`` or ``None``).

Strengths:
- ``random``: random legal cards, never bids (a baseline);
- ``greedy``: rule-of-thumb bidding and card play (a baseline);
- ``easy``: the table bidder with a random margin and shallow card play with noise;
- ``device``: the shipped default: table bidding, exact declarer play within a node budget,
  the opponent's play over the consistent skat worlds; p95 <= 1 PyBadge-second per decision;
- ``host``: the same with large budgets (desktop only).

The bot allocates before play (bidding, skat, declaration); during play its search allocates
nothing (``bot_play`` preallocates per Bot).
"""

from skat_core.codes import PH_PLAY, V_PASS, V_PLAY, V_ACCEPT
from skat_core.cards import const
from skat_core.rng import Rng
import sys

import skat_core
from skat_core import BOT_OFFER
from skat_core.bot import base as bot_base

# The device's heap holds one phase's bot at a time (docs/bot.md, "Memory"):
# - pre-play (bidding table, hand evaluation, declaration: ~17 KB on the device) is imported
#   when a deal's bidding starts and dropped at its first card (``release_prelude``);
# - play (the solver, the worlds, the offers: ~20 KB) is imported at the first card
#   (``load_play_module``, ``prepare_play``) and dropped with the search state before the next
#   deal's bidding (``release_play``).
# Both are dropped with ``skat_core.drop`` (allocation-free).
_PRELUDE = skat_core.BOT_PRELUDE
# Play modules, dependencies first (``load_play_module`` imports them in this order).
_PLAY = skat_core.BOT_PLAY
_OFFER = _PLAY[BOT_OFFER]
_SEARCH = skat_core.BOT_SEARCH[0]    # the bot's card search (its Player): not the judge's


def prelude_module():
    """The pre-play module ``bot_decl`` (compiled on first use after a release)."""
    from skat_core.bot.prelude import decl as bot_decl
    return bot_decl


# The search state's largest blocks - the worlds' store (66 worlds x 32 cards at two bits) and the
# table's two key lists (256 slots, the device's table), ~2.6 KB - are taken once, when the
# device's bot is made (at boot, from a heap not yet cut up), and kept: the rest of the search
# state comes and goes with each deal's play. Taken anew at each deal's first card, the
# worlds' 2 KB store found no block that large on the frozen install (measured on
# CircuitPython, README). ``prepare_play`` hands them to the search state.
_WORLD_STORE = const(66 * 8)     # worlds.STORE_BYTES: 66 worlds, two bits a card
_DEVICE_TT = const(256)
_blocks = []
# The offers' scratch Result (bot_offer.setup) is kept as well: its ~50 fields are a 0.5 KB
# block (and ~1.9 KB of garbage while they grow); taken anew at each deal's first card, at
# the play's peak, it failed on some heap layouts of the evening (measured on CircuitPython).
# Allocated with the blocks, at boot.
_offer_result = []


def offer_result():
    """The kept Result of the offers' state (allocated on the first call)."""
    if not _offer_result:
        from skat_core.engine.score import Result
        _offer_result.append(Result())
    return _offer_result[0]


def device_blocks():
    """The kept blocks (allocated on the first call)."""
    if not _blocks:
        _blocks.append(bytearray(_WORLD_STORE))
        for _ in range(2):
            _blocks.append([0] * _DEVICE_TT)
    return _blocks


def load_play_module(offers=True, search=True):
    """Import the first play module that is not loaded (dependencies first); False once all
    are. One compile per call: the app calls it once per main-loop step before the first card,
    so the keys stay served and a collection can run between two compiles. ``offers`` False:
    not the offers' module; ``search`` False: not the card search's (``bot_play``) either -
    the judges of Analyse and of the device's hint need neither (skat_core.bot.advice,
    ``own_judge``)."""
    for name in _PLAY:
        if (name not in sys.modules and (offers or name != _OFFER)
                and (search or name != _SEARCH)):
            __import__(name)
            return True
    return False


def release_prelude():
    """Forget the pre-play modules until the next deal."""
    skat_core.drop(_PRELUDE)

STRENGTHS = ("random", "greedy", "easy", "device", "host")

# Per strength. nodes: solver nodes per card decision (split over the worlds); worlds: most
# worlds searched (after the reveal <= 66 exist); lead_worlds: samples before the reveal;
# tests: targets asked per world (1: the win target, 3: also 31 and 90); exact_tricks: the
# declarer searches without a budget from this many tricks left (his endgame is then
# optimal); proof_tricks/proof_nodes: offers, Contra, Re and rejections are checked from this
# many tricks left with this budget per world (they need a proof in every world); noise: per
# mille of card decisions played by the rule of thumb instead; bid_margin: random extra
# caution in the bidding (points); tt: solver table slots.
_PARAMS = {
    #          nodes  worlds lead tests exact proof_t proof_n noise margin tt
    "easy": (250, 4, 2, 1, 0, 2, 200, 250, 12, 256),
    "device": (1300, 8, 3, 1, 6, 3, 300, 0, 0, 256),
    "host": (60000, 66, 12, 3, 7, 5, 20000, 0, 0, 8192),
}
# The table's suit and Null rows are double dummy, its Grand rows measured by the device's
# own play (docs/bot.md). Perfect defence with a clairvoyant opening lead is harder on a
# dealer (Hinterhand) declarer than the device's defence, and easier on a Vorhand declarer,
# whose own blind lead the table credits as perfect; so the bot reads its rows shifted by
# this many buckets, per class (suit, Grand, Null) and seat (HH, VH). Duplicate matches
# against the previous device picked it (docs/bot.md, "Bidding and declaring").
PLAY_SHIFT = (2, 0, 0, 0, 0, 0)


class Bot:
    """A player for one seat; see the module docstring for the protocol."""

    def __init__(self, strength="device", seed=1):
        if strength not in STRENGTHS:
            raise ValueError("unknown bot strength %r (one of %s)" % (strength, ", ".join(STRENGTHS)))
        self.strength = strength
        self.rng = Rng(seed)
        p = _PARAMS.get(strength)
        if p is None:
            p = (0, 0, 0, 1, 0, 0, 0, 0, 0, 0)
        (self.nodes, self.max_worlds, self.lead_worlds, self.tests, self.exact_tricks,
         self.proof_tricks, self.proof_nodes, self.noise, self.bid_margin, self.tt_slots) = p
        self.bid_margin_now = 0
        self.plan_ev = 0
        self.plan_game = -1
        self.plan_hand = False
        self.play_shift = PLAY_SHIFT
        self.prelude_mod = None      # host tools may put another pre-play module here (sim/tools/previous.py)
        # Node cap of the declarer's exact endgame search (0: none). 4,500 nodes ~ 2.8
        # PyBadge-s: the bench suites needed more in 2 of ~1,300 play decisions.
        self.exact_nodes = 4500 if strength == "device" else 0
        self.opt_verb = 0
        self.opt_a = 0
        self.player = None           # the search state: ``prepare_play``
        self.offers = None           # the module bot_offer while the search state exists
        # Drop each phase's modules in the other phase (the device's heap); off on the desktop
        # (CPython and PyPy: host tools patch and reuse the loaded modules).
        self.release = strength == "device" and sys.implementation.name in ("micropython",
                                                                             "circuitpython")
        if self.release:
            device_blocks()
            offer_result()
        self.verb = V_PASS
        self.a = 0
        self.b = 0
        self.seat = -1
        self.done = True
        self._view = None
        self._searching = False

    # --------------------------------------------------------------------- protocol
    def begin(self, view):
        """Start deciding for ``view`` (the bot's own View, its turn or an optional action)."""
        self._view = view
        self.done = False
        self._searching = False
        self.seat = view.to_act if view.to_act >= 0 else view.me
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
                self._finish_search()
            return self.done
        if view.phase == PH_PLAY:
            if self.release and _PRELUDE[0] in sys.modules:
                release_prelude()
            if self.tt_slots == 0 and view.offer_pending and view.me == view.declarer:
                self._set(V_ACCEPT, 0, 0)       # the baselines take every offer
            elif self.strength == "random":
                self._set(V_PLAY, bot_base.random_card(view, self.rng), 0)
            elif self.strength == "greedy":
                self._set(V_PLAY, bot_base.greedy_card(view), 0)
            else:
                if self.offers is None:
                    self.prepare_play()     # allocates: see release_play
                if self.offers.optional_action(self, view):
                    self._set(self.opt_verb, self.opt_a, 0)
                else:
                    self.player.start(view)
                    self._searching = True
                    if self.player.step(budget):
                        self._finish_search()
            return self.done
        if self.strength == "random":
            self._set(*bot_base.random_prelude(view, self.rng))
        else:
            self._set(*(self.prelude_mod or prelude_module()).prelude(self, view))
        return self.done

    def decide(self, view):
        """Decide at once: ``(verb, a, b)`` (for tools and the human's hint)."""
        self.begin(view)
        while not self.think(1 << 20):
            pass
        return self.verb, self.a, self.b

    def optional(self, view):
        """``(verb, a)`` of an offer/Contra/Re the bot says now outside its turn, or None."""
        if self.wants_optional(view):
            return self.opt_verb, self.opt_a
        return None

    def wants_optional(self, view):
        """``optional`` without the tuple: True when the bot says ``opt_verb, opt_a`` now.
        Allocation-free once the search state exists (the device's heap-locked play)."""
        if self.tt_slots == 0 or view.phase != PH_PLAY:
            return False
        if self.offers is None:
            self.prepare_play()
        return self.offers.optional_action(self, view)

    def release_play(self):
        """Free the search state (solver, table, worlds: ~11 KB with a 256-slot table) and, on
        the device, forget the play modules (~25 KB) until ``prepare_play``: between deals, so
        that the pre-play modules compile into that room. Call it outside play, before the
        next deal's first bid."""
        self.player = None
        self.offers = None
        if self.release:
            skat_core.drop(_PLAY)

    def release_offers(self):
        """Forget the offers' module and state until the next ``prepare_play`` (on the device a
        hint's judge takes their room while the player is to act; the bot's next decision or
        ``optional`` builds them again, their classification started afresh as after any card
        search)."""
        if self.offers is not None:
            self.offers = None
            p = self.player
            p.o_cls = p.o_mat = p.o_by = p.o_res = p.o_view = None
            if self.release:
                skat_core.drop((_OFFER,))

    def release_search(self):
        """Forget the search state (the Player) with the card search's module and the offers'
        until the bot's next decision or ``rebuild``: on the device while the player is to act
        and a screen of the player's takes their room - the hint's judge (skat_ui.hint), what
        a call books (skat_ui.screens.play, ``fresh``). The bot's play does not depend on it:
        each search fills it anew."""
        self.release_offers()
        self.player = None
        if self.release:
            skat_core.drop(skat_core.BOT_SEARCH)

    def prepare_play(self, offers=True):
        """(Re)build the search state, importing the play modules; allocates, so after
        ``release_play`` call it before the first card and outside any heap lock (play itself
        then allocates nothing). True if it built the state now (an app short of heap lets a
        collection run before it allocates more). ``offers`` False: the search state without
        the offers' module and state (the analysis' judge between deals needs no offers; a
        later call with ``offers`` adds them)."""
        if not self.tt_slots:
            return False
        built = False
        if self.player is None:
            from skat_core.bot import play as bot_play
            self.player = bot_play.Player(self, _blocks if self.release else None)
            built = True
        if offers and self.offers is None:
            from skat_core.bot import offer as bot_offer
            self.offers = bot_offer
            bot_offer.setup(self.player)
            built = True
        return built

    def rebuild(self):
        """One part of the search state per call, on the device after a hint's judge took its
        room (skat_ui.hint): the play modules that are not loaded, the Player, its offers.
        True while a part was built (the app collects before the next)."""
        if load_play_module():
            return True
        return self.prepare_play(self.player is not None)

    # --------------------------------------------------------------------- internal
    def _finish_search(self):
        self._searching = False
        self._set(V_PLAY, self.player.best_card, 0)

    def _set(self, verb, a, b):
        self.verb = verb
        self.a = a
        self.b = b
        self.done = True
        # A card goes to the seat to act (the dummy's card: MH); everything else is the
        # player's own word (bids, skat, declaration, offers, Contra/Re).
        self.seat = self._view.to_act if verb == V_PLAY else self._view.me

