"""Game records of the International Skat Server (ISS), replayed at a three-player table:
``python -m sim replay --iss FILE [FILE ...]`` (sim/board/replay.py).

A record is one line, ``(;GM[Skat]PC[...]...ID[n]...MV[moves]R[result] ;)``, as the server's
archive (``.sgf``, also ``.sgf.bz2``) and other projects' tests write them; the format, with
real lines and where each fact comes from: tests/data/iss/FORMAT.md. Each line is replayed
move by move on ``skat_core.three.game.ThreeGame`` - the deal (ISS seat 0 Vorhand, 1
Mittelhand, 2 Hinterhand; cards 1-10, 11-20, 21-30, the skat 31-32), the bids, the skat, the
declaration, the cards - so the engine refuses what the rules refuse, and the count is the
engine's. What the server adds to the rules (docs/rules.md, "ISS records"):

- ``RE`` (resign): the declarer's gives the defenders every trick still to play (a Null is
  lost); both defenders' give them to the declarer (a Null is won). On the ISS one defender's
  alone changes nothing; on ISS2 (``PC[ISS2]``) one defender's after the declarer showed his
  cards (``SC``) ends the game as both would.
- ``SC`` (show cards) and ``??`` (a card the record does not know) change nothing.
- ``w TI.n`` / ``w LE.n`` (seat n timed out / left): before there is a declarer the game is not
  played (a penalty for seat n, no score); during play a defender's gives the declarer the
  rest, the declarer's gives it to the defenders.
- The moves may stop where the outcome is decided: a game with Schwarz announced (so every
  ouvert) is lost at the defenders' first trick; the rest is theirs.

One JSON line per game: ``id``, ``declarer`` (the ISS seat 0-2, -1 when no game was played),
``game`` (``C S H D G N``, ``passed``, ``penalty``), ``won``, ``value`` (the game value, with
an overbid the value lost at), ``score`` (as the server's ``v:``: +value won, -2 x value
lost), ``matadors``, ``points`` and ``tricks`` (the declarer's, skat included), and where the
line has a result ``server`` (its ``v:``) and ``agrees``. A line that cannot be replayed gets
``error`` (one line, our words) and ``index`` (the move, -1 for the line itself).
"""

import bz2
import json
import os
import re
import sys

from skat_core.cards import F_OUVERT, F_SCHNEIDER, F_SCHWARZ, GT_NULL, POINTS, parse_card
from skat_core.codes import (PH_DONE, PH_PLAY, RK_NORMAL, RK_PASSED, V_BID, V_DECLARE,
                             V_DISCARD, V_HAND, V_PASS, V_PICKUP, V_PLAY, V_YES, error_text)
from skat_core.engine.play_count import finish
from skat_core.three.game import ThreeGame

MAX_LINE = 1 << 16          # an ISS line is about 700 bytes; a longer one is not a record
GAMES = "CSHDGN"
_PROPERTY = re.compile(r"([A-Z][A-Z0-9]*)\[([^\]]*)\]")
_FLAG_LETTERS = {"O": F_OUVERT, "S": F_SCHNEIDER, "Z": F_SCHWARZ, "H": 0}


class IssError(Exception):
    """A line the replay refuses: the message is the JSON line's ``error``."""

    def __init__(self, message, index=-1):
        Exception.__init__(self, message)
        self.index = index


def properties(line):
    """{key: value} of a record line; IssError if it is not one."""
    text = line.strip()
    if not (text.startswith("(;") and text.endswith(";)")):
        raise IssError("not an ISS game line: it must start with '(;' and end with ';)'")
    props = {}
    for m in _PROPERTY.finditer(text):
        if m.group(1) == "R":                      # the result: the last R[...]
            props["R"] = m.group(2)
        else:
            props.setdefault(m.group(1), m.group(2))
    if props.get("GM") != "Skat":
        raise IssError("not a Skat record (GM[Skat] missing)")
    if "MV" not in props:
        raise IssError("no moves (MV[...] missing)")
    return props


def _cards(text, n, what, index):
    words = text.split(".")
    if len(words) != n:
        raise IssError("%s: %d cards expected, got %d" % (what, n, len(words)), index)
    out = []
    for w in words:
        c = parse_card(w)
        if c < 0:
            raise IssError("%s: %r is not a card" % (what, w[:8]), index)
        out.append(c)
    return out


