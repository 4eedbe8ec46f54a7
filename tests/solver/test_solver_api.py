"""Solver API: loading rules, budgets and estimates, trick targets, full deals.

Rules checked (issue 3 item 1, skat_core/solve.py docstring):
- ``load`` refuses impossible positions with a code and keeps the loaded one;
- a node budget bounds the work, and a result that rests on the static estimate says so
  (``exact == 0``); with a budget large enough the deepening search is exact and equals
  the unlimited search;
- trick targets (Schwarz: all tricks; "not Schwarz": one trick) equal brute force;
- full deals (10 tricks left): the deepening search with a generous budget, the unlimited
  search and the search with a one-slot table (no table help) agree.
"""

import pytest

from skat_core.cards import VH, MH, HH, GT_GRAND, GT_NULL, GT_RAMSCH, parse_cards
from skat_core.solver.solve import Solver, E_OK, E_GAME, E_SEAT, E_CARDS, E_TRICK
from tests.support import solver_brute as B
from tests.support.solver_positions import load, random_position, rng_for


def cards(text):
    return parse_cards(text)


# A Grand endgame, 3 tricks left: VH declarer holds CJ SJ HA, MH H7 H8 SA, HH DJ HT ST.
VH3, MH3, HH3 = cards("CJ SJ HA"), cards("H7 H8 SA"), cards("DJ HT ST")
SKAT = cards("D7 D8")


def test_load_accepts_a_consistent_position():
    s = Solver(64)
    assert s.load(GT_GRAND, VH, VH3, MH3, HH3, SKAT, VH, []) == E_OK
    assert s.to_move == VH and s.tricks_left == 3


def test_load_refuses_an_unknown_game_type():
    assert Solver(64).load(7, VH, VH3, MH3, HH3, SKAT, VH, []) == E_GAME


def test_load_refuses_the_dummy_as_declarer():
    assert Solver(64).load(GT_GRAND, MH, VH3, MH3, HH3, SKAT, VH, []) == E_SEAT


def test_load_refuses_a_card_in_two_hands():
    assert Solver(64).load(GT_GRAND, VH, VH3, cards("H7 H8 CJ"), HH3, SKAT, VH, []) == E_CARDS


def test_load_refuses_hands_that_do_not_fit_the_trick():
    # MH to play after VH's lead, but VH still holds three cards
    assert Solver(64).load(GT_GRAND, VH, VH3, MH3, HH3, SKAT, VH, cards("D9")) == E_CARDS


def test_load_refuses_a_full_trick():
    s = Solver(64)
    assert s.load(GT_GRAND, VH, cards("CJ SJ"), cards("H7 H8"), cards("DJ HT"), SKAT, VH,
                  cards("HA SA ST")) == E_TRICK


def test_load_refuses_dummy_cards_in_ramsch():
    assert Solver(64).load(GT_RAMSCH, VH, VH3, MH3, HH3, SKAT, VH, []) == E_CARDS


def test_a_refused_load_keeps_the_loaded_position():
    s = Solver(64)
    assert s.load(GT_GRAND, VH, VH3, MH3, HH3, SKAT, VH, []) == E_OK
    before = s.declarer_points()
    assert s.load(GT_RAMSCH, VH, VH3, MH3, HH3, SKAT, VH, []) == E_CARDS
    assert s.declarer_points() == before


def test_grand_endgame_value_and_padding_255_is_ignored():
    # bytearrays padded with 255 (the bot's fixed buffers) load like exact lists
    s = Solver(64)
    pad = bytearray([255] * 10)
    pad[0:3] = bytes(VH3)
    assert s.load(GT_GRAND, VH, pad, MH3, HH3, SKAT, VH, bytearray([255, 255])) == E_OK
    pos = {"game": GT_GRAND, "declarer": VH, "hands": [VH3, MH3, HH3], "skat": SKAT,
           "leader": VH, "trick": [], "decl_points": 0, "decl_tricks": 0, "opp_tricks": 0}
    want = B.future(GT_GRAND, VH, pos["hands"], [], VH, False)
    assert s.declarer_points() == want


