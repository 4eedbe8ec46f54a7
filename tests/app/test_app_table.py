"""The table a Skat player can read and prompts that cannot go wrong by accident (issue 11,
items 1 and 2), shown by key presses through code.py in the headless simulator on the
PyBadge (160x128, 8 keys), the PicoSystem (240x240) and the Feather ESP32-S3 Reverse TFT
(240x135, 3 buttons; the scripts are mapped as in tests/app/test_app_games.py).

- A completed trick the bot (or the dummy it plays) wins stays on screen, its cards in play
  order with the seats named under them and "Stich: Bot" / "Stich: Blinder", until a key;
  the last trick is in the play menu.
- The header names the whole contract: game, Hand, offen level, announcement, bid, Contra,
  Re, a rejected offer.
- The bot's offer prompt starts on "Annehmen" (issue 18: one A, the key that plays a card,
  accepts - the safe side); rejecting it, your own offer, Contra, Re and giving up ask
  Nein/Ja first, starting on Nein; no menu wraps onto such a choice.
- Start/B opens the game menu in the bidding, skat, discard and declaration phases and B
  comes back to the same game; the game type steps back with LEFT and on with A.
"""

import os
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.cards import GT_C, GT_S, GT_D, GT_GRAND, GT_NULL, MH, F_SCHNEIDER, \
    F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT  # noqa: E402
from skat_core.codes import (PH_PLAY, PH_SKAT, PH_DISCARD, PH_DONE, V_OFFER, V_REJECT,  # noqa: E402
                             V_CONTRA, V_RE, V_PICKUP, V_CONCEDE, RK_GIVEN_UP, OFFER_RAUS)
from skat_core.rules import CHOICES  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from tests.app.test_app_games import (  # noqa: E402
    preload, run, WON_SUIT, WON_SUIT_KEYS, WON_SUIT_DECLARE, CONTRA_DEAL, CONTRA_KEYS)
from tests.support.textfit import Probe, format_problems  # noqa: E402
from sim.board.platform import boards  # noqa: E402

BOARDS = ("pybadge", "picosystem", "feather_esp32s3_reverse_tft")


def shown(app):
    """The text lines of the frame drawn last."""
    return list(app.ui.txt.texts[:app.ui.used])


def has(app, words):
    return any(words in s for s in shown(app))


def play(board, deal, keys):
    with tempfile.TemporaryDirectory() as d:
        nvm = preload(os.path.join(d, "nvm.bin"), board, **deal)
        r = run(board, keys, nvm)
    assert r.reason == "script_end"
    assert r.app.ui.dropped == 0, "more text lines than the pool has"
    assert r.app.ui.canvas.dropped == 0, "more cards, frames or bars than the pools have"
    return r.app


# The player declared Kreuz Hand (the record preloaded) and leads his H7: the dummy must
# follow with its only heart, the ace, and wins the trick; the bot plays the dummy's lead.
DUMMY_WINS = dict(vh="CJ SJ HJ DJ CA CT CK CQ C9 H7", mh="HA SA ST SK SQ DA DT DK DQ D9",
                  hh="S7 S8 S9 H8 H9 HT HK HQ D7 D8", skat="C8 C7",
                  record=[(2, 2, 0, 0), (0, 0, 18, 0), (0, 3, 0, 0), (0, 6, GT_C, 0)])


@pytest.mark.parametrize("board", BOARDS)
def test_trick_the_bot_wins_stays_with_stich_bot_until_a_key(board):
    # You are Vorhand against the bot's Kreuz Hand: your card, the dummy's; the bot wins.
    app = play(board, CONTRA_DEAL, "A A WAIT:3")
    g = app.game
    assert g.n_tricks == 1 and g.trick_winners[0] == 2 and app.held
    assert g.phase == PH_PLAY and g.cur_n == 0          # the bot has not led on
    assert has(app, "Stich: Bot")
    # The three cards in play order, the seats named under them: you led.
    labels = [s for s in shown(app) if s in ("Du", "Bl.", "Bot")]
    assert labels == ["Du", "Bl.", "Bot"]
    # One key: the bot leads the next trick.
    app = play(board, CONTRA_DEAL, "A A WAIT:3 A")
    assert not app.held and app.game.cur_n == 1 and not has(app, "Stich: Bot")


