"""``python -m sim replay FILE [FILE ...]``: replay game records, one JSON result line per file.

Lines (docs/records.md):
  {"game": "C|S|H|D|G|N", "declarer": "vh|hh", "won": bool, "value": V, "score": S}
  {"game": "ramsch", "loser": seat, "score": S}   ({"durchmarsch": seat, ...} with that rule)
  {"game": "passed", "score": 0}
  {"game": "conceded", "declarer": seat, "won": false, "value": V, "score": S}
  {"error": "message", "index": i}   (i = 0-based action index, -1 for the deal/rules/file)
Exit status 1 if any file had an error, 2 without files.
"""

import json
import sys

from skat_core.record import replay_summary


def replay_file(path):
    """The result dict of one record file (an error dict for unreadable files)."""
    try:
        with open(path) as f:
            record = json.load(f)
    except (OSError, ValueError) as e:
        return {"error": "cannot read %s: %s" % (path, e), "index": -1}
    if not isinstance(record, dict):
        return {"error": "a record is a JSON object", "index": -1}
    return replay_summary(record)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m sim replay FILE [FILE ...]", file=sys.stderr if not argv else sys.stdout)
        return 2 if not argv else 0
    status = 0
    for path in argv:
        out = replay_file(path)
        if "error" in out:
            status = 1
        print(json.dumps(out))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
