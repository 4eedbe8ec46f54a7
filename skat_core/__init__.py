"""skat_core: the Skat-en-deux game (cards, rules, engine, views, records, solver, bot) -
portable, board-free.

The packages: ``engine`` (the deal as a state: bidding, play, count, series), ``notation``
(card and code texts, game records), ``solver`` (double dummy), ``bot``; beside them the
basics every part reads: ``cards``, ``codes``, ``rules``, ``layout`` (the live numbering and
the trick rule), ``rng``, ``budget``.

What is resident when: the one table of the whole program (engine, bot, the app's screens,
texts, help pages, hint, analysis). The device's heap holds one phase's code at a time
(docs/memory.md); every module that comes and goes is named here and nowhere else - the
engine, the bot and the app import and drop them by these names, the tests read them here.
Always resident: this package, the engine's core (``game``, ``view``, ``score``, ``series``,
the basics), the bot's driver (``bot.bot`` and what it imports), the app (``skat_ui.app``,
``ui``, ``gfx``, ``text``, ``settings``, the storage but ``restore`` and ``recout``) and the
board's module. The rest, phase by phase:

- Boot: ``APP[RESTORE]`` reads the save and goes; the title's menu (``APP[SCR_MENU]``).
- A deal from the deal to the declaration: ``PRE_PLAY`` (bidding, declaration, values,
  the rule check; the game records' module is the host's and on no drive), the bot's ``BOT_PRELUDE`` (imported by the bot when it first
  bids) and the phase's screen: ``APP[SCR_BID]`` while bidding, ``APP[SCR_TABLE]`` for the
  skat and the discard, ``APP[SCR_DECLARE]`` for the declaration.
- On the device, the code that runs only at boot or only between deals is in modules of its
  own (``BOOT_CODE``, ``DEAL_CODE``: the bundle moves it there, sim/build/cold.py): the app
  drops ``BOOT_CODE`` when it has booted, ``DEAL_CODE`` at the opening lead.
- The opening lead: the app drops ``PRE_PLAY``, the bot its ``BOT_PRELUDE``, the phase's
  other screens go; after a collection the bot's ``BOT_PLAY`` come one per main-loop step
  (dependencies first), then ``APP[SCR_PLAY]``, then the bot's search state. ``PLAY`` (the
  engine's play, tricks, calls, count) is imported by the engine at the first card.
- During play: the game menu (``APP[SCR_MENU]``) and the give-up sheet of ``APP[SCR_TABLE]``
  come when asked for and go when the game goes on; the play menu (``APP[PLAYMENU]``) while
  it is open, and what a call books (``APP[STAKES]``) while the bot's offer or a Nein / Ja of
  a call is shown, until the player's next action - on the device in the room of the bot's
  search state with its ``BOT_SEARCH`` and offers' modules, which go before it and come back
  when it went (the bot waits meanwhile); giving up before the lead drops
  ``PRE_PLAY`` and the pre-play screens. A hint on the device: ``APP[HINT]`` while it works,
  which drops the bot's card search (``BOT_SEARCH``) and the offers (``BOT_PLAY[BOT_OFFER]``)
  for the judge's ``ADVICE`` modules, then drops those and itself; the bot's search state
  comes back.
- The count: the app drops ``ADVICE`` and the bot its ``BOT_PLAY``; ``APP[RECOUT]`` prints
  the deal's record in the next step and goes; the result screen ``APP[SCR_RESULT]`` (the
  menu stays for its sheet and settings), and with the analysis on, ``APP[SCR_ANALYSIS]``,
  which replays the deal (``PRE_PLAY`` again, dropped before its judge's ``ADVICE`` come)
  and drops the result screen while it runs. The next deal drops the analysis, the result
  and the hint.
- Skat zu dritt and zu viert: ``APP[THREE]`` (the table's game, bots and list, and the
  screens that differ from en-deux's: bidding, Schieberamsch, play, result) is loaded when a
  series at three or four starts or resumes and stays while it runs; the skat, discard and
  declaration screens are en-deux's. When you change tables at the title, ``SHELF`` parks
  the list being played and takes up the other table's, then goes; so does its reading of
  the shelf for the title, which only a shelf ever written asks for.
- The cues (``APP[CUE]``: tones and the LEDs' colour at your turn, a trick, an offer or
  Kontra to answer, the deal's end, a refused key) from the boot on while the sound or the
  LEDs are on and the board has them, for good; set off, they go (``App.apply_look``).
  ``APP[CUE + 1]``, which takes their pins and gives them back, comes only while the
  settings are applied (the boot, a change on the settings screen) and goes at once.
- Texts (``skat_ui.text``): one language's words of ``TEXTS`` (0 de, 1 en; the other is
  dropped when the language changes), the settings screen's words of ``SETTINGS_TEXTS`` only
  on that screen, the help pages (``HELP`` % (language, group)) one group at a time, only
  on the help screen.
- The text back-end: ``LABELS``, the label back-end's module, is loaded once at boot where
  the board's module prefers it (its ``labels``) and the install holds it (the bundle writes
  ``LABELS = None`` on an install without it: sim/build/bundle.py, ``install_facts``);
  elsewhere the texts are the lean strips of ``skat_ui.ui``.

``drop`` forgets a tuple of modules at a phase change; the next collection frees whatever
nothing else still references, and a later import compiles the module again.

Names are full module names of this source tree; the bundle maps them to the device's modules
(sim/build/relayout.py; sim/build/merge.py joins a row's modules: a row may name one several
times) with the imports; the integer indices into ``APP`` are folded (sim/build/inline.py).
"""

