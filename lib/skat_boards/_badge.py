"""What the PyBadge, EdgeBadge and PyGamer share: the 160x128 ST7735R (``board.DISPLAY``) and
the buttons on a shift register (bits 0 B, 1 A, 2 Start, 3 Select; on the PyBadge 4 Right,
5 Down, 6 Up, 7 Left - the PyGamer has its joystick instead)."""

import board
import keypad

display = board.DISPLAY
display.auto_refresh = False
width = display.width
height = display.height

shift_keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                      latch=board.BUTTON_LATCH, key_count=8,
                                      value_when_pressed=True)

# The LiPo: board.A6 reads half its voltage; empty at 3.3 V (the regulator's dropout), full at
# 4.2 V (the pin's name, divider, millivolts empty, full: skat_ui.screens.menu.battery).
battery = ("A6", 2, 3300, 4200)

# The cues (skat_ui.cue): the speaker on the DAC A0 behind its amplifier's enable pin, and the
# five NeoPixels.
cue = ((board.SPEAKER, board.SPEAKER_ENABLE), (board.NEOPIXEL, 5))
