"""Host-only strengths for the host tools: the previous device bot, ``device-prev`` (and
``host-prev``, the host bot's card play with the same pre-play modules), and bots that never
offer, ``device-nooffer`` and ``host-nooffer`` (issue 18: what the offers are worth, measured
in a duplicate match against them).

Issue 13 retrained the bidding and declaring; to measure the new device bot against the one
it replaced, the host tools (``python -m sim match``, ``python -m sim oracle``) can still play
the old one. Nothing here ships to the device: the old pre-play modules (the bidding table,
hand evaluation, declaration) are compiled from the git history at ``PREV_COMMIT`` into
module objects of their own (the package's current modules stay untouched), and a ``device``
Bot gets them through ``Bot.prelude_mod`` plus the parameters it had then
(``PREV_PARAMS``). Card play is the current device's: issue 13 changed only what happens
before the first card and the parameters listed here.

So the tree holds no second copy of that code; it needs the repository's history (any clone).
"""

import os
import subprocess
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import skat_core  # noqa: E402
from sim.build import relayout  # noqa: E402
from skat_core.bot.bot import Bot, STRENGTHS  # noqa: E402
from skat_core.codes import V_OFFER  # noqa: E402

PREV_COMMIT = "0acaa5b3032824f5b2faf32d58d545e0078e715c"   # main when issue 13 started
# The pre-play modules of that commit, each after those it imports.
_MODULES = ("bidtable", "bot_hand", "bot_eval", "bot_choice", "bot_discard", "bot_declare",
            "bot_decl")
# The modules that commit's pre-play modules import from its flat skat_core and that have
# moved since, with where they are now (the flat names were the device's until the short
# names of sim/build/relayout.py; the rest they import kept its name: cards, codes).
PREV_MOVED = {"skat_core.values": "skat_core.engine.values"}
# Bot attributes of the previous device that issue 13 changed (name -> value then).
PREV_PARAMS = {"play_shift": (1, -3, 0)}
HOST_STRENGTHS = ("device-prev", "host-prev", "device-nooffer", "host-nooffer")
ALL_STRENGTHS = STRENGTHS + HOST_STRENGTHS

_loaded = {}


def _source(name):
    try:
        out = subprocess.run(["git", "-C", ROOT, "show", "%s:skat_core/%s.py" % (PREV_COMMIT, name)],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        raise RuntimeError("device-prev needs the git history with commit %s: %s"
                           % (PREV_COMMIT[:7], e))
    # That commit's skat_core was flat: its imports of today's moved modules are mapped to
    # the source tree (``PREV_MOVED``); the pre-play modules keep their old names and reach
    # the old copies compiled before them.
    return relayout.rewrite(out.stdout, PREV_MOVED, ())


def previous_modules():
    """{name: module} of the previous pre-play modules (compiled once per process)."""
    if not _loaded:
        _loaded.update(compile_previous())
    return _loaded


def compile_previous():
    """Compile the previous pre-play modules into new module objects; the package and
    sys.modules are left as they were."""
    pkg = skat_core.__dict__
    saved = {n: (sys.modules.get("skat_core." + n), pkg.get(n)) for n in _MODULES}
    mods = {}
    try:
        for name in _MODULES:
            mod = types.ModuleType("skat_core_prev." + name)
            mod.__file__ = "%s:skat_core/%s.py" % (PREV_COMMIT[:7], name)
            # The old modules import each other through the package: while one runs its
            # imports, the package names the old copies compiled so far.
            for n, m in mods.items():
                sys.modules["skat_core." + n] = m
                pkg[n] = m
            exec(compile(_source(name), mod.__file__, "exec"), mod.__dict__)
            mods[name] = mod
    finally:
        for n, (sm, pm) in saved.items():
            if sm is None:
                sys.modules.pop("skat_core." + n, None)
            else:
                sys.modules["skat_core." + n] = sm
            if pm is None:
                pkg.pop(n, None)
            else:
                pkg[n] = pm
    return mods


def make_bot(name, seed):
    """A Bot of strength ``name``: one of ``skat_core.bot.bot.STRENGTHS``, ``device-prev`` or
    ``host-prev`` (the host bot's card play with the previous pre-play modules)."""
    if name.endswith("-nooffer"):
        bot = NoOfferBot(name[:-8], seed)
        bot.strength_name = name
        return bot
    if name in HOST_STRENGTHS:
        bot = Bot(name[:-5], seed)
        bot.prelude_mod = previous_modules()["bot_decl"]
        for k, v in PREV_PARAMS.items():
            setattr(bot, k, v)
        bot.strength_name = name
        return bot
    return Bot(name, seed)


class _NoOffers:
    """The offers module of a Bot, minus the offers: its answers, Contra and Re unchanged."""

    def __init__(self, mod):
        self.mod = mod

    def optional_action(self, bot, view):
        if self.mod.optional_action(bot, view):
            return bot.opt_verb != V_OFFER
        return False


class NoOfferBot(Bot):
    """A Bot that never offers raus or Stich and otherwise plays as its strength (the same
    computations, so the same random stream up to the first offer it keeps to itself)."""

    def prepare_play(self):
        built = Bot.prepare_play(self)
        if self.offers is not None and not isinstance(self.offers, _NoOffers):
            self.offers = _NoOffers(self.offers)
        return built
