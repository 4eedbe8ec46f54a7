"""board for the fakes' boards: the PyBadge family (the memory tests' board), the Pimoroni
PicoSystem (240x240) and the Feather ESP32-S3 Reverse TFT (240x135, three buttons)."""

import _driver
import displayio


class _Pin:
    def __init__(self, name):
        self.name = name


board_id = _driver.board_id
if board_id == "pimoroni_picosystem":
    SW_A = _Pin("SW_A")
    SW_B = _Pin("SW_B")
    SW_X = _Pin("SW_X")
    SW_Y = _Pin("SW_Y")
    SW_DOWN = _Pin("SW_DOWN")
    SW_LEFT = _Pin("SW_LEFT")
    SW_RIGHT = _Pin("SW_RIGHT")
    SW_UP = _Pin("SW_UP")
    DISPLAY = displayio._Display(240, 240)
elif board_id == "adafruit_feather_esp32s3_reverse_tft":
    D0 = _Pin("D0")
    D1 = _Pin("D1")
    D2 = _Pin("D2")
    DISPLAY = displayio._Display(240, 135)
else:
    BUTTON_CLOCK = _Pin("BUTTON_CLOCK")
    BUTTON_OUT = _Pin("BUTTON_OUT")
    BUTTON_LATCH = _Pin("BUTTON_LATCH")
    JOYSTICK_X = _Pin("JOYSTICK_X")
    JOYSTICK_Y = _Pin("JOYSTICK_Y")
    DISPLAY = displayio._Display(160, 128)
