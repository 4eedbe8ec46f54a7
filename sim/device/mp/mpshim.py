"""Guest-side shims for drivers that run both in the wasm MicroPython (sim/device/mpharness.py)
and on CPython: ``lock``/``unlock`` hold ``micropython.heap_lock`` (no-ops where there is
none) and ``mark(label)`` records a fuel mark in the harness (a no-op elsewhere).

Import it as ``sim.device.mp.mpshim``: the harness preopens the project as ``/input`` (on the
guest's path) and CPython finds it from the project root. Pass string literals as labels:
a mark allocates nothing after the first call, so it works under the heap lock."""

try:
    import micropython
    lock = micropython.heap_lock
    unlock = micropython.heap_unlock
except (ImportError, AttributeError):   # CPython (Blinka's micropython has no heap_lock)
    def lock():
        pass

    def unlock():
        pass

try:
    import host                          # the wasm harness: fuel marks

    def mark(label):
        host.call("mark", label)
except ImportError:
    def mark(label):
        pass
