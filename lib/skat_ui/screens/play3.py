"""Skat zu dritt's play (rules.md §11; docs/app.md, "Skat zu dritt"): the screen of the play
at three, loaded with it and dropped after it, as en-deux's play screen it extends (skat_ui.three
``screen``, ``skat_core.THREE_SCREENS``)."""

from skat_core.cards import F_HAND, F_OUVERT, F_SCHNEIDER, F_SCHWARZ, NO_CARD
from skat_ui import gfx, text
from skat_ui.text import tr
from skat_ui.screens.base import YELLOW, MUTED, WHITE, fits
from skat_ui.screens import play as two
from skat_ui.three import seat_name


class Play(two.Play):
    """The play at three: your hand, the trick of three in play order with each card's
    player, the two others' card counts, the declarer's and the defenders' points and tricks
    (in Ramsch each player's), the contract and Kontra/Re from the menu (each asks once
    more), the hint (Select). Watching at four: the trick and the counts, no hand."""
    name = "play3"

    def my_row(self, v):
        return v.hand, v.n_hand, self.app.human

    def draw(self, ui):
        app = self.app
        if self.menu is not None:
            self.menu.draw(ui)
            return
        g = app.game
        h = app.human
        v = g.view(h if h >= 0 else 0)
        if h >= 0:
            self.refresh(v)
        W = ui.w
        # The contract: "Bot 1: Pik Hand 36 Kontra" (in Ramsch "Ramsch").
        if v.ramsch:
            c = tr("ramsch") + (" x%d" % (1 << g.pushes) if g.pushes else "")
        else:
            c = seat_name(app, v.declarer) + ": " + text.game_name(v.game_type)
            if v.flags & F_HAND:
                c += " " + tr("hand")
            if v.flags & F_OUVERT:
                c += " " + tr("ouvert")
            if v.flags & F_SCHWARZ:
                c += " " + tr("schwarz")
            elif v.flags & F_SCHNEIDER:
                c += " " + tr("schneider")
            c += " " + str(v.bid)
            if v.contra:
                c += " " + tr("contra")
            if v.re:
                c += " " + tr("re")
        ui.text(1, 0, c if fits(ui, c) else c[:ui.cols - 1], YELLOW if v.contra else MUTED)
        # The others: name, cards left (the ouvert declarer's cards open), points.
        y = 12
        for seat in range(3):
            if seat == h:
                continue
            n = 10 - v.n_tricks - (1 if v.trick_n and v.trick[seat] != NO_CARD else 0)
            s = "%s %d" % (seat_name(app, seat), n)
            if not v.ramsch and seat == v.declarer:
                s += " *"
            ui.text(1, y, s, WHITE if seat == g.to_act else MUTED)
            y += 11
        if v.n_decl_open and v.declarer != h:
            ui.row(v.decl_open, v.n_decl_open, y, compact=True)
            y += ui.sh + 2
        # The trick in play order (the last one, with its winner, until the next lead).
        trick, leader, winner, last = two.shown_trick(v)
        cw = ui.cw
        ch = ui.ch
        room = ui.hand_y - 4 - y
        if room < ch + 10:
            cw = ui.sw
            ch = ui.sh
        x = 2
        s = leader
        cv = ui.canvas
        for _ in range(3):
            c = trick[s]
            if c != NO_CARD:
                cv.card(x, y, cw, ch, c, gfx.C_DIM if last and not app.held else gfx.C_FACE,
                        gfx.C_CURSOR if s == winner else gfx.C_INK)
            else:
                cv.frame(x, y, cw, ch, gfx.C_PANEL)
            x += cw + 3
            s = s + 1 if s < 2 else 0
        # Points and tricks: the declarer's side and the defenders' (Ramsch: yours).
        ix = x + 2
        if v.ramsch:
            me = h if h >= 0 else 0
            ui.text(ix, y, "%s %d" % (tr("pts_short"), v.seat_points[me]))
            ui.text(ix, y + 10, "%s %d" % (tr("tricks_short"), v.seat_tricks[me]))
        else:
            ui.text(ix, y, "%s %d/%d" % (tr("declarer")[:6], v.decl_points, v.decl_tricks))
            ui.text(ix, y + 10, "%s %d/%d" % (tr("defence")[:6], v.opp_points, v.opp_tricks))
        if app.hint >= 0:
            ui.text(ix, y + 20, two.card_name(app.hint), YELLOW)
        elif last:
            ui.text(ix, y + 20, tr("trick") + ": " + seat_name(app, winner)[:6], YELLOW)
        if h >= 0:
            mine = g.player_to_act() == h
            ui.row(v.hand, v.n_hand, ui.hand_y, cursor=self.cur if mine else -1,
                   legal=self.legal if mine else None)
        by = ui.h - 12
        if app.held:
            ui.text(1, by, tr("go_on"), YELLOW)
        elif app.busy():
            ui.text(1, by, tr("thinking") + " ...", YELLOW)
        elif app.notice:
            ui.text(1, by, app.notice, YELLOW)
        elif h >= 0 and g.player_to_act() == h:
            ui.text(1, by, tr("your_turn"), WHITE)
        elif h < 0:
            ui.text(1, by, tr("watching"), MUTED)
