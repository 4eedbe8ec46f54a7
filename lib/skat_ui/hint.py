"""The hint on the device (the app's bot plays at the device's strength and drops modules):
loaded when the player asks (``App.ask_hint``), dropped when the bot's search state is back.

The device bot's own card search for the player's seat on the bot's Player (``ask_hint``
released its offers), then the Player and its module ``skat_core.bot.play`` go, and the judge
(skat_core.bot.advice) comes with a knowledge, worlds and solver of its own in the blocks
the bot keeps, as Analyse's (``lone_judge.own_judge``): the Player and the judge are never in the
heap together. Then the judge, its module and this one go and the bot's search state comes
back, one part per step (``Bot.rebuild``, from ``App.work``). Each part after the main loop's collection (``App.collect``: the
key's handler is then off the C stack). The values depend on the position alone, and so do
the bot's later decisions (its search state is filled anew at each of them): the same hint
and the same play as with one search state kept throughout (the desktop's ``App.adviser``).
"""

import skat_core
from skat_core import HINT

SLICE = 150                          # bot nodes per slice (the app's SLICE)
LOSS = 2                             # the judge's verdict (skat_core.bot.advice.LOSS)
_view = None                         # the player's View
_card = -1                           # the search's card


def step(app):
    """One slice of the hint; True while it works (``app.hint`` is set when done)."""
    global _view, _card
    bot = app.bot
    st = app.hstage
    if st == 0:
        bot.prepare_play(False)      # (there already, unless a rebuild was cut short)
        _view = app.game.view(app.human)
        bot.player.start(_view)
        app.hstage = 1
        return True
    if st == 1:
        p = bot.player
        if not p.step(SLICE):
            return True
        _card = p.best_card
        p = None
        # The search state goes (the offers went in ``ask_hint``) and the card search's
        # module: the judge's state takes their room after the next collection.
        bot.release_search()
        app.rebuild = True
        app.hstage = 2
        app.collect = True
        return True
    if st == 2:
        from skat_core.bot.lone_judge import own_judge
        app.adv = own_judge(bot, app.analysis_mode())
        app.adv.start(_view, _card)
        app.hstage = 3
        return True
    j = app.adv
    if not j.step():
        return True
    app.hint = j.better if j.state == LOSS else _card
    j = None
    app.release_adviser()            # the judge and its module go, and this one: the bot's
    _view = None                     # search state comes back next (``Bot.rebuild``)
    app.collect = True
    skat_core.drop((skat_core.APP[HINT],), skat_core.UI)
    return False
