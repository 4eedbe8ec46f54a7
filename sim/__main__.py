"""Dispatch ``python -m sim <tool> [args...]`` to the tool module's ``main(argv) -> int``
(``TOOLS``: sim/board/, sim/build/ or sim/tools/).

A tool whose reader goes away (``| head -1``) ends quietly, as does Ctrl-C (one line).
Started with its standard output closed (``>&-``), a tool does nothing and says so in one
line (exit 2): what it reports would be lost, and a file it opened would take stdout's
descriptor. A full disk (``>/dev/full``, or a file output), a folder it may not write and
the like end in one line naming the problem (exit 1), never a traceback; the tools' outputs
are written whole or not at all (sim/cli.py, atomic_file / atomic_tree).
Tools are imported only when asked for, so ``python -m sim replay`` never loads pygame
and a tool with missing optional dependencies does not break the others. A tool name
``train-bidding`` maps to the module ``sim.tools.train_bidding``.
"""

import errno
import importlib
import os
import sys

# Each tool: its name, where it lives (the simulated board, the drive's build, or a host tool)
# and what it does.
TOOLS = (
    ("play", "sim.board.play",
     "play the game in a window or the terminal (--board, --seed, --headless)"),
    ("replay", "sim.board.replay", "replay game records, one JSON result line per file"),
    ("solve", "sim.tools.solve", "solve a position exactly, JSON in and out"),
    ("match", "sim.tools.match", "duplicate match between two bots"),
    ("bench", "sim.tools.bench",
     "the device bot in the 32-bit MicroPython harness: fuel per decision"),
    ("train-bidding", "sim.tools.train_bidding", "regenerate the bidding table"),
    ("oracle", "sim.tools.oracle",
     "expected score of every bid/declaration choice over solved worlds; bots' regret"),
    ("calibrate", "sim.tools.calibrate", "fuel per pystone in the harness -> fuel per PyBadge-second"),
    ("bundle", "sim.build.bundle", "write dist/CIRCUITPY for copying onto a board"),
    ("freeze", "sim.build.freeze",
     "our packages and a manifest for freezing them into a CircuitPython firmware"),
    ("fontcut", "sim.build.fontcut", "cut a BDF font to the letters the app draws (lib/fonts)"),
)
MODULES = {name: module for name, module, _text in TOOLS}


def usage():
    lines = ["usage: python -m sim <tool> [args...]", "", "tools:"]
    for name, _module, text in TOOLS:
        lines.append("  %-14s %s" % (name, text))
    return "\n".join(lines)


def main(argv):
    """Run the tool ``argv[0]`` (see the module docstring); its exit status."""
    tool = argv[0] if argv and not argv[0].startswith("-") else ""
    try:
        try:
            code = _dispatch(argv)
        except SystemExit as e:         # argparse's --help and its one-line errors
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            if not isinstance(e.code, (int, type(None))):
                print(e.code, file=sys.stderr)
        if sys.stdout is not None:
            sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader of our output went away (``python -m sim replay r*.json | head -1``):
        # the rest is unwanted, not an error to report. Python would try to flush stdout
        # again at exit and print the same traceback: stdout goes to /dev/null first.
        _drop_stdout()
        return 1
    except KeyboardInterrupt:
        print("python -m sim%s: interrupted" % (" " + tool if tool else ""), file=sys.stderr)
        return 130
    except OSError as e:
        if e.errno not in ENVIRONMENT_ERRORS:
            raise
        # A full disk (>/dev/full, or a file output), a read-only file system, a file or
        # folder it may not write: one line. What the tool was writing was not renamed into
        # place (sim/cli.py), so the previous output is as it was.
        where = ": %s" % e.filename if e.filename else ""
        print("python -m sim%s: cannot write%s (%s)" % (" " + tool if tool else "", where,
                                                        e.strerror or e), file=sys.stderr)
        _drop_stdout()       # its unflushed rest would fail again at exit, with a traceback
        return 1


def _dispatch(argv):
    if argv and argv[0] in ("-h", "--help", "help"):
        if _closed(sys.stdout):
            print("python -m sim: standard output is closed (>&-): the usage would be lost",
                  file=sys.stderr)
            return 2
        print(usage())
        return 0
    if not argv:
        print(usage(), file=sys.stderr)
        return 2
    tool = argv[0]
    if tool not in MODULES:
        print("python -m sim: unknown tool %r (one of %s; --help: what each does)"
              % (tool, ", ".join(MODULES)), file=sys.stderr)
        return 2
    # The project root must be importable (skat_core, lib) whatever the current directory is.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if root not in sys.path:
        sys.path.insert(0, root)
    if _closed(sys.stdout):
        print("python -m sim %s: standard output is closed (>&-): what the tool says would "
              "be lost, so it does nothing; send it to a file or to /dev/null instead" % tool,
              file=sys.stderr)
        return 2
    module = importlib.import_module(MODULES[tool])
    code = module.main(argv[1:])
    return 0 if code is None else int(code)


# OSErrors that say something about the machine, not about the tool: answered in one line.
ENVIRONMENT_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EACCES,
                      errno.EPERM, errno.EIO, errno.EBADF, errno.EPIPE, errno.ENXIO}


def _closed(stream):
    """Whether the standard stream ``stream`` was closed at start (Python then sets it to
    None), or its descriptor is gone."""
    if stream is None:
        return True
    try:
        os.fstat(stream.fileno())
    except (AttributeError, ValueError, OSError):
        return True
    return False


def _drop_stdout():
    """Point stdout at /dev/null (its buffered rest is thrown away at exit quietly)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, ValueError, OSError):
        pass


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
