"""The count's arithmetic (rules.md §3, §5, §6, §7, §8): game values, the matadors, ``Result``
and ``settle_*``.

Needed from the opening lead to the score (``play.finish``), so kept apart from the pre-play
tables in ``values`` (which re-exports everything here): an app may drop ``values`` from the
heap during play. ``settle_*`` fill a ``Result`` in place without allocating (heap locked).
"""

from skat_core.cards import const, GT_GRAND, F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT

# §5: base values by game type C S H D G.
BASE = (12, 11, 10, 9, 24)
# §3: Null 23, Hand 35, ouvert 46, ouvert Hand 59.
NULL_VALUE, NULL_HAND, NULL_OUVERT, NULL_OUVERT_HAND = 23, 35, 46, 59
# §8 Farbenreizen: classes low to high (bid "a" of V_BID) and their record tokens.
FC_FRAGE_D = const(0)
FC_FRAGE_H = const(1)
FC_FRAGE_S = const(2)
FC_FRAGE_C = const(3)
FC_TOURNE = const(4)
FC_SOLO_D = const(5)
FC_SOLO_H = const(6)
FC_SOLO_S = const(7)
FC_NULL = const(8)
FC_SOLO_C = const(9)
FC_GRAND = const(10)
FC_NULL_OUVERT = const(11)
FC_GRAND_OUVERT = const(12)
N_FARBEN_CLASSES = const(13)
# Farben game kinds (how the skat was used).
FK_FRAGE = const(0)
FK_TOURNE = const(1)
FK_SOLO = const(2)
FK_OUVERT = const(3)
# §8 Farben base values [kind: FK_*][game type C S H D G N]; 0 = no such game.
FARBEN_BASE = (
    (4, 3, 2, 1, 0, 0),
    (8, 7, 6, 5, 12, 10),
    (12, 11, 10, 9, 16, 20),
    (0, 0, 0, 0, 24, 40),
)


def null_value(flags):
    """§3: 23, Hand 35, ouvert 46, ouvert Hand 59."""
    if flags & F_OUVERT:
        return NULL_OUVERT_HAND if flags & F_HAND else NULL_OUVERT
    return NULL_HAND if flags & F_HAND else NULL_VALUE


