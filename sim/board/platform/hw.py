"""Fake CircuitPython hardware modules: board, keypad, microcontroller, digitalio, analogio,
audiocore, audioio, pwmio, neopixel_write, busio, fourwire, busdisplay, adafruit_st7789,
supervisor.

They model what the app can observe on the device: pins as objects, the key scanners'
event queues (keypad.Event with key_number, pressed, timestamp in ms), pin polarity (a
``keypad.Keys`` built with the wrong ``value_when_pressed`` reports its keys inverted, as the
hardware would), the joystick as AnalogIn values and ``microcontroller.nvm`` (sim.board.platform.nvm).

``Hub`` holds the state of the physical buttons; the simulator's drivers call
``hub.set_key(name, pressed)`` and the scanners turn that into events.
"""

import types
from collections import deque

from . import boards


class Pin:
    """microcontroller.Pin: identity matters, the name is for messages."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


class Event:
    """keypad.Event as in CircuitPython 9/10 (key_number, pressed, timestamp)."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0 if timestamp is None else timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return self.key_number == other.key_number and self.pressed == other.pressed

    def __hash__(self):
        return self.key_number | (0x10000 if self.pressed else 0)

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    """keypad.EventQueue. Every read first lets the simulator deliver pending input."""

    def __init__(self, hub, max_events):
        self._hub = hub
        self._events = deque((), max_events)
        self._max = max_events
        self._overflowed = False

    def _record(self, key_number, pressed, timestamp):
        if len(self._events) >= self._max:
            self._overflowed = True
        else:
            self._events.append(Event(key_number, pressed, timestamp))

    def get(self):
        self._hub.poll()
        if not self._events:
            return None
        return self._events.popleft()

    def get_into(self, event):
        self._hub.poll()
        if not self._events:
            return False
        e = self._events.popleft()
        event.key_number = e.key_number
        event.pressed = e.pressed
        event.timestamp = e.timestamp
        return True

    def clear(self):
        self._events.clear()
        self._overflowed = False

    def __len__(self):
        self._hub.poll()
        return len(self._events)

    def __bool__(self):
        return len(self) > 0

    @property
    def overflowed(self):
        return self._overflowed


class _Scanner:
    """Common part of keypad.Keys and keypad.ShiftRegisterKeys."""

    def __init__(self, hub, keys, max_events):
        # keys: list, index = key number, of (physical key name or None, inverted)
        self._hub = hub
        self._keys = keys
        self._events = EventQueue(hub, max_events)
        self._state = [False] * len(keys)
        self._deinited = False
        hub.scanners.append(self)
        self._scan(initial=True)

    @property
    def events(self):
        return self._events

    @property
    def key_count(self):
        return len(self._keys)

    def _scan(self, initial=False):
        """Compare each key with the physical buttons, queue the transitions."""
        if self._deinited:
            return
        now = self._hub.ticks_ms()
        for number, (name, inverted) in enumerate(self._keys):
            down = (name is not None and name in self._hub.pressed) != inverted
            if down != self._state[number]:
                self._state[number] = down
                self._events._record(number, down, now)  # pylint: disable=protected-access
            elif initial and down:
                self._events._record(number, True, now)  # pylint: disable=protected-access

    def reset(self):
        """Forget the state: keys held now are reported pressed again."""
        self._state = [False] * len(self._keys)
        self._scan()

    def deinit(self):
        self._deinited = True
        if self in self._hub.scanners:
            self._hub.scanners.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


