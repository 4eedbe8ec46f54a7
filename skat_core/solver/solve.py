"""Double-dummy solver for Skat-en-deux: exact (or budgeted) card play with all cards known.

Public API (everything else in skat_core/solver/ is internal):

    s = Solver(tt_slots=1024)       # preallocates everything (~13 bytes per table slot)
    err = s.load(game_type, declarer, vh, mh, hh, skat, leader, trick,
                 decl_points=0, decl_tricks=0, opp_tricks=0)
        Global card ids (cards.py). ``vh``/``mh``/``hh``/``skat``/``trick`` are sequences
        (list, bytearray); entries > 31 (e.g. 255 padding) are ignored, so fixed-size
        bytearrays can be reused. ``trick`` holds the cards already in the current trick in
        play order, led by ``leader``. ``declarer`` is VH or HH; the other player and the
        dummy (MH) are the opponent side. ``decl_points`` are the card points in the
        declarer's completed tricks (the skat is added by the solver), ``decl_tricks`` /
        ``opp_tricks`` their trick counts. Ramsch (GT_RAMSCH): ``mh`` empty, two-card tricks
        vh/hh, ``declarer`` is the seat whose points are counted (the skat is not), that seat
        wants few points and the other seat wants him to take many.
        Returns 0, or an error code (E_* below) with the solver unchanged. Allocation-free;
        ~0.39 M fuel when the numbering repeats (see set_hand), ~1.2 M with a new one.

    err = s.set_hand(seat, cards, skat)
        The cheap switch between the worlds of one decision (they differ only in which of
        the declarer's cards are the skat): ``seat``'s hand and the skat are re-split, the
        numbering, tables and transposition table stay (positions are keyed by the hands,
        so what one world proved helps the next). Needs the same cards in hand + skat as
        loaded and a numbered skat (from the second card of the game on: before it the 32
        cards do not fit in 30 bits and the skat is out of play). 0 or E_CARDS (unchanged).
        ``load`` also keeps numbering and table when the out-of-play cards, game type and
        declarer are those of the previous load.

    Queries. ``budget`` is a node limit for the whole call (0 = unlimited, exact). With a
    budget the search deepens trick by trick and, when the budget runs out, answers from the
    deepest finished depth (static estimate at its horizon); ``s.exact`` says which (1 =
    proven). ``s.nodes`` is the node count of the last call. All allocation-free.

    s.reaches(target, budget=0) -> 1/0   declarer's final card points (incl. skat) >= target
                                         (61 win, 90 Schneider, 31 = not Schneider'd).
    s.reaches_tricks(target, budget=0) -> 1/0   declarer's tricks >= target (10 = Schwarz;
                                         1 = not Schwarz'd).
    s.declarer_points(budget=0) -> int   final declarer points under perfect play (Ramsch:
                                         that seat's trick points, minimised by him).
    s.null_won(budget=0) -> 1/0          Null: the declarer takes no trick.
    s.best_move(budget=0) -> global id   a card for the seat to move (``s.to_move``; MH's
                                         cards when the dummy is to play) that keeps the
                                         value: points in suit/Grand/Ramsch, won/lost in Null.
    s.goal_move(target, budget=0, tricks=0) -> global id or 255
                                         a card with which the mover reaches his goal
                                         against ``target`` (declarer: >= target, the
                                         opponents: < target); 255 if none does. One
                                         zero-window test: the cheap exact move for the
                                         device (e.g. target 61, or 90 when reachable).
    s.move_values(target, budget, out, tricks=0) -> n_legal
                                         out[global id] = 1/0 for each legal card of the
                                         mover: does the declarer reach ``target`` after it
                                         (points; tricks if ``tricks`` or Null), 255 for cards
                                         that are not legal. ``out``: bytearray(32).
                                         ``s.exact`` = all values exact.
    s.move_points(budget, out) -> n_legal   out[global id] = final declarer points after
                                         that card (suit/Grand/Ramsch), 255 if not legal.
    s.card_value(card, target, budget, tricks=0, points=0) -> int
                                         one legal card of the mover, its own ``budget``:
                                         final declarer points after it (``points``), else
                                         1/0 "the declarer reaches ``target``" (tricks if
                                         ``tricks`` or Null). ``s.exact``, ``s.nodes``.

State for the caller: ``s.to_move`` (seat), ``s.tricks_left`` (incl. the current trick),
``s.layout`` (the solver's own Layout; do not change it), ``s.exact``, ``s.nodes``.

How it works (docs/solver.md): zero-window tests by an iterative alpha-beta
(search.py), equivalent cards collapsed (movegen.py), seat-aware ordering (order.py),
sure-trick and secured-point bounds plus the static estimate (bounds.py), a transposition
table at trick starts (table.py), loading (load.py), per-move answers (values.py). Exact points come from a binary search over tests; the
table keeps bounds relative to the points so far, so the tests share their work.
"""

