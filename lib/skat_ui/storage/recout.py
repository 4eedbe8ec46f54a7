"""The deal's game record (docs/records.md) on the serial console: one JSON line at the end of
every deal, which is how a CircuitPython user copies a game off the board (``python -m sim
replay`` reads it back); at three with its ``"table": 3`` and Skat zu dritt's rules.

Printed in pieces (``print(..., end="")``): no whole line is built on the device's heap; the
console still gets one line. Loaded after the deal's last action and dropped at once (between
deals, never during play). The same text as skat_core.notation.record's writer (host only), which
tests/app/test_app_records.py checks. Few string constants: each one a module brings stays
interned on the device for good (the words are one string, split when printing; the JSON's
punctuation is pieced together from the one quote and names interned anyway).
"""

from skat_core import THREE_TABLES
from skat_core.cards import GAME_CHARS
from skat_core.rules import CHOICES

# Verbs | Farben bid tokens (names.FARBEN_TOKENS) | declaration words (flag bits 2, 4, ... 32)
# | offers | the ranks
WORDS = ("bid yes pass hand pickup discard declare concede play offer accept reject contra re "
         "tourne|frage-D frage-H frage-S frage-C tourne solo-D solo-H solo-S null solo-C grand "
         "null-ouvert grand-ouvert|schneider schwarz offen1 offen2 ouvert|raus stich|ATKQJ987")
Q = '"'


def card(c, w):
    """A card's record token: its suit (the suit games' letters, cards.GAME_CHARS) and rank."""
    return GAME_CHARS[c >> 3] + w[4][0][c & 7]


def action(x, w, farben):
    """The record string of one action (skat_core.notation.record.format_action)."""
    verb = x[1]
    a = x[2]
    s = ("vh", "mh", "hh")[x[0]] + " " + w[0][verb]
    if verb == 0:                                    # bid
        s += " " + (w[1][a] if farben else str(a))
    elif verb == 5:                                  # discard
        s += " " + card(a, w) + " " + card(x[3], w)
    elif verb == 8:                                  # play
        s += " " + card(a, w)
    elif verb == 6 or (verb == 7 and a < 6):         # declare, concede G
        s += " " + GAME_CHARS[a]
        if verb == 6:
            for i in range(5):
                if x[3] & (2 << i):
                    s += " " + w[2][i]
    elif verb == 9:                                  # offer
        s += " " + w[3][a - 1]
    return s


def deal(out, d, w):
    for part in range(4):
        out((", " if part else "") + Q + ("vh", "mh", "hh", "skat")[part] + Q + ": " + Q,
            end="")
        k = part * 10
        for i in range(k, k + (2 if part == 3 else 10)):
            out((" " if i > k else "") + card(d[i], w), end="")
        out(Q, end="")


def emit(app, out=print):
    """Print the finished deal's record as one line (``out`` takes ``end=""`` pieces)."""
    g = app.game
    ser = app.series
    n = ser.games() if ser is not None else 0
    sseed = ser.seed if ser is not None else 0
    out('{"series": %d, "game": %d, "seed": %d, "deal": {' % (
        sseed, n, (sseed + (n - 1) * 7919) & 0x3FFFFFFF), end="")
    w = [p.split() for p in WORDS.split("|")]
    deal(out, g.deal_ids, w)
    out("}", end="")
    choices = CHOICES
    farben = g.rules.farben
    if THREE_TABLES and g.three:     # Skat zu dritt's record: its table, its rules' keys
        out(', "table": 3', end="")
        from skat_core.three.rules import CHOICES as choices
        farben = False
    if g.bock:                       # a Bock game (its score doubled)
        out(', "bock": true', end="")
    out(', "rules": {', end="")
    sep = ""
    for key, values in choices:
        v = getattr(g.rules, key)
        if v != values[0]:        # a record reads an unnamed key as its first value
            out(sep + Q + key + Q + ": " + Q + v + Q, end="")
            sep = ", "
    out('}, "actions": [', end="")
    sep = Q
    for x in app.record:
        out(sep + action(x, w, farben) + Q, end="")
        sep = ", " + Q
    out("]" + "}")
