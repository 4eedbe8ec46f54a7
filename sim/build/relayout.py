"""The device's module layout, made from the source tree: the first step of the bundle.

The source is for readers: ``skat_core`` is cut into packages by concept (``engine``,
``notation``, ``solver``, ``bot``, ``bot.prelude``, ``three``), and so is the app (``skat_ui.screens``,
``skat_ui.storage``, ``skat_ui.texts``). The device wants the opposite: every package is a
module object with a dict and a name on the heap, and the phase drops forget modules as a
flat set. So the bundle maps each source module to a module of the one flat ``skat_core``
or ``skat_ui`` package on the drive (``MODULES``; a subpackage is its top package there).

A device module's name is short: a letter for its concept and one for the module
(``skat_core.solver.search`` -> ``skat_core.Se``). Every module costs three interned strings
on the board for good - its dotted name (``skat_core.Se``), its name in the package and
the path of its file, which the import keeps as ``__file__`` (``skat_core/Se.mpy``). With the
readable flat names (the search was ``skat_core.ss_search``) the interned strings were 1.1 KB larger at the
evening's peak (8.2 against 7.1 KB), in chunks placed wherever a module first loads; the
evening's 12 deals needed 120.8 KB on the worst of five layouts, 118.9 KB with short names
(CircuitPython's interpreter, 2026-12-05). ``MODULES`` is the
key to a board's traceback (``File "Se"``); a short name is spelt nowhere in our code
(tests/build/test_relayout.py), so it shadows no name. The app's top modules (``app``: code.py
imports it; ``hint``, ``gfx``, ``ui``, ``text``, ``settings``, ``ui_labels``: the
residency table names some of them) keep their names.

The relayout rewrites what names a module:

- ``from skat_core.solver.search import run`` -> ``from skat_core.Se import run``;
- ``from skat_core.bot.prelude import hand as bot_hand`` -> ``from skat_core import Pf as
  bot_hand`` (the source's name stays the importer's name; an alias that equals the device
  name is left out);
- ``import skat_core.engine.game`` -> ``import skat_core.Ee`` (both bind ``skat_core``: reach
  the module by a ``from`` import, not by a dotted attribute path);
- from-imports on one line that land in the same device package become one statement:
  ``from skat_ui.storage import save; from skat_ui import text`` ->
  ``from skat_ui import Oe as save, text``;
- a string constant that is exactly a mapped module or package name (the residency table
  in ``skat_core/__init__.py``, the one place our code spells a module's name in a string:
  tests/build/test_relayout.py) -> the device's name;
- a format string that names a family of modules (``FORMATS``: the table's help pages,
  ``"skat_ui.texts.help_%s%d"``) -> the device's (``"skat_ui.H%s%d"``);
- a tuple of ``skat_ui``'s package names (the table's ``UI``: where a dropped module of the
  app may be an attribute) -> ``("skat_ui",)``, the device's one package named once
  (``ONE_PACKAGE``).

The subpackages' ``__init__.py`` hold only a docstring and do not go onto the drive. Only
import statements and such string constants change; every other byte, and every line
number, stays. ``tests/build/test_relayout.py`` checks the mapping (complete, one-to-one, every
import and every module name on the drive resolves, no folder over 15 modules).
"""

import ast
import os

