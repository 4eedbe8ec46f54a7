"""The rules help (lib/skat_ui/texts/help_de1.py ..., help_en1.py ...): both languages have the same pages,
cover every topic a Skat player asks about in this game, every line fits the PyBadge's 160 px
between the title and the key line, and the pages are loaded only while the help is shown, six at a time."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from skat_ui import ui as U  # noqa: E402
from skat_ui.ui import _FALLBACK  # noqa: E402

LANGS = ("de", "en")
WIDTH = 160          # the smallest screen: PyBadge 160x128
HEIGHT = 128
TOP = 14             # the help screen's first line, line pitch ui.LINE; key line at h - 12


def pages(lang):
    """Every page of ``lang``: the modules help_de1, help_de2, ... one after the other."""
    from skat_ui import text
    out = ()
    for g in range((text.HELP_PAGES + text.HELP_GROUP - 1) // text.HELP_GROUP):
        m = __import__("skat_ui.texts.help_%s%d" % (lang, g + 1), None, None, ["PAGES"])
        assert len(m.PAGES) == min(text.HELP_GROUP, text.HELP_PAGES - g * text.HELP_GROUP)
        out += m.PAGES
    return out


def settings_words(lang):
    return __import__("skat_ui.texts.settings_" + lang, None, None, ["T"])


def body(lang):
    """All pages' text as one string, lines joined with blanks."""
    return " ".join(" ".join(p.split("\n")) for p in pages(lang))


def device_len(s):
    """Characters on screen with a firmware font that lacks the umlauts (ä -> ae)."""
    return sum(len(_FALLBACK.get(ord(ch), ch)) for ch in s)


# Topic -> the words a page must hold, per language.
TOPICS = {
    "dummy: who plays it": (["Blinde", "Mittelhand", "Gegenspieler", "Stiche"],
                            ["dummy", "middle hand", "opponent", "tricks"]),
    "dummy: when it is turned up": (["Beim Reizen sieht keiner", "Nach der ersten Karte",
                                     "Blinder auf: 1. Karte", "Ansage"],
                                    ["Nobody sees the dummy", "After the opening lead",
                                     "Dummy shown: 1st card", "declared"]),
    "bidding: who bids, pass, 18": (["Geber (Hinterhand)", "Vorhand sagt Ja", "passe",
                                     "endgültig", "18 spielen"],
                                    ["dealer (rear hand)", "Forehand says Yes", "pass",
                                     "final", "play 18"]),
    "bid values, all pass": (["18 20 22 23 24 27 30 33", "288", "einpassen", "Ramsch"],
                             ["18 20 22 23 24 27 30 33", "288", "thrown in", "Ramsch"]),
    "game value": (["Grundwert x Stufen", "Karo 9", "Herz 10", "Pik 11", "Kreuz 12",
                    "Grand 24", "Spitzen"],
                   ["Base value x levels", "Diamonds 9", "Hearts 10", "Spades 11",
                    "Clubs 12", "Grand 24", "matadors"]),
    "levels: Hand, Schneider, Schwarz": (["Hand:", "Schneider: 90 Augen", "Schwarz:",
                                          "angesagt"],
                                         ["Hand:", "Schneider: 90 points", "Schwarz:",
                                          "announced"]),
    "offen levels and ouvert": (["einmal offen (+1)", "zweimal offen (+2)", "ouvert",
                                 "Null 23, Hand 35, ouvert 46, ouvert Hand 59"],
                                ["einmal offen (+1)", "zweimal offen (+2)", "ouvert",
                                 "Null 23, Hand 35, ouvert 46, ouvert Hand 59"]),
    "won, lost, overbid": (["61 Augen", "- 2 x Wert", "überreizt"],
                           ["61 points", "- 2 x value", "overbid"]),
    "offers": (["Nur der Gegenspieler", "zwischen zwei Stichen", "\"Raus und gewonnen\"",
                "\"Stich\": Schneider, nicht Schwarz", "Angenommen"],
               ["Only the opponent", "between two tricks", "\"raus und gewonnen\"",
                "\"Stich\": Schneider, not Schwarz", "Accepted"]),
    "rejection": (["+1 Stufe", "x 1,5"], ["+1 level", "x 1.5"]),
    "Contra, Re": (["Kontra", "(x2)", "Re (x4)"], ["Contra", "(x2)", "Re (x4)"]),
    "Spielaufgabe and the overbid concession": (
        ["Spielaufgabe", "bei 18", "-60", "Höher gereizt", "nicht mehr erreichen",
         "Kontra/Re aus"],
        ["Giving up", "at 18", "-60", "Bid higher", "no longer reach", "Contra/Re off"]),
    "Ramsch": (["Ramsch", "nur Buben Trumpf", "Mehr Augen verliert", "letzten Stich",
                "Jungfrau", "Durchmarsch", "+120"],
               ["Ramsch", "only jacks trump", "More points loses", "last trick",
                "Jungfrau", "Durchmarsch", "+120"]),
    "Farbenreizen": (["Farbenreizen", "Altenburger", "Frage", "Tourné", "Solo Eichel",
                      "Grand Solo", "Null ouvert", "Grand ouvert", "Frage 1-4"],
                     ["Farbenreizen", "Altenburg", "Ask", "Tourné", "Solo Clubs",
                      "Grand Solo", "Null ouvert", "Grand ouvert", "Ask 1-4"]),
    "Bockrunden": (["Bockspiele (Regel)", "aus (Standard)", "2, 3, 4 Spiele doppelt",
                    "Kopfzeile Bock", "Liste x2", "verloren", "Wert ab 120", "Kontra",
                    "60:60", "nie x4"],
                   ["Bock games (rule)", "off (default)", "2, 3, 4 games score double",
                    "header Bock", "sheet x2", "lost game", "value 120 up", "Contra",
                    "60:60", "never x4"]),
    "keys": (["Tasten", "A: ok", "B: zurück", "Start: Menü", "Select: Tipp", "3 Tasten",
              "lang drücken"],
             ["Keys", "A: ok", "B: back", "Start: menu", "Select: hint", "3 buttons",
              "long press"]),
}


