"""Every text fits its box: on PyBadge (160x128), Feather ESP32-S3 Reverse TFT (240x135, three
buttons) and PicoSystem (240x240), in German and English, no text the app draws is cut at the
screen's edge (also not with the umlauts spelled out, as an English firmware's font needs),
leaves the screen, lies over a card or an empty card slot, or over another text, and no
screen runs out of text labels (tests/support/textfit.py watches every frame of a run).

What is rendered: every screen of the gallery (tests/support/app_screens.py SCREENS and EXTRAS, so a
screen added there is checked here too) and the walks below, which reach what one picture
does not: every help page, every value of every setting, whole deals of a series under the
default rules, Farbenreizen, Ramsch, and random keys through the menus. Every frame of each
run is checked, not only the last one.

Run: python -m pytest -q tests/app/test_text_fit.py          (every board and language: ~30 min)
     python -m pytest -q tests/app/test_text_fit.py -m "not slow"   (make test's case: ~1.5 min)
"""

import concurrent.futures
import multiprocessing
import os
import random
import shutil
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

pytest.importorskip("displayio")

from tests.support import app_screens, compile_once  # noqa: E402
from tests.app.test_app_games import preload, script, WON_SUIT  # noqa: E402
from tests.support.textfit import Probe, format_problems  # noqa: E402
from sim.board.keys import ScriptError  # noqa: E402
from sim.board.play import run_headless  # noqa: E402
from sim.board.platform import boards  # noqa: E402
from skat_core.rules import CHOICES  # noqa: E402
from skat_ui import settings as S  # noqa: E402

BOARDS = ("pybadge", "feather_esp32s3_reverse_tft", "picosystem")
# (board, text back-end) the other way round from its module's choice.
OTHER_BACKEND = (("picosystem", "label"), ("feather_esp32s3_reverse_tft", "lean"))
BACKEND = {"lean": "skat_ui.ui", "label": "skat_ui.ui_labels"}
# The back-end each board's module chooses.
CHOSEN = {"pybadge": "lean", "feather_esp32s3_reverse_tft": "label", "picosystem": "lean"}
LANGS = (0, 1)

# Every setting through all its values and back (A: next value, DOWN: next setting).
SETTINGS_WALK = "DOWN A " + " ".join("A*%d DOWN" % S.n_values(i) for i in range(S.N_SETTINGS))
N_HELP_PAGES = __import__("skat_ui.text", None, None, ["HELP_PAGES"]).HELP_PAGES
FULL_DEALS = "A " + "RIGHT A " * 160
FARBEN = {CHOICES.index(("bidding", ("zahlen", "farben"))): 1}
RAMSCH = {0: 1, 4: 1, 5: 1}
KEYS = [k for k, _ in CHOICES]
BOCK = {KEYS.index("bock"): 1, KEYS.index("bock_lost"): 1}    # often Bock: after every loss
_RND = random.Random(11)
KEYS_8 = ["A"] * 6 + ["RIGHT"] * 3 + ["LEFT", "UP", "DOWN", "B", "START", "SELECT", "WAIT:1"]

# name -> (rules saved before the run or None for an erased board, key script): runs that
# walk through many screens (the gallery's scripts each end on one).
WALKS = (
    ("help_every_page", None, "DOWN DOWN A " + "RIGHT " * (N_HELP_PAGES + 1)),
    ("settings_every_value", None, SETTINGS_WALK),
    ("deals_default_rules", {}, FULL_DEALS),
    ("deals_farbenreizen", FARBEN, FULL_DEALS),
    ("deals_ramsch", RAMSCH, "LEFT A " + "RIGHT A " * 60 + "LEFT " + FULL_DEALS),
    ("deals_bock", BOCK, FULL_DEALS),
    ("random_keys", {}, " ".join(_RND.choice(KEYS_8) for _ in range(600))),
    ("random_keys_farben_ramsch", {**FARBEN, **RAMSCH},
     " ".join(_RND.choice(KEYS_8) for _ in range(600))),
)


