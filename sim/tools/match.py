"""Duplicate match between two bots: ``python -m sim match --a BOT --b BOT --deals N --seed S``.

Every deal is played twice with the bots swapping seats (A in Vorhand then in Hinterhand), so
the luck of the cards cancels: the statistic is, per deal, (A's scores - B's scores) / 2, i.e.
A minus B per game. The 95 % interval is mean +- 1.96 standard errors over the deals.
Scores are the engine's (plain list: the declarer's signed score, Ramsch: the loser's minus);
``--rules '{"all_pass": "ramsch"}'`` plays other house rules. Besides the bot strengths the
host-only ``device-prev`` (the device bot before issue 13, sim/tools/previous.py) and
``device-nooffer`` / ``host-nooffer`` (never offer raus or Stich) can play.

``--table 3``: Skat zu dritt (skat_core.three, the bots of skat_core.bot.three: random,
greedy, device, host). Every deal in every seating: A alone in Vorhand, Mittelhand and
Hinterhand against two Bs, and B alone in each against two As; A minus B per game is the
mean over the seats of A's score there minus B's with the same cards and company.

The deals run in at most two worker processes (``--jobs``). Prints one JSON line per game
type, then the summary object as the last line; it counts the calls over all games:
``offers`` made (``offers_raus``, ``offers_stich``, ``a_offers``, ``b_offers``,
``offers_pre_lead``), ``offers_accepted``, ``offers_rejected``, ``contra``, ``re``, and what
the deals with an offer added to A - B (``call_counts``).
"""

import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from sim import cli  # noqa: E402
from sim.tools.previous import make_bot, ALL_STRENGTHS  # noqa: E402
from skat_core.cards import VH, HH, GAME_CHARS  # noqa: E402
from skat_core.codes import (  # noqa: E402
    PH_DONE, PH_PLAY, V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE, OFFER_RAUS, error_text,
)
from skat_core.notation.names import VERB_NAMES  # noqa: E402
from skat_core.engine.game import Game  # noqa: E402
from skat_core.rules import Rules  # noqa: E402


class BotError(AssertionError):
    """A bot chose an action the engine refused (a bug in the bot)."""


def play_deal(game, seed, bots, think_slice=0, calls=None):
    """Play one deal from ``seed`` with ``bots[VH]``, ``bots[HH]``; return the game's result.

    Before each action the player who is not to act may say an optional action (offer,
    Contra, Re). ``think_slice`` > 0 drives the bots through ``think`` in slices like the UI.
    ``calls``: a list that gets ``(player seat, verb, a, tricks done)`` of every offer,
    answer, Contra, Re.
    """
    game.deal_from_seed(seed)
    return play_on(game, seed, bots, think_slice, calls)


_CALLS = (V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE)


def play_on(game, seed, bots, think_slice=0, calls=None):
    """Play the game from its current state to the end (see ``play_deal``); ``seed`` only
    names the deal in errors."""
    steps = 0
    while game.phase != PH_DONE:
        steps += 1
        if steps > 400:
            raise BotError("deal %d: no end after 400 actions" % seed)
        seat = game.to_act
        player = game.actor(seat)
        if game.phase == PH_PLAY:
            other = 2 - player
            ov = game.view(other)
            opt = bots[other].optional(ov)
            if opt is not None:
                err = game.act(other, opt[0], opt[1], 0)
                if err:
                    raise BotError("deal %d: %s bot optional %s %d refused: %s" % (
                        seed, bots[other].strength, VERB_NAMES[opt[0]], opt[1], error_text(err)))
                if calls is not None:
                    calls.append((other, opt[0], opt[1], game.n_tricks))
                continue
        view = game.view(player)
        bot = bots[player]
        if think_slice:
            bot.begin(view)
            while not bot.think(think_slice):
                pass
        else:
            bot.decide(view)
        err = game.act(bot.seat, bot.verb, bot.a, bot.b)
        if err:
            raise BotError("deal %d: %s bot at seat %d: %s %d %d refused: %s" % (
                seed, bot.strength, bot.seat, VERB_NAMES[bot.verb], bot.a, bot.b,
                error_text(err)))
        if calls is not None and bot.verb in _CALLS:
            calls.append((player, bot.verb, bot.a, game.n_tricks))
    return game.result


