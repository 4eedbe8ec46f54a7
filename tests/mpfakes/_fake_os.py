"""CircuitPython's os.getenv (settings.toml) for the seed; fixed urandom."""

import _driver


def getenv(key, default=None):
    if key == "SKAT_SEED":
        return _driver.seed
    return default


def urandom(n):
    return bytes(n)
