"""A player for the app's Skat zu dritt and zu viert in the headless simulator: a policy that
reads the screen on show and presses the keys a player would (bid up to a value, pick up the
skat, put two cards away, declare the first game offered, play the first legal card), for
tests that play whole lists (tests/app/test_app_three.py). ``play_list`` runs code.py with
it until the list is over or ``keys`` keys were pressed."""

import os
import sys

from sim.board import keys as keyscript
from sim.board.platform import boards, drivers, session as sess


class Policy:
    """Keys for the screen on show. ``table``: the list to start from the title (3 or 4);
    ``bid``: the highest value the player bids or holds."""

    def __init__(self, table=3, bid=23, kontra=False, keep_sheet=False):
        self.table = table
        self.keep_sheet = keep_sheet  # stop on the list's final sheet (its run ends there)
        self.bid = bid
        self.kontra = kontra
        self.screens = set()          # every screen name seen
        self.said = set()             # (deal, verb) the player said
        self.watched = False          # a deal played while you dealt and sat out (at four)

    @staticmethod
    def to(i, j, n):
        """The arrow keys from item ``i`` to item ``j`` of a list of ``n`` (down only)."""
        return ["DOWN"] * ((j - i) % n)

    def decide(self, app):
        scr = app.screen
        name = scr.name
        self.screens.add(name)
        if app.in_game and app.human < 0:
            self.watched = True
        if name == "title":
            rows = [it[1] for it in scr.items()]
            if "continue" in rows:
                return self.to(scr.i, rows.index("continue"), len(rows)) + ["A"]
            want = self.table                       # the title's "Neue Liste zu dritt/viert"
            return self.to(scr.i, rows.index(want), len(rows)) + ["A"]
        if name == "sheet":
            if scr.final and self.keep_sheet:
                return []
            return ["A"] if scr.final else ["B"]
        if name in ("result3", "notice"):
            return ["A"]
        if name == "bid3":
            scr.refresh()
            if not scr.opts:
                return ["WAIT:1"]
            from skat_core.codes import VERB_MASK, A_SHIFT, A_MASK, V_BID, V_YES
            # the lowest bid (the spinner starts there) or "yes" while within ``bid``
            x = scr.opts[scr.i]
            v = (x >> A_SHIFT) & A_MASK if x & VERB_MASK == V_BID else app.game.bid
            if (x & VERB_MASK in (V_BID, V_YES)) and v <= self.bid:
                return ["A"]
            return ["LEFT"] * scr.i + ["A"]          # Pass is first
        if name in ("skat", "push"):
            items = scr.items()
            return ["A"] if items else ["WAIT:1"]
        if name == "discard":
            if app.game.player_to_act() != app.human:
                return ["WAIT:1"]
            if scr.confirm:
                return ["A"]
            v = app.human_view()
            c = v.hand[scr.cur]
            if scr.marked[c] or c & 7 == 4:          # marked, or a jack (not pushed)
                return ["RIGHT"]
            return ["A"]
        if name == "declare":
            if app.game.player_to_act() != app.human:
                return ["WAIT:1"]
            if not scr.decl:
                scr.load()
            rows = [it[1] for it in scr.items()]
            return self.to(scr.i, rows.index("go"), len(rows)) + ["A"]
        if name == "play3":
            if scr.menu is not None:
                m = scr.menu
                if m.name == "ask":
                    return self.to(m.i, 1, 2) + ["A"]
                items = m.items()
                rows = [it[1] for it in items]
                for j, o in enumerate(rows):
                    if type(o) is tuple:
                        self.said.add((app.series.games(), o[0]))
                        return self.to(m.i, j, len(rows)) + ["A"]
                return self.to(m.i, rows.index("back"), len(rows)) + ["A"]
            if app.held:
                return ["A"]
            if app.human < 0 or app.game.player_to_act() != app.human:
                return ["WAIT:1"]
            if self.kontra and app.human_may_speak() and not any(
                    d == app.series.games() for d, _ in self.said):
                return ["START"]
            return ["A"]
        return ["B"]


def play_list(board, table, nvm, keys=20000, policy=None, seed=7, records_dir=None):
    """Play from the title (or the deal the nvm resumes) on ``board`` with ``policy`` (a new
    ``Policy(table)``) until the list is over and its final sheet closed, or ``keys`` keys;
    returns (run result, policy, the keys pressed). ``records_dir``: each deal's record."""
    entry = boards.get(board)
    policy = policy or Policy(table)
    pressed = []

    class Driver(drivers.HeadlessDriver):
        def sleep(self, seconds):
            if self.next >= len(self.actions) and not self.waits and not self.scheduled \
                    and self.hub.queues_empty():
                app = sys.modules["skat_ui.app"].CURRENT
                if len(pressed) >= keys or (app.screen.name == "title" and app.series is None
                                            and pressed):
                    raise drivers.ScriptDone(0)
                decided = policy.decide(app)
                if not decided:
                    raise drivers.ScriptDone(0)
                ks = keyscript.for_board(" ".join(decided), entry).split()
                pressed.extend(ks)
                self.actions.extend(keyscript.parse(" ".join(ks), entry))
            return drivers.HeadlessDriver.sleep(self, seconds)

    session = sess.Session(board, nvm_path=nvm, seed=seed)
    session.records_dir = records_dir
    driver = Driver(session, [])
    make = sess.headless_display_maker(session, [], None, False, render_each=False)
    result = session.run(driver, make, virtual_clock=True)
    return result, policy, pressed
