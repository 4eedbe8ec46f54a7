"""Seeded random solver positions for the tests and measurements (host side only).

A position comes from a random deal, a random game type and declarer, and random legal
play (tests/support/solver_brute.py's rules) up to the start point, which may lie inside a trick.
Returned as a dict in the shape of ``Solver.load``'s arguments (global card ids).
"""

import random

from tests.support import solver_brute as B

SUIT_GAMES = (0, 1, 2, 3)


def random_position(rng, tricks_left, game=None, mid=None, null_clean=True):
    """``tricks_left`` tricks still to be completed (the current one counts).

    ``mid``: cards already in the current trick (None: random). In Null the random play
    is retried (a few times) until the declarer has taken no trick yet, because a Null
    already lost is trivial; ``null_clean=False`` keeps the first try.
    """
    if game is None:
        game = rng.randrange(7)
    for _ in range(20):
        pos = _one(rng, tricks_left, game, mid)
        if game != B.NULL or not null_clean or pos["decl_tricks"] == 0:
            break
    return pos


def _random_cards(rng, hs, leader, n, game):
    """The first ``n`` cards of a trick led by ``leader``: random legal cards, taken from
    the hands ``hs``."""
    trick = []
    seat = leader
    for _ in range(n):
        c = rng.choice(B.legal_cards(hs[seat], trick, game))
        hs[seat].discard(c)
        trick.append(c)
        seat = B.next_seat(seat, game)
    return trick


def _one(rng, tricks_left, game, mid):
    deck = list(range(32))
    rng.shuffle(deck)
    ramsch = game == B.RAMSCH
    hs = [set(deck[0:10]), set(deck[10:20]), set(deck[20:30])]
    skat = sorted(deck[30:32])
    if ramsch:
        hs[1] = set()
    decl = rng.choice((0, 2))
    size = 2 if ramsch else 3
    leader = 0
    dpts = dtr = otr = 0
    for _ in range(10 - tricks_left):
        trick = _random_cards(rng, hs, leader, size, game)
        ws = B.seat_after(leader, B.trick_winner(trick, game), game)
        if ws == decl:
            dpts += sum(B.POINTS[x & 7] for x in trick)
            dtr += 1
        else:
            otr += 1
        leader = ws
    if mid is None:
        mid = rng.randrange(size)
    trick = _random_cards(rng, hs, leader, mid, game)
    return {"game": game, "declarer": decl, "hands": [sorted(h) for h in hs], "skat": skat,
            "leader": leader, "trick": trick, "decl_points": dpts, "decl_tricks": dtr,
            "opp_tricks": otr}


def load(solver, pos):
    h = pos["hands"]
    return solver.load(pos["game"], pos["declarer"], h[0], h[1], h[2], pos["skat"],
                       pos["leader"], pos["trick"], pos["decl_points"], pos["decl_tricks"],
                       pos["opp_tricks"])


def skat_points(pos):
    if pos["game"] == B.RAMSCH:
        return 0
    return sum(B.POINTS[c & 7] for c in pos["skat"])


def brute_points(pos):
    """Final declarer points (suit/Grand incl. skat; Ramsch: the counted seat's)."""
    fut = B.future(pos["game"], pos["declarer"], pos["hands"], pos["trick"], pos["leader"],
                   False)
    return pos["decl_points"] + skat_points(pos) + fut


def brute_null_won(pos):
    fut = B.future(pos["game"], pos["declarer"], pos["hands"], pos["trick"], pos["leader"],
                   True)
    return 1 if pos["decl_tricks"] + fut == 0 else 0


def rng_for(seed):
    return random.Random(seed)
