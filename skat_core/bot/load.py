"""Loading one world into the solver: the bot's Player (``skat_core.bot.play``) puts the cards of world
``w`` (its own and the dummy's from the View, the unseen ones from ``p.worlds``) into three
hands and the skat, adds the current trick and hands the position to ``p.solver``.

Its own module because the device compiles each module at the first card of a deal: a smaller
module needs less free heap to compile (docs/bot.md, "Memory")."""

from skat_core import THREE_TABLES
from skat_core.cards import NO_CARD, VH, MH, HH, GT_RAMSCH, GT_GRAND
from skat_core.bot.know import OUT
from skat_core.layout import two_bits


def load_world(p, w):
    """Load world ``w`` into ``p.solver`` (``p``: a skat_core.bot.play.Player); return its error code."""
    view = p.view
    kn = p.kn
    owner = p.worlds.owner
    base = w * 32
    h0 = p.h[0]
    h1 = p.h[1]
    h2 = p.h[2]
    sk = p.skat
    for i in range(12):
        h0[i] = NO_CARD
        h1[i] = NO_CARD
        h2[i] = NO_CARD
        sk[i] = NO_CARD
    n0 = 0
    n1 = 0
    n2 = 0
    ns = 0
    holder = kn.holder
    for c in range(32):
        if kn.unseen[c]:
            i = base + c
            h = two_bits(owner, i) if p.worlds.n else OUT
        else:
            h = holder[c]
        if h == VH:
            h0[n0] = c
            n0 += 1
        elif h == MH:
            h1[n1] = c
            n1 += 1
        elif h == HH:
            h2[n2] = c
            n2 += 1
        elif h == OUT and ns < 12:
            sk[ns] = c
            ns += 1
    # Cards already in the current trick, in play order from the leader.
    tr = p.trick
    tr[0] = tr[1] = tr[2] = NO_CARD
    nt = 0
    if view.trick_n:
        s = view.trick_leader
        for _ in range(view.trick_n):
            tr[nt] = view.trick[s]
            nt += 1
            if kn.ramsch and not view.three:
                s = HH if s == VH else VH
            else:
                s = s + 1 if s < 2 else 0
    leader = view.trick_leader if view.trick_n else _next_leader(view)
    if THREE_TABLES and view.three:
        return _three(p, view, h0, h1, h2, sk, leader, tr)
    if kn.ramsch:
        return p.solver.load(GT_RAMSCH, view.me, h0, h1, h2, sk, leader, tr,
                             view.seat_points[view.me], view.seat_tricks[view.me],
                             view.seat_tricks[2 - view.me])
    return p.solver.load(view.game_type, view.declarer, h0, h1, h2, sk, leader, tr,
                         view.decl_points, view.decl_tricks, view.opp_tricks)


def _next_leader(view):
    if view.n_tricks == 0:
        return VH
    return view.trick_winners[view.n_tricks - 1]


if THREE_TABLES:                # (a drive without Skat zu dritt leaves it out)
    def _three(p, view, h0, h1, h2, sk, leader, tr):
        """The position at three. The solver's declarer sits in Vorhand or Hinterhand
        (en-deux's never sits in Mittelhand, the dummy's seat): a Mittelhand declarer is
        solved with the seats turned one place on (Mittelhand becomes Hinterhand); the order
        of play and the cards stay. Ramsch: the solver's two sides are the mover and the two
        others (as if they played together against him, the cautious view); the jacks-only
        order is Grand's, and the solver counts the skat to him (play.Player._ramsch_target
        adds it)."""
        ramsch = view.ramsch
        d = view.me if ramsch else view.declarer
        if d == MH:
            t = h0                 # no tuple: this runs under the heap lock
            h0 = h2
            h2 = h1
            h1 = t
            leader = leader + 1 if leader < 2 else 0
            seat = HH
        else:
            seat = d
        if ramsch:
            return p.solver.load(GT_GRAND, seat, h0, h1, h2, sk, leader, tr,
                                 view.seat_points[d], view.seat_tricks[d],
                                 view.n_tricks - view.seat_tricks[d])
        return p.solver.load(view.game_type, seat, h0, h1, h2, sk, leader, tr,
                             view.decl_points, view.decl_tricks, view.opp_tricks)
