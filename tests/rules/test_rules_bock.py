"""Bockrunden (docs/rules.md, "Bockrunden"; issue 18 item 6): the house rule ``bock`` (off by
default, else the number of Bock games a trigger starts), its triggers ``bock_lost``,
``bock_120``, ``bock_contra``, ``bock_tie``; a Bock game's score doubled by the engine
(``Game.bock``, set per deal from the series); the record's ``"bock": true`` replayed to the
doubled score by ``python -m sim replay``; records and series without Bock as before."""

import json
import os
import subprocess
import sys

import pytest

from skat_core.codes import RK_GIVEN_UP
from skat_core.rulecheck import bock_trigger
from skat_core.engine.series import Series
from skat_core.notation.record import replay, replay_summary
from skat_core.rules import Rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "tests", "data", "records")


def record(name):
    with open(os.path.join(RECORDS, name + ".json")) as f:
        return json.load(f)


def played(name, bock=False):
    """The finished Game of a record in tests/data/records, a Bock game if ``bock``."""
    rec = record(name)
    if bock:
        rec["bock"] = True
    g, msg, _ = replay(rec)
    assert msg is None, msg
    return g


WON_18 = "vector_s5_row01_karo_with1_bid18_61pts"          # won +18, 61 points
LOST_60 = "vector_s5_row02_karo_without1_bid18_60pts"      # lost -36 at 60:60
GRAND_120 = "vector_s5_row07_grand_without4_bid18_60pts"   # lost -240, value 120, 60:60
CONTRA = "vector_s6_grand_with1_offen2_raus_rejected_contra_432"   # won +432 with Contra
NULL_LOST = "game_null_hand_hh_takes_first_trick"           # lost -70
GIVEN_UP = "game_spielaufgabe_after_pickup"                 # -60
RAMSCH = "game_ramsch_all_tricks_jungfrau"                  # -178
PASSED = "game_passed_in"
ALL_ON = {"bock": "2", "bock_lost": "on", "bock_120": "on", "bock_contra": "on",
          "bock_tie": "on"}


def test_bockrunden_are_off_by_default_and_nothing_triggers_them():
    r = Rules()
    assert r.bock == "off"
    assert (r.bock_lost, r.bock_120, r.bock_contra, r.bock_tie) == ("off", "on", "on", "on")
    for name in (LOST_60, GRAND_120, CONTRA, NULL_LOST, GIVEN_UP):
        assert not bock_trigger(r, played(name).result), name


@pytest.mark.parametrize("name, fires", [
    (WON_18, ()),
    (LOST_60, ("bock_lost", "bock_tie")),
    (GRAND_120, ("bock_lost", "bock_120", "bock_tie")),
    (CONTRA, ("bock_120", "bock_contra")),                  # 432: 120 or more, and Contra
    (NULL_LOST, ("bock_lost",)),
    (GIVEN_UP, ("bock_lost",)),
    (RAMSCH, ()),                                            # not a declared game
    (PASSED, ()),
])
def test_each_trigger_fires_for_its_event_alone(name, fires):
    """With one trigger on at a time, exactly the triggers named fire; with all on, any."""
    res = played(name).result
    for key in ("bock_lost", "bock_120", "bock_contra", "bock_tie"):
        d = {"bock": "2", "bock_lost": "off", "bock_120": "off", "bock_contra": "off",
             "bock_tie": "off"}
        d[key] = "on"
        assert bock_trigger(Rules.from_dict(d), res) == (key in fires), key
    assert bock_trigger(Rules.from_dict(ALL_ON), res) == bool(fires)


@pytest.mark.parametrize("name", [WON_18, LOST_60, GRAND_120, CONTRA, NULL_LOST, GIVEN_UP,
                                  RAMSCH, "game_ramsch_durchmarsch", PASSED,
                                  "game_overbid_concession_contra_off",
                                  "game_raus_accepted_after_trick_1"])
