"""Phases, verbs, offers, result kinds and error codes of the engine (re-exported by game.py).

Errors are small ints (0 = ok) so that ``Game.act`` never raises and never allocates; each has
its name here (``E_*``, in the order of ``names.ERROR_TEXTS``), the engine returns the names,
and the bundle writes their numbers into the device's copy (sim/build/inline.py), so the names
cost the board nothing. ``error_text(code)`` gives the English message (the UI translates by
code). Names and texts
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
# Skat zu dritt's Schieberamsch (all_pass = schieberamsch, skat_core.three.schieben): after
# three passes, before play; numbered after PH_DONE because they came later.
PH_GRAND_HAND = const(9)     # each in turn (VH, MH, HH) declares Grand Hand or passes
PH_PUSH = const(10)          # each in turn picks up the skat or pushes it on unseen (V_PASS)
PH_PUSH_DISCARD = const(11)  # who picked up puts two cards (no jack) back as the new skat

# Verbs of Game.act(seat, verb, a, b).
V_BID = const(0)        # a = bid value (Farben: class index, values.FC_*)
V_YES = const(1)        # Vorhand holds the dealer's bid
V_PASS = const(2)
V_HAND = const(3)       # play without the skat
V_PICKUP = const(4)     # take the skat
V_DISCARD = const(5)    # a, b = the two global card ids to put away
V_DECLARE = const(6)    # a = game type (cards.GT_*), b = flags (cards.F_*; F_HAND implied)
V_CONCEDE = const(7)    # a = CONCEDE_PLAIN: Spielaufgabe at 18; a = game type: overbid concession
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


# Errors of ``Game.act`` (rules.md; texts in ``names.ERROR_TEXTS``, same order).
E_OK = const(0)
E_NO_DEAL = const(1)
E_BAD_SEAT = const(2)
E_NOT_YOUR_TURN = const(3)
E_WRONG_PHASE = const(4)
E_BAD_VERB = const(5)
E_BID_INVALID = const(6)
E_BID_NOT_HIGHER = const(7)
E_TAKE_18 = const(8)
E_NOT_HELD = const(9)
E_DISCARD_SAME = const(10)
E_BAD_GAME = const(11)
E_BAD_FLAGS = const(12)
E_NULL_BELOW_BID = const(13)
E_ANNOUNCE_NEEDS_HAND = const(14)
E_OFFEN_NOT_IN_NULL = const(15)
E_OFFEN_TWICE = const(16)
E_OUVERT_ONLY_NULL = const(17)
E_ANNOUNCE_IN_NULL = const(18)
E_HAND_AFTER_PICKUP = const(19)
E_MUST_FOLLOW = const(20)
E_OFFER_NOT_OPPONENT = const(21)
E_OFFER_NOT_BETWEEN = const(22)
E_OFFER_TWICE = const(23)
E_OFFER_STICH_THEN_RAUS = const(24)
E_OFFER_NOT_IN_NULL = const(25)
E_OFFER_PENDING = const(26)
E_NO_OFFER = const(27)
E_NOT_DECLARER = const(28)
E_CONTRA_OFF = const(29)
E_CONTRA_NO_REJECTION = const(30)
E_CONTRA_TWICE = const(31)
E_RE_WITHOUT_CONTRA = const(32)
E_RE_TWICE = const(33)
E_CONCEDE_NOT_18 = const(34)
E_CONCEDE_CONTRA_RE = const(35)
E_CONCEDE_NEEDS_PICKUP = const(36)
E_CONCEDE_GAME = const(37)
E_CONCEDE_FARBEN = const(38)
E_BELOW_BID_CLASS = const(39)
E_FARBEN_GAME = const(40)
E_TOURNE_ZAHLEN = const(41)
E_BAD_OFFER = const(42)
E_NOT_BETWEEN = const(43)
E_GAME_OVER = const(44)
E_CONCEDE_AT_18 = const(45)
E_CONTRA_NOT_OPPONENT = const(46)
E_CONCEDE_REACHABLE = const(47)
E_OFFEN_FARBEN_SUIT = const(48)
# Skat zu dritt / zu viert (skat_core.three, rules.md §11).
E_NOT_AT_THREE = const(49)
E_OUVERT_NEEDS_HAND = const(50)
E_KONTRA_LATE = const(51)
E_KONTRA_NOT_BIDDER = const(52)
E_KONTRA_OFF = const(53)
E_PUSH_JACK = const(54)
E_GRAND_HAND_ONLY = const(55)

# Encoded actions for Game.legal_actions: verb | a << A_SHIFT | b << B_SHIFT (a < 512, b < 64,
# so every action is < 2**19). Decode with the masks (the bundle writes their numbers) or,
# off the hot paths, with the helpers below.
VERB_MASK = const(15)
A_SHIFT = const(4)
A_MASK = const(511)
B_SHIFT = const(13)


def encode(verb, a, b):
    return verb | (a << A_SHIFT) | (b << B_SHIFT)


def action_verb(x):
    return x & VERB_MASK


def action_a(x):
    return (x >> A_SHIFT) & A_MASK


def action_b(x):
    return x >> B_SHIFT
