"""``python -m sim replay FILE [FILE ...]``: replay game records, one JSON result line per file.
``python -m sim replay --iss FILE [FILE ...]``: the ISS's game lines, one JSON line per game
(sim/tools/iss.py).

Lines (docs/records.md), each naming its file first:
  {"file": path, "game": "C|S|H|D|G|N", "declarer": "vh|hh", "won": bool, "value": V, "score": S}
  {"file": path, "game": "ramsch", "loser": seat, "score": S}   ({"durchmarsch": seat, ...})
  {"file": path, "game": "passed", "score": 0}
  {"file": path, "game": "conceded", "declarer": seat, "won": false, "value": V, "score": S}
  {"file": path, "error": "message", "index": i}   (i = 0-based action index, -1: file/deal/rules)
Exit status 1 if any file had an error, 2 without files. A file is read with a size limit
(also a device such as /dev/zero); a FIFO or terminal with nothing to read yet is named on
stderr before the wait. Into a closed pipe (``| head -1``) the output ends quietly.

Any file gives exactly one line, however malformed (size, encoding, nesting, types): every
problem is an error line with our own message, never Python's exception text, and the files
after it are still replayed.
"""

import json
import re
import sys

from sim.cli import InputError, read_input
from skat_core.notation.record import quote, replay_summary

MAX_BYTES = 1 << 20          # a record is a few KB; a bigger file is not one
MAX_DEPTH = 16               # a record nests 3 deep (object, deal/rules/actions, values)
MAX_DIGITS = 20              # JSON numbers in a record are small (series_games)
_STRUCTURE = re.compile(r'["\\\[\]{}]')


class RecordFileError(Exception):
    """A file that is not a record; the message is the error line's."""


def _depth_exceeds(text, limit):
    """Does the JSON ``text`` nest arrays/objects deeper than ``limit`` (strings skipped)?
    Checked before parsing: json's parser recurses once per level."""
    depth = 0
    in_string = False
    escaped = -1
    for m in _STRUCTURE.finditer(text):
        i = m.start()
        if i == escaped:
            continue
        ch = text[i]
        if in_string:
            if ch == "\\":
                escaped = i + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > limit:
                return True
        elif ch == "]" or ch == "}":
            depth -= 1
    return False


def _no_constant(name):
    raise RecordFileError("not JSON: %s is not a JSON value" % name)


def _int(text):
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordFileError("a number with more than %d digits" % MAX_DIGITS)
    return int(text)


def _object(pairs):
    d = {}
    for key, value in pairs:
        if key in d:
            raise RecordFileError("the key %s appears twice in one object" % quote(key))
        d[key] = value
    return d


_INPUT_MESSAGES = {"missing": "no such file", "directory": "a directory, not a file",
                   "permission": "permission denied",
                   "too_large": "file too large: more than %d bytes (a record is a few KB)"
                   % MAX_BYTES}


def read_record(path):
    """The JSON value of the record file ``path``; RecordFileError with the line's message.
    At most MAX_BYTES are read, from a device file too; a FIFO or a terminal (``/dev/stdin``)
    is read with a word on stderr before any wait (sim/cli.py)."""
    try:
        data = read_input(path, MAX_BYTES, prog="python -m sim replay")
    except InputError as e:
        raise RecordFileError(_INPUT_MESSAGES.get(e.kind, "cannot read the file"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordFileError("not UTF-8 text (byte %d)" % e.start)
    if text.startswith("\ufeff"):
        raise RecordFileError("not JSON: the file starts with a byte order mark")
    if _depth_exceeds(text, MAX_DEPTH):
        raise RecordFileError("nested too deeply: more than %d levels (a record has 3)" % MAX_DEPTH)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_int,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise RecordFileError("not JSON (line %d, column %d)" % (e.lineno, e.colno))
    except RecursionError:       # not reached below MAX_DEPTH; kept so no file can crash us
        raise RecordFileError("nested too deeply")


def replay_file(path):
    """The result line (dict, "file" first) of one record file."""
    out = {"file": path}
    try:
        record = read_record(path)
    except RecordFileError as e:
        out["error"] = str(e)
        out["index"] = -1
        return out
    out.update(replay_summary(record))
    return out


def main(argv):
    if argv and argv[0] == "--iss":          # the ISS's game lines (sim/tools/iss.py)
        from sim.tools import iss
        return iss.main(argv[1:])
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m sim replay FILE [FILE ...]\n"
              "       python -m sim replay --iss FILE [FILE ...]   (ISS game lines, .sgf or .sgf.bz2)",
              file=sys.stderr if not argv else sys.stdout)
        return 2 if not argv else 0
    status = 0
    for path in argv:
        try:
            out = replay_file(path)
        except Exception:  # noqa: BLE001 - one bad file must not stop the others
            # A bug of ours, not the file's: said as such (tests/sim/test_replay_fuzz.py asserts
            # that no file ever gets this line).
            out = {"file": path, "error": "internal error while replaying this file", "index": -1}
        if "error" in out:
            status = 1
        print(json.dumps(out), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
