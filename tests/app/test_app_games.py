"""Complete games driven through code.py in the headless simulator by key presses, on the
PyBadge (160x128, 8 keys) and the Feather ESP32-S3 Reverse TFT (240x135, 3 buttons: the
long press is "back"/menu): a won suit game, a lost Null, a Ramsch, an offer rejected with
Contra and Re, a resume after a power cut in the middle of a save, a corrupt save reported
once.

The deals are fixed by a save preloaded into nvm (the app resumes "a game in progress" that
has no action yet), and the hands are chosen so the outcome does not depend on the bot's
luck: the scripted player's cards decide every trick that matters. The bot is seeded.
"""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.cards import parse_cards, GT_C, GT_NULL  # noqa: E402
from skat_core.codes import RK_NORMAL, RK_RAMSCH  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_ui.storage import save, persist  # noqa: E402
from skat_core.engine.series import Series  # noqa: E402
from skat_ui.storage.persist import Entries, MOST  # noqa: E402
from sim.board import keys as keyscript  # noqa: E402
from sim.board.play import run_headless  # noqa: E402
from sim.board.platform import boards  # noqa: E402

BOARDS = ("pybadge", "feather_esp32s3_reverse_tft")

def script(board, text):
    """A key script written for the PyBadge's keys as ``board`` presses it (sim/board/keys.py)."""
    return keyscript.for_board(text, board)


def preload(path, board, vh, mh, hh, skat, rules=None, record=(), human=0, length=12,
            entries=()):
    """Write an nvm file holding a series with one deal in progress (``record``: the actions
    so far, none by default); the player is Vorhand (the bot deals the first game) unless
    ``human`` = 2. ``rules``: setting index -> value (settings.py). ``entries``: games of
    the series already played (skat_core/engine/series.py's tuples), before the deal in progress."""
    size = boards.get(board)["nvm"]
    st = S.defaults()
    for key, value in (rules or {}).items():
        st[key] = value
    ser = Series(length, 4242, Entries(MOST))
    deal = bytes(parse_cards(vh) + parse_cards(mh) + parse_cards(hh) + parse_cards(skat))
    assert len(set(deal)) == 32
    data = bytearray(b"\xff" * size)
    store = save.Store(data)
    store.load()
    ser.entries.extend(entries)
    if human == 2:
        ser.entries.append((3, 255, 255, 0, 0, 0, 0))   # game 1 was thrown in: you deal now
    assert store.save(persist.encode(st, st[:S.N_RULES], ser, (human, deal, list(record))))
    with open(path, "wb") as f:
        f.write(data)
    return path


def run(board, keys, nvm, **kw):
    return run_headless(board, script(board, keys), nvm_path=nvm, seed=99, **kw)


# Bot's hand for the player's games: no jacks, no long suit, no Null hand.
BOT_WEAK = "S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ"

WON_SUIT = dict(vh="CJ SJ HJ DJ CA CT CK CQ C9 DA", hh=BOT_WEAK,
                mh="ST SA SK HA HT HK HQ DT DK DQ", skat="C8 C7")
# The bot passes at once; the player takes 18, plays Hand, declares Kreuz,
WON_SUIT_DECLARE = "A  DOWN A  DOWN DOWN DOWN A"
# leads all ten tricks with the first legal card (the cursor starts there) and wins them: a
# trick he wins stays on screen until a key of its own, which plays no card (issue 30), so
# each trick but the last is "A A" (his card, then the key that clears the trick).
WON_TRICKS = "A A  " * 9 + "A"
WON_SUIT_KEYS = WON_SUIT_DECLARE + "  " + WON_TRICKS


def frame_has(frame, colour, y0=0, y1=None):
    y1 = frame.height if y1 is None else y1
    for y in range(y0, y1):
        for x in range(frame.width):
            if frame.pixel(x, y) == colour:
                return True
    return False


@pytest.mark.parametrize("board", BOARDS)
def test_won_suit_game_kreuz_hand_with_11_schwarz_is_180(board, tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), board, **WON_SUIT)
    r = run(board, WON_SUIT_KEYS, nvm)
    app = r.app
    assert r.reason == "script_end"
    assert app.screen.name == "result"
    res = app.game.result
    assert res.kind == RK_NORMAL and res.won
    assert res.game_type == GT_C and res.matadors == 11
    # 12 x (with 11 + Spiel + Hand + Schneider + Schwarz) = 12 x 15.
    assert res.value == 180 and res.decl_tricks == 10
    assert app.series.entries[-1][5] == 180 and app.series.totals() == (180, 0)
    w, h = boards.get(board)["size"]
    assert (r.frames[-1].width, r.frames[-1].height) == (w, h)
    # The result screen shows the skat face up: the two cards' white faces at the right.
    last = r.frames[-1]
    assert last.pixel(w - 8, 16) == (255, 255, 255)


