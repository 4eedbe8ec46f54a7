"""Bidding, skat, declaration and giving up (rules.md §2, §3, §8): module functions over a Game.

Everything here happens before the opening lead, where allocation is allowed; still, errors are
codes and a refused action changes nothing (every check runs before the first assignment).
"""

from skat_core.cards import (
    VH, HH, GT_C, GT_D, GT_GRAND, GT_NULL, F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1,
    F_OFFEN2, F_OUVERT,
)
from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE, PH_DONE, V_BID, V_YES, V_PASS,
    V_HAND, V_PICKUP, V_DISCARD, V_DECLARE, V_CONCEDE, V_TOURNE, RK_PASSED, RK_CONCEDED,
    RK_GIVEN_UP, CONCEDE_PLAIN, encode,
)
from skat_core import values
from skat_core.values import (
    BID_VALUES, BASE, N_FARBEN_CLASSES, FK_FRAGE, FK_TOURNE, FK_SOLO, FK_OUVERT, FC_TOURNE, FC_FRAGE_C,
)

ALL_FLAGS = F_HAND | F_SCHNEIDER | F_SCHWARZ | F_OFFEN1 | F_OFFEN2 | F_OUVERT
# Declarations tried by legal_actions (F_HAND is implied by the skat choice).
FLAG_CHOICES = (0, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_SCHNEIDER | F_OFFEN1,
                F_SCHNEIDER | F_OFFEN2, F_SCHWARZ | F_OFFEN1, F_SCHWARZ | F_OFFEN2, F_OUVERT)


def _valid_bid(g, a):
    if g.rules.farben:
        return 0 <= a < N_FARBEN_CLASSES
    return values.is_bid_value(a)


def next_bid(g):
    """The lowest bid the dealer may make now (value or class), -1 if none is left."""
    if g.rules.farben:
        return g.bid + 1 if g.bid + 1 < N_FARBEN_CLASSES else -1
    return values.next_bid_value(g.bid)


def act(g, seat, verb, a, b):
    ph = g.phase
    if ph == PH_BID or ph == PH_ANSWER or ph == PH_TAKE:
        if seat != g.to_act:
            return 3  # E_NOT_YOUR_TURN
        return _bid_act(g, seat, verb, a)
    if seat != g.declarer:
        return 3  # E_NOT_YOUR_TURN
    if verb == V_CONCEDE:
        return _concede(g, a)
    if ph == PH_SKAT:
        if verb == V_HAND:
            g.hand_game = True
            g.farben_kind = FK_SOLO if g.rules.farben else -1
            g.phase = PH_DECLARE
            return 0
        if verb == V_PICKUP or verb == V_TOURNE:
            if verb == V_TOURNE and not g.rules.farben:
                return 41  # E_TOURNE_ZAHLEN
            if g.rules.farben and g.bid > (FC_TOURNE if verb == V_TOURNE else FC_FRAGE_C):
                return 39  # E_BELOW_BID_CLASS: no game of this kind reaches the bid class
            if verb == V_TOURNE:
                g.turned = g.skat[0]
                g.farben_kind = FK_TOURNE
            elif g.rules.farben:
                g.farben_kind = FK_FRAGE
            g.picked_up = True
            g.owner[g.skat[0]] = seat
            g.owner[g.skat[1]] = seat
            g.phase = PH_DISCARD
            return 0
        return 4  # E_WRONG_PHASE
    if ph == PH_DISCARD:
        if verb != V_DISCARD:
            return 4  # E_WRONG_PHASE
        if a < 0 or a > 31 or b < 0 or b > 31 or g.owner[a] != seat or g.owner[b] != seat:
            return 9  # E_NOT_HELD
        if a == b:
            return 10  # E_DISCARD_SAME
        g.owner[a] = 3
        g.owner[b] = 3
        g.skat[0] = a
        g.skat[1] = b
        g.phase = PH_DECLARE
        return 0
    if ph == PH_DECLARE:
        if verb != V_DECLARE:
            return 4  # E_WRONG_PHASE
        err = check_declare(g, a, b)
        if err:
            return err
        _declare(g, a, g.decl_flags)
        return 0
    return 4  # E_WRONG_PHASE