def runs():
    """(name, deal, keys, rules) of every run: the gallery's screens, then the walks."""
    out = []
    for name, deal, keys in app_screens.SCREENS:
        out.append((name, deal, keys, None))
    for name, deal, keys, _lang, _style in app_screens.EXTRAS:
        out.append((name, deal, keys, None))
    for name, rules, keys in WALKS:
        out.append((name, None if rules is None else WON_SUIT, keys, rules))
    return out


def run_one(name, deal, keys, rules, board, lang, analysis=None, text=None):
    """The problems of one run (a list, see textfit.Probe) or None when the board lacks a key
    the script needs (the hint key on three buttons). ``analysis``: SKAT_ANALYSIS for the
    walks (None: the desktop's own, from trick 1). ``text``: the text back-end (None: the
    board's own)."""
    if rules is None:
        with Probe(name) as probe:
            try:
                app_screens.render(name, deal, keys, board, lang, text=text)
            except ScriptError:
                return None
            except AssertionError:           # render's own check: text labels ran out
                if not any(pr[0] == "pool" for pr in probe.problems):
                    raise
        return probe
    tmp = tempfile.mkdtemp(prefix="skat-textfit-")
    try:
        nvm = os.path.join(tmp, "nvm.bin")
        r = dict(rules)
        r[S.I_LANG] = lang
        preload(nvm, board, rules=r, **deal)
        if "SEL" in boards.get(board)["keys"]:
            keys = " ".join(k for k in keys.split() if k not in ("SELECT", "START"))
        saved = os.environ.get("SKAT_ANALYSIS")
        if analysis is not None:
            os.environ["SKAT_ANALYSIS"] = analysis
        try:
            with Probe(name) as probe:
                try:
                    run_headless(board, script(board, keys), nvm_path=nvm, seed=5,
                                 frames="last", text=text)
                except ScriptError:
                    return None
        finally:
            if saved is None:
                os.environ.pop("SKAT_ANALYSIS", None)
            else:
                os.environ["SKAT_ANALYSIS"] = saved
        return probe
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def watch(job):
    """run_one in a worker: (problems, frames, screens) of the probe, or None. A worker
    compiles each of the app's modules once for its many boots, as the test process does
    (tests/support/compile_once.py; a spawned worker does not load conftest.py)."""
    compile_once.install()
    probe = run_one(*job)
    return None if probe is None else (probe.problems, probe.frames, probe.screens,
                                       probe.backends)


def on_every_core(fn, jobs):
    """``[fn(job) for job in jobs]``, on as many worker processes as there are cores: each
    run is a fresh boot of the app, independent of the others, and one case of the test
    takes minutes on one core. Fresh interpreters (spawn), not forks of this process, which
    may hold threads of earlier tests. The longest runs, the walks (last in ``jobs``), go
    first."""
    workers = min(len(jobs), os.cpu_count() or 1)
    if workers < 2:
        return [fn(job) for job in jobs]
    order = sorted(range(len(jobs)), key=lambda i: -i)
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        done = dict(zip(order, pool.map(fn, [jobs[i] for i in order])))
    return [done[i] for i in range(len(jobs))]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS, ids=("de", "en"))
@pytest.mark.parametrize("board", BOARDS)
def test_every_text_fits_its_box_on_every_screen(board, lang):
    """Each board with the text back-end its module chooses: the lean strips on the PyBadge
    and the PicoSystem, the labels on the Feather (lib/skat_ui/ui.py)."""
    check_every_text(board, lang)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS, ids=("de", "en"))
@pytest.mark.parametrize("board, text", OTHER_BACKEND)
def test_every_text_fits_with_the_other_text_backend(board, text, lang):
    """The 240-wide screens with the other back-end: the PicoSystem's 240x240 with labels (as
    the simulator shows it with ``--text label``), the Feather with the lean strips (its
    drive without the label back-end)."""
    check_every_text(board, lang, text=text)


