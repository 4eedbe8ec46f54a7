"""The series (rules.md §9) in the app: list points (plain and Seeger-Fabian), the end of a
series with its winner on the score sheet, settings that survive a restart."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from skat_core.codes import RK_NORMAL, RK_GIVEN_UP, RK_RAMSCH, RK_PASSED  # noqa: E402
from skat_core.engine.values import Result  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_ui.series import Series  # noqa: E402


def result(kind, declarer, won, value, score, scorer=None, gt=0):
    r = Result()
    r.kind = kind
    r.declarer = declarer
    r.won = won
    r.value = value
    r.score = score
    r.scorer = declarer if scorer is None else scorer
    r.game_type = gt
    return r


def test_plain_list_points_are_the_scores():
    s = Series(4, 1)
    s.add(result(RK_NORMAL, 0, True, 33, 33), human=0, seeger=False)
    s.add(result(RK_NORMAL, 2, False, 36, -72), human=0, seeger=False)
    assert s.totals() == (33, -72)
    assert s.entries[0][1] == 0 and s.entries[1][1] == 1   # who declared: you, bot


def test_seeger_fabian_won_plus_50_lost_minus_50_and_40_to_the_other():
    s = Series(4, 1)
    s.add(result(RK_NORMAL, 0, True, 33, 33), human=0, seeger=True)
    assert s.totals() == (83, 0)
    s.add(result(RK_NORMAL, 0, False, 36, -72), human=0, seeger=True)
    assert s.totals() == (83 - 122, 40)


def test_seeger_fabian_spielaufgabe_is_minus_110():
    s = Series(2, 1)
    s.add(result(RK_GIVEN_UP, 2, False, 60, -60), human=0, seeger=True)
    assert s.totals() == (0, -110)


def test_ramsch_loser_scores_minus_points_plus_skat_other_zero():
    s = Series(2, 1)
    s.add(result(RK_RAMSCH, -1, False, 55, -55, scorer=2, gt=6), human=0, seeger=True)
    assert s.totals() == (0, -55)
    assert s.entries[0][1] == 255


def test_thrown_in_game_counts_as_a_game_with_no_points():
    s = Series(2, 1)
    r = result(RK_PASSED, -1, False, 0, 0, scorer=-1, gt=-1)
    s.add(r, human=0, seeger=False)
    assert s.games() == 1 and s.totals() == (0, 0) and s.entries[0][2] == 255


def test_dealer_alternates_and_the_bot_deals_first():
    s = Series(4, 1)
    assert [s.human_seat(i) for i in range(4)] == [0, 2, 0, 2]


def test_settings_defaults_are_the_standard_table():
    st = S.defaults()
    assert list(st[:S.I_SERIES]) == [0] * S.I_SERIES
    assert S.SERIES_CHOICES[st[S.I_SERIES]] == 12
    r = S.rules_of(st)
    assert r.all_pass == "einpassen" and r.contra_re == "on" and r.series_games == 12
    assert st[S.I_LANG] == 0 and st[S.I_STYLE] == 0           # Deutsch, four colours


pytest.importorskip("displayio")
from test_app_games import preload, run, WON_SUIT, WON_SUIT_KEYS  # noqa: E402


@pytest.mark.parametrize("board", ("pybadge", "feather_esp32s3_reverse_tft"))
def test_last_game_of_a_series_shows_the_winner_then_the_title(board, tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), board, length=2, human=2, rules={S.I_SERIES: 0},
                  vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="ST SA SK HA HT HK HQ DT DK DQ",
                  hh="CJ SJ HJ DJ CA CT CK CQ C9 DA", skat="C8 C7")
    # Game 2 of 2, you deal: bid 18 (the bot passes), Hand, Kreuz, ten tricks, then A.
    r = run(board, "A  DOWN A  DOWN DOWN DOWN A  A*10  A", nvm)
    app = r.app
    assert app.screen.name == "sheet" and app.screen.final
    assert app.series.over() and app.series.totals() == (180, 0)
    # A closes the sheet: back on the title, the finished series forgotten.
    r1 = run(board, "A  DOWN A  DOWN DOWN DOWN A  A*10  A A", preload(
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
