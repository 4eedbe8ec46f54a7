"""The trained bidding at three (skat_core.bot.prelude.three_decl over three_table, docs/bot.md
"Skat zu dritt"): the table is what ``python -m sim train-bidding --table 3`` writes for its
seed, the bot bids exactly as far as the table says a game pays, its discard and declaration
are the best of that evaluation, every action is legal, and ``greedy`` keeps the rule of
thumb."""

import json

import pytest

from skat_core.cards import VH, MH, HH, GT_GRAND, GT_NULL, parse_cards
from skat_core.codes import (PH_DONE, PH_PLAY, PH_BID, PH_ANSWER, PH_TAKE, PH_DISCARD, V_BID,
                             V_YES, V_PASS, V_HAND, V_PICKUP, V_DISCARD, V_DECLARE, encode)
from skat_core.engine.score import (BASE, NULL_VALUE, NULL_HAND, NULL_OUVERT,
                                    NULL_OUVERT_HAND)
from skat_core.engine.values import matadors
from skat_core.bot.prelude import hand as bot_hand, three_decl, three_table
from skat_core.bot.three import ThreeBot
from skat_core.bot.prelude.three_thumb import best_game, game_value
from skat_core.three.bidding import BIDS
from skat_core.three.game import ThreeGame, MAX_ACTIONS
from skat_core.three.rules import ThreeRules

from sim.tools.train_bidding import PROBE_DEALS, n_cells, worker


# ------------------------------------------------------------------------------- the table
def test_three_table_is_what_the_tool_writes_for_its_seed():
    """Worker 0's tally after its first deals, regenerated, has the digest the table records
    (same deals, buckets, discard and judge as the run that wrote it)."""
    meta = json.loads(three_table.GENERATED)
    jobs = meta["jobs"]
    part = worker(meta["seed"] * 1000003, jobs, 1.0, (meta["per_cell"] + jobs - 1) // jobs,
                  meta.get("nodes", 15000), PROBE_DEALS, meta.get("judge", "solve"),
                  meta.get("bot", "device"), (0, 1, 2), 3, nice=False)
    assert part["deals"] == PROBE_DEALS and part["probe"] == meta["probe"]


def test_three_table_rows_are_probabilities_rising_with_the_bucket():
    nb = three_table.N_BUCKETS
    assert nb == bot_hand.N_BUCKETS
    for table in (three_table.P_WIN, three_table.P_SCHNEIDER):
        assert len(table) == n_cells(3) == 3 * 2 * 3 * nb
        for r in range(0, len(table), nb):
            row = table[r:r + nb]
            assert list(row) == sorted(row)


# ------------------------------------------------------------------------- the bid's limit
def pays(cards, seat, bid):
    """The table's verdict, worked out here from the table and the engine's values: does
    some game, Hand or after a pickup, expect more than nothing at ``bid`` (won +V, lost -2V,
    Schneider one level more; a game below the bid is an overbid, never worth it)?"""
    m = bytearray(4)
    bot_hand.load(m, cards, 10)
    for hand_game in (False, True):
        for gt in range(6):
            b = bot_hand.bucket(m, gt, seat == VH)
            cls = bot_hand.game_class(gt)
            p = three_table.lookup(cls, hand_game, seat, b)
            if gt == GT_NULL:
                v = NULL_HAND if hand_game else NULL_VALUE
                if v < bid:
                    v = NULL_OUVERT_HAND if hand_game else NULL_OUVERT
                if v >= bid and v * (3 * p - 510) > 0:
                    return True
                continue
            v = BASE[gt] * (abs(matadors(cards, gt)) + 1 + (1 if hand_game else 0))
            ps = three_table.lookup_schneider(cls, hand_game, seat, b)
            if v >= bid and v * (3 * p - 510) + BASE[gt] * ps > 0:
                return True
    return False


def highest_bid(cards, seat):
    """The highest value the device bot says for ``cards`` in ``seat`` against players who
    pass or always hold (0: it passes at once)."""
    others = [c for c in range(32) if c not in cards]
    rest = iter((others[0:10], others[10:20]))
    hands = [cards if s == seat else next(rest) for s in range(3)]
    g = ThreeGame()
    g.deal_hands(hands[VH], hands[MH], hands[HH], others[20:22])
    if seat != MH:
        assert g.act(MH, V_PASS) == 0
    if seat == VH:
        assert g.act(HH, V_PASS) == 0
    bot = ThreeBot("device", 5)
    said = 0
    while g.to_act == seat and g.phase in (PH_BID, PH_TAKE):
        verb, a, _b = bot.decide(g.view(seat))
        assert g.act(seat, verb, a) == 0
        if verb != V_BID:
            break
        said = a
        if g.phase == PH_ANSWER:
            assert g.act(g.to_act, V_YES) == 0
    return said


