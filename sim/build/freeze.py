"""``python -m sim freeze [--out dist/freeze]``: our packages, ready to be frozen into a
CircuitPython firmware (bytecode and names then live in flash: the app needs ~60 KB of heap
instead of ~115 KB as .mpy files; README, "On a board").

Writes into ``--out``:

- ``packages/``: what a firmware build freezes (a board's ``FROZEN_MPY_DIRS +=
  <out>/packages``), and nothing else: ``skat_core/``, ``skat_ui/``, ``skat_boards/``, our
  packages as top-level packages in the form the bundle gives the device (sim/build/bundle.py:
  docstrings emptied, constants folded, texts numbered, names short; .py source - the
  firmware build compiles it), and with ``--board`` the label back-end's libraries. Their
  ``__version__`` lines are left out: CircuitPython's preprocess_frozen_modules.py runs
  ``git describe --tags`` in the folder for every such line and stops the build where that
  fails (any folder outside a tagged git checkout, this one's included);
- ``manifest.py``: ``package()`` lines for CircuitPython's ``FROZEN_MANIFEST`` over the same
  folder;
- ``freeze.sha256``: the digest of those sources (``digest``), which the frozen-interpreter
  test compares with the binary's, so an interpreter built from other sources is not used;
- ``drive/``: what goes onto the CIRCUITPY drive of a board running that firmware: code.py
  and settings.toml only (and, for a board with the label back-end, its font in lib/fonts).
  Files on the drive shadow frozen modules (sys.path is '', '/', '.frozen', '/lib'), so a
  skat_core/ left on the drive would be used instead.

``--board B``: the frozen set of that board's text back-end (lib/skat_ui/ui.py): for a board
whose module asks for the label back-end (the PyBadge, the PyGamer, the Feathers),
``skat_ui.ui_labels`` and the library modules it imports (adafruit_display_text,
adafruit_bitmap_font, adafruit_ticks: the modules a Feather's drive holds) are frozen too -
frozen, their bytecode is in flash and the labels fit the heap where the board's ``.mpy``
drive keeps the lean strips (sim/build/bundle.py, ``text_backend``). Without it: every board, the
lean strips.

This tool builds no firmware: that is CircuitPython's own build (ports/<port>, ``make
BOARD=...``) with these packages added, as README, "On a board", describes.
"""

import hashlib
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from sim import cli  # noqa: E402
from sim.build import bundle  # noqa: E402

# Where each frozen package comes from in the drive the bundle writes.
PACKAGES = (("skat_core", "skat_core"), (os.path.join("lib", "skat_ui"), "skat_ui"),
            (os.path.join("lib", "skat_boards"), "skat_boards"))
DIGEST_FILE = "freeze.sha256"
FROZEN_DIR = "packages"      # the folder a firmware build freezes


def digest(folder):
    """sha256 over the .py files under ``folder`` (a freeze's ``packages/``): for each in the
    order of its relative path, the path (``/``-separated) and a newline, then the file's
    bytes."""
    h = hashlib.sha256()
    files = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        files.extend(os.path.relpath(os.path.join(dirpath, f), folder).replace(os.sep, "/")
                     for f in filenames if f.endswith(".py"))
    for rel in sorted(files):
        h.update(rel.encode() + b"\n")
        with open(os.path.join(folder, rel), "rb") as f:
            h.update(f.read())
    return h.hexdigest()


# The libraries' top-level names in the bundle's drive (lib/<name> or lib/<name>.py).
LIBRARIES = ("adafruit_display_text", "adafruit_bitmap_font", "adafruit_ticks")


def _copy_unversioned(src, dst):
    """Copy a library file without its ``__version__`` lines (see the module docstring)."""
    if not src.endswith(".py"):
        return shutil.copyfile(src, dst)
    with open(src, encoding="utf-8") as f:
        lines = [ln for ln in f if not ln.startswith("__version__")]
    with open(dst, "w", encoding="utf-8") as f:
        f.writelines(lines)
    return dst


def freeze(out, board=None):
    """Write the freeze folder (see the module docstring); returns its digest. It is written
    beside ``out`` and swapped in whole (sim/cli.py, atomic_tree): an interrupted run leaves
    the previous freeze as it was. The manifest names ``out``'s own packages/ folder."""
    base = os.path.abspath(os.path.join(out, FROZEN_DIR))
    with cli.atomic_tree(out) as new:
        value = _write_freeze(new, base, board)
    return value


def _write_freeze(out, base, board):
    frozen = os.path.join(out, FROZEN_DIR)
    os.makedirs(frozen)
    tmp = tempfile.mkdtemp(prefix="skat-freeze-")
    try:
        drive = os.path.join(tmp, "CIRCUITPY")
        bundle.bundle(drive, log=lambda *a: None, board=board, frozen=True)
        for src, name in PACKAGES:
            shutil.copytree(os.path.join(drive, src), os.path.join(frozen, name),
                            ignore=shutil.ignore_patterns("__pycache__"))
        libs = []
        for name in LIBRARIES:
            src = os.path.join(drive, "lib", name)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(frozen, name), copy_function=_copy_unversioned,
                                ignore=shutil.ignore_patterns("__pycache__"))
                libs.append("package(%r, base_path=%r)" % (name, base))
            elif os.path.isfile(src + ".py"):
                _copy_unversioned(src + ".py", os.path.join(frozen, name + ".py"))
                libs.append("module(%r, base_path=%r)" % (name + ".py", base))
        os.makedirs(os.path.join(out, "drive"))
        for name in ("code.py", "settings.toml"):
            shutil.copyfile(os.path.join(drive, name), os.path.join(out, "drive", name))
        if os.path.isdir(os.path.join(drive, bundle.FONTS)):
            shutil.copytree(os.path.join(drive, bundle.FONTS),
                            os.path.join(out, "drive", bundle.FONTS))
    finally:
        shutil.rmtree(tmp)
    with open(os.path.join(out, "manifest.py"), "w") as f:
        f.write("# Our packages for CircuitPython's FROZEN_MANIFEST (python -m sim freeze).\n")
        for _src, name in PACKAGES:
            f.write("package(%r, base_path=%r)\n" % (name, base))
        for line in libs:
            f.write(line + "\n")
    value = digest(frozen)
    with open(os.path.join(out, DIGEST_FILE), "w") as f:
        f.write(value + "\n")
    return value


def main(argv=None):
    ap = cli.Parser(prog="python -m sim freeze", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "dist", "freeze"))
    ap.add_argument("--board", default=None,
                    help="freeze that board's text back-end too (the label back-end and its "
                         "libraries for a board whose module chooses it); default: lean")
    args = ap.parse_args(argv)
    problem = cli.out_tree(args.out, ("manifest.py", DIGEST_FILE))
    if problem:
        ap.fail("--out", problem)
    if args.board is not None:
        try:
            bundle.text_backend(args.board, frozen=True)
        except ValueError as e:
            ap.fail("--board", str(e))
    value = freeze(args.out, board=args.board)
    print("frozen packages in %s (digest %s): FROZEN_MPY_DIRS += that folder" % (
        os.path.join(args.out, FROZEN_DIR), value))
    print("manifest: %s" % os.path.join(args.out, "manifest.py"))
    print("the board's drive then holds only %s" % os.path.join(args.out, "drive"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
