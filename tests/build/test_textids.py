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


BOTH = "a = tr('yes')\nb = tr('no')\n"         # a screen that reads both texts


def test_a_language_table_becomes_one_string_with_offsets_on_the_same_lines():
    out = number(BOTH)
    assert words(out[DE]) == ["Ja", "Nein"]
    assert words(out[EN]) == ["Yes", "No"]
    assert out[DE].count("\n") == 4, "every line stays where it was"


def test_text_en_in_another_order_is_read_in_text_de_order():
    out = number(BOTH, en="T = {'no': 'No', 'yes': 'Yes'}\n")
    assert words(out[EN]) == ["Yes", "No"]


def test_a_text_no_code_of_the_drive_reads_is_left_out_of_both_languages():
    out = number("b = tr('no')\n")
    assert words(out[DE]) == ["Nein"] and words(out[EN]) == ["No"]
    assert out[SCREEN] == "b = tr(0)\n"


TABLE = os.path.join(ROOT, textids.TABLE)


@pytest.mark.parametrize("fact, kept", (("THREE_TABLES = 0", ["Nein"]),
                                        ("THREE_TABLES = True", ["Ja", "Nein"])))
def test_a_text_read_only_under_a_fact_the_install_writes_0_is_left_out(fact, kept):
    """``if THREE_TABLES:`` and ``if THREE_TABLES and ...`` on a drive without Skat zu dritt:
    the compiler leaves the code out, and the step its words; the call keeps its key."""
    screen = ("if THREE_TABLES:\n    a = tr('yes')\nelse:\n    b = tr('no')\n"
              "if THREE_TABLES and x:\n    c = tr('yes')\n")
    out = textids.number({DE: "T = {\n    'yes': 'Ja',\n    'no': 'Nein',\n}\n",
                          EN: "T = {\n    'yes': 'Yes',\n    'no': 'No',\n}\n",
                          SCREEN: screen, TABLE: fact + "\n"}, ROOT)
    assert words(out[DE]) == kept
    if len(kept) == 1:
        assert out[SCREEN] == screen.replace("tr('no')", "tr(0)")


def test_the_facts_the_step_knows_are_the_ones_the_bundle_writes_0():
    from sim.build import bundle
    assert bundle.NO_THREE_FACT == "THREE_TABLES = 0" and textids.FACTS == ("THREE_TABLES",)
    assert os.path.join(bundle.ROOT, textids.TABLE) == bundle.TABLE


def test_tr_reads_a_numbered_language_module():
    import types
    from skat_ui import text
    out = number(BOTH)
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


def _calls_by_place(text, absent=()):
    """{(line, n-th call on that line): (argument node, runs on the drive)} of the ``tr``
    calls of a module (every build step keeps each line where it was)."""
    import ast
    tree = ast.parse(text)
    live = set(id(c) for c in textids.tr_calls(tree, absent))
    every = sorted(textids.tr_calls(tree), key=lambda c: (c.lineno, c.col_offset))
    out, seen = {}, {}
    for c in every:
        k = seen[c.lineno] = seen.get(c.lineno, -1) + 1
        out[(c.lineno, k)] = (c.args[0], id(c) in live)
    return out


def _keys(node):
    """The keys (or numbers) of a ``tr`` argument: a literal, or those of a conditional."""
    import ast
    if isinstance(node, ast.IfExp):
        return _keys(node.body) + _keys(node.orelse)
    return [node.value] if isinstance(node, ast.Constant) else []


@pytest.mark.parametrize("every", (False, True), ids=("lean drive", "with Skat zu dritt"))
def test_the_drives_texts_give_every_word_its_code_reads(every):
    """The golden check: on the device's copy (a drive without Skat zu dritt, and the tree
    with it) every ``tr`` call the drive runs reads the source's word in both languages; a
    call the drive leaves out keeps its key; no word is there that no call reads."""
    from sim.build import bundle, relayout
    from skat_ui.texts import de, en
    sources = {}
    for path in bundle.own_files(bundle.LEAN, every):
        with open(path, encoding="utf-8") as f:
            sources[path] = f.read()
    sources = bundle.install_facts(sources, bundle.LEAN, every)
    absent = textids.absent_facts(sources, bundle.ROOT)
    assert absent == (set() if every else {"THREE_TABLES"})
    device = bundle.device_sources(short=False, every=every)[0]
    lang = [words(device[os.path.join(bundle.ROOT, rel)]) for rel in textids.LANGUAGES]
    read, checked = set(), 0
    for path, text in sources.items():
        rel = relayout.device_path(os.path.relpath(path, bundle.ROOT))
        if rel is None or path.endswith(os.path.join("texts", "de.py")) or path.endswith(
                os.path.join("texts", "en.py")):
            continue
        src = _calls_by_place(text, absent)
        dev = _calls_by_place(device[os.path.join(bundle.ROOT, rel)])
        assert sorted(src) == sorted(dev), rel
        for place, (arg, runs) in src.items():
            keys, got = _keys(arg), _keys(dev[place][0])
            assert len(keys) == len(got) > 0, (rel, place)
            if not runs:
                assert got == keys, (rel, place)         # left out by the compiler, as is
                continue
            for k, n in zip(keys, got):
                assert type(n) is int and lang[0][n] == de.T[k] and lang[1][n] == en.T[k]
                read.add(k)
                checked += 1
    assert len(lang[0]) == len(lang[1]) == len(read) and checked > 150
    if not every:
        assert len(read) < len(de.T), "the words only Skat zu dritt reads are not on it"
