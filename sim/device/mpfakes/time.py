"""time for the WASI harness: a .py file on the path extends the built-in there
(_fake_time; the real interpreter gets it through sys.modules)."""

from _fake_time import *  # noqa: F401,F403
