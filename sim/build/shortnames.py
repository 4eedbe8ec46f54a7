"""Short names for the device's copy of our source: every identifier the code defines becomes a
one- or two-letter name (or a name the firmware holds in flash), the same one in every module
that uses it; a name only one module knows takes its spelling from a sequence that starts again
in every module (``private``, ``plan_all``); layout, lines and strings unchanged.

Why: MicroPython interns every identifier its lexer meets (locals included) as a qstr that
stays on the heap for good - about 10 bytes of table plus the name's own letters each. The
app's ~1,700 names hold ~15 KB of letters; short names leave a third of that (see
docs/app.md, "Memory"). Names that are not ours, or that the code reaches by string, keep
their spelling, so the renamed program is the same program:

- built-ins, keywords, dunders, module names, ``const`` and the rest of MicroPython's own;
- every name the boards' modules, the harness fakes and the simulator's hardware define (the
  attributes of ``displayio``, ``keypad`` & co.), every name of the built-in types
  (``append``, ``get``, ``args``...) and of the modules we import from the firmware;
- every name that also occurs as a string literal (``getattr(x, "menu")``, the rule table's
  attribute names, ``__import__(..., ["T"])``);
- ``KEEP``: what code outside the bundle reads from the running app (code.py's entry points,
  the simulator's and the memory harness's reads).

The mapping goes next to the bundle as ``names.txt`` (short -> original, written by
``python -m sim bundle``), so a traceback from the device can be read. Renaming works on tokens
(``tokenize``), so only NAME tokens change: comments, strings and line numbers stay.
"""

import ast
import builtins
import functools
import io
import keyword
import os
import tokenize

from sim.build import devsrc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Read from outside the bundle: code.py's chain, the simulator (skat_ui.app.CURRENT) and the
# memory harness (tests/device/test_app_memory.py drives App.boot/step and reads these).
KEEP = frozenset((
    "main", "detect", "App", "CURRENT", "boot", "step", "run",
    "series", "games", "saves", "game", "phase", "record", "pending", "ui", "bot", "store",
))

# MicroPython's own names (not in CPython's builtins): the compiler knows ``const`` by name.
MICROPYTHON = frozenset((
    "const", "micropython", "native", "viper", "heap_lock", "heap_unlock", "opt_level",
    "mem_info", "qstr_info", "mem_peak", "mem_current", "mem_alloc", "mem_free", "stack_use",
    "alloc_emergency_exception_buf", "schedule", "kbd_intr", "ticks_ms", "ticks_diff",
    "monotonic", "monotonic_ns", "sleep", "sleep_ms", "getenv", "urandom", "board_id", "nvm",
))

# Where the hardware's names are defined for the host: the fakes of the harness and the
# simulator's boards, displays and drivers (their attributes are displayio's, keypad's...).
HARDWARE_SOURCES = ("sim/device/mpfakes", "sim/board/platform")
# The harness's own diagnosis there, which stands for nothing of the firmware: its names are not
# the hardware's API, and the drive's short names must not move when it changes.
NOT_HARDWARE = ("_heapmap.py",)

_TYPES = (int, bool, str, bytes, bytearray, list, tuple, dict, set, frozenset, object, type,
          BaseException, OSError, memoryview, range, property, staticmethod, classmethod,
          io.FileIO, io.TextIOWrapper, io.BytesIO, io.StringIO)

_FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_NEXT = _FIRST + "0123456789"


