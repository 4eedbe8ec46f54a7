"""The bot's actions before the first card: bid, hold, pass, Hand or pickup, discard, declare,
give up - for Zahlenreizen (values) and Farbenreizen (classes, rules.md §8).

Every choice compares expected scores, in 255ths (integers: no floats, little allocation):
a game worth ``V`` and won with probability ``p/255`` is worth ``V*(3p - 510)`` (won +V, lost
-2V); a suit game or Grand below the bid is lost at the overbid value. ``p`` comes from the
bidding table (``bidtable``, measured by solving deals; indexed by the ``bot_hand`` bucket, the
seat and Hand/pickup) or, for the ``greedy`` baseline, from rules of thumb. Passing is not
worth 0: the other player then declares and expects about ``PASS_COST`` points himself (plain
list: his points are our loss in the difference), so the bidding goes on while the best plan
beats ``-PASS_COST``. After the pickup the skat is known: the ten kept cards are scored with the
Hand column (the skat is out of play for them) and the skat's points move the bucket.

The work is split by concern into small modules (each compiles in a small heap before play,
docs/design.md "Memory"): ``hand_eval`` (probabilities, values, plans), ``choice`` (giving up, skat-choice limits),
``discard`` and ``declare``; this module dispatches on the phase.
"""

from skat_core.codes import (
    PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DISCARD, PH_DECLARE,
    V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_CONCEDE, CONCEDE_PLAIN,
)
from skat_core.bot.prelude import hand as bot_hand
from skat_core.bot.prelude.hand_eval import _M, GIVE_UP, best_plan, acceptable
from skat_core.bot.prelude.discard import discard
from skat_core.bot.prelude.declare import declare


def prelude(bot, view):
    """Decide the pre-play action of ``view``: sets ``bot.verb/a/b`` through the return."""
    ph = view.phase
    bot.bid_margin_now = (bot.bid_margin * bot.rng.below(1000)) // 1000 if bot.bid_margin else 0
    m = _M
    bot_hand.load(m, view.hand, view.n_hand)
    if ph == PH_BID:
        nb = view.next_bid
        if nb >= 0 and acceptable(bot, view, m, nb):
            return V_BID, nb, 0
        return V_PASS, 0, 0
    if ph == PH_ANSWER:
        return (V_YES if acceptable(bot, view, m, view.bid) else V_PASS), 0, 0
    if ph == PH_TAKE:
        first = 0 if view.farben else 18
        if acceptable(bot, view, m, first):
            return V_BID, first, 0
        return V_PASS, 0, 0
    if ph == PH_SKAT:
        ev = best_plan(bot, view, m, view.bid)
        if not view.farben and view.bid == 18 and ev < GIVE_UP * 255:
            return V_CONCEDE, CONCEDE_PLAIN, 0
        return (V_HAND if bot.plan_hand else V_PICKUP), 0, 0
    if ph == PH_DISCARD:
        return discard(bot, view)
    if ph == PH_DECLARE:
        return declare(bot, view)
    return V_PASS, 0, 0
