"""An oracle for bids and declarations: ``python -m sim oracle``.

For one player's ten cards in a seat (VH or HH), offered the game at 18, the oracle scores
every choice - pass, each game Hand with its levels, each game after picking up the skat -
over ``--worlds`` sampled worlds (the 22 unseen cards dealt at random to the opponent, the
dummy and the skat), each world solved with all cards known by the project's solver
(``skat_core/solver/solve.py``). The bots' own choices for the same hand are scored on the same
worlds, so the difference is the bot's **regret** (docs/bot.md, "Oracle").

Hidden information, decided once here (docs/bot.md says why and what it biases):
- the worlds are drawn from the player's view: his ten cards fixed, the rest uniform;
- Hand: the game is fixed before the world is known; the world's skat counts for the
  declarer's points and matadors;
- pickup: the player sees the skat, not the split of the other 20 cards, so the discard and
  the game must not depend on the split. The oracle's pickup choices name the game before the
  pickup and discard by a rule of thumb that sees only the twelve cards (``rule_discard``); the
  bots' pickups discard and declare by their own logic from the twelve cards. No choice ever
  picks a discard or a game per world after seeing the split (the per-world best, the
  record's ``clairvoyant``, is stored apart, never used as a choice);
- the opening lead is made before the dummy is turned up, when Vorhand (declarer or opponent)
  knows only his own cards: the oracle leads by the rule of thumb from those cards
  (``rule_lead``; ``--lead dd`` lets the solver lead, seeing every card);
- from the second card on, play is double dummy: both sides play perfectly knowing every
  card, so the opponent also knows the skat. Levels (offen) are scored on the same solves:
  double dummy, the opponent already sees everything, so open play costs nothing there - the
  oracle's known optimism for offen (docs/bot.md).

Each world and game is answered by zero-window tests (61, then 90 if won; Null: no trick),
~37x cheaper than exact points; a lost game is counted without the Schneider level (the 31
test costs ~10x the 61 test); tests are cached per (world, game, skat) and stored,
so a rerun for another bot solves only what is new. A test gets ``--cap`` nodes (deepening;
beyond it the solver's static estimate answers: counted as ``inexact``). Games that win fewer
than ``SCREEN_WINS`` of the first ``SCREEN`` worlds, and all but the ``KEEP`` games with the
best score there, are not followed further (``pruned``; their choices stay out of the oracle's
best: the oracle can only miss games that looked worse in the screen, so its best is if
anything low). A Null the capped search did not refute counts as won.

Regret per hand = the oracle's best choice minus the bot's, both on the same worlds; the best
is the max over noisy estimates (biased up alike for every bot), so the report also gives the
cross-fitted best (picked on half of the worlds, scored on the other half and back: unbiased
for what it picks, low).

Runs:
    python -m sim oracle --deals 500 --seed 11 --out o.jsonl             # resumable
    python -m sim oracle --deals 500 --seed 11 --out o2.jsonl --reuse o.jsonl --bots device
    python -m sim oracle --report o.jsonl                                 # figures
    python -m sim oracle --hand "CJ SJ HJ CA CT CK C9 SA ST H7" --seat vh      # one hand
Long runs: ``nice -n 10``; the solver is pure Python, so PyPy (``pypy3 -m sim oracle``) runs
the same code ~7x faster with the same answers.
"""

import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from skat_core.bot.base import greedy_card  # noqa: E402
from skat_core.cards import (  # noqa: E402
    VH, HH, GT_NULL, GAME_CHARS, F_HAND, F_SCHNEIDER, F_OFFEN1, F_OFFEN2, F_OUVERT,
)
from skat_core.codes import (  # noqa: E402
    PH_PLAY, PH_DONE, PH_SKAT, PH_DISCARD, PH_DECLARE, V_PASS,
)
from skat_core.engine.game import Game  # noqa: E402
from skat_core.rng import Rng  # noqa: E402
from skat_core.engine.score import Result, settle_suit, null_value  # noqa: E402
from skat_core.solver.solve import Solver  # noqa: E402
from skat_core.engine.values import matadors  # noqa: E402
# The deal of a seed and the rule-of-thumb discard are the training tool's: the oracle's
# pickups discard like the table's training did.
from sim.tools.train_bidding import deal_of, rule_discard  # noqa: E402,F401
from sim import cli  # noqa: E402

