"""Skat zu dritt: one ``ThreeGame`` per table, reused for every deal, with the engine's API
(``skat_core.engine.game``: ``deal``, ``legal_actions``, ``act``, ``view``, ``result``).

    g = ThreeGame(ThreeRules())
    g.deal_from_seed(7)                  # or g.deal(pack32) / g.deal_hands(vh, mh, hh, skat)
    while g.phase != PH_DONE:
        seat = g.to_act                  # VH 0, MH 1, HH 2: each plays his own cards
        n = g.legal_actions(seat, buf)   # encoded actions (codes.encode)
        err = g.act(seat, verb, a, b)    # 0 or an error code; never raises, state unchanged
    g.result                             # engine.score.Result

The rules (rules.md §11): the dealer is Hinterhand (at four the dealer sits out: the series
seats the three who play); the deal is en-deux's 3-skat-4-3 (``Game.deal``); Mittelhand bids
first (``skat_core.three.bidding``); the declarer plays alone against two defenders, each of whom sees
only his own cards; ouvert cards are open to all. From the opening lead to the count nothing
is allocated: the tricks and the count are en-deux's modules over the same fields.

A subclass of en-deux's ``Game``: the deal, the card queries and the fields the shared rule
code reads are one code; what differs - who acts for a seat, the bid ladder, play's calls,
the views, Ramsch with three - is here and in ``skat_core.three.bidding``, ``skat_core.three.play``,
``skat_core.three.view``.
"""

from skat_core.cards import VH, MH, GT_RAMSCH, NO_CARD
from skat_core.codes import PH_DEAL, PH_PLAY, PH_DONE, N_VERBS
from skat_core.codes import E_BAD_SEAT, E_BAD_VERB, E_GAME_OVER, E_NO_DEAL
from skat_core.engine.game import Game, MAX_ACTIONS  # noqa: F401  (one buffer size for both)
from skat_core.three.rules import ThreeRules
from skat_core.three.view import ThreeView, refresh


class ThreeGame(Game):
    """State of one three-player deal (see the module docstring)."""

    three = True        # the shared rule code asks: offen levels no, suit/Grand ouvert yes

    def __init__(self, rules=None):
        # Before Game.__init__, whose _reset (this class's) clears them.
        self.said = bytearray(3)          # said[seat] = 1: bid or held a value (Kontra after_18)
        # Schieberamsch (schieben.py): per seat PUSH_* (picked up, pushed on unseen), the two
        # cards each found in the skat and the two each put back: [2 * seat], [2 * seat + 1]
        self.skat_move = bytearray(3)
        self.skat_found = bytearray(6)
        self.skat_put = bytearray(6)
        Game.__init__(self, rules if rules is not None else ThreeRules())
        # The players' views, and the public one of the dealer who sits out at four (-1).
        self.views = [ThreeView(0), ThreeView(1), ThreeView(2), ThreeView(-1)]

    def _reset(self):
        Game._reset(self)
        self.bidder = MH                  # who bids now: Mittelhand to Vorhand, then Hinterhand
        self.hearer = VH                  # who answers "yes" or passes
        self.kontra_by = -1               # the defender who said Kontra
        self.pushes = 0                   # Schieberamsch: skats pushed on unseen (x 2 each)
        for s in range(3):
            self.said[s] = 0
            self.skat_move[s] = 0
        for i in range(6):
            self.skat_found[i] = NO_CARD
            self.skat_put[i] = NO_CARD

    def deal_hands(self, vh, mh, hh, skat):
        """Start a deal with the given hands (global ids); Mittelhand speaks first."""
        Game.deal_hands(self, vh, mh, hh, skat)
        self.to_act = MH

    # ----------------------------------------------------------------------------- queries
    def actor(self, seat):
        """Each seat plays its own cards."""
        return seat

    def legal_actions(self, seat, out):
        """``seat``'s legal encoded actions into ``out`` (>= MAX_ACTIONS ints); the count.
        During play: its cards and Kontra/Re (allocation-free)."""
        if seat < 0 or seat > 2:
            return 0
        if self.phase == PH_PLAY:
            return self.play_mod.legal_actions(self, seat, out)
        if self.phase == PH_DONE or self.phase == PH_DEAL:
            return 0
        from skat_core.three import bidding
        return bidding.legal_actions(self, seat, out)

    def view(self, player):
        """The preallocated ThreeView of ``player`` (0, 1 or 2; -1: the dealer who sits out
        at four, who sees only what is public), refreshed in place."""
        v = self.views[player]
        refresh(self, v)
        return v

    # ----------------------------------------------------------------------------- actions
    def act(self, seat, verb, a=0, b=0):
        """Apply one action; return 0 or an error code. Never raises; on an error the state
        is unchanged."""
        if seat < 0 or seat > 2:
            return E_BAD_SEAT
        ph = self.phase
        if ph == PH_DEAL:
            return E_NO_DEAL
        if ph == PH_DONE:
            return E_GAME_OVER
        if verb < 0 or verb >= N_VERBS:
            return E_BAD_VERB
        if ph == PH_PLAY:
            return self.play_mod.act(self, seat, verb, a, b)
        from skat_core.three import bidding
        return bidding.act(self, seat, verb, a, b)

    def start_play(self):
        """Number the live cards (the skat is out; in Ramsch too) and make the hands masks."""
        from skat_core.three import play
        self.play_mod = play
        lay = self.layout
        lay.setup(GT_RAMSCH if self.ramsch else self.game_type, bytes(self.skat))
        for s in range(3):
            self.hand[s] = 0
        for c in range(32):
            o = self.owner[c]
            if o < 3 and lay.bit_of[c] != NO_CARD:
                self.hand[o] |= 1 << lay.bit_of[c]
        self.trick_size = 3
        self.phase = PH_PLAY
        self.leader = VH
        self.to_act = VH
        self.cur_n = 0
        self.trick_mask = 0
        self.led_field = -1
