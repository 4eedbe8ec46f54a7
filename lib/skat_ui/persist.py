"""What is saved, as bytes: settings, the series (list), the game in progress (its deal and
record of actions). ``save.Store`` puts the bytes into nvm power-safely.

Payload (version PAYLOAD = 3; version 2, without the Bockrunden keys, and version 1, also
without the house rule ``rejection``, still load)::

    0      PAYLOAD (1 byte)
    1      k, then k setting bytes (indexes, see settings.py)
    .      k, then k rule bytes of the running series (rules are fixed for a series)
    .      series: length (1), seed (4, LE, < 2**30), n entries (1), n x ENTRY bytes
    .      game flag (1): 0 none, 1 in progress; then human seat (1), deal (32 ids),
           n actions (u16 LE), n x 4 bytes (seat << 4 | verb, a lo, a hi, b)

An entry (finished game) is ENTRY = 10 bytes: kind, declarer (0 you, 1 bot, 255 nobody),
game type (255 none), flags, value u16, your score s16, bot score s16 (list points). The flags
byte holds the declaration flags (< 64) and Bockrunden's 64 (a Bock game) and 128 (it started
Bock games): series.py.
Reading it back is ``restore.decode`` (only at boot, so in its own module): every field is
range-checked there; any inconsistency raises ValueError, and the caller reports the save as
corrupt and ignores it.
"""

PAYLOAD = 3
ENTRY = 10


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
