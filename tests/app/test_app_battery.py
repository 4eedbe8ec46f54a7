"""The battery gauge (issue 30, item 4; docs/app.md "Battery"): where the board reads its
battery (the PyBadge family's A6 at half the voltage, the PicoSystem's BAT_SENSE at a third)
the title and the game menu show its charge between the board's empty and full voltages; a
board without such a reading shows nothing."""

import ast
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from sim.board.platform import boards  # noqa: E402
from sim.board.play import run_headless  # noqa: E402
from tests.app.test_app_games import script  # noqa: E402


def title(board, volts, keys=""):
    r = run_headless(board, script(board, keys), seed=99, battery=volts)
    app = r.app
    return app, [app.ui.txt.texts[i] for i in range(app.ui.used)]


@pytest.mark.parametrize("board, volts, pct", (
    ("pybadge", 3.75, 50),          # 3.3 V empty, 4.2 V full: half way
    ("pygamer", 4.2, 100),
    ("picosystem", 3.45, 50),       # 2.8 V empty, 4.1 V full (Pimoroni's own reading)
))
def test_the_title_shows_the_battery_s_charge_between_empty_and_full(board, volts, pct):
    app, texts = title(board, volts)
    assert app.screen.name == "title" and app.screen.charge in (pct, pct - 1)
    assert "%d%%" % app.screen.charge in texts


@pytest.mark.parametrize("volts, pct", ((2.9, 0), (3.0, 0), (4.6, 100)))
def test_the_charge_stays_within_0_and_100_percent(volts, pct):
    app, texts = title("pybadge", volts)
    assert app.screen.charge == pct and "%d%%" % pct in texts


def test_a_board_that_cannot_read_its_battery_shows_no_gauge():
    app, texts = title("feather_esp32s3_reverse_tft", 3.7)
    assert app.screen.charge == -1 and not any(t.endswith("%") for t in texts)


def test_the_game_menu_shows_the_charge_too():
    # Title: "Neue Liste" (A); in the bidding Start opens the game menu.
    app, texts = title("pybadge", 3.48, "A  START")
    assert app.screen.name == "gamemenu" and app.screen.charge in (19, 20)   # (the ADC's step)
    assert "%d%%" % app.screen.charge in texts


def _fact(rel):
    """The ``battery = ("PIN", divider, empty mV, full mV)`` of a board module."""
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "battery":
            pin, div, empty, full = [e.value for e in node.value.elts]
            return (pin, div), (empty, full)
    return None


def test_the_simulator_reads_the_battery_where_the_board_modules_say():
    badge = _fact("lib/skat_boards/_badge.py")
    pico = _fact("lib/skat_boards/picosystem.py")
    assert badge == (("A6", 2), (3300, 4200)) and pico == (("BAT_SENSE", 3), (2800, 4100))
    for name, entry in boards.BOARDS.items():
        want = {"pybadge": badge, "edgebadge": badge, "pygamer": badge, "picosystem": pico}
        assert entry.get("battery") == (want[name][0] if name in want else None), name
        if name in want:
            assert entry["battery"][0] in entry["pins"]


@pytest.mark.parametrize("value", ("7", "-1", "x", "nan"))
def test_a_battery_voltage_the_board_cannot_read_is_refused_with_one_line(value):
    r = subprocess.run([sys.executable, "-m", "sim", "play", "--headless", "--keys", "-",
                        "--battery", value], cwd=ROOT, input="", capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and "--battery" in r.stderr and "Traceback" not in r.stderr
    assert "voltage from 0 to 5" in r.stderr
