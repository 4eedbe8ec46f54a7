"""Adafruit PyGamer: like the PyBadge, but an analog joystick instead of the d-pad."""

import board
import analogio
from skat_boards import keys as K
from skat_boards._badge import display, width, height, shift_keys, battery, cue
from skat_boards._nvm import nvm

# Texts: adafruit_display_text's labels where the install holds them (the firmware with the
# app frozen in: make freeze ARGS="--board pygamer"); the .mpy drive has no room for them and
# keeps the lean strips (sim/build/bundle.py, text_backend).
labels = True

_buttons = K.KeypadKeys([(shift_keys, (K.B, K.A, K.START, K.SELECT))])
_jx = analogio.AnalogIn(board.JOYSTICK_X)
_jy = analogio.AnalogIn(board.JOYSTICK_Y)


class _Keys:
    """Buttons from the shift register; the joystick reports a direction once per deflection
    (it must come back to the middle before the next one)."""

    def __init__(self):
        self.three = False
        self.held = K.NONE

    def get(self):
        k = _buttons.get()
        if k != K.NONE:
            return k
        x = _jx.value
        y = _jy.value
        d = K.NONE
        if x < 20000:
            d = K.LEFT
        elif x > 44000:
            d = K.RIGHT
        elif y < 20000:
            d = K.UP
        elif y > 44000:
            d = K.DOWN
        if d == self.held:
            return K.NONE
        self.held = d
        return d


keys = _Keys()
