"""rules.md score tables as unit vectors: §2 bid values, §5 table, §6 examples, §7, §8 values.

The playable vectors are also replayed as whole games (tests/rules/test_record_vectors.py). Rows 10
and 11 of the §5 table cannot occur in a played game (row 10: the declarer holds CJ, which takes
a trick; row 11: one opponent trick cannot hold 28 points), so they are checked here only.
"""

import pytest

from skat_core.codes import RK_NORMAL
from skat_core.cards import F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT, parse_cards
from skat_core.engine.values import (
    BID_VALUES, Result, settle_suit, settle_null, settle_ramsch, matadors, null_value, FK_FRAGE,
    FK_TOURNE, FK_SOLO, FK_OUVERT, farben_class, FC_TOURNE, FC_NULL, FC_GRAND_OUVERT,
)


def suit(gt, matadors_, flags, bid, points, tricks, rejected=0, accepted=0, contra=False, re=False,
         farben=False, kind=-1, next_level=False):
    r = Result()
    r.kind = RK_NORMAL
    r.declarer = 0
    r.game_type = gt
    r.flags = flags
    r.bid = bid
    r.matadors = matadors_
    r.decl_points = points
    r.decl_tricks = tricks
    r.opp_tricks = 10 - tricks
    r.rejected = rejected
    r.accepted = accepted
    r.contra = contra
    r.re = re
    r.farben_kind = kind
    settle_suit(r, farben, next_level)
    return r


def test_s2_bid_values_68_with_offen_values():
    assert len(BID_VALUES) == 68
    assert list(BID_VALUES) == sorted(set(BID_VALUES))
    for v in (171, 190, 209, 228, 288):
        assert v in BID_VALUES
    assert BID_VALUES[0] == 18 and BID_VALUES[-1] == 288


@pytest.mark.parametrize("row, gt, m, flags, bid, pts, tricks, score", [
    (1, 3, 1, 0, 18, 61, 5, 18),
    (2, 3, -1, 0, 18, 60, 5, -36),
    (3, 1, 1, 0, 33, 90, 8, 33),
    (4, 1, 1, 0, 33, 89, 8, -66),
    (5, 0, 2, F_HAND | F_SCHNEIDER, 48, 85, 8, -144),
    (6, 0, 1, F_HAND | F_SCHNEIDER | F_SCHWARZ, 24, 120, 10, 84),
    (7, 4, -4, 0, 18, 60, 5, -240),
    (8, 4, 1, 0, 60, 61, 5, -144),
    (9, 2, 1, 0, 20, 30, 3, -60),
    (10, 3, 2, F_HAND, 36, 14, 0, -108),
    (11, 3, 1, 0, 27, 92, 9, 27),
    (12, 1, 1, F_OFFEN1, 33, 70, 6, 33),
    (13, 1, 1, F_OFFEN2, 44, 70, 6, 44),
    (14, 2, 2, F_HAND | F_OFFEN1, 50, 70, 6, 50),
    (15, 4, 4, F_HAND | F_SCHNEIDER | F_SCHWARZ | F_OFFEN2, 288, 120, 10, 288),
])
def test_s5_score_table(row, gt, m, flags, bid, pts, tricks, score):
    assert suit(gt, m, flags, bid, pts, tricks).score == score


def test_s5_row8_overbid_value_72():
    r = suit(4, 1, 0, 60, 61, 5)
    assert r.overbid and r.value == 72 and not r.won


def test_s5_row4_overbid_at_the_bid_33():
    r = suit(1, 1, 0, 33, 89, 8)
    assert r.overbid and r.value == 33


def test_s5_row10_declarer_schwarz_levels():
    r = suit(3, 2, F_HAND, 36, 14, 0)
    assert (r.lv_schneider, r.lv_schwarz, r.levels, r.value) == (1, 1, 6, 54)


