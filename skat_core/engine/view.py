"""What one player may see at this moment (rules.md §4): the only thing the UI and the bot read.

A ``View`` belongs to one player seat (VH 0 or HH 2). ``Game.view(player)`` refreshes the
game's preallocated view of that player in place and returns it; nothing is allocated, so the bot
may refresh views while the heap is locked. Cards are GLOBAL card ids (``cards.py``) in
bytearrays with counts - never live masks: the engine's live numbering is built from the skat,
so a live mask in the engine's numbering would leak the skat. Unused slots hold ``NO_CARD``.

Who sees what:
- each player his own current hand and every card played so far;
- both players the dummy (MH) once it is revealed (``dummy_reveal``; in Ramsch never);
- the opponent the declarer's cards when they are open (einmal offen after trick 1, zweimal
  offen / ouvert before the opening lead);
- the skat only the declarer who picked it up (he knows the two cards he discarded), in Farben
  Tourné the turned card everybody; after the game everybody (``result_skat``).
"""

from skat_core.cards import NO_CARD


class View:
    """Per-player snapshot; every field is refreshed by ``Game.view`` (see ``skat_core.engine.viewfill``)."""

    dealer = 2                          # the dealer is always HH (class fields: no dict slot)
    three = False                       # en-deux's (Skat zu dritt's: skat_core.three.view)
    seat_names = ("vh", "mh", "hh")

    def __init__(self, me):
        self.me = me                    # this player's seat: VH 0 or HH 2
        self.farben = False             # True: Farbenreizen (bidding = farben), bids are classes
        self.ramsch = False             # True: this deal is played as Ramsch (all passed)
        self.phase = 0                  # game.PH_* of the game
        self.to_act = -1                # seat that must act next (MH during play: the dummy), -1 none
        self.actor = -1                 # player seat (0/2) who controls to_act, -1 none
        self.my_turn = False            # actor == me
        self.can_contra = False         # I may say Contra now (optional action, any turn)
        self.can_re = False             # I may say Re now
        self.can_offer = 0              # bit 1: I may offer raus, bit 2: I may offer Stich
        self.can_concede_overbid = 0    # bit gt: I may give up naming game gt (concede G,
                                        #   rules.md §3: above 18 after a pickup, only with
                                        #   contra_re = off, the bid out of that game's reach)

        # Bidding. Zahlen: values (18 ...); Farben: class indexes (values.FARBEN_*), -1 = none.
        self.bid = 0                    # highest bid so far (0 / -1 before any bid)
        self.bid_holder = -1            # seat holding that bid (the bidder or the one who said yes)
        self.next_bid = 0               # the next legal bid value/class for the dealer, -1 if none
        self.passed = bytearray(3)      # passed[seat] = 1 once that seat passed
        self.bids_made = 0              # number of bids the dealer made

        # Declaration.
        self.declarer = -1              # seat of the declarer, -1 before/without (Ramsch: -1)
        self.opponent = -1              # the other player seat, -1 without declarer
        self.game_type = -1             # cards.GT_*; -1 before the declaration; GT_RAMSCH in Ramsch
        self.flags = 0                  # cards.F_* of the declaration (F_HAND set for Hand games)
        self.farben_kind = -1           # Farben: values.FK_FRAGE/TOURNE/SOLO/OUVERT, else -1
        self.turned = NO_CARD           # Farben Tourné: the turned first skat card (public)
        self.picked_up = False          # the declarer picked up the skat

        # Cards (global ids, NO_CARD padding).
        self.hand = bytearray(12)       # my current cards, display order (trumps first, strongest)
        self.n_hand = 0
        self.dummy = bytearray(10)      # the dummy's current cards once revealed, else empty
        self.n_dummy = 0
        self.dummy_revealed = False
        self.decl_open = bytearray(10)  # the declarer's current cards when open to me (not mine)
        self.n_decl_open = 0
        self.declarer_open = False      # the declarer's cards are open (offen/ouvert) now
        self.skat = bytearray(2)        # the skat if I am the declarer and know it (picked up:
        self.n_skat = 0                 #   the two discards), else empty until the result

        # Play. Trick slots are indexed by SEAT (0 vh, 1 mh, 2 hh); order = leader, then onwards.
        self.trick = bytearray(3)       # current trick: card of each seat or NO_CARD
        self.trick_leader = -1          # seat that led the current trick (-1 outside play)
        self.trick_n = 0                # cards in the current trick
        self.led_field = -1             # effective suit led: 0..3 suit, 4 trump (layout fields)
        self.tricks = bytearray(30)     # completed tricks: tricks[3*t + seat] card or NO_CARD
        self.trick_leaders = bytearray(10)
        self.trick_winners = bytearray(10)
        self.n_tricks = 0               # completed tricks
        self.serial = -1                # the deal these tricks belong to (incremental refresh)
        self.played = bytearray(32)     # played[c] = 1 for every card played so far (memory aid)
        self.decl_points = 0            # card points in the declarer's tricks (no skat) so far
        self.opp_points = 0             # card points in the opponent's + dummy's tricks so far
        self.decl_tricks = 0
        self.opp_tricks = 0
        self.seat_points = bytearray(3)  # Ramsch: points taken per seat (MH 0)
        self.seat_tricks = bytearray(3)

        # Offers (§6).
        self.offer_pending = 0          # game.OFFER_RAUS / OFFER_STICH waiting for an answer, 0 none
        self.raus_made = False          # "raus" has been offered (once per game)
        self.stich_made = False         # "Stich" has been offered
        self.rejected = 0               # highest rejected offer (OFFER_*), 0 none
        self.next_level = False         # house rule rejection = next_level: a rejected offer
                                        #   makes its next level compulsory (raus -> Schneider)
        self.contra_on = True           # house rule contra_re = on: Contra/Re may follow a rejection
        self.contra = False
        self.re = False

        # Result (phase PH_DONE): the game's Result object (values.py), shared, read-only.
        self.done = False
        self.result = None
        self.result_skat = bytearray(2)  # the skat, revealed to all at the count
        self.n_result_skat = 0
