"""Fuzz ``python -m sim replay`` with seeded mutations of the records in tests/data/records: bytes
flipped, cut, inserted; values of the wrong type; deep nesting; huge files; other encodings;
Unicode look-alikes in actions and the deal; shuffled, dropped and repeated actions; random
house rules. Bounded (N_MUTATIONS files in one run) and reproducible (SEED).

Asserted: one line per file, naming it, in order; no traceback (empty stderr) and no
"internal error" line; every line is a result or an error line of the documented shapes and
no error passes on Python's own exception text; every mutation that must be refused
(look-alikes, nesting, size, encoding, wrong types) gets an error line; every mutation that
must not change the game (whitespace, key order, an extra key) gives the record's result.
"""

import glob
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = sorted(glob.glob(os.path.join(ROOT, "tests", "data", "records", "*.json")))
SEED = 12
N_MUTATIONS = 3000
BATCH = 750                    # files per sim replay run (command line length)

# Look-alikes Python's str methods accept: isdigit()/int() take other digits, split() other
# spaces, upper()/lower() map these letters onto ASCII ones.
DIGITS = {"0": ("\u0660", "\uff10", "\u06f0"), "1": ("\u0661", "\uff11", "\u00b9"),
          "2": ("\u0662", "\u00b2"), "3": ("\u0663", "\u00b3"), "4": ("\u0664",),
          "5": ("\u0665",), "6": ("\u0666",), "7": ("\u0667",), "8": ("\u0668", "\uff18"),
          "9": ("\u0669",)}
LETTERS = {"S": ("\u017f", "\uff33"), "s": ("\u017f",), "K": ("\u212a",), "k": ("\u212a",),
           "A": ("\uff21", "\u0391"), "a": ("\u0430",), "C": ("\u0421",), "H": ("\u0397",),
           "T": ("\u0422",), "J": ("\u0408",), "D": ("\uff24",), "i": ("\u0131",),
           "e": ("\u0435",), "o": ("\u043e",), "p": ("\u0440",)}
SPACES = ("\u00a0", "\u2003", "\u3000", "\x1c", "\x85", "\t")
# Fragments of CPython's own exception texts that must never reach a line.
PYTHON_TEXTS = ("Expecting", "Exceeds the limit", "codec can't", "invalid literal",
                "object has no attribute", "unhashable", "not subscriptable", "recursion",
                "Traceback", "Error", "NoneType", "object of type", "index out of range")
RESULT_KEYS = ({"file", "game", "declarer", "won", "value", "score"},
               {"file", "game", "loser", "score"}, {"file", "game", "durchmarsch", "score"},
               {"file", "game", "score"})


def look_alike(rnd, text):
    """``text`` with one character replaced by a look-alike (None if none applies)."""
    spots = [i for i, ch in enumerate(text) if ch in DIGITS or ch in LETTERS or ch == " "]
    if not spots:
        return None
    i = rnd.choice(spots)
    ch = text[i]
    alt = rnd.choice(DIGITS.get(ch) or LETTERS.get(ch) or SPACES)
    return text[:i] + alt + text[i + 1:]


def deep(depth):
    v = 0
    for _ in range(depth):
        v = [v]
    return v


def odd_value(rnd):
    return rnd.choice([None, True, 0, -1, 2 ** 40, 1.5, "", "x" * rnd.randrange(1, 200),
                       [], {}, ["hh pass"], {"vh": "CJ"}, deep(rnd.choice((3, 12, 15)))])


def random_token(rnd):
    return rnd.choice(["CX", "S", "SAA", "sa", "Hj", "--", "19", "289", "0", "-18", "null",
                       "grand", "ouvert", "offen3", "raus", "stich", "mh", "xx", "", "1e3"])


