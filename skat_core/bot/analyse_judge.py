"""Analyse's judge: the hint's (skat_core.bot.advice.Judge) and the deal that was played.

Given ``truth`` (the true holder of every card) it asks the world that was played first:
only a card better there can be listed. One test says whether any card is (mostly none:
done), then each card's value there, then the other worlds, each ending a candidate that is
worse or not exact. It lists the card when a candidate survives, with the candidate that
gained most in the deal played. It may give up (``ANALYSE_VALUES``): then it lists nothing,
which never contradicts the hint. Without ``truth`` it is the hint's judge.

Apart from skat_core.bot.advice so that the device's hint, at the play's peak on the heap,
does not load this code; Analyse loads it after that module (skat_ui.screens.analysis) and both go with
the analysis (``skat_core.ADVICE``).
"""

from skat_core.cards import const
from skat_core.bot.advice import Judge, UNKNOWN, SOUND, VOID
from skat_core.bot.load import load_world
from skat_core.layout import two_bits

# Analyse gives up a card after this many budgets' worth of nodes (a listed card needed at
# most 8 in 160 deals of the desktop's tests; the hint never gives up: a card it let pass
# would have to be one Analyse cannot list).
ANALYSE_VALUES = const(12)


class AnalyseJudge(Judge):
    """A Judge that also takes ``truth`` in ``start`` (see the module docstring), and says
    what the better card gained in the deal played (``gain``) and whether it won the game
    the judged card lost (``flip``)."""

    def __init__(self, *args):
        Judge.__init__(self, *args)
        self.gain = 0
        self.flip = False

    def _played_world(self, kn, truth):
        owner = self.worlds.owner
        for w in range(self.n):
            base = w * 32
            ok = True
            for i in range(kn.n_pool):
                c = kn.pool[i]
                k = base + c
                if two_bits(owner, k) != truth[c]:
                    ok = False
                    break
            if ok:
                return w
        return -1

    def _world(self, k):
        """The k-th world asked: Analyse asks the played one first."""
        a = self.a
        if a < 0:
            return k
        if k == 0:
            return a
        return k - 1 if k <= a else k

    def _step_played(self):
        j0 = self.j0
        a = self.a
        if self.nodes > self.budget * ANALYSE_VALUES:
            self.state = UNKNOWN          # Analyse may give up (it then lists nothing)
            return True
        if self.stage == 0:
            # The played card in the deal played: not exact, not judged.
            if self._value(a, j0) == VOID:
                self.state = UNKNOWN
                return True
            self.stage = 1
            self.j = -1
            return False
        if self.stage == 1 and self.j < 0:
            # Could any card have done better there? One test at the position (most cards
            # played were the best there: then nothing can be listed); not exact: ask the
            # cards one by one.
            self.j = 0
            if self._none_better(a, self.val[a * 10 + j0]):
                self.state = SOUND
                return True
            return False
        if self.stage == 1:
            # The other cards there: only one better in the deal played can be listed.
            j = self.j
            if j == j0:
                j += 1
            if j < self.n_cards:
                self.alive[j] = 1
                self._compare(a, j)
                if not self.more[j]:
                    self.alive[j] = 0
                self.j = j + 1
                return False
            self.stage = 2
            self.k = 1
            self.j = -1
            return self._done_if_none()
        # The other worlds: the played card, then every candidate still alive.
        if self.k >= self.n:
            return self._finish()
        w = self._world(self.k)
        if self.j < 0:
            if self._value(w, j0) == VOID:
                self.state = UNKNOWN
                return True
            self.j = 0
            return False
        j = self.j
        while j < self.n_cards and not self.alive[j]:
            j += 1
        if j < self.n_cards:
            self._compare(w, j)
            self.j = j + 1
            return self._done_if_none()
        self.k += 1
        self.j = -1
        return False

    def _none_better(self, w, v):
        """Proven: no card of the mover does better than value ``v`` in world ``w``."""
        hi = self.hi
        if not self.points and v == (1 if hi else 0):
            return True                   # won/lost: he has the best there is
        s = self.solver
        s.tt.new_generation()
        if load_world(self, w):
            return False
        if self.points:
            t = v + 1 if hi else v
            r = s.reaches(t, self.budget)
        else:
            t = self.target
            r = s.reaches_tricks(t, self.budget) if self.tricks else s.reaches(t, self.budget)
        self.nodes += s.nodes
        self.values += 1
        if not s.exact:
            return False
        # the declarer's side does better: reaching v + 1; the other side: staying below v
        return r == (0 if hi else 1) if self.points else r == v

    def _done_if_none(self):
        for j in range(self.n_cards):
            if self.alive[j]:
                return False
        self.state = SOUND
        return True
