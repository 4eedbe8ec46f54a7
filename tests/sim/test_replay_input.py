"""``python -m sim replay`` on malformed input (docs/records.md): one JSON line per file, the
file named on it, our own message naming what is wrong (the bad card, the bad text in ASCII
escapes), never Python's exception text; the files after a bad one are still replayed.
Records are strict printable ASCII in the actions and the deal."""

import json
import os
import subprocess
import sys

import pytest

from skat_core.notation.record import replay_summary

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEAL = {"vh": "CJ HJ CA CT C9 SA ST S9 HK H7", "mh": "SJ CK CQ C8 SK SQ HA HT H9 D7",
        "hh": "DJ C7 S8 S7 HQ H8 DA DT DK DQ", "skat": "D9 D8"}
PASSED = ["hh pass", "vh pass"]


def record(actions=PASSED, **deal):
    return {"deal": dict(DEAL, **deal), "actions": list(actions)}


def run_replay(paths):
    return subprocess.run([sys.executable, "-m", "sim", "replay"] + [str(p) for p in paths],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


LATIN1 = json.dumps(record(), ensure_ascii=False).replace("hh pass", "hh pa\u00df").encode("latin-1")

# (file name, bytes, the error line's message)
BAD_FILES = [
    ("not_utf8.json", b'{"deal": "\xff\xfe"}', "not UTF-8 text (byte 10)"),
    ("latin1.json", LATIN1, "not UTF-8 text (byte %d)" % LATIN1.index(b"\xdf")),
    ("bom.json", b"\xef\xbb\xbf" + json.dumps(record()).encode(),
     "not JSON: the file starts with a byte order mark"),
    ("deep.json", b"[" * 100000 + b"]" * 100000, "nested too deeply: more than 16 levels (a record has 3)"),
    ("deep_in_rules.json", json.dumps(dict(record(), rules={"all_pass": [[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]})).encode(),
     "nested too deeply: more than 16 levels (a record has 3)"),
    ("huge.json", b'{"deal": {}, "note": "' + b"x" * (1 << 20) + b'"}',
     "file too large: more than 1048576 bytes (a record is a few KB)"),
    ("not_json.json", b"{not json", "not JSON (line 1, column 2)"),
    ("empty.json", b"", "not JSON (line 1, column 1)"),
    ("nan.json", b'{"deal": NaN}', "not JSON: NaN is not a JSON value"),
    ("big_int.json", b'{"rules": {"series_games": ' + b"9" * 5000 + b"}}",
     "a number with more than 20 digits"),
    ("duplicate.json", b'{"deal": {}, "deal": {}}', "the key 'deal' appears twice in one object"),
    ("list.json", b"[1, 2]", "a record is a JSON object"),
    ("deal_string.json", json.dumps({"deal": "CJ HJ", "actions": []}).encode(),
     'a record needs a "deal" object with vh, mh, hh, skat'),
    ("deal_number.json", json.dumps(record() | {"deal": dict(DEAL, vh=7)}).encode(),
     "deal vh must be a string of 10 cards"),
    ("deal_part.json", json.dumps(record() | {"deal": dict(DEAL, dummy="SA")}).encode(),
     "unknown deal part 'dummy' (vh, mh, hh, skat)"),
    ("no_actions.json", json.dumps({"deal": DEAL}).encode(), 'a record needs an "actions" list of strings'),
    ("actions_dict.json", json.dumps({"deal": DEAL, "actions": {"0": "hh pass"}}).encode(),
     'a record needs an "actions" list of strings'),
    ("rules_list.json", json.dumps(dict(record(), rules=["ramsch"])).encode(),
     "rules must be an object of house-rule keys"),
    ("rules_value.json", json.dumps(dict(record(), rules={"all_pass": {"x": 1}})).encode(),
     "rule all_pass must be one of einpassen, ramsch, got {'x': 1}"),
]


def test_any_malformed_file_gives_one_error_line_naming_it_and_the_next_files_are_replayed(tmp_path):
    paths = [tmp_path / "missing.json", tmp_path]              # no such file, a directory
    for name, data, _ in BAD_FILES:
        p = tmp_path / name
        p.write_bytes(data)
        paths.append(p)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record()))
    paths.append(good)
    out = run_replay(paths)
    assert out.returncode == 1
    assert out.stderr == ""                                    # no traceback
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert [x["file"] for x in lines] == [str(p) for p in paths]
    expected = ["no such file", "a directory, not a file"] + [m for _, _, m in BAD_FILES]
    assert [x.get("error") for x in lines[:-1]] == expected
    assert all(x["index"] == -1 for x in lines[:-1])
    assert lines[-1] == {"file": str(good), "game": "passed", "score": 0}


