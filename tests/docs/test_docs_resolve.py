"""Every name the documentation writes resolves (issue 29, item 5: docs that run).

Where names are read:
  - README.md and every tracked ``*.md`` (docs/, sim/device/mpfakes/README.md), outside
    fenced ```python blocks (tests/docs/test_docs_examples.py runs those instead);
  - the docstrings (module, class, function: ast) and the ``#`` comments (tokenize) of every
    ``.py`` file of code.py, skat_core/, lib/ and sim/.

The forms checked (a reference is one of these; everything else is prose):
  1. a path, backticked or in prose: a word with a ``/`` that starts at one of the
     repository's top entries (``sim/build/bundle.py``, ``tests/device/``) or ends in one of
     our file extensions (``.py``, ``.md``, ``.keys``, ``.json``, ``.mpy``, ...:
     ``solver/solve.py``), or a bare ``name.py``; in a backticked span also a folder
     ``name/``. It resolves when it names a file or folder of the tree: from the root, from
     the documenting file's folder or its package's, or as the tail of a path of the tree
     (``solver/solve.py`` is skat_core/solver/solve.py's; a bare ``bundle.py`` is any file of
     that name). ``*`` is a wildcard and ``help_de1..4`` a family: each member must exist. A
     drive's ``.mpy`` resolves by its source or by sim/build/relayout.py's ``MODULES``
     (``skat_core/Se.mpy``).
  2. a dotted name whose first part is one of our packages (``skat_core``, ``skat_ui``,
     ``skat_boards``, ``sim``, ``tests``), backticked or in prose: its longest prefix that is
     a module or package of the tree is taken, and the next part must be defined there (a
     top-level def, class, assignment or import, found by ast: nothing is imported); when
     that is a class, the part after it must be its member (method, class attribute,
     ``self.<name>``, or one of its bases'); what follows is not read. A drive's short module
     name (``skat_core.Se``, ``skat_ui.Cf``) resolves when it is in sim/build/relayout.py's
     ``MODULES`` or is a joined module of sim/build/merge.py's ``GROUPS`` (``skat_core.Xs``)
     or a module of moved functions of sim/build/cold.py's ``ROWS`` (``skat_core.Zb``). A
     trailing ``*`` matches a prefix (``codes.V_*``); call parentheses are dropped.
  3. a backticked span that is one dotted word ``Class.member`` (call parentheses allowed),
     where ``Class`` is the name of a class of the tree: ``member`` must be a member of a class
     of that name or of its bases (``App.work``, ``Solver.load``).
  4. a backticked span that is one dotted word ``module.name``, where ``module`` is the file
     name of exactly one module of the tree and not in ``FOREIGN`` (names the firmware or the
     standard library also has, ``board``, ``time``, ``os``, and module names the docs use as
     variables, ``game``, ``view``, ``bot``): ``name`` must be defined in that module as in
     form 2 (``relayout.MODULES``, ``codes.V_PLAY``).
  5. anywhere, backticked or not: a flat module name of before the split into packages
     (``bot_hand``, ``ss_search``, ``scr_play``, ``text_de``: the table ``FORMER``, which
     says where each one is now) is stale - unless the documenting .py file's code binds or
     spells that name (``from skat_core.bot.prelude import hand as bot_hand``, a text key
     ``"bot_hand"``, sim/tools/previous.py's files of an earlier commit) or its text shows
     the binding (``import hand as bot_hand``).

Not a reference: a name right after the word "was" (``the search was
`skat_core.ss_search```: history, the name a thing had); a path with an all-capitals folder
(``DIR/*.json``: a placeholder); a dotted name followed by ``%`` (a format string's head);
paths outside the repository (``../shared/``, absolute paths: the board's drive, /tmp, the
host's cache; ``~``, URLs) and what the tools write (``dist/``, ``CIRCUITPY/``); the files of
other projects named in ``OUTSIDE`` (CircuitPython's ``preprocess_frozen_modules.py``, the
freeze's ``manifest.py``). A bare identifier (``values``, ``play``) is not read: it may be a
module, a setting or a word, and forms 1-5 cover what the split made stale.
"""

import ast
import functools
import os
import re
import tokenize

import pytest

from sim.build.cold import ROWS
from sim.build.merge import GROUPS
from sim.build.relayout import FORMATS, MODULES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", "dist",
             "node_modules"}
# Where the importable packages live: folder -> dotted prefix.
PACKAGE_ROOTS = {"skat_core": "skat_core", "lib/skat_ui": "skat_ui",
                 "lib/skat_boards": "skat_boards", "sim": "sim", "tests": "tests"}
