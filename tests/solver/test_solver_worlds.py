"""Switching worlds: ``set_hand`` (and a repeated ``load``) keep the numbering and the table.

Rule checked (solve.py docstring): a world that differs only in which of the declarer's
cards form the skat gives the same answers whether it is loaded afresh into a new solver,
loaded after another world, or reached by ``set_hand`` - the carried-over table never
changes a result. ``set_hand`` refuses a split that is not of the loaded cards.
"""

from skat_core.cards import POINTS
from skat_core.solver.solve import Solver, E_OK, E_CARDS
from tests.support.solver_positions import random_position, rng_for


def worlds_of(p, n):
    """Up to ``n`` re-splits of the declarer's hand + skat (same hand size)."""
    d = p["declarer"]
    pool = sorted(p["hands"][d] + p["skat"])
    out = []
    for i in range(len(pool)):
        for j in range(i + 1, len(pool)):
            skat = [pool[i], pool[j]]
            hand = [c for c in pool if c not in skat]
            out.append((hand, skat))
    step = max(1, len(out) // n)
    return out[::step][:n]


def answers(s, p):
    out = bytearray(32)
    if p["game"] == 5:
        return (s.null_won(), s.move_values(1, 0, out), bytes(out))
    return (s.declarer_points(), s.move_values(61, 0, out), bytes(out))


def with_world(p, hand, skat):
    q = dict(p)
    hands = list(p["hands"])
    hands[p["declarer"]] = hand
    q["hands"] = hands
    q["skat"] = skat
    return q


def load(s, p):
    h = p["hands"]
    return s.load(p["game"], p["declarer"], h[0], h[1], h[2], p["skat"], p["leader"],
                  p["trick"], p["decl_points"], p["decl_tricks"], p["opp_tricks"])


def test_worlds_by_set_hand_equal_fresh_solves():
    rng = rng_for(55)
    shared = Solver(1024)
    for k in range(12):
        p = random_position(rng, 4 + k % 3, game=k % 7, mid=k % 2)
        assert load(shared, p) == E_OK
        for hand, skat in worlds_of(p, 6):
            q = with_world(p, hand, skat)
            fresh = Solver(1024)
            assert load(fresh, q) == E_OK
            want = answers(fresh, q)
            assert shared.set_hand(p["declarer"], hand, skat) == E_OK
            assert answers(shared, q) == want
            assert load(shared, q) == E_OK          # a load of the same numbering
            assert answers(shared, q) == want


def test_set_hand_refuses_cards_that_were_not_in_hand_or_skat():
    p = random_position(rng_for(56), 5, game=0, mid=0)
    s = Solver(256)
    assert load(s, p) == E_OK
    d = p["declarer"]
    other = p["hands"][(d + 1) % 3]
    before = s.declarer_points()
    bad_hand = p["hands"][d][:-1] + [other[0]]
    assert s.set_hand(d, bad_hand, p["skat"]) == E_CARDS
    assert s.declarer_points() == before


def test_skat_points_follow_the_world():
    p = random_position(rng_for(57), 4, game=4, mid=0)
    s = Solver(256)
    assert load(s, p) == E_OK
    d = p["declarer"]
    pool = p["hands"][d] + p["skat"]
    hand, skat = sorted(pool, key=lambda c: POINTS[c & 7])[2:], \
        sorted(pool, key=lambda c: POINTS[c & 7])[:2]
    fresh = Solver(256)
    q = with_world(p, hand, skat)
    assert load(fresh, q) == E_OK
    assert s.set_hand(d, hand, skat) == E_OK
    assert s.declarer_points() == fresh.declarer_points()