SCREEN = 4               # worlds every game is tested on before it may be pruned
SCREEN_WINS = 2          # wins in those worlds a game needs to be scored on all worlds
KEEP = 3                 # at most this many games (Hand or pickup) are scored on all worlds
BID = 18
SEAT_NAME = {VH: "vh", HH: "hh"}
# Outcome classes of a suit or Grand game (points of the declarer, skat included); the
# representative points go into the engine's count. A lost game is not asked whether the
# declarer also stayed below 31 (that test is the dearest, ~10x the 61 test, and it only
# deepens losses of games that are bad anyway): losses count without the Schneider level.
LOST, WON, WON_SCHNEIDER = 1, 2, 3
_REP_POINTS = (30, 60, 61, 90)
_SUIT_LEVELS = (("", 0), ("O1", F_OFFEN1), ("O2", F_OFFEN2))


def deal_seeds(seed, n):
    """The oracle's deals: its own seed range (training uses seed * 1000003 + i, the match
    tool seed * 100003 + i; ``--seed`` picks a range neither touched)."""
    return range(seed * 100019 + 7, seed * 100019 + 7 + n)     # lazily: any --deals fits


def sample_worlds(hand, seed, seat, n):
    """``n`` worlds (opponent's ten, dummy's ten, skat) for ``hand``, uniform over the rest."""
    held = set(hand)
    rest = bytearray(c for c in range(32) if c not in held)
    rng = Rng((seed * 4 + seat) & 0x3FFFFFFF)
    out = []
    for _ in range(n):
        rng.shuffle(rest)
        out.append((list(rest[0:10]), list(rest[10:20]), list(rest[20:22])))
    return out


class _LeadView:
    """The little of a View that ``skat_core.bot.base.greedy_card`` reads at the opening lead."""

    def __init__(self, cards, gt, declarer):
        self.hand = bytearray(cards)
        self.n_hand = len(cards)
        self.me = VH
        self.to_act = VH
        self.game_type = gt
        self.declarer = declarer
        self.trick_n = 0
        self.led_field = -1
        self.played = bytearray(32)
        self.ramsch = False
        self.n_dummy = 0
        self.dummy = bytearray(10)


def rule_lead(vh_cards, gt, declarer):
    """Vorhand's opening lead by the rule of thumb (``skat_core.bot.base.greedy_card``: a master with
    points, else the cheapest card; Null: the lowest): chosen from his own ten cards only, as
    before the reveal he sees nothing else (the device bot's lead is this card unless its
    three shallow samples prefer another)."""
    return greedy_card(_LeadView(vh_cards, gt, declarer))


def score_of(gt, flags, cls, mat, declarer):
    """The engine's score of a game at bid 18 that ends in outcome class ``cls``."""
    if gt == GT_NULL:
        v = null_value(flags)
        return v if cls else -2 * v
    r = Result()
    r.game_type = gt
    r.flags = flags
    r.bid = BID
    r.matadors = mat
    r.decl_points = _REP_POINTS[cls]
    r.decl_tricks = 1
    r.opp_tricks = 1
    r.declarer = declarer
    settle_suit(r, False, False)    # no offer in these games: the rejection rule plays no part
    return r.score


