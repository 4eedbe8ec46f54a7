"""Feather ESP32-S2/S3 Reverse TFT: 240x135 (board.DISPLAY), three buttons: D0 (active low,
left), D1 (active high, select), D2 (active high, right); long select = back."""

import board
import keypad
from skat_boards import keys as K
from skat_boards._nvm import nvm
from skat_boards.three import ThreeButtons

display = board.DISPLAY
display.auto_refresh = False
width = display.width
height = display.height

# Texts: adafruit_display_text's labels (2 MB PSRAM: the heap allows them) where the install
# holds them (make bundle ARGS="--board ..."); a drive without them keeps the lean strips.
labels = True
# The cues (skat_ui.cue): no speaker; one NeoPixel.
cue = (None, (board.NEOPIXEL, 1))

_low = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
_high = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)
keys = ThreeButtons([(_low, (K.LEFT,)), (_high, (K.A, K.RIGHT))])
