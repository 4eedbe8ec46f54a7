"""Cards, seats, game types and declaration flags of Skat-en-deux.

A card is a small int ``suit * 8 + rank``: suits ``C S H D`` (Kreuz, Pik, Herz, Karo) are 0..3,
ranks ``A T K Q J 9 8 7`` are 0..7, so ``CJ`` is 4 and ``D7`` is 31. Text uses the notation of the
International Skat Server (``CJ``, ``ST``, ``H7``). Before play card sets are sequences of these
ids; during play they are live bitmasks (see ``layout``).
"""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

SUITS = "CSHD"
RANKS = "ATKQJ987"
SUIT_NAMES_DE = ("Kreuz", "Pik", "Herz", "Karo")
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


def suit_of(card):
    return card >> 3


def rank_of(card):
    return card & 7


def card_points(card):
    return POINTS[card & 7]


def is_jack(card):
    return (card & 7) == R_JACK


def card_str(card):
    """``CJ`` for card 4; ``--`` for NO_CARD."""
    if card < 0 or card > 31:
        return "--"
    return SUITS[card >> 3] + RANKS[card & 7]


def parse_card(text):
    """The card id of ``text`` (``"CJ"``, case-insensitive), or -1 if it names no card."""
    if len(text) != 2:
        return -1
    s = SUITS.find(text[0].upper())
    r = RANKS.find(text[1].upper())
    if s < 0 or r < 0:
        return -1
    return s * 8 + r


def parse_cards(text):
    """A list of card ids from space-separated notation, or None if a token names no card."""
    out = []
    for tok in text.split():
        c = parse_card(tok)
        if c < 0:
            return None
        out.append(c)
    return out


def cards_str(cards):
    return " ".join([card_str(c) for c in cards])


def seat_index(name):
    """0, 1, 2 for ``vh``, ``mh``, ``hh``; -1 otherwise."""
    for i in range(3):
        if SEAT_NAMES[i] == name:
            return i
    return -1


def game_index(ch):
    """The game type of ``C S H D G N``; -1 otherwise."""
    if len(ch) != 1:
        return -1
    return GAME_CHARS.find(ch.upper())
