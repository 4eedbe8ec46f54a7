"""Card order and legal cards in global ids, as the bot computes them from its View.

The bot never asks the Game what is legal: it derives it from what it sees (rules.md §4): the
effective suit of the led card (``view.led_field``) and the cards of the seat to act.
Who wins a trick is the trick rule of ``skat_core.layout`` (``field_of``, ``power``, ``beats``,
``next_seat``), the one the engine and the solver read; this module applies it to a View.
"""

from skat_core.cards import NO_CARD, POINTS, MH
from skat_core.layout import field_of, power, beats, next_seat  # noqa: F401  (the trick rule)

def trick_best(view, gt):
    """Seat currently winning the trick in ``view`` (-1 if the trick is empty)."""
    if view.trick_n == 0:
        return -1
    seat = view.trick_leader
    best = view.trick[seat]
    s = seat
    for _ in range(view.trick_n - 1):
        s = next_seat(s, view.ramsch and not view.three)    # en-deux's Ramsch: two seats
        c = view.trick[s]
        if c != NO_CARD and beats(c, best, gt):
            best = c
            seat = s
    return seat


def cards_of(view, seat, out):
    """Global ids of the cards ``seat`` holds as seen by the bot (own hand or the dummy)."""
    n = 0
    if seat == view.me:
        for i in range(view.n_hand):
            out[n] = view.hand[i]
            n += 1
    elif seat == MH:
        for i in range(view.n_dummy):
            out[n] = view.dummy[i]
            n += 1
    return n


def legal_cards(view, seat, out):
    """Write the legal cards of ``seat`` (mine or the dummy's) into ``out``; return the count."""
    gt = view.game_type
    n = cards_of(view, seat, out)
    if view.trick_n == 0 or view.led_field < 0:
        return n
    k = 0
    for i in range(n):
        c = out[i]
        if field_of(c, gt) == view.led_field:
            out[k] = c
            k += 1
    if k:
        return k
    return cards_of(view, seat, out)


def points(card):
    return POINTS[card & 7]


def same_side(a, b, declarer, ramsch):
    """Do seats a and b play for the same side (the opponent plays the dummy MH)?"""
    if ramsch:
        return a == b
    return (a == declarer) == (b == declarer)
