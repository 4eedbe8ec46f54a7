"""Solver bounds: sure tricks from the top trumps, and the static estimate at the horizon.

Safe bounds (used to cut the search, so they must never be wrong):
- points already secured: the declarer has ``dp``, ``rem`` is still to be won; ``dp >= T``
  wins, ``dp + rem < T`` loses (in ``search``);
- sure tricks (``sure``): the highest remaining trump wins whatever trick it falls in, and so
  does each next-highest trump once the ones above are gone. So every card of the unbroken
  run of top trumps held by one side ends in a trick of that side: at least those cards'
  points. The declarer alone plays his run in that many different tricks; the opponent side
  (dummy + opponent) may drop two of its run into one trick, so it is credited one trick.

The static estimate (``estimate``) is no bound: it guesses the declarer's share of the
points still out from a per-card power table (trumps and high cards), for the node-budget
horizon. Results that used it are flagged as estimated and never stored as bounds.
"""

from skat_core.layout import bit_index, high_bit


def top_run(trumps, hold):
    """The unbroken run of highest cards of ``trumps`` (a field's remaining cards) in ``hold``."""
    run = 0
    while trumps:
        top = 1 << high_bit(trumps)
        if not top & hold:
            return run
        run |= top
        trumps ^= top
    return run


def sure(run, pts, unit, count_all):
    """Metric a side surely wins with ``run``: its points plus ``unit`` per sure trick
    (every card of the run if ``count_all``, else one)."""
    total = 0
    tricks = 0
    while run:
        b = run & -run
        run ^= b
        total += pts[bit_index(b)]
        tricks += 1
    if tricks and not count_all:
        tricks = 1
    return total + unit * tricks


def fill_power(power, n, fld, card_at, trump_field, null):
    """Per-card power for ``estimate``: jacks and high trumps most, then aces, tens."""
    for i in range(n):
        r = card_at[i] & 7
        if null:
            # In Null high cards take tricks: rank from 7 (0) up to A (7).
            power[i] = NULL_POWER_BY_RANK[r]
        elif fld[i] == trump_field:
            power[i] = 8 if r == 4 else 5 + RANK_POWER[r]
        else:
            power[i] = RANK_POWER[r]


# By rank A T K Q J 9 8 7.
RANK_POWER = b"\x04\x02\x01\x00\x00\x00\x00\x00"
NULL_POWER_BY_RANK = b"\x07\x03\x06\x05\x04\x02\x01\x00"


def estimate(hd, ho, rem, power):
    """Guess of the declarer's share of ``rem`` from the power of the two sides' cards."""
    pd = 0
    while hd:
        b = hd & -hd
        hd ^= b
        pd += power[bit_index(b)]
    po = 0
    while ho:
        b = ho & -ho
        ho ^= b
        po += power[bit_index(b)]
    if pd + po == 0:
        return rem >> 1
    return (rem * pd + ((pd + po) >> 1)) // (pd + po)
