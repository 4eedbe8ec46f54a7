"""Double-dummy solver for Skat-en-deux: exact (or budgeted) card play with all cards known.

Public API (everything else in skat_core/ss_*.py is internal):

    s = Solver(tt_slots=1024)       # preallocates everything (~17 bytes per table slot)
    err = s.load(game_type, declarer, vh, mh, hh, skat, leader, trick,
                 decl_points=0, decl_tricks=0, opp_tricks=0)
        Global card ids (cards.py). ``vh``/``mh``/``hh``/``skat``/``trick`` are sequences
        (list, bytearray); entries > 31 (e.g. 255 padding) are ignored, so fixed-size
        bytearrays can be reused. ``trick`` holds the cards already in the current trick in
        play order, led by ``leader``. ``declarer`` is VH or HH; the other player and the
        dummy (MH) are the opponent side. ``decl_points`` are the card points in the
        declarer's completed tricks (the skat is added by the solver), ``decl_tricks`` /
        ``opp_tricks`` their trick counts. Ramsch (GT_RAMSCH): ``mh`` empty, two-card tricks
        vh/hh, ``declarer`` is the seat whose points are counted (the skat is not), that seat
        wants few points and the other seat wants him to take many.
        Returns 0, or an error code (E_* below) with the solver unchanged. Allocation-free;
        ~0.43 M fuel when the numbering repeats (see set_hand), ~1.3 M with a new one.

    err = s.set_hand(seat, cards, skat)
        The cheap switch between the worlds of one decision (they differ only in which of
        the declarer's cards are the skat): ``seat``'s hand and the skat are re-split, the
        numbering, tables and transposition table stay (positions are keyed by the hands,
        so what one world proved helps the next). Needs the same cards in hand + skat as
        loaded and a numbered skat (from the second card of the game on: before it the 32
        cards do not fit in 30 bits and the skat is out of play). 0 or E_CARDS (unchanged).
        ``load`` also keeps numbering and table when the out-of-play cards, game type and
        declarer are those of the previous load.

    Queries. ``budget`` is a node limit for the whole call (0 = unlimited, exact). With a
    budget the search deepens trick by trick and, when the budget runs out, answers from the
    deepest finished depth (static estimate at its horizon); ``s.exact`` says which (1 =
    proven). ``s.nodes`` is the node count of the last call. All allocation-free.

    s.reaches(target, budget=0) -> 1/0   declarer's final card points (incl. skat) >= target
                                         (61 win, 90 Schneider, 31 = not Schneider'd).
    s.reaches_tricks(target, budget=0) -> 1/0   declarer's tricks >= target (10 = Schwarz;
                                         1 = not Schwarz'd).
    s.declarer_points(budget=0) -> int   final declarer points under perfect play (Ramsch:
                                         that seat's trick points, minimised by him).
    s.null_won(budget=0) -> 1/0          Null: the declarer takes no trick.
    s.best_move(budget=0) -> global id   a card for the seat to move (``s.to_move``; MH's
                                         cards when the dummy is to play) that keeps the
                                         value: points in suit/Grand/Ramsch, won/lost in Null.
    s.goal_move(target, budget=0, tricks=0) -> global id or 255
                                         a card with which the mover reaches his goal
                                         against ``target`` (declarer: >= target, the
                                         opponents: < target); 255 if none does. One
                                         zero-window test: the cheap exact move for the
                                         device (e.g. target 61, or 90 when reachable).
    s.move_values(target, budget, out, tricks=0) -> n_legal
                                         out[global id] = 1/0 for each legal card of the
                                         mover: does the declarer reach ``target`` after it
                                         (points; tricks if ``tricks`` or Null), 255 for cards
                                         that are not legal. ``out``: bytearray(32).
                                         ``s.exact`` = all values exact.
    s.move_points(budget, out) -> n_legal   out[global id] = final declarer points after
                                         that card (suit/Grand/Ramsch), 255 if not legal.

State for the caller: ``s.to_move`` (seat), ``s.tricks_left`` (incl. the current trick),
``s.layout`` (the solver's own Layout; do not change it), ``s.exact``, ``s.nodes``.

How it works (docs/solver.md): zero-window tests by an iterative alpha-beta
(ss_search), equivalent cards collapsed (ss_movegen), seat-aware ordering (ss_order),
sure-trick and secured-point bounds plus the static estimate (ss_bounds), a transposition
table at trick starts (ss_table). Exact points come from a binary search over tests; the
table keeps bounds relative to the points so far, so the tests share their work.
"""

