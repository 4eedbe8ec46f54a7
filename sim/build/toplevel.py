"""The ``.mpy`` drive's short-named modules at the top of the drive: no dotted names.

Why: CircuitPython keeps three interned names for good for every module it imports from a
package - its dotted name (``skat_core.Xk``), its name in the package (``Xk``) and its file's
path, which the import keeps as ``__file__`` - and interned names are never freed. A module
at the top of the drive is found by its own name: the dotted name goes, 44 names on the
PyBadge's evening (docs/memory.md, "Heap map", step 6). The packages stay for what names
them: ``skat_core`` (the residency table, ``drop``) and ``skat_ui`` (``app``, which code.py
imports, and ``hint``).

Which modules move: the bundle's short-named ones (a capital first letter: sim/build/relayout.py's
``MODULES``, sim/build/merge.py's joined modules, sim/build/cold.py's modules of moved
functions) - skat_core's ``Xk`` goes from the folder skat_core to the drive's root, skat_ui's
``Ca`` from lib's folder skat_ui to lib (both on a board's ``sys.path``). Two packages' modules
with one short name are told apart by ``RENAMED``; any other clash is refused
(``ToplevelError``).

What changes in the texts, on the line where it stood:

- ``from skat_core.Xk import a`` -> ``from Xk import a``;
- ``from skat_core import Xs as search`` -> ``import Xs as search`` (``from skat_ui import
  app as text, Cb as base`` -> ``from skat_ui import app as text; import Cb as base``);
- a string constant that is exactly a moved module's name (the residency table) or one of
  relayout's ``FORMATS`` (``"skat_ui.H%s%d"``) -> the name at the top (``"H%s%d"``).

``import skat_core.Xk`` (which binds ``skat_core``) and a moved module's import that spans
lines while it keeps a package's names beside it are refused: the device's code has neither.
Only the ``.mpy`` drive takes this step: a freeze's names are in flash already, and a ``.py``
drive keeps the source's modules apart anyway (sim/build/bundle.py).
"""

import ast
import os

from sim.build import devsrc, merge, relayout

PACKAGES = ("skat_core", "skat_ui")
# A short name that two packages' modules have: the second's name at the top (the modules of
# moved functions, sim/build/cold.py: skat_core's and the app's for the boot and the deal).
RENAMED = {"skat_ui.Zb": "Yb", "skat_ui.Zd": "Yd"}


class ToplevelError(ValueError):
    """A module that cannot go to the top, or an import the step cannot rewrite."""


def is_short(name):
    """Whether device module ``name`` (dotted) is one of the bundle's short-named modules."""
    pkg, _, leaf = name.partition(".")
    return pkg in PACKAGES and "." not in leaf and leaf[:1].isupper()


def top_name(name):
    """The name at the top of the drive of device module ``name`` (unchanged if it stays)."""
    if not is_short(name):
        return name
    return RENAMED.get(name, name.partition(".")[2])


def top_path(path, root):
    """Where the drive file ``path`` goes: a moved module's at the top of its folder's drive
    folder (skat_core's ``Xk`` to the drive's root, skat_ui's ``Ca`` to lib)."""
    name = merge._module_of(path, root)
    if name is None or not is_short(name):
        return path
    base = os.path.dirname(os.path.dirname(path))
    return os.path.join(base, top_name(name) + ".py")


def moved(texts, root):
    """{device module: its name at the top} for the modules of ``texts`` ({path: text}) that
    move; refuses two that would share a name, or a name at the top that the drive has."""
    out = {}
    for path in texts:
        name = merge._module_of(path, root)
        if name is not None and is_short(name):
            out[name] = top_name(name)
    seen = set(PACKAGES)
    for path in texts:
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        rel = rel[4:] if rel.startswith("lib/") else rel
        seen.add(rel.partition("/")[0].partition(".")[0])     # a top module or package
    for name, top in sorted(out.items()):
        if top in seen:
            raise ToplevelError("%s: %r is taken at the top of the drive (RENAMED)" % (name, top))
        seen.add(top)
    return out


def rewrite(text, names):
    """``text`` with the imports and names of the moved modules ``names`` ({device module:
    top name}) rewritten (see the module docstring); every line stays where it was."""
    tree = devsrc.parse(text)
    _pos, span = relayout.positions(text)
    formats = {v: v.partition(".")[2] for v in relayout.FORMATS.values()}
    edits = []
    for node in devsrc.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            start, end = span(node)
            if node.module in names:
                stmt = text[start:end]
                at = stmt.index(node.module)
                edits.append((start, end, stmt[:at] + names[node.module]
                              + stmt[at + len(node.module):]))
                continue
            subs = [node.module + "." + a.name in names for a in node.names]
            if not any(subs):
                continue
            if node.lineno != node.end_lineno:
                raise ToplevelError("line %d: an import of a moved module that spans lines"
                                    % node.lineno)
            kept, parts = [], []
            for alias, sub in zip(node.names, subs):
                local = alias.asname or alias.name
                if sub:
                    top = names[node.module + "." + alias.name]
                    parts.append("import " + (top if local == top else "%s as %s" % (top, local)))
                else:
                    kept.append(alias.name if local == alias.name
                                else "%s as %s" % (alias.name, local))
            if kept:
                parts.insert(0, "from %s import %s" % (node.module, ", ".join(kept)))
            edits.append((start, end, "; ".join(parts)))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in names:
                    raise ToplevelError("line %d: import %s binds its package: use a from-import"
                                        % (node.lineno, alias.name))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            new = names.get(node.value) or formats.get(node.value)
            if new is not None:
                start, end = span(node)
                quote = text[start]
                if text[end - 1] != quote or text[start + 1:end - 1] != node.value:
                    raise ToplevelError("line %d: the string %r is not written plainly"
                                        % (node.lineno, node.value))
                edits.append((start, end, quote + new + quote))
    return relayout.apply_edits(text, edits)


def device_texts(texts, root, clients=None, units=None):
    """(texts, clients, units) with the short-named modules at the top: ``texts`` ({drive
    path: text}) moved and rewritten, ``clients`` ({name: text}) rewritten, ``units``
    ({path: path}, sim/build/cold.py) on the new paths."""
    names = moved(texts, root)
    out = {top_path(p, root): rewrite(t, names) for p, t in texts.items()}
    if len(out) != len(texts):
        raise ToplevelError("two files at one place at the top of the drive")
    clients = {n: rewrite(t, names) for n, t in (clients or {}).items()}
    units = {top_path(a, root): top_path(b, root) for a, b in (units or {}).items()}
    return out, clients, units
