"""The settings screen's words (rule names and values, bot strengths, its own labels) are a
module per language loaded only on that screen (heap on the device): shown there, the
other language's module dropped when the language changes, both dropped when it is left."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_boards import keys as K  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from tests.app.test_app_screens import HW  # noqa: E402

DE, EN = "skat_ui.texts.settings_de", "skat_ui.texts.settings_en"


# The app's collections scan what it made (tests/app/conftest.py).
pytestmark = pytest.mark.usefixtures("app_heap_of_its_own")


def settings_screen():
    from skat_ui import app as appmod
    from skat_ui.screens import menu as scr_menu
    a = appmod.App(HW())
    a.apply_look()
    a.show(scr_menu.Settings(a))
    return a


def labels(a):
    return [t for t, _ in a.screen.items()]


def test_settings_screen_shows_german_words_from_its_own_module():
    a = settings_screen()
    items = labels(a)
    assert items[0].startswith("Alle passen: ")
    assert "Bot-Stärke: Stark" in items and "Sprache: Deutsch" in items
    assert DE in sys.modules and EN not in sys.modules


def test_language_change_on_the_settings_screen_drops_the_other_language():
    a = settings_screen()
    a.screen.i = [i for _, i in a.screen.items()].index(S.I_LANG)
    a.screen.key(K.A)
    items = labels(a)
    assert "Language: English" in items and "Bot strength: Strong" in items
    assert EN in sys.modules and DE not in sys.modules
    a.screen.key(K.A)                                   # back to German
    assert "Sprache: Deutsch" in labels(a)
    assert DE in sys.modules and EN not in sys.modules
    # Nor does the package keep the dropped modules (the import set its attribute).
    pkg = sys.modules["skat_ui.texts"]
    assert not hasattr(pkg, "en") and not hasattr(pkg, "settings_en")


def test_leaving_the_settings_screen_drops_its_words():
    a = settings_screen()
    labels(a)
    a.screen.key(K.B)
    assert a.screen.name == "title"
    assert DE not in sys.modules and EN not in sys.modules
    pkg = sys.modules["skat_ui.texts"]
    assert not hasattr(pkg, "settings_de") and not hasattr(pkg, "settings_en")
    assert "skat_ui.texts.de" in sys.modules            # the app's own words stay


@pytest.mark.parametrize("lang", ("de", "en"))
def test_every_house_rule_and_value_has_its_words_in_both_languages(lang):
    from skat_core.rules import CHOICES
    m = __import__("skat_ui.texts.settings_" + lang, None, None, ["T"])
    for key, values in CHOICES:
        assert key in m.RULE_LABEL, key
        for v in values:
            assert v in m.RULE_VALUE, (key, v)


@pytest.mark.parametrize("lang", ("de", "en"))
def test_rules_help_explains_the_rejection_rule_by_its_settings_values(lang):
    """The help page on the house rule names its two values as the settings screen does."""
    m = __import__("skat_ui.texts.settings_" + lang, None, None, ["T"])
    from tests.app.test_help_pages import pages as help_pages
    pages = help_pages(lang)
    page = [p.split("\n") for p in pages if p.startswith(m.RULE_LABEL["rejection"])]
    assert len(page) == 1
    text = " ".join(page[0][1:])
    assert text.startswith(m.RULE_VALUE["plain"] + ":")
    assert (m.RULE_VALUE["next_level"] + ":") in text
    # Issue 18: one line says that under plain an offer cannot pay the offerer, and the
    # page names next level as the standard.
    lines = page[0][1:]
    assert {"de": "Ein Angebot lohnt nie.", "en": "An offer can never pay."}[lang] in lines
    assert lines.index({"de": "Ein Angebot lohnt nie.", "en": "An offer can never pay."}[lang]) \
        < [i for i, x in enumerate(lines) if x.startswith(m.RULE_VALUE["next_level"] + ":")][0]
    assert {"de": "ist der Standard.", "en": "the standard."}[lang] in lines


def test_a_language_change_lets_go_of_the_old_words_before_the_new_ones_load(monkeypatch):
    """The screen words of one language are one module (~2.4 KB on the device): at a change the
    old one is no longer held while the new one compiles, so a collection there can use its
    room (the evening's language switch failed on one heap layout without it: docs/memory.md,
    "Step 7")."""
    import builtins
    import skat_core
    from skat_ui import text
    text.set_lang(0)
    assert text._mod[0] is not None
    held = []
    real = builtins.__import__

    def spy(name, *args, **kw):
        if name == skat_core.TEXTS[1]:
            held.append(text._mod[0])
        return real(name, *args, **kw)
    monkeypatch.setattr(builtins, "__import__", spy)
    try:
        text.set_lang(1)
    finally:
        monkeypatch.undo()
        text.set_lang(0)
    assert held == [None]
