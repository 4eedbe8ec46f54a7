"""The bot never makes an illegal action: every strength, every phase, every house-rule family.

A refused action (``Game.act`` returning an error code) raises ``BotError`` in ``play_deal``,
so a deal that runs to PH_DONE is a deal where the engine accepted every bot action: bids,
holds, passes, Hand/pickup, discards, declarations, concessions, cards (own and dummy),
offers, accept/reject, Contra/Re, Ramsch cards.
"""

import pytest

from sim.tools.match import play_deal
from skat_core.bot.bot import Bot
from skat_core.cards import VH, HH
from skat_core.codes import PH_DONE
from skat_core.engine.game import Game
from skat_core.rules import Rules

RULESETS = (
    {},
    {"all_pass": "ramsch"},
    {"bidding": "farben"},
    {"bidding": "farben", "all_pass": "ramsch", "dummy_reveal": "after_declaration"},
    {"contra_re": "off"},
    {"rejection": "next_level"},          # the bot offers only under this rule
)

PAIRS = (("random", "greedy"), ("greedy", "easy"), ("easy", "device"), ("device", "greedy"))


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: "-".join(r.values()) or "standard")
@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: "%s-vs-%s" % p)
def test_every_bot_action_is_accepted_by_the_engine(rules, pair):
    g = Game(Rules.from_dict(rules))
    for seed in range(6):
        bots = {VH: Bot(pair[0], seed), HH: Bot(pair[1], seed + 99)}
        res = play_deal(g, 5000 + seed, bots)
        assert g.phase == PH_DONE
        assert res.kind != 0


@pytest.mark.parametrize("rules", ({}, {"bidding": "farben", "all_pass": "ramsch"}),
                         ids=("standard", "farben-ramsch"))
def test_host_bot_actions_are_accepted_by_the_engine(rules):
    g = Game(Rules.from_dict(rules))
    for seed in range(2):
        play_deal(g, 6000 + seed, {VH: Bot("host", seed), HH: Bot("easy", seed + 1)})
        assert g.phase == PH_DONE


def test_device_bot_decides_in_slices_like_the_ui():
    """think() in small slices reaches the same legal decisions as decide()."""
    g = Game(Rules())
    for seed in range(4):
        bots = {VH: Bot("device", seed), HH: Bot("device", seed + 1)}
        play_deal(g, 7000 + seed, bots, think_slice=50)
        assert g.phase == PH_DONE


def test_random_bot_never_bids():
    g = Game(Rules())
    for seed in range(20):
        res = play_deal(g, 100 + seed, {VH: Bot("random", 1), HH: Bot("random", 2)})
        assert res.declarer == -1


def test_unknown_strength_is_refused():
    with pytest.raises(ValueError):
        Bot("grandmaster", 1)
