"""The count at the end of play (rules.md §7): fill the result from the tricks. Split from
``play`` so that each play module compiles in a small heap (docs/design.md, "Memory");
heap-locked path: allocation-free.
"""

from skat_core.cards import GT_NULL, POINTS
from skat_core.codes import PH_DONE, RK_NORMAL, RK_RAMSCH
from skat_core.engine.score import settle_suit, settle_null, settle_ramsch


def finish(g):
    """The count: fill g.result and end the game (allocation-free)."""
    r = g.result
    sk = POINTS[g.skat[0] & 7] + POINTS[g.skat[1] & 7]
    r.skat_points = sk
    r.seat_points[0] = g.seat_points[0]
    r.seat_points[1] = g.seat_points[1]
    r.seat_points[2] = g.seat_points[2]
    r.seat_tricks[0] = g.seat_tricks[0]
    r.seat_tricks[1] = g.seat_tricks[1]
    r.seat_tricks[2] = g.seat_tricks[2]
    g.phase = PH_DONE
    g.to_act = -1
    g.offer_pending = 0
    g.play_mod = None        # play is over: the Game keeps no reference to this module
    if g.ramsch:
        r.kind = RK_RAMSCH
        r.game_type = g.game_type
        settle_ramsch(r, g.trick_winners, g.n_tricks, 2 if g.trick_size == 2 else 1,
                      g.rules.jungfrau, g.rules.durchmarsch)
        r.bock = g.bock         # a Bock game (the series says): the score counts double
        r.score <<= g.bock
        return
    d = g.declarer
    r.kind = RK_NORMAL
    r.declarer = d
    r.game_type = g.game_type
    r.flags = g.flags
    r.bid = g.bid
    r.farben_kind = g.farben_kind
    r.matadors = g.matadors
    r.decl_points = g.seat_points[d] + sk
    pts = g.seat_points                  # the others: en-deux opponent and dummy, or two defenders
    r.opp_points = pts[0] + pts[1] + pts[2] - pts[d]
    r.decl_tricks = g.seat_tricks[d]
    took = g.seat_tricks
    r.opp_tricks = took[0] + took[1] + took[2] - took[d]
    r.rejected = g.rejected
    r.contra = g.contra
    r.re = g.re
    if g.game_type == GT_NULL:
        settle_null(r, g.rules.farben)
    else:
        settle_suit(r, g.rules.farben, g.rules.next_level)
    r.bock = g.bock
    r.score <<= g.bock
