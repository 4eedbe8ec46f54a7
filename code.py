"""Skat-en-deux: two-player Skat against the onboard bot (CircuitPython entry point).

The same file runs unchanged in the desktop simulator (``python -m sim play``).
"""

import skat_boards
from skat_ui import app

app.main(skat_boards.detect())
