"""The result screen says how the game ended, the score sheet has a row per game with running
totals, and "Analyse" lists the player's cards that cost him (issue 11 items 3 and 7).
Headless runs by key presses through code.py on the PyBadge (160x128) and the PicoSystem
(240x240); the text on screen is read from the app's text lines."""

import os
import random
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.cards import card_str, parse_cards, GT_C  # noqa: E402
from skat_core.codes import RK_PASSED, RK_GIVEN_UP, RK_NORMAL, V_PLAY  # noqa: E402
from skat_core.solver.solve import Solver  # noqa: E402
from sim.board.platform import boards  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from tests.app.test_app_games import (  # noqa: E402
    preload, run, WON_SUIT, WON_SUIT_KEYS, CONTRA_DEAL, CONTRA_KEYS,
)

BOARDS = ("pybadge", "picosystem")

# Kreuz Hand declared by the player, one trick played, the bot (the opponent) offers "raus".
OFFER = dict(WON_SUIT, record=[(2, 2, 0, 0), (0, 0, 18, 0), (0, 3, 0, 0), (0, 6, 0, 0),
                               (0, 8, 4, 0), (1, 8, 9, 0), (2, 8, 15, 0), (2, 9, 1, 0)])


def shown(r):
    """The text lines on the screen the run ended on."""
    ui = r.app.ui
    return [ui.txt.texts[i] for i in range(ui.used)]


def has(lines, s):
    return any(s in line for line in lines)


def fresh(tmp_path, board, deal, name="nvm.bin"):
    return preload(str(tmp_path / name), board, **deal)


@pytest.mark.parametrize("board", BOARDS)
def test_result_of_a_game_played_to_the_end_says_played_out(board, tmp_path):
    r = run(board, WON_SUIT_KEYS, fresh(tmp_path, board, WON_SUIT), frames="last")
    assert r.app.screen.name == "result"
    lines = shown(r)
    assert has(lines, "ausgespielt")
    assert has(lines, "Aug 120:0 St 10:0")
    assert not has(lines, "angenommen") and not has(lines, "abgelehnt")
    assert has(lines, ">:Analyse"), "the key line offers the analysis"


@pytest.mark.parametrize("board", BOARDS)
def test_result_of_an_accepted_offer_names_the_offer_and_who_made_it(board, tmp_path):
    """The bot (opponent) offers raus after trick 1, the player (declarer) accepts: the
    result says the bot offered and raus was accepted - not a game that looks played out."""
    r = run(board, "A", fresh(tmp_path, board, OFFER), frames="last")   # on "Annehmen"
    res = r.app.game.result
    assert r.app.screen.name == "result" and res.accepted == 1 and res.won
    lines = shown(r)
    assert has(lines, "Angebot: Bot") and has(lines, "Raus angenommen")
    assert not has(lines, "ausgespielt")


@pytest.mark.parametrize("board", BOARDS)
def test_result_of_a_rejected_offer_played_out_with_contra_and_re(board, tmp_path):
    """The player offers raus, the bot (declarer) rejects, Contra, Re, played out."""
    r = run(board, CONTRA_KEYS, fresh(tmp_path, board, CONTRA_DEAL), frames="last")
    res = r.app.game.result
    assert res.rejected == 1 and res.contra and res.re and not res.accepted
    lines = shown(r)
    assert has(lines, "Angebot: Du") and has(lines, "Raus abgelehnt")
    assert has(lines, "Kontra Re = 1152")


@pytest.mark.parametrize("board", BOARDS)
def test_result_of_spielaufgabe_says_given_up_without_a_game(board, tmp_path):
    """Take 18, then "Spiel aufgeben" (the third choice of the skat screen): -60."""
    r = run(board, "A  DOWN DOWN A  RIGHT A", fresh(tmp_path, board, WON_SUIT),
            frames="last")                                 # Ja to "give up?"
    res = r.app.game.result
    assert r.app.screen.name == "result" and res.kind == RK_GIVEN_UP and res.score == -60
    lines = shown(r)
    assert has(lines, "Spielaufgabe") and has(lines, "nicht angesagt")
    assert not has(lines, ">:Analyse"), "no card was played: nothing to analyse"


@pytest.mark.parametrize("board", BOARDS)
def test_result_of_a_thrown_in_deal_says_both_passed_and_shows_the_skat(board, tmp_path):
    r = run(board, "LEFT A", fresh(tmp_path, board, WON_SUIT), frames="last")
    assert r.app.game.result.kind == RK_PASSED
    lines = shown(r)
    assert has(lines, "Eingepasst") and has(lines, "beide gepasst")
    w, _ = boards.get(board)["size"]
    # The skat (C8 C7) face up at the right edge: the cards' white faces.
    assert r.frames[-1].pixel(w - 8, 16) == (255, 255, 255)


