"""Pimoroni PicoSystem: 240x240 (board.DISPLAY), d-pad and A B X Y; X = Start, Y = Select."""

import board
import keypad
from skat_boards import keys as K
from skat_boards._nvm import nvm

display = board.DISPLAY
display.auto_refresh = False
width = display.width
height = display.height
labels = False       # texts: the lean strips (the heap has no room for labels)
# The LiPo on BAT_SENSE through a third (the pin's name, divider, millivolts empty and full
# as Pimoroni's own firmware reads it: 2.8 and 4.1 V).
battery = ("BAT_SENSE", 3, 2800, 4100)
# The cues (skat_ui.cue): the piezo buzzer on AUDIO (PWM), the RGB LED (PWM, active high).
cue = ((board.AUDIO,), (board.LED_R, board.LED_G, board.LED_B))

_kp = keypad.Keys((board.SW_A, board.SW_B, board.SW_X, board.SW_Y, board.SW_DOWN,
                   board.SW_LEFT, board.SW_RIGHT, board.SW_UP),
                  value_when_pressed=False, pull=True)
keys = K.KeypadKeys([(_kp, (K.A, K.B, K.START, K.SELECT, K.DOWN, K.LEFT, K.RIGHT, K.UP))])
