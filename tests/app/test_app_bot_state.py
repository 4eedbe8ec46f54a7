"""The bot's search state (solver, table, worlds: ~11 KB) lives only while cards are played:
the app frees it before each deal's bidding (its room takes the pre-play modules) and builds
it again at the first card, also after a resume mid-play and for a new bot strength."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.codes import PH_PLAY, PH_BID, V_PLAY  # noqa: E402
from skat_core.cards import parse_card  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from tests.app.test_app_screens import HW, make_app, declared, DEAL  # noqa: E402


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
