"""The cues (issue 30, items 3 and 4; docs/app.md "Sound and LEDs"): a tune from the board's
speaker or buzzer at your turn, at a trick taken by your side or by theirs, at an offer or a
Kontra to answer, at the deal won or lost and at a refused key; the LEDs green at your turn,
amber in a Bock game, red after Kontra, dark otherwise. Two settings (Ton: aus / leise / an;
LED-Signal: aus / an; both off by default: docs/memory.md, "The cues"), shown only where the
board has the hardware and saved (payload version 8). The simulator's hub logs every tone and
colour (sim/board/platform/hw.py)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from sim.board.platform import boards  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_ui.storage import restore, save  # noqa: E402
from tests.app.test_app_games import (  # noqa: E402
    preload, run, WON_SUIT, WON_SUIT_KEYS, CONTRA_DEAL, CONTRA_KEYS)
from tests.app.test_app_bock import ON as BOCK_ON, TRIGGERED, DECLARED  # noqa: E402
from tests.support.app_screens import preload_settings  # noqa: E402

# The tunes' pitches (skat_ui.cue.TUNES), by the name a test uses.
TUNES = {"turn": [1568], "mine": [1047, 1568], "theirs": [784, 523],
         "ask": [1319, 1319], "won": [1047, 1319, 1568], "lost": [784, 659, 523],
         "refused": [196]}
GREEN, AMBER, RED, DARK = (0, 24, 0), (24, 10, 0), (28, 0, 0), (0, 0, 0)
END = " WAIT:20"                          # the last tune's notes sound out


def heard(tone_log):
    """The cues a hub's ``tone_log`` sounded, in order: its tones (their pitches, rests and
    silences left out; a buzzer's new frequency and its duty cycle set one after the other are
    one note) cut into the tunes above, the longest first."""
    log = [(hz, loud) for _ms, hz, loud in tone_log]
    notes = [x for i, x in enumerate(log) if i == 0 or x != log[i - 1]]
    pitches = [hz for hz, _loud in notes if hz]
    out = []
    i = 0
    while i < len(pitches):
        for name, tune in sorted(TUNES.items(), key=lambda kv: -len(kv[1])):
            if pitches[i:i + len(tune)] == tune:
                out.append(name)
                i += len(tune)
                break
        else:
            raise AssertionError("no tune at %d: %s" % (i, pitches[i:i + 4]))
    return out


def colours(run_result):
    """The colours the LEDs showed, in order (all the board's LEDs show one)."""
    shown = []
    for _ms, leds in run_result.hub.led_log:
        assert len(set(leds)) == 1
        if not shown or shown[-1] != leds[0]:
            shown.append(leds[0])
    return shown


QUIET = {S.I_SOUND: 1}


def play(tmp_path, deal, keys, board="pybadge", rules=QUIET):
    """``deal`` played with ``keys`` on ``board``, the settings' ``rules`` (default: the
    sound quiet, the LEDs off)."""
    nvm = preload(str(tmp_path / "nvm.bin"), board, rules=rules, **deal)
    return run(board, keys, nvm)


def test_the_defaults_are_sound_and_leds_off():
    st = S.defaults()
    assert st[S.I_SOUND] == 0 and st[S.I_LEDS] == 0


def test_a_won_game_sounds_your_turn_each_trick_yours_and_the_win(tmp_path):
    # Your turn to bid first; you lead all ten tricks and take them (the trick's tune, no
    # turn's besides); the last trick is the deal's end.
    r = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END)
    assert r.app.game.result.won
    assert heard(r.hub.tone_log) == ["turn"] + ["mine"] * 9 + ["won"]


def test_a_lost_game_sounds_each_trick_theirs_your_turn_and_the_loss(tmp_path):
    # The bot declares and takes every trick; after each it leads and it is your turn.
    r = play(tmp_path, CONTRA_DEAL, CONTRA_KEYS + END)
    assert r.app.game.result.won and r.app.game.result.declarer == 2
    assert heard(r.hub.tone_log) == ["theirs", "turn"] * 9 + ["lost"]


def test_a_card_the_rules_refuse_sounds_the_low_tone(tmp_path):
    # The dummy must follow spades: its sixth card is a heart.
    r = play(tmp_path, CONTRA_DEAL, "A RIGHT*5 A" + END)
    assert r.app.notice == "Farbe bedienen!"
    assert heard(r.hub.tone_log) == ["refused"]


def test_quiet_and_on_differ_only_in_loudness(tmp_path):
    quiet = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END)
    loud = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END, rules={S.I_SOUND: 2})
    assert heard(quiet.hub.tone_log) == heard(loud.hub.tone_log)
    q = {x for _ms, hz, x in quiet.hub.tone_log if hz}
    lo = {x for _ms, hz, x in loud.hub.tone_log if hz}
    assert len(q) == len(lo) == 1 and 0 < max(q) < max(lo)


