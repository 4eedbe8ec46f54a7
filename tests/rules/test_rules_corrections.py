"""The "Corrections" of ../shared/docs/rules.md (they win over its other sections), one rule
per test, the vector in the test's name. Each numbered section is one correction.

The rule book's §6 vectors (a rejection makes the next level compulsory) stay in
tests/rules/test_rules_values.py and tests/rules/test_record_vectors.py under ``rejection = next_level``.
"""

import json
import os

import pytest

from tests.support.engine_util import game, act, refused
from skat_core.cards import VH, HH, GT_GRAND, GT_NULL, F_HAND, F_OFFEN1, F_OFFEN2
from skat_core.codes import (
    PH_PLAY, PH_DONE, RK_CONCEDED, V_DECLARE, V_PLAY, action_verb, action_a, action_b,
)
from skat_core.engine.game import MAX_ACTIONS
from skat_core.notation.record import replay_summary, record_rules
from skat_core.rng import Rng
from skat_core.rules import Rules
from skat_core.engine.values import FC_NULL_OUVERT, FC_GRAND, FC_SOLO_C, FK_SOLO
from tests.rules.test_rules_values import suit

RECORDS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data",
                       "records")
F = {"bidding": "farben"}
GRAND_HAND_OFFEN2_VH = ["hh bid 18", "vh yes", "hh pass", "vh hand", "vh declare G offen2"]


def s6_record(name, rules=None):
    """A §6 vector record with its rules replaced (None: no rules block)."""
    with open(os.path.join(RECORDS, "vector_" + name + ".json")) as f:
        rec = json.load(f)
    assert rec["rules"] == {"rejection": "next_level"}
    if rules is None:
        del rec["rules"]
    else:
        rec["rules"] = rules
    return rec


def won(game_char, decl, value, score):
    return {"game": game_char, "declarer": decl, "won": score > 0, "value": value, "score": score}


# 1. §6 rejection: house rule `rejection`, next_level (default since correction 1 revised,
# issue 18; plain from issue 12 to 18) or plain.
def test_rejection_house_rule_default_next_level_alternative_plain():
    assert Rules().rejection == "next_level" and Rules().next_level
    assert Rules.from_dict(None).next_level and Rules.from_dict({}).next_level
    assert not Rules.from_dict({"rejection": "plain"}).next_level
    assert Rules.from_dict({"rejection": "next_level"}).next_level
    with pytest.raises(ValueError) as e:
        Rules.from_dict({"rejection": "schneider"})
    assert str(e.value) == "rule rejection must be one of plain, next_level, got 'schneider'"


def test_a_record_reads_a_rule_it_does_not_name_as_the_first_value_rejection_plain():
    """docs/records.md: records of the plain default (issue 12 to 18, written without the
    key) keep their rule; a record under next_level names it (lib/skat_ui/storage/recout.py)."""
    for d in (None, {}, {"all_pass": "ramsch"}):
        assert record_rules(d).rejection == "plain" and not record_rules(d).next_level
    assert record_rules({"rejection": "next_level"}).next_level
    assert record_rules(None).to_dict() == dict(Rules().to_dict(), rejection="plain")


def test_rejection_plain_karo_with1_offen1_raus_rejected_70_points_won_4_levels_x1_5_54():
    r = suit(3, 1, F_OFFEN1, 18, 70, 6, rejected=1)
    assert (r.won, r.lv_schneider, r.lv_abgelehnt, r.levels, r.raw_value, r.value, r.score) == (
        True, 0, 1, 4, 36, 54, 54)


def test_rejection_next_level_same_karo_game_70_points_lost_schneider_compulsory_minus136():
    r = suit(3, 1, F_OFFEN1, 18, 70, 6, rejected=1, next_level=True)
    assert (r.won, r.lv_schneider, r.levels, r.value, r.score) == (False, 1, 5, 68, -136)


def test_rejection_plain_stich_rejected_kreuz_with2_hand_offen2_no_schwarz_needed_won_144():
    r = suit(0, 2, F_HAND | F_OFFEN2, 18, 110, 9, rejected=2)
    assert (r.won, r.lv_schneider, r.lv_schwarz, r.levels, r.value, r.score) == (
        True, 1, 0, 8, 144, 144)


