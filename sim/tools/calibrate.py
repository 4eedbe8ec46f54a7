"""``python -m sim calibrate``: how much harness fuel one PyBadge-second is.

Runs sim/device/mp/pystone.py (pystone 1.2) in the 32-bit MicroPython harness and reads
the fuel of the timed loop exactly through harness marks, minus the empty loop, as
pystone itself subtracts it. CircuitPython on a SAMD51 at 120 MHz (PyBadge) is
published at about 1,520 pystones/s, so fuel per PyBadge-second = fuel per pystone *
1,520. skat_core/budget.py holds the result.

The run disables the automatic GC and gives the heap room for every pass: in this
WASI build an automatic collection while C code holds a fresh pointer only in a
WebAssembly local (invisible to the conservative scan) corrupts the heap; pystone
hits that at every heap size. With the GC off an overflow would be a clean
MemoryError, never a wrong figure.

Prints one JSON object (last line), e.g.
{"fuel_per_pystone": 74298.3, "pystones_per_pybadge_second": 1520,
 "fuel_per_pybadge_second": 112933000, ...}
"""

import json
import os
import sys

from sim import cli

PYSTONES_PER_PYBADGE_SECOND = 1520  # CircuitPython, SAMD51 @ 120 MHz (published)
RP2040_SLOWER = 1.6  # RP2040 @ 125 MHz vs SAMD51 (platform.md)

GUEST = """
import sys, gc
sys.path.append("/input/sim/device/mp")
import host, pystone
gc.collect()
gc.disable()
host.call("mark", "warm")
def mark(label):
    host.call("mark", label)
pystone.run(%d, mark)
print(gc.mem_free())
"""


def measure(loops=20000, heap_kb=8192):
    """Fuel per pystone pass in the harness (exact, deterministic)."""
    from sim.device.mpharness import run_mp
    r = run_mp(GUEST % loops, heap_kb=heap_kb).check()
    at = dict(r.marks)
    null = at["null1"] - at["null0"]
    main = at["main1"] - at["main0"]
    return (main - null) / loops, r


def cpython_rate(loops=50000, repeats=3):
    """Best-of pystones/s of this CPython (informational: it depends on the machine)."""
    sys.path.insert(0, os.path.join(_root(), "sim", "device", "mp"))
    try:
        import pystone
    finally:
        sys.path.pop(0)
    return max(pystone.run(loops)[1] for _ in range(repeats))


def _root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(argv):
    ap = cli.Parser(prog="python -m sim calibrate",
                    description="fuel per pystone in the harness -> fuel per PyBadge-second")
    ap.add_argument("--loops", type=cli.int_range(1, 10000000), default=20000,
                    help="pystone loops per run (20000)")
    loops = ap.parse_args(argv).loops
    root = _root()
    if root not in sys.path:
        sys.path.insert(0, root)
    per_pystone, r = measure(loops)
    fuel_per_s = per_pystone * PYSTONES_PER_PYBADGE_SECOND
    host = cpython_rate()
    out = {
        "loops": loops,
        "fuel_per_pystone": round(per_pystone, 1),
        "pystones_per_pybadge_second": PYSTONES_PER_PYBADGE_SECOND,
        "fuel_per_pybadge_second": int(round(fuel_per_s, -3)),
        "fuel_per_rp2040_second": int(round(fuel_per_s / RP2040_SLOWER, -3)),
        "harness_run_fuel": r.fuel_used,
        "harness_wall_s": round(r.wall_s, 3),
        "cpython_pystones_per_s": int(host),
        "cpython_ms_per_pybadge_second": round(1000.0 * PYSTONES_PER_PYBADGE_SECOND / host, 2),
    }
    print(json.dumps(out))
    return 0
