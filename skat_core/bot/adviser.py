"""The hint's search and judge in one object: the device bot's card search for the player's
seat, then the judge of skat_core.bot.advice over its knowledge, worlds and solver. The app's
hint on the desktop (and on a board whose bot plays at another strength); the device's own
hint is skat_ui.hint, and Analyse builds its judge alone (``lone_judge.own_judge``), so neither
loads this module.
"""

from skat_core.cards import NO_CARD
from skat_core.bot import advice


class Adviser:
    """The hint's search and the judge, for one deal: the device bot's own card search for
    the player's seat (``skat_core.bot.play.Player``: the same search the bot makes for its own cards)
    and a ``Judge`` over its knowledge and worlds. ``bot`` is the app's bot when it plays at
    the device's strength (its search state is shared: nobody searches for the bot while the
    player asks), else a device bot of the hint's own with a search state of its own."""

    def __init__(self, bot, mode, shared):
        self.bot = bot
        self.mode = mode if mode in advice.MODES else advice.DEFAULT_MODE
        self.shared = shared
        self.player = None
        self.judge = None
        self.card = NO_CARD          # the hint: the search's card, or what beats it
        self.searched = NO_CARD      # the search's card
        self.stage = 0
        self.view = None

    def prepare(self):
        """Build the search state and the judge (allocates: before the first ``begin``). A
        shared bot's search state is built without its offers: the judge never asks them."""
        bot = self.bot
        if self.shared:
            bot.prepare_play(False)
            p = bot.player
        else:
            from skat_core.bot.play import Player
            p = self.player or Player(bot)
        self.player = p
        if self.judge is None:
            s = p.solver
            if s.tt.slots != advice.TT_SLOTS:
                from skat_core.solver.solve import Solver
                s = Solver(advice.TT_SLOTS)
            b, w, left, pts = advice.MODES[self.mode]
            self.judge = advice.Judge(p.kn, p.worlds, s, b, w, left, pts)

    def begin(self, view):
        """Start a hint for ``view.to_act`` (the player's own View at his turn)."""
        self.prepare()
        self.view = view
        self.card = NO_CARD
        self.searched = NO_CARD
        self.stage = 0
        self.player.start(view)

    def think(self, budget):
        """One slice (the search: ``budget`` nodes; the judge: one value); True once
        ``card`` holds the hint."""
        if self.stage == 0:
            if not self.player.step(budget):
                return False
            self.searched = self.card = self.player.best_card
            self.judge.start(self.view, self.card)
            self.stage = 1
            return self.judge.state != advice.BUSY
        if not self.judge.step():
            return False
        if self.judge.state == advice.LOSS:
            self.card = self.judge.better
        return True
