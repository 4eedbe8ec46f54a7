"""Logical keys and the two key schemes every board module builds on.

The app only knows the logical keys below. Boards with a d-pad give all eight; boards with
three buttons use ``ThreeButtons``: left, right, select (short press = A, long press = B,
"back"). Every screen is operable with LEFT/RIGHT/A/B alone: UP works like LEFT and DOWN like
RIGHT where a screen has one dimension.
"""

import time

NONE = 0
UP = 1
DOWN = 2
LEFT = 3
RIGHT = 4
A = 5
B = 6
START = 7
SELECT = 8
NAMES = ("", "UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")

LONG_PRESS = 0.8  # seconds of holding select on a 3-button board that mean "back"


class KeypadKeys:
    """Logical keys from keypad objects: ``sources`` is a list of (keypad object, mapping),
    mapping[key_number] = logical key. Reports presses only."""

    def __init__(self, sources):
        self.sources = sources
        self.three = False

    def get(self):
        for kp, mapping in self.sources:
            ev = kp.events.get()
            while ev is not None:
                if ev.pressed and ev.key_number < len(mapping):
                    return mapping[ev.key_number]
                ev = kp.events.get()
        return NONE


class ThreeButtons:
    """Left, right, select from keypad objects; select held >= LONG_PRESS is B (back), shorter
    is A. ``sources``: list of (keypad object, mapping) with mapping values LEFT, RIGHT, A."""

    def __init__(self, sources):
        self.sources = sources
        self.three = True
        self.sel_since = -1.0
        self.sel_fired = False

    def get(self):
        for kp, mapping in self.sources:
            ev = kp.events.get()
            while ev is not None:
                k = mapping[ev.key_number] if ev.key_number < len(mapping) else NONE
                if k == A:
                    if ev.pressed:
                        self.sel_since = time.monotonic()
                        self.sel_fired = False
                    elif self.sel_since >= 0:
                        held = time.monotonic() - self.sel_since
                        self.sel_since = -1.0
                        if not self.sel_fired:
                            self.sel_fired = True
                            return B if held >= LONG_PRESS else A
                elif ev.pressed and k != NONE:
                    return k
                ev = kp.events.get()
        if self.sel_since >= 0 and not self.sel_fired:
            if time.monotonic() - self.sel_since >= LONG_PRESS:
                self.sel_fired = True
                return B
        return NONE

    def holding(self):
        """True while select is held and undecided (the app must keep polling, not sleep long)."""
        return self.sel_since >= 0 and not self.sel_fired
