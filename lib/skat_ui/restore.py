"""Resuming after a reset: the save's payload decoded (format: persist.py) and its record
replayed through the engine, so the game continues at the last save. A save that does not
decode, or whose record the engine refuses, is treated like a corrupt one: reported once,
replaced by a clean save.

Only the boot needs this, so it is a module of its own that the app drops once it has run:
on the device every function is heap for as long as its module is loaded.
"""

from skat_core.codes import PH_DONE
from skat_core.game import Game
from skat_ui import save as slots, settings as S
from skat_ui.persist import PAYLOAD, ENTRY
from skat_ui.resume import save
from skat_ui.series import Series


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _s16(b, i):
    v = b[i] | (b[i + 1] << 8)
    return v - 0x10000 if v >= 0x8000 else v


def decode(b):
    """(settings, series_rules, (length, seed, entries), game or None) from payload bytes."""
    n = len(b)
    if n < 1 or (b[0] != PAYLOAD and b[0] != 1):
        raise ValueError("payload version")
    i = 1
    parts = []
    for _ in range(2):
        if i >= n:
            raise ValueError("truncated")
        k = b[i]
        if i + 1 + k > n:
            raise ValueError("truncated")
        parts.append(bytearray(b[i + 1:i + 1 + k]))
        i += 1 + k
    if b[0] == 1:
        # Version 1 had no house rule `rejection` (the last rule key): the settings take its
        # default; the running series keeps next_level, the behaviour it was started with.
        r = S.I_SERIES - 1
        sets, rules = parts
        if len(sets) != S.N_SETTINGS - 1 or len(rules) != S.N_RULES - 1:
            raise ValueError("settings")
        parts = [sets[:r] + bytearray(1) + sets[r:], rules[:r] + bytearray((1,)) + rules[r:]]
    if i + 6 > n:
        raise ValueError("truncated")
    length = b[i]
    seed = b[i + 1] | (b[i + 2] << 8) | (b[i + 3] << 16) | ((b[i + 4] & 0x3F) << 24)
    ne = b[i + 5]
    i += 6
    if i + ne * ENTRY >= n:
        raise ValueError("truncated")
    entries = []
    for _ in range(ne):
        entries.append((b[i], b[i + 1], b[i + 2], b[i + 3], _u16(b, i + 4), _s16(b, i + 6),
                        _s16(b, i + 8)))
        i += ENTRY
    flag = b[i]
    i += 1
    game = None
    if flag == 1:
        if i + 35 > n:
            raise ValueError("truncated")
        seat = b[i]
        deal = bytearray(b[i + 1:i + 33])
        na = _u16(b, i + 33)
        i += 35
        if i + 4 * na != n:
            raise ValueError("length")
        acts = []
        for _ in range(na):
            acts.append((b[i] >> 4, b[i] & 15, b[i + 1] | (b[i + 2] << 8), b[i + 3]))
            i += 4
        if seat not in (0, 2):
            raise ValueError("seat")
        seen = bytearray(32)
        for c in deal:
            if c > 31 or seen[c]:
                raise ValueError("deal")
            seen[c] = 1
        game = (seat, deal, acts)
    elif flag != 0 or i != n:
        raise ValueError("game flag")
    return parts[0], parts[1], (length, seed, entries), game


def load(app):
    """Restore settings, series and the game in progress. A bad save is reported once."""
    if app.store is None:
        return
    data = app.store.load()
    bad = app.store.status == slots.ST_BAD
    if data is not None:
        try:
            _restore(app, data)
        except Exception:  # noqa: BLE001 - whatever is wrong with it, a save never crashes
            bad = True
            app.settings = S.defaults()
            app.series_rules = bytearray(app.settings[:S.N_RULES])
            app.game = Game(S.rules_of(app.series_rules))
            app.series = None
            app.record = []
            app.in_game = False
    if bad:
        app.boot_message = 1
        save(app)          # a clean save: the report is shown once


def _restore(app, data):
    sets, rules, ser, game = decode(data)
    if not S.valid(sets) or len(rules) != S.N_RULES:
        raise ValueError("settings")
    for i in range(S.N_RULES):
        if rules[i] >= S.n_values(i):
            raise ValueError("rules")
    app.settings = sets
    app.series_rules = rules
    app.series = None
    if ser[0] > 0:
        s = Series(ser[0], ser[1])
        s.entries = ser[2]
        app.series = s
        app.base_seed = ser[1]
    app.game = Game(S.rules_of(rules))
    app.set_strength()
    if game is not None and app.series is not None:
        seat, deal, acts = game
        g = app.game
        g.deal_hands(deal[0:10], deal[10:20], deal[20:30], deal[30:32])
        for seat_, verb, a, b in acts:
            if g.act(seat_, verb, a, b) != 0:
                raise ValueError("record")
        app.human = seat
        app.record = list(acts)
        app.in_game = g.phase != PH_DONE
        if not app.in_game:
            raise ValueError("finished game saved as running")
