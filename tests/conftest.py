"""Shared pytest setup: project root importable, tiers and marks, hypothesis profile, fixtures.

Tiers (Makefile; README "Tests"):
  make test      pytest -m "not slow and not measure": every rule, record, engine, solver,
                 bot and app test on the PyBadge, the heap-locked proofs, the device budgets
                 where CircuitPython's interpreter is found.
  make test-all  pytest -m "not measure": everything, the slow tier too (CI: .ci/run).
  make measure   pytest -m measure: measurements that assert nothing a release depends on;
                 they print the README's figures.
The Makefile runs make test and make test-all on a worker process per core (pytest-xdist,
``-n auto --dist worksteal``; ``make test JOBS=0`` runs them in one process): a test must
not need another test to have run before it in its process, nor share a fixed path with
one running at the same time, and its temporary folder lies one level deeper (popen-gwN/).

Marks:
  slow     -- test-all only: every board and both languages, fuzzing, every-frame rendering,
              the full brute-force comparisons, the WASI tours. Set by hand, and on board
              parametrisations by ``pytest_collection_modifyitems`` below: of a test's
              ``board`` cases the fast tier keeps the PyBadge (or, where a test has no PyBadge
              case, its first board) and the others are slow. A test that runs a smaller
              sample in the fast tier runs the full one as a slow case, and says why the
              small one still catches a bug.
  measure  -- a measurement: ``make measure`` runs it and prints its figures; neither
              ``make test`` nor ``make test-all`` does.
  mp       -- runs code in the 32-bit MicroPython harness (sim/device/mpharness.py).
"""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_stdlib_code_first():
    """The device entry point must be called code.py, which shadows the standard
    library's ``code`` module (pdb imports it) once the project root is on sys.path.
    Import the real one first, with the root off the path."""
    mod = sys.modules.get("code")
    if mod is not None and os.path.dirname(os.path.abspath(getattr(mod, "__file__", "") or "x")) == ROOT:
        del sys.modules["code"]
    saved = sys.path[:]
    sys.path[:] = [p for p in saved if os.path.abspath(p or os.curdir) != ROOT]
    try:
        import code  # noqa: F401
        import pdb  # noqa: F401
    finally:
        sys.path[:] = saved


_load_stdlib_code_first()
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


# Each module's source is compiled once per process: the simulator's fresh boots import the
# app anew hundreds of times (tests/support/compile_once.py).
from tests.support import compile_once  # noqa: E402

compile_once.install()

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # hypothesis is pinned in requirements.txt; keep collection alive
    settings = None

if settings is not None:
    # Six helpers share two cores: wall-clock deadlines would fail at random.
    settings.register_profile(
        "skat", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "skat"))


FAST_BOARD = "pybadge"


def _run_folder(tmp_path_factory, name):
    """A folder of the whole run's, beside the workers' own temporary folders."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session", autouse=True)
def _the_workers_share_the_builds_steps(tmp_path_factory):
    """The build's source steps run once per kind of drive for the whole run, not once per
    worker (sim/build/pipeline.py, ``SHARED``): a folder beside the workers' own."""
    from sim.build import pipeline
    with pytest.MonkeyPatch.context() as m:
        m.setenv(pipeline.SHARED, str(_run_folder(tmp_path_factory, "build-steps")))
        yield


@pytest.fixture(scope="session", autouse=True)
def _subprocesses_share_their_bytecode(tmp_path_factory):
    """The tests start ~100 Python subprocesses (``python -m sim ...``, the WASI harness's).
    Where PYTHONDONTWRITEBYTECODE is set, each compiled every module it imports anew; here
    they write their bytecode into a folder of the run's (PYTHONPYCACHEPREFIX), so the
    checkout gets no __pycache__ and the next subprocess reads what an earlier one wrote."""
    if "PYTHONDONTWRITEBYTECODE" not in os.environ:
        yield
        return
    with pytest.MonkeyPatch.context() as m:
        m.delenv("PYTHONDONTWRITEBYTECODE")
        m.setenv("PYTHONPYCACHEPREFIX", str(_run_folder(tmp_path_factory, "bytecode")))
        yield


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: test-all only (`make test-all`); `make test` "
                                       "skips it")
    config.addinivalue_line("markers", "measure: a measurement printing figures; only "
                                       "`make measure` runs it")
    config.addinivalue_line("markers", "mp: runs in the 32-bit MicroPython wasm harness")


