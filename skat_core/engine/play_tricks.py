"""Tricks (rules.md §4): which cards may be played, playing one, completing the trick. Hands
are live masks; following suit is ``hand & field_mask[led]``; the trick goes to the highest bit
of the trick's cards among the led field and the trumps (layout.py). Split from ``play`` so that
each play module compiles in a small heap (docs/design.md, "Memory"); heap-locked path:
allocation-free, errors are int codes.
"""

from skat_core.cards import GT_NULL, NO_CARD, F_OFFEN1
from skat_core.codes import PH_PLAY
from skat_core.layout import TRUMP, high_bit, next_seat
from skat_core.engine.play_count import finish
from skat_core.codes import E_MUST_FOLLOW, E_NOT_HELD


def legal_mask(g, seat):
    """Live mask of the cards ``seat`` may play now: follow the led field if possible."""
    if g.phase != PH_PLAY or seat != g.to_act or g.offer_pending:
        return 0
    h = g.hand[seat]
    if g.cur_n:
        f = h & g.layout.field_mask[g.led_field]
        if f:
            return f
    return h


def play_card(g, seat, c):
    """Play global card ``c`` from ``seat`` (the seat to act); 0 or an error code."""
    lay = g.layout
    if c < 0 or c > 31:
        return E_NOT_HELD
    b = lay.bit_of[c]
    if b == NO_CARD or not (g.hand[seat] >> b) & 1:
        return E_NOT_HELD
    bit = 1 << b
    if g.cur_n:
        follow = g.hand[seat] & lay.field_mask[g.led_field]
        if follow and not follow & bit:
            return E_MUST_FOLLOW
    else:
        g.leader = seat
        g.led_field = lay.field_of[b]
    g.hand[seat] ^= bit
    g.cur[seat] = c
    g.played[c] = 1
    g.trick_mask |= bit
    g.cur_n += 1
    if g.n_tricks == 0 and g.cur_n == 1:
        g.dummy_revealed = not g.ramsch      # the opening lead turns the dummy face up
    if g.cur_n < g.trick_size:
        g.to_act = next_seat(seat, g.trick_size == 2)     # en-deux's Ramsch: VH <-> HH
        return 0
    _complete_trick(g)
    return 0


def _complete_trick(g):
    lay = g.layout
    tm = g.trick_mask
    wc = lay.card_at[high_bit(tm & (lay.field_mask[g.led_field] | lay.field_mask[TRUMP]))]
    winner = 0
    for s in range(3):
        if g.cur[s] == wc:
            winner = s
    t = g.n_tricks
    for s in range(3):
        g.tricks[3 * t + s] = g.cur[s]
        g.cur[s] = NO_CARD
    g.trick_leaders[t] = g.leader
    g.trick_winners[t] = winner
    g.seat_points[winner] += lay.points(tm)
    g.seat_tricks[winner] += 1
    g.n_tricks = t + 1
    g.cur_n = 0
    g.trick_mask = 0
    g.led_field = -1
    g.leader = winner
    g.to_act = winner
    if g.n_tricks == 1 and g.flags & F_OFFEN1:
        g.decl_open = True
    if g.n_tricks == 10 or (g.game_type == GT_NULL and winner == g.declarer):
        finish(g)
