"""Skat zu dritt (rules.md §11, seeds 001 German and 004 Afrikaans): one rule, one test, the
vector in the name. The engine is ``skat_core.three``; what it shares with en-deux (the trick
rule, the values, the count) has its own tests beside these (test_trick_rule.py,
test_rules_values.py)."""

from skat_core.cards import (VH, MH, HH, GT_GRAND, GT_H, GT_NULL, GT_RAMSCH, F_HAND,
                             F_SCHNEIDER, F_SCHWARZ, F_OUVERT, parse_cards)
from skat_core.codes import (PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_PLAY, PH_DONE, RK_NORMAL,
                             RK_PASSED, RK_RAMSCH, V_CONTRA, V_RE, V_OFFER, V_CONCEDE, V_TOURNE,
                             OFFER_RAUS, CONCEDE_PLAIN, error_text)
from skat_core.engine.score import Result, settle_suit, settle_null, settle_ramsch
from skat_core.engine.values import matadors
from skat_core.three.bidding import BIDS
from skat_core.three.game import ThreeGame, MAX_ACTIONS

from tests.support.engine_util import act, refused, refused_action, three_game

NOT_AT_THREE = "not part of Skat zu dritt (offers, offen levels, giving up and Tourne are Skat-en-deux's)"

# A deal where Vorhand holds the four jacks and clubs from the top: every trick is his.
GRAND_VH = ("CJ SJ HJ DJ CA CT CK CQ C9 C8", "C7 SA ST SK SQ S9 S8 S7 HA HT",
            "HK HQ H9 H8 H7 DA DT DK DQ D9", "D8 D7")


def play_out(g):
    """Each seat plays its first legal card until the game is over."""
    out = [0] * MAX_ACTIONS
    while g.phase == PH_PLAY:
        s = g.to_act
        n = g.legal_actions(s, out)
        assert n and g.act_encoded(s, out[0]) == 0
    return g.result


def held(g, seat):
    out = bytearray(12)
    return set(out[:g.cards_of(seat, out)])


# ---------------------------------------------------------------------------- deal and seats
def test_s11_deal_3_skat_4_3_vorhand_d0_2_d11_14_d23_25_skat_d9_d10():
    g = ThreeGame()
    g.deal(bytes(range(32)))
    assert held(g, VH) == {0, 1, 2, 11, 12, 13, 14, 23, 24, 25}
    assert held(g, MH) == {3, 4, 5, 15, 16, 17, 18, 26, 27, 28}
    assert held(g, HH) == {6, 7, 8, 19, 20, 21, 22, 29, 30, 31}
    assert sorted(g.skat) == [9, 10]


def test_s11_mittelhand_speaks_first():
    g = three_game()
    assert (g.phase, g.to_act) == (PH_BID, MH)
    refused(g, "vh bid 18", "it is not this seat's turn")
    refused(g, "hh bid 18", "it is not this seat's turn")


# ---------------------------------------------------------------------------- bidding
def test_s11_mh_bids_vh_holds_vh_passes_at_20_then_hh_bids_mh_and_mh_wins_at_22():
    g = three_game(["mh bid 18", "vh yes", "mh bid 20", "vh pass"])
    assert (g.phase, g.to_act, g.bidder, g.hearer, g.bid) == (PH_BID, HH, HH, MH, 20)
    for a in ("hh bid 22", "mh yes", "hh pass"):
        assert act(g, a) == 0
    assert (g.phase, g.declarer, g.bid) == (PH_SKAT, MH, 22)


def test_s11_hh_outbids_the_one_left_vh_and_plays_at_his_bid_20():
    g = three_game(["mh pass", "hh bid 18", "vh yes", "hh bid 20", "vh pass"])
    assert (g.phase, g.declarer, g.bid, g.to_act) == (PH_SKAT, HH, 20, HH)


