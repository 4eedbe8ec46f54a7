"""Card play: the best card over the worlds the bot considers possible (PIMC with the solver).

One decision: read the View into ``Knowledge``; build the consistent worlds (``bot_worlds``:
one world for a declarer who knows the skat, the <= 66 skat pairs for the opponent after the
reveal, samples before the reveal and in Ramsch); in each world load the position into the
solver and ask ``move_values`` which of the mover's legal cards keep each target; add up, per
card, the world's weight times the card's utility; play the best card for the mover's side.

Utility of a result, seen from the declarer, in thirds of the game value (a game with ~3
levels: the Schneider level is a third of it, a loss costs twice the value):
9 x (reaches the win target) + 2 x (reaches 31: not Schneider'd) + 1 x (reaches 90).
The win target is 61, 90 once Schneider is mandatory (announced or a rejected "raus"), all
tricks for Schwarz; in Null it is "takes no trick". ``tests`` = 1 asks the win target only
(device), 3 also asks 31 and 90 (host). Ramsch: the bot counts its own points and wants them
below half of what is in play. Equal totals fall back to the rule-of-thumb card
(``bot_base.greedy_card``) when it is among the best, so cheap choices are not left to
chance.

Work is split into ``step(budget)`` slices of whole worlds, so the UI can poll keys.
Allocation-free after ``__init__`` (ints only: no floats, no tuples).
"""

from skat_core.cards import (
    const, NO_CARD, VH, MH, HH, GT_NULL, GT_RAMSCH, F_SCHNEIDER, F_SCHWARZ, POINTS,
)
from skat_core.codes import OFFER_RAUS, OFFER_STICH
from skat_core.bot_know import Knowledge, OUT
from skat_core.bot_worlds import Worlds
from skat_core.bot_base import greedy_card
from skat_core.bot_rules import legal_cards
from skat_core.solve import Solver

NO_SCORE = const(-1)
_BIG = const(1 << 28)