def test_sound_off_plays_nothing_and_leaves_the_cues_unloaded(tmp_path):
    r = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END, rules={})      # the defaults
    assert [t for t in r.hub.tone_log if t[1]] == []
    assert r.app.cue is None and "skat_ui.cue" not in r.modules


def test_the_leds_are_green_at_your_turn_and_dark_otherwise(tmp_path):
    r = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END, rules={S.I_SOUND: 1, S.I_LEDS: 1})
    shown = colours(r)
    assert set(shown) == {GREEN, DARK} and shown[-1] == DARK     # the deal's end: dark
    assert r.hub.led_colours == [DARK] * 5


def test_the_leds_turn_red_at_your_turn_once_kontra_was_said(tmp_path):
    r = play(tmp_path, CONTRA_DEAL, CONTRA_KEYS + END, rules={S.I_SOUND: 1, S.I_LEDS: 1})
    shown = colours(r)
    assert RED in shown and shown.index(RED) > shown.index(GREEN)
    assert GREEN not in shown[shown.index(RED):]


def test_the_leds_are_amber_at_your_turn_in_a_bock_game(tmp_path):
    rules = dict(BOCK_ON)
    rules[S.I_LEDS] = 1                                            # the LEDs alone
    nvm = preload(str(tmp_path / "nvm.bin"), "pybadge", rules=rules, entries=TRIGGERED,
                  **WON_SUIT)
    r = run("pybadge", DECLARED, nvm)
    assert r.app.game.bock and AMBER in colours(r) and GREEN not in colours(r)


def test_leds_off_light_nothing(tmp_path):
    r = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END)               # the sound on
    assert r.hub.led_log == []


def test_the_picosystem_buzzes_and_lights_its_rgb_led(tmp_path):
    r = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END, board="picosystem",
             rules={S.I_SOUND: 1, S.I_LEDS: 1})
    assert heard(r.hub.tone_log) == ["turn"] + ["mine"] * 9 + ["won"]
    assert set(colours(r)) == {GREEN, DARK} and r.hub.led_colours == [DARK]


def test_the_feather_tft_lights_its_neopixel_behind_its_power_switch(tmp_path):
    r = play(tmp_path, WON_SUIT, WON_SUIT_KEYS + END, board="feather_esp32s3_tft",
             rules={S.I_SOUND: 1, S.I_LEDS: 1})
    assert r.hub.tone_log == []                 # no speaker
    assert GREEN in colours(r) and r.hub.pin_levels.get("NEOPIXEL_POWER") is True


@pytest.mark.parametrize("board,rows", [("pybadge", ("Ton: aus", "LED-Signal: aus")),
                                        ("picosystem", ("Ton: aus", "LED-Signal: aus")),
                                        ("feather_esp32s3_reverse_tft", ("LED-Signal: aus",)),
                                        ("pico_display_pack", ())])
def test_the_settings_show_the_cues_the_board_has(tmp_path, board, rows):
    from tests.app.test_app_games import script
    from sim.board.play import run_headless
    nvm = preload_settings(str(tmp_path / "nvm.bin"), board, {})
    r = run_headless(board, script(board, "DOWN A WAIT:1"), nvm_path=nvm)
    assert r.app.screen.name == "settings"
    labels = [label for label, _idx in r.app.screen.items()]
    assert tuple(x for x in labels if x.startswith(("Ton:", "LED-Signal:"))) == rows


def test_the_cue_settings_change_at_once_and_are_saved(tmp_path):
    from sim.board.play import run_headless

    def settings_run(keys):          # each from the same fresh save (a run writes its nvm)
        nvm = preload_settings(str(tmp_path / "nvm.bin"), "pybadge", {})
        return run_headless("pybadge", keys, nvm_path=nvm)
    r = settings_run("DOWN A WAIT:1")
    where = {idx: n for n, (_label, idx) in enumerate(r.app.screen.items())}
    # Ton: aus -> leise -> an; LED-Signal: aus -> an.
    keys = "DOWN A DOWN*%d A A DOWN A" % where[S.I_SOUND]
    r = settings_run(keys)
    labels = [label for label, _idx in r.app.screen.items()]
    assert labels[where[S.I_SOUND]] == "Ton: an" and labels[where[S.I_LEDS]] == "LED-Signal: an"
    assert r.app.cue is not None
    r = settings_run(keys + " B")               # B saves
    st = restore.decode(save.Store(bytearray(r.nvm)).load())[0]
    assert (st[S.I_SOUND], st[S.I_LEDS]) == (2, 1)
    r = settings_run(keys + " A UP A")          # both off: the cues' module goes
    assert r.app.cue is None and "skat_ui.cue" not in r.modules
    assert r.hub.pin_levels == {}               # every pin given back


