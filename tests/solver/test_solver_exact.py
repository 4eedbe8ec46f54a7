"""The solver equals brute-force minimax (tests/support/solver_brute.py) on random endgames.

Rule checked (issue 3, rules §4/§5): under best play of both sides the solver's final
declarer points, its "won" answers at 61 and its best move are those of plain minimax.
2,100 seeded positions with 1-5 tricks left (300 per game type: Kreuz, Pik, Herz, Karo,
Grand, Null, Ramsch), from random deals and random legal play, a third of them inside a
trick. For each position and each legal card of the seat to move the brute force gives the
value after that card; the solver must give:
- ``declarer_points()`` = the best of those values (Null: ``null_won()``);
- ``best_move()`` a card whose value is that best value (Null: a card that keeps a won
  Null won);
- ``move_points()`` = every card's value, ``move_values(61)`` = every card's value >= 61
  (Null: ``move_values(1)`` = the card lets the opponents force a trick).
"""

import pytest

from skat_core.solver.solve import Solver
from tests.support import solver_brute as B
from tests.support.solver_positions import load, random_position, rng_for, skat_points

PER_GAME = 300
# make test checks the first 60 positions of each game type's 300 (12 of each depth, 1-5
# tricks left, a third inside a trick); make test-all all 300. The sample catches every
# solver mutation the full run catches, of six tried on 2026-12-03: a sure-trick bound one
# point too high (first failing position 14, in Herz), the table's bounds read inverted (2),
# the table's cut one point off (2), out-of-reach at <= (1); a collapse of equivalent cards
# across unequal points and the opponents' sure tricks counted per card fail neither size.
SAMPLE = 60
GAMES = (("kreuz", 0), ("pik", 1), ("herz", 2), ("karo", 3), ("grand", 4), ("null", 5),
         ("ramsch", 6))


def brute_move_values(pos, tricks_mode):
    """{card: declarer's future metric after it} for every legal card of the mover."""
    game, decl = pos["game"], pos["declarer"]
    seat = pos["leader"]
    for _ in pos["trick"]:
        seat = B.next_seat(seat, game)
    out = {}
    for c in B.legal_cards(set(pos["hands"][seat]), pos["trick"], game):
        out[c] = B.value_after(game, decl, pos["hands"], pos["trick"], pos["leader"],
                               tricks_mode, c)
    return seat, out


def check_points_game(s, pos):
    base = pos["decl_points"] + skat_points(pos)
    seat, vals = brute_move_values(pos, False)
    finals = {c: base + v for c, v in vals.items()}
    maximise = (seat == pos["declarer"]) != (pos["game"] == B.RAMSCH)
    best = max(finals.values()) if maximise else min(finals.values())
    assert load(s, pos) == 0
    assert s.declarer_points() == best
    assert s.exact == 1
    assert s.reaches(61) == (1 if best >= 61 else 0)
    bm = s.best_move()
    assert finals[bm] == best, "best move %d worth %d, best %d" % (bm, finals[bm], best)
    out = bytearray(32)
    assert s.move_points(0, out) == len(finals)
    for c in range(32):
        assert out[c] == finals.get(c, 255), "card %d" % c
    gm = s.goal_move(61)
    mover_wants_61 = seat == pos["declarer"] and pos["game"] != B.RAMSCH
    if pos["game"] == B.RAMSCH:
        mover_wants_61 = seat != pos["declarer"]
    good = [c for c in finals if (finals[c] >= 61) == mover_wants_61]
    if good:
        assert gm in good
    else:
        assert gm == 255
    assert s.move_values(61, 0, out) == len(finals)
    for c in range(32):
        want = 255 if c not in finals else (1 if finals[c] >= 61 else 0)
        assert out[c] == want


def check_null(s, pos):
    seat, vals = brute_move_values(pos, True)
    tricks = {c: pos["decl_tricks"] + v for c, v in vals.items()}
    if seat == pos["declarer"]:
        won = 1 if min(tricks.values()) == 0 else 0
    else:
        won = 1 if max(tricks.values()) == 0 else 0
    assert load(s, pos) == 0
    assert s.null_won() == won
    bm = s.best_move()
    if won:
        assert tricks[bm] == 0
    elif seat != pos["declarer"]:
        assert tricks[bm] > 0          # the opponents' card must force the trick
    out = bytearray(32)
    assert s.move_values(1, 0, out) == len(tricks)
    for c in range(32):
        assert out[c] == (255 if c not in tricks else (1 if tricks[c] >= 1 else 0))


@pytest.mark.parametrize("n", [pytest.param(SAMPLE, id="sample"),
                               pytest.param(PER_GAME, id="all", marks=pytest.mark.slow)])
@pytest.mark.parametrize("name,game", GAMES)
def test_solver_equals_brute_force_on_random_endgames(name, game, n):
    s = Solver(1024)
    rng = rng_for(1000 + game)
    for k in range(n):
        pos = random_position(rng, 1 + k % 5, game=game)
        try:
            if game == B.NULL:
                check_null(s, pos)
            else:
                check_points_game(s, pos)
        except AssertionError as exc:
            raise AssertionError("position %d %r: %s" % (k, pos, exc))