from skat_core.cards import (
    const, POINTS, VH, MH, HH, GT_NULL, GT_RAMSCH, NO_CARD,
)
from skat_core.layout import Layout, TRUMP, bit_count
from skat_core.ss_bounds import fill_power, estimate
from skat_core.ss_movegen import IDX37, fill_tables, gen
from skat_core.ss_order import GRAB, DUCK, FEED
from skat_core.ss_search import run, MAX_PLY, NO_LIMIT
from skat_core.ss_table import Table

E_OK = const(0)
E_GAME = const(1)       # unknown game type
E_SEAT = const(2)       # declarer not VH/HH, leader not a seat
E_CARDS = const(3)      # a card twice, hands of wrong sizes, or MH holding cards in Ramsch
E_TRICK = const(4)      # the current trick is full or its cards do not fit the hands

M_POINTS = const(0)
M_TRICKS = const(1)


def _next_seat(seat, ramsch):
    """Play order vh -> mh -> hh; in Ramsch vh <-> hh (the dummy is out)."""
    if ramsch:
        return HH if seat == VH else VH
    return seat + 1 if seat < HH else VH


class Solver:
    def __init__(self, tt_slots=1024):
        self.layout = Layout()
        self.tt = Table(tt_slots)
        self.hand = [0, 0, 0]
        self.spts = bytearray(30)
        self.fld = self.layout.field_of
        self.fm = [0, 0, 0, 0, 0, 0]    # the layout's five field masks + the fields' tops
        self.tm = 0
        self.side = bytearray(3)
        self.want = bytearray(3)
        self.style = [0, 0, 0]
        self.nxt = bytearray(3)
        self.tlast = 2
        self.unit = 0
        self.dseat = 0
        self.game = 0
        self.metric = -1
        self.fab = [0] * 30
        self.eq = 0
        self.power = bytearray(30)
        self._rmo = [0, 0, 0, 0]
        self.mo = [0] * (MAX_PLY * 4)
        self.a_seat = bytearray(MAX_PLY)
        self.a_pos = bytearray(MAX_PLY)
        self.a_led = bytearray(MAX_PLY)
        self.a_win = [0] * MAX_PLY
        self.a_ws = bytearray(MAX_PLY)
        self.a_tp = bytearray(MAX_PLY)
        self.a_rs = [0] * 12
        self.a_dp = bytearray(MAX_PLY)
        self.a_rem = bytearray(MAX_PLY)
        self.a_b = bytearray(MAX_PLY)
        self.a_eh = [0] * MAX_PLY
        self._lo = 0                    # load scratch: global ids seen, as two 16-bit halves
        self._hi = 0
        self._bad = 0
        self._pts = 0
        self._out = bytearray(32)
        self._vals = bytearray(32)
        # the position as loaded (root of every search)
        self.r_seat = 0
        self.r_pos = 0
        self.r_led = 0
        self.r_win = 0
        self.r_ws = 0
        self.r_tp = 0
        self.r_tc = 0
        self.r_dp = 0
        self.r_rem = 0
        self.r_left = 0
        self.l_points = 0       # declarer's points from completed tricks + skat (Ramsch: no skat)
        self.l_base = 0         # ... without the skat
        self.l_live = 0         # card points in the hands and the current trick
        self.skat_mask = 0      # the skat's live mask while the skat is numbered, else 0
        self.l_tricks = 0
        # backup of the root while a child of it is searched (move_values)
        self.b_seat = 0
        self.b_pos = 0
        self.b_led = 0
        self.b_win = 0
        self.b_ws = 0
        self.b_tp = 0
        self.b_tc = 0
        self.b_dp = 0
        self.b_rem = 0
        self.b_left = 0
        self.to_move = 0
        self.tricks_left = 0
        self.r_legal = 0
        self.nodes = 0
        self.ehits = 0
        self.aborted = 0
        self.root_move = 255
        self.exact = 1
        self.loaded = 0
        self.k_lo = 0                   # the out-of-play cards of the current numbering
        self.k_hi = 0

    # ------------------------------------------------------------------ loading

    def load(self, game_type, declarer, vh, mh, hh, skat, leader, trick,
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
        self._lo = 0
        self._hi = 0
        self._bad = 0
        self._pts = 0
        n_vh = self._scan(vh)
        n_mh = self._scan(mh)
        n_hh = self._scan(hh)
        n_tr = self._scan(trick)
        live_pts = self._pts
        live_lo = self._lo
        live_hi = self._hi
        n_sk = self._scan(skat)
        skat_pts = self._pts - live_pts
        bad = self._bad
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
            live_lo = self._lo
            live_hi = self._hi
        key_lo = 0xFFFF & ~live_lo          # the out-of-play cards
        key_hi = 0xFFFF & ~live_hi
        if bit_count(key_lo) + bit_count(key_hi) < 2:
            return E_CARDS                  # more than 30 live cards
        # Card counts: the seats that already played to this trick hold one card less.
        s = leader
        for i in range(n_tr):
            s = _next_seat(s, ramsch)
        k = n_vh if s == VH else (n_mh if s == MH else n_hh)
        s2 = leader
        for i in range(size):
            n = n_vh if s2 == VH else (n_mh if s2 == MH else n_hh)
            if n != (k - 1 if i < n_tr else k):
                return E_CARDS
            s2 = _next_seat(s2, ramsch)
        if k == 0:
            return E_CARDS
        # valid: from here on the solver takes the new position
        nxt = self.nxt
        for i in range(3):
            nxt[i] = _next_seat(i, ramsch)
        lay = self.layout
        same = (self.loaded and self.k_lo == key_lo and self.k_hi == key_hi
                and self.game == game_type and self.dseat == declarer)
        if not same:
            out = self._out
            n_out = 0
            for c in range(32):
                if (key_hi >> (c - 16)) & 1 if c >= 16 else (key_lo >> c) & 1:
                    out[n_out] = c
                    n_out += 1
            for i in range(n_out, 32):
                out[i] = out[0]             # padding: marking a card out twice is harmless
            lay.setup(game_type, out)
            self.k_lo = key_lo
            self.k_hi = key_hi
            self.metric = -1                # tables and transposition table start afresh
        self.game = game_type
        self.dseat = declarer
        self.tlast = size - 1
        self.tm = lay.trump_mask
        bit_of = lay.bit_of
        hand = self.hand
        hand[0] = self._mask(vh)
        hand[1] = self._mask(mh)
        hand[2] = self._mask(hh)
        # the current trick, as the search keeps it
        seat = leader
        pos = 0
        led = 0
        win = 0
        ws = 0
        tc = 0
        fm = self.fm
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
        self.r_seat = seat
        self.r_pos = pos
        self.r_led = led
        self.r_win = win
        self.r_ws = ws
        self.r_tc = tc
        self.r_left = k
        self.to_move = seat
        self.tricks_left = k
        self.l_base = decl_points
        self.l_points = decl_points + (0 if ramsch else skat_pts)
        self.l_live = live_pts
        self.skat_mask = 0 if skat_out else self._mask(skat)
        self.l_tricks = decl_tricks
        side = self.side
        want = self.want
        style = self.style
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
            fill_power(self.power, lay.n_live, lay.field_of, lay.card_at,
                       TRUMP if game_type != GT_NULL else 255, game_type == GT_NULL)
        metric = M_TRICKS if game_type == GT_NULL else M_POINTS
        if metric != self.metric:
            self._set_metric(metric)
        else:
            self._root_metric()
        self.loaded = 1
        return E_OK

    def _scan(self, cards):
        """Count ``cards`` (global ids, > 31 ignored) into the load's card halves."""
        lo = self._lo
        hi = self._hi
        bad = self._bad
        pts = self._pts
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
        self._lo = lo
        self._hi = hi
        self._bad = bad
        self._pts = pts
        return n

    def set_hand(self, seat, cards, skat):
        """Cheap switch between worlds that differ only in which cards are the skat.

        ``seat`` gets the hand ``cards`` and the skat becomes ``skat`` (global ids, 255
        ignored), provided the two together are exactly that seat's hand plus the skat as
        loaded, with the hand size unchanged, and the skat is numbered (from the second
        card of the game on). The numbering, tables and transposition table stay. Returns
        0, or E_CARDS with nothing changed (then use ``load``).
        """
        sk = self.skat_mask
        if not self.loaded or not sk or seat < 0 or seat > 2:
            return E_CARDS
        bit_of = self.layout.bit_of
        m = 0
        for c in cards:
            if c < 32:
                b = bit_of[c]
                if b == NO_CARD:
                    return E_CARDS
                m |= 1 << b
        k = 0
        pts = 0
        lpts = self.layout.pts
        for c in skat:
            if c < 32:
                b = bit_of[c]
                if b == NO_CARD:
                    return E_CARDS
                k |= 1 << b
                pts += lpts[b]
        h = self.hand[seat]
        if m & k or (m | k) != (h | sk) or bit_count(m) != bit_count(h):
            return E_CARDS
        self.l_live += self._sum_pts(m & ~h) - self._sum_pts(h & ~m)
        self.hand[seat] = m
        self.skat_mask = k
        self.l_points = self.l_base + (0 if self.game == GT_RAMSCH else pts)
        self._root_metric()
        return E_OK

    def _sum_pts(self, m):
        lpts = self.layout.pts
        t = 0
        while m:
            b = m & -m
            m ^= b
            t += lpts[IDX37[b % 37]]
        return t

    def _mask(self, cards):
        bit_of = self.layout.bit_of
        m = 0
        for c in cards:
            if c < 32:
                m |= 1 << bit_of[c]
        return m

    def _set_metric(self, metric):
        """Points or tricks; a change refills the tables and forgets the table entries."""
        if metric == self.metric:
            return
        self.metric = metric
        spts = self.spts
        lpts = self.layout.pts
        n = self.layout.n_live
        for i in range(30):
            spts[i] = lpts[i] if (metric == M_POINTS and i < n) else 0
        self.unit = 1 if metric == M_TRICKS else 0
        self.eq = fill_tables(self.fab, n, self.fm, self.fld, spts)
        self.tt.new_generation()
        self._root_metric()

    def _root_metric(self):
        """The root's trick value, declarer metric and metric still out."""
        self.r_tp = self._sum(self.r_tc)
        if self.metric == M_POINTS:
            self.r_dp = self.l_points
            self.r_rem = self.l_live
        else:
            self.r_dp = self.l_tricks
            self.r_rem = self.r_left

    def _sum(self, m):
        spts = self.spts
        t = 0
        while m:
            b = m & -m
            m ^= b
            t += spts[IDX37[b % 37]]
        return t

    # ------------------------------------------------------------------ zero-window tests

    def _zw(self, target, limit):
        """One test with deepening under an absolute node ``limit``; sets exact/root_move."""
        self.root_move = 255
        if self.r_dp >= target:
            self.exact = 1
            return 1
        if self.r_dp + self.r_rem < target:
            self.exact = 1
            return 0
        if limit >= NO_LIMIT:
            r = run(self, target, NO_LIMIT, 99)
            self.exact = 1
            return r
        res = -1
        best = 255
        exact = 0
        h = 1
        while self.nodes < limit:
            r = run(self, target, limit, h)
            if self.aborted:
                break
            res = r
            best = self.root_move
            if self.ehits == 0 or h >= self.r_left:
                exact = 1 if self.ehits == 0 else 0
                break
            h += 1
        if res < 0:
            # not even one trick deep: judge the root by the static estimate
            x = self.hand[self.dseat]
            y = (self.hand[0] | self.hand[1] | self.hand[2]) ^ x
            res = 1 if self.r_dp + estimate(x, y, self.r_rem, self.power) >= target else 0
        self.exact = exact
        self.root_move = best
        return res

    def _limit(self, budget):
        self.nodes = 0
        return NO_LIMIT if budget <= 0 else budget

    def reaches(self, target, budget=0):
        """1 if the declarer ends with >= ``target`` card points (skat included), else 0."""
        self._set_metric(M_POINTS)
        return self._zw(target, self._limit(budget))

    def reaches_tricks(self, target, budget=0):
        """1 if the declarer ends with >= ``target`` tricks, else 0."""
        self._set_metric(M_TRICKS)
        return self._zw(target, self._limit(budget))

    def null_won(self, budget=0):
        """Null: 1 if the declarer takes no trick under best play, else 0."""
        self._set_metric(M_TRICKS)
        return 1 - self._zw(1, self._limit(budget))

    def _exact_points(self, limit):
        lo = self.r_dp
        hi = self.r_dp + self.r_rem
        exact = 1
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if self._zw(mid, limit):
                lo = mid
            else:
                hi = mid - 1
            exact &= self.exact
        self.exact = exact
        return lo

    def declarer_points(self, budget=0):
        """Final declarer card points (skat included) under best play of both sides."""
        self._set_metric(M_POINTS)
        return self._exact_points(self._limit(budget))

    def best_move(self, budget=0):
        """A card (global id) for the seat to move that keeps the position's value."""
        limit = self._limit(budget)
        want = self.want[self.r_seat]
        exact = 1
        if self.game == GT_NULL:
            self._set_metric(M_TRICKS)
            target = 1
        else:
            self._set_metric(M_POINTS)
            v = self._exact_points(limit)
            exact = self.exact
            target = v if want else v + 1
        self._zw(target, limit)
        self.exact &= exact
        b = self.root_move
        if b == 255:
            # the mover cannot reach his goal, every card is as good: the first in order
            rmo = self._root_gen()
            m = rmo[1] if rmo[1] else rmo[2]
            b = IDX37[(m & -m) % 37]
        return self.layout.card_at[b]

    def _root_gen(self):
        """The root's moves, collapsed and classed as the search sees them (in _rmo)."""
        hand = self.hand
        legal = hand[self.r_seat]
        rest = hand[0] | hand[1] | hand[2] | self.r_tc
        rmo = self._rmo
        if self.r_pos:
            f = legal & self.fm[self.r_led]
            if f:
                legal = f
            w = self.r_win
            hot = (self.fm[self.r_led] | self.tm) & ~(w | (w - 1))
            sit = self.style[self.r_seat] + (
                1 if self.side[self.r_ws] == self.side[self.r_seat] else 2)
        else:
            hot = -1
            sit = self.style[self.r_seat]
        gen(legal, hot, sit, rest, self.spts, self.fab, self.eq, self.fm, rmo, 0, 255)
        self.r_legal = legal
        return rmo

    def goal_move(self, target, budget=0, tricks=0):
        """A card (global id) with which the seat to move reaches its goal against
        ``target`` (the declarer: metric >= target; the opponents: < target), or 255 if no
        card does (then every card fails). One zero-window test: far cheaper than
        ``best_move``. Points, or tricks when ``tricks`` or in Null."""
        self._set_metric(M_TRICKS if (tricks or self.game == GT_NULL) else M_POINTS)
        r = self._zw(target, self._limit(budget))
        b = self.root_move
        if r != self.want[self.r_seat]:
            return 255
        if b == 255:
            # decided at the root by the bounds: any card keeps it
            rmo = self._root_gen()
            m = rmo[1] if rmo[1] else rmo[2]
            b = IDX37[(m & -m) % 37]
        return self.layout.card_at[b]

    # ------------------------------------------------------------------ per-move values

    def _push(self, i):
        """Make the root's child after live card ``i`` the root (saving the root)."""
        self.b_seat = self.r_seat
        self.b_pos = self.r_pos
        self.b_led = self.r_led
        self.b_win = self.r_win
        self.b_ws = self.r_ws
        self.b_tp = self.r_tp
        self.b_tc = self.r_tc
        self.b_dp = self.r_dp
        self.b_rem = self.r_rem
        self.b_left = self.r_left
        seat = self.r_seat
        c = 1 << i
        self.hand[seat] ^= c
        q = self.spts[i]
        if self.r_pos == 0:
            self.r_led = self.fld[i]
            self.r_win = c
            self.r_ws = seat
            self.r_tp = q
            self.r_tc = c
        else:
            self.r_tp += q
            self.r_tc |= c
            if c > self.r_win and c & (self.fm[self.r_led] | self.tm):
                self.r_win = c
                self.r_ws = seat
        if self.r_pos == self.tlast:
            t = self.r_tp + self.unit
            self.r_rem -= t
            if self.side[self.r_ws]:
                self.r_dp += t
            self.r_seat = self.r_ws
            self.r_pos = 0
            self.r_tc = 0
            self.r_tp = 0
            self.r_left -= 1
        else:
            self.r_pos += 1
            self.r_seat = self.nxt[seat]

    def _pop(self, i):
        self.hand[self.b_seat] ^= 1 << i
        self.r_seat = self.b_seat
        self.r_pos = self.b_pos
        self.r_led = self.b_led
        self.r_win = self.b_win
        self.r_ws = self.b_ws
        self.r_tp = self.b_tp
        self.r_tc = self.b_tc
        self.r_dp = self.b_dp
        self.r_rem = self.b_rem
        self.r_left = self.b_left

    def _values(self, target, budget, out, points):
        vals = self._vals
        hand = self.hand
        for c in range(32):
            out[c] = 255
        rmo = self._root_gen()
        legal = self.r_legal
        rest = hand[0] | hand[1] | hand[2] | self.r_tc
        reps = rmo[1] | rmo[2]
        n = bit_count(reps)
        self.nodes = 0
        exact = 1
        m = reps
        for k in range(n):
            b = m & -m
            m ^= b
            i = IDX37[b % 37]
            limit = NO_LIMIT
            if budget > 0:
                limit = self.nodes + (budget - self.nodes) // (n - k)
            self._push(i)
            if points:
                v = self._exact_points(limit)
            else:
                v = self._zw(target, limit)
            exact &= self.exact
            self._pop(i)
            vals[i] = v
        # a collapsed card is worth what the next card of its run is worth
        i = 29
        while i >= 0:
            b = 1 << i
            if legal & b:
                if not reps & b:
                    up = rest & ~(b | (b - 1))
                    vals[i] = vals[IDX37[(up & -up) % 37]]
                out[self.layout.card_at[i]] = vals[i]
            i -= 1
        self.exact = exact
        return bit_count(legal)

    def move_values(self, target, budget, out, tricks=0):
        """out[global id] = 1/0: the declarer reaches ``target`` after that card; 255 if
        illegal. Points, or tricks when ``tricks`` or in Null. Returns the legal count."""
        self._set_metric(M_TRICKS if (tricks or self.game == GT_NULL) else M_POINTS)
        return self._values(target, budget, out, 0)

    def move_points(self, budget, out):
        """out[global id] = final declarer points after that card; 255 if illegal."""
        self._set_metric(M_POINTS)
        return self._values(0, budget, out, 1)