def test_s11_the_senior_holds_with_yes_the_junior_must_bid_higher_18_18_refused():
    g = three_game(["mh bid 18", "vh yes"])
    refused(g, "mh bid 18", "a bid must be higher than the current bid")
    assert (g.phase, g.bid_holder) == (PH_BID, VH)


def test_s11_mh_and_hh_pass_vorhand_may_play_at_18_not_20():
    g = three_game(["mh pass", "hh pass"])
    assert (g.phase, g.to_act) == (PH_TAKE, VH)
    refused(g, "vh bid 20", "after the dealer passes, Vorhand can only take the game at 18")
    assert act(g, "vh bid 18") == 0
    assert (g.phase, g.declarer, g.bid) == (PH_SKAT, VH, 18)


def test_s11_three_passes_throw_the_deal_in():
    g = three_game(["mh pass", "hh pass", "vh pass"])
    assert (g.phase, g.result.kind) == (PH_DONE, RK_PASSED)


def test_s11_three_passes_with_all_pass_ramsch_play_ramsch_vorhand_leads_tricks_of_three():
    g = three_game(["mh pass", "hh pass", "vh pass"], rules={"all_pass": "ramsch"})
    assert (g.phase, g.game_type, g.to_act, g.trick_size) == (PH_PLAY, GT_RAMSCH, VH, 3)
    r = play_out(g)
    assert r.kind == RK_RAMSCH
    assert sum(r.seat_points) + r.skat_points == 120 and sum(r.seat_tricks) == 10


def test_s11_bids_are_the_63_official_values_171_and_19_refused():
    assert len(BIDS) == 63 and BIDS[0] == 18 and BIDS[-1] == 264
    g = three_game()
    refused(g, "mh bid 171", "not a valid bid value")
    refused(g, "mh bid 19", "not a valid bid value")
    assert act(g, "mh bid 264") == 0


def test_s11_a_hold_and_a_bid_count_as_said_for_kontra_after_18():
    g = three_game(["mh bid 18", "vh yes", "mh pass", "hh pass"])
    assert list(g.said) == [1, 1, 0] and g.declarer == VH


# ---------------------------------------------------------------------------- the declaration
def test_s11_no_offen_levels_at_three():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand"])
    refused(g, "vh declare C offen1", NOT_AT_THREE)
    refused(g, "vh declare G offen2", NOT_AT_THREE)


def test_s11_suit_or_grand_ouvert_is_a_hand_game():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh pickup", "vh discard H7 HK"])
    refused(g, "vh declare G ouvert", "a suit or Grand ouvert is a Hand game")


def test_s11_grand_ouvert_hand_announces_schneider_and_schwarz():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare G ouvert"])
    assert g.flags == F_HAND | F_SCHNEIDER | F_SCHWARZ | F_OUVERT


def test_s11_schneider_announced_only_in_hand_games():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh pickup", "vh discard H7 HK"])
    refused(g, "vh declare C schneider",
            "Schneider and Schwarz can only be announced in a Hand game")


def test_s11_null_23_below_a_bid_of_24_is_refused_null_hand_35_is_not():
    g = three_game(["mh bid 24", "vh yes", "mh pass", "hh pass", "vh pickup", "vh discard H7 HK"])
    refused(g, "vh declare N", "a Null game worth less than the bid cannot be declared")
    g = three_game(["mh bid 24", "vh yes", "mh pass", "hh pass", "vh hand"])
    assert act(g, "vh declare N") == 0 and g.game_type == GT_NULL


def test_s11_no_offers_no_giving_up_no_tourne_at_three():
    g = three_game(["mh pass", "hh pass", "vh bid 18"])
    refused_action(g, VH, V_CONCEDE, CONCEDE_PLAIN, 0, NOT_AT_THREE)
    refused_action(g, VH, V_TOURNE, 0, 0, NOT_AT_THREE)
    assert act(g, "vh hand") == 0 and act(g, "vh declare C") == 0
    refused_action(g, MH, V_OFFER, OFFER_RAUS, 0, NOT_AT_THREE)


