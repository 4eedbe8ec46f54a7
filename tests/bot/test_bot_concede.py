"""The overbid concession (rules.md §3 "Overbid after pickup"): a declarer above 18 who, after
picking up, can no longer reach his bid with the highest level the named game allows may give
up naming it, lost at -2 x (smallest multiple of its base value >= bid); not with
``contra_re = on``. The View says which games may be named; the bot uses it."""

import pytest

from tests.support.engine_util import game
from skat_core.bot.bot import Bot
from skat_core.cards import HH, VH, GT_C, GT_S, GT_H, GT_D
from skat_core.codes import (
    PH_DISCARD, PH_PLAY, PH_DONE, V_CONCEDE, V_DISCARD, V_DECLARE, CONCEDE_PLAIN,
    RK_CONCEDED, action_verb, action_a,
)
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.rng import Rng
from skat_core.rules import Rules
from skat_core.engine.values import BASE, overbid_value

# HH holds CJ and sevens, eights, nines (the skat two more nines): every game "with 1", the
# weakest matadors there are. After the pickup the most a game can reach is base x (1 + Spiel
# + Schneider + Schwarz + zweimal offen) = base x 6: Kreuz 72, Pik 66, Herz 60, Karo 54,
# Grand 144 - only a game below the bid may be named (rules.md §3, corrected).
HOPELESS = ("SJ HJ DJ CA CT SA ST HA HT DA", "CK CQ C9 SK SQ HK HQ DT DK DQ",
            "CJ C7 C8 S7 S8 S9 H7 H8 D7 D8", "H9 D9")


def pickup(bid):
    return ("hh bid %d" % bid, "vh pass", "hh pickup")


def _legal_overbid_concessions(g, seat):
    out = [0] * MAX_ACTIONS
    n = g.legal_actions(seat, out)
    return [action_a(x) for x in out[:n]
            if action_verb(x) == V_CONCEDE and action_a(x) != CONCEDE_PLAIN]


def _bits(games):
    return sum(1 << gt for gt in games)


@pytest.mark.parametrize("strength", ("easy", "device", "host"))
def test_hopeless_pickup_at_48_cannot_concede_every_game_still_reaches_48(strength):
    g = game(pickup(48), {"contra_re": "off"}, HOPELESS)
    assert g.phase == PH_DISCARD
    view = g.view(HH)
    assert view.can_concede_overbid == 0
    verb, a, b = Bot(strength, 3).decide(view)
    assert verb == V_DISCARD
    assert g.act(HH, verb, a, b) == 0
    verb, a, b = Bot(strength, 3).decide(g.view(HH))
    assert verb == V_DECLARE
    assert g.act(HH, verb, a, b) == 0


@pytest.mark.parametrize("strength", ("easy", "device", "host"))
def test_hopeless_pickup_at_80_declares_herz_losing_exactly_the_concession_minus_160(strength):
    """At 80 every suit may be named; the cheapest concession (Herz: 80 -> -160) is what
    declaring Herz loses anyway (an overbid loss whatever the play), so the bot, which
    concedes only when it expects to lose more, declares it; the game ends at -160."""
    g = game(pickup(80), {"contra_re": "off"}, HOPELESS)
    assert g.view(HH).can_concede_overbid == _bits((GT_C, GT_S, GT_H, GT_D))
    bot = Bot(strength, 3)
    for _ in range(2):                                  # discard, then declare
        verb, a, b = bot.decide(g.view(HH))
        assert verb != V_CONCEDE
        assert g.act(HH, verb, a, b) == 0
    assert g.phase == PH_PLAY and g.game_type == GT_H
    rng = Rng(5)
    out = [0] * MAX_ACTIONS
    while g.phase != PH_DONE:
        assert g.act_encoded(g.to_act, g.random_action(rng, out)) == 0
    assert (g.result.overbid, g.result.score) == (True, -2 * overbid_value(BASE[GT_H], 80))
    assert g.result.score == -160