class Evaluator:
    """One hand in one seat over its worlds: cached tests, scores per choice."""

    def __init__(self, solver, seat, hand, worlds, cap, cache=None, screen_cap=50000,
                 lead="rule"):
        self.s = solver
        self.lead = lead
        self.seat = seat
        self.hand = list(hand)
        self.worlds = worlds
        self.cap = cap
        self.screen_cap = screen_cap
        self.cache = cache if cache is not None else {}
        self.solves = 0
        self.inexact = 0
        self.nodes = 0

    def _load(self, w, gt, kept, skat):
        opp, dummy, _ = self.worlds[w]
        vh, hh = (kept, opp) if self.seat == VH else (opp, kept)
        trick = []
        if self.lead == "rule":
            c = rule_lead(vh, gt, self.seat)
            vh = [x for x in vh if x != c]
            trick = [c]
        if self.s.load(gt, self.seat, vh, dummy, hh, skat, VH, trick):
            raise RuntimeError("solver refused a world")

    def _test(self, kind, target, cap):
        s = self.s
        if kind == "n":
            r = s.null_won(cap)
            if not s.exact:
                # Not refuted within the cap: refuting a Null is quick (one forced trick),
                # proving it needs the whole tree (up to millions of nodes), and the solver's
                # estimate would call every unproven Null lost. So it counts as won.
                r = 1
        else:
            r = s.reaches(target, cap)
        self.solves += 1
        self.nodes += s.nodes
        return r, s.exact

    def outcome(self, w, gt, skat, screen=False):
        """Outcome class in world ``w`` of ``gt`` with ``skat`` out of play (the declarer
        holds his twelve cards minus ``skat``). ``screen``: the 61 test alone with the small
        ``screen_cap`` (WON or LOST; Null: won or not). Cached as [won, exact, schneider]:
        schneider is the 90 test, -2 when the full stage needed none (lost, or Null), -1 when
        only the screen ran (then a full query asks again: an inexact 61 at the full cap)."""
        key = "%d|%d|%d,%d" % (w, gt, min(skat), max(skat))
        got = self.cache.get(key)
        if got is not None and (screen or got[2] != -1):
            return _cls(gt, got)
        twelve = self.hand + list(self.worlds[w][2])
        kept = [c for c in twelve if c not in skat]
        self._load(w, gt, kept, skat)
        kind = "n" if gt == GT_NULL else "p"
        if screen:
            r, exact = self._test(kind, 61, self.screen_cap)
            got = [r, exact, -1]
        else:
            if got is None or not got[1]:
                r, exact = self._test(kind, 61, self.cap)
                if not exact:
                    self.inexact += 1
                got = [r, exact, -1]
            if got[0] and gt != GT_NULL:
                got[2] = self._test("p", 90, self.cap)[0]
            else:
                got[2] = -2
        self.cache[key] = got
        return _cls(gt, got)

    def matadors(self, w, gt):
        return matadors(self.hand + list(self.worlds[w][2]), gt)


def _cls(gt, got):
    if gt == GT_NULL:
        return got[0]
    if got[0]:
        return WON_SCHNEIDER if got[2] == 1 else WON
    return LOST


def oracle_choices(ev, forehand, keep=KEEP):
    """Scores per world of every oracle choice (label -> list) and the games pruned.

    Every game (Hand and pickup) is first tested in the first ``SCREEN`` worlds; a game that
    wins fewer than ``SCREEN_WINS`` of them (a win rate that low cannot pay: a game needs 2/3
    to break even) is pruned, and of the rest the ``keep`` with the best mean score there
    (plain level) are scored on every world, with all their levels."""
    n = len(ev.worlds)
    out = {"pass": [0] * n}
    groups = []
    for hand_game in (True, False):
        for gt in range(6):
            name = GAME_CHARS[gt] + ("H" if hand_game else "P")
            skats = []
            for w in range(n):
                if hand_game:
                    skats.append(ev.worlds[w][2])
                else:
                    skats.append(rule_discard(ev.hand + list(ev.worlds[w][2]), gt, forehand)[1])
            wins = 0
            total = 0
            for w in range(min(SCREEN, n)):
                c = ev.outcome(w, gt, skats[w], screen=True)
                won = (gt == GT_NULL and c) or (gt != GT_NULL and c >= WON)
                wins += 1 if won else 0
                mat = 0 if gt == GT_NULL else ev.matadors(w, gt)
                total += score_of(gt, F_HAND if hand_game else 0, c, mat, ev.seat)
            groups.append((wins >= SCREEN_WINS, total, -len(groups), name, hand_game, gt, skats))
    groups.sort(reverse=True)
    pruned = []
    for i, (enough, _, _, name, hand_game, gt, skats) in enumerate(groups):
        if not enough or i >= keep:
            pruned.append(name)
            continue
        cls = [ev.outcome(w, gt, skats[w]) for w in range(n)]
        base_flags = F_HAND if hand_game else 0
        if gt == GT_NULL:
            out[name] = [score_of(gt, base_flags, c, 0, ev.seat) for c in cls]
            out[name + "ouvert"] = [score_of(gt, base_flags | F_OUVERT, c, 0, ev.seat)
                                    for c in cls]
            continue
        mats = [ev.matadors(w, gt) for w in range(n)]
        for lname, lflags in _SUIT_LEVELS:
            out[name + lname] = [score_of(gt, base_flags | lflags, cls[w], mats[w], ev.seat)
                                 for w in range(n)]
            if hand_game:
                out[name + "S" + lname] = [
                    score_of(gt, base_flags | F_SCHNEIDER | lflags, cls[w], mats[w], ev.seat)
                    for w in range(n)]
    return out, sorted(pruned)


