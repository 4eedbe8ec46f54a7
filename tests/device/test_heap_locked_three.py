"""Zero allocation during play at three (design.md; rules.md §11): seeded full games of Skat
zu dritt (``skat_core.three``) in the 32-bit MicroPython with ``micropython.heap_lock()``
held from the first card to the final score, in a 64 KB heap, and the same lines as CPython.
The same driver runs on CircuitPython's interpreter (tests/device/test_circuitpython.py).

Choices come from skat_core.rng (random legal actions; the bidding passes often, so that
Ramsch and thrown-in deals occur); under the lock every step refreshes all three players'
views and asks each seat not to act for its optional actions (Kontra, Re), as the UI and the
bots do. Schieberamsch's Grand Hands and pushed skats are among the games (its doublings are
counted under the lock: skat_core.three.play).
"""

import pytest

from sim.device.mpharness import guest_prelude, run_mp
from tests.device.test_heap_locked import parse

N_GAMES = 240
HEAP_KB = 64
CP_HEAP_KB = 96         # CircuitPython's interpreter compiling the sources (test_circuitpython.py)
# What the driver imports, with the modules a deal loads before play (their dependencies
# first: sim.device.mpharness.import_order).
MODULES = ("skat_core.three.game", "skat_core.three.rules", "skat_core.three.bidding",
           "skat_core.three.play", "skat_core.rng", "skat_core.codes")

