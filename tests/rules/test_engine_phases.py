"""Phase split (docs/design.md, "Memory"): the engine imports ``bidding`` only before play and
``play`` only during play, and ``skat_core.drop`` lets an app free a phase's modules while the
other phase runs - without changing a single result."""

import sys

import pytest

import skat_core
from skat_core.codes import PH_PLAY, PH_DONE
from skat_core.engine.game import Game
from skat_core.rng import Rng
from skat_core.rules import Rules
from sim.device.mpharness import run_mp
from sim.build import relayout

RULESETS = ({}, {"all_pass": "ramsch"}, {"bidding": "farben"})


def play_deals(rules, seeds, drops):
    """Random legal games; with ``drops`` the modules of the finished phase are dropped at the
    first card and at the count. Returns what happened: actions, scores, results."""
    g = Game(Rules.from_dict(rules))
    rng = Rng(11)
    out = [0] * 128
    trace = []
    for seed in seeds:
        g.deal_from_seed(seed)
        dropped = False
        while g.phase != PH_DONE:
            if g.phase == PH_PLAY and drops and not dropped:
                skat_core.drop(skat_core.PRE_PLAY)
                dropped = True
                assert "skat_core.engine.bidding" not in sys.modules
                assert "skat_core.engine.values" not in sys.modules
            x = g.random_action(rng, out)
            trace.append(x)
            assert g.act_encoded(g.to_act, x) == 0
            g.view(0)
            g.view(2)
        r = g.result
        trace.append((r.kind, r.won, r.value, r.score, tuple(r.seat_points)))
        if drops:
            assert g.play_mod is None, "the Game lets go of play at the count"
            skat_core.drop(skat_core.PLAY)
            assert "skat_core.engine.play" not in sys.modules
    return trace


@pytest.mark.parametrize("rules", RULESETS)
def test_dropping_each_phase_s_modules_changes_no_game(rules):
    seeds = range(40, 52)
    assert play_deals(rules, seeds, True) == play_deals(rules, seeds, False)


def test_play_needs_no_pre_play_module():
    g = Game()
    g.deal_from_seed(3)
    rng, out = Rng(2), [0] * 128
    while g.phase != PH_PLAY:
        g.act_encoded(g.to_act, g.random_action(rng, out))
    skat_core.drop(skat_core.PRE_PLAY)
    while g.phase != PH_DONE:
        g.act_encoded(g.to_act, g.random_action(rng, out))
        g.view(0)
        g.view(2)
    for name in skat_core.PRE_PLAY:     # incl. bid_ladder and bid_declare, split from bidding
        assert name not in sys.modules, name


GUEST = '''
from skat_core.engine.game import Game
from skat_core.codes import PH_PLAY, PH_DONE
from skat_core.rng import Rng
import skat_core, micropython
G = Game()
R = Rng(3)
OUT = [0] * 128
def to_play(seed):
    G.deal_from_seed(seed)
    while G.phase != PH_PLAY:
        G.act_encoded(G.to_act, G.random_action(R, OUT))
        G.view(0)
        G.view(2)
def drop_locked(which):
    micropython.heap_lock()
    skat_core.drop(which)
    micropython.heap_unlock()
def to_end():
    while G.phase != PH_DONE:
        G.act_encoded(G.to_act, G.random_action(R, OUT))
        G.view(0)
        G.view(2)
'''


@pytest.mark.mp
def test_on_micropython_dropping_a_phase_frees_its_modules_allocation_free():
    # Automatic GC is off in the harness; collections only at the guest's top level. The
    # engine is imported the app's way (bidding and play on use, not by a prelude: a module
    # imported at the top level of -c code stays referenced from its frame).
    code = (
        "import gc\ngc.disable()\ngc.collect()\n"
        "import phases as h\n"
        "for S in (5, 6, 6, 6, 6, 6):\n"
        "    h.to_play(S)\n"
        "    gc.collect()\n"
        "    a = gc.mem_alloc()\n"
        "    h.drop_locked(h.skat_core.PRE_PLAY)\n"
        "    gc.collect()\n"
        "    b = gc.mem_alloc()\n"
        "    h.to_end()\n"
        "    h.drop_locked(h.skat_core.PLAY)\n"
        "    gc.collect()\n"
        "    print(a, b, gc.mem_alloc())\n"
        "import sys\n"
        "print('LOADED', ' '.join(sorted(k for k in sys.modules if k.startswith('skat_core'))))\n")
    r = run_mp(code, heap_kb=128, modules={"phases": GUEST})
    assert r.ok, r.describe()
    lines = r.stdout.split("\n")
    loaded = [ln for ln in lines if ln.startswith("LOADED")][0].split()[1:]
    assert relayout.device_module("skat_core.engine.game") in loaded, "the device's module names"
    for host_only in ("notation.cardtext", "notation.names",
                      "notation.record", "engine.breakdown", "engine.series"):
        assert relayout.device_module("skat_core." + host_only) not in loaded, "the device plays without " + host_only
    rows = [[int(x) for x in ln.split()] for ln in lines if ln.strip() and ln[0].isdigit()]
    assert len(rows) == 6
    for before, in_play, after in rows:
        print("engine heap: before play %d B, play after drop(PRE_PLAY) %d B, after "
              "drop(PLAY) %d B" % (before, in_play, after))
        assert before - in_play >= 4096, "bidding + values are freed during play"
        assert in_play - after >= 2048, "play is freed after the count"
    # The same deal again and again, its modules re-imported each time: what stays after the
    # count is the same bytes every deal (a leak that outlives a deal fails this), and the
    # deal in play does not take more at every replay. The readings in play move by 16-80 B
    # from deal to deal on some name plans and checkouts, up or down: the collector scans
    # conservatively, and a dead object a stale word points at may stay for a deal or two.
    assert len(set(r[2] for r in rows[1:])) == 1, "nothing stays behind from one deal to the next"
    for k in (0, 1):
        seen = [r[k] for r in rows[1:]]
        assert max(seen) - min(seen) <= 128, ("the same deal in play takes the same", seen)
        assert any(b <= a for a, b in zip(seen, seen[1:])), ("no growth in play", seen)


def test_cards_still_offers_the_notation_helpers_it_delegates_to_cardtext():
    from skat_core import cards
    from skat_core.notation import cardtext
    for name in ("card_str", "parse_card", "parse_cards", "cards_str", "seat_index",
                 "game_index", "suit_of", "rank_of", "card_points", "is_jack", "SUITS", "RANKS"):
        assert getattr(cards, name) is getattr(cardtext, name)
    from skat_core.cards import parse_cards, card_str
    assert parse_cards("CJ D7") == [4, 31] and card_str(4) == "CJ"
    with pytest.raises(AttributeError):
        cards.no_such_helper
