"""Adafruit PyBadge / EdgeBadge: 160x128 ST7735R (board.DISPLAY), 8 keys on a shift register."""

import board
import keypad
from skat_boards import keys as K
from skat_boards._nvm import nvm

display = board.DISPLAY
display.auto_refresh = False
width = display.width
height = display.height

# Shift-register bits: 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left.
_sr = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                               latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
keys = K.KeypadKeys([(_sr, (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT))])
