"""``python -m sim replay --iss``: real game lines of the International Skat Server replayed at
a three-player table (skat_core.three) and scored as the server did (sim/tools/iss.py; the
lines and their sources: tests/data/iss/games.txt, the format: tests/data/iss/FORMAT.md).
One vector per kind of line, the ISS id in the name; then every line against its ``R[...]``;
then bad input: one error line, never a traceback, the lines after it still replayed."""

import bz2
import json
import os
import re
import subprocess
import sys

import pytest

from sim.tools import iss

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = os.path.join(ROOT, "tests", "data", "iss", "games.txt")


def lines():
    with open(GAMES, encoding="utf-8") as f:
        return [ln for ln in f if ln.startswith("(;")]


def line(game_id):
    found = [ln for ln in lines() if "ID[%s]" % game_id in ln]
    assert len(found) == 1, game_id
    return found[0]


def replay(game_id):
    return iss.replay_line(line(game_id))


def server(game_id):
    """The fields of the line's R[...]: {name: int} and the words (win, loss, ...)."""
    r = iss.properties(line(game_id))["R"]
    return dict((k, int(v)) for k, v in re.findall(r"(\w+):(-?\d+)", r)), r.split()


# ---------------------------------------------------------------------------- vectors
def test_iss_541932_hh_diamonds_without_2_lost_with_57_minus_54():
    r = replay(541932)
    assert (r["declarer"], r["game"], r["matadors"], r["won"], r["value"], r["score"]) == (
        2, "D", -2, False, 27, -54)


def test_iss_727_grand_ouvert_hand_with_1_is_24_x_8_192():
    r = replay(727)
    assert (r["game"], r["won"], r["score"]) == ("G", True, 192)


def test_iss_13577_clubs_ouvert_lost_at_the_defenders_first_trick_minus_192():
    r = replay(13577)
    assert (r["game"], r["won"], r["value"], r["score"]) == ("C", False, 96, -192)


def test_iss_26496_clubs_hand_schwarz_announced_with_3_is_12_x_9_108():
    assert replay(26496)["score"] == 108


def test_iss_25_null_ouvert_hand_lost_minus_118():
    r = replay(25)
    assert (r["game"], r["won"], r["score"]) == ("N", False, -118)


def test_iss_1390253_null_ouvert_after_pickup_both_defenders_resign_won_46():
    r = replay(1390253)
    assert (r["game"], r["won"], r["score"], r["tricks"]) == ("N", True, 46, 0)


def test_iss_596891_split_declaration_then_discard_overbid_36_minus_72():
    r = replay(596891)
    assert (r["game"], r["overbid"], r["value"], r["score"]) == ("D", True, 36, -72)


def test_iss_110012_grand_without_4_120():
    r = replay(110012)
    assert (r["matadors"], r["score"]) == (-4, 120)


def test_iss_756788_all_pass_is_no_game_score_0():
    assert replay(756788) == {"id": "756788", "declarer": -1, "game": "passed", "won": False,
                              "value": 0, "score": 0, "server": 0, "agrees": True}


def test_iss_8_timeout_while_bidding_is_a_penalty_without_a_game():
    r = replay(8)
    assert (r["declarer"], r["game"], r["penalty"], r["score"]) == (-1, "penalty", 2, 0)


def test_iss_136415_a_defender_times_out_the_declarer_takes_the_rest_109_9_tricks():
    r = replay(136415)
    assert (r["declarer"], r["won"], r["points"], r["tricks"], r["score"]) == (1, True, 109, 9, 55)


def test_iss_18358_unknown_card_then_a_defender_leaves_all_tricks_to_the_declarer_96():
    r = replay(18358)
    assert (r["points"], r["tricks"], r["score"]) == (120, 10, 96)


def test_iss_6997013_show_cards_then_both_defenders_resign_the_rest_is_the_declarers():
    r = replay(6997013)
    s, _words = server(6997013)
    assert r["won"] and (r["points"], r["tricks"]) == (s["p"], s["t"])


def test_iss_4912814_one_defender_resigning_changes_nothing_play_goes_on():
    r = replay(4912814)
    s, _words = server(4912814)
    assert (r["tricks"], r["score"]) == (s["t"], s["v"]) and s["r"] == 0


def test_iss2_272095_one_defender_resigning_after_show_cards_ends_the_game():
    r = replay(272095)
    assert (r["won"], r["points"], r["tricks"], r["score"]) == (True, 96, 8, 72)