TOP = ("skat_core", "skat_ui", "skat_boards", "sim", "tests")
# Module file names that are also the firmware's or the standard library's modules: a
# ``board.x`` in the docs may mean either, so form 4 does not read them.
FOREIGN = {"board", "time", "os", "microcontroller", "displayio", "fontio", "terminalio",
           "bitmaptools", "vectorio", "keypad", "gc", "sys", "micropython", "code", "keys",
           "play", "settings", "text", "series", "values", "rules", "load", "base", "bot",
           "game", "view", "hand", "record", "table", "order", "names", "solve", "match",
           "bench", "oracle", "app", "ui", "gfx", "hint", "save", "declare", "bid", "menu",
           "result", "analysis", "score", "advice", "search", "layout", "cards", "bidding",
           "offer", "pick", "know", "worlds", "discard", "choice", "decl", "session", "nvm",
           "hw", "boards", "drivers", "displays", "terminal", "mpy", "inline", "freeze",
           "bundle", "pipeline"}


def _tree():
    files, dirs = set(), set()
    for top, subdirs, names in os.walk(ROOT):
        subdirs[:] = [d for d in subdirs if d not in SKIP_DIRS]
        rel = os.path.relpath(top, ROOT).replace(os.sep, "/")
        if rel != ".":
            dirs.add(rel)
        for n in names:
            files.add(n if rel == "." else rel + "/" + n)
    return files, dirs


FILES, DIRS = _tree()


def _modules():
    """Dotted module name -> its file, for every module and package of PACKAGE_ROOTS."""
    mods = {"code": "code.py"}
    for folder, dotted in PACKAGE_ROOTS.items():
        for f in FILES:
            if f.startswith(folder + "/") and f.endswith(".py"):
                parts = f[len(folder) + 1:-3].split("/")
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                mods[".".join([dotted] + parts)] = f
    return mods


MODS = _modules()


class _Defs:
    """What a module defines (top level) and what its classes hold."""

    def __init__(self, path):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            self.tree = ast.parse(f.read(), path)
        self.names, self.classes = set(), {}
        self._top(self.tree.body)

    def _top(self, body):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.names.add(node.name)
            elif isinstance(node, ast.ClassDef):
                self.names.add(node.name)
                self.classes[node.name] = _members(node)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    self.names.add((a.asname or a.name).split(".")[0])
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name):
                            self.names.add(n.id)
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                for field in ("body", "orelse", "finalbody", "handlers"):
                    sub = getattr(node, field, None) or []
                    for s in sub:
                        self._top(s.body if isinstance(s, ast.ExceptHandler) else [s])


def _members(cls):
    """Names of a class: methods, class attributes (also under an ``if`` of the class body:
    a method an install fact leaves out of a drive), ``self.x`` attributes; bases by name."""
    names = set()
    body = list(cls.body)
    while body:
        node = body.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        names.add(n.id)
        elif isinstance(node, ast.If):
            body.extend(node.body + node.orelse)
    for n in ast.walk(cls):
        if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                and n.value.id == "self" and isinstance(n.ctx, ast.Store)):
            names.add(n.attr)
    bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", None) for b in cls.bases]
    return names, [b for b in bases if b]


@functools.lru_cache(maxsize=None)
def defs(module):
    return _Defs(MODS[module])


@functools.lru_cache(maxsize=None)
def _classes():
    """Class name -> [(members, bases)] over every module of the tree."""
    out = {}
    for m in MODS:
        for name, members in defs(m).classes.items():
            out.setdefault(name, []).append(members)
    return out


def _class_has(cls, member, seen=()):
    for names, bases in _classes().get(cls, ()):
        if _match(member, names):
            return True
        for b in bases:
            if b not in seen and _class_has(b, member, seen + (cls,)):
                return True
    return False


def _match(part, names):
    if part.endswith("*"):
        return any(n.startswith(part[:-1]) for n in names)
    return part in names


SHORT = (set(MODULES.values()) | set(GROUPS) | set(ROWS)
         | {f.split("%")[0] for f in FORMATS.values()})


def resolve_dotted(name):
    """None if dotted ``name`` (form 2) resolves, else why not."""
    parts = name.split(".")
    if name in SHORT or name.rsplit(".", 1)[0] in set(MODULES.values()) | set(GROUPS) | set(ROWS):
        return None
    for k in range(len(parts), 0, -1):
        mod = ".".join(parts[:k])
        if mod in MODS:
            break
    else:
        return "no module"
    rest = parts[k:]
    if not rest:
        return None
    d = defs(mod)
    if not _match(rest[0], d.names):
        return "%s defines no %s" % (mod, rest[0])
    if len(rest) > 1 and rest[0] in d.classes and not _class_has(rest[0], rest[1]):
        return "%s.%s has no %s" % (mod, rest[0], rest[1])
    return None


