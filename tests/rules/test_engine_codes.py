"""Error codes: ``skat_core.codes`` names every one (``E_*``, in the order of the texts), and
the engine returns the names, never a bare number (the bundle folds them into numbers for the
device: sim/build/inline.py)."""

import ast
import os

from skat_core import codes
from skat_core.codes import error_text
from skat_core.notation.names import ERROR_TEXTS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Functions that return error codes (0 = ok), by module path under skat_core/.
CHECKERS = {
    "engine/game.py": ("act",),
    "engine/play.py": ("act",),
    "engine/play_calls.py": ("offer_error", "contra_error"),
    "engine/play_tricks.py": ("play_card",),
    "engine/bidding.py": ("act", "declarer_act"),
    "engine/bid_ladder.py": ("_bid_act",),
    "engine/bid_declare.py": ("_concede", "check_declare", "_check_farben"),
    "three/game.py": ("act",),
    "three/bidding.py": ("act",),
    "three/play.py": ("act", "kontra_error"),
    "three/schieben.py": ("act",),
}


def error_names():
    return dict((k, v) for k, v in vars(codes).items() if k.startswith("E_"))


def test_error_codes_are_numbered_from_0_in_the_order_of_their_texts():
    names = error_names()
    assert sorted(names.values()) == list(range(len(ERROR_TEXTS)))
    assert names["E_OK"] == 0 and ERROR_TEXTS[0] == "ok"
    assert error_text(names["E_MUST_FOLLOW"]) == "you must follow suit"
    assert error_text(len(ERROR_TEXTS)) == "unknown error"


def returned_values(fname, funcs):
    """(line, returned expression) of every return in ``funcs`` of module ``fname`` (a path
    under skat_core/)."""
    with open(os.path.join(ROOT, "skat_core", fname)) as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in funcs:
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    yield ret.lineno, ret.value


def test_no_engine_function_returns_a_bare_error_number():
    bare = ["%s:%d returns %s" % (fname, line, ast.unparse(value))
            for fname, funcs in CHECKERS.items() for line, value in returned_values(fname, funcs)
            if isinstance(value, ast.Constant) and isinstance(value.value, int)
            and value.value != 0]
    assert bare == []


def test_every_error_the_rules_know_is_returned_by_name_somewhere():
    names = error_names()
    seen = {value.id for fname, funcs in CHECKERS.items()
            for _line, value in returned_values(fname, funcs) if isinstance(value, ast.Name)}
    missing = sorted(set(names) - {"E_OK"} - seen)
    assert missing == [], "errors no checker returns: %s" % missing
