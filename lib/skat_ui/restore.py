"""Resuming after a reset: the save's payload decoded (format: persist.py) and its record
replayed through the engine, so the game continues at the last save. A save that does not
decode, or whose record the engine refuses, is treated like a corrupt one: reported once,
replaced by a clean save.

Only the boot needs this, so it is a module of its own that the app drops once it has run:
on the device every function is heap for as long as its module is loaded.
"""

from skat_core.codes import PH_DONE
from skat_core.engine.game import Game
from skat_ui import save as slots, settings as S
from skat_ui.persist import PAYLOAD, ENTRY
from skat_ui.resume import save
from skat_ui.series import Series


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _s16(b, i):
    v = b[i] | (b[i + 1] << 8)
    return v - 0x10000 if v >= 0x8000 else v


# Finished games by kind (codes.RK_NORMAL .. RK_GIVEN_UP = 1 .. 5): lowest and highest game
# type, and whether a player declared (who 0 you / 1 bot) or nobody did (255).
_KIND_GT = ((0, 5), (6, 6), (255, 255), (0, 4), (255, 255))   # normal ramsch passed conceded given up
_KIND_WHO = (True, False, False, True, True)


def _check(ok, what):
    if not ok:
        raise ValueError(what)


def decode(b):
    """(settings, series_rules, (length, seed, entries), game or None) from payload bytes.
    Every field is range-checked here (ValueError names the first bad one), so what boots is
    what the screens can show: a checksum-valid save with bad contents never crashes later."""
    n = len(b)
    _check(n > 0 and (b[0] == PAYLOAD or b[0] == 1), "payload version")
    i = 1
    parts = []
    for _ in range(2):
        _check(i < n, "truncated")
        k = b[i]
        _check(i + 1 + k <= n, "truncated")
        parts.append(bytearray(b[i + 1:i + 1 + k]))
        i += 1 + k
    sets, rules = parts
    if b[0] == 1:
        # Version 1 had no house rule `rejection` (the last rule key): the settings take its
        # default (next_level since issue 18); the running series keeps next_level, the
        # behaviour it was started with.
        r = S.I_SERIES - 1
        _check(len(sets) == S.N_SETTINGS - 1 and len(rules) == S.N_RULES - 1, "settings")
        sets = sets[:r] + bytearray((S.DEFAULT_INDEX[r],)) + sets[r:]
        rules = rules[:r] + bytearray((1,)) + rules[r:]
    _check(S.valid(sets) and len(rules) == S.N_RULES, "settings")
    for j in range(S.N_RULES):
        _check(rules[j] < S.n_values(j), "rules")
    _check(i + 6 <= n, "truncated")
    length = b[i]
    seed = b[i + 1] | (b[i + 2] << 8) | (b[i + 3] << 16) | ((b[i + 4] & 0x3F) << 24)
    ne = b[i + 5]
    i += 6
    _check(length == 0 or length == S.SERIES_CHOICES[rules[S.I_SERIES]], "series length")
    _check(ne <= length, "series games")
    _check(i + ne * ENTRY < n, "truncated")
    entries = []
    for _ in range(ne):
        kind, who, gt, flags = b[i], b[i + 1], b[i + 2], b[i + 3]
        _check(1 <= kind <= 5, "game kind")
        lo, hi = _KIND_GT[kind - 1]
        _check(lo <= gt <= hi, "game type")
        _check(who < 2 if _KIND_WHO[kind - 1] else who == 255, "declarer")
        _check(flags < 64, "flags")
        # value u16 and the list points s16: any 16-bit number shows as a number.
        entries.append((kind, who, gt, flags, _u16(b, i + 4), _s16(b, i + 6), _s16(b, i + 8)))
        i += ENTRY
    flag = b[i]
    i += 1
    game = None
    if flag == 1:
        _check(i + 35 <= n, "truncated")
        seat = b[i]
        deal = bytearray(b[i + 1:i + 33])
        na = _u16(b, i + 33)
        i += 35
        _check(i + 4 * na == n, "length")
        acts = []
        for _ in range(na):
            acts.append((b[i] >> 4, b[i] & 15, b[i + 1] | (b[i + 2] << 8), b[i + 3]))
            i += 4
        # A deal in progress belongs to a running series, in the seat the series gives it.
        _check(ne < length and seat == (0 if ne % 2 == 0 else 2), "seat")
        seen = bytearray(32)
        for c in deal:
            _check(c < 32 and not seen[c], "deal")
            seen[c] = 1
        game = (seat, deal, acts)
    else:
        _check(flag == 0 and i == n, "game flag")
    return sets, rules, (length, seed, entries), game


def _torn(raw):
    """Is the slot image ``raw`` a first save cut short by a power loss (save.py): the start
    of a slot with sequence number 1 (the first after a blank store), then only the erased
    value (0xFF or 0x00) from some byte before the end its length names? Not when the
    written bytes are a whole save whose length field was damaged (its checksum matches)."""
    size = len(raw)
    e = raw[size - 1]
    if e != 0 and e != 0xFF:
        return False
    j = size
    while j > 0 and raw[j - 1] == e:
        j -= 1
    head = (slots.MAGIC0, slots.MAGIC1, slots.FORMAT, 1, 0)
    for k in range(j if j < 5 else 5):
        if raw[k] != head[k]:
            return False
    if j < slots.HEADER:
        return j > 0
    if slots.HEADER + _u16(raw, 5) + 2 <= j or slots.HEADER + _u16(raw, 5) + 2 > size:
        return False
    img = bytearray(raw[:j + 1])
    for m in (j - 9, j - 8):               # the checksum's high byte written, or erased
        if m >= 0:
            img[5] = m & 0xFF
            img[6] = m >> 8
            if slots.crc16(img, 0, slots.HEADER + m) == _u16(img, slots.HEADER + m):
                return False
    return True


def status(store):
    """``store.status`` after ``load``, except that a lone slot beside a blank one which is a
    first save cut short (``_torn``) is ST_EMPTY: nothing was saved yet, nothing to report."""
    if store.status == slots.ST_BAD and store.lone >= 0 and _torn(
            store.nvm[store.lone:store.lone + store.slot_size]):
        return slots.ST_EMPTY
    return store.status


def load(app):
    """Restore settings, series and the game in progress. A bad save is reported once."""
    if app.store is None:
        return
    data = app.store.load()
    bad = status(app.store) == slots.ST_BAD
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
    if game is not None:
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
