"""Card order and legal cards in global ids, as the bot computes them from its View.

The bot never asks the Game what is legal: it derives it from what it sees (rules.md §4): the
effective suit of the led card (``view.led_field``) and the cards of the seat to act.
``power`` orders cards for trick taking: trumps above every plain card; suit/Grand/Ramsch order
``A T K Q 9 8 7`` with the jacks ``CJ SJ HJ DJ`` on top of the trumps; Null ``A K Q J T 9 8 7``.
"""

from skat_core.cards import NO_CARD, GT_GRAND, GT_NULL, R_JACK, POINTS, VH, MH, HH
from skat_core.bot.know import field_of, TRUMP

# Rank index (A T K Q J 9 8 7) -> power inside a plain suit / in Null.
_PLAIN_POWER = (7, 6, 5, 4, 0, 3, 2, 1)
_NULL_POWER = (8, 4, 7, 6, 5, 3, 2, 1)
_JACK_POWER = (20, 19, 18, 17)   # CJ SJ HJ DJ


def power(card, gt):
    """Trick-taking power of ``card`` in game ``gt`` (only comparable within a trick)."""
    r = card & 7
    if gt == GT_NULL:
        return _NULL_POWER[r]
    if r == R_JACK:
        return _JACK_POWER[card >> 3]
    p = _PLAIN_POWER[r]
    if gt < GT_GRAND and (card >> 3) == gt:
        return p + 10
    return p


def beats(card, best, led_field, gt):
    """Does ``card`` beat the trick's current best card ``best``?"""
    fc = field_of(card, gt)
    fb = field_of(best, gt)
    if fc == fb:
        return power(card, gt) > power(best, gt)
    if gt != GT_NULL and fc == TRUMP:
        return True
    return False


def trick_best(view, gt):
    """Seat currently winning the trick in ``view`` (-1 if the trick is empty)."""
    if view.trick_n == 0:
        return -1
    seat = view.trick_leader
    best = view.trick[seat]
    s = seat
    for _ in range(view.trick_n - 1):
        s = next_seat(s, view.ramsch)
        c = view.trick[s]
        if c != NO_CARD and beats(c, best, view.led_field, gt):
            best = c
            seat = s
    return seat


def next_seat(s, ramsch):
    if ramsch:
        return HH if s == VH else VH
    return (s + 1) % 3


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
