"""The evening's plans on other seeds' series (sim/device/evening.py ``OTHER_SEEDS``): the key
scripts the heap budget runs on deals it was never tuned to (issue 26)."""

import os

import pytest

from sim.device import cpharness as H
from sim.device import evening as E


@pytest.mark.parametrize("seed", E.OTHER_SEEDS)
def test_each_other_seed_has_its_script_written_for_that_seed(seed):
    path = E.path(seed=seed)
    assert path != E.PATH and path.endswith("-seed%d.keys" % seed)
    with open(path) as f:
        head = f.read().split("\n", 2)[:2]
    assert "--seed %d" % seed in head[0] and head[1].startswith("# Seed %d," % seed)


@pytest.mark.parametrize("seed", E.OTHER_SEEDS)
def test_the_harness_runs_a_seeds_script_with_that_seed(seed):
    kw = H.evening(12, seed=seed)
    assert kw["seed"] == seed and kw["stop"] == 12 and len(kw["keys"]) >= 1
    assert kw["keys"] != tuple(E.segments())


def test_the_evening_itself_is_the_default_seed():
    assert E.path() == E.PATH and H.evening()["seed"] == E.SEED
    assert E.SEED not in E.OTHER_SEEDS


def test_a_seed_out_of_the_small_ints_is_refused_by_the_generator(capsys):
    with pytest.raises(SystemExit) as e:
        E.main(["--seed", str(1 << 30)])
    assert e.value.code == 2 and "--seed" in capsys.readouterr().err


def test_a_seed_without_the_evening_is_refused_in_one_line(capsys):
    assert H.main(["--seed", "11"]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["cannot run: --seed goes with --evening"]


def test_a_seed_without_its_script_is_refused_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(H, "why_not", lambda *a: None)
    assert H.main(["--evening", "12", "--seed", "7"]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "no evening for seed 7" in out[0]
    assert "python sim/device/evening.py --seed 7" in out[0]
    assert not os.path.exists(E.path(seed=7))
