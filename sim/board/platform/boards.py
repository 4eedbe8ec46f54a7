"""The boards the simulator can pretend to be: the single table.

Each entry says what the real CircuitPython firmware of that board exposes, so that code.py
and lib/skat_boards/<board>.py run unchanged against the fakes:

- ``board_id``: the real ``board.board_id`` string;
- ``size``: display width, height in pixels;
- ``display``: ``"board"`` when the firmware creates ``board.DISPLAY``, ``"spi"`` when the
  app must build it itself (Pico Display Pack: ST7789 over SPI0, no ``board.DISPLAY``);
- ``nvm``: size of ``microcontroller.nvm`` in bytes (8 KB SAMD51/ESP32-S3, 4 KB RP2040);
- ``pins``: every pin name ``board`` has (extra pins are harmless, a missing one is an
  AttributeError exactly like on the device);
- ``keys``: physical key name -> where the press shows up:
  ``("sr", bit)``   bit of the ``keypad.ShiftRegisterKeys`` (PyBadge family),
  ``("pin", name)`` a pin of a ``keypad.Keys`` (key number = its index in the app's tuple),
  ``("joy", axis, value)`` the analog joystick (PyGamer): ``AnalogIn(board.JOYSTICK_X/Y)``
  reads ``value`` while the key is held, 32768 otherwise;
- ``active_high``: pins whose button pulls the pin high (default: to GND, active low);
- ``same_pins``: pin names that are the same ``Pin`` object on the device (board.BUTTON is
  board.D0 on the ESP32-S3 Feathers);
- ``keymap``: desktop keyboard key -> physical key name (pygame key names, lower case;
  the terminal backend translates its escape sequences to the same names);
- ``help``: the help line shown in the window title / under the terminal frame;
- ``battery``: (pin, divider) where the board reads its battery's voltage through a divider
  (lib/skat_boards' ``battery`` fact says the same, with the empty and full voltages): its
  ``AnalogIn`` reads the session's battery voltage (``--battery``);
- ``sound``: ``("dac", pin, enable pin)`` a speaker on a DAC behind an amplifier (only
  ``audioio.AudioOut`` on that pin sounds, and only while the enable pin is driven high),
  ``("pwm", pin)`` a piezo buzzer (``pwmio.PWMOut``); ``leds``: ``("neopixel", pin, count)``
  (with a fourth element, the power pin that must be driven high) or ``("rgb", red, green,
  blue)`` on PWM - lib/skat_boards' ``sound`` and ``leds`` say the same (skat_ui.cue); the
  fakes log every tone and colour on the hub (``hw.Hub``).

Script files (``--keys``) use the physical key names plus the ``aliases`` of the board.
"""

# Keyboard keys shared by the 8-key boards (PyBadge family).
_KEYMAP_8 = {
    "up": "UP", "down": "DOWN", "left": "LEFT", "right": "RIGHT",
    "z": "A", "a": "A", "x": "B", "b": "B",
    "return": "START", "enter": "START", "space": "SELECT", "backspace": "SELECT",
}
_HELP_8 = "arrows=d-pad  z/a=A  x/b=B  Enter=Start  Space=Select  Esc=quit"
# Screenshots: F12 in the window, p in the terminal (docs/simulator.md).

# The PyBadge shift register (platform.md): 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down,
# 6 Up, 7 Left; value_when_pressed=True.
_SR_KEYS = {
    "B": ("sr", 0), "A": ("sr", 1), "START": ("sr", 2), "SELECT": ("sr", 3),
    "RIGHT": ("sr", 4), "DOWN": ("sr", 5), "UP": ("sr", 6), "LEFT": ("sr", 7),
}
_SR_PINS = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE",
            "NEOPIXEL", "LIGHT", "ACCELEROMETER_INTERRUPT", "TFT_LITE", "A0", "A1", "A2",
            "A3", "A4", "A5", "A6", "D2", "D3", "D5", "D6", "D9", "D10", "D11", "D12", "D13",
            "SCL", "SDA", "SCK", "MOSI", "MISO")

