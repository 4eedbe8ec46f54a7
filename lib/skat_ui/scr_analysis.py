"""Analyse (issue 11 item 7): the solver's verdict on the player's cards of the deal just played.

For every card the player chose (his own; as the declarer's opponent also the dummy's) the
position before it is solved double dummy (all cards known, skat_core.solver.solve): a card whose
value is worse for the player's side than the best card's is listed with what it cost - card
points (suit, Grand, Ramsch) and, where it turned the game from won to lost for the player,
"lost" (Null: only that) - and the card that would have kept the value.

Between deals only, from the result screen (RIGHT); loaded with the result screen (the app's
``load_table``: then the heap still has room in one piece) and dropped with the next deal. The work is sliced: one card per call of ``think`` (the app's ``work`` loop), the
keys stay live and the screen says "Analyse ..." with the trick it is at. On the desktop
(CPython) from trick 1 with a large node cap per query; on the device only the last
``DEVICE_TRICKS`` tricks, with ``DEVICE_NODES`` per query; only exact answers are listed.
On the device the solver takes the bot's kept table blocks (the bot has no search state
between deals) and the play modules still loaded from the deal (the app releases them at the
next deal, ``App.finish_deal``/``new_deal``).
"""

import os
import sys

from skat_boards import keys as K
from skat_core.cards import POINTS, GT_NULL, GT_RAMSCH, F_SCHNEIDER, F_SCHWARZ
from skat_core.codes import V_PLAY, V_PICKUP, V_TOURNE, V_DISCARD, RK_RAMSCH
from skat_ui.text import tr
from skat_ui.scr_base import PREV, NEXT, WHITE, YELLOW, MUTED, RED

def _full():
    """From trick 1, or only the endgame (scr_result.analysis_mode)."""
    from skat_ui.app import CURRENT
    return CURRENT.analysis_mode() != "endgame"


DEVICE_TRICKS = 6          # the device analyses only decisions with this many tricks left
DEVICE_NODES = 3000        # ... with this node budget per query (~1.5 PyBadge-s)
DEVICE_POINTS = 4          # ... card points only from this many tricks left
DESKTOP_NODES = 3000000    # a cap per query on the desktop (exact for nearly every deal)
POINT_TRICKS = 6           # the desktop asks card points from this many tricks left (won/lost
                           # from trick 1: exact points from trick 1 can take minutes)
OUT = 3                    # owner: skat / out of play
GONE = 4                   # owner: played


