"""Solver loading: a position in global card ids -> the search's live masks and tables.

Module-level functions on a ``Solver`` (skat_core/solver/solve.py holds the API and documents
it). ``load`` validates before it changes anything (errors are small int codes, the loaded
position stays); then it numbers the live cards (``Layout.setup``) unless the numbering is
the previous one, fills the per-layout tables, and sets the root: seat to move, the
current trick, the declarer's metric so far and the metric still out. ``set_hand`` re-splits
one seat's hand and the skat inside the same numbering (the worlds of one decision).
"""

from skat_core.cards import (
    const, POINTS, VH, MH, HH, GT_NULL, GT_RAMSCH, NO_CARD,
)
from skat_core.layout import TRUMP, bit_count, bit_index, next_seat
from skat_core.solver.bounds import fill_power
from skat_core.solver.movegen import fill_tables
from skat_core.solver.order import GRAB, DUCK, FEED

E_OK = const(0)
E_GAME = const(1)       # unknown game type
E_SEAT = const(2)       # declarer not VH/HH, leader not a seat
E_CARDS = const(3)      # a card twice, hands of wrong sizes, or MH holding cards in Ramsch
E_TRICK = const(4)      # the current trick is full or its cards do not fit the hands

M_POINTS = const(0)
M_TRICKS = const(1)

# The load's scratch, ``S.seen``: the global ids met so far as two 16-bit halves, the ids met
# twice, their card points (``scan`` adds to it; one list, not four fields of the Solver,
# whose attribute table grows in steps).
_SEEN_LO = const(0)
_SEEN_HI = const(1)
_SEEN_BAD = const(2)
_SEEN_PTS = const(3)


def load(S, game_type, declarer, vh, mh, hh, skat, leader, trick,
         decl_points=0, decl_tricks=0, opp_tricks=0):
    """Set up a position; see the module docstring. Returns 0 or an E_* code."""
    if game_type < 0 or game_type > GT_RAMSCH:
        return E_GAME
    if (declarer != VH and declarer != HH) or leader < 0 or leader > 2:
        return E_SEAT
    ramsch = game_type == GT_RAMSCH
    if ramsch and leader == MH:
        return E_SEAT
    # Which cards are where, as two 16-bit halves of the global ids (a card twice is an
    # error); the card points in the hands and the trick.
    seen = S.seen
    seen[_SEEN_LO] = 0
    seen[_SEEN_HI] = 0
    seen[_SEEN_BAD] = 0
    seen[_SEEN_PTS] = 0
    n_vh = scan(S, vh)
    n_mh = scan(S, mh)
    n_hh = scan(S, hh)
    n_tr = scan(S, trick)
    live_pts = seen[_SEEN_PTS]
    live_lo = seen[_SEEN_LO]
    live_hi = seen[_SEEN_HI]
    n_sk = scan(S, skat)
    skat_pts = seen[_SEEN_PTS] - live_pts
    bad = seen[_SEEN_BAD]
    if bad or (ramsch and n_mh):
        return E_CARDS
    size = 2 if ramsch else 3
    if n_tr >= size:
        return E_TRICK
    # Out of play: the played cards, and the skat only if the live cards would not fit in
    # 30 bits otherwise (before the second card of the game). Keeping the skat live
    # while it fits makes the numbering the same in every world of one decision (the
    # worlds differ only in the skat), so the tables and the transposition table carry
    # over from world to world. Skat cards lie in no hand: the search never sees them.
    skat_out = n_vh + n_mh + n_hh + n_tr + n_sk > 30
    if not skat_out:
        live_lo = seen[_SEEN_LO]
        live_hi = seen[_SEEN_HI]
    key_lo = 0xFFFF & ~live_lo          # the out-of-play cards
    key_hi = 0xFFFF & ~live_hi
    if bit_count(key_lo) + bit_count(key_hi) < 2:
        return E_CARDS                  # more than 30 live cards
    # Card counts: the seats that already played to this trick hold one card less.
    s = leader
    for i in range(n_tr):
        s = next_seat(s, ramsch)
    k = n_vh if s == VH else (n_mh if s == MH else n_hh)
    s2 = leader
    for i in range(size):
        n = n_vh if s2 == VH else (n_mh if s2 == MH else n_hh)
        if n != (k - 1 if i < n_tr else k):
            return E_CARDS
        s2 = next_seat(s2, ramsch)
    if k == 0:
        return E_CARDS
    # valid: from here on the solver takes the new position
    nxt = S.next_of
    for i in range(3):
        nxt[i] = next_seat(i, ramsch)
    lay = S.layout
    key = S.key
    same = (S.loaded and key[0] == key_lo and key[1] == key_hi
            and S.game == game_type and S.declarer == declarer)
    if not same:
        out = S._out
        n_out = 0
        for c in range(32):
            if (key_hi >> (c - 16)) & 1 if c >= 16 else (key_lo >> c) & 1:
                out[n_out] = c
                n_out += 1
        for i in range(n_out, 32):
            out[i] = out[0]             # padding: marking a card out twice is harmless
        lay.setup(game_type, out)
        key[0] = key_lo
        key[1] = key_hi
        S.metric = -1                # tables and transposition table start afresh
    S.game = game_type
    S.declarer = declarer
    S.last_pos = size - 1
    S.trump_mask = lay.trump_mask
    bit_of = lay.bit_of
    hand = S.hand
    hand[0] = mask(S, vh)
    hand[1] = mask(S, mh)
    hand[2] = mask(S, hh)
    # the current trick, as the search keeps it
    seat = leader
    pos = 0
    led = 0
    win = 0
    ws = 0
    tc = 0
    fm = S.field_masks
    if not same:
        tops = 0
        for f in range(5):
            m = lay.field_mask[f]
            fm[f] = m
            if m:
                tops |= m & ~(m >> 1)       # the top bit of a contiguous run
        fm[5] = tops
    for c in trick:
        if c < 32:
            b = 1 << bit_of[c]
            if pos == 0:
                led = lay.field_of[bit_of[c]]
                win = b
                ws = seat
            elif b > win and b & (fm[led] | lay.trump_mask):
                win = b
                ws = seat
            tc |= b
            pos += 1
            seat = nxt[seat]
    S.root_seat = seat
    S.root_pos = pos
    S.root_led = led
    S.root_win = win
    S.root_winner = ws
    S.root_trick_cards = tc
    S.root_tricks_left = k
    S.to_move = seat
    S.tricks_left = k
    S.loaded_base = decl_points
    S.loaded_points = decl_points + (0 if ramsch else skat_pts)
    S.live_points = live_pts
    S.skat_mask = 0 if skat_out else mask(S, skat)
    S.loaded_tricks = decl_tricks
    side = S.side
    want = S.want
    style = S.style
    for s in range(3):
        d = 1 if s == declarer else 0
        side[s] = d
        if game_type == GT_NULL:
            want[s] = 1 - d
            style[s] = (DUCK if d else FEED) * 3
        elif ramsch:
            want[s] = 1 - d
            style[s] = DUCK * 3
        else:
            want[s] = d
            style[s] = GRAB * 3
    if not same:
        fill_power(S.power, lay.n_live, lay.field_of, lay.card_at,
                   TRUMP if game_type != GT_NULL else 255, game_type == GT_NULL)
    metric = M_TRICKS if game_type == GT_NULL else M_POINTS
    if metric != S.metric:
        set_metric(S, metric)
    else:
        root_metric(S)
    S.loaded = 1
    return E_OK

