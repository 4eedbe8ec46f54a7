"""The deal's game record (docs/records.md) on the serial console: one JSON line at the end of
every deal, which is how a CircuitPython user copies a game off the board (``python -m sim
replay`` reads it back).

Printed in pieces (``print(..., end="")``): no whole line is built on the device's heap; the
console still gets one line. Loaded after the deal's last action and dropped at once (between
deals, never during play). The same text as skat_core.record's writer (host only), which
tests/test_app_records.py checks.
"""

from skat_core.cards import F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT
from skat_core.codes import V_BID, V_DISCARD, V_DECLARE, V_CONCEDE, V_PLAY, V_OFFER
from skat_core.rules import CHOICES

VERBS = ("bid", "yes", "pass", "hand", "pickup", "discard", "declare", "concede", "play",
         "offer", "accept", "reject", "contra", "re", "tourne")
SEATS = ("vh", "mh", "hh")
FLAGS = (("schneider", F_SCHNEIDER), ("schwarz", F_SCHWARZ), ("offen1", F_OFFEN1),
         ("offen2", F_OFFEN2), ("ouvert", F_OUVERT))
# Farben bid tokens (names.FARBEN_TOKENS) by class index.
FARBEN = ("frage-D", "frage-H", "frage-S", "frage-C", "tourne", "solo-D", "solo-H", "solo-S",
          "null", "solo-C", "grand", "null-ouvert", "grand-ouvert")


def card(c):
    return "CSHD"[c >> 3] + "ATKQJ987"[c & 7]


def action(seat, verb, a, b, farben):
    """The record string of one action (skat_core.record.format_action)."""
    s = SEATS[seat] + " " + VERBS[verb]
    if verb == V_BID:
        s += " " + (FARBEN[a] if farben else str(a))
    elif verb == V_DISCARD:
        s += " " + card(a) + " " + card(b)
    elif verb == V_PLAY:
        s += " " + card(a)
    elif verb == V_DECLARE:
        s += " " + "CSHDGN"[a]
        for name, bit in FLAGS:
            if b & bit:
                s += " " + name
    elif verb == V_CONCEDE and a < 6:
        s += " " + "CSHDGN"[a]
    elif verb == V_OFFER:
        s += " raus" if a == 1 else " stich"
    return s


def emit(app, out=print):
    """Print the finished deal's record as one line (``out`` takes ``end=""`` pieces)."""
    g = app.game
    ser = app.series
    d = g.deal_ids
    n = ser.games() if ser is not None else 0
    sseed = ser.seed if ser is not None else 0
    out('{"series": %d, "game": %d, "seed": %d, "deal": {' % (
        sseed, n, (sseed + (n - 1) * 7919) & 0x3FFFFFFF), end="")
    for part in range(4):
        k = part * 10
        out(('"vh": "', ', "mh": "', ', "hh": "', ', "skat": "')[part], end="")
        for i in range(k, k + (2 if part == 3 else 10)):
            out(card(d[i]) if i == k else " " + card(d[i]), end="")
        out('"', end="")
    out('}, "rules": {', end="")
    first = True
    for key, values in CHOICES:
        v = getattr(g.rules, key)
        if v != values[0]:
            out(('"%s": "%s"' if first else ', "%s": "%s"') % (key, v), end="")
            first = False
    out('}, "actions": [', end="")
    farben = g.rules.farben
    rec = app.record
    for i in range(len(rec)):
        x = rec[i]
        out(('"' if i == 0 else ', "') + action(x[0], x[1], x[2], x[3], farben) + '"', end="")
    out("]}")
