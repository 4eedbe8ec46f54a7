"""Zero allocation during play (design.md): >= 200 seeded full games in the 32-bit
MicroPython with ``micropython.heap_lock()`` held from the first card to the final
score, in a 64 KB heap. Any allocation on the play path raises MemoryError there.

The same driver source (DRIVER below, portable) runs on CPython and in the harness;
every game prints one summary line, and the two runs must print the same lines: the
same seed gives the same deal, the same choices and the same score everywhere.

Choices come from skat_core.rng (random legal actions, biased so that every game
type, Ramsch, offers, Contra and Re occur); the rule sets cycle through the house
rules that change the play path. The play phase also refreshes both players' views
and legal masks at every step, as the UI and the bot do, under the lock.
"""

import pytest

from skat_core.budget import FUEL_PER_PYBADGE_SECOND
from sim.device.mpharness import guest_prelude, run_mp

N_GAMES = 300          # about 220 of them reach the play phase (the rest are passed in)
HEAP_KB = 64

# Portable driver: CPython 3.11 and MicroPython 1.27. No allocation inside play_locked.
DRIVER = r'''
import gc
from skat_core.cards import VH, MH, HH
from skat_core.codes import (PH_PLAY, PH_DONE, V_PASS, V_CONCEDE, V_PLAY, V_OFFER,
                             V_ACCEPT, V_REJECT, V_CONTRA, V_RE, error_text)
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.rng import Rng
from skat_core.rules import Rules

from sim.device.mp.mpshim import lock, unlock, mark   # heap lock and fuel marks (no-ops on CPython)

RULE_SETS = (
    {},
    {"all_pass": "ramsch"},
    {"all_pass": "ramsch", "ramsch_jungfrau": "on", "ramsch_durchmarsch": "on"},
    {"bidding": "farben"},
    {"dummy_reveal": "after_declaration", "rejection": "next_level"},
    {"contra_re": "off", "list_scoring": "seeger_fabian"},
)

buf = [0] * MAX_ACTIONS
extra = [0] * 8
extra_seat = bytearray(8)
err_box = [0, 0]    # [error code, step] of a refused action during play


def choose_preplay(g, rng):
    """A random legal action of the seat to act; pass often (Ramsch needs two passes),
    concede rarely."""
    n = g.legal_actions(g.to_act, buf)
    npass = -1
    for i in range(n):
        if buf[i] & 15 == V_PASS:
            npass = i
    if npass >= 0 and rng.below(2) == 0:
        return buf[npass]
    while True:
        x = buf[rng.below(n)]
        if x & 15 != V_CONCEDE or rng.below(8) == 0:
            return x


def play_locked(g, rng):
    """Play the game out under the heap lock: from the first card to the final score."""
    lock()
    steps = 0
    while g.phase != PH_DONE:
        steps += 1
        # What the UI and the bot read every step must not allocate either.
        mark("v0")
        g.view(VH)
        g.view(HH)
        mark("v1")
        g.legal_mask(g.to_act)
        seat = g.to_act
        # Optional actions of the player who is not to act (Contra between tricks).
        ne = 0
        p = VH
        while p <= HH:                    # the players VH 0 and HH 2 (no tuple: it allocates)
            if p != seat and p != g.actor(seat):
                k = g.legal_actions(p, buf)
                for i in range(k):
                    if ne < 8:
                        extra[ne] = buf[i]
                        extra_seat[ne] = p
                        ne += 1
            p += 2
        if ne and rng.below(3) == 0:
            i = rng.below(ne)
            x = extra[i]
            seat = extra_seat[i]
        else:
            n = g.legal_actions(seat, buf)
            x = buf[rng.below(n)]
            v = x & 15
            # Offers and answers a little less often than cards, so games go on.
            if v == V_OFFER and rng.below(3) != 0:
                x = buf[0]
        mark("a0")
        e = g.act_encoded(seat, x)
        mark("a1")
        if e:
            err_box[0] = e
            err_box[1] = steps
            break
    unlock()
    return steps


def play_game(g, seed):
    rng = Rng(seed * 7919 + 1)
    g.deal_from_seed(seed)
    while g.phase != PH_PLAY and g.phase != PH_DONE:
        e = g.act_encoded(g.to_act, choose_preplay(g, rng))
        if e:
            return "seed %d pre-play error %s" % (seed, error_text(e)), 0
    steps = 0
    if g.phase == PH_PLAY:
        mark("play")
        steps = play_locked(g, rng)
        mark("done")
        if err_box[0]:
            return "seed %d play error %s at step %d" % (seed, error_text(err_box[0]), err_box[1]), steps
    r = g.result
    trick_sum = 0
    for i in range(30):
        trick_sum = (trick_sum * 31 + g.tricks[i]) % 1000003
    line = "seed %d rules %d kind %d type %d decl %d flags %d won %d value %d score %d pts %d/%d tricks %d/%d acc %d rej %d contra %d re %d steps %d hash %d" % (
        seed, seed % len(RULE_SETS), r.kind, r.game_type, r.declarer, r.flags, int(r.won),
        r.value, r.score, r.decl_points, r.opp_points, r.decl_tricks, r.opp_tricks,
        r.accepted, g.rejected, int(g.contra), int(g.re), steps, trick_sum)
    return line, steps


current = [None]


def new_game(k):
    """One Game per rule set, reused for each of its deals as on the device."""
    current[0] = Game(Rules.from_dict(RULE_SETS[k]))


def drop_game():
    current[0] = None


def play_and_print(seed):
    line, steps = play_game(current[0], seed)
    print(line)


def calibrate_marks():
    """Warm the host call up (its first use allocates), then time one mark: "c1" - "c0"."""
    mark("warm-up")
    mark("c0")
    mark("c1")


def run(first, count):
    """Seeds first .. first+count-1 grouped by rule set (the order both runs print)."""
    calibrate_marks()
    for k in range(len(RULE_SETS)):
        new_game(k)
        for seed in range(first, first + count):
            if seed % len(RULE_SETS) == k:
                play_and_print(seed)
        drop_game()
'''


