"""The device's form of our source (sim/build/devsrc.py): docstrings emptied, every line kept."""

import ast
import os

import pytest

from sim.build import devsrc
from sim.build.devsrc import strip_docstrings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = '''"""Module doc
over two lines."""
X = "not a docstring, kept"


def f(a):
    """One line."""
    return a + 1


class C:
    """Class doc,
    three
    lines."""

    def m(self):
        """\u00e4 non-ASCII doc"""; y = 2
        return y
'''


def test_docstrings_become_empty_strings_on_the_same_lines():
    out = strip_docstrings(SAMPLE)
    assert out.count("\n") == SAMPLE.count("\n")
    assert "Module doc" not in out and "One line" not in out and "Class doc" not in out
    assert "non-ASCII" not in out
    assert '"not a docstring, kept"' in out
    before = [(type(n).__name__, n.lineno) for n in ast.walk(ast.parse(SAMPLE))
              if isinstance(n, ast.stmt)]
    after = [(type(n).__name__, n.lineno) for n in ast.walk(ast.parse(out))
             if isinstance(n, ast.stmt)]
    assert before == after
    ns = {}
    exec(compile(out, "sample", "exec"), ns)
    assert ns["f"](1) == 2 and ns["C"]().m() == 2


def test_every_device_module_keeps_its_statements_and_lines():
    for base in ("skat_core", "lib/skat_ui", "lib/skat_boards"):
        paths = sorted(os.path.join(d, f) for d, _dirs, files in os.walk(os.path.join(ROOT, base))
                       for f in files if f.endswith(".py"))
        for name in paths:
            with open(name, encoding="utf-8") as f:
                src = f.read()
            out = strip_docstrings(src)
            assert out.count("\n") == src.count("\n"), name
            a = ast.dump(ast.parse(src))
            b = ast.dump(ast.parse(out))
            assert len(b) <= len(a), name
            assert ast.get_docstring(ast.parse(out)) in (None, "") or \
                ast.get_docstring(ast.parse(out)).strip() == "", name


def test_the_builds_walk_gives_ast_walks_nodes_in_its_order_on_every_module():
    from sim.build import bundle
    for path in bundle.own_files(bundle.LEAN, True, True):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        tree = ast.parse(text)
        assert devsrc.walk(tree) == list(ast.walk(tree)), path
        kept = devsrc.parse(text)                  # walked once, then from memory
        first = devsrc.walk(kept)
        first.append(None)                         # a caller's list is its own
        assert devsrc.walk(kept) == first[:-1] == list(ast.walk(kept)), path


# make test: the steps on skat_core's own modules, each phase's modules apart (half a second);
# make test-all: every module of the .mpy drive, joined, split and at the top (every step).
@pytest.mark.parametrize("whole", [
    pytest.param(False, id="skat_core-apart"),
    pytest.param(True, id="mpy-drive", marks=pytest.mark.slow)])
def test_the_builds_steps_leave_the_trees_they_parse_as_they_were(whole):
    """The steps share one tree per text (devsrc.parse): a step that changed one would change
    it for every later step. After a build every tree still dumps as the text parses anew."""
    from sim.build import bundle, pipeline
    texts = {}
    for path in bundle.own_files(bundle.LEAN):
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    texts = bundle.install_facts(texts, bundle.LEAN)
    if not whole:
        texts = {p: t for p, t in texts.items()
                 if os.path.dirname(p) == os.path.join(bundle.ROOT, "skat_core")}
    devsrc._PARSED.clear()
    devsrc._WALKED.clear()
    pipeline.run_steps(texts, bundle.ROOT, join=whole, top=whole)
    assert len(devsrc._PARSED) > (100 if whole else 10)
    for text, tree in devsrc._PARSED.items():
        assert ast.dump(tree) == ast.dump(ast.parse(text))
