"""Solver core: one zero-window alpha-beta test, iterative, over preallocated per-ply arrays.

``run(S, target, limit, horizon)`` answers "does the declarer's metric (points, or tricks in
trick mode) reach ``target`` under best play of both sides?" for the root position held in
the ``Solver`` ``S`` (skat_core/solver/solve.py). It returns 1 or 0 and sets ``S.nodes`` (running
count), ``S.aborted`` (``limit`` nodes reached: the answer is void), ``S.estimate_hits`` (how many
leaves used the static estimate: 0 means the answer is exact) and ``S.root_move`` (the root
move that decided the test, 255 if none did).

Why one loop and no recursion: calls are the dearest bytecode, and a call frame larger than
11 words comes from the heap in a MicroPython without pystack (alloca under heap_lock; the
CircuitPython firmware takes frames from its pystack, CIRCUITPY_PYSTACK_SIZE). So the tree
walk keeps the node state in locals and saves what a move changes per ply in the Solver's
arrays; move generation (movegen's rules, order's policy) is inline, and calls go
only to the per-trick-start helpers (table, bounds), never deeper than one level.

Node state: seat to move, position in the trick, led field, winning card (a bit) and its
seat, the trick's points, the trick's cards, the declarer's metric ``dp`` and the metric
still out ``rem``, the trick index ``tr`` from the root. Cutoffs at trick starts, in order:
secured (``dp >= T``), out of reach (``dp + rem < T``), the last trick (played out
directly), the horizon (static estimate), the table, the sure tricks of the top trumps.
The root is always expanded, so ``root_move`` exists whenever the mover can reach his goal.
"""

from skat_core.layout import bit_index, high_bit
from skat_core.solver.order import POLICY, HOT_FIRST, SECOND_HIGH
from skat_core.solver.bounds import top_run, sure, estimate
from skat_core.solver.table import probe, store

MAX_PLY = 31
NO_LIMIT = 0x3FFFFFFF
TT_MIN_LEFT = 2     # one trick left is played out at the parent: never stored (measured: 2 < 3 < 4 in fuel)