def test_ending_of_a_game_lost_by_the_level_a_rejection_made_compulsory():
    """rejection = next_level: raus rejected makes Schneider compulsory; 75 points are lost
    by that level, and the result says so."""
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    from skat_ui import text
    from skat_ui.screens.result import ending
    from skat_core.engine.score import Result

    class App:
        human = 2

    class G:
        result = Result()

    app = App()
    app.game = G()
    r = app.game.result
    r.kind, r.declarer, r.game_type = RK_NORMAL, 0, GT_C
    r.rejected, r.won, r.decl_points = 1, False, 75
    text.set_lang(0)
    assert ending(app) == ["Raus abgelehnt", "Pflicht verfehlt"]
    r.won, r.decl_points = True, 95
    assert ending(app) == ["Angebot: Du", "Raus abgelehnt"]     # the bot declares: you offered
    r.accepted = 2
    assert ending(app) == ["Raus abgelehnt", "Stich angenommen"]


# A series with games already on the sheet: you won Kreuz 96, the bot lost Grand 72 (plain:
# -144), thrown in, a Ramsch you lost with 43, and so on (skat_core/engine/series.py's entry tuples: kind,
# who, game type, flags, value, your points, the bot's points).
LIST_24 = {S.I_SERIES: S.SERIES_CHOICES.index(24)}     # a series of 24 games
ENTRIES = [(1, 0, 0, 1, 96, 96, 0), (1, 1, 4, 0, 72, 0, -144), (3, 255, 255, 0, 0, 0, 0),
           (2, 255, 6, 0, 43, -43, 0)] * 3


def columns(row, cols):
    """(label, your booking, the bot's booking) of a sheet row: the bookings are the last
    two columns of six characters (blank: nothing booked)."""
    you = row[cols - 12:cols - 6].strip()
    bot = row[cols - 6:cols].strip()
    return row[:cols - 12].strip(), int(you) if you else 0, int(bot) if bot else 0


@pytest.mark.parametrize("board", BOARDS)
def test_score_sheet_books_what_each_game_moved_in_your_column_and_the_bots(board, tmp_path):
    deal = dict(WON_SUIT, entries=ENTRIES, length=24, rules=LIST_24)
    r = run(board, "LEFT A  B", fresh(tmp_path, board, deal), frames="last")
    app = r.app
    assert app.screen.name == "sheet" and app.series.games() == 13
    lines = shown(r)
    rows = app.screen.rows(app.ui)
    assert 6 <= rows <= 10
    cols = (app.ui.w - 1) // 6
    body = [columns(row, cols) for row in lines[2:2 + rows]]   # title, column header, rows
    # The newest game at the bottom: the thrown-in game just played books nothing.
    assert body[-1][0].split()[-1] == "Eingepasst" and body[-1][1:] == (0, 0)
    assert body[-2][0].split()[-1] == "Ramsch" and body[-2][1:] == (-43, 0)
    # The bot's lost Grand (value 72) booked -144 in the bot's column, your Kreuz +96 in yours.
    assert any(b[0].split()[-1] == "Grand" and b[1:] == (0, -144) for b in body)
    assert any(b[0].split()[-1] == "Kreuz" and b[1:] == (96, 0) for b in body)
    assert has(lines, "Summe 159 : -432")
    assert has(lines, "13/24 ^"), "older rows above: the sheet says it scrolls"


@pytest.mark.parametrize("board", BOARDS)
def test_score_sheet_scrolls_to_the_first_game(board, tmp_path):
    deal = dict(WON_SUIT, entries=ENTRIES, length=24, rules=LIST_24)
    r = run(board, "LEFT A  B  UP*12", fresh(tmp_path, board, deal), frames="last")
    lines = shown(r)
    cols = (r.app.ui.w - 1) // 6
    label, you, bot = columns(lines[2], cols)
    assert label.split()[-1] == "Kreuz" and (you, bot) == (96, 0), lines[2]
    assert has(lines, "13/24  v")


def test_sheet_row_books_a_lost_game_doubled_herz_mit_3_minus_80_null_ouvert_minus_92():
    """A lost Herz mit 3 (value 40) takes 80 from the declarer's total, a lost Null ouvert
    (46) 92: the row shows that, in the declarer's column (issue 18 item 3)."""
    from skat_ui import text
    from skat_ui.screens.menu import sheet_row
    from skat_core.cards import GT_H, GT_NULL, F_OUVERT
    text.set_lang(0)
    herz = sheet_row((1, 0, GT_H, 0, 40, -80, 0), 26, 1)
    null = sheet_row((1, 1, GT_NULL, F_OUVERT, 46, 0, -92), 26, 2)
    assert len(herz) == len(null) == 26
    assert columns(herz, 26) == ("Herz", -80, 0) and columns(null, 26) == ("Null", 0, -92)


