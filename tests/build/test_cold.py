"""The bundle's step that moves the functions run only at boot or only between deals out of the
modules resident in play (sim/build/cold.py): one rule, one test. The golden checks of the
whole drive are tests/build/test_sim_bundle.py's (the drive plays and draws every screen like
the source)."""

import ast
import os
import sys

import pytest

import skat_core
from sim.build import bundle, cold

ROOT = "/r"
ROW = {"pkg.Z": (("pkg.m", "C.__init__"),)}


def split(texts, rows=ROW):
    out = cold.split({ROOT + "/" + p: t for p, t in texts.items()}, ROOT, rows)
    return {p[len(ROOT) + 1:]: t for p, t in out.items()}


def load(tmp_path, texts, module="pkg.m"):
    """Import ``texts`` ({path: text}) as a package from ``tmp_path``; returns ``module``."""
    for path, text in texts.items():
        f = tmp_path / path
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    try:
        for name in [m for m in sys.modules if m == "pkg" or m.startswith("pkg.")]:
            del sys.modules[name]
        return __import__(module, None, None, ["x"])
    finally:
        sys.path.remove(str(tmp_path))


M = ("K = 7\n"
     "class C:\n"
     "    def __init__(self, a, b=2, *rest, c=3, **kw):\n"
     "        self.v = (a, b, rest, c, kw, K)\n"
     "        self.w = helper(a)\n"
     "\n"
     "    def after(self):\n"
     "        return 'line 8'\n"
     "def helper(x):\n"
     "    return x * 2\n")


def test_a_moved_function_runs_from_its_rows_module_through_a_forwarder(tmp_path):
    out = split({"pkg/m.py": M})
    assert set(out) == {"pkg/m.py", "pkg/Z.py"}
    assert "self.v" not in out["pkg/m.py"] and "def C_init(self, a, b=2" in out["pkg/Z.py"]
    m = load(tmp_path, out)
    c = m.C(1, 5, 6, c=4, d=9)
    assert c.v == (1, 5, (6,), 4, {"d": 9}, 7) and c.w == 2


def test_the_forwarder_keeps_the_lines_below_where_they_were():
    out = split({"pkg/m.py": M})
    assert len(out["pkg/m.py"].splitlines()) == len(M.splitlines())
    assert out["pkg/m.py"].splitlines()[7] == "        return 'line 8'"


def test_the_rows_module_imports_the_names_the_function_reads_of_its_module():
    out = split({"pkg/m.py": M})
    assert out["pkg/Z.py"].startswith("from pkg.m import K, helper\n")


def test_a_name_declared_global_is_written_as_its_modules_attribute(tmp_path):
    text = "CURRENT = None\ndef f(x):\n    global CURRENT\n    CURRENT = x\n    return CURRENT\n"
    out = split({"pkg/m.py": text}, {"pkg.Z": (("pkg.m", "f"),)})
    assert "_m0.CURRENT = x" in out["pkg/Z.py"] and "def fn_f(x)" in out["pkg/Z.py"]
    m = load(tmp_path, out)
    assert m.f(5) == 5 and m.CURRENT == 5


def test_the_rows_module_holds_imports_and_functions_only_so_clearing_it_is_safe():
    """The app clears a row module's dict when it drops it (skat_core.drop, ``clear``): no
    object of it may outlive the drop."""
    texts, _names, _cl = bundle.device_sources(short=False, join=True)
    rows = [t for p, t in texts.items() if os.path.basename(p)[:-3] in ("Zb", "Zd")]
    assert len(rows) == len(cold.ROWS)
    for text in rows:
        for node in ast.parse(text).body:
            assert isinstance(node, (ast.ImportFrom, ast.FunctionDef)), ast.dump(node)[:80]


def test_the_rows_are_the_residency_tables_boot_and_deal_code():
    assert set(cold.ROWS) == set(skat_core.BOOT_CODE + skat_core.DEAL_CODE)


