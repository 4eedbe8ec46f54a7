"""Skat zu dritt's bidding and Schieberamsch's Grand Hand round and pushing (rules.md §11;
docs/app.md, "Skat zu dritt"): the screens of those phases at three, loaded with them and
dropped at the opening lead with en-deux's bidding screen they extend (skat_ui.three
``screen``, ``skat_core.THREE_SCREENS``)."""

from skat_boards import keys as K
from skat_core.cards import F_OUVERT, F_SCHNEIDER, F_SCHWARZ, GT_GRAND
from skat_core.codes import PH_PUSH, PH_ANSWER, PH_TAKE, V_PASS, V_PICKUP, V_DECLARE
from skat_ui import text
from skat_ui.text import tr
from skat_ui.screens.base import YELLOW, WHITE, Menu, my_legal, hand_row, waiting, game_menu
from skat_ui.screens import bid as bid_two
from skat_ui.three import header, seat_name


class Bid(bid_two.Bid):
    """The bidding of three: Mittelhand bids Vorhand, then Hinterhand bids the one left; the
    values as en-deux's spinner (Pass at the left end), "Ja" to hold. Shows each seat's
    state: who bids whom, who passed, the value held."""
    name = "bid3"

    def draw(self, ui):
        app = self.app
        self.refresh()
        g = app.game
        v = g.view(app.human if app.human >= 0 else 0)
        header(app, ui)
        y = 12
        for seat in range(3):
            s = seat_name(app, seat)
            if v.passed[seat]:
                s += ": " + tr("pass")
            elif seat == v.bid_holder and v.bid:
                s += ": " + str(v.bid)
            elif seat == v.bidder:
                s += ": " + tr("bid") + " ..."
            ui.text(1, y, s, YELLOW if seat == app.human else WHITE)
            y += 11
        if self.opts:
            ui.center(y + 10, "< " + self.label(self.opts[self.i]) + " >", YELLOW)
            ui.center(y, tr("take18") if g.phase == PH_TAKE else (
                tr("bid") + ": " + str(v.bid) if g.phase == PH_ANSWER else tr("your_bid")))
        if app.human >= 0:
            hand_row(app, ui, v)
        bid_two.footer(app, ui, self.opts)


class Push(Menu):
    """Schieberamsch: after three passes each in turn may play Grand Hand (or pass), then
    each picks up the skat (and puts two cards back: en-deux's discard screen) or pushes it
    on unseen, which doubles the loser's minus."""
    name = "push"

    def items(self):
        app = self.app
        out = []
        for o in my_legal(app):
            if o[0] == V_DECLARE:
                w = text.game_name(GT_GRAND) + " " + tr("hand")
                if o[2] & F_SCHWARZ:
                    w += " " + tr("schwarz")
                elif o[2] & F_SCHNEIDER:
                    w += " " + tr("schneider")
                if o[2] & F_OUVERT:
                    w += " " + tr("ouvert")
                out.append((w, o))
            elif o[0] == V_PICKUP:
                out.append((tr("pickup"), o))
            elif o[0] == V_PASS:
                out.append((tr("push_on") if app.game.phase == PH_PUSH else tr("pass"), o))
        return out

    def choose(self, item):
        o = item[1]
        app = self.app
        err = app.act(app.game.to_act, o[0], o[1], o[2])
        if err:
            app.notice = text.error(err)

    def key(self, k):
        if k == K.START or k == K.B:
            game_menu(self.app, self)
        else:
            Menu.key(self, k)

    def draw(self, ui):
        app = self.app
        header(app, ui)
        g = app.game
        ui.text(1, 12, tr("schieberamsch") + (" x%d" % (1 << g.pushes) if g.pushes else ""),
                YELLOW)
        if g.player_to_act() == app.human:
            self.draw_items(ui, 24)
        if app.human >= 0:
            hand_row(app, ui, g.view(app.human))
        waiting(app, ui)
