"""The device's short names (sim/build/shortnames.py): our names get short spellings, the same in
every module; names reached by string or owned by the firmware keep theirs; only NAME tokens
change, so lines, comments and strings stay."""

import os

from sim.build import shortnames

ROOT = shortnames.ROOT


def plan_all_of(**modules):
    """(shared mapping, {module name: its own names' mapping}) for fake modules of skat_core
    (name -> source)."""
    shared, own = shortnames.plan_all({os.path.join(ROOT, "skat_core", n + ".py"): src
                                       for n, src in modules.items()})
    return shared, {os.path.basename(p)[:-3]: m for p, m in own.items()}


def plan_of(**modules):
    """Every renamed name of fake modules of skat_core (name -> source): the shared mapping
    and each module's own names (an original name stands in one module, so one dict holds
    them all)."""
    shared, own = plan_all_of(**modules)
    out = dict(shared)
    for m in own.values():
        out.update(m)
    return out


def run(sources, mapping, entry):
    """Execute renamed modules in order in one namespace per module; returns entry's globals."""
    spaces = {}
    for name, src in sources:
        g = {"__name__": name}
        for other, ns in spaces.items():
            g[other] = type("M", (), ns)
        exec(shortnames.apply(src, mapping), g)
        spaces[name] = {k: v for k, v in g.items() if not k.startswith("__")}
    return spaces[entry]


def test_a_name_is_renamed_the_same_way_in_every_module():
    a = "LONG_CONSTANT = 7\ndef compute_total(numbers):\n    return sum(numbers) + LONG_CONSTANT\n"
    b = "from skat_core.a import compute_total, LONG_CONSTANT\nresult_value = compute_total([1, 2])\n"
    m = plan_of(a=a, b=b)
    assert {"LONG_CONSTANT", "compute_total", "numbers", "result_value"} <= set(m)
    assert "from skat_core.a import %s, %s" % (m["compute_total"], m["LONG_CONSTANT"]) in \
        shortnames.apply(b, m)


def test_the_renamed_program_computes_the_same():
    src = ("class Counter:\n    def __init__(self, start):\n        self.current_value = start\n"
           "    def advance_by(self, step_size=1):\n        self.current_value += step_size\n"
           "        return self.current_value\n"
           "counter_object = Counter(5)\nanswer = counter_object.advance_by(step_size=3)\n")
    m = plan_of(c=src)
    ns = run([("c", src)], m, "c")
    assert ns[m.get("answer", "answer")] == 8


def test_a_private_constant_keeps_its_leading_underscore():
    """MicroPython folds ``_X = const(1)`` out of the module dict only under such a name."""
    m = plan_of(a="_HIDDEN_CONSTANT = const(3)\nPUBLIC_CONSTANT = const(4)\n")
    assert m["_HIDDEN_CONSTANT"].startswith("_") and not m["PUBLIC_CONSTANT"].startswith("_")
    assert "const" not in m


def test_a_private_name_that_is_not_a_folded_constant_takes_a_spelling_without_underscore():
    """Only a folded constant is never interned; any other private name is, so it takes the
    cheapest spelling - a name the firmware holds in flash first - and the program is the
    same: ``_helper`` (a function), ``_table`` (a list), ``_field`` (an attribute)."""
    src = ("def const(x):\n    return x\n_LIMIT = const(2)\n_table = [1, 2, 3]\n"
           "class Box:\n    def __init__(self):\n        self._field = _LIMIT\n"
           "def _helper(box):\n    return box._field + _table[_LIMIT]\n"
           "answer = _helper(Box())\n")
    m = plan_of(a=src)
    assert m["_LIMIT"].startswith("_")
    assert not any(m.get(n, n).startswith("_") for n in ("_table", "_field", "_helper"))
    ns = run([("a", src)], m, "a")
    assert ns[m.get("answer", "answer")] == 5


def test_a_name_that_is_also_a_string_literal_keeps_its_spelling():
    """getattr(screen, "menu"), setattr(rules, key, ...), __import__(..., ["PAGES"])."""
    src = ("class Screen:\n    def __init__(self):\n        self.menu = None\n"
           "        self.other_field = 1\n"
           "def paused(screen):\n    return getattr(screen, \"menu\", None) is not None\n")
    m = plan_of(a=src)
    assert "menu" not in m and "other_field" in m


def test_firmware_names_keyword_arguments_and_builtin_methods_keep_their_spelling():
    src = ("import keypad\nimport board\n"
           "def make_keys(pull, chosen_latch):\n"
           "    return keypad.Keys((board.D0,), value_when_pressed=False, pull=pull)\n"
           "class Queue:\n    def append(self, item):\n        self.items = [item]\n"
           "    def refresh(self):\n        pass\n")
    m = plan_of(a=src)
    for kept in ("keypad", "Keys", "board", "D0", "value_when_pressed", "pull", "append",
                 "items", "refresh"):
        assert kept not in m, kept
    assert "make_keys" in m and "chosen_latch" in m


