"""Adafruit PyBadge / EdgeBadge: 160x128 ST7735R (board.DISPLAY), 8 keys on a shift register."""

from skat_boards import keys as K
from skat_boards._badge import display, width, height, shift_keys
from skat_boards._nvm import nvm

keys = K.KeypadKeys([(shift_keys, (K.B, K.A, K.START, K.SELECT,
                                   K.RIGHT, K.DOWN, K.UP, K.LEFT))])

# Texts with adafruit_display_text where the install holds the label back-end: the firmware
# with the app frozen in (make freeze ARGS="--board pybadge"). The .mpy drive keeps the lean
# strips (its heap has no room for the labels: sim/build/bundle.py, text_backend), and there the
# import fails.
try:
    from skat_ui import ui_labels
    ui_labels.use()
except ImportError:
    pass
