"""The worlds consistent with what the bot has seen, and how likely each one is.

A world deals the unseen cards (``Knowledge.pool``) to the hidden holders: the seats whose
cards the bot cannot see and the out-of-play pile (skat; in Ramsch also the dummy). Every
world respects the counts (each holder gets exactly the cards it still has) and the voids (a
seat that did not follow a field holds no card of it).

- After the dummy is turned up exactly one seat and the skat are hidden: the worlds are the
  pairs of pool cards that can be the skat, at most C(12, 2) = 66, all enumerated (pool cards
  the hidden seat cannot hold because of a void must be in the skat).
- Otherwise (the opening lead before the reveal, Ramsch) worlds are sampled with the bot's Rng.
- The judge (skat_core.bot.advice) at Skat zu dritt asks ``every``: all deals of the pool to
  the hidden holders there are (the two other seats, and the skat when it is unseen), or
  none when there are more than it can judge.

Weights (integers, no floats on the device): a skat the declarer discarded himself is more
likely to hold points from short side suits than trumps or aces (discard model); in a Hand game
or a pile nobody chose every world weighs the same.

World storage: two bits a card, four cards a byte, ``WORLD_BYTES`` bytes a world -
``two_bits(owner, w * 32 + c)`` (skat_core/layout.py) is the holder of card ``c`` in world
``w`` (0-2 a seat, ``OUT`` the pile; only pool cards are written, a world's bytes are
cleared before). The holders are
four, so two bits hold one: the device's store for 66 worlds is 528 bytes, kept from boot
(bot.device_blocks), where a byte a card took 2,112.

Nothing here allocates after ``__init__``.
"""

from skat_core import THREE_TABLES
from skat_core.cards import const, GT_NULL, NO_CARD
from skat_core.bot.know import OUT, field_of, TRUMP

MAX_WORLDS = const(66)
SAMPLE_TRIES = const(40)
# ``every`` gives up after this many placements of a card (voids can make a search of the
# deals long where few of them fit: it then says "more than the limit", never loops on).
EVERY_STEPS = const(20000)
WORLD_BYTES = const(8)      # 32 cards at two bits
STORE_BYTES = const(528)    # MAX_WORLDS * WORLD_BYTES: the store


def _clear(owner, w):
    """World ``w`` holds no card yet (every holder 0, ready for ``_put``)."""
    base = w * WORLD_BYTES
    for i in range(WORLD_BYTES):
        owner[base + i] = 0


def _put(owner, w, c, h):
    """Holder ``h`` gets card ``c`` in world ``w``, the field ``two_bits`` reads (a card not
    put since ``_clear``, or put to a holder whose bits ``h`` covers: ``OUT`` over a seat)."""
    i = w * WORLD_BYTES + (c >> 2)
    owner[i] = owner[i] | (h << ((c & 3) << 1))

# Discard model: relative weight of a card being one the declarer put into the skat, by rank
# (A T K Q J 9 8 7): tens and kings are typical discards (points saved), aces rarely, trumps
# almost never.
_DISCARD_W = b"\x02\x08\x06\x05\x01\x04\x04\x04"
_NULL_DISCARD_W = b"\x08\x06\x06\x05\x04\x03\x02\x01"   # Null: high cards go


