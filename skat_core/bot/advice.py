"""One source of card advice: the judge that both the hint and Analyse ask (issue 18 item 4).

A card is a **loss** when the player could have known better: another legal card is at least
as good for his side in every world he could not rule out (the deals of the unseen cards that
fit everything he has seen: skat_core.bot.worlds, all of them) and better in at least one. "Good" is
the double-dummy value of the position after the card: the declarer's final card points
(suit, Grand), or won/lost where that is the whole question (Null, a Schwarz the declarer
must make). The judge proves it or says nothing:

- ``UNKNOWN``: not judged - the worlds are not all known (before the dummy is turned up,
  Ramsch: the twelve cards out of play stay hidden), more than ``max_worlds``, more than
  ``max_left`` tricks left, or one world's values were not exact within ``budget`` nodes.
  At Skat zu dritt the worlds are every deal of the two other hands (and of the skat when
  the player has not seen it: ``Worlds.every``): so a defender's cards are judged in the
  last tricks, when voids or few cards leave at most ``max_worlds`` deals;
- ``SOUND``: no card beats it in every world;
- ``LOSS``: ``better`` is at least as good everywhere and better somewhere.

Every value is one query on its own: one world, one card, a cleared table
(``new_generation``) and ``budget`` nodes (``Solver.card_value``). So a value and whether it
is exact depend on the position alone, never on what was solved before or in which order:
the hint (asked before the card is played) and Analyse (after the deal) get the same values
for the same position. A card whose value is not exact in some world cannot be dominated
(nothing is proven about it); a dominating card needs exact values in every world.

- Analyse (``truth``: the true holder of every card) asks the world that was played first:
  only a card better there can be listed. One test says whether any card is (mostly none:
  done), then each card's value there, then the other worlds, each ending a candidate that
  is worse or not exact. It lists the card when a candidate survives, with the candidate
  that gained most in the deal played. It may give up (``ANALYSE_VALUES``): then it lists
  nothing, which never contradicts the hint.
- The hint asks the hinted card in every world (one value that is not exact ends it: the
  card cannot be dominated), then each other card until it is worse somewhere. A card that
  dominates it replaces it: the one with the best total over the worlds, which nothing
  dominates (a card dominating it would dominate the hinted card too and have a larger
  total). So the hint is never a card Analyse lists.

The hint's search and judge in one object for the desktop (and a board's bot of another
strength) is ``skat_core.bot.adviser.Adviser``: not in this module, which Analyse and the
device's hint (skat_ui.hint) load.

Work is one value per ``step`` (the app's slices between key polls). Allocation-free after
``__init__``: the hint's borrows a bot Player's knowledge, worlds and solver (``skat_core.bot.play``),
Analyse's has its own (skat_ui.screens.analysis: no card search between deals).

What only Analyse asks (the deal played first, ``truth``) is in
``skat_core.bot.analyse_judge.AnalyseJudge``, a Judge that Analyse loads on top of this
module: the device's hint, which comes at the play's peak on the heap, loads only this.
"""

import sys

from skat_core import THREE_TABLES
from skat_core.cards import const, NO_CARD, GT_RAMSCH
from skat_core.bot.load import load_world
from skat_core.bot.pick import targets
from skat_core.bot.rules import legal_cards
from skat_core.bot.worlds import MAX_WORLDS
from skat_core.bot.know import OUT

UNKNOWN = const(0)
SOUND = const(1)
LOSS = const(2)
BUSY = const(3)

_NEW = const(255)        # a value not asked yet
VOID = const(254)       # a value not exact within the budget

BOARD = sys.implementation.name in ("micropython", "circuitpython")
# The judge's table: the device bot's own on a board (its kept blocks), a larger one of its
# own on the desktop. The hint and Analyse of one platform use the same (a value's
# exactness within a budget depends on the table's size).
TT_SLOTS = 256 if BOARD else 4096
# Per analysis mode (docs/app.md, SKAT_ANALYSIS): nodes per value, most worlds, most tricks
# left, card points from this many tricks left (won/lost before). "full" on the desktop:
# 10,000 nodes are ~0.035 s of CPython (a slice between two key polls). "endgame" (a board):
# 1,000 nodes are ~0.5 PyBadge-s.
MODES = {"full": (10000, 66, 8, 6), "endgame": (1000, 15, 6, 4)}
DEFAULT_MODE = "endgame" if BOARD else "full"


