"""Schieberamsch at three (docs/rules.md "Skat zu dritt"; house rule ``all_pass =
schieberamsch``): after three passes each in turn, Vorhand first, may declare Grand Hand; then
each in turn picks up the skat and puts two cards back (no jack) or pushes it on unseen, each
push doubling the loser's minus; then Ramsch, counted as ever (``settle_ramsch``). One rule,
one test, the vector in the name.

The fixed deal of tests/support/engine_util.py: Vorhand CJ HJ CA CT C9 SA ST S9 HK H7,
Mittelhand SJ CK CQ C8 SK SQ HA HT H9 D7, Hinterhand DJ C7 S8 S7 HQ H8 DA DT DK DQ, skat D9 D8.
Played out with each seat's first legal card, its Ramsch ends 12 / 0 / 108 card points,
tricks 2 / 1 / 7: Hinterhand loses 108 (the skat has none).
"""

from skat_core.cards import VH, MH, HH, GT_GRAND, GT_RAMSCH, F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OUVERT
from skat_core.codes import (PH_GRAND_HAND, PH_PUSH, PH_PUSH_DISCARD, PH_PLAY, PH_DONE, RK_NORMAL,
                             RK_PASSED, RK_RAMSCH, V_CONTRA, V_DECLARE, V_PASS, V_PICKUP, V_DISCARD,
                             action_verb)
from skat_core.three.schieben import PUSH_PICKED, PUSH_BLIND
from skat_core.three.game import MAX_ACTIONS
from skat_core.three.rules import ThreeRules

from tests.rules.test_three_rules import GRAND_VH, play_out
from tests.support.engine_util import act, refused, refused_action, three_game

SCHIEBE = {"all_pass": "schieberamsch"}
ALL_PASS = ["mh pass", "hh pass", "vh pass"]
NO_GRAND_HAND = ["vh pass", "mh pass", "hh pass"]
JACK_RULE = "jacks may not be pushed on in Schieberamsch"


def pushing(actions=(), rules=None, deal=None):
    """A ThreeGame in Schieberamsch's pushing: all passed, nobody played Grand Hand."""
    r = dict(SCHIEBE, **(rules or {}))
    start = ALL_PASS + NO_GRAND_HAND + list(actions)
    return three_game(start, rules=r) if deal is None else three_game(start, rules=r, deal=deal)


def unchanged(seat):
    """Pick the skat (D9 D8) up and put the same two cards back: the hands stay as dealt."""
    return ["%s pickup" % seat, "%s discard D9 D8" % seat]


def legal_verbs(g, seat):
    out = [0] * MAX_ACTIONS
    return sorted(set(action_verb(x) for x in out[:g.legal_actions(seat, out)]))


# ---------------------------------------------------------------------------- the house rule
def test_schieberamsch_is_a_value_of_all_pass_and_einpassen_stays_the_default():
    assert ThreeRules().all_pass == "einpassen"
    r = ThreeRules.from_dict(SCHIEBE)
    assert (r.all_pass, r.ramsch, r.schieben) == ("schieberamsch", True, True)
    assert not ThreeRules.from_dict({"all_pass": "ramsch"}).schieben
    assert three_game(ALL_PASS).result.kind == RK_PASSED


# ---------------------------------------------------------------------------- Grand Hand first
def test_schieberamsch_after_three_passes_vorhand_first_may_declare_grand_hand_or_pass():
    g = three_game(ALL_PASS, rules=SCHIEBE)
    assert (g.phase, g.to_act) == (PH_GRAND_HAND, VH)
    assert legal_verbs(g, VH) == [V_PASS, V_DECLARE] and legal_verbs(g, MH) == []
    refused(g, "mh declare G", "it is not this seat's turn")
    assert act(g, "vh pass") == 0 and g.to_act == MH
    assert act(g, "mh pass") == 0 and g.to_act == HH
    assert act(g, "hh pass") == 0 and (g.phase, g.to_act) == (PH_PUSH, VH)


def test_schieberamsch_only_a_grand_hand_before_the_pushing_clubs_and_null_refused():
    g = three_game(ALL_PASS, rules=SCHIEBE)
    refused(g, "vh declare C", "before the pushing only a Grand Hand may be declared")
    refused(g, "vh declare N", "before the pushing only a Grand Hand may be declared")
    refused(g, "vh pickup", "that action is not possible in this phase of the game")


