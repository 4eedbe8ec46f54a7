"""The text interface's two back-ends (lib/skat_ui/ui.py names the interface): the screens know
neither, the board module states which one it prefers and the app loads the labels where the
install holds them (a fact the bundle writes), the bundle puts the label back-end, its
libraries and its font only on the drive of a board that prefers it, and the font has every
letter the app draws."""

import ast
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

from sim.build import bundle  # noqa: E402

UI = os.path.join(ROOT, "lib", "skat_ui")
BACKENDS = ("ui.py", "ui_labels.py")            # the interface with the lean strips; labels
# What only a back-end may import: the label back-end, the display libraries, the fonts.
BACKEND_IMPORTS = ("skat_ui.ui_labels", "adafruit_display_text", "adafruit_bitmap_font",
                   "terminalio", "fontio")
# The library modules of the label back-end's drive (adafruit_ticks: bitmap_label's import).
LABEL_LIBRARIES = {
    "lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/bitmap_label.py",
    "lib/adafruit_ticks.py", "lib/adafruit_bitmap_font/__init__.py",
    "lib/adafruit_bitmap_font/bdf.py", "lib/adafruit_bitmap_font/glyph_cache.py",
}
FONT_FILES = {"lib/fonts/skat6x12.bdf", "lib/fonts/OFL.txt"}