def test_the_board_modules_state_the_hardware_the_simulator_fakes():
    """lib/skat_boards' ``cue`` = (sound, leds) names the pins the simulator's board table
    drives (sim/board/platform/boards.py: ``sound``, ``leds``)."""
    import ast
    folder = os.path.join(ROOT, "lib", "skat_boards")
    modules = {"pybadge": "_badge", "edgebadge": "_badge", "pygamer": "_badge",
               "picosystem": "picosystem", "feather_esp32s3_reverse_tft": "feather_reverse_tft",
               "feather_esp32s3_tft": "feather_tft", "pico_display_pack": "pico_display"}
    for name, entry in boards.BOARDS.items():
        with open(os.path.join(folder, modules[name] + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        facts = [n.value for n in tree.body if isinstance(n, ast.Assign)
                 and getattr(n.targets[0], "id", "") == "cue"]
        assert len(facts) == 1, name

        def pins(node):
            if isinstance(node, ast.Constant) and node.value is None:
                return None
            return tuple(e.attr if isinstance(e, ast.Attribute) else e.value
                         for e in node.elts)
        fact = facts[0]
        sound, leds = ((None, None) if isinstance(fact, ast.Constant)
                       else (pins(fact.elts[0]), pins(fact.elts[1])))
        want_sound = entry.get("sound")
        assert sound == (None if want_sound is None else tuple(want_sound[1:])), name
        want_leds = entry.get("leds")
        if want_leds is None:
            assert leds is None, name
        elif want_leds[0] == "neopixel":
            assert leds == (want_leds[1], want_leds[2]) + tuple(want_leds[3:]), name
        else:
            assert leds == tuple(want_leds[1:]), name
        for pin in (sound or ()) + tuple(p for p in (leds or ()) if isinstance(p, str)):
            assert pin in entry["pins"], (name, pin)


@pytest.fixture
def wired_app(monkeypatch):
    """An App on the simulator's PyBadge hardware (its fake digitalio, audioio, audiocore
    and neopixel_write), a deal declared - the player Kreuz Hand, play begins - and the
    sound and the LEDs on; the app's steps are the test's (tests/app/test_app_screens.py)."""
    pytest.importorskip("displayio")
    from sim.board.platform import hw
    from tests.app.test_app_screens import make_app, declared, DEAL
    hub = hw.Hub(boards.get("pybadge"), None, lambda: 0, lambda: None)
    mods = hw.install_modules(hub, lambda w, h: None)
    for name in ("digitalio", "audioio", "audiocore", "pwmio", "neopixel_write"):
        monkeypatch.setitem(sys.modules, name, mods[name])
    a = make_app(**DEAL)
    p = hub.pins
    a.hw.cue = ((p["SPEAKER"], p["SPEAKER_ENABLE"]), (p["NEOPIXEL"], 5))
    a.settings[S.I_SOUND] = 2
    a.settings[S.I_LEDS] = 1
    a.apply_look()
    declared(a)
    a.hub = hub
    return a


def steps(a, n=12):
    for _ in range(n):
        a.cue.step()


def test_an_offer_to_answer_sounds_twice(wired_app):
    from skat_core.cards import parse_card
    from skat_core.codes import V_PLAY, V_OFFER, OFFER_RAUS
    a = wired_app
    steps(a)
    assert a.act(0, V_PLAY, parse_card("CJ")) == 0
    for seat, c in ((1, "ST"), (2, "S7")):
        assert a.act(seat, V_PLAY, parse_card(c)) == 0
    steps(a)
    before = len(a.hub.tone_log)
    assert a.act(2, V_OFFER, OFFER_RAUS) == 0          # the bot offers "raus": answer it
    steps(a)
    assert heard(a.hub.tone_log[before:]) == ["ask"]


def test_a_kontra_against_you_sounds_twice_and_lights_red(wired_app):
    from skat_core.cards import parse_card
    from skat_core.codes import V_PLAY, V_CONTRA, V_OFFER, V_REJECT, OFFER_RAUS
    a = wired_app
    assert a.act(0, V_PLAY, parse_card("CJ")) == 0     # a trick, the dummy turned up
    for seat, c in ((1, "ST"), (2, "S7")):
        assert a.act(seat, V_PLAY, parse_card(c)) == 0
    assert a.act(2, V_OFFER, OFFER_RAUS) == 0          # the bot offers, you reject (Kontra
    steps(a)                                           # comes only after a rejection)
    assert a.act(0, V_REJECT) == 0
    steps(a)
    before = len(a.hub.tone_log)
    assert a.act(2, V_CONTRA) == 0                     # the bot says Kontra: Re is yours
    steps(a)
    assert heard(a.hub.tone_log[before:]) == ["ask"]
    assert a.hub.led_colours == [RED] * 5               # your turn, Kontra said
