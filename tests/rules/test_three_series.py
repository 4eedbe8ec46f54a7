"""The series at three and at four (rules.md §9, §11; docs/rules.md "Skat zu dritt"):
``skat_core.three.series``. Players 0 (you) .. n-1 clockwise; player n-1 deals the first
game; at four the dealer sits out. One rule, one test, the vector in the name."""

import pytest

from skat_core.cards import VH, MH, HH, GT_GRAND, GT_H
from skat_core.codes import RK_NORMAL, RK_PASSED, RK_RAMSCH
from skat_core.engine.score import Result
from skat_core.engine.series import BOCK_GAME, BOCK_START, Series, WHO_NONE
from skat_core.three.rules import ThreeRules
from skat_core.three.series import ThreeSeries

from tests.rules.test_three_rules import GRAND_VH, play_out
from tests.support.engine_util import three_game


def game(declarer, won, value, gt=GT_H, bock=False, contra=False):
    """A finished suit or Grand game of seat ``declarer``: won +V, lost -2V (doubled in a
    Bock game, as the count does)."""
    r = Result()
    r.kind, r.declarer, r.scorer, r.game_type = RK_NORMAL, declarer, declarer, gt
    r.won, r.value, r.contra, r.bock = won, value, contra, bock
    r.score = (value if won else -2 * value) << bock
    r.decl_points = 70 if won else 50
    return r


def ramsch(loser, minus):
    r = Result()
    r.kind, r.scorer, r.loser, r.value, r.score = RK_RAMSCH, loser, loser, minus, -minus
    return r


def passed():
    r = Result()
    r.kind = RK_PASSED
    return r


def rules(**d):
    return ThreeRules.from_dict(d)


# ---------------------------------------------------------------------------- who deals, who sits
def test_series_at_three_player_2_deals_first_then_0_1_2_you_start_in_vorhand():
    s = ThreeSeries(3)
    assert [s.dealer(k) for k in range(5)] == [2, 0, 1, 2, 0]
    assert [s.human_seat(k) for k in range(4)] == [VH, HH, MH, VH]


def test_series_at_three_the_dealer_is_hinterhand_game_1_seats_1_2_0():
    s = ThreeSeries(3)
    assert s.seats(0) == (0, 1, 2) and s.seats(1) == (1, 2, 0) and s.seats(2) == (2, 0, 1)
    assert s.sits_out(1) == -1


def test_series_at_four_the_dealer_sits_out_game_1_you_deal_and_watch_seats_1_2_3():
    s = ThreeSeries(4)
    assert [s.dealer(k) for k in range(5)] == [3, 0, 1, 2, 3]
    assert s.seats(0) == (0, 1, 2) and s.seats(1) == (1, 2, 3)
    assert [s.sits_out(k) for k in range(4)] == [3, 0, 1, 2]
    assert [s.human_seat(k) for k in range(5)] == [VH, -1, HH, MH, VH]


def test_series_a_thrown_in_game_counts_in_the_deal_order():
    s = ThreeSeries(3)
    s.add(passed(), rules())
    assert (s.games(), s.dealer(), s.human_seat()) == (1, 0, HH)
    assert s.entries[0] == (RK_PASSED, WHO_NONE, 255, 0, 0, 0, 0, 0)


# ---------------------------------------------------------------------------- list points
def test_series_plain_the_score_to_its_player_game_1_vorhand_is_player_1_herz_plus_40():
    s = ThreeSeries(3)
    s.add(passed(), rules())
    s.add(game(VH, True, 40), rules())
    assert s.totals() == (0, 40, 0) and s.entries[1][1] == 1


def test_series_plain_lost_minus_2v_to_the_declarer_only_minus_80():
    s = ThreeSeries(3)
    s.add(game(MH, False, 40), rules())
    assert s.totals() == (0, -80, 0)


def test_series_plain_ramsch_the_losers_minus_to_him_hinterhand_minus_60():
    s = ThreeSeries(3)
    s.add(ramsch(HH, 60), rules())
    assert s.totals() == (0, 0, -60) and s.entries[0][1] == WHO_NONE


def test_series_seeger_fabian_won_plus_v_plus_50_herz_40_plus_90():
    s = ThreeSeries(3)
    s.add(game(VH, True, 40), rules(list_scoring="seeger_fabian"))
    assert s.totals() == (90, 0, 0)