def imports(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            names.append(mod)
            names.extend(mod + "." + a.name for a in node.names)
    return names


def app_modules():
    """The app's modules, its subpackages' included (``screens/play.py``), but the back-ends."""
    found = []
    for dirpath, dirnames, filenames in os.walk(UI):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for f in filenames:
            rel = os.path.relpath(os.path.join(dirpath, f), UI).replace(os.sep, "/")
            if f.endswith(".py") and rel not in BACKENDS:
                found.append(rel)
    return sorted(found)


def test_no_screen_imports_a_text_backend():
    """Every module of the app but the two back-ends draws text through ``Ui`` only: none
    imports a back-end (``ui.Text``, ``skat_ui.ui_labels``) or a display library."""
    bad = []
    for name in app_modules():
        for imp in imports(os.path.join(UI, name)):
            if imp == "skat_ui.ui.Text" or any(imp == b or imp.startswith(b + ".")
                                               for b in BACKEND_IMPORTS):
                bad.append("%s imports %s" % (name, imp))
    assert not bad, "\n".join(bad)
    assert "screens/play.py" in app_modules()


def test_the_check_sees_a_screen_that_imports_a_backend(tmp_path):
    path = tmp_path / "scr_x.py"
    path.write_text("from skat_ui.ui_labels import Text\nfrom skat_ui.ui import Text\n")
    assert "skat_ui.ui_labels" in imports(str(path))
    assert "skat_ui.ui.Text" in imports(str(path))


BOARDS = ("pybadge", "edgebadge", "pygamer", "picosystem", "pico_display", "feather_tft",
          "feather_reverse_tft", "feather_esp32s3_tft", "adafruit_feather_esp32s2_tft")
FEATHERS = {"feather_tft", "feather_reverse_tft", "feather_esp32s3_tft",
            "adafruit_feather_esp32s2_tft"}


def test_only_the_psram_feathers_drives_have_the_label_backend():
    drives = {b: bundle.text_backend(b) for b in BOARDS}
    assert drives == {b: "label" if b in FEATHERS else "lean" for b in BOARDS}
    assert bundle.text_backend(None) == "lean"
    with pytest.raises(ValueError):
        bundle.text_backend("no_such_board")


def test_only_the_psram_feathers_frozen_firmware_has_the_label_backend():
    """Frozen, the labels' objects, bitmaps and glyphs still live in the heap: the PyBadge's
    freeze with labels needs 77.6 KB against its frozen budget of 64 KB (CircuitPython's
    interpreter, 2026-12-06), so the badges' freeze keeps the lean strips as their drive does."""
    frozen = {b: bundle.text_backend(b, frozen=True) for b in BOARDS}
    assert frozen == {b: "label" if b in FEATHERS else "lean" for b in BOARDS}
    assert bundle.text_backend(None, frozen=True) == "lean"


BOARD_MODULES = os.path.join(ROOT, "lib", "skat_boards")
BOARD_HELPERS = ("__init__.py", "_badge.py", "_nvm.py", "ids.py", "keys.py", "three.py")


def test_a_board_module_states_facts_and_loads_nothing_of_the_app():
    """A board module (as plain as stage's ugame): display, keys, nvm and its text back-end
    preference ``labels``; it imports no module of the app (so it patches none)."""
    ids = {}
    exec(open(os.path.join(BOARD_MODULES, "ids.py"), encoding="utf-8").read(), ids)
    modules = sorted(set(ids["BOARDS"].values()))
    assert sorted(f[:-3] for f in os.listdir(BOARD_MODULES)
                  if f.endswith(".py") and f not in BOARD_HELPERS) == modules
    prefers = {}
    for name in modules + [h[:-3] for h in BOARD_HELPERS]:
        path = os.path.join(BOARD_MODULES, name + ".py")
        assert not [n for n in imports(path) if n.startswith(("skat_ui", "skat_core"))], path
        if name in modules:
            prefers[name] = bundle.prefers_labels(name)
    assert prefers == {"feather_reverse_tft": True, "feather_tft": True, "pybadge": True,
                       "pygamer": True, "picosystem": False, "pico_display": False}


def test_the_bundle_writes_whether_the_install_holds_the_label_backend():
    """skat_core.LABELS: the label back-end's module on a label install, None elsewhere - the
    app imports it only then (skat_ui.app.main)."""
    import skat_core
    assert skat_core.LABELS == "skat_ui.ui_labels"        # the source tree holds it
    table = bundle.TABLE
    for backend, fact in ((bundle.LEAN, "LABELS = None"),
                          (bundle.LABEL, 'LABELS = "skat_ui.ui_labels"')):
        texts, _mapping, _ = bundle.device_sources(short=False, backend=backend)
        text = texts[table]
        assert fact in text.split("\n"), backend
        assert len(text.split("\n")) == len(open(table, encoding="utf-8").read().split("\n"))
    with pytest.raises(ValueError, match="the install's fact"):
        bundle.install_facts({table: "LABELS = 'x'\n"}, bundle.LEAN)
    # Skat zu dritt: off the drive for now (bundle.OFF_DRIVE). The fact is 0 there; the
    # constants step folds it where it is read, so the compiler leaves out the title's and
    # the settings' blocks for it (and their names), and the definition goes.
    texts = {p: open(p, encoding="utf-8").read() for p in bundle.own_files(bundle.LEAN)}
    assert bundle.NO_THREE_FACT in bundle.install_facts(texts, bundle.LEAN)[table].split("\n")
    texts, _mapping, _ = bundle.device_sources(short=False)
    assert not any("THREE_TABLES" in t for t in texts.values())
    menu = [t for p, t in texts.items() if "class Settings" in t][0]
    with open(os.path.join(ROOT, "lib", "skat_ui", "screens", "menu.py"), encoding="utf-8") as f:
        guards = f.read().count(" if THREE_TABLES:")    # the title's lists, settings, help
    assert guards >= 3 and menu.count(" if 0:") == guards
    texts, _mapping, _ = bundle.device_sources(short=False, every=True)
    assert bundle.THREE_FACT in texts[table].split("\n")


def label_drive(tmp_path, board="feather_esp32s3_reverse_tft"):
    out = str(tmp_path / "CIRCUITPY")
    bundle.bundle(out, log=lambda *a: None, mpy_cross=None, board=board)
    return os.path.join(out, "code.py")


def test_a_label_install_that_cannot_import_its_library_fails_and_says_why(tmp_path,
                                                                           monkeypatch):
    """A Feather's drive holds the label back-end; with adafruit_display_text missing the
    boot stops with the reason, instead of drawing with the lean strips as if the board had
    chosen them (the board modules used to catch any ImportError of the label code)."""
    from sim.board import play
    code = label_drive(tmp_path)
    run = play.run_headless("feather_esp32s3_reverse_tft", "WAIT:1", seed=1, code_path=code)
    assert "skat_ui.ui_labels" in run.modules
    monkeypatch.setitem(sys.modules, "adafruit_display_text", None)
    with pytest.raises(ImportError, match="adafruit_display_text"):
        play.run_headless("feather_esp32s3_reverse_tft", "WAIT:1", seed=1, code_path=code)


def test_a_lean_install_does_not_try_the_labels_a_board_prefers(tmp_path, monkeypatch):
    """The PyBadge prefers the labels, its .mpy drive does not hold them: no import is tried
    (one that failed would now stop the boot)."""
    from sim.board import play
    out = str(tmp_path / "CIRCUITPY")
    bundle.bundle(out, log=lambda *a: None, mpy_cross=None, board="pybadge")
    tried = []
    real = __builtins__["__import__"] if isinstance(__builtins__, dict) else __builtins__.__import__

    def spy(name, *args, **kw):
        if "ui_labels" in name:
            tried.append(name)
        return real(name, *args, **kw)
    monkeypatch.setattr("builtins.__import__", spy)
    run = play.run_headless("pybadge", "WAIT:1", seed=1, code_path=os.path.join(out, "code.py"))
    assert "skat_ui.ui_labels" not in run.modules and tried == []


def test_the_simulator_refuses_lean_texts_on_a_drive_that_holds_the_labels(tmp_path):
    from sim.board import play
    from sim.board.platform.session import SimSetupError
    with pytest.raises(SimSetupError, match="holds the label back-end"):
        play.run_headless("feather_esp32s3_reverse_tft", "WAIT:1", seed=1,
                          code_path=label_drive(tmp_path), text="lean")


def test_the_simulator_draws_as_the_boards_drive(tmp_path):
    """No --text: the simulator runs the source tree, where the label back-end can be
    imported; a board whose drive is lean (the PyBadge's module asks for the labels, which
    only its frozen firmware holds) draws with the lean strips, a Feather with labels."""
    from sim.board import play
    seen = {}
    for board in ("pybadge", "feather_esp32s3_reverse_tft"):
        r = play.run_headless(board, "WAIT:1", seed=1)
        seen[board] = "skat_ui.ui_labels" in r.modules
    assert seen == {"pybadge": False, "feather_esp32s3_reverse_tft": True}


def drive(tmp_path, board):
    out = str(tmp_path / (board or "all") / "CIRCUITPY")
    written = bundle.bundle(out, log=lambda *a: None, mpy_cross=None, board=board)
    return {rel.replace(os.sep, "/") for rel, _size in written}


def test_the_lean_drive_has_no_label_backend_and_a_label_drive_exactly_its_libraries(tmp_path):
    lean = drive(tmp_path, None)
    assert drive(tmp_path, "pybadge") == lean
    assert not any(r.startswith("lib/adafruit") or r.startswith("lib/fonts") or
                   r.endswith("ui_labels.py") for r in lean)
    label = drive(tmp_path, "feather_esp32s3_reverse_tft")
    assert label - lean == LABEL_LIBRARIES | FONT_FILES | {"lib/skat_ui/ui_labels.py"}
    assert lean - label == set()


def test_the_lean_drive_is_the_same_with_the_label_backend_in_the_source(tmp_path):
    """The label back-end's module is not in a lean drive's sources, so the names the bundle
    gives (one mapping over every module) are the ones of a tree without it."""
    texts, mapping, _ = bundle.device_sources()
    assert not any(p.endswith("ui_labels.py") for p in texts)
    _texts, label_mapping, _ = bundle.device_sources(backend=bundle.LABEL)
    assert "load_font" in label_mapping and "load_font" not in mapping


def app_letters():
    """Every non-ASCII letter of a string constant in the app's modules and texts."""
    out = set()
    for name in os.listdir(UI):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(UI, name), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        docs = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docs.add(id(first.value))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs):
                out.update(c for c in node.value if ord(c) > 126)
    return out


