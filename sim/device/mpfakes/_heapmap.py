"""The heap map's guest side (sim/device/cpharness.py ``heap_map``): what the app's heap holds at one
sleep, by taking it apart.

The run ends at the chosen sleep (``_driver.cp_mapat``); after the app's frames are gone the
guest lets go of one part at a time - the App's attributes in the order given, the display's
group tree with the Ui, then the App itself, then the module-level state named
(``HEAPMAP_GLOBAL``: what the bot takes at boot and keeps) - and collects after each: the heap
in use falls by what that part alone kept alive. What is left is the code of the modules
loaded then (named in ``HEAPMAP_MOD`` lines; the harness weighs them by importing them in a
fresh interpreter: taken apart here, one stale word on the C stack keeps the whole linked
graph of code alive), the interned
names the app added (CircuitPython never frees them) and whatever nothing named holds. Lines:
``HEAPMAP_LIVE bytes`` (in use at the start, the fakes' footprint included),
``HEAPMAP_PART attribute bytes``, ``HEAPMAP_APP bytes``, ``HEAPMAP_MOD module``,
``HEAPMAP_REST bytes`` (in use at the end), each ``micropython.qstr_info()`` line after it.
(The heap's figures alone at a sleep, without taking anything apart, are
sim/device/mpfakes/_cpguest.py's: without this module.)
"""

import gc
import sys

import micropython

# The tags it prints are longer than ten letters and the names it tests are the app's own, so
# that the map run interns (almost) no name the app's run does not: at 620 names a new pool
# takes 3.8 KB at once (docs/memory.md), and the map must show the app's heap, not its own.
_OURS = ("skat_core", "skat_ui", "skat_boards", "skat_names")


def _used():
    gc.collect()
    return gc.mem_alloc()


def names():
    micropython.qstr_info()


def peel(first, ui, globs):
    mod = sys.modules["skat_ui.app"]
    app = mod.CURRENT
    now = _used()
    print("HEAPMAP_LIVE", now)
    micropython.qstr_info()
    names = list(first)
    for k in app.__dict__:
        if k not in names:
            names.append(k)
    for k in names:
        v = getattr(app, k, None)
        if v is None or v is True or v is False or type(v) is int:
            continue
        setattr(app, k, None)
        if k == ui:
            app.hw.display.root_group = None
        v = None
        m = _used()
        print("HEAPMAP_PART", k, now - m)
        now = m
    mod.CURRENT = None
    app = mod = v = None
    m = _used()
    print("HEAPMAP_APP", now - m)
    now = m
    for name, attr in globs:
        sys.modules[name].__dict__[attr] = None
        m = _used()
        print("HEAPMAP_GLOBAL", name, attr, now - m)
        now = m
    for n in sys.modules:
        # Ours: code.py, the packages and the .mpy drive's modules at its top (a capital first
        # letter: sim/build/toplevel.py; the firmware's and the fakes' names have none).
        if n == "code" or n.split(".")[0] in _OURS or n[:1].isupper():
            print("HEAPMAP_MOD", n)
    print("HEAPMAP_REST", now)
    micropython.qstr_info()