def test_series_seeger_fabian_at_three_lost_minus_2v_minus_50_and_plus_40_to_each_other():
    s = ThreeSeries(3)
    s.add(game(VH, False, 40), rules(list_scoring="seeger_fabian"))
    assert s.totals() == (-130, 40, 40)


def test_series_seeger_fabian_at_four_lost_minus_130_and_plus_30_to_each_of_three_others():
    s = ThreeSeries(4)
    s.add(game(MH, False, 40), rules(list_scoring="seeger_fabian"))    # the dealer 3 too
    assert s.totals() == (30, -130, 30, 30)


def test_series_seeger_fabian_ramsch_and_thrown_in_as_plain_minus_60_and_0():
    s = ThreeSeries(3)
    r = rules(list_scoring="seeger_fabian")
    s.add(ramsch(VH, 60), r)
    s.add(passed(), r)
    assert s.totals() == (-60, 0, 0)


def test_series_at_four_the_sitting_out_dealer_scores_nothing_in_plain():
    s = ThreeSeries(4)
    s.add(passed(), rules())
    s.add(game(HH, True, 48, GT_GRAND), rules())        # game 1: seats 1 2 3, you deal
    assert s.totals() == (0, 0, 0, 48)


def test_series_running_totals_over_three_games_40_minus_80_minus_60():
    s = ThreeSeries(3)
    s.add(game(VH, True, 40), rules())                  # player 0
    s.add(game(VH, False, 40), rules())                 # player 1
    s.add(ramsch(VH, 60), rules())                      # player 2
    assert s.totals() == (40, -80, -60)


# ---------------------------------------------------------------------------- the length
def test_series_is_over_after_series_games_36_by_default():
    assert ThreeRules().series_games == 36 and ThreeSeries(3).length == 36
    s = ThreeSeries(3, length=3)
    for _ in range(3):
        assert not s.over()
        s.add(passed(), rules())
    assert s.over()
    with pytest.raises(ValueError):
        s.add(passed(), rules())
    assert s.games() == 3


def test_series_games_a_multiple_of_3_or_4_9_and_8_taken_10_and_2_refused():
    assert rules(series_games=9).series_games == 9 and rules(series_games=8).series_games == 8
    for bad in (10, 2, 0, True, "12", 7):
        with pytest.raises(ValueError, match="series_games"):
            rules(series_games=bad)
    assert ThreeRules().to_dict()["series_games"] == 36


def test_series_at_three_of_8_games_or_at_four_of_9_refused():
    with pytest.raises(ValueError):
        ThreeSeries(3, length=8)
    with pytest.raises(ValueError):
        ThreeSeries(4, length=9)
    with pytest.raises(ValueError):
        ThreeSeries(5, length=10)
    assert ThreeSeries(4, length=8).length == 8


# ---------------------------------------------------------------------------- Bockrunden
def bocked(players, bock, results, **more):
    s = ThreeSeries(players)
    r = rules(bock=bock, **more)
    flags = []
    for res in results:
        b = s.bock(r)
        flags.append(int(b))
        res.bock = b                    # as ThreeGame.bock: the count doubles the score
        res.score <<= b
        s.add(res, r)
    return s, flags, r


def test_series_bock_keys_are_en_deuxs_with_bock_counting_rounds_off_1_2_3():
    r = ThreeRules()
    assert (r.bock, r.bock_lost, r.bock_120, r.bock_contra, r.bock_tie) == (
        "off", "off", "on", "on", "on")
    with pytest.raises(ValueError, match="bock"):
        rules(bock="4")


def test_series_bock_one_round_at_three_a_game_of_120_makes_the_next_3_bock_games():
    small = [game(VH, True, 40) for _ in range(5)]
    s, flags, r = bocked(3, "1", [game(VH, True, 120)] + small)
    assert flags == [0, 1, 1, 1, 0, 0]
    assert s.entries[0][3] & BOCK_START and s.entries[1][3] & BOCK_GAME


def test_series_bock_one_round_at_four_is_4_games():
    s, flags, r = bocked(4, "1", [game(VH, True, 120)] + [game(VH, True, 40)] * 5)
    assert flags == [0, 1, 1, 1, 1, 0]