def test_the_font_has_every_letter_the_app_draws():
    from sim.build import fontcut
    with open(os.path.join(ROOT, "lib", "fonts", "skat6x12.bdf"), encoding="ascii") as f:
        text = f.read()
    codes = {int(line.split()[1]) for line in text.splitlines() if line.startswith("ENCODING ")}
    assert codes == set(fontcut.KEEP)
    assert app_letters() <= set(fontcut.LETTERS), app_letters() - set(fontcut.LETTERS)
    assert set(range(32, 127)) <= codes
    assert "Terminus" not in text.split("STARTCHAR")[0].replace("Terminus Font by", "")


def test_the_label_backend_sets_a_label_only_when_it_changes():
    pytest.importorskip("displayio")
    import displayio
    from skat_ui import ui_labels
    group = displayio.Group()
    txt = ui_labels.Text(240, 2, group)
    assert len(group) == 2 and txt.font is not None
    sets = []

    class Spy:
        def __init__(self, lb):
            self.__dict__["lb"] = lb

        def __getattr__(self, name):
            return getattr(self.lb, name)

        def __setattr__(self, name, value):
            sets.append(name)
            setattr(self.lb, name, value)
    txt.grids = [Spy(lb) for lb in txt.grids]
    txt.put(0, 1, 13, "Reizen: 18", 0xFFFFFF)
    first = list(sets)
    assert "text" in first and "hidden" in first
    del sets[:]
    txt.put(0, 1, 13, "Reizen: 18", 0xFFFFFF)
    assert sets == []
    txt.put(0, 1, 13, "Reizen: 20", 0xFFFFFF)
    assert sets == ["text"]
    txt.hide(0)
    txt.hide(0)
    assert sets == ["text", "hidden"]
    assert txt.grids[0].lb.y == 13 + txt.ascent
    txt.put(0, 1, 13, "Reizen: 20", 0xFFFF00)
    assert "pixel_shader" in sets and txt.grids[0].lb.color == 0xFFFF00


