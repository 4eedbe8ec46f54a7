"""The 32-bit MicroPython harness is what the zero-allocation and budget claims rest on:
each property it is trusted for has a test here."""

import pytest

from sim.device.mpharness import run_mp

pytestmark = pytest.mark.mp


def test_runs_code_and_captures_stdout():
    r = run_mp("print(6 * 7)")
    assert r.ok, r.describe()
    assert r.stdout == "42\n"
    assert r.stderr == ""


def test_interpreter_is_micropython_1_27():
    r = run_mp("import sys\nprint(sys.implementation.name, sys.implementation.version[:2])")
    assert r.stdout.split() == ["micropython", "(1,", "27)"], r.stdout


def test_uncaught_exception_is_exit_1_with_traceback_on_stderr():
    r = run_mp("x = 1\nraise ValueError('bad card')")
    assert r.exit_code == 1
    assert not r.ok
    assert "line 2" in r.stderr and "ValueError: bad card" in r.stderr


def test_check_raises_with_the_guest_traceback():
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        run_mp("1 // 0").check()


def test_same_code_twice_costs_the_same_fuel():
    code = "def f(n):\n    s = 0\n    for i in range(n):\n        s += i * i\n    return s\nprint(f(5000))"
    a = run_mp(code)
    b = run_mp(code)
    assert a.ok and b.ok
    assert a.fuel_used == b.fuel_used
    assert a.fuel_used > 0


def test_fuel_grows_with_work():
    code = "def f(n):\n    for i in range(n):\n        pass\nf(%d)"
    small = run_mp(code % 1000).check()
    large = run_mp(code % 11000).check()
    per_iteration = (large.fuel_used - small.fuel_used) / 10000
    assert 50 < per_iteration < 5000, per_iteration


def test_marks_read_fuel_inside_heap_locked_code():
    # After one warm-up call, host.call("mark", literal) allocates nothing.
    code = """
import host, micropython
def f():
    micropython.heap_lock()
    host.call("mark", "a")
    s = 0
    for i in range(100):
        s += i
    host.call("mark", "b")
    micropython.heap_unlock()
    return s
host.call("mark", "warm-up")
print(f())
"""
    r = run_mp(code).check()
    assert r.stdout == "4950\n"
    assert [label for label, _ in r.marks] == ["warm-up", "a", "b"]
    assert r.mark_deltas()[1][1] > 100 * 50
    assert r.marks == run_mp(code).marks  # deterministic to the instruction


def test_fuel_readout_from_the_guest_is_monotonic():
    code = "import host\na = int(host.call('fuel', ''))\nb = int(host.call('fuel', ''))\nprint(a, b)"
    r = run_mp(code).check()
    a, b = map(int, r.stdout.split())
    assert 0 < a < b <= r.fuel_used


def test_heap_lock_raises_memory_error_on_allocation():
    code = """
import micropython
def alloc():
    micropython.heap_lock()
    try:
        x = [0] * 4
    except MemoryError:
        micropython.heap_unlock()
        return "MemoryError"
    micropython.heap_unlock()
    return "allocated"
def no_alloc(buf):
    micropython.heap_lock()
    for i in range(len(buf)):
        buf[i] = i
    micropython.heap_unlock()
    return "ok"
print(alloc(), no_alloc(bytearray(8)))
"""
    assert run_mp(code).check().stdout == "MemoryError ok\n"


def test_int_2_pow_30_is_a_heap_long_but_2_pow_30_minus_1_is_small():
    # Built at run time from an argument: constant folding would create it at compile time.
    code = """
import micropython
def make(n, extra):
    micropython.heap_lock()
    try:
        v = n + (n + extra)
    except MemoryError:
        micropython.heap_unlock()
        return "MemoryError"
    micropython.heap_unlock()
    return v
h = 1 << 29
print(make(h, -1), make(-h, 0), make(h, 0), make(-h, -1))
"""
    out = run_mp(code).check().stdout.split()
    assert out == [str(2**30 - 1), str(-2**30), "MemoryError", "MemoryError"]


