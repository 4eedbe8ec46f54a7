"""What is saved, as bytes: settings, the series (list), the game in progress (its deal and
record of actions). ``save.Store`` puts the bytes into nvm power-safely.

Payload (version PAYLOAD = 8; version 7, without the cues' settings, version 6, also
without the light settings, version 5, also without the next series' seed, version 4, also
without the house rules of Skat zu dritt, version 3, also without the table, version 2, also
without the Bockrunden keys, and version 1, also without the house rule ``rejection``, still
load)::

    0      PAYLOAD (1 byte)
    1      the table: 2 Skat-en-deux, 3 Skat zu dritt, 4 zu viert (the series' and the deal's)
    2      k, then k setting bytes (indexes, see settings.py)
    .      k, then k rule bytes of the running series (rules are fixed for a series)
    .      series: length (1), seed (4, LE, < 2**30), the next series' seed (4: the app's
           ``base_seed``; a parked list's may be older), n entries (1), n x entry bytes
    .      game flag (1): 0 none, 1 in progress; then your seat (1: 255 when you deal at
           four and sit out), deal (32 ids), n actions (u16 LE), n x 4 bytes
           (seat << 4 | verb, a lo, a hi, b)

An entry (finished game) is 6 + 2 x columns bytes: kind, declarer (en-deux: 0 you, 1 bot; at
three and four the player 0-3, 0 you; 255 nobody), game type (255 none), flags, value u16,
then each column's list points s16 (en-deux: yours and the bot's, ENTRY = 10 bytes; at
three and four each player's). The flags byte holds the declaration flags (< 64) and
Bockrunden's 64 (a Bock game) and 128 (it started Bock games): skat_core/engine/series.py.
Reading it back is ``restore.decode`` (only at boot, so in its own module): every field is
range-checked there; any inconsistency raises ValueError, and the caller reports the save as
corrupt and ignores it.
"""

from skat_ui import settings as S

PAYLOAD = 8
ENTRY = 10
ENTRY_MOST = 14          # an entry at four (four columns): the room each game takes
HEADER = 7               # save.HEADER: the slot's magic, version, sequence and length
MOST = max(S.SERIES_CHOICES)     # games of the longest series

# The app keeps the save's slot image in one bytearray for good (``image``): the header and
# the payload's fixed-size front (settings and rules are always N_SETTINGS and N_RULES
# bytes), the series' rows from ENTRIES_AT (room for the longest series), then the game's
# head (flag, seat, deal, count: 36 bytes) and its record's rows. The series' games
# (``Entries``) and the deal's actions (``Record``) are written straight into their place in
# the image, so a save only fills in the few fields around them (``encode_into`` copies
# nothing that is in place) and takes no block of its own.
ENTRIES_AT = HEADER + 4 + S.N_SETTINGS + S.N_RULES + 10
GAME_HEAD = 36


def record_at(n_games, width=ENTRY):
    """Where the record's rows start in the image while the series has ``n_games`` games of
    ``width`` bytes (``Entries.w``)."""
    return ENTRIES_AT + width * n_games + GAME_HEAD


def image(room):
    """A slot image with room for the longest series (at four) and a record of ``room``
    actions (and the checksum after them)."""
    return bytearray(record_at(MOST, ENTRY_MOST) + 4 * room + 2)


class Rows:
    """Fixed-width rows in one bytearray, in the save's own encoding: the series' finished
    games (``Entries``) and the deal's record of actions (``Record``), from offset ``at`` of
    ``buf`` (the app's slot image) or in a bytearray of their own. A row is written into
    room taken once, never into a new tuple, so a long evening leaves nothing behind on the
    device's heap (docs/memory.md: 36 deals of tuples were ~1.9 KB, placed wherever a block
    was free). Reading a row builds a short-lived tuple; ``len``, indexing (also negative),
    iteration and ``==`` with a list of tuples work as on the list they replace."""

    def __init__(self, width, cap, buf=None, at=0):
        self.w = width
        self.buf = bytearray(width * cap) if buf is None else buf
        self.at = at
        self.n = 0

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if i < 0 or i >= self.n:
            raise IndexError
        return self.row(self.at + i * self.w)

    def __eq__(self, other):
        if len(other) != self.n:
            return False
        for i in range(self.n):
            if self[i] != tuple(other[i]):
                return False
        return True

    def clear(self):
        self.n = 0

    def extend(self, rows):
        for r in rows:
            self.append(r)

    def new(self):
        """The offset of a new row; the bytearray grows (rarely: an allocation) when full,
        keeping two bytes after the last row (the image's checksum)."""
        i = self.at + self.n * self.w
        if i + self.w + 2 > len(self.buf):
            self.buf.extend(bytes(len(self.buf) or self.w))
        self.n += 1
        return i


def _put16(b, i, v):
    b[i] = v & 0xFF
    b[i + 1] = (v >> 8) & 0xFF