def _make_keypad(hub):
    entry = hub.entry

    def pin_key(pin):
        for name, where in entry["keys"].items():
            if where[0] == "pin" and hub.pins.get(where[1]) is pin:
                return name
        return None

    class Keys(_Scanner):
        def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02,
                     max_events=64, debounce_threshold=1):
            keys = []
            for pin in pins:
                if not isinstance(pin, Pin):
                    raise TypeError("pins must be microcontroller.Pin, not %r" % (pin,))
                name = pin_key(pin)
                # A button closes to the level the board wires it to; reading it with the
                # other polarity makes the key look pressed while it is up.
                active_high = pin.name in entry.get("active_high", ())
                keys.append((name, bool(value_when_pressed) != active_high))
            _Scanner.__init__(self, hub, keys, max_events)

    class ShiftRegisterKeys(_Scanner):
        def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                     value_when_pressed, interval=0.02, max_events=64,
                     debounce_threshold=1):
            if isinstance(data, (list, tuple)):
                raise NotImplementedError("one data pin only on these boards")
            wiring = (clock, data, latch)
            expected = tuple(hub.pins.get(n) for n in
                             ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH"))
            if wiring != expected:
                raise ValueError("ShiftRegisterKeys: this board wires clock=BUTTON_CLOCK, "
                                 "data=BUTTON_OUT, latch=BUTTON_LATCH")
            names = {where[1]: name for name, where in entry["keys"].items()
                     if where[0] == "sr"}
            keys = [(names.get(i), not value_when_pressed) for i in range(key_count)]
            _Scanner.__init__(self, hub, keys, max_events)

    module = types.ModuleType("keypad")
    module.Event = Event
    module.EventQueue = EventQueue
    module.Keys = Keys
    module.ShiftRegisterKeys = ShiftRegisterKeys
    return module


class FakeSPI:
    def __init__(self, clock=None, MOSI=None, MISO=None, half_duplex=False):
        self.pins = (clock, MOSI, MISO)

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def configure(self, **kwargs):
        pass

    def deinit(self):
        pass


class FakeFourWire:
    """fourwire.FourWire: remembers its pins; the display built on it is the sim display."""

    def __init__(self, spi_bus, *, command, chip_select, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        self.spi = spi_bus
        self.command = command
        self.chip_select = chip_select

    def reset(self):
        pass

    def send(self, command, data):
        pass


def install_modules(hub, display_factory):
    """The fake modules as a dict name -> module, for sys.modules."""
    entry = hub.entry
    mods = {}

    def add(name, **attrs):
        """A new fake module ``name`` with ``attrs``, registered in ``mods``."""
        module = types.ModuleType(name)
        for k, v in attrs.items():
            setattr(module, k, v)
        mods[name] = module
        return module

    mc = add("microcontroller")
    mc.Pin = Pin
    mc.nvm = hub.nvm
    mc.cpu = types.SimpleNamespace(frequency=120000000, temperature=25.0, voltage=3.3,
                                   uid=b"\x00" * 16, reset_reason=None)

    def mc_reset():
        raise SimReset("microcontroller.reset()")

    mc.reset = mc_reset
    mc.on_next_reset = lambda run_mode: None
    mc.RunMode = types.SimpleNamespace(NORMAL=0, SAFE_MODE=1, UF2=2, BOOTLOADER=3)

    board = add("board")
    board.board_id = entry["board_id"]
    for name, pin in hub.pins.items():
        setattr(board, name, pin)
    if entry["display"] == "board":
        board.DISPLAY = display_factory(entry["size"][0], entry["size"][1])
    board.SPI = lambda: FakeSPI(hub.pins.get("SCK"), hub.pins.get("MOSI"), hub.pins.get("MISO"))
    board.I2C = lambda: types.SimpleNamespace(try_lock=lambda: True, unlock=lambda: None,
                                              scan=lambda: [], deinit=lambda: None)

    mods["keypad"] = _make_keypad(hub)

    digitalio = add("digitalio")
    digitalio.Direction = types.SimpleNamespace(INPUT="INPUT", OUTPUT="OUTPUT")
    digitalio.Pull = types.SimpleNamespace(UP="UP", DOWN="DOWN")
    digitalio.DriveMode = types.SimpleNamespace(PUSH_PULL=0, OPEN_DRAIN=1)

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.direction = digitalio.Direction.INPUT
            self.pull = None
            self._out = False

        def switch_to_output(self, value=False, drive_mode=0):
            self.direction = digitalio.Direction.OUTPUT
            self._out = bool(value)
            hub.pin_levels[self.pin.name] = self._out

        def switch_to_input(self, pull=None):
            self.direction = digitalio.Direction.INPUT
            self.pull = pull

        @property
        def value(self):
            if self.direction == digitalio.Direction.OUTPUT:
                return self._out
            hub.poll()
            for name, where in entry["keys"].items():
                if where[0] == "pin" and hub.pins.get(where[1]) is self.pin:
                    active_high = self.pin.name in entry.get("active_high", ())
                    return (name in hub.pressed) == active_high
            return self.pull == digitalio.Pull.UP

        @value.setter
        def value(self, v):
            self._out = bool(v)
            if self.direction == digitalio.Direction.OUTPUT:
                hub.pin_levels[self.pin.name] = self._out

        def deinit(self):
            hub.pin_levels.pop(self.pin.name, None)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            pass

    digitalio.DigitalInOut = DigitalInOut

    analogio = add("analogio")

    class AnalogIn:
        def __init__(self, pin):
            self.pin = pin
            self.reference_voltage = 3.3

        @property
        def value(self):
            hub.poll()
            bat = entry.get("battery")
            if bat is not None and hub.pins.get(bat[0]) is self.pin:
                # the battery's voltage through its divider, as the 16-bit reading of 3.3 V
                return max(0, min(65535, int(hub.battery / bat[1] / 3.3 * 65536)))
            for name, where in entry["keys"].items():
                if where[0] == "joy" and hub.pins.get(where[1]) is self.pin \
                        and name in hub.pressed:
                    return where[2]
            return 32768

        def deinit(self):
            pass

    analogio.AnalogIn = AnalogIn

    _install_cue_modules(hub, add)

    add("busio", SPI=FakeSPI)

    add("fourwire", FourWire=FakeFourWire)

    def spi_display(bus=None, init_sequence=None, *, width=None, height=None, rotation=0,
                    **kwargs):
        """Any display the app builds on a FourWire bus is the simulated panel."""
        if entry["display"] != "spi":
            raise RuntimeError("this board has board.DISPLAY; it has no SPI display to build")
        w, h = entry["size"]
        if width is not None and height is not None and (width, height) != (w, h) \
                and (height, width) != (w, h):
            raise ValueError("display size %dx%d does not match the panel %dx%d"
                             % (width, height, w, h))
        return display_factory(w, h)

    add("busdisplay", BusDisplay=spi_display)
    add("adafruit_st7789", ST7789=spi_display)

    supervisor = add("supervisor")
    supervisor.ticks_ms = hub.ticks_ms
    supervisor.runtime = types.SimpleNamespace(serial_connected=True, usb_connected=True,
                                               serial_bytes_available=0,
                                               autoreload=False)

    def sup_reload():
        raise SimReset("supervisor.reload()")

    supervisor.reload = sup_reload
    supervisor.disable_autoreload = lambda: None
    return mods


def _install_cue_modules(hub, add):
    """audiocore, audioio, pwmio and neopixel_write for the board's speaker or buzzer and its
    NeoPixels or RGB LED (its entry's ``sound`` and ``leds``): what they sound and show goes
    to the hub (``Hub.sound_now``, ``Hub.light_now``). As on the device, AudioOut works only on
    the DAC pin and sounds only while the amplifier's enable pin is driven high, NeoPixels show only
    while their power pin (where the board has one) is high, a PWM frequency is writable only
    with ``variable_frequency``, and a deinit object refuses to be used."""
    entry = hub.entry
    speaker_fact = entry.get("sound") or ()
    led_fact = entry.get("leds") or ()

    def pin_named(name):
        return hub.pins.get(name) if name else None

    def high(name):
        return hub.pin_levels.get(name, False)

    class RawSample:
        def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
            if getattr(buffer, "typecode", "B") not in "bBhH":
                raise ValueError("samples must be 8 or 16 bit")
            if len(buffer) < 2:
                raise ValueError("a sample needs two values at least")
            self.buffer = buffer
            self.sample_rate = sample_rate

        def deinit(self):
            self.buffer = None

    class AudioOut:
        def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
            if not speaker_fact or speaker_fact[0] != "dac" \
                    or left_channel is not pin_named(speaker_fact[1]):
                raise ValueError("AudioOut: %r is not a DAC pin" % (left_channel,))
            self.sample = None
            self.dead = False

        def _alive(self):
            if self.dead:
                raise ValueError("Object has been deinitialized and can no longer be used.")

        def play(self, sample, *, loop=False):
            self._alive()
            self.sample = sample
            buf = sample.buffer
            kind = getattr(buf, "typecode", "B")        # a bytearray: unsigned 8-bit
            mid = 0x8000 if kind == "H" else 0x80 if kind == "B" else 0
            full = 0x8000 if kind in "hH" else 0x80
            swing = max(abs(v - mid) for v in buf) / full
            pitch = sample.sample_rate / len(buf)       # one cycle in the buffer, looped
            on = high(speaker_fact[2])
            hub.sound_now(pitch if on else 0, swing if on else 0)

        def stop(self):
            self._alive()
            if self.sample is not None:
                self.sample = None
                hub.sound_now(0, 0)

        @property
        def playing(self):
            return self.sample is not None

        def deinit(self):
            if self.sample is not None:
                hub.sound_now(0, 0)
            self.sample = None
            self.dead = True

    class PWMOut:
        def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
            self.pin = pin
            self._duty = duty_cycle
            self._freq = frequency
            self.variable = variable_frequency
            self.dead = False
            self._changed()

        def _alive(self):
            if self.dead:
                raise ValueError("Object has been deinitialized and can no longer be used.")

        def _changed(self):
            name = self.pin.name
            if speaker_fact and speaker_fact[0] == "pwm" and name == speaker_fact[1]:
                # A buzzer is loudest at half duty.
                d = self._duty
                hub.sound_now(self._freq if d else 0, min(d, 65535 - d) / 32768 if d else 0)
            elif led_fact and led_fact[0] == "rgb" and name in led_fact[1:]:
                rgb_now = list(hub.led_colours[0]) if hub.led_colours else [0, 0, 0]
                rgb_now[led_fact.index(name) - 1] = self._duty >> 8
                hub.light_now([tuple(rgb_now)])

        @property
        def duty_cycle(self):
            return self._duty

        @duty_cycle.setter
        def duty_cycle(self, value):
            self._alive()
            if not 0 <= value <= 65535:
                raise ValueError("duty_cycle must be 0-65535")
            self._duty = value
            self._changed()

        @property
        def frequency(self):
            return self._freq

        @frequency.setter
        def frequency(self, value):
            self._alive()
            if not self.variable:
                raise AttributeError("PWM frequency not writable when variable_frequency "
                                     "is False.")
            self._freq = value
            self._changed()

        def deinit(self):
            if not self.dead:
                self._duty = 0
                self._changed()
            self.dead = True

    def neopixel_write(digitalinout, buf):
        if not led_fact or led_fact[0] != "neopixel" \
                or digitalinout.pin is not pin_named(led_fact[1]):
            raise ValueError("neopixel_write: %r drives no NeoPixels" % (digitalinout.pin,))
        if len(led_fact) > 3 and not high(led_fact[3]):
            return                                   # their power is off: they stay dark
        n = min(len(buf) // 3, led_fact[2])
        hub.light_now([(buf[3 * i + 1], buf[3 * i], buf[3 * i + 2]) for i in range(n)])

    add("audiocore", RawSample=RawSample)
    add("audioio", AudioOut=AudioOut)
    add("pwmio", PWMOut=PWMOut)
    add("neopixel_write", neopixel_write=neopixel_write)


class SimReset(SystemExit):
    """The app reset the board (microcontroller.reset / supervisor.reload)."""


BATTERY_V = 3.9             # a charged LiPo: what the boards with a battery gauge read


def visible(colour):
    """An LED's colour as the simulator draws it: the cues light the LEDs dimly (skat_ui.cue,
    a few of 255), which on a screen would be black; scaled so the brightest part is full,
    dark stays dark (a dark LED: dim grey)."""
    top = max(colour)
    if not top:
        return (40, 40, 40)
    return tuple(v * 255 // top for v in colour)


class Hub:
    """The physical buttons and the glue between drivers and fake modules."""

    def __init__(self, entry, nvm, clock_ms, poll):
        self.entry = entry
        self.nvm = nvm
        self.pins = {name: Pin(name) for name in entry["pins"]}
        for alias, name in entry.get("same_pins", {}).items():
            self.pins[alias] = self.pins[name]
        self.pressed = set()
        self.scanners = []
        self._clock_ms = clock_ms
        self._poll = poll
        self.listener = None   # called with (key name, down) on every change (--record)
        self.battery = BATTERY_V   # the battery's voltage where the board reads it (--battery)
        self.pin_levels = {}       # pin name -> level driven by a DigitalInOut output
        # The cues' hardware (skat_ui.cue): every tone as (ms, Hz, loudness 0..1; 0 Hz:
        # silence), the LEDs' colours now and every change as (ms, colours); ``on_cue`` (the
        # window, the terminal) is called with "tone" or "leds" after each.
        self.tone_log = []
        led_fact = entry.get("leds")
        self.led_colours = [(0, 0, 0)] * (0 if not led_fact else led_fact[2]
                                          if led_fact[0] == "neopixel" else 1)
        self.led_log = []
        self.on_cue = None

    def cue_text(self):
        """The cues as a line of text: the LEDs as coloured dots (their dim colours made
        visible) and the tone sounding now, for the terminal and a headless log."""
        dots = "".join("\x1b[38;2;%d;%d;%dm\u25cf" % visible(c) for c in self.led_colours)
        pitch = self.tone_log[-1][1] if self.tone_log else 0
        return ("LEDs %s\x1b[0m  " % dots if self.led_colours else "") + (
            "\u266a %d Hz" % pitch if pitch else "")

    def sound_now(self, pitch, loudness):
        """The speaker or buzzer sounds ``pitch`` (0: silent) at ``loudness`` from now on."""
        self.tone_log.append((self.ticks_ms(), round(pitch), round(loudness, 3)))
        if self.on_cue is not None:
            self.on_cue("tone")

    def light_now(self, colours):
        """The LEDs show ``colours`` (red, green, blue each) from now on."""
        colours = list(colours)
        if colours != self.led_colours:
            self.led_colours = colours
            self.led_log.append((self.ticks_ms(), tuple(colours)))
            if self.on_cue is not None:
                self.on_cue("leds")

    def ticks_ms(self):
        return int(self._clock_ms()) & 0x3FFFFFFF

    def poll(self):
        self._poll()

    def set_key(self, name, down):
        """Press or release the physical key ``name``; the scanners queue the events."""
        if name not in self.entry["keys"]:
            raise KeyError("board %s has no key %s" % (self.entry["board_id"], name))
        if down == (name in self.pressed):
            return
        if down:
            self.pressed.add(name)
        else:
            self.pressed.discard(name)
        if self.listener is not None:
            self.listener(name, down)
        for scanner in list(self.scanners):
            scanner._scan()  # pylint: disable=protected-access

    def queues_empty(self):
        for scanner in self.scanners:
            if scanner._events._events:  # pylint: disable=protected-access
                return False
        return True


def board_entry(name):
    return boards.get(name)