def scan(S, cards):
    """Count ``cards`` (global ids, > 31 ignored) into the load's card halves."""
    seen = S.seen
    lo = seen[_SEEN_LO]
    hi = seen[_SEEN_HI]
    bad = seen[_SEEN_BAD]
    pts = seen[_SEEN_PTS]
    n = 0
    for c in cards:
        if c < 32:
            if c < 16:
                b = 1 << c
                bad |= lo & b
                lo |= b
            else:
                b = 1 << (c - 16)
                bad |= hi & b
                hi |= b
            n += 1
            pts += POINTS[c & 7]
    seen[_SEEN_LO] = lo
    seen[_SEEN_HI] = hi
    seen[_SEEN_BAD] = bad
    seen[_SEEN_PTS] = pts
    return n

def set_hand(S, seat, cards, skat):
    """Cheap switch between worlds that differ only in which cards are the skat.

    ``seat`` gets the hand ``cards`` and the skat becomes ``skat`` (global ids, 255
    ignored), provided the two together are exactly that seat's hand plus the skat as
    loaded, with the hand size unchanged, and the skat is numbered (from the second
    card of the game on). The numbering, tables and transposition table stay. Returns
    0, or E_CARDS with nothing changed (then use ``load``).
    """
    sk = S.skat_mask
    if not S.loaded or not sk or seat < 0 or seat > 2:
        return E_CARDS
    bit_of = S.layout.bit_of
    m = live_mask(bit_of, cards)
    k = live_mask(bit_of, skat)
    if m < 0 or k < 0:
        return E_CARDS
    pts = sum_pts(S, k)
    h = S.hand[seat]
    if m & k or (m | k) != (h | sk) or bit_count(m) != bit_count(h):
        return E_CARDS
    S.live_points += sum_pts(S, m & ~h) - sum_pts(S, h & ~m)
    S.hand[seat] = m
    S.skat_mask = k
    S.loaded_points = S.loaded_base + (0 if S.game == GT_RAMSCH else pts)
    root_metric(S)
    return E_OK

def live_mask(bit_of, cards):
    """Live mask of global card ids (entries > 31 are padding), or -1 if one is out of play."""
    m = 0
    for c in cards:
        if c < 32:
            b = bit_of[c]
            if b == NO_CARD:
                return -1
            m |= 1 << b
    return m


def sum_pts(S, m):
    lpts = S.layout.pts
    t = 0
    while m:
        b = m & -m
        m ^= b
        t += lpts[bit_index(b)]
    return t

def mask(S, cards):
    bit_of = S.layout.bit_of
    m = 0
    for c in cards:
        if c < 32:
            m |= 1 << bit_of[c]
    return m

def set_metric(S, metric):
    """Points or tricks; a change refills the tables and forgets the table entries."""
    if metric == S.metric:
        return
    S.metric = metric
    spts = S.search_points
    lpts = S.layout.pts
    n = S.layout.n_live
    for i in range(30):
        spts[i] = lpts[i] if (metric == M_POINTS and i < n) else 0
    S.unit = 1 if metric == M_TRICKS else 0
    S.equal_next = fill_tables(S.field_above, n, S.field_masks, S.layout.field_of, spts)
    S.tt.new_generation()
    root_metric(S)

def root_metric(S):
    """The root's trick value, declarer metric and metric still out."""
    S.root_trick_points = sum_live(S, S.root_trick_cards)
    if S.metric == M_POINTS:
        S.root_declarer_points = S.loaded_points
        S.root_remaining = S.live_points
    else:
        S.root_declarer_points = S.loaded_tricks
        S.root_remaining = S.root_tricks_left

def sum_live(S, m):
    spts = S.search_points
    t = 0
    while m:
        b = m & -m
        m ^= b
        t += spts[bit_index(b)]
    return t
