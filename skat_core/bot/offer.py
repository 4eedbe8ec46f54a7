"""Offers, answers to offers, Contra and Re: by the expected score over the consistent worlds.

Each decision reads the worlds the bot considers possible (``skat_core.bot.worlds``: after the reveal
every skat pair the declarer's voids allow, before it samples) and, in each world, the
declarer's best result under perfect play from here: the class of his final count (<= 30,
31-60, 61-89, >= 90, all tricks; ``_classify``: solver tests on 61, then 90 and Schwarz or
31) and his matadors (the skat is his in the count). The engine's own count
(``play_count.settle_class``: ``score.settle_suit`` on a count of that class) prices every
ending per world - played out, offer accepted, offer rejected (the next level compulsory
under ``rejection = next_level``, a level and 50 % under either rule), Contra, Re - so
Farben, overbids and the house rules need no second copy here.
Scores are the declarer's; the opponent wants them low.

- Declarer, an offer pending: reject when the expected score of rejecting beats accepting
  over his worlds (one world when he picked up the skat and the dummy is turned up: then he
  knows). A rejection that fails is counted with a Contra (x2) when Contra is on, and he is
  cautious with what he risks: a world whose class rests on a budgeted (inexact) solver
  answer counts one class lower (before the reveal the budget answers from trick 1 by the
  static estimate, which promised a Grand zweimal offen Schneider in every world that was
  then lost at 68 points, -1,296).
- Declarer, Re (after Contra): when his expected score, as cautious, is positive.
- Opponent, Contra (after a rejection): when the expected score with Contra, and the Re that
  would follow, is lower than without.
- Opponent, offers (raus, Stich): when the expected score of offering is lower than of
  playing on. How the declarer answers decides it:

  * He can tell the opponent's worlds apart (he sees his own hand, or the skat he picked up,
    and the dummy once it is turned): he answers each world as it is, the better of accept
    and reject, so an offer can never be worth more to the opponent than playing on (a
    choice only helps the one who makes it). Only an offer that costs nothing in every world
    is made: the declarer provably ends between the offered level and the next one (raus:
    61-89, Stich: 90+ without Schwarz; exact answers over every world) - the game ends with
    what perfect play would give, and the offer is made when the level it concedes is the
    one the declarer plays for (raus while he plays for 61, Stich once Schneider is
    compulsory): then what is left to go wrong is the opponent's side's play, which could
    still let him reach the next level. A Stich while he plays for 61 would concede a 90 he
    still has to earn (measured: 9 such offers in 300 duplicate deals cost 35 points, the
    device declarer playing for the win, not for Schneider). Never under ``rejection =
    plain`` (there a rejection adds to every won game). These checks start at
    ``bot.proof_tricks`` tricks left with ``bot.proof_nodes`` per solver test.
  * Speculative (zweimal offen, before the opening lead: the declarer's cards are open, the
    dummy and the skat hidden from the opponent; the declarer sees neither the dummy nor the
    opponent's hand): his answer cannot follow the opponent's worlds, so the offer is made
    when it pays whichever way he answers, accepted in every world or rejected in every
    world (``max`` of the two expectations below the expectation of playing on). A declarer
    likely but not sure to make the next level must give up his Schneider chance or risk
    the game. (Strictly he knows the two cards he put away, which the opponent's worlds
    vary; what decides the next level is how the other twenty lie.) Budget: the card
    decision's nodes over ``bot.max_worlds`` worlds.

Allocation-free after ``setup`` (the Result and the per-world arrays, made with the search
state); the classification of a position is kept for the next question at the same place.
"""

from skat_core.cards import GT_NULL, GT_RAMSCH, GT_GRAND, NO_CARD, F_SCHNEIDER, F_SCHWARZ
from skat_core.codes import V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE
from skat_core.bot.worlds import MAX_WORLDS
from skat_core.layout import two_bits
from skat_core.bot.know import OUT
from skat_core.bot.load import load_world
from skat_core.engine.score import Result
from skat_core.engine.play_count import settle_class
from skat_core.bot.bot import offer_result
_JACKS = b"\x04\x0c\x14\x1c"                 # CJ SJ HJ DJ: the top of every trump ladder
_TRUMP_RANKS = b"\x00\x01\x02\x03\x05\x06\x07"   # A T K Q 9 8 7 of the trump suit