def _stems():
    out = {}
    for m, f in MODS.items():
        if not f.endswith("__init__.py"):
            out.setdefault(m.rsplit(".", 1)[-1], []).append(m)
    return out


STEMS = _stems()


def resolve_short_dotted(name):
    """Forms 3 and 4: ``Class.member`` or ``module.name``; None if resolved or not one of
    these forms, else why not."""
    head, member = name.split(".")[:2]
    if head in _classes():
        return None if _class_has(head, member) else "class %s has no %s" % (head, member)
    if head in FOREIGN or len(STEMS.get(head, ())) != 1:
        return None
    mod = STEMS[head][0]
    return resolve_dotted(mod + "." + ".".join(name.split(".")[1:]))


IGNORED_PATH = re.compile(r"^(\.\./|/|~|https?:|dist/|CIRCUITPY/|\$)")


# Files of other projects or written by our tools, named in the docs by their bare name.
OUTSIDE = {
    "manifest.py",                   # written by ``make freeze`` for CircuitPython's build
    "preprocess_frozen_modules.py",  # CircuitPython's tools/, run by its firmware build
}


def resolve_path(path, where):
    """None if ``path`` (form 1), written in file ``where``, names a tracked file or folder."""
    p = path.rstrip("/")
    if p in OUTSIDE or any(re.fullmatch(r"[A-Z][A-Z_]+", c) for c in p.split("/")[:-1]):
        return None                  # DIR/*.json: a placeholder the reader fills in
    if p.startswith("./"):
        p = p[2:]
    if not p:
        return None
    if p.endswith(".mpy"):
        # a drive file: its source's path, or a drive module's (skat_core/Se.mpy)
        dotted = p[:-4].replace("/", ".")
        if dotted in SHORT or dotted in MODS or p[:-4] + ".py" in FILES:
            return None
        p = p[:-4] + ".py"
    pats = [p]
    fam = re.match(r"^(.*?)(\d)\.\.(\d)(.*)$", p)
    if fam:
        pats = [fam.group(1) + str(i) + fam.group(4)
                for i in range(int(fam.group(2)), int(fam.group(3)) + 1)]
    for q in pats:
        if not _path_exists(q, where):
            return "no such file or folder" if q == p else "no %s" % q
    return None


def _path_exists(p, where):
    every = FILES | DIRS
    here = os.path.dirname(where)
    bases = ["", here + "/" if here else ""]
    for folder in PACKAGE_ROOTS:
        if where.startswith(folder + "/"):
            bases.append(folder + "/")
    if "*" in p:
        rx = re.compile("^" + ".*".join(map(re.escape, p.split("*"))) + "$")
        return any(rx.match(f) or rx.match(f.rsplit("/", 1)[-1]) for f in every)
    for b in bases:
        if os.path.normpath(b + p).replace(os.sep, "/") in every:
            return True
    return any(f == p or f.endswith("/" + p) for f in every)


# --- where the references are --------------------------------------------------------------

SPAN = re.compile(r"(``?)([^`\n]+?)\1(?!`)")
DOTTED = re.compile(r"\b(?:%s)(?:\.[A-Za-z_][\w*]*)+" % "|".join(TOP))
PATHISH = re.compile(r"(?<![\w/.-])((?:\.{0,2}/)?[\w*.-]+(?:/[\w*.-]+)+/?|[\w*-]+\.py)\b/?")
WORD_DOTTED = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_][\w]*\*?)+(?:\(.*\))?$")


@functools.lru_cache(maxsize=None)
def _texts():
    """(file, line, text) of every piece of documentation: read once per process (the
    references and the former names are read from it by three tests, ~1.5 s a reading)."""
    out = []
    for f in sorted(FILES):
        if f.endswith(".md") and not f.startswith("tests/data/"):
            with open(os.path.join(ROOT, f), encoding="utf-8") as fh:
                lines = fh.read().split("\n")
            fence = None
            for i, line in enumerate(lines, 1):
                s = line.strip()
                if s.startswith("```"):
                    fence = None if fence is not None else s[3:].strip()
                    continue
                if fence in ("python", "py", "pycon"):
                    continue
                out.append((f, i, line))
        elif f.endswith(".py") and (f == "code.py" or f.split("/")[0] in ("skat_core", "lib",
                                                                        "sim")):
            with open(os.path.join(ROOT, f), encoding="utf-8") as fh:
                tree = ast.parse(fh.read(), f)
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                     ast.AsyncFunctionDef)):
                    body = node.body
                    if (body and isinstance(body[0], ast.Expr)
                            and isinstance(body[0].value, ast.Constant)
                            and isinstance(body[0].value.value, str)):
                        first = body[0].lineno
                        for k, line in enumerate(body[0].value.value.split("\n")):
                            out.append((f, first + k, line))
            with open(os.path.join(ROOT, f), encoding="utf-8") as fh:
                for tok in tokenize.generate_tokens(fh.readline):
                    if tok.type == tokenize.COMMENT:
                        out.append((f, tok.start[0], tok.string))
    return tuple(out)