class Judge:
    """The judgement of one card in one position; see the module docstring.

    Its fields are at most 37: CircuitPython keeps an instance's attributes in a table that
    grows in steps (docs/memory.md), and a 38th field would take a 376-byte step at the
    play's peak, where the hint builds its judge (the evening's tightest layout failed on
    it). So ``bot`` is the judge itself by a property, and what only Analyse finds out
    (``gain``, ``flip``) is AnalyseJudge's."""

    bot = property(lambda self: self)   # pick.targets reads ``p.bot.tests``

    def __init__(self, kn, worlds, solver, budget, max_worlds=MAX_WORLDS, max_left=10,
                 points_left=10):
        self.kn = kn                    # borrowed from a bot Player (bot/play.py), like
        self.worlds = worlds            # ... its worlds' store
        self.solver = solver            # ... and its solver, or one of its own
        self.tests = 1                  # pick.targets reads ``bot.tests`` (``bot``: the
                                        # judge itself) and sets ``tests``, ``target``,
                                        # ``trick_mode``
        self.trick_mode = 0
        self.view = None
        self.h = [bytearray(12), bytearray(12), bytearray(12)]   # load_world's buffers
        self.skat = bytearray(12)
        self.trick = bytearray(3)
        self.budget = budget            # nodes per value
        self.max_worlds = max_worlds    # more worlds: not judged
        self.max_left = max_left        # more tricks left: not judged
        self.points_left = points_left  # card points from this many tricks left, else won/lost
        self.val = bytearray(max_worlds * 10)   # val[w * 10 + j]: card j's value in world w
        self.cards = bytearray(10)      # the mover's legal cards
        self.n_cards = 0
        self.choice = 0                 # legal cards in the judged position
        self.alive = bytearray(10)      # card j is still >= the judged card everywhere asked
        self.more = bytearray(10)       # ... and better somewhere
        self.total = [0] * 10           # ... its goodness summed over the worlds
        self.buf = bytearray(12)
        self.state = UNKNOWN
        self.card = NO_CARD             # the judged card
        self.j0 = 0                     # its index in ``cards``
        self.better = NO_CARD
        self.n = 0                      # worlds
        self.a = -1                     # the world played (Analyse), -1 for the hint
        self.stage = 0
        self.k = 0                      # world cursor
        self.j = 0                      # card cursor
        self.hi = 1                     # the mover wants the values high
        self.points = 1                 # values are card points, else won/lost:
        self.tricks = 0                 # ... against ``target`` tricks (Null, Schwarz)
        self.target = 61                # ... or points (90: Schneider to make)
        self.nodes = 0                  # nodes spent on this judgement
        self.values = 0                 # values asked

    def start(self, view, card, truth=None):
        """Judge ``card`` of ``view.to_act`` in ``view`` (the player's own View at his
        turn). ``truth``: bytearray(32), the holder of each card in the deal played (0-2,
        3 = out of play; Analyse) or None (the hint). ``state`` is BUSY until ``step``
        returns True."""
        self.card = card
        self.better = NO_CARD
        if truth is not None:           # Analyse's judge: its findings (AnalyseJudge)
            self.gain = 0
            self.flip = False
        self.nodes = 0
        self.values = 0
        self.stage = 0
        self.k = 0
        self.j = 0
        self.n = 0
        self.a = -1
        self.state = UNKNOWN
        n = legal_cards(view, view.to_act, self.buf)
        self.choice = n
        if n <= 1 or n > 10:
            return
        if view.ramsch or view.game_type == GT_RAMSCH or view.game_type < 0:
            return
        if 10 - view.n_tricks > self.max_left:
            return
        j0 = -1
        for i in range(n):
            c = self.buf[i]
            self.cards[i] = c
            self.alive[i] = 0
            self.more[i] = 0
            self.total[i] = 0
            if c == card:
                j0 = i
        if j0 < 0:
            return
        self.n_cards = n
        self.j0 = j0
        self.view = view
        kn = self.kn.read(view)
        if THREE_TABLES and view.three:     # the two other seats' hands and maybe the skat
            w = self.worlds.every(kn, self.max_worlds)
        elif _enumerable(kn):
            w = self.worlds.build(kn, None, MAX_WORLDS, False)
        else:
            return
        if not self.worlds.complete or w > self.max_worlds or w < 1:
            return
        self.n = w
        if truth is not None:        # Analyse's judge (skat_core.bot.analyse_judge)
            self.a = self._played_world(kn, truth)
            if self.a < 0:
                return
        for i in range(w * 10):
            self.val[i] = _NEW
        targets(self, view)
        self.tricks = self.trick_mode
        # Card points near the end, won/lost before (and where won/lost is all: Null, a
        # Schwarz to make): chosen by the position alone, never by the card.
        self.points = 0 if self.tricks or 10 - view.n_tricks > self.points_left else 1
        if load_world(self, 0):
            return
        self.hi = self.solver.want[self.solver.to_move]
        self.state = BUSY

    def _value(self, w, j):
        """Card j's value in world w (asked once), VOID if not exact."""
        i = w * 10 + j
        v = self.val[i]
        if v != _NEW:
            return v
        s = self.solver
        s.tt.new_generation()
        v = VOID
        if not load_world(self, w):
            v = s.card_value(self.cards[j], self.target, self.budget, self.tricks, self.points)
            self.nodes += s.nodes
            if not s.exact:
                v = VOID
        self.values += 1
        self.val[i] = v
        return v

    def _good(self, v):
        return v if self.hi else -v

    def step(self):
        """Ask one value; True when the judgement is done (``state``)."""
        if self.state != BUSY:
            return True
        if self.a >= 0:              # Analyse's judge (skat_core.bot.analyse_judge)
            return self._step_played()
        return self._step_hint()

    def _step_hint(self):
        j0 = self.j0
        n = self.n
        if self.stage == 0:
            # The hinted card in every world: one value not exact and nothing dominates it.
            w = self.k
            if self._value(w, j0) == VOID:
                self.state = UNKNOWN
                return True
            self.k = w + 1
            if self.k < n:
                return False
            self.stage = 1
            self.k = 0
            self.j = 0
            for j in range(self.n_cards):
                self.alive[j] = 1 if j != j0 else 0
            return False
        # Each other card, world by world, until it is worse somewhere or not exact.
        j = self.j
        while j < self.n_cards and not self.alive[j]:
            j += 1
            self.k = 0
        self.j = j
        if j >= self.n_cards:
            return self._finish()
        w = self.k
        self._compare(w, j)
        self.k = w + 1
        if self.k >= n or not self.alive[j]:
            self.j = j + 1
            self.k = 0
        return False

    def _compare(self, w, j):
        v = self._value(w, j)
        if v == VOID:
            self.alive[j] = 0
            return
        d = self._good(v) - self._good(self.val[w * 10 + self.j0])
        if d < 0:
            self.alive[j] = 0
        elif d > 0:
            self.more[j] = 1
        self.total[j] += self._good(v)

    def _finish(self):
        best = -1
        key = 0
        a = self.a
        for j in range(self.n_cards):
            if self.alive[j] and self.more[j]:
                x = self.total[j]
                if a >= 0:
                    x += (self._good(self.val[a * 10 + j]) -
                          self._good(self.val[a * 10 + self.j0])) * 10000
                if best < 0 or x > key:
                    best = j
                    key = x
        if best < 0:
            self.state = SOUND
            return True
        self.better = self.cards[best]
        if a >= 0:
            vb = self.val[a * 10 + best]
            vp = self.val[a * 10 + self.j0]
            self.gain = self._good(vb) - self._good(vp)
            if not self.points:
                self.flip = True
            else:
                t = self.target
                self.flip = (vb >= t) != (vp >= t)
        self.state = LOSS
        return True


def _enumerable(kn):
    """Are the worlds of ``kn`` all known (skat_core.bot.worlds enumerates them): one hidden holder,
    or one seat and a skat of two - not the opening lead before the dummy is turned up, not
    Ramsch (sampled there)."""
    holders = 0
    for h in range(4):
        if kn.hidden[h]:
            holders += 1
    if holders <= 1:
        return True
    return holders == 2 and kn.hidden[OUT] and kn.need[OUT] == 2 and not kn.ramsch
