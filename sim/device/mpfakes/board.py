"""board for the fakes' boards: the PyBadge family (the memory tests' board), the Pimoroni
PicoSystem (240x240) and the Feather ESP32-S3 Reverse TFT (240x135, three buttons)."""

import _driver
import displayio


class _Pin:
    def __init__(self, name):
        self.name = name


board_id = _driver.board_id
# The other boards' pins are made from one string at run time: a name spelt here would be
# interned in every run, and a PyBadge has none of them (its interned-string pool would
# count names the board never holds: sim/device/cpharness.py, ``_put_fakes``).
_OTHER = {
    "pimoroni_picosystem": "SW_A SW_B SW_X SW_Y SW_DOWN SW_LEFT SW_RIGHT SW_UP AUDIO LED_R "
                           "LED_G LED_B",
    "adafruit_feather_esp32s3_reverse_tft": "D0 D1 D2 NEOPIXEL",
}
if board_id in _OTHER:
    for _name in _OTHER[board_id].split():
        globals()[_name] = _Pin(_name)
    DISPLAY = displayio._Display(240, 240 if board_id == "pimoroni_picosystem" else 135)
else:
    BUTTON_CLOCK = _Pin("BUTTON_CLOCK")
    BUTTON_OUT = _Pin("BUTTON_OUT")
    BUTTON_LATCH = _Pin("BUTTON_LATCH")
    JOYSTICK_X = _Pin("JOYSTICK_X")
    JOYSTICK_Y = _Pin("JOYSTICK_Y")
    SPEAKER = _Pin("SPEAKER")
    SPEAKER_ENABLE = _Pin("SPEAKER_ENABLE")
    NEOPIXEL = _Pin("NEOPIXEL")
    DISPLAY = displayio._Display(160, 128)
