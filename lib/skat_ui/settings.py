"""Settings: every house rule of rules.md §10, Skat zu dritt's own (§11), bot strength, series
length, language, card style, the screen's light and the cues (sound, LEDs), each stored as
one index byte (storage/persist.py)."""

from skat_core.rules import CHOICES, DEFAULT_INDEX, Rules

SERIES_CHOICES = (2, 4, 6, 8, 10, 12, 16, 18, 24, 36)
STRENGTHS = 3                       # bot levels 1..3 (index 0..2)
# Skat zu dritt's house rules whose values differ from en-deux's (skat_core.three.rules.
# SETTING_KEYS: three passes, Kontra/Re, Bockrunden in rounds): the number of values of each,
# one byte each from I_THREE; its other keys read en-deux's byte of the same key
# (skat_ui.three.rules_of). A test checks these against the rule table, which a drive without
# Skat zu dritt does not hold.
THREE_VALUES = (3, 3, 4)            # all_pass, kontra, bock
# Setting index layout: the §10 choice keys, then these.
I_SERIES = len(CHOICES)             # index into SERIES_CHOICES
I_THREE = I_SERIES + 1              # Skat zu dritt's own rules' bytes
I_STRENGTH = I_THREE + len(THREE_VALUES)
I_LANG = I_STRENGTH + 1             # 0 de, 1 en
I_STYLE = I_STRENGTH + 2            # 0 four-colour, 1 classic
# The screen's light: its brightness, and after how long without a key it dims and goes dark
# (a key then only wakes it: App.step). The idle times count the app's idle sleeps.
I_LIGHT = I_STRENGTH + 3            # index into LIGHTS
I_DIM = I_STRENGTH + 4              # index into DIM_AFTER
I_DARK = I_STRENGTH + 5             # index into DARK_AFTER
# The cues (skat_ui.cue) where the board has a speaker or buzzer, NeoPixels or an RGB LED.
I_SOUND = I_STRENGTH + 6            # 0 off, 1 quiet, 2 on
I_LEDS = I_STRENGTH + 7             # 0 off, 1 on
N_SETTINGS = I_STRENGTH + 8
N_RULES = I_STRENGTH                # the part of the settings a series keeps fixed
# display.brightness: floats made once, when this module loads. A brightness computed when it
# is set (a percent / 100) is a new float each time on a board's 32-bit VM, and the one set
# at boot stays on the heap for good: on one layout of the evening it left no 1.3 KB block
# for a screen's module later (99.8 KB needed instead of 97.9, docs/memory.md).
LIGHTS = (0.25, 0.5, 0.75, 1.0)
DIMMED = 0.05                       # the brightness while dimmed (the backlight barely on)
DIM_AFTER = (0, 30, 60, 120)        # seconds without a key; 0: never
DARK_AFTER = (0, 120, 300, 600)


def defaults():
    s = bytearray(N_SETTINGS)
    for i in range(I_SERIES):
        s[i] = DEFAULT_INDEX[i]             # the standard table (rejection: next_level)
    s[I_SERIES] = SERIES_CHOICES.index(12)
    s[I_STRENGTH] = STRENGTHS - 1
    s[I_LIGHT] = len(LIGHTS) - 1            # full brightness, dimmed after 1 min, dark after 5
    s[I_DIM] = 2
    s[I_DARK] = 2
    # The sound and the LEDs off: on, the cues' module needs ~1.5 KB of the PyBadge's heap
    # beside the play, and the evening then needs 100.3 KB on its worst layout (docs/memory.md,
    # "The cues"): the room issue's budget holds with them off.
    return s


def n_values(i):
    if i < I_SERIES:
        return len(CHOICES[i][1])
    if i == I_SERIES:
        return len(SERIES_CHOICES)
    if i < I_STRENGTH:
        return THREE_VALUES[i - I_THREE]
    if i == I_STRENGTH:
        return STRENGTHS
    if i == I_SOUND:
        return 3
    if i == I_LEDS:
        return 2
    if i >= I_LIGHT:
        return 4                        # LIGHTS, DIM_AFTER, DARK_AFTER
    return 2


def valid(s):
    if len(s) != N_SETTINGS:
        return False
    for i in range(N_SETTINGS):
        if s[i] >= n_values(i):
            return False
    return True


def rules_of(s):
    """The engine's Rules for settings (or the series' rule bytes)."""
    d = {}
    for i in range(len(CHOICES)):
        d[CHOICES[i][0]] = CHOICES[i][1][s[i]]
    d["series_games"] = SERIES_CHOICES[s[I_SERIES]]
    return Rules.from_dict(d)