from sim.build import devsrc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Source module -> device module: every module of skat_core and of skat_ui's subpackages.
# The first letter says the concept: K the basics (skat_core's top), E the engine, N the
# notation, S the solver, B the bot, P its pre-play part (bot.prelude), D Skat zu dritt
# (three), C the app's screens,
# O its storage; the second is the module's place in its package, in alphabetical order. The
# texts keep their language: T the screen words, S the settings screen's, H the help pages.
MODULES = {
    'skat_core.bot.advice': 'skat_core.Ba',
    'skat_core.bot.adviser': 'skat_core.Bb',
    'skat_core.bot.analyse_judge': 'skat_core.Bc',
    'skat_core.bot.base': 'skat_core.Bd',
    'skat_core.bot.bot': 'skat_core.Be',
    'skat_core.bot.know': 'skat_core.Bf',
    'skat_core.bot.load': 'skat_core.Bg',
    'skat_core.bot.lone_judge': 'skat_core.Bh',
    'skat_core.bot.offer': 'skat_core.Bi',
    'skat_core.bot.pick': 'skat_core.Bj',
    'skat_core.bot.play': 'skat_core.Bk',
    'skat_core.bot.rules': 'skat_core.Bl',
    'skat_core.bot.worlds': 'skat_core.Bm',
    'skat_core.bot.three': 'skat_core.Bn',
    'skat_core.bot.prelude.bidtable': 'skat_core.Pa',
    'skat_core.bot.prelude.choice': 'skat_core.Pb',
    'skat_core.bot.prelude.decl': 'skat_core.Pc',
    'skat_core.bot.prelude.declare': 'skat_core.Pd',
    'skat_core.bot.prelude.discard': 'skat_core.Pe',
    'skat_core.bot.prelude.hand': 'skat_core.Pf',
    'skat_core.bot.prelude.hand_eval': 'skat_core.Pg',
    'skat_core.bot.prelude.three_decl': 'skat_core.Pi',
    'skat_core.bot.prelude.three_table': 'skat_core.Ph',
    'skat_core.bot.prelude.three_thumb': 'skat_core.Pj',
    'skat_core.budget': 'skat_core.Ka',
    'skat_core.cards': 'skat_core.Kb',
    'skat_core.codes': 'skat_core.Kc',
    'skat_core.layout': 'skat_core.Kd',
    'skat_core.rng': 'skat_core.Ke',
    'skat_core.rulecheck': 'skat_core.Kf',
    'skat_core.rules': 'skat_core.Kg',
    'skat_core.engine.bid_declare': 'skat_core.Ea',
    'skat_core.engine.bid_ladder': 'skat_core.Eb',
    'skat_core.engine.bidding': 'skat_core.Ec',
    'skat_core.engine.breakdown': 'skat_core.Ed',
    'skat_core.engine.game': 'skat_core.Ee',
    'skat_core.engine.play': 'skat_core.Ef',
    'skat_core.engine.play_calls': 'skat_core.Eg',
    'skat_core.engine.play_count': 'skat_core.Eh',
    'skat_core.engine.play_tricks': 'skat_core.Ei',
    'skat_core.engine.score': 'skat_core.Ej',
    'skat_core.engine.series': 'skat_core.Ek',
    'skat_core.engine.values': 'skat_core.El',
    'skat_core.engine.view': 'skat_core.Em',
    'skat_core.engine.viewfill': 'skat_core.En',
    'skat_core.notation.cardtext': 'skat_core.Na',
    'skat_core.notation.names': 'skat_core.Nb',
    'skat_core.notation.record': 'skat_core.Nc',
    'skat_core.solver.bounds': 'skat_core.Sa',
    'skat_core.solver.load': 'skat_core.Sb',
    'skat_core.solver.movegen': 'skat_core.Sc',
    'skat_core.solver.order': 'skat_core.Sd',
    'skat_core.solver.search': 'skat_core.Se',
    'skat_core.solver.solve': 'skat_core.Sf',
    'skat_core.solver.table': 'skat_core.Sg',
    'skat_core.solver.values': 'skat_core.Sh',
    'skat_core.three.bidding': 'skat_core.Da',
    'skat_core.three.game': 'skat_core.Db',
    'skat_core.three.play': 'skat_core.Dc',
    'skat_core.three.rules': 'skat_core.Dd',
    'skat_core.three.schieben': 'skat_core.Df',
    'skat_core.three.series': 'skat_core.Dg',
    'skat_core.three.view': 'skat_core.De',
    'skat_ui.screens.analysis': 'skat_ui.Ca',
    'skat_ui.screens.base': 'skat_ui.Cb',
    'skat_ui.screens.bid': 'skat_ui.Cc',
    'skat_ui.screens.bid3': 'skat_ui.Ci',
    'skat_ui.screens.declare': 'skat_ui.Cd',
    'skat_ui.screens.menu': 'skat_ui.Ce',
    'skat_ui.screens.play': 'skat_ui.Cf',
    'skat_ui.screens.play3': 'skat_ui.Ck',
    'skat_ui.screens.result': 'skat_ui.Cg',
    'skat_ui.screens.result3': 'skat_ui.Cj',
    'skat_ui.screens.table': 'skat_ui.Ch',
    'skat_ui.screens.playmenu': 'skat_ui.Cm',
    'skat_ui.screens.stakes': 'skat_ui.Cs',
    'skat_ui.storage.persist': 'skat_ui.Oa',
    'skat_ui.storage.recout': 'skat_ui.Ob',
    'skat_ui.storage.restore': 'skat_ui.Oc',
    'skat_ui.storage.resume': 'skat_ui.Od',
    'skat_ui.storage.save': 'skat_ui.Oe',
    'skat_ui.storage.shelf': 'skat_ui.Of',
    'skat_ui.texts.de': 'skat_ui.Tde',
    'skat_ui.texts.en': 'skat_ui.Ten',
    'skat_ui.texts.help_de1': 'skat_ui.Hde1',
    'skat_ui.texts.help_de2': 'skat_ui.Hde2',
    'skat_ui.texts.help_de3': 'skat_ui.Hde3',
    'skat_ui.texts.help_de4': 'skat_ui.Hde4',
    'skat_ui.texts.help_en1': 'skat_ui.Hen1',
    'skat_ui.texts.help_en2': 'skat_ui.Hen2',
    'skat_ui.texts.help_en3': 'skat_ui.Hen3',
    'skat_ui.texts.help_en4': 'skat_ui.Hen4',
    'skat_ui.texts.settings_de': 'skat_ui.Sde',
    'skat_ui.texts.settings_en': 'skat_ui.Sen',
    'skat_ui.texts.three_de': 'skat_ui.T3de',
    'skat_ui.texts.three_en': 'skat_ui.T3en',
}
# Source subpackages: on the device each is its top package (``skat_core``, ``skat_ui``).
PACKAGES = ("skat_core.engine", "skat_core.notation", "skat_core.solver", "skat_core.bot",
            "skat_core.bot.prelude", "skat_core.three", "skat_ui.screens", "skat_ui.storage", "skat_ui.texts")