def overbid_value(base, bid):
    """Smallest multiple of ``base`` that is >= ``bid``."""
    return ((bid + base - 1) // base) * base


_LADDER = b"\x00\x01\x02\x03\x05\x06\x07"   # a suit's ranks on the trump ladder: A T K Q 9 8 7


def matadors(cards, game_type):
    """Matadors of the declarer's cards + skat: n > 0 "with n", n < 0 "without n" (§5).

    The trump ladder runs CJ SJ HJ DJ, then (suit games) A T K Q 9 8 7 of the trump suit.
    """
    held = bytearray(32)
    for c in cards:
        held[c] = 1
    n = 4 if game_type == GT_GRAND else 11
    first = held[4]                      # CJ
    k = 1
    while k < n and held[8 * k + 4 if k < 4 else 8 * game_type + _LADDER[k - 4]] == first:
        k += 1                           # SJ HJ DJ, then A T K Q 9 8 7 of the trump suit
    return k if first else -k


class Result:
    """The outcome of one game, with the level-by-level breakdown the UI prints."""

    def __init__(self):
        self.clear()

    def clear(self):
        self.kind = 0              # codes.RK_*
        self.declarer = -1         # seat, -1 in Ramsch / passed
        self.game_type = -1
        self.flags = 0
        self.bid = 0               # Zahlen value / Farben class
        self.farben_kind = -1
        self.won = False
        self.value = 0             # positive game value incl. 50 %, Contra, Re (or overbid value)
        self.score = 0             # signed, to ``scorer`` (declarer, or the Ramsch loser);
        #                            doubled in a Bock game (``Game.bock``; value is not)
        self.scorer = -1
        # Card counts.
        self.decl_points = 0       # incl. the skat
        self.opp_points = 0
        self.decl_tricks = 0
        self.opp_tricks = 0
        self.skat_points = 0
        # Level breakdown (suit/Grand).
        self.base = 0
        self.matadors = 0          # > 0 with n, < 0 without n
        self.lv_matadors = 0
        self.lv_spiel = 0
        self.lv_hand = 0
        self.lv_schneider = 0
        self.lv_schneider_ann = 0
        self.lv_schwarz = 0
        self.lv_schwarz_ann = 0
        self.lv_offen = 0
        self.lv_abgelehnt = 0
        self.levels = 0
        self.raw_value = 0         # base x levels (Null: the fixed value)
        self.half = False          # x 1.5 after a rejection
        self.after_half = 0
        self.contra = False
        self.re = False
        self.overbid = False
        self.bock = False          # a Bock game: ``score`` came doubled (Game.bock)
        self.accepted = 0          # OFFER_* accepted (game ended early), 0 none
        self.rejected = 0          # highest rejected OFFER_*, 0 none
        # Ramsch.
        self.loser = -1
        self.seat_points = [0, 0, 0]
        self.seat_tricks = [0, 0, 0]
        self.jungfrau = False
        self.durchmarsch = -1      # seat that took all tricks (durchmarsch rule on), else -1


def settle_suit(res, farben, next_level):
    """Value and score of a suit or Grand game from the fields already set in ``res``.

    Needs: game_type, flags, bid, farben_kind (Farben), matadors, decl_points, decl_tricks,
    opp_tricks, accepted, rejected, contra, re. Zahlen §5/§6, Farben §8. ``next_level``: the
    house rule ``rejection = next_level`` (a rejected offer makes the next level compulsory).
    """
    gt = res.game_type
    flags = res.flags
    m = res.matadors if res.matadors > 0 else -res.matadors
    acc = res.accepted
    if farben:
        base = FARBEN_BASE[res.farben_kind][gt]
    else:
        base = BASE[gt]
    res.base = base
    if acc == 1:          # raus: a simple win, no Schneider from the count
        made_schneider = False
        made_schwarz = False
    elif acc == 2:        # Stich: Schneider conceded, not Schwarz
        made_schneider = True
        made_schwarz = False
    else:
        made_schneider = res.decl_points >= 90 or res.decl_points <= 30
        made_schwarz = res.decl_tricks == 0 or res.opp_tricks == 0
    ann_schwarz = (flags & F_SCHWARZ) != 0
    ann_schneider = ann_schwarz or (flags & F_SCHNEIDER) != 0
    if farben and res.farben_kind == FK_OUVERT:   # Grand ouvert: all five levels always
        ann_schwarz = ann_schneider = True
    forced = res.rejected if next_level else 0
    need_schneider = ann_schneider or forced >= 1
    need_schwarz = ann_schwarz or forced == 2
    res.lv_matadors = m
    res.lv_spiel = 1
    res.lv_hand = 1 if (flags & F_HAND) and not farben else 0
    res.lv_schneider = 1 if made_schneider or need_schneider else 0
    res.lv_schneider_ann = 1 if ann_schneider else 0
    res.lv_schwarz = 1 if made_schwarz or need_schwarz else 0
    res.lv_schwarz_ann = 1 if ann_schwarz else 0
    # offen levels (en-deux); a suit or Grand ouvert at three one level (rules.md §11; in
    # Farben the ouvert class's levels are the announcements, below)
    res.lv_offen = (2 if flags & F_OFFEN2 else
                    1 if flags & F_OFFEN1 or (flags & F_OUVERT and not farben) else 0)
    res.lv_abgelehnt = 1 if res.rejected else 0
    k = (m + 1 + res.lv_hand + res.lv_schneider + res.lv_schneider_ann + res.lv_schwarz
         + res.lv_schwarz_ann + res.lv_offen + res.lv_abgelehnt)
    res.levels = k
    value = base * k
    res.raw_value = value
    res.half = res.rejected != 0
    if res.half:
        value = (value * 3 + 1) // 2
    res.after_half = value
    if acc:
        won = True
    else:
        won = res.decl_points >= 61
        if need_schneider and res.decl_points < 90:
            won = False
        if need_schwarz and res.opp_tricks:
            won = False
    res.overbid = False
    if not farben and value < res.bid:
        res.overbid = True
        won = False
        value = overbid_value(base, res.bid)
    elif (farben and res.bid == FC_NULL_OUVERT and gt == GT_GRAND and res.farben_kind == FK_SOLO
          and m < 2 and not (won and res.lv_schneider)):
        # §8: a Grand Solo ranks above a Null ouvert bid only with or without >= 2 Spitzen or
        # won at least Schneider; below it, it is lost at its own value (no overbid value).
        res.overbid = True
        won = False
    if res.contra:
        value *= 2
    if res.re:
        value *= 2
    res.won = won
    res.value = value
    res.score = value if won else -2 * value
    res.scorer = res.declarer


def settle_null(res, farben):
    """Null: fixed value; won if the declarer took no trick; lost -2V (§5, §8)."""
    if farben:
        value = FARBEN_BASE[res.farben_kind][5]
    else:
        value = null_value(res.flags)
    res.base = value
    res.raw_value = value
    res.after_half = value
    res.levels = 0
    res.won = res.decl_tricks == 0
    if res.contra:                  # Kontra/Re at three (rules.md §11); en-deux: no Contra in Null
        value *= 2
    if res.re:
        value *= 2
    res.value = value
    res.score = value if res.won else -2 * value
    res.scorer = res.declarer


def settle_ramsch(res, winners, n, step, jungfrau, durchmarsch):
    """§7 over the seats that play (``step`` 2: VH and HH, en-deux, the dummy's cards out;
    ``step`` 1: all three, Skat zu dritt): the player with the most card points loses
    -(his points + the skat's); of players tied on the most, the one who took a trick last
    (``winners[0..n-1]``, the tricks' takers). ``jungfrau``: a player without a trick doubles
    the loss; ``durchmarsch``: a player who took every trick scores +120. Allocation-free."""
    pts = res.seat_points
    took = res.seat_tricks
    res.won = False
    res.durchmarsch = -1
    res.jungfrau = False
    loser = -1
    bare = False
    s = 0
    while s < 3:
        if durchmarsch and took[s] == n:
            res.durchmarsch = s
            res.value = 120
            res.score = 120
            res.scorer = s
            res.won = True
            res.loser = -1 if step == 1 else 2 - s
            return
        if took[s] == 0:
            bare = True
        if loser < 0 or pts[s] > pts[loser]:
            loser = s
        s += step
    t = n - 1
    while t >= 0:                       # a tie on the most: who of them took a trick last
        w = winners[t]
        if pts[w] == pts[loser]:
            loser = w
            break
        t -= 1
    value = pts[loser] + res.skat_points
    if jungfrau and bare:
        res.jungfrau = True
        value *= 2
    res.loser = loser
    res.value = value
    res.score = -value
    res.scorer = loser