def cpython_lines(first, count):
    import io
    from contextlib import redirect_stdout
    namespace = {"__name__": "heap_locked_driver"}
    exec(compile(DRIVER, "heap_locked_driver", "exec"), namespace)
    out = io.StringIO()
    with redirect_stdout(out):
        namespace["run"](first, count)
    return out.getvalue().splitlines()


@pytest.fixture(scope="module")
def cpython_games():
    return cpython_lines(0, N_GAMES)


@pytest.fixture(scope="module")
def micropython_run():
    modules = ["skat_core.engine.game", "skat_core.rules", "skat_core.rng", "skat_core.codes"]
    # The same loop as DRIVER.run, at the top level of the -c code: the only place where
    # gc.collect() is safe in this build (see sim/device/mpharness.py).
    code = guest_prelude(modules) + (
        "import heap_locked_driver as d\n"
        "gc.collect()\n"
        "d.calibrate_marks()\n"
        "for k in range(len(d.RULE_SETS)):\n"
        "    gc.collect()\n"
        "    d.new_game(k)\n"
        "    for seed in range(%d):\n"
        "        if seed %% len(d.RULE_SETS) == k:\n"
        "            gc.collect()\n"
        "            d.play_and_print(seed)\n"
        "    d.drop_game()\n") % N_GAMES
    return run_mp(code, heap_kb=HEAP_KB, timeout=900, modules={"heap_locked_driver": DRIVER})


def parse(line):
    words = line.split()
    return dict(zip(words[0::2], words[1::2]))


def test_every_game_completes_on_cpython(cpython_games):
    assert len(cpython_games) == N_GAMES
    bad = [l for l in cpython_games if "error" in l]
    assert bad == []


def test_the_suite_covers_every_game_type_ramsch_offers_contra_and_re(cpython_games):
    games = [parse(l) for l in cpython_games]
    played = [g for g in games if g["kind"] in ("1", "2")]   # RK_NORMAL, RK_RAMSCH
    types = set(g["type"] for g in played if g["kind"] == "1")
    assert types >= {"0", "1", "2", "3", "4", "5"}, types   # C S H D Grand Null
    assert sum(g["kind"] == "2" for g in games) >= 5          # Ramsch
    assert sum(g["acc"] != "0" for g in games) >= 3           # accepted offers
    assert sum(g["rej"] != "0" for g in games) >= 3           # rejected offers
    assert sum(g["contra"] == "1" for g in games) >= 2
    assert sum(g["re"] == "1" for g in games) >= 1
    assert sum(g["kind"] in ("3", "4", "5") for g in games) >= 1  # passed/conceded/given up


@pytest.mark.mp
def test_200_games_play_heap_locked_in_64k_and_match_cpython(micropython_run, cpython_games,
                                                            figures):
    r = micropython_run
    assert r.ok, r.describe()
    lines = r.stdout.splitlines()
    assert len(lines) == N_GAMES, r.describe()
    assert lines == cpython_games
    # Fuel, reported (not asserted): the whole locked play phase (engine, both views
    # per step, driver), the engine's act() calls alone, one refresh of both views.
    games, acts, views = per_game_fuel(r.marks)
    assert len(games) >= 200, len(games)
    figures.extend([
        "heap-locked: %d games played out in a %d KB heap, identical to CPython" % (
            len(games), HEAP_KB),
        "  fuel per game, play phase (engine, 2 views/step, driver): %s" % stats(games),
        "  fuel per game, engine act() only: %s" % stats(acts),
        "  fuel per refresh of both views: %s" % stats(views),
        "  (1 PyBadge-second = %d fuel); harness run: %d fuel, %.1f s wall" % (
            FUEL_PER_PYBADGE_SECOND, r.fuel_used, r.wall_s),
    ])
    for line in figures[-5:]:
        print(line)


def per_game_fuel(marks):
    """From the mark stream: per played game the play-phase fuel and the sum of its
    act() calls, and the fuel of each views refresh (mark overhead subtracted)."""
    games, acts, views = [], [], []
    start = last = None
    act_sum = 0
    at = dict(marks)
    mark_cost = at["c1"] - at["c0"]
    for label, fuel in marks:
        if label == "play":
            start, act_sum = fuel, 0
        elif label == "done":
            games.append(fuel - start)
            acts.append(act_sum)
        elif label in ("a0", "v0"):
            last = fuel
        elif label == "a1":
            act_sum += fuel - last - mark_cost
        elif label == "v1":
            views.append(fuel - last - mark_cost)
    return games, acts, views


def stats(values):
    v = sorted(values)
    return "p50 %d, p95 %d, max %d" % (v[len(v) // 2], v[int(len(v) * 0.95)], v[-1])