def test_help_has_the_same_number_of_pages_in_german_and_english():
    from skat_ui import text
    assert len(pages("de")) == len(pages("en")) == text.HELP_PAGES >= 8
    for lang in LANGS:        # no module beyond the last page
        with pytest.raises(ImportError):
            __import__("skat_ui.texts.help_%s%d" % (lang, len(pages(lang)) // text.HELP_GROUP + 2))


@pytest.mark.parametrize("topic", sorted(TOPICS))
@pytest.mark.parametrize("lang", LANGS)
def test_help_covers_topic(lang, topic):
    text = " ".join(body(lang).split())
    words = TOPICS[topic][LANGS.index(lang)]
    missing = [w for w in words if w not in text]
    assert not missing, "help_%s says nothing of %s: %r" % (lang, topic, missing)


@pytest.mark.parametrize("lang", LANGS)
def test_help_names_the_rejection_house_rule_and_its_values_as_the_settings_do(lang):
    m = settings_words(lang)
    text = " ".join(body(lang).split())
    for s in (m.RULE_LABEL["rejection"], m.RULE_VALUE["plain"] + ":",
              m.RULE_VALUE["next_level"] + ":", m.RULE_LABEL["contra_re"],
              m.RULE_LABEL["all_pass"], m.RULE_LABEL["dummy_reveal"],
              m.RULE_VALUE["after_opening_lead"], m.RULE_VALUE["farben"],
              m.RULE_LABEL["ramsch_jungfrau"], m.RULE_LABEL["ramsch_durchmarsch"]):
        assert s in text, s


def check_fits(ps, first, n):
    """Pages ``ps``, numbered from ``first`` + 1 of ``n`` in their titles, fit the screen."""
    cols = (WIDTH - 1) // U.CHAR_W                 # lines are drawn from x = 1
    rows = (HEIGHT - 12 - 2 - TOP) // U.LINE + 1   # ink stays above the key line
    for i, p in enumerate(ps):
        lines = p.split("\n")
        title = lines[0] + "  %d/%d" % (first + i + 1, n)
        assert device_len(title) <= cols, title
        assert 2 <= len(lines) <= rows + 1, (lines[0], len(lines) - 1, rows)
        for line in lines[1:]:
            assert line and line == line.strip(), (lines[0], line)
            assert device_len(line) <= cols, (lines[0], line, device_len(line), cols)


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_line_fits_160_px_with_or_without_umlauts_in_the_font(lang):
    check_fits(pages(lang), 0, len(pages(lang)))


def test_help_pages_are_loaded_only_while_the_help_is_shown():
    pytest.importorskip("displayio")
    from sim.board.play import run_headless
    def helps(r):
        return sorted(n for n in r.modules if n.startswith("skat_ui.texts.help_"))
    shown = run_headless("pybadge", "DOWN DOWN A RIGHT", seed=1, frames="last")
    assert shown.app.screen.name == "help"
    assert helps(shown) == ["skat_ui.texts.help_de1"]      # pages 1-6 only
    later = run_headless("pybadge", "DOWN DOWN A " + "RIGHT " * 7, seed=1, frames="last")
    assert helps(later) == ["skat_ui.texts.help_de2"]      # page 8: the first six dropped
    left = run_headless("pybadge", "DOWN DOWN A " + "RIGHT " * 7 + "B", seed=1, frames="last")
    assert left.app.screen.name == "title"
    assert helps(left) == []
    # Nor does the package keep them (the import set its attribute): they are garbage.
    pkg = left.modules["skat_ui.texts"]
    assert [g for g in range(1, 5) if hasattr(pkg, "help_de%d" % g)] == []
    assert hasattr(later.modules["skat_ui.texts"], "help_de2")


def three_pages(lang):
    """Skat zu dritt's pages (lib/skat_ui/texts/three_de.py, three_en.py), shown after
    en-deux's where the install holds Skat zu dritt."""
    return __import__("skat_ui.texts.three_" + lang, None, None, ["PAGES"]).PAGES


THREE_TOPICS = {
    "the deal, four at the table": (["zehn", "zwei im Skat", "Vorhand", "Geber", "setzt der Geber aus"],
                                    ["ten cards", "two in the skat", "Forehand", "dealer",
                                     "dealer sits out"]),
    "bidding at three": (["Mittelhand sagt Vorhand", "Ja oder", "Hinter- hand", "eingepasst"],
                         ["Middle hand bids to forehand", "Yes or passes", "rear hand",
                          "thrown in"]),
    "Hand, Schneider, Schwarz": (["Hand", "Schneider und Schwarz ansagen nur bei Hand"],
                                 ["Hand", "Schneider and Schwarz are announced in Hand only"]),
    "Kontra and Re": (["3er Kontra", "ab 18", "Re"], ["3p Kontra", "from 18", "Re"]),
    "Ramsch, Schieben": (["Jungfrau", "Durchmarsch", "Schieben", "Grand Hand"],
                         ["Jungfrau", "Durchmarsch", "Schieben", "Grand Hand"]),
    "the list": (["Seeger", "+40", "+30", "3er Bock", "Runde"],
                 ["Seeger", "+40", "+30", "3p Bock", "round"]),
}


def test_three_has_the_same_pages_in_german_and_english():
    from skat_ui import three
    assert len(three_pages("de")) == len(three_pages("en")) == three.HELP_PAGES


@pytest.mark.parametrize("topic", sorted(THREE_TOPICS))
@pytest.mark.parametrize("lang", LANGS)
def test_three_help_covers_topic(lang, topic):
    text = " ".join(" ".join(" ".join(p.split("\n")) for p in three_pages(lang)).split())
    words = THREE_TOPICS[topic][LANGS.index(lang)]
    missing = [w for w in words if w not in text]
    assert not missing, "three_%s says nothing of %s: %r" % (lang, topic, missing)


@pytest.mark.parametrize("lang", LANGS)
def test_three_help_names_its_settings_as_the_settings_do(lang):
    m = __import__("skat_ui.texts.three_" + lang, None, None, ["LABEL"])
    text = " ".join(" ".join(" ".join(p.split("\n")) for p in three_pages(lang)).split())
    for s in (m.LABEL["kontra"], m.VALUE["after_18"], m.VALUE["schieberamsch"], m.LABEL["bock"]):
        assert s in text, s


@pytest.mark.parametrize("lang", LANGS)
def test_every_three_help_line_fits_160_px_with_or_without_umlauts_in_the_font(lang):
    from skat_ui import text, three
    check_fits(three_pages(lang), text.HELP_PAGES, text.HELP_PAGES + three.HELP_PAGES)


def test_the_help_opens_on_three_pages_at_three_and_keeps_one_module_of_pages():
    """At a table of three the help opens on Skat zu dritt's first page (after en-deux's 23)
    with only its module loaded; going back past it shows en-deux's last page and drops it;
    closing drops every page."""
    pytest.importorskip("displayio")
    from sim.board.play import run_headless
    from skat_ui import text

    def helps(r):
        return sorted(n for n in r.modules if n.startswith(("skat_ui.texts.help",
                                                           "skat_ui.texts.three_")))
    at3 = "DOWN DOWN DOWN DOWN A WAIT:3 START A"           # the title's list at three, menu, help
    r = run_headless("pybadge", at3, seed=1, frames="last")
    assert r.app.table == 3 and r.app.screen.name == "help"
    assert r.app.screen.i == text.HELP_PAGES and helps(r) == ["skat_ui.texts.three_de"]
    r = run_headless("pybadge", at3 + " LEFT", seed=1, frames="last")
    assert r.app.screen.i == text.HELP_PAGES - 1 and helps(r) == ["skat_ui.texts.help_de4"]
    r = run_headless("pybadge", at3 + " B", seed=1, frames="last")
    assert r.app.screen.name == "gamemenu" and helps(r) == []
