"""The engine on the 32-bit MicroPython (wasm harness): every module imports, and the rules.md
vector records replay there to the same result lines as on CPython."""

import json
import os

import pytest

from sim.device.mpharness import guest_prelude, run_mp
from skat_core.notation.record import replay_summary

pytestmark = pytest.mark.mp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "tests", "data", "records")
MODULES = ["skat_core.engine.game", "skat_core.notation.record", "skat_core.engine.series", "skat_core.engine.breakdown"]

GUEST = r'''
import json
from skat_core.notation.record import replay_summary


def one(i):
    with open("/input/tests/data/records/" + NAMES[i]) as f:
        rec = json.load(f)
    print(json.dumps(replay_summary(rec)))
'''


def test_vector_records_replay_identically_on_micropython():
    names = sorted(f for f in os.listdir(RECORDS) if f.endswith(".json"))
    # The -c code is compiled before automatic GC is off: keep it short, data in the module.
    # Automatic GC is off in the harness (unsafe in this build): collect between records, at the
    # top level where no heap-allocated Python frame is live.
    code = guest_prelude(MODULES) + (
        "import engine_guest\nfor i in range(%d):\n    gc.collect()\n    engine_guest.one(i)\n" % len(names))
    res = run_mp(code, heap_kb=192, modules={"engine_guest": GUEST + "\nNAMES = %r\n" % (names,)})
    assert res.ok, res.stderr
    lines = [json.loads(x) for x in res.stdout.strip().split("\n")]
    expected = []
    for n in names:
        with open(os.path.join(RECORDS, n)) as f:
            expected.append(replay_summary(json.load(f)))
    assert lines == expected


def test_engine_imports_in_a_64k_heap_with_room_to_play():
    code = guest_prelude(["skat_core.engine.game"]) + (
        "from skat_core.engine.game import Game\ng = Game()\ngc.collect()\n"
        "print(gc.mem_alloc(), gc.mem_free())\n")
    res = run_mp(code, heap_kb=64)
    assert res.ok, res.stderr
    used, free = [int(x) for x in res.stdout.split()]
    print("engine + one Game: %d bytes used, %d free of 64 KB" % (used, free))
    assert used < 48 * 1024