def _bid_act(g, seat, verb, a):
    ph = g.phase
    if ph == PH_BID:                       # the dealer: a higher bid or pass
        if verb == V_BID:
            if not _valid_bid(g, a):
                return 6  # E_BID_INVALID
            if a <= g.bid:
                return 7  # E_BID_NOT_HIGHER
            g.bid = a
            g.bid_holder = HH
            g.bids_made += 1
            g.phase = PH_ANSWER
            g.to_act = VH
            return 0
        if verb == V_PASS:
            g.passed[HH] = 1
            if g.bids_made == 0:
                g.phase = PH_TAKE
                g.to_act = VH
            else:
                _win_bidding(g, VH)
            return 0
        return 4  # E_WRONG_PHASE
    if ph == PH_ANSWER:                    # Vorhand holds or passes
        if verb == V_YES:
            g.bid_holder = VH
            g.phase = PH_BID
            g.to_act = HH
            return 0
        if verb == V_PASS:
            g.passed[VH] = 1
            _win_bidding(g, HH)
            return 0
        return 4  # E_WRONG_PHASE
    # PH_TAKE: the dealer passed at once; Vorhand plays (18 / any class) or passes.
    if verb == V_BID:
        if not _valid_bid(g, a):
            return 6  # E_BID_INVALID
        if not g.rules.farben and a != 18:
            return 8  # E_TAKE_18
        g.bid = a
        g.bid_holder = VH
        _win_bidding(g, VH)
        return 0
    if verb == V_PASS:
        g.passed[VH] = 1
        if g.rules.ramsch:
            g.ramsch = True
            g.game_type = 6
            g.trick_size = 2
            g.start_play()
        else:
            r = g.result
            r.kind = RK_PASSED
            g.phase = PH_DONE
            g.to_act = -1
        return 0
    return 4  # E_WRONG_PHASE


def _win_bidding(g, seat):
    g.declarer = seat
    g.opponent = 2 - seat
    g.phase = PH_SKAT
    g.to_act = seat


def _concede(g, a):
    """Spielaufgabe at 18 (``a`` = CONCEDE_PLAIN) or the overbid concession naming game ``a``."""
    if g.rules.farben:
        return 38  # E_CONCEDE_FARBEN
    r = g.result
    if a == CONCEDE_PLAIN or a < 0:
        if g.bid != 18:
            return 34  # E_CONCEDE_NOT_18
        kind, gt, value = RK_GIVEN_UP, -1, 30
    else:
        if g.bid == 18:
            return 45  # E_CONCEDE_AT_18
        if g.rules.contra_on:
            return 35  # E_CONCEDE_CONTRA_RE
        if not g.picked_up:
            return 36  # E_CONCEDE_NEEDS_PICKUP
        if a < GT_C or a > GT_GRAND:
            return 37  # E_CONCEDE_GAME
        kind, gt, value = RK_CONCEDED, a, values.overbid_value(BASE[a], g.bid)
    r.kind = kind
    r.declarer = g.declarer
    r.game_type = gt
    r.bid = g.bid
    r.won = False
    r.value = value
    r.score = -2 * value
    r.scorer = g.declarer
    g.phase = PH_DONE
    g.to_act = -1
    return 0


def overbid_concession_open(g):
    """May the declarer give up naming a game now (rules.md §3 "Overbid after pickup")? Zahlen
    only, above 18, after a pickup and before the declaration, never under ``contra_re = on``."""
    return (not g.rules.farben and g.bid != 18 and g.picked_up and not g.rules.contra_on
            and (g.phase == PH_DISCARD or g.phase == PH_DECLARE))


def check_declare(g, gt, flags):
    """0 if declaring ``gt`` with ``flags`` is legal now (sets g.decl_flags/decl_kind), else
    the error code. F_HAND is implied by the skat choice (Hand) and refused after a pickup."""
    if gt < GT_C or gt > GT_NULL:
        return 11  # E_BAD_GAME
    if flags < 0 or flags & ~ALL_FLAGS:
        return 12  # E_BAD_FLAGS
    if flags & F_HAND and not g.hand_game:
        return 19  # E_HAND_AFTER_PICKUP
    if g.hand_game:
        flags |= F_HAND
    if flags & F_OFFEN1 and flags & F_OFFEN2:
        return 16  # E_OFFEN_TWICE
    announced = flags & (F_SCHNEIDER | F_SCHWARZ)
    if g.rules.farben:
        return _check_farben(g, gt, flags)
    if gt == GT_NULL:
        if flags & (F_OFFEN1 | F_OFFEN2):
            return 15  # E_OFFEN_NOT_IN_NULL
        if announced:
            return 18  # E_ANNOUNCE_IN_NULL
        if values.null_value(flags) < g.bid:
            return 13  # E_NULL_BELOW_BID
    else:
        if flags & F_OUVERT:
            return 17  # E_OUVERT_ONLY_NULL
        if announced and not g.hand_game:
            return 14  # E_ANNOUNCE_NEEDS_HAND
        if flags & F_SCHWARZ:
            flags |= F_SCHNEIDER
    g.decl_flags = flags
    g.decl_kind = -1
    return 0


