"""board for the PyBadge family (the memory test's board)."""

import _driver
import displayio


class _Pin:
    def __init__(self, name):
        self.name = name


board_id = _driver.board_id
BUTTON_CLOCK = _Pin("BUTTON_CLOCK")
BUTTON_OUT = _Pin("BUTTON_OUT")
BUTTON_LATCH = _Pin("BUTTON_LATCH")
JOYSTICK_X = _Pin("JOYSTICK_X")
JOYSTICK_Y = _Pin("JOYSTICK_Y")
DISPLAY = displayio._Display(160, 128)
