"""Refresh a player's View from the Game in place (rules.md §4: exactly what he may see).

Allocation-free: only copies of small ints into the view's preallocated bytearrays. The hidden
parts of the state (the other hand, the dummy before its reveal, the skat) are never read into
a view unless the rule says the player sees them.
"""

from skat_core.cards import MH, NO_CARD
from skat_core.codes import (
    PH_BID, PH_DISCARD, PH_DECLARE, PH_PLAY, PH_DONE, V_CONTRA, V_RE, OFFER_RAUS, OFFER_STICH,
)
from skat_core.layout import high_bit

# Display order before play (no trump known yet): jacks, then C S H D, each A T K Q 9 8 7.
DISPLAY_ORDER = bytes([4, 12, 20, 28] + [s * 8 + r for s in range(4) for r in (0, 1, 2, 3, 5, 6, 7)])


def pad_cards(buf, k):
    for i in range(k, len(buf)):
        buf[i] = NO_CARD


def owned_cards(g, seat, buf):
    k = 0
    for c in DISPLAY_ORDER:
        if g.owner[c] == seat:
            buf[k] = c
            k += 1
    pad_cards(buf, k)
    return k


def live_cards(g, seat, buf):
    """Global ids of a live hand, strongest first (trumps, then C S H D), via its set bits only."""
    m = g.hand[seat]
    card_at = g.layout.card_at
    k = 0
    while m:
        b = high_bit(m)
        buf[k] = card_at[b]
        k += 1
        m ^= 1 << b
    pad_cards(buf, k)
    return k


def clear_tricks(o):
    """Empty the trick record of a Game or a View (same field names): no completed trick,
    no card played."""
    for i in range(30):
        o.tricks[i] = NO_CARD
    for i in range(10):
        o.trick_leaders[i] = NO_CARD
        o.trick_winners[i] = NO_CARD
    for c in range(32):
        o.played[c] = 0


def sync_tricks(g, v):
    """Copy only the tricks completed since the last refresh (a new deal starts over)."""
    if v.serial != g.serial or v.n_tricks > g.n_tricks:
        v.serial = g.serial
        v.n_tricks = 0
        clear_tricks(v)
        for s in range(3):               # the current trick, if any, is played too
            c = g.cur[s]
            if c != NO_CARD:
                v.played[c] = 1
    t = v.n_tricks
    while t < g.n_tricks:
        for i in range(3 * t, 3 * t + 3):
            c = g.tricks[i]
            v.tricks[i] = c
            if c != NO_CARD:
                v.played[c] = 1
        v.trick_leaders[t] = g.trick_leaders[t]
        v.trick_winners[t] = g.trick_winners[t]
        t += 1
    v.n_tricks = t


def refresh(g, v):
    me = v.me
    ph = g.phase
    in_play = ph == PH_PLAY or (ph == PH_DONE and g.game_type >= 0)
    v.farben = g.rules.farben
    v.ramsch = g.ramsch
    v.phase = ph
    v.to_act = g.to_act
    v.actor = g.player_to_act()
    v.my_turn = v.actor >= 0 and v.actor == me
    v.can_contra = False
    v.can_re = False
    v.can_offer = 0
    if ph == PH_PLAY and not g.ramsch:
        play = g.play_mod
        v.can_contra = play.contra_error(g, me, V_CONTRA) == 0
        v.can_re = play.contra_error(g, me, V_RE) == 0
        v.can_offer = ((1 if play.offer_error(g, me, OFFER_RAUS) == 0 else 0)
                       | (2 if play.offer_error(g, me, OFFER_STICH) == 0 else 0))

    v.can_concede_overbid = 0
    if (ph == PH_DISCARD or ph == PH_DECLARE) and me == g.declarer:   # before play: may import
        from skat_core.engine import bidding
        v.can_concede_overbid = bidding.overbid_concessions(g)

    v.bid = g.bid
    v.bid_holder = g.bid_holder
    v.next_bid = -1
    if ph == PH_BID:                     # before play: may import (bidding is loaded on use)
        from skat_core.engine import bidding
        v.next_bid = bidding.next_bid(g)
    v.bids_made = g.bids_made
    for s in range(3):
        v.passed[s] = g.passed[s]

    v.declarer = g.declarer
    v.opponent = g.opponent
    v.game_type = g.game_type if (in_play or ph == PH_DONE) else -1
    v.flags = g.flags if in_play else 0
    v.farben_kind = g.farben_kind
    v.turned = g.turned
    v.picked_up = g.picked_up

    if in_play:
        v.n_hand = live_cards(g, me, v.hand)
    else:
        v.n_hand = owned_cards(g, me, v.hand)
    v.dummy_revealed = g.dummy_revealed and in_play and not g.ramsch
    if v.dummy_revealed:
        v.n_dummy = live_cards(g, MH, v.dummy)
    else:
        v.n_dummy = 0
        pad_cards(v.dummy, 0)
    v.declarer_open = g.decl_open and in_play
    if v.declarer_open and me == g.opponent:
        v.n_decl_open = live_cards(g, g.declarer, v.decl_open)
    else:
        v.n_decl_open = 0
        pad_cards(v.decl_open, 0)
    if me == g.declarer and g.picked_up and (ph >= PH_DECLARE):
        v.skat[0] = g.skat[0]
        v.skat[1] = g.skat[1]
        v.n_skat = 2
    else:
        v.n_skat = 0
        pad_cards(v.skat, 0)

    fill_tricks(g, v, ph)

    v.offer_pending = g.offer_pending
    v.raus_made = g.raus_made
    v.stich_made = g.stich_made
    v.rejected = g.rejected
    v.next_level = g.rules.next_level
    v.contra_on = g.rules.contra_on
    v.contra = g.contra
    v.re = g.re

    fill_result(g, v, ph)


def fill_tricks(g, v, ph):
    """The play's public part of a view (every table's): the current trick, the completed
    ones, the points and tricks each seat took, the declarer's and the others' (the
    opponent and the dummy, or at three the two defenders: all but the declarer's)."""
    for s in range(3):
        c = g.cur[s]
        v.trick[s] = c
        if c != NO_CARD:
            v.played[c] = 1
    v.trick_leader = g.leader if ph == PH_PLAY else -1
    v.trick_n = g.cur_n
    v.led_field = g.led_field
    sync_tricks(g, v)
    pts = g.seat_points
    took = g.seat_tricks
    for s in range(3):
        v.seat_points[s] = pts[s]
        v.seat_tricks[s] = took[s]
    d = g.declarer
    if d >= 0:
        v.decl_points = pts[d]
        v.opp_points = pts[0] + pts[1] + pts[2] - pts[d]
        v.decl_tricks = took[d]
        v.opp_tricks = took[0] + took[1] + took[2] - took[d]
    else:
        v.decl_points = v.opp_points = v.decl_tricks = v.opp_tricks = 0


def fill_result(g, v, ph):
    """After the game (``PH_DONE``) the Result and the skat, for everybody."""
    v.done = ph == PH_DONE
    if v.done:
        v.result = g.result
        v.result_skat[0] = g.skat[0]
        v.result_skat[1] = g.skat[1]
        v.n_result_skat = 2
    else:
        v.result = None
        v.n_result_skat = 0
        pad_cards(v.result_skat, 0)

