"""Declaration checks and giving up (rules.md §3, §8): module functions over a Game, split
from ``bidding`` so that each compiles in a small heap.

Everything here happens before the opening lead, where allocation is allowed; still, errors are
codes and a refused action changes nothing (every check runs before the first assignment).
"""

from skat_core.cards import (
    GT_C, GT_D, GT_GRAND, GT_NULL, F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT,
)
from skat_core.codes import PH_DISCARD, PH_DECLARE, PH_DONE, RK_CONCEDED, RK_GIVEN_UP, CONCEDE_PLAIN
from skat_core.engine import values
from skat_core.engine.values import BASE, FK_FRAGE, FK_TOURNE, FK_OUVERT, FC_GRAND, FC_NULL_OUVERT
from skat_core.codes import (E_ANNOUNCE_IN_NULL, E_ANNOUNCE_NEEDS_HAND, E_BAD_FLAGS, E_BAD_GAME,
    E_BELOW_BID_CLASS, E_CONCEDE_AT_18, E_CONCEDE_CONTRA_RE, E_CONCEDE_FARBEN, E_CONCEDE_GAME,
    E_CONCEDE_NEEDS_PICKUP, E_CONCEDE_NOT_18, E_CONCEDE_REACHABLE, E_FARBEN_GAME,
    E_HAND_AFTER_PICKUP, E_NULL_BELOW_BID, E_OFFEN_FARBEN_SUIT, E_OFFEN_NOT_IN_NULL, E_OFFEN_TWICE,
    E_OUVERT_ONLY_NULL, E_NOT_AT_THREE, E_OUVERT_NEEDS_HAND)

ALL_FLAGS = F_HAND | F_SCHNEIDER | F_SCHWARZ | F_OFFEN1 | F_OFFEN2 | F_OUVERT
# Declarations tried by legal_actions (F_HAND is implied by the skat choice).
FLAG_CHOICES = (0, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_SCHNEIDER | F_OFFEN1,
                F_SCHNEIDER | F_OFFEN2, F_SCHWARZ | F_OFFEN1, F_SCHWARZ | F_OFFEN2, F_OUVERT)


def _concede(g, a):
    """Spielaufgabe at 18 (``a`` = CONCEDE_PLAIN) or the overbid concession naming game ``a``."""
    if g.rules.farben:
        return E_CONCEDE_FARBEN
    r = g.result
    if a == CONCEDE_PLAIN or a < 0:
        if g.bid != 18:
            return E_CONCEDE_NOT_18
        kind, gt, value = RK_GIVEN_UP, -1, 30
    else:
        if g.bid == 18:
            return E_CONCEDE_AT_18
        if g.rules.contra_on:
            return E_CONCEDE_CONTRA_RE
        if not g.picked_up:
            return E_CONCEDE_NEEDS_PICKUP
        if a < GT_C or a > GT_GRAND:
            return E_CONCEDE_GAME
        if not (overbid_concessions(g) >> a) & 1:
            return E_CONCEDE_REACHABLE
        kind, gt, value = RK_CONCEDED, a, values.overbid_value(BASE[a], g.bid)
    r.kind = kind
    r.declarer = g.declarer
    r.game_type = gt
    r.bid = g.bid
    r.won = False
    r.value = value
    r.score = (-4 if g.bock else -2) * value        # a Bock game: doubled
    r.bock = g.bock
    r.scorer = g.declarer
    g.phase = PH_DONE
    g.to_act = -1
    return 0


def overbid_concessions(g):
    """The games (bit ``gt``) the declarer may give up naming now (rules.md §3 "Overbid after
    pickup"): Zahlen only, above 18, after a pickup and before the declaration, never under
    ``contra_re = on``; and only a game that can no longer reach the bid even at its highest
    level: after a pickup matadors + Spiel + Schneider + Schwarz + zweimal offen (no Hand, no
    announcement; a rejection's level is the opponent's to give, so not counted)."""
    if (g.rules.farben or g.bid == 18 or not g.picked_up or g.rules.contra_on
            or (g.phase != PH_DISCARD and g.phase != PH_DECLARE)):
        return 0
    cards = _declarer_cards(g)
    games = 0
    for gt in range(GT_GRAND + 1):
        m = values.matadors(cards, gt)
        if BASE[gt] * ((m if m > 0 else -m) + 5) < g.bid:
            games |= 1 << gt
    return games


def _declarer_cards(g):
    """The declarer's ten cards and the skat (the matadors count over both): 12 global ids."""
    cards = bytearray(12)
    k = 0
    for c in range(32):
        if g.owner[c] == g.declarer or g.owner[c] == 3:
            cards[k] = c
            k += 1
    return cards


