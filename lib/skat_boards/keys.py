"""Logical keys and the two key schemes every board module builds on.

The app only knows the logical keys below. Boards with a d-pad give all eight; boards with
three buttons use ``ThreeButtons``: left, right, select (short press = A, long press = B,
"back"; ``skat_boards.three``, imported only by those boards). Every screen is operable with
LEFT/RIGHT/A/B alone: UP works like LEFT and DOWN like RIGHT where a screen has one dimension.
"""

NONE = 0
UP = 1
DOWN = 2
LEFT = 3
RIGHT = 4
A = 5
B = 6
START = 7
SELECT = 8


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