@pytest.mark.parametrize("name, plain", [
    # Levels under plain: only what was made, + abgelehnt, x 1.5 (+ Contra/Re).
    ("s6_grand_with1_offen2_raus_rejected_schneider_216", won("G", "vh", 216, 216)),
    ("s6_grand_with1_offen2_raus_rejected_contra_432", won("G", "vh", 432, 432)),
    ("s6_grand_with1_offen2_raus_rejected_contra_re_864", won("G", "hh", 864, 864)),
    ("s6_grand_with1_offen2_raus_rejected_40_opp_points_lost_432", won("G", "vh", 180, 180)),
    ("s6_grand_with1_offen2_raus_rejected_40_opp_points_contra_lost_864", won("G", "vh", 360, 360)),
    ("s6_karo_with1_offen1_raus_rejected_91pts_68", won("D", "hh", 68, 68)),
    ("s6_kreuz_with2_hand_offen2_stich_rejected_schwarz_162", won("C", "vh", 162, 162)),
    ("s6_kreuz_with2_hand_offen2_stich_rejected_one_opp_trick_lost_324", won("C", "vh", 144, 144)),
])
def test_rejection_plain_rescores_the_s6_records_where_a_compulsory_level_was_missed(name, plain):
    """The same recorded games without a rules block play plain, as records have since issue
    12 (a record reads a key it does not name as its first value, docs/records.md; the
    standard table's next_level since issue 18 does not change them): the three that lost
    only because the rejection had made Schneider/Schwarz compulsory are won."""
    assert replay_summary(s6_record(name)) == plain
    assert replay_summary(s6_record(name, {"rejection": "plain"})) == plain


# 2. §6 timing: in a zweimal offen game the opponent may also offer before the opening lead.
def test_offer_before_the_opening_lead_zweimal_offen_raus_accepted_grand_with1_hand_offen2_120():
    g = game(GRAND_HAND_OFFEN2_VH)
    assert g.phase == PH_PLAY and g.n_tricks == 0 and g.cur_n == 0
    assert g.view(HH).can_offer == 3                  # raus and Stich
    assert act(g, "hh offer raus") == 0
    assert act(g, "vh accept") == 0
    # 24 x (with 1, Spiel, Hand, offen 2) = 120, a simple win.
    assert (g.phase, g.result.won, g.result.value, g.result.score) == (PH_DONE, True, 120, 120)


def test_offer_before_the_opening_lead_zweimal_offen_rejected_then_contra_before_the_lead():
    g = game(GRAND_HAND_OFFEN2_VH + ["hh offer raus", "vh reject"])
    assert g.rejected == 1 and g.to_act == VH
    assert act(g, "hh contra") == 0
    assert act(g, "vh play CA") == 0


def test_offer_before_the_opening_lead_not_in_einmal_offen_nor_closed_games():
    for declare in ("vh declare G offen1", "vh declare G"):
        g = game(["hh bid 18", "vh yes", "hh pass", "vh hand", declare])
        assert g.view(HH).can_offer == 0
        refused(g, "hh offer raus",
                "offers are made only between tricks (zweimal offen: also before the opening lead)")


def test_offer_in_zweimal_offen_not_once_the_opening_lead_is_played():
    g = game(GRAND_HAND_OFFEN2_VH + ["vh play CA"])
    refused(g, "hh offer raus",
            "offers are made only between tricks (zweimal offen: also before the opening lead)")


# 3. §3 overbid concession: only when the named game can no longer reach the bid with its
#    highest level after the pickup, and never with Contra/Re on.
def test_overbid_concession_refused_herz_without3_reaches_80_bid_30():
    # HH: DJ, no higher jack: Herz "without 3" reaches 10 x (3 + Spiel + Schneider + Schwarz
    # + zweimal offen 2) = 80 >= 30. Until the correction this record conceded at -60.
    g = game(["hh bid 30", "vh pass", "hh pickup"], {"contra_re": "off"})
    refused(g, "hh concede H",
            "the overbid concession is only possible when the named game can no longer reach the bid")
    rec = {"deal": json.load(open(os.path.join(RECORDS, "game_overbid_concession_contra_off.json")))["deal"],
           "rules": {"contra_re": "off"}, "actions": ["hh bid 30", "vh pass", "hh pickup", "hh concede H"]}
    assert replay_summary(rec) == {
        "error": "the overbid concession is only possible when the named game can no longer reach the bid",
        "index": 3}


def test_overbid_concession_karo_without3_at_most_72_below_bid_80_conceded_81_minus162():
    g = game(["hh bid 80", "vh pass", "hh pickup", "hh discard D9 D8"], {"contra_re": "off"})
    assert g.view(HH).can_concede_overbid == 1 << 3   # only Karo: Herz reaches 80
    assert act(g, "hh concede D") == 0
    assert (g.result.kind, g.result.value, g.result.score) == (RK_CONCEDED, 81, -162)


def test_overbid_concession_never_with_contra_re_on_even_out_of_reach_bid_80():
    g = game(["hh bid 80", "vh pass", "hh pickup"])
    assert g.view(HH).can_concede_overbid == 0
    refused(g, "hh concede D",
            "the overbid concession is not available with Contra and Re (house rule contra_re = on)")


# 4. §8 Farbenreizen ranking: Grand Solo above Null ouvert only with/without >= 2 Spitzen or
#    won at least Schneider; otherwise Null ouvert ranks above it.
def grand_solo(m, points, tricks, bid=FC_NULL_OUVERT):
    return suit(GT_GRAND, m, F_HAND, bid, points, tricks, farben=True, kind=FK_SOLO)