def test_module_level_global_store_allocates_so_locked_work_goes_in_functions():
    # The globals dict grows as names are added; a growth under the lock allocates.
    stores = "".join("fresh_global_%d = %d\n" % (i, i) for i in range(16))
    r = run_mp("import micropython\nmicropython.heap_lock()\n" + stores)
    assert r.exit_code == 1 and "MemoryError" in r.stderr


@pytest.mark.parametrize("heap_kb", [64, 96])
def test_heapsize_is_respected(heap_kb):
    code = """
import gc
gc.collect()
total = gc.mem_free() + gc.mem_alloc()
try:
    b = bytearray(%d)
    fits = "fits"
except MemoryError:
    fits = "MemoryError"
print(total, fits)
""" % (heap_kb * 1024)
    total, fits = run_mp(code, heap_kb=heap_kb).check().stdout.split()
    assert heap_kb * 1024 * 0.9 < int(total) <= heap_kb * 1024
    assert fits == "MemoryError"
    # a buffer of half the heap fits
    half = run_mp("b = bytearray(%d)\nprint(len(b))" % (heap_kb * 512), heap_kb=heap_kb)
    assert half.check().stdout == "%d\n" % (heap_kb * 512)


def test_mem_peak_is_available():
    code = "import micropython\nmicropython.mem_peak()\nb = bytearray(20000)\nprint(micropython.mem_peak())"
    assert int(run_mp(code).check().stdout) >= 20000


def test_project_is_importable_and_read_only():
    r = run_mp("import skat_core.cards as c\nprint(c.parse_card('CJ'))").check()
    assert r.stdout == "4\n"
    w = run_mp("open('/input/written_by_guest', 'w').write('x')")
    assert w.exit_code == 1 and "OSError" in w.stderr


def test_running_out_of_fuel_is_a_trap_not_a_hang():
    r = run_mp("while True:\n    pass", fuel=5000000)
    assert r.trap == "out of fuel"
    assert r.exit_code == -1 and not r.ok
    assert r.fuel_used == 5000000


def test_wall_clock_timeout_kills_the_job():
    r = run_mp("while True:\n    pass", timeout=1.0)
    assert r.timed_out and not r.ok


def test_guest_modules_are_importable_from_slash_guest():
    r = run_mp("import helper_mod\nprint(helper_mod.twice(21))",
               modules={"helper_mod": "def twice(x):\n    return 2 * x\n"})
    assert r.check().stdout == "42\n"


def test_import_order_puts_dependencies_first():
    from sim.device.mpharness import import_order
    order = import_order(["skat_core.engine.game"])
    assert order[-1] == "skat_core.engine.game"
    for dep in ("skat_core.cards", "skat_core.layout", "skat_core.rules"):
        assert order.index(dep) < order.index("skat_core.engine.game")
    assert order.index("skat_core.cards") < order.index("skat_core.layout")


def test_the_engine_imports_in_64k_through_guest_prelude():
    from sim.device.mpharness import guest_prelude
    r = run_mp(guest_prelude(["skat_core.engine.game"]) + "print(gc.mem_free() > 0)", heap_kb=64)
    assert r.check().stdout == "True\n"


# --- calibration: pystone 1.2 port and the budget constant

DHRYSTONE_END_STATE = """
def end_state(p, loops):
    return (p.int_glob, p.bool_glob, p.char1_glob, p.char2_glob, p.array1_glob[8],
            p.array2_glob[8][7] - loops, p.ptr_glb.discr, p.ptr_glb.enum_comp,
            p.ptr_glb.int_comp, p.ptr_glb.string_comp)
"""
# Dhrystone's documented final values: Int_Glob 5, Bool_Glob 1, Ch_1_Glob 'A',
# Ch_2_Glob 'B', Arr_1_Glob[8] 7, Arr_2_Glob[8][7] = runs + 10, Ptr_Glob: Discr 0
# (Ident_1 here is 1), Enum_Comp 2 (Ident_3; here 3), Int_Comp 17, "DHRYSTONE ... STRING".
EXPECTED_END = (5, True, "A", "B", 7, 10, 1, 3, 17, "DHRYSTONE PROGRAM, SOME STRING")


