"""One source of card advice (issue 18 item 4): the solver's per-card query and the judge
(skat_core/bot/advice.py) that the hint and Analyse both ask.

- ``Solver.card_value`` gives, card by card, what ``move_points``/``move_values`` give for
  all cards at once (random endgames, unlimited budget);
- with a budget and a cleared table its answer and exactness depend on the position alone:
  the same after any other queries (the judge's determinism rests on it);
- the judge on positions of seeded deals: a card it calls a loss is dominated (the better
  card is >= in every world, > in one), Analyse's verdict (the played world first) never
  lists a card the hint's verdict lets pass, the hint's replacement is never a loss itself.
"""

import random

import pytest

from skat_core.solver.solve import Solver
from tests.support.solver_positions import load, random_position, rng_for

GAMES = (0, 1, 2, 3, 4, 5)


@pytest.mark.parametrize("game", GAMES)
def test_card_value_equals_the_answers_for_all_cards(game):
    rng = rng_for(1800 + game)
    s = Solver(1024)
    out = bytearray(32)
    for _ in range(40):
        pos = random_position(rng, rng.randint(1, 4), game)
        assert load(s, pos) == 0
        if game == 5:
            n = s.move_values(1, 0, out, 1)
        else:
            n = s.move_points(0, out)
        assert n >= 1
        for c in range(32):
            if out[c] == 255:
                continue
            assert load(s, pos) == 0
            v = s.card_value(c, 1, 0, tricks=1 if game == 5 else 0, points=game != 5)
            assert s.exact == 1 and v == out[c], (pos, c)
        if game != 5:
            assert load(s, pos) == 0
            s.move_values(61, 0, out, 0)
            for c in range(32):
                if out[c] != 255:
                    assert load(s, pos) == 0
                    assert s.card_value(c, 61, 0) == out[c]


def test_card_value_with_a_budget_depends_on_the_position_alone():
    """A cleared table and the same budget: the same value and exactness, whatever the
    solver answered before (other positions, other cards, other budgets)."""
    rng = rng_for(1899)
    positions = [random_position(rng, rng.randint(5, 6), rng.choice(GAMES))
                 for _ in range(8)]
    fresh = Solver(256)
    used = Solver(256)
    noise = random.Random(5)
    out = bytearray(32)
    for pos in positions:
        assert load(fresh, pos) == 0
        fresh.move_points(0, out) if pos["game"] != 5 else fresh.move_values(1, 0, out, 1)
        cards = [c for c in range(32) if out[c] != 255]
        for c in cards:
            for budget in (300, 2000):
                pts = pos["game"] != 5
                # noise first: another position, another query, in the used solver
                other = noise.choice(positions)
                assert load(used, other) == 0
                used.declarer_points(noise.choice((50, 500, 2000))) if other["game"] != 5 \
                    else used.null_won(500)
                answers = []
                for s in (fresh, used):
                    s.tt.new_generation()
                    assert load(s, pos) == 0
                    v = s.card_value(c, 61 if pts else 1, budget, tricks=not pts, points=pts)
                    answers.append((v, s.exact, s.nodes))
                assert answers[0] == answers[1], (pos, c, budget, answers)


# ----------------------------------------------------------------------------- the judge

from skat_core.bot import advice  # noqa: E402
from skat_core.bot.analyse_judge import AnalyseJudge  # noqa: E402
from skat_core.bot.bot import Bot  # noqa: E402
from skat_core.codes import PH_DONE, PH_PLAY, V_PLAY  # noqa: E402
from skat_core.engine.game import Game  # noqa: E402
from skat_core.rules import Rules  # noqa: E402


def truth_of(g):
    """The holder of every card now (0-2, 3 = out of play), as Analyse gives it."""
    t = bytearray(b"\x03" * 32)
    buf = bytearray(12)
    for s in range(3):
        for i in range(g.cards_of(s, buf)):
            t[buf[i]] = s
    return t


