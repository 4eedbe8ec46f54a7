"""`python -m sim bundle`: the drive image holds our code where CircuitPython looks for it
(root, then /lib), the library modules the app imports and nothing else, and it boots."""

import os

import pytest

from sim.build import bundle, merge, relayout
from sim.board.play import run_headless
from sim.board.platform import boards

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, "code.py")),
                                reason="code.py not there yet")


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """The drive ``make bundle`` writes without mpy-cross: .py files, each phase's modules
    apart (a board compiles them one by one)."""
    out = str(tmp_path_factory.mktemp("bundle") / "CIRCUITPY")
    warnings = []
    written = bundle.bundle(out, log=warnings.append)
    return out, written, warnings


@pytest.fixture(scope="module")
def joined_drive(tmp_path_factory):
    """The same drive with each phase's modules joined into one (sim/build/merge.py), as the
    .mpy drive and the freeze have them, here as .py for the simulator."""
    out = str(tmp_path_factory.mktemp("joined_bundle") / "CIRCUITPY")
    warnings = []
    written = bundle.bundle(out, log=warnings.append, join=True)
    return out, written, warnings


@pytest.mark.parametrize("joined", (False, True), ids=("apart", "joined"))
def test_bundle_has_code_py_skat_core_at_the_root_and_our_packages_in_lib(drive, joined_drive,
                                                                         joined):
    out, written, _ = joined_drive if joined else drive
    device_path = merge.device_path if joined else relayout.device_path
    files = {rel for rel, _ in written}
    assert "code.py" in files and "settings.toml" in files
    assert os.path.join("skat_core", "__init__.py") in files
    for pkg in ("skat_ui", "skat_boards"):
        for name in os.listdir(os.path.join(ROOT, "lib", pkg)):
            # the label back-end only on a label board's drive (tests/app/test_text_backend.py)
            # and nothing that no drive holds yet (bundle.OFF_DRIVE: Skat zu dritt's module)
            if name.endswith(".py") and os.path.join("lib", pkg, name) != bundle.LABELS_MODULE \
                    and "lib/%s/%s" % (pkg, name) not in bundle.OFF_DRIVE:
                rel = device_path("lib/%s/%s" % (pkg, name))
                assert rel.replace("/", os.sep) in files, name
    # every module under its device name (sim/build/relayout.py: skat_core's and the app's
    # subpackages' modules have short names there; sim/build/merge.py: a joined member is
    # in its group's module)
    for path in bundle.own_files():
        rel = device_path(os.path.relpath(path, ROOT))
        if rel is not None:
            assert rel.replace("/", os.sep) in files, rel
    assert not any("__pycache__" in rel or rel.endswith(".pyc") for rel in files)
    for rel, size in written:
        assert os.path.getsize(os.path.join(out, rel)) == size


def test_bundle_brings_every_library_module_the_app_imports_and_no_unused_one(drive):
    out, written, warnings = drive
    assert warnings == [], "imports that are neither firmware modules nor installed"
    files = {rel for rel, _ in written}
    # what our files import, followed through the libraries, is all there ...
    mine = [os.path.join(out, rel) for rel in files
            if rel.endswith(".py") and not rel.startswith(os.path.join("lib", "adafruit"))]
    libs, missing = bundle.library_modules(mine, [os.path.join(out, "lib")])
    assert missing == set()
    # ... and the bundle holds nothing else (e.g. no unused widgets of displayio_layout)
    bundled = {rel for rel in files if rel.startswith(os.path.join("lib", "adafruit"))}
    wanted = {os.path.relpath(path, out) for path in libs.values()}
    assert bundled == wanted


def test_settings_toml_sample_names_the_seed_variable(drive):
    out, _, _ = drive
    with open(os.path.join(out, "settings.toml")) as f:
        text = f.read()
    assert "SKAT_SEED" in text
    assert all(line.startswith("#") or not line.strip() for line in text.splitlines()), \
        "a sample: nothing set by default"


def test_the_bundle_boots_in_the_simulator_on_its_own_files(drive):
    out, _, _ = drive
    r = run_headless("pybadge", "", seed=3, code_path=os.path.join(out, "code.py"))
    assert r.reason == "script_end"
    assert r.frames
    loaded = [m.__file__ for m in r.modules.values() if getattr(m, "__file__", None)]
    assert loaded and all(p.startswith(out) for p in loaded), "ran the bundle's copies"


def test_library_follower_takes_imported_modules_parents_and_relative_imports_only(tmp_path):
    site = tmp_path / "site"
    (site / "adafruit_foo" / "widgets").mkdir(parents=True)
    (site / "adafruit_foo" / "__init__.py").write_text("from .core import thing\n")
    (site / "adafruit_foo" / "core.py").write_text("import adafruit_ticks\nimport displayio\n")
    (site / "adafruit_foo" / "widgets" / "__init__.py").write_text("")
    (site / "adafruit_foo" / "widgets" / "used.py").write_text("from .. import core\n")
    (site / "adafruit_foo" / "widgets" / "unused.py").write_text("import adafruit_bar\n")
    (site / "adafruit_ticks.py").write_text("try:\n    from typing import Any\nexcept ImportError:\n    pass\n")
    app = tmp_path / "code.py"
    app.write_text("from adafruit_foo.widgets.used import thing\nimport board\nimport nowhere\n")
    libs, missing = bundle.library_modules([str(app)], [str(site)])
    assert sorted(libs) == ["adafruit_foo", "adafruit_foo.core", "adafruit_foo.widgets",
                            "adafruit_foo.widgets.used", "adafruit_ticks"]
    assert missing == {"nowhere"}, "firmware modules (board, displayio, typing) are not missing"