# Format strings that name a family of modules at run time (the table's help pages):
# source -> device. tests/build/test_relayout.py checks that each formats to mapped names only.
FORMATS = {"skat_ui.texts.help_%s%d": "skat_ui.H%s%d"}
# A tuple of this package's names (skat_core.UI: the packages a dropped module may be an
# attribute of) is the device's one package, named once. skat_core's PACKAGES is mapped name by name
# instead (its drive has kept one entry per source package since skat_core's split).
ONE_PACKAGE = "skat_ui"


def device_module(name, modules=None, packages=PACKAGES):
    """The device's name of source module or package ``name`` (unchanged if not mapped);
    ``modules`` (default ``MODULES``) and ``packages`` give another mapping."""
    modules = MODULES if modules is None else modules
    if name in modules:
        return modules[name]
    if name in packages:
        return name.partition(".")[0]
    return name


def device_path(rel):
    """The drive's relative path of source file ``rel`` (``/``-separated, from the
    repository's root), or None for a file that does not go onto the drive (a subpackage's
    ``__init__.py``)."""
    parts = rel.replace(os.sep, "/").split("/")
    lib = parts[:1] == ["lib"]
    if lib:
        parts = parts[1:]
    if parts[0] not in ("skat_core", "skat_ui"):
        return rel
    if parts[-1] == "__init__.py":
        return rel if len(parts) == 2 else None
    dotted = ".".join(parts)[:-3]
    return ("lib/" if lib else "") + device_module(dotted).replace(".", "/") + ".py"


