"""An evening at three on the board: the key script of a whole list of 36 deals of Skat zu dritt
against the two bots, for the device budget of a drive that holds Skat zu dritt
(``python -m sim bundle --three``; sim/device/cpharness.py ``--table 3``; issue 27).

Written like en-deux's evening (sim/device/evening.py, whose policy this one extends): the
app is played in the desktop simulator by a policy that reads the screen on show and presses
the keys a player would to reach each deal's plan (``PLANS``): the settings first (a list of
36, Ramsch when all pass, Kontra on, one Bock round), then the title's "Neue Liste zu dritt";
per deal how high the player bids (the cards and the bots decide who plays), Hand, the game
and its levels aimed at, Kontra or Re when the player may say it, the hint, the score sheet
and the analysis (``SKAT_ANALYSIS`` = "endgame").

    python sim/device/evening3.py           # write sim/device/evening36-table3.keys anew
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from sim.device import evening as E  # noqa: E402
from skat_core.cards import GT_C, GT_S, GT_H, GT_D, GT_GRAND, GT_NULL  # noqa: E402
from skat_core.cards import F_SCHNEIDER, F_OUVERT  # noqa: E402
from skat_core.codes import V_CONTRA, V_RE  # noqa: E402

PATH = os.path.join(ROOT, "sim", "device", "evening36-table3.keys")
TOOL = "sim/device/evening3.py"
SEED = E.SEED
TABLE = 3
ALL = E.ALL

# One plan per deal (the player's part; the bots bid and play their own): bid, hand, game,
# flags as en-deux's evening; kontra/re: say it when the player may; hint, sheet, analyse:
# the extras.
PLANS = (
    dict(bid=ALL, game=GT_C, hint=True),
    dict(bid=0, kontra=True),
    dict(bid=ALL, hand=True, game=GT_GRAND, analyse=True),
    dict(bid=20, game=GT_S, sheet=True),
    dict(bid=ALL, game=GT_NULL),
    dict(bid=0, hint=True, analyse=True),
    dict(bid=ALL, hand=True, game=GT_H, flags=F_SCHNEIDER, re=True),
    dict(bid=0, kontra=True, sheet=True),
    dict(bid=ALL, game=GT_D, analyse=True),
    dict(bid=ALL, hand=True, game=GT_NULL, flags=F_OUVERT),
    dict(bid=0),
    dict(bid=ALL, game=GT_GRAND, hint=True, re=True),
)
PLANS = PLANS * 3
assert len(PLANS) == E.DEALS


class Policy(E.Policy):
    """En-deux's evening policy on the screens of three (``bid3``, ``push``, ``play3``,
    ``result3``) and this module's plans; the skat, discard and declaration screens are
    en-deux's and so are their keys."""

    def __init__(self):
        E.Policy.__init__(self)
        from skat_ui import settings as S
        # A list of 36; at three Ramsch when all pass, Kontra on, one Bock round.
        self.setup = {S.I_SERIES: S.SERIES_CHOICES.index(E.DEALS), S.I_THREE: 1,
                      S.I_THREE + 1: 1, S.I_THREE + 2: 1}

    def plan(self, app, finished=False):
        i = self.deal(app, finished)
        return PLANS[i] if 0 <= i < len(PLANS) else {}

    def on_title(self, app, scr):
        items = scr.items()
        if self.setup:
            return self.menu_to(scr, items, "settings")
        if self.over:
            return ["END"]
        acts = [it[1] for it in items]
        return self.menu_to(scr, items, "continue" if "continue" in acts else TABLE)

    def on_bid3(self, app, scr):
        scr.refresh()
        if not scr.opts or app.game.player_to_act() != app.human:
            return ["WAIT:1"]
        return self.bid_keys(app, scr)

    def on_push(self, app, scr):
        return ["A"] if scr.items() else ["WAIT:1"]

    def wanted(self, app, p, o):
        if (self.deal(app), "said-%d" % o[0]) in self.done:
            return False
        return (o[0] == V_CONTRA and p.get("kontra", False)) or (
            o[0] == V_RE and p.get("re", False))

    def on_play3(self, app, scr):
        g = app.game
        p = self.plan(app)
        if scr.menu is not None:
            m = scr.menu
            if m.name == "ask":
                return self.to(m.i, 1, 2) + ["A"]
            items = m.items()
            for j, it in enumerate(items):
                o = it[1]
                if type(o) is tuple and self.wanted(app, p, o):
                    self.done.add((self.deal(app), "said-%d" % o[0]))
                    return self.to(m.i, j, len(items)) + ["A"]
            return self.menu_to(m, items, "back")
        if app.held:
            return ["A"]
        if app.human < 0 or g.player_to_act() != app.human:
            return ["WAIT:1"]
        if self.speak(app, p):
            return ["START"]
        if p.get("hint") and g.n_tricks >= 6 and self.once(app, "hint"):
            return ["SELECT", "WAIT:20"]
        return ["A"]

    def on_result3(self, app, scr):
        return self.on_result(app, scr)


def generate(log=print, seed=SEED):
    """The script as text and the deals' records (sim/device/evening.py ``generate`` with this
    module's policy)."""
    return E.generate(log=log, seed=seed, policy=Policy(), tool=TOOL)


def segments(text=None):
    """The script's segments (one: no power cut at three yet)."""
    if text is None:
        with open(PATH) as f:
            text = f.read()
    return E.segments(text)


def coverage(records):
    """What the deals played (sim/device/evening.py ``coverage``), with who declared."""
    return E.coverage(records)


# What the evening at three must play (a test checks it from the records of its run on
# CircuitPython): every game type, Hand and a pickup, Schneider, ouvert, Ramsch, Kontra, and
# games declared from each seat.
REQUIRED = ("game C", "game S", "game H", "game D", "game G", "game N", "hand", "pickup",
            "schneider", "ouvert", "ramsch", "contra", "declarer vh", "declarer mh",
            "declarer hh")


def missing(cov):
    return [k for k in REQUIRED if not cov.get(k)]


def main(argv):
    import argparse
    import json
    ap = argparse.ArgumentParser(prog="python " + TOOL, description=__doc__.split("\n\n")[0])
    ap.parse_args(argv)
    text, records = generate()
    cov = coverage(records)
    print(json.dumps(cov, sort_keys=True))
    if missing(cov):
        print("not played: %s (the plans or the screens changed)" % ", ".join(missing(cov)))
        return 1
    from sim import cli
    with cli.atomic_file(PATH, encoding="utf-8") as f:
        f.write(text)
    print("wrote %s (%d deals)" % (PATH, len(records)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