# The engine (imported by the engine where a phase needs it).
PRE_PLAY = ("skat_core.engine.bidding", "skat_core.engine.bid_ladder",
            "skat_core.engine.bid_declare", "skat_core.engine.values",
            "skat_core.notation.names", "skat_core.engine.breakdown", "skat_core.rulecheck")
PLAY = ("skat_core.engine.play", "skat_core.engine.play_tricks",
        "skat_core.engine.play_calls", "skat_core.engine.play_count")
# The bot (skat_core.bot.bot imports and drops them).
BOT_PRELUDE = ("skat_core.bot.prelude.decl", "skat_core.bot.prelude.discard",
               "skat_core.bot.prelude.declare", "skat_core.bot.prelude.choice",
               "skat_core.bot.prelude.hand_eval", "skat_core.bot.prelude.hand",
               "skat_core.bot.prelude.bidtable")
# Dependencies first, and the largest blocks as early as that allows: the search's loop
# (~1.9 KB of bytecode in one block) and the loader's (~1.1 KB) are taken right after the
# pre-play modules were freed, while their room is still in one piece.
BOT_PLAY = ("skat_core.solver.movegen", "skat_core.solver.order", "skat_core.solver.bounds",
            "skat_core.solver.table", "skat_core.solver.search", "skat_core.solver.load",
            "skat_core.solver.values", "skat_core.solver.solve", "skat_core.bot.worlds",
            "skat_core.bot.load", "skat_core.bot.pick", "skat_core.bot.play",
            "skat_core.bot.offer")
BOT_OFFER = 12                            # BOT_PLAY[BOT_OFFER]: the offers (not for a judge)
BOT_SEARCH = ("skat_core.bot.play",)      # of BOT_PLAY: the bot's card search (not a judge's)
# The judge of a hint or an analysis, in the order the analysis imports them (from the last).
ADVICE = ("skat_core.bot.adviser", "skat_core.bot.lone_judge", "skat_core.bot.analyse_judge",
          "skat_core.bot.advice")
# The app's modules that come and go (skat_ui.app's ``load``/``drop`` take an index): first
# the screens of the engine's phases (``skat_ui.app.screen_module``), then the analysis, the
# device's hint, the storage's boot-only and count-only parts, the play menu, what a call
# books, Skat zu dritt's, the cues and their set-up.
APP = ("skat_ui.screens.play", "skat_ui.screens.bid", "skat_ui.screens.table",
       "skat_ui.screens.declare", "skat_ui.screens.menu", "skat_ui.screens.result",
       "skat_ui.screens.analysis", "skat_ui.hint", "skat_ui.storage.restore",
       "skat_ui.storage.recout",
       "skat_ui.screens.playmenu", "skat_ui.screens.stakes", "skat_ui.three", "skat_ui.cue",
       "skat_ui.cue_setup")
SCR_PLAY = 0
SCR_BID = 1
SCR_TABLE = 2
SCR_DECLARE = 3
SCR_MENU = 4
SCR_RESULT = 5
SCREENS = 6                   # APP[:SCREENS]: the phases' screens
SCR_ANALYSIS = 6
HINT = 7
RESTORE = 8
RECOUT = 9
PLAYMENU = 10                 # the play menu: while it is open
STAKES = 11                   # what a call books: while the play screen asks it
THREE = 12                    # Skat zu dritt / zu viert: its game, bots, list and screens
CUE = 13                      # the cues (tones, LEDs): while the sound or the LEDs are on;
                              # APP[CUE + 1], their set-up: while the settings apply (no name
                              # of its own: one more in this package's dict took the compile of
                              # the play's module past 64 KB in test_circuitpython's lock run)