def test_an_action_that_is_not_a_string_names_its_index():
    assert replay_summary(record(["hh pass", 7])) == {"error": "an action must be a string", "index": 1}


@pytest.mark.parametrize("action, shown", [
    ("hh bid \u0661\u0668", "'hh bid \\u0661\\u0668'"),       # Arabic-Indic 18: isdigit, int() = 18
    ("hh bid \uff11\uff18", "'hh bid \\uff11\\uff18'"),       # fullwidth 18
    ("hh\u00a0pass", "'hh\\xa0pass'"),                         # no-break space: str.split splits
    ("hh pass\u2003", "'hh pass\\u2003'"),
    ("hh\tpass", "'hh\\tpass'"),                               # ASCII, but not printable
])
def test_records_are_strict_ascii_look_alike_bid_digits_and_spaces_refused(action, shown):
    assert replay_summary(record([action])) == {
        "error": "an action must be printable ASCII: " + shown, "index": 0}


def test_records_are_strict_ascii_long_s_is_no_s_in_a_card():
    # "\u017fA".upper() == "SA": without the ASCII check it would play the ace of spades.
    assert "\u017fA".upper() == "SA"
    actions = ["hh bid 18", "vh yes", "hh pass", "vh hand", "vh declare G", "vh play \u017fA"]
    assert replay_summary(record(actions)) == {
        "error": "an action must be printable ASCII: 'vh play \\u017fA'", "index": 5}
    deal = DEAL["vh"].replace("SA", "\u017fA")
    assert replay_summary(record(vh=deal)) == {
        "error": "deal vh must be printable ASCII: 'CJ HJ CA CT C9 \\u017fA ST S9 HK H7'", "index": -1}


def test_error_messages_name_the_bad_card_cx_and_a_card_dealt_twice_sa():
    assert replay_summary(record(vh=DEAL["vh"].replace("SA", "CX"))) == {
        "error": "deal vh: not a card: 'CX'", "index": -1}
    assert replay_summary(record(mh=DEAL["mh"].replace("SJ", "SA"))) == {
        "error": "card dealt twice: SA (vh and mh)", "index": -1}
    assert replay_summary(record(skat="D9 D9")) == {
        "error": "card dealt twice: D9 (skat and skat)", "index": -1}
    actions = ["hh bid 18", "vh yes", "hh pass", "vh hand", "vh declare G", "vh play CX"]
    assert replay_summary(record(actions)) == {"error": "not a card: 'CX'", "index": 5}


def test_error_messages_are_ours_a_5000_digit_bid_is_not_a_valid_bid_value():
    # int() of 5000 digits raises "Exceeds the limit (4300 digits) ..." in Python 3.11.
    line = replay_summary(record(["hh bid " + "9" * 5000]))
    assert line == {"error": "not a valid bid value: '" + "9" * 40 + "'...", "index": 0}


def test_error_messages_quote_long_text_shortened():
    line = replay_summary(record(["hh " + "x" * 10000]))
    assert line == {"error": "unknown verb '" + "x" * 40 + "'...", "index": 0}
