"""skat_core: the Skat-en-deux game (cards, rules, engine, views, records) - portable, board-free.

Phases on the heap (the device compiles each module into its heap at import): ``PRE_PLAY``
modules serve only from the deal to the declaration, ``PLAY`` only from the opening lead to
the count. The engine imports each when its phase needs it, so an app short of heap calls
``drop(PRE_PLAY)`` at the first card and ``drop(PLAY)`` once the result is shown; the next
collection frees whatever nothing else still references (see docs/design.md, "Memory").
"""

PRE_PLAY = ("bidding", "bid_ladder", "bid_declare", "values", "names", "record", "breakdown", "series", "rulecheck")
PLAY = ("play", "play_tricks", "play_calls", "play_count")


def drop(modules):
    """Forget the submodules ``modules`` (``PRE_PLAY``, ``PLAY``, the bot's ``bot._PRELUDE``,
    ``bot._PLAY``) in this package and in
    sys.modules so that they can be collected; a later import compiles them again.
    Allocation-free (a module's ``__name__`` is its sys.modules key)."""
    import sys
    pkg = globals()
    for name in modules:
        mod = pkg.get(name)
        if mod is not None:
            del pkg[name]
            sys.modules.pop(mod.__name__, None)
