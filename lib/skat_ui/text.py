"""All words on screen, German (default) or English: only one language is loaded at a time
(``skat_core.TEXTS``; the help pages and the settings screen's words separately, only
on their screens) because every string costs heap on the device. ``tr(key)`` in the current language.

Engine errors are translated by code; the engine's English text is the fallback.
"""

import sys

import skat_core

LANG = [0]           # 0 de, 1 en (a list so every importer sees the change)
_mod = [None]
_NAMES = skat_core.TEXTS              # the residency table's: one language's words
_SET_NAMES = skat_core.SETTINGS_TEXTS  # and the settings screen's


def set_lang(lang):
    """Load the texts of ``lang`` (0 de, 1 en) and drop the other language's module."""
    if _mod[0] is not None and LANG[0] == lang:
        return
    _forget(_NAMES[1 - lang])
    _mod[0] = None               # the other language's words are free while these compile
    LANG[0] = lang
    _mod[0] = __import__(_NAMES[lang], None, None, ["T"])


def _m():
    if _mod[0] is None:
        set_lang(LANG[0])
    return _mod[0]


def tr(key):
    """The words of ``key`` in the current language. On the board the key is a number and
    the language's words one string with their offsets (the bundle's sim/build/textids.py)."""
    t = _m()
    if type(key) is int:
        return _cut(t.T, t.O, key)
    return t.T[key]


def _cut(words, offsets, n):
    """Word ``n`` of ``words``, all of a module's words in one string, by ``offsets`` (bytes:
    little-endian u16 starts, one more than words; sim/build/textids.py)."""
    i = n + n
    return words[offsets[i] | (offsets[i + 1] << 8):offsets[i + 2] | (offsets[i + 3] << 8)]


def settings_texts():
    """The settings screen's words in the current language (``T``, ``RULE_LABEL``,
    ``RULE_VALUE``, ``STRENGTH_NAMES``); the other language's module is dropped (the language
    changes on that screen). The caller drops them with ``settings_done``."""
    lang = LANG[0]
    _forget(_SET_NAMES[1 - lang])
    return __import__(_SET_NAMES[lang], None, None, ["T"])


def word(m, w):
    """A word of the settings screen's module ``m`` (``settings_texts``) as its tables give
    it: ``m.T[key]``, ``m.RULE_LABEL[rule]``, ``m.RULE_VALUE[value]``. On the board the tables
    hold numbers into the module's one string ``W`` (the bundle's sim/build/textids.py)."""
    if type(w) is int:
        return _cut(m.W, m.O, w)
    return w


def _forget(name):
    """Drop module ``name`` (of skat_core's table): skat_core.drop, the one function that forgets
    modules (from sys.modules and from the package, whose attribute the import set)."""
    skat_core.drop((name,), skat_core.UI)


def settings_done():
    for name in _SET_NAMES:
        _forget(name)


def game_name(gt):
    return _m().GAME_NAMES[gt]


def farben_name(cls):
    return _m().FARBEN_NAMES[cls]


HELP_PAGES = 23      # pages of the rules help in each language (tests/app/test_help_pages.py)
HELP_GROUP = 6       # pages per module: skat_ui.texts.help_de1 holds pages 1-6, help_de2 7-12, ...


def help_page(i):
    """Page ``i`` (0-based) of the rules help in the current language: one string, the title
    and the lines separated by newlines. Only the module of its six pages is loaded (the
    others are dropped first); the caller drops it with ``help_done``."""
    name = skat_core.HELP % ("en" if LANG[0] else "de", i // HELP_GROUP + 1)
    if name not in sys.modules:
        help_done()
    return __import__(name, None, None, ["PAGES"]).PAGES[i % HELP_GROUP]


def help_done():
    for lang in ("de", "en"):
        for g in range((HELP_PAGES + HELP_GROUP - 1) // HELP_GROUP):
            _forget(skat_core.HELP % (lang, g + 1))


def error(code):
    e = _m().ERR
    if code in e:
        return e[code]
    from skat_core.codes import error_text
    return error_text(code)
