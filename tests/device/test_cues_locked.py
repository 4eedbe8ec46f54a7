"""The cues allocate nothing during a hand (issue 30, items 3 and 4; design.md): skat_ui.cue's
``step`` after every action of seeded games, its tunes' notes and the LEDs' colour, and
``error`` for a refused action, with ``micropython.heap_lock()`` held from the first card to
the deal's end - on the WASI MicroPython and on CircuitPython's interpreter. Any allocation
there raises MemoryError.

The hardware is the driver's: a speaker (AudioOut and RawSample stand-ins that count the
tones), NeoPixels (a bytearray and the ``neopixel_write`` module of the driver, which counts
the writes) or a buzzer and an RGB LED (PWMOut stand-ins), in the module's ``parts`` as
skat_ui.cue_setup leaves them. The same driver runs on CPython; the runs print the same
counts (the same deals, the same cues).
"""

import os
import sys

import pytest

from sim.device.mpharness import guest_prelude, run_mp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

N_GAMES = 40
HEAP_KB = 64

NEOPIXEL_WRITE = '''
writes = [0]


def neopixel_write(pin, buf):
    writes[0] += 1
'''

DRIVER = r'''
from skat_core.codes import PH_PLAY, PH_DONE, VERB_MASK, A_SHIFT, A_MASK, B_SHIFT
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.rng import Rng
from skat_ui import cue
from skat_ui.cue import (P_APP, P_OUT, P_SAMPLE, P_DATA, P_BYTES, P_LED_PWM, S_SOUND,
                         S_COLOUR, S_DEAL, S_TRICKS, S_MY_TURN, S_ASKED, S_ENDED)
import neopixel_write
from sim.device.mp.mpshim import lock, unlock

buf = [0] * MAX_ACTIONS


class Out:
    """AudioOut and RawSample, or a PWMOut: what the cue sets; the tones counted (a play,
    or a buzzer's new frequency)."""

    def __init__(self):
        self.tones = 0
        self.sample_rate = 0
        self._hz = 0
        self.duty_cycle = 0

    def _get(self):
        return self._hz

    def _set(self, hz):
        self._hz = hz
        self.tones += 1

    frequency = property(_get, _set)

    def play(self, sample, loop=False):
        sample.tones += 1

    def stop(self):
        pass


class App:
    def __init__(self, game):
        self.game = game
        self.human = 0
        self.in_game = False
        self.pending = False


def set_up(app, dac):
    p = cue.parts
    s = cue.seen
    p[P_APP] = app
    p[P_OUT] = Out()
    if dac:                      # the PyBadge: a DAC speaker and NeoPixels
        p[P_SAMPLE] = Out()
        p[P_DATA] = object()
        p[P_BYTES] = bytearray(15)
        p[P_LED_PWM] = None
    else:                        # the PicoSystem: a buzzer and an RGB LED
        p[P_SAMPLE] = None
        p[P_DATA] = p[P_BYTES] = None
        p[P_LED_PWM] = (Out(), Out(), Out())
    s[S_SOUND] = 2
    s[S_COLOUR] = 255
    s[S_DEAL] = 255
    s[S_TRICKS] = s[S_MY_TURN] = s[S_ASKED] = s[S_ENDED] = 0


def act_random(g, rng):
    n = g.legal_actions(g.to_act, buf)
    x = buf[rng.below(n)]
    return g.act(g.to_act, x & VERB_MASK, (x >> A_SHIFT) & A_MASK, x >> B_SHIFT)


def play(g, app, seed):
    """A seeded deal: the bidding unlocked, then the play and its end under the lock, the
    cue's step after every action (and a refused action now and then)."""
    rng = Rng(seed * 31 + 7)
    g.deal_from_seed(seed)
    app.in_game = True
    app.human = seed % 3 if seed % 3 != 1 else 0
    while g.phase != PH_PLAY and g.phase != PH_DONE:
        act_random(g, rng)
    lock()
    k = 0
    while g.phase == PH_PLAY:
        if k % 7 == 3:
            cue.error()
        act_random(g, rng)
        for _ in range(3):
            cue.step()
        k += 1
    app.in_game = False
    for _ in range(12):
        cue.step()
    unlock()


current = [None, None]


def start(dac):
    g = Game()
    current[0] = g
    current[1] = App(g)
    set_up(current[1], dac)


def play_one(seed):
    play(current[0], current[1], seed)


def report(dac):
    p = cue.parts
    tones = p[P_SAMPLE].tones if dac else p[P_OUT].tones
    print("tones %d leds %d" % (tones, neopixel_write.writes[0]))


def run(first, count, dac):
    start(dac)
    for seed in range(first, first + count):
        play_one(seed)
    report(dac)
'''