# ----------------------------------------------------------------------------- the bots
def make_bot(name, seed):
    """A bot by strength name; host-only names (``device-prev``) come from sim.tools.previous."""
    from sim.tools import previous
    return previous.make_bot(name, seed)


def bot_choice(name, ev, game):
    """The bot's choice at 18 in each world: (label, scores per world). The label names the
    choice of the first world (Hand choices are the same in every world; a pickup's discard
    and game depend on the skat)."""
    seat = ev.seat
    scores = []
    labels = {}
    buf = bytearray(12)
    for w in range(len(ev.worlds)):
        opp, dummy, skat = ev.worlds[w]
        vh, hh = (ev.hand, opp) if seat == VH else (opp, ev.hand)
        game.deal_hands(vh, dummy, hh, skat)
        bot = make_bot(name, 1000 + w)
        if seat == VH:
            game.act(HH, V_PASS, 0, 0)           # the dealer passed: VH takes 18 or passes
        label = _run_bot(game, bot, seat)
        if label is None:
            label = "pass"
            score = 0
        elif game.phase == PH_DONE:
            label = "concede"
            score = game.result.score if game.result.scorer == seat else 0
        else:
            gt = game.game_type
            flags = game.flags
            n = game.cards_of(seat, buf)
            kept = list(buf[:n])
            sk = list(game.skat)
            cls = ev.outcome(w, gt, sk)
            mat = matadors(kept + sk, gt) if gt != GT_NULL else 0
            score = score_of(gt, flags, cls, mat, seat)
            label = flag_label(gt, flags)
        labels[label] = labels.get(label, 0) + 1
        scores.append(score)
    return labels, scores


def _run_bot(game, bot, seat):
    """Drive the bot (and the other player's passes) to the opening lead or the end; None if
    the bot passed."""
    steps = 0
    while game.phase not in (PH_PLAY, PH_DONE):
        steps += 1
        if steps > 20:
            raise RuntimeError("no declaration after 20 actions")
        if game.to_act != seat:
            err = game.act(game.to_act, V_PASS, 0, 0)     # the other player passes
        else:
            verb, a, b = bot.decide(game.view(seat))
            if verb == V_PASS and game.phase not in (PH_SKAT, PH_DISCARD, PH_DECLARE):
                return None
            err = game.act(seat, verb, a, b)
        if err:
            raise RuntimeError("engine refused the bot's action: %d" % err)
    if game.phase == PH_DONE and game.declarer != seat:
        return None
    return "played"


def flag_label(gt, flags):
    """Label of a declared game in the oracle's naming (e.g. ``GPO2``, ``CHS``, ``NHouvert``)."""
    s = GAME_CHARS[gt] + ("H" if flags & F_HAND else "P")
    if gt == GT_NULL:
        return s + ("ouvert" if flags & F_OUVERT else "")
    if flags & F_SCHNEIDER:
        s += "S"
    if flags & F_OFFEN2:
        s += "O2"
    elif flags & F_OFFEN1:
        s += "O1"
    return s