def short_names_of(out):
    """{original name: short name} from the names.txt written beside the drive (a module's own
    name stands on a line with that module: an original name is one module's or shared)."""
    with open(bundle.names_path(out)) as f:
        rows = [ln.split() for ln in f if not ln.startswith("#")]
    return {row[1]: row[0] for row in rows}


def attr(obj, mapping, dotted):
    """``obj.a.b`` read through the bundle's short names."""
    for name in dotted.split("."):
        obj = getattr(obj, mapping.get(name, name))
    return obj


def test_bundle_gives_our_names_firmware_or_short_spellings_and_writes_the_key(drive):
    """Each renamed identifier costs less on the board: a name the firmware holds in flash
    (sim/build/cp_qstrs.txt: no heap at all), or else a shorter one."""
    from sim.build.shortnames import firmware_qstrs
    out, _, _ = drive
    mapping = short_names_of(out)
    assert len(mapping) > 500
    rom = firmware_qstrs()
    assert all(new in rom or len(new) < len(old) for old, new in mapping.items())
    assert sum(new in rom for new in mapping.values()) > 400       # 457 on 2026-12-02
    with open(os.path.join(out, "lib", "skat_ui", "app.py")) as f:
        app = f.read()
    assert "human_may_speak" not in app and mapping["human_may_speak"] in app
    assert "def step(" in app and "CURRENT" in app, "entry points keep their names"


@pytest.fixture(scope="module")
def label_drive(tmp_path_factory):
    """The drive of a board with PSRAM: the lean drive's files and the label back-end."""
    out = str(tmp_path_factory.mktemp("label_bundle") / "CIRCUITPY")
    bundle.bundle(out, log=lambda *_: None, board="feather_esp32s3_tft")
    return out


@pytest.mark.parametrize("joined", (False, True), ids=("apart", "joined"))
@pytest.mark.parametrize("board", sorted(boards.BOARDS))
def test_short_named_bundle_plays_the_won_suit_game_like_the_source(
        drive, joined_drive, label_drive, board, joined, tmp_path):
    """The renamed program is the same program: the same keys give the same game, the same
    result and the same last frame as the repository's code.py, on every board, each from
    the drive `make bundle` writes for it (the label back-end on the Feathers' drives), with
    each phase's modules apart and joined (sim/build/merge.py)."""
    from tests.app.test_app_games import WON_SUIT, WON_SUIT_KEYS, preload, script
    if joined and bundle.text_backend(board) == bundle.LABEL:
        pytest.skip("the Feathers' drive is the label drive; its join is the lean one's")
    out = label_drive if bundle.text_backend(board) == bundle.LABEL else (
        joined_drive if joined else drive)[0]
    mapping = short_names_of(out)
    runs = []
    for code_path in (None, os.path.join(out, "code.py")):
        nvm = preload(str(tmp_path / ("nvm%d.bin" % len(runs))), board, **WON_SUIT)
        runs.append(run_headless(board, script(board, WON_SUIT_KEYS), nvm_path=nvm, seed=99,
                                 code_path=code_path, frames="last"))
    source, short = runs
    assert short.reason == "script_end"
    assert attr(short.app, mapping, "game.result.value") == 180
    assert attr(short.app, mapping, "game.result.won")
    assert attr(short.app, mapping, "screen.name") == "result"
    assert short.refreshes == source.refreshes
    assert short.frames[-1].fb == source.frames[-1].fb


def every_screen():
    """(name, deal, keys, lang) of every screen docs/screens shows, and the menus in English."""
    from tests.support import app_screens as A
    out = [(name, deal, keys, 0) for name, deal, keys in A.SCREENS]
    out += [(name, deal, keys, lang) for name, deal, keys, lang, style in A.EXTRAS if not style]
    out += [("en_settings", None, "DOWN A DOWN DOWN", 1), ("en_help", None, "DOWN DOWN A", 1),
            ("en_sheet", None, "UP A", 1)]
    return out


@pytest.mark.parametrize("name,deal,keys,lang", every_screen(),
                         ids=[s[0] for s in every_screen()])
def test_short_named_bundle_draws_every_screen_like_the_source(joined_drive, name, deal, keys,
                                                               lang):
    """Menus, settings, help, bidding, skat, declaration, play with hint, offers and
    Contra/Re, results, the score sheet, a corrupt save: pixel for pixel the same screen,
    from the drive with each phase's modules joined (sim/build/merge.py; the names are the
    apart drive's steps and more)."""
    from tests.support import app_screens as A
    out, _, _ = joined_drive
    source, _ = A.render(name, deal, keys, lang=lang, drive_facts=True)   # no Skat zu dritt
    short, r = A.render(name, deal, keys, lang=lang, code_path=os.path.join(out, "code.py"))
    assert r.reason == "script_end"
    assert short == source
