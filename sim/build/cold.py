"""Code the play never runs, out of the modules resident in play: the bundle's step that moves
the functions that run only while the app boots, or only between deals, into device modules
of their own, which the app drops when that moment is over.

A module's code stays on the heap as long as the module does, and the modules resident in
play (the app with its drawing and storage, the engine's core, the bot's driver) also hold
the code that builds them at boot - the constructors of the App, the Ui, the canvas, the
Game, the views - and the code of a deal's start - the Game's reset and deal, the App's new
series and deal. The evening traced on CPython (every call of a function of ours, and whether
a hand was in play: docs/memory.md, "Step 4") finds those functions; on the play's peak they
were ~5.7 KB of bytecode. The source keeps each where a reader looks for it (a class's
constructor in its class); the drive moves it:

- the function goes to the row's device module (``ROWS``), as a module-level function named
  after its class and itself (``Ui.__init__`` -> ``Ui_init``, ``f`` -> ``fn_f``), with the
  names it reads of its module imported from that module at the top (a name it declares
  ``global`` is written as that module's attribute);
- in its place a forwarder of two lines with the same signature imports the row's module and
  calls the function there; the lines below stay where they were.

The app drops each row's modules when its moment is over (``skat_core.BOOT_CODE`` after the
boot, ``skat_core.DEAL_CODE`` at the opening lead with ``PRE_PLAY``), their dicts cleared; a
later call imports the module again (it costs time, never a wrong result). A moved function
must read nothing of its module once its row is dropped: the lead's drop comes from the app's
``show_table``, which a moved function calls only as the last thing it does (the boot resuming
a deal in play; tests/build/test_cold.py).

Refused, with the reason (``ColdError``): a function that is not found, is decorated, calls
``super()``, is a single line, reads a name its module does not bind, or lies in another
package than its row's module. The golden checks are the bundle's: the drive plays and draws
every screen like the source (tests/build/test_sim_bundle.py), the .mpy drive plays the
evening's keys to the same saves (tests/device), and tests/build/test_cold.py checks a row
rule by rule.

Runs after the join (sim/build/merge.py: a function is found in its joined module) and before
the short names (sim/build/shortnames.py: the moved functions' names are shared by two
modules). Only where the join runs (bytecode compiled on the host).
"""

import ast
import builtins
import os

from sim.build import devsrc, merge, relayout

# Device module -> the functions it takes ("source module:Class.function" or
# "source module:function"). The device modules are skat_core's residency table's
# ``BOOT_CODE`` and ``DEAL_CODE`` (tests/build/test_cold.py); a row's functions are of the
# package the module is in.
ROWS = {
    # Run once, while the app boots: the objects the app keeps for good are built here.
    "skat_core.Zb": ("skat_core.engine.game:Game.__init__",
                     "skat_core.engine.view:View.__init__"),
    "skat_ui.Zb": ("skat_ui.app:App.__init__", "skat_ui.app:App.boot", "skat_ui.app:App.load",
                   "skat_ui.ui:Ui.__init__", "skat_ui.ui:Text.__init__",
                   "skat_ui.gfx:Canvas.__init__", "skat_ui.gfx:Canvas._sheet",
                   "skat_ui.storage.save:Store.__init__",
                   "skat_ui.storage.save:Store.load",
                   "skat_ui.storage.save:_slot_payload_range", "skat_ui.settings:defaults",
                   "skat_ui.ui:Text._ascii_base"),
    # Run between deals: a deal's set-up up to the opening lead and the rules' table (read at
    # a new series). Not the series' booking: it comes at the count, and importing the row
    # there moved the need up by 1.9 KB (2026-12-06, docs/memory.md "Step 4").
    "skat_core.Zd": ("skat_core.engine.game:Game._reset", "skat_core.engine.game:Game.deal",
                     "skat_core.engine.game:Game.deal_from_seed",
                     "skat_core.engine.game:Game.deal_hands",
                     "skat_core.engine.game:Game.start_play",
                     "skat_core.rules:Rules.__init__", "skat_core.rules:Rules._derive"),
    "skat_ui.Zd": ("skat_ui.app:App.new_series", "skat_ui.app:App.new_deal",
                   "skat_ui.app:App.set_table"),
}


