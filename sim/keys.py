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
"""

from sim.platform import boards

LONG_MS = 1000


class ScriptError(ValueError):
    pass


def parse(text, board):
    """The script ``text`` for ``board`` (name or entry) as a list of actions:
    ``("press", key)``, ``("long", key)``, ``("wait", n)``. ScriptError on a bad token."""
    entry = boards.get(board) if isinstance(board, str) else board
    actions = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        for token in line.split():
            count = 1
            if "*" in token:
                token, _, times = token.rpartition("*")
                if not times.isdigit() or int(times) < 1:
                    raise ScriptError("line %d: bad repeat count in %r" % (lineno, token))
                count = int(times)
            actions.extend([_action(token, entry, lineno)] * count)
    return actions


def _action(token, entry, lineno):
    upper = token.upper()
    if upper.startswith("WAIT:"):
        n = upper[5:]
        if not n.isdigit():
            raise ScriptError("line %d: WAIT needs a count: %r" % (lineno, token))
        return ("wait", int(n))
    kind = "press"
    if upper.startswith("LONG:"):
        kind, upper = "long", upper[5:]
    key = boards.logical_key(entry, upper)
    if key is None:
        raise ScriptError("line %d: board %s has no key %r (keys: %s)" % (
            lineno, entry["board_id"], token,
            " ".join(sorted(list(entry["keys"]) + list(entry["aliases"])))))
    return (kind, key)