@pytest.hookimpl(tryfirst=True)      # before -m deselects by the marks set here
def pytest_collection_modifyitems(config, items):
    """Board parametrisations: the fast tier keeps one board per test (module doc); the
    modules whose tests share a fixture of their own first (``_shared_setup_first``)."""
    fast = {}     # test function -> the board its fast case runs on
    for item in items:
        board = _board(item)
        if board is not None and (board == FAST_BOARD or item.function not in fast):
            fast[item.function] = board
    for item in items:
        board = _board(item)
        if board is not None and board != fast[item.function]:
            item.add_marker(pytest.mark.slow)
    _shared_setup_first(items)


def _shared_setup_first(items):
    """The modules with a module-scoped fixture (CircuitPython's drives and the evening, the
    bench, the built drives and freezes...) run before the others, in file order. Under
    pytest-xdist's worksteal the first worker takes the first half of the list and an idle
    worker takes the last half of the other's queue: a module whose tests were split that
    way made its fixture in both workers (the bench's 24 games twice, ~8 s), and one taken
    late (the CircuitPython budgets, ~45 s) left the other core idle at the end. At the
    front of the list they run first, where no worker takes them from another."""
    def shares_setup(item):
        info = getattr(item, "_fixtureinfo", None)
        return info is not None and any(
            d.scope in ("module", "package") for defs in info.name2fixturedefs.values()
            for d in defs)
    first = {item.module for item in items if shares_setup(item)}
    items[:] = [i for i in items if i.module in first] + [i for i in items
                                                            if i.module not in first]


# pytest leaves out folders named ``build`` (its default ``norecursedirs``): the build's tests
# live in tests/build/ and are collected all the same, unless ``--ignore`` names the folder.
BUILD_TESTS = os.path.join(ROOT, "tests", "build")


@pytest.hookimpl(tryfirst=True)
def pytest_ignore_collect(collection_path, config):
    if str(collection_path) == BUILD_TESTS and BUILD_TESTS not in [
            os.path.abspath(p) for p in config.getoption("ignore") or ()]:
        return False
    return None


def _board(item):
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("board") if callspec is not None else None


_FIGURES = []
_NOT_RUN = []


@pytest.fixture(autouse=True)
def _the_repositorys_skat_core_stays():
    """A test that runs another drive in this process (the simulator on a bundle) must leave
    the repository's modules and path behind it: one that leaks the drive's skat_core fails
    here by name, not every later test of its worker with a missing module."""
    path = list(sys.path)
    yield
    core = sys.modules.get("skat_core")
    if core is not None:
        where = os.path.abspath(getattr(core, "__file__", None) or "?")
        assert where == os.path.join(ROOT, "skat_core", "__init__.py"), (
            "skat_core left imported from " + where)
    added = [p for p in sys.path if p not in path
             and not os.path.abspath(p or os.curdir).startswith(ROOT)]
    assert not added, "left on sys.path: %s" % added


@pytest.fixture(scope="session")
def figures():
    """A list to append measured-figure lines to; printed at the end of the run (also
    under -q, where a passing test's stdout is hidden)."""
    return _FIGURES


@pytest.fixture(scope="session")
def not_run():
    """A list of checks that could not run here (a tool missing) with the reason: printed
    in a section of their own at the end, so a skip is not lost in a count."""
    return _NOT_RUN


def pytest_sessionfinish(session):
    """In an xdist worker (``make test`` runs one per core): hand the lists to the controller,
    which prints them (``pytest_testnodedown``)."""
    out = getattr(session.config, "workeroutput", None)
    if out is not None:
        out["skat_figures"] = list(_FIGURES)
        out["skat_not_run"] = list(_NOT_RUN)


@pytest.hookimpl(optionalhook=True)        # an xdist hook: defined only where xdist is
def pytest_testnodedown(node, error):
    out = getattr(node, "workeroutput", None) or {}
    _FIGURES.extend(out.get("skat_figures", ()))
    _NOT_RUN.extend(out.get("skat_not_run", ()))


def pytest_terminal_summary(terminalreporter):
    if _NOT_RUN:
        terminalreporter.section("CHECKS NOT RUN HERE")
        for line in sorted(set(_NOT_RUN)):
            terminalreporter.write_line(line)
    if _FIGURES:
        terminalreporter.section("measured figures")
        for line in _FIGURES:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def project_root():
    """Absolute path of the project (what the harness preopens as /input)."""
    return ROOT


@pytest.fixture(scope="session")
def run_mp():
    """sim.device.mpharness.run_mp: run code in the 32-bit MicroPython (see its docstring)."""
    from sim.device.mpharness import run_mp as _run_mp
    return _run_mp
