"""Regenerate the bidding table: ``python -m sim train-bidding --seed S [--minutes M]``.

The shipped table (docs/bot.md) takes two runs: ``--seed 1`` (every row, double dummy), then
``--seed 3 --deals 12000 --per-cell 400 --judge play --only grand`` (the Grand rows again, by
the device bot's own play; the other rows are kept).

For seeded random deals and both player seats, every game type is scored for the ten cards
(``bot_hand.bucket``) and then played out with all 32 cards known by the solver - once as a
Hand game (the real skat stays out, its points count for the declarer) and once after picking
up the skat and making the rule-of-thumb discard (keep the strength, put away points). The
solver's verdict (win, and Schneider for suit/Grand) is tallied in the cell (game class, Hand,
forehand, bucket). Each cell takes at most ``--per-cell`` samples, so the common weak hands do
not eat the time the rare strong ones need. ``--judge play`` instead declares each forced game
at 18 in the engine and lets the ``--bot`` play it out on both sides: what that bot achieves
(the device's Grand play is far from double dummy, docs/bot.md).

Each solve gets a node budget (``--nodes``, 15,000: most solves from trick 1 exhaust it and
count with the solver's static estimate; the oracle, ``sim/tools/oracle.py``, spends ~20x more). Probabilities are smoothed (a weak prior from the neighbouring buckets),
made non-decreasing in the bucket (pool adjacent violators) and written to
``skat_core/bot/prelude/bidtable.py`` as bytes x 255. Runs in two ``nice`` worker processes over
``--deals`` deals (400 by default, deterministic: the same seed and solver give the same
table; about 5-10 CPU-minutes here); ``--deals 0 --minutes M`` runs for a wall-time budget.

``--table 3`` (Skat zu dritt, ``skat_core/bot/prelude/three_table.py``): the same deals, hand
buckets, discard and solver, with every one of the three seats as the declarer against the
two defenders (one side for the solver), Vorhand leading; the cells are (class, Hand, the
declarer's seat, bucket). Double dummy only (``--judge solve``). The module records a digest
of worker 0's tally after its first ``PROBE_DEALS`` deals, which a test regenerates.
"""

import hashlib
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from skat_core.bot.prelude import hand as bot_hand  # noqa: E402
from skat_core.cards import VH, MH, HH, GT_GRAND, GT_NULL  # noqa: E402
from skat_core.rng import shuffled_pack  # noqa: E402
from skat_core.solver.solve import Solver  # noqa: E402
from skat_core.codes import V_BID, V_PASS, V_HAND, V_PICKUP, V_DISCARD, V_DECLARE  # noqa: E402
from skat_core.engine.game import Game  # noqa: E402
from sim import cli  # noqa: E402
from sim.tools.previous import ALL_STRENGTHS, make_bot  # noqa: E402

NB = bot_hand.N_BUCKETS
NULL_BUDGET_FACTOR = 4
N_CELLS = 3 * 2 * 2 * NB
SEATS = {2: (VH, HH), 3: (VH, MH, HH)}      # the declarer's seats per table
TABLES = {2: ("skat_core", "bot", "prelude", "bidtable.py"),
          3: ("skat_core", "bot", "prelude", "three_table.py")}
PROBE_DEALS = 2         # three: worker 0's tally after this many deals is digested


def n_cells(table):
    return 3 * 2 * len(SEATS[table]) * NB


def table_path(table):
    return os.path.join(ROOT, *TABLES[table])


def cell(cls, hand_game, forehand, b):
    return ((cls * 2 + (1 if hand_game else 0)) * 2 + (1 if forehand else 0)) * NB + b


def deal_of(seed):
    """(vh, mh, hh, skat) of a seed, dealt like ``Game.deal_from_seed``."""
    d = shuffled_pack(seed)
    vh = [d[0], d[1], d[2], d[11], d[12], d[13], d[14], d[23], d[24], d[25]]
    mh = [d[3], d[4], d[5], d[15], d[16], d[17], d[18], d[26], d[27], d[28]]
    hh = [d[6], d[7], d[8], d[19], d[20], d[21], d[22], d[29], d[30], d[31]]
    return vh, mh, hh, [d[9], d[10]]


