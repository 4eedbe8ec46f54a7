"""The count at the end of play (rules.md §7): fill the result from the tricks; and what a
count to come would give (``settle_class``: the bot's offers and the app's stakes price
their choices by it). Split from ``play`` so that each play module compiles in a small heap
(docs/design.md, "Memory"); heap-locked path: allocation-free.
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


# The declarer's final count by class: <= 30 (Schneider'd), 31-60, 61-89, >= 90 (Schneider),
# all tricks (Schwarz); each the count that stands for its class.
CLASS_PTS = b"\x1e\x3c\x3d\x5a\x78"


def settle_class(r, v, m, c, acc, rej, contra, re):
    """The declarer's score (not doubled for Bock) when the game of view ``v`` ends with his
    count in class ``c`` (``CLASS_PTS``) and his matadors ``m``: offer ``acc`` accepted (0
    none), the highest rejection ``rej``, Contra and Re as given; the engine's own count
    (``score.settle_suit``) in the Result ``r`` (allocation-free)."""
    r.declarer = v.declarer
    r.game_type = v.game_type
    r.flags = v.flags
    r.bid = v.bid
    r.farben_kind = v.farben_kind
    r.matadors = m
    r.decl_points = CLASS_PTS[c]
    r.decl_tricks = 1
    r.opp_tricks = 0 if c == 4 else 1
    r.accepted = acc
    r.rejected = rej
    r.contra = contra
    r.re = re
    settle_suit(r, v.farben, v.next_level)
    return r.score