@pytest.mark.parametrize("strength", ("easy", "device", "host"))
def test_hopeless_pickup_at_48_never_concedes_under_contra_re_on(strength):
    g = game(pickup(48), {"contra_re": "on"}, HOPELESS)
    view = g.view(HH)
    assert not view.can_concede_overbid
    verb, a, b = Bot(strength, 3).decide(view)
    assert verb == V_DISCARD
    assert g.act(HH, verb, a, b) == 0
    verb, a, b = Bot(strength, 3).decide(g.view(HH))
    assert verb == V_DECLARE
    assert g.act(HH, verb, a, b) == 0


@pytest.mark.parametrize("bid, games, named", (
    (60, (GT_D,), GT_D),                              # Herz reaches 60: only Karo (63)
    (66, (GT_H, GT_D), GT_H),                         # Herz 70, Karo 72
    (72, (GT_S, GT_H, GT_D), GT_D),                   # Pik 77, Herz 80, Karo 72
    (80, (GT_C, GT_S, GT_H, GT_D), GT_H),             # Kreuz 84, Pik 88, Herz 80, Karo 81
))
def test_the_bot_names_the_cheapest_game_the_rule_lets_it_name(bid, games, named):
    """Of the games out of the bid's reach, the cheapest concession (the first of a tie)."""
    from skat_core.bot.prelude.choice import give_up
    g = game(pickup(bid), {"contra_re": "off"}, HOPELESS)
    view = g.view(HH)
    assert view.can_concede_overbid == _bits(games)
    assert sorted(_legal_overbid_concessions(g, HH)) == list(games)
    cheapest = min(overbid_value(BASE[gt], bid) for gt in games)
    assert overbid_value(BASE[named], bid) == cheapest
    assert give_up(view, -510 * cheapest - 1) == (V_CONCEDE, named, 0)
    assert give_up(view, -510 * cheapest) is None      # not worse than the concession
    assert g.act(HH, V_CONCEDE, named, 0) == 0
    assert (g.result.kind, g.result.score) == (RK_CONCEDED, -2 * cheapest)


@pytest.mark.parametrize("rules", ({"contra_re": "off"}, {"contra_re": "on"},
                                   {"contra_re": "off", "bidding": "farben"}),
                         ids=("contra-off", "contra-on", "farben-contra-off"))
def test_view_field_matches_the_rule(rules):
    """can_concede_overbid is true exactly when the engine lists a `concede G` for that
    player: in every phase of bot self-play deals and of the constructed pickup at 48."""
    g = Game(Rules.from_dict(rules))
    seen_open = 0
    bots = {VH: Bot("easy", 5), HH: Bot("greedy", 6)}
    for seed in range(40):
        g.deal_from_seed(8000 + seed)
        while g.phase != PH_DONE:
            for p in (VH, HH):
                v = g.view(p)
                legal = _legal_overbid_concessions(g, p)   # [] unless p is to act
                assert v.can_concede_overbid == _bits(legal), (seed, g.phase, p)
                seen_open += bool(v.can_concede_overbid)
            player = g.actor(g.to_act)
            bot = bots[player]
            bot.decide(g.view(player))
            if bot.verb == V_CONCEDE and bot.a != CONCEDE_PLAIN:
                assert rules == {"contra_re": "off"}, (seed, "overbid concession under", rules)
            assert g.act(bot.seat, bot.verb, bot.a, bot.b) == 0
    actions = ("hh bid frage-C", "vh pass", "hh pickup") if "bidding" in rules else pickup(80)
    g = game(actions, rules, HOPELESS)
    for p in (VH, HH):
        v = g.view(p)
        assert v.can_concede_overbid == _bits(_legal_overbid_concessions(g, p))
        seen_open += bool(v.can_concede_overbid)
    assert (seen_open > 0) == (rules == {"contra_re": "off"})
