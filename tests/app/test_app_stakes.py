"""What a call books before it is made, and when it can no longer pay (issue 30 item 2), by
key presses through code.py in the headless simulator on the PyBadge (160x128), the
PicoSystem (240x240) and the Feather ESP32-S3 Reverse TFT (240x135, three buttons).

- The bot's offer: the prompt shows what the answer under the cursor books ("= +120/+108":
  the best and the worst of what can still come), in red when rejecting can no longer pay;
  the Nein / Ja of the rejection shows both answers and, when it cannot pay, why.
- Your offer, Contra and Re: their Nein / Ja shows what the game books with the call and
  without it (your offer: accepted, rejected, playing on), and why one can no longer pay.
- The numbers are the engine's count of the declarer's score; the matadors those the player
  can count: a Hand game's unseen skat gives both counts, and shows nothing of itself.
- A call that cannot pay is still made on Ja: the app says why, it does not forbid it.
"""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.codes import (PH_DONE, V_OFFER, V_REJECT, V_CONTRA, V_RE,  # noqa: E402
                             OFFER_RAUS)
from skat_core.rules import CHOICES  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from tests.app.test_app_games import CONTRA_DEAL, CONTRA_KEYS  # noqa: E402
from tests.app.test_app_table import BOARDS, play, shown, has  # noqa: E402

RED = 0xFF6060

# You (Vorhand) declared Kreuz Hand with CJ SJ HJ DJ CA CT CK (the skat, CQ D7, unseen: to you
# it may hold CQ and C9 as well as none of them, with 7 to 9); the bot and the dummy took
# HA, SA and ST (32 card points), you the third trick with CK; the bot offers "raus". The house rule rejection = next_level (the default):
# rejecting makes Schneider compulsory, out of reach with 32 points gone.
RAUS_AT_32 = dict(vh="CJ SJ HJ DJ CA CT CK H7 S7 HQ", mh="HA SA DA HT HK SK DT DK DQ SQ",
                  hh="H8 ST D8 C9 C8 C7 H9 S9 D9 S8", skat="CQ D7",
                  record=[(2, 2, 0, 0), (0, 0, 18, 0), (0, 3, 0, 0), (0, 6, 0, 0),
                          (0, 8, 23, 0), (1, 8, 16, 0), (2, 8, 22, 0),      # H7 HA H8
                          (1, 8, 8, 0), (2, 8, 9, 0), (0, 8, 15, 0),        # SA ST S7
                          (1, 8, 24, 0), (2, 8, 30, 0), (0, 8, 2, 0),       # DA D8 CK
                          (2, V_OFFER, OFFER_RAUS, 0)])
# The same cards but the bot holds CQ and the skat is C9 D7 (with 7): the Hand declarer sees
# the same.
RAUS_AT_32_OTHER_SKAT = dict(RAUS_AT_32, hh="H8 ST D8 CQ C8 C7 H9 S9 D9 S8", skat="C9 D7")


def colour(app, words):
    """The colour of the first line drawn last that holds ``words``."""
    txt = app.ui.txt
    for i in range(app.ui.used):
        if words in txt.texts[i]:
            return txt.colors[i]
    raise AssertionError("%r not on screen: %s" % (words, shown(app)))


@pytest.mark.parametrize("board", BOARDS)
def test_bot_offers_raus_the_prompt_shows_accepting_books_132_to_108_then_a_books_120(board):
    """Kreuz Hand with 7 to 9 (the skat unseen), Spiel, Hand: x 12 = 108 to 132; the skat
    CQ D7 makes it with 8: 120."""
    app = play(board, RAUS_AT_32, "WAIT:1")
    assert app.human_view().offer_pending and has(app, "[Annehmen] Ablehnen")
    assert has(app, "= +132/+108")
    app = play(board, RAUS_AT_32, "A")
    res = app.game.result
    assert app.game.phase == PH_DONE and res.accepted == OFFER_RAUS and res.score == 120