def positions(seeds, strengths=("greedy", "greedy")):
    """(game, view, card played) at every card of one player (VH on odd seeds, HH on
    even ones), the deals played by ``strengths`` (that player's, the other's)."""
    for seed in seeds:
        g = Game(Rules())
        g.deal_from_seed(seed)
        me = 0 if seed % 2 else 2
        bots = {me: Bot(strengths[0], seed), 2 - me: Bot(strengths[1], seed + 1)}
        while g.phase != PH_DONE:
            who = g.actor(g.to_act)
            verb, a, b = bots[who].decide(g.view(who))
            if g.phase == PH_PLAY and who == me and verb == V_PLAY:
                yield g, g.view(me), a
            assert g.act(bots[who].seat, verb, a, b) == 0


def make_judge(mode):
    p = Bot("device", 1)
    p.prepare_play()
    b, w, left, pts = advice.MODES[mode]
    return AnalyseJudge(p.player.kn, p.player.worlds, Solver(advice.TT_SLOTS), b, w, left, pts)


def run(j, view, card, truth=None):
    j.start(view, card, truth)
    n = 0
    while not j.step():
        n += 1
        assert n < 10000
    return j.state


def exact_values(j, w):
    """Every legal card's exact value in world ``w`` of the judge's last position (an
    unlimited solver of its own): what the judge's values must be where they are exact."""
    s = Solver(4096)
    keep = j.solver
    j.solver = s
    out = {}
    for c in j.cards[:j.n_cards]:
        assert advice.load_world(j, w) == 0
        out[c] = s.card_value(c, j.target, 0, j.tricks, j.points)
    j.solver = keep
    return out


def check_positions(seeds, mode, strengths, j=None, moves=None):
    """The judge ``j`` (default: en-deux's in ``mode``) at every position of ``moves``
    (default: ``positions(seeds, strengths)``): (verdicts by state, hint losses, the roles
    judged: True for the declarer's cards, False for a defender's)."""
    j = j or make_judge(mode)
    verdicts = {advice.UNKNOWN: 0, advice.SOUND: 0, advice.LOSS: 0}
    hint_loss = 0
    roles = set()
    for g, view, card in moves if moves is not None else positions(seeds, strengths):
        truth = truth_of(g)
        played = run(j, view, card, truth)
        verdicts[played] += 1
        if played != advice.UNKNOWN:
            roles.add(view.me == view.declarer)
        if played == advice.LOSS:
            better, gain, a = j.better, j.gain, j.a
            # Proven by exact values: >= in every world, better in the deal played by gain.
            for w in range(j.n):
                v = exact_values(j, w)
                good = (lambda x: x) if j.hi else (lambda x: -x)
                assert good(v[better]) >= good(v[card]), (g.deal_ids, w)
                if w == a:
                    assert good(v[better]) - good(v[card]) == gain > 0
        hinted = run(j, view, card)
        if played == advice.LOSS:
            assert hinted == advice.LOSS, "Analyse lists a card the hint's judge lets pass"
        if hinted == advice.LOSS:
            hint_loss += 1
            better = j.better
            assert run(j, view, better) != advice.LOSS, "the hint's card is dominated"
            assert run(j, view, better, truth) != advice.LOSS, "Analyse lists the hint's card"
    return verdicts, hint_loss, roles


def test_judge_lists_only_proven_losses_and_never_the_hints_replacement():
    """Greedy play (rules of thumb: cards the search would not choose), 24 deals, the
    board's parameters ("endgame": the last 6 tricks, 1,000 nodes a value): every loss is
    proven by exact values in every world, Analyse's verdict is never harsher than the
    hint's, and the card the hint takes instead is a loss for neither."""
    verdicts, hint_loss, _ = check_positions(range(1, 25), "endgame", ("greedy", "greedy"))
    assert verdicts[advice.LOSS] >= 5 and verdicts[advice.SOUND] >= 50, verdicts
    assert hint_loss >= verdicts[advice.LOSS]


@pytest.mark.slow
def test_judge_on_the_desktops_parameters():
    """The same with the desktop's parameters ("full": from 8 tricks left, 10,000 nodes a
    value), the player by the device bot against "easy", 60 deals."""
    verdicts, hint_loss, _ = check_positions(range(100, 160), "full", ("easy", "device"))
    assert verdicts[advice.LOSS] >= 10, verdicts
