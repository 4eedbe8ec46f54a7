"""Analyse's and the device hint's judge with a knowledge, worlds and solver of its own.

Not in skat_core.bot.advice, whose source then no longer compiles in the 96 KB a module gets
on a ``.py`` drive (tests/device/test_portable.py); loaded and dropped with it (``skat_core.ADVICE``).
"""

from skat_core.bot.advice import BOARD, TT_SLOTS, MODES, DEFAULT_MODE, Judge


def own_judge(bot, mode, judge=Judge):
    """A judge (``judge``: the hint's class, or Analyse's: skat_core.bot.analyse_judge) with
    a knowledge, worlds and solver of its own (allocates), in ``mode``'s parameters: on a board in the blocks the device ``bot`` keeps for its search state
    (``device_blocks``) when that state does not exist (between deals: Analyse; during play
    on the device: the hint after the bot's card search, ``skat_ui.hint``), so neither the
    bot's Player nor its module ``skat_core.bot.play`` is in the heap with the judge."""
    from skat_core.bot.bot import device_blocks
    from skat_core.bot.know import Knowledge
    from skat_core.bot.worlds import Worlds
    from skat_core.solver.solve import Solver
    blocks = device_blocks() if BOARD and bot.player is None else None
    if blocks and len(blocks[1]) == TT_SLOTS:
        worlds = Worlds(blocks[0])
        s = Solver(TT_SLOTS, blocks[1:])
    else:
        worlds = Worlds()
        s = Solver(TT_SLOTS)
    b, w, left, pts = MODES[mode if mode in MODES else DEFAULT_MODE]
    return judge(Knowledge(), worlds, s, b, w, left, pts)
