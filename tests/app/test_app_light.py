"""The screen's light (issue 30, item 4): the brightness set in the settings, dimmed after the
idle time without a key and dark after the longer one (both settings, counted in the app's
idle sleeps: skat_ui.app.IDLE_PER_SECOND a second); a key on a dimmed or dark screen wakes it
and does nothing else. The settings are saved with the others (payload version 7)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from sim.board.play import run_headless  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_ui.app import IDLE_PER_SECOND  # noqa: E402
from skat_ui.storage import restore, save  # noqa: E402
from tests.support.app_screens import preload_settings  # noqa: E402

MINUTE = 60 * IDLE_PER_SECOND          # idle sleeps


def boot(tmp_path, keys, settings=None):
    nvm = preload_settings(str(tmp_path / "nvm.bin"), "pybadge", settings or {})
    return run_headless("pybadge", keys, nvm_path=nvm, frames="last")


def settings_of(run):
    """The settings module the run's app read (the simulator imports the app anew)."""
    return run.app.light.__globals__["S"]


def saved_settings(run):
    store = save.Store(bytearray(run.nvm))
    return restore.decode(store.load())[0]


def test_defaults_full_brightness_dimmed_after_1_min_dark_after_5():
    st = S.defaults()
    assert S.LIGHTS[st[S.I_LIGHT]] == 1.0
    assert S.DIM_AFTER[st[S.I_DIM]] == 60 and S.DARK_AFTER[st[S.I_DARK]] == 300


@pytest.mark.parametrize("light", range(len(S.LIGHTS)))
def test_the_display_shines_at_the_brightness_set_light(tmp_path, light):
    r = boot(tmp_path, "WAIT:2", {S.I_LIGHT: light})
    assert r.display.brightness == S.LIGHTS[light] and r.app.lit == 2
    # The table's own float, not one made when it is set (settings.LIGHTS: a float made at
    # boot stays on a board's heap for good); the run's own settings module.
    assert r.display.brightness is settings_of(r).LIGHTS[light]


def test_dimming_and_waking_set_floats_made_once(tmp_path):
    r = boot(tmp_path, "WAIT:%d DOWN WAIT:%d" % (MINUTE + 5, 5 * MINUTE + 5))
    made_once = (settings_of(r).DIMMED,) + settings_of(r).LIGHTS
    by_app = r.display.lights[1:]         # the first: the display's own, when it was made
    assert [x for x in by_app if x != 0.0 and not any(x is y for y in made_once)] == []
    assert S.DIMMED in by_app and 0.0 in by_app and len(by_app) >= 4


def test_the_screen_dims_after_1_min_without_a_key_and_goes_dark_after_5_min(tmp_path):
    # The title waits; the idle sleeps count from the last key (here from the boot).
    r = boot(tmp_path, "WAIT:%d" % (MINUTE - 5))
    assert r.display.brightness == 1.0 and r.app.lit == 2
    r = boot(tmp_path, "WAIT:%d" % (MINUTE + 5))
    assert r.display.brightness == S.DIMMED and r.app.lit == 1
    r = boot(tmp_path, "WAIT:%d" % (5 * MINUTE + 5))
    assert r.display.brightness == 0.0 and r.app.lit == 0


def test_a_key_counts_the_idle_time_from_zero_again(tmp_path):
    r = boot(tmp_path, "WAIT:%d DOWN WAIT:%d" % (MINUTE - 50, MINUTE - 50))
    assert r.display.brightness == 1.0 and r.app.screen.i == 1


@pytest.mark.parametrize("dim,dark", [(0, 0), (0, 1), (1, 0)])
def test_off_never_dims_or_never_goes_dark(tmp_path, dim, dark):
    r = boot(tmp_path, "WAIT:%d" % (10 * MINUTE + 5), {S.I_DIM: dim, S.I_DARK: dark})
    if dark:                            # dark after 2 min, never dimmed before
        assert r.display.brightness == 0.0 and r.app.lit == 0
    elif dim:                           # dimmed after 30 s, never dark
        assert r.display.brightness == S.DIMMED and r.app.lit == 1
        assert r.app.idle == r.app.dim_at, "the count stops where nothing more comes"
    else:
        assert r.display.brightness == 1.0 and r.app.lit == 2


@pytest.mark.parametrize("wait", [MINUTE + 5, 5 * MINUTE + 5], ids=["dimmed", "dark"])
def test_a_key_on_a_dimmed_or_dark_screen_wakes_it_and_does_nothing_else(tmp_path, wait):
    # On the title DOWN moves to the second item; the first DOWN only wakes the screen.
    r = boot(tmp_path, "WAIT:%d DOWN" % wait)
    assert r.display.brightness == 1.0 and r.app.lit == 2 and r.app.screen.i == 0
    r = boot(tmp_path, "WAIT:%d DOWN DOWN" % wait)
    assert r.app.screen.i == 1


def test_a_key_that_wakes_the_screen_is_no_card_played(tmp_path):
    """In a deal: the key that wakes the screen plays no card (the app's record is as it was)."""
    from tests.app.test_app_games import preload, run, WON_SUIT
    nvm = preload(str(tmp_path / "deal.bin"), "pybadge", **WON_SUIT)
    def state(app):
        g = app.game
        return g.phase, list(g.hand), bytes(g.cur), bytes(g.played)
    before = run("pybadge", "WAIT:2", nvm).app
    after = run("pybadge", "WAIT:%d A" % (MINUTE + 5), nvm).app
    assert state(after) == state(before) and after.lit == 2
    played = run("pybadge", "WAIT:2 A", nvm).app        # awake, the same key plays
    assert state(played) != state(before)


def test_the_light_settings_are_in_the_settings_screen_and_saved(tmp_path):
    r = boot(tmp_path, "DOWN A WAIT:1")
    assert r.app.screen.name == "settings"
    where = {idx: n for n, (_label, idx) in enumerate(r.app.screen.items())}
    labels = [label for label, _idx in r.app.screen.items()]
    assert labels[where[S.I_LIGHT]] == "Helligkeit: 100 %"
    assert labels[where[S.I_DIM]] == "Dimmen nach: 1 Min."
    assert labels[where[S.I_DARK]] == "Dunkel nach: 5 Min."
    # A on brightness: the next value (100 % wraps to 25 %), at once; RIGHT on the idle
    # times: 2 min and 10 min; B saves.
    keys = "DOWN A DOWN*%d A DOWN RIGHT DOWN RIGHT" % where[S.I_LIGHT]
    r = boot(tmp_path, keys)
    assert r.display.brightness == 0.25
    labels = [label for label, _idx in r.app.screen.items()]
    assert labels[where[S.I_DIM]] == "Dimmen nach: 2 Min."
    assert labels[where[S.I_DARK]] == "Dunkel nach: 10 Min."
    r = boot(tmp_path, keys + " B")
    st = saved_settings(r)
    assert (st[S.I_LIGHT], st[S.I_DIM], st[S.I_DARK]) == (0, 3, 3)
    assert r.app.dim_at == 120 * IDLE_PER_SECOND and r.app.dark_at == 600 * IDLE_PER_SECOND
