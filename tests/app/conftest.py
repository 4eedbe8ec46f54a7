"""Fixtures of the app's in-process tests (tests/app)."""

import pytest

from sim.board.platform.session import own_heap


@pytest.fixture
def app_heap_of_its_own():
    """The app collects after each step (``gc.collect()``, as a board must); in a test process
    a collection scanned the whole process, which after the build's tests holds millions of
    their objects (twice these tests' time). As the simulator does (``own_heap``), what exists
    before the test is frozen out of the collector while it runs. The modules that drive the
    app in-process use it for every test (``pytestmark``)."""
    with own_heap():
        yield