class _Names(ast.NodeVisitor):
    """Names a module defines, names it takes from firmware modules, its string literals."""

    def __init__(self, ours):
        self.ours = ours          # top-level package/module names that are ours
        self.defined = set()
        self.foreign = set()      # attributes of firmware modules, names imported from them
        self.strings = set()
        self.uses = {}            # name -> occurrences (the most used get the shortest names)
        self._ext_aliases = set()
        self.calls = []           # (callee's name, keyword names): see ``plan``
        self.functions = set()    # names of our functions and classes

    def count(self, name):
        self.uses[name] = self.uses.get(name, 0) + 1

    def visit_Import(self, node):
        for a in node.names:
            top = a.name.split(".")[0]
            if top not in self.ours:
                self._ext_aliases.add(a.asname or top)
                self.foreign.add(a.asname or top)
            elif a.asname:
                self.defined.add(a.asname)
                self.count(a.asname)

    def visit_Call(self, node):
        f = node.func
        callee = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        self.calls.append((callee, [k.arg for k in node.keywords if k.arg]))
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        top = (node.module or "").split(".")[0]
        for a in node.names:
            if node.level == 0 and top not in self.ours:
                self.foreign.add(a.name)
                if a.asname:
                    self.foreign.add(a.asname)
            else:
                self.count(a.name)
                if a.asname:
                    self.defined.add(a.asname)
                    self.count(a.asname)

    def visit_FunctionDef(self, node):
        self.functions.add(node.name)
        self.defined.add(node.name)
        self.count(node.name)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self.functions.add(node.name)
        self.defined.add(node.name)
        self.count(node.name)
        self.generic_visit(node)

    def visit_arg(self, node):
        self.defined.add(node.arg)
        self.count(node.arg)

    def visit_keyword(self, node):
        if node.arg:
            self.count(node.arg)
        self.generic_visit(node)

    def visit_Global(self, node):
        for n in node.names:
            self.count(n)

    visit_Nonlocal = visit_Global

    def visit_ExceptHandler(self, node):
        if node.name:
            self.defined.add(node.name)
            self.count(node.name)
        self.generic_visit(node)

    def visit_Name(self, node):
        if not isinstance(node.ctx, ast.Load):
            self.defined.add(node.id)
        self.count(node.id)

    def visit_Attribute(self, node):
        if not isinstance(node.ctx, ast.Load):
            self.defined.add(node.attr)
        if isinstance(node.value, ast.Name) and node.value.id in self._ext_aliases:
            self.foreign.add(node.attr)
        self.count(node.attr)
        self.generic_visit(node)

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            self.strings.add(node.value)
            # "skat_ui.Cf": a dotted module path reached by __import__
            self.strings.update(node.value.split("."))


def _module_names(files):
    """Every module and package name of ``files`` (paths) - never renamed."""
    out = set()
    for path in files:
        parts = os.path.relpath(path, ROOT).split(os.sep)
        for p in parts:
            out.add(p[:-3] if p.endswith(".py") else p)
    return out


@functools.lru_cache(maxsize=1)
def hardware_names():
    """Every name the hardware's host stand-ins spell (``HARDWARE_SOURCES``): the firmware's
    API as our code meets it (displayio's, keypad's... attributes and arguments). Read once
    per process, like the steps' own code (sim/build/pipeline.py, ``_fingerprint``, which
    digests these files): each build called it three times, ~0.15 s each."""
    names = set()
    for rel in HARDWARE_SOURCES:
        folder = os.path.join(ROOT, rel)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and name not in NOT_HARDWARE:
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    tree = ast.parse(f.read())
                for node in devsrc.walk(tree):
                    if isinstance(node, ast.Name):
                        names.add(node.id)
                    elif isinstance(node, ast.Attribute):
                        names.add(node.attr)
                    elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                        names.add(node.name)
                    elif isinstance(node, ast.arg):
                        names.add(node.arg)
                    elif isinstance(node, ast.keyword) and node.arg:
                        names.add(node.arg)
    return frozenset(names)


def firmware_qstrs():
    """The names CircuitPython keeps in flash on the test interpreter and the PyBadge
    (sim/build/cp_qstrs.txt)."""
    with open(os.path.join(ROOT, "sim", "build", "cp_qstrs.txt")) as f:
        return frozenset(ln.strip() for ln in f if ln.strip() and not ln.startswith("#"))


def fixed_names():
    names = set(dir(builtins)) | set(keyword.kwlist) | set(keyword.softkwlist) | MICROPYTHON
    for t in _TYPES:
        names.update(dir(t))
    return names


