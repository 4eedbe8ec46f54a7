"""microcontroller.nvm: 8 KB of 'flash' (4 KB on an RP2040 board), allocated before the
baseline: not app heap.

And the cues' firmware modules (skat_ui.cue), which _cpguest puts into sys.modules as
``digitalio``, ``audioio``, ``pwmio`` and ``neopixel_write`` (the interpreter has its own
``audiocore``): in this file, not one of their own, because every fake's file path is an
interned name for good, and a board holds these modules and their names in flash. Nothing
here allocates once an object is made: skat_ui.cue runs during play.

- ``DigitalInOut``: the level it drives (the amplifier's enable pin, the NeoPixels' pin).
- ``AudioOut``: what it plays. As the SAMD51's firmware (ports/atmel-samd/audio_dma.c), its
  first play takes a DMA buffer of the sample's size on the heap and every later one
  reallocates it in place (the same size: no new block); skat_ui.cue plays its wave once
  when it is made, so a play during a hand takes nothing.
- ``PWMOut``: its duty cycle and frequency (the PicoSystem's buzzer and RGB LED).
- ``neopixel_write``: the firmware sends the bytes out of the pin; here nothing happens.
Only the arguments our code passes are taken: each name spelt here is one more interned
name in the harness's pool, which a board does not have.
"""

import _driver


class _NVM:
    def __init__(self, size):
        self._b = bytearray(b"\xff" * size)
        self.writes = 0

    def __len__(self):
        return len(self._b)

    def __getitem__(self, i):
        return self._b[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            start = i.start or 0
            stop = len(self._b) if i.stop is None else i.stop
            if len(v) != stop - start:
                raise ValueError("Slice and value different lengths")
            memoryview(self._b)[start:stop] = v
        else:
            self._b[i] = v
        self.writes += 1


nvm = _NVM(4096 if _driver.board_id == "pimoroni_picosystem" else 8192)
if _driver.nvm_in:
    # The board after a power cut: the flash as the previous run left it.
    with open(_driver.nvm_in, "rb") as _f:
        _f.readinto(nvm._b)
    del _f


class DigitalInOut:
    def __init__(self, pin):
        self.value = False

    def switch_to_output(self, value=False):
        self.value = value

    def deinit(self):
        pass


class AudioOut:
    def __init__(self, pin):
        self.sample = None
        self.buffer = None        # the DMA's buffer: taken at the first play

    def play(self, sample, loop=False):
        # (CircuitPython's unix interpreter has the real audiocore, whose RawSample does not
        # tell its length: the cue's wave is 16 samples of 16 bits, skat_ui.cue.WAVE)
        if self.buffer is None:
            self.buffer = bytearray(32)
        self.sample = sample

    def stop(self):
        self.sample = None

    def deinit(self):
        self.sample = self.buffer = None


class PWMOut:
    def __init__(self, pin, duty_cycle=0, frequency=500, variable_frequency=False):
        self.duty_cycle = duty_cycle
        self.frequency = frequency

    def deinit(self):
        pass


def neopixel_write(pin, buf):
    pass
