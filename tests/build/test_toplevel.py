"""The .mpy drive's short-named modules at the top of the drive (sim/build/toplevel.py): no
dotted name left to intern, every import and residency name rewritten on its own line."""

import ast
import os

import pytest

from sim.build import bundle, toplevel

ROOT = toplevel.relayout.ROOT
NAMES = {"skat_core.Xk": "Xk", "skat_core.Xs": "Xs", "skat_ui.Cb": "Cb", "skat_ui.Zb": "Yb"}


def test_a_from_import_of_a_moved_module_names_it_at_the_top():
    src = "from skat_core.Xk import Game, const\nfrom skat_ui.Cb import (Menu,\n    PREV)\n"
    assert toplevel.rewrite(src, NAMES) == "from Xk import Game, const\nfrom Cb import (Menu,\n    PREV)\n"


def test_a_moved_module_taken_from_its_package_is_imported_by_its_own_name():
    src = ("from skat_core import Xs as search\n"
           "from skat_ui import app as text, Cb, Zb as _c; x = 1\n"
           "def f():\n    from skat_ui import Zb as _c; return _c.g()\n")
    assert toplevel.rewrite(src, NAMES) == (
        "import Xs as search\n"
        "from skat_ui import app as text; import Cb; import Yb as _c; x = 1\n"
        "def f():\n    import Yb as _c; return _c.g()\n")


def test_a_string_that_names_a_moved_module_or_a_family_of_them_names_the_top():
    src = ("BOOT = ('skat_core.Xk', \"skat_ui.Zb\", 'skat_ui.app', 'skat_core.Xkk')\n"
           "HELP = 'skat_ui.H%s%d'\n")
    assert toplevel.rewrite(src, NAMES) == (
        "BOOT = ('Xk', \"Yb\", 'skat_ui.app', 'skat_core.Xkk')\nHELP = 'H%s%d'\n")


def test_an_import_by_dotted_path_of_a_moved_module_is_refused():
    with pytest.raises(toplevel.ToplevelError):
        toplevel.rewrite("import skat_core.Xk\n", NAMES)


def test_a_moved_modules_import_beside_kept_names_over_several_lines_is_refused():
    with pytest.raises(toplevel.ToplevelError):
        toplevel.rewrite("from skat_ui import (app,\n    Cb)\n", NAMES)


def test_two_packages_modules_of_one_short_name_are_refused_unless_renamed():
    core = os.path.join(ROOT, "skat_core", "Qa.py")
    ui = os.path.join(ROOT, "lib", "skat_ui", "Qa.py")
    with pytest.raises(toplevel.ToplevelError):
        toplevel.moved({core: "", ui: ""}, ROOT)
    zb = os.path.join(ROOT, "lib", "skat_ui", "Zb.py")
    assert toplevel.moved({os.path.join(ROOT, "skat_core", "Zb.py"): "", zb: ""}, ROOT) == {
        "skat_core.Zb": "Zb", "skat_ui.Zb": "Yb"}
    assert toplevel.top_path(zb, ROOT) == os.path.join(ROOT, "lib", "Yb.py")


def test_only_the_short_named_modules_move():
    assert toplevel.top_name("skat_core.Xk") == "Xk"
    assert toplevel.top_name("skat_ui.Hde1") == "Hde1"
    for stays in ("skat_ui.app", "skat_ui.hint", "skat_core", "skat_boards.pybadge", "code"):
        assert toplevel.top_name(stays) == stays


def _device(top):
    return bundle.device_sources(short=False, join=True, top=top)[0]


def test_the_mpy_drives_texts_name_no_moved_module_by_its_dotted_name_and_keep_every_line():
    before, after = _device(False), _device(True)
    names = toplevel.moved(before, ROOT)
    assert len(names) > 30
    assert sorted(toplevel.top_path(p, ROOT) for p in before) == sorted(after)
    for path, text in before.items():
        moved = after[toplevel.top_path(path, ROOT)]
        assert moved.count("\n") == text.count("\n"), path
        for node in ast.walk(ast.parse(moved)):
            if isinstance(node, ast.ImportFrom):
                assert node.module not in names and not any(
                    "%s.%s" % (node.module, a.name) in names for a in node.names), path
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in names, (path, node.value)