def setup(p):
    """Give the bot's Player ``p`` the offers' state (allocates: ``Bot.prepare_play``)."""
    p.o_cls = bytearray(MAX_WORLDS)        # class of the declarer's count per world (+ 8:
                                           # the answer that set it was not exact)
    p.o_mat = bytearray(MAX_WORLDS)        # his matadors + 16 per world
    p.o_by = bytearray(32)                 # who played each played card
    # The device's bot keeps its Result from boot (``bot.offer_result``); settle_suit reads
    # only the fields ``_score`` sets, so a used one serves as a new one.
    p.o_res = offer_result() if p.bot.release else Result()
    p.o_n = 0
    p.o_proven = False                     # every world, every answer exact
    p.o_full = False                       # every world classified (not stopped early)
    p.o_view = None                        # the position classified: view, deal, tricks
                                           # (None again when a card search takes the worlds)
    p.o_serial = -1
    p.o_tricks = -1


def optional_action(bot, view):
    """An offer, accept/reject, Contra or Re the bot says now; sets ``bot.opt_verb``,
    ``bot.opt_a`` and returns True, else False."""
    if view.declarer < 0 or view.game_type == GT_NULL or view.game_type == GT_RAMSCH:
        return False
    p = bot.player
    me_decl = view.me == view.declarer
    pend = view.offer_pending
    r0 = view.rejected
    if pend:
        if not me_decl:
            return False
        bot.opt_verb = V_ACCEPT
        bot.opt_a = 0
        if _classify(p, view, bot, False):
            rk = pend if pend > r0 else r0
            if _expect(p, view, 0, rk, 3) > _expect(p, view, pend, r0, 0):
                bot.opt_verb = V_REJECT
        return True
    if view.trick_n:
        return False
    late = 10 - view.n_tricks <= bot.proof_tricks
    if me_decl:
        if not (view.can_re and late) or not _classify(p, view, bot, False):
            return False
        if _expect(p, view, 0, r0, 2) > 0:           # Contra is on: Re doubles it
            bot.opt_verb = V_RE
            bot.opt_a = 0
            return True
        return False
    # The opponent. Does the declarer answer knowing which of my worlds is the real one?
    sees = not (view.n_decl_open and not view.dummy_revealed)
    contra = view.can_contra and late
    offer = view.can_offer and (late or not sees) and (view.next_level or not sees)
    if not (contra or offer) or not _classify(p, view, bot, sees and not contra):
        return False
    if contra:
        e0 = _expect(p, view, 0, r0, 0)
        if sees:
            ec = 0                                   # he says Re in the worlds he makes
            for w in range(p.o_n):
                x = _score(p, view, w, 0, r0, False)
                ec += p.worlds.weight[w] * (4 * x if x > 0 else 2 * x)
        else:
            ec = 4 * e0 if e0 > 0 else 2 * e0
        if ec < e0:
            bot.opt_verb = V_CONTRA
            bot.opt_a = 0
            return True
    if not offer or not p.o_full:
        return False
    play = _expect(p, view, 0, r0, 0)
    best = 0
    gain = 0
    for k in range(1, 3):                            # raus, Stich
        if view.can_offer & k:
            g = play - _offer(p, view, k, r0, sees)
            if best == 0 or g > gain:
                best = k
                gain = g
    if best and (gain > 0 or (gain == 0 and p.o_proven and best - 1 == _target(view))):
        bot.opt_verb = V_OFFER
        bot.opt_a = best
        return True
    return False


def _target(view):
    """The level the declarer plays for: 0 the win (61), 1 Schneider (announced, or made
    compulsory by a rejected raus under next_level), 2 Schwarz."""
    forced = view.rejected if view.next_level else 0
    if view.flags & F_SCHWARZ or forced == 2:
        return 2
    if view.flags & F_SCHNEIDER or forced == 1:
        return 1
    return 0


def _offer(p, view, k, r0, sees):
    """Expected score of offering ``k``: the declarer answers each world as it is (``sees``)
    or once for all of them, the better answer for him either way."""
    rk = k if k > r0 else r0
    dbl = view.contra_on and not view.contra
    ta = 0
    tr = 0
    tm = 0
    for w in range(p.o_n):
        wt = p.worlds.weight[w]
        a = _score(p, view, w, k, r0, False)
        x = _score(p, view, w, 0, rk, False)
        if dbl and x < 0:
            x *= 2                                   # a failing rejection draws Contra
        ta += wt * a
        tr += wt * x
        tm += wt * (a if a > x else x)
    if sees:
        return tm
    return ta if ta > tr else tr


