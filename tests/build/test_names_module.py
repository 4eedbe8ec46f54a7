"""The .mpy drive's table of names (sim/build/mpy.py, ``names_module``): code.py loads it first,
so that every name the app interns is interned while the heap is still empty, and drops it.
Loading it must intern every name; running it must leave nothing behind (a function kept in
its dict was once kept alive by a stale word on the C stack for a whole series)."""

import ast
import os
import shutil
import subprocess
import tempfile

import pytest

from sim.build import mpy

NAMES = ["alpha", "beta_gamma", "Xk", "lib/Ca.mpy", " %d", "skat_ui.app"]
MODULES = ["skat_ui.app", "Xk"]


def test_the_names_module_defines_nothing_and_never_runs_its_block():
    src = mpy.names_module(NAMES, MODULES)
    tree = ast.parse(src)
    stmts = [s for s in tree.body if not (isinstance(s, ast.Expr)
                                          and isinstance(s.value, ast.Constant))]
    assert len(stmts) == 1 and isinstance(stmts[0], ast.If)       # no def, no assignment
    space = {"__name__": "skat_names"}
    exec(compile(src, "skat_names", "exec"), space)              # imports nothing
    assert set(space) <= {"__name__", "__builtins__", "__doc__"}


def test_the_names_module_refers_to_every_name_and_module():
    src = mpy.names_module(NAMES, MODULES)
    tree = ast.parse(src)
    attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert {"alpha", "beta_gamma", "Xk"} <= attrs
    assert {"lib/Ca.mpy", " %d", "skat_ui.app"} <= strings
    assert imported == set(MODULES)


@pytest.mark.skipif(mpy.find_mpy_cross() is None, reason="CircuitPython's mpy-cross not found")
def test_circuitpythons_compiler_keeps_every_name_in_the_names_modules_table():
    """mpy-cross may drop code it can prove does nothing: the identifiers and the modules'
    names must still be in the .mpy's table of names, which is what its loading interns. (A
    string that is no identifier stays in a constant tuple, stored as an object, not a name:
    so it was with the function before too - the 68 such strings of the drive are interned
    when their module loads.)"""
    tmp = tempfile.mkdtemp()
    try:
        path = os.path.join(tmp, "skat_names.py")
        with open(path, "w") as f:
            f.write(mpy.names_module(NAMES, MODULES))
        target = mpy.compile_mpy(mpy.find_mpy_cross(), path, "skat_names.py")
        table = set(mpy.interned(target))
        want = {n for n in NAMES if n.isidentifier()} | set(MODULES)
        assert want <= table, want - table
    finally:
        shutil.rmtree(tmp)
