"""An evening on the board: the key script of a whole Liste of 36 varied deals, for the device
budget (sim/device/cpharness.py, tests/device/test_circuitpython.py).

The script is written by playing the app in the desktop simulator (``sim.board.play``, the same
code.py) with a policy that reads the screen on show and presses the keys a player would to
reach each deal's plan (``PLANS``): the settings first (Ramsch when all pass, a Liste of
36), then every game type declared by the player (suits, Grand, Null, Null ouvert), Hand,
Schneider and Schwarz announced, einmal and zweimal offen, the bot's own games, Ramsch, an
overbid concession and a Spielaufgabe, offers (made, accepted, rejected), Contra and Re, the
hint, the last trick, the rules help paged through, the settings with a switch of language
and back, the score sheet, the analysis (``SKAT_ANALYSIS`` = "endgame") and a power cut in
the middle of a deal (the script's ``CUT`` line: the board starts again from its nvm). The
plan is what the player aims at; the cards decide the rest (``coverage`` says what the
script really played, read from the records the app prints after each deal).

    python sim/device/evening.py            # write sim/device/evening36.keys anew (~2 min of CPU)
    python sim/device/evening.py --board feather_esp32s3_reverse_tft   # sim/device/evening36-three.keys
    python sim/device/evening.py --seed 11  # the same plans on another series' deals:
                                            #   sim/device/evening36-seed11.keys

The evening's deals come from ``SEED``; ``OTHER_SEEDS`` are series the heap was never tuned
to (issue 26: the budget holds on series dealt from other seeds), played with the same plans
- the cards decide how much of each plan a deal reaches.

tests/device/test_circuitpython.py checks that the script still plays all of that on CircuitPython
(``coverage`` of the records of its run); ``python sim/device/cpharness.py --evening 0`` runs it.

Keys go one decision at a time: navigation keys and the one key that acts, then the policy
looks again at the next sleep (the bot may have acted in between).
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from skat_core.cards import GT_C, GT_S, GT_H, GT_D, GT_GRAND, GT_NULL  # noqa: E402
from skat_core.cards import F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT  # noqa: E402
from skat_core.codes import (  # noqa: E402
    VERB_MASK, A_SHIFT, A_MASK, V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_CONCEDE, V_OFFER,
    V_CONTRA, V_RE, PH_PLAY, OFFER_RAUS, OFFER_STICH,
)

PATH = os.path.join(ROOT, "sim", "device", "evening36.keys")
# The three-button boards' evening (the Feathers: left, right, select; long select = back):
# the same plans, each key pressed as those boards do it (sim/board/keys.py, for_board).
PATH_THREE = os.path.join(ROOT, "sim", "device", "evening36-three.keys")
SEED = 5
OTHER_SEEDS = (11, 23, 42, 97)     # their scripts (``path``): written as above
ANALYSIS = "endgame"     # SKAT_ANALYSIS for the run (settings.toml on a board)
DEALS = 36
CUT = "CUT"              # a line of its own: the power goes, the board boots from its nvm

ALL = 264                # hold or bid up to this: the player takes the game

# One plan per deal. bid: the highest value the player bids or holds (0: passes at once);
# hand: a Hand game; game/flags: the declaration aimed at (the nearest legal one is taken);
# giveup: concede at the skat; offer: (trick, kind) the player offers as the opponent from
# that trick on (late, the bot rejects what it provably wins); answer: "accept"/"reject" the
# bot's offer; contra/re: say it when allowed (Contra only after a rejected offer);
# help/lang/settings/sheet/analyse/hint/last: the extras (lang: the settings' language
# switched, early, so that the deals after the power cut share one language and their live
# heaps compare; settings: the settings opened and left); cut: the power goes after that
# many tricks.
PLANS = (
    dict(bid=ALL, hand=True, game=GT_C, flags=F_SCHNEIDER, help=True),
    dict(bid=ALL, game=GT_GRAND, sheet=True),
    dict(bid=0, offer=(7, OFFER_RAUS), contra=True, hint=True, lang=True),
    dict(bid=ALL, game=GT_S, answer="reject", analyse=True),
    dict(bid=ALL, hand=True, game=GT_NULL, flags=F_OUVERT),
    dict(bid=0, offer=(3, OFFER_RAUS), cut=4),
    dict(bid=ALL, game=GT_H, answer="accept", last=True),
    dict(bid=ALL, game=GT_NULL),
    dict(bid=ALL, hand=True, game=GT_D, flags=F_SCHWARZ | F_OFFEN2),
    dict(bid=0, offer=(7, OFFER_RAUS), contra=True),
    dict(bid=ALL, giveup=True),
    dict(bid=ALL, hand=True, game=GT_GRAND, flags=F_SCHNEIDER | F_OFFEN1, analyse=True),
    dict(bid=0),
    dict(bid=ALL, game=GT_C, re=True),
    dict(bid=ALL, hand=True, game=GT_S, flags=F_OFFEN1, help=True),
    dict(bid=0, offer=(5, OFFER_STICH)),
    dict(bid=ALL, hand=True, game=GT_NULL),
    dict(bid=ALL, game=GT_D, answer="reject", sheet=True),
    dict(bid=0, settings=True),
    dict(bid=ALL, hand=True, game=GT_H, flags=F_SCHWARZ, hint=True),
    dict(bid=ALL, game=GT_GRAND, concede=True),
    dict(bid=0, offer=(6, OFFER_RAUS), contra=True, analyse=True),
    dict(bid=ALL, hand=True, game=GT_C, flags=F_SCHNEIDER | F_OFFEN2),
    dict(bid=ALL, game=GT_NULL, flags=F_OUVERT),
    dict(bid=0, offer=(2, OFFER_RAUS)),
    dict(bid=ALL, game=GT_S, answer="accept"),
    dict(bid=20, hand=True, game=GT_H),
    dict(bid=ALL, hand=True, game=GT_D),
    dict(bid=0, last=True),
    dict(bid=ALL, game=GT_GRAND, re=True, sheet=True),
    dict(bid=0),
    dict(bid=ALL, hand=True, game=GT_GRAND, flags=F_OFFEN2, analyse=True),
    dict(bid=ALL, game=GT_C, help=True),
    dict(bid=0, offer=(8, OFFER_RAUS), contra=True),
    dict(bid=ALL, hand=True, game=GT_NULL, flags=F_OUVERT),
    dict(bid=ALL, game=GT_H, sheet=True),
)
assert len(PLANS) == DEALS

# Before the first series: Ramsch when all pass (setting 0, value 1), a Liste of 36 games.
SETUP = {0: 1}


class Policy:
    """The keys for the app's state now (``decide``), one decision at a time."""

    def __init__(self, three=False):
        from skat_ui import settings as S
        self.three = three           # no Select key: the hint is the play menu's
        self.S = S
        self.setup = dict(SETUP)
        self.setup[S.I_SERIES] = S.SERIES_CHOICES.index(DEALS)
        self.done = set()            # (deal index, extra) already done
        self.task = None             # what the game menu was opened for
        self.waits = 0
        self.cut_done = False
        self.decl_keys = 0
        self.over = False            # the final score sheet was shown

    # ---------------------------------------------------------------- helpers
    def deal(self, app, finished=False):
        ser = app.series
        n = ser.games() if ser is not None else 0
        return n - 1 if finished else n

    def plan(self, app, finished=False):
        i = self.deal(app, finished)
        return PLANS[i] if 0 <= i < len(PLANS) else {}

    def once(self, app, what, finished=False):
        """True the first time ``what`` is asked for in this deal (and marks it done)."""
        key = (self.deal(app, finished), what)
        if key in self.done:
            return False
        self.done.add(key)
        return True

    @staticmethod
    def to(i, j, n, fwd="DOWN", back="UP"):
        """Keys moving a cursor from ``i`` to ``j`` over ``n`` places (no wrapping)."""
        if j >= i:
            return [fwd] * (j - i)
        return [back] * (i - j)

    # ---------------------------------------------------------------- the decision
    def decide(self, app):
        """A list of key tokens, or CUT."""
        scr = app._scr
        if scr is None or app.pending:
            return ["WAIT:1"]
        name = scr.name
        fn = getattr(self, "on_" + name, None)
        if fn is None:
            raise RuntimeError("no policy for screen %r" % name)
        keys = fn(app, scr)
        if keys == ["WAIT:1"]:
            self.waits += 1
            if self.waits > 200:
                raise RuntimeError("the policy waits for ever on %r" % name)
        else:
            self.waits = 0
        return keys

    def menu_to(self, scr, items, want, act="A"):
        for j, it in enumerate(items):
            if it[1] == want:
                return self.to(scr.i, j, len(items)) + [act]
        raise RuntimeError("no item %r in %r" % (want, [it[1] for it in items]))

    def on_title(self, app, scr):
        items = scr.items()
        if self.setup:
            return self.menu_to(scr, items, "settings")
        acts = [it[1] for it in items]
        if self.over:
            return ["END"]
        return self.menu_to(scr, items, "continue" if "continue" in acts else "new")

    def on_settings(self, app, scr):
        items = scr.items()
        st = app.settings
        if self.setup:
            idx = next(iter(self.setup))
            if st[idx] == self.setup[idx]:
                del self.setup[idx]
                return self.on_settings(app, scr)
            return self.menu_to(scr, items, idx)
        if self.task == "lang" and self.once(app, "lang-switch"):
            return self.menu_to(scr, items, self.S.I_LANG)
        return ["B"]

    def on_help(self, app, scr):
        from skat_ui import text
        if scr.i < text.HELP_PAGES - 1:
            return ["A"]
        return ["B"]

    def on_sheet(self, app, scr):
        if scr.final:
            self.over = True
        return ["A"]

    def on_notice(self, app, scr):
        return ["A"]

    def on_gamemenu(self, app, scr):
        items = scr.items()
        if self.task == "help" and self.once(app, "help-open"):
            return self.menu_to(scr, items, 1)
        if self.task in ("lang", "settings") and self.once(app, "settings-open"):
            return self.menu_to(scr, items, 2)
        self.task = None
        return self.menu_to(scr, items, 0)

    def extras_before_bidding(self, app):
        """The rules help or the language switch, from the game menu (its START key)."""
        p = self.plan(app)
        for what in ("help", "lang", "settings"):
            if p.get(what) and (self.deal(app), what) not in self.done:
                self.done.add((self.deal(app), what))
                self.task = what
                return ["START"]
        return None

    def on_bid(self, app, scr):
        g = app.game
        if g.player_to_act() != app.human:
            return ["WAIT:1"]
        extra = self.extras_before_bidding(app)
        if extra:
            return extra
        scr.refresh()
        return self.bid_keys(app, scr)

    def bid_keys(self, app, scr):
        """The bidding screen's keys to the plan's choice: the lowest bid or "yes" within its
        ``bid``, else Pass (the spinner of values, en-deux's and three's)."""
        opts = scr.opts
        limit = self.plan(app).get("bid", 0)
        want = None
        for j, x in enumerate(opts):
            v = x & VERB_MASK
            a = (x >> A_SHIFT) & A_MASK
            if v == V_YES and app.game.bid <= limit:
                want = j
            elif v == V_BID and a <= limit and want is None:
                want = j
        if want is None:
            want = [j for j, x in enumerate(opts) if x & VERB_MASK == V_PASS][0]
        return self.to(scr.i, want, len(opts), "RIGHT", "LEFT") + ["A"]

    def on_skat(self, app, scr):
        if scr.sub is not None:                 # the Ask of a Spielaufgabe: Ja
            return self.to(scr.sub.i, 1, 2) + ["A"]
        items = scr.items()
        if not items:
            return ["WAIT:1"]
        p = self.plan(app)
        verbs = [it[1][0] for it in items]
        if p.get("giveup") and V_CONCEDE in verbs:
            want = verbs.index(V_CONCEDE)
        elif p.get("hand") and V_HAND in verbs:
            want = verbs.index(V_HAND)
        else:
            want = verbs.index(V_PICKUP) if V_PICKUP in verbs else 0
        return self.to(scr.i, want, len(items)) + ["A"]

    def on_discard(self, app, scr):
        if app.game.player_to_act() != app.human:
            return ["WAIT:1"]
        if scr.giveup is not None:
            return self.on_giveup_sub(scr.giveup)
        if scr.confirm:
            return ["A"]
        if scr.n_marked == 0:
            return ["LEFT", "A"]                # the last card of the hand
        return ["LEFT", "LEFT", "A"]            # and the one before it

    def on_giveup_sub(self, sub):
        if sub.name == "ask":
            return self.to(sub.i, 1, 2) + ["A"]
        items = sub.items()
        return self.to(sub.i, 0, len(items)) + ["A"]

    def target_decl(self, app, scr):
        p = self.plan(app)
        want_gt = p.get("game", GT_C)
        want_fl = p.get("flags", 0)
        best = None
        for d in scr.decl:
            gt, fl = d >> 6, d & 63
            score = (gt == want_gt) * 100 - bin(fl ^ want_fl).count("1")
            if best is None or score > best[0]:
                best = (score, gt, fl)
        return best[1], best[2]

    def on_declare(self, app, scr):
        if scr.giveup is not None:
            return self.on_giveup_sub(scr.giveup)
        if app.game.player_to_act() != app.human:
            return ["WAIT:1"]
        if not scr.decl:
            scr.load()
        items = scr.items()
        rows = [it[1] for it in items]
        p = self.plan(app)
        if p.get("concede") and "giveup" in rows:
            return self.to(scr.i, rows.index("giveup"), len(rows)) + ["A"]
        gt, fl = self.target_decl(app, scr)
        self.decl_keys += 1
        if self.decl_keys > 60:                 # the levels do not combine so: declare now
            gt, fl = scr.gt, scr.flags
        if scr.gt != gt:
            return self.to(scr.i, 0, len(rows)) + ["A"]
        for row, mask in (("ann", F_SCHNEIDER | F_SCHWARZ), ("offen", F_OFFEN1 | F_OFFEN2),
                          ("ouvert", F_OUVERT)):
            if row in rows and (scr.flags ^ fl) & mask:
                return self.to(scr.i, rows.index(row), len(rows)) + ["A"]
        self.decl_keys = 0
        return self.to(scr.i, rows.index("go"), len(rows)) + ["A"]

    def on_giveup(self, app, scr):
        return self.on_giveup_sub(scr)

    def on_play(self, app, scr):
        g = app.game
        v = app.human_view()
        p = self.plan(app)
        if scr.menu is not None:
            m = scr.menu
            if m.name == "ask":
                return self.to(m.i, 1, 2) + ["A"]
            if m.name == "lasttrick":
                return ["A"]
            items = m.items()
            if self.task == "hint":
                self.task = None
                return self.menu_to(m, items, "hint")
            for j, it in enumerate(items):
                o = it[1]
                if type(o) is tuple and self.wanted(app, p, o):
                    self.done.add((self.deal(app), "said-%d" % o[0]))
                    return self.to(m.i, j, len(items)) + ["A"]
                if o == "last" and p.get("last") and self.once(app, "last"):
                    return self.to(m.i, j, len(items)) + ["A"]
            return self.menu_to(m, items, "back")
        if v.offer_pending and v.declarer == app.human:
            accept = p.get("answer") == "accept"
            return (["RIGHT"] if accept == bool(scr.answer) else []) + ["A"]
        cut = p.get("cut")
        if cut is not None and not self.cut_done and g.n_tricks >= cut \
                and g.player_to_act() == app.human and not app.held:
            self.cut_done = True
            return [CUT]
        if self.speak(app, p) or (p.get("last") and g.n_tricks and
                                  (self.deal(app), "last") not in self.done):
            return ["START"]
        if app.held:
            return ["A"]
        scr.refresh(v)
        if scr.seat < 0:
            return ["WAIT:1"]
        if p.get("hint") and g.n_tricks >= 1 and self.once(app, "hint"):
            if self.three:
                self.task = "hint"
                return ["START"]
            return ["SELECT"]
        return ["A"]

    def wanted(self, app, p, o):
        if (self.deal(app), "said-%d" % o[0]) in self.done:
            return False
        if o[0] == V_OFFER:
            off = p.get("offer")
            return off is not None and app.game.n_tricks >= off[0] and o[1] == off[1]
        if o[0] == V_CONTRA:
            return p.get("contra", False)
        if o[0] == V_RE:
            return p.get("re", False)
        return False

    def speak(self, app, p):
        """Something of the plan the player may say now (the play menu's START)."""
        g = app.game
        if g.phase != PH_PLAY or not app.human_may_speak():
            return False
        from skat_ui.screens.base import legal
        for o in legal(app, app.human):
            if o[0] in (V_OFFER, V_CONTRA, V_RE) and self.wanted(app, p, o):
                return True
        return False

    def on_playmenu(self, app, scr):
        raise RuntimeError("the play menu is the play screen's")

    def on_result(self, app, scr):
        p = self.plan(app, finished=True)
        if p.get("sheet") and self.once(app, "sheet", True):
            return ["B"]
        if p.get("analyse") and self.once(app, "analyse", True):
            return ["RIGHT"]
        return ["A"]

    def on_analysis(self, app, scr):
        if scr.state < 2:
            return ["WAIT:1"]
        return ["A"]


