"""sim/build/inline.py: the bundle folds our integer constants across modules, and only where that
is the same program."""

import os

from sim.build import inline

ROOT = inline.ROOT


def fold(files, keep=(), clients=None):
    """``files``: {relative path: text} -> ({relative path: folded text}, clients)."""
    src = {os.path.join(ROOT, rel): text for rel, text in files.items()}
    out, done = inline.fold(src, keep=keep, clients=clients)
    return {os.path.relpath(p, ROOT): t for p, t in out.items()}, done


CODES = "from micropython import const\nPH_PLAY = const(7)\nV_PLAY = const(2 + 3)\n"


def test_a_constant_imported_by_name_becomes_its_number_and_its_import_goes():
    out, _ = fold({"skat_core/codes.py": CODES,
                   "skat_core/game.py": "from skat_core.codes import PH_PLAY\n"
                                        "def f(g):\n    return g.phase == PH_PLAY\n"})
    assert out["skat_core/game.py"] == "pass\ndef f(g):\n    return g.phase == 7\n"


def test_a_constant_through_a_module_alias_becomes_its_number():
    out, _ = fold({"skat_core/codes.py": CODES,
                   "lib/skat_ui/app.py": "from skat_core import codes as C\nx = C.V_PLAY\n"})
    assert out["lib/skat_ui/app.py"] == "from skat_core import codes as C\nx = 5\n"


def test_a_definition_nothing_reads_any_more_goes_and_its_line_stays():
    out, _ = fold({"skat_core/codes.py": CODES,
                   "skat_core/game.py": "from skat_core.codes import PH_PLAY, V_PLAY\n"
                                        "x = PH_PLAY + V_PLAY\n"})
    assert out["skat_core/codes.py"] == "from micropython import const\n\n\n"


def test_a_local_of_the_same_name_is_not_folded():
    src = ("from skat_core.codes import PH_PLAY\n"
           "def f(PH_PLAY):\n    return PH_PLAY\n"
           "def g():\n    return PH_PLAY\n")
    out, _ = fold({"skat_core/codes.py": CODES, "skat_core/game.py": src})
    assert out["skat_core/game.py"].splitlines()[2] == "    return PH_PLAY"
    assert out["skat_core/game.py"].splitlines()[4] == "    return 7"
    assert "PH_PLAY = const(7)" in out["skat_core/codes.py"], "still read by f: kept"


def test_a_name_a_string_spells_is_left_alone():
    out, _ = fold({"skat_core/codes.py": CODES,
                   "skat_core/game.py": "from skat_core.codes import PH_PLAY\n"
                                        "y = getattr(codes, 'PH_PLAY')\nx = PH_PLAY\n"})
    assert "from skat_core.codes import PH_PLAY" in out["skat_core/game.py"]
    assert "x = PH_PLAY" in out["skat_core/game.py"]


def test_a_name_bound_twice_is_no_constant():
    src = "from micropython import const\nN = const(1)\nN = 2\n"
    out, _ = fold({"skat_core/a.py": src, "skat_core/b.py": "from skat_core.a import N\nx = N\n"})
    assert out["skat_core/b.py"] == "from skat_core.a import N\nx = N\n"


def test_an_attribute_assigned_anywhere_is_no_constant():
    out, _ = fold({"skat_core/codes.py": CODES,
                   "skat_core/game.py": "from skat_core import codes\ncodes.PH_PLAY = 8\n"
                                        "x = codes.PH_PLAY\n"})
    assert out["skat_core/game.py"].endswith("x = codes.PH_PLAY\n")


def test_a_kept_name_keeps_its_definition_and_import():
    out, _ = fold({"skat_core/codes.py": CODES,
                   "skat_core/game.py": "from skat_core.codes import PH_PLAY\nx = PH_PLAY\n"},
                  keep={"PH_PLAY"})
    assert out["skat_core/game.py"] == "from skat_core.codes import PH_PLAY\nx = PH_PLAY\n"


def test_a_star_import_reexports_constants_that_fold_through_it():
    out, _ = fold({"skat_core/codes.py": CODES,
                   "skat_core/game.py": "from skat_core.codes import *\n",
                   "lib/skat_ui/app.py": "from skat_core.game import PH_PLAY\nx = PH_PLAY\n"})
    assert out["lib/skat_ui/app.py"] == "pass\nx = 7\n"


def test_a_client_program_is_folded_and_keeps_no_definition_alive():
    out, done = fold({"skat_core/codes.py": CODES},
                     clients={"guest": "from skat_core.codes import PH_PLAY\nprint(PH_PLAY)\n"})
    assert done["guest"] == "pass\nprint(7)\n"
    assert "PH_PLAY" not in out["skat_core/codes.py"]


def test_a_multi_line_import_keeps_the_lines_after_it_in_place():
    src = ("from skat_core.codes import (\n    PH_PLAY,\n    helper,\n)\n"
           "x = PH_PLAY\n")
    out, _ = fold({"skat_core/codes.py": CODES + "def helper():\n    pass\n",
                   "skat_core/game.py": src})
    lines = out["skat_core/game.py"].splitlines()
    assert lines[0] == "from skat_core.codes import helper"
    assert lines[4] == "x = 7"


def test_negative_values_are_written_in_parentheses():
    out, _ = fold({"skat_core/a.py": "NONE = -1\n",
                   "skat_core/b.py": "from skat_core.a import NONE\nx = -NONE\n"})
    assert out["skat_core/b.py"] == "pass\nx = -(-1)\n"
