"""Skat zu dritt and zu viert in the app (rules.md §11; docs/app.md, "Skat zu dritt"): the
table's game, bots and list (``set_up``, ``rules_of``, ``series``), what a bot said
(``note``), and the screens that differ from en-deux's, each in a module of its own that
comes and goes with its phase (``screen``): the bidding of three and Schieberamsch's rounds
(skat_ui.screens.bid3), the play with the trick of three and the bots' card counts
(skat_ui.screens.play3), the result (skat_ui.screens.result3). The skat, the discard and the
declaration are en-deux's screens; the score sheet is en-deux's, with a column per player.

The players are numbered as the list numbers them (skat_core.three.series): 0 is you, the
bots 1 and 2 (and 3 at four) clockwise from your left. At four the dealer sits out: when
you deal you watch (``app.human`` is -1), the three bots play, and the deal counts in the
list. One bot object decides for every bot seat: it sees only the view of the seat it acts
for (skat_core.bot.three).
"""

from skat_core.codes import (PH_GRAND_HAND, PH_PUSH, PH_PLAY, PH_DONE, V_BID, V_YES, V_PASS,
                             V_HAND, V_PICKUP, V_DECLARE, V_CONTRA, V_RE)
from skat_ui import text
from skat_ui.text import tr
from skat_ui.screens.base import MUTED


def set_up(app, strength):
    """The game and the bot of a table of three (at four: the three who play each deal)."""
    from skat_core.three.game import ThreeGame
    app.game = ThreeGame(rules_of(app.series_rules))
    app.bot = bot(strength, app.base_seed)


def bot(strength, seed):
    """The bot of every bot seat at three (skat_core.bot.three)."""
    from skat_core.bot.three import ThreeBot
    return ThreeBot(strength, seed)


def rules_of(series_rules):
    """The house rules of Skat zu dritt (skat_core.three.rules) from the series' rule bytes:
    its own keys (SETTING_KEYS) from their bytes, the others from en-deux's byte of the same
    key, whose values are the same (Jungfrau, Durchmarsch, the list, Bock's triggers)."""
    from skat_core.rules import CHOICES as TWO
    from skat_core.three.rules import CHOICES, SETTING_KEYS, ThreeRules
    from skat_ui import settings as S
    two = [k for k, _ in TWO]
    d = {}
    for key, values in CHOICES:
        if key in SETTING_KEYS:
            d[key] = values[series_rules[S.I_THREE + SETTING_KEYS.index(key)]]
        else:
            d[key] = values[series_rules[two.index(key)]]
    return ThreeRules.from_dict(d)


# Skat zu dritt's texts, each language's module: its own house rules' words on the settings
# screen and its rules help's pages after en-deux's (skat_ui.screens.menu.Settings, Help);
# loaded only on those screens, dropped when they close.
TEXTS = ("skat_ui.texts.three_de", "skat_ui.texts.three_en")
HELP_PAGES = 6


def help_page(i):
    """Page ``i`` of Skat zu dritt's rules help in the current language: its title, a newline,
    its lines."""
    return __import__(TEXTS[text.LANG[0]], None, None, ["PAGES"]).PAGES[i]


def help_done():
    import skat_core
    skat_core.drop(TEXTS, skat_core.UI)


settings_done = help_done      # the settings screen's words are in the same module


def setting_items(st, m):
    """The settings screen's rows of Skat zu dritt's own house rules (skat_core.three.rules.
    SETTING_KEYS, the bytes from settings.I_THREE): (words, setting index) each; ``m``: the
    settings screen's words (skat_ui.text.settings_texts), whose RULE_VALUE has the values
    whose words are en-deux's. Its own words: ``TEXTS``, dropped with the screen's
    (``settings_done``)."""
    from skat_core.three.rules import CHOICES, SETTING_KEYS
    from skat_ui import settings as S
    m3 = __import__(TEXTS[text.LANG[0]], None, None, ["LABEL"])
    out = []
    for key, values in CHOICES:
        if key in SETTING_KEYS:
            i = S.I_THREE + SETTING_KEYS.index(key)
            v = values[st[i]]
            out.append((m3.LABEL[key] + ": " + (m3.VALUE[v] if v in m3.VALUE else
                                                text.word(m, m.RULE_VALUE[v])), i))
    return out


