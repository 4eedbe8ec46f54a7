"""The device's module layout (sim/relayout.py): every source module has one device module,
and the drive's imports name only modules that are on the drive."""

import ast
import os

from sim import bundle, relayout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def source_modules():
    """Dotted names of every module file under skat_core (packages' __init__ left out)."""
    names = []
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, "skat_core")):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for f in filenames:
            if f.endswith(".py") and f != "__init__.py":
                rel = os.path.relpath(os.path.join(dirpath, f), ROOT)[:-3]
                names.append(rel.replace(os.sep, "."))
    return names


def test_every_module_in_a_subpackage_has_a_device_name_and_no_two_share_one():
    nested = [m for m in source_modules() if m.count(".") > 1]
    assert sorted(nested) == sorted(relayout.MODULES), "MODULES lists exactly the nested modules"
    flat = [m for m in source_modules() if m.count(".") == 1]
    device = [relayout.device_module(m) for m in source_modules()]
    assert len(set(device)) == len(device), "one source module per device module"
    assert not set(relayout.MODULES.values()) & set(flat), "no device name shadows a basic"
    assert all(d.count(".") == 1 for d in device), "the device's skat_core is flat"


def test_the_source_packages_are_exactly_the_mapped_ones():
    packages = sorted({m.rpartition(".")[0] for m in source_modules()} - {"skat_core"})
    assert packages == sorted(relayout.PACKAGES)


def test_every_import_on_the_drive_names_a_module_or_attribute_that_is_there():
    texts = {}
    for path in bundle.own_files():
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    drive = relayout.device_texts(texts)
    modules = {bundle.module_name(os.path.relpath(p, ROOT)) for p in drive}
    modules |= {"skat_core", "skat_ui", "skat_boards"}
    for path, text in drive.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("skat_"):
                assert node.module in modules, (path, node.module)
                if node.module == "skat_core":
                    for alias in node.names:
                        assert "skat_core." + alias.name in modules, (path, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in ("skat_core", "skat_ui", "skat_boards"):
                        assert alias.name in modules, (path, alias.name)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not any(node.value == p or node.value.startswith(p + ".")
                               for p in relayout.PACKAGES), (path, node.value)


def test_a_moved_import_becomes_the_device_import_and_nothing_else_changes():
    src = ("from skat_core.bot.prelude import hand as bot_hand, bidtable\n"
           "from skat_core.solver.search import run  # the search\n"
           "from skat_core.engine import bidding\n"
           "from skat_core.cards import VH\n"
           "NAMES = ('skat_core.engine.play', 'engine.play', 'play')\n")
    assert relayout.rewrite(src) == (
        "from skat_core import bot_hand, bidtable\n"
        "from skat_core.ss_search import run  # the search\n"
        "from skat_core import bidding\n"
        "from skat_core.cards import VH\n"
        "NAMES = ('skat_core.play', 'engine.play', 'play')\n")


def test_a_subpackage_init_with_code_is_refused():
    path = os.path.join(ROOT, "skat_core", "engine", "__init__.py")
    try:
        relayout.device_texts({path: '"""doc"""\nX = 1\n'})
    except ValueError as e:
        assert "only its docstring" in str(e)
    else:
        raise AssertionError("code in a subpackage's __init__ would be lost on the drive")
