"""The hint and the judge on the device's interpreter (issue 18 item 4): MicroPython 1.27 in
the 32-bit harness (sim/device/mpharness.py), the board's parameters ("endgame", the bot's own
256-slot table), ``heap_lock`` held over every hint (the first of a series builds the judge
before the lock) and over every judgement of Analyse: allocation-free, and the same hints
and verdicts as CPython with the same parameters (10 deals, the rule-of-thumb card on both
sides, the player's every card)."""

import io
from contextlib import redirect_stdout

import pytest

from sim.device.mpharness import guest_prelude, run_mp

HEAP_KB = 192

# Portable driver (CPython 3.11, MicroPython 1.27).
# The guest's work in a module, its loop in the -c code: automatic GC is off in the harness
# (unsafe in this build: it cannot see objects held only by running functions), so the -c
# code collects between two calls, at the top level where no Python frame is live, and stays
# short (it is compiled before automatic GC is off: tests/rules/test_engine_mp.py).
# What both drivers do at each card: the hint and Analyse's judgement, heap-locked.
COMMON = r'''
def prepare():
    adv.prepare()                # allocates only the first time (the judges)
    if analyse[0] is None:
        j = adv.judge
        b, w, left, pts = advice.MODES["endgame"]
        analyse[0] = AnalyseJudge(j.kn, j.worlds, j.solver, b, w, left, pts)


def hint(v):
    lock()
    adv.begin(v)
    while not adv.think(150):
        pass
    unlock()


def judge(v, a):
    j = analyse[0]
    lock()
    j.start(v, a, truth)
    while not j.step():
        pass
    unlock()


def step():
    """One card (the rule-of-thumb card on both sides); at the player's cards the hint and
    Analyse's judgement, heap-locked. False at the end of the deal."""
    if g.phase == PH_DONE:
        return False
    me = box[1]
    who = g.actor(g.to_act)
    a = greedy_card(g.view(who))
    if who == me:
        v = g.view(me)
        hint(v)
        for c in range(32):
            truth[c] = 3
        for s in range(3):
            for k in range(g.cards_of(s, buf)):
                truth[buf[k]] = s
        judge(v, a)
        j = analyse[0]
        print(box[0], g.n_tricks, a, adv.searched, adv.card, j.state, j.better, j.gain,
              j.values)
    g.act(g.to_act, V_PLAY, a)
    return True
'''

DRIVER = r'''
from skat_core.engine.game import Game
from skat_core.rules import Rules
from skat_core.bot.bot import Bot
from skat_core.bot.base import greedy_card
from skat_core.bot import advice, adviser
from skat_core.bot.analyse_judge import AnalyseJudge
from skat_core.codes import PH_DONE, V_PASS, V_BID, V_HAND, V_DECLARE, V_PLAY
from sim.device.mp.mpshim import lock, unlock

advice.TT_SLOTS = 256            # the board's table, on CPython too
hinter = Bot("device", 1)        # first: its kept blocks come from a heap in one piece
adv = adviser.Adviser(hinter, "endgame", True)
g = Game(Rules())
truth = bytearray(32)
buf = bytearray(12)
box = [0, 0]                     # the deal's seed, the player's seat
analyse = [None]                 # Analyse's judge over the hint's knowledge, worlds, solver


def deal(seed):
    """Vorhand plays a suit game or Grand Hand at 18 (no bidding bot: its modules do not fit
    beside the play's); the player is the declarer on odd seeds."""
    g.deal_from_seed(seed)
    g.act(2, V_PASS)
    g.act(0, V_BID, 18)
    g.act(0, V_HAND)
    g.act(0, V_DECLARE, seed % 5)
    box[0] = seed
    box[1] = 0 if seed % 2 else 2
    return True
''' + COMMON


# The guest's loop (the deal's seeds ``SEEDS`` a range: a longer ``-c`` code than these traps
# in the WASI build's start, a memory fault before the first line runs).
LOOP = ("for seed in SEEDS:\n"
        "    if not d.deal(seed):\n"
        "        continue\n"
        "    gc.collect()\n"
        "    d.prepare()\n"
        "    gc.collect()\n"
        "    while d.step():\n"
        "        gc.collect()\n")
SEEDS = range(1, 11)