def test_farben_grand_solo_with2_at_a_null_ouvert_bid_70_points_won_16x3_48():
    r = grand_solo(2, 70, 6)
    assert (r.won, r.overbid, r.value, r.score) == (True, False, 48, 48)


def test_farben_grand_solo_without2_at_a_null_ouvert_bid_70_points_won_48():
    r = grand_solo(-2, 70, 6)
    assert (r.won, r.value, r.score) == (True, 48, 48)


def test_farben_grand_solo_with1_at_a_null_ouvert_bid_won_schneider_95_points_48():
    r = grand_solo(1, 95, 8)
    assert (r.won, r.lv_schneider, r.value, r.score) == (True, 1, 48, 48)


def test_farben_grand_solo_with1_at_a_null_ouvert_bid_70_points_ranks_below_it_lost_minus64():
    r = grand_solo(1, 70, 6)
    assert (r.won, r.overbid, r.value, r.score) == (False, True, 32, -64)


def test_farben_grand_solo_with1_at_a_grand_solo_bid_70_points_won_32():
    r = grand_solo(1, 70, 6, bid=FC_GRAND)
    assert (r.won, r.overbid, r.score) == (True, False, 32)


def test_farben_grand_solo_may_be_declared_at_a_null_ouvert_bid_solo_eichel_not():
    g = game(["hh bid null-ouvert", "vh pass", "hh hand"], rules=F)
    refused(g, "hh declare C", "the game must be at least as high as the bid")
    assert act(g, "hh declare G") == 0
    assert (g.game_type, g.farben_kind, g.bid) == (GT_GRAND, FK_SOLO, FC_NULL_OUVERT)


def play_cards_out(g, seed):
    """Random legal cards only (no offers), reproducible by ``seed``."""
    rng = Rng(seed)
    out = [0] * MAX_ACTIONS
    while g.phase != PH_DONE:
        n = g.legal_actions(g.to_act, out)
        plays = [x for x in out[:n] if action_verb(x) == V_PLAY]
        assert g.act_encoded(g.to_act, plays[rng.below(len(plays))]) == 0
    return g.result


@pytest.mark.parametrize("seed, points, score", [(1, 73, -64), (0, 93, 48)])
def test_farben_grand_solo_with1_played_at_a_null_ouvert_bid_73_points_lost_93_points_won(
        seed, points, score):
    """The whole game through the engine: VH holds CJ, not SJ (Grand "with 1"); 73 points win
    a Grand, but it ranks below the Null ouvert bid: lost -2 x 32; 93 points, Schneider: 48."""
    g = game(["hh bid null-ouvert", "vh yes", "hh pass", "vh hand", "vh declare G"], rules=F)
    r = play_cards_out(g, seed)
    assert (r.bid, r.farben_kind, r.matadors, r.decl_points) == (FC_NULL_OUVERT, FK_SOLO, 1, points)
    assert (r.won, r.overbid, r.score) == (score > 0, score < 0, score)


def test_farben_null_ouvert_still_above_a_grand_solo_bid_and_solo_eichel_below_it():
    assert act(game(["hh bid grand", "vh pass", "hh hand"], rules=F), "hh declare N ouvert") == 0
    refused(game(["hh bid grand", "vh pass", "hh hand"], rules=F), "hh declare C",
            "the game must be at least as high as the bid")
    assert FC_SOLO_C < FC_GRAND < FC_NULL_OUVERT


# 5. §8 open games in Farbenreizen: only Grand and Null; no einmal/zweimal offen suit games.
def test_farben_suit_game_offen1_and_offen2_refused_solo_and_frage():
    g = game(["hh bid solo-D", "vh pass", "hh hand"], rules=F)
    for text in ("hh declare D offen1", "hh declare D offen2", "hh declare C offen2"):
        refused(g, text, "in Farbenreizen only Grand and Null are played open")
    g = game(["hh bid frage-D", "vh pass", "hh pickup", "hh discard D9 D8"], rules=F)
    refused(g, "hh declare D offen1", "in Farbenreizen only Grand and Null are played open")


def test_farben_grand_and_null_still_open_grand_solo_offen2_null_ouvert():
    g = game(["hh bid solo-D", "vh pass", "hh hand"], rules=F)
    assert act(g, "hh declare G offen2") == 0
    assert act(game(["hh bid solo-D", "vh pass", "hh hand"], rules=F), "hh declare N ouvert") == 0


def test_farben_no_legal_declaration_is_an_offen_suit_game():
    g = game(["hh bid solo-D", "vh pass", "hh hand"], rules=F)
    out = [0] * MAX_ACTIONS
    n = g.legal_actions(HH, out)
    decls = [(action_a(x), action_b(x)) for x in out[:n] if action_verb(x) == V_DECLARE]
    assert decls and all(gt >= GT_GRAND or not fl & (F_OFFEN1 | F_OFFEN2) for gt, fl in decls)
    assert any(gt == GT_GRAND and fl & F_OFFEN2 for gt, fl in decls)
    assert any(gt == GT_NULL for gt, _ in decls)
