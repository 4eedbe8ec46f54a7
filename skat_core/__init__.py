"""skat_core: the Skat-en-deux game (cards, rules, engine, views, records, solver, bot) -
portable, board-free.

The packages: ``engine`` (the deal as a state: bidding, play, count, series), ``notation``
(card and code texts, game records), ``solver`` (double dummy), ``bot``; beside them the
basics every part reads: ``cards``, ``codes``, ``rules``, ``layout`` (the live numbering and
the trick rule), ``rng``, ``budget``.

What is resident when (one table; the device's heap holds one phase's code at a time, see
docs/memory.md): ``PRE_PLAY`` modules serve only from the deal to the declaration, ``PLAY``
only from the opening lead to the count, the bot's ``BOT_PRELUDE`` before its first card and
``BOT_PLAY`` (dependencies first) from its first card to the count. The engine and the bot
import each when its phase needs it; the app calls ``drop`` with a phase's tuple when the
phase ends, and the next collection frees whatever nothing else still references.

Names are full module names of this source tree; the bundle maps them to the device's module
layout with the imports (sim/build/relayout.py).
"""

PRE_PLAY = ("skat_core.engine.bidding", "skat_core.engine.bid_ladder",
            "skat_core.engine.bid_declare", "skat_core.engine.values",
            "skat_core.notation.names", "skat_core.notation.record",
            "skat_core.engine.breakdown", "skat_core.rulecheck")
PLAY = ("skat_core.engine.play", "skat_core.engine.play_tricks",
        "skat_core.engine.play_calls", "skat_core.engine.play_count")
BOT_PRELUDE = ("skat_core.bot.prelude.decl", "skat_core.bot.prelude.discard",
               "skat_core.bot.prelude.declare", "skat_core.bot.prelude.choice",
               "skat_core.bot.prelude.hand_eval", "skat_core.bot.prelude.hand",
               "skat_core.bot.prelude.bidtable")
# Dependencies first, and the largest blocks as early as that allows: the search's loop
# (~1.9 KB of bytecode in one block) and the loader's (~1.1 KB) are taken right after the
# pre-play modules were freed, while their room is still in one piece.
BOT_PLAY = ("skat_core.solver.movegen", "skat_core.solver.order", "skat_core.solver.bounds",
            "skat_core.solver.table", "skat_core.solver.search", "skat_core.solver.load",
            "skat_core.solver.values", "skat_core.solver.solve", "skat_core.bot.worlds",
            "skat_core.bot.load", "skat_core.bot.pick", "skat_core.bot.play",
            "skat_core.bot.offer")
# The packages whose attributes may hold a module of the tables above.
PACKAGES = ("skat_core", "skat_core.engine", "skat_core.notation", "skat_core.solver",
            "skat_core.bot", "skat_core.bot.prelude")


def drop(modules, packages=PACKAGES):
    """Forget the modules named in ``modules`` (full names: a phase's tuple above, or the
    app's screens with ``packages=("skat_ui",)``): out of sys.modules and off the
    attributes of ``packages``, so that they can be collected; a later import compiles them
    again. Allocation-free: the names are constants, and a module is found on its package
    by identity."""
    import sys
    for full in modules:
        mod = sys.modules.get(full)
        if mod is None:
            continue
        del sys.modules[full]
        for name in packages:
            pkg = sys.modules.get(name)
            if pkg is None:
                continue
            attrs = pkg.__dict__
            for key in attrs:
                if attrs[key] is mod:
                    del attrs[key]
                    break
