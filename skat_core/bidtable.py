"""Bidding table: win probability per hand-strength bucket (generated, do not edit by hand).

Regenerate with ``python -m sim train-bidding --seed S``. Index: game class (0 suit, 1 Grand,
2 Null) x Hand (0 pickup, 1 Hand) x forehand (0 HH, 1 VH) x bucket (``bot_hand.N_BUCKETS``).
Entries are probabilities x 255.
"""

GENERATED = "provisional"
N_BUCKETS = 24
P_WIN = bytes(288)
P_SCHNEIDER = bytes(288)


def _index(cls, hand_game, forehand, b):
    return ((cls * 2 + (1 if hand_game else 0)) * 2 + (1 if forehand else 0)) * N_BUCKETS + b


def lookup(cls, hand_game, forehand, b):
    """Win probability x 255 of a hand in bucket ``b`` of game class ``cls``."""
    return P_WIN[_index(cls, hand_game, forehand, b)]


def lookup_schneider(cls, hand_game, forehand, b):
    """Probability x 255 that the declarer makes Schneider."""
    return P_SCHNEIDER[_index(cls, hand_game, forehand, b)]
