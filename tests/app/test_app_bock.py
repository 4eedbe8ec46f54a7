"""Bockrunden in the app (issue 18 item 6; docs/rules.md "Bockrunden", docs/app.md), by key
presses in the headless simulator: off by default and turned on in the settings; a game that
triggers makes the next games Bock games, which score double, say "Bock" in the header and
are marked "x2" on the sheet, whose totals are the rows' sum; a power cut in a Bock game
resumes it as one; its printed record says ``"bock": true`` and replays to the same score;
an old save (payload version 2) plays as before."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.cards import parse_cards  # noqa: E402
from skat_core.rules import CHOICES, Rules  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_ui.storage import persist, save  # noqa: E402
from skat_core.engine.series import Series  # noqa: E402
from skat_ui.storage.persist import Entries, MOST  # noqa: E402
from sim.board.platform import boards  # noqa: E402
from tests.app.test_app_games import (  # noqa: E402
    preload, run, WON_SUIT, WON_SUIT_KEYS, WON_TRICKS)
from tests.app.test_app_save import old_payload, before_three  # noqa: E402

BOCK = [k for k, _ in CHOICES].index("bock")      # the setting byte of the house rule
ON = {BOCK: 1}                                    # bock = "2": two Bock games per trigger
# Before the deal in progress (game 3, the player in Vorhand again): the bot's Kreuz game
# worth 120 started two Bock games (flag 128); game 2, thrown in, was the first of them (64).
TRIGGERED = [(1, 1, 0, 128, 120, 0, 120), (3, 255, 255, 64, 0, 0, 0)]
# Won Kreuz Hand with 11, Schneider, Schwarz: 12 x 15 = 180 (test_app_games); declared after
# "A  DOWN A  DOWN DOWN DOWN A", then ten tricks.
DECLARED = "A  DOWN A  DOWN DOWN DOWN A"


def shown(app):
    ui = app.ui
    return [ui.txt.texts[i] for i in range(ui.used)]


def test_bock_is_off_by_default_and_the_settings_turn_it_on_by_keys(tmp_path):
    assert S.defaults()[BOCK] == 0 and Rules().bock == "off"
    keys = "DOWN A  " + "DOWN " * BOCK + "A"          # Title: Settings; Bockspiele: next value
    r = run("pybadge", keys, str(tmp_path / "a.bin"))
    assert "> Bockspiele: 2 je Anlass" in shown(r.app) or any(
        s.endswith("Bockspiele: 2 je Anlass") for s in shown(r.app)), shown(r.app)
    # Back on the title, a new series: its rules have Bock games, its first game is none.
    r = run("pybadge", keys + "  B  A", str(tmp_path / "b.bin"))
    app = r.app
    assert app.settings[BOCK] == 1 and app.series_rules[BOCK] == 1
    assert app.game.rules.bock == "2" and not app.game.bock
    # A new series under the standard table: no Bock.
    r = run("pybadge", "A", str(tmp_path / "c.bin"))
    assert r.app.game.rules.bock == "off" and not r.app.game.bock
    assert any(s.startswith("Spiel 1/12") for s in shown(r.app)), shown(r.app)


def test_a_game_of_120_or_more_makes_the_next_game_a_bock_game(tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", rules=ON, **WON_SUIT)
    r = run("pybadge", WON_SUIT_KEYS + "  A", nvm)       # the game, then the next deal
    app = r.app
    e = app.series.entries[0]
    assert e[4] == 180 and e[5] == 180 and e[3] & 128 and not e[3] & 64   # it triggered
    assert app.in_game and app.series.games() == 1 and app.game.bock
    # Game 2: the player deals and bids first; the header says it is a Bock game.
    assert any(s.startswith("Bock 2/12") for s in shown(app)), shown(app)


def test_without_bockrunden_the_same_game_triggers_nothing(tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", **WON_SUIT)
    r = run("pybadge", WON_SUIT_KEYS + "  A", nvm)
    app = r.app
    assert app.series.entries[0][3] & 192 == 0 and not app.game.bock
    assert any(s.startswith("Spiel 2/12") for s in shown(app)), shown(app)


@pytest.mark.parametrize("board", ("pybadge", "feather_esp32s3_reverse_tft"))
def test_a_bock_game_scores_double_and_the_sheet_books_and_marks_it(board, tmp_path):
    nvm = preload(str(tmp_path / "nvm.bin"), board, rules=ON, entries=TRIGGERED, **WON_SUIT)
    r = run(board, DECLARED, nvm)
    assert r.app.game.bock
    assert shown(r.app)[0].startswith("Bock Du: Kreuz"), shown(r.app)   # the contract line
    r = run(board, WON_TRICKS, nvm)
    app = r.app
    res = app.game.result
    assert res.won and res.value == 180 and app.game.bock and res.bock and res.score == 360
    e = app.series.entries[-1]
    assert e[5] == 360 and e[6] == 0 and e[3] & 64 and e[3] & 128    # doubled, triggers anew
    assert app.series.totals() == (360, 120)
    assert any(s.startswith("Bock x2: Du +360") for s in shown(app)), shown(app)
    # After a restart, the title (continue, new, settings, help, sheet): the sheet, its Bock
    # rows marked, its totals the rows' sum.
    r = run(board, "DOWN*4 A", nvm)
    app = r.app
    assert app.screen.name == "sheet"
    lines = shown(app)
    rows = lines[2:2 + app.series.games()]             # under the title and the head
    assert ["x2" in s for s in rows] == [False, True, True], lines
    assert "Summe 360 : 120" in lines
    you = sum(e[5] for e in app.series.entries)
    bot = sum(e[6] for e in app.series.entries)
    assert (you, bot) == (360, 120)


def test_bock_games_run_out_after_their_number(tmp_path):
    """Two Bock games after the trigger (both thrown in): game 4 is plain again."""
    entries = TRIGGERED + [(3, 255, 255, 64, 0, 0, 0), (3, 255, 255, 0, 0, 0, 0)]
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", rules=ON, entries=entries,
                  **WON_SUIT)
    r = run("pybadge", WON_SUIT_KEYS, nvm)
    app = r.app
    assert not app.game.bock and app.game.result.score == 180
    e = app.series.entries[-1]
    assert e[5] == 180 and e[3] & 192 == 128                          # plain, triggers anew


def test_a_power_cut_in_a_bock_game_resumes_a_bock_game(tmp_path):
    ref = run("pybadge", WON_SUIT_KEYS, preload(str(tmp_path / "ref.bin"), "pybadge",
                                                rules=ON, entries=TRIGGERED, **WON_SUIT))
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", rules=ON, entries=TRIGGERED,
                  **WON_SUIT)
    # Six saves complete (the last after trick 2); the seventh is cut after 40 bytes.
    cut = run("pybadge", WON_SUIT_KEYS, nvm, power_cut_after_writes=6, power_cut_bytes=40)
    assert cut.reason == "power_cut"
    back = run("pybadge", "WAIT:1", nvm)
    app = back.app
    assert app.screen.name == "play" and app.game.n_tricks == 2
    assert app.game.bock and shown(app)[0].startswith("Bock "), shown(app)
    done = run("pybadge", "A A  " * 7 + "A", nvm)
    assert done.app.game.result.score == 360
    assert done.app.series.entries == ref.app.series.entries


def test_the_printed_record_of_a_bock_game_replays_to_the_same_score(tmp_path, capsys):
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", rules=ON, entries=TRIGGERED,
                  **WON_SUIT)
    r = run("pybadge", WON_SUIT_KEYS, nvm)
    line = [s for s in capsys.readouterr().out.splitlines() if s.startswith('{"series": ')]
    assert len(line) == 1
    rec = json.loads(line[0])
    assert rec["bock"] is True and rec["rules"] == {"rejection": "next_level", "bock": "2"} and rec["game"] == 3
    path = tmp_path / "printed.json"
    path.write_text(line[0])
    out = subprocess.run([sys.executable, "-m", "sim", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    got = json.loads(out.stdout)
    res = r.app.game.result
    assert got["bock"] is True and got["score"] == res.score == 360 and got["value"] == 180
    # Not a Bock game: no "bock" in the record (an old reader sees what it always saw).
    run("pybadge", WON_SUIT_KEYS, preload(str(tmp_path / "n2.bin"), "pybadge", **WON_SUIT))
    rec = json.loads([s for s in capsys.readouterr().out.splitlines()
                      if s.startswith('{"series": ')][0])
    assert "bock" not in rec and rec["rules"] == {"rejection": "next_level"}


def test_an_old_save_without_bockrunden_plays_as_before(tmp_path):
    """A save of payload version 2 (before Bockrunden: the rule bytes end at `rejection`)
    with a game in progress: it resumes, Bock off, and the game scores as it always did."""
    st = before_three(S.defaults())
    old = bytes(st[:BOCK] + st[S.I_SERIES:])
    deal = bytes(parse_cards(WON_SUIT["vh"]) + parse_cards(WON_SUIT["mh"])
                 + parse_cards(WON_SUIT["hh"]) + parse_cards(WON_SUIT["skat"]))
    p = old_payload(persist.encode(old, old[:BOCK + 1], Series(12, 4242, Entries(MOST)),
                                   (0, deal, [])), 2)
    data = bytearray(b"\xff" * boards.get("pybadge")["nvm"])
    store = save.Store(data)
    store.load()
    assert store.save(bytes(p))
    path = tmp_path / "nvm.bin"
    path.write_bytes(bytes(data))
    r = run("pybadge", WON_SUIT_KEYS, str(path))
    app = r.app
    assert app.boot_message is None
    assert app.game.rules.bock == "off" and not app.game.bock
    assert app.game.result.score == 180 and app.series.totals() == (180, 0)
