"""The bit helpers written into the device's copy of our source where they are called.

Why: the source names its bit operations (``skat_core/layout.py``: ``bit_index``,
``low_bit``, ``high_bit``, ``two_bits``, one family for the engine, the solver and the bot), but a call is
a call on the board: the search's loops cannot afford one per node (the bot's p95 decision is
at its bound, 0.745 of 0.75 PyBadge-s), so before this step they held the tables'
expressions written out by hand. Now the bundle writes them: each helper is one ``return``
expression of its parameters, and a call becomes that expression, parenthesized, with the
arguments in place of the parameters, on the call's own line (every line stays where it
was). The importer then imports the tables the expression reads (``IDX37``, ``HIGH8``) in
place of the helpers it no longer calls.

A call is written out where each argument is a name or a number (the expression may read it
more than once: a name costs a load and changes nothing), or any expression without a call
when its parameter occurs once in the helper (``low_bit(up & -up)``). Other calls stay calls
(``high_bit(tm & (...))`` in the engine's trick: a call there is cheaper in bytes than the
expression written with a long argument several times, and it is not in a search's loop).
``write_out(texts)`` -> the texts; ``tests/build/test_helpers.py`` checks the written-out
expressions against the helpers and that no call the rule covers is left.
"""

import ast
import copy

from sim.build import devsrc, inline, relayout

MODULE = "skat_core.layout"
HELPERS = ("bit_index", "low_bit", "high_bit", "two_bits")


def definitions(text):
    """{helper: (parameters, expression node, names the expression reads besides them)} from
    the layout module's text."""
    out = {}
    for node in devsrc.parse(text).body:
        if not (isinstance(node, ast.FunctionDef) and node.name in HELPERS):
            continue
        body = [s for s in node.body
                if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        args = node.args
        assert (len(body) == 1 and isinstance(body[0], ast.Return) and args.args
                and not (args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg
                         or args.defaults)), "%s: plain parameters, one return" % node.name
        params = tuple(a.arg for a in args.args)
        expr = body[0].value
        reads = sorted({n.id for n in devsrc.walk(expr) if isinstance(n, ast.Name)} - set(params))
        out[node.name] = (params, expr, reads)
    assert sorted(out) == sorted(HELPERS), "helpers not found: %s" % sorted(set(HELPERS) - set(out))
    return out


def _uses(expr, param):
    return sum(1 for n in devsrc.walk(expr) if isinstance(n, ast.Name) and n.id == param)


def _plain(node):
    return isinstance(node, (ast.Name, ast.Constant))


def _callless(node):
    return not any(isinstance(n, (ast.Call, ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield,
                                  ast.YieldFrom)) for n in devsrc.walk(node))


class _Substitute(ast.NodeTransformer):
    def __init__(self, args):
        self.args = args

    def visit_Name(self, node):
        arg = self.args.get(node.id)
        return copy.deepcopy(arg) if arg is not None else node


def written_out(helper, defs, args):
    """The text of ``helper(*args)`` written out (``args``: expression nodes, or one node for
    a helper of one parameter)."""
    params, expr, _ = defs[helper]
    if isinstance(args, ast.AST):
        args = [args]
    new = _Substitute(dict(zip(params, args))).visit(copy.deepcopy(expr))
    return "(" + ast.unparse(new) + ")"


def _inlinable(call, names, defs):
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id in names and not call.keywords
            and call.lineno == call.end_lineno):
        return False
    params, expr, _ = defs[call.func.id]
    if len(call.args) != len(params):
        return False
    for param, arg in zip(params, call.args):
        if isinstance(arg, ast.Starred):
            return False
        if not (_plain(arg) or (_uses(expr, param) == 1 and _callless(arg))):
            return False
    return True


def inline_module(text, defs, own=False):
    """One module's text with the helpers' calls written out; ``own``: the layout module
    itself (its helpers' own definitions are left as they are)."""
    tree = devsrc.parse(text)
    dev = relayout.device_module(MODULE)
    names = set()
    imports = []
    if own:
        names = set(HELPERS)
    else:
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module == dev and node.level == 0:
                got = {a.name for a in node.names if a.name in HELPERS and a.asname is None}
                if got:
                    names |= got
                    imports.append(node)
    if not names:
        return text
    skip = set()
    if own:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name in HELPERS:
                skip |= {id(n) for n in devsrc.walk(node)}
    edits = []
    done = set()
    reads = set()
    for node in devsrc.walk(tree):
        if id(node) in skip or id(node) in done or not _inlinable(node, names, defs):
            continue
        # An inner call inside the argument is never written out here: the argument of an
        # inlined call is a name, a number or call-free.
        edits.append(((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset),
                      written_out(node.func.id, defs, node.args)))
        done |= {id(n) for n in devsrc.walk(node)}
        reads.update(defs[node.func.id][2])
    if not edits:
        return text
    if not own:
        bound = _bound(tree)
        # Which helper names are still read (a call left, a reference), after the edits.
        left = {n.id for n in devsrc.walk(tree)
                if isinstance(n, ast.Name) and n.id in names and id(n) not in done}
        for node in imports:
            keep = [a.name for a in node.names if a.name not in names or a.name in left]
            keep += [r for r in sorted(reads) if r not in keep and r not in bound]
            reads -= set(keep)
            # Nothing left to import (every helper written out, no table read): no import.
            edits.append(((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset),
                          "from %s import %s" % (dev, ", ".join(keep)) if keep else ""))
    return devsrc.edit_spans(text, edits)


def _bound(tree):
    """Names a module binds itself at its top level (other than by importing the layout)."""
    out = set()
    dev = relayout.device_module(MODULE)
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.ImportFrom) and node.module == dev:
                continue
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return out


def write_out(texts):
    """``texts`` ({path: source} after the relayout, as the pipeline has them) with the bit
    helpers written out where they are called."""
    dev = relayout.device_module(MODULE)
    own = [path for path in texts if inline.module_name(path) == dev]
    assert len(own) == 1, "the layout module: %s" % own
    defs = definitions(texts[own[0]])
    return {path: inline_module(text, defs, own=path == own[0]) for path, text in texts.items()}