# ---------------------------------------------------------------------------- play
def test_s11_vorhand_leads_and_play_goes_vh_mh_hh_each_his_own_cards():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare C"])
    assert (g.phase, g.to_act) == (PH_PLAY, VH)
    assert act(g, "vh play CA") == 0 and g.to_act == MH
    refused(g, "mh play SK", "you must follow suit")
    assert act(g, "mh play C8") == 0 and g.to_act == HH
    assert act(g, "hh play C7") == 0
    assert (g.n_tricks, g.trick_winners[0], g.to_act) == (1, VH, VH)


def test_s11_defenders_never_see_each_others_cards_nor_the_declarers():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare C", "vh play CA"])
    v = g.view(MH)
    assert set(v.hand[:v.n_hand]) == held(g, MH) and v.n_decl_open == 0 and v.n_skat == 0


def test_s11_suit_ouvert_is_open_after_the_opening_lead():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare G ouvert"],
                   deal=GRAND_VH)
    assert g.view(MH).n_decl_open == 0
    assert act(g, "vh play CJ") == 0
    v = g.view(MH)
    assert set(v.decl_open[:v.n_decl_open]) == held(g, VH) and v.n_decl_open == 9


def test_s11_null_ouvert_is_open_before_the_opening_lead():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare N ouvert"])
    assert g.view(HH).n_decl_open == 10 and g.view(MH).n_decl_open == 10


def test_s11_null_ends_when_the_declarer_takes_a_trick_lost_minus_46():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh pickup", "vh discard D9 D8",
                    "vh declare N", "vh play CA", "mh play C8", "hh play C7"])
    r = g.result
    assert g.phase == PH_DONE and (r.won, r.value, r.score) == (False, 23, -46)


def test_seed001_grand_ouvert_hand_with_4_every_trick_264():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare G ouvert"],
                   deal=GRAND_VH)
    r = play_out(g)
    assert (r.kind, r.won, r.matadors, r.levels, r.value, r.score) == (
        RK_NORMAL, True, 4, 11, 264, 264)


# ---------------------------------------------------------------------------- Kontra and Re
def declared(rules, bids=("mh pass", "hh pass", "vh bid 18")):
    return three_game(list(bids) + ["vh hand", "vh declare C"], rules=rules)


def test_s11_kontra_is_off_by_default():
    g = declared({})
    refused_action(g, MH, V_CONTRA, 0, 0, "Kontra and Re are switched off (house rule kontra)")


def test_s11_kontra_before_the_defenders_first_card_only():
    g = declared({"kontra": "on"})
    assert act(g, "vh play CA") == 0 and act(g, "mh play C8") == 0
    refused_action(g, MH, V_CONTRA, 0, 0,
                   "Kontra only before the defender's first card, Re only before the declarer's second")
    assert g.act(HH, V_CONTRA) == 0 and g.kontra_by == HH


def test_s11_re_by_the_declarer_only_after_kontra_before_his_second_card():
    g = declared({"kontra": "on"})
    refused_action(g, VH, V_RE, 0, 0, "Re is possible only after Contra")
    refused_action(g, VH, V_CONTRA, 0, 0, "only the declarer's opponent can say Contra")
    assert g.act(MH, V_CONTRA) == 0
    refused_action(g, HH, V_RE, 0, 0, "only the declarer can do that")
    for a in ("vh play CA", "mh play C8", "hh play C7", "vh play CT"):
        assert act(g, a) == 0
    refused_action(g, VH, V_RE, 0, 0,
                   "Kontra only before the defender's first card, Re only before the declarer's second")