def short_name(i):
    """The i-th short name: a..Z, then two letters (a letter, then a letter or digit)."""
    if i < len(_FIRST):
        return _FIRST[i]
    i -= len(_FIRST)
    return _FIRST[i // len(_NEXT)] + _NEXT[i % len(_NEXT)]


class Names(dict):
    """{original: short} for every renamed name of a bundle, the shared ones and each module's
    own (an original name that is one module's own stands in that module alone, so one dict
    holds them all); ``shared``: the shared names' mapping, ``own``: {path: that module's own
    names}."""

    def __init__(self, shared=(), own=None):
        dict.__init__(self, shared)
        self.shared = dict(shared)
        self.own = own or {}
        for names in self.own.values():
            self.update(names)

    def of(self, path):
        """The mapping to apply to the module at ``path``: the shared names and its own."""
        return dict(self.shared, **self.own.get(path, {}))


def plan(sources, clients=None):
    """{original: short} for ``sources`` ({path: text}): one mapping for all modules, the most
    used names first. A private constant ``_X = const(1)`` keeps one underscore in front
    (MicroPython's compiler folds it out of the module's dict only under such a name: it is
    never interned); every other name, with an underscore or without, takes the spellings that
    cost least (``folded``). The names
    ``private`` finds (one module's own, ``clients`` ({name: text}) counting as modules) are
    left out: ``plan_all`` gives them theirs."""
    return plan_all(sources, clients)[0]


def plan_all(sources, clients=None, units=None):
    """(mapping, {path: private mapping}): ``plan``'s one mapping for the names more than one
    module uses, and for each module the names only it uses (``private``), which take their
    short names from one sequence that starts again in every module. Every interned name costs
    heap for good (docs/memory.md, "Heap map"), so a name that only one module knows can share
    its spelling with another module's own: the firmware's spare names first, as for the rest.
    The two sets of spellings are disjoint, so no object can end up with two attributes of one
    spelling (``private`` says why). ``units`` ({path: path}): a module that counts as part of
    another here - the bundle's module of functions moved out of a module (sim/build/cold.py)
    shares that module's own names and their spellings."""
    ours = _module_names(sources)
    tops = {os.path.relpath(p, ROOT).split(os.sep)[0] for p in sources}
    tops |= {os.path.relpath(p, ROOT).split(os.sep)[1] for p in sources
             if os.path.relpath(p, ROOT).startswith("lib" + os.sep)}
    tops = {t[:-3] if t.endswith(".py") else t for t in tops}
    defined, foreign, strings, uses = set(), set(), set(), {}
    calls, functions = [], set()
    for path, text in sources.items():
        v = _Names(tops)
        v.visit(devsrc.parse(text, path))
        defined |= v.defined
        foreign |= v.foreign
        strings |= v.strings
        calls.extend(v.calls)
        functions |= v.functions
        for k, n in v.uses.items():
            uses[k] = uses.get(k, 0) + n
    # Keywords passed to anything not ours (a firmware constructor, a built-in) keep their
    # names: ``keypad.Keys(value_when_pressed=False)`` must reach the firmware as spelt.
    for callee, kws in calls:
        if callee not in functions or callee in foreign:
            foreign.update(kws)
    rom = firmware_qstrs()
    under = folded(sources)
    kept = fixed_names() | hardware_names() | ours | foreign | strings | KEEP
    # A name the firmware holds in flash already costs nothing: it keeps its spelling.
    taken = kept | rom
    rename = [n for n in defined if n not in taken
              and not (n.startswith("__") and n.endswith("__"))]
    units = units or {}
    own = private(sources, set(rename), clients, units)
    shared = [n for n in rename if n not in own]
    # Most used first; ties by name, so a bundle is reproducible.
    shared.sort(key=lambda n: (-uses.get(n, 0), n))
    every = taken | defined
    # The firmware's own names that our code neither uses nor keeps are the first spellings
    # given out: interning one costs no heap on the board (sim/build/cp_qstrs.txt). The first
    # of them go to the modules' own names (as many as the module with the most needs), the
    # rest to the shared names. Reversed, so that ``pop`` hands them out shortest first.
    spare = sorted((n for n in rom - kept - defined
                    if not n.startswith("_") and not keyword.iskeyword(n)),
                   key=lambda n: (len(n), n), reverse=True)
    own_of = {}
    for path, names in own_by_path(own, sources).items():
        own_of.setdefault(units.get(path, path), set()).update(names)
    most = max([sum(1 for n in names if n not in under) for names in own_of.values()]
               + [0])
    pool = [spare.pop() for _ in range(min(most, len(spare)))]
    counter = [0, 0]
    # Then the methods of Python's types in flash that nothing of ours spells (``type_methods``).
    spelt = hardware_names() | foreign | strings | KEEP | defined
    for text in list(sources.values()) + list((clients or {}).values()):
        spelt |= _tokens(text)
    methods = sorted(type_methods(rom) - spelt, key=lambda n: (len(n), n), reverse=True)
    mapping = _assign(shared, spare, every, counter, methods,
                      on_builtin_kin(sources, clients), under)
    # Names that no object carries as an attribute and no module holds together share
    # their spellings (``share_apart``).
    mapping = share_apart(mapping, shared, rom | set(methods), sources, clients, units)
    # The modules' own names: a sequence of spellings no shared name and no name of ours
    # has, the same in every module.
    # Two sequences, as for the shared names: with a leading underscore (True) and without.
    used = set(mapping.values()) | every
    seqs = {False: list(pool), True: []}
    per_path = {}
    for path, names in sorted(own_of.items()):
        mine, at = {}, {False: 0, True: 0}
        for name in sorted(names, key=lambda n: (-uses.get(n, 0), n)):
            u = name in under
            seq = seqs[u]
            if at[u] == len(seq):
                seq.append(_next_free(used, u, counter))
            new = seq[at[u]]
            at[u] += 1
            if len(new) < len(name) or new in rom:
                mine[name] = new
        per_path[path] = mine
    for path, unit in units.items():
        if unit in per_path:
            per_path[path] = per_path[unit]
    return mapping, per_path


def folded(sources):
    """The names that keep a leading underscore: the private constants, ``_X = const(...)`` at a
    module's top level (``sources``: {path: text}), which MicroPython's compiler folds into
    the code and keeps out of the module's dict - never interned - only under such a name.
    Every other name of ours is spelt as cheaply as it can be, a private one too: its
    underscore marks it for the reader, and the device has no ``import *`` that would heed it."""
    out = set()
    for path, text in sources.items():
        for node in devsrc.parse(text, path).body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id.startswith("_")
                    and isinstance(node.value, ast.Call)
                    and isinstance(node.value.func, ast.Name)
                    and node.value.func.id == "const"):
                out.add(node.targets[0].id)
    return out


