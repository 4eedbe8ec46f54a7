"""``python -m sim oracle``: the expected score of every bid/declaration choice at 18 over
worlds solved double dummy, and the regret of the bots' choices against it (docs/bot.md,
"Oracle"). Small runs: a few worlds, small node caps."""

import json
import subprocess
import sys

from sim.tools import oracle, previous
from sim.tools.previous import compile_previous, previous_modules, make_bot, PREV_COMMIT
from skat_core.bot.prelude import decl as bot_decl, bidtable
from skat_core.cards import parse_cards, VH, HH
from skat_core.engine.game import Game
from skat_core.solver.solve import Solver


def _evaluate(cards, seat, worlds=4, bots=("device",)):
    return oracle.evaluate(Solver(1 << 14), 5, seat, parse_cards(cards), worlds, 20000,
                           list(bots), Game(), None, 5000)


def _best(rec):
    return max(rec["choices"], key=lambda k: oracle._mean(rec["choices"][k]))


def test_four_jacks_and_three_aces_are_a_grand_hand_worth_far_more_than_passing():
    rec = _evaluate("CJ SJ HJ DJ CA CT SA ST HA HT", VH)
    best = _best(rec)
    assert best.startswith("GH")
    assert oracle._mean(rec["choices"][best]) >= 96          # Grand Hand with 4: 24 x 6
    assert list(rec["bots"]["device"]["labels"])[0].startswith("G")


def test_sevens_and_eights_in_every_suit_are_a_null_the_oracle_never_passes():
    rec = _evaluate("C7 C8 S7 S8 S9 H7 H8 D7 D8 DQ", HH)
    assert _best(rec).startswith("N")
    assert oracle._mean(rec["choices"]["NH"]) == 35           # won in every world


def test_kings_and_queens_without_trumps_or_low_cards_are_passed():
    rec = _evaluate("CK CQ SK SQ S9 HK HQ H9 DK DQ", VH)
    assert _best(rec) == "pass"


def test_every_world_keeps_the_players_ten_cards_and_deals_the_other_22():
    hand = parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT")
    for opp, dummy, skat in oracle.sample_worlds(hand, 3, VH, 6):
        assert len(opp) == 10 and len(dummy) == 10 and len(skat) == 2
        assert sorted(opp + dummy + skat + hand) == list(range(32))


def test_the_opening_lead_comes_from_vorhands_own_cards():
    vh = parse_cards("CJ SA ST S9 HA HK H7 D8 D9 DT")
    assert oracle.rule_lead(vh, 0, HH) in vh


def test_a_pickup_discard_by_rule_keeps_ten_of_the_twelve_cards():
    twelve = parse_cards("CJ SJ CA CT CK CQ C9 SA HA H7 D7 D8")
    kept, put = oracle.rule_discard(twelve, 0, True)
    assert len(kept) == 10 and len(put) == 2 and sorted(kept + put) == sorted(twelve)


def _rec(seed, seat, choices, bot_scores, bot_label):
    n = len(bot_scores)
    return {"seed": seed, "seat": seat, "worlds": n, "choices": choices,
            "bots": {"b": {"labels": {bot_label: n}, "scores": bot_scores}}}


def test_regret_is_the_best_choice_minus_the_bots_and_a_deal_is_thrown_in_when_both_pass():
    recs = [
        _rec(1, "vh", {"pass": [0, 0], "CH": [24, 24]}, [0, 0], "pass"),     # regret 24
        _rec(1, "hh", {"pass": [0, 0], "CH": [-48, -48]}, [0, 0], "pass"),   # regret 0
        _rec(2, "vh", {"pass": [0, 0], "CH": [-48, -48]}, [0, 0], "pass"),
        _rec(2, "hh", {"pass": [0, 0], "CH": [-48, -48]}, [-48, -48], "CH"),  # regret 48
    ]
    fig = oracle.regret_figures(recs, ["b"])
    assert fig["b"]["regret"] == (24 + 0 + 0 + 48) / 4
    assert fig["oracle"]["thrown_in"] == 0.5          # deal 2: the oracle passes both seats
    assert fig["b"]["thrown_in"] == 0.5               # deal 1: the bot passes both seats


def test_the_best_choice_is_scored_on_the_worlds_it_was_not_picked_on():
    # A wins only in the even worlds: picked there, it is worth 0 in the odd ones; picked on
    # the odd worlds, B (10 everywhere) is scored on the even ones.
    choices = {"pass": [0, 0, 0, 0], "A": [100, 0, 100, 0], "B": [10, 10, 10, 10]}
    value, label = oracle.crossfit_best(choices, 4)
    assert label == "A"                      # on all four worlds A is best (mean 50)
    assert value == (0 + 10) / 2


def test_device_prev_bids_from_the_table_of_the_commit_before_issue_13():
    import skat_core
    names = ("bidtable", "hand", "hand_eval", "decl")
    package = [skat_core.bot.prelude.__dict__.get(n) for n in names]
    loaded = [sys.modules.get("skat_core.bot.prelude." + n) for n in names]
    mods = compile_previous()
    # the packages and sys.modules keep their own modules
    assert [skat_core.bot.prelude.__dict__.get(n) for n in names] == package
    assert [sys.modules.get("skat_core.bot.prelude." + n) for n in names] == loaded
    assert all("skat_core." + n not in sys.modules for n in previous._MODULES)
    old = subprocess.run(["git", "show", PREV_COMMIT + ":skat_core/bidtable.py"],
                         capture_output=True, text=True, check=True).stdout
    ns = {}
    exec(compile(old, "old", "exec"), ns)
    assert mods["bidtable"].P_WIN == ns["P_WIN"] != bidtable.P_WIN
    assert mods["bot_decl"] is not bot_decl
    assert make_bot("device-prev", 1).prelude_mod is previous_modules()["bot_decl"]


def test_the_oracle_tool_prints_the_choices_of_one_hand_as_json():
    out = subprocess.run([sys.executable, "-m", "sim", "oracle", "--hand",
                          "C7 C8 S7 S8 S9 H7 H8 D7 D8 DQ", "--seat", "hh", "--worlds", "2",
                          "--cap", "5000", "--screen-cap", "2000", "--bots", "device"],
                         capture_output=True, text=True, check=True)
    rec = json.loads(out.stdout)
    assert rec["best"].startswith("N") and "device" in rec["bots"]
