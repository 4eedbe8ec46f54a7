"""skat_core: the Skat-en-deux game (cards, rules, engine, views, records) - portable, board-free.

Phases on the heap (the device compiles each module into its heap at import): ``PRE_PLAY``
modules serve only from the deal to the declaration, ``PLAY`` only from the opening lead to
the count. The engine imports each when its phase needs it, so an app short of heap calls
``drop(PRE_PLAY)`` at the first card and ``drop(PLAY)`` once the result is shown; the next
collection frees whatever nothing else still references (see docs/design.md, "Memory").
"""

# (name in this package, name in sys.modules): spelled out so that drop() allocates nothing.
PRE_PLAY = (("bidding", "skat_core.bidding"), ("values", "skat_core.values"),
            ("names", "skat_core.names"), ("record", "skat_core.record"),
            ("breakdown", "skat_core.breakdown"), ("series", "skat_core.series"),
            ("rulecheck", "skat_core.rulecheck"))
PLAY = (("play", "skat_core.play"),)


def drop(modules):
    """Forget the submodules ``modules`` (``PRE_PLAY`` or ``PLAY``) in sys.modules and in this
    package so that they can be collected; a later import compiles them again."""
    import sys
    pkg = globals()
    for name, full in modules:
        if full in sys.modules:
            del sys.modules[full]
        if name in pkg:
            del pkg[name]
