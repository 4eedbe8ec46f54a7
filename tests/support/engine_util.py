"""Helpers for the engine tests: build games from action strings, snapshot the whole state."""

from skat_core.cards import parse_cards
from skat_core.codes import error_text
from skat_core.codes import action_a, action_b, action_verb
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.notation.record import parse_action
from skat_core.rules import Rules

# A fixed deal used by many tests (vh, mh, hh, skat).
VH_CARDS = "CJ HJ CA CT C9 SA ST S9 HK H7"
MH_CARDS = "SJ CK CQ C8 SK SQ HA HT H9 D7"
HH_CARDS = "DJ C7 S8 S7 HQ H8 DA DT DK DQ"
SKAT = "D9 D8"


def game(actions=(), rules=None, deal=(VH_CARDS, MH_CARDS, HH_CARDS, SKAT)):
    """A Game with ``deal`` after the given actions (each must be legal)."""
    g = Game(Rules.from_dict(rules or {}))
    g.deal_hands(*[parse_cards(t) for t in deal])
    for text in actions:
        err = g.act(*parse_action(text, g.rules.farben))
        assert err == 0, (text, error_text(err))
    return g


def act(g, text):
    """Apply an action string; return the error code."""
    return g.act(*parse_action(text, g.rules.farben))


def snapshot(g):
    """Every piece of a Game's state as plain values (for "state unchanged" assertions)."""
    skip = ("rules", "layout", "result", "views", "rng")
    s = {}
    for k, v in sorted(vars(g).items()):
        if k in skip:
            continue
        if isinstance(v, (bytearray, bytes, list)):
            v = list(v)
        s[k] = v
    s["result"] = sorted((k, list(v) if isinstance(v, list) else v) for k, v in vars(g.result).items())
    s["layout"] = (list(g.layout.card_at), list(g.layout.bit_of), list(g.layout.field_mask))
    return s


def refused(g, text, message):
    """Assert that action ``text`` is refused with ``message`` and changes nothing."""
    seat, verb, a, b = parse_action(text, g.rules.farben)
    refused_action(g, seat, verb, a, b, message, text)


def refused_action(g, seat, verb, a, b, message, label=None):
    """Assert that ``g.act(seat, verb, a, b)`` (raw codes: also ones no action string can
    spell) is refused with ``message`` and changes nothing."""
    before = snapshot(g)
    err = g.act(seat, verb, a, b)
    assert err != 0, "%r was accepted" % (label or (seat, verb, a, b),)
    assert error_text(err) == message
    assert snapshot(g) == before


def three_game(actions=(), rules=None, deal=(VH_CARDS, MH_CARDS, HH_CARDS, SKAT)):
    """A Skat zu dritt ThreeGame with ``deal`` after the given actions (each must be legal)."""
    from skat_core.three.game import ThreeGame
    from skat_core.three.rules import ThreeRules
    g = ThreeGame(ThreeRules.from_dict(rules or {}))
    g.deal_hands(*[parse_cards(t) for t in deal])
    for text in actions:
        err = g.act(*parse_action(text))
        assert err == 0, (text, error_text(err))
    return g


def try_illegal(g, rng, same_declaration):
    """A random action that is not legal for a random seat of ``g`` (en-deux's Game or a
    ThreeGame): refused, the state unchanged. ``same_declaration(gt, flags)``: the flags
    without those the table implies, so that a declaration spelt with them counts as legal."""
    seat = rng.below(3)
    out = [0] * MAX_ACTIONS
    n = g.legal_actions(seat, out)
    legal = set(out[:n])
    verb, a, b = rng.below(15), rng.below(40), rng.below(40)
    # The engine ignores the arguments a verb does not take: compare the meaningful ones.
    na, nb = a, b
    if verb in (1, 2, 3, 4, 10, 11, 12, 13, 14):     # yes pass hand pickup accept reject contra re tourne
        na = nb = 0
    elif verb in (0, 7, 8, 9):                      # bid concede play offer: a only
        nb = 0
    if verb | (na << 4) | (nb << 13) in legal:
        return
    if verb == 5 and verb | (nb << 4) | (na << 13) in legal:  # a discard lists each pair once
        return
    if verb == 6 and (na, same_declaration(na, nb)) in set(
            (action_a(x), same_declaration(action_a(x), action_b(x)))
            for x in legal if action_verb(x) == 6):
        return   # the same declaration spelt with implied flags (Hand, Schneider under Schwarz)
    before = snapshot(g)
    assert g.act(seat, verb, a, b) != 0, (seat, verb, a, b)
    assert snapshot(g) == before
