"""Every illegal action gets its specific message and leaves the state unchanged (issue 2)."""

from skat_core.codes import V_BID, V_PLAY, error_text
from skat_core.engine.game import Game

from tests.support.engine_util import game, refused, refused_action

GRAND_VH = ["hh bid 18", "vh yes", "hh pass", "vh hand", "vh declare G"]
# After trick 1 of the Grand: VH's CA took C8, C7; VH to lead.
AFTER_TRICK1 = GRAND_VH + ["vh play CA", "mh play C8", "hh play C7"]


def test_no_deal_yet():
    g = Game()
    assert error_text(g.act(2, V_BID, 18)) == "no cards have been dealt"


def test_no_such_seat():
    g = game()
    refused_action(g, 3, V_BID, 18, 0, "no such seat")
    refused_action(g, -1, V_BID, 18, 0, "no such seat")


def test_unknown_verb_code():
    refused_action(game(), 2, 99, 0, 0, "unknown action")


def test_wrong_seat_vorhand_bids_first():
    refused(game(), "vh bid 18", "it is not this seat's turn")


def test_wrong_seat_dummy_never_bids():
    refused(game(), "mh bid 18", "it is not this seat's turn")


def test_bid_not_a_valid_value_19():
    refused(game(), "hh bid 19", "not a valid bid value")


def test_bid_not_a_valid_value_above_288():
    refused(game(), "hh bid 289", "not a valid bid value")


def test_bid_not_higher_than_held_bid():
    g = game(["hh bid 20", "vh yes"])
    refused(g, "hh bid 18", "a bid must be higher than the current bid")
    refused(g, "hh bid 20", "a bid must be higher than the current bid")


def test_vorhand_takes_only_at_18_after_dealer_passes():
    refused(game(["hh pass"]), "vh bid 20", "after the dealer passes, Vorhand can only take the game at 18")


def test_yes_without_a_bid_is_wrong_phase():
    refused(game(["hh pass"]), "vh yes", "that action is not possible in this phase of the game")


def test_play_during_bidding_is_wrong_phase():
    refused(game(), "hh play DJ", "that action is not possible in this phase of the game")


def test_declare_before_skat_choice_is_wrong_phase():
    refused(game(["hh bid 18", "vh pass"]), "hh declare D", "that action is not possible in this phase of the game")


def test_skat_choice_by_the_opponent():
    refused(game(["hh bid 18", "vh pass"]), "vh pickup", "it is not this seat's turn")


def test_discard_card_not_held():
    g = game(["hh bid 18", "vh pass", "hh pickup"])
    refused(g, "hh discard CJ D9", "that card is not in this hand")


def test_discard_same_card_twice():
    g = game(["hh bid 18", "vh pass", "hh pickup"])
    refused(g, "hh discard D9 D9", "the two discarded cards must be different")


def test_null_below_the_bid_refused():
    g = game(["hh bid 24", "vh pass", "hh pickup", "hh discard D9 D8"])
    refused(g, "hh declare N", "a Null game worth less than the bid cannot be declared")


def test_null_hand_below_the_bid_refused():
    g = game(["hh bid 36", "vh pass", "hh hand"])
    refused(g, "hh declare N", "a Null game worth less than the bid cannot be declared")


def test_schneider_announced_without_hand():
    g = game(["hh bid 18", "vh pass", "hh pickup", "hh discard D9 D8"])
    refused(g, "hh declare D schneider", "Schneider and Schwarz can only be announced in a Hand game")
    refused(g, "hh declare D schwarz", "Schneider and Schwarz can only be announced in a Hand game")


def test_hand_declared_after_pickup():
    g = game(["hh bid 18", "vh pass", "hh pickup", "hh discard D9 D8"])
    refused(g, "hh declare D hand", "Hand is not possible after picking up the skat")


def test_offen_in_null():
    g = game(["hh bid 18", "vh pass", "hh hand"])
    refused(g, "hh declare N offen1", "offen is only possible in suit and Grand games")
    refused(g, "hh declare N offen2", "offen is only possible in suit and Grand games")