def _code(dac):
    # The deals one by one from the top level of the -c code, a collection between two: the
    # only place where gc.collect() is safe in the WASI build (sim/device/mpharness.py).
    return guest_prelude(["skat_core.engine.game", "skat_core.rng", "skat_core.codes",
                          "skat_ui.cue"]) + (
        "import cue_driver as d\n"
        "gc.collect()\n"
        "d.start(%s)\n"
        "for seed in range(%d):\n"
        "    gc.collect()\n"
        "    d.play_one(seed)\n"
        "d.report(%s)\n" % (dac, N_GAMES, dac))


def cpython_line(dac):
    import io
    import sys
    import types
    from contextlib import redirect_stdout
    saved = sys.modules.get("neopixel_write")
    module = types.ModuleType("neopixel_write")
    exec(NEOPIXEL_WRITE, module.__dict__)
    sys.modules["neopixel_write"] = module
    try:
        namespace = {"__name__": "cue_driver"}
        exec(compile(DRIVER, "cue_driver", "exec"), namespace)
        out = io.StringIO()
        with redirect_stdout(out):
            namespace["run"](0, N_GAMES, dac)
    finally:
        if saved is None:
            sys.modules.pop("neopixel_write", None)
        else:
            sys.modules["neopixel_write"] = saved
    return out.getvalue().strip()


@pytest.mark.parametrize("dac", [True, False], ids=["speaker_and_neopixels",
                                                    "buzzer_and_rgb_led"])
def test_on_cpython_the_cues_sound_and_light_in_seeded_deals(dac):
    words = cpython_line(dac).split()
    tones, leds = int(words[1]), int(words[3])
    assert tones > 3 * N_GAMES, "the driver's deals must make the cues sound"
    assert leds > N_GAMES if dac else leds == 0


@pytest.mark.mp
@pytest.mark.parametrize("dac", [True, False], ids=["speaker_and_neopixels",
                                                    "buzzer_and_rgb_led"])
def test_on_micropython_the_cues_allocate_nothing_during_a_hand(dac):
    r = run_mp(_code(dac), heap_kb=HEAP_KB, timeout=600,
               modules={"cue_driver": DRIVER, "neopixel_write": NEOPIXEL_WRITE})
    assert r.ok, r.describe()
    assert r.stdout.strip() == cpython_line(dac)


@pytest.mark.parametrize("dac", [True, False], ids=["speaker_and_neopixels",
                                                    "buzzer_and_rgb_led"])
def test_on_circuitpython_the_cues_allocate_nothing_during_a_hand(tmp_path, not_run, dac):
    """The same driver under CircuitPython's interpreter's heap lock (from source; its own
    collector is safe anywhere, so the driver plays all deals in one call)."""
    from tests.device.test_circuitpython import run_cp_script
    code, out = run_cp_script(tmp_path, {"cue_driver.py": DRIVER,
                                         "neopixel_write.py": NEOPIXEL_WRITE,
                                         "main.py": "import sys\n"
                                                    "sys.path.append(%r)\n"
                                                    "import cue_driver as d\n"
                                                    "d.run(0, %d, %s)\n" % (
                                                        os.path.join(ROOT, "lib"), N_GAMES,
                                                        dac)},
                              "main.py", 256, not_run)
    assert code == 0, out[-2000:]
    assert out.strip() == cpython_line(dac)
