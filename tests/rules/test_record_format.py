"""Record format (docs/records.md): action strings, replay errors, ``python -m sim replay``."""

import json
import os
import subprocess
import sys

import pytest

from skat_core.codes import PH_DONE, V_DECLARE, V_PLAY, action_verb, action_a, action_b
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.notation.record import parse_action, format_action, replay, replay_summary, deal_record
from skat_core.rng import Rng
from skat_core.rules import Rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "tests", "data", "records")
DEAL = {"vh": "CJ HJ CA CT C9 SA ST S9 HK H7", "mh": "SJ CK CQ C8 SK SQ HA HT H9 D7",
        "hh": "DJ C7 S8 S7 HQ H8 DA DT DK DQ", "skat": "D9 D8"}


def run_replay(*paths):
    return subprocess.run([sys.executable, "-m", "sim", "replay"] + list(paths), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("text, message", [
    ("xx bid 18", "unknown seat 'xx' (vh, mh, hh)"),
    ("hh shout", "unknown verb 'shout'"),
    ("hh bid", "bid takes one value"),
    ("hh bid eighteen", "bid takes a number: 'eighteen'"),
    ("hh play ZZ", "not a card: 'ZZ'"),
    ("hh discard CJ", "discard takes two cards"),
    ("hh declare X", "unknown game 'X' (C S H D G N)"),
    ("hh declare G loud", "unknown declaration word 'loud'"),
    ("hh offer everything", "offer takes raus or stich"),
    ("hh pass now", "pass takes no arguments"),
    ("hh", "an action is '<seat> <verb> [args]': 'hh'"),
])
def test_unreadable_action_strings(text, message):
    with pytest.raises(ValueError) as e:
        parse_action(text)
    assert str(e.value) == message


def test_farben_bid_tokens():
    for token, cls in (("frage-D", 0), ("frage-C", 3), ("tourne", 4), ("solo-D", 5), ("null", 8),
                       ("solo-C", 9), ("grand", 10), ("null-ouvert", 11), ("grand-ouvert", 12)):
        assert parse_action("hh bid " + token, farben=True)[2] == cls
        assert format_action(2, 0, cls, 0, farben=True) == "hh bid " + token
    with pytest.raises(ValueError):
        parse_action("hh bid 18", farben=True)


def test_declare_words_and_hand_implied():
    assert parse_action("vh declare G schwarz offen2") == (0, V_DECLARE, 4, 4 | 16)
    assert format_action(0, V_DECLARE, 4, 1 | 4 | 16) == "vh declare G schwarz offen2"


@pytest.mark.parametrize("rules", [{}, {"all_pass": "ramsch"}, {"bidding": "farben"}, {"contra_re": "off"},
                                   {"rejection": "plain"}])
def test_format_parse_round_trip_over_random_games(rules):
    g = Game(Rules.from_dict(rules))
    rng = Rng(11)
    out = [0] * MAX_ACTIONS
    farben = g.rules.farben
    for seed in range(40):
        g.deal_from_seed(seed)
        log = []
        while g.phase != PH_DONE:
            s = g.to_act
            x = g.random_action(rng, out)
            text = format_action(s, action_verb(x), action_a(x), action_b(x), farben)
            seat, verb, a, b = parse_action(text, farben)
            assert g.act(seat, verb, a, b) == 0, text
            log.append(text)
        # the record of the game (its rules as a record names them) replays to the same result
        rec = deal_record(g, log)
        g2, msg, _ = replay(rec)
        assert msg is None
        assert (g2.result.score, g2.result.kind) == (g.result.score, g.result.kind)


def test_replay_reports_the_index_of_an_illegal_action():
    rec = {"deal": DEAL, "actions": ["hh bid 18", "vh yes", "hh bid 19"]}
    assert replay_summary(rec) == {"error": "not a valid bid value", "index": 2}


def test_replay_reports_an_unfinished_record():
    rec = {"deal": DEAL, "actions": ["hh bid 18"]}
    assert replay_summary(rec) == {"error": "the record ends before the game is over", "index": 1}


def test_replay_reports_a_bad_deal_and_bad_rules():
    bad = dict(DEAL, skat="D9 D9")
    assert replay_summary({"deal": bad, "actions": []})["index"] == -1
    assert "card dealt twice" in replay_summary({"deal": bad, "actions": []})["error"]
    r = replay_summary({"deal": DEAL, "rules": {"all_pass": "never"}, "actions": []})
    assert r == {"error": "rule all_pass must be one of einpassen, ramsch, got 'never'", "index": -1}


def test_sim_replay_hand_written_games():
    names = sorted(f for f in os.listdir(RECORDS) if f.startswith("game_"))
    assert len(names) >= 6
    paths = [os.path.join(RECORDS, n) for n in names]
    out = run_replay(*paths)
    assert out.returncode == 0, out.stderr
    got = [json.loads(x) for x in out.stdout.strip().split("\n")]
    assert len(got) == len(names)
    for p, line in zip(paths, got):
        with open(p) as f:
            assert line == dict(file=p, **json.load(f)["expect"]), p


def test_sim_replay_error_line_and_exit_status(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps({"deal": DEAL, "actions": ["hh bid 18", "vh pass", "hh hand",
                                                        "hh declare D", "vh play DJ"]}))
    out = run_replay(str(p))
    assert out.returncode == 1
    assert json.loads(out.stdout) == {"file": str(p), "error": "that card is not in this hand",
                                      "index": 4}


def test_sim_replay_unreadable_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{not json")
    out = run_replay(str(p))
    assert out.returncode == 1
    assert json.loads(out.stdout) == {"file": str(p), "error": "not JSON (line 1, column 2)",
                                      "index": -1}