VECTORS = {
    "four_jacks_and_aces_grand": "CJ SJ HJ DJ CA CT SA ST HA D7",
    "clubs_with_two_and_a_side_ace": "CJ SJ CA CT C9 C8 C7 SA H7 D8",
    "hearts_without_one_five_trumps": "SJ HJ HA HT H9 SA S8 D7 D8 C9",
    "low_cards_everywhere_null": "C7 C8 S7 S8 S9 H7 H8 D7 D8 DQ",
    "nothing_at_all": "C8 CQ S9 SK HK H8 D9 DT DQ H7",
}


@pytest.mark.parametrize("seat", [VH, MH, HH])
@pytest.mark.parametrize("name", sorted(VECTORS))
def test_the_bot_bids_as_far_as_the_table_says_a_game_pays(name, seat):
    cards = parse_cards(VECTORS[name])
    said = highest_bid(cards, seat)
    if said == 0:
        assert not pays(cards, seat, 18)
        return
    assert pays(cards, seat, said)
    if seat != VH:                          # Vorhand, after two passes, plays at 18 or passes
        later = [v for v in BIDS if v > said]
        assert not later or not pays(cards, seat, later[0])


def test_the_table_sends_the_strong_hands_in_and_keeps_the_weak_one_out():
    """Vorhand, after two passes, may only play at 18 (rules.md §11)."""
    for seat in (VH, MH, HH):
        grand = highest_bid(parse_cards(VECTORS["four_jacks_and_aces_grand"]), seat)
        assert grand == 18 if seat == VH else grand >= 120
        assert highest_bid(parse_cards(VECTORS["nothing_at_all"]), seat) == 0


# ------------------------------------------------------------- discard, declaration, legality
def test_the_discard_leaves_the_best_plan_of_the_same_evaluation():
    """At each pickup of the device bot the two cards it puts away leave a plan no other
    discard of the twelve beats (three_decl.plan_ev, the skat's points moving the bucket)."""
    from skat_core.bot.prelude.choice import _skat_bonus
    checked = 0
    g = ThreeGame()
    for seed in range(60):
        g.deal_from_seed(seed)
        bots = [ThreeBot("device", seed * 3 + s) for s in range(3)]
        while g.phase != PH_DONE and g.phase != PH_PLAY:
            s = g.to_act
            v = g.view(s)
            verb, a, b = bots[s].decide(v)
            if g.phase == PH_DISCARD:
                cards = list(v.hand[:v.n_hand])
                m12 = bytearray(4)
                bot_hand.load(m12, cards, 12)

                def best(x, y):
                    m = bytearray(4)
                    bot_hand.load(m, cards, 12, x, y)
                    pts = bot_hand.points((x, y), 2)
                    return max(three_decl.plan_ev(m, m12, gt, s, True, False, v.bid,
                                                  _skat_bonus(pts, gt)) for gt in range(6))
                chosen = best(a, b)
                assert verb == V_DISCARD
                assert all(chosen >= best(x, y) for i, x in enumerate(cards)
                           for y in cards[i + 1:])
                checked += 1
            assert g.act(s, verb, a, b) == 0
        if checked >= 8:
            break
    assert checked >= 8


@pytest.mark.parametrize("rules", [{}, {"kontra": "on"}, {"all_pass": "ramsch"}])
def test_every_pre_play_action_of_the_trained_bot_is_a_legal_action(rules):
    g = ThreeGame(ThreeRules.from_dict(rules))
    out = [0] * MAX_ACTIONS
    seen = set()
    for seed in range(40):
        g.deal_from_seed(seed + 700)
        bots = [ThreeBot("device", seed * 3 + s) for s in range(3)]
        # Up to the opening lead (the play's actions: test_three_bot.py, every strength).
        while g.phase != PH_DONE and g.phase != PH_PLAY:
            s = g.to_act
            verb, a, b = bots[s].decide(g.view(s))
            n = g.legal_actions(s, out)
            assert (encode(verb, a, b) in out[:n]
                    or verb == V_DISCARD and encode(verb, b, a) in out[:n]), (
                seed, g.phase, verb, a, b)
            seen.add(verb)
            if verb == V_DECLARE:
                seen.add(("game", a))
            assert g.act(s, verb, a, b) == 0
    assert {V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_DISCARD, ("game", GT_GRAND),
            ("game", GT_NULL)} <= seen, seen


def test_greedy_keeps_the_rule_of_thumb():
    """``greedy`` bids the rule of thumb's game value (the baseline of sim match --table 3)."""
    cards = parse_cards("CJ SJ HJ CA ST SA D7 D8 H9 H8")
    gt, _strength = best_game(cards, False)
    assert gt == GT_GRAND
    assert highest_bid_of("greedy", cards) == max(
        v for v in BIDS if v <= game_value(cards, gt, False))


def highest_bid_of(strength, cards):
    others = [c for c in range(32) if c not in cards]
    g = ThreeGame()
    g.deal_hands(others[0:10], cards, others[10:20], others[20:22])
    bot = ThreeBot(strength, 5)
    said = 0
    while g.to_act == MH and g.phase == PH_BID:
        verb, a, _b = bot.decide(g.view(MH))
        assert g.act(MH, verb, a) == 0
        if verb != V_BID:
            break
        said = a
        assert g.act(VH, V_YES) == 0
    return said
