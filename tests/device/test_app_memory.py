"""The whole app (bundle as it goes onto the drive, with the bot) in the 32-bit MicroPython
harness, on the fakes of sim/device/mpfakes, playing complete deals by key script, and its heap
figures (pytest -s). The heap budgets are held on CircuitPython's own interpreter, per install
(tests/device/test_circuitpython.py): this build compiles the .py drive with its collector off, so its
figures are an upper bound for the .py drive, not the device's need.

How it runs: the bundle (python -m sim bundle) is the guest's root; every module is imported
dependencies-first with a collection after each (the device compiles each .py at import;
this build must not collect automatically, see sim/device/mpharness.py). Then exactly what
code.py does -- ``skat_boards.detect()`` and ``app.main(hw)``, i.e. ``App(hw)``, ``boot()``,
``step()`` forever -- except that the step loop is written out at the guest's top level, where
an explicit ``gc.collect()`` after each step is safe (a collection from inside nested calls
corrupts this build's heap). The fakes' own footprint (module bytecode, the 8 KB nvm image:
C or flash on the device) is measured before the app and subtracted.

Heap figures come from gc.mem_alloc(): automatic GC is off, so the heap in use just before
each top-level collection is the most the app needed since the previous one (an upper bound
of what the device needs, whose GC can also run inside a step). ``micropython.mem_peak`` is
no use here: it counts every allocation ever made. Numbers are printed (pytest -s).
"""

import ast
import os
import shutil

import pytest

from sim.build import bundle
from sim.board.platform import boards
from sim.device.mpharness import run_mp
from sim.device.cpharness import script_bytes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAKES = os.path.join(ROOT, "sim", "device", "mpfakes")
FAKE_MODULES = ("displayio", "fontio", "terminalio", "bitmaptools", "vectorio", "keypad",
                "board", "microcontroller", "time", "os")

# Deck-independent play: A takes the highlighted choice; RIGHT A walks the cursor until a
# legal card (or a choice) is taken, so every deal runs to its end whatever the cards.
FULL_DEALS = "A " + "RIGHT A " * 220


def module_file(drive, name):
    for base in (drive, os.path.join(drive, "lib")):
        p = os.path.join(base, *name.split("."))
        if os.path.isfile(os.path.join(p, "__init__.py")):
            return os.path.join(p, "__init__.py"), True
        if os.path.isfile(p + ".py"):
            return p + ".py", False
    return None, False


