"""The declaration: game type, only the levels the engine allows now, a live value line
under it, every level step ("mit 1, Spiel 2, offen 3 = 33"), a warning when the game cannot
reach the bid, and your cards. Giving up is in the game menu (Start/B)."""

from skat_core.cards import GT_NULL, F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, \
    F_OFFEN2, F_OUVERT
from skat_core.codes import VERB_MASK, A_SHIFT, A_MASK, B_SHIFT, V_DECLARE
from skat_core.engine.values import BASE, matadors, null_value, FARBEN_BASE
from skat_ui import text
from skat_ui.text import tr
from skat_boards import keys as K
from skat_ui.screens.base import (Menu, header, waiting, hand_row, bid_name, wrap, game_label,
                              game_menu, WHITE, YELLOW, RED, MUTED)

ANN = (0, F_SCHNEIDER, F_SCHWARZ)
OFFEN = (0, F_OFFEN1, F_OFFEN2)


def value_parts(app, v, gt, flags):
    """([level texts], value) of declaring ``gt`` with ``flags`` now, if simply won; the
    game's name only for Null (the game row above names it)."""
    hand = (flags & F_HAND) or not v.picked_up
    if gt == GT_NULL:
        val = null_value(flags | (F_HAND if hand else 0))
        if app.game.rules.farben:
            val = FARBEN_BASE[3 if flags & F_OUVERT else 2][5]
        return [game_label(app, gt, v.farben_kind, flags)], val
    cards = [v.hand[i] for i in range(v.n_hand)] + [v.skat[i] for i in range(v.n_skat)]
    m = matadors(cards, gt)
    farben = app.game.rules.farben
    if farben:
        kind = v.farben_kind if v.farben_kind >= 0 else 2
        base = FARBEN_BASE[kind][gt]
    else:
        base = BASE[gt]
    k = m if m > 0 else -m
    parts = [(tr("with") if m > 0 else tr("without")) + " %d" % k]
    k += 1
    parts.append(tr("spiel") + " %d" % k)
    if hand and not farben:
        k += 1
        parts.append(tr("hand") + " %d" % k)
    if flags & (F_SCHNEIDER | F_SCHWARZ):
        k += 2
        parts.append(tr("schneider") + " " + tr("announced") + " %d" % k)
    if flags & F_SCHWARZ:
        k += 2
        parts.append(tr("schwarz") + " " + tr("announced") + " %d" % k)
    if flags & (F_OFFEN1 | F_OFFEN2):
        k += 2 if flags & F_OFFEN2 else 1
        parts.append(tr("offen") + " %d" % k)
    return parts, base * k