def _player_scores(res):
    """Score of VH and HH for one result (plain list scoring)."""
    out = [0, 0, 0]
    if res.scorer >= 0:
        out[res.scorer] += res.score
    return out[VH], out[HH]


def _kind(res):
    if res.game_type is not None and 0 <= res.game_type < 6 and res.declarer >= 0:
        return GAME_CHARS[res.game_type]
    return ("none", "normal", "ramsch", "passed", "conceded", "given_up")[res.kind]


def run_deals(a, b, seeds, rules_dict):
    """Worker: play each deal twice; return per-deal records."""
    rules = Rules.from_dict(rules_dict)
    game = Game(rules)
    out = []
    for seed in seeds:
        rec = {"seed": seed, "games": []}
        diff = 0
        for swap in (False, True):
            # Seeds belong to the seat, not to the bot: the same deal and seat give the same
            # random stream whoever sits there, so swapping the bots only swaps the games.
            vh_bot = make_bot(b if swap else a, seed * 4 + 1)
            hh_bot = make_bot(a if swap else b, seed * 4 + 3)
            bots = {VH: vh_bot, HH: hh_bot}
            calls = []
            res = play_deal(game, seed, bots, calls=calls)
            s_vh, s_hh = _player_scores(res)
            sa, sb = (s_hh, s_vh) if swap else (s_vh, s_hh)
            diff += sa - sb
            a_seat = HH if swap else VH
            rec["games"].append({"kind": _kind(res), "a_declared": res.declarer == a_seat,
                                 "declared": res.declarer >= 0, "won": bool(res.won),
                                 "a": sa, "b": sb,
                                 "calls": [("a" if seat == a_seat else "b", verb, arg, t)
                                           for seat, verb, arg, t in calls]})
        rec["diff"] = diff / 2.0
        out.append(rec)
    return out


class Tally:
    """What the summary needs of the deals played so far, in constant memory: a match of
    any length streams its deals through one of these (``add`` a deal's record, ``merge``
    a worker's tally), never holding more than a chunk of records. Sums are kept as whole
    numbers (twice the per-deal differences), so the figures do not depend on the order in
    which chunks come back."""

    def __init__(self, per_deal=2, scale=2):
        self.per_deal = per_deal    # games per deal: 2 (en-deux), 6 (three: every seating)
        self.scale = scale          # a deal's diff is k / scale: k / 2, at three k / 3
        self.n = 0
        self.diff2 = 0          # sum over deals of scale * diff (an int)
        self.diff2_sq = 0       # sum of (scale * diff) ** 2
        self.a_total = 0
        self.b_total = 0
        self.kinds = {}
        self.calls = call_counts(())
        self.calls["offer_deals_diff"] = self.calls["pre_lead_deals_diff"] = 0   # 2 * sums

    def add(self, r):
        d2 = int(round(self.scale * r["diff"]))
        self.n += 1
        self.diff2 += d2
        self.diff2_sq += d2 * d2
        for gm in r["games"]:
            k = self.kinds.setdefault(gm["kind"], {"type": gm["kind"], "games": 0,
                                                   "a_declared": 0, "b_declared": 0,
                                                   "a_won": 0, "b_won": 0,
                                                   "a_score": 0, "b_score": 0})
            k["games"] += 1
            if gm["declared"]:
                who = "a" if gm["a_declared"] else "b"
                k[who + "_declared"] += 1
                if gm["won"]:
                    k[who + "_won"] += 1
            k["a_score"] += gm["a"]
            k["b_score"] += gm["b"]
            self.a_total += gm["a"]
            self.b_total += gm["b"]
        one = call_counts((r,))
        for key, value in one.items():
            if key.endswith("_diff"):
                value = int(round(2 * value))
            self.calls[key] += value

    def merge(self, other):
        self.n += other.n
        self.diff2 += other.diff2
        self.diff2_sq += other.diff2_sq
        self.a_total += other.a_total
        self.b_total += other.b_total
        for kind, counts in other.kinds.items():
            mine = self.kinds.setdefault(kind, dict(counts, **{
                key: 0 for key in counts if key != "type"}))
            for key, value in counts.items():
                if key != "type":
                    mine[key] += value
        for key, value in other.calls.items():
            self.calls[key] += value

    def summary(self, a, b, seconds):
        """(one line per game type, the summary object), as ``summarize`` gives them."""
        n = self.n
        k = self.scale
        mean = self.diff2 / k / n if n else 0.0
        # The sample variance of the diffs, exactly: (n sum d2^2 - (sum d2)^2) / (k^2 n (n-1)).
        var = (n * self.diff2_sq - self.diff2 ** 2) / (k * k * n * (n - 1)) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
        lines = [self.kinds[k] for k in sorted(self.kinds)]
        summary = {"a": a, "b": b, "deals": n, "games": self.per_deal * n,
                   "a_minus_b_per_game": round(mean, 3),
                   "ci95": [round(mean - half, 3), round(mean + half, 3)],
                   "a_total": self.a_total, "b_total": self.b_total,
                   "seconds": round(seconds, 1)}
        calls = dict(self.calls)
        for key in ("offer_deals_diff", "pre_lead_deals_diff"):
            calls[key] = calls[key] / 2.0
        summary.update(calls)
        return lines, summary


