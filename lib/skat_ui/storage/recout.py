"""The deal's game record (docs/records.md) on the serial console: one JSON line at the end of
every deal, which is how a CircuitPython user copies a game off the board (``python -m sim
replay`` reads it back).

Printed in pieces (``print(..., end="")``): no whole line is built on the device's heap; the
console still gets one line. Loaded after the deal's last action and dropped at once (between
deals, never during play). The same text as skat_core.notation.record's writer (host only), which
tests/app/test_app_records.py checks. Few string constants: each one a module brings stays
interned on the device for good (the words are one string, split when printing).
"""

from skat_core.rules import CHOICES

# Verbs | Farben bid tokens (names.FARBEN_TOKENS) | declaration words (flag bits 2, 4, ... 32)
WORDS = ("bid yes pass hand pickup discard declare concede play offer accept reject contra re "
         "tourne|frage-D frage-H frage-S frage-C tourne solo-D solo-H solo-S null solo-C grand "
         "null-ouvert grand-ouvert|schneider schwarz offen1 offen2 ouvert|raus stich")


def card(c):
    return "CSHD"[c >> 3] + "ATKQJ987"[c & 7]


def action(x, w, farben):
    """The record string of one action (skat_core.notation.record.format_action)."""
    verb = x[1]
    a = x[2]
    s = ("vh", "mh", "hh")[x[0]] + " " + w[0][verb]
    if verb == 0:                                    # bid
        s += " " + (w[1][a] if farben else str(a))
    elif verb == 5:                                  # discard
        s += " " + card(a) + " " + card(x[3])
    elif verb == 8:                                  # play
        s += " " + card(a)
    elif verb == 6 or (verb == 7 and a < 6):         # declare, concede G
        s += " " + "CSHDGN"[a]
        if verb == 6:
            for i in range(5):
                if x[3] & (2 << i):
                    s += " " + w[2][i]
    elif verb == 9:                                  # offer
        s += " " + w[3][a - 1]
    return s


def deal(out, d):
    for part in range(4):
        out((", " if part else "") + '"' + ("vh", "mh", "hh", "skat")[part] + '": "', end="")
        k = part * 10
        for i in range(k, k + (2 if part == 3 else 10)):
            out((" " if i > k else "") + card(d[i]), end="")
        out('"', end="")


def emit(app, out=print):
    """Print the finished deal's record as one line (``out`` takes ``end=""`` pieces)."""
    g = app.game
    ser = app.series
    n = ser.games() if ser is not None else 0
    sseed = ser.seed if ser is not None else 0
    out('{"series": %d, "game": %d, "seed": %d, "deal": {' % (
        sseed, n, (sseed + (n - 1) * 7919) & 0x3FFFFFFF), end="")
    deal(out, g.deal_ids)
    out("}", end="")
    if g.bock:                       # a Bock game (its score doubled)
        out(', "bock": true', end="")
    out(', "rules": {', end="")
    sep = ""
    for key, values in CHOICES:
        v = getattr(g.rules, key)
        if v != values[0]:        # a record reads an unnamed key as its first value
            out(sep + '"' + key + '": "' + v + '"', end="")
            sep = ", "
    out('}, "actions": [', end="")
    w = [p.split() for p in WORDS.split("|")]
    farben = g.rules.farben
    sep = '"'
    for x in app.record:
        out(sep + action(x, w, farben) + '"', end="")
        sep = ', "'
    out("]}")