@pytest.mark.parametrize("board", sorted(set(boards.BOARDS) - set(BOARDS)))
def test_every_other_board_plays_the_won_suit_game(board, tmp_path):
    """PyGamer (joystick), EdgeBadge, PicoSystem (240x240), Feather TFT (3 buttons), Pico
    Display Pack (4 buttons): the same keys, mapped to the board, the same result."""
    nvm = preload(str(tmp_path / "nvm.bin"), board, **WON_SUIT)
    r = run(board, WON_SUIT_KEYS, nvm)
    assert r.app.screen.name == "result"
    assert r.app.game.result.won and r.app.game.result.value == 180
    w, h = boards.get(board)["size"]
    assert (r.frames[-1].width, r.frames[-1].height) == (w, h)


@pytest.mark.parametrize("board", BOARDS)
def test_lost_null_hand_first_trick_taken_is_minus_70(board, tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), board, vh="CA CK CQ CJ CT SA SK SQ SJ ST",
                  hh="C9 S9 HT H8 H9 DT D8 D9 HQ DQ", mh="C7 S7 HA HK HJ DA DK DJ C8 S8",
                  skat="H7 D7")
    # Take 18, Hand, cycle the game to Null (C S H D G N), declare, lead: the trick is ours.
    r = run(board, "A  DOWN A  A*5 DOWN DOWN A  A", nvm)
    app = r.app
    assert app.screen.name == "result"
    res = app.game.result
    assert res.game_type == GT_NULL and not res.won
    assert res.decl_tricks == 1 and res.value == 35 and res.score == -70
    assert app.series.totals() == (-70, 0)


@pytest.mark.parametrize("board", BOARDS)
def test_ramsch_when_both_pass(board, tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), board, rules={0: 1},   # all_pass = ramsch
                  vh="CJ SA S7 HA H7 H8 DA D7 D8 C7", hh="C9 S9 HT H9 DT D9 HQ DQ CT ST",
                  mh="SJ HJ DJ CA CK CQ SK SQ HK DK", skat="C8 S8")
    # The bot passes; the player passes too (Pass is left of 18); ten two-card tricks. Each
    # of the first nine stays on screen until a key of its own, whoever won it (one A more
    # each).
    r = run(board, "LEFT A  A*19", nvm)
    app = r.app
    assert app.screen.name == "result"
    res = app.game.result
    assert res.kind == RK_RAMSCH
    p = res.seat_points
    # The dummy's cards stay out (SJ HJ DJ CA CK CQ SK SQ HK DK = 39 points), skat C8 S8 = 0.
    assert p[0] + p[2] == 120 - 39 and res.skat_points == 0
    assert res.seat_tricks[0] + res.seat_tricks[2] == 10
    loser = 0 if p[0] > p[2] else 2
    assert res.loser == loser and res.score == -(p[loser] + res.skat_points)
    you, bot = app.series.totals()
    assert (you if loser == 0 else bot) == res.score and (bot if loser == 0 else you) == 0


# The bot declares Kreuz Hand at 18 with every trump (the record is preloaded: the test is
# about the offer, not the bot's bidding); the player (Vorhand) plays his cards and the
# dummy's, two presses per trick. The bot wins every trick and leads the next one: the trick
# stays on screen until a key (the first A of each "A A A"); that is the player's moment to
# open the menu. After the bot said something (Re) the app gives the player one pause to
# speak (a WAIT token here).
CONTRA_DEAL = dict(vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="ST SA SK HT HK HQ DA DT DK DQ",
                   hh="CJ SJ HJ DJ CA CT CK CQ C9 HA", skat="C8 C7",
                   record=[(2, 0, 18, 0), (0, 2, 0, 0), (2, 3, 0, 0), (2, 6, GT_C, 0)])
CONTRA_KEYS = ("A A " + "A A A " * 6 +
               # after trick 7, the trick held: menu, offer "raus", confirmed (Nein -> Ja);
               # the bot rejects; menu, Contra (below the still possible "Stich" offer),
               # confirmed (Nein -> Ja); the bot answers Re.
               "START A RIGHT A  START DOWN A RIGHT A  WAIT:1 A A " +
               "A A A " * 2)