@pytest.mark.parametrize("board", BOARDS)
def test_rejecting_raus_with_32_points_gone_books_minus_396_to_468_and_says_why_in_red(board):
    """Rejected: Schneider compulsory (next_level) and out of reach: lost, 12 x (7 + Spiel,
    Hand, Schneider, abgelehnt = 11) x 1.5 = 198, with 9: 234; lost double."""
    app = play(board, RAUS_AT_32, "RIGHT")                # the cursor on "Ablehnen"
    assert has(app, "Annehmen [Ablehnen]") and colour(app, "= -396/-468") == RED
    app = play(board, RAUS_AT_32, "RIGHT A")              # Nein / Ja, with both answers
    lines = shown(app)
    assert app.screen.menu.name == "ask" and has(app, "Ablehnen?")
    assert "Ablehnen: Du -396/-468" in lines and "Annehmen: Du +132/+108" in lines
    assert colour(app, "Ablehnen: Du") == RED
    i = lines.index("Zahlt nicht mehr:")
    assert lines[i + 1:i + 3] == ["Schneider unerreichbar,", "Bot: schon 32 Augen"], lines
    app = play(board, RAUS_AT_32, "RIGHT A RIGHT A")      # Ja: rejected all the same
    assert app.game.rejected == OFFER_RAUS and (0, V_REJECT, 0, 0) in app.record


@pytest.mark.parametrize("board", BOARDS)
def test_the_hand_declarers_stakes_are_the_same_whatever_the_unseen_skat_holds(board):
    """CQ in the skat (with 8) or in the bot's hand (with 7): the same screens; accepting
    books 120 or 108, each within what was shown."""
    for keys in ("WAIT:1", "RIGHT", "RIGHT A"):
        a = play(board, RAUS_AT_32, keys)
        b = play(board, RAUS_AT_32_OTHER_SKAT, keys)
        assert shown(a) == shown(b), keys
    assert play(board, RAUS_AT_32_OTHER_SKAT, "A").game.result.score == 108


@pytest.mark.parametrize("board", BOARDS)
def test_re_after_the_bots_contra_with_schneider_out_of_reach_books_minus_1584_to_1872(board):
    """Rejected, the bot said Contra: Re doubles a game that is lost at every count left
    (198 to 234, x 2 Contra: -792 to -936; with Re x 4)."""
    deal = dict(RAUS_AT_32, record=RAUS_AT_32["record"] + [(0, V_REJECT, 0, 0),
                                                           (2, V_CONTRA, 0, 0)])
    app = play(board, deal, "START")
    items = [it[1][0] if type(it[1]) is tuple else None for it in app.screen.menu.items()]
    app = play(board, deal, "START" + " DOWN" * items.index(V_RE) + " A")
    lines = shown(app)
    assert has(app, "Re?") and "Re: Du -1584/-1872" in lines and "sonst: Du -792/-936" in lines
    i = lines.index("Zahlt nicht mehr:")
    assert lines[i + 1:i + 3] == ["Schneider unerreichbar,", "Bot: schon 32 Augen"], lines
    app = play(board, deal, "START" + " DOWN" * items.index(V_RE) + " A RIGHT A")
    assert app.game.re


# Trick 7 held; your "raus" offered, the bot rejected; the play menu: Contra (Nein / Ja).
CONTRA_ASK = CONTRA_KEYS.split("WAIT:1")[0].rsplit("RIGHT A", 1)[0]


@pytest.mark.parametrize("board", BOARDS)
def test_contra_on_kreuz_hand_with_11_books_576_or_minus_1080_against_288_or_minus_540(board):
    """The bot has 86 of the 90 its Schneider needs (next_level): 12 x (11, Spiel, Hand,
    Schneider, abgelehnt = 15, Schwarz 16) x 1.5, Contra x 2; it can still lose: no warning."""
    app = play(board, CONTRA_DEAL, CONTRA_ASK)
    lines = shown(app)
    assert has(app, "Kontra?") and "Kontra: Bot +576/-1080" in lines
    assert "sonst: Bot +288/-540" in lines and "Zahlt nicht mehr:" not in lines


