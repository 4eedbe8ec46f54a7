"""Title menu, settings, rules help, score sheet and one-time notices."""

import skat_core
from skat_boards import keys as K
from skat_core import SCR_BID, SCR_TABLE, SCR_DECLARE, SCR_MENU, THREE, THREE_TABLES
from skat_core.rules import CHOICES
from skat_ui import settings as S, text
from skat_ui.text import tr
from skat_ui.ui import CHAR_W
from skat_ui.screens.base import Menu, PREV, NEXT, WHITE, YELLOW, MUTED, RED



ADC_MV = 3300           # the boards' analog inputs read 0 .. 65535 for 0 .. 3.3 V


def battery(app):
    """The battery's charge in percent, from its voltage between the board's empty and full
    (its board module's ``battery``: the pin's name, divider, millivolts empty and full), or
    -1 where the board has none or cannot read it. Read once when a screen that shows it
    opens."""
    try:
        pin, div, empty, full = app.hw.battery
        import analogio
        import board
        a = analogio.AnalogIn(getattr(board, pin))
        mv = a.value * div * ADC_MV >> 16
        a.deinit()
    except (AttributeError, ImportError, ValueError, RuntimeError, OSError):
        return -1
    return max(0, min(100, (mv - empty) * 100 // (full - empty)))


def draw_battery(ui, pct):
    """The charge in the top right corner ("87%"), dim; red below 15 %."""
    if pct >= 0:
        s = tr("percent") % pct
        ui.text(ui.w - len(s) * CHAR_W - 1, 2, s, RED if pct < 15 else MUTED)


class Title(Menu):
    name = "title"
    over = 1             # the bot waits while a screen of this module is shown

    def __init__(self, app):
        Menu.__init__(self, app)
        self.charge = battery(app)

    def items(self):
        app = self.app
        out = []
        if app.in_game or (app.series is not None and not app.series.over()
                           and app.series.games() > 0):
            out.append((tr("continue"), "continue"))
        # Skat zu dritt, zu viert (if installed): a table whose list waits on the shelf
        # (storage/shelf.py) offers it back (-table), the others a new list (the table: a
        # number, no interned word); the same places as on a drive without them.
        p = 0
        if THREE_TABLES:
            if app.parked < 0:
                app.parked = parked(app)
            p = app.parked
        if THREE_TABLES and app.table != 2 and p & 4:
            out.append((tr("back2"), -2))
        else:
            out.append((tr("new"), "new"))
        out.append((tr("settings"), "settings"))
        out.append((tr("help"), "help"))
        out.append((tr("sheet"), "sheet"))
        if THREE_TABLES:
            if app.table != 3 and p & 8:
                out.append((tr("back3"), -3))
            else:
                out.append((tr("new3"), 3))
            if app.table != 4 and p & 16:
                out.append((tr("back4"), -4))
            else:
                out.append((tr("new4"), 4))
        return out

    def choose(self, item):
        app = self.app
        w = item[1]
        if w == "continue":
            if app.in_game:
                app.show_table()
            else:
                app.new_deal()
        elif THREE_TABLES and type(w) is int and w < 0:
            shelf(app, -w)                # back to that table's parked list
        elif w == "new" or w == 3 or w == 4:
            table = 2 if w == "new" else w
            if THREE_TABLES and table != app.table and shelf(app, table):
                pass            # the list being played is on the shelf, a new one starts
            elif app.in_game or (app.series is not None and not app.series.over()):
                app.show(Confirm(app, table))    # a running series is not thrown away silently
            else:
                app.new_series(table)
        elif w == "settings":
            app.show(Settings(app))
        elif w == "help":
            app.show(Help(app))
        elif w == "sheet":
            app.show(Sheet(app, False, self))

    def draw(self, ui):
        cv = ui.canvas
        # Four aces fanned as the title picture.
        step = ui.cw + 2
        x = (ui.w - (3 * step + ui.cw)) // 2
        for s in range(4):
            cv.card(x + s * step, 14, ui.cw, ui.ch, s * 8 + 4)
        ui.center(2, tr("title"), YELLOW)
        draw_battery(ui, self.charge)
        self.draw_items(ui, ui.ch + 20)


if THREE_TABLES:            # (a drive without Skat zu dritt leaves these out: one table)
    def parked(app):
        """The tables whose list waits on the shelf, as bits: nothing to read where the
        shelf was never written (the shelf's module is loaded only when it was)."""
        from skat_ui.storage.save import Store, LIVE
        if app.store is None or Store(app.store.nvm, LIVE).blank():
            return 0
        return shelf(app, 0)

    def shelf(app, table):
        """storage/shelf.py, loaded for one call and dropped: ``switch`` to ``table`` (the
        list being played parked; False when the shelf has no room), or ``parked`` (0)."""
        m = __import__(skat_core.SHELF, None, None, ["switch"])
        r = m.parked(app) if table == 0 else m.switch(app, table)
        skat_core.drop((skat_core.SHELF,), skat_core.UI)
        return r


def idle_time(m, seconds):
    """An idle time of the light's settings: off, seconds under a minute, else minutes."""
    w, t = text.word, m.T
    if not seconds:
        return w(m, m.RULE_VALUE["off"])
    return (w(m, t["idle_seconds"]) % seconds if seconds < 60
            else w(m, t["idle_minutes"]) % (seconds // 60))


class Settings(Menu):
    """Every house rule (rules.md §10, used from the next series), series length, Skat zu
    dritt's own house rules (§11, where installed), bot strength, language, card style, the
    screen's brightness and its idle times (dimmed, dark), the sound and the LEDs' cue (where
    the board has them).
    A / right: next value, left: previous; B: back (saved)."""
    name = "settings"
    over = 1

    def __init__(self, app, back_to=None):
        Menu.__init__(self, app)
        self.back_to = back_to

    def items(self):
        st = self.app.settings
        m = text.settings_texts()
        t = m.T
        w = text.word
        out = []
        for i in range(len(CHOICES)):
            key, values = CHOICES[i]
            out.append((w(m, m.RULE_LABEL[key]) + ": " + w(m, m.RULE_VALUE[values[st[i]]]), i))
        out.append((w(m, t["series_len"]) + ": %d" % S.SERIES_CHOICES[st[S.I_SERIES]],
                    S.I_SERIES))
        if THREE_TABLES:               # Skat zu dritt's own rules (if installed)
            from skat_ui.app import load
            out.extend(load(THREE).setting_items(st, m))
        out.append((w(m, t["strength"]) + ": " + m.STRENGTH_NAMES[st[S.I_STRENGTH]],
                    S.I_STRENGTH))
        out.append((w(m, t["language"]) + ": " + w(m, t["lang_name"]), S.I_LANG))
        out.append((w(m, t["card_style"]) + ": " + w(m, t["style%d" % st[S.I_STYLE]]),
                    S.I_STYLE))
        # (keys of more than ten letters: not interned names on the board)
        out.append((w(m, t["screen_light"]) + ": " + w(m, t["light_percent"])
                    % int(S.LIGHTS[st[S.I_LIGHT]] * 100), S.I_LIGHT))
        out.append((w(m, t["dim_after_idle"]) + ": " + idle_time(m, S.DIM_AFTER[st[S.I_DIM]]),
                    S.I_DIM))
        out.append((w(m, t["dark_after_idle"]) + ": "
                    + idle_time(m, S.DARK_AFTER[st[S.I_DARK]]), S.I_DARK))
        # The cues, where the board has a speaker or buzzer, NeoPixels or an RGB LED.
        has = getattr(self.app.hw, "cue", None) or (None, None)
        v = m.RULE_VALUE
        if has[0]:
            out.append((w(m, t["sound_setting"]) + ": "
                        + w(m, (v["off"], t["sound_quiet"], v["on"])[st[S.I_SOUND]]),
                        S.I_SOUND))
        if has[1]:
            out.append((w(m, t["led_cue_setting"]) + ": "
                        + w(m, v["on"] if st[S.I_LEDS] else v["off"]), S.I_LEDS))
        out.append((tr("back"), -1))
        return out

    def key(self, k):
        items = self.items()
        if k == K.UP:
            self.i = (self.i - 1) % len(items)
        elif k == K.DOWN:
            self.i = (self.i + 1) % len(items)
        elif k == K.LEFT and self.app.keys.three:
            self.i = (self.i - 1) % len(items)
        elif k == K.RIGHT and self.app.keys.three:
            self.i = (self.i + 1) % len(items)
        elif k in (K.A, K.START, K.LEFT, K.RIGHT):
            idx = items[self.i][1]
            if idx < 0:
                self.back()
            else:
                d = -1 if k == K.LEFT else 1
                st = self.app.settings
                st[idx] = (st[idx] + d) % S.n_values(idx)
                self.app.apply_look()
                self.app.set_strength()
        elif k == K.B:
            self.back()

    def back(self):
        text.settings_done()
        if THREE_TABLES:
            from skat_ui.app import load
            load(THREE).settings_done()
        self.app.notice = ""         # it may be in the language just left
        self.app.save_now()
        self.app.show(self.back_to or Title(self.app))

    def draw(self, ui):
        ui.text(1, 0, tr("settings"), YELLOW)
        lines = (ui.h - 26) // 11
        if lines > 12:                   # the title and the note take two of the 14 lines
            lines = 12
        self.draw_items(ui, 13, lines=lines)
        idx = self.items()[self.i][1]
        if 0 <= idx < S.N_RULES:
            m = text.settings_texts()
            ui.text(1, ui.h - 12, "(" + text.word(m, m.T["rules_next_series"]) + ")", MUTED)


class Help(Menu):
    """The rules help, a page at a time: en-deux's pages (``text.help_page``), then, where the
    install holds Skat zu dritt, its own (``skat_ui.three.help_page``), where the help opens
    while a list at three or four runs."""
    name = "help"
    over = 1

    def __init__(self, app, back_to=None):
        Menu.__init__(self, app)
        self.back_to = back_to
        self.n = text.HELP_PAGES
        if THREE_TABLES:
            from skat_ui.app import load
            self.n += load(THREE).HELP_PAGES
            if app.table != 2:
                self.i = text.HELP_PAGES

    def key(self, k):
        n = self.n
        if k in PREV:
            self.i = (self.i - 1) % n
        elif k in NEXT or k == K.A:
            self.i = (self.i + 1) % n
        elif k == K.B or k == K.START:
            text.help_done()
            if THREE_TABLES:
                from skat_ui.app import load
                load(THREE).help_done()
            self.app.show(self.back_to or Title(self.app))

    def draw(self, ui):
        i = self.i
        if THREE_TABLES:                 # one module of pages at a time: the other goes
            from skat_ui.app import load
            if i >= text.HELP_PAGES:
                text.help_done()
                page = load(THREE).help_page(i - text.HELP_PAGES)
            else:
                load(THREE).help_done()
                page = text.help_page(i)
        else:
            page = text.help_page(i)
        page = page.split("\n")                         # the title, then the lines
        ui.text(1, 0, page[0] + "  %d/%d" % (i + 1, self.n), YELLOW)
        y = 14
        for j in range(1, len(page)):
            ui.text(1, y, page[j])
            y += 11
        ui.text(1, ui.h - 12, "<> A  B: " + tr("back"), MUTED)


def sheet_row(e, cols, num):
    """One game of the score sheet: [number,] how it ended (the game, Spielaufgabe, the
    overbid concession, thrown in, Ramsch, Durchmarsch) and what it booked to each player's
    total (a lost game doubled, Contra/Re, Seeger-Fabian's +40 to the others: the columns sum
    to the totals: en-deux's two, one per player at three and four); ``cols`` characters (26
    at 160 pixels: the number only from 30 on)."""
    kind = e[0]
    n = len(e) - 5                    # the columns
    w = 6 if n == 2 else 5
    if kind == 3:
        g = tr("passed_in")
    elif kind == 5:
        g = tr("given_up")
    elif kind == 4:
        g = tr("conceded")
    elif kind == 2:
        g = tr("end_durchmarsch") if max(e[5:]) > 0 else tr("ramsch")
    else:
        g = text.game_name(e[2])
    row = ("%2d " % num if cols >= 30 + 5 * (n - 2) else "") + g
    sums = ""
    for p in range(5, 5 + n):
        s = "%+d" % e[p] if e[p] else ""
        sums += " " * (w - len(s)) + s
    if len(row) + len(sums) > cols:
        row = row[:cols - len(sums)]
    pad = " " * (cols - len(row) - len(sums))     # MicroPython's str has no rjust
    if e[3] & 64:                     # a Bock game: its points doubled, marked "x2 -80"
        t = pad + sums
        k = len(t) - len(t.lstrip())      # the blanks before the first number
        if k >= 3:
            pad, sums = "", t[:k - 3] + "x2 " + t[k:]
    return row + pad + sums


class Sheet(Menu):
    """The score sheet: one row per game (how it ended, the points it booked to you and to
    the bot), scrolled by the arrows when there are more games than rows, the totals; the
    winner when the series is over."""
    name = "sheet"
    over = 1

    def __init__(self, app, final, back_to=None):
        Menu.__init__(self, app)
        self.final = final
        self.back_to = back_to
        self.i = -1

    def key(self, k):
        app = self.app
        n = app.series.games() if app.series is not None else 0
        if k in PREV or k in NEXT:
            # Scroll: the last shown line moves; -1 = the newest game at the bottom.
            cur = self.i if 0 <= self.i < n else n - 1
            cur += -1 if k in PREV else 1
            self.i = -1 if cur >= n - 1 or n == 0 else (cur if cur > 0 else 0)
        elif k in (K.A, K.B, K.START):
            if self.final:
                app.series = None
                app.save_now()
                app.show(Title(app))
            elif self.back_to is not None:
                app.show(self.back_to)
            else:
                app.show(Title(app))

    def rows(self, ui):
        r = (ui.h - 14 - 24) // 11
        return r if r < 10 else 10          # header, total, bottom + rows <= the text pool

    def draw(self, ui):
        app = self.app
        ser = app.series
        ui.text(1, 0, tr("sheet"), YELLOW)
        if ser is None:
            ui.text(1, 14, "-")
            return
        cols = (ui.w - 1) // 6
        head = "%6s%6s" % (tr("you"), tr("bot"))
        if THREE_TABLES and ser.players > 2:     # "   Du   B1   B2" (at four "B3" too)
            head = ""
            for p in range(ser.players):
                s = tr("you") if p == 0 else "B%d" % p
                head += " " * (5 - len(s)) + s
        # The columns' heads beside the title; under it when they do not fit there (at four).
        y = 0 if len(head) + len(tr("sheet")) < cols else 11
        ui.text(1 + 6 * (cols - len(head)), y, head, MUTED)
        rows = self.rows(ui) - (1 if y else 0)
        n = ser.games()
        last = self.i + 1 if 0 <= self.i < n else n
        first = last - rows if last > rows else 0
        y += 12
        for j in range(first, last):
            ui.text(1, y, sheet_row(ser.entries[j], cols, j + 1))
            y += 11
        tot = ser.totals()
        ui.text(1, ui.h - 24, tr("total") + " " + " : ".join([str(t) for t in tot]), WHITE)
        more = ("^" if first > 0 else " ") + ("v" if last < n else " ")
        if ser.over():
            best = max(tot)
            if tot.count(best) > 1:
                s = tr("series_over") + ": " + tr("draw")
            else:
                p = tot.index(best)
                s = "%s: %s" % (tr("winner"), tr("you") if p == 0 else (
                    tr("bot") if ser.players == 2 else "%s %d" % (tr("bot"), p)))
            ui.text(1, ui.h - 12, s + " " + more, YELLOW)
        else:
            ui.text(1, ui.h - 12, "%d/%d %s" % (n, ser.length, more), MUTED)


class Notice:
    """A message shown once (e.g. a corrupt save); any key goes on to the title."""
    name = "notice"
    over = 1

    def __init__(self, app, lines):
        self.app = app
        self.lines = lines

    def key(self, k):
        self.app.show(Title(self.app))

    def draw(self, ui):
        y = 20
        for s in self.lines:
            ui.center(y, s, RED)
            y += 12
        ui.center(ui.h - 14, "A", MUTED)


class Confirm(Menu):
    """Start a new series (at ``table``: 2 en-deux, 3 zu dritt, 4 zu viert) although one is
    running? No is first."""
    name = "confirm"
    over = 1

    def __init__(self, app, table):
        Menu.__init__(self, app)
        self.table = table

    def items(self):
        return [(tr("no"), 0), (tr("yes"), 1)]

    def choose(self, item):
        if item[1]:
            self.app.new_series(self.table)
        else:
            self.app.show(Title(self.app))

    def back(self):
        self.app.show(Title(self.app))

    def draw(self, ui):
        ui.text(1, 0, tr("new") + "?", YELLOW)
        ui.text(1, 14, tr("drop_series"), RED)
        self.draw_items(ui, 32)


class GameMenu(Menu):
    """Start/B in the bidding, skat, discard and declaration: rules, settings, score sheet,
    give up (when the engine allows it and the screen offers it), main menu, back. The game
    stays as it is; the bot waits while it is open (see ``lighten``)."""
    name = "gamemenu"
    over = 1

    def __init__(self, app, screen):
        Menu.__init__(self, app)
        self.screen = screen
        self.charge = battery(app)

    def items(self):
        app = self.app
        out = [(tr("help"), 1), (tr("settings"), 2), (tr("sheet"), 3)]
        if hasattr(self.screen, "giveup") and app.game.player_to_act() == app.human:
            from skat_core.codes import V_CONCEDE
            from skat_ui.screens.base import may
            if may(app, app.game.to_act, V_CONCEDE):
                out.append((tr("give_up") + " ...", 5))
        out.append((tr("to_title"), 4))
        out.append((tr("back"), 0))
        return out

    def choose(self, item):
        app = self.app
        w = item[1]
        if 1 <= w <= 3:
            self.lighten()
        if w == 1:
            app.show(Help(app, self))
        elif w == 2:
            app.show(Settings(app, self))
        elif w == 3:
            app.show(Sheet(app, False, self))
        elif w == 4:
            app.show(Title(app))
        elif w == 5:
            from skat_ui.app import load
            self.screen.giveup = load(SCR_TABLE).GiveUp(app, self.screen)
            app.show(self.screen)
        else:
            self.back()

    def lighten(self):
        """Before the rules, the settings or the sheet: the table screen and the pre-play
        modules (engine and bot) go, their room takes these screens (the bidding is the
        app's tightest phase); the engine imports its modules again when the game goes on,
        and ``back`` builds the phase's screen anew (its cursor and choices start over)."""
        if self.screen is not None:
            self.screen = None
            import skat_core
            from skat_core.bot.bot import release_prelude
            from skat_ui.app import drop
            drop(SCR_BID, SCR_TABLE, SCR_DECLARE)
            release_prelude()
            skat_core.drop(skat_core.PRE_PLAY)

    def back(self):
        from skat_ui.app import drop
        if self.screen is None:
            self.app.show_table()
        else:
            self.app.show(self.screen)
        drop(SCR_MENU)             # its code is not kept while the game goes on

    def draw(self, ui):
        ui.text(1, 0, tr("menu"), YELLOW)
        draw_battery(ui, self.charge)
        self.draw_items(ui, 14)