def test_pystone_port_reaches_dhrystone_end_state_on_cpython(project_root):
    import importlib.util
    import os
    spec = importlib.util.spec_from_file_location(
        "pystone_port", os.path.join(project_root, "sim", "device", "mp", "pystone.py"))
    p = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(p)
    p.run(500)
    ns = {}
    exec(DHRYSTONE_END_STATE, ns)
    assert ns["end_state"](p, 500) == EXPECTED_END


def test_pystone_port_reaches_the_same_end_state_in_micropython():
    code = ("import sys\nsys.path.append('/input/sim/device/mp')\nimport gc, pystone\n"
            "gc.disable()\npystone.run(500)\n" + DHRYSTONE_END_STATE +
            "print(repr(end_state(pystone, 500)))\n")
    r = run_mp(code, heap_kb=1024).check()
    assert r.stdout.strip() == repr(EXPECTED_END)


def test_budget_constant_matches_the_calibration(figures):
    from sim.tools.calibrate import PYSTONES_PER_PYBADGE_SECOND, measure
    from skat_core.budget import FUEL_PER_PYBADGE_SECOND
    per_pystone, _ = measure(loops=2000)
    measured = per_pystone * PYSTONES_PER_PYBADGE_SECOND
    figures.append("calibration: %.0f fuel per pystone x %d pystones/s = %.1f M fuel per "
                   "PyBadge-second (budget.py: %d)" % (
                       per_pystone, PYSTONES_PER_PYBADGE_SECOND, measured / 1e6,
                       FUEL_PER_PYBADGE_SECOND))
    assert abs(measured - FUEL_PER_PYBADGE_SECOND) < 0.01 * FUEL_PER_PYBADGE_SECOND
    assert FUEL_PER_PYBADGE_SECOND < 2**30


def test_gc_protocol_collect_only_at_top_level_survives_heavy_allocation():
    # The protocol of guest_prelude and test_heap_locked: automatic GC off, collect
    # only at the top level of -c, between calls that allocate a lot (64 KB heap,
    # ~3 MB allocated in total). A collection that freed live objects would crash.
    from sim.device.mpharness import guest_prelude
    code = guest_prelude(()) + """
class Node:
    def __init__(self, nxt, payload):
        self.nxt = nxt
        self.payload = payload

def churn(n):
    a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8; i = 9; j = 10; k = 11
    head = None
    for x in range(n):
        head = Node(head, [x, "%d" % x])
    total = 0
    while head is not None:
        total += head.payload[0]
        head = head.nxt
    return total + a + b + c + d + e + f + g + h + i + j + k

s = 0
for t in range(100):
    gc.collect()
    s += churn(300)
print(s)
"""
    r = run_mp(code, heap_kb=64).check()
    assert r.stdout == "%d\n" % (100 * (sum(range(300)) + 66))


# --- python -m sim: the tools' dispatcher

def _sim(*args):
    import subprocess
    import sys as _sys
    from sim.device.mpharness import ROOT
    return subprocess.run([_sys.executable, "-m", "sim"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_sim_unknown_tool_is_exit_2_with_usage():
    p = _sim("no-such-tool")
    assert p.returncode == 2
    assert "unknown tool" in p.stderr and "calibrate" in p.stderr


def test_sim_without_tool_is_exit_2():
    assert _sim().returncode == 2


def test_every_sim_tool_has_a_module_with_main():
    import importlib
    from sim.__main__ import MODULES, TOOLS
    names = [name for name, _module, _text in TOOLS]
    assert names == ["play", "replay", "solve", "match", "bench", "train-bidding", "oracle",
                     "calibrate", "bundle", "freeze", "fontcut"]
    assert sorted(MODULES) == sorted(names)
    for name in names:
        module = importlib.import_module(MODULES[name])
        assert callable(getattr(module, "main", None)), name


def test_sim_calibrate_prints_json_last_line():
    import json
    p = _sim("calibrate", "--loops", "500")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert 70000 < out["fuel_per_pystone"] < 80000
    assert abs(out["fuel_per_pybadge_second"] - out["fuel_per_pystone"] * 1520) <= 1000