def mutate_record(rnd, rec):
    """A structural mutation of a record dict: (new record, kind): "refuse" (must get an error
    line), "same" (must give the record's result) or "any"."""
    rec = json.loads(json.dumps(rec))
    actions = rec["actions"]
    op = rnd.randrange(14)
    if op == 0 and actions:                              # a look-alike in an action
        i = rnd.randrange(len(actions))
        alt = look_alike(rnd, actions[i])
        if alt is not None:
            actions[i] = alt
            return rec, "refuse"
    if op == 1:                                          # a look-alike in the deal
        key = rnd.choice(("vh", "mh", "hh", "skat"))
        alt = look_alike(rnd, rec["deal"][key])
        if alt is not None:
            rec["deal"][key] = alt
            return rec, "refuse"
    if op == 2:                                          # deal / actions of a wrong type
        key = rnd.choice(("deal", "actions"))
        rec[key] = rnd.choice([None, 7, "CJ SJ", [1, 2], True, deep(5)] +
                              ([{"0": "hh pass"}] if key == "actions" else [["vh"]]))
        return rec, "refuse"
    if op == 3:                                          # a deal part of a wrong type
        rec["deal"][rnd.choice(("vh", "mh", "hh", "skat"))] = odd_value(rnd)
        return rec, "refuse"
    if op == 4 and actions:                              # an action of a wrong type
        actions[rnd.randrange(len(actions))] = rnd.choice([None, 18, ["hh", "pass"], {}, 1.0])
        return rec, "refuse"
    if op == 5:                                          # more than 16 levels anywhere
        rec[rnd.choice(("note", "rules", "deal", "actions", "expect"))] = deep(
            rnd.choice((17, 40, 500)))
        return rec, "refuse"
    if op == 6 and actions:                              # a token replaced (maybe legal)
        i = rnd.randrange(len(actions))
        words = actions[i].split(" ")
        words[rnd.randrange(len(words))] = random_token(rnd)
        actions[i] = " ".join(words)
        return rec, "any"
    if op == 7 and len(actions) > 1:                     # actions swapped
        i, j = rnd.randrange(len(actions)), rnd.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
        return rec, "any"
    if op == 8 and actions:                              # an action dropped or repeated
        i = rnd.randrange(len(actions))
        if rnd.randrange(2):
            del actions[i]
        else:
            actions.insert(i, actions[i])
        return rec, "any"
    if op == 9:                                          # house rules, good and bad
        keys = ("all_pass", "bidding", "dummy_reveal", "contra_re", "rejection", "series_games",
                "list_scoring", "ramsch_jungfrau", "nonsense")
        rules = rec.get("rules") if isinstance(rec.get("rules"), dict) else {}
        rules[rnd.choice(keys)] = rnd.choice(["on", "off", "ramsch", "farben", "next_level",
                                              "plain", 12, 3, True, None, "\u043en"])
        rec["rules"] = rules
        return rec, "any"
    if op == 10:                                         # a card of the deal: no card
        key = rnd.choice(("vh", "mh", "hh", "skat"))
        cards = rec["deal"][key].split()
        cards[rnd.randrange(len(cards))] = rnd.choice(("CX", "S", "SAA", "--", "", "19", "J"))
        rec["deal"][key] = " ".join(cards)
        return rec, "refuse"
    if op == 11:                                         # deal or actions missing
        del rec[rnd.choice(("deal", "actions"))]
        return rec, "refuse"
    if op == 12:                                         # the actions cut short
        rec["actions"] = actions[:rnd.randrange(len(actions) + 1)]
        return rec, "any"
    key = rnd.choice(("deal", "vh", "Actions", "name"))  # odd values: only "deal" is read
    rec[key] = odd_value(rnd)
    return rec, "refuse" if key == "deal" else "same"


