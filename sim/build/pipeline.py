"""The drive's build, step by step: what ``python -m sim bundle`` does to our source, in order.

``STEPS`` names each step with its module and a line on what it does; ``device_texts`` runs
the steps that work on our source's text, in that order, and the bundle (sim/build/bundle.py)
then writes the drive: bytecode and libraries. Every step keeps each line where it was, so a
traceback from the board points at the line of the source.
"""

import copy
import functools
import hashlib
import os
import pickle

from sim.build import cold, devsrc, helpers, inline, merge, relayout, shortnames, textids, \
    toplevel, unused

# (step, module, what it does), in the order the bundle runs them.
STEPS = (
    ("relayout", "sim/build/relayout.py",
     "our packages become one flat package each on the drive, with short module names"),
    ("docstrings", "sim/build/devsrc.py",
     "docstrings emptied, every line kept"),
    ("texts", "sim/build/textids.py",
     "screen texts by number, each language's words one string with offsets (only the"
     " words the drive's code reads)"),
    ("helpers", "sim/build/helpers.py",
     "the bit helpers (skat_core/layout.py) written out where they are called"),
    ("constants", "sim/build/inline.py",
     "integer constants folded across modules"),
    ("unused", "sim/build/unused.py",
     "the functions nothing on the device calls (the host tools' own) left out, their lines"
     " emptied"),
    ("join", "sim/build/merge.py",
     "the modules of one phase that come and go together joined into one device module"
     " (.mpy drives and freezes: bytecode compiled on the host)"),
    ("cold", "sim/build/cold.py",
     "the functions that run only at boot or only between deals moved into modules the app"
     " drops when that moment is over (where the join runs)"),
    ("top", "sim/build/toplevel.py",
     "the short-named modules at the top of the drive, without a dotted name (.mpy drives)"),
    ("names", "sim/build/shortnames.py",
     "our identifiers get short names: one mapping for the names modules share, one"
     " sequence restarted in each module for its own (its key: dist/names.txt)"),
    ("bytecode", "sim/build/mpy.py",
     "our modules and the libraries as .mpy by CircuitPython's mpy-cross (when found), "
     "with skat_names.mpy"),
    ("drive", "sim/build/bundle.py",
     "code.py, the Adafruit libraries the app imports, the font where the label back-end "
     "goes, settings.toml"),
)


# The steps' results this process computed last, by what they were computed from
# (``device_texts``): a process that builds the same drive again - the tests, a bundle run
# that is interrupted and run again - gets them from memory. A few drives at most.
_DONE = {}
_DONE_MAX = 4
_BUILD = os.path.dirname(os.path.abspath(__file__))


@functools.lru_cache(maxsize=1)
def _fingerprint():
    """The digest of the steps' own code and data (sim/build/*.py, cp_qstrs.txt, and the
    hardware stand-ins shortnames reads): a changed step is a new key. Read once per process,
    whose steps are the code it imported then."""
    h = hashlib.sha256()
    for folder in [_BUILD] + [os.path.join(shortnames.ROOT, rel)
                              for rel in shortnames.HARDWARE_SOURCES]:
        for name in sorted(os.listdir(folder)):
            if name.endswith((".py", ".txt")):
                with open(os.path.join(folder, name), "rb") as f:
                    h.update(name.encode() + b"\0" + f.read() + b"\0")
    return h.hexdigest()


def _key(texts, root, short, clients, join, top):
    # The steps' tables as they are now too: a test may change one for a run.
    tables = (relayout.MODULES, merge.GROUPS, cold.ROWS, toplevel.RENAMED,
              sorted(shortnames.KEEP))
    h = hashlib.sha256(repr((root, short, join, top, tables)).encode())
    for part in (texts, clients or {}):
        for path in sorted(part):
            h.update(path.encode("utf-8") + b"\0" + part[path].encode("utf-8") + b"\0")
        h.update(b"\1")
    h.update(_fingerprint().encode())
    return h.hexdigest()


