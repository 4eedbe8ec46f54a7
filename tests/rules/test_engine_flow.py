"""Game flow: deal, bidding paths, skat, giving up, the dummy, open cards, views (rules.md §1-§4)."""

from skat_core.cards import VH, MH, HH, NO_CARD, GT_RAMSCH, parse_cards, card_str
from skat_core.codes import (
    PH_BID, PH_TAKE, PH_SKAT, PH_DECLARE, PH_PLAY, PH_DONE, RK_PASSED, RK_GIVEN_UP, RK_CONCEDED,
    V_PLAY, encode,
)
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.notation.record import summary
from skat_core.rng import Rng, shuffled_pack

from tests.support.engine_util import game, act, MH_CARDS, HH_CARDS


def ids(view_buf, n):
    return [card_str(c) for c in view_buf[:n]]


def test_s1_deal_order_from_the_pack():
    g = Game()
    g.deal(bytearray(range(32)))
    out = bytearray(12)
    assert list(out[:g.cards_of(VH, out)]) != []
    d = g.deal_ids
    assert list(d[0:10]) == [0, 1, 2, 11, 12, 13, 14, 23, 24, 25]
    assert list(d[10:20]) == [3, 4, 5, 15, 16, 17, 18, 26, 27, 28]
    assert list(d[20:30]) == [6, 7, 8, 19, 20, 21, 22, 29, 30, 31]
    assert list(d[30:32]) == [9, 10]


def test_rng_same_seed_same_pack_and_pinned_values():
    assert shuffled_pack(7) == shuffled_pack(7)
    assert shuffled_pack(7) != shuffled_pack(8)
    assert sorted(shuffled_pack(123)) == list(range(32))
    # Pinned: the device (MicroPython/CircuitPython) must deal exactly this for seed 1.
    assert list(shuffled_pack(1)) == PINNED_SEED1


def test_rng_stays_below_2_30():
    r = Rng(2**40 + 5)
    for _ in range(2000):
        x = r.next15()
        assert 0 <= x < 32768
        assert r.lo < 32768 and r.hi < 32768
        assert 0 <= r.below(32) < 32


def test_s2_dealer_bids_first():
    g = game()
    assert g.phase == PH_BID and g.to_act == HH


def test_s2_dealer_passes_at_once_vorhand_takes_18():
    g = game(["hh pass"])
    assert g.phase == PH_TAKE and g.to_act == VH
    assert act(g, "vh bid 18") == 0
    assert (g.phase, g.declarer, g.bid) == (PH_SKAT, VH, 18)


def test_s2_holding_makes_vorhand_declarer():
    g = game(["hh bid 18", "vh yes", "hh bid 20", "vh yes", "hh pass"])
    assert (g.declarer, g.bid, g.to_act) == (VH, 20, VH)


def test_s2_vorhand_passing_makes_the_dealer_declarer():
    g = game(["hh bid 18", "vh yes", "hh bid 22", "vh pass"])
    assert (g.declarer, g.bid, g.opponent) == (HH, 22, VH)


def test_s2_both_pass_einpassen():
    g = game(["hh pass", "vh pass"])
    assert g.phase == PH_DONE and g.result.kind == RK_PASSED
    assert summary(g) == {"game": "passed", "score": 0}


def test_s7_both_pass_ramsch_two_card_tricks_without_dummy():
    g = game(["hh pass", "vh pass"], rules={"all_pass": "ramsch"})
    assert g.phase == PH_PLAY and g.game_type == GT_RAMSCH and g.to_act == VH
    assert act(g, "vh play CA") == 0
    assert g.to_act == HH
    assert act(g, "hh play C7") == 0
    assert g.n_tricks == 1 and g.trick_winners[0] == VH
    v = g.view(HH)
    assert v.n_dummy == 0 and not v.dummy_revealed
    assert g.layout.n_live == 20


def test_s7_ramsch_jacks_only_trumps():
    g = game(["hh pass", "vh pass"], rules={"all_pass": "ramsch"})
    assert act(g, "vh play HJ") == 0
    assert act(g, "hh play C7") != 0          # HH holds DJ: a jack must follow the jack
    assert act(g, "hh play DJ") == 0
    assert g.trick_winners[0] == VH           # HJ over DJ


PINNED_SEED1 = [5, 29, 18, 17, 28, 13, 3, 11, 30, 7, 22, 4, 10, 21, 19, 0, 8, 9, 2, 26, 6, 14, 12,
                15, 25, 16, 23, 27, 31, 1, 20, 24]


def test_s3_spielaufgabe_at_18_minus_60():
    g = game(["hh bid 18", "vh pass", "hh pickup", "hh concede"])
    assert (g.result.kind, g.result.score) == (RK_GIVEN_UP, -60)
    assert summary(g) == {"game": "conceded", "declarer": "hh", "won": False, "value": 30, "score": -60}


def test_s3_spielaufgabe_before_pickup():
    g = game(["hh pass", "vh bid 18", "vh concede"])
    assert (g.result.kind, g.result.score, g.result.declarer) == (RK_GIVEN_UP, -60, VH)


def test_s3_overbid_concession_smallest_multiple_of_the_base():
    # HH plays every game "without 3" (DJ, no higher jack): Karo reaches at most 9 x 8 = 72,
    # Herz 10 x 8 = 80 (rules.md §3: only a game out of the bid's reach may be named).
    # Bid 80, gives up naming Karo: 81 (9 x 9) -> -162. Only with contra_re = off.
    g = game(["hh bid 80", "vh pass", "hh pickup", "hh concede D"], rules={"contra_re": "off"})
    assert (g.result.kind, g.result.value, g.result.score) == (RK_CONCEDED, 81, -162)
    g = game(["hh bid 99", "vh pass", "hh pickup", "hh discard D9 D8", "hh concede H"],
             rules={"contra_re": "off"})
    assert (g.result.value, g.result.score) == (100, -200)


