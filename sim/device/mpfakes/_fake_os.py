"""CircuitPython's os.getenv (settings.toml) for the seed and the analysis; fixed urandom."""

import _driver


def getenv(key, default=None):
    if key == "SKAT_SEED":
        return _driver.seed
    if key == "SKAT_ANALYSIS" and _driver.analysis:
        return _driver.analysis
    return default


def urandom(n):
    return bytes(n)
