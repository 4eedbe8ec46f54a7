"""The play menu (Start or B on the play screen): offers, Contra and Re when the engine allows
them now (each asks Nein / Ja first: screens/stakes.py shows what it books), the hint, the
last trick, rules, settings, score sheet, main menu, back. Loaded when the menu opens, dropped
when it closes or gives way to a Nein / Ja (screens/play.py): the play's resident module keeps
only the table."""

from skat_core.codes import V_OFFER, V_CONTRA, V_RE, OFFER_RAUS
from skat_core import SCR_MENU
from skat_ui.text import tr
from skat_ui.screens.base import Menu, Ask, legal, YELLOW, MUTED
from skat_ui.screens.play import draw_trick, seat_name


class PlayMenu(Menu):
    """Offers, Contra, Re (only when the engine allows them now; each asks once more), hint,
    the last trick, rules, settings, score sheet, main menu (the game stays saved), back."""
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
        if app.game.n_tricks:
            out.append((tr("last_trick"), "last"))
        out.append((tr("help"), "help"))
        out.append((tr("settings"), "settings"))
        out.append((tr("sheet"), "sheet"))
        out.append((tr("to_title"), "title"))
        out.append((tr("back"), "back"))
        return out

    def ends(self, item):
        return type(item[1]) is tuple      # an offer ends the game, Contra and Re raise it

    def choose(self, item):
        app = self.app
        o = item[1]
        p = self.parent
        p.menu = None
        if o == "hint":
            app.held = False             # the trick goes, as with Select on the table
            app.ask_hint()
        elif o == "last":
            p.menu = LastTrick(app, p)
        elif o == "help" or o == "settings" or o == "sheet" or o == "title":
            from skat_ui.app import load
            m = load(SCR_MENU)
            if o == "help":
                app.show(m.Help(app, p))
            elif o == "settings":
                app.show(m.Settings(app, p))
            elif o == "sheet":
                app.show(m.Sheet(app, False, p))
            else:
                app.show(m.Title(app))
        elif o == "back":
            pass
        else:                            # an offer, Contra, Re: Nein / Ja first
            p.menu = Ask(app, p, "menu", item[0], app.human, o)

    def back(self):
        self.parent.menu = None

    def draw(self, ui):
        ui.text(1, 0, tr("menu"), YELLOW)
        self.draw_items(ui, 14, lines=(ui.h - 16) // 11)


class LastTrick:
    """The trick completed last: its cards in play order, who led, who won; any key: back."""
    name = "lasttrick"

    def __init__(self, app, parent):
        self.app = app
        self.parent = parent

    def key(self, k):
        self.parent.menu = None

    def draw(self, ui):
        app = self.app
        v = app.human_view()
        t = v.n_tricks - 1
        ui.text(1, 0, tr("last_no") % (tr("last_trick"), t + 1), YELLOW)
        lead = v.trick_leaders[t]
        win = v.trick_winners[t]
        draw_trick(app, ui, v, v.tricks[3 * t:3 * t + 3], lead, win, 2, 14, ui.cw, ui.ch, True)
        y = 14 + ui.ch + 16
        ui.text(1, y, "%s: %s" % (tr("led"), seat_name(app, lead)))
        ui.text(1, y + 11, "%s: %s" % (tr("trick"), seat_name(app, win)), YELLOW)
        ui.text(1, ui.h - 12, tr("go_on"), MUTED)