# ----------------------------------------------------------------------------- one record
def evaluate(solver, seed, seat, hand, n_worlds, cap, bots, game, cache=None, screen_cap=50000,
             lead="rule"):
    """The record of one hand in one seat (JSON-ready)."""
    t0 = time.time()
    worlds = sample_worlds(hand, seed, seat, n_worlds)
    ev = Evaluator(solver, seat, hand, worlds, cap, cache, screen_cap, lead)
    choices, pruned = oracle_choices(ev, seat == VH)
    rec_bots = {}
    for name in bots:
        labels, scores = bot_choice(name, ev, game)
        rec_bots[name] = {"labels": labels, "scores": scores}
    # The clairvoyant bound: per world the best choice (never a choice itself).
    star = [max(v[w] for v in choices.values()) for w in range(n_worlds)]
    return {"seed": seed, "seat": SEAT_NAME[seat], "hand": sorted(hand), "worlds": n_worlds,
            "cap": cap, "lead": lead, "choices": choices, "pruned": pruned, "bots": rec_bots,
            "clairvoyant": star, "cache": ev.cache, "solves": ev.solves,
            "inexact": ev.inexact, "nodes": ev.nodes,
            "seconds": round(time.time() - t0, 2)}


def _mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def crossfit_best(choices, n):
    """The oracle's best choice, scored without selection bias: picked on the even worlds and
    scored on the odd ones, and the other way round; (value, label picked on all worlds)."""
    halves = (list(range(0, n, 2)), list(range(1, n, 2)))
    total = 0.0
    for pick_w, score_w in (halves, halves[::-1]):
        best = max(choices, key=lambda k: (_mean([choices[k][w] for w in pick_w]), k == "pass"))
        total += _mean([choices[best][w] for w in score_w])
    label = max(choices, key=lambda k: (_mean(choices[k]), k == "pass"))
    return total / 2, label


def _ci(xs):
    m = _mean(xs)
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1) if len(xs) > 1 else 0.0
    half = 1.96 * (var / len(xs)) ** 0.5
    return round(m, 2), [round(m - half, 2), round(m + half, 2)]


def regret_figures(records, bots):
    """Per bot: mean regret against the oracle's best on the same worlds (and against the
    cross-fitted best), their ci95, how often the bot passes at 18, and the thrown-in rates
    (a deal is thrown in when both seats pass)."""
    out = {"hands": len(records)}
    best = {}
    by_deal = {}
    for r in records:
        ch = r["choices"]
        label = max(ch, key=lambda k: (_mean(ch[k]), k == "pass"))
        best[(r["seed"], r["seat"])] = (_mean(ch[label]), crossfit_best(ch, r["worlds"])[0], label)
        by_deal.setdefault(r["seed"], {})[r["seat"]] = r
    deals = [seats for seats in by_deal.values() if len(seats) == 2]
    out["deals"] = len(deals)

    def thrown(passes):
        n = sum(1 for seats in deals if all(passes(seats[s]) for s in seats))
        return round(n / len(deals), 3) if deals else None

    out["oracle"] = {
        "pass_rate": round(sum(1 for v in best.values() if v[2] == "pass") / len(records), 3),
        "thrown_in": thrown(lambda r: best[(r["seed"], r["seat"])][2] == "pass"),
        "mean_best": round(_mean([v[0] for v in best.values()]), 2),
        "mean_best_crossfit": round(_mean([v[1] for v in best.values()]), 2)}
    for name in bots:
        mine = [r for r in records if name in r["bots"]]
        if not mine:
            continue
        scores = [_mean(r["bots"][name]["scores"]) for r in mine]
        reg, ci = _ci([best[(r["seed"], r["seat"])][0] - x for r, x in zip(mine, scores)])
        reg_x, ci_x = _ci([best[(r["seed"], r["seat"])][1] - x for r, x in zip(mine, scores)])
        passes = sum(1 for r in mine if list(r["bots"][name]["labels"]) == ["pass"])
        out[name] = {"regret": reg, "ci95": ci, "regret_crossfit": reg_x, "ci95_crossfit": ci_x,
                     "pass_rate": round(passes / len(mine), 3),
                     "thrown_in": thrown(lambda r: list(r["bots"].get(name, {"labels": {}})
                                                        ["labels"]) == ["pass"]),
                     "mean_score": round(_mean(scores), 2)}
    return out