def test_budget_exhausted_gives_a_flagged_estimate_within_the_budget():
    s = Solver(1024)
    rng = rng_for(77)
    flagged = 0
    for k in range(8):
        p = random_position(rng, 10, game=k % 5, mid=0)
        load(s, p)
        r = s.reaches(61, 300)
        assert r in (0, 1)
        assert s.nodes <= 301
        flagged += s.exact == 0
    assert flagged >= 4          # ten tricks are far beyond 300 nodes for most deals


def test_budgeted_move_values_are_well_formed_and_exact_when_flagged_exact():
    s = Solver(1024)
    rng = rng_for(78)
    flagged = 0
    for k in range(8):
        p = random_position(rng, 7, game=k % 5, mid=k % 3)
        load(s, p)
        out = bytearray(32)
        n = s.move_values(61, 40, out)
        assert n == sum(1 for c in range(32) if out[c] != 255)
        assert all(out[c] in (0, 1, 255) for c in range(32))
        assert s.nodes <= 41       # the budget holds to one node
        exact = s.exact
        flagged += exact == 0
        ref = bytearray(32)
        s.move_values(61, 0, ref)
        if exact:
            assert out == ref
    assert flagged >= 3          # 40 nodes for every card of a 7-trick position: too few


def test_large_budget_deepening_is_exact_and_equals_unlimited_search():
    s = Solver(1024)
    rng = rng_for(79)
    for k in range(30):
        p = random_position(rng, 5, game=k % 7)
        load(s, p)
        if p["game"] == GT_NULL:
            a = s.null_won()
            b = s.null_won(10 ** 6)
        else:
            a = s.declarer_points()
            b = s.declarer_points(10 ** 6)
        assert s.exact == 1
        assert a == b


def brute_tricks(p):
    return p["decl_tricks"] + B.future(p["game"], p["declarer"], p["hands"], p["trick"],
                                       p["leader"], True)


def test_schwarz_targets_equal_brute_force_trick_counts():
    s = Solver(1024)
    rng = rng_for(80)
    for k in range(150):
        p = random_position(rng, 1 + k % 5, game=k % 5)
        total = p["decl_tricks"] + p["opp_tricks"] + 1 + k % 5
        best = brute_tricks(p)
        load(s, p)
        assert s.reaches_tricks(total) == (1 if best >= total else 0)     # Schwarz
        assert s.reaches_tricks(1) == (1 if best >= 1 else 0)             # not Schwarz'd
        assert s.reaches_tricks(best) == 1 and s.reaches_tricks(best + 1) == 0


# Full deals from trick 1 (seed 4242: positions whose 61-test takes 2k-20k nodes).
FULL_DEALS = (1, 3, 4, 7, 10, 17, 21)
# make test leaves out deal 10, the one search of 20k nodes (22 of the test's 26 seconds, 18
# of them without a table): the six others are searches of the same kinds (each game type
# deal 10 has among them, with and without the table, with and without a budget) that
# disagree as soon as one of them goes wrong; make test-all runs all seven.
FAST_DEALS = tuple(k for k in FULL_DEALS if k != 10)


@pytest.mark.parametrize("chosen", [
    pytest.param(FAST_DEALS, id="six-deals"),
    pytest.param(FULL_DEALS, id="all-seven", marks=pytest.mark.slow)])
def test_full_deals_deepening_unlimited_and_tableless_searches_agree(chosen):
    rng = rng_for(4242)
    deals = []
    for k in range(max(FULL_DEALS) + 1):
        p = random_position(rng, 10, game=k % 6, mid=0)
        if k in chosen:
            deals.append(p)
    big, tiny = Solver(4096), Solver(1)
    for p in deals:
        results = []
        for s, budget in ((big, 0), (big, 2 * 10 ** 6), (tiny, 0)):
            load(s, p)
            if p["game"] == GT_NULL:
                results.append(s.null_won(budget))
            else:
                results.append(s.reaches(61, budget))
            assert s.exact == 1
        assert results[0] == results[1] == results[2], (p, results)
