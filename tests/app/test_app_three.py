"""Skat zu dritt and zu viert in the app (docs/app.md, "Skat zu dritt"): a whole list against
the bots from the title, the dealer who sits out at four, a power cut in a deal, the save of
a list of three or four. The rules themselves are skat_core/three's (tests/rules/)."""

import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.cards import parse_cards  # noqa: E402
from skat_core.notation.record import replay  # noqa: E402
from skat_core.engine.series import Series  # noqa: E402
from skat_core.three.series import ThreeSeries  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_ui.storage import persist, restore  # noqa: E402
from skat_ui.storage.persist import Entries, MOST  # noqa: E402
from sim.board.play import run_headless  # noqa: E402
from tests.support.three_player import Policy, play_list  # noqa: E402
from tests.app.test_app_save import old_payload  # noqa: E402


def _records(path):
    out = []
    for name in sorted(os.listdir(path)):
        with open(os.path.join(path, name)) as f:
            out.append(json.load(f))
    return out


@pytest.mark.parametrize("table", (3, 4))
def test_a_list_at_three_or_four_plays_from_the_title_to_its_final_sheet(table, tmp_path):
    """The title's "Neue Liste zu dritt" / "zu viert": 12 deals against the bots (bidding,
    skat, discard, declaration, play, result), each booked in its player's column; the
    records the app prints replay to the same games."""
    rec = tmp_path / "records"
    rec.mkdir()
    r, pol, keys = play_list("pybadge", table, str(tmp_path / "nvm.bin"), records_dir=str(rec))
    assert r.app.screen.name == "title" and r.app.series is None      # the sheet was closed
    assert {"bid3", "skat", "discard", "declare", "play3", "result3", "sheet"} <= pol.screens
    records = _records(str(rec))
    assert len(records) == 12
    for i, d in enumerate(records):
        assert d["table"] == 3 and d["game"] == i + 1
        g, err, _ = replay(d)
        assert err is None and g.phase == 8                    # PH_DONE: every deal replays
    if table == 4:
        assert pol.watched                   # you dealt and watched the three bots play


def test_the_list_at_four_books_every_deal_in_four_columns(tmp_path):
    """At four the dealer sits out and his deals count in the list (skat_core.three.series):
    the final sheet shows twelve games, each with four players' points, the totals their
    sums; you dealt games 2, 6 and 10 and watched them."""
    p = Policy(4, keep_sheet=True)
    r, _, _ = play_list("pybadge", 4, str(tmp_path / "nvm.bin"), policy=p)
    app = r.app
    assert app.screen.name == "sheet" and app.screen.final
    ser = app.series
    assert ser.players == 4 and ser.games() == 12 and ser.over()
    rows = [ser.entries[i] for i in range(12)]
    assert all(len(e) == 9 for e in rows)
    assert ser.totals() == tuple(sum(e[5 + k] for e in rows) for k in range(4))
    assert [k for k in range(12) if ser.human_seat(k) < 0] == [1, 5, 9] and p.watched


def test_a_power_cut_in_a_deal_at_three_resumes_the_deal_and_the_list_goes_on(tmp_path):
    """The save holds the table and the list of three: after a cut in the middle of a deal
    the board comes back at three, in that deal, with the list's games; it plays on to the
    list's end."""
    nvm = str(tmp_path / "nvm.bin")
    r, _, _ = play_list("pybadge", 3, nvm, keys=120)
    app = r.app
    assert app.table == 3 and app.in_game
    games = app.series.games()
    again = run_headless("pybadge", "WAIT:1", nvm_path=nvm, seed=7)
    b = again.app
    assert b.table == 3 and b.in_game and b.series.games() == games
    assert b.series.players == 3 and b.game.three
    assert list(b.game.deal_ids) == list(app.game.deal_ids)
    rec = tmp_path / "records"
    rec.mkdir()
    r2, _, _ = play_list("pybadge", 3, nvm, records_dir=str(rec))
    assert r2.app.series is None and len(_records(str(rec))) == 12 - games


def _three_payload(entries, players=3, length=12, game=None):
    ser = ThreeSeries(players, length, 5, Entries(MOST, cols=players))
    ser.entries.extend(entries)
    st = S.defaults()
    return persist.encode(st, st[:S.N_RULES], ser, game)


def test_a_list_of_three_in_the_save_loads_back_with_each_players_points():
    entries = [(1, 2, 0, 0, 36, 0, 0, 86), (2, 255, 6, 0, 40, -40, 0, 0), (3, 255, 255, 0, 0,
                                                                            0, 0, 0)]
    _, _, (length, seed, got, table, _), game = restore.decode(_three_payload(entries))
    assert (length, seed, table, game) == (12, 5, 3, None) and got == entries


