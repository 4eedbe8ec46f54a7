"""The bot's bidding table and the expected scores it bids by (docs/bot.md, "Bidding and
declaring"): the table's shape, what its rows were measured with, and decisions on hands whose
right answer is known."""

import json

from skat_core.bot.prelude import bidtable, hand_eval as bot_eval
from skat_core.bot.bot import Bot, PLAY_SHIFT
from skat_core.bot.prelude.hand import N_BUCKETS
from skat_core.cards import VH, HH, GT_GRAND, GT_NULL, parse_cards
from skat_core.codes import V_BID, V_PASS
from skat_core.engine.game import Game

ROWS = 3 * 2 * 2          # game class x Hand/pickup x seat


def test_the_table_is_576_bytes_and_no_row_falls_as_the_hand_gets_stronger():
    assert len(bidtable.P_WIN) == len(bidtable.P_SCHNEIDER) == ROWS * N_BUCKETS == 288
    for table in (bidtable.P_WIN, bidtable.P_SCHNEIDER):
        for r in range(ROWS):
            row = table[r * N_BUCKETS:(r + 1) * N_BUCKETS]
            assert list(row) == sorted(row)


def test_the_grand_rows_are_measured_by_the_devices_own_play_the_others_double_dummy():
    meta = json.loads(bidtable.GENERATED)
    assert meta["rows"] == "grand"
    assert meta["measured"]["judge"] == "play" and meta["measured"]["bot"] == "device"
    assert "judge" not in meta["kept"]            # the double-dummy table of seed 1


def test_the_shift_is_read_per_class_and_seat():
    assert len(PLAY_SHIFT) == 6
    bot = Bot("device")
    assert bot_eval.shift(bot, 0, False) == PLAY_SHIFT[0]      # suit game, dealer
    assert bot_eval.shift(bot, GT_GRAND, True) == PLAY_SHIFT[3]
    assert bot_eval.shift(bot, GT_NULL, True) == PLAY_SHIFT[5]


def test_a_game_won_schneider_is_worth_one_base_value_more():
    plain = bot_eval.ev255(204, 24, 18, 0, False)            # Kreuz with 1, 80 % won
    assert bot_eval.ev255(204, 24, 18, 0, False, 255) == plain + 12 * 255
    assert bot_eval.ev255(204, 23, 18, GT_NULL, False, 255) == 23 * (3 * 204 - 510)


def _decide(cards, seat):
    hand = parse_cards(cards)
    rest = [c for c in range(32) if c not in hand]
    g = Game()
    if seat == HH:
        g.deal_hands(rest[:10], rest[10:20], hand, rest[20:22])
    else:
        g.deal_hands(hand, rest[10:20], rest[:10], rest[20:22])
        g.act(HH, V_PASS, 0, 0)
    bot = Bot("device", 1)
    verb, a, _ = bot.decide(g.view(seat))
    return verb, a, bot


def test_the_dealer_with_two_jacks_three_aces_and_two_tens_bids_for_a_grand():
    verb, a, bot = _decide("CJ DJ SA SK SQ HA HT HK H9 DT", HH)
    assert (verb, a) == (V_BID, 18)
    assert bot.plan_game == GT_GRAND


def test_vorhand_without_trumps_or_aces_throws_the_deal_in_after_the_dealer_passed():
    verb, _, bot = _decide("CK CQ SK SQ S9 HK HQ H9 DK DQ", VH)
    assert verb == V_PASS and bot.plan_ev < 0