def cpython_lines(driver=None, seeds=SEEDS):
    """The driver's lines on CPython (the guest's must be these)."""
    import gc
    import types
    d = types.ModuleType("advice_driver")
    out = io.StringIO()
    with redirect_stdout(out):
        exec(compile(driver or DRIVER, "advice_driver", "exec"), d.__dict__)
        exec(LOOP, {"d": d, "gc": gc, "SEEDS": seeds})
    return out.getvalue().splitlines()


@pytest.mark.slow                # ~50 s
@pytest.mark.mp
def test_hint_and_judge_run_heap_locked_and_match_cpython():
    expected = cpython_lines()
    assert len(expected) >= 40
    assert any(int(line.split()[5]) == 2 for line in expected), "a loss among them"
    code = (guest_prelude(["skat_core.bot.advice", "skat_core.bot.adviser",
                                "skat_core.bot.analyse_judge", "skat_core.engine.bidding"]) +
            "import advice_driver as d\ngc.collect()\nSEEDS = %r\n" % (SEEDS,) + LOOP)
    r = run_mp(code, heap_kb=HEAP_KB, timeout=900, modules={"advice_driver": DRIVER})
    assert r.ok, r.describe()
    assert r.stdout.splitlines() == expected


# Skat zu dritt (issue 27 item 4): the same hint (the three bots' device search for the
# player's seat, then the judge over every deal of the two other hands: Worlds.every) and
# Analyse's judgement, heap-locked. The bidding by random legal actions until a game is
# played (no bidding bot: its modules do not fit beside the play's; Ramsch and thrown-in
# deals are passed over); the player sits in every seat by turns.
DRIVER_THREE = r'''
from skat_core.three.game import ThreeGame, MAX_ACTIONS
from skat_core.three.rules import ThreeRules
from skat_core.bot.three import ThreeBot
from skat_core.bot.base import greedy_card
from skat_core.bot import advice, adviser
from skat_core.bot.analyse_judge import AnalyseJudge
from skat_core.codes import PH_DONE, PH_PLAY, V_PASS, V_PLAY
from skat_core.rng import Rng
from sim.device.mp.mpshim import lock, unlock

advice.TT_SLOTS = 256            # the board's table, on CPython too
hinter = ThreeBot("device", 1)   # first: its blocks come from a heap in one piece
adv = adviser.Adviser(hinter, "endgame", True)
g = ThreeGame(ThreeRules())
truth = bytearray(32)
buf = bytearray(12)
acts = [0] * MAX_ACTIONS
box = [0, 0]                     # the deal's seed, the player's seat
analyse = [None]


def deal(seed):
    """Random legal bidding (passing half the time); False if no game is played."""
    rng = Rng(seed * 7919 + 3)
    g.deal_from_seed(seed)
    while g.phase != PH_PLAY and g.phase != PH_DONE:
        n = g.legal_actions(g.to_act, acts)
        x = acts[rng.below(n)]
        for i in range(n):
            if acts[i] & 15 == V_PASS and rng.below(2) == 0:
                x = acts[i]
        g.act_encoded(g.to_act, x)
    box[0] = seed
    box[1] = seed % 3
    return g.phase == PH_PLAY and not g.ramsch
''' + COMMON


SEEDS_THREE = range(1, 46)


@pytest.mark.slow
@pytest.mark.mp
def test_hint_and_judge_at_three_run_heap_locked_and_match_cpython():
    expected = cpython_lines(DRIVER_THREE, SEEDS_THREE)
    assert len(expected) >= 60
    judged = [line for line in expected if int(line.split()[5]) in (1, 2)]
    assert len(judged) >= 10, "the judge judged cards at three"
    code = (guest_prelude(["skat_core.bot.advice", "skat_core.bot.adviser",
                           "skat_core.bot.analyse_judge", "skat_core.bot.three",
                           "skat_core.three.bidding", "skat_core.three.play"]) +
            "import advice_driver as d\ngc.collect()\nSEEDS = %r\n" % (SEEDS_THREE,) + LOOP)
    r = run_mp(code, heap_kb=HEAP_KB, timeout=900, modules={"advice_driver": DRIVER_THREE})
    assert r.ok, r.describe()
    assert r.stdout.splitlines() == expected
