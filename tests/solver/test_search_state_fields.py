"""The search state's objects keep their attribute tables one step small (docs/memory.md, "An
object's attributes are a table that grows in steps").

CircuitPython keeps an instance's attributes in a hash table that is reallocated one size up
whenever it is full (2, 4, 6, 8, 10, 12, 17, 23, 29, 37, 47, 59, 73, ... entries of 8 bytes).
The bot builds its Player and Solver at every deal's first card, and the hint builds its
judge, at the play's peak on the heap: one field more than a step costs a new, larger block
there, and those blocks were what failed the evening's deals on the tight heap layouts. So
each keeps to a step, counted after real use (a game played out with offers, hints and an
analysis' judge), since a field first set in a method counts too.
"""

from skat_core.bot import advice
from skat_core.bot.bot import Bot
from skat_core.codes import PH_DONE, PH_PLAY, V_PLAY
from skat_core.engine.game import Game
from skat_core.rules import Rules
from skat_core.solver.solve import Solver

# The steps of CircuitPython's attribute tables (py/map.c, hash_allocation_sizes).
STEPS = (2, 4, 6, 8, 10, 12, 17, 23, 29, 37, 47, 59, 73, 97, 127)
SOLVER_FIELDS = 59           # 73 before: a 584-byte table
PLAYER_FIELDS = 29           # 37 before: 296 bytes
JUDGE_FIELDS = 37            # the hint's judge (36 fields): 47 would be 376 bytes


def most_fields(seed):
    """Two device bots (offers on) play a seeded deal and the hint's judge rules on each
    card; the most fields each kind of object had after any decision."""
    g = Game(Rules())
    g.deal_from_seed(seed)
    bots = {0: Bot("device", seed), 2: Bot("device", seed + 1)}
    most = {"player": 0, "solver": 0, "judge": 0}
    judge = None
    while g.phase != PH_DONE:
        who = g.actor(g.to_act)
        verb, a, b = bots[who].decide(g.view(who))
        p = bots[who].player
        if g.phase == PH_PLAY and verb == V_PLAY and p is not None:
            most["player"] = max(most["player"], len(p.__dict__))
            most["solver"] = max(most["solver"], len(p.solver.__dict__))
            if judge is None:
                judge = advice.Judge(p.kn, p.worlds, Solver(advice.TT_SLOTS),
                                     *advice.MODES["endgame"])
            judge.start(g.view(who), a)
            n = 0
            while not judge.step():
                n += 1
                assert n < 100000
            most["judge"] = max(most["judge"], len(judge.__dict__))
        assert g.act(bots[who].seat, verb, a, b) == 0
    return most


def test_the_solver_the_player_and_the_hints_judge_each_keep_to_a_table_step():
    assert {SOLVER_FIELDS, PLAYER_FIELDS, JUDGE_FIELDS} <= set(STEPS)
    played = 0
    for seed in (3, 8, 21, 34):
        most = most_fields(seed)
        if not most["judge"]:
            continue                    # no card was played (a concession, all passed)
        played += 1
        assert most["solver"] <= SOLVER_FIELDS, most
        assert most["player"] <= PLAYER_FIELDS, most
        assert most["judge"] <= JUDGE_FIELDS, most
    assert played >= 3, "the deals were played with the search"