def _declaration(token, index):
    """(game type, flags, the cards after the type) of a declaration token (``GO``, ``CHZ``,
    ``D.ST.H8``, ``NO.HA.HQ``...); IssError if it is none."""
    head, _, rest = token.partition(".")
    if not head or head[0] not in GAMES:
        raise IssError("not a declaration: %r" % token[:16], index)
    flags = 0
    for ch in head[1:]:
        if ch not in _FLAG_LETTERS:
            raise IssError("unknown declaration letter %r in %r" % (ch, head), index)
        flags |= _FLAG_LETTERS[ch]
    cards = []
    if rest:
        for w in rest.split("."):
            c = parse_card(w)
            if c < 0:
                raise IssError("not a card in the declaration: %r" % w[:8], index)
            cards.append(c)
    return GAMES.index(head[0]), flags, cards


def _act(g, seat, verb, a, b, index):
    err = g.act(seat, verb, a, b)
    if err:
        raise IssError("move %d refused: %s" % (index, error_text(err)), index)


def award_rest(g, to_declarer):
    """End the play with every trick still to play to the declarer (``to_declarer``) or to
    the defenders, and count (``engine.play_count.finish``). In Null the declarer taking a
    trick loses; the defenders giving up leaves him trickless: he wins."""
    d = g.declarer
    if g.game_type == GT_NULL:
        if not to_declarer:
            g.seat_tricks[d] += 1
        finish(g)
        return
    skat = POINTS[g.skat[0] & 7] + POINTS[g.skat[1] & 7]
    rest = 120 - skat - g.seat_points[0] - g.seat_points[1] - g.seat_points[2]
    seat = d if to_declarer else (d + 1) % 3
    g.seat_points[seat] += rest
    g.seat_tricks[seat] += 10 - g.n_tricks
    finish(g)


def _decided_lost(g):
    """Is the declarer's game lost whatever is played now (Schwarz announced, a trick out)?"""
    d = g.declarer
    return g.flags & F_SCHWARZ and g.seat_tricks[d] < g.n_tricks


def replay_line(line):
    """The result dict of one ISS record line (see the module docstring)."""
    props = properties(line)
    out = {"id": props.get("ID", "")}
    moves = props["MV"].split()
    if len(moves) % 2:
        raise IssError("the moves are not pairs of actor and action")
    pairs = [(moves[i], moves[i + 1]) for i in range(0, len(moves), 2)]
    if not pairs or pairs[0][0] != "w":
        raise IssError("the moves do not start with the deal (w ...)", 0)
    deal = _cards(pairs[0][1], 32, "the deal", 0)
    if len(set(deal)) != 32:
        raise IssError("the deal holds a card twice", 0)
    g = ThreeGame()
    g.deal_hands(deal[0:10], deal[10:20], deal[20:30], deal[30:32])
    iss2 = props.get("PC") == "ISS2"
    resigned = set()
    shown = False
    penalty = -1
    pending_discard = None          # (seat, game, flags): the split form's declaration
    i = 1
    while i < len(pairs):
        actor, action = pairs[i]
        if g.phase == PH_DONE:
            raise IssError("a move after the end of the game: %s %s" % (actor, action[:16]), i)
        if actor == "w":
            if action.startswith("TI.") or action.startswith("LE."):
                seat = _seat(action[3:], i)
                if g.declarer < 0 or g.phase < PH_PLAY:
                    if g.declarer >= 0:
                        raise IssError("the declarer left before he declared: not replayed", i)
                    penalty = seat
                    break
                award_rest(g, seat != g.declarer)
                break
            if g.picked_up and not shown and g.phase < PH_PLAY:
                skat = _cards(action, 2, "the skat", i)
                if sorted(skat) != sorted(g.skat):
                    raise IssError("the skat shown is not the deal's", i)
                i += 1
                continue
            raise IssError("unknown move of the server: %s" % action[:16], i)
        seat = _seat(actor, i)
        if action.isdigit():
            _act(g, seat, V_BID, int(action), 0, i)
        elif action == "y":
            _act(g, seat, V_YES, 0, 0, i)
        elif action == "p":
            _act(g, seat, V_PASS, 0, 0, i)
        elif action == "s":
            _act(g, seat, V_PICKUP, 0, 0, i)
        elif action == "??":
            pass                                   # a card the record does not know
        elif action == "SC" or action.startswith("SC."):
            shown = True
        elif action == "RE":
            if seat == g.declarer:
                award_rest(g, False)
                break
            resigned.add(seat)
            if len(resigned) == 2 or (iss2 and shown):
                award_rest(g, True)
                break
        elif pending_discard is not None:
            game, flags = pending_discard
            cards = _cards(action, 2, "the discard", i)
            _act(g, seat, V_DISCARD, cards[0], cards[1], i)
            _act(g, seat, V_DECLARE, game, flags, i)
            pending_discard = None
        elif g.phase == PH_PLAY:
            c = parse_card(action)
            if c < 0:
                raise IssError("not a card: %r" % action[:16], i)
            _act(g, seat, V_PLAY, c, 0, i)
        else:
            game, flags, cards = _declaration(action, i)
            if not g.picked_up:
                _act(g, seat, V_HAND, 0, 0, i)
                _act(g, seat, V_DECLARE, game, flags, i)
            elif len(cards) >= 2:
                _act(g, seat, V_DISCARD, cards[0], cards[1], i)
                _act(g, seat, V_DECLARE, game, flags, i)
            else:
                pending_discard = (game, flags)    # the split form: the discard comes next
        i += 1
    if g.phase == PH_PLAY and penalty < 0:
        if not _decided_lost(g):
            raise IssError("the moves end before the game does", len(pairs))
        award_rest(g, False)
    return _summary(out, g, penalty, props.get("R"))


