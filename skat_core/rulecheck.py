"""Reading house rules from a dict (records, saved series, settings): ``Rules.from_dict``.

Kept out of ``rules`` so that the device holds this code only while rules are read (it is in
``skat_core.PRE_PLAY``). Raising is fine here: rules are read before a game.
"""

from skat_core.rules import CHOICES, KEYS


def apply(r, d):
    """Set the §10 keys of dict ``d`` on Rules ``r`` and return it; ValueError names the key."""
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
        for k, values in CHOICES:
            if k == key:
                allowed = values
        if allowed is None:
            raise ValueError("unknown rule %r (known: %s)" % (key, ", ".join(KEYS)))
        if isinstance(value, bool):  # JSON true/false for the on/off keys
            value = "on" if value else "off"
        if value not in allowed:
            raise ValueError("rule %s must be one of %s, got %r" % (key, ", ".join(allowed), value))
        setattr(r, key, value)
    r._derive()
    return r
