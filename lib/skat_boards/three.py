"""Left, right, select for the 3-button boards (a module of its own: the other boards do not
load it). Select held >= LONG_PRESS is B (back), shorter is A."""

import time
from skat_boards.keys import NONE, A, B

LONG_PRESS = 0.8  # seconds of holding select that mean "back"


class ThreeButtons:
    """Left, right, select from keypad objects. ``sources``: list of (keypad object,
    mapping) with mapping values LEFT, RIGHT, A."""

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
