"""One trick rule (skat_core/layout.py): the engine's live numbering, the solver's search and the
bot's view of a trick name the same winner, on random tricks of every game type."""

import pytest

from skat_core.cards import GT_C, GT_S, GT_H, GT_D, GT_GRAND, GT_NULL, GT_RAMSCH, VH, MH, HH, NO_CARD
from skat_core.layout import Layout, TRUMP, beats, field_of, high_bit, next_seat, power
from skat_core.bot.rules import trick_best
from skat_core.rng import Rng

GAME_TYPES = (GT_C, GT_S, GT_H, GT_D, GT_GRAND, GT_NULL, GT_RAMSCH)
TRICKS_PER_TYPE = 1500          # 10,500 random tricks in all


class TrickView:
    """The fields of a View that ``bot.rules.trick_best`` reads (en-deux's: ``three``
    False, its Ramsch tricks of two)."""

    three = False

    def __init__(self, cards, leader, ramsch, led_field):
        self.trick = bytearray([NO_CARD] * 3)
        self.trick_n = len(cards)
        self.trick_leader = leader
        self.ramsch = ramsch
        self.led_field = led_field
        s = leader
        for c in cards:
            self.trick[s] = c
            s = next_seat(s, ramsch)


def random_trick(rng, game_type):
    """(cards in play order, leader seat, out-of-play cards): a legal-looking random trick;
    following suit does not matter for who wins."""
    deck = list(range(32))
    for i in range(31, 0, -1):                 # Fisher-Yates with the project's rng
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    ramsch = game_type == GT_RAMSCH
    n = 2 if ramsch else 3
    leader = (VH, HH)[rng.below(2)] if ramsch else (VH, MH, HH)[rng.below(3)]
    out = deck[n:n + 2] if not ramsch else deck[n:n + 12]
    return deck[:n], leader, out


def engine_winner(lay, cards, leader, ramsch):
    """The engine's rule (engine/play_tricks.py, the solver's search alike): the highest live
    bit among the trick's cards in the led field and the trumps."""
    tm = 0
    for c in cards:
        tm |= 1 << lay.bit_of[c]
    led = lay.field_of[lay.bit_of[cards[0]]]
    best = lay.card_at[high_bit(tm & (lay.field_mask[led] | lay.field_mask[TRUMP]))]
    seat = leader
    for c in cards:
        if c == best:
            return seat
        seat = next_seat(seat, ramsch)
    raise AssertionError("the winning card is not in the trick")


def rule_winner(cards, leader, game_type, ramsch):
    """The rule as the rule book says it, in global ids (``beats``)."""
    best, seat, s = cards[0], leader, leader
    for c in cards[1:]:
        s = next_seat(s, ramsch)
        if beats(c, best, game_type):
            best, seat = c, s
    return seat


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_engine_solver_and_bot_name_the_same_trick_winner_on_1500_random_tricks(game_type):
    rng = Rng(1000 + game_type)
    lay = Layout()
    ramsch = game_type == GT_RAMSCH
    for _ in range(TRICKS_PER_TYPE):
        cards, leader, out = random_trick(rng, game_type)
        lay.setup(game_type, out)
        want = rule_winner(cards, leader, game_type, ramsch)
        assert engine_winner(lay, cards, leader, ramsch) == want, (game_type, cards, leader)
        view = TrickView(cards, leader, ramsch, field_of(cards[0], game_type))
        assert trick_best(view, game_type) == want, (game_type, cards, leader)


def test_the_live_numbering_orders_every_field_by_the_rule_s_power():
    lay = Layout()
    for game_type in GAME_TYPES:
        lay.setup(game_type, [30, 31] if game_type != GT_RAMSCH else list(range(20, 32)))
        for i in range(lay.n_live - 1):
            a, b = lay.card_at[i], lay.card_at[i + 1]
            assert lay.field_of[i] == field_of(a, game_type)
            if lay.field_of[i] == lay.field_of[i + 1]:
                assert power(a, game_type) < power(b, game_type), (game_type, a, b)


def test_the_diamond_jack_beats_the_trump_ace_in_a_suit_game():
    # bot/rules.py once ranked both 17: the bot thought DJ (28) did not take a trick from
    # the trump ace.
    for trump in (GT_C, GT_S, GT_H, GT_D):
        ace = trump * 8
        assert beats(28, ace, trump) and not beats(ace, 28, trump)


def test_play_goes_vh_mh_hh_and_in_ramsch_vh_hh():
    assert [next_seat(s, False) for s in (VH, MH, HH)] == [MH, HH, VH]
    assert [next_seat(s, True) for s in (VH, HH)] == [HH, VH]


def test_the_rank_tables_are_the_places_in_the_order_tables():
    from skat_core import layout
    for order, ranks in ((layout.PLAIN_POWER, layout._PLAIN_RANK),
                         (layout.NULL_POWER, layout._NULL_RANK)):
        for place, rank in enumerate(order):
            assert ranks[rank] == place
    for place, card in enumerate(layout.JACK_POWER):
        assert layout._JACK_RANK[card >> 3] == place
