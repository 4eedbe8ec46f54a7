"""Dispatch ``python -m sim <tool> [args...]`` to the tool module's ``main(argv) -> int``
(``MODULES``: sim/board/, sim/build/ or sim/tools/).

A tool whose reader goes away (``| head -1``) ends quietly, as does Ctrl-C (one line).
Tools are imported only when asked for, so ``python -m sim replay`` never loads pygame
and a tool with missing optional dependencies does not break the others. A tool name
``train-bidding`` maps to the module ``sim.tools.train_bidding``.
"""

import importlib
import os
import sys

TOOLS = (
    ("play", "play the game in a window or the terminal (--board, --seed, --headless)"),
    ("replay", "replay game records, one JSON result line per file"),
    ("solve", "solve a position exactly, JSON in and out"),
    ("match", "duplicate match between two bots"),
    ("bench", "the device bot in the 32-bit MicroPython harness: fuel per decision"),
    ("train-bidding", "regenerate the bidding table"),
    ("oracle", "expected score of every bid/declaration choice over solved worlds; bots' regret"),
    ("calibrate", "fuel per pystone in the harness -> fuel per PyBadge-second"),
    ("bundle", "write dist/CIRCUITPY for copying onto a board"),
    ("freeze", "our packages and a manifest for freezing them into a CircuitPython firmware"),
    ("fontcut", "cut a BDF font to the letters the app draws (lib/fonts)"),
)

# Where each tool lives: the simulated board, the drive's build, or a host tool.
MODULES = {
    "play": "sim.board.play",
    "replay": "sim.board.replay",
    "solve": "sim.tools.solve",
    "match": "sim.tools.match",
    "bench": "sim.tools.bench",
    "train-bidding": "sim.tools.train_bidding",
    "oracle": "sim.tools.oracle",
    "calibrate": "sim.tools.calibrate",
    "bundle": "sim.build.bundle",
    "freeze": "sim.build.freeze",
    "fontcut": "sim.build.fontcut",
}


def usage():
    lines = ["usage: python -m sim <tool> [args...]", "", "tools:"]
    for name, text in TOOLS:
        lines.append("  %-14s %s" % (name, text))
    return "\n".join(lines)


def main(argv):
    if argv and argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if not argv:
        print(usage(), file=sys.stderr)
        return 2
    tool = argv[0]
    if tool not in [name for name, _ in TOOLS]:
        print("python -m sim: unknown tool %r (one of %s; --help: what each does)"
              % (tool, ", ".join(name for name, _ in TOOLS)), file=sys.stderr)
        return 2
    # The project root must be importable (skat_core, lib) whatever the current directory is.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if root not in sys.path:
        sys.path.insert(0, root)
    module = importlib.import_module(MODULES[tool])
    try:
        code = module.main(argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of our output went away (``python -m sim replay r*.json | head -1``):
        # the rest is unwanted, not an error to report. Python would try to flush stdout
        # again at exit and print the same traceback: stdout goes to /dev/null first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("python -m sim %s: interrupted" % tool, file=sys.stderr)
        return 130
    return 0 if code is None else int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
