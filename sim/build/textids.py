"""The screen texts by number in the device's copy of our source.

Why: ``skat_ui.texts.de.T`` maps ~100 keys such as ``"bot_bids"`` to the words on screen, and every
key is an interned name on the board (kept for good) plus a slot in a dict. The repository
keeps the keys - they say what a text is for - and the bundle numbers them: each
``T = {"key": "words", ...}`` of the language modules becomes one string of all the words
in the order of skat_ui.texts.de's keys with their offsets (``_blob``; ``skat_ui.text.tr`` slices
it), and each key written as a literal in a ``tr(...)`` call (also in
a conditional inside it, ``tr("a" if x else "b")``) becomes its number. A ``tr`` whose key
is not a literal cannot be numbered: the bundle refuses it (``TextIdError``) rather than
ship a lookup that fails on the board. The settings screen's modules get the same (their
dicts' words numbered, one string ``W``: ``SETTINGS``). Lines stay where they were, as in
sim/build/inline.py.

A text that no code of the drive reads is left out of both languages' strings: the words of
modules the drive does not hold (``bundle.OFF_DRIVE``: Skat zu dritt's) and of code under an
install fact the drive writes 0 (``FACTS``: ``if THREE_TABLES:``, ``if THREE_TABLES and
...``), which the compiler leaves out. A ``tr`` in such code keeps its key as it is (never
run: a string where a number belongs would fail loudly if it were).
"""

import ast
import os

from sim.build import devsrc, relayout

# The language modules where this step meets them: on the drive's paths (sim/build/relayout.py runs
# first; the source has them as lib/skat_ui/texts/de.py and en.py).
LANGUAGES = tuple(os.path.join(*relayout.device_path("lib/skat_ui/texts/%s.py" % lang).split("/"))
                  for lang in ("de", "en"))


# The settings screen's words (``T``, ``RULE_LABEL``, ``RULE_VALUE``: dicts its code reads by
# keys that are rule names and values, not literals of a ``tr`` call). Each word becomes its
# number in the module's one string ``W`` (offsets ``O``), read through ``skat_ui.text.word``:
# a word of a dict written out is an interned string for good (the compiler interns every
# string of ten letters or fewer: ~35 of these words), a slice of ``W`` lives only while the
# screen shows it.
SETTINGS = tuple(os.path.join(*relayout.device_path("lib/skat_ui/texts/settings_%s.py"
                                                    % lang).split("/"))
                 for lang in ("de", "en"))


# The install's facts that a drive may write as 0 (sim/build/bundle.py, ``install_facts``) in
# the residency table (``TABLE``): the code under ``if FACT:`` is then not on the drive.
FACTS = ("THREE_TABLES",)
TABLE = os.path.join("skat_core", "__init__.py")


class TextIdError(ValueError):
    """A text key that cannot be numbered, or languages whose keys differ."""


def _table(tree):
    """The ``T = {...}`` dict node at the top of a language module."""
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "T"
                and isinstance(node.value, ast.Dict)):
            return node.value
    raise TextIdError("no T = {...} table")


def _span(node):
    return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)


def _blob(table, words):
    """The edits that turn the ``T = {...}`` dict into ``T``, one string of all the words,
    and ``O``, bytes of little-endian u16 offsets (word n is ``T[O[n]:O[n + 1]]``): one
    object for the whole language instead of one per word (on CircuitPython a word of a
    constant tuple is a string object of its own, ~45 bytes each)."""
    packed = _offsets_of(words)
    return [((table.lineno, table.col_offset, table.end_lineno, table.end_col_offset),
             "%r; O = %r" % ("".join(words), packed))]


def _offsets_of(words):
    offsets = [0]
    for w in words:
        offsets.append(offsets[-1] + len(w))
    if offsets[-1] >= 1 << 16:
        raise TextIdError("the texts of one module exceed 65,535 characters")
    return bytes(b for o in offsets for b in (o & 0xFF, o >> 8))


