"""The source the device gets: our modules with their docstrings emptied, every line kept.

Why: CircuitPython compiles each ``.py`` at import, and the lexer builds every string literal
on the heap before the compiler throws a docstring away - a 5 KB module docstring needs a
5 KB block (and more while it grows), exactly when a deal's first card compiles the solver
into a heap already in use. Docstrings are for the readers of the repository; the bundle
(``python -m sim bundle``) and the harness runs that measure the device (bench, the app's
memory test) use this form. Each docstring becomes an empty string with the same line breaks,
so every statement keeps its line number and a traceback on the device points at the
repository's source.
"""

import ast

_DEFS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
_AST = ast.AST


# Trees by source text: the steps parse the same text many times over (a module a step left
# as it was, the same module in another drive's build); a few drives' modules at most.
_PARSED = {}
_PARSED_MAX = 600
# The nodes of each tree ``parse`` keeps, by the tree's id: [tree, its nodes or None yet].
_WALKED = {}


def parse(text, path="<unknown>"):
    """``ast.parse(text, path)``, parsed once per text in a process. The build's steps only
    read the trees (helpers.written_out changes a copy): tests/build/test_devsrc.py."""
    tree = _PARSED.get(text)
    if tree is None:
        tree = ast.parse(text, path)
        if len(_PARSED) >= _PARSED_MAX:
            del _WALKED[id(_PARSED.pop(next(iter(_PARSED))))]
        _PARSED[text] = tree
        _WALKED[id(tree)] = [tree, None]
    return tree


def walk(node):
    """``ast.walk``'s nodes in its order (breadth first), as a list: the build's steps walk
    every module a few dozen times, and this takes a quarter less time than ``ast.walk``; a
    tree ``parse`` keeps is walked once (the drive's bytes are the same:
    tests/build/test_devsrc.py)."""
    done = _WALKED.get(id(node))
    if done is None or done[0] is not node:
        return _walk(node)
    if done[1] is None:
        done[1] = _walk(node)
    return list(done[1])


def _walk(node):
    out = [node]
    append = out.append
    i = 0
    while i < len(out):
        n = out[i]
        i += 1
        for name in n._fields:
            v = getattr(n, name, None)
            if v.__class__ is list:
                for x in v:
                    if isinstance(x, _AST):
                        append(x)
            elif isinstance(v, _AST):
                append(v)
    return out


def docstring_spans(tree):
    """[(lineno, col, end_lineno, end_col)] of the docstrings in ``tree`` (col: UTF-8 bytes)."""
    spans = []
    for node in walk(tree):
        if isinstance(node, _DEFS) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                v = first.value
                spans.append((v.lineno, v.col_offset, v.end_lineno, v.end_col_offset))
    return spans


def strip_docstrings(source):
    """``source`` with each docstring replaced by an empty string literal spanning the same
    lines (see the module docstring)."""
    lines = source.encode("utf-8").split(b"\n")
    for lineno, col, end_lineno, end_col in sorted(docstring_spans(parse(source)),
                                                   reverse=True):
        breaks = end_lineno - lineno
        empty = b'""' if breaks == 0 else b'"""' + b"\n" * breaks + b'"""'
        head = lines[lineno - 1][:col]
        tail = lines[end_lineno - 1][end_col:]
        lines[lineno - 1:end_lineno] = (head + empty + tail).split(b"\n")
    return b"\n".join(lines).decode("utf-8")


def edit_spans(text, edits):
    """``text`` with ``edits`` [((line, col, end_line, end_col), new text)] applied (columns
    in UTF-8 bytes, as ast gives them). A replacement of several lines goes on the first and
    leaves the others empty, so every later line keeps its number."""
    lines = text.encode("utf-8").split(b"\n")
    for (l1, c1, l2, c2), new in sorted(edits, reverse=True):
        new = new.encode("utf-8")
        if l1 == l2:
            lines[l1 - 1] = lines[l1 - 1][:c1] + new + lines[l1 - 1][c2:]
        else:
            lines[l1 - 1] = lines[l1 - 1][:c1] + new + lines[l2 - 1][c2:]
            for i in range(l1, l2):
                lines[i] = b""
    return b"\n".join(lines).decode("utf-8")