# ----------------------------------------------------------------------------- the tool
MAX_JSONL = 1 << 28             # 256 MB: 500 deals' records with their caches are ~50 MB
RECORD_KEYS = ("seed", "seat", "worlds", "bots", "choices")


class OracleFileError(Exception):
    """A JSONL file that is not the oracle's; the message names the file and the line."""


def _read(path, missing_ok=True, cut_tail_ok=False):
    """The records of the JSONL file ``path`` (none when it does not exist and
    ``missing_ok``); OracleFileError with a one-line message for anything else.
    ``cut_tail_ok``: a last line without its newline that is not JSON (a record an
    interrupted run or a full disk cut short) is left out instead (``_whole_lines``)."""
    if missing_ok and not os.path.lexists(path):
        return []
    try:
        text = cli.read_text(path, MAX_JSONL, "the oracle's records of 500 deals are ~50 MB",
                             "python -m sim oracle")
    except cli.InputError as e:
        raise OracleFileError(str(e))
    if cut_tail_ok:
        text = text[:_whole_lines(text)]
    recs = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError):
            raise OracleFileError("%s line %d: not JSON" % (path, n))
        if not isinstance(rec, dict) or any(k not in rec for k in RECORD_KEYS):
            raise OracleFileError("%s line %d: not an oracle record (one needs %s)"
                                  % (path, n, ", ".join(RECORD_KEYS)))
        recs.append(rec)
    return recs


def _whole_lines(text):
    """The length of ``text`` without a cut-short last record: a last line that lacks its
    newline and is not JSON is what an interrupted append left (Ctrl-C inside a write, a
    full disk); a whole one without its newline counts."""
    if not text or text.endswith("\n"):
        return len(text)
    start = text.rfind("\n") + 1
    try:
        json.loads(text[start:])
        return len(text)
    except (ValueError, RecursionError):
        return start


def _drop_cut_tail(path):
    """Cut a record an interrupted run left half written off the end of ``path`` (it is
    computed again), so the next record starts on a line of its own; says so on stderr."""
    if not os.path.exists(path):
        return
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8", "replace")
    keep = len(text[:_whole_lines(text)].encode("utf-8", "replace"))
    if keep < len(data):
        with open(path, "r+b") as f:
            f.truncate(keep)
        print("python -m sim oracle: %s: its last record was cut short (an interrupted run): "
              "left out, it is computed again" % path, file=sys.stderr)
    elif data and not data.endswith(b"\n"):
        with open(path, "ab") as f:
            f.write(b"\n")


def run(args):
    bots = [b for b in args.bots.split(",") if b]
    done = {}
    _drop_cut_tail(args.out)
    for r in _read(args.out):
        done[(r["seed"], r["seat"])] = r
    prior = {}
    if args.reuse:
        for r in _read(args.reuse):
            prior[(r["seed"], r["seat"])] = r
    solver = Solver(args.tt)
    game = Game()
    seeds = deal_seeds(args.seed, args.deals)
    t0 = time.time()
    k = 0
    with open(args.out, "a") as f:
        for seed in seeds:
            vh, mh, hh, skat = deal_of(seed)
            for seat, hand in ((VH, vh), (HH, hh)):
                k += 1
                if (seed, SEAT_NAME[seat]) in done:
                    continue
                old = prior.get((seed, SEAT_NAME[seat]))
                same = old and old["worlds"] == args.worlds and old.get("lead") == args.lead
                cache = dict(old["cache"]) if same else None
                rec = evaluate(solver, seed, seat, hand, args.worlds, args.cap, bots, game, cache,
                               args.screen_cap, args.lead)
                f.write(json.dumps(rec, sort_keys=True) + "\n")
                f.flush()
                if args.progress:
                    print("%d/%d seed %d %s %.1fs solves %d inexact %d (%.0f s in all)" % (
                        k, 2 * len(seeds), seed, SEAT_NAME[seat], rec["seconds"], rec["solves"],
                        rec["inexact"], time.time() - t0), file=sys.stderr, flush=True)
    return 0


