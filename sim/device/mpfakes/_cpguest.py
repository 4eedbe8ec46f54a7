"""The guest on CircuitPython's own unix interpreter (sim/device/cpharness.py): code.py run the way
a board runs it, on the fakes of this folder.

The firmware's modules that the port lacks or must not use (its time and os would read the
real clock and environment; displayio has no Group/TileGrid) go into sys.modules under the
firmware's names first: a built-in module wins over a file of the same name. Then a padding
block of ``_job.PAD`` bytes shifts every later address (one "heap layout"; pass/fail is not
monotonic in the heap size), one collection, and the heap in use from here on is the app's.
From then on nothing here collects: automatic GC runs when an allocation needs it, as on a
board (``_job.MEASURE`` makes the driver collect at each sleep to read the live heap).
"""

import gc
import sys

import _driver
import _job

_driver.configure(_job.BOARD_ID, _job.SCRIPT, _job.SEED)
_driver.cp_measure = _job.MEASURE
_driver.cp_track = True
_driver.cp_snapshot = _job.SNAPSHOT
_driver.cp_deallog = _job.MEASURE
_driver.cp_stop = _job.STOP
_driver.cp_mapat = _job.MAPAT[2] if _job.MAPAT else 0
_driver.nvm_in = _job.NVM_IN
_driver.analysis = _job.ANALYSIS
for _name, _fake in (("time", "_fake_time"), ("os", "_fake_os"), ("displayio", "_cp_displayio")):
    sys.modules[_name] = __import__(_fake)
for _name in ("fontio", "terminalio", "keypad", "board", "microcontroller"):
    __import__(_name)
if _job.MAPAT and _job.MAPAT[0]:
    import _heapmap           # the heap map's guest side: part of the fakes' footprint
_pad = bytearray(_job.PAD)
gc.collect()
_driver.base()
print("BASE", gc.mem_alloc(), gc.mem_alloc() + gc.mem_free())
if _job.MAPAT and _job.MAPAT[0]:
    _heapmap.names()
if _job.COSTS:
    # Diagnosis: what each module keeps when imported in this order (after skat_names), and
    # the interned names' storage after each (a pool of names taken during an import is the
    # names', not the module's code: the harness takes it off).
    import micropython
    micropython.qstr_info()
    for _name in _job.COSTS:
        try:
            __import__(_name)
        except ImportError:
            pass
        if _name == "skat_names" and _name in sys.modules:
            del sys.modules[_name]
        gc.collect()
        print("COST", _name, gc.mem_alloc())
        micropython.qstr_info()
else:
    try:
        __import__("code")
    except _driver.Done:
        pass
    if _job.MAPAT:
        if _job.MAPAT[0]:
            _heapmap.peel(_job.MAPAT[0], _job.MAPAT[1], _job.MAPAT[3])
        else:
            # Only the heap's figures there (free, largest free block), without the heap
            # map's module: this run's fakes are the plain run's, byte for byte and name for
            # name, so the app has the heap it has in the run the need is measured in.
            import micropython
            gc.collect()
            print("HEAPMAP_LIVE", gc.mem_alloc())
            micropython.mem_info()
        raise SystemExit(0)
    _app = sys.modules["skat_ui.app"].CURRENT
    _driver.report_cp(_app)
    if _job.NVM_OUT:
        # The power goes here: what the flash holds is where the next run boots from.
        with open(_job.NVM_OUT, "wb") as _f:
            _f.write(sys.modules["microcontroller"].nvm._b)