@pytest.mark.parametrize("board", BOARDS)
def test_trick_the_dummy_wins_stays_with_stich_blinder_until_a_key(board):
    app = play(board, DUMMY_WINS, "LEFT A WAIT:3")         # LEFT: the last card, H7
    g = app.game
    assert g.n_tricks == 1 and g.trick_winners[0] == MH and app.held and g.cur_n == 0
    assert has(app, "Stich: Blinder")
    assert [s for s in shown(app) if s in ("Du", "Bl.", "Bot")] == ["Du", "Bl.", "Bot"]
    app = play(board, DUMMY_WINS, "LEFT A WAIT:3 RIGHT")
    assert not app.held and app.game.cur_n >= 1


# Kreuz Hand declared; trick 1 won and its key pressed, trick 2 won: you lead trick 3.
YOU_WON_2 = WON_SUIT_DECLARE + "  A A  A"


@pytest.mark.parametrize("board", BOARDS)
def test_trick_you_win_and_must_lead_after_stays_until_a_key_that_plays_no_card(board):
    """Issue 30 item 2: the trick you win stays with "Stich: Du" until a key of its own, as
    the bot's does; that key only clears it (A plays no card, RIGHT moves no cursor)."""
    app = play(board, WON_SUIT, YOU_WON_2)
    g = app.game
    assert g.n_tricks == 2 and g.cur_n == 0 and g.player_to_act() == app.human and app.held
    assert has(app, "Stich: Du") and has(app, "Taste: weiter")
    n = len(app.record)
    for key in ("A", "RIGHT"):
        app = play(board, WON_SUIT, YOU_WON_2 + " " + key)
        assert not app.held and len(app.record) == n and app.game.cur_n == 0, key
        assert app.screen.cur == 0 and has(app, "Du bist dran"), key
    app = play(board, WON_SUIT, YOU_WON_2 + " A A")          # then A plays your card
    assert len(app.record) > n and app.record[n][:2] == (0, 8)


@pytest.mark.parametrize("board", ("pybadge", "picosystem"))
def test_select_on_a_trick_you_won_clears_it_and_shows_the_hint_not_go_on(board):
    """Issue 30 item 2: Select on the held trick is the hint for your lead, not "weiter"."""
    app = play(board, WON_SUIT, YOU_WON_2)
    n = len(app.record)
    assert app.held and app.hint < 0
    app = play(board, WON_SUIT, YOU_WON_2 + " SELECT WAIT:1")
    v = app.human_view()
    assert not app.held and len(app.record) == n and app.game.cur_n == 0
    assert app.hint >= 0 and v.hand[app.screen.cur] == app.hint
    assert any(s.startswith("Tipp: ") for s in shown(app)) and not has(app, "Taste: weiter")
    hint = app.hint
    app = play(board, WON_SUIT, YOU_WON_2 + " SELECT WAIT:1 A")   # A plays the hinted card
    assert app.record[n] == (0, 8, hint, 0)


@pytest.mark.parametrize("board", BOARDS)
def test_the_play_menus_hint_on_a_trick_you_won_clears_it_as_select_does(board):
    """The three-button boards have no Select: the play menu's hint does the same."""
    app = play(board, WON_SUIT, YOU_WON_2 + " START")
    assert app.held                                       # behind the menu
    items = [it[1] for it in app.screen.menu.items()]
    app = play(board, WON_SUIT, YOU_WON_2 + " START" + " DOWN" * items.index("hint") +
               " A WAIT:1")
    assert app.screen.menu is None and not app.held and app.hint >= 0
    assert app.game.cur_n == 0 and app.game.n_tricks == 2


