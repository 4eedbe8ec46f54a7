"""sim/textids.py: the bundle numbers the screen texts, and refuses what it cannot number."""

import os

import pytest

from sim import textids

ROOT = "/r"
DE = os.path.join(ROOT, "lib", "skat_ui", "text_de.py")
EN = os.path.join(ROOT, "lib", "skat_ui", "text_en.py")
SCREEN = os.path.join(ROOT, "lib", "skat_ui", "scr_x.py")


def number(screen, de="T = {\n    'yes': 'Ja',\n    'no': 'Nein',\n}\n",
           en="T = {\n    'yes': 'Yes',\n    'no': 'No',\n}\n"):
    return textids.number({DE: de, EN: en, SCREEN: screen}, ROOT)


def test_a_language_table_becomes_a_tuple_in_text_de_order_on_the_same_lines():
    out = number("")
    assert out[DE] == "T = (\n    'Ja',\n    'Nein',\n)\n"
    assert out[EN] == "T = (\n    'Yes',\n    'No',\n)\n"


def test_text_en_in_another_order_is_rewritten_in_text_de_order():
    out = number("", en="T = {'no': 'No', 'yes': 'Yes'}\n")
    assert eval(out[EN].split("=", 1)[1]) == ("Yes", "No")


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
