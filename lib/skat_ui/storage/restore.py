"""The boot: settings.toml's values, and resuming after a reset: the save's payload decoded
(format: persist.py) and its record replayed through the engine, so the game continues at
the last save. A newest save that does not decode, or whose record the engine refuses, falls
back to the slot before it when that one is valid (resumed, reported once); with none, it is
treated like a corrupt save: reported once, replaced by a clean save.

Only the boot needs this, so it is a module of its own that the app drops once it has run:
on the device every function is heap for as long as its module is loaded.
"""

import os
import sys
import time

from skat_core.codes import PH_DONE
from skat_core.engine.game import Game
from skat_ui.storage import save as slots; from skat_ui import settings as S, text
from skat_ui.storage.persist import PAYLOAD, ENTRY
from skat_ui.storage.resume import save
from skat_core.engine.series import Series, next_seed
from skat_core.rng import Rng
from skat_core import THREE, THREE_TABLES


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _u30(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | ((b[i + 3] & 0x3F) << 24)


def _s16(b, i):
    v = b[i] | (b[i + 1] << 8)
    return v - 0x10000 if v >= 0x8000 else v


# Finished games by kind (codes.RK_NORMAL .. RK_GIVEN_UP = 1 .. 5): lowest and highest game
# type, and whether a player declared (who 0 you / 1 bot) or nobody did (255).
_KIND_GT = ((0, 5), (6, 6), (255, 255), (0, 4), (255, 255))   # normal ramsch passed conceded given up
_KIND_WHO = (True, False, False, True, True)


# The fields' names in the reports are longer than ten letters where they can be: a shorter
# string is an interned name on the board for good (docs/memory.md, "names").
def _check(ok, what):
    if not ok:
        raise ValueError(what)


def decode(b):
    """(settings, series_rules, (length, seed, entries, table, the next series' seed), game
    or None) from payload bytes (the table: 2 Skat-en-deux, 3 Skat zu dritt, 4 zu viert).
    Every field is range-checked here (ValueError names the first bad one), so what boots is
    what the screens can show: a checksum-valid save with bad contents never crashes later."""
    n = len(b)
    _check(n > 1 and 1 <= b[0] <= PAYLOAD, "payload version")
    table = b[1] if b[0] >= 4 else 2        # version 3 and before: en-deux's
    # (the field's name longer than ten letters: not an interned name on the board)
    _check(2 <= table <= 4 and (table == 2 or THREE_TABLES), "players at the table")
    i = 2 if b[0] >= 4 else 1
    parts = []
    for _ in range(2):
        _check(i < n, "save cut short")
        k = b[i]
        _check(i + 1 + k <= n, "save cut short")
        parts.append(bytearray(b[i + 1:i + 1 + k]))
        i += 1 + k
    sets, rules = parts
    if b[0] < 8:
        # Versions 1-6 had no light settings, version 7 no cues' settings (the last ones):
        # they take their defaults.
        sets = sets + S.defaults()[S.I_LIGHT if b[0] < 7 else S.I_SOUND:]
    bock = S.I_SERIES - 5           # the five Bockrunden keys: the last rule keys
    three = len(S.THREE_VALUES) if b[0] < 5 else 0
    if b[0] < 3:
        # Version 2 had no Bockrunden: its keys are off (the settings and the series alike).
        k = (5 if b[0] == 2 else 6) + three
        _check(len(sets) == S.N_SETTINGS - k and len(rules) == S.N_RULES - k, "settings")
        if b[0] == 1:
            # Version 1 had no house rule `rejection` (the key before them): the settings
            # take its default (next_level since issue 18); the running series keeps
            # next_level, the behaviour it was started with.
            r = bock - 1
            sets = sets[:r] + bytearray((S.DEFAULT_INDEX[r],)) + sets[r:]
            rules = rules[:r] + bytearray((1,)) + rules[r:]
        sets = sets[:bock] + bytearray(5) + sets[bock:]
        rules = rules[:bock] + bytearray(5) + rules[bock:]
    if three:
        # Versions 1-4 had no house rules of Skat zu dritt: they take their defaults.
        _check(len(sets) == S.N_SETTINGS - three and len(rules) == S.N_RULES - three,
               "settings")
        sets = sets[:S.I_THREE] + bytearray(three) + sets[S.I_THREE:]
        rules = rules + bytearray(three)
    _check(S.valid(sets) and len(rules) == S.N_RULES, "settings")
    for j in range(S.N_RULES):
        _check(rules[j] < S.n_values(j), "rules")
    k = 10 if b[0] >= 6 else 6              # version 6: the next series' seed
    _check(i + k <= n, "save cut short")
    length = b[i]
    seed = _u30(b, i + 1)
    ne = b[i + k - 1]
    # Before version 6 the next series' seed was not saved: with a series, the one drawn
    # from its seed, as when it was started; without one, the one saved (a finished series
    # drew it already).
    nxt = _u30(b, i + 5) if k == 10 else (next_seed(seed, Rng(1)) if length else seed)
    i += k
    want = S.SERIES_CHOICES[rules[S.I_SERIES]]
    if table > 2:                           # whole rounds (skat_ui.three.length_at)
        want = (want + table - 1) // table * table
    _check(length == 0 or length == want, "series length")
    _check(ne <= length, "series games")
    width = ENTRY if table == 2 else 6 + 2 * table
    _check(i + ne * width < n, "save cut short")
    entries = []
    for _ in range(ne):
        kind, who, gt, flags = b[i], b[i + 1], b[i + 2], b[i + 3]
        _check(1 <= kind <= (5 if table == 2 else 3), "kind of game")
        lo, hi = _KIND_GT[kind - 1]
        _check(lo <= gt <= hi, "type of game")
        _check(who < table if _KIND_WHO[kind - 1] else who == 255, "declarer")
        # 64, 128: Bockrunden (engine/series.py), on by en-deux's key or by three's own
        _check(flags < 64 or rules[bock if table == 2 else S.I_THREE + 2],   # three's bock
               "flags")
        # value u16 and the list points s16: any 16-bit number shows as a number.
        entries.append((kind, who, gt, flags, _u16(b, i + 4)) + tuple(
            [_s16(b, k) for k in range(i + 6, i + width, 2)]))
        i += width
    flag = b[i]
    i += 1
    game = None
    if flag == 1:
        _check(i + 35 <= n, "save cut short")
        seat = b[i]
        deal = bytearray(b[i + 1:i + 33])
        na = _u16(b, i + 33)
        i += 35
        _check(i + 4 * na == n, "length")
        acts = []
        for _ in range(na):
            acts.append((b[i] >> 4, b[i] & 15, b[i + 1] | (b[i + 2] << 8), b[i + 3]))
            i += 4
        # A deal in progress belongs to a running series, in the seat the series gives it
        # (at four 255 when you deal and sit out: skat_core.three.series).
        if table == 2:
            _check(ne < length and seat == (0 if ne % 2 == 0 else 2), "seat")
        else:
            s = (-(ne + table) % table) if ne < length else -9
            _check(ne < length and seat == (255 if s == 3 else s), "seat")
            if seat == 255:
                seat = -1
        seen = bytearray(32)
        for c in deal:
            _check(c < 32 and not seen[c], "deal")
            seen[c] = 1
        game = (seat, deal, acts)
    else:
        _check(flag == 0 and i == n, "game in progress flag")
    return sets, rules, (length, seed, entries, table, nxt), game


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


def _getenv(key):
    """``os.getenv(key)`` as the firmware gives it: None when not set, else an int (``KEY =
    7``) or a str (``KEY = "x"``; CircuitPython 10.2+ gives every value as a str). A value
    CircuitPython 9 to 10.1 cannot parse raises ValueError there: "" (set, but unusable)."""
    try:
        return os.getenv(key)
    except ValueError:
        return ""
    except AttributeError:      # no os.getenv (MicroPython's ports)
        return None


def env(app):
    """SKAT_SEED and SKAT_ANALYSIS from settings.toml, once at boot. A seed is an int, or a
    str that is one (``"0"``); else a random seed. SKAT_ANALYSIS: 1 or true (on: the
    endgame), 0 or false (off), "endgame", "full"; unset: full on the desktop, off on a board.
    Returns [(key, value used instead)] for every value set but not usable: 0 is the random
    seed, None the analysis off."""
    bad = []
    v = _getenv("SKAT_SEED")
    if type(v) is str:
        try:
            if len(v.encode()) != len(v):      # a board's int() reads ASCII digits only
                raise ValueError
            v = int(v, 0)
        except ValueError:
            bad.append(("SKAT_SEED", 0))
    if type(v) is int:
        app.base_seed = v & 0x3FFFFFFF
    else:
        try:
            b = os.urandom(4)
            app.base_seed = b[0] | (b[1] << 8) | (b[2] << 16) | ((b[3] & 0x3F) << 24)
        except (AttributeError, NotImplementedError, OSError):
            app.base_seed = int(time.monotonic() * 1000) & 0x3FFFFFFF
    app.bot.rng.seed(app.base_seed)
    # Unset: the analysis runs on the desktop; on a board it is off unless asked for (its
    # heap: docs/app.md, "Analyse").
    a = "full" if sys.implementation.name == "cpython" else None
    v = _getenv("SKAT_ANALYSIS")
    if v == 1 or v == "1" or v == "true":
        a = "endgame"
    elif v == 0 or v == "0" or v == "false":
        a = None
    elif v == "endgame" or v == "full":
        a = "full" if v == "full" else "endgame"        # the interned words, not v
    elif v is not None:
        bad.append(("SKAT_ANALYSIS", a))
    app.analysis = a
    return bad


def load(app):
    """Settings.toml's values, then settings, series and the game in progress from the newest
    save that decodes. Anything wrong is said once at boot, in the save's language
    (``app.boot_message``: the lines of the notice before the title)."""
    notes = env(app)
    store = app.store
    bad = older = False
    if store is not None:
        data = store.load()
        bad = status(store) == slots.ST_BAD
        if data is not None and not _try(app, data):
            # The newest save has a good checksum but contents the app never writes: the
            # slot before it, if valid, is resumed (store.seq stays the newest's, so the
            # next save, into the damaged slot, is the newest). Else it is a corrupt save.
            other = 1 - store.slot
            r = slots._slot_payload_range(store.nvm, store.base(other), store.slot_size)
            if r is not None and _try(app, bytes(r[1][slots.HEADER:len(r[1]) - 2])):
                store.slot = other
                older = True
            else:
                bad = True
    text.set_lang(app.settings[S.I_LANG])
    m = []
    if bad:
        m.append(text.tr("save_bad"))
        m.append(text.tr("save_bad2"))
    if older:
        m.append(text.tr("save_old"))
        m.append(text.tr("save_old2"))
    for key, used in notes:         # "SKAT_SEED falsch: Zufall", "SKAT_ANALYSIS bad: off"
        m.append(key + text.tr("env_bad") + (
            used or text.tr("env_rand" if used == 0 else "off")))
    app.boot_message = m or None
    if bad or older:
        save(app)          # a clean save: the report is shown once


def _try(app, data):
    """Restore ``data``; False (and the state of a board without a save) when it fails."""
    seed = app.base_seed
    try:
        _restore(app, data)
        return True
    except Exception:  # noqa: BLE001 - whatever is wrong with it, a save never crashes
        app.set_table(2)
        app.settings = S.defaults()
        app.series_rules = bytearray(app.settings[:S.N_RULES])
        app.game = Game(S.rules_of(app.series_rules))
        app.series = None
        app.base_seed = seed
        app.record = []
        app.in_game = False
        app.set_strength()
        return False


def _restore(app, data):
    sets, rules, ser, game = decode(data)
    app.settings = sets
    app.series_rules = rules
    app.series = None
    app.base_seed = ser[1]
    app.set_table(ser[3])
    if ser[0] > 0:
        if ser[3] == 2:
            s = Series(ser[0], ser[1], app._room)     # the games into the save's image
        elif THREE_TABLES:                  # a list of three or four (its module's)
            from skat_ui.app import load
            s = load(THREE).series_of(ser[3], ser[0], ser[1], app._room)
        s.entries = ser[2]
        app.series = s
    if ser[3] == 2:
        app.game = Game(S.rules_of(rules))
    app.set_strength()
    if game is not None:
        seat, deal, acts = game
        g = app.game
        g.deal_hands(deal[0:10], deal[10:20], deal[20:30], deal[30:32])
        g.bock = app.series.bock(g.rules)        # a Bock game resumes as one
        for seat_, verb, a, b in acts:
            if g.act(seat_, verb, a, b) != 0:
                raise ValueError("record")
        app.human = seat
        app.record = list(acts)
        app.in_game = g.phase != PH_DONE
        if not app.in_game:
            raise ValueError("finished game saved as running")
    # ``base_seed`` is the next series' seed (app.new_series), as saved. Last: the bot
    # above is made as before, from the series' seed; its own Rng stays as the boot seeded
    # it.
    app.base_seed = ser[4]
