"""Solver move ordering: the likely best move first, by who is to play and who is winning.

Alpha-beta cuts more the earlier it meets a refutation; the order never changes a result.
``order`` writes the candidate moves (live bit indices) of one node into ``mv[base..]``,
best first, from a key per card:

- TT move first (the cutoff move stored for this trick start).
- Style GRAB (suit/Grand: every seat wants its side to win tricks):
  lead: cash masters (highest remaining card of a field), then low cards;
  partner winning: smear points (the highest-point card that does not overtake, trumps last);
  enemy winning: the cheapest card that wins, else the cheapest discard.
- Style DUCK (Null declarer, Ramsch): lead low; follow with the highest card that stays under
  the winner, only then with the cheapest card that wins.
- Style FEED (Null opponents, who want the declarer to win a trick): lead low; when the
  declarer is winning stay under him with the highest such card; else play low.

``cheap[i]`` (0..127) ranks a card's cost to give away: points x4, then its rank in its field,
trumps above all plain cards. ``smear[i]`` ranks how much a card adds to a partner's trick
without wasting power: points x4 + rank, trumps at the bottom.
"""

from skat_core.ss_movegen import IDX37

GRAB = 0
DUCK = 1
FEED = 2

# Situations at a node (combined with the style as style * 3 + situation).
LEAD = 0
FRIEND = 1    # the current winner of the trick is on the mover's side
ENEMY = 2

_keys = bytearray(12)


def fill_keys(cheap, smear, n, fld, pts_table, card_at, fm, trump_field):
    """Fill the per-card key tables for one layout (``pts_table``: real card points)."""
    for i in range(n):
        f = fld[i]
        start = 0
        m = fm[f]
        while not (m >> start) & 1:
            start += 1
        rank = i - start
        p = pts_table[i]
        if f == trump_field:
            cheap[i] = 64 + p + rank
            smear[i] = p >> 1
        else:
            cheap[i] = p * 4 + rank
            smear[i] = 16 + p * 4 + rank


def order(moves, hot, sit, cheap, smear, mv, base, first):
    """Write ``moves`` (a mask) into ``mv[base:]`` best first; return how many.

    ``hot``: when leading, the masters; when following, the cards that would beat the
    current winner. ``sit``: style * 3 + situation. ``first``: bit index of the TT move or
    255.
    """
    keys = _keys
    k = 0
    while moves:
        b = moves & -moves
        moves ^= b
        i = IDX37[b % 37]
        if i == first:
            key = 255
        elif sit == 0:                       # GRAB lead
            key = 128 + (cheap[i] >> 1) if b & hot else 127 - cheap[i]
        elif sit == 1:                       # GRAB, partner winning
            key = 127 - cheap[i] if b & hot else 128 + smear[i]
        elif sit == 2:                       # GRAB, enemy winning
            key = 255 - cheap[i] if b & hot else 127 - cheap[i]
        elif sit == 3 or sit == 6:           # DUCK / FEED lead
            key = 127 - cheap[i]
        elif sit == 4 or sit == 5:           # DUCK follow
            key = 127 - cheap[i] if b & hot else 128 + cheap[i]
        elif sit == 8:                       # FEED, the declarer is winning
            key = 127 - cheap[i] if b & hot else 128 + cheap[i]
        else:                                # FEED, own side winning
            key = 127 - cheap[i]
        # insertion, keys descending
        j = k
        while j > 0 and keys[j - 1] < key:
            keys[j] = keys[j - 1]
            mv[base + j] = mv[base + j - 1]
            j -= 1
        keys[j] = key
        mv[base + j] = i
        k += 1
    return k

