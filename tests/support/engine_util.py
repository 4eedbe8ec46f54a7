"""Helpers for the engine tests: build games from action strings, snapshot the whole state."""

from skat_core.cards import parse_cards
from skat_core.codes import error_text
from skat_core.engine.game import Game
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