@pytest.mark.parametrize("board", BOARDS)
def test_last_trick_in_the_play_menu_shows_cards_in_play_order_leader_and_winner(board):
    keys = "A A A START"                 # trick 1 won by the bot, it leads trick 2; menu
    app = play(board, CONTRA_DEAL, keys)
    items = [it[1] for it in app.screen.menu.items()]
    down = " DOWN" * items.index("last")
    app = play(board, CONTRA_DEAL, keys + down + " A")
    assert app.screen.menu.name == "lasttrick"
    assert has(app, "letzter Stich (1)") and has(app, "Ausgespielt: Du")
    assert has(app, "Stich: Bot")
    assert [s for s in shown(app) if s in ("Du", "Bl.", "Bot")] == ["Du", "Bl.", "Bot"]
    app = play(board, CONTRA_DEAL, keys + down + " A A")     # any key: back to the table
    assert app.screen.name == "play" and app.screen.menu is None


# You deal with nothing and pass at once; the bot (Vorhand) takes 18, picks up the skat,
# declares and leads: your turn is the dummy's first card.
BOT_PICKS_UP = dict(vh="CJ SJ CA CT CK C9 HA HT DA D7", mh="ST SA SK H9 H8 HK HQ DT DK DQ",
                    hh="S7 S8 S9 H7 HJ DJ C7 D8 D9 SQ", skat="C8 CQ", human=2)


@pytest.mark.parametrize("board", BOARDS)
def test_dummys_first_card_the_bottom_line_says_your_turn_not_what_the_bot_said_before(board):
    """Issue 18 item 5 (defect 7): "Bot nimmt den Skat" / "Bot reizt 18" stayed on the bottom
    line into the play, where it should say that you play the dummy's card; in English too
    after a language switch from the play menu."""
    app = play(board, BOT_PICKS_UP, "LEFT A WAIT:3")
    g = app.game
    assert g.phase == PH_PLAY and g.to_act == MH and g.player_to_act() == app.human
    assert has(app, "Blinder: spielen")
    assert not any(s.startswith("Bot ") for s in shown(app)[-1:])
    # The play menu: settings (third), the language (its row is its byte's index: after the
    # 13 house rules, the series, Skat zu dritt's 3 rules and the bot), back to the table.
    app = play(board, BOT_PICKS_UP, "LEFT A WAIT:3 START DOWN DOWN A DOWN*%d A B" % S.I_LANG)
    assert app.screen.name == "play" and app.settings[S.I_LANG] == 1
    assert has(app, "Dummy: you play")


def header(app):
    return " ".join(shown(app)[:2])


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("gt,flags,words", [
    (GT_C, F_SCHNEIDER | F_OFFEN2, ("Bot:", "Kreuz", "Hand", "2x offen", "Schneider", "18")),
    (GT_GRAND, F_SCHWARZ | F_SCHNEIDER | F_OFFEN1, ("Bot:", "Grand", "Hand", "1x offen",
                                                "Schwarz", "18")),
    (GT_NULL, F_OUVERT, ("Bot:", "Null", "Hand", "ouvert", "18")),
])
def test_header_names_game_hand_offen_level_announcement_and_bid(board, gt, flags, words):
    deal = dict(CONTRA_DEAL, record=[(2, 0, 18, 0), (0, 2, 0, 0), (2, 3, 0, 0),
                                     (2, 6, gt, flags)])
    app = play(board, deal, "WAIT:1")
    h = header(app)
    for w in words:
        assert w in h, (w, h)


@pytest.mark.parametrize("board", BOARDS)
def test_header_names_contra_re_and_the_rejected_offer(board):
    app = play(board, CONTRA_DEAL, CONTRA_KEYS.rsplit("A A A A A A", 1)[0] + "A A")
    assert app.game.contra and app.game.re and app.game.rejected
    h = header(app)
    for w in ("Bot:", "Kreuz", "Hand", "18", "Kontra", "Re", "abgelehnt"):
        assert w in h.split(), (w, h)