def _settings_words(tree, where):
    """The edits that number the words of a settings module's dicts (``SETTINGS``): every
    value of every top-level ``NAME = {...}`` of string keys and values becomes its number,
    and ``W``, ``O`` follow the last dict on its line."""
    words, edits, last = [], [], None
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)):
            continue
        d = node.value
        if not all(isinstance(x, ast.Constant) and isinstance(x.value, str)
                   for x in d.keys + d.values):
            raise TextIdError("%s:%d: a dict of words with a key or word that is not a string"
                              % (where, node.lineno))
        for v in d.values:
            edits.append((_span(v), str(len(words))))
            words.append(v.value)
        last = d
    if last is None:
        raise TextIdError("%s: no dict of words" % where)
    end = (last.end_lineno, last.end_col_offset, last.end_lineno, last.end_col_offset)
    edits.append((end, "; W = %r; O = %r" % ("".join(words), _offsets_of(words))))
    return edits


def _is_tr(func):
    return ((isinstance(func, ast.Name) and func.id == "tr")
            or (isinstance(func, ast.Attribute) and func.attr == "tr"))


def _key_nodes(node, where):
    """The literal keys of one ``tr`` argument (a string, or those of a conditional), as
    nodes; a key that is not a literal is refused."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, ast.IfExp):
        return _key_nodes(node.body, where) + _key_nodes(node.orelse, where)
    raise TextIdError("%s: tr() with a key that is not a literal (%s): write the key out"
                      % (where, ast.dump(node)[:60]))


def _keys_in(node, ids, where):
    """The edits that number the literal keys of one ``tr`` argument."""
    edits = []
    for key in _key_nodes(node, where):
        if key.value not in ids:
            raise TextIdError("%s: tr(%r): no such text" % (where, key.value))
        edits.append((_span(key), str(ids[key.value])))
    return edits


def absent_facts(sources, root):
    """The install's facts (``FACTS``) that the residency table of ``sources`` sets to 0."""
    text = sources.get(os.path.join(root, TABLE))
    out = set()
    for node in devsrc.parse(text).body if text is not None else ():
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id in FACTS
                and isinstance(node.value, ast.Constant) and node.value.value == 0):
            out.add(node.targets[0].id)
    return out


def _left_out(test, absent):
    """Is an ``if`` with this test never run on the drive: ``FACT`` or ``FACT and ...`` of a
    fact the install writes 0?"""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        test = test.values[0]
    return isinstance(test, ast.Name) and test.id in absent


def tr_calls(tree, absent=()):
    """The ``tr(key)`` calls of ``tree`` that the drive runs: not under an ``if`` of a fact
    in ``absent`` (its ``else`` runs)."""
    out = []

    def walk(node):
        if isinstance(node, ast.If) and _left_out(node.test, absent):
            for n in node.orelse:
                walk(n)
            return
        if isinstance(node, ast.Call) and _is_tr(node.func) and len(node.args) == 1:
            out.append(node)
        for n in ast.iter_child_nodes(node):
            walk(n)
    walk(tree)
    return out


def _where(path, root, node):
    return "%s:%d" % (os.path.relpath(path, root), node.lineno)


def number(sources, root):
    """{path: text} with the language tables as tuples of the texts the drive's code reads,
    and those ``tr`` keys as numbers."""
    paths = [os.path.join(root, rel) for rel in LANGUAGES]
    if not all(p in sources for p in paths):
        return dict(sources)
    tables = [_table(devsrc.parse(sources[p], p)) for p in paths]
    keys = [[k.value for k in t.keys] for t in tables]
    if sorted(keys[0]) != sorted(keys[1]):
        raise TextIdError("text_de and text_en have other keys: %s" % sorted(
            set(keys[0]) ^ set(keys[1])))
    absent = absent_facts(sources, root)
    trees = {path: devsrc.parse(text, path) for path, text in sources.items()}
    calls = {path: tr_calls(tree, absent) for path, tree in trees.items()}
    read = set(k.value for path, cs in calls.items() for c in cs
               for k in _key_nodes(c.args[0], _where(path, root, c)))
    kept = [k for k in keys[0] if k in read]
    ids = {k: i for i, k in enumerate(kept)}
    out = {}
    settings = [os.path.join(root, rel) for rel in SETTINGS]
    for path, text in sources.items():
        tree = trees[path]
        edits = []
        if path in settings:
            edits.extend(_settings_words(tree, os.path.relpath(path, root)))
        if path in paths:
            table = tables[paths.index(path)]
            words = dict((k.value, ast.literal_eval(v)) for k, v in zip(table.keys, table.values))
            edits.extend(_blob(table, [words[k] for k in kept]))
        for node in calls[path]:
            edits.extend(_keys_in(node.args[0], ids, _where(path, root, node)))
        out[path] = devsrc.edit_spans(text, edits) if edits else text
    return out
