"""Shared pytest setup: project root importable, marks, hypothesis profile, fixtures.

Marks:
  slow  -- long runs (the 200-game heap-locked proof, benchmarks). `make test` runs
           them; `make test-fast` (pytest -m "not slow") skips them while developing.
  mp    -- runs code in the 32-bit MicroPython harness (tests/mpharness.py).
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

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # hypothesis is pinned in requirements.txt; keep collection alive
    settings = None

if settings is not None:
    # Six helpers share two cores: wall-clock deadlines would fail at random.
    settings.register_profile(
        "skat", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "skat"))


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long run; skipped by `make test-fast`")
    config.addinivalue_line("markers", "mp: runs in the 32-bit MicroPython wasm harness")


_FIGURES = []
_NOT_RUN = []


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
    """tests.mpharness.run_mp: run code in the 32-bit MicroPython (see its docstring)."""
    from tests.mpharness import run_mp as _run_mp
    return _run_mp
