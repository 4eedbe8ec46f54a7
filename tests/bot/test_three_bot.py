"""The bot at Skat zu dritt (skat_core.bot.three, rules.md §11): it only ever acts legally,
it decides from its own view only - the same view gives the same action whatever the cards
it cannot see - and the device's search beats the rule of thumb in a duplicate match."""

import json
import subprocess
import sys

import pytest

from skat_core.codes import PH_DONE, PH_PLAY
from skat_core.bot.three import ThreeBot
from skat_core.bot.prelude.three_thumb import best_game, null_safe, suit_strength
from skat_core.cards import GT_GRAND, GT_NULL, parse_cards
from skat_core.three.game import ThreeGame
from skat_core.three.rules import ThreeRules

from tests.rules.test_three_properties import exchanged, replay, view_fields
from tests.sim.test_replay_iss import ROOT


def play(game, bots):
    history = []
    while game.phase != PH_DONE:
        s = game.to_act
        bot = bots[s]
        bot.decide(game.view(s))
        move = (bot.seat, bot.verb, bot.a, bot.b)
        assert game.act(*move) == 0, move
        history.append(move)
    return history


@pytest.mark.parametrize("strength", ["random", "greedy", "device"])
@pytest.mark.parametrize("rules", [{}, {"all_pass": "ramsch"}, {"kontra": "on"},
                                   {"all_pass": "schieberamsch"}])
def test_three_bots_of_every_strength_only_act_legally(strength, rules):
    g = ThreeGame(ThreeRules.from_dict(rules))
    for seed in range(12):
        g.deal_from_seed(seed)
        play(g, [ThreeBot(strength, seed * 3 + s) for s in range(3)])
        assert g.phase == PH_DONE


def test_three_bot_does_not_peek_the_same_view_gives_the_same_action():
    """At every decision of several deals: the cards the deciding bot cannot see are
    exchanged (as in tests/rules/test_three_properties.py) and the same actions replayed;
    the bot, with the same seed, must decide the same in both games."""
    from skat_core.rng import Rng
    checked = 0
    for seed in range(4):
        g = ThreeGame()
        g.deal_from_seed(seed)
        deal_ids = list(g.deal_ids)
        history = []
        rng = Rng(seed + 11)
        while g.phase != PH_DONE:
            s = g.to_act
            sigma = exchanged(g, s, rng)
            other = replay({}, deal_ids, sigma, history)
            assert view_fields(other, s) == view_fields(g, s)
            a = ThreeBot("device", 99).decide(g.view(s))
            b = ThreeBot("device", 99).decide(other.view(s))
            assert a == b, (seed, len(history))
            checked += 1
            bot = ThreeBot("device", seed * 3 + s)
            bot.decide(g.view(s))
            move = (bot.seat, bot.verb, bot.a, bot.b)
            assert g.act(*move) == 0
            history.append(move)
    assert checked > 60


def test_three_bot_rule_of_thumb_six_trumps_with_the_club_jack_plays_a_suit():
    cards = parse_cards("CJ HJ HA HT H9 H8 SA S7 D8 D7")
    assert suit_strength(cards, 2) >= 22 and best_game(cards, False)[0] == 2


def test_three_bot_rule_of_thumb_three_jacks_two_aces_plays_grand():
    assert best_game(parse_cards("CJ SJ HJ CA ST SA D7 D8 H9 H8"), False)[0] == GT_GRAND


def test_three_bot_rule_of_thumb_low_cards_in_every_suit_play_null():
    cards = parse_cards("C7 C9 S7 S8 ST H7 H9 D7 D8 DJ")
    assert null_safe(cards) and best_game(cards, False)[0] == GT_NULL


def test_three_bot_strength_names_are_checked():
    with pytest.raises(ValueError):
        ThreeBot("expert")


def test_match_table_3_prints_the_duplicate_summary_of_every_seating():
    p = subprocess.run([sys.executable, "-m", "sim", "match", "--table", "3", "--a", "device",
                        "--b", "greedy", "--deals", "4", "--seed", "3", "--jobs", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    summary = json.loads(p.stdout.splitlines()[-1])
    assert (summary["deals"], summary["games"]) == (4, 24)
    assert set(summary) >= {"a_minus_b_per_game", "ci95", "a_total", "b_total"}


def test_match_table_3_refuses_an_en_deux_strength_in_one_line():
    p = subprocess.run([sys.executable, "-m", "sim", "match", "--table", "3", "--a", "easy",
                        "--b", "greedy", "--deals", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1, p.stderr


def test_three_bot_plays_schieberamsch_picks_up_and_pushes_no_jack_on():
    from skat_core.codes import PH_PUSH_DISCARD, V_DISCARD
    g = ThreeGame(ThreeRules.from_dict({"all_pass": "schieberamsch"}))
    pushed = 0
    for seed in range(6):
        g.deal_from_seed(seed)
        for text in ((1, 2), (2, 2), (0, 2)):             # mh, hh, vh pass: V_PASS is 2
            assert g.act(*text) == 0
        bots = [ThreeBot("device", seed * 3 + s) for s in range(3)]
        while g.phase != PH_DONE:
            s = g.to_act
            phase = g.phase
            bot = bots[s]
            bot.decide(g.view(s))
            if phase == PH_PUSH_DISCARD:
                assert bot.verb == V_DISCARD and bot.a & 7 != 4 and bot.b & 7 != 4
                pushed += 1
            assert g.act(bot.seat, bot.verb, bot.a, bot.b) == 0
    assert pushed >= 12


@pytest.mark.parametrize("rules,actions", [
    ({}, ["mh bid 18", "vh pass", "hh pass", "mh hand", "mh declare G"]),
    ({"all_pass": "ramsch"}, ["mh pass", "hh pass", "vh pass", "vh play CA"]),
])
def test_three_bot_searches_a_mittelhand_declarers_game_and_mittelhand_in_ramsch(rules, actions):
    """The solver seats its declarer in Vorhand or Hinterhand (en-deux's never sits in
    Mittelhand): at three the bot turns the seats one place on, so a Mittelhand declarer's
    game (and Mittelhand's own search in Ramsch) is searched, not left to the rule of thumb."""
    from skat_core.bot.load import load_world
    from tests.support.engine_util import three_game
    g = three_game(actions, rules=rules)
    seat = g.to_act
    bot = ThreeBot("device", 5)
    bot.prepare_play()
    p = bot.player
    p.start(g.view(seat))
    assert p.worlds.n > 0
    assert load_world(p, 0) == 0
    assert bot.decide(g.view(seat))[0] == 8 and g.act(seat, 8, bot.a) == 0     # V_PLAY