class Player:
    """Preallocated search state of one Bot (solver, worlds, per-card scores)."""

    def __init__(self, bot):
        self.bot = bot
        self.kn = Knowledge()
        self.worlds = Worlds()
        self.solver = Solver(bot.tt_slots)
        self.score = [0] * 32
        self.vals = bytearray(32)
        self.legal = bytearray(32)
        self.h = [bytearray(12), bytearray(12), bytearray(12)]
        self.skat = bytearray(12)
        self.trick = bytearray(3)
        self.n_trick = 0
        self.best_card = NO_CARD
        self.w = 0
        self.per_world = 0
        self.tests = 1
        self.view = None
        self.nodes = 0
        self.target = 61
        self.trick_mode = 0
        self.n_legal = 0
        self.only = NO_CARD

    # ----------------------------------------------------------------- one decision
    def start(self, view):
        """Begin a card decision for ``view.to_act`` (the bot's seat, or the dummy)."""
        bot = self.bot
        self.view = view
        kn = self.kn.read(view)
        self.nodes = 0
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
        self._targets(view)
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
            self._finish()
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
            self._finish()
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
        if self._load(0):
            self._finish()
            return
        budget = self.per_world
        decl_moves = view.to_act == view.declarer
        if view.game_type == GT_NULL:
            won = s.null_won(budget)
            self.nodes += s.nodes
            if (won == 1) == decl_moves:
                self._take_root()
            self._finish_direct()
            return
        if self.trick_mode:
            r = s.reaches_tricks(self.target, budget)
        else:
            r = s.reaches(self.target, budget)
        self.nodes += s.nodes
        if (r == 1) == decl_moves:
            self._take_root()
        if self.tests > 1 and not self.trick_mode and self.target == 61:
            # Won: can the declarer make (the opponents prevent) 90? Lost: 31?
            t = 90 if r == 1 else 31
            r2 = s.reaches(t, budget)
            self.nodes += s.nodes
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

    def _targets(self, view):
        """Win target and metric for the game in ``view`` (see the module docstring)."""
        gt = view.game_type
        self.trick_mode = 0
        self.tests = self.bot.tests
        if gt == GT_RAMSCH or self.kn.ramsch:
            self.target = 0          # set per world (half of the points in play)
            self.tests = 1
            return
        if gt == GT_NULL:
            self.target = 1          # the declarer takes a trick: he has lost
            self.trick_mode = 1
            self.tests = 1
            return
        fl = view.flags
        if fl & F_SCHWARZ or view.rejected == OFFER_STICH:
            self.target = 10
            self.trick_mode = 1
            self.tests = 1
        elif fl & F_SCHNEIDER or view.rejected == OFFER_RAUS:
            self.target = 90
            if self.tests > 1:
                self.tests = 2
        else:
            self.target = 61

    def _endgame_exact(self, view):
        left = 10 - view.n_tricks
        return (self.bot.exact_tricks and view.to_act == view.declarer and left <= self.bot.exact_tricks
                and self.worlds.n == 1)

    def _load(self, w):
        """Load world ``w`` into the solver; return its error code."""
        view = self.view
        kn = self.kn
        owner = self.worlds.owner
        base = w * 32
        h0 = self.h[0]
        h1 = self.h[1]
        h2 = self.h[2]
        sk = self.skat
        for i in range(12):
            h0[i] = NO_CARD
            h1[i] = NO_CARD
            h2[i] = NO_CARD
            sk[i] = NO_CARD
        n0 = 0
        n1 = 0
        n2 = 0
        ns = 0
        holder = kn.holder
        for c in range(32):
            if kn.unseen[c]:
                h = owner[base + c] if self.worlds.n else OUT
            else:
                h = holder[c]
            if h == VH:
                h0[n0] = c
                n0 += 1
            elif h == MH:
                h1[n1] = c
                n1 += 1
            elif h == HH:
                h2[n2] = c
                n2 += 1
            elif h == OUT and ns < 12:
                sk[ns] = c
                ns += 1
        # Cards already in the current trick, in play order from the leader.
        tr = self.trick
        tr[0] = tr[1] = tr[2] = NO_CARD
        nt = 0
        if view.trick_n:
            s = view.trick_leader
            for _ in range(view.trick_n):
                tr[nt] = view.trick[s]
                nt += 1
                if kn.ramsch:
                    s = HH if s == VH else VH
                else:
                    s = s + 1 if s < 2 else 0
        leader = view.trick_leader if view.trick_n else self._next_leader(view)
        if kn.ramsch:
            return self.solver.load(GT_RAMSCH, view.me, h0, h1, h2, sk, leader, tr,
                                    view.seat_points[view.me], view.seat_tricks[view.me],
                                    view.seat_tricks[2 - view.me])
        return self.solver.load(view.game_type, view.declarer, h0, h1, h2, sk, leader, tr,
                                view.decl_points, view.decl_tricks, view.opp_tricks)

    def _next_leader(self, view):
        if view.n_tricks == 0:
            return VH
        return view.trick_winners[view.n_tricks - 1]

    def _world(self, w):
        """Score every legal card in world ``w``; return the nodes spent."""
        s = self.solver
        if self._load(w):
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
        self.nodes += spent
        return spent

    def _ramsch_target(self):
        """The bot loses the Ramsch at more than half of the points in play in this world."""
        in_play = 120
        sk = self.skat
        for i in range(12):
            c = sk[i]
            if c != NO_CARD:
                in_play -= POINTS[c & 7]
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

    def _finish(self):
        if self.n_legal <= 1:
            self.best_card = self.only
            return
        view = self.view
        hint = greedy_card(view)
        if self.worlds.n == 0:
            self.best_card = hint
            return
        # Declarer (and in Null the declarer too) maximises his utility; the opponent side
        # minimises it. Ramsch and the Null opponent: scores count the mover's bad outcomes.
        want_max = view.to_act == view.declarer
        if view.game_type == GT_NULL:
            want_max = view.to_act == view.declarer
        if self.kn.ramsch:
            want_max = False
        best = NO_SCORE
        sc = self.score
        for c in range(32):
            if self.legal[c]:
                v = sc[c] if want_max else _BIG - sc[c]
                if v > best:
                    best = v
        bot = self.bot
        if bot.noise and bot.rng.below(1000) < bot.noise:
            self.best_card = hint
            return
        hv = sc[hint] if want_max else _BIG - sc[hint]
        if self.legal[hint] and hv == best:
            self.best_card = hint
            return
        for c in range(32):
            if self.legal[c]:
                v = sc[c] if want_max else _BIG - sc[c]
                if v == best:
                    self.best_card = c
                    return
        self.best_card = hint
