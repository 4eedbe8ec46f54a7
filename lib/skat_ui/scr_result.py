"""The result of a deal: the skat revealed, card points and tricks, the value spelled out level
by level (with 50 %, Contra, Re, overbid), the score and the running totals."""

from skat_boards import keys as K
from skat_core.cards import GT_NULL
from skat_core.codes import RK_PASSED, RK_RAMSCH, RK_GIVEN_UP, RK_CONCEDED
from skat_ui import text
from skat_ui.text import tr
from skat_ui.scr_base import wrap, game_label, WHITE, YELLOW, MUTED, RED

GREEN = 0x60FF80


def level_parts(r):
    """The value level by level, e.g. ["Pik mit 1", "Spiel 2", "Schneider 3"], and the tail."""
    if r.game_type == GT_NULL:
        return [text.game_name(GT_NULL)], " = %d" % r.raw_value
    m = r.matadors if r.matadors > 0 else -r.matadors
    parts = [text.game_name(r.game_type) + " " +
             (tr("with") if r.matadors > 0 else tr("without")) + " %d" % m]
    k = m
    steps = ((tr("spiel"), r.lv_spiel), (tr("hand"), r.lv_hand),
             (tr("schneider"), r.lv_schneider), (tr("announced"), r.lv_schneider_ann),
             (tr("schwarz"), r.lv_schwarz), (tr("announced"), r.lv_schwarz_ann),
             (tr("offen"), r.lv_offen), (tr("abgelehnt"), r.lv_abgelehnt))
    for label, n in steps:
        if n:
            k += n
            parts.append(label + " %d" % k)
    return parts, " = %dx%d = %d" % (r.base, r.levels, r.raw_value)


class Result:
    name = "result"

    def __init__(self, app):
        self.app = app

    def key(self, k):
        if k == K.A or k == K.START:
            self.app.next_deal()
        elif k == K.B or k == K.SELECT:
            from skat_ui.app import load
            self.app.show(load("scr_menu").Sheet(self.app, False, self))

    def headline(self):
        app = self.app
        r = app.game.result
        h = app.human
        if r.kind == RK_PASSED:
            return tr("passed_in"), WHITE
        if r.kind == RK_RAMSCH:
            who = tr("you") if r.loser == h else tr("bot")
            return "%s: %s %s" % (tr("ramsch"), who, tr("loser")), RED if r.loser == h else GREEN
        who = tr("you") if r.declarer == h else tr("bot")
        if r.kind == RK_GIVEN_UP:
            return "%s: %s" % (who, tr("given_up")), RED
        g = game_label(app, r.game_type, r.farben_kind, r.flags)
        st = tr("won") if r.won else tr("lost")
        good = r.won == (r.declarer == h)
        return "%s %s %s" % (who, g, st), GREEN if good else RED

    def draw(self, ui):
        app = self.app
        g = app.game
        r = g.result
        h = app.human
        s, col = self.headline()
        ui.text(1, 0, s, col)
        y = 12
        # The skat, face up, at the right edge.
        cv = ui.canvas
        sx = ui.w - 2 * (ui.cw + 2)
        skat = g.view(h).result_skat
        if r.kind != RK_PASSED:
            for i in range(2):
                cv.card(sx + i * (ui.cw + 2), y, ui.cw, ui.ch, skat[i])
        if r.kind == RK_RAMSCH:
            ui.text(1, y, "%s %d" % (tr("you"), r.seat_points[h]))
            ui.text(1, y + 11, "%s %d" % (tr("bot"), r.seat_points[2 - h]))
            ui.text(1, y + 22, "%s %d" % (tr("skat"), r.skat_points))
            y += 33
        elif r.kind != RK_PASSED and r.kind != RK_GIVEN_UP:
            ui.text(1, y, "%s %d:%d" % (tr("points"), r.decl_points, r.opp_points))
            ui.text(1, y + 11, "%s %d:%d" % (tr("trick"), r.decl_tricks, r.opp_tricks))
            y += 22
            if r.kind == RK_CONCEDED:
                ui.text(1, y, tr("conceded"), RED)
                y += 11
            if y < ui.ch + 14:
                y = ui.ch + 14
            parts, tail = level_parts(r)
            for line in wrap(parts, ui.cols - 1, tail, 4):
                ui.text(1, y, line)
                y += 11
            extra = ""
            if r.half:
                extra += "+50%% %d " % r.after_half
            if r.contra:
                extra += tr("contra") + " "
            if r.re:
                extra += tr("re") + " "
            if r.overbid:
                extra += tr("overbid") + " "
            if extra:
                ui.text(1, y, extra + "= %d" % r.value, YELLOW)
                y += 11
        else:
            y += 33
        e = app.series.entries[-1]
        ui.text(1, y, "%s: %s %+d  %s %+d" % (tr("score"), tr("you"), e[5], tr("bot"), e[6]),
                WHITE)
        y += 11
        you, bot = app.series.totals()
        ui.text(1, y, "%s: %d : %d  (%d/%d)" % (tr("total"), you, bot, app.series.games(),
                                               app.series.length), MUTED)
        ui.text(1, ui.h - 12, tr("next_game") + "  B: " + tr("sheet"), MUTED)
