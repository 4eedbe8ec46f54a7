"""Cards, seats, game types and declaration flags of Skat-en-deux.

A card is a small int ``suit * 8 + rank``: suits ``C S H D`` (Kreuz, Pik, Herz, Karo) are 0..3,
ranks ``A T K Q J 9 8 7`` are 0..7, so ``CJ`` is 4 and ``D7`` is 31. Text uses the notation of the
International Skat Server (``CJ``, ``ST``, ``H7``). Before play card sets are sequences of these
ids; during play they are live bitmasks (see ``layout``).

The notation and the small helpers (``card_str``, ``parse_card``, ``parse_cards``, ``cards_str``,
``seat_index``, ``game_index``, ``suit_of``, ``rank_of``, ``card_points``, ``is_jack``,
``SUITS``, ``RANKS``) live in ``cardtext`` and are found here too, loaded
on first use: the device plays without them (10 functions were 1.6 KB of its heap).
"""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

SUIT_NAMES_DE = ("Kreuz", "Pik", "Herz", "Karo")    # the UI's card names during play
SUIT_NAMES_EN = ("Clubs", "Spades", "Hearts", "Diamonds")

CLUBS = const(0)
SPADES = const(1)
HEARTS = const(2)
DIAMONDS = const(3)

R_ACE = const(0)
R_TEN = const(1)
R_KING = const(2)
R_QUEEN = const(3)
R_JACK = const(4)
R_NINE = const(5)
R_EIGHT = const(6)
R_SEVEN = const(7)

# Card points by rank: A 11, T 10, K 4, Q 3, J 2, 9 8 7 nothing; 120 in the pack.
POINTS = b"\x0b\x0a\x04\x03\x02\x00\x00\x00"

# Seats. The dealer is always Hinterhand; the dummy always sits in Mittelhand.
VH = const(0)
MH = const(1)
HH = const(2)
SEAT_NAMES = ("vh", "mh", "hh")

# Game types; a suit game's type is its trump suit.
GT_C = const(0)
GT_S = const(1)
GT_H = const(2)
GT_D = const(3)
GT_GRAND = const(4)
GT_NULL = const(5)
GT_RAMSCH = const(6)
GAME_CHARS = "CSHDGN"

# Declaration flags.
F_HAND = const(1)
F_SCHNEIDER = const(2)
F_SCHWARZ = const(4)
F_OFFEN1 = const(8)
F_OFFEN2 = const(16)
F_OUVERT = const(32)

NO_CARD = const(255)


def __getattr__(name):
    """The helpers of ``cardtext`` as attributes of this module (PEP 562; MicroPython's module
    ``__getattr__``, as in its asyncio): imported on first use, so the device never loads them."""
    if name[:2] == "__":   # import machinery probes (__path__, ...): not ours
        raise AttributeError(name)
    from skat_core.notation import cardtext
    return getattr(cardtext, name)
