"""Farbenreizen (rules.md §8) through the engine: classes, Frage, Tourne, Solo, ouvert."""

from skat_core.cards import VH, HH, F_HAND, F_OUVERT, F_SCHNEIDER, F_SCHWARZ, GT_GRAND, GT_NULL
from skat_core.codes import PH_SKAT, PH_PLAY
from skat_core.engine.values import FK_FRAGE, FK_TOURNE, FK_SOLO, FK_OUVERT, FC_TOURNE

from tests.support.engine_util import game, act, refused, VH_CARDS, MH_CARDS, HH_CARDS

F = {"bidding": "farben"}
# Skats whose first card is a jack / a seven / a plain heart.
JACK_FIRST = (VH_CARDS, MH_CARDS, "D9 C7 S8 S7 HQ H8 DA DT DK DQ", "DJ D8")
SEVEN_FIRST = (VH_CARDS, MH_CARDS, "DJ D9 S8 S7 HQ H8 DA DT DK DQ", "C7 D8")


def test_s8_dealer_bids_a_class_vorhand_holds_then_higher_class():
    g = game(["hh bid frage-D", "vh yes", "hh bid tourne", "vh pass"], rules=F)
    assert (g.phase, g.declarer, g.bid) == (PH_SKAT, HH, FC_TOURNE)


def test_s8_class_must_be_higher():
    g = game(["hh bid tourne", "vh yes"], rules=F)
    refused(g, "hh bid frage-C", "a bid must be higher than the current bid")
    refused(g, "hh bid tourne", "a bid must be higher than the current bid")


def test_s8_vorhand_may_take_any_class_after_the_dealer_passes():
    g = game(["hh pass", "vh bid solo-S"], rules=F)
    assert (g.declarer, g.bid) == (VH, 7)


def test_s8_frage_names_a_suit_at_least_as_high_as_the_bid():
    g = game(["hh bid frage-S", "vh pass", "hh pickup", "hh discard D9 D8"], rules=F)
    refused(g, "hh declare H", "the game must be at least as high as the bid")
    assert act(g, "hh declare C") == 0
    assert (g.farben_kind, g.flags & F_HAND) == (FK_FRAGE, 0)


def test_s8_frage_has_no_announcements():
    g = game(["hh bid frage-D", "vh pass", "hh pickup", "hh discard D9 D8"], rules=F)
    refused(g, "hh declare D schneider", "Schneider and Schwarz can only be announced in a Hand game")


def test_s8_grand_tourne_with_a_turned_jack():
    g = game(["hh bid tourne", "vh pass", "hh tourne", "hh discard D9 D8"], rules=F, deal=JACK_FIRST)
    assert act(g, "hh declare G") == 0
    assert (g.game_type, g.farben_kind) == (GT_GRAND, FK_TOURNE)


def test_s8_turned_jack_also_allows_its_suit():
    g = game(["hh bid tourne", "vh pass", "hh tourne", "hh discard D9 D8"], rules=F, deal=JACK_FIRST)
    assert act(g, "hh declare D") == 0


def test_s8_null_tourne_with_a_turned_seven():
    g = game(["hh bid tourne", "vh pass", "hh tourne", "hh discard D9 D8"], rules=F, deal=SEVEN_FIRST)
    assert act(g, "hh declare N") == 0
    assert (g.game_type, g.farben_kind) == (GT_NULL, FK_TOURNE)


def test_s8_solo_announcements_allowed():
    g = game(["hh bid solo-D", "vh pass", "hh hand"], rules=F)
    assert act(g, "hh declare D schneider") == 0
    assert (g.farben_kind, g.flags & F_SCHNEIDER) == (FK_SOLO, F_SCHNEIDER)


def test_s8_grand_ouvert_is_hand_open_schwarz_announced():
    g = game(["hh bid grand-ouvert", "vh pass", "hh hand", "hh declare G ouvert"], rules=F)
    assert g.phase == PH_PLAY and g.farben_kind == FK_OUVERT
    assert g.flags & (F_HAND | F_OUVERT | F_SCHNEIDER | F_SCHWARZ) == F_HAND | F_OUVERT | F_SCHNEIDER | F_SCHWARZ
    assert g.view(VH).n_decl_open == 10


def test_s8_null_ouvert_is_bid_above_grand_solo_and_may_be_played_at_a_grand_solo_bid():
    # The ladder of the bidding: a Grand Solo does not outbid a Null ouvert (whether a Grand
    # Solo outranks it is known only at the count: tests/rules/test_rules_corrections.py).
    g = game(["hh bid null-ouvert", "vh yes"], rules=F)
    refused(g, "hh bid grand", "a bid must be higher than the current bid")
    g = game(["hh bid grand", "vh pass", "hh hand"], rules=F)
    assert act(g, "hh declare N ouvert") == 0


def test_s8_null_is_a_hand_game():
    g = game(["hh bid frage-D", "vh pass", "hh pickup", "hh discard D9 D8"], rules=F)
    refused(g, "hh declare N", "this game cannot be declared after this skat choice")
