"""sim/build/helpers.py: the bundle writes the bit helpers (skat_core/layout.py: bit_index,
low_bit, high_bit) out where they are called, and the written-out expression is the helper."""

import ast
import os
import random

from sim.build import bundle, helpers, relayout
from skat_core import layout

ROOT = relayout.ROOT
LAYOUT = relayout.device_module("skat_core.layout")


def device_sources():
    """Our modules after the relayout, as the pipeline has them before this step."""
    texts = {}
    for path in bundle.own_files():
        if path.endswith(".py"):
            with open(path, encoding="utf-8") as f:
                texts[path] = f.read()
    return relayout.device_texts(texts)


def layout_defs():
    with open(os.path.join(ROOT, "skat_core", "layout.py"), encoding="utf-8") as f:
        return helpers.definitions(f.read())


def test_the_written_out_expression_is_the_helper_for_every_live_mask():
    defs = layout_defs()
    env = {"IDX37": layout.IDX37, "HIGH8": layout.HIGH8}
    code = {h: compile(helpers.written_out(h, defs, ast.Name("m", ast.Load())), h, "eval")
            for h in helpers.HELPERS}
    rnd = random.Random(29)
    masks = list(range(1, 1 << 12)) + [rnd.randrange(1, 1 << 30) for _ in range(20000)] + [
        1 << i for i in range(30)] + [(1 << 30) - 1]
    for m in masks:
        env["m"] = m
        assert eval(code["high_bit"], env) == layout.high_bit(m) == m.bit_length() - 1
        assert eval(code["low_bit"], env) == layout.low_bit(m) == (m & -m).bit_length() - 1
        env["m"] = m & -m
        assert eval(code["bit_index"], env) == layout.bit_index(m & -m)


def test_a_call_with_a_name_becomes_the_expression_and_the_import_takes_the_table():
    defs = layout_defs()
    text = ("from %s import high_bit, next_seat\n"
            "def f(t, x):\n"
            "    w = 1 << high_bit(t)\n"
            "    return w, high_bit(t & x), next_seat\n" % LAYOUT)
    out = helpers.inline_module(text, defs)
    lines = out.split("\n")
    assert len(lines) == len(text.split("\n"))                  # every line where it was
    assert lines[0] == "from %s import high_bit, next_seat, HIGH8" % LAYOUT
    assert "high_bit(t)" not in lines[2] and "HIGH8[t >> 24]" in lines[2]
    assert "high_bit(t & x)" in lines[3]           # t & x twice over seven reads: a call
    env = {}
    exec(out.replace("from %s import high_bit, next_seat, HIGH8" % LAYOUT,
                     "from skat_core.layout import high_bit, next_seat, HIGH8"), env)
    assert env["f"](0b1011000, 0b1111) == (1 << 6, 3, layout.next_seat)


def test_a_helper_no_longer_called_leaves_the_import_a_callless_argument_read_once_is_written_in():
    defs = layout_defs()
    text = "from %s import bit_index, low_bit\nx = bit_index(up & -up)\ny = low_bit(up & -up)\n" % LAYOUT
    out = helpers.inline_module(text, defs)
    assert out == ("from %s import low_bit, IDX37\nx = (IDX37[(up & -up) %% 37])\n"
                   "y = low_bit(up & -up)\n" % LAYOUT)      # low_bit reads its mask twice


def test_no_call_the_rule_covers_is_left_on_the_drive_and_the_search_calls_nothing():
    defs = layout_defs()
    texts = helpers.write_out(device_sources())
    left = []
    for path, text in texts.items():
        own = path.endswith(LAYOUT.replace(".", "/") + ".py")
        tree = ast.parse(text)
        skip = set()
        if own:
            for node in tree.body:
                if isinstance(node, ast.FunctionDef) and node.name in helpers.HELPERS:
                    skip |= {id(n) for n in ast.walk(node)}
        for node in ast.walk(tree):
            if (id(node) not in skip and isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name) and node.func.id in helpers.HELPERS):
                left.append((os.path.relpath(path, ROOT), node.lineno, ast.unparse(node)))
                assert not helpers._inlinable(node, set(helpers.HELPERS), defs), left[-1]
    search = relayout.device_module("skat_core.solver.search").replace(".", "/") + ".py"
    assert not [x for x in left if x[0].endswith(search)], left
    # What stays a call: the engine's trick winner (a long argument read seven times).
    assert [x[2] for x in left] == [
        "high_bit(tm & (lay.field_mask[g.led_field] | lay.field_mask[TRUMP]))"], left


def test_two_bits_written_out_is_the_helper_for_every_field_of_a_world_store():
    defs = layout_defs()
    code = compile(helpers.written_out("two_bits", defs, [ast.Name("b", ast.Load()),
                                                          ast.Name("i", ast.Load())]),
                   "two_bits", "eval")
    rnd = random.Random(26)
    buf = bytearray(rnd.randrange(256) for _ in range(528))
    for i in range(528 * 4):
        want = (buf[i // 4] >> (2 * (i % 4))) & 3
        assert eval(code, {"b": buf, "i": i}) == layout.two_bits(buf, i) == want


def test_a_helper_of_two_parameters_is_written_out_where_each_argument_is_a_name():
    defs = layout_defs()
    text = ("from %s import two_bits\n"
            "def f(o, base, c):\n"
            "    i = base + c\n"
            "    return two_bits(o, i), two_bits(o, base + c)\n" % LAYOUT)
    out = helpers.inline_module(text, defs)
    line = out.split("\n")[3]
    assert line == "    return (o[i >> 2] >> ((i & 3) << 1) & 3), two_bits(o, base + c)"
