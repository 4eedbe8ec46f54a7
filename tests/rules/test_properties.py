"""Properties over random deals and random legal play (hypothesis).

Checked with oracles written here independently of the engine's bit tricks:
120 points and 10 tricks, following suit, trick winners, illegal actions refused without a state
change, and views that never show a player a card he may not know (rules.md §4).
"""

from hypothesis import given, settings, strategies as st, HealthCheck

from skat_core.cards import (VH, MH, HH, GT_GRAND, GT_NULL, GT_RAMSCH, NO_CARD, F_HAND, F_SCHNEIDER,
                             F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT)
from skat_core.codes import PH_PLAY, PH_DONE, PH_DISCARD, RK_NORMAL, RK_RAMSCH, V_PLAY, action_verb, action_a, action_b
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.rng import Rng
from skat_core.rules import Rules

from tests.support.engine_util import snapshot, try_illegal

RULESETS = ({}, {"all_pass": "ramsch"}, {"bidding": "farben"}, {"contra_re": "off"},
            {"dummy_reveal": "after_declaration", "all_pass": "ramsch"})

PLAIN_ORDER = (0, 1, 2, 3, 5, 6, 7)          # A T K Q 9 8 7, strongest first
NULL_ORDER = (0, 2, 3, 4, 1, 5, 6, 7)        # A K Q J T 9 8 7


def eff_suit(c, gt):
    """Effective suit: 4 = trump."""
    if gt == GT_NULL:
        return c >> 3
    if c & 7 == 4:
        return 4
    if gt < GT_GRAND and c >> 3 == gt:
        return 4
    return c >> 3


def power(c, gt):
    """Higher beats lower within an effective suit."""
    if gt == GT_NULL:
        return 10 - NULL_ORDER.index(c & 7)
    if c & 7 == 4:
        return 100 - (c >> 3)                   # CJ > SJ > HJ > DJ
    return 10 - PLAIN_ORDER.index(c & 7)


def oracle_winner(cards_by_seat, leader, gt):
    led = eff_suit(cards_by_seat[leader], gt)
    best = leader
    for s, c in cards_by_seat.items():
        b = cards_by_seat[best]
        if eff_suit(c, gt) == eff_suit(b, gt):
            if power(c, gt) > power(b, gt):
                best = s
        elif eff_suit(c, gt) == 4 and gt != GT_NULL:
            best = s
    assert eff_suit(cards_by_seat[best], gt) in (led, 4)
    return best


def held(g, seat):
    out = bytearray(12)
    return set(out[:g.cards_of(seat, out)])


def view_cards(v):
    seen = set(v.hand[:v.n_hand]) | set(v.dummy[:v.n_dummy]) | set(v.decl_open[:v.n_decl_open])
    seen |= set(v.skat[:v.n_skat]) | set(v.result_skat[:v.n_result_skat])
    seen |= set(c for c in v.trick if c != NO_CARD) | set(c for c in v.tricks if c != NO_CARD)
    seen |= set(c for c in range(32) if v.played[c])
    if v.turned != NO_CARD:
        seen.add(v.turned)
    return seen


def knowable(g, p, start, played, opening_led):
    """Cards player p may know now, from the deal and the history (rules.md §4)."""
    k = set(start[p]) | played
    decl = g.declarer
    if p == decl and g.picked_up:
        k |= set(start[3])
    if g.turned != NO_CARD:
        k.add(g.turned)
    if not g.ramsch and g.game_type >= 0:
        if opening_led or g.rules.reveal_at_declaration:
            k |= set(start[MH])
        if p == g.opponent:
            if g.flags & (F_OFFEN2 | F_OUVERT) or (g.flags & F_OFFEN1 and g.n_tricks >= 1):
                k |= set(start[decl]) | (set(start[3]) if g.picked_up else set())
    if g.phase == PH_DONE:
        k |= set(g.skat)
    return k


def check_view(g, p, start, played, opening_led):
    v = g.view(p)
    assert set(v.hand[:v.n_hand]) == held(g, p)
    extra = view_cards(v) - knowable(g, p, start, played, opening_led)
    assert not extra, "view of %d leaks %r" % (p, extra)