def test_s11_kontra_after_18_only_a_defender_who_bid_or_held():
    g = declared({"kontra": "after_18"}, bids=("mh bid 18", "vh yes", "mh pass", "hh pass"))
    refused_action(g, HH, V_CONTRA, 0, 0,
                   "with kontra = after_18 only a defender who bid or held at least 18 may say Kontra")
    assert g.act(MH, V_CONTRA) == 0


def test_s11_kontra_and_re_each_double_grand_hand_with_4_schwarz_192_x4_768():
    g = three_game(["mh pass", "hh pass", "vh bid 18", "vh hand", "vh declare G"],
                   rules={"kontra": "on"}, deal=GRAND_VH)
    assert g.act(MH, V_CONTRA) == 0 and g.act(VH, V_RE) == 0
    r = play_out(g)
    # with 4, Spiel, Hand, Schneider, Schwarz: 24 x 8 = 192; Kontra x2, Re x2
    assert (r.won, r.levels, r.raw_value, r.value, r.score) == (True, 8, 192, 768, 768)


def test_s11_no_kontra_in_ramsch():
    g = three_game(["mh pass", "hh pass", "vh pass"], rules={"all_pass": "ramsch", "kontra": "on"})
    refused_action(g, MH, V_CONTRA, 0, 0, "only the declarer's opponent can say Contra")


# ---------------------------------------------------------------------------- values (seeds)
def suit(gt, m, flags, bid, pts, tricks, opp_tricks=None, contra=False, re=False):
    r = Result()
    r.game_type, r.matadors, r.flags, r.bid = gt, m, flags, bid
    r.decl_points, r.decl_tricks = pts, tricks
    r.opp_tricks = 10 - tricks if opp_tricks is None else opp_tricks
    r.contra, r.re = contra, re
    settle_suit(r, False, False)
    return r


