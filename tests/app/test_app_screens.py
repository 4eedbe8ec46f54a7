"""Screens driven in-process (the app object on a framebuffer display, keys fed directly):
paths that need a particular game state - the bot's offer as a prompt, Spielaufgabe, an
illegal card (a clear message, nothing changes), the play menu listing only what is legal."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from sim.board.platform.displays import FrameBufferDisplay  # noqa: E402
from skat_boards import keys as K  # noqa: E402
from skat_core.cards import parse_cards, parse_card, GT_C, MH  # noqa: E402
from skat_core.codes import (  # noqa: E402
    V_BID, V_PASS, V_HAND, V_DECLARE, V_PLAY, V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA,
    PH_PLAY, PH_DONE, RK_GIVEN_UP, OFFER_RAUS,
)


# The app's collections scan what it made (tests/app/conftest.py).
pytestmark = pytest.mark.usefixtures("app_heap_of_its_own")


class Keys:
    three = False

    def __init__(self):
        self.queue = []

    def get(self):
        return self.queue.pop(0) if self.queue else K.NONE


class HW:
    def __init__(self, w=160, h=128):
        import displayio
        displayio.release_displays()
        self.display = FrameBufferDisplay(w, h, auto_refresh=False)
        self.width = w
        self.height = h
        self.keys = Keys()
        self.nvm = bytearray(b"\xff" * 8192)
        self.labels = False          # the board module's fact: the lean strips


def make_app(vh, mh, hh, skat, human=0):
    from skat_ui import app as appmod
    from skat_core.engine.series import Series
    from skat_ui.storage.persist import Entries, MOST
    a = appmod.App(HW())
    a.apply_look()
    a.series = Series(12, 1, Entries(MOST))
    a.game.deal_hands(parse_cards(vh), parse_cards(mh), parse_cards(hh), parse_cards(skat))
    a.human = human
    a.record = []
    a.in_game = True
    a.show_table()
    return a


def draw(a):
    a.ui.begin()
    a.screen.draw(a.ui)
    a.ui.end()


def press(a, *keys):
    """Feed keys to the screen as the main loop does, drawing after each (and once)."""
    draw(a)
    for k in keys:
        a.screen.key(k)
        draw(a)


DEAL = dict(vh="CJ SJ HJ DJ CA CT CK CQ C9 DA", mh="ST SA SK HA HT HK HQ DT DK DQ",
            hh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", skat="C8 C7")


def declared(a):
    """The bot passed, you took 18 and declared Kreuz Hand: play begins."""
    for seat, verb, x, y in ((2, V_PASS, 0, 0), (0, V_BID, 18, 0), (0, V_HAND, 0, 0),
                             (0, V_DECLARE, GT_C, 0)):
        assert a.act(seat, verb, x, y) == 0
    assert a.game.phase == PH_PLAY and a.screen.name == "play"


def test_bot_offer_prompt_starts_on_accept_rejecting_takes_right_a_and_ja():
    """Rejecting an offer raises the stakes, so the key that plays a card must not do it: the
    bot's offer prompt starts on "Annehmen" (one A accepts, the safe side); rejecting takes
    RIGHT (or LEFT), A, then "Ja" on a Nein/Ja ask that starts on "Nein"."""
    a = make_app(**DEAL)
    declared(a)
    # One trick: you lead, the dummy and the bot follow (the bot's cards played directly).
    assert a.act(0, V_PLAY, parse_card("CJ")) == 0
    for seat, c in ((1, "ST"), (2, "S7")):
        assert a.act(seat, V_PLAY, parse_card(c)) == 0
    assert a.act(2, V_OFFER, OFFER_RAUS) == 0          # the bot (opponent) offers "raus"
    press(a)
    assert a.human_view().offer_pending == OFFER_RAUS
    assert any(s.endswith("[" + _tr("accept") + "] " + _tr("reject")) for s in shown(a))   # the cursor: "Annehmen"
    press(a, K.RIGHT, K.A)                               # on "Ablehnen": asks first
    assert a.screen.menu.name == "ask" and a.screen.menu.i == 0      # on "Nein"
    assert a.record[-1][1] == V_OFFER
    press(a, K.A)                                        # Nein: the offer still waits
    assert a.record[-1][1] == V_OFFER and a.human_view().offer_pending
    press(a, K.A, K.RIGHT, K.A)                          # Ablehnen, Ja: rejected
    assert a.record[-1] == (0, V_REJECT, 0, 0)
    assert a.game.rejected == OFFER_RAUS and a.game.phase == PH_PLAY
    # Contra is the bot's to say; a Stich offer comes next: it starts on "accept" again.
    assert a.act(2, V_CONTRA) == 0
    assert a.act(2, V_OFFER, 2) == 0
    press(a)
    assert any(s.endswith("[" + _tr("accept") + "] " + _tr("reject")) for s in shown(a))
    press(a, K.A)
    assert a.record[-1] == (0, V_ACCEPT, 0, 0)
    assert a.game.phase == PH_DONE and a.screen.name == "result"
    r = a.game.result
    assert r.accepted == 2 and r.contra and r.won


def shown(a):
    """The text lines of the frame drawn last."""
    return a.ui.txt.texts[:a.ui.used]


def _tr(key):
    from skat_ui.text import tr
    return tr(key)


def test_illegal_card_is_refused_with_a_message_and_nothing_changes():
    """You are the opponent and play the dummy: a heart is led, the dummy holds hearts; a
    spade from the dummy is refused on screen, the record stays as it was."""
    a = make_app(vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="ST SA SK HT HK HQ DA DT DK DQ",
                 hh="CJ SJ HJ DJ CA CT CK CQ C9 HA", skat="C8 C7")
    for seat, verb, x, y in ((2, V_BID, 18, 0), (0, V_PASS, 0, 0), (2, V_HAND, 0, 0),
                             (2, V_DECLARE, GT_C, 0), (0, V_PLAY, parse_card("H7"), 0)):
        assert a.act(seat, verb, x, y) == 0
    press(a)
    assert a.screen.seat == MH                         # the cursor is in the dummy's row
    v = a.human_view()
    dummy = [v.dummy[i] for i in range(v.n_dummy)]
    n = len(a.record)
    a.screen.cur = dummy.index(parse_card("ST"))
    press(a, K.A)
    assert len(a.record) == n and a.game.to_act == MH
    from skat_ui import text
    assert a.notice == text.error(20)                  # "Farbe bedienen!"
    assert not a.screen.legal[parse_card("ST")] and a.screen.legal[parse_card("HT")]
    a.screen.cur = dummy.index(parse_card("HT"))
    press(a, K.A)
    assert a.record[-1] == (MH, V_PLAY, parse_card("HT"), 0) and a.notice == ""


def test_spielaufgabe_at_18_from_the_skat_screen_asks_no_first_then_yes_gives_up():
    a = make_app(**DEAL)
    assert a.act(2, V_PASS) == 0 and a.act(0, V_BID, 18) == 0
    assert a.screen.name == "skat"
    items = [it[0] for it in a.screen.items()]
    press(a, *([K.DOWN] * (len(items) - 1)), K.A)         # the last item: give up
    assert a.game.phase != PH_DONE and a.screen.sub.name == "ask"
    assert a.screen.sub.i == 0 and a.screen.sub.items()[0][1] == 0   # on "Nein"
    press(a, K.A)                                        # Nein: back, nothing happened
    assert a.screen.sub is None and a.game.phase != PH_DONE and len(a.record) == 2
    press(a, K.A)                                        # give up again ...
    press(a, K.RIGHT, K.A)                               # ... Ja
    assert a.game.phase == PH_DONE and a.game.result.kind == RK_GIVEN_UP
    assert a.series.entries[-1][5] == -60
    assert a.screen.name == "result"


def test_play_menu_lists_only_legal_actions():
    a = make_app(**DEAL)
    declared(a)
    press(a, K.START)
    labels = [it[1] for it in a.screen.menu.items()]
    # You are the declarer: no offers, no Contra; Re only after a Contra; no last trick yet.
    assert labels == ["hint", "help", "settings", "sheet", "title", "back"]
    press(a, K.B)
    assert a.screen.menu is None


def test_new_series_while_one_is_running_asks_first():
    a = make_app(**DEAL)
    declared(a)
    from skat_core import SCR_MENU
    from skat_ui.app import load
    a.show(load(SCR_MENU).Title(a))
    items = [it[1] for it in a.screen.items()]
    assert items[:2] == ["continue", "new"]
    press(a, K.DOWN, K.A)                                # "Neue Liste"
    assert a.screen.name == "confirm"
    press(a, K.A)                                        # "Nein" is first
    assert a.screen.name == "title" and a.in_game and len(a.record) == 4
    press(a, K.DOWN, K.A, K.DOWN, K.A)                   # new series, "Ja"
    assert a.screen.name == "bid" and a.series.games() == 0 and a.record == []
    assert a.in_game and a.game.phase == 1
