"""A small duplicate match: the device bot beats the random baseline.

Random never bids and plays random cards, so over a few duplicate deals the device bot must
come out ahead (every deal is played twice with the seats swapped; the statistic is the
device's score minus random's per game).
"""

from sim.tools.match import run_deals, summarize


def test_device_beats_random_over_a_few_duplicate_deals():
    records = run_deals("device", "random", [11 + i for i in range(12)], None)
    lines, summary = summarize("device", "random", records, 0.0)
    assert summary["deals"] == 12
    assert summary["a_minus_b_per_game"] > 0
    assert summary["b_total"] <= 0          # random never declares: it can only lose points


def test_match_statistic_is_antisymmetric():
    """Swapping the bots negates the per-deal difference (same seeds, same seat swap)."""
    ab = run_deals("greedy", "random", [5, 6], None)
    ba = run_deals("random", "greedy", [5, 6], None)
    assert [r["diff"] for r in ab] == [-r["diff"] for r in ba]
