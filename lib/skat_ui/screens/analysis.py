"""Analyse (issue 11 item 7, issue 18 item 4): the player's cards of the deal just played
that cost him card points or the game, each with the card that would have done better.

The judge is the hint's (skat_core.bot.advice, one source of card advice): a card is listed
when another card was at least as good in every deal of the unseen cards the player could
not rule out when he played it, and better in the deal that was played; the row says what
it cost there: "Stich 5: Kreuz D kostete 5 Augen, besser Kreuz B" ("das Spiel" when it
turned a won game into a lost one, or in Null). So a card the hint gave is never listed.

The deal is replayed from its record in the app's own Game (a second Game would be ~4 KB
more on the device's heap at the analysis' peak); at each card the player chose (his own;
as the declarer's opponent also the dummy's) the judge gets his View of that moment and the
true deal. The replay ends where the deal ended, with the same result; when the analysis
is left before, the rest of the record is played at once (``finish``), so the result
screen and the next deal find the Game as the deal left it. The work is sliced - one
solver value per call of ``think`` (the app's ``work`` between key polls) - and the rows
appear while it works; the title says "Analyse ..." and the trick it is at.

At three (Skat zu dritt, zu viert) the same screen judges the player's own cards (there is
no dummy) over every deal of the two other hands (skat_core.bot.advice).

Between deals only, from the result screen (RIGHT); loaded with the result screen (the
app's ``load_table``: then the heap still has room in one piece) and dropped with the next
deal. The judge has a knowledge, worlds and solver of its own, on the device in the blocks
the bot keeps for its search state (which does not exist between deals): neither the bot's
card search nor its offers are loaded (``judge``); the solver's modules go
when the analysis is done or left (``Bot.release_play``). Its modules come after the
replay's bidding, whose modules go first (``start``, ``prepare``). The result screen's
module is not kept while the analysis works (~3 KB): leaving with B loads it again
(``App.result_screen``).
"""

import gc
import sys

import skat_core
from skat_boards import keys as K
from skat_core import SCR_RESULT, THREE_TABLES
from skat_core.bot.bot import load_play_module
from skat_core.cards import MH, SUIT_NAMES_DE, SUIT_NAMES_EN
from skat_core.codes import V_PLAY, PH_PLAY
from skat_ui import text
from skat_ui.text import tr
from skat_ui.screens.base import PREV, NEXT, WHITE, YELLOW, MUTED, RED

OUT = 3                    # the judge's holder of the cards out of play (skat_core.bot.know.OUT)
SOUND = 1                  # the judge's verdicts (skat_core.bot.advice; its module comes
LOSS = 2                   # ... with the first analysis slice)
BUSY = 3


def card_name(c):
    """A card as the play screen names it ("Kreuz D", "Clubs Q")."""
    en = text.LANG[0]
    ranks = ("A", "10", "K", "Q", "J", "9", "8", "7") if en else \
        ("A", "10", "K", "D", "B", "9", "8", "7")
    return (SUIT_NAMES_EN if en else SUIT_NAMES_DE)[c >> 3] + " " + ranks[c & 7]


def row_words(row):
    """One row as words to wrap (a card's name, a number and its unit stay together):
    "Stich 5:" "Kreuz D" "kostete" "5 Augen," "besser" "Kreuz B"."""
    t, card, better, gain, flip = row
    return [tr("trick") + " %d:" % t, card_name(card), tr("an_cost"),
            (tr("an_game") if flip else "%d %s" % (gain, tr("an_pts"))) + ",",
            tr("an_better"), card_name(better)]


def wrap_words(words, cols, indent):
    """Lines of at most ``cols`` characters (an umlaut counts two: a font without it spells
    it out), the lines after the first ``indent`` characters shorter; never a word cut."""
    lines = []
    cur = ""
    for w in words:
        room = cols - (indent if lines else 0)
        if cur and _width(cur) + 1 + _width(w) > room:
            lines.append(cur)
            cur = w
        else:
            cur = cur + " " + w if cur else w
    if cur:
        lines.append(cur)
    return lines


