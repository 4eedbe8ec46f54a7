"""Card play: the best card over the worlds the bot considers possible (PIMC with the solver).

One decision: read the View into ``Knowledge``; build the consistent worlds (``skat_core.bot.worlds``:
one world for a declarer who knows the skat, the <= 66 skat pairs for the opponent after the
reveal, samples before the reveal and in Ramsch); in each world load the position into the
solver and ask ``move_values`` which of the mover's legal cards keep each target; add up, per
card, the world's weight times the card's utility; play the best card for the mover's side.

Utility of a result, seen from the declarer, in thirds of the game value (a game with ~3
levels: the Schneider level is a third of it, a loss costs twice the value):
9 x (reaches the win target) + 2 x (reaches 31: not Schneider'd) + 1 x (reaches 90).
The win target is 61, 90 once Schneider is mandatory (announced, or a rejected "raus" under
``rejection = next_level``), all tricks for Schwarz; in Null it is "takes no trick". ``tests`` = 1 asks the win target only
(device), 3 also asks 31 and 90 (host). Ramsch: the bot counts its own points and wants them
below half of what is in play. Equal totals fall back to the rule-of-thumb card
(``skat_core.bot.base.greedy_card``) when it is among the best, so cheap choices are not left to
chance.

Work is split into ``step(budget)`` slices of whole worlds, so the UI can poll keys.
Allocation-free after ``__init__`` (ints only: no floats, no tuples).
"""

from skat_core.cards import NO_CARD, GT_NULL, POINTS
from skat_core.bot.know import Knowledge
from skat_core.bot.worlds import Worlds
from skat_core.bot.base import greedy_card
from skat_core.bot.rules import legal_cards
from skat_core.solver.solve import Solver
from skat_core.bot.load import load_world
from skat_core.bot.pick import targets, pick


