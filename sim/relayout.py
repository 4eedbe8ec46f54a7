"""The device's module layout, made from the source tree: the first step of the bundle.

The source is for readers: ``skat_core`` is cut into packages by concept (``engine``,
``notation``, ``solver``, ``bot``, ``bot.prelude``). The device wants the opposite: every
package is a module object with a dict and a name on the heap, and the phase drops forget
modules as a flat set. So the bundle maps each source module to a module of the one flat
``skat_core`` package on the drive (``MODULES``), rewriting what names a module:

- ``from skat_core.solver.search import run`` -> ``from skat_core.ss_search import run``;
- ``from skat_core.bot.prelude import hand as bot_hand`` -> ``from skat_core import bot_hand``
  (an alias that equals the device name is left out);
- ``import skat_core.engine.game`` -> ``import skat_core.game`` (both bind ``skat_core``: reach
  the module by a ``from`` import, not by a dotted attribute path);
- a string constant that is exactly a mapped module or package name (the residency table
  in ``skat_core/__init__.py``) -> the device's name.

The subpackages' ``__init__.py`` hold only a docstring and do not go onto the drive. Only
import statements and such string constants change; every other byte, and every line
number, stays. ``tests/test_relayout.py`` checks the mapping (complete, one-to-one, every
import on the drive resolves).
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Source module -> device module. A module of the basics (cards, codes, rules, layout, rng,
# budget, rulecheck) has the same name in both.
MODULES = {
    'skat_core.bot.advice': 'skat_core.bot_advice',
    'skat_core.bot.adviser': 'skat_core.bot_adviser',
    'skat_core.bot.analyse_judge': 'skat_core.bot_analyse_judge',
    'skat_core.bot.lone_judge': 'skat_core.bot_lone_judge',
    'skat_core.bot.base': 'skat_core.bot_base',
    'skat_core.bot.bot': 'skat_core.bot',
    'skat_core.bot.know': 'skat_core.bot_know',
    'skat_core.bot.load': 'skat_core.bot_load',
    'skat_core.bot.offer': 'skat_core.bot_offer',
    'skat_core.bot.pick': 'skat_core.bot_pick',
    'skat_core.bot.play': 'skat_core.bot_play',
    'skat_core.bot.prelude.bidtable': 'skat_core.bidtable',
    'skat_core.bot.prelude.choice': 'skat_core.bot_choice',
    'skat_core.bot.prelude.decl': 'skat_core.bot_decl',
    'skat_core.bot.prelude.declare': 'skat_core.bot_declare',
    'skat_core.bot.prelude.discard': 'skat_core.bot_discard',
    'skat_core.bot.prelude.hand': 'skat_core.bot_hand',
    'skat_core.bot.prelude.hand_eval': 'skat_core.bot_eval',
    'skat_core.bot.rules': 'skat_core.bot_rules',
    'skat_core.bot.worlds': 'skat_core.bot_worlds',
    'skat_core.engine.bid_declare': 'skat_core.bid_declare',
    'skat_core.engine.bid_ladder': 'skat_core.bid_ladder',
    'skat_core.engine.bidding': 'skat_core.bidding',
    'skat_core.engine.breakdown': 'skat_core.breakdown',
    'skat_core.engine.game': 'skat_core.game',
    'skat_core.engine.play': 'skat_core.play',
    'skat_core.engine.play_calls': 'skat_core.play_calls',
    'skat_core.engine.play_count': 'skat_core.play_count',
    'skat_core.engine.play_tricks': 'skat_core.play_tricks',
    'skat_core.engine.score': 'skat_core.score',
    'skat_core.engine.series': 'skat_core.series',
    'skat_core.engine.values': 'skat_core.values',
    'skat_core.engine.view': 'skat_core.view',
    'skat_core.engine.viewfill': 'skat_core.viewfill',
    'skat_core.notation.cardtext': 'skat_core.cardtext',
    'skat_core.notation.names': 'skat_core.names',
    'skat_core.notation.record': 'skat_core.record',
    'skat_core.solver.bounds': 'skat_core.ss_bounds',
    'skat_core.solver.load': 'skat_core.ss_load',
    'skat_core.solver.movegen': 'skat_core.ss_movegen',
    'skat_core.solver.order': 'skat_core.ss_order',
    'skat_core.solver.search': 'skat_core.ss_search',
    'skat_core.solver.solve': 'skat_core.solve',
    'skat_core.solver.table': 'skat_core.ss_table',
    'skat_core.solver.values': 'skat_core.ss_values',
}
# Source packages whose modules live in the device's ``skat_core``.
PACKAGES = ("skat_core.engine", "skat_core.notation", "skat_core.solver", "skat_core.bot",
            "skat_core.bot.prelude")


def device_module(name, modules=None, packages=PACKAGES):
    """The device's name of source module or package ``name`` (unchanged if not mapped);
    ``modules`` (default ``MODULES``) and ``packages`` give another mapping."""
    modules = MODULES if modules is None else modules
    if name in modules:
        return modules[name]
    if name in packages:
        return "skat_core"
    return name


def device_path(rel):
    """The drive's relative path of source file ``rel`` (``/``-separated, from the
    repository's root), or None for a file that does not go onto the drive (a subpackage's
    ``__init__.py``)."""
    parts = rel.replace(os.sep, "/").split("/")
    if parts[0] != "skat_core" or len(parts) == 2:
        return rel
    if parts[-1] == "__init__.py":
        return None
    dotted = ".".join(parts)[:-3]
    return device_module(dotted).replace(".", "/") + ".py"


def _offsets(text):
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def rewrite(text, modules=None, packages=PACKAGES):
    """``text`` with the names of moved modules replaced by the device's (see the module
    docstring). ``modules``/``packages``: another mapping (``sim/previous.py`` maps an old
    commit's flat names to today's source)."""
    modules = MODULES if modules is None else modules

    def new(name):
        return device_module(name, modules, packages)

    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    starts = _offsets(text)

    def pos(lineno, col):
        return starts[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            start, end = pos(node.lineno, node.col_offset), pos(node.end_lineno, node.end_col_offset)
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
                edits.append((start, end, "; ".join(
                    "from %s import %s" % (parent, ", ".join(names))
                    for parent, names in groups.items())))
            elif new(node.module) != node.module:
                at = start + stmt.index(node.module)
                edits.append((at, at + len(node.module), new(node.module)))
        elif isinstance(node, ast.Import):
            start, end = pos(node.lineno, node.col_offset), pos(node.end_lineno, node.end_col_offset)
            names = [new(a.name) if a.asname is None else "%s as %s" % (new(a.name), a.asname)
                     for a in node.names]
            if any(new(a.name) != a.name for a in node.names):
                edits.append((start, end, "import " + ", ".join(names)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if new(node.value) != node.value:
                start, end = pos(node.lineno, node.col_offset), pos(node.end_lineno, node.end_col_offset)
                quote = text[start]
                edits.append((start, end, quote + new(node.value) + quote))
    for start, end, new_text in sorted(edits, reverse=True):
        text = text[:start] + new_text + text[end:]
    return text


def device_texts(texts):
    """{source path: text} -> {device path: text}: paths absolute under ROOT, as
    ``sim.bundle.own_files`` gives them."""
    out = {}
    for path, text in texts.items():
        rel = device_path(os.path.relpath(path, ROOT))
        if rel is None:
            body = ast.parse(text).body
            if len(body) > 1 or (body and not (isinstance(body[0], ast.Expr)
                                               and isinstance(body[0].value, ast.Constant))):
                raise ValueError("%s: a subpackage's __init__ holds only its docstring (it "
                                 "does not go onto the drive)" % path)
            continue
        out[os.path.join(ROOT, rel)] = rewrite(text)
    return out