class ColdError(ValueError):
    """A function that cannot be moved as it stands, with the reason."""


def device_rows(rows=None, groups=None):
    """{device module: ((device module of the function, qualified name), ...)}: ``rows``
    (default ``ROWS``) with each function's module named as the relayout and the join name
    it (``groups``: merge's, default ``merge.device_groups()``)."""
    rows = ROWS if rows is None else rows
    target_of = merge.joined_of(groups)
    out = {}
    for target, functions in rows.items():
        row = []
        for spec in functions:
            module, _, qual = spec.partition(":")
            dev = relayout.device_module(module)
            row.append((target_of.get(dev, dev), qual))
        out[target] = tuple(row)
    return out


def cold_name(qual):
    """The moved function's name in its row's module: ``Ui.__init__`` -> ``Ui_init``; a
    module's function ``defaults`` -> ``fn_defaults`` (its forwarder keeps ``defaults``, which
    other moved functions may read)."""
    parts = [part.strip("_") for part in qual.split(".")]
    return "_".join(parts) if len(parts) > 1 else "fn_" + parts[0]


def _find(tree, qual):
    """The FunctionDef of ``qual`` ("f" or "Class.f") at the top of ``tree``, and its class."""
    parts = qual.split(".")
    if len(parts) == 1:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name == parts[0]:
                return node, None
        return None, None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == parts[0]:
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef) and sub.name == parts[1]:
                    return sub, node
    return None, None


def _reads(fn):
    """(the global names function ``fn`` reads, the names it declares global)."""
    scopes = merge._scopes(fn)
    local = set()
    glob = set()
    for node in devsrc.walk(fn):
        if isinstance(node, ast.Global):
            glob.update(node.names)
    for _f, names in scopes:
        local |= names
    out = set()
    for node in devsrc.walk(fn):
        if isinstance(node, ast.Name) and (node.id in glob or node.id not in local):
            out.add(node.id)
    return out - glob, glob


def _call(args):
    """The arguments a forwarder passes on: its own, by position, ``*`` and ``**``."""
    out = [a.arg for a in args.posonlyargs + args.args]
    if args.vararg is not None:
        out.append("*" + args.vararg.arg)
    out.extend("%s=%s" % (a.arg, a.arg) for a in args.kwonlyargs)
    if args.kwarg is not None:
        out.append("**" + args.kwarg.arg)
    return ", ".join(out)


def _cut(text, fn, origin_alias, glob):
    """The source of ``fn`` (a node of ``text``) as a module-level function of the row's
    module: dedented, renamed by the caller, a name it declares global written as
    ``origin_alias.name``."""
    lines = text.splitlines(keepends=True)[fn.lineno - 1:fn.end_lineno]
    col = fn.col_offset
    own = "".join(line[col:] if line[:col].strip() == "" else line.lstrip() for line in lines)
    if not glob:
        return own
    tree = devsrc.parse(own)
    _pos, span = relayout.positions(own)
    edits = []
    for node in devsrc.walk(tree):
        if isinstance(node, ast.Global):
            start, end = span(node)
            edits.append((start, end, "pass"))
        elif isinstance(node, ast.Name) and node.id in glob:
            start, end = span(node)
            edits.append((start, end, "%s.%s" % (origin_alias, node.id)))
    return relayout.apply_edits(own, edits)


def units(texts, root, rows=None):
    """{drive path of a row's module: drive path of the module its functions came from}, for
    the rows whose functions all came from one module: for the short names, such a row is a
    part of that module (its own names keep the module's spellings:
    sim/build/shortnames.py, ``plan_all``)."""
    rows = device_rows() if rows is None else rows
    by_module = {merge._module_of(p, root): p for p in texts}
    out = {}
    for target, functions in rows.items():
        origins = {module for module, _qual in functions}
        if len(origins) == 1 and target in by_module:
            out[by_module[target]] = by_module[origins.pop()]
    return out


