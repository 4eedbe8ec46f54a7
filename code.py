"""Skat-en-deux: two-player Skat against the onboard bot (CircuitPython entry point).

The same file runs unchanged in the desktop simulator (``python -m sim play``).
"""

import sys

try:
    # A .mpy drive's table of every name the app interns, loaded first while the heap is
    # empty and dropped at once: see sim/build/mpy.py. The simulator and a .py drive have none.
    import skat_names
    del skat_names, sys.modules["skat_names"]
except ImportError:
    pass

import skat_boards
from skat_ui import app

app.main(skat_boards.detect())