from skat_core.cards import GT_NULL
from skat_core.layout import Layout, low_bit
from skat_core.solver.bounds import estimate
from skat_core.solver.search import run, MAX_PLY, NO_LIMIT
from skat_core.solver.table import Table
from skat_core.solver import load as ss_load, values as ss_values
from skat_core.solver.load import (  # noqa: F401  (the error codes are part of this API)
    E_OK, E_GAME, E_SEAT, E_CARDS, E_TRICK, M_POINTS, M_TRICKS,
)


class Solver:
    def __init__(self, tt_slots=1024, tt_keys=None):
        # The scalar fields first, then the arrays: the instance's attribute table grows in
        # steps (..., 47, 59, 73 entries) and takes most of them before the arrays take their
        # blocks. 59 fields, the load's scratch and the root's backup in one list each: with
        # 73 its last step, a 584-byte block built at the play's peak on the heap, was the
        # block that failed there on some heap layouts (measured on CircuitPython, the
        # evening's deals; docs/memory.md).
        self.trump_mask = 0             # the trump field's live cards
        self.last_pos = 2               # a trick's last position (1 with two seats)
        self.unit = 0
        self.declarer = 0
        self.game = 0
        self.metric = -1
        self.equal_next = 0             # cards whose next card up has their points (movegen)
        # the position as loaded (root of every search)
        self.root_seat = 0              # to move
        self.root_pos = 0               # cards in the current trick
        self.root_led = 0               # its led field
        self.root_win = 0               # its winning card (a bit)
        self.root_winner = 0            # and that card's seat
        self.root_trick_points = 0
        self.root_trick_cards = 0       # the trick's cards (a mask)
        self.root_declarer_points = 0   # the metric's declarer score so far
        self.root_remaining = 0         # the metric still to be won in the hands and the trick
        self.root_tricks_left = 0
        self.loaded_points = 0  # declarer's points from completed tricks + skat (Ramsch: no skat)
        self.loaded_base = 0    # ... without the skat
        self.live_points = 0    # card points in the hands and the current trick
        self.skat_mask = 0      # the skat's live mask while the skat is numbered, else 0
        self.loaded_tricks = 0
        self.to_move = 0
        self.tricks_left = 0
        self.root_legal = 0
        self.nodes = 0
        self.estimate_hits = 0          # static estimates used: a result with one is not exact
        self.aborted = 0
        self.root_move = 255
        self.exact = 1
        self.loaded = 0
        self.layout = Layout()
        self.tt = Table(tt_slots, tt_keys)
        self.hand = [0, 0, 0]
        self.search_points = bytearray(30)      # each card's points as the metric counts them
        self.field_masks = [0, 0, 0, 0, 0, 0]    # the layout's five field masks + the fields' tops
        self.side = bytearray(3)
        self.want = bytearray(3)
        self.style = [0, 0, 0]
        self.next_of = bytearray(3)     # the seat after each
        self.field_above = [0] * 30     # the live cards above each card in its field
        self.power = bytearray(30)
        self.moves = [0] * (MAX_PLY * 4)        # per ply: the move classes (movegen)
        # per ply, what a move changed (undone on the way back); the cards left per trick
        self.ply_seat = bytearray(MAX_PLY)
        self.ply_pos = bytearray(MAX_PLY)
        self.ply_led = bytearray(MAX_PLY)
        self.ply_win = [0] * MAX_PLY
        self.ply_winner = bytearray(MAX_PLY)
        self.ply_trick_points = bytearray(MAX_PLY)
        self.trick_rest = [0] * 12
        self.ply_declarer_points = bytearray(MAX_PLY)
        self.ply_remaining = bytearray(MAX_PLY)
        self.ply_bit = bytearray(MAX_PLY)
        self.ply_estimate_hits = [0] * MAX_PLY
        self.key = [0, 0]               # the out-of-play cards of the numbering (lo, hi halves)
        self.seen = [0, 0, 0, 0]        # the load's scratch (ss_load.scan)
        self.backup = [0] * 10          # the root while a child of it is searched (ss_values)
        self._out = bytearray(32)
        self._vals = bytearray(32)

    # ------------------------------------------------------------------ loading

    def load(self, game_type, declarer, vh, mh, hh, skat, leader, trick,
             decl_points=0, decl_tricks=0, opp_tricks=0):
        """Set up a position (see the module docstring); 0 or an E_* code."""
        return ss_load.load(self, game_type, declarer, vh, mh, hh, skat, leader, trick,
                            decl_points, decl_tricks, opp_tricks)

    def set_hand(self, seat, cards, skat):
        """Re-split ``seat``'s hand and the skat (see the module docstring); 0 or E_CARDS."""
        return ss_load.set_hand(self, seat, cards, skat)

    def _set_metric(self, metric):
        ss_load.set_metric(self, metric)

    # ------------------------------------------------------------------ zero-window tests

    def _zw(self, target, limit):
        """One test with deepening under an absolute node ``limit``; sets exact/root_move."""
        self.root_move = 255
        if self.root_declarer_points >= target:
            self.exact = 1
            return 1
        if self.root_declarer_points + self.root_remaining < target:
            self.exact = 1
            return 0
        if limit >= NO_LIMIT:
            r = run(self, target, NO_LIMIT, 99)
            self.exact = 1
            return r
        res = -1
        best = 255
        exact = 0
        h = 1
        while self.nodes < limit:
            r = run(self, target, limit, h)
            if self.aborted:
                break
            res = r
            best = self.root_move
            if self.estimate_hits == 0 or h >= self.root_tricks_left:
                exact = 1 if self.estimate_hits == 0 else 0
                break
            h += 1
        if res < 0:
            # not even one trick deep: judge the root by the static estimate
            x = self.hand[self.declarer]
            y = (self.hand[0] | self.hand[1] | self.hand[2]) ^ x
            res = 1 if (self.root_declarer_points
                        + estimate(x, y, self.root_remaining, self.power)) >= target else 0
        self.exact = exact
        self.root_move = best
        return res

    def _limit(self, budget):
        self.nodes = 0
        return NO_LIMIT if budget <= 0 else budget

    def reaches(self, target, budget=0):
        """1 if the declarer ends with >= ``target`` card points (skat included), else 0."""
        self._set_metric(M_POINTS)
        return self._zw(target, self._limit(budget))

    def reaches_tricks(self, target, budget=0):
        """1 if the declarer ends with >= ``target`` tricks, else 0."""
        self._set_metric(M_TRICKS)
        return self._zw(target, self._limit(budget))

    def null_won(self, budget=0):
        """Null: 1 if the declarer takes no trick under best play, else 0."""
        self._set_metric(M_TRICKS)
        return 1 - self._zw(1, self._limit(budget))

    def _exact_points(self, limit):
        lo = self.root_declarer_points
        hi = self.root_declarer_points + self.root_remaining
        exact = 1
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if self._zw(mid, limit):
                lo = mid
            else:
                hi = mid - 1
            exact &= self.exact
        self.exact = exact
        return lo

    def declarer_points(self, budget=0):
        """Final declarer card points (skat included) under best play of both sides."""
        self._set_metric(M_POINTS)
        return self._exact_points(self._limit(budget))

    def best_move(self, budget=0):
        """A card (global id) for the seat to move that keeps the position's value."""
        limit = self._limit(budget)
        want = self.want[self.root_seat]
        exact = 1
        if self.game == GT_NULL:
            self._set_metric(M_TRICKS)
            target = 1
        else:
            self._set_metric(M_POINTS)
            v = self._exact_points(limit)
            exact = self.exact
            target = v if want else v + 1
        self._zw(target, limit)
        self.exact &= exact
        b = self.root_move
        if b == 255:
            # the mover cannot reach his goal, every card is as good: the first in order
            b = self._first_move()
        return self.layout.card_at[b]

    def _root_gen(self):
        """The root's moves as the search generates them (collapsed, in ordering classes):
        mo[0] the table's move, mo[1] and mo[2] the classes. Also sets ``r_legal``."""
        legal = self.hand[self.root_seat]
        if self.root_pos:
            f = legal & self.field_masks[self.root_led]
            if f:
                legal = f
        self.root_legal = legal
        run(self, 0, NO_LIMIT, 0)
        return self.moves

    def _first_move(self):
        """The first root move in the search's order (bit index)."""
        mo = self._root_gen()
        m = mo[0] or mo[1] or mo[2]
        return low_bit(m)

    def goal_move(self, target, budget=0, tricks=0):
        """A card (global id) with which the seat to move reaches its goal against
        ``target`` (the declarer: metric >= target; the opponents: < target), or 255 if no
        card does (then every card fails). One zero-window test: far cheaper than
        ``best_move``. Points, or tricks when ``tricks`` or in Null."""
        self._set_metric(M_TRICKS if (tricks or self.game == GT_NULL) else M_POINTS)
        r = self._zw(target, self._limit(budget))
        b = self.root_move
        if r != self.want[self.root_seat]:
            return 255
        if b == 255:
            # decided at the root by the bounds: any card keeps it
            b = self._first_move()
        return self.layout.card_at[b]

    # ------------------------------------------------------------------ per-move values

    def move_values(self, target, budget, out, tricks=0):
        """out[global id] = 1/0: the declarer reaches ``target`` after that card; 255 if
        illegal. Points, or tricks when ``tricks`` or in Null. Returns the legal count."""
        self._set_metric(M_TRICKS if (tricks or self.game == GT_NULL) else M_POINTS)
        return ss_values.values(self, target, budget, out, 0)

    def move_points(self, budget, out):
        """out[global id] = final declarer points after that card; 255 if illegal."""
        self._set_metric(M_POINTS)
        return ss_values.values(self, 0, budget, out, 1)

    def card_value(self, card, target, budget=0, tricks=0, points=0):
        """The value after the mover's legal ``card`` alone (see the module docstring)."""
        self._set_metric(M_TRICKS if (tricks or self.game == GT_NULL) and not points
                         else M_POINTS)
        return ss_values.one(self, card, target, budget, points)
