"""Skat zu dritt's result (rules.md §11; docs/app.md, "Skat zu dritt"): who played what and
how it ended, the skat, each player's list points and the totals; Analyse from it as in
en-deux. Loaded with the result and dropped with it, with en-deux's result screen it extends
(skat_ui.three ``screen``, ``skat_core.THREE_SCREENS``)."""

from skat_core.codes import RK_RAMSCH, RK_PASSED
from skat_ui import text
from skat_ui.text import tr
from skat_ui.screens.base import YELLOW, WHITE, MUTED, fits
from skat_ui.screens import result as result_two
from skat_ui.three import seat_name, short_name


class Result(result_two.Result):
    """The deal's result at three: who played what and how it ended, the skat, each
    player's list points for it and the totals."""
    name = "result3"

    def headline(self):
        app = self.app
        r = app.game.result
        if r.kind == RK_PASSED:
            return tr("passed_in"), WHITE
        if r.kind == RK_RAMSCH:
            return "%s %s: %s" % (tr("ramsch"), tr("lost"), seat_name(app, r.loser)), (
                0xFF6060 if r.loser == app.human else result_two.GREEN)
        st = tr("won") if r.won else tr("lost")
        good = r.won == (r.declarer == app.human)
        return "%s %s %s" % (seat_name(app, r.declarer), text.game_name(r.game_type), st), (
            result_two.GREEN if good else 0xFF6060)

    def draw(self, ui):
        app = self.app
        g = app.game
        r = g.result
        s, col = self.headline()
        ui.text(1, 0, s if fits(ui, s) else s[:ui.cols - 1], col)
        cv = ui.canvas
        sx = ui.w - 2 * (ui.cw + 2)
        skat = g.view(app.human if app.human >= 0 else 0).result_skat
        for i in range(2):
            cv.card(sx + i * (ui.cw + 2), 12, ui.cw, ui.ch, skat[i])
        y = 12
        if r.kind == RK_RAMSCH:
            for seat in range(3):
                ui.text(1, y, "%s %d" % (seat_name(app, seat), r.seat_points[seat]))
                y += 11
        elif r.kind != RK_PASSED:
            ui.text(1, y, "%s %d:%d" % (tr("pts_short"), r.decl_points, r.opp_points))
            y += 11
            ui.text(1, y, "%s %d" % (tr("score"), r.score), YELLOW)
            y += 11
        if y < ui.ch + 16:
            y = ui.ch + 16
        ser = app.series
        e = ser.entries[-1]
        tot = ser.totals()
        for p in range(ser.players):
            ui.text(1, y, "%-6s%+5d %6d" % (short_name(p), e[5 + p], tot[p]),
                    YELLOW if p == 0 else WHITE)
            y += 11
        keys = tr("res_keys") if result_two.can_analyse(app) else \
            tr("next_game") + "  B: " + tr("sheet")
        ui.text(1, ui.h - 12, keys, MUTED)