def test_sheet_row_names_every_ending_with_its_own_label():
    from skat_ui import text
    from skat_ui.screens.menu import sheet_row
    text.set_lang(0)
    rows = [(5, 0, 255, 0, 30, -60, 0), (4, 1, 0, 0, 24, 0, -48), (3, 255, 255, 0, 0, 0, 0),
            (2, 255, 6, 0, 55, -55, 0), (2, 255, 6, 0, 120, 0, 120)]
    assert [columns(sheet_row(e, 26, 1), 26) for e in rows] == [
        ("Spielaufgabe", -60, 0), ("aufgegeben", 0, -48), ("Eingepasst", 0, 0),
        ("Ramsch", -55, 0), ("Durchmarsch", 0, 120)]
    text.set_lang(1)
    try:
        assert [columns(sheet_row(e, 26, 1), 26)[0] for e in rows] == [
            "Game given up", "conceded", "Thrown in", "Ramsch", "Durchmarsch"]
        # English names are whole words, not cut: "Diamonds", not "Diamon".
        assert columns(sheet_row((1, 1, 3, 0, 18, 0, -36), 26, 1), 26) == ("Diamonds", 0, -36)
    finally:
        text.set_lang(0)


def test_spielaufgabe_seed_7_is_booked_as_spielaufgabe_not_thrown_in():
    """The reproduction of issue 18: a fresh board, seed 7, new series; take 18, pick up,
    game menu, give up (-60), Ja, then the sheet (B)."""
    from sim.board.play import run_headless
    r = run_headless("pybadge", "A A A START DOWN DOWN DOWN A A DOWN A B", seed=7,
                     frames="last")
    assert r.app.screen.name == "sheet" and r.app.series.entries[-1][0] == RK_GIVEN_UP
    lines = shown(r)
    assert columns(lines[2], 26) == ("Spielaufgabe", -60, 0)
    assert not has(lines, "Eingepasst")
    assert has(lines, "Summe -60 : 0")


def test_null_ouvert_result_names_the_game_whole_and_the_sheet_books_minus_118(tmp_path):
    """Null ouvert Hand (59), the first trick taken: the value line says "Null ouvert Hand =
    59" (not "Null = 59"), the sheet books -118."""
    deal = dict(vh="CA CK CQ CJ CT SA SK SQ SJ ST", hh="C9 S9 HT H8 H9 DT D8 D9 HQ DQ",
                mh="C7 S7 HA HK HJ DA DK DJ C8 S8", skat="H7 D7")
    # Take 18, Hand, the game to Null, ouvert on, declare, lead: the trick is ours.
    keys = "A  DOWN A  A*5 DOWN A DOWN A  A"
    r = run("pybadge", keys, fresh(tmp_path, "pybadge", deal), frames="last")
    res = r.app.game.result
    assert res.game_type == 5 and res.flags & 32 and res.score == -118
    assert has(shown(r), "Null ouvert Hand = 59")
    r = run("pybadge", keys + " B", fresh(tmp_path, "pybadge", deal, "nvm2.bin"), frames="last")
    assert columns(shown(r)[2], 26) == ("Null", -118, 0)


def test_english_ramsch_result_reads_ramsch_lost_you_not_you_loses(tmp_path):
    deal = dict(vh="CJ SA S7 HA H7 H8 DA D7 D8 C7", hh="C9 S9 HT H9 DT D9 HQ DQ CT ST",
                mh="SJ HJ DJ CA CK CQ SK SQ HK DK", skat="C8 S8", rules={0: 1, S.I_LANG: 1})
    r = run("pybadge", "LEFT A  A*19", fresh(tmp_path, "pybadge", deal), frames="last")
    assert r.app.game.result.kind == 2
    head = shown(r)[0]
    assert head in ("Ramsch lost: You", "Ramsch lost: Bot"), head
    assert "loses" not in " ".join(shown(r))


# The analysis deal: random.Random(19)'s shuffle, the player (Vorhand) declares Kreuz Hand at
# 18 (preloaded) and plays the first legal card of each trick (ANALYSIS_KEYS). At trick 8
# his lead DA costs 14 card points against D8 (solved below).
def _deal19():
    rnd = random.Random(19)
    deck = list(range(32))
    rnd.shuffle(deck)
    cs = lambda cards: " ".join(card_str(c) for c in cards)  # noqa: E731
    return dict(vh=cs(deck[:10]), mh=cs(deck[10:20]), hh=cs(deck[20:30]), skat=cs(deck[30:32]),
                record=[(2, 2, 0, 0), (0, 0, 18, 0), (0, 3, 0, 0), (0, 6, GT_C, 0)])