# ---------------------------------------------------------------------------- every line
@pytest.mark.parametrize("text", lines(), ids=lambda t: re.search(r"ID\[(\d+)\]", t).group(1))
def test_every_iss_line_replays_and_scores_as_the_server_did(text):
    r = iss.replay_line(text)
    R = iss.properties(text)["R"]
    if R == "passed":
        assert (r["declarer"], r["score"]) == (-1, 0)
        return
    s = dict((k, int(v)) for k, v in re.findall(r"(\w+):(-?\d+)", R))
    assert (r["declarer"], r["score"], r["agrees"]) == (s["d"], s["v"], True)
    if s["d"] >= 0:
        assert r["won"] == ("win" in R.split())
        assert (r["points"], r["tricks"], r["matadors"]) == (s["p"], s["t"], s["m"])


def test_the_collection_covers_every_game_type_lost_overbid_passed_and_the_servers_moves():
    text = "".join(lines())
    results = [iss.replay_line(t) for t in lines()]
    assert {r["game"] for r in results} >= set("CSHDGN") | {"passed", "penalty"}
    assert sum(not r["won"] for r in results if r["declarer"] >= 0) >= 5
    assert sum(bool(r.get("overbid")) for r in results) >= 2
    for move in (" RE ", " SC ", " w TI.", " w LE.", " ?? "):
        assert move in text, move


# ---------------------------------------------------------------------------- bad input
def sim(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "sim", "replay", "--iss"] + [str(a) for a in args],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def out_lines(p):
    return [json.loads(ln) for ln in p.stdout.splitlines()]


def test_iss_replay_of_the_collection_prints_one_line_per_game_exit_0():
    p = sim(GAMES)
    assert p.returncode == 0 and p.stderr == ""
    got = out_lines(p)
    assert len(got) == len(lines()) and all(g["agrees"] for g in got)


def test_iss_an_illegal_card_is_one_error_line_naming_the_move_and_the_next_line_replays(tmp_path):
    good = line(541932)
    # Vorhand leads SA; Mittelhand holds spades (S7) and must follow: D9 instead is refused.
    bad = good.replace("0 SA 1 S7 2 DA", "0 SA 1 D9 2 DA")
    path = tmp_path / "games.sgf"
    path.write_text(bad + good)
    p = sim(path)
    first, second = out_lines(p)
    assert p.returncode == 1
    assert first["error"] == "move %d refused: you must follow suit" % first["index"]
    assert second["score"] == -54


@pytest.mark.parametrize("text,says", [
    ("hello\n", "not an ISS game line"),
    ("(;GM[Chess]MV[w ]R[] ;)\n", "not a Skat record"),
    ("(;GM[Skat]ID[1]R[] ;)\n", "no moves"),
    ("(;GM[Skat]ID[1]MV[w CJ.SJ 1 p ]R[] ;)\n", "the deal: 32 cards expected, got 2"),
    ("(;GM[Skat]ID[1]MV[1 p ]R[] ;)\n", "the moves do not start with the deal"),
])
def test_iss_a_line_that_is_no_record_is_one_error_line(tmp_path, text, says):
    path = tmp_path / "x.sgf"
    path.write_text(text)
    p = sim(path)
    (got,) = out_lines(p)
    assert p.returncode == 1 and says in got["error"] and p.stderr == ""


def test_iss_moves_that_stop_before_the_game_ends_are_an_error(tmp_path):
    path = tmp_path / "x.sgf"
    path.write_text(re.sub(r"( 0 SA 1 S7 2 DA).*?\]R\[", r"\1 ]R[", line(541932)))
    (got,) = out_lines(sim(path))
    assert got["error"] == "the moves end before the game does"


def test_iss_bz2_archives_are_read(tmp_path):
    path = tmp_path / "iss-games.sgf.bz2"
    with open(GAMES, "rb") as f:
        path.write_bytes(bz2.compress(f.read()))
    p = sim(path)
    assert p.returncode == 0 and len(out_lines(p)) == len(lines())


def test_iss_a_broken_bz2_missing_file_directory_or_binary_line_is_one_line_each(tmp_path):
    broken = tmp_path / "broken.sgf.bz2"
    broken.write_bytes(b"BZh9 this is no bzip2 stream")
    binary = tmp_path / "binary.sgf"
    binary.write_bytes(b"\xff\xfe\x00(;\n")
    p = sim(broken, tmp_path / "missing.sgf", tmp_path, binary)
    got = out_lines(p)
    assert p.returncode == 1 and p.stderr == ""
    assert [g["error"] for g in got] == ["cannot read the file (a broken .bz2?)", "no such file",
                                          "a directory, not a file", "not UTF-8 text"]


def test_iss_an_endless_line_ends_the_file_with_one_line():
    p = sim("/dev/zero")
    (got,) = out_lines(p)
    assert p.returncode == 1 and "longer than" in got["error"]


def test_iss_without_files_is_usage_and_status_2():
    p = sim()
    assert p.returncode == 2 and "usage" in p.stderr and p.stdout == ""
