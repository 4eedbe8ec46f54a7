"""Records of Skat zu dritt (docs/records.md, "table"): the en-deux record with ``"table": 3``,
its rules the three table's keys; ``python -m sim replay`` replays them as today's."""

import json
import os
import subprocess
import sys

import pytest

from skat_core.bot.three import ThreeBot
from skat_core.codes import PH_DONE
from skat_core.notation.record import (deal_record, format_action, replay, replay_summary,
                                       summary)
from skat_core.three.game import ThreeGame
from skat_core.three.rules import ThreeRules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES = ({}, {"kontra": "on"}, {"all_pass": "ramsch", "ramsch_jungfrau": "on"},
         {"all_pass": "schieberamsch"})


def bot_game(seed, rules, strength="greedy"):
    g = ThreeGame(ThreeRules.from_dict(rules))
    g.deal_from_seed(seed)
    actions = []
    bots = [ThreeBot(strength, seed * 3 + s) for s in range(3)]
    while g.phase != PH_DONE:
        s = g.to_act
        b = bots[s]
        b.decide(g.view(s))
        actions.append(format_action(b.seat, b.verb, b.a, b.b))
        assert g.act(b.seat, b.verb, b.a, b.b) == 0
    return g, actions


@pytest.mark.parametrize("rules", RULES)
def test_three_records_of_bot_games_replay_to_the_games_results(rules):
    for seed in range(8):
        g, actions = bot_game(seed, rules, "random" if seed % 4 == 3 else "greedy")
        rec = deal_record(g, actions)
        assert rec["table"] == 3 and rec.get("rules", {}) == rules
        assert replay_summary(json.loads(json.dumps(rec))) == summary(g)


def test_three_record_rules_are_the_three_tables_keys_en_deux_keys_refused():
    g, actions = bot_game(1, {})
    rec = deal_record(g, actions)
    rec["rules"] = {"contra_re": "on"}
    out = replay_summary(rec)
    assert out["index"] == -1 and "unknown rule 'contra_re'" in out["error"]


def test_a_record_names_table_2_or_3_nothing_else():
    g, actions = bot_game(2, {})
    rec = deal_record(g, actions)
    for bad in (4, "3", True):
        rec["table"] = bad
        assert replay_summary(rec) == {
            "error": "table must be 2 (Skat-en-deux) or 3 (Skat zu dritt)", "index": -1}


def test_a_record_without_table_is_en_deux_mittelhand_cannot_bid():
    g, actions = bot_game(3, {})
    rec = deal_record(g, actions)
    del rec["table"]
    _game, msg, index = replay(rec)
    assert (msg, index) == ("it is not this seat's turn", 0)    # en-deux: the dealer (hh) bids


def test_sim_replay_prints_the_result_line_of_a_three_player_record(tmp_path):
    g, actions = bot_game(5, {"kontra": "on"})
    path = tmp_path / "three.json"
    path.write_text(json.dumps(deal_record(g, actions)))
    p = subprocess.run([sys.executable, "-m", "sim", "replay", str(path)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    assert json.loads(p.stdout) == dict({"file": str(path)}, **summary(g))
