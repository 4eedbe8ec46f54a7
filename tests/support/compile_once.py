"""Each module's source compiled once per test process (``install``).

Every simulator run is a fresh boot: it imports the app's ~60 modules anew
(sim/board/platform/session.py), ~450 boots in ``make test``. Where no bytecode is written
(PYTHONDONTWRITEBYTECODE, as on the machine the README's times come from) each of those
imports compiled its module from source again: ~35 s of the run's CPU. With ``install`` a
process keeps each code object by the file's path and its exact source bytes, so the same
source is compiled once and a changed one (a drive written anew) is compiled again. The
modules the app gets are the ones a compile gives, and each import still runs the module's
top level into a new module: only the compile is not repeated.
"""

from importlib import machinery

_COMPILE = machinery.SourceFileLoader.source_to_code


def _source_to_code(self, data, path, *, _optimize=-1):
    key = (path, bytes(data), _optimize)
    code = _CODE.get(key)
    if code is None:
        code = _CODE[key] = _COMPILE(self, data, path, _optimize=_optimize)
    return code


_CODE = {}


def install():
    """Compile each source once in this process (the module docstring); called again, nothing."""
    machinery.SourceFileLoader.source_to_code = _source_to_code
