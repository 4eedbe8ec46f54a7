"""sim/build/textids.py: the bundle numbers the screen texts, and refuses what it cannot number."""

import os
import sys

import pytest

from sim.build import textids

sys.path.insert(0, os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "lib"))

ROOT = "/r"
DE, EN = (os.path.join(ROOT, rel) for rel in textids.LANGUAGES)    # the drive's language modules
SCREEN = os.path.join(ROOT, "lib", "skat_ui", "scr_x.py")


def number(screen, de="T = {\n    'yes': 'Ja',\n    'no': 'Nein',\n}\n",
           en="T = {\n    'yes': 'Yes',\n    'no': 'No',\n}\n"):
    return textids.number({DE: de, EN: en, SCREEN: screen}, ROOT)


def words(module_text):
    """The words of a numbered language module, as skat_ui.text.tr reads them."""
    ns = {}
    exec(module_text, ns)
    o = ns["O"]
    return [ns["T"][o[2 * n] | o[2 * n + 1] << 8:o[2 * n + 2] | o[2 * n + 3] << 8]
            for n in range(len(o) // 2 - 1)]


def test_a_language_table_becomes_one_string_with_offsets_on_the_same_lines():
    out = number("")
    assert words(out[DE]) == ["Ja", "Nein"]
    assert words(out[EN]) == ["Yes", "No"]
    assert out[DE].count("\n") == 4, "every line stays where it was"


def test_text_en_in_another_order_is_read_in_text_de_order():
    out = number("", en="T = {'no': 'No', 'yes': 'Yes'}\n")
    assert words(out[EN]) == ["Yes", "No"]


def test_tr_reads_a_numbered_language_module():
    import types
    from skat_ui import text
    out = number("")
    mod = types.ModuleType("numbered")
    exec(out[DE], mod.__dict__)
    saved = text._mod[0]
    text._mod[0] = mod
    try:
        assert text.tr(1) == "Nein"
    finally:
        text._mod[0] = saved


def test_a_literal_key_in_tr_becomes_its_number_also_in_a_conditional():
    out = number("a = tr('no')\nb = text.tr('yes' if x else 'no')\n")
    assert out[SCREEN] == "a = tr(1)\nb = text.tr(0 if x else 1)\n"


def test_a_key_that_is_not_a_literal_is_refused():
    with pytest.raises(textids.TextIdError, match="not a literal"):
        number("a = tr(key)\n")


def test_an_unknown_key_is_refused():
    with pytest.raises(textids.TextIdError, match="no such text"):
        number("a = tr('maybe')\n")


def test_languages_with_other_keys_are_refused():
    with pytest.raises(textids.TextIdError, match="other keys"):
        number("", en="T = {'yes': 'Yes'}\n")


SET_DE = os.path.join(ROOT, textids.SETTINGS[0])
SETTINGS_DE = ("T = {\n    'language': 'Sprache',\n}\nRULE_LABEL = {\n    'bidding': 'Reizen',\n}\n"
               "RULE_VALUE = {'on': 'an', 'off': 'aus'}\nSTRENGTH_NAMES = ('Mittel',)\n")


def test_the_settings_screens_words_become_numbers_into_one_string_on_the_same_lines():
    import types
    from skat_ui import text
    out = textids.number({DE: "T = {'yes': 'Ja'}\n", EN: "T = {'yes': 'Yes'}\n",
                          SET_DE: SETTINGS_DE}, ROOT)[SET_DE]
    assert out.count("\n") == SETTINGS_DE.count("\n"), "every line stays where it was"
    assert "'Sprache'" not in out and "'Reizen'" not in out and "'aus'" not in out
    m = types.ModuleType("settings_de")
    exec(out, m.__dict__)
    assert [text.word(m, m.T["language"]), text.word(m, m.RULE_LABEL["bidding"]),
            text.word(m, m.RULE_VALUE["on"]), text.word(m, m.RULE_VALUE["off"])] == [
        "Sprache", "Reizen", "an", "aus"]
    assert m.STRENGTH_NAMES == ("Mittel",)


def test_a_settings_word_that_is_not_a_string_is_refused():
    with pytest.raises(textids.TextIdError):
        textids.number({DE: "T = {'yes': 'Ja'}\n", EN: "T = {'yes': 'Yes'}\n",
                        SET_DE: "T = {'language': LANG}\n"}, ROOT)


def test_the_drives_settings_modules_give_every_word_of_the_sources():
    """The golden check: on the device's copy (relayout, numbering) every key of every table
    of both languages' settings modules reads the source's words through ``text.word``."""
    import importlib
    import types
    from sim.build import bundle
    from skat_ui import text
    texts = bundle.device_sources(short=False)[0]
    for lang, rel in zip(("de", "en"), textids.SETTINGS):
        source = importlib.import_module("skat_ui.texts.settings_" + lang)
        m = types.ModuleType("device_settings_" + lang)
        exec(texts[os.path.join(bundle.ROOT, rel)], m.__dict__)
        for table in ("T", "RULE_LABEL", "RULE_VALUE"):
            want = getattr(source, table)
            got = getattr(m, table)
            assert sorted(got) == sorted(want)
            assert all(type(got[k]) is int and text.word(m, got[k]) == want[k] for k in want)
        assert m.STRENGTH_NAMES == source.STRENGTH_NAMES
