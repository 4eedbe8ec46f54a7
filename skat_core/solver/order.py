"""Solver move ordering: the likely best move first, by who is to play and who is winning.

Alpha-beta cuts more the earlier it meets a refutation; the order never changes a result.
A node's moves fall into two classes by one mask, ``hot``: when leading, the masters (the
highest remaining card of a field); when following, the cards that would beat the current
winner. ``POLICY[situation]`` says which class goes first and in which direction each class
is walked (low bit = weakest card of a field; fields D < H < S < C < trumps). The move from
the transposition table goes before both. the search (search.run) applies it inline.

Situation = style * 3 + (0 lead, 1 the mover's side is winning the trick, 2 the other side):
- GRAB (suit/Grand: each seat wants its side to win tricks):
  lead: masters first, highest first (cash), then the rest from the lowest;
  partner winning: cards that stay under, highest first (smear points), then winners;
  enemy winning: the cheapest card that wins first, then the lowest discard.
- DUCK (Null declarer, Ramsch: win as little as possible): lead from the lowest; follow with
  the highest card that stays under, only then a winner from the lowest.
- FEED (Null opponents: make the declarer win a trick): lead from the lowest; when the
  declarer is winning stay under him, highest first; else play from the lowest.
"""

GRAB = 0
DUCK = 1
FEED = 2

HOT_FIRST = 1       # the hot class goes first
FIRST_HIGH = 2      # walk the first class from its highest card
SECOND_HIGH = 4     # walk the second class from its highest card

POLICY = bytes((
    HOT_FIRST | SECOND_HIGH,    # GRAB lead
    FIRST_HIGH,                 # GRAB, own side winning: smear under it
    HOT_FIRST,                  # GRAB, other side winning: win cheaply, else discard low
    0,                          # DUCK lead
    FIRST_HIGH,                 # DUCK follow
    FIRST_HIGH,
    0,                          # FEED lead
    0,                          # FEED, own side winning
    FIRST_HIGH,                 # FEED, the declarer winning: stay under him
))