def rule_discard(cards12, gt, forehand):
    """The discard a declarer makes by rule of thumb from his twelve cards alone (no world):
    best strength for ``gt`` plus half the points put away (none counted in Null)."""
    m = bytearray(4)
    best = None
    for i in range(12):
        for j in range(i + 1, 12):
            a, b = cards12[i], cards12[j]
            bot_hand.load(m, cards12, 12, a, b)
            pts = bot_hand.points((a, b), 2)
            s = bot_hand.tenths(m, gt, forehand) + (0 if gt == GT_NULL else pts // 2)
            if best is None or s > best[0]:
                best = (s, [c for c in cards12 if c != a and c != b], [a, b])
    return best[1], best[2]


def _solve(s, gt, decl, vh, mh, hh, skat, nodes):
    """(won, schneider) in halves (2 = yes, 0 = no) for the declarer ``decl`` with all cards
    known, VH to lead. A Null that the budget cannot settle counts half: refuting a Null is
    quick (one trick found), proving it safe needs the whole tree (up to millions of nodes
    from trick 1), so the unsettled ones are mostly but not all wins.

    At three the declarer may be Mittelhand, whom the solver does not take as declarer (its
    declarer is VH or HH, the two others one side): the seats are turned one place on - MH
    becomes HH, HH VH, VH MH, who leads - which keeps the order of play."""
    leader = VH
    if decl == MH:
        decl, vh, mh, hh, leader = HH, hh, vh, mh, MH
    if s.load(gt, decl, vh, mh, hh, skat, leader, []):
        raise RuntimeError("solver refused a deal")
    if gt == GT_NULL:
        won = s.null_won(nodes * NULL_BUDGET_FACTOR)
        if not s.exact:
            return 1, 0
        return 2 * won, 0
    won = s.reaches(61, nodes)
    schneider = s.reaches(90, nodes // 4) if won else 0
    return 2 * won, 2 * schneider


def _play(game, bots, seed, gt, decl, vh, mh, hh, skat, hand_game, discard):
    """(won, schneider) in halves of the game ``gt`` declared at 18 by ``decl`` (Hand, or
    after a pickup putting ``discard`` away) and played out by ``bots`` from the engine's
    state: what the bot achieves with the cards, not what perfect play would."""
    from sim.tools.match import play_on
    game.deal_hands(vh, mh, hh, skat)
    if decl == VH:
        steps = ((HH, V_PASS, 0, 0), (VH, V_BID, 18, 0))
    else:
        steps = ((HH, V_BID, 18, 0), (VH, V_PASS, 0, 0))
    return _declared_and_played(game, bots, seed, gt, decl, steps, hand_game, discard,
                                play_on)


def _play_three(game, bots, seed, gt, decl, hands, skat, hand_game, discard):
    """``_play`` at three: ``decl`` declares ``gt`` at 18 (the others pass; Vorhand, when
    both pass, plays at 18) and ``bots`` (one per seat) play it out, the declarer against
    the two defenders, each from his own view."""
    from sim.tools.match import play_three
    game.deal_hands(hands[VH], hands[MH], hands[HH], skat)
    if decl == VH:
        steps = ((MH, V_PASS, 0, 0), (HH, V_PASS, 0, 0), (VH, V_BID, 18, 0))
    elif decl == MH:
        steps = ((MH, V_BID, 18, 0), (VH, V_PASS, 0, 0), (HH, V_PASS, 0, 0))
    else:
        steps = ((MH, V_PASS, 0, 0), (HH, V_BID, 18, 0), (VH, V_PASS, 0, 0))
    return _declared_and_played(game, bots, seed, gt, decl, steps, hand_game, discard,
                                play_three)


def _declared_and_played(game, bots, seed, gt, decl, steps, hand_game, discard, play):
    """After the bidding ``steps``: ``decl`` plays Hand or picks up and puts ``discard``
    away, declares ``gt``, and ``play`` (sim.tools.match.play_on or play_three) plays the
    game out with ``bots``; (won, schneider) in halves, as ``_play``."""
    steps += ((decl, V_HAND, 0, 0),) if hand_game else (
        (decl, V_PICKUP, 0, 0), (decl, V_DISCARD, discard[0], discard[1]))
    steps += ((decl, V_DECLARE, gt, 0),)
    for seat, verb, a, b in steps:
        if game.act(seat, verb, a, b):
            raise RuntimeError("engine refused a forced declaration (deal %d)" % seed)
    res = play(game, seed, bots)
    won = 1 if res.won else 0
    return 2 * won, 2 * (1 if won and res.lv_schneider else 0)


def worker(seed0, stride, minutes, per_cell, nodes, deals_max=0, judge="solve",
           strength="device", classes=(0, 1, 2), table=2, nice=True):
    """Tally cells from deals seed0, seed0 + stride, ...: ``deals_max`` deals (deterministic),
    or as many as ``minutes`` of wall time allow when ``deals_max`` is 0. ``judge``: "solve"
    (double dummy) or "play" (the ``strength`` bot plays both sides). ``table`` 3: every
    seat declares at Skat zu dritt (judge "play": ThreeBots of ``strength`` in all three
    seats); ``probe`` is the digest of the tally after the first ``PROBE_DEALS`` deals. ``nice``: lower the process's priority first (a tool's
    run; a test that regenerates a few deals keeps its own)."""
    if nice:
        try:
            os.nice(10)
        except OSError:
            pass
    s = Solver(8192)
    game = Game() if judge == "play" else None
    cells = n_cells(table)
    if table == 3:
        from skat_core.bot.prelude.three_table import _index
        from skat_core.bot.three import ThreeBot
        from skat_core.three.game import ThreeGame
        game = ThreeGame() if judge == "play" else None
    n = [0] * cells
    wins = [0] * cells
    schn = [0] * cells
    probe = None
    stop = time.time() + minutes * 60.0
    seed = seed0
    deals = 0
    solves = 0
    while (deals < deals_max) if deals_max else (time.time() < stop):
        if deals == PROBE_DEALS:
            probe = digest(n, wins, schn)
        vh, mh, hh, skat = deal_of(seed)
        hands = (vh, mh, hh)
        seed += stride
        deals += 1
        for decl in SEATS[table]:
            mine = hands[decl]
            fore = decl == VH
            m = bytearray(4)
            bot_hand.load(m, mine, 10)
            for gt in (0, 1, 2, 3, GT_GRAND, GT_NULL):
                cls = bot_hand.game_class(gt)
                if cls not in classes:
                    continue
                b = bot_hand.bucket(m, gt, fore)
                for hand_game in (True, False):
                    if table == 3:
                        k = _index(cls, hand_game, decl, b)
                    else:
                        k = cell(cls, hand_game, fore, b)
                    if n[k] >= 2 * per_cell:
                        continue
                    if hand_game:
                        kept, sk = mine, skat
                    else:
                        kept, sk = rule_discard(mine + skat, gt, fore)
                    if judge == "play" and table == 3:
                        k0 = (seed * 3 + decl) * 12 + gt * 2 + (1 if hand_game else 0)
                        bots = [ThreeBot(strength, k0 * 3 + i + 1) for i in range(3)]
                        won, sch = _play_three(game, bots, seed, gt, decl, hands, skat,
                                               hand_game, sk)
                    elif judge == "play":
                        # Bot seeds from the deal and the forced game alone, so a run over
                        # some classes (--only) plays those games exactly as a full run.
                        k0 = (seed * 2 + (1 if decl == HH else 0)) * 12 + gt * 2 + (1 if hand_game else 0)
                        bots = {VH: make_bot(strength, k0 * 2 + 1), HH: make_bot(strength, k0 * 2 + 2)}
                        won, sch = _play(game, bots, seed, gt, decl, vh, mh, hh, skat,
                                         hand_game, sk)
                    else:
                        a_vh = kept if decl == VH else vh
                        a_mh = kept if decl == MH else mh
                        a_hh = kept if decl == HH else hh
                        won, sch = _solve(s, gt, decl, a_vh, a_mh, a_hh, sk, nodes)
                    solves += 1
                    n[k] += 2
                    wins[k] += won
                    schn[k] += sch
                    if not deals_max and time.time() >= stop:
                        break
    if probe is None and deals == PROBE_DEALS:
        probe = digest(n, wins, schn)
    return {"n": n, "wins": wins, "schn": schn, "deals": deals, "solves": solves,
            "probe": probe}


def digest(n, wins, schn):
    """A short digest of a tally (what a test regenerates from a few deals)."""
    return hashlib.sha256(json.dumps([n, wins, schn]).encode()).hexdigest()[:16]


def _nearest(ns, ks, b):
    for d in range(1, NB):
        for j in (b - d, b + d):
            if 0 <= j < NB and ns[j]:
                return ns[j], ks[j]
    return 0, 0


def smooth(n, k, prior=2.0):
    """Per-bucket probabilities: a weak prior from neighbours, then non-decreasing (PAV)."""
    out = []
    for base in range(0, len(n), NB):
        ns = n[base:base + NB]
        ks = k[base:base + NB]
        p = []
        for b in range(NB):
            lo = max(0, b - 1)
            hi = min(NB, b + 2)
            nn = sum(ns[lo:hi])
            kk = sum(ks[lo:hi])
            if not nn:
                # No sample near: copy the nearest filled bucket (below first, so an empty
                # top end never promises more than the strongest hands measured).
                nn, kk = _nearest(ns, ks, b)
            mean = kk / nn if nn else 0.0
            p.append((ks[b] + prior * mean) / (ns[b] + prior))
        # Pool adjacent violators, weights = samples + prior.
        blocks = []
        for b in range(NB):
            blocks.append([p[b], ns[b] + prior, 1])
            while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
                v2, w2, c2 = blocks.pop()
                v1, w1, c1 = blocks.pop()
                blocks.append([(v1 * w1 + v2 * w2) / (w1 + w2), w1 + w2, c1 + c2])
        for v, w, c in blocks:
            out.extend([v] * c)
    return out


def write_table(path, p_win, p_sch, meta, table=2):
    """Write the table module: the data lines are new, the docstring and the lookup code are
    those of skat_core/bot/prelude/bidtable.py (three_table.py for ``table`` 3) as it stands
    (one copy of that code: the module itself)."""
    def fmt(values):
        bs = [max(0, min(255, int(round(v * 255)))) for v in values]
        lines = []
        for i in range(0, len(bs), NB):
            if table == 3:          # a bytes literal a row: the device parses no 432 ints
                lines.append('    b"' + "".join("\\x%02x" % x for x in bs[i:i + NB]) + '"')
            else:
                lines.append("    " + ", ".join(str(x) for x in bs[i:i + NB]) + ",")
        if table == 3:
            return "(\n" + "\n".join(lines) + "\n)"
        return "bytes((\n" + "\n".join(lines) + "\n))"
    with open(table_path(table)) as f:
        current = f.read()
    head = current[:current.index("\nGENERATED = ") + 1]
    code = current[current.index("\n\n\ndef "):]
    text = head + "GENERATED = %s\nN_BUCKETS = %d\nP_WIN = %s\nP_SCHNEIDER = %s" % (
        json.dumps(json.dumps(meta, sort_keys=True)), NB, fmt(p_win), fmt(p_sch)) + code
    cli.write_file(path, text)      # whole or not at all: bidtable.py is never cut short


def main(argv):
    ap = cli.Parser(prog="python -m sim train-bidding")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=cli.int_range(0), default=400,
                    help="deals in all (deterministic for a seed); 0: use --minutes")
    ap.add_argument("--minutes", type=float, default=4.5, help="wall minutes per worker")
    ap.add_argument("--per-cell", type=cli.int_range(1), default=60)
    ap.add_argument("--nodes", type=cli.int_range(1), default=15000, help="solver budget per solve")
    ap.add_argument("--jobs", type=cli.int_range(1), default=2)
    ap.add_argument("--judge", default="solve", choices=("play", "solve"),
                    help="solve: double dummy; play: the --bot plays each forced game out "
                         "(what it achieves)")
    ap.add_argument("--bot", default="device", choices=ALL_STRENGTHS,
                    help="strength that plays with --judge play")
    ap.add_argument("--only", default="suit,grand,null",
                    help="classes to measure (suit, grand, null); the other rows are kept "
                         "from the current table")
    ap.add_argument("--table", type=int, choices=(2, 3), default=2,
                    help="2: Skat-en-deux's bidtable.py (default); 3: Skat zu dritt's "
                         "three_table.py (double dummy, every seat declares)")
    ap.add_argument("--out", help="the table module to write (default: the --table's own, "
                                  "skat_core/bot/prelude/bidtable.py or three_table.py)")
    ap.add_argument("--tally", help="also write the raw counts per cell (JSON) here")
    args = ap.parse_args(argv)
    table = args.table
    if args.out is None:
        args.out = table_path(table)
    if not args.minutes > 0:
        ap.fail("--minutes", "%s: a positive number of minutes" % args.minutes)
    if table == 3:
        from skat_core.bot.three import STRENGTHS as THREE_STRENGTHS
        if args.judge == "play" and args.bot not in THREE_STRENGTHS:
            ap.fail("--bot", "at three one of %s, got %r" % (", ".join(THREE_STRENGTHS), args.bot))
    names = ("suit", "grand", "null")
    if not args.only or any(c not in names for c in args.only.split(",")):
        ap.fail("--only", "%r: a comma-separated list of suit, grand, null" % args.only)
    # The outputs are checked before minutes of work, not when they are written.
    for name, path in (("--out", args.out), ("--tally", args.tally)):
        problem = path and cli.out_file(path)
        if problem:
            ap.fail(name, problem)
    jobs = max(1, min(2, args.jobs))
    classes = tuple(names.index(c) for c in args.only.split(","))
    start = time.time()
    base = args.seed * 1000003
    if jobs == 1:
        parts = [worker(base, 1, args.minutes, args.per_cell, args.nodes, args.deals,
                        args.judge, args.bot, classes, table)]
    else:
        import multiprocessing
        with multiprocessing.Pool(jobs, initializer=cli.worker_ignores_sigint) as pool:
            parts = pool.starmap(worker, [(base + i, jobs, args.minutes,
                                           (args.per_cell + jobs - 1) // jobs, args.nodes,
                                           (args.deals + jobs - 1 - i) // jobs,
                                           args.judge, args.bot, classes, table)
                                          for i in range(jobs)])
    cells = n_cells(table)
    n = [sum(p["n"][i] for p in parts) for i in range(cells)]
    wins = [sum(p["wins"][i] for p in parts) for i in range(cells)]
    schn = [sum(p["schn"][i] for p in parts) for i in range(cells)]
    if args.tally:
        cli.write_file(args.tally, json.dumps({"n": n, "wins": wins, "schn": schn}))
    p_win = smooth(n, wins)
    p_sch = smooth(n, schn)
    if table == 3:
        from skat_core.bot.prelude import three_table as current
    else:
        from skat_core.bot.prelude import bidtable as current
    if len(classes) < 3:
        rows = cells // 3
        for cls in range(3):
            if cls not in classes:
                for i in range(cls * rows, (cls + 1) * rows):
                    p_win[i] = current.P_WIN[i] / 255
                    p_sch[i] = current.P_SCHNEIDER[i] / 255
    meta = {"seed": args.seed, "deals": sum(p["deals"] for p in parts),
            "solves": sum(p["solves"] for p in parts), "nodes": args.nodes,
            "per_cell": args.per_cell}
    if args.judge == "play":
        meta = {"seed": args.seed, "deals": meta["deals"], "games": meta["solves"],
                "judge": "play", "bot": args.bot, "per_cell": args.per_cell}
    if table == 3:
        meta["table"] = 3
        meta["jobs"] = jobs
        meta["probe"] = parts[0]["probe"]
    if len(classes) < 3:
        meta = {"rows": args.only, "measured": meta,
                "kept": json.loads(current.GENERATED)}
    write_table(args.out, p_win, p_sch, meta, table)
    meta["seconds"] = round(time.time() - start, 1)
    meta["cells_filled"] = sum(1 for x in n if x)
    meta["out"] = os.path.relpath(args.out, ROOT)
    print(json.dumps(meta))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
