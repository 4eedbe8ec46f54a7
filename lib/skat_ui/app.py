"""The app: one object that owns the engine, the bot, the series, the screens and the save.

Main loop (``run``): read one logical key and hand it to the current screen; let the bot think
for one slice when it has to act (keys stay responsive, nothing sleeps); redraw when something
changed; sleep only when waiting for the player with nothing to compute (the headless
simulator delivers the next scripted key exactly then).

Persistence: settings, the series and the game in progress (deal + record of actions) are
saved at phase changes, after each trick and after offers/Contra/Re - never per key. After a
reset the record is replayed through the engine, so the game resumes at the last save.
``CURRENT`` is the running App (tests read its state).
"""

import gc
import sys
import time

import skat_core
from skat_boards import keys as K
from skat_core.codes import (
    PH_DONE, PH_PLAY, PH_BID, PH_ANSWER, PH_TAKE, PH_SKAT, PH_DECLARE,
    V_ACCEPT, V_REJECT, V_CONTRA, V_RE, V_OFFER, V_BID, V_YES, V_PASS, V_HAND,
    V_PICKUP, V_DECLARE,
)
from skat_core.cards import const
from skat_core.engine.game import Game, MAX_ACTIONS
from skat_core.bot.bot import Bot, load_play_module, release_prelude
from skat_ui.storage import save, resume; from skat_ui import settings as S, text
from skat_ui.storage import persist
from skat_core.engine.series import Series, next_seed
from skat_ui.ui import Ui
from skat_core.codes import VERB_MASK, A_SHIFT, A_MASK, B_SHIFT
from skat_core import (SCR_PLAY, SCR_BID, SCR_TABLE, SCR_DECLARE, SCR_MENU, SCR_RESULT,
                       SCR_ANALYSIS, SCREENS, HINT, RESTORE, RECOUT, PLAYMENU, STAKES,
                       THREE, THREE_TABLES, CUE)

CURRENT = None


def load(i):
    """The app's module ``skat_core.APP[i]`` (imported now if it is not loaded)."""
    full = skat_core.APP[i]
    mod = sys.modules.get(full)
    if mod is None:
        mod = __import__(full, None, None, [full])
    return mod


# The app's part of what is resident when is skat_core's table (``APP``): each phase shows
# one screen module (``screen_module``); when its screen comes, the other screens go (the
# result keeps the menu, which its sheet and settings open).


def screen_module(ph):
    """The screen module of engine phase ``ph`` (its index in ``skat_core.APP``)."""
    if ph == PH_PLAY:
        return SCR_PLAY
    if ph == PH_BID or ph == PH_ANSWER or ph == PH_TAKE:
        return SCR_BID
    if ph == PH_DECLARE:
        return SCR_DECLARE
    if ph == PH_DONE:
        return SCR_RESULT
    return SCR_TABLE


def drop(*names):
    """Forget the app's modules ``skat_core.APP[i]`` so their code can be collected
    (re-imported when needed): skat_core.drop, the one function that forgets modules."""
    for i in names:
        skat_core.drop((skat_core.APP[i],), skat_core.UI)
BOT_STRENGTHS = ("greedy", "easy", "device")
SLICE = 150            # bot nodes per slice between two key polls
IDLE_PER_SECOND = 50   # idle sleeps in a second (the light's idle times count them: ``step``)
IDLE_SLEEP = 1 / IDLE_PER_SECOND
GRACE = 1.0            # seconds the bot waits between tricks when the player may offer
_RECORD_FIRST = const(2)  # ``pending``: the finished deal's record is printed in the result's
                          # step before its screen module comes (``finish_deal``)


