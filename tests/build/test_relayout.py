"""The device's module layout (sim/build/relayout.py): every source module has one device module,
the drive's imports and the module names its code uses at run time name only modules that are
on the drive, the relayout changes nothing but those names (the drive made from the source
tree by packages was the flat drive it was before, byte for byte: a golden check at the move),
and the device's short module names shadow nothing."""

import ast
import os
import re

import pytest

from sim.build import bundle, cold, relayout, textids

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The packages the relayout maps, and where their sources are.
TOPS = {"skat_core": "skat_core", "skat_ui": os.path.join("lib", "skat_ui")}
MOST_MODULES = 15            # issue 17: no folder holds more (its __init__ not counted)


def source_modules(top=None):
    """Dotted names of every module file under the mapped packages (or ``top``'s only;
    packages' __init__ left out)."""
    names = []
    for name, folder in TOPS.items():
        if top not in (None, name):
            continue
        base = os.path.dirname(os.path.join(ROOT, folder))
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, folder)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for f in filenames:
                if f.endswith(".py") and f != "__init__.py":
                    rel = os.path.relpath(os.path.join(dirpath, f), base)[:-3]
                    names.append(rel.replace(os.sep, "."))
    return names


def source_texts():
    texts = {}
    for path in bundle.own_files():
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    return texts


def test_every_module_of_skat_core_and_of_skat_uis_subpackages_has_one_short_device_name():
    """skat_core's every module and skat_ui's nested ones are mapped; skat_ui's top modules
    (code.py imports ``app``, the residency table names ``skat_ui.hint``) keep their names."""
    mapped = [m for m in source_modules() if m.startswith("skat_core.") or m.count(".") > 1]
    assert sorted(mapped) == sorted(relayout.MODULES), "MODULES lists exactly those modules"
    for top in TOPS:
        flat = [m for m in source_modules(top) if m.count(".") == 1]
        device = [relayout.device_module(m) for m in source_modules(top)]
        assert len(set(device)) == len(device), "one source module per device module"
        assert not set(relayout.MODULES.values()) & set(flat), "no device name shadows a top module"
        assert all(d.count(".") == 1 and d.startswith(top + ".") for d in device), \
            "the device's %s is flat" % top
    for name in relayout.MODULES.values():
        assert len(name.partition(".")[2]) <= 4, "a short name on the board: " + name


def names_spelt_in(places):
    """Every NAME token of the .py files under ``places`` (folders or files, from the root)."""
    import tokenize
    paths = []
    for place in places:
        path = os.path.join(ROOT, place)
        if os.path.isfile(path):
            paths.append(path)
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            paths.extend(os.path.join(dirpath, f) for f in filenames if f.endswith(".py"))
    names = set()
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            names.update(tok.string for tok in tokenize.generate_tokens(fh.readline)
                         if tok.type == tokenize.NAME)
    return names


def test_no_device_module_name_is_a_name_our_code_or_the_firmware_spells():
    """A module imported without an alias is a global of its importer under the device's
    name: spelt nowhere else (our code, the boards, the harness's fakes, the simulator's
    hardware, the built-ins, the firmware's interned names), it shadows nothing."""
    import builtins
    from sim.build import shortnames
    short = {d.partition(".")[2] for d in relayout.MODULES.values()}
    spelt = names_spelt_in(("skat_core", "lib", "sim", "tests", "code.py"))
    assert "skat_names" in spelt, "code.py is read too (the only file that spells it)"
    spelt |= set(dir(builtins)) | shortnames.firmware_qstrs() | shortnames.fixed_names()
    assert not short & spelt, sorted(short & spelt)


def test_the_source_packages_are_exactly_the_mapped_ones():
    packages = sorted({m.rpartition(".")[0] for m in source_modules()} - set(TOPS))
    assert packages == sorted(relayout.PACKAGES)


def test_no_folder_holds_more_than_15_modules():
    for base in ("skat_core", "lib"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, base)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            modules = [f for f in filenames if f.endswith(".py") and f != "__init__.py"]
            assert len(modules) <= MOST_MODULES, (os.path.relpath(dirpath, ROOT), len(modules))


