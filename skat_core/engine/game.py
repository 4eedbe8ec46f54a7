"""The Skat-en-deux engine: one ``Game`` object per table, reused for every deal (OpenSpiel-like).

    g = Game(Rules())
    g.deal_from_seed(7)                  # or g.deal(pack32) / g.deal_hands(vh, mh, hh, skat)
    while g.phase != PH_DONE:
        seat = g.to_act                  # seat that must act; MH = the dummy during play,
        player = g.actor(seat)           #   controlled by the declarer's opponent
        n = g.legal_actions(seat, buf)   # encoded actions, see codes.encode
        err = g.act(seat, verb, a, b)    # 0 or an error code; never raises, state unchanged on error
    g.result                             # values.Result

``g.view(player)`` returns that player's ``View`` (refreshed in place). From the opening lead to
the final score nothing is allocated: hands are live masks (``layout``), tricks and counters are
preallocated, errors are int codes.

Rules split over modules so each compiles small on the device: ``bidding`` (bids, skat,
declaration, giving up), ``play`` (tricks, offers, Contra/Re, the count), ``viewfill`` (views).
``bidding`` is imported on use before the opening lead and ``play`` when play starts (the Game
holds it in ``play_mod`` until the count), so an app may drop either phase's modules from
the heap while the other phase runs (``skat_core.drop``, ``PRE_PLAY``/``PLAY``).
"""

from skat_core.cards import VH, MH, HH, GT_RAMSCH, NO_CARD
from skat_core.codes import *  # noqa: F401,F403  the engine's API: phases, verbs, offers
from skat_core.codes import PH_DEAL, PH_PLAY, PH_DONE, V_TOURNE
from skat_core.layout import Layout
from skat_core.rng import Rng, shuffled_pack
from skat_core.rules import Rules
from skat_core.engine.score import Result
from skat_core.engine.view import View
from skat_core.engine import viewfill
from skat_core.codes import E_BAD_SEAT, E_BAD_VERB, E_GAME_OVER, E_NO_DEAL

# Room for legal_actions, exactly the longest list: 66 discard pairs of 12 cards + 5 overbid
# concessions (bidding: 68 values + pass; declarations: at most 6 x 10 + 5; play: 14).
MAX_ACTIONS = 71