def check_declare(g, gt, flags):
    """0 if declaring ``gt`` with ``flags`` is legal now (sets g.decl_flags/decl_kind), else
    the error code. F_HAND is implied by the skat choice (Hand) and refused after a pickup."""
    if gt < GT_C or gt > GT_NULL:
        return E_BAD_GAME
    if flags < 0 or flags & ~ALL_FLAGS:
        return E_BAD_FLAGS
    if flags & F_HAND and not g.hand_game:
        return E_HAND_AFTER_PICKUP
    if g.hand_game:
        flags |= F_HAND
    if g.three and flags & (F_OFFEN1 | F_OFFEN2):
        return E_NOT_AT_THREE              # offen levels are en-deux's (rules.md §11)
    if flags & F_OFFEN1 and flags & F_OFFEN2:
        return E_OFFEN_TWICE
    announced = flags & (F_SCHNEIDER | F_SCHWARZ)
    if g.rules.farben:
        return _check_farben(g, gt, flags)
    if gt == GT_NULL:
        if flags & (F_OFFEN1 | F_OFFEN2):
            return E_OFFEN_NOT_IN_NULL
        if announced:
            return E_ANNOUNCE_IN_NULL
        if values.null_value(flags) < g.bid:
            return E_NULL_BELOW_BID
    else:
        if flags & F_OUVERT:               # at three: Hand, Schwarz announced (rules.md §11)
            if not g.three:
                return E_OUVERT_ONLY_NULL
            if not g.hand_game:
                return E_OUVERT_NEEDS_HAND
            flags |= F_SCHNEIDER | F_SCHWARZ
        if announced and not g.hand_game:
            return E_ANNOUNCE_NEEDS_HAND
        if flags & F_SCHWARZ:
            flags |= F_SCHNEIDER
    g.decl_flags = flags
    g.decl_kind = -1
    return 0


def _check_farben(g, gt, flags):
    kind = g.farben_kind
    announced = flags & (F_SCHNEIDER | F_SCHWARZ)
    if gt == GT_NULL and flags & (F_OFFEN1 | F_OFFEN2):
        return E_OFFEN_NOT_IN_NULL
    if gt < GT_GRAND and flags & (F_OFFEN1 | F_OFFEN2):
        return E_OFFEN_FARBEN_SUIT
    if gt == GT_NULL and announced:
        return E_ANNOUNCE_IN_NULL
    if kind == FK_FRAGE or kind == FK_TOURNE:
        if announced:
            return E_ANNOUNCE_NEEDS_HAND
        if flags & F_OUVERT:
            return E_FARBEN_GAME
        if kind == FK_FRAGE and gt > GT_D:
            return E_FARBEN_GAME
        if kind == FK_TOURNE and not values.tourne_allows(g.turned, gt):
            return E_FARBEN_GAME
    else:                                   # Hand: Solo, Grand Solo, Null, Null/Grand ouvert
        if flags & F_OUVERT:
            if gt < GT_GRAND:
                return E_OUVERT_ONLY_NULL
            if flags & (F_OFFEN1 | F_OFFEN2):
                return E_OFFEN_TWICE
            kind = FK_OUVERT
            if gt == GT_GRAND:
                flags |= F_SCHNEIDER | F_SCHWARZ
        if flags & F_SCHWARZ:
            flags |= F_SCHNEIDER
    cls = values.farben_class(kind, gt)
    # A Grand Solo may meet a Null ouvert bid: it is then won only with or without >= 2
    # Spitzen or Schneider (score.settle_suit; rules.md §8).
    if cls < g.bid and not (cls == FC_GRAND and g.bid == FC_NULL_OUVERT):
        return E_BELOW_BID_CLASS
    g.decl_flags = flags
    g.decl_kind = kind
    return 0


def _declare(g, gt, flags):
    g.game_type = gt
    g.flags = flags
    if g.rules.farben:
        g.farben_kind = g.decl_kind
    g.matadors = values.matadors(_declarer_cards(g), gt) if gt != GT_NULL else 0
    g.start_play()
    # open before the opening lead: zweimal offen, Null ouvert; a suit or Grand ouvert at three
    # after it (rules.md §11: skat_core.three.play)
    if flags & F_OFFEN2 or (flags & F_OUVERT and (gt == GT_NULL or not g.three)):
        g.decl_open = True
    if g.rules.reveal_at_declaration:
        g.dummy_revealed = True
