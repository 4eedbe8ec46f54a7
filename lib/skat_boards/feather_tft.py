"""Feather ESP32-S2/S3 TFT: 240x135 (board.DISPLAY), only the BOOT button on the board:
select = board.BUTTON, left/right = external buttons from D5/D6 to GND; long select = back."""

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
# The cues (skat_ui.cue): no speaker; the NeoPixel behind its power switch.
cue = (None, (board.NEOPIXEL, 1, board.NEOPIXEL_POWER))

_kp = keypad.Keys((board.D5, board.D6, board.BUTTON), value_when_pressed=False, pull=True)
keys = ThreeButtons([(_kp, (K.LEFT, K.RIGHT, K.A))])