def test_schieberamsch_mittelhand_declares_grand_hand_after_vorhand_passed():
    g = three_game(ALL_PASS + ["vh pass", "mh declare G"], rules=SCHIEBE)
    assert (g.phase, g.declarer, g.game_type, g.flags, g.ramsch) == (
        PH_PLAY, MH, GT_GRAND, F_HAND, False)
    assert (g.to_act, g.picked_up, g.owner[g.skat[0]]) == (VH, False, 3)


def test_schieberamsch_grand_hand_with_4_every_trick_is_a_grand_hand_24_x_8_192():
    g = three_game(ALL_PASS + ["vh declare G"], rules=SCHIEBE, deal=GRAND_VH)
    r = play_out(g)
    # with 4, Spiel, Hand, Schneider, Schwarz: 24 x 8, as after a bidding
    assert (r.kind, r.declarer, r.won, r.levels, r.value, r.score) == (
        RK_NORMAL, VH, True, 8, 192, 192)


def test_schieberamsch_grand_hand_may_announce_schneider_schwarz_or_play_ouvert():
    for words, flags in (("schneider", F_SCHNEIDER), ("schwarz", F_SCHNEIDER | F_SCHWARZ),
                         ("ouvert", F_SCHNEIDER | F_SCHWARZ | F_OUVERT)):
        g = three_game(ALL_PASS + ["vh declare G " + words], rules=SCHIEBE)
        assert g.flags == F_HAND | flags


def test_schieberamsch_grand_hand_has_no_bid_so_kontra_after_18_is_for_nobody():
    g = three_game(ALL_PASS + ["vh declare G"], rules=dict(SCHIEBE, kontra="after_18"))
    refused_action(g, MH, V_CONTRA, 0, 0,
                   "with kontra = after_18 only a defender who bid or held at least 18 may say Kontra")
    g = three_game(ALL_PASS + ["vh declare G"], rules=dict(SCHIEBE, kontra="on"))
    assert g.act(MH, V_CONTRA) == 0


# ---------------------------------------------------------------------------- the pushing
def test_schieberamsch_vorhand_first_picks_the_skat_up_or_pushes_it_on():
    g = pushing()
    assert (g.phase, g.to_act) == (PH_PUSH, VH)
    assert legal_verbs(g, VH) == [V_PASS, V_PICKUP]
    assert act(g, "vh pickup") == 0 and (g.phase, g.to_act) == (PH_PUSH_DISCARD, VH)
    assert legal_verbs(g, VH) == [V_DISCARD]
    refused(g, "vh pass", "that action is not possible in this phase of the game")


def test_schieberamsch_picked_up_vorhand_holds_12_and_puts_two_back_as_mittelhands_skat():
    g = pushing(["vh pickup"])
    out = bytearray(12)
    assert g.cards_of(VH, out) == 12
    assert act(g, "vh discard CT SA") == 0
    assert sorted(g.skat) == sorted((1, 8)) and g.owner[1] == 3 and g.owner[8] == 3
    assert (g.phase, g.to_act, list(g.skat_move)) == (PH_PUSH, MH, [PUSH_PICKED, 0, 0])
    assert act(g, "mh pickup") == 0
    assert g.owner[1] == MH and g.owner[8] == MH


def test_schieberamsch_a_jack_may_not_be_pushed_on_cj_refused():
    g = pushing(["vh pickup"])
    refused(g, "vh discard CJ D9", JACK_RULE)
    refused(g, "vh discard D9 HJ", JACK_RULE)
    out = [0] * MAX_ACTIONS
    n = g.legal_actions(VH, out)
    assert n == 45                     # 12 cards, two jacks: C(10, 2) pairs of the others
    assert not [x for x in out[:n] if (x >> 4) & 511 in (4, 20) or x >> 13 in (4, 20)]


def test_schieberamsch_put_back_only_held_cards_and_two_different_ones():
    g = pushing(["vh pickup"])
    refused(g, "vh discard SK D9", "that card is not in this hand")
    refused(g, "vh discard D9 D9", "the two discarded cards must be different")


