"""Bid values, Farben classes (rules.md §2, §8) - and the count via ``score``.

Pre-play: bidding, the declaration, the UI's declaration screen and the bot's bidding use
this module; the count (``Result``, ``settle_*``, base values, the matadors) and the Farben
classes and kinds it reads (``FC_*``, ``FK_*``) live in ``score`` and are re-exported here,
so ``values.X`` keeps working while an app may drop this module during play (the matadors
are the play's too: what a call books, lib/skat_ui/screens/stakes.py).
"""

from skat_core.cards import const, GT_GRAND, GT_NULL, R_JACK, R_SEVEN
from skat_core.engine.score import (  # noqa: F401  re-exported: the count, Farben's classes
    BASE, NULL_VALUE, NULL_HAND, NULL_OUVERT, NULL_OUVERT_HAND, FARBEN_BASE, null_value,
    overbid_value, matadors, Result, settle_suit, settle_null, settle_ramsch,
    FC_FRAGE_D, FC_FRAGE_H, FC_FRAGE_S, FC_FRAGE_C, FC_TOURNE, FC_SOLO_D, FC_SOLO_H, FC_SOLO_S,
    FC_NULL, FC_SOLO_C, FC_GRAND, FC_NULL_OUVERT, FC_GRAND_OUVERT, N_FARBEN_CLASSES,
    FK_FRAGE, FK_TOURNE, FK_SOLO, FK_OUVERT,
)

# §2: the 68 bid values (63 official + 171 190 209 228 288 reachable with offen levels).
BID_VALUES = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63,
              66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130,
              132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 171, 176,
              180, 187, 190, 192, 198, 204, 209, 216, 228, 240, 264, 288)


# Class of a suit game by kind: Frage/Solo ladders per suit C S H D.
_FRAGE_CLASS = (FC_FRAGE_C, FC_FRAGE_S, FC_FRAGE_H, FC_FRAGE_D)
_SOLO_CLASS = (FC_SOLO_C, FC_SOLO_S, FC_SOLO_H, FC_SOLO_D)


def is_bid_value(v):
    for x in BID_VALUES:
        if x == v:
            return True
    return False


def next_bid_value(v):
    """The smallest bid value above ``v``, or -1 above 288."""
    for x in BID_VALUES:
        if x > v:
            return x
    return -1


def farben_class(kind, game_type):
    """The bid class of a declared Farben game (Tourne is one class whatever the game)."""
    if kind == FK_TOURNE:
        return FC_TOURNE
    if kind == FK_OUVERT:
        return FC_NULL_OUVERT if game_type == GT_NULL else FC_GRAND_OUVERT
    if kind == FK_FRAGE:
        return _FRAGE_CLASS[game_type]
    if game_type == GT_NULL:
        return FC_NULL
    if game_type == GT_GRAND:
        return FC_GRAND
    return _SOLO_CLASS[game_type]




# Tourne: what the turned card allows besides its suit.
def tourne_allows(turned, game_type):
    """True if the turned first skat card allows declaring ``game_type`` (§8)."""
    if game_type < GT_GRAND:
        return game_type == turned >> 3
    if game_type == GT_GRAND:
        return (turned & 7) == R_JACK
    if game_type == GT_NULL:
        return (turned & 7) == R_SEVEN
    return False
