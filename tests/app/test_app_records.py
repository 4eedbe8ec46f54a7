"""Records out (issue 11 item 5): at the end of every deal the app prints the deal's game record
(docs/records.md) to the serial console as one JSON line; ``python -m sim replay`` of that line
gives the result the app counted; ``--records DIR`` saves each deal's record as a file.
Headless runs by key presses on the PyBadge and the PicoSystem (240x240)."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.codes import RK_PASSED  # noqa: E402
from skat_core.notation.record import format_action, deal_record, replay_summary  # noqa: E402
from tests.app.test_app_games import (  # noqa: E402
    preload, run, WON_SUIT, WON_SUIT_KEYS, WON_TRICKS, CONTRA_DEAL, CONTRA_KEYS,
)

BOARDS = ("pybadge", "picosystem")
FARBEN_KEYS = "RIGHT RIGHT RIGHT A  A  A RIGHT A A  DOWN A  " + WON_TRICKS


def record_lines(text):
    return [line for line in text.splitlines() if line.startswith('{"series": ')]


def replay_cli(path):
    out = subprocess.run([sys.executable, "-m", "sim", "replay", path], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1, out.stdout + out.stderr
    return json.loads(lines[0])


def same_result(line, res):
    if res.kind == RK_PASSED:
        return line["game"] == "passed" and line["score"] == 0
    return line["value"] == res.value and line["score"] == res.score and line["won"] == res.won


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("deal, keys, rules", [
    (WON_SUIT, WON_SUIT_KEYS, None),
    (CONTRA_DEAL, CONTRA_KEYS, None),
    (WON_SUIT, FARBEN_KEYS, {1: 1}),
    (WON_SUIT, "LEFT A", None),
], ids=["won_suit", "offer_rejected_contra_re", "farben_frage", "thrown_in"])
def test_the_record_printed_at_the_end_of_a_deal_replays_to_the_same_result(
        board, deal, keys, rules, tmp_path, capsys):
    d = dict(deal)
    if rules:
        d["rules"] = rules
    nvm = preload(str(tmp_path / "nvm.bin"), board, **d)
    r = run(board, keys, nvm)
    assert r.app.screen.name == "result"
    lines = record_lines(capsys.readouterr().out)
    assert len(lines) == 1, "one line per deal"
    rec = json.loads(lines[0])
    path = tmp_path / "printed.json"
    path.write_text(lines[0])
    got = replay_cli(str(path))
    assert got["file"] == str(path)
    assert same_result(got, r.app.game.result), (got, lines[0])
    assert rec["game"] == 1 and rec["series"] == 4242


def test_the_printed_record_is_the_text_the_host_writer_gives(tmp_path, capsys):
    """lib/skat_ui/storage/recout.py (device) writes what skat_core/record.py (host) writes: the deal,
    the rules that differ from each key's first value (the table a record is read against,
    docs/records.md: so the standard table's rejection = next_level is written), every
    action in record notation."""
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", rules={1: 1}, **WON_SUIT)
    r = run("pybadge", FARBEN_KEYS, nvm)
    rec = json.loads(record_lines(capsys.readouterr().out)[0])
    g = r.app.game
    actions = [format_action(s, v, a, b, True) for (s, v, a, b) in r.app.record]
    want = deal_record(g, actions, {"bidding": "farben", "rejection": "next_level"})
    assert rec["deal"] == want["deal"] and rec["rules"] == want["rules"]
    assert rec["actions"] == want["actions"]
    assert replay_summary(rec)["value"] == g.result.value == 56


def test_records_dir_saves_one_file_per_finished_deal_named_by_series_game_and_seed(
        tmp_path, capsys):
    """Game 1 thrown in, then game 2 dealt and under way when the script ends: one file (no
    record of an unfinished deal), named by the series seed, the game number and the deal
    seed, holding the printed record, which replays."""
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", **WON_SUIT)
    out = tmp_path / "records"
    r = run("pybadge", "LEFT A  A  LEFT A", nvm, records_dir=str(out))
    assert r.app.in_game and r.app.series.games() == 1
    printed = record_lines(capsys.readouterr().out)
    files = sorted(os.listdir(out))
    assert files == ["series4242-game01-seed4242.json"] and len(printed) == 1
    with open(out / files[0]) as f:
        text = f.read()
    assert text == printed[0] + "\n"
    assert replay_summary(json.loads(text)) == {"game": "passed", "score": 0}
    assert r.records == [str(out / files[0])]