class App:
    def __init__(self, hw):
        global CURRENT
        CURRENT = self
        self.hw = hw
        self.keys = hw.keys
        self.ui = Ui(hw.display, hw.width, hw.height)
        # The app's save: the first LIVE bytes of each half of the nvm (the shelf's after them)
        self.store = save.Store(hw.nvm, 0, save.LIVE) if hw.nvm is not None else None
        if THREE_TABLES:
            self.parked = -1         # the tables whose list is on the shelf (storage/shelf.py)
                                     # as bits; -1 not read yet
        self.settings = S.defaults()
        self.series_rules = bytearray(self.settings[:S.N_RULES])
        self.series = None
        self.table = 2               # the series' table: 2 Skat-en-deux, 3 zu dritt, 4 zu viert
        self.base_seed = 0           # SKAT_SEED or a random seed, and ``analysis``:
        self.analysis = None         # read from settings.toml at boot (restore.env)
        self.game = Game(S.rules_of(self.series_rules))
        self.bot = Bot(BOT_STRENGTHS[self.settings[S.I_STRENGTH]], self.base_seed)
        self.bot.release_play()      # built again at the first card (``load_table``)
        self.actbuf = [0] * MAX_ACTIONS
        self.human = 0
        # The save's slot image, taken once, and in it the series' games and the deal's
        # actions (seat, verb, a, b): nothing a deal or a save adds to the heap (persist.py).
        self._img = persist.image(resume.ROOM)
        self._room = persist.Entries(persist.MOST, self._img, persist.ENTRIES_AT)
        self._rec = persist.Record(resume.ROOM, self._img, persist.record_at(0))
        self.in_game = False
        self._scr = None             # the screen (``screen``)
        self.pending = False         # a table screen waits to be loaded (``show_table``)
        self.dirty = True
        self.notice = ""             # one line shown on the next table screen (bot said ...)
        self.thinking = False        # the bot is deciding its own action
        self.hinting = False         # the adviser is deciding a hint for the player
        self.hint = -1               # hinted card id
        self.adv = None              # the hint's search and judge (``adviser``; the device:
                                     # the judge alone, skat_ui.hint)
        self.hstage = 0              # the device's hint: its stage (skat_ui.hint)
        self.collect = False         # the main loop collects at its top level first (``run``)
        self.rebuild = False         # the bot's search state comes back after the device's
                                     # hint (``Bot.rebuild``)
        self.bot_checked = -1        # record length at which bot.optional was last asked
        self.grace = False           # let the player speak before the bot leads on
        self.grace_sleep = False
        self.held = False            # a completed trick stays on screen until a key
        self.saves = 0
        self.boot_message = None
        self.lit = 2                 # the screen's light: 2 as set, 1 dimmed, 0 dark
        self.idle = 0                # idle sleeps since the last key (``step``)
        self.dim_at = self.dark_at = 0   # ``idle`` at which it dims, goes dark (0 never)
        self.cue = None              # the module skat_ui.cue while the sound or the LEDs are on

    # ------------------------------------------------------------------ settings / language
    def apply_look(self):
        st = self.settings
        text.set_lang(st[S.I_LANG])
        self.ui.canvas.set_style(st[S.I_STYLE])
        self.ui.canvas.set_lang(st[S.I_LANG])
        self.dim_at = S.DIM_AFTER[st[S.I_DIM]] * IDLE_PER_SECOND
        self.dark_at = S.DARK_AFTER[st[S.I_DARK]] * IDLE_PER_SECOND
        self.idle = 0
        self.light(2)
        # The cues (skat_ui.cue: tones, the LEDs' colour) while the sound or the LEDs are set
        # on and the board has them: their set-up says (it comes and goes, above them).
        if st[S.I_SOUND] or st[S.I_LEDS] or self.cue is not None:
            self.cue = load(CUE)
            load(CUE + 1).apply(self)        # APP[CUE + 1]: skat_ui.cue_setup
            drop(CUE + 1)

    def light(self, lit):
        """The screen's light: 2 the brightness set, 1 dimmed, 0 dark (``step``)."""
        self.lit = lit
        self.hw.display.brightness = (S.LIGHTS[self.settings[S.I_LIGHT]] if lit == 2
                                      else S.DIMMED if lit else 0.0)

    def set_strength(self):
        name = BOT_STRENGTHS[self.settings[S.I_STRENGTH]]
        if name != self.bot.strength:
            # The old bot's search state goes before the new one is built; the new one keeps
            # none until a card is played (its next play decision rebuilds it). The hint's
            # adviser may hold the old one: it goes too.
            self.release_adviser()
            self.bot.release_play()
            self.bot = None
            if THREE_TABLES and self.table != 2:
                self.bot = load(THREE).bot(name, self.base_seed)
            else:
                self.bot = Bot(name, self.base_seed)
            self.bot.release_play()

    # ------------------------------------------------------------------ persistence
    def _record(self):
        return self._rec

    def _set_record(self, actions):
        # Assigning a list (restore, tests) copies it into the record's place in the image.
        self._rec.home(persist.record_at(self.series.games() if self.series else 0,
                                         self._room.w))
        self._rec.extend(actions)

    record = property(_record, _set_record)

    def save_now(self):
        resume.save(self)

    def load(self):
        load(RESTORE).load(self)
        drop(RESTORE)              # boot only: its code is not kept

    # ------------------------------------------------------------------ series and deals
    def set_table(self, table):
        """Play at ``table`` (2 Skat-en-deux, 3 Skat zu dritt, 4 zu viert) from now on: its
        Game, bot and the series' room in the save's image (between series: may allocate).
        At three and four the game, the bot and the list are skat_core.three's."""
        if table == self.table:
            return
        self.series = None
        self.game = None
        self.bot = None
        self.table = table
        self._room = persist.Entries(persist.MOST, self._img, persist.ENTRIES_AT, table)
        name = BOT_STRENGTHS[self.settings[S.I_STRENGTH]]
        if table == 2:
            self.game = Game(S.rules_of(self.series_rules))
            self.bot = Bot(name, self.base_seed)
        elif THREE_TABLES:                   # (a drive without them leaves this out)
            load(THREE).set_up(self, name)
        self.bot.release_play()

    def new_series(self, table):
        self.set_table(table)
        self.series_rules = bytearray(self.settings[:S.N_RULES])
        # The same Game (its storage taken at boot), the new series' rules: read anew at
        # every deal (Game._reset), nothing else in it depends on them.
        if table == 2:
            self.game.rules = S.rules_of(self.series_rules)
        elif THREE_TABLES:
            self.game.rules = load(THREE).rules_of(self.series_rules)
        # Each series deals from the seed drawn from the one before (the first from SKAT_SEED):
        # ``base_seed`` is always the next series' (the restore keeps it so: storage/restore.py).
        seed = self.base_seed
        self.series = None             # its room is taken again by the new series
        length = S.SERIES_CHOICES[self.settings[S.I_SERIES]]
        if table == 2:
            self.series = Series(length, seed, self._room)
        elif THREE_TABLES:
            self.series = load(THREE).series(table, length, seed, self._room)
        self.base_seed = next_seed(seed, self.bot.rng)
        self.new_deal()

    def new_deal(self):
        # The bot's search state (solver, table, worlds: ~11 KB) is not needed until the first
        # card: freed now, its room takes the pre-play modules of the bidding.
        self.release_adviser()
        self.bot.release_play()
        self.rebuild = False
        ser = self.series
        i = ser.games()
        seed = (ser.seed + i * 7919) & 0x3FFFFFFF
        self.game.deal_from_seed(seed)
        self.game.bock = ser.bock(self.game.rules)       # Bockrunden: the series says
        self.bot.rng.seed(seed ^ 0x2545)
        self.human = ser.human_seat(i)
        self._rec.home(persist.record_at(i, self._room.w))
        self.in_game = True
        self.hint = -1
        self.notice = ""
        self.bot_checked = -1
        self.grace = self.grace_sleep = self.held = False
        self.save_now()
        self.show_table()

    def show_table(self):
        """The screen of the engine's phase. Screen modules are loaded when needed and the
        ones of other phases dropped: on the device their code is heap. The new module is
        compiled at the start of the next step (``load_table``), after the collection between
        two steps has freed the dropped ones; ``screen`` loads it at once when asked for."""
        ph = self.game.phase
        self._scr = None
        self.pending = True
        drop(SCR_ANALYSIS, HINT, PLAYMENU, STAKES)   # kept only on the result of a deal;
                                                 # the device's hint only while it works;
                                                 # the play menu and what a call books
                                                 # while they show
        keep = screen_module(ph)
        for i in range(SCREENS):
            if i != keep and not (ph == PH_DONE and i == SCR_MENU):
                drop(i)
        if THREE_TABLES and self.table != 2:     # three's own of the other phases
            three = skat_core.THREE_SCREENS
            keep = load(THREE).screen_index(ph)
            for i in range(len(three)):
                if i != keep:
                    skat_core.drop(three[i:i + 1], skat_core.UI)
        if ph == PH_PLAY:
            skat_core.drop(skat_core.PRE_PLAY)   # bidding & co. are not needed until the count
            skat_core.drop(skat_core.BOOT_CODE + skat_core.DEAL_CODE,   # nor a deal's set-up
                           skat_core.PACKAGES + skat_core.UI, True)     # (the device's)
            release_prelude()                    # nor the bot's: gone before its play modules come
            if THREE_TABLES and self.table != 2:
                skat_core.drop(skat_core.THREE_PRE_PLAY)     # the same of Skat zu dritt's
        self.dirty = True

    def load_table(self):
        record = self.pending == _RECORD_FIRST
        self.pending = False
        # The phase's modules come one per step: each after a collection, so that what the
        # last phase or step dropped is free again and a new module's blocks go to the
        # lowest free places (the allocator searches from where the last collection left it).
        gc.collect()
        ph = self.game.phase
        if ph == PH_PLAY:
            # After the collection that freed the PRE_PLAY modules (dropped by show_table):
            # the bot's play modules are compiled, one per step (a collection between two
            # compiles, the keys wait in their queue), then the play screen's module (its
            # loader's garbage goes with the next collection), and only then the bot's search
            # state: the opening's peak is then the play's own (docs/memory.md).
            offers = True
            if THREE_TABLES and self.table != 2:
                offers = False               # (the bots at three make no offers)
            if self.bot.tt_slots and load_play_module(offers):
                self.pending = True
                return
            if skat_core.APP[SCR_PLAY] not in sys.modules:
                load(SCR_PLAY)
                self.pending = True
                return
            if self.bot.prepare_play():
                self.pending = True
                return
            if THREE_TABLES and self.table != 2:
                self._scr = load(THREE).screen(self, ph)
            else:
                self._scr = load(SCR_PLAY).Play(self)
        elif record:                 # the deal's record alone in this step (``finish_deal``),
            load(RECOUT).emit(self)  # at three too, before the result's screen
            drop(RECOUT)
            self.pending = True
            return
        elif THREE_TABLES and self.table != 2 and (ph < PH_SKAT or ph > PH_DECLARE
                                                   or ph == PH_DONE):
            self._scr = load(THREE).screen(self, ph)     # bidding, pushing, the result
        elif ph == PH_BID or ph == PH_ANSWER or ph == PH_TAKE:
            self._scr = load(SCR_BID).Bid(self)
        elif ph == PH_DECLARE:
            self._scr = load(SCR_DECLARE).Declare(self)
        elif ph == PH_DONE:
            mod = load(SCR_RESULT)
            if mod.can_analyse(self):
                # The analysis' module comes with the result, while the room of the play
                # screen is still in one piece (screens.result.analysis_mode).
                try:
                    load(SCR_ANALYSIS)
                except MemoryError:          # the result stays; RIGHT says why not
                    drop(SCR_ANALYSIS)
            self._scr = mod.Result(self)
        else:
            mod = load(SCR_TABLE)
            self._scr = mod.Skat(self) if ph == PH_SKAT else mod.Discard(self)

    def _get_screen(self):
        while self.pending:
            self.load_table()
        return self._scr

    def _set_screen(self, screen):
        self.pending = False
        self._scr = screen

    screen = property(_get_screen, _set_screen)

    def show(self, screen):
        self.screen = screen
        self.dirty = True

    # ------------------------------------------------------------------ actions
    def human_view(self):
        return self.game.view(self.human)

    def act(self, seat, verb, a=0, b=0):
        """Apply an action of either side; keep the record; save at the right moments.
        Returns the engine's error code (0 ok); on an error nothing changes."""
        g = self.game
        ph = g.phase
        tricks = g.n_tricks
        mine = g.actor(seat) == self.human
        if THREE_TABLES and self.table != 2 and verb == V_DECLARE and ph == PH_DECLARE:
            # The declaration ends the bots' pre-play decisions: their modules go before the
            # engine's play modules come with it (at three the two met at the opening lead).
            release_prelude()
            skat_core.drop(skat_core.THREE_BOT_PRELUDE)
        err = g.act(seat, verb, a, b)
        if err:
            if mine and self.cue is not None:
                self.cue.error()
            return err
        if mine:
            self.notice = ""
            self.held = False
            drop(STAKES)             # what a call books is asked before it, not after
        self._rec.add(seat, verb, a, b)
        self.hint = -1
        if self.hinting and self.bot.release:
            self.release_adviser()   # its judge goes (the device: skat_ui.hint)
            self.collect = True
        self.hinting = False         # a hint still working was for the position before
        self.dirty = True
        if g.phase == PH_DONE:
            self.finish_deal()
            return 0
        if (g.phase != ph or g.n_tricks != tricks or verb == V_ACCEPT or verb == V_REJECT
                or verb == V_CONTRA or verb == V_RE):
            self.save_now()
        if g.phase != ph:
            self.notice = ""         # what the bot said belongs to the phase it said it in
            self.show_table()
        if g.n_tricks != tricks:
            # The trick just completed stays on screen with its winner until the player
            # presses a key of its own, whoever leads next (that key never plays a card).
            # When the bot (or the dummy it plays) leads, that is his moment to speak (the
            # menu: offer, Contra, Re): no extra pause.
            self.held = True
            return 0
        if (g.phase != ph or not mine) \
                and g.player_to_act() != self.human and self.human_may_speak():
            # After the bot said something (in zweimal offen also before the opening lead)
            # the player may offer, say Contra or Re before the bot leads on: give him a
            # moment (one sleep) first.
            self.grace = True
        return 0

    def human_may_speak(self):
        g = self.game
        n = g.legal_actions(self.human, self.actbuf)
        for i in range(n):
            v = self.actbuf[i] & VERB_MASK
            if v == V_OFFER or v == V_CONTRA or v == V_RE:
                return True
        return False

    def paused(self):
        """The bot waits while a completed trick is held on screen, while the player has the
        play menu or another menu screen open, or holds a key undecided."""
        scr = self._scr
        if self.held or getattr(scr, "menu", None) is not None or getattr(scr, "over", 0):
            return True
        held = getattr(self.keys, "holding", None)
        return held is not None and held()

    def finish_deal(self):
        g = self.game
        self.in_game = False
        self.thinking = False
        self.hinting = False
        self.grace = self.grace_sleep = self.held = False
        # The game's rules are the series' (no new Rules object: its dict is the largest
        # block this moment asks for).
        if THREE_TABLES and self.table != 2:
            self.series.add(g.result, g.rules)       # a list of three or four players
        else:
            self.series.add(g.result, self.human, g.rules)
        self.save_now()
        # The bot's search state and play modules wait for the next deal's first card: freed
        # now, their room takes the result screen and the menus.
        self.release_adviser()
        self.bot.release_play()
        self.rebuild = False
        # The deal's record as one JSON line on the serial console (docs/records.md): its
        # printer comes first in the result's step (``load_table``), after the main loop's
        # collection - here, under the key's handler, stale words on the C stack still held
        # the play's modules - and is dropped again.
        self.show_table()            # the result screen, compiled a step later like the others
        self.pending = _RECORD_FIRST

    def next_deal(self):
        if self.series is None or self.series.over():     # the list, each player's column
            self.show(load(SCR_MENU).Sheet(self, True))
        else:
            self.new_deal()

    def analysis_mode(self):
        """"full" (from trick 1), "endgame" (the last 6 tricks) or None (no analysis): the
        setting ``SKAT_ANALYSIS`` as read at boot (restore.env; docs/app.md, "Analyse")."""
        return self.analysis

    # ------------------------------------------------------------------ the bot
    def no_room(self):
        """The analysis (opt-in on a board: SKAT_ANALYSIS) found no room on the heap: it
        goes, the result screen comes back and says so; the deal and the series are saved
        already."""
        scr = self._scr
        working = hasattr(scr, "leave")      # the analysis' screen, else the result's
        if working:
            scr.leave()
        drop(SCR_ANALYSIS)
        self.notice = text.tr("an_nomem")
        if working:
            self.show(self.result_screen())

    def result_screen(self):
        """The result screen of the deal just played (again after the analysis, which does
        not keep its module: screens.analysis)."""
        if THREE_TABLES and self.table != 2:
            return load(THREE).screen(self, PH_DONE)
        return load(SCR_RESULT).Result(self)

    def bot_seat(self):
        return 2 - self.human

    def work(self):
        """One slice of the bot's thinking; True while there is work to do. Between deals a
        screen with work of its own (``think``: the analysis) gets the slice."""
        if not self.in_game:
            think = getattr(self._scr, "think", None)
            if think is None:
                return False
            try:
                return think()
            except MemoryError:      # an analysis asked for too much: back to the result
                self.no_room()
                return False
        if self.paused():
            return False
        if self.grace_sleep:         # the pause has not been slept yet (a key came first)
            return False
        if self.grace:
            self.grace = False
            self.grace_sleep = True
            return False
        g = self.game
        if self.rebuild and not self.hinting and skat_core.APP[STAKES] not in sys.modules:
            # After the device's hint and what a call books (gone at the player's next
            # action): the bot's search state, one part per step.
            self.collect = self.rebuild = self.bot.rebuild()
            if self.rebuild:
                return True
        if self.hinting:
            if self.bot.release:
                if load(HINT).step(self):
                    return True
            elif self.adv.think(SLICE):
                self.hinting = False
                self.hint = self.adv.card
            else:
                return True
            point = getattr(self._scr, "point_to", None)
            if point is not None:
                point(self.hint)
            self.dirty = True
            return True
        actor = g.player_to_act()
        if actor >= 0 and actor != self.human:       # a bot's turn
            if not self.thinking:
                self.thinking = True
                self.bot.begin(g.view(actor))
                self.dirty = True
                return True
            if self.bot.think(SLICE):
                self.thinking = False
                bot = self.bot
                err = self.act(bot.seat, bot.verb, bot.a, bot.b)
                if err == 0:
                    self.note_bot(bot.verb, bot.a, bot.seat)
                else:
                    # Never stall on a refused bot action: take its first legal action.
                    n = g.legal_actions(g.to_act, self.actbuf)
                    if n:
                        x = self.actbuf[0]
                        self.act(g.to_act, x & VERB_MASK, (x >> A_SHIFT) & A_MASK, x >> B_SHIFT)
            return True
        # The player's turn: may the bot say something (Contra/Re/offer) now? Ask once. Not
        # while its own offer waits for the player's answer: the engine takes nothing else
        # then, and asking would build the search state beside what the answer books.
        if g.phase == PH_PLAY and self.table == 2 and self.bot_checked != len(self.record) \
                and not g.offer_pending:
            self.bot_checked = len(self.record)
            opt = self.bot.optional(g.view(self.bot_seat()))
            if opt is not None:
                if self.act(self.bot_seat(), opt[0], opt[1], 0) == 0:
                    self.note_bot(opt[0], opt[1], self.bot_seat())
                return True
        return False

    def note_bot(self, verb, a, seat):
        if THREE_TABLES and self.table != 2:     # at three: which bot said it
            load(THREE).note(self, verb, a, seat)
            return
        if verb == V_BID:
            self.notice = text.tr("bot_bids") + " " + (
                text.farben_name(a) if self.game.rules.farben else str(a))
        elif verb == V_YES:
            self.notice = text.tr("bot_holds")
        elif verb == V_PASS:
            self.notice = text.tr("bot_passes")
        elif verb == V_HAND:
            self.notice = text.tr("bot_hand")
        elif verb == V_PICKUP:
            self.notice = text.tr("bot_pickup")
        elif verb == V_CONTRA:
            self.notice = text.tr("bot_contra")
        elif verb == V_RE:
            self.notice = text.tr("bot_re")
        elif verb == V_REJECT:
            self.notice = text.tr("bot_rejects")
        elif verb == V_OFFER:
            self.notice = text.tr("bot_offers") + ": " + text.tr(
                "offer_raus" if a == 1 else "offer_stich")

    def ask_hint(self):
        """The hint: the device bot's own card search for the player's seat, then the judge
        that Analyse asks too (skat_core.bot.advice): a card it calls a loss gives way to
        the card that beats it (at three the three bots' search, from the player's view
        only, and the judge over every deal of the two other hands). Sliced in ``work``
        like the bot's thinking."""
        g = self.game
        if self.thinking or self.hinting or g.phase != PH_PLAY:
            return
        if g.player_to_act() != self.human:
            return
        if self.bot.release:
            # The device: the bot's offers are not asked while the player is to act (its
            # optional word was asked already): they go, and the search starts in the next
            # step, after the main loop's collection (skat_ui.hint).
            self.bot.release_offers()
            self.hstage = 0
            self.rebuild = True      # ... and come back after it (``Bot.rebuild``)
            self.collect = True
        else:
            self.adviser().begin(g.view(self.human))
        self.hinting = True
        self.dirty = True

    def adviser(self):
        """The hint's search and the judge for this deal (skat_core.bot.adviser.Adviser; also
        Analyse's): the app's bot when it plays at the device's strength, else a device bot
        of its own; in the analysis mode's parameters (``analysis_mode``)."""
        if self.adv is None:
            from skat_core.bot.adviser import Adviser
            shared = self.bot.strength == "device"
            if shared:
                bot = self.bot
            elif THREE_TABLES and self.table != 2:
                bot = load(THREE).bot("device", self.base_seed)
            else:
                bot = Bot("device", self.base_seed)
            self.adv = Adviser(bot, self.analysis_mode(), shared)
        return self.adv

    def release_adviser(self):
        """Forget the adviser and its module (at the end of a deal and of an analysis)."""
        self.adv = None
        self.hinting = False
        skat_core.drop(skat_core.ADVICE)

    def busy(self):
        return self.thinking or self.hinting

    # ------------------------------------------------------------------ main loop
    def boot(self):
        self.load()
        self.apply_look()
        scr_menu = load(SCR_MENU)
        if self.boot_message:        # a bad save or setting (restore.load): said once
            self.show(scr_menu.Notice(self, self.boot_message))
        elif self.in_game:
            self.notice = text.tr("resumed")
            self.show_table()
        else:
            self.show(scr_menu.Title(self))

    def step(self):
        if self.pending:
            self.load_table()
            if self.pending:         # compiling the play modules: one per step
                return
        k = self.keys.get()
        if k != K.NONE:
            self.idle = 0
            if self.lit < 2:         # dimmed or dark: the key wakes the screen, nothing else
                self.light(2)
                k = K.NONE
            else:
                self._scr.key(k)
                self.dirty = True
        busy = self.pending or self.work()   # the phase's modules first (load_table)
        if self.dirty and not self.pending:
            self.dirty = False
            self.ui.begin()
            self._scr.draw(self.ui)
            self.ui.end()
        if self.cue is not None:
            self.cue.step()                  # the tones' notes, the moments of the game
        if k == K.NONE and not busy:
            held = getattr(self.keys, "holding", None)
            if self.grace_sleep:
                self.grace_sleep = False
                time.sleep(GRACE)
            elif held is not None and held():
                time.sleep(0.005)
            else:
                time.sleep(IDLE_SLEEP)
                # The light: dimmed, then dark, after the idle times without a key.
                if self.lit and (self.idle < self.dim_at or self.idle < self.dark_at):
                    self.idle += 1
                    if self.idle == self.dark_at:
                        self.light(0)
                    elif self.idle == self.dim_at and self.lit == 2:
                        self.light(1)

    def run(self):
        self.boot()
        # The device: the code that built the app is not kept (skat_core.BOOT_CODE).
        skat_core.drop(skat_core.BOOT_CODE, skat_core.PACKAGES + skat_core.UI, True)
        while True:
            if self.pending or self.collect:
                # The collection before a phase's module comes (``load_table`` collects
                # too) or a part of the device's hint or of the bot's search state after it
                # (skat_ui.hint) runs here at the loop's top level:
                # inside ``step`` the C stack still held stale words of the last key's
                # handler, which kept its screen module (and the modules it imports from)
                # alive - at the first deal's opening screens.declare and values, 3.9 KB under
                # the bot's search state.
                self.collect = False
                gc.collect()
            self.step()


def main(hw):
    if hw.labels and skat_core.LABELS:
        # The board prefers the labels and the install holds them: a failing import is a
        # broken install (a library missing), never a reason for the lean strips.
        __import__(skat_core.LABELS, None, None, ["use"]).use()
    App(hw).run()