# Portable driver: CPython 3.11 and MicroPython 1.27. No allocation inside play_locked.
DRIVER = r'''
from skat_core.codes import PH_PLAY, PH_DONE, V_PASS, V_PLAY, error_text
from skat_core.rng import Rng
from skat_core.three.game import ThreeGame, MAX_ACTIONS
from skat_core.three.rules import ThreeRules

from sim.device.mp.mpshim import lock, unlock

RULE_SETS = (
    {},
    {"all_pass": "ramsch"},
    {"kontra": "on"},
    {"all_pass": "ramsch", "ramsch_jungfrau": "on", "ramsch_durchmarsch": "on",
     "kontra": "after_18"},
    {"all_pass": "schieberamsch", "ramsch_jungfrau": "on", "kontra": "on"},
    {"all_pass": "schieberamsch", "ramsch_durchmarsch": "on"},
)

buf = [0] * MAX_ACTIONS
extra = [0] * 8
extra_seat = bytearray(8)
err_box = [0, 0]


def choose_preplay(g, rng):
    """A random legal action of the seat to act; pass half the time."""
    n = g.legal_actions(g.to_act, buf)
    for i in range(n):
        if buf[i] & 15 == V_PASS and rng.below(2) == 0:
            return buf[i]
    return buf[rng.below(n)]


def play_locked(g, rng):
    """Play the game out under the heap lock: from the first card to the final score."""
    lock()
    steps = 0
    while g.phase != PH_DONE:
        steps += 1
        p = 0
        while p < 3:                      # every player's view (no tuple: it allocates)
            g.view(p)
            p += 1
        seat = g.to_act
        g.legal_mask(seat)
        ne = 0
        p = 0
        while p < 3:                      # the optional actions of the others (Kontra, Re)
            if p != seat:
                k = g.legal_actions(p, buf)
                for i in range(k):
                    if ne < 8:
                        extra[ne] = buf[i]
                        extra_seat[ne] = p
                        ne += 1
            p += 1
        if ne and rng.below(3) == 0:
            i = rng.below(ne)
            x = extra[i]
            seat = extra_seat[i]
        else:
            n = g.legal_actions(seat, buf)
            x = buf[rng.below(n)]
        e = g.act_encoded(seat, x)
        if e:
            err_box[0] = e
            err_box[1] = steps
            break
    unlock()
    return steps


def play_game(g, seed):
    rng = Rng(seed * 7919 + 3)
    g.deal_from_seed(seed)
    while g.phase != PH_PLAY and g.phase != PH_DONE:
        e = g.act_encoded(g.to_act, choose_preplay(g, rng))
        if e:
            return "seed %d pre-play error %s" % (seed, error_text(e))
    steps = 0
    if g.phase == PH_PLAY:
        steps = play_locked(g, rng)
        if err_box[0]:
            return "seed %d play error %s at step %d" % (seed, error_text(err_box[0]), err_box[1])
    r = g.result
    trick_sum = 0
    for i in range(30):
        trick_sum = (trick_sum * 31 + g.tricks[i]) % 1000003
    return ("seed %d rules %d kind %d type %d decl %d bid %d flags %d won %d value %d score %d "
            "pts %d/%d tricks %d/%d seats %d/%d/%d loser %d contra %d re %d pushes %d "
            "steps %d hash %d" % (
                seed, seed % len(RULE_SETS), r.kind, r.game_type, r.declarer, r.bid, r.flags,
                int(r.won), r.value, r.score, r.decl_points, r.opp_points, r.decl_tricks,
                r.opp_tricks, r.seat_points[0], r.seat_points[1], r.seat_points[2], r.loser,
                int(g.contra), int(g.re), g.pushes, steps, trick_sum))


current = [None]


def new_game(k):
    """One ThreeGame per rule set, reused for each of its deals as on the device."""
    current[0] = ThreeGame(ThreeRules.from_dict(RULE_SETS[k]))


def drop_game():
    """The table's game goes before the next rule set's is made (as en-deux's driver does):
    a device holds one table, never two."""
    current[0] = None


def play_and_print(seed):
    print(play_game(current[0], seed))


def run(first, count):
    """Seeds first .. first+count-1 grouped by rule set (the order every run prints)."""
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
    namespace = {"__name__": "heap_locked_three"}
    exec(compile(DRIVER, "heap_locked_three", "exec"), namespace)
    out = io.StringIO()
    with redirect_stdout(out):
        namespace["run"](first, count)
    return out.getvalue().splitlines()


@pytest.fixture(scope="module")
def cpython_games():
    return cpython_lines(0, N_GAMES)


def test_every_game_at_three_completes_on_cpython(cpython_games):
    assert len(cpython_games) == N_GAMES
    assert [l for l in cpython_games if "error" in l] == []


def test_the_suite_at_three_covers_every_game_type_ramsch_passed_kontra_and_re(cpython_games):
    games = [parse(l) for l in cpython_games]
    types = set(g["type"] for g in games if g["kind"] == "1")
    assert types >= {"0", "1", "2", "3", "4", "5"}, types      # C S H D Grand Null
    assert sum(g["kind"] == "2" for g in games) >= 10           # Ramsch
    assert sum(g["kind"] == "3" for g in games) >= 5            # thrown in
    assert sum(g["contra"] == "1" for g in games) >= 10
    assert sum(g["re"] == "1" for g in games) >= 3
    assert sum(g["won"] == "1" and g["kind"] == "1" for g in games) >= 5


def test_the_suite_at_three_covers_schieberamschs_grand_hand_pickups_and_pushes(cpython_games):
    games = [parse(l) for l in cpython_games]
    assert sum(g["kind"] == "1" and g["bid"] == "0" for g in games) >= 5   # Grand Hand, no bid
    pushed = [int(g["pushes"]) for g in games if g["kind"] == "2" and g["pushes"] != "0"]
    assert len(pushed) >= 5 and min(pushed) < 3                # a skat picked up and put back


@pytest.mark.mp
def test_games_at_three_play_heap_locked_in_64k_and_match_cpython(cpython_games, figures):
    # The loop of DRIVER.run at the top level of the -c code: the only place where
    # gc.collect() is safe in this build (sim/device/mpharness.py).
    code = guest_prelude(list(MODULES)) + (
        "import heap_locked_three as d\n"
        "for k in range(len(d.RULE_SETS)):\n"
        "    gc.collect()\n"
        "    d.new_game(k)\n"
        "    for seed in range(%d):\n"
        "        if seed %% len(d.RULE_SETS) == k:\n"
        "            gc.collect()\n"
        "            d.play_and_print(seed)\n"
        "    d.drop_game()\n") % N_GAMES
    r = run_mp(code, heap_kb=HEAP_KB, timeout=900, modules={"heap_locked_three": DRIVER})
    assert r.ok, r.describe()
    assert r.stdout.splitlines() == cpython_games
    figures.append("heap-locked at three: %d games in a %d KB heap, identical to CPython"
                   % (N_GAMES, HEAP_KB))