class Player:
    """Preallocated search state of one Bot (solver, worlds, per-card scores)."""

    def __init__(self, bot, blocks=None):
        """``blocks``: the worlds' store and the table's two key lists, taken before the
        play modules were loaded (``bot.load_play_module``), or None."""
        self.bot = bot
        self.kn = Knowledge()
        if blocks:
            self.worlds = Worlds(blocks[0])
            self.solver = Solver(bot.tt_slots, blocks[1:])
        else:
            self.worlds = Worlds()
            self.solver = Solver(bot.tt_slots)
        self.score = [0] * 32
        self.vals = bytearray(32)
        self.legal = bytearray(32)
        self.h = [bytearray(12), bytearray(12), bytearray(12)]
        self.skat = bytearray(12)
        self.trick = bytearray(3)
        self.best_card = NO_CARD
        self.w = 0
        self.per_world = 0
        self.tests = 1
        self.view = None
        self.target = 61
        self.trick_mode = 0
        self.n_legal = 0
        self.only = NO_CARD
        # The offers' state (offer.setup fills it; ``Bot.release_offers`` empties it):
        # named here, so that the Player's attributes have their room from the start and
        # the offers' setup, at the play's peak on the heap, does not grow it (measured on
        # CircuitPython: that growth, a 296-byte block, failed on some heap layouts).
        self.o_cls = None
        self.o_mat = None
        self.o_by = None
        self.o_res = None
        self.o_n = 0
        self.o_proven = False
        self.o_full = False
        self.o_view = None       # the offers' state (offer.setup) keys its classification here
        self.o_serial = -1
        self.o_tricks = -1

    # ----------------------------------------------------------------- one decision
    def start(self, view):
        """Begin a card decision for ``view.to_act`` (the bot's seat, or the dummy)."""
        bot = self.bot
        self.view = view
        self.o_view = None       # the worlds are rebuilt: the offers' classification is gone
        kn = self.kn.read(view)
        self.w = 0
        for c in range(32):
            self.score[c] = 0
            self.legal[c] = 0
        self.best_card = NO_CARD
        self.only = NO_CARD
        n_legal = self._legal(view)
        self.n_legal = n_legal
        if n_legal <= 1:
            self.worlds.n = 0
            return
        ramsch = kn.ramsch
        limit = bot.max_worlds
        if view.n_tricks == 0 and not view.dummy_revealed and not ramsch:
            limit = bot.lead_worlds
        discard_model = view.picked_up and not ramsch
        self.worlds.build(kn, bot.rng, limit, discard_model)
        targets(self, view)
        n = self.worlds.n
        self.per_world = bot.nodes // (n * self.tests) if n else 0
        if self.per_world < 1:
            self.per_world = 1
        if self._endgame_exact(view):
            # The declarer's endgame: exact, up to a cap that bounds the device's worst case.
            self.per_world = self.bot.exact_nodes

    def step(self, budget):
        """Search worlds until about ``budget`` nodes are spent; True when decided."""
        if self.worlds.n == 0 or self.n_legal <= 1:
            pick(self)
            return True
        if self.worlds.n == 1 and not self.kn.ramsch:
            self._direct()
            return True
        spent = 0
        while self.w < self.worlds.n:
            spent += self._world(self.w)
            self.w += 1
            if spent >= budget:
                break
        if self.w >= self.worlds.n:
            pick(self)
            return True
        return False

    # ----------------------------------------------------------------- internals
    def _direct(self):
        """One world (the declarer after a pickup, anyone against an open declarer): a few
        zero-window tests at the root instead of one per card. The solver's root move keeps
        the mover's goal whenever the test says the goal is reachable, so the first target
        the mover's side achieves, in order of value, names the card.

        Declarer: the win target first, then (``tests`` > 1) 90 when it is won or 31 when it
        is lost. Opponent side: the same targets, looking for the first one the declarer
        misses. Null: the declarer's goal is no trick (``null_won``)."""
        view = self.view
        s = self.solver
        self.best_card = NO_CARD
        if load_world(self, 0):
            pick(self)
            return
        budget = self.per_world
        decl_moves = view.to_act == view.declarer
        if view.game_type == GT_NULL:
            won = s.null_won(budget)
            if (won == 1) == decl_moves:
                self._take_root()
            self._finish_direct()
            return
        if self.trick_mode:
            r = s.reaches_tricks(self.target, budget)
        else:
            r = s.reaches(self.target, budget)
        if (r == 1) == decl_moves:
            self._take_root()
        if self.tests > 1 and not self.trick_mode and self.target == 61:
            # Won: can the declarer make (the opponents prevent) 90? Lost: 31?
            t = 90 if r == 1 else 31
            r2 = s.reaches(t, budget)
            if (r2 == 1) == decl_moves:
                self._take_root()
        self._finish_direct()

    def _take_root(self):
        b = self.solver.root_move
        if b != 255:
            c = self.solver.layout.card_at[b]
            if c < 32 and self.legal[c]:
                self.best_card = c

    def _finish_direct(self):
        if self.best_card == NO_CARD or (self.bot.noise and
                                         self.bot.rng.below(1000) < self.bot.noise):
            self.best_card = greedy_card(self.view)

    def _legal(self, view):
        buf = self.skat          # scratch (12 bytes) reused before the worlds are loaded
        n = legal_cards(view, view.to_act, buf)
        for i in range(n):
            self.legal[buf[i]] = 1
        if n == 1:
            self.only = buf[0]
        return n

    def _endgame_exact(self, view):
        left = 10 - view.n_tricks
        return (self.bot.exact_tricks and view.to_act == view.declarer and left <= self.bot.exact_tricks
                and self.worlds.n == 1)

    def _world(self, w):
        """Score every legal card in world ``w``; return the nodes spent."""
        s = self.solver
        if load_world(self, w):
            return 1
        weight = self.worlds.weight[w]
        vals = self.vals
        spent = 0
        if self.kn.ramsch:
            target = self._ramsch_target()
            s.move_values(target, self.per_world, vals, 0)
            spent += s.nodes
            self._add(vals, weight * 9)
            return spent
        s.move_values(self.target, self.per_world, vals, self.trick_mode)
        spent += s.nodes
        if self.view.game_type == GT_NULL:
            # reaching 1 trick means the Null is lost: utility is the opposite bit
            self._add_inverted(vals, weight * 9)
            return spent
        self._add(vals, weight * 9)
        if self.tests >= 2 and self.target == 61:
            s.move_values(90, self.per_world, vals, 0)
            spent += s.nodes
            self._add(vals, weight)
        if self.tests >= 3 and self.target == 61:
            s.move_values(31, self.per_world, vals, 0)
            spent += s.nodes
            self._add(vals, weight * 2)
        return spent

    def _ramsch_target(self):
        """The bot loses the Ramsch at more than half of the points in play in this world; at
        three it aims to stay within a third of them (the solver counts the skat to it there:
        load.load_world)."""
        in_play = 120
        sk = self.skat
        for i in range(12):
            c = sk[i]
            if c != NO_CARD:
                in_play -= POINTS[c & 7]
        if self.view.three:
            return in_play // 3 + 1 + 120 - in_play
        return in_play // 2 + 1

    def _add(self, vals, k):
        sc = self.score
        for c in range(32):
            if self.legal[c] and vals[c] == 1:
                sc[c] += k

    def _add_inverted(self, vals, k):
        sc = self.score
        for c in range(32):
            if self.legal[c] and vals[c] == 0:
                sc[c] += k
