"""Solver move generation: the legal cards of a node, equivalent cards collapsed, ordered.

Legal cards follow ``layout``: ``hand & field_mask[led]``, or the whole hand if that is
empty (``legal``; the search computes the same masks inline).

Equivalent cards. Two cards of one seat are equivalent when they lie in the same field, no
other remaining card (in any hand, or already in the current trick) lies between them, and
they carry equal points: every comparison with a third card comes out the same and both
score the same, so searching one of them is enough. Cards of the current trick stay in the
reference set ``rest`` until the trick is complete, and played cards only make cards more
adjacent, so a collapse made at a node is right for its whole subtree. Cards of equal
points are contiguous in every field (7 8 9 | Q | K | T | A | jacks), so only cards whose
static upper neighbour has their points can be collapsed: ``fill_tables`` marks them in
``equal_next`` (in trick mode - Null, Schwarz - every card but a field's top: any adjacent cards).

The search (search.run, its "moves" block) applies these rules inline at every node
(a call per node cost ~8-11 % of the fuel): it walks ``cards & equal_next`` from the lowest bit up
and drops a card whose next remaining card up in its field is the mover's and has its
points (so the top card of each run stands for the run), then splits the survivors into
the ordering classes of order: ``mo[base]`` the table's move (a bit, or 0),
``mo[base+1]`` the first class (never empty while the second is not), ``mo[base+2]`` the
second, ``mo[base+3]`` the direction flags (2: walk the first class from the top, 4: the
second). Moves are taken from these masks one at a time, so a cutoff after the first move
costs no sorting. ``Solver._root_gen`` gets the root's moves from the same code.
"""

def fill_tables(field_above, n, field_mask, field_of, pts):
    """``field_above[i]``: live cards above card ``i`` in its field; returns the
    ``equal_next`` mask (cards whose next card up in their field has equal points under
    ``pts``)."""
    eq = 0
    for i in range(n):
        m = field_mask[field_of[i]]
        field_above[i] = m & ~((2 << i) - 1) if i < 29 else 0
        if i + 1 < n and (m >> (i + 1)) & 1 and pts[i + 1] == pts[i]:
            eq |= 1 << i
    return eq