def test_every_function_of_the_rows_is_moved_into_its_rows_module():
    texts, _names, _cl = bundle.device_sources(short=False, join=True)
    by_name = {os.path.relpath(p, bundle.ROOT).replace(os.sep, "/"): t for p, t in texts.items()}
    for target, functions in cold.ROWS.items():
        pkg, _, last = target.partition(".")
        text = by_name[("lib/" if pkg == "skat_ui" else "") + pkg + "/" + last + ".py"]
        for spec in functions:
            assert "\ndef %s(" % cold.cold_name(spec.partition(":")[2]) in text, spec


@pytest.mark.parametrize("text, qual, reason", [
    ("def f():\n    return 1\n", "g", "no such function"),
    ("def d(x):\n    return x\n@d\ndef f():\n    return 1\n", "f", "decorated"),
    ("class C(B):\n    def f(self):\n        return super().f()\n", "C.f", "super"),
    ("def f(): return 1\n", "f", "one line"),
    ("def f():\n    return NOWHERE\n", "f", "does not bind"),
])
def test_a_function_that_cannot_move_is_refused_with_the_reason(text, qual, reason):
    with pytest.raises(cold.ColdError, match=reason):
        split({"pkg/m.py": text}, {"pkg.Z": (("pkg.m", qual),)})


def test_a_function_of_another_package_than_its_rows_module_is_refused():
    with pytest.raises(cold.ColdError, match="not of package"):
        split({"pkg/m.py": M, "other/n.py": "def f():\n    return 1\n"},
              {"pkg.Z": (("other.n", "f"),)})


def test_a_rows_module_that_the_source_has_already_is_refused():
    with pytest.raises(cold.ColdError, match="in the source already"):
        split({"pkg/m.py": M, "pkg/Z.py": "X = 1\n"})


def test_drop_with_clear_empties_the_modules_dict():
    """What a stale word on the C stack still points at keeps no other code alive."""
    import types
    mod = types.ModuleType("skat_core.cold_probe")
    mod.f = lambda: 1
    sys.modules["skat_core.cold_probe"] = mod
    skat_core.drop(("skat_core.cold_probe",), clear=True)
    assert "skat_core.cold_probe" not in sys.modules and not hasattr(mod, "f")


def _tail_calls(body, name):
    """Whether every call ``self.<name>()`` in ``body`` (statements) is in tail position:
    the last statement of its block, in blocks that are each the last of theirs."""
    for i, node in enumerate(body):
        last = i == len(body) - 1
        calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)
                 and isinstance(n.func, ast.Attribute) and n.func.attr == name]
        if not calls:
            continue
        if isinstance(node, ast.Expr) and node.value in calls and len(calls) == 1:
            if not last:
                return False
            continue
        if not last or not isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.Try)):
            return False
        blocks = [getattr(node, f) for f in ("body", "orelse", "finalbody") if getattr(node, f, None)]
        if any(not _tail_calls(b, name) for b in blocks):
            return False
    return True


def test_a_moved_function_that_shows_a_table_does_so_last():
    """At the opening lead ``show_table`` drops both rows and clears their dicts; the boot
    resuming a deal in play calls it from a function of ``BOOT_CODE``, which must then read
    nothing of its module any more: ``show_table`` is the last thing it does."""
    checked = 0
    for functions in cold.ROWS.values():
        for spec in functions:
            module, _, qual = spec.partition(":")
            path = os.path.join(bundle.ROOT, "lib" if module.startswith("skat_ui") else "",
                                *module.split(".")) + ".py"
            tree = ast.parse(open(path, encoding="utf-8").read())
            fn, _cls = cold._find(tree, qual)
            assert fn is not None, spec
            if any(isinstance(n, ast.Attribute) and n.attr == "show_table" for n in ast.walk(fn)):
                checked += 1
                assert _tail_calls(fn.body, "show_table"), spec
    assert checked >= 2


def test_the_tail_check_sees_a_statement_after_the_table():
    fn = ast.parse("def f(self):\n    if x:\n        self.show_table()\n        y()\n").body[0]
    assert not _tail_calls(fn.body, "show_table")
    fn = ast.parse("def f(self):\n    if x:\n        y()\n    else:\n        self.show_table()\n").body[0]
    assert _tail_calls(fn.body, "show_table")