@pytest.mark.parametrize("board", BOARDS)
def test_offer_rejected_with_contra_and_re(board, tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), board, **CONTRA_DEAL)
    r = run(board, CONTRA_KEYS, nvm)
    app = r.app
    assert app.screen.name == "result", app.screen.name
    res = app.game.result
    verbs = [(a[0], a[1]) for a in app.record]
    assert (0, 9) in verbs            # the player offered (raus)
    assert (2, 11) in verbs           # the bot, declarer, rejected
    assert (0, 12) in verbs           # the player said Contra
    assert (2, 13) in verbs           # the bot said Re
    assert res.rejected == 1 and res.contra and res.re and res.won
    assert res.decl_tricks == 10
    # Kreuz with 11, Spiel 12, Hand 13, Schneider 14, Schwarz 15 (both made: the same under
    # rejection = plain, the default, and next_level), abgelehnt 16: 12 x 16 = 192, + 50 % =
    # 288, Contra 576, Re 1152.
    assert res.levels == 16 and res.raw_value == 192 and res.after_half == 288
    assert res.value == 1152 and res.score == 1152
    assert app.series.totals() == (0, 1152)


def test_hint_key_shows_the_bots_card_for_the_player(tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", **CONTRA_DEAL)
    r = run("pybadge", "SELECT", nvm)
    app = r.app
    assert app.hint >= 0
    legal = [x for x in app.game.view(0).hand[:10]]
    assert app.hint in legal
    # The hint line is drawn in the cursor yellow in the info column.
    assert frame_has(r.frames[-1], (255, 219, 0)) or frame_has(r.frames[-1], (255, 218, 0))


@pytest.mark.parametrize("keys", [
    pytest.param(WON_SUIT_DECLARE + "  A A  A", id="two_tricks"),
    pytest.param(WON_SUIT_KEYS, id="whole_game", marks=pytest.mark.slow)])
def test_the_last_frame_alone_is_the_picture_every_frame_rendering_ends_on(keys, tmp_path):
    """The headless runs render only the frames a test reads (sim/board/play.py run_headless):
    the screen a game ends on is, pixel for pixel, the one rendering every refresh leaves,
    and the run is the same run (refreshes, saves, the record)."""
    runs = []
    for frames in ("every", "last"):
        nvm = preload(str(tmp_path / ("nvm-%s.bin" % frames)), "pybadge", **WON_SUIT)
        runs.append(run("pybadge", keys, nvm, frames=frames))
    every, last = runs
    assert len(every.frames) > 10 and len(last.frames) == 1
    assert last.frames[0].fb == every.frames[-1].fb
    assert (last.refreshes, last.nvm, last.app.record) == (every.refreshes, every.nvm,
                                                           every.app.record)


def _won_suit_reference(board, tmp_path):
    nvm = preload(str(tmp_path / "ref.bin"), board, **WON_SUIT)
    return run(board, WON_SUIT_KEYS, nvm)


@pytest.mark.parametrize("board", BOARDS)
def test_resume_after_power_cut_in_the_middle_of_a_save(board, tmp_path):
    ref = _won_suit_reference(board, tmp_path)
    # Saves at phase changes and after tricks, never per key: the bot's pass, the player's 18,
    # Hand, the declaration, tricks 1..9, the finished game (trick 10).
    assert ref.nvm_writes == 14
    nvm = preload(str(tmp_path / "nvm.bin"), board, **WON_SUIT)
    # Six saves complete (the last one after trick 2); the 7th (after trick 3) is cut after
    # 40 bytes: the board is off.
    cut = run(board, WON_SUIT_KEYS, nvm, power_cut_after_writes=6, power_cut_bytes=40)
    assert cut.reason == "power_cut"
    # Power on: the game is back at the last completed trick that was saved.
    back = run(board, "WAIT:1", nvm)
    app = back.app
    assert app.screen.name == "play"
    assert app.game.n_tricks == 2 and app.game.view(0).n_hand == 8
    assert app.notice  # "Spiel fortgesetzt"
    # Play on: eight more tricks, the same result as without the power cut.
    done = run(board, "A A  " * 7 + "A", nvm)
    res = done.app.game.result
    assert done.app.screen.name == "result"
    assert res.won and res.value == 180
    assert done.app.series.entries == ref.app.series.entries


@pytest.mark.parametrize("board", BOARDS)
def test_corrupt_save_is_reported_once_and_ignored(board, tmp_path):
    path = str(tmp_path / "nvm.bin")
    size = boards.get(board)["nvm"]
    data = bytearray(b"\xff" * size)
    data[0:64] = bytes(range(7, 71))                  # somebody else's data
    with open(path, "wb") as f:
        f.write(data)
    first = run(board, "WAIT:1", path)
    assert first.app.screen.name == "notice"
    assert first.app.series is None
    again = run(board, "WAIT:1", path)
    assert again.app.screen.name == "title"
    # And a new series starts normally from there.
    new = run(board, "A", path)
    assert new.app.screen.name == "bid" and new.app.in_game


@pytest.mark.parametrize("board", BOARDS)
def test_power_cut_in_the_very_first_save_is_no_save_not_a_corrupt_one(board, tmp_path):
    """An erased board, a new series: its first save (the deal) is cut after 40 bytes. At
    power on nothing was saved yet: the title, no "corrupt save" notice."""
    path = str(tmp_path / "nvm.bin")
    with open(path, "wb") as f:
        f.write(b"\xff" * boards.get(board)["nvm"])
    cut = run(board, "A", path, power_cut_after_writes=0, power_cut_bytes=40)
    assert cut.reason == "power_cut"
    with open(path, "rb") as f:
        assert f.read(2) == b"SK"                       # the torn slot is there
    back = run(board, "WAIT:1", path)
    assert back.app.screen.name == "title"
    assert back.app.boot_message is None and back.app.series is None
    new = run(board, "A", path)                         # and the series starts normally
    assert new.app.screen.name == "bid" and new.app.in_game


@pytest.mark.parametrize("board", BOARDS)
def test_checksum_valid_save_with_an_out_of_range_game_type_is_reported_once(board, tmp_path):
    """A save whose checksum matches but whose series lists game type 9 (there are 0..6):
    reported once at boot and ignored; the score sheet it would have crashed opens."""
    path = str(tmp_path / "nvm.bin")
    data = bytearray(b"\xff" * boards.get(board)["nvm"])
    store = save.Store(data)
    store.load()
    ser = Series(12, 4242, Entries(MOST))
    ser.entries.append((1, 1, 9, 0, 20, 0, 20))
    st = S.defaults()
    assert store.save(persist.encode(st, st[:S.N_RULES], ser, None))
    with open(path, "wb") as f:
        f.write(data)
    first = run(board, "WAIT:1", path)
    assert first.app.screen.name == "notice" and first.app.series is None
    again = run(board, "WAIT:1", path)                  # replaced by a clean save: once
    assert again.app.screen.name == "title" and again.app.boot_message is None
    sheet = run(board, "DOWN DOWN DOWN A", path)        # new, settings, help, score sheet
    assert sheet.app.screen.name == "sheet" and sheet.reason == "script_end"


@pytest.mark.parametrize("board", BOARDS)
def test_farbenreizen_frage_eichel_with_11_schwarz_is_56(board, tmp_path):
    """Bidding = farben (rules.md §8): take the game as Frage Eichel (the fourth class),
    pick up, discard CJ SJ (they still count as matadors from the skat), declare: the
    declaration screen lists the game and "declare" (no offen row: in Farbenreizen only Grand
    and Null are played open)."""
    nvm = preload(str(tmp_path / "nvm.bin"), board, rules={1: 1}, **WON_SUIT)
    r = run(board, "RIGHT RIGHT RIGHT A  A  A RIGHT A A  DOWN A  " + WON_TRICKS, nvm)
    app = r.app
    assert app.screen.name == "result"
    assert app.record[1] == (0, 0, 3, 0)           # bid class 3 = Frage Eichel
    res = app.game.result
    # Frage Eichel base 4 x (with 11 + Spiel + Schneider + Schwarz = 14); no Hand level.
    assert res.won and res.base == 4 and res.levels == 14 and res.value == 56
    assert app.series.totals() == (56, 0)


@pytest.mark.parametrize("board", BOARDS)
def test_both_pass_is_thrown_in_and_counts_as_a_game(board, tmp_path):
    """all_pass = einpassen (default): the deal is thrown in, 0 points, one game of the list;
    A deals the next game with the deal alternating (you deal now)."""
    nvm = preload(str(tmp_path / "nvm.bin"), board, **WON_SUIT)
    r = run(board, "LEFT A", nvm)
    app = r.app
    assert app.screen.name == "result"
    from skat_core.codes import RK_PASSED
    assert app.game.result.kind == RK_PASSED
    assert app.series.entries == [(RK_PASSED, 255, 255, 0, 0, 0, 0)]
    r2 = run(board, "A", nvm)
    assert r2.app.screen.name == "bid" and r2.app.human == 2 and r2.app.series.games() == 1