def _offsets(text):
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def positions(text):
    """(pos, span) for ``text``: ``pos(lineno, col)`` the index in ``text`` of an ast position
    (the column counts UTF-8 bytes), ``span(node)`` a node's (start, end) indices."""
    lines = text.splitlines(keepends=True)
    starts = _offsets(text)

    def pos(lineno, col):
        return starts[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    def span(node):
        return pos(node.lineno, node.col_offset), pos(node.end_lineno, node.end_col_offset)
    return pos, span


def apply_edits(text, edits):
    """``text`` with each (start, end, new text) of ``edits`` (not overlapping) put in."""
    for start, end, new_text in sorted(edits, reverse=True):
        text = text[:start] + new_text + text[end:]
    return text


def device_string(value, modules=None, packages=PACKAGES):
    """The device's spelling of string constant ``value`` (unchanged if it names no moved
    module): a full module or package name, or a format string of ``FORMATS`` (see the
    module docstring)."""
    modules = MODULES if modules is None else modules
    if value in FORMATS:
        return FORMATS[value]
    return device_module(value, modules, packages)


def _one_package(node, packages):
    """Whether ``node`` is a tuple of ``ONE_PACKAGE``'s package names, a subpackage among
    them (see the module docstring)."""
    if not (isinstance(node, ast.Tuple) and node.elts):
        return False
    names = [e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None
             for e in node.elts]
    ours = [n == ONE_PACKAGE or (n in packages and n.startswith(ONE_PACKAGE + "."))
            for n in names]
    return all(ours) and any(n != ONE_PACKAGE for n in names)


def _from_import(text):
    """(module, names) of ``text`` if it is one single-line ``from module import names``
    without parentheses, else None."""
    head, sep, names = text.partition(" import ")
    if (sep and head.startswith("from ") and " " not in head[5:] and "\n" not in text
            and not any(c in names for c in "();")):
        return head[5:], names
    return None


def _merge_line(stmts, text):
    """Join the adjacent from-imports among ``stmts`` [(start, end, new text)] (one line's,
    in order) that land in the same device package and stand ``; `` apart, where at least
    one of them was rewritten."""
    out = []
    for start, end, new in stmts:
        if out:
            pstart, pend, pnew = out[-1]
            a, b = _from_import(pnew), _from_import(new)
            moved = pnew != text[pstart:pend] or new != text[start:end]
            if a and b and a[0] == b[0] and text[pend:start] == "; " and moved:
                out[-1] = (pstart, end, "from %s import %s, %s" % (a[0], a[1], b[1]))
                continue
        out.append((start, end, new))
    return out


def rewrite(text, modules=None, packages=PACKAGES):
    """``text`` with the names of moved modules replaced by the device's (see the module
    docstring). ``modules``/``packages``: another mapping (``sim/tools/previous.py`` maps an old
    commit's flat names to today's source)."""
    modules = MODULES if modules is None else modules

    def new(name):
        return device_module(name, modules, packages)

    tree = devsrc.parse(text)
    pos, span = positions(text)
    edits = []
    froms = {}                       # line -> [(start, end, new text)] of its from-imports
    done = set()                     # constants inside a tuple already rewritten whole
    for node in devsrc.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            start, end = span(node)
            stmt = text[start:end]
            subs = [node.module + "." + a.name in modules for a in node.names]
            if node.module in packages or any(subs):
                groups = {}          # parent -> ["leaf" or "leaf as local"], in order
                for alias, sub in zip(node.names, subs):
                    local = alias.asname or alias.name
                    if sub or node.module in packages:
                        parent, _, leaf = new(node.module + "." + alias.name).rpartition(".")
                    else:            # an attribute of the module, not a submodule
                        parent, leaf = new(node.module), alias.name
                    groups.setdefault(parent, []).append(
                        leaf if local == leaf else "%s as %s" % (leaf, local))
                stmt = "; ".join("from %s import %s" % (parent, ", ".join(names))
                                 for parent, names in groups.items())
            elif new(node.module) != node.module:
                at = stmt.index(node.module)
                stmt = stmt[:at] + new(node.module) + stmt[at + len(node.module):]
            froms.setdefault(node.lineno, []).append((start, end, stmt))
        elif isinstance(node, ast.Import):
            start, end = span(node)
            names = [new(a.name) if a.asname is None else "%s as %s" % (new(a.name), a.asname)
                     for a in node.names]
            if any(new(a.name) != a.name for a in node.names):
                edits.append((start, end, "import " + ", ".join(names)))
        elif _one_package(node, packages):
            if node.lineno != node.end_lineno:
                raise ValueError("line %d: a tuple of packages to map spans lines" % node.lineno)
            start, end = span(node)
            quote = text[pos(node.elts[0].lineno, node.elts[0].col_offset)]
            edits.append((start, end, "(%s%s%s,)" % (quote, ONE_PACKAGE, quote)))
            done.update(id(e) for e in node.elts)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in done):
            value = device_string(node.value, modules, packages)
            if value != node.value:
                start, end = span(node)
                quote = text[start]
                edits.append((start, end, quote + value + quote))
    for stmts in froms.values():
        edits.extend(e for e in _merge_line(sorted(stmts), text) if e[2] != text[e[0]:e[1]])
    return apply_edits(text, edits)


def device_texts(texts):
    """{source path: text} -> {device path: text}: paths absolute under ROOT, as
    ``sim.build.bundle.own_files`` gives them."""
    out = {}
    for path, text in texts.items():
        rel = device_path(os.path.relpath(path, ROOT))
        if rel is None:
            body = devsrc.parse(text).body
            if len(body) > 1 or (body and not (isinstance(body[0], ast.Expr)
                                               and isinstance(body[0].value, ast.Constant))):
                raise ValueError("%s: a subpackage's __init__ holds only its docstring (it "
                                 "does not go onto the drive)" % path)
            continue
        out[os.path.join(ROOT, rel)] = rewrite(text)
    return out