class Entries(Rows):
    """The finished games of a series: (kind, who, game type, flags, value, then each
    column's list points: en-deux's you and bot, at three and four each player's)."""

    def __init__(self, cap, buf=None, at=0, cols=2):
        Rows.__init__(self, 6 + 2 * cols, cap, buf, at)

    def row(self, i):
        b = self.buf
        if self.w == ENTRY:
            return (b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4] | (b[i + 5] << 8),
                    _s16(b, i + 6), _s16(b, i + 8))
        return (b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4] | (b[i + 5] << 8)) + tuple(
            [_s16(b, k) for k in range(i + 6, i + self.w, 2)])

    def append(self, e):
        i = self.new()
        b = self.buf
        b[i] = e[0]
        b[i + 1] = e[1]
        b[i + 2] = e[2]
        b[i + 3] = e[3]
        _put16(b, i + 4, e[4])
        for k in range(5, len(e)):
            _put16(b, i + 2 * k - 4, e[k])


def _s16(b, i):
    v = b[i] | (b[i + 1] << 8)
    return v - 0x10000 if v >= 0x8000 else v


class Record(Rows):
    """The actions of the deal in progress: (seat, verb, a, b)."""

    def __init__(self, cap, buf=None, at=0):
        Rows.__init__(self, 4, cap, buf, at)

    def home(self, at):
        """Empty, its rows from ``at`` (``record_at``: a new deal, a restored one)."""
        self.at = at
        self.n = 0

    def row(self, i):
        b = self.buf
        return (b[i] >> 4, b[i] & 15, b[i + 1] | (b[i + 2] << 8), b[i + 3])

    def add(self, seat, verb, a, c):
        i = self.new()
        b = self.buf
        b[i] = (seat << 4) | verb
        _put16(b, i + 1, a)
        b[i + 3] = c & 0xFF

    def append(self, x):
        self.add(x[0], x[1], x[2], x[3])


def size(settings, series_rules, series, acts):
    """The payload's length in bytes (``acts``: the record, or None without a game)."""
    n = 4 + len(settings) + len(series_rules) + 10 + (6 + 2 * series.players) * len(
        series.entries) + 1
    return n if acts is None else n + 35 + 4 * len(acts)


def _copy(out, j, rows, k):
    """``k`` bytes of ``rows`` (Rows: one slice copy) into ``out`` at ``j``; nothing when
    they are there already (the app's image)."""
    if rows.buf is not out or rows.at != j:
        out[j:j + k] = memoryview(rows.buf)[rows.at:rows.at + k]


def _put30(b, i, v):
    b[i] = v & 0xFF
    b[i + 1] = (v >> 8) & 0xFF
    b[i + 2] = (v >> 16) & 0xFF
    b[i + 3] = (v >> 24) & 0x3F


def encode_into(out, j, settings, series_rules, series, seat, deal, acts, nxt):
    """The payload into ``out`` from offset ``j`` (room: ``size``); ``deal`` None: no game in
    progress (``seat`` -1 in a game: you sit out); ``nxt`` the next series' seed. Returns the
    end offset. Allocates nothing but a slice view per copy."""
    out[j] = PAYLOAD
    out[j + 1] = series.players
    j += 2
    for part in (settings, series_rules):
        k = len(part)
        out[j] = k
        out[j + 1:j + 1 + k] = part
        j += 1 + k
    out[j] = series.length
    _put30(out, j + 1, series.seed)
    _put30(out, j + 5, nxt)
    ent = series.entries
    out[j + 9] = len(ent)
    j += 10
    k = (6 + 2 * series.players) * len(ent)
    if isinstance(ent, Rows):
        _copy(out, j, ent, k)
    else:
        e = Entries(len(ent), out, j, series.players)
        e.extend(ent)
    j += k
    if deal is None:
        out[j] = 0
        return j + 1
    out[j] = 1
    out[j + 1] = seat & 255          # 255: you deal at four and sit out
    out[j + 2:j + 34] = deal
    na = len(acts)
    _put16(out, j + 34, na)
    j += 36
    if isinstance(acts, Rows):
        _copy(out, j, acts, 4 * na)
        return j + 4 * na
    for seat, verb, a, c in acts:
        out[j] = (seat << 4) | verb
        _put16(out, j + 1, a)
        out[j + 3] = c & 0xFF
        j += 4
    return j


def encode(settings, series_rules, series, game, nxt=None):
    """The payload as bytes. ``series``: Series; ``game``: None or (human_seat, deal32,
    actions: a Record or a list of 4-tuples); ``nxt``: the next series' seed (None: the one
    the app has then, drawn from the series' seed, or that seed without a series)."""
    if nxt is None:
        from skat_core.engine.series import next_seed
        from skat_core.rng import Rng
        nxt = next_seed(series.seed, Rng(1)) if series.length else series.seed
    acts = None if game is None else game[2]
    out = bytearray(size(settings, series_rules, series, acts))
    if game is None:
        encode_into(out, 0, settings, series_rules, series, -1, None, None, nxt)
    else:
        encode_into(out, 0, settings, series_rules, series, game[0], game[1], acts, nxt)
    return bytes(out)