def length_at(table, length):
    """The series' length at ``table``: the setting's, made whole rounds (a multiple of the
    players: 12 stays 12, 10 games at four become 12)."""
    return (length + table - 1) // table * table


def series(table, length, seed, room):
    """A new list of ``table`` players for the setting's ``length`` (whole rounds)."""
    return series_of(table, length_at(table, length), seed, room)


def series_of(table, length, seed, room):
    """The list of ``table`` players over ``length`` games (skat_core.three.series)."""
    from skat_core.three.series import ThreeSeries
    return ThreeSeries(table, length, seed, room)


def player_name(app, p):
    """Player ``p`` of the list: "Du", "Bot 1", "Bot 2" (, "Bot 3")."""
    return tr("you") if p == 0 else "%s %d" % (tr("bot"), p)


def short_name(p):
    """The sheet's column head of player ``p``: "Du", "B1", ..."""
    return tr("you") if p == 0 else "B%d" % p


def seat_name(app, seat):
    """Who sits in ``seat`` (VH 0, MH 1, HH 2) in this deal."""
    if seat < 0:
        return "-"
    return player_name(app, app.series.player_at(seat))


def note(app, verb, a, seat):
    """The notice of what the bot in ``seat`` said: "Bot 1: 18", "Bot 2: Passe"."""
    if verb == V_BID:
        w = str(a)
    elif verb == V_YES:
        w = tr("yes")
    elif verb == V_PASS:
        w = tr("pass")
    elif verb == V_HAND:
        w = tr("hand_game")
    elif verb == V_PICKUP:
        w = tr("pickup")
    elif verb == V_CONTRA:
        w = tr("contra")
    elif verb == V_RE:
        w = tr("re")
    elif verb == V_DECLARE:
        w = text.game_name(a)
    else:
        return
    app.notice = seat_name(app, seat) + ": " + w


def screen(app, ph):
    """The screen of phase ``ph`` that differs at three: the bidding's and Schieberamsch's
    (skat_ui.screens.bid3), the play's (skat_ui.screens.play3) or the result's
    (skat_ui.screens.result3), each a module of its own (``skat_core.THREE_SCREENS``) that
    comes and goes with its phase, and with it en-deux's screen it extends
    (``App.show_table``)."""
    import sys
    from skat_core import THREE_SCREENS
    full = THREE_SCREENS[screen_index(ph)]
    mod = sys.modules.get(full)
    if mod is None:
        mod = __import__(full, None, None, [full])
    if ph == PH_PLAY:
        return mod.Play(app)
    if ph == PH_DONE:
        return mod.Result(app)
    if ph == PH_GRAND_HAND or ph == PH_PUSH:
        return mod.Push(app)
    return mod.Bid(app)


def screen_index(ph):
    """Which of ``skat_core.THREE_SCREENS`` phase ``ph`` shows: the bidding's before the
    play (it stays through the skat, the discard and the declaration, which are en-deux's
    screens), the play's, the result's."""
    return 1 if ph == PH_PLAY else 2 if ph == PH_DONE else 0


def role(app):
    """Your place in this deal: Vorhand, Mittelhand, Hinterhand, or the dealer who watches."""
    h = app.human
    return tr("dealer_out") if h < 0 else (tr("vh"), tr("mh"), tr("hh"))[h]


def header(app, ui):
    """"Spiel 3/36 Du: Mittelhand" (Bock: "Bock 3/36 ...")."""
    ser = app.series
    ui.text(1, 0, "%s %d/%d %s" % ("Bock" if app.game.bock else tr("game_no"),
                                   ser.games() + 1, ser.length, role(app)), MUTED)