class Analysis:
    name = "analysis"

    def __init__(self, app, back, full=None):
        self.app = app
        self.back = back
        self.full = _full() if full is None else full   # from trick 1, else the endgame
        self.found = []              # (trick number, card played, best card, cost, lost)
        self.checked = 0             # decisions answered exactly
        self.skipped = 0             # decisions not answered (too early or not exact)
        self.first = -1              # the first trick analysed (0-based), -1 none
        self.top = 0                 # first row shown
        self.state = 0               # 0 not started, 1 working, 2 done
        self.solver = None
        self.i = 0                   # next record index
        g = app.game
        r = g.result
        self.ramsch = r.kind == RK_RAMSCH
        self.gt = GT_RAMSCH if self.ramsch else r.game_type
        self.decl = app.human if self.ramsch else r.declarer
        self.target = 90 if r.flags & (F_SCHNEIDER | F_SCHWARZ) else 61
        self.out = bytearray(32)
        self.owner = bytearray(32)

    # ---------------------------------------------------------------- the work, in slices
    def start(self):
        app = self.app
        g = app.game
        d = g.deal_ids
        own = self.owner
        for c in range(32):
            own[c] = OUT
        for i in range(30):
            own[d[i]] = i // 10
        for x in app.record:
            if x[1] == V_PICKUP or x[1] == V_TOURNE:
                own[d[30]] = x[0]
                own[d[31]] = x[0]
            elif x[1] == V_DISCARD:
                own[x[2]] = OUT
                own[x[3]] = OUT
        if self.ramsch:
            for c in range(32):
                if own[c] == 1:
                    own[c] = OUT     # the dummy's cards stay out in Ramsch
        from skat_core.solver.solve import Solver
        bot = app.bot
        if bot.release:
            from skat_core.bot.bot import device_blocks
            self.solver = Solver(256, device_blocks()[1:])
        else:
            self.solver = Solver(4096)
        self.since = 1               # cards played since the last value (0: ``after`` holds)
        self.after = (-1, -1)
        self.t = 0                   # completed tricks before the next card
        self.trick = []              # cards of the current trick in play order
        self.dp = 0                  # declarer's (Ramsch: the player's) trick points so far
        self.dt = 0
        self.ot = 0
        self.state = 1

    def think(self):
        """One slice: the record up to and including the player's next card; True while
        there is work left."""
        if self.state == 0:
            self.start()
            self.app.dirty = True
            return True              # "Analyse ..." is drawn before the first search
        if self.state == 2:
            return False
        app = self.app
        rec = app.record
        while self.i < len(rec):
            x = rec[self.i]
            self.i += 1
            if x[1] != V_PLAY:
                continue
            seat = x[0]
            mine = seat == app.human or (seat == 1 and app.human != self.decl
                                         and not self.ramsch)
            if mine and (self.full or 10 - self.t <= DEVICE_TRICKS):
                self.judge(x[2])
                app.dirty = True
                return True
            if mine:
                self.skipped += 1
            self.play(x[2])
        self.state = 2
        self.solver = None
        app.dirty = True
        return False

    def play(self, c):
        self.owner[c] = GONE
        self.trick.append(c)
        self.since += 1
        if len(self.trick) == (2 if self.ramsch else 3):
            v = self.app.game.view(self.app.human)
            w = v.trick_winners[self.t]
            pts = 0
            for k in self.trick:
                pts += POINTS[k & 7]
            if w == self.decl:
                self.dp += pts
                self.dt += 1
            else:
                self.ot += 1
            self.t += 1
            self.trick = []

    def load(self):
        """The position now into the solver; False if it refuses it."""
        own = self.owner
        h = ([], [], [])
        skat = []
        for c in range(32):
            o = own[c]
            if o < 3:
                h[o].append(c)
            elif o == OUT:
                skat.append(c)
        leader = self.app.game.view(self.app.human).trick_leaders[self.t]
        return self.solver.load(self.gt, self.decl, h[0], h[1], h[2], skat, leader,
                                self.trick, self.dp, self.dt, self.ot) == 0

    def value(self):
        """(won, points) of the position now under best play: won 1/0 for the declarer (-1
        unknown or Ramsch), his final card points (-1 unknown or not asked: points only with
        ``POINT_TRICKS`` tricks left or fewer)."""
        own = self.owner
        left = 0
        skat = 0
        for c in range(32):
            if own[c] < 3:
                left += 1
            elif own[c] == OUT:
                skat += POINTS[c & 7]
        if left == 0:                      # the last card: the count itself
            if self.gt == GT_NULL:
                return (1 if self.dt == 0 else 0), -1
            if self.ramsch:
                return -1, self.dp
            return (1 if self.dp + skat >= self.target else 0), self.dp + skat
        if not self.load():
            return -1, -1
        s = self.solver
        budget = DESKTOP_NODES if self.full else DEVICE_NODES
        won = -1
        if self.gt == GT_NULL:
            won = s.null_won(budget)
        elif not self.ramsch:
            won = s.reaches(self.target, budget)
        if not s.exact:
            won = -1
        pts = -1
        if self.gt != GT_NULL and 10 - self.t <= (POINT_TRICKS if self.full else DEVICE_POINTS):
            pts = s.declarer_points(budget)
            if not s.exact:
                pts = -1
        return won, pts

    def judge(self, played):
        """The values before and after ``played``; listed with the card that kept the value
        if it cost the player's side points or the game."""
        if self.since == 0:
            wb, pb = self.after            # nothing was played since the last card judged
        else:
            wb, pb = self.value()
        if not self.load():
            self.skipped += 1
            self.play(played)
            return
        s = self.solver
        hi = s.want[s.to_move]             # the mover wants the declarer's metric high
        snap = (self.t, list(self.trick), self.dp, self.dt, self.ot)
        self.play(played)
        wa, pa = self.value()
        self.since = 0
        self.after = (wa, pa)
        lost = wb >= 0 and wa >= 0 and wb != wa
        cost = 0
        if pb >= 0 and pa >= 0:
            cost = pa - pb if hi == 0 else pb - pa
        if wb < 0 and pb < 0:
            self.skipped += 1
            return
        self.checked += 1
        if self.first < 0:
            self.first = snap[0]
        if cost <= 0 and not lost:
            return
        # The card that kept it: back to the position before, one zero-window test.
        self.t, self.trick, self.dp, self.dt, self.ot = snap
        self.owner[played] = self.owner_of(played)
        best = 255
        if self.load():
            budget = DESKTOP_NODES if self.full else DEVICE_NODES
            if lost:
                best = s.goal_move(1 if self.gt == GT_NULL else self.target, budget)
            else:
                best = s.goal_move(pb if hi else pb + 1, budget)
        self.play(played)
        self.since = 0
        self.found.append((snap[0] + 1, played, best, cost if cost > 0 else 0, lost))

    def owner_of(self, c):
        """The seat that held ``c`` before it was played (from the record)."""
        for x in self.app.record:
            if x[1] == V_PLAY and x[2] == c:
                return x[0]
        return OUT

    # ---------------------------------------------------------------- keys and drawing
    def leave(self):
        self.solver = None
        self.app.bot.release_play()      # on the device: the solver's modules go again

    def key(self, k):
        app = self.app
        if k == K.A or k == K.START:
            self.leave()
            app.next_deal()
        elif k == K.B or k == K.SELECT:
            self.leave()
            app.show(self.back)
        elif k in PREV:
            if self.top > 0:
                self.top -= 1
        elif k in NEXT:
            if self.top < len(self.found) - 1:
                self.top += 1

    def draw(self, ui):
        pitch = ui.sh + 2
        # From which trick on the cards were judged, above the key line (when not from 1).
        note = ""
        if self.state == 2 and (self.skipped or not self.checked):
            note = tr("an_from") + " %d" % (self.first + 1) if self.checked else "-"
        rows = (ui.h - (35 if note else 24)) // pitch
        if self.state < 2:
            ui.text(1, 0, tr("analysis") + " ...  " + tr("trick") + " %d" % (self.t + 1),
                    YELLOW)
        elif self.found:
            ui.text(1, 0, "%s: %d %s" % (tr("analysis"), len(self.found), tr("an_cards")),
                    YELLOW)
        else:
            ui.text(1, 0, "%s: %s" % (tr("analysis"), tr("an_none")), YELLOW)
        cv = ui.canvas
        y = 13
        n = len(self.found)
        if self.top > n - 1:
            self.top = n - 1 if n else 0
        bx = ui.w - ui.sw - 2
        for j in range(self.top, min(n, self.top + rows)):
            t, card, best, cost, lost = self.found[j]
            cv.card(1, y, ui.sw, ui.sh, card)
            cv.card(bx, y, ui.sw, ui.sh, best)
            if cost:
                s = "-%d " % cost + (tr("an_flip") if lost else tr("an_pts"))
            else:
                s = tr("an_flip")
            # One label per row between the two cards: the trick, the cost, "better".
            line = "%2d " % t + s + " " + tr("an_better")
            ui.text(ui.sw + 4, y + (ui.sh - 11) // 2, line, RED if lost else WHITE)
            y += pitch
        if note:
            ui.text(1, ui.h - 23, note, MUTED)
        bottom = tr("an_keys")
        if n > rows:
            bottom += " " + ("^" if self.top > 0 else " ") + ("v" if self.top + rows < n else " ")
        ui.text(1, ui.h - 12, bottom, MUTED)
