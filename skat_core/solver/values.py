"""Solver per-move answers at the root: each legal card of the mover, searched as a child.

``values(S, target, budget, out, points)`` fills ``out[global id]`` for every legal card:
1/0 against ``target`` or exact final points; a card collapsed into an equivalent one (see
movegen.py) gets that card's value. ``one`` answers for one card with its own budget.
``push``/``pop`` make a root child the root and back.
"""

from skat_core.cards import const
from skat_core.layout import bit_count, bit_index, low_bit
from skat_core.solver.search import NO_LIMIT

# The root saved while a child of it is the root (``push``/``pop``): ``S.backup`` holds the
# root's fields at these places (one list, not ten fields of the Solver, whose attribute
# table grows in steps).
_B_SEAT = const(0)
_B_POS = const(1)
_B_LED = const(2)
_B_WIN = const(3)
_B_WS = const(4)
_B_TP = const(5)
_B_TC = const(6)
_B_DP = const(7)
_B_REM = const(8)
_B_LEFT = const(9)


def push(S, i):
    """Make the root's child after live card ``i`` the root (saving the root)."""
    b = S.backup
    b[_B_SEAT] = S.root_seat
    b[_B_POS] = S.root_pos
    b[_B_LED] = S.root_led
    b[_B_WIN] = S.root_win
    b[_B_WS] = S.root_winner
    b[_B_TP] = S.root_trick_points
    b[_B_TC] = S.root_trick_cards
    b[_B_DP] = S.root_declarer_points
    b[_B_REM] = S.root_remaining
    b[_B_LEFT] = S.root_tricks_left
    seat = S.root_seat
    c = 1 << i
    S.hand[seat] ^= c
    q = S.search_points[i]
    if S.root_pos == 0:
        S.root_led = S.layout.field_of[i]
        S.root_win = c
        S.root_winner = seat
        S.root_trick_points = q
        S.root_trick_cards = c
    else:
        S.root_trick_points += q
        S.root_trick_cards |= c
        if c > S.root_win and c & (S.field_masks[S.root_led] | S.trump_mask):
            S.root_win = c
            S.root_winner = seat
    if S.root_pos == S.last_pos:
        t = S.root_trick_points + S.unit
        S.root_remaining -= t
        if S.side[S.root_winner]:
            S.root_declarer_points += t
        S.root_seat = S.root_winner
        S.root_pos = 0
        S.root_trick_cards = 0
        S.root_trick_points = 0
        S.root_tricks_left -= 1
    else:
        S.root_pos += 1
        S.root_seat = S.next_of[seat]

def pop(S, i):
    b = S.backup
    S.hand[b[_B_SEAT]] ^= 1 << i
    S.root_seat = b[_B_SEAT]
    S.root_pos = b[_B_POS]
    S.root_led = b[_B_LED]
    S.root_win = b[_B_WIN]
    S.root_winner = b[_B_WS]
    S.root_trick_points = b[_B_TP]
    S.root_trick_cards = b[_B_TC]
    S.root_declarer_points = b[_B_DP]
    S.root_remaining = b[_B_REM]
    S.root_tricks_left = b[_B_LEFT]

def values(S, target, budget, out, points):
    vals = S._vals
    hand = S.hand
    for c in range(32):
        out[c] = 255
    rmo = S._root_gen()
    legal = S.root_legal
    rest = hand[0] | hand[1] | hand[2] | S.root_trick_cards
    reps = rmo[0] | rmo[1] | rmo[2]
    n = bit_count(reps)
    S.nodes = 0
    exact = 1
    m = reps
    for k in range(n):
        b = m & -m
        m ^= b
        i = bit_index(b)
        limit = NO_LIMIT
        if budget > 0:
            limit = S.nodes + (budget - S.nodes) // (n - k)
        push(S, i)
        if points:
            v = S._exact_points(limit)
        else:
            v = S._zw(target, limit)
        exact &= S.exact
        pop(S, i)
        vals[i] = v
    # a collapsed card is worth what the next card of its run is worth
    i = 29
    while i >= 0:
        b = 1 << i
        if legal & b:
            if not reps & b:
                up = rest & ~(b | (b - 1))
                vals[i] = vals[low_bit(up)]
            out[S.layout.card_at[i]] = vals[i]
        i -= 1
    S.exact = exact
    return bit_count(legal)

def one(S, c, target, budget, points):
    """The value after the mover's legal card ``c`` (global id): exact points or 1/0 against
    ``target``, within ``budget`` nodes (0 = unlimited); ``S.exact`` says if proven."""
    i = S.layout.bit_of[c]
    S.nodes = 0
    push(S, i)
    limit = NO_LIMIT if budget <= 0 else budget
    v = S._exact_points(limit) if points else S._zw(target, limit)
    pop(S, i)
    return v