# A folder where processes that build the same drives share the steps' results (the test
# suite's workers: tests/conftest.py sets it for a run); unset, each process runs them.
SHARED = "SKAT_BUILD_SHARED"


def device_texts(texts, root, short=True, clients=None, join=False, top=False):
    """``run_steps``' result for these arguments: computed once per process (or once in the
    ``SHARED`` folder), then a copy of it (the same texts, names and clients as a new run
    gives: tests/build/test_pipeline.py)."""
    key = _key(texts, root, short, clients, join, top)
    if key not in _DONE:
        while len(_DONE) >= _DONE_MAX:
            del _DONE[next(iter(_DONE))]
        _DONE[key] = _shared(key) or run_steps(texts, root, short, clients, join, top)
        _share(key, _DONE[key])
    return copy.deepcopy(_DONE[key])


def shared(name, parts, compute):
    """``compute()``, or its result from the ``SHARED`` folder where a process of this run
    computed it for the same ``parts`` (strings: what it is computed from) and the same
    steps' code (``_fingerprint``); for work besides ``device_texts`` that every test
    process does alike (sim/device/mpharness.py, ``device_tree``). Once per process is
    the caller's to keep."""
    h = hashlib.sha256(name.encode() + b"\0" + _fingerprint().encode())
    for part in parts:
        h.update(b"\0" + part.encode("utf-8"))
    key = name + "-" + h.hexdigest()
    result = _shared(key)
    if result is None:
        result = compute()
        _share(key, result)
    return result


def _shared(key):
    folder = os.environ.get(SHARED)
    if not folder:
        return None
    try:
        with open(os.path.join(folder, key + ".pickle"), "rb") as f:
            return pickle.load(f)
    except (OSError, EOFError, pickle.UnpicklingError):
        return None


def _share(key, result):
    """Write ``result`` for other processes (a new file, renamed into place when whole)."""
    folder = os.environ.get(SHARED)
    path = os.path.join(folder or "", key + ".pickle")
    if not folder or os.path.exists(path):
        return
    part = "%s.%d.part" % (path, os.getpid())
    with open(part, "wb") as f:
        pickle.dump(result, f)
    os.replace(part, path)


def run_steps(texts, root, short=True, clients=None, join=False, top=False):
    """The source steps of ``STEPS`` (relayout to names) on ``texts`` ({path: source text});
    returns ({path on the drive: text}, the names (shortnames.Names: {name: short name}, each
    module's own names in ``own``), {name: client text}). ``clients``
    ({name: text}): programs that run against these modules (the bench's guest), mapped,
    folded and renamed the same way. ``short``: false leaves the names as they are.
    ``join``: join each phase's modules into one (sim/build/merge.py) - for bytecode compiled
    on the host (``.mpy``, a freeze); a ``.py`` drive keeps them apart, because a board
    compiling one large module needs room for its whole parse at once. ``top``: the
    short-named modules at the top of the drive (sim/build/toplevel.py) - the ``.mpy`` drive."""
    # relayout
    texts = relayout.device_texts(texts)
    clients = {name: relayout.rewrite(text) for name, text in (clients or {}).items()}
    # docstrings
    texts = {path: devsrc.strip_docstrings(text) for path, text in texts.items()}
    # texts
    texts = textids.number(texts, root)
    # helpers
    texts = helpers.write_out(texts)
    # constants
    texts, clients = inline.fold(texts, keep=shortnames.KEEP, clients=clients)
    # unused
    texts = unused.drop(texts, clients)
    # join
    if join:
        texts, clients = merge.join(texts, root, clients=clients)
    # cold
    units = {}
    if join:
        texts = cold.split(texts, root)
        units = cold.units(texts, root)
    # top
    if top:
        texts, clients, units = toplevel.device_texts(texts, root, clients, units)
    # names
    names = shortnames.Names(*shortnames.plan_all(texts, clients, units)) if short else \
        shortnames.Names()
    return ({p: shortnames.apply(t, names.of(p)) for p, t in texts.items()}, names,
            {n: shortnames.apply(t, names.shared) for n, t in clients.items()})
