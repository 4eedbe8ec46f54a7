"""The app's screens under MicroPython (the 32-bit harness, sim/device/mpfakes): every screen is
visited - the settings with every value (English too), the help pages, the score sheet,
complete deals, random keys - and nothing raises (CPython-only string methods and the like
would: MicroPython's str has no rjust, for one)."""

import random

import pytest

from tests.device.test_app_memory import run_app

# Title -> settings: every item through all its values (A cycles), language to English and
# back, then back to the title; help: all pages; a new series; deals by "A" and "RIGHT A".
TOUR = ("DOWN A " + ("A A A A A A A A A A DOWN " * 11) + "B "
        "DOWN DOWN A A A A A B "
        "A " + "A RIGHT A " * 120 + "B DOWN DOWN A B B")

KEYS_8 = ["A"] * 6 + ["RIGHT"] * 3 + ["LEFT", "UP", "DOWN", "B", "START", "SELECT", "WAIT:1"]


@pytest.mark.slow
@pytest.mark.mp
def test_tour_of_every_screen_runs_under_micropython(tmp_path):
    m = run_app(tmp_path, keys=TOUR, seed=5)
    assert m["games"] >= 1


@pytest.mark.slow
@pytest.mark.mp
@pytest.mark.parametrize("seed", [1, 2])
def test_random_keys_run_under_micropython(tmp_path, seed):
    rnd = random.Random(seed)
    keys = " ".join(rnd.choice(KEYS_8) for _ in range(400))
    m = run_app(tmp_path, keys=keys, seed=seed)
    assert m["games"] >= 1