def test_series_bock_two_rounds_at_three_are_6_games():
    s, flags, r = bocked(3, "2", [game(VH, True, 120)] + [passed() for _ in range(7)])
    assert flags == [0, 1, 1, 1, 1, 1, 1, 0]


def test_series_bock_a_trigger_in_a_bock_game_lengthens_them_never_x4():
    s, flags, r = bocked(3, "1", [game(VH, True, 120), game(VH, False, 40, contra=True)]
                         + [game(VH, True, 40) for _ in range(6)])
    assert flags == [0, 1, 1, 1, 1, 1, 1, 0]


def test_series_bock_off_no_trigger_counts():
    s, flags, r = bocked(3, "off", [game(VH, True, 120), game(VH, True, 40)])
    assert flags == [0, 0] and s.entries[0][3] == 0


def test_series_bock_ramsch_and_thrown_in_never_trigger():
    s, flags, r = bocked(3, "1", [ramsch(HH, 130), passed(), game(VH, True, 40)],
                         bock_lost="on")
    assert flags == [0, 0, 0]


def test_series_bock_lost_triggers_only_with_bock_lost_on():
    assert bocked(3, "1", [game(VH, False, 40), game(VH, True, 40)])[1] == [0, 0]
    assert bocked(3, "1", [game(VH, False, 40), game(VH, True, 40)], bock_lost="on")[1] == [0, 1]


def test_series_bock_seeger_fabian_doubles_the_score_not_its_50_and_40_herz_40_lost_minus_210():
    s, flags, r = bocked(3, "1", [game(VH, True, 120), game(MH, False, 40)],
                         list_scoring="seeger_fabian")
    # game 1 (seats 1 2 0): Mittelhand is player 2; Bock: -2 x 40 x 2 = -160, then -50
    assert flags == [0, 1] and s.entries[1][5:] == (40, 40, -210)


def test_series_bock_game_at_three_doubles_the_count_grand_hand_with_4_192_x2_384():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare G"],
                   deal=GRAND_VH)
    g.bock = True
    r = play_out(g)
    assert (r.bock, r.value, r.score) == (True, 192, 384)


def test_series_the_rooms_rows_are_en_deuxs_entries_kind_who_type_flags_value_points():
    s = ThreeSeries(3)
    assert isinstance(s, Series)
    s.add(game(VH, True, 48, GT_GRAND), rules())
    assert s.entries[0] == (RK_NORMAL, 0, GT_GRAND, 0, 48, 48, 0, 0)


# ---------------------------------------------------------------------------- on the device
SERIES_GUEST = r'''
from skat_core.engine.score import Result
from skat_core.three.rules import ThreeRules
from skat_core.three.series import ThreeSeries


def run():
    """A list at three and one at four, Seeger-Fabian and a Bockrunde: each game's line."""
    for n in (3, 4):
        r = ThreeRules.from_dict({"list_scoring": "seeger_fabian", "bock": "1",
                                  "series_games": 12})
        s = ThreeSeries(n, 12)
        for k in range(12):
            res = Result()
            res.kind = 3 if k == 7 else 2 if k == 5 else 1
            res.declarer = -1 if res.kind != 1 else k % 3
            res.scorer = -1 if res.kind == 3 else k % 3
            res.game_type = 4
            res.won = k % 2 == 0
            res.value = 120 if k == 0 else 48
            b = s.bock(r)
            res.bock = b
            res.score = (-res.value if res.kind == 2 else
                         res.value if res.won else -2 * res.value) << b
            s.add(res, r)
            print(n, k, s.dealer(), s.seats(), s.human_seat(), s.sits_out(), int(b),
                  s.totals())
'''


def series_lines_on_cpython():
    import contextlib
    import io
    namespace = {}
    exec(compile(SERIES_GUEST, "series_guest", "exec"), namespace)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        namespace["run"]()
    return out.getvalue().splitlines()


@pytest.mark.mp
def test_series_at_three_and_four_book_the_same_on_micropython():
    from sim.device.mpharness import guest_prelude, run_mp
    code = guest_prelude(["skat_core.three.series", "skat_core.three.rules",
                          "skat_core.engine.score"]) + "import series_guest\nseries_guest.run()\n"
    res = run_mp(code, heap_kb=128, modules={"series_guest": SERIES_GUEST})
    assert res.ok, res.stderr
    lines = series_lines_on_cpython()
    assert len(lines) == 24 and res.stdout.splitlines() == lines