@pytest.mark.parametrize("board", BOARDS)
def test_english_header_says_contra_and_rejected_in_words_not_c_and_rej(board):
    deal = dict(CONTRA_DEAL, rules={S.I_LANG: 1})
    app = play(board, deal, CONTRA_KEYS.rsplit("A A A A A A", 1)[0] + "A A")
    h = header(app).split()
    assert "Contra" in h and "Re" in h and "rejected" in h, h
    assert "C" not in h and "rej." not in h


@pytest.mark.parametrize("lang", (0, 1))
def test_header_of_the_longest_contract_keeps_two_lines_contra_implies_the_rejection(lang):
    """Karo Hand, Schneider announced, zweimal offen, bid 100, rejected, Contra and Re: on 160
    pixels more than two lines of whole words; the rejection (which Contra implies) gives way
    first, nothing is cut."""
    from skat_core.cards import GT_D
    from skat_ui import text
    from skat_ui.screens.play import contract_parts, lines_of

    class V:
        ramsch = False
        game_type = GT_D
        flags = 1 | F_SCHNEIDER | F_OFFEN2
        farben_kind = -1
        declarer = 2
        bid = 100
        contra = re = rejected = True

    class App:
        human = 0

        class game:
            bock = 0

            class rules:
                farben = False

    text.set_lang(lang)
    try:
        parts = contract_parts(App, V())
        words = ("abgelehnt", "Kontra", "Schneider") if lang == 0 else ("rejected", "Contra",
                                                                         "Schneider")
    finally:
        text.set_lang(0)
    assert parts[-1] == words[0] and words[1] in parts and words[2] in parts
    cols = 160 // 6 - 1
    lines = lines_of(parts, cols)
    if len(lines) > 2:
        lines = lines_of(parts[:-1], cols)
    assert len(lines) <= 2 and all(len(s) <= cols for s in lines), lines
    assert words[1] in " ".join(lines) and "Re" in " ".join(lines).split()


# Kreuz Hand declared, one trick played, then the bot (the opponent) offers "raus".
OFFER = dict(WON_SUIT, record=[(2, 2, 0, 0), (0, 0, 18, 0), (0, 3, 0, 0), (0, 6, 0, 0),
                               (0, 8, 4, 0), (1, 8, 9, 0), (2, 8, 15, 0), (2, 9, 1, 0)])


@pytest.mark.parametrize("board", BOARDS)
def test_bot_offer_prompt_starts_on_accept_one_a_accepts(board):
    app = play(board, OFFER, "WAIT:1")
    assert app.human_view().offer_pending
    assert has(app, "[Annehmen] Ablehnen")
    app = play(board, OFFER, "A")
    assert app.game.phase == PH_DONE and app.game.result.accepted == 1
    app = play(board, OFFER, "RIGHT A")                  # rejecting asks first
    assert app.screen.menu.name == "ask" and app.screen.menu.i == 0
    assert app.record[-1][1] == V_OFFER and app.human_view().offer_pending


REJECTION = [key for key, _ in CHOICES].index("rejection")     # its setting index

# issue 18, item 1: seed 85430033 (the second series of `--seed 7`), game 1, rule "Ablehnung:
# Stufe Pflicht" (rejection = next_level). You (Vorhand) took 18, picked up the skat (CJ D8),
# put SK S9 away and declared Karo; you won trick 1 with CJ. The bot offered "raus": one A
# rejected it, the bot said Contra and the sure +18 became -216. The record is preloaded up to
# the bot's offer (whether the bot offers is the bot's business, issue 18 item 2).
SEED_85430033 = dict(vh="CA HA C7 DA DT C9 S9 SK DJ HT", mh="HJ H9 D7 C8 S8 D9 CT SQ H8 SJ",
                     hh="HQ ST CK HK DK S7 SA CQ H7 DQ", skat="CJ D8",
                     rules={REJECTION: dict(CHOICES)["rejection"].index("next_level")},
                     record=[(2, 2, 0, 0), (0, 0, 18, 0), (0, 4, 0, 0), (0, 5, 10, 13),
                             (0, 6, GT_D, 0), (0, 8, 4, 0), (1, 8, 31, 0), (2, 8, 27, 0),
                             (2, V_OFFER, OFFER_RAUS, 0)])