def mutate_bytes(rnd, data):
    """A byte-level mutation: (new bytes, must_refuse or None when anything may happen)."""
    op = rnd.randrange(9)
    n = len(data)
    if op == 0:
        i = rnd.randrange(n)
        return data[:i] + bytes([data[i] ^ (1 << rnd.randrange(8))]) + data[i + 1:], None
    if op == 1:
        i = rnd.randrange(n)
        return data[:i] + data[i + 1:], None
    if op == 2:
        i = rnd.randrange(n)
        return data[:i] + bytes([rnd.randrange(256)]) + data[i:], None
    if op == 3:                                           # cut inside the object
        return data[:rnd.randrange(len(data.rstrip()))], True
    if op == 4:
        return data.decode().encode(rnd.choice(("utf-16", "utf-32", "utf-16-be"))), True
    if op == 5:
        return b"\xef\xbb\xbf" + data, True
    if op == 6:
        i = data.index(b'"actions"')
        return data[:i] + b"\xc3\x28" + data[i:], True      # an invalid UTF-8 sequence
    if op == 7:
        k = rnd.choice((17, 100, 5000, 200000))
        return b"[" * k + data + b"]" * k, True
    return b'{"x": ' * 20 + b"1" + b"}" * 20, True


def same_game(rnd, rec):
    """The record as other JSON for the same game: indentation, key order, an extra key."""
    items = list(rec.items())
    rnd.shuffle(items)
    d = dict(items)
    d["comment " + str(rnd.randrange(1000))] = "ignored"
    return json.dumps(d, indent=rnd.choice((None, 0, 1, 4)), ensure_ascii=rnd.randrange(2) == 0)


def build(tmp_path):
    rnd = random.Random(SEED)
    bases = []
    for path in RECORDS:
        with open(path) as f:
            text = f.read()
        bases.append((text, json.loads(text)))
    files = []                                             # (path, kind, expected)
    huge = 0
    for k in range(N_MUTATIONS):
        text, rec = bases[rnd.randrange(len(bases))]
        r = rnd.random()
        if r < 0.45:
            new, kind = mutate_record(rnd, rec)
            data = json.dumps(new).encode()
        elif r < 0.85:
            data, refuse = mutate_bytes(rnd, text.encode())
            kind = "refuse" if refuse else "any"
        elif r < 0.998 or huge >= 3:
            data, kind = same_game(rnd, rec).encode(), "same"
        else:
            huge += 1
            data, kind = text.encode()[:-2] + b', "pad": "' + b" " * (1 << 20) + b'"}', "refuse"
        p = tmp_path / ("m%04d.json" % k)
        p.write_bytes(data)
        files.append((str(p), kind, rec.get("expect")))
    return files


def replay_all(paths):
    lines = []
    for i in range(0, len(paths), BATCH):
        out = subprocess.run([sys.executable, "-m", "sim", "replay"] + paths[i:i + BATCH],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert out.stderr == "", out.stderr[-2000:]         # no traceback
        assert out.returncode in (0, 1)
        lines.extend(json.loads(x) for x in out.stdout.splitlines())
    return lines


def test_sim_replay_survives_3000_seeded_mutations_of_the_records(tmp_path, figures):
    files = build(tmp_path)
    lines = replay_all([p for p, _, _ in files])
    assert [x["file"] for x in lines] == [p for p, _, _ in files]    # one line each, in order
    errors = 0
    for (path, kind, expect), line in zip(files, lines):
        if "error" in line:
            errors += 1
            assert set(line) == {"file", "error", "index"}, line
            msg = line["error"]
            assert isinstance(msg, str) and msg and len(msg) <= 300, line
            assert "internal error" not in msg, (path, line)
            assert not any(t in msg for t in PYTHON_TEXTS), (path, msg)
            assert isinstance(line["index"], int) and line["index"] >= -1, line
        else:
            assert set(line) in RESULT_KEYS, line
            assert kind != "refuse", (path, line)        # must be refused, was replayed
        if kind == "same":
            assert line == dict(file=path, **expect), path
    kinds = [k for _, k, _ in files]
    assert kinds.count("refuse") > 1000 and kinds.count("same") > 300
    assert errors >= kinds.count("refuse")
    figures.append("replay fuzz: %d mutations (seed %d), %d error lines, %d results, "
                   "0 tracebacks" % (len(files), SEED, errors, len(files) - errors))