def run(S, target, limit, horizon):
    hand = S.hand
    pts = S.search_points
    fld = S.layout.field_of
    fm = S.field_masks
    tm = S.trump_mask
    side = S.side
    want = S.want
    style = S.style
    nxt = S.next_of
    tlast = S.last_pos
    unit = S.unit
    dseat = S.declarer
    fab = S.field_above
    eq = S.equal_next
    power = S.power
    mo = S.moves
    a_seat = S.ply_seat
    a_pos = S.ply_pos
    a_led = S.ply_led
    a_win = S.ply_win
    a_ws = S.ply_winner
    a_tp = S.ply_trick_points
    a_dp = S.ply_declarer_points
    a_rem = S.ply_remaining
    a_b = S.ply_bit
    a_eh = S.ply_estimate_hits
    a_rs = S.trick_rest
    tt = S.tt
    T = target
    seat = S.root_seat
    pos = S.root_pos
    led = S.root_led
    win = S.root_win
    ws = S.root_winner
    tp = S.root_trick_points
    dp = S.root_declarer_points
    rem = S.root_remaining
    left0 = S.root_tricks_left
    a_rs[0] = hand[0] | hand[1] | hand[2] | S.root_trick_cards
    tr = 0
    nodes = S.nodes
    ehits = 0
    p = 0
    bm = 255
    r = 0
    S.aborted = 0
    while True:
        # ---- enter the node at ply p: a leaf sets r, an inner node generates its moves
        nodes += 1
        if nodes > limit:
            S.aborted = 1
            while p > 0:                                # unwind: hands back to the root
                p -= 1
                hand[a_seat[p]] ^= 1 << a_b[p]
            break
        r = -1
        stor = 0
        if pos == 0:
            h0 = hand[0]
            h1 = hand[1]
            h2 = hand[2]
            rest = h0 | h1 | h2
            a_rs[tr] = rest
            a_eh[p] = ehits
            first = 255
            if p == 0:
                if left0 - tr >= TT_MIN_LEFT:
                    x = probe(tt, h0, h1, h2, seat)
                    if x >= 0:
                        first = tt.move[x]
            elif tr >= horizon:                         # budget horizon: static estimate
                ehits += 1
                x = hand[dseat]
                r = 1 if dp + estimate(x, rest ^ x, rem, power) >= T else 0
            else:
                if left0 - tr >= TT_MIN_LEFT:
                    x = probe(tt, h0, h1, h2, seat)
                    if x >= 0:
                        if tt.lo[x] >= T - dp:
                            r = 1
                        elif tt.hi[x] < T - dp:
                            r = 0
                        else:
                            first = tt.move[x]
                x = rest & tm
                if x and r < 0:                         # sure tricks of the top trumps
                    w = top_run(x, hand[dseat])
                    if w:
                        if dp + sure(w, pts, unit, 1) >= T:
                            r = 1
                    else:
                        w = top_run(x, rest ^ hand[dseat])
                        if dp + rem - sure(w, pts, unit, 0) < T:
                            r = 0
            x = hand[seat]
            w = -1
            sit = style[seat]
        else:
            rest = a_rs[tr]
            first = 255
            x = hand[seat]
            w = x & fm[led]
            if w:
                x = w
            w = (fm[led] | tm) & ~(win | (win - 1))    # the cards that would win the trick
            sit = style[seat] + (1 if side[ws] == side[seat] else 2)
        if r < 0:
            # ---- moves (movegen.py's rules, inline: one call less per node, ~8 % fuel)
            q = p * 4
            if x & (x - 1):
                c = x & eq                                 # collapse equivalent cards:
                while c:                                   # drop a card whose next card
                    b = c & -c                             # up among the remaining ones
                    c ^= b                                 # is the mover's, equal points
                    i = bit_index(b)
                    t = rest & fab[i]
                    t = t & -t
                    if t & x and pts[bit_index(t)] == pts[i]:
                        x ^= b
                c = POLICY[sit]                            # ordering classes (order.py)
                if w < 0:
                    # leading: the masters are wanted first only by GRAB; approximated by
                    # the fields' static tops (aces, CJ) and the highest trump still out
                    w = 0
                    if c & HOT_FIRST:
                        t = rest & tm
                        if t:
                            w = 1 << high_bit(t)
                        w |= fm[5]
                t = 0
                if first != 255:
                    t = x & (1 << first)                   # the table's move goes first
                    x ^= t
                mo[q] = t
                if c & HOT_FIRST:
                    b = x & w
                    t = x & ~w
                else:
                    b = x & ~w
                    t = x & w
                if b:
                    mo[q + 1] = b
                    mo[q + 2] = t
                    mo[q + 3] = c
                else:                                      # first class empty: move up
                    mo[q + 1] = t
                    mo[q + 2] = 0
                    mo[q + 3] = 2 if c & SECOND_HIGH else 0
            else:                                          # a forced card (or none)
                mo[q] = x
                mo[q + 1] = 0
                mo[q + 2] = 0
            if horizon == 0:
                break                                      # root moves only (Solver._root_gen)
        # ---- next move at ply p, or return r from ply p to its parent
        while True:
            if r < 0:
                q = p * 4
                c = mo[q]
                if c:
                    mo[q] = 0
                else:
                    x = mo[q + 1]
                    if x:
                        q += 1
                        w = mo[q + 2] & 2
                    else:
                        x = mo[q + 2]
                        q += 2
                        w = mo[q + 1] & 4
                    if not x:
                        r = 1 - want[seat]                 # every move tried, none decided
                        bm = 255
                        stor = 1
                    else:
                        if w:
                            c = 1 << high_bit(x)
                        else:
                            c = x & -x
                        mo[q] = x ^ c
                if c:
                    # play card c: save what the move changes, then update
                    i = bit_index(c)
                    a_seat[p] = seat
                    a_pos[p] = pos
                    a_b[p] = i
                    hand[seat] ^= c
                    if pos == 0:
                        led = fld[i]
                        win = c
                        ws = seat
                        tp = pts[i]
                    else:
                        a_led[p] = led
                        a_win[p] = win
                        a_ws[p] = ws
                        a_tp[p] = tp
                        tp += pts[i]
                        if c > win and c & (fm[led] | tm):
                            win = c
                            ws = seat
                    if pos == tlast:
                        a_dp[p] = dp
                        a_rem[p] = rem
                        t = tp + unit
                        rem -= t
                        if side[ws]:
                            dp += t
                        seat = ws
                        pos = 0
                        tr += 1
                        p += 1
                        # a trick start decided without search is answered here,
                        # without entering it: secured, out of reach, or the last trick
                        if dp >= T:
                            r = 1
                        elif dp + rem < T:
                            r = 0
                        elif left0 - tr == 1:           # every card forced
                            w = hand[seat]
                            x = seat
                            i = bit_index(w)
                            c = fm[fld[i]] | tm
                            t = pts[i] + unit
                            s = nxt[seat]
                            while s != seat:
                                b = hand[s]
                                i = bit_index(b)
                                t += pts[i]
                                if b > w and b & c:
                                    w = b
                                    x = s
                                s = nxt[s]
                            r = 1 if (dp + t if side[x] else dp) >= T else 0
                        else:
                            break                       # enter the child
                    else:
                        pos += 1
                        seat = nxt[seat]
                        p += 1
                        break                           # enter the child
            # return r from ply p
            if stor and pos == 0 and left0 - tr >= TT_MIN_LEFT:
                store(tt, hand[0], hand[1], hand[2], seat, T - dp, r, ehits == a_eh[p], bm)
            if p == 0:
                break
            p -= 1
            i = a_b[p]
            seat = a_seat[p]
            pos = a_pos[p]
            hand[seat] ^= 1 << i
            if pos:
                led = a_led[p]
                win = a_win[p]
                ws = a_ws[p]
                tp = a_tp[p]
                if pos == tlast:
                    dp = a_dp[p]
                    rem = a_rem[p]
                    tr -= 1
            if r == want[seat]:
                bm = i                                     # cutoff: return r from here too
                stor = 1
            else:
                r = -1
                stor = 0
        if r >= 0:
            break
    S.nodes = nodes
    S.estimate_hits = ehits
    S.root_move = bm
    return r
