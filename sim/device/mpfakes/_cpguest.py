"""The guest on CircuitPython's own unix interpreter (sim/device/cpharness.py): code.py run the way
a board runs it, on the fakes of this folder.

The firmware's modules that the port lacks or must not use (its time and os would read the
real clock and environment; displayio has no Group/TileGrid) go into sys.modules under the
firmware's names first: a built-in module wins over a file of the same name. Then a padding
block of ``_pad_bytes`` bytes shifts every later address (one "heap layout"; pass/fail is not
monotonic in the heap size), one collection, and the heap in use from here on is the app's.
From then on nothing here collects: automatic GC runs when an allocation needs it, as on a
board (``_measure`` makes the driver collect at each sleep to read the live heap).
"""

import gc
import sys


def _load(name):
    """The fake ``name`` run from its source (this folder's ``name``.py) in a fresh copy of
    the empty module ``_shell``: an imported file keeps its path as ``__file__``, an interned
    name for good, and a board has none of these paths (the modules stand for the
    firmware's, in flash); the shell's one path is all the fakes'."""
    mod = __import__("_shell")
    del sys.modules["_shell"]
    sys.modules[name] = mod
    with open("_mpfakes/" + name + ".py") as f:
        source = f.read()
    exec(source, mod.__dict__)
    return mod


_driver = _load("_driver")
# The job (sim/device/cpharness.py, ``JOB``): one tuple, no names.
with open("_mpfakes/_job.txt") as _f:
    (_board_id, _seed, _script, _pad_bytes, _measure, _snapshot, _costs, _stop, _nvm_in,
     _nvm_out, _analysis, _mapat) = eval(_f.read())

_driver.configure(_board_id, _script, _seed)
_driver.cp_measure = _measure
_driver.cp_track = True
_driver.cp_snapshot = _snapshot
_driver.cp_deallog = _measure
_driver.cp_stop = _stop
_driver.cp_mapat = _mapat[2] if _mapat else 0
_driver.nvm_in = _nvm_in
_driver.analysis = _analysis
# (the cues' modules too, in microcontroller's file: the firmware holds them and their
# names; skat_ui.cue imports them only while the sound or the LEDs are on)
for _name in ("_fake_time", "_fake_os", "_dio_tree", "_cp_displayio"):
    _load(_name)
for _name, _fake in (("time", "_fake_time"), ("os", "_fake_os"), ("displayio", "_cp_displayio")):
    sys.modules[_name] = sys.modules[_fake]
for _name in ("fontio", "terminalio", "keypad", "board", "microcontroller"):
    _load(_name)
for _name in ("digitalio", "audioio", "pwmio", "neopixel_write"):
    sys.modules[_name] = sys.modules["microcontroller"]
if _mapat and _mapat[0]:
    _heapmap = _load("_heapmap")  # the heap map's guest side: part of the fakes' footprint
_pad = bytearray(_pad_bytes)
gc.collect()
_driver.base()
print("BASE", gc.mem_alloc(), gc.mem_alloc() + gc.mem_free())
if _mapat and _mapat[0]:
    _heapmap.names()
if _costs:
    # Diagnosis: what each module keeps when imported in this order (after skat_names), and
    # the interned names' storage after each (a pool of names taken during an import is the
    # names', not the module's code: the harness takes it off).
    import micropython
    micropython.qstr_info()
    for _name in _costs:
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
    if _mapat:
        if _mapat[0]:
            _heapmap.peel(_mapat[0], _mapat[1], _mapat[3])
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
    if _nvm_out:
        # The power goes here: what the flash holds is where the next run boots from.
        with open(_nvm_out, "wb") as _f:
            _f.write(sys.modules["microcontroller"].nvm._b)
