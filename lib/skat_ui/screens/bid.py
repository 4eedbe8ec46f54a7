"""Bidding: the dealer bids values (a spinner through the legal values, Pass at the left end),
Vorhand holds or passes; after the dealer's pass Vorhand may take the game (Farben: classes).
"""

from skat_boards import keys as K
from skat_core.codes import PH_ANSWER, PH_TAKE, V_YES, V_PASS
from skat_ui import text
from skat_ui.text import tr
from skat_ui.screens.base import (PREV, NEXT, YELLOW, MUTED, header, bottom, hand_row,
                              waiting, bid_name, game_menu, fits)
from skat_core.codes import VERB_MASK, A_SHIFT, A_MASK, B_SHIFT


def footer(app, ui, opts):
    """The bidding screens' bottom line: what the keys do while you have a choice (or what
    was just said), else that the others are thinking."""
    if opts:
        bottom(app, ui, app.notice or "<> A:ok  " + tr("menu_hint3" if app.keys.three
                                                        else "menu_hint"), MUTED)
    else:
        waiting(app, ui)


class Bid:
    """Bidding: the dealer bids values (a spinner through the legal values, Pass at the left
    end), Vorhand holds or passes; after the dealer's pass Vorhand may take the game."""
    name = "bid"

    def __init__(self, app):
        self.app = app
        self.opts = []
        self.i = 0
        self.turn_len = -1

    def refresh(self):
        app = self.app
        g = app.game
        if g.player_to_act() != app.human:
            self.opts = []
            return
        if self.turn_len == len(app.record):
            return
        self.turn_len = len(app.record)
        buf = app.actbuf
        n = g.legal_actions(g.to_act, buf)
        # The engine's action codes kept as they are (small ints: no tuple per bid, the
        # bidding is the app's heap peak). Pass first, then the bids as the engine lists them
        # (ascending): the cursor starts on the lowest bid / on "yes". (No sort with a key:
        # MicroPython's costs ~40 KB here.)
        opts = [x for x in buf[:n] if x & VERB_MASK == V_PASS]
        for i in range(n):
            if buf[i] & VERB_MASK != V_PASS:
                opts.append(buf[i])
        self.opts = opts
        self.i = 1 if len(self.opts) > 1 else 0

    def label(self, x):
        """The words of action code ``x`` (its verb and value: skat_core.codes.encode)."""
        if x & VERB_MASK == V_PASS:
            return tr("pass")
        if x & VERB_MASK == V_YES:
            return tr("yes") + " (" + bid_name(self.app, self.app.game.bid) + ")"
        return bid_name(self.app, (x >> A_SHIFT) & A_MASK)

    def key(self, k):
        if k == K.START or k == K.B:
            game_menu(self.app, self)
            return
        self.refresh()
        if not self.opts:
            return
        if k in PREV:
            self.i = (self.i - 1) % len(self.opts)
        elif k in NEXT:
            self.i = (self.i + 1) % len(self.opts)
        elif k == K.A:
            x = self.opts[self.i]
            err = self.app.act(self.app.game.to_act, x & VERB_MASK, (x >> A_SHIFT) & A_MASK, x >> B_SHIFT)
            if err:
                self.app.notice = text.error(err)

    def draw(self, ui):
        app = self.app
        self.refresh()
        g = app.game
        v = app.human_view()
        header(app, ui)
        if v.bid_holder >= 0 and v.bid > 0 or (g.rules.farben and v.bid >= 0):
            # The dealer bids; "Ja" names Vorhand once he holds it (he bids nothing himself).
            s = bid_name(app, v.bid)
            if v.bid_holder == 0:
                s += ", %s: %s" % (tr("you") if app.human == 0 else tr("bot"), tr("yes"))
            ui.text(1, 13, s if not fits(ui, tr("bid") + ": " + s) else tr("bid") + ": " + s)
        else:
            ui.text(1, 13, tr("bid") + ": -")
        if self.opts:
            s = "< " + self.label(self.opts[self.i]) + " >"
            ui.center(38, s, YELLOW)
            if g.phase == PH_ANSWER:
                ui.center(26, tr("bot_bids") + " " + bid_name(app, v.bid))
            elif g.phase == PH_TAKE:
                ui.center(26, tr("take") if g.rules.farben else tr("take18"))
            else:
                ui.center(26, tr("your_bid"))
        hand_row(app, ui, v)
        footer(app, ui, self.opts)