def split(texts, root, rows=None):
    """``texts`` ({drive path: text}, after the join) with each function of ``rows`` ({device
    module: ((device module, qualified name), ...)}, default ``device_rows()``) moved into
    its row's module, a forwarder in its place. Returns the new texts."""
    rows = device_rows() if rows is None else rows
    by_module = {merge._module_of(p, root): p for p in texts}
    out = dict(texts)
    for target, functions in rows.items():
        if target in by_module:
            raise ColdError("%s: a module of that name is in the source already" % target)
        package = target.rpartition(".")[0]
        imports = {}          # origin module -> names the row reads of it
        aliases = {}          # origin module -> its alias in the row (names set global)
        bodies = []
        moved = set()
        for module, qual in functions:
            where = "%s:%s" % (module, qual)
            if module.rpartition(".")[0] != package:
                raise ColdError("%s: not of package %s, where %s goes" % (where, package, target))
            path = by_module.get(module)
            if path is None:
                raise ColdError("%s: no such module on the drive" % where)
            text = out[path]
            tree = devsrc.parse(text)
            fn, cls = _find(tree, qual)
            if fn is None:
                raise ColdError("%s: no such function at the top of its module or class" % where)
            if fn.decorator_list:
                raise ColdError("%s: decorated (a forwarder would lose what the decorator "
                                "does)" % where)
            if fn.end_lineno == fn.lineno:
                raise ColdError("%s: one line, no room for its forwarder" % where)
            if any(isinstance(n, ast.Name) and n.id == "super" for n in devsrc.walk(fn)):
                raise ColdError("%s: calls super(), which needs its class" % where)
            reads, glob = _reads(fn)
            top = merge._top_bindings(text)
            unknown = sorted(n for n in reads if n not in top and not hasattr(builtins, n))
            if unknown:
                raise ColdError("%s: reads %s, which its module does not bind" % (
                    where, ", ".join(unknown)))
            names = imports.setdefault(module, set())
            names.update(n for n in reads if n in top)
            alias = None
            if glob:
                alias = aliases.setdefault(module, "_m%d" % len(aliases))
            new = cold_name(qual)
            if new in moved:
                raise ColdError("%s: %s is moved twice" % (where, new))
            moved.add(new)
            body = _cut(text, fn, alias, glob)
            head = "def %s(" % fn.name
            if not body.startswith(head):
                raise ColdError("%s: its definition does not begin on its first line" % where)
            bodies.append("def %s(%s" % (new, body[len(head):]))
            # The forwarder: the same signature, on the function's first lines; blank lines
            # keep the lines below where they were.
            indent = " " * fn.col_offset
            lines = text.splitlines(keepends=True)
            fwd = "%sdef %s(%s):\n%s    from %s import %s as _c; return _c.%s(%s)\n" % (
                indent, fn.name, ast.unparse(fn.args), indent, package,
                target.rpartition(".")[2], new, _call(fn.args))
            n = fn.end_lineno - fn.lineno + 1
            lines[fn.lineno - 1:fn.end_lineno] = [fwd] + ["\n"] * (n - 2)
            out[path] = "".join(lines)
        head = []
        for module in sorted(imports):
            names = sorted(imports[module])
            clash = sorted(set(names) & moved)
            if clash:
                raise ColdError("%s: reads %s of %s, the name of a moved function" % (
                    target, clash[0], module))
            if names:
                head.append(merge._import_line(module, [(n, None) for n in names]) + "\n")
            if module in aliases:
                pkg, _, last = module.rpartition(".")
                head.append("from %s import %s as %s\n" % (pkg, last, aliases[module]))
        like = by_module[functions[0][0]]
        out[merge._path_of(target, like)] = "".join(head) + "\n" + "\n".join(bodies)
    return out