@pytest.mark.parametrize("board", BOARDS)
def test_seed_85430033_karo_18_next_level_the_a_that_rejected_raus_now_accepts_it(board):
    app = play(board, SEED_85430033, "WAIT:1")
    assert app.game.rules.rejection == "next_level" and app.human_view().offer_pending
    app = play(board, SEED_85430033, "A")                # the key that rejected the offer
    res = app.game.result
    assert app.game.phase == PH_DONE and res.accepted == OFFER_RAUS and not res.rejected
    assert res.won and res.score == 18 and app.series.totals() == (18, 0)


@pytest.mark.parametrize("board", BOARDS)
def test_rejecting_the_bots_offer_needs_a_second_press_on_ja_nein_first(board):
    keys = "RIGHT A"                                     # on "Ablehnen", A: Nein / Ja
    app = play(board, SEED_85430033, keys)
    assert app.screen.menu.name == "ask" and app.screen.menu.i == 0
    assert has(app, "Ablehnen?") and not app.game.rejected
    app = play(board, SEED_85430033, keys + " A")        # Nein: the offer still waits
    assert app.screen.menu is None and app.human_view().offer_pending
    assert not app.game.rejected and has(app, "Annehmen [Ablehnen]")
    app = play(board, SEED_85430033, keys + " B")        # B is Nein too
    assert app.human_view().offer_pending and not app.game.rejected
    app = play(board, SEED_85430033, keys + " RIGHT A")  # Ja: rejected
    assert (0, V_REJECT, 0, 0) in app.record and app.game.rejected == OFFER_RAUS


@pytest.mark.parametrize("board", BOARDS)
def test_contra_needs_a_second_press_on_ja_nein_first(board):
    # Trick 7 held; your "raus" offered (Ja), the bot rejected; the menu: Contra is second.
    keys = CONTRA_KEYS.split("WAIT:1")[0].rsplit("RIGHT A", 1)[0]
    assert keys.rstrip().endswith("START DOWN A")
    app = play(board, CONTRA_DEAL, keys)
    assert app.screen.menu.name == "ask" and app.screen.menu.i == 0 and has(app, "Kontra?")
    assert not app.game.contra
    app = play(board, CONTRA_DEAL, keys + " A")          # Nein
    assert not app.game.contra and app.screen.menu is None
    app = play(board, CONTRA_DEAL, keys + " RIGHT A")    # Ja
    assert app.game.contra and (0, V_CONTRA, 0, 0) in app.record


# The bot offered raus after trick 1 of your Kreuz Hand, you rejected, the bot said Contra.
RE_DEAL = dict(OFFER, record=OFFER["record"] + [(0, V_REJECT, 0, 0), (2, V_CONTRA, 0, 0)])


@pytest.mark.parametrize("board", BOARDS)
def test_re_needs_a_second_press_on_ja_nein_first(board):
    app = play(board, RE_DEAL, "START")
    items = app.screen.menu.items()
    down = " DOWN" * [it[1][0] if type(it[1]) is tuple else None for it in items].index(V_RE)
    app = play(board, RE_DEAL, "START" + down + " A")
    assert app.screen.menu.name == "ask" and app.screen.menu.i == 0 and has(app, "Re?")
    assert not app.game.re
    app = play(board, RE_DEAL, "START" + down + " A A")  # Nein
    assert not app.game.re
    app = play(board, RE_DEAL, "START" + down + " A RIGHT A")
    assert app.game.re and (0, V_RE, 0, 0) in app.record


