"""Solver core: one zero-window alpha-beta test, iterative, over preallocated per-ply arrays.

``run(S, target, limit, horizon)`` answers "does the declarer's metric (points, or tricks in
trick mode) reach ``target`` under best play of both sides?" for the root position held in
the ``Solver`` ``S`` (skat_core/solve.py). It returns 1 or 0 and sets ``S.nodes`` (running
count), ``S.aborted`` (``limit`` nodes reached: the answer is void), ``S.ehits`` (how many
leaves used the static estimate: 0 means the answer is exact) and ``S.root_move`` (the root
move that decided the test, 255 if none did).

Why one loop and no recursion: a MicroPython call whose frame exceeds 11 words puts the
frame on the heap (CircuitPython has no heap lock and would allocate per call), and calls
are the dearest bytecode. So the tree walk keeps the node state in locals and saves it per
ply in the Solver's arrays; only the per-trick-start helpers (equivalence, bounds, table)
and the per-node ordering are calls into their own modules.

Node state: seat to move, position in the trick, led field, winning card (a bit) and its
seat, the trick's points, the trick's cards, the declarer's metric ``dp`` and the metric
still out ``rem``, the trick index ``tr`` from the root. Cutoffs at trick starts, in order:
secured (``dp >= T``), out of reach (``dp + rem < T``), the last trick (played out
directly), the horizon (static estimate), the table, the sure tricks of the top trumps.
The root is always expanded, so ``root_move`` exists whenever the mover can reach his goal.
"""

from skat_core.ss_movegen import IDX37, redundant
from skat_core.ss_order import order
from skat_core.ss_bounds import top_run, sure, estimate
from skat_core.ss_table import probe, store

MAX_PLY = 31
NO_LIMIT = 0x3FFFFFFF


