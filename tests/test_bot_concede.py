"""The overbid concession (rules.md §3 "Overbid after pickup"): a declarer above 18 who can no
longer reach his bid may give up naming a game, lost at -2 x (smallest multiple of its base
value >= bid); not with ``contra_re = on``. The View says when it is open; the bot uses it."""

import pytest

from engine_util import game
from skat_core.bot import Bot
from skat_core.cards import HH, VH, GT_C, GT_GRAND
from skat_core.codes import (
    PH_DISCARD, PH_DECLARE, PH_DONE, V_CONCEDE, V_DISCARD, V_DECLARE, CONCEDE_PLAIN,
    RK_CONCEDED, action_verb, action_a,
)
from skat_core.game import Game, MAX_ACTIONS
from skat_core.rules import Rules
from skat_core.values import BASE, overbid_value

# HH holds only sevens, eights and nines (the skat two more nines): no jack, no ace, no
# points. Bid 48 and picked up, every game is lost "without 4"; the cheapest concession names
# Kreuz (12 x 4 = 48; Grand 24 x 2 ties) -> -96, better than losing Herz without 4 (50 -> -100).
HOPELESS = ("CJ SJ HJ DJ CA CT SA ST HA HT", "CK CQ SK SQ HK HQ DA DT DK DQ",
            "C7 C8 C9 S7 S8 S9 H7 H8 D7 D8", "H9 D9")
PICKUP_48 = ("hh bid 48", "vh pass", "hh pickup")


def _legal_overbid_concessions(g, seat):
    out = [0] * MAX_ACTIONS
    n = g.legal_actions(seat, out)
    return [action_a(x) for x in out[:n]
            if action_verb(x) == V_CONCEDE and action_a(x) != CONCEDE_PLAIN]


@pytest.mark.parametrize("strength", ("easy", "device", "host"))
def test_hopeless_pickup_at_48_concedes_naming_kreuz_under_contra_re_off(strength):
    g = game(PICKUP_48, {"contra_re": "off"}, HOPELESS)
    assert g.phase == PH_DISCARD
    view = g.view(HH)
    assert view.can_concede_overbid
    verb, a, b = Bot(strength, 3).decide(view)
    assert (verb, a) == (V_CONCEDE, GT_C)
    assert g.act(HH, verb, a, b) == 0
    assert g.phase == PH_DONE
    assert g.result.kind == RK_CONCEDED
    assert g.result.score == -2 * overbid_value(BASE[GT_C], 48) == -96


@pytest.mark.parametrize("strength", ("easy", "device", "host"))
def test_hopeless_pickup_at_48_never_concedes_under_contra_re_on(strength):
    g = game(PICKUP_48, {"contra_re": "on"}, HOPELESS)
    view = g.view(HH)
    assert not view.can_concede_overbid
    verb, a, b = Bot(strength, 3).decide(view)
    assert verb == V_DISCARD
    assert g.act(HH, verb, a, b) == 0
    verb, a, b = Bot(strength, 3).decide(g.view(HH))
    assert verb == V_DECLARE
    assert g.act(HH, verb, a, b) == 0


def test_hopeless_declaration_after_the_discard_concedes_too():
    g = game(PICKUP_48 + ("hh discard H9 D9",), {"contra_re": "off"}, HOPELESS)
    assert g.phase == PH_DECLARE
    verb, a, _ = Bot("device", 1).decide(g.view(HH))
    assert (verb, a) == (V_CONCEDE, GT_C)


@pytest.mark.parametrize("bid, named", ((20, 2), (24, GT_C), (50, 2), (60, GT_C)))
def test_the_bot_names_the_cheapest_concession_reaching_the_bid(bid, named):
    """20: Herz 20; 24: Kreuz 24 (= Grand 24, the first wins); 50: Herz 50 (Karo 54, Pik 55,
    Kreuz 60, Grand 72); 60: Kreuz 60 (= Herz 60)."""
    from skat_core.bot_choice import give_up
    g = game(("hh bid %d" % bid, "vh pass", "hh pickup"), {"contra_re": "off"}, HOPELESS)
    cheapest = min(overbid_value(BASE[gt], bid) for gt in range(GT_GRAND + 1))
    assert overbid_value(BASE[named], bid) == cheapest
    assert give_up(g.view(HH), -510 * cheapest - 1) == (V_CONCEDE, named, 0)
    assert give_up(g.view(HH), -510 * cheapest) is None      # not worse than the concession


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
                assert v.can_concede_overbid == bool(legal), (seed, g.phase, p)
                seen_open += v.can_concede_overbid
            player = g.actor(g.to_act)
            bot = bots[player]
            bot.decide(g.view(player))
            if bot.verb == V_CONCEDE and bot.a != CONCEDE_PLAIN:
                assert rules == {"contra_re": "off"}, (seed, "overbid concession under", rules)
            assert g.act(bot.seat, bot.verb, bot.a, bot.b) == 0
    pickup = ("hh bid frage-C", "vh pass", "hh pickup") if "bidding" in rules else PICKUP_48
    g = game(pickup, rules, HOPELESS)
    for p in (VH, HH):
        v = g.view(p)
        assert v.can_concede_overbid == bool(_legal_overbid_concessions(g, p))
        seen_open += v.can_concede_overbid
    assert (seen_open > 0) == (rules == {"contra_re": "off"})
