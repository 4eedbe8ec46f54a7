"""Offers, answers to offers, Contra and Re: said only when the solver proves them safe.

- Opponent, "raus" (concede a simple win): the declarer reaches 61 in every consistent world
  and misses 90 in every one - accepted, nothing is lost; rejected, Schneider becomes
  mandatory and the declarer provably fails it.
- Opponent, "Stich" (concede Schneider): the declarer reaches 90 everywhere and the opponent
  side takes a trick everywhere (the rejection's Schwarz provably fails).
- Declarer: reject an offer only when what the rejection asks for is proven in every world
  (``rejection = next_level``: the next level, raus -> 90, Stich -> all tricks; ``plain``: the
  level the offer concedes, raus -> 61, Stich -> 90; announcements on top); otherwise accept.
- Contra (opponent, after a rejection): the declarer provably misses the mandatory level in
  every world. Re (declarer): he provably makes it.
- Offers only under ``rejection = next_level`` (under ``plain`` rejecting costs the declarer
  nothing compulsory, so an offer can only cost the opponent).

"Proven" means exact solver answers over every consistent world (the enumeration must be
complete: no sampling). Checks start at ``bot.proof_tricks`` tricks left, with
``bot.proof_nodes`` per world. Allocation-free.
"""

from skat_core.cards import GT_NULL, GT_RAMSCH, F_SCHNEIDER, F_SCHWARZ
from skat_core.codes import (
    V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE, OFFER_RAUS, OFFER_STICH,
)
from skat_core.bot.worlds import MAX_WORLDS
from skat_core.bot.load import load_world

def optional_action(bot, view):
    """An offer, accept/reject, Contra or Re the bot wants now; sets ``bot.opt_verb``,
    ``bot.opt_a`` and returns True, else False. Only what the solver proves in every world."""
    if view.declarer < 0 or view.game_type == GT_NULL or view.game_type == GT_RAMSCH:
        return False
    left = 10 - view.n_tricks
    if left > bot.proof_tricks or view.trick_n:
        if not (view.offer_pending and view.me == view.declarer):
            return False
    p = bot.player
    me_decl = view.me == view.declarer
    if me_decl and view.offer_pending:
        # Reject only when the rest of the game surely brings in what the rejection asks for.
        ok = _proved_level(p, view, _need(view, view.offer_pending), True)
        bot.opt_verb = V_REJECT if ok == 1 else V_ACCEPT
        bot.opt_a = 0
        return True
    if view.trick_n:
        return False
    if view.can_re and me_decl:
        if _proved_level(p, view, _need(view, 0), True) == 1:
            bot.opt_verb = V_RE
            bot.opt_a = 0
            return True
    if view.can_contra and not me_decl:
        if _proved_level(p, view, _need(view, 0), False) == 1:
            bot.opt_verb = V_CONTRA
            bot.opt_a = 0
            return True
    # Under rejection = plain an offer only gives the declarer a choice: rejecting costs him
    # nothing compulsory and adds a level and 50 %, so no offer is safe for the opponent.
    if view.can_offer and not me_decl and view.rejected == 0 and view.next_level:
        if view.can_offer & 1 and _proved(p, view, 61, 0, True) == 1 and \
                _proved(p, view, 90, 0, False) == 1:
            bot.opt_verb = V_OFFER
            bot.opt_a = OFFER_RAUS
            return True
        if view.can_offer & 2 and _proved(p, view, 90, 0, True) == 1 and \
                _proved(p, view, 10, 1, False) == 1:
            bot.opt_verb = V_OFFER
            bot.opt_a = OFFER_STICH
            return True
    return False


_TARGET = (61, 90, 10)   # by level: a win, Schneider (90 points), Schwarz (all ten tricks)


def _need(view, pending):
    """The level (0 win, 1 Schneider, 2 Schwarz) the declarer must reach: what he announced,
    what a rejection made compulsory (``rejection = next_level``: raus 1, Stich 2), and for
    ``pending``, an offer he would reject now, its next level (next_level) or the level it
    concedes (plain: raus 0, Stich 1)."""
    n = 2 if view.flags & F_SCHWARZ else (1 if view.flags & F_SCHNEIDER else 0)
    if view.next_level:
        if view.rejected > n:
            n = view.rejected
        if pending > n:
            n = pending
    elif pending - 1 > n:
        n = pending - 1
    return n


def _proved_level(p, view, n, reaches):
    return _proved(p, view, _TARGET[n], 1 if n == 2 else 0, reaches)


def _proved(p, view, target, tricks, reaches):
    """1 if in every consistent world the declarer provably reaches ``target`` (``reaches``)
    or provably misses it (not ``reaches``), else 0. Budget: the bot's proof budget."""
    bot = p.bot
    kn = p.kn.read(view)
    p.view = view
    p.worlds.build(kn, bot.rng, MAX_WORLDS, False)
    if p.worlds.n == 0 or not p.worlds.complete:
        return 0
    s = p.solver
    for w in range(p.worlds.n):
        if load_world(p, w):
            return 0
        if tricks:
            r = s.reaches_tricks(target, bot.proof_nodes)
        else:
            r = s.reaches(target, bot.proof_nodes)
        if not s.exact:
            return 0
        if (r == 1) != reaches:
            return 0
    return 1
