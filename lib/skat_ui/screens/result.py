"""The result of a deal: how it ended (played out, an offer accepted or rejected, the forced
level missed, conceded, thrown in), the skat revealed (also when thrown in), card points and
tricks, the value spelled out level by level (with 50 %, Contra, Re, overbid), the score and
the running totals. A: next deal, B: score sheet, RIGHT: the solver's analysis of the
player's cards (``screens.analysis``, loaded only then)."""

from skat_boards import keys as K
from skat_core import SCR_MENU, SCR_ANALYSIS
from skat_core.cards import GT_NULL, F_HAND, F_OUVERT
from skat_core.codes import RK_NORMAL, RK_PASSED, RK_RAMSCH, RK_GIVEN_UP, RK_CONCEDED
from skat_ui import text
from skat_ui.text import tr
from skat_ui.screens.base import wrap, fits, game_label, WHITE, YELLOW, MUTED, RED

GREEN = 0x60FF80


def level_parts(r):
    """The value level by level, e.g. ["mit 1", "Spiel 2", "Schneider 3"] (the headline names
    the game; a Null its whole name here), and the tail."""
    if r.game_type == GT_NULL:          # its whole name: Null ouvert Hand = 59
        g = text.game_name(GT_NULL)
        if r.flags & F_OUVERT:
            g += " " + tr("ouvert")
        if r.flags & F_HAND and r.farben_kind < 0:      # Farben: Null is a Hand class
            g += " " + tr("hand")
        return [g], " = %d" % r.raw_value
    m = r.matadors if r.matadors > 0 else -r.matadors
    parts = [(tr("with") if r.matadors > 0 else tr("without")) + " %d" % m]
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


def offer_word(o):
    return tr("end_raus") if o == 1 else tr("end_stich")


def ending(app):
    """How the deal ended, in one or two short lines (at most 19 characters at 160 pixels: they
    sit beside the skat). From the engine's Result alone: nothing is kept during play."""
    r = app.game.result
    h = app.human
    k = r.kind
    if k == RK_PASSED:
        return [tr("end_passed")]
    if k == RK_GIVEN_UP:
        return [tr("end_given")]
    if k == RK_CONCEDED:
        return [tr("conceded"), tr("overbid")]
    if k == RK_RAMSCH:
        if r.durchmarsch >= 0:
            return [tr("end_durchmarsch")]
        return [tr("end_jungfrau")] if r.jungfrau else [tr("end_played")]
    out = []
    if r.rejected:
        out.append(offer_word(r.rejected) + " " + tr("abgelehnt"))
    if r.accepted:
        out.append(offer_word(r.accepted) + " " + tr("end_acc"))
    elif r.rejected and not r.won and not r.overbid and r.game_type != GT_NULL \
            and r.decl_points >= 61:
        out.append(tr("end_forced"))     # lost by the level the rejection made compulsory
    if len(out) == 1:
        opp = tr("you") if r.declarer != h else tr("bot")
        out.insert(0, tr("end_offer") + ": " + opp)
    if not out:
        if r.game_type == GT_NULL and not r.won and r.decl_tricks + r.opp_tricks < 10:
            out.append(tr("end_null"))
        else:
            out.append(tr("end_played"))
    return out


def can_analyse(app):
    """The player played cards and the analysis is on: it has something to look at (not
    in Ramsch: with the twelve cards out of play hidden, the deals a player cannot rule out
    are too many to judge his cards by; screens.analysis; not a deal he watched at four)."""
    return (app.human >= 0 and app.game.result.kind == RK_NORMAL
            and app.game.view(app.human).n_tricks > 0 and app.analysis_mode() is not None)


class Result:
    name = "result"

    def __init__(self, app):
        self.app = app
        if app.cue is not None and app.human >= 0:   # the deal's end as the headline's
            col = self.headline()[1]                 # colour says it: won, lost, neither
            if col != WHITE:
                app.cue.ended(col == GREEN)

    def key(self, k):
        app = self.app
        if k == K.A or k == K.START:
            app.next_deal()
        elif k == K.B or k == K.SELECT:
            from skat_ui.app import load
            app.show(load(SCR_MENU).Sheet(app, False, self))
        elif k == K.RIGHT and can_analyse(app):
            from skat_ui.app import load
            try:
                app.show(load(SCR_ANALYSIS).Analysis(app))
            except MemoryError:
                app.no_room()

    def headline(self):
        app = self.app
        r = app.game.result
        h = app.human
        if r.kind == RK_PASSED:
            return tr("passed_in"), WHITE
        if r.kind == RK_RAMSCH:
            who = tr("you") if r.loser == h else tr("bot")
            return "%s %s: %s" % (tr("ramsch"), tr("lost"), who), RED if r.loser == h else GREEN
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
        if not fits(ui, s):              # a Farben class's long name: the game and won/lost
            s = s[s.index(" ") + 1:]
        ui.text(1, 0, s, col)
        y = 12
        # The skat, face up, at the right edge (thrown in too: the two cards nobody played).
        cv = ui.canvas
        sx = ui.w - 2 * (ui.cw + 2)
        skat = g.view(h).result_skat
        for i in range(2):
            cv.card(sx + i * (ui.cw + 2), y, ui.cw, ui.ch, skat[i])
        if r.kind == RK_NORMAL or r.kind == RK_CONCEDED:
            ui.text(1, y, "%s %d:%d %s %d:%d" % (tr("pts_short"), r.decl_points, r.opp_points,
                                               tr("tricks_short"), r.decl_tricks,
                                               r.opp_tricks))
            y += 11
        for line in ending(app):
            ui.text(1, y, line, YELLOW)
            y += 11
        analyse = can_analyse(app)
        keys = tr("res_keys") if analyse else tr("next_game") + "  B: " + tr("sheet")
        if r.kind == RK_RAMSCH:
            ui.text(1, y, "%s %d" % (tr("you"), r.seat_points[h]))
            ui.text(1, y + 11, "%s %d" % (tr("bot"), r.seat_points[2 - h]))
            ui.text(1, y + 22, "%s %d" % (tr("skat"), r.skat_points))
            y += 33
        elif r.kind == RK_NORMAL or r.kind == RK_CONCEDED:
            if y < ui.ch + 14:
                y = ui.ch + 14
            parts, tail = level_parts(r)
            extra = r.half or r.contra or r.re or r.overbid
            # Rows left above score, total and the key line (the total goes first when short).
            room = (ui.h - 12 - y) // 11 - 2 - (1 if extra else 0)
            cols = (ui.w - 1) // 6       # whole lines: no umlaut in the level words
            lines = wrap(parts, cols, tail)
            if len(lines) > room:
                room += 1
            for line in wrap(parts, cols, tail, room if room < 4 else 4):
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
            if y < ui.ch + 14:
                y = ui.ch + 14
        e = app.series.entries[-1]
        # A Bock game's points came doubled (engine/series.py): "Bock x2: Du +360  Bot +0".
        ui.text(1, y, "%s: %s %+d  %s %+d" % ("Bock x2" if e[3] & 64 else tr("score"),
                                             tr("you"), e[5], tr("bot"), e[6]), WHITE)
        y += 11
        if y + 11 <= ui.h - 12:
            you, bot = app.series.totals()
            ui.text(1, y, "%s: %d : %d (%d/%d)" % (tr("total"), you, bot, app.series.games(),
                                                   app.series.length), MUTED)
        ui.text(1, ui.h - 12, keys, MUTED)
