"""Fewer, larger modules on the device: the bundle's step that joins the modules of one phase
into one device module.

A module costs the heap for itself besides its code: its object, its dict, its three
interned names (the dotted name, the name in its package, the file), and in every module that
imports from it the bindings of what it imports (CircuitPython's interpreter, 2026-12-06: 30
one-function modules 5,664-5,904 B, the same functions in one module 2,768 B). The source is
cut by concept (the solver is eight files, the play's rules four); the heap wants one module
per moment of residency. So the bundle joins the modules that always come and go together -
the modules of one row of the residency table (``skat_core/__init__.py``) - into one device
module (``GROUPS``): their texts one after the other, dependencies first; an import of one
member from another goes (the name is a global of the joined module already); a member taken
as a module (``from skat_core import Sb as ss_load``) is read by its names (``ss_load.load``
-> ``load``); every other module imports the joined one instead of the member, and a string
that names a member (the residency table) names the joined module.

What makes a join wrong is refused with the reason (``MergeError``): two members that bind
the same top-level name to different things, a star import or a module name used as a value
in a member, a member missing from the source. The golden checks are the bundle's: the
short-named drive plays and draws every screen like the source (tests/build/test_sim_bundle.py),
and the .mpy drive plays the evening's keys to the same saves (tests/device).

Runs after the constants are folded (sim/build/inline.py: fewer names to join) and before
the short names (sim/build/shortnames.py: a joined module's own names are one module's).
Line numbers of a joined module are those of the joined text (the drive's ``.mpy`` files
hold none: sim/build/mpy.py, ``OPT_LEVEL``).
"""

import ast
import os

from sim.build import devsrc, relayout

# Joined device module -> its members (source module names, dependencies first). Each group
# is a part of one row of skat_core's residency table that always comes and goes as a whole
# (tests/build/test_merge.py):
# - "Xs", the search: the solver and the bot's worlds, loader and pick - ``BOT_PLAY`` but the
#   bot's card search and its offers (the hint and the analysis drop those two alone, and
#   their judges use the rest);
# - "Xp", the play's rules: the engine's ``PLAY``;
# - "Xb", the bot's bidding and declaring: ``BOT_PRELUDE``.
GROUPS = {
    "skat_core.Xs": ("skat_core.solver.movegen", "skat_core.solver.order",
                     "skat_core.solver.bounds", "skat_core.solver.table",
                     "skat_core.solver.search", "skat_core.solver.load",
                     "skat_core.solver.values", "skat_core.solver.solve",
                     "skat_core.bot.worlds", "skat_core.bot.load", "skat_core.bot.pick"),
    "skat_core.Xp": ("skat_core.engine.play_count", "skat_core.engine.play_tricks",
                     "skat_core.engine.play_calls", "skat_core.engine.play"),
    "skat_core.Xk": ("skat_core.cards", "skat_core.codes", "skat_core.layout", "skat_core.rng",
                     "skat_core.rules", "skat_core.engine.score", "skat_core.engine.view",
                     "skat_core.engine.viewfill", "skat_core.engine.game",
                     "skat_core.engine.series", "skat_core.bot.rules", "skat_core.bot.know",
                     "skat_core.bot.base", "skat_core.bot.bot"),
    "skat_core.Xe": ("skat_core.engine.bid_ladder", "skat_core.engine.bid_declare",
                     "skat_core.engine.bidding"),
    "skat_ui.app": ("skat_ui.gfx", "skat_ui.ui", "skat_ui.text", "skat_ui.settings",
                    "skat_ui.storage.persist", "skat_ui.storage.resume",
                    "skat_ui.storage.save", "skat_ui.app"),
    "skat_core.Xb": ("skat_core.bot.prelude.bidtable", "skat_core.bot.prelude.hand",
                     "skat_core.bot.prelude.hand_eval", "skat_core.bot.prelude.choice",
                     "skat_core.bot.prelude.discard", "skat_core.bot.prelude.declare",
                     "skat_core.bot.prelude.decl"),
}


class MergeError(ValueError):
    """A group that cannot be joined as it stands, with the reason."""


def device_groups(groups=None):
    """{joined device module: (its members' device names)}: ``groups`` (default ``GROUPS``)
    with the members named as the relayout names them."""
    groups = GROUPS if groups is None else groups
    return {target: tuple(relayout.device_module(m) for m in members)
            for target, members in groups.items()}


def joined_of(groups=None):
    """{member device name: its joined device name} of ``groups`` ({joined: members}, default
    ``device_groups()``)."""
    groups = device_groups() if groups is None else groups
    return {m: t for t, ms in groups.items() for m in ms}