def _width(s):
    n = len(s)
    for ch in s:
        if ord(ch) > 127:
            n += 1
    return n


def judge(app):
    """The judge, without the card search (skat_core.bot.lone_judge.own_judge: a knowledge,
    worlds and solver of its own, on the device in the blocks the bot keeps, so neither the
    bot's Player nor its module ``skat_core.bot.play`` is in the heap with the judge); in the app's
    analysis mode (as the hint's). The values are the same: they depend on the position
    alone."""
    from skat_core.bot.lone_judge import own_judge
    from skat_core.bot.analyse_judge import AnalyseJudge
    return own_judge(app.bot, app.analysis_mode(), AnalyseJudge)


class Analysis:
    name = "analysis"

    def __init__(self, app):
        self.app = app
        self.found = []              # (trick number, card played, better card, cost, lost)
        self.checked = 0             # cards judged (sound or listed)
        self.choices = 0             # cards played with a choice (more than one legal)
        self.top = 0                 # first row shown
        self.state = 0               # 0 not started, 1 working, 2 done
        self.i = 0                   # next record index
        self.t = 0                   # the trick (0-based) of the card judged now
        self.g = None                # the app's Game while it replays the deal
        self.judge = None
        self.busy = False            # the judge works on the card at record ``i``
        self.truth = bytearray(32)   # the true holder of every card (the judge's ``truth``)
        self.buf = bytearray(12)

    # ---------------------------------------------------------------- the work, in slices
    def start(self):
        """The deal again in the app's Game and its bidding, up to the opening lead: the
        bidding's modules go before the judge's come (``prepare``), so the two are never in
        the heap at once; so does the result screen's module (back with ``leave``)."""
        app = self.app
        g = app.game
        d = g.deal_ids
        g.deal_hands(d[0:10], d[10:20], d[20:30], d[30:32])    # same deal, bock kept
        self.g = g                   # from here on ``finish`` can end the deal again
        rec = app.record
        while self.i < len(rec) and g.phase != PH_PLAY and not g.act(*rec[self.i]):
            self.i += 1
        skat_core.drop(skat_core.PRE_PLAY)
        skat_core.drop((skat_core.APP[SCR_RESULT],), skat_core.UI)
        if THREE_TABLES and g.three:     # at three its bidding's and its result's too
            skat_core.drop(skat_core.THREE_PRE_PLAY)
            skat_core.drop(skat_core.THREE_SCREENS, skat_core.UI)
        self.state = 1

    def prepare(self):
        """The judge's modules, one per slice, each after a collection (what the bidding's
        replay dropped is free again), then the judge. True while there is more to load."""
        gc.collect()
        if load_play_module(False, False):   # not the offers' nor the card search's
            return True
        advice = skat_core.ADVICE    # from its last: advice, the analysis' judge, the
        if advice[3] not in sys.modules:     # judge; not the desktop's adviser
            __import__(advice[3])
            return True
        if advice[2] not in sys.modules:
            __import__(advice[2])
            return True
        if advice[1] not in sys.modules:
            __import__(advice[1])
            return True
        self.judge = judge(self.app)
        return False

    def think(self):
        """One slice: one value for the judge, or the replay up to the player's next card
        and the judge's start there. True while there is work left."""
        app = self.app
        if self.state == 0:
            self.start()
            app.dirty = True
            return True              # "Analyse ..." is drawn before the first search
        if self.state == 2:
            return False
        j = self.judge
        if j is None:
            self.prepare()
            return True
        rec = app.record
        g = self.g
        if self.busy:
            if not j.step():
                return True
            self.busy = False
            self.verdict(rec[self.i][2])
            g.act(*rec[self.i])
            self.i += 1
            return True
        while self.i < len(rec):
            x = rec[self.i]
            if x[1] == V_PLAY and self.mine(x[0]):
                if self.t != g.n_tricks:     # the title names the trick: drawn anew
                    self.t = g.n_tricks
                    app.dirty = True
                self.fill_truth()
                j.start(g.view(app.human), x[2], self.truth)
                if j.state == BUSY:          # its values come one per slice
                    self.busy = True
                    return True
                self.verdict(x[2])
            if g.act(*x):
                break                # the record does not replay: stop here
            self.i += 1
        self.state = 2
        self.judge = None
        self.g = None
        app.release_adviser()        # the judge and its module: not needed any more,
        app.bot.release_play()       # ... nor the search state and the solver's modules
        app.dirty = True
        return False

    def mine(self, seat):
        """A card the player chose: his own, as the declarer's opponent also the dummy's
        (at three there is no dummy: Mittelhand plays his own)."""
        g = self.g
        h = self.app.human
        if THREE_TABLES and g.three:
            return seat == h
        return seat == h or (seat == MH and g.declarer >= 0 and g.declarer != h
                             and not g.ramsch)

    def fill_truth(self):
        g = self.g
        tr_ = self.truth
        for c in range(32):
            tr_[c] = OUT
        buf = self.buf
        for s in range(3):
            for k in range(g.cards_of(s, buf)):
                tr_[buf[k]] = s

    def verdict(self, card):
        j = self.judge
        if j.choice > 1:
            self.choices += 1
        if j.state == SOUND or j.state == LOSS:
            self.checked += 1
        if j.state == LOSS:
            self.found.append((self.t + 1, card, j.better, j.gain, j.flip))
            self.app.dirty = True        # a new row

    # ---------------------------------------------------------------- keys and drawing
    def finish(self):
        """The rest of the record played at once: the Game ends the deal as it did, with
        the same result (the result screen and the score sheet read it)."""
        g = self.g
        if g is not None:
            rec = self.app.record
            while self.i < len(rec) and not g.act(*rec[self.i]):
                self.i += 1
        self.g = None

    def leave(self):
        self.judge = None
        self.finish()
        app = self.app
        app.release_adviser()
        app.bot.release_play()           # on the device: the solver's modules go again

    def key(self, k):
        app = self.app
        if k == K.A or k == K.START:
            self.leave()
            app.next_deal()
        elif k == K.B or k == K.SELECT:
            self.leave()
            app.show(app.result_screen())
        elif k in PREV:
            if self.top > 0:
                self.top -= 1
        elif k in NEXT:
            if self.top < len(self.found) - 1:
                self.top += 1

    def draw(self, ui):
        # How many of the player's choices were judged, above the key line (when not all).
        note = ""
        if self.state == 2 and self.checked < self.choices:
            note = tr("an_checked") + " %d/%d" % (self.checked, self.choices)
        if self.state < 2:
            ui.text(1, 0, tr("analysis") + " ...  " + tr("trick") + " %d" % (self.t + 1),
                    YELLOW)
        elif self.found:
            ui.text(1, 0, "%s: %d %s" % (tr("analysis"), len(self.found),
                                          tr("an_card" if len(self.found) == 1 else "an_cards")),
                    YELLOW)
        else:
            ui.text(1, 0, "%s: %s" % (tr("analysis"), tr("an_none")), YELLOW)
        n = len(self.found)
        if self.top > n - 1:
            self.top = n - 1 if n else 0
        y = 13
        end = ui.h - (24 if note else 13)
        cols = (ui.w - 1) // 6
        shown = self.top
        for r in range(self.top, n):
            row = self.found[r]
            lines = wrap_words(row_words(row), cols, 1)
            if y + 11 * len(lines) > end:
                break
            for k in range(len(lines)):
                ui.text(1 if k == 0 else 7, y, lines[k], RED if row[4] else WHITE)
                y += 11
            y += 2
            shown = r + 1
        if note:
            ui.text(1, ui.h - 23, note, MUTED)
        bottom = tr("an_keys")
        if self.top > 0 or shown < n:
            bottom += " " + ("^" if self.top > 0 else " ") + ("v" if shown < n else " ")
        ui.text(1, ui.h - 12, bottom, MUTED)