def generate(board="pybadge", log=print, seed=SEED, policy=None, tool="sim/device/evening.py"):
    """The script as text (segments split by CUT lines) and the deals' records, for the series
    dealt from ``seed``. ``policy``: another evening's (sim/device/evening3.py: at three),
    ``tool``: the command that writes it, named in the script's first line."""
    import tempfile
    from sim.board.platform import drivers, session as sess
    from sim.board import keys as keyscript
    from sim.board.platform import boards

    entry = boards.get(board)
    three = keyscript.three_buttons(entry)
    policy = policy or Policy(three)
    tokens = []
    records = []
    tmp = tempfile.mkdtemp(prefix="skat-evening-")
    nvm = os.path.join(tmp, "nvm.bin")
    os.environ["SKAT_ANALYSIS"] = ANALYSIS

    class PolicyDriver(drivers.HeadlessDriver):
        def sleep(self, seconds):
            if self.next >= len(self.actions) and not self.waits and not self.scheduled \
                    and self.hub.queues_empty():
                app = sys.modules["skat_ui.app"].CURRENT
                keys = policy.decide(app)
                if keys == [CUT] or keys == ["END"]:
                    if keys == [CUT]:
                        tokens.append("\n" + CUT + "\n")
                    raise drivers.ScriptDone(0)
                keys = keyscript.for_board(" ".join(keys), entry).split()
                tokens.extend(keys)
                self.actions.extend(keyscript.parse(" ".join(keys), entry))
            return drivers.HeadlessDriver.sleep(self, seconds)

    for part in range(2):
        session = sess.Session(board, nvm_path=nvm, seed=seed)
        rec_dir = os.path.join(tmp, "records%d" % part)
        os.makedirs(rec_dir)
        session.records_dir = rec_dir
        driver = PolicyDriver(session, [])
        make = sess.headless_display_maker(session, [], None, False, render_each=False)
        result = session.run(driver, make, virtual_clock=True)
        for name in sorted(os.listdir(rec_dir)):
            with open(os.path.join(rec_dir, name)) as f:
                records.append(json.load(f))
        log("part %d: %s, %d deals so far" % (part + 1, result.reason, len(records)))
        if not policy.cut_done or part == 1:
            break
    args = ("" if not three else " --board " + board) + (
        "" if seed == SEED else " --seed %d" % seed)
    return script_text(tokens, args, seed, tool), records