@pytest.mark.parametrize("board", BOARDS)
def test_own_offer_asks_nein_first_and_offers_only_after_ja(board):
    keys = "A A START"                                   # trick 1 held; the play menu
    app = play(board, CONTRA_DEAL, keys)
    first = app.screen.menu.items()[0][1]
    assert first[0] == V_OFFER
    app = play(board, CONTRA_DEAL, keys + " A")
    assert app.screen.menu.name == "ask" and app.screen.menu.i == 0     # on "Nein"
    assert not any(a[1] == V_OFFER for a in app.record)
    app = play(board, CONTRA_DEAL, keys + " A A")        # Nein: nothing offered
    assert app.screen.menu is None and not any(a[1] == V_OFFER for a in app.record)
    app = play(board, CONTRA_DEAL, keys + " A RIGHT A")  # Ja: offered
    assert any(a[:2] == (0, V_OFFER) for a in app.record)


@pytest.mark.parametrize("board", BOARDS)
def test_spielaufgabe_asks_nein_first_and_gives_up_only_after_ja(board):
    # Take 18: the skat screen lists pick up, Hand, give up (Spielaufgabe at 18).
    app = play(board, WON_SUIT, "A DOWN DOWN A")
    assert app.game.phase == PH_SKAT and app.screen.sub.name == "ask"
    assert app.screen.sub.i == 0                                    # on "Nein"
    app = play(board, WON_SUIT, "A DOWN DOWN A A")
    assert app.game.phase == PH_SKAT and app.screen.sub is None
    app = play(board, WON_SUIT, "A DOWN DOWN A RIGHT A")
    assert app.game.phase == PH_DONE and app.game.result.kind == RK_GIVEN_UP


@pytest.mark.parametrize("board", BOARDS)
def test_menu_cursor_does_not_wrap_from_the_first_item_onto_give_up(board):
    app = play(board, WON_SUIT, "A UP")
    items = app.screen.items()
    assert items[-1][1][0] == V_CONCEDE and app.screen.i == 0
    app = play(board, WON_SUIT, "A UP A")                # still "pick up"
    assert app.game.phase == PH_DISCARD and app.record[-1][1] == V_PICKUP


@pytest.mark.parametrize("board", BOARDS)
def test_play_menu_does_not_wrap_from_back_onto_an_offer(board):
    keys = "A A START"                                   # between tricks: offers first
    app = play(board, CONTRA_DEAL, keys)
    items = app.screen.menu.items()
    assert items[0][1][0] == V_OFFER
    n = len(items)
    app = play(board, CONTRA_DEAL, keys + " DOWN" * n)   # to "back", then once more
    assert app.screen.menu.i == n - 1


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("phase,to", [("bid", ""), ("skat", "A"), ("discard", "A A"),
                                      ("declare", "A DOWN A")])
def test_start_opens_the_game_menu_in_every_phase_and_b_returns_to_the_same_game(board, phase,
                                                                                 to):
    app = play(board, WON_SUIT, to + " WAIT:1")
    assert app.screen.name == phase
    n = len(app.record)
    app = play(board, WON_SUIT, to + " START")
    assert app.screen.name == "gamemenu"
    labels = [it[1] for it in app.screen.items()]
    assert labels[:3] == [1, 2, 3] and labels[-1] == 0     # rules, settings, sheet ... back
    # The rules and back, the settings and back, the sheet and back, then back to the game.
    app = play(board, WON_SUIT, to + " START A")
    assert app.screen.name == "help"
    app = play(board, WON_SUIT, to + " START A B DOWN A B DOWN A A B")
    assert app.screen.name == phase and len(app.record) == n


@pytest.mark.parametrize("board", BOARDS)
def test_bidding_goes_on_to_the_same_result_after_a_visit_to_the_game_menu(board):
    app = play(board, WON_SUIT, "START A B B " + WON_SUIT_KEYS)
    assert app.screen.name == "result"
    assert app.game.result.won and app.game.result.value == 180


