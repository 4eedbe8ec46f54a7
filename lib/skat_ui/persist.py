"""What is saved, as bytes: settings, the series (list), the game in progress (its deal and
record of actions). ``save.Store`` puts the bytes into nvm power-safely.

Payload (version PAYLOAD)::

    0      PAYLOAD (1 byte)
    1      k, then k setting bytes (indexes, see settings.py)
    .      k, then k rule bytes of the running series (rules are fixed for a series)
    .      series: length (1), seed (4, LE, < 2**30), n entries (1), n x ENTRY bytes
    .      game flag (1): 0 none, 1 in progress; then human seat (1), deal (32 ids),
           n actions (u16 LE), n x 4 bytes (seat << 4 | verb, a lo, a hi, b)

An entry (finished game) is ENTRY = 10 bytes: kind, declarer (0 you, 1 bot, 255 nobody),
game type (255 none), flags, value u16, your score s16, bot score s16 (list points).
Any inconsistency raises ValueError: the caller reports the save as corrupt and ignores it.
"""

PAYLOAD = 1
ENTRY = 10


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _s16(b, i):
    v = b[i] | (b[i + 1] << 8)
    return v - 0x10000 if v >= 0x8000 else v


def _put16(out, v):
    v &= 0xFFFF
    out.append(v & 0xFF)
    out.append(v >> 8)


def encode(settings, series_rules, series, game):
    """``series``: Series; ``game``: None or (human_seat, deal32, actions list of 4-tuples)."""
    out = bytearray()
    out.append(PAYLOAD)
    for part in (settings, series_rules):
        out.append(len(part))
        out.extend(part)
    out.append(series.length)
    s = series.seed
    out.extend(bytes((s & 0xFF, (s >> 8) & 0xFF, (s >> 16) & 0xFF, (s >> 24) & 0x3F)))
    out.append(len(series.entries))
    for e in series.entries:
        out.append(e[0])
        out.append(e[1])
        out.append(e[2])
        out.append(e[3])
        _put16(out, e[4])
        _put16(out, e[5])
        _put16(out, e[6])
    if game is None:
        out.append(0)
    else:
        out.append(1)
        out.append(game[0])
        out.extend(bytes(game[1]))
        acts = game[2]
        _put16(out, len(acts))
        for seat, verb, a, b in acts:
            out.append((seat << 4) | verb)
            out.append(a & 0xFF)
            out.append((a >> 8) & 0xFF)
            out.append(b & 0xFF)
    return bytes(out)


def decode(b):
    """(settings, series_rules, (length, seed, entries), game or None) from payload bytes."""
    n = len(b)
    if n < 1 or b[0] != PAYLOAD:
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