def test_the_relayout_changes_only_import_lines_and_module_names_and_keeps_every_line():
    """What the device gets differs from the source only where a module is named: an import,
    or a string constant the relayout maps (the golden property of the move into packages:
    the drive stays what it was as long as the names map back)."""
    texts = source_texts()
    drive = relayout.device_texts(texts)
    by_device = {os.path.join(ROOT, relayout.device_path(os.path.relpath(p, ROOT))): p
                 for p in texts if relayout.device_path(os.path.relpath(p, ROOT))}
    assert sorted(by_device) == sorted(drive)
    for dpath, text in drive.items():
        src = texts[by_device[dpath]]
        assert text.count("\n") == src.count("\n"), dpath
        named = set()
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                named.update(range(node.lineno, node.end_lineno + 1))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if relayout.device_string(node.value) != node.value:
                    named.add(node.lineno)
            elif relayout._one_package(node, relayout.PACKAGES):
                named.add(node.lineno)
        for i, (a, b) in enumerate(zip(src.split("\n"), text.split("\n")), 1):
            assert a == b or i in named, (dpath, i, a, b)


def _run_on_the_drive(tree, absent):
    """The nodes of ``tree`` the drive runs: not under an ``if`` of an install fact the drive
    writes 0 (``absent``: the compiler leaves that block out; sim/build/textids.py)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and textids._left_out(node.test, absent):
            todo.extend(node.orelse)
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


@pytest.mark.parametrize("three", (False, True), ids=("default", "with Skat zu dritt"))
def test_every_import_on_the_drive_names_a_module_or_attribute_that_is_there(three):
    """On a label board's drive, the fullest one (a lean drive lacks only the label
    back-end, which the label boards' modules import); with the install's facts the bundle
    writes (a drive without Skat zu dritt: what only runs with it is not checked there; the
    drive of ``python -m sim bundle --three``: all of it)."""
    texts = {}
    for path in bundle.own_files(bundle.LABEL, three=three):
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    texts = bundle.install_facts(texts, bundle.LABEL, three)
    absent = textids.absent_facts(texts, ROOT)
    assert absent == (set() if three else {"THREE_TABLES"})
    drive = relayout.device_texts(texts)
    modules = {bundle.module_name(os.path.relpath(p, ROOT)) for p in drive}
    modules |= {"skat_core", "skat_ui", "skat_boards"}
    # What a package's __init__ binds at its top (skat_core's residency table: APP's indices)
    defined = {}
    for path, text in drive.items():
        if os.path.basename(path) == "__init__.py":
            name = bundle.module_name(os.path.relpath(path, ROOT))
            body = list(ast.parse(text).body)      # its top, and the ifs of facts it holds
            names = set()
            while body:
                node = body.pop()
                if isinstance(node, ast.Assign):
                    names.update(t.id for t in node.targets if isinstance(t, ast.Name))
                elif isinstance(node, ast.If):
                    body.extend(node.orelse if textids._left_out(node.test, absent)
                                else node.body + node.orelse)
            defined[name] = names
    for path, text in drive.items():
        for node in _run_on_the_drive(ast.parse(text), absent):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("skat_"):
                assert node.module in modules, (path, node.module)
                if node.module in ("skat_core", "skat_ui"):
                    for alias in node.names:
                        assert (node.module + "." + alias.name in modules
                                or alias.name in defined.get(node.module, ())), (path, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in ("skat_core", "skat_ui", "skat_boards"):
                        assert alias.name in modules, (path, alias.name)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not any(node.value == p or node.value.startswith(p + ".")
                               for p in relayout.PACKAGES), (path, node.value)


def run_time_names(text):
    """The module names a module's code uses at run time, as (kind, string): "full" (a string
    constant that names one of our modules or packages: skat_core's residency table),
    "relative" (to skat_ui: a string constant such as ``"screens.play"``, or a string given to
    ``load``/``drop``), "format" (``%``-strings naming a family of modules)."""
    out = []
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            v = node.value
            if re.fullmatch(r"skat_(core|ui|boards)(\.\w+)*\.?", v):
                out.append(("full", v))
            elif re.fullmatch(r"skat_(core|ui|boards)(\.[\w%]+)+", v):
                out.append(("format", v))
            elif re.fullmatch(r"(screens|storage|texts)\.\w+", v):
                out.append(("relative", v))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("load", "drop")):
            out += [("relative", a.value) for a in node.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    and not re.fullmatch(r"(screens|storage|texts)\.\w+", a.value)]
    return out


def check_names(texts, modules, where):
    """Every run-time module name in ``texts`` names one of ``modules``; returns how many."""
    n = 0
    for path, text in texts.items():
        for kind, name in run_time_names(text):
            n += 1
            if kind == "relative":
                assert "skat_ui." + name in modules, (where, path, name)
            elif kind == "format":
                pattern = re.escape(name).replace("%s", "[a-z]+").replace("%d", "[0-9]+")
                assert any(re.fullmatch(pattern, m) for m in modules), (where, path, name)
            elif name.endswith("."):         # a prefix: "skat_boards." + a board's module
                assert name[:-1] in modules, (where, path, name)
            else:
                assert name in modules, (where, path, name)
    return n


def test_every_module_name_used_at_run_time_names_a_module_of_its_tree():
    """In the source (the simulator runs it) and on the drive (after the relayout): the
    names that ``__import__``, ``load``, ``drop`` and ``skat_core.drop`` get. The source with
    the label back-end (the table names it); a lean drive, where the bundle writes that it
    does not hold it (``bundle.install_facts``)."""
    texts = {}
    for path in bundle.own_files(bundle.LABEL):
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    # and the modules the bundle makes of the source's functions (sim/build/cold.py)
    source = {bundle.module_name(os.path.relpath(p, ROOT)) for p in texts} | set(cold.ROWS)
    # Skat zu dritt's app modules, its settings words, the shelf of the other tables' lists,
    # its pre-play modules and its package are in the table but off the default drive
    # (bundle.THREE_FILES): the drive's fact THREE_TABLES = 0 keeps them from being
    # loaded (the title's and the settings screen's check; dropping one not loaded is nothing).
    three = {"skat_ui.three", "skat_ui.texts.three_de", "skat_ui.texts.three_en",
             "skat_ui.storage.shelf", "skat_ui.screens.bid3", "skat_ui.screens.play3",
             "skat_ui.screens.result3",
             "skat_core.three", "skat_core.three.bidding", "skat_core.three.schieben",
             "skat_core.bot.prelude.three_decl", "skat_core.bot.prelude.three_table",
             "skat_core.bot.prelude.three_thumb"}
    assert not any(bundle.module_name(os.path.relpath(p, ROOT)) in three for p in texts)
    lean = bundle.install_facts(source_texts(), bundle.LEAN)
    assert bundle.NO_THREE_FACT in lean[os.path.join(ROOT, TABLE)].split("\n")
    assert check_names(lean, source - {"skat_ui.ui_labels"} | three, "lean source") > 50
    drive = relayout.device_texts(lean)
    device = {bundle.module_name(os.path.relpath(p, ROOT)) for p in drive} | set(cold.ROWS) | {
        relayout.device_module(m) for m in three}
    source |= three
    assert check_names(texts, source, "source") > 50 and check_names(drive, device, "drive") > 50
    init = [p for p in drive if p.endswith(os.path.join("skat_core", "__init__.py"))]
    names = [v for kind, v in run_time_names(drive[init[0]]) if kind == "full"]
    for module in ("skat_ui.screens.play", "skat_ui.storage.restore", "skat_ui.hint",
                   "skat_core.bot.offer", "skat_ui.texts.de"):
        assert relayout.device_module(module) in names, module


# Where a module name may be spelt in the shipped code: the residency table, and the board
# package's choice of the board's module (before the app; its names are not the app's phases).
TABLE = os.path.join("skat_core", "__init__.py")
BOARD_CHOICE = os.path.join("lib", "skat_boards", "__init__.py")


def test_no_module_name_outside_the_residency_table():
    """One table says what is resident when (skat_core/__init__.py): no other module of the
    shipped code (code.py, skat_core, lib) spells a module of ours in a string - it reads
    the table - and the table names every module that comes and goes."""
    texts = source_texts()
    spelt = {}
    for path, text in texts.items():
        rel = os.path.relpath(path, ROOT)
        for kind, name in run_time_names(text):
            spelt.setdefault(rel, []).append(name)
    assert set(spelt) - {BOARD_CHOICE} == {TABLE}, spelt
    import skat_core
    table = set(spelt[TABLE])
    for group in (skat_core.PRE_PLAY, skat_core.PLAY, skat_core.BOT_PRELUDE,
                  skat_core.BOT_PLAY, skat_core.ADVICE, skat_core.APP, skat_core.TEXTS,
                  skat_core.SETTINGS_TEXTS):
        assert set(group) <= table
    assert skat_core.APP[skat_core.SCR_MENU] == "skat_ui.screens.menu"
    assert skat_core.APP[skat_core.HINT] == "skat_ui.hint"


def test_the_check_for_module_names_sees_one_outside_the_table():
    bad = "X = 'skat_ui.screens.menu'\nY = ('skat_core.bot.play',)\nZ = 'skat_ui.texts.help_%s%d'\n"
    bad += "load('screens.play'); drop('hint')\n"
    assert sorted(run_time_names(bad)) == [
        ("format", "skat_ui.texts.help_%s%d"), ("full", "skat_core.bot.play"),
        ("full", "skat_ui.screens.menu"), ("relative", "hint"), ("relative", "screens.play")]


def test_a_format_string_names_the_same_family_of_modules_in_both_trees():
    source = source_modules()
    for src, dev in relayout.FORMATS.items():
        def family(fmt, names):
            pattern = re.escape(fmt).replace("%s", "([a-z]+)").replace("%d", "([0-9]+)")
            return {m.group(0): m.groups() for m in map(lambda n: re.fullmatch(pattern, n), names) if m}
        ours = family(src, source)
        assert ours, "the format names modules: " + src
        device = family(dev, [relayout.device_module(m) for m in source])
        assert sorted(device.values()) == sorted(ours.values())
        for name, values in ours.items():
            assert relayout.device_module(name) == dev % tuple(
                int(v) if v.isdigit() else v for v in values)


def test_the_apps_names_become_the_flat_devices():
    src = ("from skat_ui.storage import save, resume; from skat_ui import settings as S, text\n"
           "from skat_ui.screens.base import (Menu,\n    PREV)\n"
           "APP = ('skat_ui.screens.play', 'skat_ui.hint', 'screens.play', 'play')\n"
           "UI = ('skat_ui', 'skat_ui.screens', 'skat_ui.storage')\n"
           "drop(('skat_ui.texts.de',), ('skat_ui.texts',)); X = ('skat_ui',)\n"
           "name = 'skat_ui.texts.help_%s%d' % (lang, 1)\n"
           "from skat_ui import gfx; from skat_ui import ui\n")
    assert relayout.rewrite(src) == (
        "from skat_ui import Oe as save, Od as resume, settings as S, text\n"
        "from skat_ui.Cb import (Menu,\n    PREV)\n"
        "APP = ('skat_ui.Cf', 'skat_ui.hint', 'screens.play', 'play')\n"
        "UI = ('skat_ui',)\n"
        "drop(('skat_ui.Tde',), ('skat_ui',)); X = ('skat_ui',)\n"
        "name = 'skat_ui.H%s%d' % (lang, 1)\n"
        "from skat_ui import gfx; from skat_ui import ui\n")


def test_a_moved_import_becomes_the_device_import_and_nothing_else_changes():
    src = ("from skat_core.bot.prelude import hand as bot_hand, bidtable\n"
           "from skat_core.solver.search import run  # the search\n"
           "from skat_core.engine import bidding\n"
           "from skat_core.cards import VH\n"
           "NAMES = ('skat_core.engine.play', 'engine.play', 'play')\n")
    assert relayout.rewrite(src) == (
        "from skat_core import Pf as bot_hand, Pa as bidtable\n"
        "from skat_core.Se import run  # the search\n"
        "from skat_core import Ec as bidding\n"
        "from skat_core.Kb import VH\n"
        "NAMES = ('skat_core.Ef', 'engine.play', 'play')\n")


def test_a_subpackage_init_with_code_is_refused():
    for folder in (("skat_core", "engine"), ("lib", "skat_ui", "screens")):
        path = os.path.join(ROOT, *folder, "__init__.py")
        try:
            relayout.device_texts({path: '"""doc"""\nX = 1\n'})
        except ValueError as e:
            assert "only its docstring" in str(e)
        else:
            raise AssertionError("code in a subpackage's __init__ would be lost on the drive")