def test_s3_hand_never_sees_the_skat():
    g = game(["hh bid 18", "vh pass", "hh hand"])
    assert g.phase == PH_DECLARE
    v = g.view(HH)
    assert v.n_skat == 0 and v.n_hand == 10


def test_s3_pickup_shows_the_skat_in_the_hand_then_the_discards():
    g = game(["hh bid 18", "vh pass", "hh pickup"])
    v = g.view(HH)
    assert v.n_hand == 12 and "D9" in ids(v.hand, 12) and v.n_skat == 0
    act(g, "hh discard DA DT")
    v = g.view(HH)
    assert v.n_hand == 10 and ids(v.skat, v.n_skat) == ["DA", "DT"]
    assert g.view(VH).n_skat == 0


def test_s3_discarded_cards_count_for_the_declarer():
    g = game(["hh bid 18", "vh pass", "hh pickup", "hh discard DA DT", "hh declare D"])
    assert sorted(card_str(c) for c in g.skat) == ["DA", "DT"]
    assert g.layout.bit_of[parse_cards("DA")[0]] == NO_CARD


def test_s4_vorhand_leads_and_the_dummy_follows_played_by_the_opponent():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D"])
    assert (g.phase, g.to_act) == (PH_PLAY, VH)
    act(g, "vh play CA")
    assert g.to_act == MH and g.actor(MH) == VH and g.player_to_act() == VH
    assert g.view(VH).my_turn and not g.view(HH).my_turn


def test_s4_dummy_revealed_after_the_opening_lead():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D"])
    assert g.view(VH).n_dummy == 0 and g.view(HH).n_dummy == 0
    act(g, "vh play CA")
    for p in (VH, HH):
        v = g.view(p)
        assert v.dummy_revealed and sorted(ids(v.dummy, v.n_dummy)) == sorted(MH_CARDS.split())


def test_s4_dummy_revealed_after_declaration_house_rule():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D"], rules={"dummy_reveal": "after_declaration"})
    assert g.view(VH).n_dummy == 10 and g.view(HH).n_dummy == 10


def test_s4_dummy_winning_leads_for_the_dummy():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D", "vh play S9", "mh play SK", "hh play S8"])
    assert g.trick_winners[0] == MH and g.to_act == MH


def test_s3_einmal_offen_open_after_trick_1():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D offen1", "vh play CA", "mh play C8"])
    assert g.view(VH).n_decl_open == 0
    act(g, "hh play C7")
    v = g.view(VH)
    assert v.declarer_open and v.n_decl_open == 9
    assert g.view(HH).n_decl_open == 0         # the declarer's own cards are in his hand


def test_s3_zweimal_offen_open_before_the_opening_lead():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D offen2"])
    v = g.view(VH)
    assert v.n_decl_open == 10 and sorted(ids(v.decl_open, 10)) == sorted(HH_CARDS.split())


def test_s3_null_ouvert_open_before_the_opening_lead():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare N ouvert"])
    assert g.view(VH).n_decl_open == 10


def test_s5_null_ends_when_the_declarer_takes_a_trick():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare N", "vh play S9", "mh play SQ", "hh play S8"])
    assert g.phase == PH_PLAY                 # MH's SQ took it: the game goes on
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare N", "vh play H7", "mh play H9", "hh play HQ"])
    assert g.phase == PH_DONE and g.n_tricks == 1
    assert (g.result.won, g.result.value, g.result.score) == (False, 35, -70)


def test_view_hand_sorted_trumps_first():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D"])
    v = g.view(HH)
    assert ids(v.hand, v.n_hand) == ["DJ", "DA", "DT", "DK", "DQ", "C7", "S8", "S7", "HQ", "H8"]
    assert v.hand[10] == NO_CARD


def test_view_next_bid_and_bid_state():
    g = game(["hh bid 18", "vh yes"])
    v = g.view(HH)
    assert (v.bid, v.bid_holder, v.next_bid) == (18, VH, 20)


def test_farben_tourne_turns_the_first_skat_card_for_both():
    g = game(["hh bid frage-D", "vh pass", "hh tourne"], rules={"bidding": "farben"})
    assert card_str(g.view(VH).turned) == "D9" and card_str(g.view(HH).turned) == "D9"
    act(g, "hh discard D9 D8")
    assert act(g, "hh declare D") == 0


def test_legal_actions_first_trick_and_encoding():
    g = game(["hh bid 18", "vh pass", "hh hand", "hh declare D", "vh play CA"])
    out = [0] * MAX_ACTIONS
    n = g.legal_actions(MH, out)
    assert sorted(out[:n]) == sorted(encode(V_PLAY, c, 0) for c in parse_cards("CK CQ C8"))
    assert g.legal_actions(HH, out) == 0


def test_max_actions_is_the_largest_legal_action_list_66_discards_and_5_concessions():
    """The biggest list: 12 cards after a pickup (66 discard pairs) and, with contra_re off
    and a bid out of every game's reach, the overbid concession for each of C S H D G (VH
    plays all "with 1": Grand reaches at most 24 x 6 = 144). Buffers are sized by it."""
    g = game(["hh bid 150", "vh yes", "hh pass", "vh pickup"], rules={"contra_re": "off"})
    out = [0] * MAX_ACTIONS
    assert g.legal_actions(VH, out) == 66 + 5 == MAX_ACTIONS
    g = game()                                   # the dealer's first bid: 68 values and pass
    assert g.legal_actions(HH, out) == 69 < MAX_ACTIONS