ANALYSIS_DEAL = _deal19()
# Ten cards and nine held tricks (a trick stays until a key): the result screen.
ANALYSIS_KEYS = "A*19"


def position_before(record, deal, index):
    """The Solver.load arguments before the play ``record[index]`` (replayed with a Game)."""
    from skat_core.engine.game import Game
    g = Game()
    g.deal_hands(parse_cards(deal["vh"]), parse_cards(deal["mh"]), parse_cards(deal["hh"]),
                 parse_cards(deal["skat"]))
    for x in record[:index]:
        assert g.act(*x) == 0
    v = g.view(0)
    hands = []
    buf = bytearray(12)
    for seat in range(3):
        n = g.cards_of(seat, buf)
        hands.append(list(buf[:n]))
    trick = []
    s = v.trick_leader
    for _ in range(v.trick_n):
        trick.append(v.trick[s])
        s = (s + 1) % 3
    leader = v.trick_leader if v.trick_n else (v.trick_winners[v.n_tricks - 1]
                                               if v.n_tricks else 0)
    return (GT_C, 0, hands[0], hands[1], hands[2], parse_cards(deal["skat"]), leader, trick,
            v.decl_points, v.decl_tricks, v.opp_tricks)


@pytest.mark.parametrize("board", BOARDS)
def test_analysis_lists_the_card_that_cost_points_and_the_card_that_kept_them(board,
                                                                            tmp_path):
    r = run(board, ANALYSIS_KEYS + " RIGHT", fresh(tmp_path, board, ANALYSIS_DEAL),
            frames="last")
    scr = r.app.screen
    assert scr.name == "analysis" and scr.state == 2
    # Seven of his cards had a choice; from 8 tricks left on each one is judged (the two
    # before: too early for the desktop's budget).
    assert scr.choices == 7 and scr.checked == 6
    found = [(t, card_str(c), card_str(b), cost, lost) for t, c, b, cost, lost in scr.found]
    assert (8, "DA", "D8", 14, False) in found, found
    # The solver's own verdict on that position: DA gives the declarer 14 points less.
    da, d8 = parse_cards("DA D8")
    rec = list(r.app.record)         # the app keeps its record as rows of bytes
    i = rec.index((0, V_PLAY, da, 0))
    assert [x[1] for x in rec[:i]].count(V_PLAY) // 3 == 7, "a card of trick 8"
    s = Solver(4096)
    assert s.load(*position_before(rec, ANALYSIS_DEAL, i)) == 0
    out = bytearray(32)
    s.move_points(0, out)
    assert out[d8] - out[da] == 14 and out[d8] == max(x for x in out if x != 255)
    lines = shown(r)
    assert has(lines, "Analyse: 1 Fehler") and has(lines, "geprüft 6/7")
    # One row, wrapped to the screen's width (two lines at 160 pixels, never a word cut).
    assert "Stich 8: Karo A kostete 14 Augen, besser Karo 8" in " ".join(lines)


def test_analysis_on_the_device_looks_at_the_last_six_tricks_only(tmp_path, monkeypatch):
    """SKAT_ANALYSIS = "endgame" (the device's mode): the cards of tricks 1-4 are not
    judged, trick 8's DA still is, and the screen says how many were."""
    monkeypatch.setenv("SKAT_ANALYSIS", "endgame")
    r = run("pybadge", ANALYSIS_KEYS + " RIGHT", fresh(tmp_path, "pybadge", ANALYSIS_DEAL),
            frames="last")
    scr = r.app.screen
    assert scr.choices == 7 and scr.checked == 4
    assert (8, "DA", "D8", 14, False) in [(t, card_str(c), card_str(b), cost, lost)
                                           for t, c, b, cost, lost in scr.found]
    assert has(shown(r), "geprüft 4/7")


def test_analysis_b_goes_back_to_the_result_a_to_the_next_deal(tmp_path):
    nvm = fresh(tmp_path, "pybadge", ANALYSIS_DEAL)
    back = run("pybadge", ANALYSIS_KEYS + " RIGHT B", nvm, frames="last")
    assert back.app.screen.name == "result"
    nvm = fresh(tmp_path, "pybadge", ANALYSIS_DEAL, "nvm2.bin")
    on = run("pybadge", ANALYSIS_KEYS + " RIGHT A", nvm, frames="last")
    assert on.app.in_game and on.app.series.games() == 1
    assert "skat_ui.screens.analysis" not in on.modules, "dropped with the next deal"
