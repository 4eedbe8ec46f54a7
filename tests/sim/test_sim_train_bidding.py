"""``python -m sim train-bidding`` writes skat_core/bot/prelude/bidtable.py: only the data lines are new,
the module's docstring and lookup code are kept from the module itself."""

import json

from sim.tools.train_bidding import write_table
from skat_core.bot.prelude import bidtable


def test_writing_the_current_table_reproduces_bidtable_byte_for_byte(tmp_path):
    out = tmp_path / "bidtable.py"
    write_table(str(out), [b / 255 for b in bidtable.P_WIN],
                [b / 255 for b in bidtable.P_SCHNEIDER], json.loads(bidtable.GENERATED))
    with open(bidtable.__file__) as f:
        assert out.read_text() == f.read()


def test_new_figures_change_only_the_data(tmp_path):
    out = tmp_path / "bidtable.py"
    n = len(bidtable.P_WIN)
    write_table(str(out), [0.5] * n, [0.0] * n, {"seed": 9})
    ns = {}
    exec(compile(out.read_text(), str(out), "exec"), ns)
    assert ns["P_WIN"] == bytes([128] * n) and ns["P_SCHNEIDER"] == bytes(n)
    assert json.loads(ns["GENERATED"]) == {"seed": 9}
    assert ns["lookup"](1, True, False, 3) == 128