EXTENSIONS = (".py", ".md", ".keys", ".txt", ".bdf", ".json", ".mpy", ".toml", ".jsonl")
TOP_ENTRIES = sorted({f.split("/")[0] for f in FILES | DIRS})


def _pathlike(w, span):
    """A word is a path (form 1) when it ends in a file extension of ours, or has a ``/`` and
    starts at one of the repository's top entries (``sim/...``, ``tests/...``); in a
    backticked span also a word with a ``/`` that ends in ``/`` (``texts/``)."""
    if w.startswith("-"):
        return False
    core = w.rstrip("/")
    if core.endswith(EXTENSIONS) and not core.startswith("."):
        return True
    if "/" in core and core.split("/")[0].lstrip(".") in TOP_ENTRIES:
        return True
    return span and w.endswith("/") and re.fullmatch(r"[\w./*-]+/", w) is not None


def _history(text, at):
    """A name right after the word "was" (backticks between allowed) is history: the name a
    thing had, not one to look up."""
    return re.search(r"\bwas\s+`*$", text[:at]) is not None


def references():
    """(file, line, kind, name) for every reference of the forms in the module docstring."""
    refs = []
    for f, n, line in _texts():
        spans = [(m.group(2).strip(), _history(line, m.start()))
                 for m in SPAN.finditer(line)]
        prose = SPAN.sub(" ", line)
        for s, was in spans:
            for w in s.split():
                w = w.strip(",;:()[]'\"")
                if PATHISH.fullmatch(w) and _pathlike(w, span=True):
                    refs.append((f, n, "path", w))
            for m in DOTTED.finditer(s):
                if not (was and m.start() == 0) and not _history(s, m.start()) \
                        and s[m.end():m.end() + 1] != "%":
                    refs.append((f, n, "dotted", m.group(0)))
            w = s.split("(")[0]
            if WORD_DOTTED.match(s) and not DOTTED.match(w) and "/" not in w \
                    and not w.endswith(".py"):
                refs.append((f, n, "short", w.rstrip(".")))
        for m in PATHISH.finditer(prose):
            w = m.group(0)
            if _pathlike(w, span=False):
                refs.append((f, n, "path", w))
        for m in DOTTED.finditer(prose):
            if not _history(prose, m.start()) and prose[m.end():m.end() + 1] != "%":
                refs.append((f, n, "dotted", m.group(0)))
    return refs


# Form 5: the flat module names of before the split into packages (git log -M), where each
# module is now. Only the names no module of today has; a name that stayed (``bidding``,
# ``solve``) is a module's name still and is read by forms 1, 2 and 4.
FORMER = {
    "bot_base": "skat_core.bot.base", "bot_choice": "skat_core.bot.prelude.choice",
    "bot_decl": "skat_core.bot.prelude.decl", "bot_declare": "skat_core.bot.prelude.declare",
    "bot_discard": "skat_core.bot.prelude.discard",
    "bot_eval": "skat_core.bot.prelude.hand_eval", "bot_hand": "skat_core.bot.prelude.hand",
    "bot_know": "skat_core.bot.know", "bot_load": "skat_core.bot.load",
    "bot_offer": "skat_core.bot.offer", "bot_pick": "skat_core.bot.pick",
    "bot_play": "skat_core.bot.play", "bot_rules": "skat_core.bot.rules",
    "bot_worlds": "skat_core.bot.worlds",
    "ss_bounds": "skat_core.solver.bounds", "ss_load": "skat_core.solver.load",
    "ss_movegen": "skat_core.solver.movegen", "ss_order": "skat_core.solver.order",
    "ss_search": "skat_core.solver.search", "ss_table": "skat_core.solver.table",
    "ss_values": "skat_core.solver.values", "ss_*": "skat_core.solver",
    "scr_analysis": "skat_ui.screens.analysis", "scr_base": "skat_ui.screens.base",
    "scr_bid": "skat_ui.screens.bid", "scr_declare": "skat_ui.screens.declare",
    "scr_menu": "skat_ui.screens.menu", "scr_play": "skat_ui.screens.play",
    "scr_result": "skat_ui.screens.result", "scr_table": "skat_ui.screens.table",
    "scr_*": "skat_ui.screens",
    "text_de": "skat_ui.texts.de", "text_en": "skat_ui.texts.en",
    "text_set_de": "skat_ui.texts.settings_de", "text_set_en": "skat_ui.texts.settings_en",
}
FORMER_WORD = re.compile(r"(?<![\w.])(%s)(?![\w*])" % "|".join(
    re.escape(k) for k in sorted(FORMER, key=len, reverse=True)))