def _expect(p, view, acc, rej, mode):
    """Sum over the worlds of weight x the declarer's score. ``mode`` bit 1: a loss doubled by
    the Contra a rejection invites (Contra on and not said yet); bit 2: cautious, for the
    declarer's own risk (a rejection, Re): a world whose class rests on a budgeted answer
    counts one class lower."""
    dbl = mode & 1 and view.contra_on and not view.contra
    t = 0
    for w in range(p.o_n):
        x = _score(p, view, w, acc, rej, mode & 2)
        if dbl and x < 0:
            x *= 2
        t += p.worlds.weight[w] * x
    return t


def _score(p, view, w, acc, rej, cautious):
    """The declarer's score in world ``w`` ending as its class says (``cautious``: one class
    lower if the solver's answer for it was not exact), offer ``acc`` accepted (0 none),
    highest rejection ``rej``, Contra/Re as they stand (the engine's count:
    ``play_count.settle_class``)."""
    c = p.o_cls[w]
    if c > 7:
        c = c - 9 if cautious else c - 8
    return settle_class(p.o_res, view, p.o_mat[w] - 16, c, acc, rej, view.contra, view.re)


def _classify(p, view, bot, stop):
    """Classify the declarer's best result in each world of ``view``'s position into
    ``p.o_*``; False if there is no world. ``stop``: only a proven tie can matter (an offer
    against a declarer who sees the cards: raus ties with 61-89, Stich with 90+ and no
    Schwarz), so stop at the first world that is not exact, not of such a class or not of
    the first world's class."""
    if p.o_view is view and p.o_serial == view.serial and p.o_tricks == view.n_tricks \
            and (p.o_full or stop):
        return p.o_n > 0
    kn = p.kn.read(view)
    p.view = view
    late = 10 - view.n_tricks <= bot.proof_tricks
    limit = MAX_WORLDS if late else bot.max_worlds
    n = p.worlds.build(kn, bot.rng, limit, view.picked_up and view.me != view.declarer)
    p.o_view = view
    p.o_serial = view.serial
    p.o_tricks = view.n_tricks
    p.o_n = 0
    p.o_full = False
    if n == 0:
        p.o_full = True
        return False
    by = p.o_by
    for t in range(view.n_tricks):
        for s in range(3):
            c = view.tricks[3 * t + s]
            if c != NO_CARD:
                by[c] = s
    budget = bot.proof_nodes if late else bot.nodes // (3 * n) + 1
    s = p.solver
    exact = p.worlds.complete
    for w in range(n):
        if load_world(p, w):
            return False
        # top: the answer that set the class was exact (else bit 3: _score's caution)
        if s.reaches(61, budget):
            c = 2
            e = top = s.exact
            if s.reaches(90, budget):
                c = 3
                e &= s.exact
                top = s.exact
                if s.reaches_tricks(10, budget):
                    c = 4
                    top = s.exact
                e &= s.exact
            else:
                e &= s.exact
        else:
            e = s.exact
            top = 1
            c = 0
            if s.reaches(31, budget):
                c = 1
                top = s.exact
            e &= s.exact
        exact = exact and e
        p.o_cls[w] = c if top else c + 8
        p.o_mat[w] = _matadors(p, view, w) + 16
        p.o_n = w + 1
        if stop and (not exact or c != p.o_cls[0] & 7 or c < 2 or c > 3):
            p.o_proven = False
            return True
    p.o_proven = exact
    p.o_full = True
    return True


def _owns(p, view, w, c):
    """Card ``c`` is the declarer's or in the skat in world ``w`` (the matadors' cards)."""
    kn = p.kn
    if kn.unseen[c]:
        k = w * 32 + c
        h = two_bits(p.worlds.owner, k)
    elif view.played[c]:
        h = p.o_by[c]
    else:
        h = kn.holder[c]
    return h == view.declarer or h == OUT


def _matadors(p, view, w):
    """Matadors over the declarer's cards and the skat in world ``w``: n with, -n without."""
    gt = view.game_type
    n = 4 if gt == GT_GRAND else 11
    first = _owns(p, view, w, _JACKS[0])
    k = 1
    while k < n:
        c = _JACKS[k] if k < 4 else gt * 8 + _TRUMP_RANKS[k - 4]
        if _owns(p, view, w, c) != first:
            break
        k += 1
    return k if first else -k
