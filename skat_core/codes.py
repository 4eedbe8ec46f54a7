"""Phases, verbs, offers, result kinds and error codes of the engine (re-exported by game.py).

Errors are small ints (0 = ok) so that ``Game.act`` never raises and never allocates; their
names are in ``errors`` (not loaded on the device), ``error_text(code)`` gives the English
message (the UI translates by code). Names and texts
for display are in ``names.py`` (loaded on demand: they cost heap on the device).
"""

from skat_core.cards import const

# Phases.
PH_DEAL = const(0)      # no cards dealt yet
PH_BID = const(1)       # the dealer (HH) bids a value or passes
PH_ANSWER = const(2)    # Vorhand answers the dealer's bid: yes or pass
PH_TAKE = const(3)      # the dealer passed at once: Vorhand bids 18 (Farben: a class) or passes
PH_SKAT = const(4)      # the declarer: hand or pickup (Farben also tourne), or concede
PH_DISCARD = const(5)   # the declarer picked up: discard two cards, or concede
PH_DECLARE = const(6)   # the declarer names the game, or concedes
PH_PLAY = const(7)      # tricks (also offers, accept/reject, Contra, Re)
PH_DONE = const(8)      # the game is over: see Game.result

# Verbs of Game.act(seat, verb, a, b).
V_BID = const(0)        # a = bid value (Farben: class index, values.FC_*)
V_YES = const(1)        # Vorhand holds the dealer's bid
V_PASS = const(2)
V_HAND = const(3)       # play without the skat
V_PICKUP = const(4)     # take the skat
V_DISCARD = const(5)    # a, b = the two global card ids to put away
V_DECLARE = const(6)    # a = game type (cards.GT_*), b = flags (cards.F_*; F_HAND implied)
V_CONCEDE = const(7)    # a = -1: Spielaufgabe at 18; a = game type: overbid concession
V_PLAY = const(8)       # a = global card id (the dummy's cards: seat MH)
V_OFFER = const(9)      # a = OFFER_RAUS or OFFER_STICH
V_ACCEPT = const(10)
V_REJECT = const(11)
V_CONTRA = const(12)
V_RE = const(13)
V_TOURNE = const(14)    # Farben: turn the first skat card (its suit is trump), then pick up
N_VERBS = const(15)

CONCEDE_PLAIN = const(15)  # V_CONCEDE's "a" for Spielaufgabe (no game named)

OFFER_RAUS = const(1)   # "raus und gewonnen": the opponent concedes a simple win
OFFER_STICH = const(2)  # "Stich" (Schneider aufgegeben): concedes Schneider, not Schwarz

# Result kinds.
RK_NONE = const(0)
RK_NORMAL = const(1)    # a suit, Grand or Null game played out (or ended by an accepted offer)
RK_RAMSCH = const(2)
RK_PASSED = const(3)    # all passed, einpassen: thrown in
RK_CONCEDED = const(4)  # overbid concession after pickup (concede G)
RK_GIVEN_UP = const(5)  # Spielaufgabe at 18: -60

def error_text(code):
    """The English message for an error code (``"unknown error"`` for a bad code).

    The texts live in ``names`` and are imported on first use, so a device that only shows
    translated messages by code never loads them."""
    from skat_core.notation.names import ERROR_TEXTS
    if 0 <= code < len(ERROR_TEXTS):
        return ERROR_TEXTS[code]
    return "unknown error"


# Encoded actions for Game.legal_actions: verb | a << 4 | b << 13 (a < 512, b < 64 -> < 2**19).
def encode(verb, a, b):
    return verb | (a << 4) | (b << 13)


def action_verb(x):
    return x & 15


def action_a(x):
    return (x >> 4) & 511


def action_b(x):
    return x >> 13