# Made by the bundle, not files of this tree: the functions that run only while the app boots
# and only between deals, moved out of the modules resident in play into device modules of
# their own (sim/build/cold.py, ``ROWS``). The app drops ``BOOT_CODE`` when it has booted and
# both at the opening lead (with ``PRE_PLAY``); a later call imports them again. Of the core
# package and of the app's (drop them with ``PACKAGES + UI``).
BOOT_CODE = ("skat_core.Zb", "skat_ui.Zb")
DEAL_CODE = ("skat_core.Zd", "skat_ui.Zd")
# The words: one language's at a time (0 de, 1 en), the settings screen's, the help pages'.
TEXTS = ("skat_ui.texts.de", "skat_ui.texts.en")
SETTINGS_TEXTS = ("skat_ui.texts.settings_de", "skat_ui.texts.settings_en")
# (Skat zu dritt's own house rules have their words beside them: skat_ui.three.TEXTS.)
HELP = "skat_ui.texts.help_%s%d"
# The label back-end of the text interface; None on an install that does not hold it (the
# bundle writes that fact: sim/build/bundle.py, install_facts).
LABELS = "skat_ui.ui_labels"
# Whether the install holds Skat zu dritt and zu viert (APP[THREE] and skat_core.three): the
# bundle writes 0 on a drive without them (sim/build/bundle.py, install_facts), where the
# title and the settings do not offer them and their code is left out.
THREE_TABLES = True
if THREE_TABLES:
    # The other tables' lists in the save (skat_ui.storage.shelf): the title's change of
    # tables imports it and drops it after (not in ``APP``: a drive without Skat zu dritt,
    # one table, holds neither it nor its name).
    SHELF = "skat_ui.storage.shelf"
    # Skat zu dritt's pre-play modules, dropped at the opening lead with ``PRE_PLAY`` and
    # ``BOT_PRELUDE``: its bidding and Schieberamsch, the bot's pre-play decisions (its rule of
    # thumb, its trained evaluation and table).
    THREE_BOT_PRELUDE = ("skat_core.bot.prelude.three_thumb", "skat_core.bot.prelude.three_decl",
                         "skat_core.bot.prelude.three_table")
    THREE_PRE_PLAY = ("skat_core.three.bidding", "skat_core.three.schieben") + THREE_BOT_PRELUDE
    # Its screens of the bidding (and Schieberamsch's rounds), of the play and of the result:
    # each comes with its phase (skat_ui.three ``screen``) and goes with it (``App.show_table``).
    THREE_SCREENS = ("skat_ui.screens.bid3", "skat_ui.screens.play3", "skat_ui.screens.result3")
# The packages whose attributes may hold a module of the tables above: the engine's and
# bot's (``drop``'s default), the app's (UI; on the device the one package skat_ui).
PACKAGES = ("skat_core", "skat_core.engine", "skat_core.notation", "skat_core.solver",
            "skat_core.bot", "skat_core.bot.prelude")
if THREE_TABLES:
    PACKAGES = PACKAGES + ("skat_core.three",)
UI = ("skat_ui", "skat_ui.screens", "skat_ui.storage", "skat_ui.texts")


def drop(modules, packages=PACKAGES, clear=False):
    """Forget the modules named in ``modules`` (full names: a phase's tuple above, or the
    app's with ``packages=UI``): out of sys.modules and off the attributes of ``packages``,
    so that they can be collected; a later import compiles them again. Allocation-free: the
    names are constants, and a module is found on its package by identity.

    ``clear``: empty the module's dict too - for modules of functions only, whose objects
    nothing keeps (``BOOT_CODE``, ``DEAL_CODE``). A stale word on the C stack that still
    points at such a module or one of its functions then keeps that alone, not every
    function of the module: measured on CircuitPython's interpreter (2026-12-06), the boot's
    module stayed alive through the play without it (docs/memory.md, "Step 4")."""
    import sys
    for full in modules:
        mod = sys.modules.get(full)
        if mod is None:
            continue
        del sys.modules[full]
        if clear:
            mod.__dict__.clear()
        for name in packages:
            pkg = sys.modules.get(name)
            if pkg is None:
                continue
            attrs = pkg.__dict__
            for key in attrs:
                if attrs[key] is mod:
                    del attrs[key]
                    break
