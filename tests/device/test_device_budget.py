"""The device bot's time budget, in PyBadge-seconds measured by the harness (issue 3 targets).

Fuel per decision comes from the 32-bit MicroPython harness (``host.call("mark", ...)`` around
every decision) and is converted with ``budget.FUEL_PER_PYBADGE_SECOND``. The suite is the one
``python -m sim bench`` runs by default (24 seeded games, standard rules and Ramsch).
"""

import pytest

from sim.tools.bench import HEAP_KB, percentile, run_bench
from skat_core.budget import FUEL_PER_PYBADGE_SECOND

pytestmark = pytest.mark.mp

P95_LIMIT = 1.0     # PyBadge-seconds per decision, 95th percentile
MAX_LIMIT = 3.0     # PyBadge-seconds, any single decision


@pytest.fixture(scope="module")
def bench():
    res, result, per_kind = run_bench(games=24, seed=1, heap_kb=HEAP_KB)
    seconds = {k: [f / FUEL_PER_PYBADGE_SECOND for f in v] for k, v in per_kind.items()}
    return result, seconds, res.stdout


def test_every_decision_p95_within_one_pybadge_second(bench):
    _, seconds, _ = bench
    every = [s for v in seconds.values() for s in v]
    assert len(every) > 300
    assert percentile(every, 0.95) <= P95_LIMIT


def test_card_searches_alone_p95_within_one_pybadge_second(bench):
    """The card decisions are the expensive ones: they must meet the budget on their own,
    not only when diluted by the cheap offer/Contra checks."""
    _, seconds, _ = bench
    play = seconds["play"]
    assert len(play) > 150
    assert percentile(play, 0.95) <= P95_LIMIT


def test_no_decision_exceeds_three_pybadge_seconds(bench):
    _, seconds, _ = bench
    assert max(s for v in seconds.values() for s in v) <= MAX_LIMIT


def test_search_allocates_nothing_and_no_action_is_refused(bench):
    result, _, _ = bench
    allocs, refused = result[0], result[1]
    assert allocs == 0
    assert refused == 0


def test_whole_game_with_bot_fits_a_96_kb_heap(bench):
    """Issue 3: the suite (24 full games, every deal from the pre-play compile to the count)
    runs in a heap of 96 KB, the bench's own size: an exhausted heap ends the guest with a
    MemoryError and the fixture fails."""
    _, _, stdout = bench
    assert HEAP_KB == 96
    games_played = sum(1 for line in stdout.splitlines() if line.startswith("game "))
    assert games_played == 24
