"""Screens between bidding and declaration: skat (Hand / pickup / Tourné), discard, give up.

Every screen is one-dimensional so three buttons suffice: UP/LEFT = previous, DOWN/RIGHT =
next, A = choose, B = back/menu. What may be chosen comes from the engine's legal actions of
the player's seat - the screens never judge legality themselves.
"""

from skat_boards import keys as K
from skat_core.codes import V_HAND, V_PICKUP, V_DISCARD, V_CONCEDE, V_TOURNE, CONCEDE_PLAIN
from skat_ui import gfx, text
from skat_ui.text import tr
from skat_ui.screens.base import (MOVE, step, YELLOW, MUTED, Menu, Ask, legal, my_legal,
                              header, bottom, hand_row, waiting, bid_name, game_menu, fits)


class Skat(Menu):
    """The declarer: Hand or pick up the skat (Farben: also Tourné), or give up at 18 (asks
    first). Start/B: the game menu."""
    name = "skat"
    sub = None           # the give-up prompt

    def key(self, k):
        if self.sub is not None:
            self.sub.key(k)
        elif k == K.START or k == K.B:
            game_menu(self.app, self)
        else:
            Menu.key(self, k)

    def ends(self, item):
        return item[1][0] == V_CONCEDE

    def items(self):
        app = self.app
        out = []
        for o in my_legal(app):
            if o[0] == V_PICKUP:
                out.insert(0, (tr("pickup"), o))
            elif o[0] == V_HAND:
                out.append((tr("hand_game"), o))
            elif o[0] == V_TOURNE:
                out.append((tr("tourne"), o))
            elif o[0] == V_CONCEDE:
                out.append((tr("give_up"), o))
        return out

    def choose(self, item):
        o = item[1]
        app = self.app
        if o[0] == V_CONCEDE:
            self.sub = Ask(app, self, "sub", item[0], app.game.to_act, o)
            return
        err = app.act(app.game.to_act, o[0], o[1], o[2])
        if err:
            app.notice = text.error(err)

    def draw(self, ui):
        app = self.app
        if self.sub is not None:
            self.sub.draw(ui)
            return
        header(app, ui)
        v = app.human_view()
        mine = app.game.player_to_act() == app.human
        who = "%s: %s" % (tr("declarer"), tr("you") if mine else tr("bot"))
        s = "%s (%s)" % (who, bid_name(app, v.bid))
        y = 26
        if fits(ui, s):
            ui.text(1, 13, s)
        else:                                # a Farbenreizen class: the bid on its own line
            ui.text(1, 13, who)
            ui.text(1, 24, bid_name(app, v.bid))
            y = 37
        if mine:
            self.draw_items(ui, y)
        hand_row(app, ui, v)
        waiting(app, ui)


class Discard:
    """Pick two of the twelve cards (A marks/unmarks, the cursor stays; the two that came
    from the skat are marked "Skat" above them), then confirm.
    Start/B: the game menu (with the give-up choices when the engine allows them); B while
    confirming: back to marking."""
    name = "discard"

    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.marked = bytearray(32)
        self.n_marked = 0
        self.confirm = False
        self.giveup = None

    def key(self, k):
        app = self.app
        if app.game.player_to_act() != app.human:
            return
        if self.giveup is not None:
            self.giveup.key(k)
            return
        v = app.human_view()
        n = v.n_hand
        if k == K.START or (k == K.B and not self.confirm):
            game_menu(app, self)
            return
        if self.confirm:
            if k == K.A:
                a = b = -1
                for i in range(n):
                    if self.marked[v.hand[i]]:
                        if a < 0:
                            a = v.hand[i]
                        else:
                            b = v.hand[i]
                err = app.act(app.game.to_act, V_DISCARD, a, b)
                if err:
                    app.notice = text.error(err)
            elif k == K.B:
                self.confirm = False
            return
        if k in MOVE:
            self.cur = step(self.cur, k, n)
        elif k == K.A:
            c = v.hand[self.cur]
            if self.marked[c]:
                self.marked[c] = 0
                self.n_marked -= 1
            elif self.n_marked < 2:
                self.marked[c] = 1
                self.n_marked += 1
            self.confirm = self.n_marked == 2

    def draw(self, ui):
        app = self.app
        if self.giveup is not None:
            self.giveup.draw(ui)
            return
        header(app, ui)
        v = app.human_view()
        if app.game.player_to_act() == app.human:
            ui.text(1, 13, tr("discard") + " (%d/2)" % self.n_marked)
            if self.confirm:
                ui.text(1, 26, "A: " + tr("discard") + "?", YELLOW)
                ui.text(1, 37, "B: " + tr("back"), MUTED)
            cur = -1 if self.confirm else self.cur
        else:
            ui.text(1, 13, "%s: %s" % (tr("declarer"), tr("bot")))
            cur = -1
        y = ui.hand_y
        step = ui.row(v.hand, v.n_hand, y, cursor=cur, marked=self.marked)
        # The two cards you took from the skat (the deal's last two): a bar above each, clear
        # of a raised card, and "Skat" over the first.
        d = app.game.deal_ids
        first = True
        for i in range(v.n_hand):
            if v.hand[i] == d[30] or v.hand[i] == d[31]:
                x = 1 + i * step
                ui.canvas.rect(x, y - 10, step - 1, 2, gfx.C_PICK)
                if first:
                    ui.text(x, y - 23, tr("skat"), MUTED)
                    first = False
        if app.notice:
            bottom(app, ui, app.notice, YELLOW)
        else:
            bottom(app, ui, tr("mark") + "  " + tr("menu_hint3" if app.keys.three
                                                   else "menu_hint"), MUTED)


class GiveUp(Menu):
    """Spielaufgabe at 18 or the overbid concession naming a game (engine's legal list);
    each asks once more (Nein / Ja)."""
    name = "giveup"

    def __init__(self, app, parent):
        Menu.__init__(self, app)
        self.parent = parent

    def items(self):
        out = []
        for o in legal(self.app, self.app.game.to_act):
            if o[0] == V_CONCEDE:
                if o[1] == CONCEDE_PLAIN:
                    out.append((tr("give_up") + " (-60)", o))
                else:
                    out.append((tr("give_up") + ": " + text.game_name(o[1]), o))
        out.append((tr("back"), None))
        return out if len(out) > 1 else []

    def ends(self, item):
        return item[1] is not None

    def choose(self, item):
        if item[1] is None:
            self.back()
            return
        app = self.app
        self.parent.giveup = Ask(app, self.parent, "giveup", item[0], app.game.to_act, item[1])

    def back(self):
        self.parent.giveup = None

    def draw(self, ui):
        ui.text(1, 0, tr("give_up"), YELLOW)
        self.draw_items(ui, 14)