def one_hand(args):
    from skat_core.cards import parse_cards
    hand = parse_cards(args.hand)
    if hand is None or len(hand) != 10:
        print("python -m sim oracle: argument --hand: ten cards are needed, e.g. "
              "'CJ SJ HJ CA CT CK C9 SA ST H7'", file=sys.stderr)
        return 2
    twice = sorted({c for c in hand if hand.count(c) > 1})
    if twice:
        from skat_core.cards import cards_str
        print("python -m sim oracle: argument --hand: %s given twice: ten different cards "
              "are needed" % cards_str(twice), file=sys.stderr)
        return 2
    seat = VH if args.seat == "vh" else HH
    rec = evaluate(Solver(args.tt), args.seed, seat, hand, args.worlds, args.cap,
                   [b for b in args.bots.split(",") if b], Game(), None, args.screen_cap, args.lead)
    val, label = crossfit_best(rec["choices"], rec["worlds"])
    ranked = sorted(rec["choices"].items(), key=lambda kv: -_mean(kv[1]))
    print(json.dumps({"best": label, "best_crossfit": round(val, 2),
                      "choices": [[k, round(_mean(v), 2)] for k, v in ranked[:12]],
                      "bots": {k: {"labels": v["labels"], "mean": round(_mean(v["scores"]), 2)}
                               for k, v in rec["bots"].items()},
                      "pruned": rec["pruned"], "solves": rec["solves"],
                      "inexact": rec["inexact"], "seconds": rec["seconds"]}))
    return 0


def main(argv):
    ap = cli.Parser(prog="python -m sim oracle", description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=cli.int_range(1), default=50)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--worlds", type=cli.int_range(1), default=16)
    ap.add_argument("--cap", type=cli.int_range(1), default=300000, help="solver nodes per test")
    ap.add_argument("--screen-cap", type=cli.int_range(1), default=30000,
                    help="solver nodes per test while screening (first SCREEN worlds)")
    ap.add_argument("--tt", type=cli.int_range(16, 1 << 24), default=1 << 16,
                    help="solver table slots")
    ap.add_argument("--bots", default="device,host")
    ap.add_argument("--lead", default="rule", choices=("rule", "dd"),
                    help="opening lead: rule of thumb from Vorhand's cards, or double dummy")
    ap.add_argument("--out", help="JSONL, one record per hand; appended, resumable")
    ap.add_argument("--reuse", help="earlier JSONL whose cached tests this run reuses")
    ap.add_argument("--report", help="print the regret figures of a JSONL file")
    ap.add_argument("--hand", help="one hand (ten cards) instead of deals")
    ap.add_argument("--seat", default="vh", choices=("vh", "hh"))
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    from sim.tools.previous import ALL_STRENGTHS
    unknown = [b for b in args.bots.split(",") if b and b not in ALL_STRENGTHS]
    if unknown or not args.bots.strip(","):
        ap.fail("--bots", "%r: a comma-separated list of %s" % (args.bots, ", ".join(ALL_STRENGTHS)))
    if args.report:
        try:
            recs = _read(args.report, missing_ok=False)
        except OracleFileError as e:
            ap.fail("--report", str(e))
        if not recs:
            ap.fail("--report", "%s holds no oracle records" % args.report)
        bots = sorted({b for r in recs for b in r["bots"]})
        print(json.dumps(regret_figures(recs, bots)))
        return 0
    if args.hand:
        return one_hand(args)
    if not args.out:
        ap.error("--out FILE.jsonl is needed for a run over deals")
    problem = cli.out_file(args.out)
    if problem:
        ap.fail("--out", problem)
    for name, path in (("--out", args.out), ("--reuse", args.reuse)):
        if path:
            try:
                _read(path, missing_ok=name == "--out", cut_tail_ok=name == "--out")
            except OracleFileError as e:
                ap.fail(name, str(e))
    return run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