def script_text(tokens, args="", seed=SEED, tool="sim/device/evening.py"):
    """Tokens as lines of a key script (a line per ~16 keys; CUT on a line of its own)."""
    lines = ["# An evening of %d deals (%s writes it: python %s%s)." % (DEALS, tool, tool, args),
             "# Seed %d, SKAT_ANALYSIS=%s; a line with only CUT: the power goes there." % (
                 seed, ANALYSIS)]
    cur = []
    for t in tokens:
        if t.strip() == CUT:
            if cur:
                lines.append(" ".join(cur))
                cur = []
            lines.append(CUT)
            continue
        cur.append(t)
        if len(cur) >= 16:
            lines.append(" ".join(cur))
            cur = []
    if cur:
        lines.append(" ".join(cur))
    return "\n".join(lines) + "\n"


def path(board="pybadge", seed=SEED):
    """The evening's key script for ``board`` and the series dealt from ``seed``."""
    from sim.board import keys as keyscript
    base = PATH_THREE if keyscript.three_buttons(board) else PATH
    return base if seed == SEED else base[:-len(".keys")] + "-seed%d.keys" % seed


def segments(text=None, board="pybadge", seed=SEED):
    """The script's segments (key script texts) between CUT lines."""
    if text is None:
        with open(path(board, seed)) as f:
            text = f.read()
    parts = [[]]
    for line in text.splitlines():
        if line.strip() == CUT:
            parts.append([])
        else:
            parts[-1].append(line)
    return ["\n".join(p) + "\n" for p in parts]


