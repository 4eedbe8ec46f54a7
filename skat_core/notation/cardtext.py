"""Card notation and small helpers (``CJ`` = card 4): for records, the simulator and tests.

Also reachable as ``skat_core.cards.<name>`` (that module's ``__getattr__`` imports this one on
first use), so the device, which plays by card ids, never compiles it.
"""

from skat_core.cards import POINTS, R_JACK, SEAT_NAMES, GAME_CHARS

SUITS = "CSHD"
RANKS = "ATKQJ987"


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