def test_ouvert_in_a_suit_game():
    g = game(["hh bid 18", "vh pass", "hh hand"])
    refused(g, "hh declare D ouvert", "ouvert is only possible in Null games (suit and Grand games play offen)")


def test_offen_once_and_twice_together():
    g = game(["hh bid 18", "vh pass", "hh hand"])
    refused(g, "hh declare G offen1 offen2", "choose einmal offen or zweimal offen, not both")


def test_announcement_in_null():
    g = game(["hh bid 18", "vh pass", "hh hand"])
    refused(g, "hh declare N schneider", "Null games have no Schneider or Schwarz announcements")


def test_tourne_in_zahlen():
    refused(game(["hh bid 18", "vh pass"]), "hh tourne", "Tourne exists only in Farbenreizen")


def test_card_not_held():
    refused(game(GRAND_VH), "vh play DJ", "that card is not in this hand")


def test_play_out_of_turn():
    g = game(GRAND_VH + ["vh play CA"])
    refused(g, "hh play C7", "it is not this seat's turn")
    refused(g, "vh play CT", "it is not this seat's turn")


def test_opponent_cannot_play_the_dummy_as_himself():
    g = game(GRAND_VH + ["vh play CA"])
    refused(g, "hh play CK", "it is not this seat's turn")


def test_must_follow_suit():
    g = game(GRAND_VH + ["vh play CA"])
    refused(g, "mh play SK", "you must follow suit")


def test_must_follow_trump_with_a_jack_in_grand():
    g = game(GRAND_VH + ["vh play CJ"])
    refused(g, "mh play CK", "you must follow suit")   # MH holds SJ: a jack is a trump


def test_offer_by_the_declarer():
    refused(game(AFTER_TRICK1), "vh offer raus", "only the declarer's opponent can make an offer")


def test_offer_before_the_opening_lead_of_a_game_not_zweimal_offen():
    refused(game(GRAND_VH), "hh offer raus",
            "offers are made only between tricks (zweimal offen: also before the opening lead)")


def test_offer_inside_a_trick():
    refused(game(AFTER_TRICK1 + ["vh play CT"]), "hh offer raus",
            "offers are made only between tricks (zweimal offen: also before the opening lead)")


def test_offer_raus_twice():
    g = game(AFTER_TRICK1 + ["hh offer raus", "vh reject"])
    refused(g, "hh offer raus", "each offer can be made only once")


def test_offer_stich_then_raus():
    g = game(AFTER_TRICK1 + ["hh offer stich", "vh reject"])
    refused(g, "hh offer raus", "after \"Stich\" a \"raus\" offer is no longer possible")


def test_offer_in_null():
    g = game(["hh bid 18", "vh yes", "hh pass", "vh hand", "vh declare N",
              "vh play S9", "mh play SQ", "hh play S8"])   # MH's SQ takes the trick
    refused(g, "hh offer raus", "offers are only possible in suit and Grand games")


def test_play_while_an_offer_waits():
    g = game(AFTER_TRICK1 + ["hh offer raus"])
    refused(g, "vh play CT", "an offer is waiting for the declarer's answer")


def test_accept_by_the_opponent():
    g = game(AFTER_TRICK1 + ["hh offer raus"])
    refused(g, "hh accept", "only the declarer can do that")


def test_accept_without_offer():
    refused(game(AFTER_TRICK1), "vh accept", "there is no offer to answer")


def test_contra_without_rejection():
    refused(game(AFTER_TRICK1), "hh contra", "Contra is possible only after the declarer rejected an offer")


def test_re_without_contra():
    g = game(AFTER_TRICK1 + ["hh offer raus", "vh reject"])
    refused(g, "vh re", "Re is possible only after Contra")


def test_contra_by_the_declarer():
    g = game(AFTER_TRICK1 + ["hh offer raus", "vh reject"])
    refused(g, "vh contra", "only the declarer's opponent can say Contra")


