"""Skat zu dritt over random deals and random legal play (hypothesis): what each player's view
holds, illegal actions refused without a change, the count (rules.md §4, §11).

The view test walks every field: at a random moment, the cards a player cannot see (the other
hands, the skat, unless he knows them) are exchanged among their places - during play only for
cards of the same effective suit, so that every earlier play stays legal - and the same
actions are applied to the exchanged deal. Every field of that player's view must come out
the same: a view that held anything of a hidden card would differ.
"""

from hypothesis import given, settings, strategies as st, HealthCheck

from skat_core.cards import F_OUVERT, F_SCHNEIDER, F_SCHWARZ, GT_NULL, NO_CARD, R_JACK
from skat_core.codes import (PH_ANSWER, PH_BID, PH_DONE, PH_GRAND_HAND, PH_PLAY, RK_NORMAL,
                             RK_RAMSCH, V_DISCARD, V_PASS)
from skat_core.codes import action_a, action_b, action_verb
from skat_core.layout import field_of
from skat_core.rng import Rng
from skat_core.three.game import ThreeGame, MAX_ACTIONS
from skat_core.three.rules import ThreeRules

from tests.rules.test_properties import same_declaration as same_en_deux
from tests.support.engine_util import snapshot, try_illegal

RULESETS = ({}, {"all_pass": "ramsch", "ramsch_jungfrau": "on"}, {"kontra": "on"},
            {"kontra": "after_18", "all_pass": "ramsch", "ramsch_durchmarsch": "on"},
            {"all_pass": "schieberamsch"},
            {"all_pass": "schieberamsch", "ramsch_jungfrau": "on", "kontra": "on"},
            {"all_pass": "schieberamsch", "ramsch_durchmarsch": "on"})


def same_declaration(gt, flags):
    """En-deux's (``tests.rules.test_properties``), and at three a suit ouvert implies
    Schneider and Schwarz announced as a Grand ouvert does (rules.md §11)."""
    if flags & F_OUVERT and gt != GT_NULL:
        flags &= ~(F_SCHNEIDER | F_SCHWARZ)
    return same_en_deux(gt, flags)


def choose(g, rng, out):
    """A random legal action of the seat to act; passes half the time while bidding, so that
    the games are not all overbid (and Ramsch and thrown-in deals occur), and three times in
    four before Schieberamsch's pushing (so that it is not always a Grand Hand)."""
    s = g.to_act
    n = g.legal_actions(s, out)
    assert n > 0
    if ((g.phase in (PH_BID, PH_ANSWER) and rng.below(2))
            or (g.phase == PH_GRAND_HAND and rng.below(4))):
        for x in out[:n]:
            if action_verb(x) == V_PASS:
                return s, x
    return s, out[rng.below(n)]


def view_fields(g, p):
    v = g.view(p)
    d = {}
    for k, x in vars(v).items():
        if k in ("result", "serial"):
            continue
        d[k] = list(x) if isinstance(x, (bytearray, bytes)) else x
    return d


def hidden_places(g, p):
    """card -> place (seat 0-2, 3 the skat) of every unplayed card ``p`` may not know now, by
    the rules (not by his view): his own hand he knows, the skat if he picked it up, the
    declarer's hand while it is open; in Schieberamsch the two cards he found in the skat and
    the two he put back, wherever they are now."""
    out = bytearray(12)
    hands = [set(out[:g.cards_of(s, out)]) for s in range(3)]
    known = set(hands[p])
    d = g.declarer
    if p == d and g.picked_up:
        known |= set(g.skat)
    for i in (2 * p, 2 * p + 1):
        known |= {g.skat_found[i], g.skat_put[i]} - {NO_CARD}
    if d >= 0 and p != d and g.decl_open and g.phase == PH_PLAY:
        known |= hands[d]
    places = {}
    for s in range(3):
        for c in hands[s] - known:
            places[c] = s
    for c in g.skat:                       # out of play: never played
        if c not in known:
            places[c] = 3
    return places


def exchanged(g, p, rng):
    """A permutation of the card ids that moves only cards hidden from ``p`` (during play only
    within an effective suit; under Schieberamsch also before it jacks only among jacks, so
    that no pushed card becomes a jack)."""
    places = hidden_places(g, p)
    groups = {}
    schieben = g.rules.schieben
    for c in places:
        if g.phase == PH_PLAY:
            key = field_of(c, g.game_type)
        else:
            key = (c & 7) == R_JACK if schieben else 0
        groups.setdefault(key, []).append(c)
    sigma = list(range(32))
    for cards in groups.values():
        moved = list(cards)
        for i in range(len(moved) - 1, 0, -1):       # Fisher-Yates with the test's Rng
            j = rng.below(i + 1)
            moved[i], moved[j] = moved[j], moved[i]
        for a, b in zip(cards, moved):
            sigma[a] = b
    return sigma


def replay(rules, deal_ids, sigma, history):
    g = ThreeGame(ThreeRules.from_dict(rules))
    ids = [sigma[c] for c in deal_ids]
    g.deal_hands(ids[0:10], ids[10:20], ids[20:30], ids[30:32])
    for s, verb, a, b in history:
        if verb == V_DISCARD:
            a, b = sigma[a], sigma[b]
        elif verb == 8:                                    # V_PLAY: played cards stay
            a = sigma[a]
        assert g.act(s, verb, a, b) == 0
    return g


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), rules_i=st.integers(0, len(RULESETS) - 1),
       pick=st.integers(0, 2**20), stop=st.integers(0, 45))
def test_three_random_legal_play_views_show_nothing_hidden(seed, rules_i, pick, stop):
    rules = RULESETS[rules_i]
    g = ThreeGame(ThreeRules.from_dict(rules))
    g.deal_from_seed(seed)
    deal_ids = list(g.deal_ids)
    rng = Rng(pick)
    out = [0] * MAX_ACTIONS
    history = []
    steps = 0
    while g.phase != PH_DONE:
        if steps == stop:
            for p in range(3):
                sigma = exchanged(g, p, rng)
                other = replay(rules, deal_ids, sigma, history)
                assert view_fields(other, p) == view_fields(g, p), "the view of %d tells" % p
        steps += 1
        assert steps < 100
        try_illegal(g, rng, same_declaration)
        s, x = choose(g, rng, out)
        move = (s, action_verb(x), action_a(x), action_b(x))
        assert g.act(*move) == 0
        history.append(move)
    for p in range(3):
        v = g.view(p)
        assert v.done and v.n_result_skat == 2
        assert all(c == NO_CARD for c in v.decl_open[v.n_decl_open:])
    r = g.result
    if r.kind == RK_NORMAL and r.game_type != GT_NULL:
        assert g.n_tricks == 10 and r.decl_points + r.opp_points == 120
        assert r.decl_tricks + r.opp_tricks == 10
        assert r.score == (r.value if r.won else -2 * r.value)
    if r.kind == RK_RAMSCH:
        assert g.n_tricks == 10 and sum(r.seat_points) + r.skat_points == 120
        assert r.score < 0 or r.durchmarsch >= 0
        if r.durchmarsch < 0:          # Jungfrau, then each push doubles (Schieberamsch)
            assert r.score == -((r.seat_points[r.loser] + r.skat_points)
                                << (int(r.jungfrau) + g.pushes))
