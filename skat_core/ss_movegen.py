"""Solver move generation: legal moves and equivalent-card collapse (live masks only).

Legal moves follow ``layout``: ``hand & field_mask[led]``, or the whole hand when that is
empty. Two cards of one seat are *equivalent* when no other remaining card (in any hand or
in the current trick) lies between them in the same field and they carry equal points:
every comparison with a third card then comes out the same, and both score the same, so
searching one of them is enough. In trick mode (Null, Schwarz tests) the solver's point
table is all zeros, so there any adjacent cards of one seat collapse, as Null allows.

Equivalence is computed once per trick start (``redundant``): cards played later in the
trick stay in the reference set until the trick is complete, so the classes hold for the
whole trick. Played cards only make more cards adjacent, never fewer, so a collapse made
here is never wrong deeper down.
"""

# IDX37[b % 37] is the bit index of a power of two b < 2**36: 2 is a primitive root mod 37,
# so the 36 powers have 36 distinct residues. One modulo and one lookup, no loop.
IDX37 = bytearray(37)
for _i in range(30):
    IDX37[(1 << _i) % 37] = _i
del _i


def bit_index(b):
    """Index of the single set bit of ``b`` (a power of two below 2**30)."""
    return IDX37[b % 37]


def legal(hand, follow_mask):
    """Cards of ``hand`` that may be played when the led field's mask is ``follow_mask``
    (pass 0 when leading): the cards of the led field, else any card."""
    m = hand & follow_mask
    return m if m else hand


def redundant(h0, h1, h2, tc, fld, pts, red, base):
    """Mark the collapsible cards of each seat at a trick start; return the masters.

    ``red[base + s]`` becomes the mask of seat ``s``'s cards that are equivalent to the
    next-higher remaining card (so only the top card of each run of equivalent cards is
    searched). ``tc`` holds cards already in the current trick: they belong to no seat and
    break runs. The return value is the mask of the highest remaining card of each field
    (what a leader can cash when nobody can trump).
    """
    rest = h0 | h1 | h2 | tc
    r0 = 0
    r1 = 0
    r2 = 0
    masters = 0
    pb = 0
    po = 3
    pf = 255
    pq = 255
    while rest:
        b = rest & -rest
        rest ^= b
        i = IDX37[b % 37]
        f = fld[i]
        q = pts[i]
        if h0 & b:
            o = 0
        elif h1 & b:
            o = 1
        elif h2 & b:
            o = 2
        else:
            o = 3
        if f != pf:
            masters |= pb
        elif o == po and q == pq:
            if o == 0:
                r0 |= pb
            elif o == 1:
                r1 |= pb
            elif o == 2:
                r2 |= pb
        pb = b
        po = o
        pf = f
        pq = q
    red[base] = r0
    red[base + 1] = r1
    red[base + 2] = r2
    return masters | pb