def test_seed001_base_values_kreuz_12_pik_11_herz_10_karo_9_grand_24():
    assert [suit(gt, 1, 0, 18, 70, 6).raw_value // 2 for gt in range(5)] == [12, 11, 10, 9, 24]


def test_seed004_the_smallest_multiplier_is_two_karo_with_1_is_18():
    assert suit(3, 1, 0, 18, 70, 6).score == 18
    assert suit(3, -1, 0, 18, 70, 6).score == 18


def test_seed004_herz_with_7_matadors_cj_sj_hj_dj_ha_ht_hk_80():
    cards = parse_cards("CJ SJ HJ DJ HA HT HK S7 S8 S9 D7 D8")
    assert matadors(cards, GT_H) == 7
    assert suit(GT_H, 7, 0, 18, 70, 6).score == 80


def test_seed001_the_declarer_needs_61_points_with_60_he_loses_double():
    assert suit(3, 1, 0, 18, 61, 5).score == 18
    assert suit(3, 1, 0, 18, 60, 5).score == -36


def test_seed001_schneider_at_90_points_or_opponents_30_or_less_one_level():
    assert suit(0, 1, 0, 18, 90, 8).score == 36           # Kreuz with 1, Schneider: 12 x 3
    assert suit(0, 1, 0, 18, 89, 8).score == 24


def test_seed001_schwarz_every_trick_one_more_level_kreuz_with_1_48():
    assert suit(0, 1, 0, 18, 120, 10, opp_tricks=0).score == 48


def test_seed001_hand_one_level_herz_hand_with_2_is_40():
    assert suit(GT_H, 2, F_HAND, 18, 70, 6).score == 40       # 10 x (2 + Spiel + Hand)


def test_seed001_bid_24_with_a_20_game_is_lost_overbid_minus_60():
    r = suit(GT_H, 1, 0, 24, 80, 7)                       # Herz with 1 = 20 < 24
    assert (r.won, r.overbid, r.value, r.score) == (False, True, 30, -60)


def test_seed004_schneider_announced_under_90_is_lost_kreuz_hand_with_1_minus_120():
    r = suit(0, 1, F_HAND | F_SCHNEIDER, 18, 85, 8)      # 12 x (1+1+1+1+1) = 60
    assert (r.won, r.score) == (False, -120)


def test_seed004_schwarz_announced_and_one_trick_lost_is_lost():
    r = suit(0, 2, F_HAND | F_SCHNEIDER | F_SCHWARZ, 18, 115, 9)
    assert not r.won and r.score == -2 * 12 * 8             # with 2 +Spiel Hand S Sa Sz Sza


def test_seed001_null_values_23_35_46_59_lost_double():
    for flags, value in ((0, 23), (F_HAND, 35), (F_OUVERT, 46), (F_HAND | F_OUVERT, 59)):
        r = Result()
        r.flags, r.decl_tricks = flags, 0
        settle_null(r, False)
        assert (r.won, r.score) == (True, value)
        r.decl_tricks = 1
        settle_null(r, False)
        assert (r.won, r.score) == (False, -2 * value)


def test_s11_kontra_doubles_a_null_game_too_23_46():
    r = Result()
    r.flags, r.decl_tricks, r.contra = 0, 0, True
    settle_null(r, False)
    assert r.score == 46


def test_seed001_grand_ouvert_with_4_is_24_x_11_264():
    r = suit(GT_GRAND, 4, F_HAND | F_SCHNEIDER | F_SCHWARZ | F_OUVERT, 18, 120, 10, 0)
    assert (r.levels, r.score) == (11, 264)


# ---------------------------------------------------------------------------- Ramsch with three
def ramsch3(points, tricks, skat, winners, jungfrau=False, durchmarsch=False):
    r = Result()
    for s in range(3):
        r.seat_points[s], r.seat_tricks[s] = points[s], tricks[s]
    r.skat_points = skat
    settle_ramsch(r, bytes(winners), len(winners), 1, jungfrau, durchmarsch)
    return r


def test_s11_ramsch_most_points_loses_them_and_the_skat_50_40_20_skat_10_minus_60():
    r = ramsch3((50, 40, 20), (4, 4, 2), 10, [0, 1, 0, 2, 1, 0, 1, 2, 0, 1])
    assert (r.loser, r.score) == (0, -60)


def test_s11_ramsch_tie_on_most_of_them_who_took_a_trick_last_45_45_20_minus_55():
    r = ramsch3((45, 45, 20), (4, 4, 2), 10, [0, 1, 0, 2, 1, 0, 1, 0, 1, 2])
    assert (r.loser, r.score) == (1, -55)


def test_s11_ramsch_jungfrau_a_player_without_a_trick_doubles_70_40_0_minus_160():
    r = ramsch3((70, 40, 0), (6, 4, 0), 10, [0] * 6 + [1] * 4, jungfrau=True)
    assert (r.loser, r.score, r.jungfrau) == (0, -160, True)


def test_s11_ramsch_durchmarsch_every_trick_plus_120():
    r = ramsch3((110, 0, 0), (10, 0, 0), 10, [0] * 10, durchmarsch=True)
    assert (r.durchmarsch, r.scorer, r.score) == (0, 0, 120)


def test_seed001_lost_overbid_the_doubled_value_that_covers_the_bid_karo_with_1_bid_24_minus_54():
    """001: lost "doppelten Spielwert (oder den doppelten höchsten zulässigen Wert, der das
    Gebot noch deckt, je nachdem, was größer ist)"; 004 writes "double the base value" (-18):
    the rule book's correction 6 keeps the official value, as 001 (docs/rules.md)."""
    r = suit(3, 1, 0, 24, 80, 7)                          # Karo with 1 = 18 < 24: 27 covers it
    assert (r.won, r.overbid, r.value, r.score) == (False, True, 27, -54)


def test_seed001_tournament_lists_of_24_36_48_games_fit_three_and_four_at_the_table():
    from skat_core.three.rules import ThreeRules
    for n in (24, 36, 48):
        assert ThreeRules.from_dict({"series_games": n}).series_games == n
