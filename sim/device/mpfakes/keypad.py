"""keypad.ShiftRegisterKeys / Keys with a fixed-size event ring (like the firmware's)."""

import _driver


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events):
        self._k = bytearray(max_events)
        self._p = bytearray(max_events)
        self._t = [0] * max_events
        self._head = 0
        self._n = 0
        self.overflowed = False

    def _record(self, key, pressed, ts):
        m = len(self._k)
        if self._n == m:
            self.overflowed = True
            return
        i = (self._head + self._n) % m
        self._k[i] = key
        self._p[i] = 1 if pressed else 0
        self._t[i] = ts
        self._n += 1

    def _pop_into(self, ev):
        i = self._head
        ev.key_number = self._k[i]
        ev.pressed = self._p[i] == 1
        ev.timestamp = self._t[i]
        self._head = (i + 1) % len(self._k)
        self._n -= 1

    def get(self):
        _driver.poll()
        if not self._n:
            return None
        ev = Event()
        self._pop_into(ev)
        return ev

    def get_into(self, ev):
        _driver.poll()
        if not self._n:
            return False
        self._pop_into(ev)
        return True

    def clear(self):
        self._n = 0
        self.overflowed = False

    def __len__(self):
        return self._n

    def __bool__(self):
        return self._n > 0


class _Scanner:
    def __init__(self, key_count, max_events, pins=None):
        self.key_count = key_count
        self.events = EventQueue(max_events)
        _driver.queues.append(self.events)
        _driver.pins.append(pins)

    def reset(self):
        pass

    def deinit(self):
        i = _driver.queues.index(self.events)
        _driver.queues.pop(i)
        _driver.pins.pop(i)


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        _Scanner.__init__(self, key_count, max_events)


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        _Scanner.__init__(self, len(pins), max_events, [p.name for p in pins])
