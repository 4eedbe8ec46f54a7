"""Tricks, offers, Contra/Re and the count (rules.md §4-§7): module functions over a Game.

This is the heap-locked path: from the opening lead to the final score nothing here allocates.
Hands are live masks; following suit is ``hand & field_mask[led]``; the trick goes to the highest
bit of the trick's cards among the led field and the trumps (layout.py). Errors are int codes.
"""

from skat_core.cards import (
    MH, GT_GRAND, GT_NULL, NO_CARD, POINTS, F_OFFEN1,
)
from skat_core.codes import (
    PH_PLAY, PH_DONE, V_PLAY, V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE, OFFER_RAUS,
    OFFER_STICH, RK_NORMAL, RK_RAMSCH, encode,
)
from skat_core.layout import TRUMP, low_bit, high_bit
from skat_core.score import settle_suit, settle_null, settle_ramsch


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


def _between_tricks(g):
    return g.cur_n == 0 and 0 < g.n_tricks < 10


def offer_error(g, seat, kind):
    if g.game_type > GT_GRAND or g.ramsch:
        return 25  # E_OFFER_NOT_IN_NULL
    if seat != g.opponent:
        return 21  # E_OFFER_NOT_OPPONENT
    if kind != OFFER_RAUS and kind != OFFER_STICH:
        return 42  # E_BAD_OFFER
    if g.offer_pending:
        return 26  # E_OFFER_PENDING
    if not _between_tricks(g):
        return 22  # E_OFFER_NOT_BETWEEN
    if kind == OFFER_RAUS:
        if g.stich_made:
            return 24  # E_OFFER_STICH_THEN_RAUS
        if g.raus_made:
            return 23  # E_OFFER_TWICE
    elif g.stich_made:
        return 23  # E_OFFER_TWICE
    return 0


def contra_error(g, seat, verb):
    if not g.rules.contra_on:
        return 29  # E_CONTRA_OFF
    if verb == V_CONTRA:
        if seat != g.opponent:
            return 46  # E_CONTRA_NOT_OPPONENT
    elif seat != g.declarer:
        return 28  # E_NOT_DECLARER
    if g.offer_pending:
        return 26  # E_OFFER_PENDING
    if verb == V_CONTRA:
        if not g.rejected:
            return 30  # E_CONTRA_NO_REJECTION
        if g.contra:
            return 31  # E_CONTRA_TWICE
    else:
        if not g.contra:
            return 32  # E_RE_WITHOUT_CONTRA
        if g.re:
            return 33  # E_RE_TWICE
    if not _between_tricks(g):
        return 43  # E_NOT_BETWEEN
    return 0


def act(g, seat, verb, a, b):
    if verb == V_PLAY:
        if g.offer_pending:
            return 26  # E_OFFER_PENDING
        if seat != g.to_act:
            return 3  # E_NOT_YOUR_TURN
        return play_card(g, seat, a)
    if verb == V_OFFER:
        err = offer_error(g, seat, a)
        if err:
            return err
        if a == OFFER_RAUS:
            g.raus_made = True
        else:
            g.stich_made = True
        g.offer_pending = a
        g.resume = g.to_act
        g.to_act = g.declarer
        return 0
    if verb == V_ACCEPT or verb == V_REJECT:
        if seat != g.declarer:
            return 28  # E_NOT_DECLARER
        if not g.offer_pending:
            return 27  # E_NO_OFFER
        if verb == V_ACCEPT:
            g.result.accepted = g.offer_pending
            g.offer_pending = 0
            finish(g)
            return 0
        if g.offer_pending > g.rejected:
            g.rejected = g.offer_pending
        g.offer_pending = 0
        g.to_act = g.resume
        return 0
    if verb == V_CONTRA or verb == V_RE:
        err = contra_error(g, seat, verb)
        if err:
            return err
        if verb == V_CONTRA:
            g.contra = True
        else:
            g.re = True
        return 0
    return 4  # E_WRONG_PHASE


def play_card(g, seat, c):
    """Play global card ``c`` from ``seat`` (the seat to act); 0 or an error code."""
    lay = g.layout
    if c < 0 or c > 31:
        return 9  # E_NOT_HELD
    b = lay.bit_of[c]
    if b == NO_CARD or not (g.hand[seat] >> b) & 1:
        return 9  # E_NOT_HELD
    bit = 1 << b
    if g.cur_n:
        follow = g.hand[seat] & lay.field_mask[g.led_field]
        if follow and not follow & bit:
            return 20  # E_MUST_FOLLOW
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
        g.to_act = 2 - seat if g.ramsch else (seat + 1) % 3
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


def finish(g):
    """The count: fill g.result and end the game (allocation-free)."""
    r = g.result
    sk = POINTS[g.skat[0] & 7] + POINTS[g.skat[1] & 7]
    r.skat_points = sk
    r.seat_points[0] = g.seat_points[0]
    r.seat_points[1] = g.seat_points[1]
    r.seat_points[2] = g.seat_points[2]
    r.seat_tricks[0] = g.seat_tricks[0]
    r.seat_tricks[1] = g.seat_tricks[1]
    r.seat_tricks[2] = g.seat_tricks[2]
    g.phase = PH_DONE
    g.to_act = -1
    g.offer_pending = 0
    g.play_mod = None        # play is over: the Game keeps no reference to this module
    if g.ramsch:
        r.kind = RK_RAMSCH
        r.game_type = g.game_type
        last = g.trick_winners[g.n_tricks - 1] if g.n_tricks else 0
        settle_ramsch(r, last, g.rules.jungfrau, g.rules.durchmarsch)
        return
    d = g.declarer
    r.kind = RK_NORMAL
    r.declarer = d
    r.game_type = g.game_type
    r.flags = g.flags
    r.bid = g.bid
    r.farben_kind = g.farben_kind
    r.matadors = g.matadors
    r.decl_points = g.seat_points[d] + sk
    r.opp_points = g.seat_points[g.opponent] + g.seat_points[MH]
    r.decl_tricks = g.seat_tricks[d]
    r.opp_tricks = g.seat_tricks[g.opponent] + g.seat_tricks[MH]
    r.rejected = g.rejected
    r.contra = g.contra
    r.re = g.re
    if g.game_type == GT_NULL:
        settle_null(r, g.rules.farben)
    else:
        settle_suit(r, g.rules.farben)


def legal_actions(g, seat, out):
    """Encoded legal actions of ``seat`` during play (allocation-free)."""
    n = 0
    if g.offer_pending:
        if seat == g.declarer:
            out[0] = encode(V_ACCEPT, 0, 0)
            out[1] = encode(V_REJECT, 0, 0)
            return 2
        return 0
    m = legal_mask(g, seat)
    card_at = g.layout.card_at
    while m:
        low = m & -m
        out[n] = encode(V_PLAY, card_at[low_bit(low)], 0)
        n += 1
        m ^= low
    if seat == MH or g.ramsch:
        return n
    if offer_error(g, seat, OFFER_RAUS) == 0:
        out[n] = encode(V_OFFER, OFFER_RAUS, 0)
        n += 1
    if offer_error(g, seat, OFFER_STICH) == 0:
        out[n] = encode(V_OFFER, OFFER_STICH, 0)
        n += 1
    if contra_error(g, seat, V_CONTRA) == 0:
        out[n] = encode(V_CONTRA, 0, 0)
        n += 1
    if contra_error(g, seat, V_RE) == 0:
        out[n] = encode(V_RE, 0, 0)
        n += 1
    return n