class Game:
    """State of one deal. All per-game storage is allocated here, once."""

    three = False       # the rules shared with Skat zu dritt ask (skat_core.three.game)

    def __init__(self, rules=None):
        self.rules = rules if rules is not None else Rules()
        self.layout = Layout()
        self.rng = Rng(1)
        self.result = Result()
        self.deal_ids = bytearray(32)     # the deal: vh 0-9, mh 10-19, hh 20-29, skat 30-31
        self.owner = bytearray(32)        # before play: seat holding each card, 3 = in the skat
        self.skat = bytearray(2)          # the two cards out of play (after the discard: the discards)
        self.out = bytearray(12)          # out-of-play cards for the layout (skat [+ Ramsch dummy])
        self.hand = [0, 0, 0]             # live masks during play, by seat
        self.cur = bytearray(3)           # current trick, card by seat (NO_CARD = none)
        self.tricks = bytearray(30)       # completed tricks, tricks[3*t + seat]
        self.trick_leaders = bytearray(10)
        self.trick_winners = bytearray(10)
        self.played = bytearray(32)       # played[c] = 1 once card c is played
        self.passed = bytearray(3)
        self.seat_points = [0, 0, 0]      # card points taken per seat (dummy tricks: MH)
        self.seat_tricks = [0, 0, 0]
        self.views = [View(VH), None, View(HH)]
        self.phase = PH_DEAL
        self.to_act = -1
        self.serial = 0                   # counts deals, so views know when to start over
        self.play_mod = None              # skat_core.engine.play from the opening lead to the count
        self.bock = False                 # a Bock game (score doubled): the series sets it per deal
        self._reset()

    # ----------------------------------------------------------------------------- set-up
    def _reset(self):
        self.play_mod = None
        self.phase = PH_DEAL
        self.to_act = -1
        self.result.clear()
        self.bid = -1 if self.rules.farben else 0   # Zahlen: value, Farben: class index
        self.bid_holder = -1
        self.bids_made = 0
        for s in range(3):
            self.passed[s] = 0
            self.hand[s] = 0
            self.cur[s] = NO_CARD
            self.seat_points[s] = 0
            self.seat_tricks[s] = 0
        self.declarer = -1
        self.opponent = -1
        self.game_type = -1
        self.flags = 0
        self.hand_game = False
        self.picked_up = False
        self.farben_kind = -1
        self.turned = NO_CARD
        self.matadors = 0
        self.ramsch = False
        self.trick_size = 3
        self.leader = VH
        self.cur_n = 0
        self.trick_mask = 0
        self.led_field = -1
        self.n_tricks = 0
        self.decl_open = False
        self.dummy_revealed = False
        self.offer_pending = 0
        self.resume = -1
        self.raus_made = False
        self.stich_made = False
        self.rejected = 0
        self.contra = False
        self.re = False
        viewfill.clear_tricks(self)

    def deal(self, pack):
        """Deal from a shuffled pack ``d[0..31]`` in the order of rules.md §1."""
        if len(pack) != 32:
            raise ValueError("a pack has 32 cards")
        d = pack
        vh = [d[0], d[1], d[2], d[11], d[12], d[13], d[14], d[23], d[24], d[25]]
        mh = [d[3], d[4], d[5], d[15], d[16], d[17], d[18], d[26], d[27], d[28]]
        hh = [d[6], d[7], d[8], d[19], d[20], d[21], d[22], d[29], d[30], d[31]]
        self.deal_hands(vh, mh, hh, [d[9], d[10]])

    def deal_from_seed(self, seed):
        """Shuffle with ``rng.Rng(seed)`` (Fisher-Yates) and deal: the same seed, the same deal."""
        self.deal(shuffled_pack(seed))

    def deal_hands(self, vh, mh, hh, skat):
        """Start a deal with the given hands (global ids). Raises ValueError on a bad deal."""
        if len(vh) != 10 or len(mh) != 10 or len(hh) != 10 or len(skat) != 2:
            raise ValueError("a deal is 10 cards each for vh, mh, hh and 2 for the skat")
        seen = bytearray(32)
        k = 0
        for part in (vh, mh, hh, skat):
            for c in part:
                if c < 0 or c > 31:
                    raise ValueError("not a card id: %r" % (c,))
                if seen[c]:
                    raise ValueError("card dealt twice: %d" % c)
                seen[c] = 1
                self.deal_ids[k] = c
                k += 1
        self._reset()
        self.serial = (self.serial + 1) & 0xFFFFFF
        for i in range(32):
            c = self.deal_ids[i]
            self.owner[c] = 3 if i >= 30 else i // 10
        self.skat[0] = self.deal_ids[30]
        self.skat[1] = self.deal_ids[31]
        self.phase = PH_BID
        self.to_act = HH

    # ----------------------------------------------------------------------------- queries
    def actor(self, seat):
        """The player seat (VH 0 / HH 2) who controls ``seat``: the opponent plays the dummy."""
        if seat == MH:
            return self.opponent
        return seat

    def player_to_act(self):
        """The player who must act now (the controller of ``to_act``), -1 if nobody."""
        if self.to_act < 0:
            return -1
        return self.actor(self.to_act)

    def cards_of(self, seat, out):
        """Write ``seat``'s current cards (global ids) into ``out``; return the count.

        The full state - for tests, records and the simulator, not for players (use views)."""
        if self.phase == PH_PLAY or (self.phase == PH_DONE and self.game_type >= 0):
            return self.layout.ids_of(self.hand[seat], out)
        k = 0
        for c in viewfill.DISPLAY_ORDER:
            if self.owner[c] == seat:
                out[k] = c
                k += 1
        return k

    def legal_mask(self, seat):
        """Live mask of the cards ``seat`` may play now (0 if it is not its turn to play)."""
        if self.phase != PH_PLAY:
            return 0
        return self.play_mod.legal_mask(self, seat)

    def legal_actions(self, seat, out):
        """Fill ``out`` (a list of >= MAX_ACTIONS ints) with ``seat``'s legal encoded actions.

        Encoding: ``codes.encode(verb, a, b)``; decode with ``action_verb/a/b``. During play this
        lists card plays (seat MH for the dummy's cards) and the player's optional actions
        (offer, accept/reject, Contra, Re). Allocation-free during play. Returns the count."""
        if seat < 0 or seat > 2:
            return 0
        if self.phase == PH_PLAY:
            return self.play_mod.legal_actions(self, seat, out)
        if self.phase == PH_DONE or self.phase == PH_DEAL:
            return 0
        from skat_core.engine import bidding
        return bidding.legal_actions(self, seat, out)

    def view(self, player):
        """The preallocated View of ``player`` (VH 0 or HH 2), refreshed in place."""
        v = self.views[player]
        viewfill.refresh(self, v)
        return v

    # ----------------------------------------------------------------------------- actions
    def act(self, seat, verb, a=0, b=0):
        """Apply one action; return 0 or an error code (``error_text``). Never raises; on an
        error the state is unchanged."""
        if seat < 0 or seat > 2:
            return E_BAD_SEAT
        ph = self.phase
        if ph == PH_DEAL:
            return E_NO_DEAL
        if ph == PH_DONE:
            return E_GAME_OVER
        if verb < 0 or verb > V_TOURNE:
            return E_BAD_VERB
        if ph == PH_PLAY:
            return self.play_mod.act(self, seat, verb, a, b)
        from skat_core.engine import bidding
        return bidding.act(self, seat, verb, a, b)

    def act_encoded(self, seat, x):
        """``act`` with an encoded action from ``legal_actions``."""
        return self.act(seat, x & VERB_MASK, (x >> A_SHIFT) & A_MASK, x >> B_SHIFT)

    def random_action(self, rng, out):
        """Pick a uniformly random legal action of the seat to act (or -1): allocation-free when
        ``out`` is preallocated; returns the encoded action. Used by tests and playouts."""
        s = self.to_act
        if s < 0:
            return -1
        n = self.legal_actions(s, out)
        if n == 0:
            return -1
        return out[rng.below(n)]

    # ----------------------------------------------------------------------------- internal
    def start_play(self):
        """Number the live cards and turn the owner table into live hand masks (pre-play)."""
        from skat_core.engine import play
        self.play_mod = play
        lay = self.layout
        if self.ramsch:
            n = 0
            for c in range(32):
                if self.owner[c] == MH or self.owner[c] == 3:
                    self.out[n] = c
                    n += 1
            lay.setup(GT_RAMSCH, bytes(self.out[:n]))
        else:
            lay.setup(self.game_type, bytes(self.skat))
        for s in range(3):
            self.hand[s] = 0
        for c in range(32):
            o = self.owner[c]
            if o < 3 and lay.bit_of[c] != NO_CARD:
                self.hand[o] |= 1 << lay.bit_of[c]
        self.phase = PH_PLAY
        self.leader = VH
        self.to_act = VH
        self.cur_n = 0
        self.trick_mask = 0
        self.led_field = -1
