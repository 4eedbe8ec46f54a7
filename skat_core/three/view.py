"""What one player may see at three (rules.md §4, §11): the only thing the UI and the bots read.

A ``ThreeView`` belongs to one seat (VH 0, MH 1, HH 2). ``ThreeGame.view(seat)`` refreshes it
in place and returns it; nothing is allocated. Cards are global ids in bytearrays with counts
(NO_CARD padding), never live masks (the live numbering is built from the skat).

Who sees what:
- each player his own current hand, every bid, hold and pass, and every card played;
- the defenders the declarer's cards when he plays ouvert (Null ouvert from the declaration,
  a suit or Grand ouvert from the opening lead: ``declarer_open``);
- the skat only the declarer who picked it up (the two cards he put away), everybody after
  the game (``result_skat``);
- nobody the other defender's cards: the defenders play as a team without sharing them;
- in Schieberamsch everybody who picked up or pushed the skat on (``skat_move``) and the
  pushes; each player the two cards he found in the skat when he picked it up (``found``)
  and the two he put back (``skat``), nobody what the others found or put back.
"""

from skat_core.cards import NO_CARD
from skat_core.codes import PH_BID, PH_DECLARE, PH_PLAY, PH_DONE, V_CONTRA, V_RE
from skat_core.engine.viewfill import (clear_tricks, fill_result, fill_tricks, live_cards,
    owned_cards, pad_cards)


class ThreeView:
    """One player's snapshot; every field is refreshed by ``refresh``."""

    dealer = 2                          # the dealer is Hinterhand (at four: sits out)
    # What en-deux's View has and three has not, for the code both tables share (the bot's
    # card search: skat_core.bot.know, play, pick): class fields, no room per view.
    three = True
    dummy_revealed = False              # no dummy
    n_dummy = 0
    farben = False                      # Zahlen only
    farben_kind = -1                    # (Farbenreizen's class: never at three)
    offer_pending = 0                   # no offers
    rejected = 0
    next_level = False

    def __init__(self, me):
        self.me = me                    # this player's seat: VH 0, MH 1, HH 2
        self.ramsch = False             # this deal is played as Ramsch (all passed)
        self.phase = 0                  # codes.PH_*
        self.to_act = -1                # the seat that must act next, -1 none
        self.my_turn = False
        self.can_kontra = False         # I may say Kontra now (any turn)
        self.can_re = False             # I may say Re now
        self.kontra_on = False          # house rule kontra is not off

        # Bidding.
        self.bid = 0                    # the highest value said so far (0 none)
        self.bid_holder = -1            # the seat holding it (the bidder or who said yes)
        self.bidder = -1                # who bids now (MH, then HH), -1 after the bidding
        self.hearer = -1                # who answers
        self.next_bid = -1              # the lowest value the bidder may say, -1 none
        self.passed = bytearray(3)      # passed[seat] = 1 once that seat passed
        self.said = bytearray(3)        # said[seat] = 1 once that seat bid or held a value
        self.bids_made = 0

        # Declaration.
        self.declarer = -1              # -1 before the bidding is won, and in Ramsch
        self.game_type = -1             # cards.GT_* from the declaration (GT_RAMSCH in Ramsch)
        self.flags = 0                  # cards.F_* (F_HAND for Hand games)
        self.picked_up = False

        # Cards.
        self.hand = bytearray(12)       # my current cards (12 while I hold the skat)
        self.n_hand = 0
        self.decl_open = bytearray(10)  # the declarer's current cards when ouvert (not mine)
        self.n_decl_open = 0
        self.declarer_open = False
        self.skat = bytearray(2)        # the two cards I put away, if I am the declarer who
        self.n_skat = 0                 #   picked up (or put back in Schieberamsch); else empty

        # Schieberamsch (all_pass = schieberamsch).
        self.skat_move = bytearray(3)   # per seat: 0 not yet, 1 picked up, 2 pushed on unseen
        self.pushes = 0                 # skats pushed on unseen: the loser's minus x 2 each
        self.found = bytearray(2)       # the two cards I found in the skat when I picked it up
        self.n_found = 0

        # Play: trick slots by seat.
        self.trick = bytearray(3)
        self.trick_leader = -1
        self.trick_n = 0
        self.led_field = -1
        self.tricks = bytearray(30)     # completed tricks[3*t + seat]
        self.trick_leaders = bytearray(10)
        self.trick_winners = bytearray(10)
        self.n_tricks = 0
        self.serial = -1
        self.played = bytearray(32)
        self.seat_points = bytearray(3)  # card points taken per seat so far (public)
        self.seat_tricks = bytearray(3)
        self.decl_points = 0            # in the declarer's tricks so far (no skat)
        self.opp_points = 0             # in the defenders' tricks
        self.decl_tricks = 0
        self.opp_tricks = 0
        self.contra = False             # Kontra said
        self.re = False
        self.kontra_by = -1             # the defender who said it

        # Result (PH_DONE): the game's Result (shared, read-only) and the skat.
        self.done = False
        self.result = None
        self.result_skat = bytearray(2)
        self.n_result_skat = 0
        clear_tricks(self)


