"""The heap map's guest side (sim/device/cpharness.py ``heap_map``): what the app's heap holds at one
sleep, by taking it apart.

The run ends at the chosen sleep (``_driver.cp_mapat``); after the app's frames are gone the
guest lets go of one part at a time - the App's attributes in the order given, the display's
group tree with the Ui, then the App itself, then the module-level state named (``MAPGLOBAL``:
what the bot takes at boot and keeps) - and collects after each: the heap in use falls by
what that part alone kept alive. What is left is the code of the modules loaded then (named in
``MAPMOD`` lines; the harness weighs them by importing them in a fresh interpreter: taken apart
here, one stale word on the C stack keeps the whole linked graph of code alive), the interned
names the app added (CircuitPython never frees them) and whatever nothing named holds. Lines:
``MAPLIVE bytes`` (in use at the start, the fakes' footprint included), ``MAP attribute bytes``,
``MAPAPP bytes``, ``MAPMOD module``, ``MAPREST bytes`` (in use at the end), each
``micropython.qstr_info()`` line after it. ``stats`` only: the heap's figures at
that sleep, without taking anything apart (``micropython.mem_info``: free, largest free block).
"""

import gc
import sys

import micropython


def _used():
    gc.collect()
    return gc.mem_alloc()


def names():
    micropython.qstr_info()


def stats():
    gc.collect()
    print("MAPLIVE", gc.mem_alloc())
    micropython.mem_info()


def peel(first, ui, globs):
    mod = sys.modules["skat_ui.app"]
    app = mod.CURRENT
    now = _used()
    print("MAPLIVE", now)
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
        print("MAP", k, now - m)
        now = m
    mod.CURRENT = None
    app = mod = v = None
    m = _used()
    print("MAPAPP", now - m)
    now = m
    for name, attr in globs:
        sys.modules[name].__dict__[attr] = None
        m = _used()
        print("MAPGLOBAL", name, attr, now - m)
        now = m
    for n in sys.modules:
        # Ours: code.py, the packages and the .mpy drive's modules at its top (a capital first
        # letter: sim/build/toplevel.py; the firmware's and the fakes' names have none).
        if n == "code" or n.startswith("skat_") or n[:1].isupper():
            print("MAPMOD", n)
    print("MAPREST", now)
    micropython.qstr_info()
