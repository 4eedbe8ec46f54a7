"""Raspberry Pi Pico (RP2040/RP2350) + Pimoroni Pico Display Pack: 240x135 ST7789 on SPI0
(SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight GP20), buttons A B X Y = GP12..GP15 active
low. X and Y move (left/right), A chooses, B goes back."""

import board
import busio
import displayio
import keypad
from skat_boards import keys as K
from skat_boards._nvm import nvm

try:
    from fourwire import FourWire
except ImportError:          # CircuitPython 8
    from displayio import FourWire
try:
    from busdisplay import BusDisplay
except ImportError:
    from displayio import Display as BusDisplay

# ST7789 start-up, as adafruit_st7789 sends it: command, (0x80 | n args), args, [delay ms].
_INIT = (
    b"\x01\x80\x96"              # software reset, 150 ms
    b"\x11\x80\xff"              # sleep out, 255 ms
    b"\x3a\x81\x55\x0a"          # 16-bit colour, 10 ms
    b"\x36\x01\x08"              # memory access order
    b"\x21\x80\x0a"              # inversion on (IPS panel), 10 ms
    b"\x13\x80\x0a"              # normal display on, 10 ms
    b"\x36\x01\xc0"              # memory access order (as adafruit_st7789 ends it)
    b"\x29\x80\xff"              # display on, 255 ms
)

displayio.release_displays()
_spi = busio.SPI(board.GP18, MOSI=board.GP19)
_bus = FourWire(_spi, command=board.GP16, chip_select=board.GP17, baudrate=62500000)
display = BusDisplay(_bus, _INIT, width=240, height=135, rowstart=40, colstart=53,
                     rotation=270, backlight_pin=board.GP20, auto_refresh=False)
width = 240
height = 135
labels = False       # texts: the lean strips (an RP2040: the heap has no room for labels)
cue = None           # the cues (skat_ui.cue): neither a speaker nor an LED to drive

_kp = keypad.Keys((board.GP12, board.GP13, board.GP14, board.GP15),
                  value_when_pressed=False, pull=True)
keys = K.KeypadKeys([(_kp, (K.A, K.B, K.LEFT, K.RIGHT))])
