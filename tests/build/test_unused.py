"""The drive leaves out the functions no device code reaches (sim/build/unused.py): one rule,
one test."""

import ast

from sim.build import bundle, unused

A = "/x/skat_core/a.py"
B = "/x/skat_core/b.py"


def _kept(text):
    tree = ast.parse(text)
    return sorted(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))


def test_a_function_no_module_names_is_left_out_its_lines_emptied():
    texts = {A: "def used():\n    return 1\n\n\ndef host_only():\n    return 2\n",
             B: "from skat_core.a import used\nX = used()\n"}
    out = unused.drop(texts)
    assert _kept(out[A]) == ["used"]
    assert out[A].count("\n") == texts[A].count("\n")        # every line where it was
    assert out[B] == texts[B]


def test_a_method_called_as_an_attribute_anywhere_stays_best_move_vs_goal_move():
    texts = {A: "class S:\n    def best_move(self):\n        return 1\n\n"
                "    def goal_move(self):\n        return 2\n",
             B: "def f(s):\n    return s.best_move()\n\nf(None)\n"}
    assert _kept(unused.drop(texts)[A]) == ["best_move"]


def test_a_name_spelt_in_a_string_stays_getattr_menu():
    texts = {A: "def menu():\n    return 1\n",
             B: "import skat_core.a as m\nX = getattr(m, 'menu')\n"}
    assert _kept(unused.drop(texts)[A]) == ["menu"]


def test_a_client_program_keeps_what_it_calls_the_benchs_decide():
    texts = {A: "class Bot:\n    def decide(self):\n        return 1\n"}
    assert _kept(unused.drop(texts)[A]) == []
    assert _kept(unused.drop(texts, {"guest": "Bot().decide()\n"})[A]) == ["decide"]


def test_dunders_decorated_and_outside_names_stay():
    # __eq__ is called by the interpreter, a property by attribute access, ``read`` may be
    # called by the firmware or a library by its name, ``boot`` by code.py's chain (KEEP).
    texts = {A: "class S:\n    def __eq__(self, o):\n        return True\n\n"
                "    @property\n    def size(self):\n        return 1\n\n"
                "    def read(self):\n        return 2\n\n"
                "    def boot(self):\n        return 3\n"}
    assert _kept(unused.drop(texts)[A]) == ["__eq__", "boot", "read", "size"]


def test_a_helper_only_a_left_out_function_called_goes_too():
    texts = {A: "def _helper():\n    return 1\n\n\ndef host_only():\n    return _helper()\n"}
    assert _kept(unused.drop(texts)[A]) == []


def test_a_class_whose_every_method_goes_keeps_a_body():
    texts = {A: "class S:\n    def only(self):\n        return 1\n\n\nX = S()\n"}
    out = unused.drop(texts)[A]
    assert _kept(out) == [] and "    pass" in out
    ast.parse(out)


def test_the_drive_leaves_out_the_solvers_host_tools_and_keeps_its_search():
    texts, _names, _clients = bundle.device_sources(short=False, join=True)
    solver = [t for p, t in texts.items() if p.endswith("Xs.py")][0]
    fns = _kept(solver)
    for gone in ("best_move", "goal_move", "declarer_points", "move_points"):
        assert gone not in fns
    for kept in ("load", "run", "probe", "store"):
        assert kept in fns