def refresh(g, v):
    """Fill ``v`` from ``g`` with exactly what ``v.me`` may see (allocation-free)."""
    me = v.me
    ph = g.phase
    in_play = ph == PH_PLAY or (ph == PH_DONE and g.game_type >= 0)
    v.ramsch = g.ramsch
    v.phase = ph
    v.to_act = g.to_act
    v.my_turn = g.to_act >= 0 and g.to_act == me
    v.kontra_on = g.rules.kontra_on
    v.can_kontra = me >= 0 and ph == PH_PLAY and g.play_mod.kontra_error(g, me, V_CONTRA) == 0
    v.can_re = me >= 0 and ph == PH_PLAY and g.play_mod.kontra_error(g, me, V_RE) == 0

    v.bid = g.bid
    v.bid_holder = g.bid_holder
    bidding = ph < 4                      # PH_BID, PH_ANSWER, PH_TAKE
    v.bidder = g.bidder if bidding else -1
    v.hearer = g.hearer if bidding else -1
    v.next_bid = -1
    if ph == PH_BID:                      # before play: may import
        from skat_core.three.bidding import next_bid
        v.next_bid = next_bid(g)
    v.bids_made = g.bids_made
    for s in range(3):
        v.passed[s] = g.passed[s]
        v.said[s] = g.said[s]

    d = g.declarer
    v.declarer = d
    v.game_type = g.game_type if (in_play or ph == PH_DONE) else -1
    v.flags = g.flags if in_play else 0
    v.picked_up = g.picked_up

    if me < 0:                            # the dealer who sits out at four: no cards of his
        v.n_hand = 0
        pad_cards(v.hand, 0)
    elif in_play:
        v.n_hand = live_cards(g, me, v.hand)
    else:
        v.n_hand = owned_cards(g, me, v.hand)
    v.declarer_open = g.decl_open and in_play
    if v.declarer_open and me != d:
        v.n_decl_open = live_cards(g, d, v.decl_open)
    else:
        v.n_decl_open = 0
        pad_cards(v.decl_open, 0)
    if me == d and g.picked_up and ph >= PH_DECLARE:
        v.skat[0] = g.skat[0]
        v.skat[1] = g.skat[1]
        v.n_skat = 2
    elif me >= 0 and g.skat_put[2 * me] != NO_CARD:  # Schieberamsch: the two I put back
        v.skat[0] = g.skat_put[2 * me]
        v.skat[1] = g.skat_put[2 * me + 1]
        v.n_skat = 2
    else:
        v.n_skat = 0
        pad_cards(v.skat, 0)
    for s in range(3):
        v.skat_move[s] = g.skat_move[s]
    v.pushes = g.pushes
    if me >= 0 and g.skat_found[2 * me] != NO_CARD:
        v.found[0] = g.skat_found[2 * me]
        v.found[1] = g.skat_found[2 * me + 1]
        v.n_found = 2
    else:
        v.n_found = 0
        pad_cards(v.found, 0)

    fill_tricks(g, v, ph)                 # as en-deux's: the tricks, points, the result
    v.contra = g.contra
    v.re = g.re
    v.kontra_by = g.kontra_by
    fill_result(g, v, ph)
