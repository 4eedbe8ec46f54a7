"""Reading house rules from a dict (records, saved series, settings): ``Rules.from_dict``.

Kept out of ``rules`` so that the device holds this code only while rules are read (it is in
``skat_core.PRE_PLAY``). Raising is fine here: rules are read before a game.
"""

from skat_core.cards import GT_NULL
from skat_core.codes import RK_NORMAL
from skat_core.rules import CHOICES, KEYS


def apply(r, d, choices=CHOICES, keys=KEYS):
    """Set the §10 keys of dict ``d`` on Rules ``r`` and return it; ValueError names the key.
    ``choices``/``keys``: another table's keys (Skat zu dritt: ``skat_core.three.rules``)."""
    if d is None:
        return r
    if not isinstance(d, dict):
        raise ValueError("rules must be an object of house-rule keys")
    for key in d:
        value = d[key]
        if key == "series_games":
            if (isinstance(value, bool) or not isinstance(value, int) or value < 2
                    or value % 2):
                raise ValueError("rule series_games must be an even number >= 2, got %r" % (value,))
            r.series_games = value
            continue
        allowed = None
        for k, values in choices:
            if k == key:
                allowed = values
        if allowed is None:
            raise ValueError("unknown rule %r (known: %s)" % (key, ", ".join(keys)))
        if isinstance(value, bool):  # JSON true/false for the on/off keys
            value = "on" if value else "off"
        if value not in allowed:
            raise ValueError("rule %s must be one of %s, got %r" % (key, ", ".join(allowed), value))
        setattr(r, key, value)
    r._derive()
    return r


def bock_trigger(rules, res):
    """Does the finished game ``res`` start Bock games (docs/rules.md, "Bockrunden")? A
    declared game, not Ramsch nor thrown in, that was lost (``bock_lost``), was worth 120 or
    more before the Bock doubling (``bock_120``), had Contra (``bock_contra``) or ended 60:60,
    a suit or Grand game played out (``bock_tie``). Between games only; here, not in the
    count's modules, so that on the device this code is on the heap only when the app books
    a game of a series with Bockrunden (rulecheck is dropped with the pre-play modules)."""
    if rules.bock == "off" or res.declarer < 0:
        return False
    return ((rules.bock_lost == "on" and not res.won)
            or (rules.bock_120 == "on" and res.value >= 120)
            or (rules.bock_contra == "on" and res.contra)
            or (rules.bock_tie == "on" and res.kind == RK_NORMAL and res.game_type < GT_NULL
                and not res.accepted and res.decl_points == 60))