@functools.lru_cache(maxsize=None)
def _spelt_in_code(path):
    """The identifiers and string constants of a .py file's code (not its docstrings): a
    module that binds ``bot_hand`` (``hand as bot_hand``) or spells it (a text key, an earlier
    commit's file name) may write it in its docstrings."""
    if not path.endswith(".py"):
        return set()
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            docs.add(id(body[0].value))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.alias):
            out.add(node.asname or node.name)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            out.add(node.value)
    return out


def former_names():
    """(file, line, name) of form 5: a flat module name of before the split."""
    out = []
    texts = _texts()
    aliased = {}                 # file -> the names its documentation binds: ``import x as y``
    for f, n, line in texts:
        aliased.setdefault(f, set()).update(re.findall(r"\bimport\s+[\w.]+\s+as\s+(\w+)", line))
    for f, n, line in texts:
        for m in FORMER_WORD.finditer(line):
            if (m.group(1) not in _spelt_in_code(f) and m.group(1) not in aliased[f]
                    and not _history(line, m.start())):
                out.append((f, n, m.group(1)))
    return out


def unresolved():
    bad = ["%s:%d: %s (a flat name of before the split: now %s)" % (f, n, w, FORMER[w])
           for f, n, w in former_names()]
    for f, n, kind, name in references():
        if kind == "path":
            if IGNORED_PATH.match(name) or "://" in name:
                continue
            why = resolve_path(name, f)
        elif kind == "dotted":
            why = resolve_dotted(name.rstrip("."))
        else:
            why = resolve_short_dotted(name)
        if why:
            bad.append("%s:%d: %s (%s)" % (f, n, name, why))
    return bad


def test_every_documented_name_resolves():
    bad = unresolved()
    assert not bad, "%d names in the docs do not resolve:\n" % len(bad) + "\n".join(bad)


if __name__ == "__main__":
    print("\n".join(unresolved()))


def test_the_resolver_tells_old_names_from_new():
    """Each form on a name of before the split and on its name now (git log -M)."""
    old_new_paths = [("sim/bundle.py", "sim/build/bundle.py"),
                     ("tests/test_app_records.py", "tests/app/test_app_records.py"),
                     ("skat_core/ss_*.py", "skat_core/solver/*.py"),
                     ("lib/skat_ui/recout.py", "lib/skat_ui/storage/recout.py"),
                     ("skat_core/solve.py", "solver/solve.py"),
                     ("help_de1..5.py", "help_de1..4.py")]
    for old, new in old_new_paths:
        assert resolve_path(old, "README.md"), old
        assert resolve_path(new, "README.md") is None, new
    for old, new in [("skat_core.record.replay", "skat_core.notation.record.replay"),
                     ("skat_core.bot.STRENGTHS", "skat_core.bot.bot.STRENGTHS"),
                     ("skat_ui.scr_play", "skat_ui.Cf"),
                     ("skat_core.solver.solve.Solver.nope", "skat_core.solver.solve.Solver.load"),
                     ("skat_core.engine.game.Game.nope", "skat_core.engine.game.Game.to_act")]:
        assert resolve_dotted(old), old
        assert resolve_dotted(new) is None, new
    for old, new in [("App.ADVICE", "App.work"), ("relayout.NONE", "relayout.MODULES"),
                     ("codes.X_*", "codes.V_*")]:
        assert resolve_short_dotted(old), old
        assert resolve_short_dotted(new) is None, new
    found = {(f, w) for f, _, w in former_names()}
    assert ("skat_core/bot/prelude/decl.py", "bot_hand") not in found   # its import alias


def test_the_forms_are_read():
    """The docs hold references of every form: a reader that finds none checks nothing."""
    kinds = {}
    for _, _, kind, _ in references():
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds.get("path", 0) > 300 and kinds.get("dotted", 0) > 150 \
        and kinds.get("short", 0) > 50, kinds
