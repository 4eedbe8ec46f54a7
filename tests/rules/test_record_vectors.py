"""Every playable rules.md vector as a whole recorded game, replayed by ``python -m sim replay``.

The expected lines are written from the rule book here (not taken from the records' "expect",
which the generator computed with the engine); the records themselves were found by
tests/support/make_records.py.
"""

import json
import os
import subprocess
import sys

import pytest

from skat_core.notation.record import replay, replay_summary

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "tests", "data", "records")


def won(game, decl, value, score):
    return {"game": game, "declarer": decl, "won": score > 0, "value": value, "score": score}


EXPECTED = {
    "s5_row01_karo_with1_bid18_61pts": won("D", "vh", 18, 18),
    "s5_row02_karo_without1_bid18_60pts": won("D", "hh", 18, -36),
    "s5_row03_pik_with1_bid33_90pts_schneider": won("S", "vh", 33, 33),
    "s5_row04_pik_with1_bid33_89pts_overbid": won("S", "hh", 33, -66),
    "s5_row05_kreuz_with2_hand_schneider_ann_85pts": won("C", "vh", 72, -144),
    "s5_row06_kreuz_with1_hand_schwarz_ann_120pts": won("C", "vh", 84, 84),
    "s5_row07_grand_without4_bid18_60pts": won("G", "hh", 120, -240),
    "s5_row08_grand_with1_bid60_61pts_overbid72": won("G", "vh", 72, -144),
    "s5_row09_herz_with1_bid20_30pts_declarer_schneider": won("H", "hh", 30, -60),
    "s5_row12_pik_with1_offen1_bid33_70pts": won("S", "hh", 33, 33),
    "s5_row13_pik_with1_offen2_bid44_70pts": won("S", "vh", 44, 44),
    "s5_row14_herz_with2_hand_offen1_bid50_70pts": won("H", "hh", 50, 50),
    "s5_row15_grand_with4_hand_schwarz_ann_offen2_bid288": won("G", "vh", 288, 288),
    "s5_row16_null_ouvert_hand_bid59_one_trick": won("N", "hh", 59, -118),
    "s6_grand_with1_offen2_raus_rejected_schneider_216": won("G", "vh", 216, 216),
    "s6_grand_with1_offen2_raus_rejected_contra_432": won("G", "vh", 432, 432),
    "s6_grand_with1_offen2_raus_rejected_contra_re_864": won("G", "hh", 864, 864),
    "s6_grand_with1_offen2_raus_rejected_40_opp_points_lost_432": won("G", "vh", 216, -432),
    "s6_grand_with1_offen2_raus_rejected_40_opp_points_contra_lost_864": won("G", "vh", 432, -864),
    "s6_karo_with1_offen1_raus_rejected_91pts_68": won("D", "hh", 68, 68),
    "s6_kreuz_with2_hand_offen2_stich_rejected_schwarz_162": won("C", "vh", 162, 162),
    "s6_kreuz_with2_hand_offen2_stich_rejected_one_opp_trick_lost_324": won("C", "vh", 162, -324),
    "s6_raus_accepted_simple_win": won("H", "vh", 20, 20),
    "s6_stich_accepted_schneider_win": won("S", "hh", 44, 44),
    "s7_ramsch_45_30_skat10_loser_minus55": {"game": "ramsch", "loser": "vh", "score": -55},
    "s7_ramsch_35_35_skat7_last_trick_loses_minus42": {"game": "ramsch", "loser": "hh", "score": -42},
    "s8_frage_eichel_without3_schneider_20": won("C", "vh", 20, 20),
    "s8_tourne_rot_with2_18": won("H", "hh", 18, 18),
    "s8_solo_gruen_without2_schneider_ann_55": won("S", "vh", 55, 55),
    "s8_grand_ouvert_with4_216": won("G", "vh", 216, 216),
}

# Card counts the rule book states for the §5/§6/§7 rows (declarer points incl. skat, tricks).
COUNTS = {
    "s5_row01_karo_with1_bid18_61pts": (61, 5),
    "s5_row02_karo_without1_bid18_60pts": (60, 5),
    "s5_row03_pik_with1_bid33_90pts_schneider": (90, 8),
    "s5_row04_pik_with1_bid33_89pts_overbid": (89, 8),
    "s5_row05_kreuz_with2_hand_schneider_ann_85pts": (85, 8),
    "s5_row06_kreuz_with1_hand_schwarz_ann_120pts": (120, 10),
    "s5_row07_grand_without4_bid18_60pts": (60, 5),
    "s5_row08_grand_with1_bid60_61pts_overbid72": (61, 5),
    "s5_row09_herz_with1_bid20_30pts_declarer_schneider": (30, 3),
    "s5_row12_pik_with1_offen1_bid33_70pts": (70, 6),
    "s5_row13_pik_with1_offen2_bid44_70pts": (70, 6),
    "s5_row14_herz_with2_hand_offen1_bid50_70pts": (70, 6),
    "s5_row15_grand_with4_hand_schwarz_ann_offen2_bid288": (120, 10),
    "s6_grand_with1_offen2_raus_rejected_40_opp_points_lost_432": (80, None),
    "s6_karo_with1_offen1_raus_rejected_91pts_68": (91, None),
}


def load(name):
    with open(os.path.join(RECORDS, "vector_" + name + ".json")) as f:
        return json.load(f)


def test_every_vector_has_a_record():
    files = sorted(f[len("vector_"):-5] for f in os.listdir(RECORDS) if f.startswith("vector_"))
    assert files == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_vector_record(name):
    rec = load(name)
    assert replay_summary(rec) == EXPECTED[name]
    assert rec["expect"] == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_vector_counts(name):
    g, msg, _ = replay(load(name))
    assert msg is None
    pts, tricks = COUNTS[name]
    assert g.result.decl_points == pts
    if tricks is not None:
        assert g.result.decl_tricks == tricks


def test_s7_ramsch_vectors_points():
    g, _, _ = replay(load("s7_ramsch_45_30_skat10_loser_minus55"))
    assert (g.result.seat_points[0], g.result.seat_points[2], g.result.skat_points) == (45, 30, 10)
    g, _, _ = replay(load("s7_ramsch_35_35_skat7_last_trick_loses_minus42"))
    assert (g.result.seat_points[0], g.result.seat_points[2], g.result.skat_points) == (35, 35, 7)
    assert g.trick_winners[9] == 2


def test_sim_replay_prints_one_line_per_file():
    names = sorted(EXPECTED)
    paths = [os.path.join(RECORDS, "vector_" + n + ".json") for n in names]
    out = subprocess.run([sys.executable, "-m", "sim", "replay"] + paths, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().split("\n")
    assert [json.loads(x) for x in lines] == [dict(file=p, **EXPECTED[n]) for p, n in zip(paths, names)]
    assert all(x.startswith('{"file": ') for x in lines)    # the file first on every line