def same_declaration(gt, flags):
    """Declaration flags without the implied ones: Hand (set by the skat choice), Schneider
    under Schwarz, both under Grand ouvert (Farben: it plays all levels)."""
    f = flags & ~F_HAND
    if f & F_SCHWARZ:
        f &= ~F_SCHNEIDER
    if f & F_OUVERT and gt == GT_GRAND:
        f &= ~(F_SCHNEIDER | F_SCHWARZ)
    return f


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), rules_i=st.integers(0, len(RULESETS) - 1), pick=st.integers(0, 2**20))
def test_random_legal_play(seed, rules_i, pick):
    g = Game(Rules.from_dict(RULESETS[rules_i]))
    g.deal_from_seed(seed)
    start = [set(g.deal_ids[0:10]), set(g.deal_ids[10:20]), set(g.deal_ids[20:30]), set(g.deal_ids[30:32])]
    rng = Rng(pick)
    out = [0] * MAX_ACTIONS
    played = set()
    opening_led = False
    trick = {}
    leader = None
    tricks_seen = 0
    steps = 0
    while g.phase != PH_DONE:
        steps += 1
        assert steps < 200
        for p in (VH, HH):
            check_view(g, p, start, played, opening_led)
        try_illegal(g, rng, same_declaration)
        s = g.to_act
        n = g.legal_actions(s, out)
        assert n > 0
        x = out[rng.below(n)]
        verb, a = action_verb(x), action_a(x)
        if verb == V_PLAY:
            gt = g.game_type
            hand = held(g, s)
            if trick:
                led = eff_suit(trick[leader], gt)
                if any(eff_suit(c, gt) == led for c in hand):
                    assert eff_suit(a, gt) == led
            else:
                leader = s
            # every card of the hand that follows suit is offered
            plays = set(action_a(y) for y in out[:n] if action_verb(y) == V_PLAY)
            if trick:
                follow = set(c for c in hand if eff_suit(c, gt) == eff_suit(trick[leader], gt))
                assert plays == (follow or hand)
            else:
                assert plays == hand
        assert g.act(s, verb, a, action_b(x)) == 0
        if verb == V_PLAY:
            played.add(a)
            opening_led = True
            trick[s] = a
            if len(trick) == g.trick_size:
                assert g.trick_winners[tricks_seen] == oracle_winner(trick, leader, g.game_type)
                tricks_seen += 1
                trick = {}
    for p in (VH, HH):
        check_view(g, p, start, played, opening_led)
    r = g.result
    if r.kind == RK_NORMAL and g.game_type != GT_NULL and not r.accepted:
        assert g.n_tricks == 10
        assert r.decl_points + r.opp_points == 120
        assert r.decl_tricks + r.opp_tricks == 10
        assert r.score == (r.value if r.won else -2 * r.value)
    if r.kind == RK_RAMSCH:
        assert g.n_tricks == 10
        dummy_pts = sum((0, 0, 0, 0, 2, 0, 0, 0)[c & 7] + (11, 10, 4, 3, 0, 0, 0, 0)[c & 7] for c in start[MH])
        assert r.seat_points[0] + r.seat_points[2] + r.skat_points + dummy_pts == 120
        assert r.score < 0 or r.durchmarsch >= 0


@given(st.integers(min_value=1, max_value=(1 << 30) - 1))
@settings(max_examples=400, deadline=None)
def test_live_mask_bit_helpers_match_integer_arithmetic(mask):
    """layout.low_bit/high_bit/bit_count (one 10-bit table) against int.bit_length/bin()."""
    from skat_core.layout import low_bit, high_bit, bit_count, low_mask
    assert low_bit(mask) == (mask & -mask).bit_length() - 1
    assert high_bit(mask) == mask.bit_length() - 1
    assert bit_count(mask) == bin(mask).count("1")
    assert low_mask(bit_count(mask)) == (1 << bin(mask).count("1")) - 1