def device_path(rel):
    """The drive's relative path of source file ``rel`` after the relayout and the joins:
    a member's is its joined module's (None: not on the drive)."""
    path = relayout.device_path(rel)
    if path is None:
        return None
    module = path[:-3].replace("/", ".")
    lib = module.startswith("lib.")
    target = joined_of().get(module[4:] if lib else module)
    if target is not None:
        return ("lib/" if lib else "") + target.replace(".", "/") + ".py"
    return path


def _module_of(path, root):
    rel = os.path.relpath(path, root).replace(os.sep, "/")
    if rel.startswith("lib/"):
        rel = rel[4:]
    return rel[:-3].replace("/", ".") if rel.endswith(".py") else None


def _path_of(module, like):
    """The drive path of device module ``module``, in the folder where ``like`` (a path of
    the same package) is."""
    return os.path.join(os.path.dirname(like), module.rpartition(".")[2] + ".py")


def _import_line(module, aliases):
    return "from %s import %s" % (module, ", ".join(
        n if a is None or a == n else "%s as %s" % (n, a) for n, a in aliases))


def _scopes(tree):
    """[(function node, its local names)] of every function in ``tree``: its arguments and
    the names it binds (not its nested functions'), but those it declares global."""
    out = []
    for fn in devsrc.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        names, glob = set(), set()
        a = fn.args
        for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
            if arg is not None:
                names.add(arg.arg)
        todo = list(fn.body) if isinstance(fn.body, list) else [fn.body]
        while todo:
            node = todo.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
                continue
            if isinstance(node, ast.Lambda):
                continue
            if isinstance(node, ast.Global):
                glob.update(node.names)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                names.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((x.asname or x.name).split(".")[0] for x in node.names)
            todo.extend(ast.iter_child_nodes(node))
        out.append((fn, names - glob))
    return out


def _inside(node, fn):
    return (fn.lineno, fn.col_offset) <= (node.lineno, node.col_offset) and \
        (node.end_lineno, node.end_col_offset) <= (fn.end_lineno, fn.end_col_offset)


def rewrite(text, owner=None, target_of=None, path="?"):
    """``text`` (a module of the drive, or a client program) with the joined groups' imports
    and names: ``target_of`` {member device name: joined device name}; ``owner``: the joined
    module this text becomes a part of (its group's imports go, its members taken as modules
    are read by their names), None for any other text."""
    target_of = target_of if target_of is not None else joined_of()
    tree = devsrc.parse(text)
    _pos, span = relayout.positions(text)
    edits = []
    as_module = {}            # alias of a member taken as a module (in the owner) -> member
    globals_now = []          # (node, names) read as the joined module's globals from here on
    dotted = set()            # members imported by 'import a.b' (their dotted paths must not be read)
    for node in devsrc.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            pkg = node.module
            if pkg in target_of:
                if target_of[pkg] == owner:
                    # its names are the joined module's globals: the import goes, an alias
                    # stays as a binding
                    binds = ["%s = %s" % (a.asname, a.name) for a in node.names
                             if a.asname and a.asname != a.name]
                    edits.append(span(node) + ("; ".join(binds) or "pass",))
                    globals_now.append((node, [a.name for a in node.names
                                               if not a.asname or a.asname == a.name]))
                else:
                    edits.append(span(node) + (_import_line(
                        target_of[pkg], [(a.name, a.asname) for a in node.names]),))
                continue
            full = [(a, pkg + "." + a.name) for a in node.names]
            if not any(f in target_of for _a, f in full):
                continue
            kept = []
            for a, f in full:
                name = a.asname or a.name
                if f not in target_of:
                    kept.append((a.name, a.asname))
                elif target_of[f] == owner:
                    as_module[name] = f
                    globals_now.append((node, []))
                else:
                    t = target_of[f].rpartition(".")[2]
                    kept.append((t, name))
            line = _import_line(pkg, kept) if kept else "pass"
            edits.append(span(node) + (line,))
        elif isinstance(node, ast.Import):
            if not any(a.name in target_of for a in node.names):
                continue
            if owner is not None:
                raise MergeError("%s: 'import' of a module joined elsewhere: reach it by a "
                                 "from import" % path)
            edits.append(span(node) + ("import " + ", ".join(
                (target_of.get(a.name, a.name) + (" as " + a.asname if a.asname else ""))
                for a in node.names),))
            dotted.update(a.name for a in node.names if a.name in target_of and not a.asname)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in target_of:
            edits.append(span(node) + (repr(target_of[node.value]),))
    if dotted:
        for node in devsrc.walk(tree):
            if isinstance(node, ast.Attribute) and ast.unparse(node) in dotted:
                raise MergeError("%s: %s is read by its dotted path: reach a joined module by "
                                 "a from import" % (path, ast.unparse(node)))
    if as_module:
        used = set()
        for node in devsrc.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in as_module:
                edits.append(span(node) + (node.attr,))
                used.add(id(node.value))
                globals_now.append((node, [node.attr]))
        for node in devsrc.walk(tree):
            if isinstance(node, ast.Name) and node.id in as_module and id(node) not in used:
                raise MergeError("%s: %s (the member %s) is used as a value, not by its names"
                                 % (path, node.id, as_module[node.id]))
    if globals_now:
        # A name that becomes a global read must not be a local where it is read (an import
        # of it in a function made it one, and the function may bind it otherwise too).
        scopes = _scopes(tree)
        for node, names in globals_now:
            for fn, local in scopes:
                if not _inside(node, fn):
                    continue
                if isinstance(node, ast.ImportFrom):
                    others = [n for n in names if _binds_besides(fn, n, node)]
                else:
                    others = [n for n in names if n in local]
                if others:
                    raise MergeError("%s, line %d: %s would be read as the joined module's "
                                     "global, but the function binds it" % (
                                         path, node.lineno, ", ".join(others)))
    return relayout.apply_edits(text, edits)