def test_every_text_fits_on_the_pybadge_in_german_with_the_devices_analysis_in_the_walks():
    """make test's case of the test above (which make test-all runs on every board in both
    languages): the PyBadge in German, every gallery screen as above, and the walks with the
    analysis the device runs (SKAT_ANALYSIS=endgame: the last six tricks) instead of the
    desktop's from trick 1. The walks press RIGHT on each result screen, which opens the
    analysis, and the run waits for it: from trick 1 that was 7 of this case's 9 minutes
    (measured 2026-12-03). The walks' keys and screens are the same; only the analysis
    screen they open lists the endgame's cards (the gallery's "analysis" screen still shows
    the desktop's, from trick 1)."""
    check_every_text("pybadge", 0, walk_analysis="endgame")


def check_every_text(board, lang, walk_analysis=None, text=None):
    problems = []
    frames = 0
    screens = set()
    backends = set()
    jobs = [(name, deal, keys, rules, board, lang,
             walk_analysis if rules is not None else None, text)
            for name, deal, keys, rules in runs()]
    for job, seen in zip(jobs, on_every_core(watch, jobs)):
        if seen is None:
            continue
        name = job[0]
        frames += seen[1]
        screens |= seen[2]
        backends |= seen[3]
        problems += [(k, "%s: %s" % (name, scr), s, x, y, d)
                     for k, scr, s, x, y, d in seen[0]]
    # The test saw the screens it is meant to see (a probe that watched nothing passes nothing).
    for must in ("title", "settings", "help", "bid", "skat", "discard", "declare", "play",
                 "play/playmenu", "result", "sheet", "notice"):
        assert must in screens, "%s never drawn on %s (seen: %s)" % (must, board, sorted(screens))
    assert frames > 500
    assert backends == {BACKEND[text or CHOSEN[board]]}, backends
    assert not problems, "%d texts do not fit on %s (%s):\n%s" % (
        len(problems), board, "en" if lang else "de", format_problems(problems))


def test_probe_sees_a_cut_text_and_a_text_over_a_card():
    """The watcher itself: a line longer than the screen and a text over a card are found."""
    sys.path.insert(0, ROOT)
    from sim.board.platform.displays import FrameBufferDisplay
    import displayio
    with Probe("self") as probe:
        saved = {n: sys.modules.pop(n) for n in list(sys.modules)
                 if n in ("skat_ui.ui", "skat_ui.gfx")}
        # ``from skat_ui import gfx`` takes the package's attribute when an earlier test left
        # one: it must go too, or ui would draw with a gfx the probe never watched.
        pkg = sys.modules.get("skat_ui")
        attrs = {}
        for a in ("ui", "gfx"):
            if pkg is not None and a in pkg.__dict__:
                attrs[a] = pkg.__dict__.pop(a)
        try:
            from skat_ui.ui import Ui
            displayio.release_displays()
            ui = Ui(FrameBufferDisplay(160, 128, auto_refresh=False), 160, 128)
            ui.begin()
            ui.text(1, 0, "x" * 27)                       # 27 characters, room for 26
            ui.canvas.card(10, 40, 20, 26, 3)
            ui.text(15, 50, "over")
            ui.text(1, 100, "Zurück zur Übersicht, ganz") # 26 letters, 28 without umlauts
            ui.text(1, 112, "fits")
            ui.end()
        finally:
            for n in ("skat_ui.ui", "skat_ui.gfx"):
                sys.modules.pop(n, None)
            sys.modules.update(saved)
            for a, m in attrs.items():
                setattr(pkg, a, m)
    kinds = sorted((k, s) for k, _scr, s, _x, _y, _d in probe.problems)
    assert kinds == [("card", "over"), ("cut", "Zurück zur Übersicht, ganz"), ("cut", "x" * 27)]
