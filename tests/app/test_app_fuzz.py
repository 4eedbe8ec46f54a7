"""Nothing crashes: long runs of random key presses through every screen (menus, settings,
help, bidding, skat, discard, declaration, play menu, offers, results, score sheet), on an
8-key and a 3-button board, with resets (the same nvm) in between."""

import os
import random
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from sim.board.play import run_headless  # noqa: E402
from sim.board.platform import boards  # noqa: E402

# Weighted so that games move on (A, right) but every key is pressed often.
KEYS_8 = ["A"] * 6 + ["RIGHT"] * 3 + ["LEFT", "UP", "DOWN", "B", "START", "SELECT", "WAIT:1"]
KEYS_3 = ["SEL"] * 6 + ["R"] * 3 + ["L", "LONG:SEL", "WAIT:1"]


@pytest.mark.slow
@pytest.mark.parametrize("board,seed", [("pybadge", 1), ("pybadge", 2),
                                        ("feather_esp32s3_reverse_tft", 3), ("picosystem", 4)])
def test_random_keys_never_crash_and_resets_resume(board, seed, tmp_path):
    rnd = random.Random(seed)
    keys = KEYS_3 if "SEL" in boards.get(board)["keys"] else KEYS_8
    nvm = str(tmp_path / "nvm.bin")
    deals = 0
    for run_no in range(2):
        # 300 keys a run: since every stake-raising or game-ending choice asks twice and the
        # game menu is open in every phase, 200 random keys of seed 3 on the 3-button board
        # spent both runs in the settings and the menu, never finishing a deal.
        script = " ".join(rnd.choice(keys) for _ in range(300))
        r = run_headless(board, script, nvm_path=nvm, seed=seed)
        assert r.reason == "script_end", r.reason
        app = r.app
        assert app.screen is not None
        assert app.ui.dropped == 0, "a screen wanted more text lines than the pool has"
        assert app.ui.canvas.dropped == 0, "a screen wanted more sprites than the pools have"
        if app.series is not None:
            deals = max(deals, app.series.games())
    # The random walk gets through at least one complete deal.
    assert deals >= 1