def test_a_bock_record_replays_to_the_doubled_score_and_an_old_record_as_before(name):
    rec = record(name)
    old = replay_summary(rec)
    assert "bock" not in old and "error" not in old
    rec["bock"] = True
    got = replay_summary(rec)
    want = dict(old, score=2 * old["score"], bock=True)
    assert got == want
    rec["bock"] = False
    assert replay_summary(rec) == old


@pytest.mark.parametrize("value", [1, "true", None, [True]])
def test_a_bock_field_that_is_not_true_or_false_is_an_error(value):
    rec = record(WON_18)
    rec["bock"] = value
    assert replay_summary(rec) == {"error": "bock must be true or false", "index": -1}


def test_sim_replay_prints_the_bock_games_doubled_score(tmp_path):
    rec = record(GRAND_120)
    rec["bock"] = True
    path = tmp_path / "bock.json"
    path.write_text(json.dumps(rec))
    out = subprocess.run([sys.executable, "-m", "sim", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"file": str(path), "game": "G", "declarer": "hh",
                                      "won": False, "value": 120, "score": -480, "bock": True}


def book(s, rules, name):
    """Play record ``name`` as the series' next game (a Bock game when the series says so,
    as the app does) and book it from your seat in it; returns the Game."""
    g = played(name, bock=s.bock(rules))
    s.add(g.result, s.human_seat(), rules)
    return g


def test_a_trigger_doubles_the_next_n_games_then_the_scores_are_plain_again():
    """bock = 2: the lost 60:60 game triggers; the next two games (one of them thrown in)
    are Bock games; the fourth is plain again."""
    rules = Rules.from_dict({"bock": "2"})
    s = Series(12, 1)
    assert not s.bock(rules)
    g = book(s, rules, LOST_60)                            # 60:60 (bock_tie on by default)
    assert not g.bock and g.result.score == -36 and s.bock(rules)
    g = book(s, rules, WON_18)
    assert g.bock and g.result.bock and g.result.score == 36 and g.result.value == 18
    g = book(s, rules, PASSED)                             # a thrown-in game uses one up
    assert g.bock and g.result.score == 0
    g = book(s, rules, WON_18)
    assert not g.bock and g.result.score == 18
    # The totals: game 1 HH (the bot, you are VH) -36; game 2 VH (the bot, you are HH)
    # +36; game 4 VH (the bot again) +18.
    assert s.totals() == (0, -36 + 36 + 18)
    assert [e[3] & 192 for e in s.entries] == [128, 64, 64, 0]     # the marks the save keeps


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_number_of_bock_games_is_the_rule_value(n):
    rules = Rules.from_dict({"bock": str(n)})
    s = Series(12, 1)
    book(s, rules, GRAND_120)
    bock = []
    for _ in range(6):
        bock.append(book(s, rules, WON_18).bock)
    assert bock == [True] * n + [False] * (6 - n)


def test_a_trigger_in_a_bock_game_adds_bock_games_after_it_never_x4():
    rules = Rules.from_dict({"bock": "2"})
    s = Series(12, 1)
    book(s, rules, LOST_60)                                # 2 to come
    g = book(s, rules, GRAND_120)                          # Bock, triggers again: 1 + 2 left
    assert g.bock and g.result.score == -480 and s.bock(rules)
    scores = [book(s, rules, WON_18).result.score for _ in range(4)]
    assert scores == [36, 36, 36, 18]                       # doubled, never quadrupled


def test_seeger_fabian_doubles_the_game_not_its_50():
    """Seeger-Fabian in a Bock game: the score doubled, the +50/-50/+40 as they are; a
    Spielaufgabe -120 - 50."""
    rules = Rules.from_dict({"bock": "2", "list_scoring": "seeger_fabian"})
    s = Series(12, 1)
    book(s, rules, LOST_60)                                # -36 - 50, the other +40
    g = book(s, rules, GIVEN_UP)
    assert g.result.kind == RK_GIVEN_UP and g.result.score == -120
    assert s.entries[-1][5:] in ((-170, 0), (0, -170))
    g = book(s, rules, WON_18)
    assert s.entries[-1][5:] in ((36 + 50, 0), (0, 36 + 50))


def test_the_series_saves_and_restores_its_bock_games():
    """The entries' marks are all a save keeps of Bockrunden (the app's bytes:
    tests/app/test_app_save*): restored, the Bock games still to come are back (2 of 3
    here); entries saved before Bock (no marks) have none to come."""
    rules = Rules.from_dict({"bock": "3"})
    s = Series(12, 1)
    book(s, rules, GRAND_120)
    book(s, rules, WON_18)
    t = Series(12, 1)
    t.entries = list(s.entries)
    assert [book(t, rules, WON_18).bock for _ in range(3)] == [True, True, False]
    old = Series(12, 1)
    old.entries = [e[:3] + (e[3] & 63,) + e[4:] for e in s.entries]    # saved before Bock
    assert not old.bock(rules)


def test_rules_read_the_bock_keys_and_refuse_other_values():
    r = Rules.from_dict(ALL_ON)
    assert r.to_dict()["bock"] == "2" and r.bock_lost == "on"
    for d in ({"bock": 2}, {"bock": "5"}, {"bock_lost": "yes"}):
        with pytest.raises(ValueError) as e:
            Rules.from_dict(d)
        assert str(e.value).startswith("rule bock")
    assert Rules.from_dict({"bock_lost": True}).bock_lost == "on"     # JSON true/false



@pytest.mark.mp
def test_bock_games_play_heap_locked_on_micropython():
    """The doubling is on the count's path, which runs heap-locked: random Bock games (suit,
    Grand, Null, Ramsch) from the first card to the score allocate nothing, and each scores
    double the same game without Bock."""
    from sim.device.mpharness import run_mp
    code = (
        "from skat_core.engine.game import Game\n"
        "from skat_core.codes import PH_PLAY, PH_DONE, V_PASS\n"
        "from skat_core.rng import Rng\n"
        "from skat_core.rules import Rules\n"
        "import micropython\n"
        "OUT = [0] * 128\n"
        "RAMSCH = Rules()\n"
        "RAMSCH.all_pass = 'ramsch'\n"
        "RAMSCH._derive()\n"
        "KINDS = {}\n"
        "def play(seed, bock):\n"
        "    g = Game(RAMSCH if seed % 2 else None)\n"
        "    g.bock = bock\n"
        "    r = Rng(seed)\n"
        "    g.deal_from_seed(seed)\n"
        "    if seed % 2:\n"
        "        g.act(2, V_PASS)\n"
        "        g.act(0, V_PASS)\n"
        "    while g.phase != PH_DONE and g.phase != PH_PLAY:\n"
        "        g.act_encoded(g.to_act, g.random_action(r, OUT))\n"
        "    micropython.heap_lock()\n"
        "    while g.phase != PH_DONE:\n"
        "        g.act_encoded(g.to_act, g.random_action(r, OUT))\n"
        "    micropython.heap_unlock()\n"
        "    KINDS[g.result.kind] = KINDS.get(g.result.kind, 0) + (g.result.score != 0) * bock\n"
        "    return g.result.score\n"
        "for s in range(1, 41):\n"
        "    a = play(s, False)\n"
        "    b = play(s, True)\n"
        "    assert b == 2 * a, (s, a, b)\n"
        "print('OK', KINDS.get(1, 0), KINDS.get(2, 0))\n")
    r = run_mp(code, heap_kb=128)
    assert r.ok and "OK" in r.stdout, r.describe()
    normal, ramsch = [int(x) for x in r.stdout.split("OK")[1].split()[:2]]
    assert normal >= 10 and ramsch >= 10, r.stdout     # Bock games that scored, both kinds


def test_the_breakdown_names_the_bock_doubling_before_the_score():
    from skat_core.engine.breakdown import breakdown
    plain = breakdown(played(LOST_60).result)
    bock = breakdown(played(LOST_60, bock=True).result)
    assert plain[-1] == ("lost", -36)
    assert bock == plain[:-1] + [("Bock x 2", -72), ("lost", -72)]
    assert breakdown(played(GIVEN_UP, bock=True).result)[-2:] == [("Bock x 2", -120),
                                                                   ("score", -120)]