class Worlds:
    """Preallocated world store; ``build`` fills it from a ``Knowledge``."""

    def __init__(self, owner=None):
        """``owner``: a bytearray of ``STORE_BYTES`` taken earlier (the bot's
        ``device_blocks``), or None to allocate it here."""
        self.owner = owner if owner is not None else bytearray(STORE_BYTES)
        self.weight = [0] * MAX_WORLDS
        self.n = 0
        self.total = 0
        self.complete = True        # every consistent world is in the store
        self._deck = bytearray(32)
        self._need = bytearray(4)

    def build(self, kn, rng, limit, discard_model):
        """Enumerate (one hidden seat + skat) or sample up to ``limit`` worlds; return n."""
        if limit > MAX_WORLDS:
            limit = MAX_WORLDS
        holders = 0
        seat = -1
        for h in range(4):
            if kn.hidden[h]:
                holders += 1
                if h != OUT:
                    seat = h
        self.complete = True
        if holders <= 1:
            # Nothing or one holder unseen: the pool is that holder's, one world.
            self.n = 1
            self.weight[0] = 1
            h = seat if seat >= 0 else OUT
            _clear(self.owner, 0)
            for i in range(kn.n_pool):
                _put(self.owner, 0, kn.pool[i], h)
        elif holders == 2 and seat >= 0 and kn.hidden[OUT] and kn.need[OUT] == 2 \
                and not kn.ramsch:
            self._pairs(kn, seat, discard_model)
            if self.n > limit:
                self._thin(rng, limit)
                self.complete = False
        else:
            self._sample(kn, rng, limit)
            self.complete = False
        total = 0
        for w in range(self.n):
            total += self.weight[w]
        self.total = total
        return self.n

    if THREE_TABLES:            # (a drive without Skat zu dritt leaves it out)
        def every(self, kn, limit):
            """Every world of ``kn`` (any hidden holders: at three the two other seats and
            the skat when it is unseen), each weighing 1, in a fixed order; return n. More
            than ``limit`` (or than ``EVERY_STEPS`` placements to find them): ``complete``
            is False and n is ``limit`` + 1 at most (the store holds ``MAX_WORLDS``).

            A depth-first walk over the pool: card i goes to the first holder after the one
            it had that still needs a card and may hold it (its voids); past the last card a
            world is written; no holder left for a card takes the walk one card back."""
            if limit > MAX_WORLDS:
                limit = MAX_WORLDS
            owner = self.owner
            pool = kn.pool
            np = kn.n_pool
            need = self._need
            at = self._deck          # at[i]: 1 + the holder card i has now (0: none yet)
            for h in range(4):
                need[h] = kn.need[h] if kn.hidden[h] else 0
            self.complete = True
            n = 0
            steps = 0
            i = 0
            at[0] = 0
            if np == 0:
                _clear(owner, 0)
                self.weight[0] = 1
                n = 1
                i = -1
            while i >= 0:
                c = pool[i]
                h = at[i]
                if h:
                    need[h - 1] += 1          # card i back from the holder it had
                while h < 4 and not (need[h] and kn.consistent(c, h)):
                    h += 1
                if h >= 4:
                    at[i] = 0
                    i -= 1
                    continue
                steps += 1
                if steps > EVERY_STEPS or n > limit:
                    self.complete = False
                    break
                need[h] -= 1
                at[i] = h + 1
                if i + 1 < np:
                    i += 1
                    at[i] = 0
                    continue
                if n < MAX_WORLDS:
                    _clear(owner, n)
                    for k in range(np):
                        _put(owner, n, pool[k], at[k] - 1)
                    self.weight[n] = 1
                n += 1
            if n > limit:                     # (also when exactly limit + 1 exist)
                self.complete = False
            self.n = n if n <= MAX_WORLDS else MAX_WORLDS
            self.total = self.n
            return n

    def _pairs(self, kn, seat, discard_model):
        pool = kn.pool
        np = kn.n_pool
        owner = self.owner
        gt = kn.game_type
        # Cards the hidden seat cannot hold (a void) must lie in the skat.
        forced = 0
        f0 = NO_CARD
        f1 = NO_CARD
        for i in range(np):
            if not kn.consistent(pool[i], seat):
                forced += 1
                if f0 == NO_CARD:
                    f0 = pool[i]
                else:
                    f1 = pool[i]
        n = 0
        if forced > 2:
            # Cannot happen with a truthful view; fall back to one world that ignores voids.
            forced = 0
        for i in range(np):
            a = pool[i]
            for j in range(i + 1, np):
                b = pool[j]
                if forced >= 1 and a != f0 and b != f0:
                    continue
                if forced == 2 and a != f1 and b != f1:
                    continue
                if n >= MAX_WORLDS:
                    break
                _clear(owner, n)
                for k in range(np):
                    _put(owner, n, pool[k], seat)
                _put(owner, n, a, OUT)          # OUT's bits cover the seat's
                _put(owner, n, b, OUT)
                w = 1
                if discard_model:
                    if gt == GT_NULL:
                        w = _NULL_DISCARD_W[a & 7] * _NULL_DISCARD_W[b & 7]
                    else:
                        w = _card_w(a, gt) * _card_w(b, gt)
                self.weight[n] = w
                n += 1
        self.n = n

    def _thin(self, rng, limit):
        """Keep ``limit`` worlds, drawn with probability by weight (no replacement)."""
        n = self.n
        owner = self.owner
        for k in range(limit):
            total = 0
            for w in range(k, n):
                total += self.weight[w]
            r = (rng.next15() * total) >> 15 if total < 32768 else rng.below(32768) * (total >> 15)
            pick = n - 1
            acc = 0
            for w in range(k, n):
                acc += self.weight[w]
                if acc > r:
                    pick = w
                    break
            if pick != k:
                self.weight[k], self.weight[pick] = self.weight[pick], self.weight[k]
                bk = k * WORLD_BYTES
                bp = pick * WORLD_BYTES
                for i in range(WORLD_BYTES):
                    t = owner[bk + i]
                    owner[bk + i] = owner[bp + i]
                    owner[bp + i] = t
            self.weight[k] = 1     # drawn by weight: each kept world now counts once
        self.n = limit

    def _sample(self, kn, rng, limit):
        """Random deals of the pool to the hidden holders that respect counts and voids."""
        deck = self._deck
        need = self._need
        owner = self.owner
        np = kn.n_pool
        n = 0
        tries = 0
        while n < limit and tries < limit * SAMPLE_TRIES:
            tries += 1
            for i in range(np):
                deck[i] = kn.pool[i]
            rng.shuffle(deck, np)
            for h in range(4):
                need[h] = kn.need[h] if kn.hidden[h] else 0
            _clear(owner, n)
            ok = True
            # Most constrained holders first: seats with voids take what they can hold.
            for i in range(np):
                c = deck[i]
                placed = False
                for h in range(4):
                    if need[h] and kn.consistent(c, h):
                        # Leave room: prefer a seat over the pile only by the deck order.
                        _put(owner, n, c, h)
                        need[h] -= 1
                        placed = True
                        break
                if not placed:
                    ok = False
                    break
            if ok:
                self.weight[n] = 1
                n += 1
        if n == 0:
            # Voids made every try fail (rare): one world that fills holders in pool order.
            for h in range(4):
                need[h] = kn.need[h] if kn.hidden[h] else 0
            _clear(owner, 0)
            for i in range(np):
                c = kn.pool[i]
                for h in range(4):
                    if need[h]:
                        _put(owner, 0, c, h)
                        need[h] -= 1
                        break
            self.weight[0] = 1
            n = 1
        self.n = n


def _card_w(c, gt):
    if field_of(c, gt) == TRUMP:
        return 1
    return _DISCARD_W[c & 7]
