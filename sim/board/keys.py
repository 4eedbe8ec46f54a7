"""Key scripts for the headless simulator.

A script is whitespace-separated tokens; ``#`` starts a comment to the end of the line.

- ``A`` ``B`` ``START`` ``SELECT`` ``UP`` ``DOWN`` ``LEFT`` ``RIGHT`` (PyBadge family),
  ``L`` ``R`` ``SEL`` (3-button boards), ``A B X Y`` (+ arrows on the PicoSystem): a short
  press (press, then release) of that key; names are the board's keys in
  sim/board/platform/boards.py plus its aliases, case-insensitive;
- ``LONG:<key>``: a long press, held for ``LONG_MS`` of virtual time (> 800 ms);
- ``WAIT:n``: let the app sleep n times with no key;
- ``<token>*n``: the token n times (``RIGHT*3``, ``WAIT:2*5``).

Keys are delivered only while the app sleeps waiting for input, one token at a time, so a
script is deterministic whatever the machine's speed.

Limits: a script file is at most MAX_BYTES, and a script at most MAX_ACTIONS key actions,
each slept ``WAIT`` counted (a whole evening's series is a few thousand): ``A*999999999``
or ``WAIT:999999999`` is refused with its line, not run for days.
"""

from sim.board.platform import boards

LONG_MS = 1000
MAX_BYTES = 1 << 20
MAX_ACTIONS = 100000


class ScriptError(ValueError):
    pass


# A script for the PyBadge's eight keys, pressed on a board with fewer. Every screen is
# one-dimensional (lib/skat_ui/screens/table.py), so up and left go back, down and right
# forward. Three buttons (the Feathers: left, right, select): A is a short select, B or Start
# a long one (back, the menu); Select (the play screen's hint) has no key there, the play
# menu offers it. A B X Y (the Pico Display Pack): X and Y step, B is back and the menu.
THREE_BUTTONS = {"UP": "L", "LEFT": "L", "DOWN": "R", "RIGHT": "R", "A": "SEL",
                 "B": "LONG:SEL", "START": "LONG:SEL"}
FOUR_BUTTONS = {"UP": "X", "LEFT": "X", "DOWN": "Y", "RIGHT": "Y", "START": "B"}
DIRECTIONS = ("UP", "DOWN", "LEFT", "RIGHT")


def three_buttons(board):
    """Whether ``board`` (name or entry) has left, right and select only (the Feathers)."""
    entry = boards.get(board) if isinstance(board, str) else board
    return "SEL" in entry["keys"]


def for_board(text, board):
    """``text``, a script of the PyBadge's eight keys, as pressed on ``board`` (name or
    entry): each key token replaced (``THREE_BUTTONS``, ``FOUR_BUTTONS``; repeats kept,
    ``RIGHT*3`` is ``R*3``), on a joystick each direction followed by ``WAIT:1`` (the
    PyGamer's joystick is polled: the app must see it back in the middle before the next
    deflection counts). Lines and comments stay as they were; a board's own key stays."""
    entry = boards.get(board) if isinstance(board, str) else board
    keys = entry["keys"]
    table = THREE_BUTTONS if three_buttons(entry) else FOUR_BUTTONS if "UP" not in keys else None
    joystick = table is None and keys["UP"][0] == "joy"
    if table is None and not joystick:
        return text
    out = []
    for line in text.splitlines():
        body, hash_, comment = line.partition("#")
        tokens = []
        for token in body.split():
            key, star, times = token.partition("*")
            if joystick:
                if key.upper() in DIRECTIONS:
                    tokens.extend([key + " WAIT:1"] * (int(times) if star else 1))
                else:
                    tokens.append(token)
            else:
                tokens.append(table.get(key.upper(), key) + star + times)
        out.append(" ".join(tokens) + (" " if tokens and hash_ else "") + hash_ + comment)
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def parse(text, board):
    """The script ``text`` for ``board`` (name or entry) as a list of actions:
    ``("press", key)``, ``("long", key)``, ``("wait", n)``. ScriptError on a bad token."""
    entry = boards.get(board) if isinstance(board, str) else board
    actions = []
    total = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        for token in line.split():
            count = 1
            if "*" in token:
                token, _, times = token.rpartition("*")
                if not (times.isascii() and times.isdigit()) or int(times) < 1:
                    raise ScriptError("line %d: bad repeat count in %r" % (lineno, token))
                count = int(times) if len(times) <= 7 else MAX_ACTIONS + 1
            action = _action(token, entry, lineno)
            total += count * (max(1, action[1]) if action[0] == "wait" else 1)
            if total > MAX_ACTIONS:
                raise ScriptError("line %d: the script is longer than %d key actions (waits "
                                  "counted)" % (lineno, MAX_ACTIONS))
            actions.extend([action] * count)
    return actions


def _action(token, entry, lineno):
    upper = token.upper()
    if upper.startswith("WAIT:"):
        n = upper[5:]
        if not n.isdigit() or not n.isascii():
            raise ScriptError("line %d: WAIT needs a count: %r" % (lineno, token))
        return ("wait", int(n) if len(n) <= 7 else MAX_ACTIONS + 1)
    kind = "press"
    if upper.startswith("LONG:"):
        kind, upper = "long", upper[5:]
    key = boards.logical_key(entry, upper)
    if key is None:
        raise ScriptError("line %d: board %s has no key %r (keys: %s)" % (
            lineno, entry["board_id"], token,
            " ".join(sorted(list(entry["keys"]) + list(entry["aliases"])))))
    return (kind, key)