def test_schieberamsch_the_skat_may_go_back_as_it_was_d9_d8():
    g = pushing(unchanged("vh"))
    assert sorted(g.skat) == sorted((29, 30)) and g.pushes == 0


def test_schieberamsch_after_hinterhand_the_ramsch_is_played_vorhand_leads():
    g = pushing(["vh pass", "mh pass", "hh pass"])
    assert (g.phase, g.ramsch, g.game_type, g.to_act, g.trick_size) == (
        PH_PLAY, True, GT_RAMSCH, VH, 3)
    assert (g.pushes, list(g.skat_move)) == (3, [PUSH_BLIND] * 3)


# ---------------------------------------------------------------------------- the count
def count(actions, rules=None, deal=None, bock=False):
    g = pushing(actions, rules, deal)
    g.bock = bock
    r = play_out(g)
    assert (g.phase, r.kind) == (PH_DONE, RK_RAMSCH)
    return r


def test_schieberamsch_nobody_pushed_blind_is_plain_ramsch_minus_108():
    r = count(unchanged("vh") + unchanged("mh") + unchanged("hh"))
    assert (r.loser, r.value, r.score) == (HH, 108, -108)


def test_schieberamsch_each_push_doubles_the_losers_minus_108_x2_216_x4_432_x8_864():
    assert count(["vh pass"] + unchanged("mh") + unchanged("hh")).score == -216
    assert count(["vh pass", "mh pass"] + unchanged("hh")).score == -432
    r = count(["vh pass", "mh pass", "hh pass"])
    assert (r.loser, r.value, r.score) == (HH, 864, -864)


def test_schieberamsch_the_last_skat_counts_for_the_loser_da_dt_87_plus_21_two_pushes_432():
    r = count(["vh pass", "mh pass", "hh pickup", "hh discard DA DT"])
    assert (r.loser, r.seat_points[HH], r.skat_points, r.score) == (HH, 87, 21, -432)


def test_schieberamsch_jungfrau_then_three_pushes_120_x2_x8_minus_1920():
    r = count(["vh pass", "mh pass", "hh pass"], rules={"ramsch_jungfrau": "on"}, deal=GRAND_VH)
    assert (r.loser, r.jungfrau, r.value, r.score) == (VH, True, 1920, -1920)


def test_schieberamsch_durchmarsch_scores_plus_120_not_doubled_by_three_pushes():
    r = count(["vh pass", "mh pass", "hh pass"], rules={"ramsch_durchmarsch": "on"},
              deal=GRAND_VH)
    assert (r.durchmarsch, r.scorer, r.score) == (VH, VH, 120)


def test_schieberamsch_in_a_bock_game_one_push_108_x2_x2_minus_432():
    r = count(["vh pass"] + unchanged("mh") + unchanged("hh"), bock=True)
    assert (r.bock, r.value, r.score) == (True, 216, -432)


# ---------------------------------------------------------------------------- the views
def test_schieberamsch_who_picked_up_and_the_pushes_are_public():
    g = pushing(["vh pass", "mh pickup"])
    for p in (VH, MH, HH):
        v = g.view(p)
        assert (list(v.skat_move), v.pushes) == ([PUSH_BLIND, PUSH_PICKED, 0], 1)


def test_schieberamsch_a_player_sees_the_two_he_found_and_the_two_he_put_back_only():
    g = pushing(["vh pickup", "vh discard CT SA", "mh pass", "hh pickup"])
    v = g.view(VH)
    assert (sorted(v.found[:v.n_found]), sorted(v.skat[:v.n_skat])) == ([29, 30], [1, 8])
    v = g.view(HH)                     # found Vorhand's two, has put nothing back yet
    assert (sorted(v.found[:v.n_found]), v.n_skat) == ([1, 8], 0) and v.n_hand == 12
    v = g.view(MH)                     # pushed on unseen: nothing
    assert (v.n_found, v.n_skat, list(v.found), list(v.skat)) == (0, 0, [255] * 2, [255] * 2)
    assert act(g, "hh discard DA DT") == 0
    assert g.view(VH).n_found == 2 and sorted(g.view(VH).skat[:2]) == [1, 8]
    v = g.view(HH)
    assert sorted(v.skat[:v.n_skat]) == [24, 25]          # DA DT