def run(S, target, limit, horizon):
    hand = S.hand
    pts = S.spts
    fld = S.fld
    fm = S.fm
    tm = S.tm
    side = S.side
    want = S.want
    style = S.style
    nxt = S.nxt
    tlast = S.tlast
    unit = S.unit
    dseat = S.dseat
    red = S.red
    mast = S.mast
    cheap = S.cheap
    smear = S.smear
    power = S.power
    mv = S.mv
    mvn = S.mvn
    mvi = S.mvi
    a_seat = S.a_seat
    a_pos = S.a_pos
    a_led = S.a_led
    a_win = S.a_win
    a_ws = S.a_ws
    a_tp = S.a_tp
    a_tc = S.a_tc
    a_dp = S.a_dp
    a_rem = S.a_rem
    a_tr = S.a_tr
    a_b = S.a_b
    a_eh = S.a_eh
    tt = S.tt
    T = target
    seat = S.r_seat
    pos = S.r_pos
    led = S.r_led
    win = S.r_win
    ws = S.r_ws
    tp = S.r_tp
    tc = S.r_tc
    dp = S.r_dp
    rem = S.r_rem
    left0 = S.r_left
    tr = 0
    nodes = S.nodes
    ehits = 0
    p = 0
    mode = 0
    r = 0
    bm = 255
    stor = 0
    S.aborted = 0
    while True:
        if mode == 0:                                   # enter the node at ply p
            nodes += 1
            if nodes > limit:
                S.aborted = 1
                while p > 0:                            # unwind: hands back to the root
                    p -= 1
                    hand[a_seat[p]] ^= 1 << a_b[p]
                break
            a_eh[p] = ehits
            first = 255
            if pos == 0:
                h0 = hand[0]
                h1 = hand[1]
                h2 = hand[2]
                if p:
                    stor = 0
                    mode = 2
                    if dp >= T:
                        r = 1
                        continue
                    if dp + rem < T:
                        r = 0
                        continue
                    if left0 - tr == 1:                 # last trick: every card forced
                        w = hand[seat]
                        x = seat
                        i = IDX37[w % 37]
                        wm = fm[fld[i]] | tm
                        t = pts[i] + unit
                        s = nxt[seat]
                        while s != seat:
                            c = hand[s]
                            i = IDX37[c % 37]
                            t += pts[i]
                            if c > w and c & wm:
                                w = c
                                x = s
                            s = nxt[s]
                        r = 1 if (dp + t if side[x] else dp) >= T else 0
                        continue
                    if tr >= horizon:
                        ehits += 1
                        x = hand[dseat]
                        r = 1 if dp + estimate(x, (h0 | h1 | h2) ^ x, rem, power) >= T else 0
                        continue
                    slot = probe(tt, h0, h1, h2, seat)
                    if slot >= 0:
                        if tt.lo[slot] >= T - dp:
                            r = 1
                            continue
                        if tt.hi[slot] < T - dp:
                            r = 0
                            continue
                        first = tt.move[slot]
                    x = (h0 | h1 | h2) & tm
                    if x:
                        w = top_run(x, hand[dseat])
                        if w:
                            if dp + sure(w, pts, unit, 1) >= T:
                                r = 1
                                continue
                        else:
                            w = top_run(x, (h0 | h1 | h2) ^ hand[dseat])
                            if dp + rem - sure(w, pts, unit, 0) < T:
                                r = 0
                                continue
                    mode = 0
                else:
                    slot = probe(tt, h0, h1, h2, seat)
                    if slot >= 0:
                        first = tt.move[slot]
                mast[tr] = redundant(h0, h1, h2, 0, fld, pts, red, tr * 3)
                x = hand[seat] & ~red[tr * 3 + seat]
                mvn[p] = order(x, mast[tr], style[seat], cheap, smear, mv, p * 10, first)
            else:
                if p == 0:                              # root inside a trick
                    mast[0] = redundant(hand[0], hand[1], hand[2], tc, fld, pts, red, 0)
                x = hand[seat]
                w = x & fm[led]
                if w:
                    x = w
                x &= ~red[tr * 3 + seat]
                w = x & (fm[led] | tm) & ~(win | (win - 1))
                mvn[p] = order(x, w, style[seat] + (1 if side[ws] == side[seat] else 2),
                               cheap, smear, mv, p * 10, first)
            mvi[p] = 0
            mode = 1
        if mode == 1:                                   # next move at ply p
            i = mvi[p]
            if i >= mvn[p]:
                r = 1 - want[seat]
                bm = 255
                stor = 1
                mode = 2
                continue
            mvi[p] = i + 1
            i = mv[p * 10 + i]
            a_seat[p] = seat
            a_pos[p] = pos
            a_led[p] = led
            a_win[p] = win
            a_ws[p] = ws
            a_tp[p] = tp
            a_tc[p] = tc
            a_dp[p] = dp
            a_rem[p] = rem
            a_tr[p] = tr
            a_b[p] = i
            c = 1 << i
            hand[seat] ^= c
            if pos == 0:
                led = fld[i]
                win = c
                ws = seat
                tp = pts[i]
                tc = c
            else:
                tp += pts[i]
                tc |= c
                if c > win and c & (fm[led] | tm):
                    win = c
                    ws = seat
            if pos == tlast:
                t = tp + unit
                rem -= t
                if side[ws]:
                    dp += t
                seat = ws
                pos = 0
                tr += 1
                tc = 0
                tp = 0
            else:
                pos += 1
                seat = nxt[seat]
            p += 1
            mode = 0
            continue
        # mode 2: the node at ply p has result r
        if stor and pos == 0:
            store(tt, hand[0], hand[1], hand[2], seat, T - dp, r, ehits == a_eh[p], bm)
        if p == 0:
            break
        p -= 1
        i = a_b[p]
        seat = a_seat[p]
        pos = a_pos[p]
        led = a_led[p]
        win = a_win[p]
        ws = a_ws[p]
        tp = a_tp[p]
        tc = a_tc[p]
        dp = a_dp[p]
        rem = a_rem[p]
        tr = a_tr[p]
        hand[seat] ^= 1 << i
        if r == want[seat]:
            bm = i
            stor = 1
        else:
            mode = 1
    S.nodes = nodes
    S.ehits = ehits
    S.root_move = bm
    return r