def test_the_entry_points_read_from_outside_the_bundle_keep_their_names():
    src = "class App:\n    def step(self):\n        self.pending = False\ndef main(hw):\n    App()\n"
    m = plan_of(a=src)
    assert not {"App", "step", "pending", "main"} & set(m)


def test_only_name_tokens_change_lines_comments_and_strings_stay():
    src = ("long_variable = 'long_variable'  # long_variable here\n"
           "other_variable = long_variable\n")
    m = {"other_variable": "b"}
    out = shortnames.apply(src, m)
    assert out == "long_variable = 'long_variable'  # long_variable here\nb = long_variable\n"
    assert out.count("\n") == src.count("\n")


def test_short_names_never_collide_with_a_kept_name():
    src = "a = 1\nb = 2\ndef long_function_name(x):\n    return a + b + x\n"
    m = plan_of(a=src)
    assert m["long_function_name"] not in ("a", "b", "x")
    ns = run([("a", src)], m, "a")
    assert ns[m["long_function_name"]](3) == 6


def test_names_only_one_module_uses_share_their_spellings_with_another_modules_own():
    """Each interned name costs heap for good: a name only module a knows and one only module
    b knows get the same spelling (docs/memory.md, "Heap map")."""
    a = "def helper_of_a(value_a):\n    return value_a + 1\nresult_a = helper_of_a(1)\n"
    b = "def helper_of_b(value_b):\n    return value_b * 2\nresult_b = helper_of_b(4)\n"
    shared, own = plan_all_of(a=a, b=b)
    assert own["a"]["helper_of_a"] == own["b"]["helper_of_b"]
    assert run([("a", a)], own["a"], "a")[own["a"]["result_a"]] == 2
    assert run([("b", b)], own["b"], "b")[own["b"]["result_b"]] == 8


def test_a_modules_own_spelling_is_never_a_shared_spelling():
    """An object may carry a shared attribute and one module's own: their spellings differ."""
    a = "class Thing:\n    def __init__(self):\n        self.common_field = 1\n        self.only_here = 2\n"
    b = "def read_common(thing):\n    return thing.common_field\n"
    shared, own = plan_all_of(a=a, b=b)
    assert "common_field" in shared and "only_here" in own["a"]
    assert not set(own["a"].values()) & set(shared.values())


def test_an_attribute_stored_on_another_object_is_no_modules_own():
    """``node.visits = 1`` may put the name on another module's object, beside that module's
    own names: such a name is shared."""
    a = "def mark_visited(node):\n    node.visits_count = 1\n"
    b = "x_value = 3\n"
    shared, own = plan_all_of(a=a, b=b)
    assert "visits_count" in shared and "visits_count" not in own.get("a", {})


def test_a_class_with_kin_in_another_module_keeps_its_attributes_shared():
    """An instance carries the attributes of its whole family: a base class in module a and
    its subclass in module b share no spelling of their own."""
    a = "class BaseThing:\n    def __init__(self):\n        self.base_field = 1\n"
    b = ("from skat_core.a import BaseThing\nclass SubThing(BaseThing):\n"
         "    def grow(self):\n        self.sub_field = 2\n")
    shared, own = plan_all_of(a=a, b=b)
    assert "base_field" in shared and "sub_field" in shared


def test_a_module_that_gives_or_takes_star_has_no_own_names():
    a = "ONLY_IN_A = 1\ndef only_a_function():\n    return 2\n"
    b = "from skat_core.a import *\nonly_in_b = 3\n"
    shared, own = plan_all_of(a=a, b=b)
    assert not own.get("a") and not own.get("b")
    assert "only_a_function" in shared and "only_in_b" in shared


def test_a_rows_module_shares_its_origins_own_names_and_their_spellings():
    """The bundle's module of functions moved out of a module (sim/build/cold.py) is a part
    of that module for the short names: a name only those two know stays their own, with one
    spelling in both (``units``)."""
    a = "def helper_of_a(value):\n    return value + 1\ndef moved_fn(x):\n    return helper_of_a(x)\n"
    z = "from skat_core.a import helper_of_a\ndef moved_body(x):\n    return helper_of_a(x) * 2\n"
    path = lambda n: os.path.join(ROOT, "skat_core", n + ".py")
    sources = {path("a"): a, path("Z"): z}
    _shared, apart = shortnames.plan_all(sources)
    assert "helper_of_a" in _shared
    shared, own = shortnames.plan_all(sources, units={path("Z"): path("a")})
    assert "helper_of_a" not in shared
    assert own[path("a")]["helper_of_a"] == own[path("Z")]["helper_of_a"]
    assert own[path("Z")]["moved_body"] != own[path("a")]["helper_of_a"]


def _many_shared(extra_a="", extra_b="", n=600):
    """Two modules that share ``n`` module-level names (more than the firmware's spare names,
    so the later ones reach the methods' spellings), plus ``extra_a``/``extra_b``."""
    names = ["name%03d" % i for i in range(n)]
    a = "".join("def %s():\n    return %d\n" % (nm, i) for i, nm in enumerate(names)) + extra_a
    # Each used three times: more than the extras' names, which come after them.
    b = "import skat_core.a as a\n" + "".join("x%d = a.%s() + a.%s()\n" % (i, nm, nm)
                                              for i, nm in enumerate(names)) + extra_b
    return names, plan_all_of(a=a, b=b)[0]