def _next_free(used, underscore, counter):
    """The next short spelling that nothing else has (``counter``: where the two sequences
    of short names stand)."""
    while True:
        if underscore:
            new = "_" + short_name(counter[1])
            counter[1] += 1
        else:
            new = short_name(counter[0])
            counter[0] += 1
        if new not in used and not keyword.iskeyword(new):
            used.add(new)
            return new


def _assign(rename, spare, every, counter, methods, kin, under):
    """{name: short} for ``rename`` in that order: the firmware's ``spare`` names first (not
    for a name of ``under``, which keeps a leading underscore: ``folded``), then its
    ``methods`` (``type_methods``: not for a name of ``kin``, see ``on_builtin_kin``), then
    the short names nothing in ``every`` has."""
    mapping = {}
    used = set(every)
    methods = list(methods)
    for name in rename:
        u = name in under
        if spare and not u:
            mapping[name] = spare.pop()
            continue
        if methods and not u and name not in kin:
            mapping[name] = methods.pop()
            continue
        new = _next_free(used, u, counter)
        if len(new) < len(name):
            mapping[name] = new
    return mapping


def share_apart(mapping, order, free, sources, clients=None, units=None):
    """``mapping`` with the spellings of ``apart_names`` shared: in ``order``, such a name
    takes the spelling of an earlier one when no module (``clients`` counting as modules, a
    module of ``units`` as the one it maps to) spells both - their scopes never meet, so one
    spelling can stand for each. ``free`` (the names in flash) are left as they are: they cost
    nothing. A module's globals are attributes of its module object, which another module
    reads as ``alias.name``: both modules spell the name, so the rule covers them."""
    texts = _with_clients(sources, clients)
    units = units or {}
    where = {}
    for path, text in texts.items():
        for name in _tokens(text):
            where.setdefault(name, set()).add(units.get(path, path))
    apart = apart_names(sources, clients)
    out = dict(mapping)
    classes = []                # [(spelling, modules that spell one of its names)]
    for name in order:
        new = out.get(name)
        if new is None or new in free or name not in apart:
            continue
        mods = where.get(name, set())
        for i, (spelling, seen) in enumerate(classes):
            if (spelling[:1] == "_") == (new[:1] == "_") and not mods & seen:
                out[name] = spelling
                classes[i] = (spelling, seen | mods)
                break
        else:
            classes.append((new, set(mods)))
    return out