REJECTION = [key for key, _ in CHOICES].index("rejection")
PLAIN = {REJECTION: dict(CHOICES)["rejection"].index("plain")}


@pytest.mark.parametrize("board", BOARDS)
def test_contra_when_the_bot_has_won_already_under_plain_rejection_says_why_and_still_counts(
        board):
    """rejection = plain: the rejected raus makes nothing compulsory, and the bot has 86 of
    the 61 it needs: Contra can only double its win."""
    deal = dict(CONTRA_DEAL, rules=PLAIN)
    app = play(board, deal, CONTRA_ASK)
    lines = shown(app)
    assert has(app, "Kontra?") and app.game.rules.rejection == "plain"
    assert colour(app, "Kontra: Bot") == RED
    i = lines.index("Zahlt nicht mehr:")
    assert lines[i + 1:i + 3] == ["Spiel schon gewonnen,", "Bot: schon 86 Augen"], lines
    app = play(board, deal, CONTRA_ASK + " RIGHT A")
    assert app.game.contra and (0, V_CONTRA, 0, 0) in app.record


@pytest.mark.parametrize("board", BOARDS)
def test_your_raus_offer_books_156_accepted_288_or_minus_540_rejected_180_or_minus_336_else(
        board):
    """After trick 1 of the bot's Kreuz Hand with 11 (its cards and the skat C8 C7: yours to
    count once the dummy is up): accepted 12 x 13; rejected as above; played on: Schwarz 15
    or, lost Schneider'd, 14 x 12 doubled. It can pay: no warning."""
    app = play(board, CONTRA_DEAL, "A A START A")
    lines = shown(app)
    assert has(app, "Raus (gewonnen)?")
    assert lines[3:6] == ["angenommen: Bot +156", "abgelehnt: Bot +288/-540",
                          "sonst: Bot +180/-336"], lines
    assert "Zahlt nicht mehr:" not in lines


# The bot's Kreuz Hand; you (Vorhand) took SA with the dummy's ST and HA with its HT: 42 card
# points, so the bot's Schneider is gone, and "raus" would give it the win it can at best make.
YOU_HAVE_42 = dict(vh="SA HA DA DT DK DQ D9 D8 D7 SK", mh="ST HT S8 S9 SQ H8 H9 HQ HK C9",
                   hh="CJ SJ HJ DJ CA CT CK CQ S7 H7", skat="C8 C7",
                   record=[(2, 0, 18, 0), (0, 2, 0, 0), (2, 3, 0, 0), (2, 6, 0, 0),
                           (0, 8, 8, 0), (1, 8, 9, 0), (2, 8, 15, 0),        # SA ST S7
                           (0, 8, 16, 0), (1, 8, 17, 0), (2, 8, 23, 0)])     # HA HT H7


@pytest.mark.parametrize("board", BOARDS)
def test_your_raus_offer_with_42_points_taken_says_the_bots_schneider_is_out_of_reach(board):
    app = play(board, YOU_HAVE_42, "START")               # the play menu
    assert app.screen.menu.items()[0][1] == (V_OFFER, OFFER_RAUS, 0)
    app = play(board, YOU_HAVE_42, "START A")
    lines = shown(app)
    assert has(app, "Raus (gewonnen)?") and colour(app, "angenommen: Bot") == RED
    i = lines.index("Zahlt nicht mehr:")
    assert lines[i + 1:i + 3] == ["Schneider unerreichbar,", "Du: schon 42 Augen"], lines
    app = play(board, YOU_HAVE_42, "START A RIGHT A")     # Ja: offered all the same
    assert (0, V_OFFER, OFFER_RAUS, 0) in app.record


def test_the_stakes_in_english_say_why_in_english():
    deal = dict(RAUS_AT_32, rules={S.I_LANG: 1})
    app = play("pybadge", deal, "RIGHT A")
    lines = shown(app)
    assert "Reject: You -396/-468" in lines and "Accept: You +132/+108" in lines
    i = lines.index("Cannot pay any more:")
    assert lines[i + 1:i + 3] == ["Schneider out of reach,", "Bot: 32 points already"], lines
