"""``python -m sim solve FILE``: solve a card-play position exactly (double dummy).

FILE (JSON, ``-`` for stdin)::

    {"game": "C|S|H|D|G|N" (or "R" for Ramsch), "declarer": "vh|hh",
     "hands": {"vh": "CJ SA ...", "mh": "...", "hh": "..."}, "skat": "D7 D8",
     "leader": "vh|mh|hh", "trick": "cards already in the current trick, in order",
     "declarer_points": 0, "declarer_tricks": 0, "opponent_tricks": 0}

Card lists may also be JSON lists of card names. Prints one line for people, then the
answer as a JSON object on the last line:

    {"declarer_points": final total under perfect play incl. skat, "won": bool,
     "best": "a card for the seat to move that keeps that value"}

Null: ``{"won": bool, "best": ...}``. Ramsch ("R"): ``declarer`` names the seat whose
card points are counted (the skat is not); ``won`` is true when that seat ends with at
most 60 of the 120 points (ties by the last trick are not resolved here). ``won`` for suit
and Grand is card points >= 61; bid, announcements and overbidding are not considered.

``--budget N`` limits each search to N nodes (the device's mode): the answer may then be
an estimate, flagged by ``"exact": false`` on the human line. Bad input: a message on
stderr and exit status 2.
"""

import argparse
import json
import sys

from sim import cli
from skat_core.cards import GT_NULL, GT_RAMSCH, SEAT_NAMES, card_str, parse_cards
from skat_core.solver.solve import Solver

GAMES = "CSHDGNR"


def _cards(value, what):
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise ValueError("%s: expected a string of cards" % what)
    cards = parse_cards(value)
    if cards is None:
        raise ValueError("%s: not a card list: %r" % (what, value))
    return cards


def _seat(value, what):
    if value not in SEAT_NAMES:
        raise ValueError("%s: expected one of vh, mh, hh, got %r" % (what, value))
    return SEAT_NAMES.index(value)


def _int(d, key):
    v = d.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 120:
        raise ValueError("%s: expected an integer 0..120" % key)
    return v


def parse_position(d):
    """The Solver.load arguments of a position dict; raises ValueError with a message."""
    if not isinstance(d, dict):
        raise ValueError("the file must hold a JSON object")
    game = d.get("game")
    if not isinstance(game, str) or len(game) != 1 or game.upper() not in GAMES:
        raise ValueError("game: expected one of C S H D G N R")
    gt = GAMES.index(game.upper())
    decl = _seat(d.get("declarer"), "declarer")
    hands = d.get("hands")
    if not isinstance(hands, dict):
        raise ValueError("hands: expected an object with vh, mh, hh")
    h = [_cards(hands.get(name, ""), "hands." + name) for name in SEAT_NAMES]
    skat = _cards(d.get("skat", ""), "skat")
    leader = _seat(d.get("leader", "vh"), "leader")
    trick = _cards(d.get("trick", ""), "trick")
    return (gt, decl, h[0], h[1], h[2], skat, leader, trick, _int(d, "declarer_points"),
            _int(d, "declarer_tricks"), _int(d, "opponent_tricks"))


LOAD_ERRORS = {
    1: "unknown game type",
    2: "declarer must be vh or hh, the leader a seat (not mh in Ramsch)",
    3: "cards: a card given twice, hands of sizes that do not fit the trick, more than 30 "
       "live cards, or mh holding cards in Ramsch",
    4: "trick: the current trick is already full",
}


def solve(d, budget=0):
    """Solve a position dict; returns (answer dict, exact flag, nodes)."""
    args = parse_position(d)
    s = Solver(4096)
    err = s.load(*args)
    if err:
        raise ValueError(LOAD_ERRORS.get(err, "bad position (code %d)" % err))
    gt = args[0]
    if gt == GT_NULL:
        won = s.null_won(budget)
        exact = s.exact
        best = s.best_move(budget)
        exact &= s.exact
        return {"won": bool(won), "best": card_str(best)}, exact, s.nodes
    pts = s.declarer_points(budget)
    exact = s.exact
    best = s.best_move(budget)
    exact &= s.exact
    won = pts <= 60 if gt == GT_RAMSCH else pts >= 61
    return {"declarer_points": pts, "won": won, "best": card_str(best)}, exact, s.nodes


MAX_BYTES = 1 << 16             # a position is a few hundred bytes


def main(argv):
    parser = cli.Parser(prog="python -m sim solve", description=__doc__,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=cli.int_range(0), default=0,
                        help="nodes per search (0: no limit)")
    parser.add_argument("file", metavar="FILE")
    args = parser.parse_args(argv)
    try:
        text = cli.read_text(args.file, MAX_BYTES, "a position is a few hundred bytes",
                             parser.prog)
    except cli.InputError as e:
        parser.fail("FILE", str(e))
    try:
        d = json.loads(text)
    except ValueError as e:
        parser.fail("FILE", "not JSON (%s)" % e)
    except RecursionError:
        parser.fail("FILE", "not a position: nested too deeply")
    try:
        answer, exact, nodes = solve(d, args.budget)
    except ValueError as exc:
        print("solve: %s" % exc, file=sys.stderr)
        return 2
    print("seat to move plays %s; exact: %s; nodes in the last query: %d" % (
        answer["best"], "true" if exact else "false", nodes))
    print(json.dumps(answer))
    return 0
