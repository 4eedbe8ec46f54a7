"""Integer constants written into the device's copy of our source where they are used.

Why: a public module-level constant (``PH_PLAY = const(7)``, ``C_FACE = 2``) is a slot in its
module's dict and an interned name on the board, and every ``from skat_core.codes import
PH_PLAY`` adds a slot to the importer's dict, import bytecode, and a dictionary lookup at
each use. MicroPython folds a ``const`` only inside its own module. So the bundle folds them
across modules: each use of such a name (``PH_PLAY``, ``codes.PH_PLAY``, ``K.NONE``) becomes
its number, the import of it goes, and a definition that nothing reads any more goes too.
The repository keeps the names: this is a step of ``python -m sim bundle`` like the
docstring stripping (sim/build/devsrc.py) and the short names (sim/build/shortnames.py), and like them it
keeps every line where it was, so a traceback from the board points at the repository's line.

What counts as a constant: a module-level ``NAME = const(expr)`` or ``NAME = expr`` whose
expression folds to an int from literals and constants already known (``+ - * // % << >> |
& ^ ~``), bound exactly once in its module, never assigned through an attribute, never a
bool. Private names (``_X``) are left to MicroPython's own folding. A name is not touched
where it is a local of the function that reads it, nor where a string literal spells it
(``getattr(x, "NAME")``), nor when it is in ``keep`` (read by code outside the bundle).

``fold(sources, keep, clients)`` -> the folded texts (``plan`` finds the constants).
"""

import ast
import os

from sim.build import devsrc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

_BINOPS = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
    ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b,
    ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b,
    ast.BitXor: lambda a, b: a ^ b,
}


def module_name(path):
    """The dotted name of one of our files (lib/ is on the board's path)."""
    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    if rel[0] == "lib":
        rel = rel[1:]
    if rel[-1] == "__init__":
        rel = rel[:-1]
    return ".".join(rel)


def _fold(node, known):
    """The int value of ``node`` or None."""
    if isinstance(node, ast.Constant):
        v = node.value
        return v if isinstance(v, int) and not isinstance(v, bool) else None
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp):
        v = _fold(node.operand, known)
        if v is None:
            return None
        if isinstance(node.op, ast.USub):
            return -v
        if isinstance(node.op, ast.Invert):
            return ~v
        if isinstance(node.op, ast.UAdd):
            return v
        return None
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        a, b = _fold(node.left, known), _fold(node.right, known)
        if a is None or b is None:
            return None
        try:
            return _BINOPS[type(node.op)](a, b)
        except (ZeroDivisionError, ValueError):
            return None
    return None


def _const_value(value, known):
    if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
            and value.func.id == "const" and len(value.args) == 1 and not value.keywords):
        value = value.args[0]
    return _fold(value, known)