def test_a_list_of_four_in_the_save_holds_the_deal_you_watch():
    """Game 2 at four is yours to deal: you sit out (your seat 255 in the save, -1 back)."""
    deal = bytes(range(32))
    e = (3, 255, 255, 0, 0, 0, 0, 0, 0)
    _, _, ser, game = restore.decode(_three_payload([e], players=4, game=(-1, deal, [])))
    assert ser[3] == 4 and game[0] == -1


@pytest.mark.parametrize("case, field", [
    ("a fourth player at three", "declarer"),
    ("Spielaufgabe at three", "kind of game"),
    ("you in the wrong seat", "seat"),
    ("a list of 10 at four", "series length"),
])
def test_a_bad_list_of_three_in_the_save_is_refused(case, field):
    deal = bytes(range(32))
    if case == "a fourth player at three":
        p = _three_payload([(1, 3, 0, 0, 36, 0, 0, 86)])
    elif case == "Spielaufgabe at three":
        p = _three_payload([(5, 0, 255, 0, 30, -60, 0, 0)])
    elif case == "you in the wrong seat":
        p = _three_payload([], game=(1, deal, []))       # game 1: you are in Vorhand (0)
    else:
        st = S.defaults()
        st[S.I_SERIES] = S.SERIES_CHOICES.index(10)
        ser = ThreeSeries(4, 12, 5, Entries(MOST, cols=4))
        p = bytearray(persist.encode(st, st[:S.N_RULES], ser, None))
        p[2 + 1 + S.N_SETTINGS + 1 + S.N_RULES] = 10      # the length byte: not whole rounds
    with pytest.raises(ValueError) as e:
        restore.decode(bytes(p))
    assert str(e.value) == field


def test_select_at_three_shows_the_bots_card_for_your_seat(tmp_path):
    """The hint at three (Select on your turn): the bots' own card search for your seat from
    your view, then the judge (tests/app/test_hint_analysis.py: never a card Analyse lists);
    the card it names is one you may play, the cursor is on it, and the game goes on."""
    from skat_core.codes import V_PLAY
    from skat_ui.screens.base import legal

    class Hinting(Policy):
        asked = 0
        legal = ()

        def decide(self, app):
            if (app.screen.name == "play3" and app.screen.menu is None and not app.held
                    and app.human >= 0 and app.game.player_to_act() == app.human
                    and not self.asked):
                self.asked = 1
                self.legal = [o[1] for o in legal(app, app.human) if o[0] == V_PLAY]
                return ["SELECT", "WAIT:20"]
            if self.asked == 1 and not app.hinting:
                self.asked = 2
                v = app.human_view()
                assert app.hint in self.legal and len(self.legal) >= 1
                assert app.screen.my_row(v)[0][app.screen.cur] == app.hint
            return Policy.decide(self, app)

    p = Hinting(3)
    r, _, _ = play_list("pybadge", 3, str(tmp_path / "nvm.bin"), policy=p, keys=400)
    assert p.asked == 2 and r.reason == "script_end"


def test_settings_hold_three_own_rules_and_share_the_others_with_en_deux():
    """Skat zu dritt's keys whose values differ from en-deux's (three passes, Kontra/Re,
    Bockrunden in rounds) have bytes of their own with as many values as its rule table; every
    other key of that table is an en-deux key with the same values, read from its byte."""
    from skat_core.rules import CHOICES as TWO
    from skat_core.three.rules import CHOICES as THREE, SETTING_KEYS
    two = dict(TWO)
    for key, values in THREE:
        if key in SETTING_KEYS:
            assert S.THREE_VALUES[SETTING_KEYS.index(key)] == len(values), key
        else:
            assert two[key] == values, key
    assert [k for k, _ in THREE if k in SETTING_KEYS] == list(SETTING_KEYS)
    assert SETTING_KEYS[2] == "bock"          # restore.decode reads Bock at three there


def test_three_rules_of_schieben_kontra_after_18_bock_2_rounds_jungfrau_on():
    from skat_core.rules import CHOICES as TWO
    from skat_ui import three
    st = S.defaults()
    st[S.I_THREE:S.I_THREE + 3] = bytes((2, 2, 2))     # schieberamsch, after_18, "2" rounds
    st[[k for k, _ in TWO].index("ramsch_jungfrau")] = 1
    r = three.rules_of(st[:S.N_RULES])
    assert (r.all_pass, r.kontra, r.bock, r.ramsch_jungfrau) == (
        "schieberamsch", "after_18", "2", "on")
    assert r.schieben and r.kontra_18 and r.jungfrau and not r.durchmarsch
    d = three.rules_of(S.defaults()[:S.N_RULES])
    assert (d.all_pass, d.kontra, d.bock) == ("einpassen", "off", "off")


