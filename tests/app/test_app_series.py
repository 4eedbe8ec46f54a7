"""The series (rules.md §9) in the app: the end of a series with its winner on the score sheet,
every game of a series booked in the column of the total it moved, settings that survive a
restart. The series' rule itself (who deals, the list points) is skat_core/engine/series.py,
tested in tests/rules/test_rules_series.py."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from skat_core.codes import RK_NORMAL, RK_GIVEN_UP, RK_PASSED  # noqa: E402
from skat_core.rules import DEFAULT_INDEX  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_core.engine.series import Series  # noqa: E402
from skat_ui.storage.persist import Entries, MOST  # noqa: E402


def test_settings_defaults_are_the_standard_table():
    st = S.defaults()
    assert list(st[:S.I_SERIES]) == list(DEFAULT_INDEX)      # rejection: next_level
    assert S.SERIES_CHOICES[st[S.I_SERIES]] == 12
    r = S.rules_of(st)
    assert r.all_pass == "einpassen" and r.contra_re == "on" and r.series_games == 12
    assert st[S.I_LANG] == 0 and st[S.I_STYLE] == 0           # Deutsch, four colours


pytest.importorskip("displayio")
from tests.app.test_app_games import preload, run, WON_SUIT, WON_SUIT_KEYS  # noqa: E402


@pytest.mark.parametrize("board", ("pybadge", "feather_esp32s3_reverse_tft"))
def test_last_game_of_a_series_shows_the_winner_then_the_title(board, tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), board, length=2, human=2, rules={S.I_SERIES: 0},
                  vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="ST SA SK HA HT HK HQ DT DK DQ",
                  hh="CJ SJ HJ DJ CA CT CK CQ C9 DA", skat="C8 C7")
    # Game 2 of 2, you deal: bid 18 (the bot passes), Hand, Kreuz, ten tricks, then A.
    r = run(board, WON_SUIT_KEYS + "  A", nvm)
    app = r.app
    assert app.screen.name == "sheet" and app.screen.final
    assert app.series.over() and app.series.totals() == (180, 0)
    # A closes the sheet: back on the title, the finished series forgotten.
    r1 = run(board, WON_SUIT_KEYS + "  A A", preload(
        str(tmp_path / "nvm2.bin"), board, length=2, human=2, rules={S.I_SERIES: 0},
        vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="ST SA SK HA HT HK HQ DT DK DQ",
        hh="CJ SJ HJ DJ CA CT CK CQ C9 DA", skat="C8 C7"))
    assert r1.app.screen.name == "title" and r1.app.series is None
    # After a restart at the final sheet the title offers a new series (no "continue").
    r2 = run(board, "WAIT:1", nvm)
    assert r2.app.screen.name == "title"
    assert [it[1] for it in r2.app.screen.items()][0] == "new"


def test_settings_language_and_card_style_survive_a_restart(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    # Title: Settings; down past the house rules, series length and bot strength to Sprache
    # (item S.I_LANG) and card style (the next); change both; back.
    r = run("pybadge", "DOWN A  DOWN*%d A  DOWN A  B" % S.I_LANG, nvm)
    assert r.app.settings[S.I_LANG] == 1 and r.app.settings[S.I_STYLE] == 1
    assert r.app.screen.name == "title"
    again = run("pybadge", "WAIT:1", nvm)
    assert again.app.settings[S.I_LANG] == 1 and again.app.settings[S.I_STYLE] == 1
    from skat_ui import text
    assert again.modules["skat_ui.text"].tr("new") == "New series"


def _series_nvm(path, board, entries, length, deal, record=()):
    """An nvm holding a series of ``length`` games with ``entries`` played and the next deal
    in progress, you in the seat the series gives you for it (Vorhand for an even number of
    games played, else the dealer): test_app_games.preload with the seat chosen."""
    from skat_core.cards import parse_cards
    from skat_ui.storage import persist, save
    from sim.board.platform import boards
    st = S.defaults()
    st[S.I_SERIES] = S.SERIES_CHOICES.index(length)
    ser = Series(length, 4242, Entries(MOST))
    ser.entries.extend(entries)
    cards = bytes(parse_cards(deal["vh"]) + parse_cards(deal["mh"]) + parse_cards(deal["hh"]) +
                  parse_cards(deal["skat"]))
    data = bytearray(b"\xff" * boards.get(board)["nvm"])
    store = save.Store(data)
    store.load()
    game = (ser.human_seat(len(entries)), cards, list(record))
    assert store.save(persist.encode(st, st[:S.N_RULES], ser, game))
    with open(path, "wb") as f:
        f.write(data)
    return path


# You are the dealer: you bid 18, the bot passes, Hand, Kreuz, ten tricks: +180.
YOU_DEAL_WIN = (dict(vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="ST SA SK HA HT HK HQ DT DK DQ",
                     hh="CJ SJ HJ DJ CA CT CK CQ C9 DA", skat="C8 C7"),
                WON_SUIT_KEYS)
# You are the dealer with nothing and pass; the bot (weak too) passes: thrown in.
YOU_DEAL_PASS = (dict(vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="CT CK CJ SA SJ HA HT HJ DK DJ",
                      hh="C7 C8 C9 CQ DT DQ HQ HK SK ST", skat="CA DA"), "LEFT A")


def test_sheet_rows_sum_to_the_totals_over_a_series_with_contra_re_spielaufgabe_and_losses(
        tmp_path):
    """Issue 18 item 3, a whole series of six games, each played by key presses (a run per
    game, the series carried over in nvm): the bot's Kreuz Hand after your rejected "raus"
    with Contra and Re (+1152 to the bot), your Kreuz Hand as dealer (+180), a Spielaufgabe
    (-60), a deal thrown in, a lost Null Hand (-70), your Kreuz Hand again (+180). The sheet
    at the end books each game in the column of the total it moved (a lost game doubled,
    Contra/Re in it), and its columns sum to the totals it shows."""
    from tests.app.test_app_games import run, WON_SUIT, CONTRA_DEAL, CONTRA_KEYS
    null_lost = (dict(vh="CA CK CQ CJ CT SA SK SQ SJ ST", hh="C9 S9 HT H8 H9 DT D8 D9 HQ DQ",
                      mh="C7 S7 HA HK HJ DA DK DJ C8 S8", skat="H7 D7"),
                 "A  DOWN A  A*5 DOWN DOWN A  A")
    games = [(CONTRA_DEAL, CONTRA_KEYS), YOU_DEAL_WIN, (WON_SUIT, "A  DOWN DOWN A  RIGHT A"),
             YOU_DEAL_PASS, null_lost, YOU_DEAL_WIN]
    entries = []
    for i, (deal, keys) in enumerate(games):
        deal = dict(deal)
        record = deal.pop("record", ())
        nvm = _series_nvm(str(tmp_path / ("nvm%d.bin" % i)), "pybadge", entries, 6, deal,
                          record)
        last = i == len(games) - 1
        r = run("pybadge", keys + (" A" if last else ""), nvm)
        assert r.app.series.games() == i + 1, (i, r.app.screen.name)
        entries = list(r.app.series.entries)
    booked = [(e[0], e[5], e[6]) for e in entries]
    assert booked == [(RK_NORMAL, 0, 1152), (RK_NORMAL, 180, 0), (RK_GIVEN_UP, -60, 0),
                      (RK_PASSED, 0, 0), (RK_NORMAL, -70, 0), (RK_NORMAL, 180, 0)]
    app = r.app
    assert app.screen.name == "sheet" and app.screen.final and app.series.over()
    lines = [app.ui.txt.texts[i] for i in range(app.ui.used)]
    cols = 26
    rows = lines[2:8]
    labels = [row[:cols - 12].strip() for row in rows]
    assert labels == ["Kreuz", "Kreuz", "Spielaufgabe", "Eingepasst", "Null", "Kreuz"]
    you = [int(row[cols - 12:cols - 6]) if row[cols - 12:cols - 6].strip() else 0 for row in rows]
    bot = [int(row[cols - 6:]) if row[cols - 6:].strip() else 0 for row in rows]
    assert (you, bot) == ([0, 180, -60, 0, -70, 180], [1152, 0, 0, 0, 0, 0])
    assert "Summe %d : %d" % (sum(you), sum(bot)) in lines
    assert app.series.totals() == (sum(you), sum(bot)) == (230, 1152)
    assert any(s.startswith("Sieger: Bot") for s in lines)


# From a table screen of the bidding: the game menu, "Hauptmenü", "Neue Liste", "Ja".
NEW_SERIES = "START DOWN DOWN DOWN A  DOWN A  DOWN A"


def test_every_series_of_a_seeded_run_deals_the_same_also_after_a_restart(tmp_path):
    """Issue 18 item 9: with a seed (`--seed 7`, SKAT_SEED on the board) the first series
    deals from 7 and each next one from a seed drawn from the one before, in every run. A
    restart in the middle of the second series used to make the third deal the second's
    cards again (the save's series seed was taken as the next one)."""
    from sim.board.play import run_headless

    def seeds(keys, nvm=None):
        r = run_headless("pybadge", keys, nvm_path=nvm, seed=7, frames="last")
        return r.app.series.seed, r.nvm_path

    s1, _ = seeds("A")
    s2, _ = seeds("A  " + NEW_SERIES)
    s3, _ = seeds("A  " + NEW_SERIES + "  " + NEW_SERIES)
    assert s1 == 7 and len({s1, s2, s3}) == 3
    assert seeds("A  " + NEW_SERIES + "  " + NEW_SERIES)[0] == s3     # the next run: the same
    # The second series, then the board is switched off; back on, the third series.
    nvm = str(tmp_path / "nvm.bin")
    assert seeds("A  " + NEW_SERIES, nvm)[0] == s2
    assert seeds("WAIT:1", nvm)[0] == s2                     # resumed
    assert seeds(NEW_SERIES, nvm)[0] == s3


def test_a_series_finished_after_a_restart_is_followed_by_the_seed_drawn_from_it(tmp_path):
    """Issue 30 item 1: with a save from a series in progress (series 4242, its last game
    being played), the board restarts; finishing that series and starting the next one must
    deal from the seed drawn from 4242 - as without the restart - not from 4242 again (the
    restore took the saved series' own seed as the next one's, and a finished series left
    nothing to draw from)."""
    from skat_core.engine.series import next_seed
    from skat_core.rng import Rng
    from tests.app.test_app_games import preload, run
    deal, keys = YOU_DEAL_WIN
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", length=2, human=2,
                  rules={S.I_SERIES: 0}, **deal)
    # The last game, the final sheet closed (A), then on the title "Neue Liste" (A).
    r = run("pybadge", keys + "  A  A  A", nvm)
    assert r.app.series is not None and r.app.series.games() == 0
    assert r.app.series.seed == next_seed(4242, Rng(1)) != 4242
    # And once more after a restart on the title after the finished series: the same.
    nvm2 = preload(str(tmp_path / "nvm2.bin"), "pybadge", length=2, human=2,
                   rules={S.I_SERIES: 0}, **deal)
    run("pybadge", keys + "  A  A", nvm2)                      # back on the title
    r2 = run("pybadge", "A", nvm2)                             # restart, then a new series
    assert r2.app.series.seed == next_seed(4242, Rng(1))