def _stores(tree):
    """{name: times bound} over the whole module (any scope), and the names declared
    ``global`` anywhere (a function may rebind them)."""
    counts, declared = {}, set()
    for node in devsrc.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            counts[node.id] = counts.get(node.id, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            counts[node.name] = counts.get(node.name, 0) + 1
        elif isinstance(node, ast.alias):
            name = (node.asname or node.name).split(".")[0]
            counts[name] = counts.get(name, 0) + 1
    return counts, declared


class Plan:
    """What ``plan`` found: ``consts[module] = {name: value}`` (defined there),
    ``exports[module] = {name: (defining module, value)}`` (visible at its top level: its
    own and the ones it imports or star-imports), ``modules`` (our dotted names), ``strings``
    (every string literal of the sources), ``attr_stores`` (names assigned as attributes),
    ``keep`` (names never removed)."""

    def __init__(self):
        self.consts = {}
        self.exports = {}
        self.modules = set()
        self.strings = set()
        self.attr_stores = set()
        self.keep = set()
        self.trees = {}
        self._stores = {}

    def stores(self, tree):
        """``_stores(tree)``, walked once per tree."""
        got = self._stores.get(id(tree))
        if got is None or got[0] is not tree:
            got = self._stores[id(tree)] = (tree, _stores(tree))
        return got[1]


def _resolve(node, module):
    """The absolute module name of an ImportFrom inside ``module``."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts[:len(parts) - node.level]
    return ".".join(base + ([node.module] if node.module else []))


def plan(sources, keep=()):
    """The constants of ``sources`` ({path: text}); ``keep``: names read from outside."""
    p = Plan()
    p.keep = set(keep)
    for path, text in sources.items():
        p.trees[path] = devsrc.parse(text, path)
        p.modules.add(module_name(path))
    for tree in p.trees.values():
        for node in devsrc.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                p.strings.add(node.value)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                p.attr_stores.add(node.attr)
    for path, tree in p.trees.items():
        mod = module_name(path)
        counts, declared = p.stores(tree)
        known = {}
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)):
                name = node.targets[0].id
                v = _const_value(node.value, known)
                if (v is not None and not name.startswith("_") and counts.get(name) == 1
                        and name not in declared and name not in p.attr_stores):
                    known[name] = v
        p.consts[mod] = known
    # Exports: own constants, then what each module imports by name or by star (in a few
    # rounds, for chains such as codes -> game -> app).
    for mod in p.consts:
        p.exports[mod] = {n: (mod, v) for n, v in p.consts[mod].items()}
    for _ in range(4):
        for path, tree in p.trees.items():
            mod = module_name(path)
            counts, _declared = p.stores(tree)
            for node in tree.body:
                if not isinstance(node, ast.ImportFrom):
                    continue
                src = _resolve(node, mod)
                if src not in p.exports:
                    continue
                for a in node.names:
                    if a.name == "*":
                        for n, dv in p.exports[src].items():
                            if counts.get(n, 0) == 0:
                                p.exports[mod].setdefault(n, dv)
                    elif a.name in p.exports[src]:
                        local = a.asname or a.name
                        if counts.get(local) == 1:
                            p.exports[mod].setdefault(local, p.exports[src][a.name])
    return p


def _bound_in(fn):
    """Names a function (or lambda, comprehension) binds in its own scope."""
    out = set()
    args = getattr(fn, "args", None)
    if args is not None:
        for a in args.posonlyargs + args.args + args.kwonlyargs:
            out.add(a.arg)
        if args.vararg:
            out.add(args.vararg.arg)
        if args.kwarg:
            out.add(args.kwarg.arg)
    if isinstance(fn, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        body = [g.target for g in fn.generators]
    else:
        body = fn.body if isinstance(fn.body, list) else [fn.body]
    declared = set()
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
            continue                     # its own scope
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.GeneratorExp,
                             ast.DictComp)):
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            out.add(node.id)
        elif isinstance(node, ast.alias):
            out.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        stack.extend(ast.iter_child_nodes(node))
    return out - declared


class _Folder(ast.NodeVisitor):
    """Collects the edits of one module: (start, end) byte spans -> replacement."""

    def __init__(self, p, mod, tree):
        self.p = p
        self.mod = mod
        self.edits = []
        self.scopes = [set()]
        self.names = {}          # local name -> value (own constants and imported ones)
        self.aliases = {}        # module alias -> our module name
        self.removed = set()     # names whose import this module dropped
        counts, _declared = p.stores(tree)
        self.counts = counts
        for n, (_src, v) in p.exports.get(mod, {}).items():
            self.names[n] = v
        for node in tree.body:
            self._note_alias(node)
            if isinstance(node, ast.ImportFrom):    # a client's imports (ours: in exports)
                exports = p.exports.get(_resolve(node, mod), {})
                for a in node.names:
                    local = a.asname or a.name
                    if a.name in exports and counts.get(local) == 1:
                        self.names.setdefault(local, exports[a.name][1])

    def _note_alias(self, node):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname and a.name in self.p.modules and self.counts.get(a.asname) == 1:
                    self.aliases[a.asname] = a.name
        elif isinstance(node, ast.ImportFrom) and not node.level:
            for a in node.names:
                full = "%s.%s" % (node.module, a.name)
                local = a.asname or a.name
                if full in self.p.modules and self.counts.get(local) == 1:
                    self.aliases[local] = full

    def foldable(self, name):
        return (name in self.names and name not in self.p.strings and name not in self.p.keep
                and not any(name in s for s in self.scopes[1:]))

    @staticmethod
    def literal(v):
        return str(v) if v >= 0 else "(%d)" % v

    @staticmethod
    def span(node):
        return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)

    def visit_FunctionDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(d)
        self.scopes.append(_bound_in(node))
        for stmt in node.body:
            self.visit(stmt)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        for d in node.args.defaults:
            self.visit(d)
        self.scopes.append(_bound_in(node))
        self.visit(node.body)
        self.scopes.pop()

    def _comprehension(self, node):
        self.scopes.append(_bound_in(node))
        self.generic_visit(node)
        self.scopes.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    def visit_ClassDef(self, node):
        for b in node.bases + node.decorator_list:
            self.visit(b)
        bound = set()
        for stmt in node.body:
            for t in devsrc.walk(stmt):
                if isinstance(t, ast.Name) and not isinstance(t.ctx, ast.Load):
                    bound.add(t.id)
        self.scopes.append(bound)
        for stmt in node.body:
            self.visit(stmt)
        self.scopes.pop()

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and self.foldable(node.id):
            self.edits.append((self.span(node), self.literal(self.names[node.id])))

    def visit_Attribute(self, node):
        v = node.value
        if (isinstance(node.ctx, ast.Load) and isinstance(v, ast.Name) and v.id in self.aliases
                and not any(v.id in s for s in self.scopes[1:])):
            target = self.aliases[v.id]
            hit = self.p.exports.get(target, {}).get(node.attr)
            if hit is not None and node.attr not in self.p.strings and node.attr not in self.p.keep:
                self.edits.append((self.span(node), self.literal(hit[1])))
                return
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        src = _resolve(node, self.mod)
        exports = self.p.exports.get(src)
        if exports is None or any(a.name == "*" for a in node.names):
            return
        kept = [a for a in node.names
                if not (a.name in exports and self.foldable(a.asname or a.name)
                        and self.counts.get(a.asname or a.name) == 1)]
        if len(kept) == len(node.names):
            return
        for a in node.names:
            if a not in kept:
                self.removed.add(a.asname or a.name)
        if kept:
            text = "from %s%s import %s" % ("." * node.level, node.module or "", ", ".join(
                a.name + (" as " + a.asname if a.asname else "") for a in kept))
        else:
            text = "pass"
        self.edits.append((self.span(node), text))


def _still_read(p, texts):
    """{(module, name)} of constants something still reads after folding: by name in its
    module, by attribute of an alias, or imported by name from a module that exports it."""
    read = set()
    for path, text in texts.items():
        mod = module_name(path)
        tree = devsrc.parse(text, path)
        f = _Folder(p, mod, tree)
        exports = p.exports.get(mod, {})
        for node in devsrc.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in exports:
                read.add((exports[node.id][0], node.id))
            elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id in f.aliases):
                hit = p.exports.get(f.aliases[node.value.id], {}).get(node.attr)
                if hit is not None:
                    read.add((hit[0], node.attr))
            elif isinstance(node, ast.ImportFrom):
                src = _resolve(node, mod)
                for a in node.names:
                    if a.name == "*":
                        continue
                    hit = p.exports.get(src, {}).get(a.name)
                    if hit is not None:
                        read.add((hit[0], a.name))
    return read


def fold(sources, keep=(), clients=None):
    """({path: folded text} for ``sources``, {name: folded text} for ``clients``): the
    bundle's step. ``clients`` are other programs that run against the bundle (a harness
    guest): their uses are folded the same way, and they may not keep a definition alive."""
    out, p = fold_sources(sources, keep)
    return out, fold_clients(p, clients)


def fold_clients(p, clients):
    """{name: folded text} of ``clients`` against the plan ``p`` of a ``fold_sources``."""
    done = {}
    for name, text in (clients or {}).items():
        tree = devsrc.parse(text, name)
        f = _Folder(p, "__main__", tree)
        f.visit(tree)
        done[name] = devsrc.edit_spans(text, f.edits)
    return done


def fold_sources(sources, keep=()):
    """({path: folded text}, the plan): ``fold`` without clients; the plan folds clients
    later (``fold_clients``)."""
    p = plan(sources, keep)
    out = {}
    for path, text in sources.items():
        f = _Folder(p, module_name(path), p.trees[path])
        f.visit(p.trees[path])
        out[path] = devsrc.edit_spans(text, f.edits)
    # Definitions nothing reads any more (and no string spells, nobody outside keeps).
    read = _still_read(p, out)
    for path, text in out.items():
        mod = module_name(path)
        tree = devsrc.parse(text, path)
        edits = []
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)):
                name = node.targets[0].id
                if (name in p.consts.get(mod, {}) and (mod, name) not in read
                        and name not in p.strings and name not in p.keep):
                    edits.append(((node.lineno, node.col_offset, node.end_lineno,
                                   node.end_col_offset), ""))
        out[path] = devsrc.edit_spans(text, edits)
    return out, p

