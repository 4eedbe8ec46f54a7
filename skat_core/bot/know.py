"""What the bot knows during play, read from its View only (rules.md §4).

``Knowledge.read(view)`` fills preallocated arrays: who holds which seen cards, which cards are
unseen (the pool), how many unseen cards each hidden holder has, and the effective suits each
seat has shown out of (a seat that did not follow the led field holds no card of it). The
hidden holders are the seats whose cards the bot cannot see plus the out-of-play pile (the skat;
in en-deux's Ramsch also the dummy's ten cards). ``skat_core.bot.worlds`` deals the pool to those
holders. A Skat zu dritt view (``view.three``: skat_core.three.view) has no dummy: three seats hold
cards, the pile is the skat.

Allocation: ``read`` allocates nothing (bytearrays refilled in place), so it may run under
``micropython.heap_lock()``.
"""

from skat_core.cards import (
    const, NO_CARD, MH, GT_RAMSCH,
)

from skat_core.layout import field_of, TRUMP  # noqa: F401  (the trick rule; read here by the bot)

OUT = const(3)          # holder index of the out-of-play pile (skat, Ramsch: + dummy)


class Knowledge:
    """The bot's picture of the cards; fields are described in ``read``."""

    def __init__(self):
        self.holder = bytearray(32)     # seat 0..2 / OUT holding a card, or NO_CARD: unseen/played
        self.unseen = bytearray(32)     # 1 = the bot does not know where this card is
        self.pool = bytearray(32)       # the unseen cards, ascending
        self.n_pool = 0
        self.hidden = bytearray(4)      # hidden[h] = 1 if holder h's cards are (partly) unknown
        self.need = bytearray(4)        # unseen cards still held by each hidden holder
        self.void = bytearray(4)        # void[seat]: bit f set = shown out of field f
        self.left = bytearray(3)        # cards each seat still holds
        self.me = 0
        self.game_type = -1
        self.declarer = -1
        self.ramsch = False

    def read(self, view):
        """Refill from ``view`` (phase play; also usable at the opening lead)."""
        gt = view.game_type
        self.me = view.me
        self.game_type = gt
        self.declarer = view.declarer
        ramsch = view.ramsch or gt == GT_RAMSCH
        self.ramsch = ramsch
        holder = self.holder
        unseen = self.unseen
        for c in range(32):
            holder[c] = NO_CARD
            unseen[c] = 0 if view.played[c] else 1
        for h in range(4):
            self.hidden[h] = 0
            self.need[h] = 0
            self.void[h] = 0
        # Cards I can see where they are.
        for i in range(view.n_hand):
            self._see(view.hand[i], view.me)
        for i in range(view.n_dummy):
            self._see(view.dummy[i], MH)
        if view.n_decl_open and view.declarer >= 0:
            for i in range(view.n_decl_open):
                self._see(view.decl_open[i], view.declarer)
        for i in range(view.n_skat):
            self._see(view.skat[i], OUT)
        # Cards still held per seat: 10 minus the cards that seat has played.
        left = self.left
        left[0] = left[1] = left[2] = 10
        self._count_played(view, left)
        two = ramsch and not view.three  # en-deux's Ramsch: two players, the dummy's cards out
        for s in range(3):
            if two and s == MH:
                continue                 # the dummy's cards are out of play in Ramsch
            seen = 0
            for c in range(32):
                if holder[c] == s:
                    seen += 1
            if seen < left[s]:
                self.hidden[s] = 1
                self.need[s] = left[s] - seen
        out_size = 12 if two else 2
        seen = 0
        for c in range(32):
            if holder[c] == OUT:
                seen += 1
        if seen < out_size:
            self.hidden[OUT] = 1
            self.need[OUT] = out_size - seen
        n = 0
        for c in range(32):
            if unseen[c]:
                self.pool[n] = c
                n += 1
        self.n_pool = n
        self._voids(view)
        return self

    def _see(self, c, h):
        if c == NO_CARD:
            return
        self.holder[c] = h
        self.unseen[c] = 0

    def _count_played(self, view, left):
        for t in range(view.n_tricks):
            for s in range(3):
                if view.tricks[3 * t + s] != NO_CARD:
                    left[s] -= 1
        for s in range(3):
            if view.trick[s] != NO_CARD:
                left[s] -= 1

    def _voids(self, view):
        gt = self.game_type
        for t in range(view.n_tricks):
            lead = view.trick_leaders[t]
            self._trick_voids(view.tricks, 3 * t, lead, gt)
        if view.trick_n and view.trick_leader >= 0:
            self._trick_voids(view.trick, 0, view.trick_leader, gt)

    def _trick_voids(self, cards, base, lead, gt):
        led = cards[base + lead]
        if led == NO_CARD:
            return
        f = field_of(led, gt)
        for s in range(3):
            c = cards[base + s]
            if s != lead and c != NO_CARD and field_of(c, gt) != f:
                self.void[s] |= 1 << f

    def consistent(self, c, h):
        """May the unseen card ``c`` lie with hidden holder ``h``?"""
        if h == OUT:
            return True
        return not (self.void[h] >> field_of(c, self.game_type)) & 1