def _seat(text, index):
    if text not in ("0", "1", "2"):
        raise IssError("not a seat: %r" % text[:8], index)
    return int(text)


def _summary(out, g, penalty, server):
    r = g.result
    if penalty >= 0:
        out.update({"declarer": -1, "game": "penalty", "penalty": penalty, "won": False,
                    "value": 0, "score": 0})
    elif g.phase != PH_DONE:
        raise IssError("the moves end before the game does")
    elif r.kind == RK_PASSED:
        out.update({"declarer": -1, "game": "passed", "won": False, "value": 0, "score": 0})
    elif r.kind == RK_NORMAL:
        out.update({"declarer": r.declarer, "game": GAMES[r.game_type], "won": r.won,
                    "value": r.value, "score": r.score, "matadors": r.matadors,
                    "points": r.decl_points, "tricks": r.decl_tricks})
        if r.overbid:
            out["overbid"] = True
    else:
        raise IssError("this game ended in a way an ISS record does not know")
    v = server_score(server)
    if v is not None:
        out["server"] = v
        out["agrees"] = v == out["score"]
    return out


def server_score(result):
    """The server's ``v:`` of an ``R[...]`` result (0 for ``passed``), or None."""
    if result is None:
        return None
    if result.strip() == "passed":
        return 0
    m = re.search(r"(?:^| )v:(-?\d{1,6})(?: |$)", result)
    return int(m.group(1)) if m else None


def lines_of(path):
    """(line number, text) of a record file, bz2-compressed if its name ends in .bz2; an
    over-long line (or a file without line ends) raises IssError and ends the file."""
    opener = bz2.open if path.endswith(".bz2") else open
    with opener(path, "rb") as f:
        n = 0
        while True:
            data = f.readline(MAX_LINE + 1)
            if not data:
                return
            n += 1
            if len(data) > MAX_LINE:
                raise IssError("line %d is longer than %d bytes: not an ISS record (the file "
                               "is not read further)" % (n, MAX_LINE))
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                yield n, None
                continue
            yield n, text


def replay_file(path, write):
    """Replay every record line of ``path``; ``write(dict)`` each result. The count of
    error lines."""
    errors = 0
    if os.path.isdir(path):
        write({"file": path, "error": "a directory, not a file", "index": -1})
        return 1
    try:
        for n, text in lines_of(path):
            if text is None:
                write({"file": path, "line": n, "error": "not UTF-8 text", "index": -1})
                errors += 1
                continue
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            try:
                result = replay_line(text)
            except IssError as e:
                result = {"id": _id_of(text), "error": str(e), "index": e.index}
            except Exception:  # noqa: BLE001 - one line must not stop the others
                result = {"id": _id_of(text), "error": "internal error while replaying this line",
                          "index": -1}
            if "error" in result:
                errors += 1
            write(dict({"file": path, "line": n}, **result))
    except IssError as e:
        write({"file": path, "error": str(e), "index": -1})
        errors += 1
    except FileNotFoundError:
        write({"file": path, "error": "no such file", "index": -1})
        errors += 1
    except PermissionError:
        write({"file": path, "error": "permission denied", "index": -1})
        errors += 1
    except (OSError, EOFError, ValueError):       # a broken .bz2, a device that fails
        write({"file": path, "error": "cannot read the file (a broken .bz2?)", "index": -1})
        errors += 1
    return errors


def _id_of(text):
    m = re.search(r"ID\[(\d{1,12})\]", text)
    return m.group(1) if m else ""


def main(argv):
    """``python -m sim replay --iss FILE [FILE ...]``; exit 1 if any line had an error."""
    if not argv:
        print("usage: python -m sim replay --iss FILE [FILE ...]", file=sys.stderr)
        return 2
    errors = 0
    for path in argv:
        errors += replay_file(path, lambda d: print(json.dumps(d), flush=True))
    return 1 if errors else 0