class Declare(Menu):
    name = "declare"
    top = 12

    def __init__(self, app):
        Menu.__init__(self, app)
        self.giveup = None
        self.gt = -1
        self.flags = 0
        self.decl = []
        self.load()

    def load(self):
        app = self.app
        self.decl = []
        if app.game.player_to_act() != app.human:
            return
        # The legal declarations as small ints gt << 6 | flags (flags < 64): no tuple per
        # declaration on the heap, read straight from the engine's encoded actions.
        buf = app.actbuf
        for i in range(app.game.legal_actions(app.game.to_act, buf)):
            x = buf[i]
            if x & VERB_MASK == V_DECLARE:
                self.decl.append((((x >> A_SHIFT) & A_MASK) << 6) | (x >> B_SHIFT))
        if self.decl and self.gt < 0:
            # Start on the first suit game the engine allows (or whatever is first).
            self.gt = self.decl[0] >> 6
            self.flags = self.decl[0] & 63

    def ok(self, gt, flags):
        return ((gt << 6) | flags) in self.decl

    def types(self):
        out = []
        for d in self.decl:
            if d >> 6 not in out:
                out.append(d >> 6)
        return out

    def has(self, mask):
        for d in self.decl:
            if d >> 6 == self.gt and d & mask:
                return True
        return False

    def items(self):
        if not self.decl:
            return []
        v = self.app.human_view()
        out = [(tr("game") + ": " + game_label(self.app, self.gt, v.farben_kind, self.flags),
                "type")]
        fl = self.flags
        if self.has(F_SCHNEIDER | F_SCHWARZ):
            a = tr("schwarz") if fl & F_SCHWARZ else (tr("schneider") if fl & F_SCHNEIDER
                                                      else "-")
            out.append((tr("announced") + ": " + a, "ann"))
        if self.has(F_OFFEN1 | F_OFFEN2):
            o = tr("offen2") if fl & F_OFFEN2 else (tr("offen1") if fl & F_OFFEN1
                                                    else tr("offen0"))
            out.append((o, "offen"))
        if self.has(F_OUVERT):
            out.append((tr("ouvert") + ": " + (tr("on") if fl & F_OUVERT else tr("off")),
                        "ouvert"))
        out.append((tr("declare") + "!", "go"))
        return out

    def cycle(self, group, field):
        """Next value of one field (ANN / OFFEN / ouvert) that gives a legal declaration."""
        rest = self.flags & ~field
        cur = self.flags & field
        n = len(group)
        i = group.index(cur) if cur in group else 0
        for step in range(1, n + 1):
            cand = rest | group[(i + step) % n]
            if self.ok(self.gt, cand):
                self.flags = cand
                return
        self.app.notice = text.error(12)

    def key(self, k):
        if self.giveup is not None:
            self.giveup.key(k)
            return
        if k == K.START or k == K.B:
            game_menu(self.app, self)
            return
        if not self.decl:
            self.load()
        if k == K.LEFT and self.decl and self.i == 0:
            self.next_type(-1)           # the game row: LEFT back, A forward
            return
        Menu.key(self, k)

    def next_type(self, d):
        """The previous (d = -1) or next (d = 1) game type the engine allows, keeping the
        levels chosen when they stay legal."""
        self.app.notice = ""
        ts = self.types()
        self.gt = ts[(ts.index(self.gt) + d) % len(ts)]
        if not self.ok(self.gt, self.flags):
            self.flags = 0
            if not self.ok(self.gt, 0):
                for x in self.decl:
                    if x >> 6 == self.gt:
                        self.flags = x & 63
                        break

    def choose(self, item):
        app = self.app
        what = item[1]
        app.notice = ""
        if what == "type":
            self.next_type(1)
        elif what == "ann":
            self.cycle(ANN, F_SCHNEIDER | F_SCHWARZ)
        elif what == "offen":
            self.cycle(OFFEN, F_OFFEN1 | F_OFFEN2)
        elif what == "ouvert":
            self.cycle((0, F_OUVERT), F_OUVERT)
        elif what == "go":
            err = app.act(app.game.to_act, V_DECLARE, self.gt, self.flags)
            if err:
                app.notice = text.error(err)

    def draw(self, ui):
        app = self.app
        if self.giveup is not None:
            self.giveup.draw(ui)
            return
        v = app.human_view()
        if not self.decl:
            self.load()
        if not self.decl:
            header(app, ui)
            ui.text(1, 13, "%s: %s" % (tr("declarer"), tr("bot")))
            hand_row(app, ui, v)
            waiting(app, ui)
            return
        if app.game.rules.farben:
            head = "%s (%s)" % (tr("declare"), bid_name(app, v.bid))
        else:
            head = "%s  (%s %s)" % (tr("declare"), tr("bid_short"), bid_name(app, v.bid))
        ui.text(1, 0, head, MUTED)
        y = self.draw_items(ui, 12)
        parts, val = value_parts(app, v, self.gt, self.flags)
        low = not app.game.rules.farben and val < v.bid
        # Every level step (the lines fit the width: no umlaut in them), the warning, then
        # your cards (compact) at the bottom; the value goes first when both do not fit.
        cols = (ui.w - 1) // 6
        lines = wrap(parts, cols, " = %d" % val)
        hy = ui.h - ui.sh - 1
        if y + 11 * (len(lines) + (1 if low else 0)) > hy:
            hy = ui.h
        room = (hy - y) // 11 - (1 if low else 0)
        for s in wrap(parts, cols, " = %d" % val, room if room > 0 else 1):
            ui.text(1, y + 1, s, RED if low else WHITE)
            y += 11
        note = None
        col = MUTED
        if low:
            note = "%s %s!" % (tr("too_low"), bid_name(app, v.bid))
            col = RED
        elif self.gt != GT_NULL and not v.picked_up:
            note = tr("skat_unknown")
        elif app.notice:
            note = app.notice
            col = YELLOW
        if note is not None and (low or y + 11 <= hy):
            ui.text(1, y + 1, note, col)
        if hy < ui.h:
            ui.row(v.hand, v.n_hand, hy, compact=True)
