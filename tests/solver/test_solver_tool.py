"""``python -m sim solve FILE`` (issue 3 item 5): JSON in, JSON answer on the last line.

The answer equals brute-force minimax: final declarer points including the skat, won at
61, and a best card that keeps that value; Null answers won and best only. Bad input
ends with a message and exit status 2.
"""

import json
import os
import subprocess
import sys

from tests.support import solver_brute as B
from tests.support.solver_positions import random_position, rng_for, skat_points
from skat_core.cards import SEAT_NAMES, card_str, parse_card

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def as_file_dict(p):
    names = lambda cs: " ".join(card_str(c) for c in cs)   # noqa: E731
    return {"game": "CSHDGNR"[p["game"]], "declarer": SEAT_NAMES[p["declarer"]],
            "hands": {SEAT_NAMES[i]: names(p["hands"][i]) for i in range(3)},
            "skat": names(p["skat"]), "leader": SEAT_NAMES[p["leader"]],
            "trick": names(p["trick"]), "declarer_points": p["decl_points"],
            "declarer_tricks": p["decl_tricks"], "opponent_tricks": p["opp_tricks"]}


def run_tool(tmp_path, d, *extra):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(d))
    proc = subprocess.run([sys.executable, "-m", "sim", "solve", *extra, str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    return proc


def test_solve_prints_points_won_and_a_value_keeping_card(tmp_path):
    p = random_position(rng_for(90), 4, game=B.GRAND, mid=1)
    proc = run_tool(tmp_path, as_file_dict(p))
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout.splitlines()[-1])
    assert set(answer) == {"declarer_points", "won", "best"}
    fut = B.future(p["game"], p["declarer"], p["hands"], p["trick"], p["leader"], False)
    total = p["decl_points"] + skat_points(p) + fut
    assert answer["declarer_points"] == total
    assert answer["won"] == (total >= 61)
    best = parse_card(answer["best"])
    assert B.value_after(p["game"], p["declarer"], p["hands"], p["trick"], p["leader"],
                         False, best) == fut


def test_solve_null_prints_won_and_best_only(tmp_path):
    p = random_position(rng_for(91), 4, game=B.NULL, mid=0)
    proc = run_tool(tmp_path, as_file_dict(p))
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout.splitlines()[-1])
    assert set(answer) == {"won", "best"}
    fut = B.future(p["game"], p["declarer"], p["hands"], p["trick"], p["leader"], True)
    assert answer["won"] == (p["decl_tricks"] + fut == 0)


def test_solve_rejects_a_bad_card_with_a_message(tmp_path):
    d = as_file_dict(random_position(rng_for(92), 3, game=0, mid=0))
    d["skat"] = "XX D7"
    proc = run_tool(tmp_path, d)
    assert proc.returncode == 2
    assert "skat" in proc.stderr


def test_solve_rejects_a_card_given_twice(tmp_path):
    d = as_file_dict(random_position(rng_for(93), 3, game=0, mid=0))
    d["hands"]["hh"] = d["hands"]["vh"]
    proc = run_tool(tmp_path, d)
    assert proc.returncode == 2
    assert "twice" in proc.stderr
