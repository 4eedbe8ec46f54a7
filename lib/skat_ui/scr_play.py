"""The play screen: the player's hand with a cursor, the dummy's row once revealed (the
declarer's opponent plays it: then the cursor moves there), the declarer's cards when open,
the current (or last) trick, points and tricks, whose turn; offers, Contra and Re from the
menu (Start or B), an offer to answer as a prompt, the hint (Select) showing the bot's card."""

from skat_boards import keys as K
from skat_core.cards import MH, NO_CARD
from skat_core.codes import (V_PLAY, V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE, OFFER_RAUS)
from skat_ui import gfx, text
from skat_ui.text import tr
from skat_ui.scr_base import Menu, legal, game_label, MOVE, step, fits, WHITE, YELLOW, MUTED


def status_line(app, v):
    if v.ramsch:
        return tr("ramsch")
    g = game_label(app, v.game_type, v.farben_kind, v.flags) if v.game_type >= 0 else "?"
    who = tr("you") if v.declarer == app.human else tr("bot")
    extra = ""
    if v.contra:
        extra = " " + tr("re" if v.re else "contra")
    return "%s: %s%s" % (who, g, extra)


class Play:
    name = "play"

    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.turn_len = -1
        self.seat = -1
        self.legal = bytearray(32)
        self.menu = None
        self.answer = 0

    def point_to(self, card):
        """Put the cursor on ``card`` (the hint) if it is in the row the player plays from."""
        v = self.app.human_view()
        cards, n, _ = self.my_row(v)
        for i in range(n):
            if cards[i] == card:
                self.cur = i

    def my_row(self, v):
        """(cards, n, seat) of the row the player plays from now."""
        if self.app.game.to_act == MH:
            return v.dummy, v.n_dummy, MH
        return v.hand, v.n_hand, self.app.human

    def refresh(self, v):
        """On a new turn: collect the legal cards and put the cursor on the first one."""
        app = self.app
        if self.turn_len == len(app.record):
            return
        self.turn_len = len(app.record)
        self.answer = 0                  # a new offer's prompt starts on "accept"
        for c in range(32):
            self.legal[c] = 0
        self.seat = -1
        if app.game.player_to_act() != app.human or v.offer_pending:
            return
        cards, n, seat = self.my_row(v)
        self.seat = seat
        buf = app.actbuf
        for i in range(app.game.legal_actions(seat, buf)):
            if buf[i] & 15 == V_PLAY:
                self.legal[(buf[i] >> 4) & 511] = 1
        self.cur = 0
        for i in range(n):
            if self.legal[cards[i]]:
                self.cur = i
                break

    def key(self, k):
        app = self.app
        if self.menu is not None:
            self.menu.key(k)
            return
        v = app.human_view()
        self.refresh(v)
        if v.offer_pending and v.declarer == app.human:
            if k in MOVE:
                self.answer ^= 1
            elif k == K.A:
                app.act(app.human, V_REJECT if self.answer else V_ACCEPT)
            return
        if k == K.START or k == K.B:
            self.menu = PlayMenu(app, self)
            return
        if k == K.SELECT:
            app.ask_hint()
            return
        if self.seat < 0:
            return
        cards, n, seat = self.my_row(v)
        if n == 0:
            return
        if k in MOVE:
            self.cur = step(self.cur, k, n)
        elif k == K.A:
            c = cards[self.cur]
            err = app.act(seat, V_PLAY, c)
            if err:
                app.notice = text.error(err)
            else:
                app.notice = ""

    def draw(self, ui):
        app = self.app
        if self.menu is not None:
            self.menu.draw(ui)
            return
        v = app.human_view()
        self.refresh(v)
        cv = ui.canvas
        W = ui.w
        ui.text(1, 0, status_line(app, v), YELLOW if v.contra else MUTED)
        st = "%s %d" % (tr("trick"), v.n_tricks + (1 if v.trick_n or v.n_tricks < 10 else 0))
        ui.text(W - 6 * len(st) - 1, 0, st, MUTED)
        y = 16               # the dummy's cursor card rises 4 px: clear of the top line's text
        tag_w = 32
        playing_dummy = self.seat == MH
        # The dummy's row (revealed) or its backs; none in Ramsch.
        if not v.ramsch:
            if v.dummy_revealed:
                ui.row(v.dummy, v.n_dummy, y, compact=True,
                       cursor=self.cur if playing_dummy else -1,
                       legal=self.legal if playing_dummy else None, avail=W - tag_w)
            else:
                ui.backs(10 - v.n_tricks, 1, y)
            ui.text(W - tag_w + 1, y + 3, tr("dummy")[:5], MUTED)
            y += ui.sh + 2
            if v.n_decl_open:
                ui.row(v.decl_open, v.n_decl_open, y, compact=True, avail=W - tag_w)
                ui.text(W - tag_w + 1, y + 3, tr("bot"), MUTED)
                y += ui.sh + 2
        # The trick: bot's card, dummy's card, yours (by seat), the last trick when empty.
        ty = y + 2
        hy = ui.h - ui.ch - 13
        if ui.h >= 200:                  # tall screens: the trick in the middle of the table
            ty = (ty + hy - ui.ch) // 2
        trick = v.trick
        last = False
        if v.trick_n == 0 and v.n_tricks > 0:
            t = v.n_tricks - 1
            trick = bytearray(3)
            for s in range(3):
                trick[s] = v.tricks[3 * t + s]
            last = True
        order = (2 - app.human, MH, app.human)
        x = 2
        for s in order:
            c = trick[s]
            if s == MH and v.ramsch:
                continue
            if c != NO_CARD:
                cv.card(x, ty, ui.cw, ui.ch, c, gfx.C_DIM if last else gfx.C_FACE)
            else:
                cv.frame(x, ty, ui.cw, ui.ch, gfx.C_PANEL)
            x += ui.cw + 3
        ix = x + 2
        if hy < ty + ui.ch + 6:
            hy = ty + ui.ch + 6
        me_pts, me_tr, bot_pts, bot_tr = self.counts(v)
        # The hint or "last trick" under the counts, or (when that line would reach the raised
        # card of your hand: the declarer's open cards take a row) in place of their heading.
        ly = ty + 29 if ty + 41 <= hy - 4 else ty - 2
        if ly > ty:
            ui.text(ix, ty - 2, "%-4s%4s%3s" % ("", tr("pts_short"), tr("tricks_short")),
                    MUTED)
        ui.text(ix, ty + 8, "%-4s%4d%3d" % (tr("you"), me_pts, me_tr))
        ui.text(ix, ty + 18, "%-4s%4d%3d" % (tr("bot"), bot_pts, bot_tr))
        if app.hint >= 0:
            s = tr("hint") + ": " + card_name(app.hint)
            ui.text(ix, ly, s if fits(ui, s, ix) else card_name(app.hint), YELLOW)
        elif last:
            ui.text(ix, ly, tr("last_trick"), MUTED)
        elif ly < ty:
            ui.text(ix, ty - 2, "%-4s%4s%3s" % ("", tr("pts_short"), tr("tricks_short")),
                    MUTED)
        # Your hand.
        mine = self.seat == app.human
        ui.row(v.hand, v.n_hand, hy, cursor=self.cur if mine else -1,
               legal=self.legal if mine else None)
        # Bottom line: prompt, notice or whose turn.
        by = ui.h - 12
        if v.offer_pending and v.declarer == app.human:
            o = tr("offer_raus") if v.offer_pending == OFFER_RAUS else tr("offer_stich")
            ui.text(1, hy - 12, tr("bot_offers") + ": " + o, YELLOW)
            a = ("[%s] %s" if not self.answer else "%s [%s]")
            ui.text(1, by, a % (tr("accept"), tr("reject")) if not self.answer else
                    a % (tr("accept"), tr("reject")), YELLOW)
        elif app.grace or app.grace_sleep:
            ui.text(1, by, tr("speak_now3" if app.keys.three else "speak_now"), YELLOW)
        elif app.busy():
            ui.text(1, by, tr("thinking") + " ...", YELLOW)
        elif app.notice:
            ui.text(1, by, app.notice, YELLOW)
        elif self.seat >= 0:
            s = tr("dummy_turn") if self.seat == MH else tr("your_turn")
            if app.human_may_speak():            # an offer, Contra or Re is possible now
                s += " " + tr("menu_hint3" if app.keys.three else "menu_hint")
            ui.text(1, by, s, WHITE)

    def counts(self, v):
        app = self.app
        if v.ramsch:
            h = app.human
            return v.seat_points[h], v.seat_tricks[h], v.seat_points[2 - h], v.seat_tricks[2 - h]
        if v.declarer == app.human:
            return v.decl_points, v.decl_tricks, v.opp_points, v.opp_tricks
        return v.opp_points, v.opp_tricks, v.decl_points, v.decl_tricks