def _binds_besides(fn, name, imp):
    """Whether function ``fn`` binds ``name`` other than by the import ``imp``."""
    for node in devsrc.walk(fn):
        if node is imp:
            continue
        if isinstance(node, ast.Name) and node.id == name and isinstance(
                node.ctx, (ast.Store, ast.Del)):
            return True
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (a.asname or a.name) == name for a in node.names):
            return True
        if isinstance(node, ast.arg) and node.arg == name:
            return True
    return False


def _top_bindings(text):
    """{name: what binds it at the top level ('import X.name' for an import, else 'def')} of
    a module, and the names its functions declare global."""
    tree = devsrc.parse(text)
    out = {}

    def bind(name, what):
        out.setdefault(name, set()).add(what)

    for node in tree.body:
        for sub in devsrc.walk(node) if not isinstance(
                node, (ast.FunctionDef, ast.ClassDef)) else [node]:
            if isinstance(sub, (ast.FunctionDef, ast.ClassDef)):
                bind(sub.name, "def")
            elif isinstance(sub, ast.ImportFrom):
                for a in sub.names:
                    bind(a.asname or a.name, "import %s.%s" % (sub.module, a.name))
            elif isinstance(sub, ast.Import):
                for a in sub.names:
                    bind((a.asname or a.name).split(".")[0], "import %s" % a.name)
            elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                bind(sub.id, "def")
    for node in devsrc.walk(tree):
        if isinstance(node, ast.Global):
            for name in node.names:
                bind(name, "def")
    return out


def _needs(text, members):
    """The ``members`` that ``text`` imports at its top level (by name or as modules)."""
    out = []
    for node in devsrc.parse(text).body:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module in members:
                out.append(node.module)
            out.extend(node.module + "." + a.name for a in node.names
                       if node.module + "." + a.name in members)
    return out


def join(texts, root, groups=None, clients=None):
    """``texts`` ({drive path: text}) with each group of ``groups`` ({joined device name:
    member device names}, default ``device_groups()``) joined into one module; ``clients``
    ({name: text}) rewritten the same way. Returns (texts, clients)."""
    groups = device_groups() if groups is None else groups
    target_of = joined_of(groups)
    by_module = {_module_of(p, root): p for p in texts}
    out = {}
    for target, members in groups.items():
        missing = [m for m in members if m not in by_module]
        if missing:
            raise MergeError("%s: members not in the source: %s" % (target, ", ".join(missing)))
        if target in by_module and target not in members:
            raise MergeError("%s: a module of that name is in the source already" % target)
        parts, seen = [], {}
        for i, m in enumerate(members):
            path = by_module[m]
            later = _needs(texts[path], members[i + 1:])
            if later:
                raise MergeError("%s: %s imports %s at its top level, which comes after it "
                                 "in the group (dependencies first)" % (target, m, later[0]))
            text = rewrite(texts[path], target, target_of, path)
            for name, what in _top_bindings(text).items():
                if name in seen and (what != seen[name][1] or "def" in what):
                    raise MergeError("%s: %s binds %s, and so does %s" % (
                        target, m, name, seen[name][0]))
                seen.setdefault(name, (m, what))
            parts.append(text if text.endswith("\n") else text + "\n")
        out[_path_of(target, by_module[members[0]])] = "".join(parts)
    for path, text in texts.items():
        if _module_of(path, root) in target_of:
            continue
        out[path] = rewrite(text, None, target_of, path)
    clients = {name: rewrite(text, None, target_of, name)
               for name, text in (clients or {}).items()}
    return out, clients