@pytest.mark.parametrize("board", BOARDS)
def test_game_type_steps_back_with_left_and_on_with_a(board):
    app = play(board, WON_SUIT, "A DOWN A WAIT:1")         # Hand: the declaration
    scr = app.screen
    types = scr.types()
    assert scr.name == "declare" and scr.gt == types[0] and len(types) > 2
    app = play(board, WON_SUIT, "A DOWN A LEFT")
    assert app.screen.gt == types[-1]
    app = play(board, WON_SUIT, "A DOWN A LEFT LEFT")
    assert app.screen.gt == types[-2]
    app = play(board, WON_SUIT, "A DOWN A LEFT LEFT A")
    assert app.screen.gt == types[-1]
    app = play(board, WON_SUIT, "A DOWN A A A")
    assert app.screen.gt == types[2]
    assert GT_S in types


def _skat_bars(r):
    """Indexes of the hand cards with the skat's bar above them (the discard screen)."""
    app = r.app
    ui = app.ui
    v = app.human_view()
    y = ui.hand_y
    step = ui.step_for(v.n_hand, ui.cw, ui.w - 2)
    return [i for i in range(v.n_hand)
            if r.frames[-1].pixel(1 + i * step + 1, y - 10) == (99, 194, 255)]


@pytest.mark.parametrize("board", BOARDS)
def test_discard_marks_the_two_skat_cards_and_a_mark_keeps_the_cursor_in_place(board):
    """Issue 18 defect 7: the two cards that came from the skat (C8 C7) are marked, a bar
    above each and "Skat" over the first; A marks the card under the cursor and the cursor
    stays there (it used to jump to the next card)."""
    with tempfile.TemporaryDirectory() as d:
        r = run(board, "A A RIGHT RIGHT A", preload(os.path.join(d, "nvm.bin"), board,
                                                    **WON_SUIT))
    app = r.app
    v = app.human_view()
    assert app.screen.name == "discard" and app.screen.n_marked == 1
    assert app.screen.cur == 2 and app.screen.marked[v.hand[2]]
    from skat_core.cards import parse_cards
    skat = parse_cards("C8 C7")
    assert [v.hand[i] for i in _skat_bars(r)] == [c for c in v.hand[:v.n_hand] if c in skat]
    assert len(_skat_bars(r)) == 2 and has(app, "Skat")


