"""Error codes: the engine returns plain numbers (names cost heap on the device), each with its
name in a comment; here every one is checked against ``skat_core.notation.errors`` and the texts."""

import ast
import os
import re

from skat_core.notation import errors
from skat_core.codes import error_text
from skat_core.notation.names import ERROR_TEXTS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Functions that return error codes (0 = ok).
CHECKERS = {
    "game.py": ("act",),
    "play.py": ("act",),
    "play_calls.py": ("offer_error", "contra_error"),
    "play_tricks.py": ("play_card",),
    "bidding.py": ("act",),
    "bid_ladder.py": ("_bid_act",),
    "bid_declare.py": ("_concede", "check_declare", "_check_farben"),
}
NAMED = re.compile(r"return (\d+)\s+# (E_[A-Z0-9_]+)")


def error_names():
    return dict((k, v) for k, v in vars(errors).items() if k.startswith("E_"))


def test_error_codes_are_numbered_from_0_in_the_order_of_their_texts():
    names = error_names()
    assert sorted(names.values()) == list(range(len(ERROR_TEXTS)))
    assert names["E_OK"] == 0 and ERROR_TEXTS[0] == "ok"
    assert error_text(names["E_MUST_FOLLOW"]) == "you must follow suit"
    assert error_text(len(ERROR_TEXTS)) == "unknown error"


def test_every_returned_error_number_carries_its_name_and_the_name_matches():
    names = error_names()
    seen = set()
    for fname, funcs in CHECKERS.items():
        path = os.path.join(ROOT, "skat_core", "engine", fname)
        with open(path) as f:
            src = f.read()
        lines = src.split("\n")
        for m in NAMED.finditer(src):
            assert names[m.group(2)] == int(m.group(1)), (fname, m.group(0))
            seen.add(m.group(2))
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.FunctionDef) and node.name in funcs:
                for ret in ast.walk(node):
                    if (isinstance(ret, ast.Return) and isinstance(ret.value, ast.Constant)
                            and ret.value.value):
                        line = lines[ret.lineno - 1]
                        assert NAMED.search(line), "%s:%d returns a bare number: %s" % (
                            fname, ret.lineno, line.strip())
    # every error the rules know is returned somewhere, except E_OK (0)
    assert seen == set(names) - {"E_OK"}