def coverage(records):
    """What the deals played, from their records (docs/records.md): a dict of counts."""
    c = {}

    def add(k):
        c[k] = c.get(k, 0) + 1
    for r in records:
        acts = [a.split() for a in r["actions"]]
        verbs = [a[1] for a in acts]
        add("deals")
        if "declare" in verbs:
            a = acts[verbs.index("declare")]
            add("game " + a[2])
            for w in a[3:]:
                add(w)
            add("hand" if "hand" in verbs else "pickup")
            add("declarer " + a[0])
        elif verbs.count("pass") >= 2 and "play" in verbs:
            add("ramsch")
        for v in ("offer", "accept", "reject", "contra", "re", "concede"):
            if v in verbs:
                add(v)
    return c


REQUIRED = ("game C", "game S", "game H", "game D", "game G", "game N", "ramsch", "hand",
            "pickup", "schneider", "schwarz", "offen1", "offen2", "ouvert", "offer", "accept",
            "reject", "contra", "concede")


def missing(cov):
    return [k for k in REQUIRED if not cov.get(k)]


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python sim/device/evening.py", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("--board", default="pybadge",
                    help="a simulator board; the three-button ones share one script")
    ap.add_argument("--seed", type=int, default=SEED,
                    help="the series' seed (default %d, the evening's; OTHER_SEEDS: %s)" % (
                        SEED, ", ".join(str(x) for x in OTHER_SEEDS)))
    args = ap.parse_args(argv)
    if not 0 <= args.seed < 1 << 30:
        ap.error("--seed: from 0 to 2**30 - 1")
    out = path(args.board, args.seed)
    text, records = generate(args.board, seed=args.seed)
    cov = coverage(records)
    print(json.dumps(cov, sort_keys=True))
    gone = missing(cov)
    if gone:
        print("the plans did not reach: %s" % ", ".join(gone))
    with open(out, "w") as f:
        f.write(text)
    print("wrote %s (%d deals)" % (out, len(records)))
    return 1 if gone else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
