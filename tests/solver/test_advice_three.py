"""The judge of card advice at Skat zu dritt (skat_core/bot/advice.py; issue 27 item 4): the
same judge as en-deux's hint and Analyse, over every deal of the two other hands (and of the
skat when the player has not seen it: ``Worlds.every``).

- ``Worlds.every`` gives exactly the deals of the unseen cards that fit what the player has
  seen - each other seat's count and voids, the skat's two cards - checked against a brute
  force; past its limit it says so (``complete`` False), never a part of them as all;
- on positions of seeded deals played at three by the rule of thumb: a card the judge calls
  a loss is dominated (the better card is >= in every world by exact values, better in the
  deal played by the gain it names), Analyse's verdict never lists a card the hint's lets
  pass, and the card the hint takes instead is a loss for neither.
"""

import itertools

from skat_core.bot import advice
from skat_core.bot.analyse_judge import AnalyseJudge
from skat_core.bot.know import OUT, Knowledge
from skat_core.bot.three import ThreeBot
from skat_core.bot.worlds import MAX_WORLDS, Worlds
from skat_core.codes import PH_DONE, PH_PLAY, V_PLAY
from skat_core.layout import two_bits
from skat_core.solver.solve import Solver
from skat_core.three.game import ThreeGame
from skat_core.three.rules import ThreeRules

from tests.solver.test_advice import check_positions


def positions(seeds, strength="greedy"):
    """(game, view, card played) at every card of one player (seat ``seed % 3``) of deals
    played at three by ``strength`` in every seat (Ramsch left out: not judged)."""
    for seed in seeds:
        g = ThreeGame(ThreeRules())
        g.deal_from_seed(seed)
        me = seed % 3
        bot = ThreeBot(strength, seed)
        while g.phase != PH_DONE:
            who = g.to_act
            verb, a, b = bot.decide(g.view(who))
            if g.phase == PH_PLAY and who == me and verb == V_PLAY and not g.ramsch:
                yield g, g.view(me), a
            assert g.act(who, verb, a, b) == 0


def brute_worlds(kn):
    """Every deal of ``kn``'s pool to its hidden holders (counts and voids), each as a
    frozenset of (card, holder): by combinations, holder after holder."""
    holders = [h for h in range(4) if kn.hidden[h]]
    pool = list(kn.pool[:kn.n_pool])
    out = set()

    def deal(k, left, acc):
        if k == len(holders):
            if not left:
                out.add(frozenset(acc))
            return
        h = holders[k]
        for cards in itertools.combinations(left, kn.need[h]):
            if all(kn.consistent(c, h) for c in cards):
                rest = [c for c in left if c not in cards]
                deal(k + 1, rest, acc + [(c, h) for c in cards])

    deal(0, pool, [])
    return out


def every_worlds(wd, kn):
    return set(frozenset((kn.pool[i], two_bits(wd.owner, w * 32 + kn.pool[i]))
                         for i in range(kn.n_pool)) for w in range(wd.n))


def test_every_world_at_three_is_each_deal_of_the_unseen_cards_that_fits_counts_and_voids():
    """From the sixth trick on (a brute force counts the deals there in a second): the declarer's
    view (the skat seen: two seats hidden) and a defender's (the skat hidden too). Where the
    deals are at most the limit, ``every`` gives each of them once; where there are more,
    it says it has not got them all."""
    kn = Knowledge()
    wd = Worlds()
    full = over = 0
    roles = set()
    for g, view, _ in positions(range(40)):
        if view.n_tricks < 5:
            continue
        kn.read(view)
        if kn.n_pool == 0:
            continue                  # the last card of the deal: nothing unseen
        want = brute_worlds(kn)
        n = wd.every(kn, MAX_WORLDS)
        holders = [h for h in range(4) if kn.hidden[h]]
        assert holders and view.me not in holders       # the others' cards, the skat
        roles.add(tuple(holders) if len(holders) > 1 else None)
        if len(want) <= MAX_WORLDS:
            assert wd.complete and n == len(want) == wd.n
            assert every_worlds(wd, kn) == want, (g.deal_ids, view.me)
            full += 1
        else:
            assert not wd.complete and n == MAX_WORLDS + 1
            over += 1
    assert full >= 100 and over >= 40, (full, over)
    assert any(OUT in h for h in roles if h) and any(OUT not in h for h in roles if h)


def test_every_world_within_a_smaller_limit_says_there_are_more():
    kn = Knowledge()
    wd = Worlds()
    for g, view, _ in positions(range(6)):
        if view.n_tricks == 6:
            kn.read(view)
            want = len(brute_worlds(kn))
            n = wd.every(kn, 5)
            assert wd.complete == (want <= 5) and n == min(want, 6)


def make_judge(mode):
    p = ThreeBot("device", 1)
    p.prepare_play()
    b, w, left, pts = advice.MODES[mode]
    return AnalyseJudge(p.player.kn, p.player.worlds, Solver(advice.TT_SLOTS), b, w, left, pts)


def test_judge_at_three_lists_only_proven_losses_and_never_the_hints_replacement():
    """The rule of thumb's cards at three, 30 deals, the desktop's parameters ("full": 66
    worlds, 8 tricks left): every loss is proven by exact values in every world, Analyse's
    verdict is never harsher than the hint's, the hint's replacement is a loss for neither;
    the declarer's cards and the defenders' are both judged."""
    verdicts, hint_loss, roles = check_positions(range(30), "full", None, make_judge("full"),
                                                 positions(range(30)))
    assert verdicts[advice.LOSS] >= 3 and verdicts[advice.SOUND] >= 40, verdicts
    assert hint_loss >= verdicts[advice.LOSS]
    assert roles == {True, False}