def test_contra_twice_and_re_twice():
    g = game(AFTER_TRICK1 + ["hh offer raus", "vh reject", "hh contra"])
    refused(g, "hh contra", "Contra has already been said")
    g = game(AFTER_TRICK1 + ["hh offer raus", "vh reject", "hh contra", "vh re"])
    refused(g, "vh re", "Re has already been said")


def test_contra_inside_a_trick():
    g = game(AFTER_TRICK1 + ["hh offer raus", "vh reject", "vh play CT"])
    refused(g, "hh contra", "Contra and Re are said between tricks")


def test_contra_switched_off():
    g = game(AFTER_TRICK1 + ["hh offer raus", "vh reject"], rules={"contra_re": "off"})
    refused(g, "hh contra", "Contra and Re are switched off (house rule contra_re)")


def test_spielaufgabe_only_at_18():
    refused(game(["hh bid 20", "vh pass"]), "hh concede",
            "giving up without naming a game (Spielaufgabe) is only possible at a bid of 18")


def test_overbid_concession_not_at_18():
    g = game(["hh bid 18", "vh pass", "hh pickup"], rules={"contra_re": "off"})
    refused(g, "hh concede D", "at a bid of 18 give up with a plain concede (Spielaufgabe)")


def test_overbid_concession_not_with_contra_re_on():
    g = game(["hh bid 20", "vh pass", "hh pickup"])
    refused(g, "hh concede D", "the overbid concession is not available with Contra and Re (house rule contra_re = on)")


def test_overbid_concession_needs_pickup():
    g = game(["hh bid 20", "vh pass"], rules={"contra_re": "off"})
    refused(g, "hh concede D", "the overbid concession is only possible after picking up the skat")


def test_overbid_concession_names_suit_or_grand():
    g = game(["hh bid 20", "vh pass", "hh pickup"], rules={"contra_re": "off"})
    refused(g, "hh concede N", "the overbid concession names a suit game or Grand")


def test_concede_by_the_opponent():
    refused(game(["hh bid 18", "vh pass"]), "vh concede", "it is not this seat's turn")


def test_concede_during_play():
    refused(game(GRAND_VH), "vh concede", "that action is not possible in this phase of the game")


def test_concede_in_farben():
    g = game(["hh bid frage-D", "vh pass"], rules={"bidding": "farben"})
    refused(g, "hh concede", "giving up is not part of Farbenreizen")


def test_farben_game_below_the_bid_class():
    g = game(["hh bid solo-H", "vh pass", "hh hand"], rules={"bidding": "farben"})
    refused(g, "hh declare D", "the game must be at least as high as the bid")


def test_farben_pickup_when_no_frage_reaches_the_bid():
    g = game(["hh bid tourne", "vh pass"], rules={"bidding": "farben"})
    refused(g, "hh pickup", "the game must be at least as high as the bid")


def test_farben_frage_cannot_be_grand():
    g = game(["hh bid frage-D", "vh pass", "hh pickup", "hh discard D9 D8"], rules={"bidding": "farben"})
    refused(g, "hh declare G", "this game cannot be declared after this skat choice")


def test_farben_tourne_only_the_turned_suit():
    # The first skat card is D9: Karo is trump; Kreuz, Grand (needs a jack) and Null (a seven) not.
    g = game(["hh bid frage-D", "vh pass", "hh tourne", "hh discard D9 D8"], rules={"bidding": "farben"})
    refused(g, "hh declare C", "this game cannot be declared after this skat choice")
    refused(g, "hh declare G", "this game cannot be declared after this skat choice")
    refused(g, "hh declare N", "this game cannot be declared after this skat choice")


def test_anything_after_the_game_is_over():
    g = game(["hh pass", "vh pass"])
    refused(g, "vh play CJ", "the game is over")
    refused(g, "hh bid 18", "the game is over")


def test_play_card_id_out_of_range():
    g = game(GRAND_VH)
    refused_action(g, 0, V_PLAY, 40, 0, "that card is not in this hand")
    refused_action(g, 0, V_PLAY, -3, 0, "that card is not in this hand")
