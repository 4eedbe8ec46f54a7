"""Key scripts for the headless simulator.

A script is whitespace-separated tokens; ``#`` starts a comment to the end of the line.

- ``A`` ``B`` ``START`` ``SELECT`` ``UP`` ``DOWN`` ``LEFT`` ``RIGHT`` (PyBadge family),
  ``L`` ``R`` ``SEL`` (3-button boards), ``A B X Y`` (+ arrows on the PicoSystem): a short
  press (press, then release) of that key; names are the board's keys in
  sim/platform/boards.py plus its aliases, case-insensitive;
- ``LONG:<key>``: a long press, held for ``LONG_MS`` of virtual time (> 800 ms);
- ``WAIT:n``: let the app sleep n times with no key;
- ``<token>*n``: the token n times (``RIGHT*3``, ``WAIT:2*5``).

Keys are delivered only while the app sleeps waiting for input, one token at a time, so a
script is deterministic whatever the machine's speed.

Limits: a script file is at most MAX_BYTES, and a script at most MAX_ACTIONS key actions,
each slept ``WAIT`` counted (a whole evening's series is a few thousand): ``A*999999999``
or ``WAIT:999999999`` is refused with its line, not run for days.
"""

from sim.platform import boards

LONG_MS = 1000
MAX_BYTES = 1 << 20
MAX_ACTIONS = 100000


class ScriptError(ValueError):
    pass


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
