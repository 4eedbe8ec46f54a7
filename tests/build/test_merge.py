"""The bundle's join of a phase's modules into one device module (sim/build/merge.py): one rule,
one test. The golden checks of the whole drive are tests/build/test_sim_bundle.py's (the
short-named bundle plays and draws every screen like the source)."""

import ast
import os

import pytest

import skat_core
from sim.build import merge

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROOT = "/r"
GROUP = {"pkg.J": ("pkg.a", "pkg.b")}


def joined(texts, groups=GROUP, clients=None):
    out, cl = merge.join({ROOT + "/" + p: t for p, t in texts.items()}, ROOT, groups, clients)
    return {p[len(ROOT) + 1:]: t for p, t in out.items()}, cl


def run(text):
    scope = {}
    exec(compile(text, "joined", "exec"), scope)
    return scope


def test_a_member_imported_by_another_member_is_one_global_and_its_import_goes():
    out, _ = joined({"pkg/a.py": "def f():\n    return 3\n",
                     "pkg/b.py": "from pkg.a import f\ndef g():\n    return f() + 1\n"})
    assert set(out) == {"pkg/J.py"}
    assert "import" not in out["pkg/J.py"]
    assert run(out["pkg/J.py"])["g"]() == 4


def test_an_import_of_a_member_under_another_name_stays_as_a_binding():
    out, _ = joined({"pkg/a.py": "def f():\n    return 3\n",
                     "pkg/b.py": "from pkg.a import f as h\nX = h()\n"})
    assert run(out["pkg/J.py"])["X"] == 3


def test_a_member_taken_as_a_module_is_read_by_its_names():
    out, _ = joined({"pkg/a.py": "K = 5\ndef f():\n    return K\n",
                     "pkg/b.py": "from pkg import a as mod_a\ndef g():\n    return mod_a.f() + mod_a.K\n"})
    assert "mod_a" not in out["pkg/J.py"]
    assert run(out["pkg/J.py"])["g"]() == 10


def test_a_member_read_after_a_non_ascii_letter_on_its_line_is_rewritten_in_place():
    """ast counts a column in UTF-8 bytes: the rewrite places its edits by characters."""
    out, _ = joined({"pkg/a.py": "K = 5\n",
                     "pkg/b.py": "from pkg import a as mod_a\nX = ('grün', mod_a.K)\n"})
    assert run(out["pkg/J.py"])["X"] == ("grün", 5)


def test_another_module_imports_the_joined_module_instead_of_the_member():
    out, _ = joined({"pkg/a.py": "def f():\n    return 3\n", "pkg/b.py": "Y = 1\n",
                     "pkg/c.py": "from pkg.a import f\nfrom pkg import b as mb, other\n"})
    assert out["pkg/c.py"] == "from pkg.J import f\nfrom pkg import J as mb, other\n"


def test_a_client_program_imports_the_joined_module_too():
    _, clients = joined({"pkg/a.py": "def f():\n    return 3\n", "pkg/b.py": "Y = 1\n"},
                        clients={"guest": "from pkg.b import Y\n"})
    assert clients["guest"] == "from pkg.J import Y\n"


def test_a_string_naming_a_member_names_the_joined_module():
    out, _ = joined({"pkg/a.py": "A = 1\n", "pkg/b.py": "B = 2\n",
                     "pkg/__init__.py": "PHASE = ('pkg.a', 'pkg.b', 'pkg.c')\n"})
    assert run(out["pkg/__init__.py"])["PHASE"] == ("pkg.J", "pkg.J", "pkg.c")


def test_two_members_binding_one_name_to_different_things_are_refused():
    with pytest.raises(merge.MergeError, match="binds _helper"):
        joined({"pkg/a.py": "def _helper():\n    return 1\n",
                "pkg/b.py": "def _helper():\n    return 2\n"})


def test_two_members_importing_one_name_from_the_same_module_are_joined():
    out, _ = joined({"pkg/a.py": "from os import sep\n", "pkg/b.py": "from os import sep\n"})
    assert run(out["pkg/J.py"])["sep"] in "/\\"


def test_a_member_importing_a_later_member_at_its_top_level_is_refused():
    with pytest.raises(merge.MergeError, match="dependencies first"):
        joined({"pkg/a.py": "from pkg.b import Y\nX = Y\n", "pkg/b.py": "Y = 1\n"})


def test_a_name_a_function_binds_itself_is_not_read_as_the_joined_modules_global():
    with pytest.raises(merge.MergeError, match="the function binds it"):
        joined({"pkg/a.py": "def f():\n    return 3\n",
                "pkg/b.py": "def g(x):\n    from pkg.a import f\n    if x:\n"
                            "        f = None\n    return f\n"})


def test_a_member_module_used_as_a_value_is_refused():
    with pytest.raises(merge.MergeError, match="used as a value"):
        joined({"pkg/a.py": "A = 1\n", "pkg/b.py": "from pkg import a as ma\nM = ma\n"})


def test_a_group_whose_member_is_missing_is_refused():
    with pytest.raises(merge.MergeError, match="not in the source"):
        joined({"pkg/a.py": "A = 1\n"})


ROWS = (skat_core.PRE_PLAY, skat_core.PLAY, skat_core.BOT_PRELUDE, skat_core.BOT_PLAY,
        skat_core.ADVICE, skat_core.APP, skat_core.TEXTS, skat_core.SETTINGS_TEXTS)


def _boot_imports(module="skat_ui.app"):
    """The modules of ours that importing ``module`` imports (top-level imports, transitively)."""
    seen, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        base = os.path.join(REPO, *name.split("."))
        if name.startswith(("skat_ui", "skat_boards")):
            base = os.path.join(REPO, "lib", *name.split("."))
        path = base + ".py" if os.path.exists(base + ".py") else os.path.join(base, "__init__.py")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                    and _top_level(tree, node):
                todo.append(node.module)
                todo.extend(node.module + "." + a.name for a in node.names)
            elif isinstance(node, ast.Import) and _top_level(tree, node):
                todo.extend(a.name for a in node.names)
    return seen


def _top_level(tree, node):
    """Whether ``node`` runs when its module is imported (not inside a function)."""
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                fn.lineno <= node.lineno <= fn.end_lineno:
            return False
    return True


def test_each_group_comes_and_goes_as_a_whole_or_is_resident_from_boot():
    """A joined module is loaded and dropped as one: its members are of one row of
    skat_core's residency table, none of them one that row's parts drop alone (the bot's
    card search and its offers, which a hint and the analysis drop); or they are in no row
    (never dropped) and all imported when the app is (resident from boot), so joining them
    keeps none of them longer than before."""
    alone = set(skat_core.BOT_SEARCH) | {skat_core.BOT_PLAY[skat_core.BOT_OFFER]}
    in_rows = set().union(*ROWS)
    boot = _boot_imports()
    for target, members in merge.GROUPS.items():
        if set(members) & in_rows:
            assert any(set(members) <= set(row) for row in ROWS), target
            assert not set(members) & alone, target
        else:
            assert set(members) <= boot, (target, sorted(set(members) - boot))


def test_a_member_is_on_the_drive_in_its_joined_module():
    assert merge.device_path("skat_core/solver/search.py") == "skat_core/Xs.py"
    assert merge.device_path("skat_core/engine/game.py") == "skat_core/Xk.py"
    assert merge.device_path("lib/skat_ui/ui.py") == "lib/skat_ui/app.py"
    assert merge.device_path("lib/skat_ui/screens/play.py") == "lib/skat_ui/Cf.py"