def test_past_the_firmwares_spare_names_a_shared_name_is_spelt_as_a_types_method_in_flash():
    methods = shortnames.type_methods(shortnames.firmware_qstrs())
    names, shared = _many_shared()
    given = [shared[n] for n in names if shared.get(n) in methods]
    assert len(given) > 30
    assert not set(given) & shortnames.PROTOCOL
    assert len(set(given)) == len(given)


def test_a_types_method_that_our_code_spells_is_never_a_spelling():
    _names, shared = _many_shared(extra_a="def f(x):\n    return x.union(x), x.copy()\n")
    assert "union" not in shared.values() and "copy" not in shared.values()


def test_no_attribute_of_a_builtin_types_kin_gets_a_methods_spelling():
    """An exception of ours (derived from Python's, at any remove) carries its type's
    methods: its names keep short spellings of their own, as does an attribute stored on an
    object that is not ``self`` (what it is, is not known)."""
    src = ("class Refused(ValueError):\n    def __init__(self):\n        self.why = 1\n"
           "class Worse(Refused):\n    def how(self):\n        return 1\n"
           "class Plain:\n    def __init__(self):\n        self.mine = 1\n"
           "    def act(self):\n        return 1\n"
           "def put(o):\n    o.slot = 1\n")
    kin = shortnames.on_builtin_kin({os.path.join(ROOT, "skat_core", "a.py"): src})
    assert {"why", "how", "slot"} <= kin
    assert not {"mine", "act", "put", "Plain"} & kin
    rename = ["why", "mine", "how", "act", "slot", "put"]
    mapping = shortnames._assign(rename, [], set(rename), [0, 0], ["count", "copy", "union"],
                                 kin, set())
    assert [mapping[n] for n in ("mine", "act", "put")] == ["union", "copy", "count"]  # from the end
    assert not {mapping[n] for n in ("why", "how", "slot")} & {"union", "copy", "count"}


def _core(**modules):
    return {os.path.join(ROOT, "skat_core", n + ".py"): src for n, src in modules.items()}


def test_globals_no_module_spells_together_share_one_spelling():
    """A module's globals and arguments are no object's attributes but their module's: two
    such names that no module spells both may be spelt alike (the scopes never meet)."""
    src = _core(a="def alpha(width):\n    return width\n",
                b="def beta(height):\n    return height\n",
                c="import skat_core.a as m\nx = m.alpha(1)\n")
    apart = shortnames.apart_names(src)
    assert {"alpha", "beta", "width", "height"} <= apart
    mapping = {"alpha": "q1", "beta": "q2", "width": "q3", "height": "q4"}
    out = shortnames.share_apart(mapping, ["alpha", "beta", "width", "height"], set(), src)
    # beta never meets alpha (c reads alpha only); width meets alpha in a, height meets beta
    # in b but not width.
    assert out == {"alpha": "q1", "beta": "q1", "width": "q3", "height": "q3"}


def test_names_a_module_spells_together_keep_their_own_spellings():
    src = _core(a="def alpha(width):\n    return width\ndef beta():\n    return 2\n",
                b="import skat_core.a as m\nx = m.alpha(1) + m.beta()\n")
    out = shortnames.share_apart({"alpha": "q1", "beta": "q2", "width": "q3"},
                                 ["alpha", "beta", "width"], set(), src)
    assert out["alpha"] != out["beta"]
    assert out["width"] not in (out["alpha"], out["beta"])


def test_an_attribute_of_an_object_or_a_class_never_shares_its_spelling():
    src = _core(a="class K:\n    size = 1\n    def grow(self):\n        self.more = 1\n",
                b="def use(o):\n    return o.weight\n",
                c="def other():\n    return 3\n")
    apart = shortnames.apart_names(src)
    assert not {"size", "grow", "more", "weight"} & apart
    assert {"use", "other", "o"} <= apart
    mapping = {"size": "q1", "other": "q2", "weight": "q3", "use": "q4"}
    out = shortnames.share_apart(mapping, ["size", "other", "weight", "use"], set(), src)
    assert out["size"] == "q1" and out["weight"] == "q3"


def test_the_names_of_a_module_that_gives_or_takes_star_never_share():
    src = _core(a="from skat_core.b import *\ndef alpha():\n    return beta()\n",
                b="def beta():\n    return 1\n", c="def gamma():\n    return 2\n")
    apart = shortnames.apart_names(src)
    assert "alpha" not in apart and "beta" not in apart and "gamma" in apart


def test_a_name_in_flash_is_left_as_it_is():
    src = _core(a="def alpha():\n    return 1\n", b="def beta():\n    return 2\n")
    out = shortnames.share_apart({"alpha": "copy", "beta": "q2"}, ["alpha", "beta"], {"copy"},
                                 src)
    assert out == {"alpha": "copy", "beta": "q2"}