def summarize(a, b, records, seconds):
    tally = Tally()
    for r in records:
        tally.add(r)
    return tally.summary(a, b, seconds)


def run_tally(a, b, seeds, rules_dict, table=2):
    """Worker: ``run_deals`` (``run_deals_three`` at three) folded into a Tally (what goes
    back to the parent is small)."""
    if table == 3:
        tally = Tally(per_deal=6, scale=3)
        for r in run_deals_three(a, b, seeds, rules_dict):
            tally.add(r)
        return tally
    tally = Tally()
    for r in run_deals(a, b, seeds, rules_dict):
        tally.add(r)
    return tally


def play_three(game, seed, bots):
    """Play the three-player deal in ``game`` (dealt) to its end with ``bots[seat]``."""
    steps = 0
    while game.phase != PH_DONE:
        steps += 1
        if steps > 400:
            raise BotError("deal %d: no end after 400 actions" % seed)
        seat = game.to_act
        bot = bots[seat]
        bot.decide(game.view(seat))
        err = game.act(bot.seat, bot.verb, bot.a, bot.b)
        if err:
            raise BotError("deal %d: %s bot at seat %d: %s %d %d refused: %s" % (
                seed, bot.strength, bot.seat, VERB_NAMES[bot.verb], bot.a, bot.b,
                error_text(err)))
    return game.result


def run_deals_three(a, b, seeds, rules_dict):
    """Worker at three (Skat zu dritt): every deal in every seating - bot A in seat s with B
    in the other two, and B in seat s with A in the other two, for s = Vorhand, Mittelhand,
    Hinterhand - so the statistic per deal is the mean over the seats of A's score in a
    seat minus B's in the same seat with the same cards and the same company."""
    from skat_core.bot.three import ThreeBot
    from skat_core.three.game import ThreeGame
    from skat_core.three.rules import ThreeRules
    game = ThreeGame(ThreeRules.from_dict(rules_dict))
    out = []
    for seed in seeds:
        rec = {"seed": seed, "games": []}
        diff = 0
        for s in range(3):
            scores = []
            for lone, others in ((a, b), (b, a)):
                bots = [ThreeBot(lone if seat == s else others, seed * 8 + seat + 1)
                        for seat in range(3)]
                game.deal_from_seed(seed)
                res = play_three(game, seed, bots)
                got = [0, 0, 0]
                if res.scorer >= 0:
                    got[res.scorer] = res.score
                scores.append(got[s])
                rest = sum(got) - got[s]
                lone_is_a = lone == a
                rec["games"].append({
                    "kind": _kind(res),
                    "a_declared": res.declarer >= 0 and (res.declarer == s) == lone_is_a,
                    "declared": res.declarer >= 0, "won": bool(res.won),
                    "a": got[s] if lone_is_a else rest, "b": rest if lone_is_a else got[s],
                    "calls": []})
            diff += scores[0] - scores[1]
        rec["diff"] = diff / 3.0              # Tally(scale=3) keeps 3 * diff, an int
        out.append(rec)
    return out


CHUNK = 16          # deals a worker plays per task