def card_name(c):
    from skat_core.cards import SUIT_NAMES_DE, SUIT_NAMES_EN
    ranks = ("A", "10", "K", "Q", "J", "9", "8", "7") if text.LANG[0] else \
        ("A", "10", "K", "D", "B", "9", "8", "7")
    names = SUIT_NAMES_EN if text.LANG[0] else SUIT_NAMES_DE
    return names[c >> 3] + " " + ranks[c & 7]


class PlayMenu(Menu):
    """Offers, Contra, Re (only when the engine allows them now), hint, score sheet, main
    menu (the game stays saved), back."""
    name = "playmenu"

    def __init__(self, app, parent):
        Menu.__init__(self, app)
        self.parent = parent

    def items(self):
        app = self.app
        out = []
        for o in legal(app, app.human):
            if o[0] == V_OFFER:
                out.append((tr("offer_raus") if o[1] == OFFER_RAUS else tr("offer_stich"), o))
            elif o[0] == V_CONTRA:
                out.append((tr("contra"), o))
            elif o[0] == V_RE:
                out.append((tr("re"), o))
        out.append((tr("hint"), "hint"))
        out.append((tr("sheet"), "sheet"))
        out.append((tr("to_title"), "title"))
        out.append((tr("back"), "back"))
        return out

    def choose(self, item):
        app = self.app
        o = item[1]
        self.parent.menu = None
        if o == "hint":
            app.ask_hint()
        elif o == "sheet":
            from skat_ui.app import load
            app.show(load("scr_menu").Sheet(app, False, self.parent))
        elif o == "title":
            from skat_ui.app import load
            app.show(load("scr_menu").Title(app))
        elif o != "back":
            err = app.act(app.human, o[0], o[1], o[2])
            if err:
                app.notice = text.error(err)

    def back(self):
        self.parent.menu = None

    def draw(self, ui):
        ui.text(1, 0, tr("menu"), YELLOW)
        self.draw_items(ui, 14)