# (board, screen) drawn with both back-ends: the 240x135 Feather and the 240x240 PicoSystem,
# a play screen with the trick counters and a help page full of text.
SAME_PICTURE = (("feather_esp32s3_reverse_tft", "play"), ("picosystem", "help"))


@pytest.mark.parametrize("board, name", SAME_PICTURE)
def test_both_backends_draw_the_same_picture_on_the_240_wide_screens(board, name):
    """The label back-end's font is Terminus Font 6x12, the design of the built-in font, in
    the same cell: a screen is the same picture to the pixel with either back-end (so
    docs/screens shows each board's own)."""
    pytest.importorskip("displayio")
    from tests.support import app_screens as A
    deal, keys = {s[0]: (s[1], s[2]) for s in A.BIG_SCREENS}[name]
    lean, r1 = A.render(name, deal, keys, board, text="lean")
    label, r2 = A.render(name, deal, keys, board, text="label")
    assert type(r1.app.ui.txt).__module__ == "skat_ui.ui"
    assert type(r2.app.ui.txt).__module__ == "skat_ui.ui_labels"
    assert lean == label


def _lean_text(monkeypatch=None, lacking=""):
    """The lean back-end's lines over the simulator's built-in font (one glyph sheet, as the
    firmware's), or over the same font without the letters in ``lacking``."""
    pytest.importorskip("displayio")
    import displayio
    import sim.board.platform.displays  # noqa: F401  (installs the built-in font)
    import terminalio
    from skat_ui import ui
    if lacking:
        sheet = terminalio.FONT

        class Lacking:
            bitmap = sheet.bitmap

            def get_bounding_box(self):
                return sheet.get_bounding_box()

            def get_glyph(self, cp):
                return None if chr(cp) in lacking else sheet.get_glyph(cp)
        monkeypatch.setattr(terminalio, "FONT", Lacking())
    group = displayio.Group()
    return ui.Text(160, 2, group), terminalio.FONT, group


def _tiles(tg):
    return [tg[k] for k in range(tg.width)]


def test_a_lean_line_is_a_tilegrid_over_the_builtin_font_one_tile_a_letter():
    txt, font, group = _lean_text()
    tg = txt.grids[0]
    assert len(group) == 2 and tg.bitmap is font.bitmap and tg.width == 160 // 6
    blank = font.get_glyph(32).tile_index
    txt.put(0, 1, 13, "Reizen: 18", 0xFFFFFF)
    want = [font.get_glyph(ord(c)).tile_index for c in "Reizen: 18"]
    assert _tiles(tg) == want + [blank] * (tg.width - len(want))
    assert (tg.x, tg.y, tg.hidden) == (1, 13, False)
    txt.put(0, 1, 13, "Ja", 0xFFFFFF)                   # a shorter text blanks the rest
    want = [font.get_glyph(ord(c)).tile_index for c in "Ja"]
    assert _tiles(tg) == want + [blank] * (tg.width - 2)


def test_a_lean_line_is_cut_at_the_screens_width():
    txt, font, _ = _lean_text()
    txt.put(1, 0, 0, "x" * 40, 0xFFFFFF)
    assert _tiles(txt.grids[1]) == [font.get_glyph(ord("x")).tile_index] * 26


def test_a_letter_the_builtin_font_lacks_is_drawn_as_its_fallback(monkeypatch):
    txt, font, _ = _lean_text(monkeypatch, lacking="äß")
    txt.put(0, 0, 0, "Spaß", 0xFFFFFF)
    want = [font.get_glyph(ord(c)).tile_index for c in "Spass"]
    assert _tiles(txt.grids[0])[:5] == want
    txt.put(0, 0, 0, "ä", 0xFFFFFF)
    want = [font.get_glyph(ord(c)).tile_index for c in "ae"]
    assert _tiles(txt.grids[0])[:3] == want + [font.get_glyph(32).tile_index]


def test_the_simulators_builtin_font_is_one_sheet_with_ascii_first():
    _, font, _ = _lean_text()
    for cp in range(32, 127):
        g = font.get_glyph(cp)
        assert g.bitmap is font.bitmap and g.tile_index == cp - 32
    assert font.bitmap.height == 12 and font.get_bounding_box() == (6, 12)
    assert all(font.get_glyph(ord(c)) is not None for c in "äöüÄÖÜßé")