def call_counts(records):
    """Offers made (``offers``: raus and Stich; by bot A and B; ``offers_pre_lead`` before the
    opening lead, the speculative ones of zweimal offen), how the declarer answered them,
    Contra and Re, counted over every game; the deals with an offer (``offer_deals``) and
    with one before the opening lead (``pre_lead_deals``) with the sum of their per-game
    differences A - B (``offer_deals_diff``, ``pre_lead_deals_diff``: against a bot that
    never offers, every other deal is the same game twice)."""
    out = {"offers": 0, "offers_raus": 0, "offers_stich": 0, "offers_pre_lead": 0,
           "offers_accepted": 0, "offers_rejected": 0, "contra": 0, "re": 0, "a_offers": 0,
           "b_offers": 0, "offer_deals": 0, "offer_deals_diff": 0.0, "pre_lead_deals": 0,
           "pre_lead_deals_diff": 0.0}
    for r in records:
        offered = pre = False
        for gm in r["games"]:
            for who, verb, arg, tricks in gm.get("calls", ()):
                if verb == V_OFFER:
                    offered = True
                    out["offers"] += 1
                    out["offers_raus" if arg == OFFER_RAUS else "offers_stich"] += 1
                    out[who + "_offers"] += 1
                    if tricks == 0:
                        pre = True
                        out["offers_pre_lead"] += 1
                elif verb == V_ACCEPT:
                    out["offers_accepted"] += 1
                elif verb == V_REJECT:
                    out["offers_rejected"] += 1
                elif verb == V_CONTRA:
                    out["contra"] += 1
                elif verb == V_RE:
                    out["re"] += 1
        if offered:
            out["offer_deals"] += 1
            out["offer_deals_diff"] += r["diff"]
        if pre:
            out["pre_lead_deals"] += 1
            out["pre_lead_deals_diff"] += r["diff"]
    return out


def main(argv):
    ap = cli.Parser(prog="python -m sim match", description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, choices=ALL_STRENGTHS)
    ap.add_argument("--b", required=True, choices=ALL_STRENGTHS)
    ap.add_argument("--deals", type=cli.int_range(1), default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=cli.int_range(1), default=2,
                    help="worker processes (at most 2)")
    ap.add_argument("--rules", default=None, help="house rules as a JSON object")
    ap.add_argument("--table", type=int, choices=(2, 3), default=2,
                    help="2: Skat-en-deux (default); 3: Skat zu dritt, every seating")
    args = ap.parse_args(argv)
    table = args.table
    if table == 3:
        from skat_core.bot.three import STRENGTHS as THREE_STRENGTHS
        from skat_core.three.rules import ThreeRules
        for name, value in (("--a", args.a), ("--b", args.b)):
            if value not in THREE_STRENGTHS:
                ap.fail(name, "at three one of %s, got %r" % (", ".join(THREE_STRENGTHS), value))
    rules_dict = None
    if args.rules:
        try:
            rules_dict = json.loads(args.rules)
            (ThreeRules if table == 3 else Rules).from_dict(rules_dict)
        except RecursionError:
            ap.fail("--rules", "nested too deeply")
        except json.JSONDecodeError as e:
            ap.fail("--rules", "not JSON: %s (column %d)" % (e.msg, e.colno))
        except ValueError as e:         # not house rules (the message says which)
            ap.fail("--rules", str(e))
    jobs = max(1, min(2, args.jobs))
    start = time.time()
    # Streamed: the deals are made, played and counted a chunk at a time, so memory stays
    # the same for 10 deals or 10**9 (which would run for months: Ctrl-C stops it).
    tally = Tally(per_deal=6, scale=3) if table == 3 else Tally()
    chunks = _chunks(args.seed * 100003, args.deals, CHUNK)
    if jobs == 1 or args.deals < 4:
        for chunk in chunks:
            tally.merge(run_tally(args.a, args.b, chunk, rules_dict, table))
    else:
        import collections
        import multiprocessing
        pending = collections.deque()
        with multiprocessing.Pool(jobs, initializer=cli.worker_ignores_sigint) as pool:
            for chunk in chunks:
                pending.append(pool.apply_async(run_tally, (args.a, args.b, chunk, rules_dict,
                                                            table)))
                if len(pending) >= 4 * jobs:        # a few tasks ahead, never the whole match
                    tally.merge(pending.popleft().get())
            while pending:
                tally.merge(pending.popleft().get())
    lines, summary = tally.summary(args.a, args.b, time.time() - start)
    for line in lines:
        print(json.dumps(line))
    print(json.dumps(summary))
    return 0


def _chunks(first, n, size):
    """The seeds first, first + 1, ... (``n`` of them) in ranges of ``size``, made lazily."""
    for lo in range(0, n, size):
        yield range(first + lo, first + min(n, lo + size))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
