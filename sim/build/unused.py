"""The functions no device code calls, left off the drive.

Why: our modules serve two programs. The host's tools call functions the device never does -
the solver's ``best_move``, ``goal_move`` and ``declarer_points`` (``python -m sim solve``),
the engine's ``random_action`` and ``act_encoded`` (fuzzing, replays), the codes' action
unpacking (tests) - and on the drive each of them is bytecode on the heap for as long as its
module is loaded: the solver's five alone are ~0.8 KB in play, at the evening's peak. The
source keeps them (one rule lives in one place: the solver's search serves both); the drive
leaves out each function that nothing on the device can reach.

A function is left out when its name occurs nowhere in the device's program but in its own
definition: not as a name, an attribute, an imported name or a string (``getattr(x, "menu")``)
in any module of the drive or any client program run against it (the bench's guest:
``clients``), and it is none of the names code outside our modules may call: a dunder, a
decorated function (a property, a static method), a name of the firmware or of the Python
types (``read``, ``get``, a method the firmware or a library calls by its name), what the
simulator and the memory harness read (``shortnames.KEEP``). Dropping one may leave another
unreached (a helper only it called): the step repeats until nothing more goes.

Each dropped function's lines become empty lines, so every other line keeps its number (a
class whose every statement goes keeps a ``pass``). ``tests/build/test_unused.py`` checks the
rules one by one; the golden checks are the bundle's: the drive plays and draws every screen
like the source (tests/build/test_sim_bundle.py) and the ``.mpy`` drive plays the evening to
the same keys and saves (tests/device).
"""

import ast

from sim.build import devsrc, shortnames


def _outside_names():
    """Names something outside our modules may call by: the firmware's, the hardware fakes'
    and the Python types' names, and what the simulator and the harness read."""
    return (shortnames.fixed_names() | shortnames.firmware_qstrs()
            | shortnames.hardware_names() | shortnames.KEEP)


def _functions(tree):
    """The module's top-level functions and its classes' methods: [(node, class node or None)]."""
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out.append((node, None))
        elif isinstance(node, ast.ClassDef):
            out.extend((m, node) for m in node.body if isinstance(m, ast.FunctionDef))
    return out


def _references(trees, skip):
    """{name: count} of every name, attribute, imported name and string in ``trees``, leaving
    out the functions in ``skip`` (their ids)."""
    counts = {}
    stack = list(trees)
    while stack:
        node = stack.pop()
        if id(node) in skip:
            continue
        name = None
        if isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.alias):
            name = node.name.split(".")[-1]
            if node.asname:
                counts[node.asname] = counts.get(node.asname, 0) + 1
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value
        if name is not None:
            counts[name] = counts.get(name, 0) + 1
        stack.extend(ast.iter_child_nodes(node))
    return counts


def plan(texts, clients=None):
    """{path: [(first line, last line, qualified name)]} of the functions ``drop`` leaves out
    of ``texts`` ({path: source}), ``clients`` ({name: source}) reading the drive."""
    trees = {path: devsrc.parse(text, path) for path, text in texts.items()}
    others = [devsrc.parse(text, name) for name, text in (clients or {}).items()]
    outside = _outside_names()
    candidates = []
    for path, tree in trees.items():
        for fn, cls in _functions(tree):
            name = fn.name
            if fn.decorator_list or (name.startswith("__") and name.endswith("__")) \
                    or name in outside:
                continue
            candidates.append((path, fn, cls))
    gone = set()
    while True:
        counts = _references(list(trees.values()) + others, gone)
        new = {id(fn) for path, fn, cls in candidates
               if id(fn) not in gone and not counts.get(fn.name)}
        if not new:
            break
        gone |= new
    out = {}
    for path, fn, cls in candidates:
        if id(fn) in gone:
            qual = fn.name if cls is None else cls.name + "." + fn.name
            out.setdefault(path, []).append((fn.lineno, fn.end_lineno, qual))
    return out


def drop(texts, clients=None):
    """``texts`` without the functions nothing on the device reaches (``plan``): their lines
    emptied, every other line where it was."""
    gone = plan(texts, clients)
    out = dict(texts)
    for path, spans in gone.items():
        lines = texts[path].split("\n")
        tree = devsrc.parse(texts[path], path)
        for first, last, _qual in spans:
            for i in range(first - 1, last):
                lines[i] = ""
        # A class whose every statement went keeps a body.
        for node in devsrc.walk(tree):
            if isinstance(node, ast.ClassDef):
                left = [s for s in node.body if not any(
                    s.lineno == f for f, _l, _q in spans)]
                if not left:
                    s = node.body[0]
                    lines[s.lineno - 1] = " " * s.col_offset + "pass"
        out[path] = "\n".join(lines)
        devsrc.parse(out[path], path)           # still a module
    return out