def _check_farben(g, gt, flags):
    kind = g.farben_kind
    announced = flags & (F_SCHNEIDER | F_SCHWARZ)
    if gt == GT_NULL and flags & (F_OFFEN1 | F_OFFEN2):
        return 15  # E_OFFEN_NOT_IN_NULL
    if gt == GT_NULL and announced:
        return 18  # E_ANNOUNCE_IN_NULL
    if kind == FK_FRAGE or kind == FK_TOURNE:
        if announced:
            return 14  # E_ANNOUNCE_NEEDS_HAND
        if flags & F_OUVERT:
            return 40  # E_FARBEN_GAME
        if kind == FK_FRAGE and gt > GT_D:
            return 40  # E_FARBEN_GAME
        if kind == FK_TOURNE and not values.tourne_allows(g.turned, gt):
            return 40  # E_FARBEN_GAME
    else:                                   # Hand: Solo, Grand Solo, Null, Null/Grand ouvert
        if flags & F_OUVERT:
            if gt < GT_GRAND:
                return 17  # E_OUVERT_ONLY_NULL
            if flags & (F_OFFEN1 | F_OFFEN2):
                return 16  # E_OFFEN_TWICE
            kind = FK_OUVERT
            if gt == GT_GRAND:
                flags |= F_SCHNEIDER | F_SCHWARZ
        if flags & F_SCHWARZ:
            flags |= F_SCHNEIDER
    if values.farben_class(kind, gt) < g.bid:
        return 39  # E_BELOW_BID_CLASS
    g.decl_flags = flags
    g.decl_kind = kind
    return 0


def _declare(g, gt, flags):
    g.game_type = gt
    g.flags = flags
    if g.rules.farben:
        g.farben_kind = g.decl_kind
    cards = bytearray(12)
    k = 0
    for c in range(32):
        if g.owner[c] == g.declarer or g.owner[c] == 3:
            cards[k] = c
            k += 1
    g.matadors = values.matadors(cards, gt) if gt != GT_NULL else 0
    g.start_play()
    if flags & (F_OFFEN2 | F_OUVERT):
        g.decl_open = True
    if g.rules.reveal_at_declaration:
        g.dummy_revealed = True


def _bids_and_pass(g, bids, out):
    """The bids of ``bids`` above the current one, then pass (the count)."""
    n = 0
    for v in bids:
        if v > g.bid:
            out[n] = encode(V_BID, v, 0)
            n += 1
    out[n] = encode(V_PASS, 0, 0)
    return n + 1


def legal_actions(g, seat, out):
    """Encoded legal actions of ``seat`` before play (see Game.legal_actions)."""
    ph = g.phase
    n = 0
    if seat != g.to_act:
        return 0
    if ph == PH_BID:
        return _bids_and_pass(g, range(N_FARBEN_CLASSES) if g.rules.farben else BID_VALUES, out)
    if ph == PH_ANSWER:
        out[0] = encode(V_YES, 0, 0)
        out[1] = encode(V_PASS, 0, 0)
        return 2
    if ph == PH_TAKE:                    # no bid yet (HH passed at once): 18 / any class
        return _bids_and_pass(g, range(N_FARBEN_CLASSES) if g.rules.farben else (18,), out)
    if ph == PH_SKAT:
        out[0] = encode(V_HAND, 0, 0)
        n = 1
        if not g.rules.farben or g.bid <= FC_FRAGE_C:
            out[n] = encode(V_PICKUP, 0, 0)
            n += 1
        if g.rules.farben and g.bid <= FC_TOURNE:
            out[n] = encode(V_TOURNE, 0, 0)
            n += 1
    elif ph == PH_DISCARD:
        mine = bytearray(12)
        k = 0
        for c in range(32):
            if g.owner[c] == seat:
                mine[k] = c
                k += 1
        for i in range(k):
            for j in range(i + 1, k):
                out[n] = encode(V_DISCARD, mine[i], mine[j])
                n += 1
    elif ph == PH_DECLARE:
        for gt in range(GT_NULL + 1):
            for fl in FLAG_CHOICES:
                if check_declare(g, gt, fl) == 0:
                    out[n] = encode(V_DECLARE, gt, fl)
                    n += 1
    if not g.rules.farben:
        if g.bid == 18:
            out[n] = encode(V_CONCEDE, CONCEDE_PLAIN, 0)
            n += 1
        elif overbid_concession_open(g):
            for gt in range(GT_GRAND + 1):
                out[n] = encode(V_CONCEDE, gt, 0)
                n += 1
    return n