def _module_imports(tree, package):
    """Modules imported when the module body runs, in source order (imports inside functions
    happen later, at run time, and stay there)."""
    out = []

    def walk(stmts):
        for node in stmts:
            if isinstance(node, ast.Import):
                out.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = parts[:len(parts) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                out.append(mod)
                out.extend(mod + "." + a.name for a in node.names)
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                for field in ("body", "orelse", "finalbody"):
                    walk(getattr(node, field, []))
                for handler in getattr(node, "handlers", []):
                    walk(handler.body)
    walk(tree.body)
    return out


def import_order(drive, roots):
    """The drive's modules that importing ``roots`` loads, in the order they finish loading
    (Python's own order: source order, a module being loaded is not entered again). Modules
    that finish inside an import cycle are left to the cycle's outermost module: importing one
    of them alone would meet its partner half-initialised."""
    order, state, stack = [], {}, []

    def visit(name):
        if name in FAKE_MODULES:
            return
        if state.get(name) == "loading":
            for inner in stack[stack.index(name) + 1:]:
                state[inner + "#inner"] = True
            return
        if name in state:
            return
        path, is_pkg = module_file(drive, name)
        if path is None:
            return
        parts = name.split(".")
        for i in range(1, len(parts)):
            visit(".".join(parts[:i]))
        state[name] = "loading"
        stack.append(name)
        with open(path) as f:
            tree = ast.parse(f.read())
        for dep in _module_imports(tree, name if is_pkg else name.rpartition(".")[0]):
            visit(dep)
        stack.pop()
        state[name] = "done"
        if not state.get(name + "#inner"):
            order.append(name)

    for r in roots:
        visit(r)
    return order


def board_module(drive, board):
    """skat_boards' module for the board, read from its BOARDS table (skat_boards/ids.py, not
    imported)."""
    path = os.path.join(drive, "lib", "skat_boards", "ids.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "BOARDS":
            table = ast.literal_eval(node.value)
            return "skat_boards." + table[boards.get(board)["board_id"]]
    raise AssertionError("no BOARDS table in " + path)


def script_for(board, text):
    """The key script as the fakes' driver reads it (one encoder for both interpreters)."""
    return script_bytes(board, text)


# The -c code is compiled before gc.disable() in it runs, with automatic GC still on: keep it
# short; the script and the module list come as the module _job (written into the drive).
GUEST = """\
import gc
gc.disable()
gc.collect()
import _driver
import _job
import _nested_gc
_nested_gc.install()
gc.collect()
_driver.configure(_job.BOARD_ID, _job.SCRIPT, _job.SEED)
for M in _job.FAKES:
    __import__(M)
    gc.collect()
_driver.base()
for M in _job.MODS:
    __import__(M)
    _driver.seen()
    gc.collect()
import skat_boards
HW = skat_boards.detect()
from skat_ui import app
_driver.stage("imports")
gc.collect()
A = app.App(HW)
_driver.stage("App()")
gc.collect()
A.boot()
_driver.stage("boot()")
gc.collect()
try:
    while True:
        A.step()
        _driver.seen()
        gc.collect()
        _driver.live(A)
except _driver.Done:
    pass
_driver.report(A)
"""

JOB = """\
BOARD_ID = %(board_id)r
SEED = %(seed)r
FAKES = %(fakes)r
MODS = %(mods)r
SCRIPT = %(script)r
"""


def prepare_drive(tmp_path, board):
    """The bundle plus the fakes; returns (drive folder, modules in import order)."""
    drive = str(tmp_path / "CIRCUITPY")
    bundle.bundle(drive, log=lambda *a: None)
    shutil.copytree(FAKES, os.path.join(drive, "_mpfakes"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.md"))
    mods = import_order(drive, ["skat_boards", "skat_ui.app", board_module(drive, board)])
    return drive, mods


COSTS = """\
import gc
gc.disable()
gc.collect()
import _job
gc.collect()
for M in _job.FAKES:
    __import__(M)
    gc.collect()
print("BASE", gc.mem_alloc())
for M in _job.MODS:
    __import__(M)
    gc.collect()
    print(M, gc.mem_alloc())
import skat_boards
HW = skat_boards.detect()
from skat_ui import app
A = app.App(HW)
gc.collect()
print("App()", gc.mem_alloc())
for N in ("ui", "game", "bot", "store"):
    setattr(A, N, None)
    gc.collect()
    print("-" + N, gc.mem_alloc())
"""


def module_costs(tmp_path, board="pybadge"):
    """[(module, bytes its import keeps alive)] in import order, then ("App()", bytes the
    App object holds) and ("-ui", bytes freed by dropping App.ui), ... for the report."""
    os.makedirs(str(tmp_path), exist_ok=True)
    drive, mods = prepare_drive(tmp_path, board)
    with open(os.path.join(drive, "_mpfakes", "_job.py"), "w") as f:
        f.write("FAKES = %r\nMODS = %r\n" % (FAKE_MODULES, mods))
    r = run_mp(COSTS, heap_kb=1024, paths=("/input/_mpfakes", "/input", "/input/lib"),
               root=drive).check()
    out, prev = [], None
    for line in r.stdout.splitlines():
        name, value = line.split()
        if prev is not None:
            out.append((name, abs(int(value) - prev)))
        prev = int(value)
    return out


def run_app(tmp_path, board="pybadge", keys=FULL_DEALS, seed=1, heap_kb=1024):
    """Play ``keys`` on ``board`` in the harness; the heap is large so that the numbers are
    measured even when over budget (this build's -X heapsize is a hard cap)."""
    os.makedirs(str(tmp_path), exist_ok=True)
    drive, mods = prepare_drive(tmp_path, board)
    with open(os.path.join(drive, "_mpfakes", "_job.py"), "w") as f:
        f.write(JOB % {"board_id": boards.get(board)["board_id"], "seed": str(seed),
                       "fakes": FAKE_MODULES, "mods": mods,
                       "script": script_for(board, keys)})
    code = GUEST
    r = run_mp(code, heap_kb=heap_kb, paths=("/input/_mpfakes", "/input", "/input/lib"),
               root=drive, timeout=1200)
    r.check()
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("RESULT")][-1]
    base, peak, live, delivered, refreshes, games, saves, allocated = map(
        int, line.split()[1:])
    return {"base": base, "peak": peak, "live": live, "delivered": delivered,
            "allocated": allocated,
            "refreshes": refreshes, "games": games, "saves": saves, "fuel": r.fuel_used,
            "wall": r.wall_s, "modules": len(mods),
            "stages": [(ln.split()[1], int(ln.split()[2]), int(ln.split()[3]))
                       for ln in r.stdout.splitlines() if ln.startswith("STAGE")]}


@pytest.fixture(scope="module")
def whole_app(tmp_path_factory):
    """One run of the whole app (12 deals by key script) in the harness, shared by the tests."""
    return run_app(tmp_path_factory.mktemp("whole-app"))


@pytest.mark.slow
@pytest.mark.mp
def test_whole_app_with_bot_plays_full_deals_on_micropython(whole_app, tmp_path):
    m = whole_app
    print("\napp heap on MicroPython, fakes (%d B) subtracted: peak %d B, most live after a "
          "step %d B; after imports %d B, after App() %d B, after boot() %d B; %d keys, "
          "%d refreshes, %d deals, %d saves, %.1f G fuel, %.0f s; micropython.mem_peak() "
          "(every allocation of the run, not a peak of the heap) %d B" % (
              m["base"], m["peak"], m["live"], m["stages"][0][1], m["stages"][1][1],
              m["stages"][2][1], m["delivered"], m["refreshes"], m["games"], m["saves"],
              m["fuel"] / 1e9, m["wall"], m["allocated"]))
    costs = module_costs(tmp_path / "costs")
    mods = [nc for nc in costs if nc[0] != "App()" and not nc[0].startswith("-")]
    print("imports keep %d B; the largest: %s" % (
        sum(c for _, c in mods),
        ", ".join("%s %d" % nc for nc in sorted(mods, key=lambda nc: -nc[1])[:12])))
    print("App() holds %s" % ", ".join("%s %d" % nc for nc in costs if nc not in mods))
    assert m["games"] >= 1, "the script must finish at least one deal"
    assert m["delivered"] == len(script_for("pybadge", FULL_DEALS)) // 2, "script not played out"


@pytest.mark.mp
def test_app_boots_and_takes_keys_in_micropython_on_the_fakes(tmp_path):
    """The quick portability check (the budget test above is slow): the bundle boots under
    MicroPython 1.27 with 31-bit ints, draws, and takes a new series and a bid by key."""
    m = run_app(tmp_path, keys="A WAIT:1 A WAIT:1")
    assert m["delivered"] == 4
    assert m["refreshes"] >= 3
    assert m["saves"] >= 1, "starting a series is saved"


def test_import_order_loads_dependencies_first_and_leaves_cycles_and_lazy_imports(tmp_path):
    (tmp_path / "lib" / "pkg").mkdir(parents=True)
    (tmp_path / "a.py").write_text("import b\nfrom pkg import c\ndef f():\n    import lazy\n")
    (tmp_path / "b.py").write_text("import x\n")
    (tmp_path / "x.py").write_text("import y\nV = 1\n")
    (tmp_path / "y.py").write_text("import x\n")            # x <-> y: y finishes inside x
    (tmp_path / "lazy.py").write_text("")
    (tmp_path / "lib" / "pkg" / "__init__.py").write_text("")
    (tmp_path / "lib" / "pkg" / "c.py").write_text("import time\n")  # a fake: skipped
    assert import_order(str(tmp_path), ["a"]) == ["x", "b", "pkg", "pkg.c", "a"]
