"""The level-by-level breakdown of a finished game, for the result screen and the simulator.

``breakdown(result)`` returns a list of ``(label, number)`` pairs in the order the rule book
counts (rules.md §6: "1 + Spiel 2 + offen 4 + Schneider 5 + abgelehnt 6 -> 24 x 6 = 144, + 50 %
= 216"): for levels the number is the running level count, then the multiplications. Called after
the game (it allocates), never during play.
"""

from skat_core.cards import GT_NULL, SEAT_NAMES
from skat_core.codes import RK_NORMAL, RK_RAMSCH, RK_PASSED, RK_CONCEDED, RK_GIVEN_UP


def breakdown(r):
    """``[(label, number), ...]`` for a values.Result after PH_DONE; a Bock game's doubling
    is the step before the score (``("Bock x 2", score)``)."""
    out = _steps(r)
    if r.bock:
        out.insert(len(out) - 1, ("Bock x 2", r.score))
    return out


def _steps(r):
    out = []
    if r.kind == RK_PASSED:
        return [("passed in", 0)]
    if r.kind == RK_GIVEN_UP:
        return [("Spielaufgabe", -60), ("score", r.score)]
    if r.kind == RK_CONCEDED:
        return [("bid", r.bid), ("conceded at", r.value), ("score", r.score)]
    if r.kind == RK_RAMSCH:
        out.append(("vh points", r.seat_points[0]))
        out.append(("hh points", r.seat_points[2]))
        out.append(("skat", r.skat_points))
        if r.durchmarsch >= 0:
            out.append(("Durchmarsch " + SEAT_NAMES[r.durchmarsch], 120))
        else:
            out.append(("loser " + SEAT_NAMES[r.loser], r.seat_points[r.loser] + r.skat_points))
            if r.jungfrau:
                out.append(("Jungfrau x 2", r.value))
        out.append(("score", r.score))
        return out
    if r.kind != RK_NORMAL:
        return out
    out.append(("declarer points", r.decl_points))
    out.append(("declarer tricks", r.decl_tricks))
    if r.game_type == GT_NULL:
        out.append(("Null", r.value))
        out.append(("won" if r.won else "lost", r.score))
        return out
    k = r.lv_matadors
    out.append((("with %d" if r.matadors > 0 else "without %d") % r.lv_matadors, k))
    k += 1
    out.append(("Spiel", k))
    for label, n in (("Hand", r.lv_hand), ("offen", r.lv_offen), ("Schneider", r.lv_schneider),
                     ("Schneider announced", r.lv_schneider_ann), ("Schwarz", r.lv_schwarz),
                     ("Schwarz announced", r.lv_schwarz_ann), ("abgelehnt", r.lv_abgelehnt)):
        if n:
            k += n
            out.append((label, k))
    out.append(("x %d" % r.base, r.raw_value))
    if r.half:
        out.append(("+ 50 %", r.after_half))
    if r.overbid:
        out.append(("overbid: bid %d" % r.bid, r.value // ((2 if r.contra else 1) * (2 if r.re else 1))))
    if r.contra:
        out.append(("Contra", r.value // (2 if r.re else 1)))
    if r.re:
        out.append(("Re", r.value))
    if r.accepted:
        out.append(("offer accepted", r.accepted))
    out.append(("won" if r.won else "lost", r.score))
    return out