@pytest.mark.parametrize("board", BOARDS)
def test_hand_declaration_shows_your_cards_and_every_level_step_with_offen(board):
    """Issue 18 defect 7: Pik Hand (with 4), Schneider and Schwarz announced, einmal offen:
    every step is on the screen (the Schwarz step was dropped once offen was added) and so
    are your cards (the Hand declaration showed none)."""
    keys = "A DOWN A  A  DOWN A A  DOWN A"        # 18, Hand; Pik; Schwarz; einmal offen
    with tempfile.TemporaryDirectory() as d:
        r = run(board, keys, preload(os.path.join(d, "nvm.bin"), board, **WON_SUIT))
    app = r.app
    scr = app.screen
    assert scr.name == "declare" and scr.gt == GT_S
    assert scr.flags == F_SCHNEIDER | F_SCHWARZ | F_OFFEN1 or scr.flags == F_SCHWARZ | F_OFFEN1
    text = " ".join(shown(app))
    for step in ("mit 4,", "Spiel 5,", "Hand 6,", "Schneider angesagt 8,",
                 "Schwarz angesagt 10,", "offen 11 = 121"):
        assert step in text, (step, shown(app))
    # Your ten cards, compact, along the bottom edge: card faces there.
    ui = app.ui
    y = ui.h - ui.sh - 1
    faces = [x for x in range(0, ui.w, 2) if r.frames[-1].pixel(x, y + ui.sh // 2) ==
             (255, 255, 255)]
    assert len(faces) > ui.w // 6, "no cards along the bottom"


@pytest.mark.parametrize("board", BOARDS)
def test_english_declaration_calls_a_game_not_played_open_concealed_not_closed(board):
    with tempfile.TemporaryDirectory() as d:
        r = run(board, "A DOWN A  DOWN DOWN", preload(os.path.join(d, "nvm.bin"), board,
                                                      rules={S.I_LANG: 1}, **WON_SUIT))
    assert r.app.screen.name == "declare"
    assert has(r.app, "concealed") and not has(r.app, "closed")


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("human,record,line", [
    # The bot deals and bids 18: it bid, nobody holds yet.
    (0, [(2, 0, 18, 0)], "Reizen: 18"),
    # You deal and bid 18, the bot holds: your next bid. ("18 (Bot)" read as the bot's bid.)
    (2, [(2, 0, 18, 0), (0, 1, 0, 0)], "Reizen: 18, Bot: Ja"),
])
def test_bidding_line_says_who_holds_the_bid_not_the_holder_as_bidder(board, human, record,
                                                                      line):
    deal = dict(WON_SUIT, human=human, record=record)
    app = play(board, deal, "WAIT:1")
    assert app.screen.name == "bid"
    assert shown(app)[1] == line, shown(app)


# Zweimal offen (issue 30 item 2): the bot's Kreuz Hand with Schneider announced, its cards
# open from the start, you the opponent (two open rows above the trick); the same with your
# "raus" rejected, Contra and Re before the opening lead (the longest header: two lines on
# every screen); your own Kreuz Hand zweimal offen. Each: the keys to your turn.
BOT_2X = dict(CONTRA_DEAL, record=[(2, 0, 18, 0), (0, 2, 0, 0), (2, 3, 0, 0),
                                   (2, 6, GT_C, F_SCHNEIDER | F_OFFEN2)])
ZWEIMAL_OFFEN = {
    "bot_kreuz_hand_schneider_2x_offen": (BOT_2X, "A A A"),
    "bot_kreuz_2x_offen_rejected_contra_re": (
        dict(BOT_2X, record=BOT_2X["record"] + [(0, V_OFFER, OFFER_RAUS, 0), (2, V_REJECT, 0, 0),
                                                (0, V_CONTRA, 0, 0), (2, V_RE, 0, 0)]),
        "WAIT:1 A A A"),
    "you_kreuz_hand_2x_offen": (dict(WON_SUIT, record=[(2, 2, 0, 0), (0, 0, 18, 0),
                                                       (0, 3, 0, 0), (0, 6, GT_C, F_OFFEN2)]),
                                "WAIT:1 A A"),
}


@pytest.mark.parametrize("board", sorted(boards.BOARDS))
@pytest.mark.parametrize("game", sorted(ZWEIMAL_OFFEN))
def test_zweimal_offen_the_hint_line_and_the_raised_card_leave_the_score_rows_clear(board,
                                                                                  game):
    """Issue 30 item 2: on the 160x128 screens the hint line was drawn under the score
    column, which pushed the bot's row into your hand, where the hinted card stands raised.
    On every board: the hint (the play menu's, as on the boards without Select) at your
    turn, then the cursor over your whole hand; every frame's texts are checked (textfit:
    none over a card or another text), and the hint, your row and the bot's row are drawn."""
    deal, to_turn = ZWEIMAL_OFFEN[game]
    app = play(board, deal, to_turn + " START")
    assert app.screen.name == "play" and app.game.player_to_act() == app.human
    items = [it[1] for it in app.screen.menu.items()]
    keys = (to_turn + " START" + " DOWN" * items.index("hint") + " A WAIT:1" +
            " RIGHT" * app.human_view().n_hand)
    with Probe(game) as probe:
        app = play(board, deal, keys)
    assert app.hint >= 0 and app.game.player_to_act() == app.human
    v = app.human_view()
    assert v.flags & F_OFFEN2 and (v.n_decl_open or v.declarer == app.human)
    you, bot = ("%-5s%4d%3d" % (tr, pts, n) for tr, pts, n in (
        ("Du", v.decl_points if v.declarer == app.human else v.opp_points,
         v.decl_tricks if v.declarer == app.human else v.opp_tricks),
        ("Bot", v.opp_points if v.declarer == app.human else v.decl_points,
         v.opp_tricks if v.declarer == app.human else v.decl_tricks)))
    lines = shown(app)
    assert you in lines and bot in lines and any(s.startswith("Tipp: ") for s in lines), lines
    assert probe.frames > 5
    assert not probe.problems, format_problems(probe.problems)