# The PyBadge family's speaker (A0, the DAC, behind the amplifier's enable pin) and its five
# NeoPixels.
_SPEAKER = ("dac", "SPEAKER", "SPEAKER_ENABLE")
_PIXELS_5 = ("neopixel", "NEOPIXEL", 5)

# The PyGamer has the same shift register for A, B, Start, Select but an analog joystick
# instead of the d-pad; common CircuitPython code treats < 20000 / > 44000 as a direction.
_JOY_KEYS = dict(_SR_KEYS)
_JOY_KEYS.update({
    "LEFT": ("joy", "JOYSTICK_X", 1000), "RIGHT": ("joy", "JOYSTICK_X", 64535),
    "UP": ("joy", "JOYSTICK_Y", 1000), "DOWN": ("joy", "JOYSTICK_Y", 64535),
})

# Three-button boards (left, right, select; long press = back).
_KEYMAP_3 = {
    "left": "L", "up": "L", "right": "R", "down": "R",
    "return": "SEL", "enter": "SEL", "space": "SEL", "z": "SEL", "a": "SEL",
}
_HELP_3 = "Left/Up=L  Right/Down=R  z/Enter/Space=Sel  hold Sel (terminal: Z)=back  Esc=quit"

BOARDS = {
    "pybadge": {
        "board_id": "pybadge", "size": (160, 128), "display": "board", "nvm": 8192,
        "pins": _SR_PINS, "keys": _SR_KEYS, "aliases": {}, "keymap": _KEYMAP_8,
        "help": _HELP_8,
        "battery": ("A6", 2), "sound": _SPEAKER, "leds": _PIXELS_5,
    },
    "edgebadge": {
        "board_id": "edgebadge", "size": (160, 128), "display": "board", "nvm": 8192,
        "pins": _SR_PINS, "keys": _SR_KEYS, "aliases": {}, "keymap": _KEYMAP_8,
        "help": _HELP_8,
        "battery": ("A6", 2), "sound": _SPEAKER, "leds": _PIXELS_5,
    },
    "pygamer": {
        "board_id": "pygamer", "size": (160, 128), "display": "board", "nvm": 8192,
        "pins": _SR_PINS + ("JOYSTICK_X", "JOYSTICK_Y"), "keys": _JOY_KEYS, "aliases": {},
        "keymap": _KEYMAP_8, "help": _HELP_8, "battery": ("A6", 2), "sound": _SPEAKER,
        "leds": _PIXELS_5,
    },
    # keypad.Keys((SW_A, SW_B, SW_X, SW_Y, SW_DOWN, SW_LEFT, SW_RIGHT, SW_UP),
    #             value_when_pressed=False, pull=True)
    "picosystem": {
        "board_id": "pimoroni_picosystem", "size": (240, 240), "display": "board",
        "nvm": 4096,
        "pins": ("SW_A", "SW_B", "SW_X", "SW_Y", "SW_DOWN", "SW_LEFT", "SW_RIGHT", "SW_UP",
                 "LED_R", "LED_G", "LED_B", "AUDIO", "BACKLIGHT", "VBUS_DETECT",
                 "BAT_SENSE", "CHARGE_LED"),
        "keys": {"A": ("pin", "SW_A"), "B": ("pin", "SW_B"), "X": ("pin", "SW_X"),
                 "Y": ("pin", "SW_Y"), "UP": ("pin", "SW_UP"), "DOWN": ("pin", "SW_DOWN"),
                 "LEFT": ("pin", "SW_LEFT"), "RIGHT": ("pin", "SW_RIGHT")},
        "aliases": {"START": "X", "SELECT": "Y"},
        "keymap": {"up": "UP", "down": "DOWN", "left": "LEFT", "right": "RIGHT",
                   "z": "A", "a": "A", "x": "B", "b": "B", "c": "X", "return": "X",
                   "enter": "X", "v": "Y", "y": "Y", "space": "Y", "backspace": "Y"},
        "help": "arrows  z/a=A  x/b=B  c/Enter=X  v/Space=Y  Esc=quit",
        "battery": ("BAT_SENSE", 3),
        "sound": ("pwm", "AUDIO"), "leds": ("rgb", "LED_R", "LED_G", "LED_B"),
    },
    # D0 is the BOOT button (active low, needs the pull-up); D1 and D2 are active high.
    "feather_esp32s3_reverse_tft": {
        "board_id": "adafruit_feather_esp32s3_reverse_tft", "size": (240, 135),
        "display": "board", "nvm": 8192,
        "pins": ("D0", "D1", "D2", "BUTTON", "BOOT0", "TFT_BACKLIGHT", "TFT_CS", "TFT_DC",
                 "TFT_RESET", "NEOPIXEL", "A0", "A1", "A2", "A3", "A4", "A5", "D5", "D6",
                 "D9", "D10", "D11", "D12", "D13", "SCL", "SDA", "SCK", "MOSI", "MISO"),
        "keys": {"L": ("pin", "D0"), "SEL": ("pin", "D1"), "R": ("pin", "D2")},
        "active_high": ("D1", "D2"), "same_pins": {"BUTTON": "D0", "BOOT0": "D0"},
        "aliases": {},
        "keymap": _KEYMAP_3, "help": _HELP_3,
        "leds": ("neopixel", "NEOPIXEL", 1),
    },
    # Only the BOOT button on the board: the 3-button scheme needs two external buttons,
    # wired from D5 and D6 to GND (active low, internal pull-up).  BUTTON (= D0, BOOT)
    # is the select key.
    "feather_esp32s3_tft": {
        "board_id": "adafruit_feather_esp32s3_tft", "size": (240, 135), "display": "board",
        "nvm": 8192,
        "pins": ("D0", "BUTTON", "BOOT0", "TFT_BACKLIGHT", "TFT_CS", "TFT_DC", "TFT_RESET",
                 "TFT_I2C_POWER", "NEOPIXEL", "NEOPIXEL_POWER", "A0", "A1", "A2", "A3",
                 "A4", "A5", "D5", "D6", "D9", "D10", "D11", "D12", "D13", "SCL", "SDA",
                 "SCK", "MOSI", "MISO"),
        "keys": {"L": ("pin", "D5"), "R": ("pin", "D6"), "SEL": ("pin", "BUTTON")},
        "same_pins": {"D0": "BUTTON", "BOOT0": "BUTTON"},
        "aliases": {},
        "keymap": _KEYMAP_3, "help": _HELP_3,
        "leds": ("neopixel", "NEOPIXEL", 1, "NEOPIXEL_POWER"),
    },
    # Raspberry Pi Pico + Pimoroni Pico Display Pack: ST7789 240x135 on SPI0 (SCK GP18,
    # MOSI GP19, CS GP17, DC GP16, backlight GP20); A/B/X/Y = GP12..GP15 active low.
    "pico_display_pack": {
        "board_id": "raspberry_pi_pico", "size": (240, 135), "display": "spi", "nvm": 4096,
        "pins": tuple("GP%d" % i for i in range(29)) + ("LED", "A0", "A1", "A2",
                                                         "VOLTAGE_MONITOR", "SMPS_MODE"),
        # lib/skat_boards/pico_display.py: X and Y move left/right, A chooses, B backs.
        "keys": {"A": ("pin", "GP12"), "B": ("pin", "GP13"), "X": ("pin", "GP14"),
                 "Y": ("pin", "GP15")},
        "aliases": {"LEFT": "X", "RIGHT": "Y"},
        "keymap": {"z": "A", "a": "A", "return": "A", "enter": "A", "x": "B", "b": "B",
                   "backspace": "B", "c": "X", "left": "X", "up": "X", "v": "Y",
                   "y": "Y", "right": "Y", "down": "Y"},
        "help": "Left/c=X  Right/v=Y  z/a/Enter=A  x/b/Backspace=B  Esc=quit",
    },
}


def get(name):
    """The board entry for ``name`` (a key of BOARDS or a board_id); KeyError if unknown."""
    if name in BOARDS:
        return BOARDS[name]
    for entry in BOARDS.values():
        if entry["board_id"] == name:
            return entry
    raise KeyError("unknown board %r (known: %s)" % (name, ", ".join(sorted(BOARDS))))


def logical_key(entry, name):
    """Physical key name for a script token (upper case, aliases resolved) or None."""
    name = name.upper()
    name = entry["aliases"].get(name, name)
    return name if name in entry["keys"] else None