def apart_names(sources, clients=None):
    """The names no object of ours carries as an attribute (only as a module's global, an
    argument or a local): never defined in a class's body, never read or stored as
    ``x.name`` unless ``x`` is a module (bound by an import of one of ours, or of a package),
    and not spelt in a module that gives or takes ``*`` (its globals travel unseen)."""
    texts = _with_clients(sources, clients)
    modules = _module_names(sources)
    attrs, starry = set(), set()
    for path, text in texts.items():
        tree = devsrc.parse(text, path)
        aliases = set()
        for node in devsrc.walk(tree):
            if isinstance(node, ast.Import):
                aliases.update(a.asname or a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                for a in node.names:
                    if a.name == "*":
                        starry |= _tokens(text)
                    elif a.name in modules:
                        aliases.add(a.asname or a.name)
        for node in devsrc.walk(tree):
            if isinstance(node, ast.Attribute):
                if not (isinstance(node.value, ast.Name) and node.value.id in aliases):
                    attrs.add(node.attr)
            elif isinstance(node, ast.ClassDef):
                for sub in node.body:
                    if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        attrs.add(sub.name)
                    elif isinstance(sub, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                        for target in devsrc.walk(sub):
                            if isinstance(target, ast.Name) and \
                                    not isinstance(target.ctx, ast.Load):
                                attrs.add(target.id)
    spelt = set()
    for text in texts.values():
        spelt |= _tokens(text)
    return spelt - attrs - starry


# Methods the runtime itself may call by name on an object of ours (a stream's, a mapping's
# ``keys`` for ``dict.update``, a generator's): never a spelling of one of our names.
PROTOCOL = frozenset(("keys", "read", "readinto", "readline", "readlines", "write", "flush",
                      "close", "seek", "tell", "send", "throw", "ioctl"))


def type_methods(rom):
    """Names of Python's built-in types' methods and attributes (``copy``, ``count``,
    ``union``...) that the firmware holds in flash (``rom``), less the built-in functions'
    names and ``PROTOCOL``. One of them may spell a name of ours that no object of a built-in
    type (or of a class derived from one) carries: the object that has it is ours, so the
    spelling shadows nothing, and interning it costs no heap (a name in flash). The caller
    leaves out the ones our code spells."""
    names = set()
    for t in _TYPES:
        names.update(dir(t))
    return {n for n in names & set(rom) if not n.startswith("_") and not keyword.iskeyword(n)
            and n not in PROTOCOL} - set(dir(builtins))


def on_builtin_kin(sources, clients=None):
    """The names that may be attributes of an object of a built-in type's family, which
    ``type_methods``' spellings must not reach: every name a class derived (at any remove)
    from a class not of ``sources`` defines or stores on ``self`` (our exceptions derive from
    Python's), and every attribute stored on something other than ``self`` anywhere
    (``clients`` too: what that object is, is not known here)."""
    texts = _with_clients(sources, clients)
    trees = {path: devsrc.parse(text, path) for path, text in texts.items()}
    bases = {}
    for tree in trees.values():
        for node in devsrc.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, []).append(node)
    kin = set()
    changed = True
    while changed:
        changed = False
        for name, nodes in bases.items():
            if name in kin:
                continue
            for node in nodes:
                for b in node.bases:
                    bn = _base_name(b)
                    if bn is None or (bn != "object" and (bn not in bases or bn in kin)):
                        kin.add(name)
                        changed = True
    out = set()
    for tree in trees.values():
        for node in devsrc.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name in kin:
                for sub in devsrc.walk(node):
                    if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        out.add(sub.name)
                    elif isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
                        out.add(sub.id)
                    elif isinstance(sub, ast.Attribute):
                        out.add(sub.attr)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                if not (isinstance(node.value, ast.Name) and node.value.id == "self"):
                    out.add(node.attr)
    return out


def own_by_path(own, sources):
    """{path: the names of ``own`` that path's text holds}."""
    out = {}
    for path, text in sources.items():
        names = _tokens(text) & own
        if names:
            out[path] = names
    return out


@functools.lru_cache(maxsize=512)
def _tokens(text):
    """The NAME tokens of ``text`` (the planning reads each module's several times: kept)."""
    return frozenset(tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                     if tok.type == tokenize.NAME)


def _with_clients(sources, clients):
    """{path: text} of ``sources`` and of ``clients`` ({name: text}, the programs that run
    against them), which count as modules of their own."""
    texts = dict(sources)
    for name, text in (clients or {}).items():
        texts["<client %s>" % name] = text
    return texts


def _base_name(base):
    """The class name a base of a class statement names (``Judge``, ``label.Label`` ->
    ``Label``), or None."""
    return base.id if isinstance(base, ast.Name) else (
        base.attr if isinstance(base, ast.Attribute) else None)


def private(sources, candidates, clients=None, units=None):
    """The names of ``candidates`` that only one module knows, and that no object can carry
    beside another module's own names. A name is a module's own when
    - it stands in that module's text alone (``clients``, the programs that run against the
      modules, count as modules);
    - it is not stored as an attribute of anything but ``self`` there (``node.x = 1`` may put
      it on another module's object, beside that module's own names);
    - no class of that module derives from a class of another module, nor the other way
      (an instance carries the attributes of its whole family);
    - the module neither takes ``*`` from another nor gives it (the names would travel).
    The module's own names and the shared ones get disjoint spellings (``plan_all``), so two
    attributes of one object never share a spelling. ``units`` ({path: path}): modules that
    count as the module they map to (all that is said here of one is said of it)."""
    units = units or {}
    texts = _with_clients(sources, clients)
    seen = {}
    for path, text in texts.items():
        for name in _tokens(text) & candidates:
            seen.setdefault(name, set()).add(units.get(path, path))
    classes = {}
    trees = {}
    for path, text in texts.items():
        tree = trees[path] = devsrc.parse(text, path)
        for node in devsrc.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, set()).add(path)
    family = set()         # modules whose classes have kin in another module
    starry = set()         # modules that give or take ``*``
    shared = set()         # attributes stored on something else than self
    for path, tree in trees.items():
        for node in devsrc.walk(tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    bname = _base_name(base)
                    homes = classes.get(bname, set())
                    if bname and homes and homes != {path}:
                        family.add(path)
                        family.update(homes)
            elif isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
                starry.add(path)
                mod = (node.module or "").replace(".", os.sep)
                for other in texts:
                    if other.endswith(mod + ".py") or other.endswith(
                            os.path.join(mod, "__init__.py")):
                        starry.add(other)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                if not (isinstance(node.value, ast.Name) and node.value.id == "self"):
                    shared.add(node.attr)
    attrs = {}
    for path, tree in trees.items():
        if path in family:
            for node in devsrc.walk(tree):
                if isinstance(node, ast.Attribute):
                    attrs.setdefault(path, set()).add(node.attr)
                elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    attrs.setdefault(path, set()).add(node.name)
    for path, unit in units.items():
        if path in starry:
            starry.add(unit)
        if path in attrs:
            attrs.setdefault(unit, set()).update(attrs[path])
    own = set()
    for name, paths in seen.items():
        if len(paths) != 1 or name in shared:
            continue
        (path,) = paths
        if path.startswith("<client") or path in starry or name in attrs.get(path, ()):
            continue
        own.add(name)
    return own


def apply(text, mapping):
    """``text`` with every NAME token in ``mapping`` replaced; nothing else changes."""
    out = []
    lines = text.splitlines(keepends=True)
    edits = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NAME and tok.string in mapping:
            edits.setdefault(tok.start[0], []).append((tok.start[1], tok.end[1], mapping[tok.string]))
    for lineno, line in enumerate(lines, 1):
        for start, end, new in sorted(edits.get(lineno, ()), reverse=True):
            line = line[:start] + new + line[end:]
        out.append(line)
    return "".join(out)
