"""Measure the solver: nodes by tricks left, CPython speed, harness fuel per node/decision.

    python tests/support/solver_measure.py [--n 60] [--seed 1] [--cap 2000000] [--no-mp]

Positions: random deals, random game type of the class, random declarer (vh/hh), random
legal play up to a trick start with the given tricks left (tests/support/solver_positions.py).
Prints a Markdown table per measurement (docs/solver.md quotes them) and a JSON summary as
the last line. ``--cap``: node cap per search (capped runs are counted, not hidden).
"""

import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from skat_core.budget import FUEL_PER_PYBADGE_SECOND  # noqa: E402
from skat_core.solver.solve import Solver  # noqa: E402
from tests.support.solver_positions import load, random_position, rng_for  # noqa: E402

CLASSES = (("suit", (0, 1, 2, 3)), ("grand", (4,)), ("null", (5,)), ("ramsch", (6,)))


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def nodes_table(n, seed, cap, tricks_list):
    s = Solver(4096)
    rows = []
    total_nodes = 0
    total_time = 0.0
    for tl in tricks_list:
        for name, games in CLASSES:
            rng = rng_for(seed * 1000 + tl * 10 + len(games))
            n61, nex, capped = [], [], 0
            for k in range(n):
                p = random_position(rng, tl, game=games[k % len(games)], mid=0)
                load(s, p)
                t0 = time.perf_counter()
                if p["game"] == 5:
                    s.null_won(cap)
                else:
                    s.reaches(61, cap)
                total_time += time.perf_counter() - t0
                total_nodes += s.nodes
                capped += s.exact == 0
                n61.append(s.nodes)
                if tl <= 7 and p["game"] != 5:
                    load(s, p)
                    t0 = time.perf_counter()
                    s.declarer_points(cap)
                    total_time += time.perf_counter() - t0
                    total_nodes += s.nodes
                    nex.append(s.nodes)
            rows.append((tl, name, statistics.median(n61), pct(n61, 0.9), max(n61), capped,
                         statistics.median(nex) if nex else None, max(nex) if nex else None))
    return rows, total_nodes / total_time


MP_DRIVER = r'''
from skat_core.solver.solve import Solver
import host


def go(P, what):
    s = Solver(1024)
    host.call("mark", "w")
    nodes = []
    for p in P:
        s.load(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10])
        host.call("mark", "s")
        if what == 0:
            if p[0] == 5:
                s.null_won()
            else:
                s.reaches(61)
        else:
            s.best_move()
        host.call("mark", "e")
        nodes.append(s.nodes)
    print(" ".join([str(x) for x in nodes]))
'''


LOAD_DRIVER = r'''
from skat_core.solver.solve import Solver
import host


def go(P):
    s = Solver(1024)
    host.call("mark", "w")
    for p in P:
        s.load(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10])
        host.call("mark", "miss")
        s.load(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10])
        host.call("mark", "hit")
        s.set_hand(p[1], p[2 + p[1]], p[5])
        host.call("mark", "set_hand")
'''


def mp_load_costs(seed):
    """Fuel of a load with a new numbering, a load of the same numbering, a set_hand."""
    from sim.device.mpharness import guest_prelude, run_mp
    rng = rng_for(seed * 11)
    pos = []
    for k in range(14):
        p = random_position(rng, 3 + k % 7, game=k % 7, mid=0)
        h = p["hands"]
        pos.append((p["game"], p["declarer"], h[0], h[1], h[2], p["skat"], p["leader"],
                    p["trick"], p["decl_points"], p["decl_tricks"], p["opp_tricks"]))
    code = guest_prelude(["skat_core.solver.solve"]) + "import drv, dat\ngc.collect()\ndrv.go(dat.P)\n"
    r = run_mp(code, heap_kb=96, modules={"drv": LOAD_DRIVER,
                                          "dat": "P = %r\n" % (pos,)}).check()
    per = {}
    for label, fuel in r.mark_deltas():
        per.setdefault(label, []).append(fuel)
    return {k: int(statistics.median(v)) for k, v in per.items() if k != "w"}


def mp_runs(n, seed):
    from sim.device.mpharness import guest_prelude, run_mp
    out = []
    for tl in (4, 5, 6, 7):
        rng = rng_for(seed * 7 + tl)
        pos = []
        for k in range(n):
            p = random_position(rng, tl, game=k % 7, mid=k % 3 if tl < 7 else 0)
            h = p["hands"]
            pos.append((p["game"], p["declarer"], h[0], h[1], h[2], p["skat"], p["leader"],
                        p["trick"], p["decl_points"], p["decl_tricks"], p["opp_tricks"]))
        for what, label in ((0, "61-test"), (1, "best_move")):
            code = guest_prelude(["skat_core.solver.solve"]) + (
                "import drv, dat\ngc.collect()\ndrv.go(dat.P, %d)\n" % what)
            r = run_mp(code, heap_kb=96, modules={"drv": MP_DRIVER,
                                                  "dat": "P = %r\n" % (pos,)}).check()
            nodes = [int(x) for x in r.stdout.split()]
            marks = [f for lab, f in r.marks if lab in ("s", "e")]
            fuel = [marks[i + 1] - marks[i] for i in range(0, len(marks), 2)]
            per_node = sum(fuel) / max(1, sum(nodes))
            secs = [f / FUEL_PER_PYBADGE_SECOND for f in fuel]
            out.append((tl, label, statistics.median(nodes), max(nodes), int(per_node),
                        statistics.median(secs), pct(secs, 0.95), max(secs)))
    return out


def main(argv):
    n, seed, cap, mp = 60, 1, 2000000, True
    i = 0
    while i < len(argv):
        if argv[i] == "--n":
            n = int(argv[i + 1]); i += 2
        elif argv[i] == "--seed":
            seed = int(argv[i + 1]); i += 2
        elif argv[i] == "--cap":
            cap = int(argv[i + 1]); i += 2
        elif argv[i] == "--no-mp":
            mp = False; i += 1
        else:
            raise SystemExit("unknown argument %r" % argv[i])
    rows, nps = nodes_table(n, seed, cap, (4, 5, 6, 7, 8, 10))
    print("| tricks left | class | 61-test nodes median / p90 / max | capped | "
          "exact points nodes median / max |")
    print("|---|---|---|---|---|")
    for tl, name, med, p90, mx, capped, exm, exx in rows:
        ex = "%d / %d" % (exm, exx) if exm is not None else "-"
        print("| %d | %s | %d / %d / %d | %d | %s |" % (tl, name, med, p90, mx, capped, ex))
    print("CPython: %d nodes/s" % nps)
    summary = {"cpython_nodes_per_s": int(nps), "n": n, "seed": seed, "cap": cap}
    if mp:
        res = mp_runs(max(10, n // 3), seed)
        print("| tricks left | query | nodes median / max | fuel per node | "
              "PyBadge-s p50 / p95 / max |")
        print("|---|---|---|---|---|")
        for tl, label, med, mx, fpn, s50, s95, smax in res:
            print("| %d | %s | %d / %d | %d | %.3f / %.3f / %.3f |" % (
                tl, label, med, mx, fpn, s50, s95, smax))
        summary["fuel_per_node"] = int(statistics.median([r[4] for r in res]))
        costs = mp_load_costs(seed)
        print("load fuel (median of 14, 3-9 tricks left): new numbering %d, same numbering "
              "%d, set_hand %d" % (costs["miss"], costs["hit"], costs["set_hand"]))
        summary["load_fuel"] = costs
    print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1:])
