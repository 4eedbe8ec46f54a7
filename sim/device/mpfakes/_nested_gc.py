"""The WASI harness's ``gc`` for the app (tests/device/test_app_memory.py): the app collects inside
nested calls (``App.load_table``, as a board's automatic GC would), which corrupts this
build's heap (sim/device/mpharness.py); here its collections do nothing and the guest collects at
its top level. Everything else is the real module. Installed into ``sys.modules`` before the
app's modules are imported, so their ``import gc`` finds it."""

import gc as _gc
import sys


class _Gc:
    pass


def install():
    g = _Gc()
    for name in ("disable", "enable", "isenabled", "mem_alloc", "mem_free", "threshold"):
        if hasattr(_gc, name):
            setattr(g, name, getattr(_gc, name))
    g.collect = lambda: None
    sys.modules["gc"] = g