def test_s5_row16_null_ouvert_hand_one_trick_minus118():
    r = Result()
    r.flags = F_OUVERT | F_HAND
    r.decl_tricks = 1
    settle_null(r, False)
    assert (r.value, r.score, r.won) == (59, -118, False)


def test_s3_null_values_23_35_46_59():
    assert null_value(0) == 23
    assert null_value(F_HAND) == 35
    assert null_value(F_OUVERT) == 46
    assert null_value(F_OUVERT | F_HAND) == 59


def test_s5_sixty_points_lose_sixty_one_win():
    assert not suit(3, 1, 0, 18, 60, 5).won
    assert suit(3, 1, 0, 18, 61, 5).won


def test_s5_matadors_with_and_without():
    assert matadors(parse_cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7 C7"), 2) == 11
    assert matadors(parse_cards("CJ SJ DJ HA"), 2) == 2
    assert matadors(parse_cards("HJ DJ HA"), 2) == -2
    assert matadors(parse_cards("C7 S7"), 2) == -11
    assert matadors(parse_cards("CJ SJ HJ DJ"), 4) == 4
    assert matadors(parse_cards("DA"), 4) == -4


# §6 examples: the rule book's, under rejection = next_level (its text before the
# corrections); rejection = plain is tested in tests/rules/test_rules_corrections.py.
def test_s6_grand_with1_offen2_raus_rejected_schneider_216():
    r = suit(4, 1, F_OFFEN2, 18, 95, 8, rejected=1, next_level=True)
    assert (r.levels, r.raw_value, r.value, r.score) == (6, 144, 216, 216)


def test_s6_grand_with1_offen2_raus_rejected_contra_432_re_864():
    assert suit(4, 1, F_OFFEN2, 18, 95, 8, rejected=1, contra=True, next_level=True).score == 432
    assert suit(4, 1, F_OFFEN2, 18, 95, 8, rejected=1, contra=True, re=True, next_level=True).score == 864


def test_s6_same_game_40_opponent_points_lost_432_contra_864():
    assert suit(4, 1, F_OFFEN2, 18, 80, 7, rejected=1, next_level=True).score == -432
    assert suit(4, 1, F_OFFEN2, 18, 80, 7, rejected=1, contra=True, next_level=True).score == -864


def test_s6_karo_with1_offen1_raus_rejected_91_points_68():
    r = suit(3, 1, F_OFFEN1, 18, 91, 8, rejected=1, next_level=True)
    assert (r.raw_value, r.value) == (45, 68)


def test_s6_kreuz_with2_hand_offen2_stich_rejected_schwarz_162_one_trick_minus324():
    assert suit(0, 2, F_HAND | F_OFFEN2, 18, 120, 10, rejected=2, next_level=True).score == 162
    assert suit(0, 2, F_HAND | F_OFFEN2, 18, 110, 9, rejected=2, next_level=True).score == -324


def test_s6_both_offers_rejected_count_the_bonus_once():
    once = suit(4, 1, F_OFFEN2, 18, 120, 10, rejected=2, next_level=True)
    # with 1, Spiel, offen 2, Schneider, Schwarz, abgelehnt once: 7 levels, 168 x 1.5
    assert (once.lv_abgelehnt, once.levels, once.value) == (1, 7, 252)


def test_s6_accepted_raus_is_a_simple_win_stich_a_schneider_win():
    assert suit(2, 1, 0, 18, 70, 6, accepted=1).score == 20
    assert suit(2, 1, 0, 18, 70, 6, accepted=2).score == 30


def test_s6_accepted_after_rejection_keeps_level_half_and_contra():
    r = suit(4, 1, F_OFFEN2, 18, 70, 6, rejected=1, accepted=2, contra=True, next_level=True)
    assert r.won and r.value == 432


def test_s6_accepted_below_the_bid_is_an_overbid_loss():
    r = suit(3, 1, 0, 27, 70, 6, accepted=1)
    assert (r.won, r.value, r.score) == (False, 27, -54)


# §7 Ramsch.
def ramsch(p_vh, p_hh, skat, last, t_vh=5, t_hh=5, jungfrau=False, durchmarsch=False):
    r = Result()
    r.seat_points[0], r.seat_points[2] = p_vh, p_hh
    r.seat_tricks[0], r.seat_tricks[2] = t_vh, t_hh
    r.skat_points = skat
    settle_ramsch(r, bytes([last]) * 10, 10, 2, jungfrau, durchmarsch)   # VH and HH play
    return r


def test_s7_ramsch_45_30_skat10_minus55():
    r = ramsch(45, 30, 10, 2)
    assert (r.loser, r.score) == (0, -55)


def test_s7_ramsch_35_35_skat7_last_trick_loses_minus42():
    r = ramsch(35, 35, 7, 2)
    assert (r.loser, r.score) == (2, -42)


def test_s7_jungfrau_doubles():
    r = ramsch(80, 0, 10, 0, t_vh=10, t_hh=0, jungfrau=True)
    assert (r.loser, r.score, r.jungfrau) == (0, -180, True)


def test_s7_durchmarsch_scores_120():
    r = ramsch(80, 0, 10, 0, t_vh=10, t_hh=0, durchmarsch=True)
    assert (r.durchmarsch, r.score) == (0, 120)


def test_s7_without_durchmarsch_all_tricks_lose():
    r = ramsch(80, 0, 10, 0, t_vh=10, t_hh=0)
    assert (r.loser, r.score) == (0, -90)


# §8 Farbenreizen.
def test_s8_frage_eichel_without3_schneider_20():
    assert suit(0, -3, 0, 3, 95, 8, farben=True, kind=FK_FRAGE).score == 20


def test_s8_tourne_rot_with2_18():
    assert suit(2, 2, 0, 4, 70, 6, farben=True, kind=FK_TOURNE).score == 18


def test_s8_solo_gruen_without2_schneider_announced_55():
    assert suit(1, -2, F_HAND | F_SCHNEIDER, 7, 95, 8, farben=True, kind=FK_SOLO).score == 55


def test_s8_grand_ouvert_with4_216_and_with1_144():
    fl = F_HAND | F_OUVERT | F_SCHNEIDER | F_SCHWARZ
    assert suit(4, 4, fl, 12, 120, 10, farben=True, kind=FK_OUVERT).score == 216
    assert suit(4, 1, fl, 12, 120, 10, farben=True, kind=FK_OUVERT).value == 144


def test_s8_no_hand_level_and_no_overbid():
    r = suit(3, 1, F_HAND, 12, 70, 6, farben=True, kind=FK_SOLO)
    assert (r.lv_hand, r.value, r.won, r.overbid) == (0, 18, True, False)


def test_s8_null_values_tourne_10_solo_20_ouvert_40():
    for kind, v in ((FK_TOURNE, 10), (FK_SOLO, 20), (FK_OUVERT, 40)):
        r = Result()
        r.farben_kind = kind
        r.decl_tricks = 0
        settle_null(r, True)
        assert (r.value, r.score) == (v, v)


def test_s8_class_ladder():
    assert farben_class(FK_TOURNE, 5) == FC_TOURNE
    assert farben_class(FK_SOLO, 5) == FC_NULL
    assert farben_class(FK_OUVERT, 4) == FC_GRAND_OUVERT
    assert farben_class(FK_SOLO, 3) < FC_NULL < farben_class(FK_SOLO, 0)


def test_s6_breakdown_of_the_seed_example_reads_like_the_rule_book():
    from skat_core.engine.breakdown import breakdown
    r = suit(4, 1, F_OFFEN2, 18, 95, 8, rejected=1, contra=True, re=True)
    assert breakdown(r) == [("declarer points", 95), ("declarer tricks", 8), ("with 1", 1),
                            ("Spiel", 2), ("offen", 4), ("Schneider", 5), ("abgelehnt", 6),
                            ("x 24", 144), ("+ 50 %", 216), ("Contra", 432), ("Re", 864),
                            ("won", 864)]
