"""Adafruit PyBadge / EdgeBadge: 160x128 ST7735R (board.DISPLAY), 8 keys on a shift register."""

from skat_boards import keys as K
from skat_boards._badge import display, width, height, shift_keys, battery, cue
from skat_boards._nvm import nvm

keys = K.KeypadKeys([(shift_keys, (K.B, K.A, K.START, K.SELECT,
                                   K.RIGHT, K.DOWN, K.UP, K.LEFT))])

# Texts: adafruit_display_text's labels where the install holds them (the firmware with the
# app frozen in: make freeze ARGS="--board pybadge"); the .mpy drive has no room for them and
# keeps the lean strips (sim/build/bundle.py, text_backend).
labels = True