def test_a_list_at_three_plays_by_the_settings_three_rules_and_keeps_them(tmp_path):
    """The settings say "3er passen: Schieben", "3er Kontra: ab 18", "3er Bock: 2 Runden":
    the list at three started from the title plays by them, and a save of version 4 (before
    these rules) loads with their defaults."""
    from skat_ui.storage import save
    from sim.board.platform import boards
    st = S.defaults()
    st[S.I_THREE:S.I_THREE + 3] = bytes((2, 2, 2))
    data = bytearray(b"\xff" * boards.get("pybadge")["nvm"])
    store = save.Store(data)
    store.load()
    # No list yet (length 0): the title's new list at three takes the settings' rules.
    p = persist.encode(st, S.defaults()[:S.N_RULES], Series(0, 5, Entries(MOST)), None)
    assert p[1] == 2                    # en-deux's table byte: no list of any table
    assert store.save(p)
    nvm = tmp_path / "nvm.bin"
    nvm.write_bytes(bytes(data))
    r, _, _ = play_list("pybadge", 3, str(nvm), keys=40)
    rules = r.app.game.rules
    assert r.app.table == 3 and rules.schieben and rules.kontra_18 and rules.bock == "2"
    assert list(r.app.series_rules[S.I_THREE:]) == [2, 2, 2]
    old = old_payload(p, 4)             # version 4: the same without three's bytes
    sets, n = S.I_LIGHT, S.N_RULES      # version 6's settings: without the light's bytes
    old[2] = sets - 3
    old = old[:3 + S.I_THREE] + old[3 + S.I_STRENGTH:]          # the settings' three bytes
    k = 3 + sets - 3                                               # the rule bytes' count
    old[k] = n - 3
    old = old[:k + 1 + n - 3] + old[k + 1 + n:]                    # the rules' last three
    got, rules4, _, _ = restore.decode(bytes(old))
    assert list(restore.decode(p)[0][S.I_THREE:S.I_STRENGTH]) == [2, 2, 2]
    assert list(got) == list(S.defaults()) and list(rules4) == list(S.defaults()[:S.N_RULES])


def test_a_list_at_three_plays_in_english_from_the_title_to_its_final_sheet(tmp_path):
    """The same list in English (the settings' language): every screen of the table at three,
    Kontra said where the house rule lets the player, and the final sheet's heads and totals
    in English."""
    from tests.support.app_screens import preload_settings
    kontra = S.I_THREE + 1
    nvm = preload_settings(str(tmp_path / "nvm.bin"), "pybadge", {S.I_LANG: 1, kontra: 1})
    p = Policy(3, kontra=True, keep_sheet=True)
    r, _, _ = play_list("pybadge", 3, nvm, policy=p)
    app = r.app
    assert app.settings[S.I_LANG] == 1 and app.game.rules.kontra == "on"
    assert app.screen.name == "sheet" and app.screen.final and app.series.over()
    assert {"bid3", "play3", "result3"} <= p.screens
    from skat_core.codes import V_CONTRA
    assert any(v == V_CONTRA for _, v in p.said), p.said      # the play menu's Kontra
    texts = [app.ui.txt.texts[i] for i in range(app.ui.used)]
    assert any("You" in t and "B1" in t and "B2" in t for t in texts), texts
    assert any(t.startswith("Total") for t in texts), texts


def test_a_save_of_three_on_a_drive_without_skat_zu_dritt_is_reported_not_booted(tmp_path):
    """A drive without Skat zu dritt (its fact THREE_TABLES off) that finds a list at three in
    its save (a board's flash written by a fuller install) reports the save once and starts
    afresh at the title, instead of importing a module that is not there."""
    r, _, _ = play_list("pybadge", 3, str(tmp_path / "nvm.bin"), keys=120)
    assert r.app.table == 3 and r.app.in_game
    lean = run_headless("pybadge", "WAIT:1", nvm_path=str(tmp_path / "nvm.bin"), seed=7,
                        drive_facts=True)
    app = lean.app
    assert app.table == 2 and app.series is None and not app.in_game
    assert app.screen.name == "notice", app.screen.name
