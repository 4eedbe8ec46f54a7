"""The bot's search state (solver, table, worlds: ~11 KB) lives only while cards are played:
the app frees it before each deal's bidding (its room takes the pre-play modules) and builds
it again at the first card, also after a resume mid-play and for a new bot strength."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

import skat_core  # noqa: E402
from skat_boards import keys as K  # noqa: E402
from skat_core import STAKES  # noqa: E402
from skat_core.codes import PH_PLAY, PH_BID, V_PLAY, V_OFFER, V_REJECT, OFFER_RAUS  # noqa: E402
from skat_core.cards import parse_card  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from tests.app.test_app_screens import HW, make_app, declared, DEAL, press  # noqa: E402


# The app's collections scan what it made (tests/app/conftest.py).
pytestmark = pytest.mark.usefixtures("app_heap_of_its_own")


def test_new_app_holds_no_search_state_until_a_card_is_played():
    a = make_app(**DEAL)
    assert a.game.phase == PH_BID
    assert a.bot.player is None


def test_first_card_screen_builds_the_search_state_before_the_bots_search():
    a = make_app(**DEAL)
    declared(a)                                   # the play screen is loaded here
    assert a.game.phase == PH_PLAY
    assert a.bot.player is not None


def test_next_deal_frees_the_search_state_for_the_bidding():
    a = make_app(**DEAL)
    declared(a)
    assert a.bot.player is not None
    a.new_deal()
    assert a.game.phase == PH_BID and a.bot.player is None


def test_new_bot_strength_holds_no_search_state_until_play():
    a = make_app(**DEAL)
    declared(a)
    a.settings[S.I_STRENGTH] = 1                  # "easy": a new Bot
    a.set_strength()
    assert a.bot.strength == "easy" and a.bot.player is None
    # Its next play decision builds the state itself (release without prepare).
    assert a.act(0, V_PLAY, parse_card("CJ")) == 0
    bot_seat = 2
    a.bot.begin(a.game.view(bot_seat))
    while not a.bot.think(1 << 20):
        pass
    assert a.bot.player is not None and a.bot.verb == V_PLAY


def test_resume_mid_play_builds_the_search_state_at_the_play_screen():
    a = make_app(**DEAL)
    declared(a)
    assert a.act(0, V_PLAY, parse_card("CJ")) == 0
    a.save_now()
    hw = HW()
    hw.nvm[:] = a.hw.nvm
    from skat_ui import app as appmod
    b = appmod.App(hw)
    assert b.bot.player is None
    b.boot()
    assert b.in_game and b.game.phase == PH_PLAY
    assert b.screen.name == "play" and b.bot.player is not None


def test_the_device_bots_search_state_keeps_the_blocks_taken_at_boot_across_deals(monkeypatch):
    """The worlds' store and the table's key lists are taken once (skat_core/bot.py) and
    reused by every deal's search state, so no deal needs a 2 KB block at its first card."""
    import skat_core
    from skat_core.bot import bot as B
    # The device also forgets the play modules between deals; this process keeps them.
    monkeypatch.setattr(skat_core, "drop", lambda modules: None)
    from skat_core.bot.worlds import STORE_BYTES
    b = B.Bot("device", 1)
    b.release = True                      # as on the device (off on the desktop)
    blocks = B.device_blocks()
    assert len(blocks[0]) == STORE_BYTES and len(blocks[1]) == b.tt_slots
    b.prepare_play()
    assert b.player.worlds.owner is blocks[0]
    assert (b.player.solver.tt.k0, b.player.solver.tt.k1) == tuple(blocks[1:])
    assert b.player.solver.tt.k0 is blocks[1]
    b.release_play()
    b.prepare_play()
    assert b.player.worlds.owner is blocks[0] and b.player.solver.tt.k1 is blocks[2]


def _device_bot(a, monkeypatch):
    """The app's bot as on the device (``release``: it frees its search state for the
    player's screens); the bot's modules stay loaded in this process (the app's come and go)."""
    import skat_core
    real = skat_core.drop

    def drop(modules, packages=skat_core.PACKAGES, clear=False):
        if packages is skat_core.UI:
            real(modules, packages, clear)
    monkeypatch.setattr(skat_core, "drop", drop)
    a.bot.release = True
    assert a.bot.player is not None and a.bot.offers is not None    # built at the first card


def _idle(a):
    """Main-loop steps without a key until the app has no work left (each after the loop's
    sleep: the grace before a bot acts is over); True if the bot's search state is back."""
    for _ in range(20):
        a.grace_sleep = False
        if not a.work():
            break
    return a.bot.player is not None and a.bot.offers is not None and not a.rebuild


def test_play_menu_opens_beside_the_device_bots_search_state(monkeypatch):
    """The play menu's module is small and opens often: it comes beside the bot's search state,
    which stays (rebuilding it after each menu cost the evening more heap than it gave:
    docs/memory.md, "Step 7")."""
    a = make_app(**DEAL)
    declared(a)
    _device_bot(a, monkeypatch)
    player = a.bot.player
    press(a, K.START)
    assert a.screen.menu.name == "playmenu"
    assert a.bot.player is player and not a.rebuild
    press(a, K.B)
    assert a.screen.menu is None and a.bot.player is player


def test_bots_offer_to_answer_keeps_the_search_state_away_until_your_answer(monkeypatch):
    """What a call books (screens/stakes.py) shows while the bot's offer waits for your answer,
    without the bot's search state; your answer drops it and the state comes back."""
    a = make_app(**DEAL)
    declared(a)
    assert a.act(0, V_PLAY, parse_card("CJ")) == 0
    for seat, c in ((1, "ST"), (2, "S7")):
        assert a.act(seat, V_PLAY, parse_card(c)) == 0
    _device_bot(a, monkeypatch)
    a.held = False                                # the trick is off the table (a key went)
    assert a.act(2, V_OFFER, OFFER_RAUS) == 0     # the bot offers "raus"
    press(a)                                      # the prompt, with what each answer books
    assert skat_core.APP[STAKES] in sys.modules and a.bot.player is None and a.rebuild
    assert not _idle(a) and a.bot.player is None  # not while the answer is open
    press(a, K.RIGHT, K.A, K.A)                   # Ablehnen, Nein: the offer still waits
    assert a.human_view().offer_pending and a.bot.player is None
    assert not _idle(a) and a.bot.player is None
    press(a, K.A, K.RIGHT, K.A)                   # Ablehnen, Ja: rejected
    assert a.record[-1] == (0, V_REJECT, 0, 0)
    assert skat_core.APP[STAKES] not in sys.modules
    assert _idle(a)
