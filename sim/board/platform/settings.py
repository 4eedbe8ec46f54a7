"""settings.toml and ``os.getenv`` as CircuitPython has them, for the app in the simulator.

CircuitPython answers ``os.getenv(key)`` from the drive's ``settings.toml`` at every call.
What comes back depends on the firmware (its sources: shared-module/os/getenv.c up to 10.1,
supervisor/shared/settings.c from 10.2):

- ``"typed"`` (CircuitPython 9.x to 10.1; the simulator's default): ``KEY = "text"`` gives
  the str (escapes ``\\n \\t \\" \\\\ \\uXXXX`` ... decoded), a bare ``KEY = 7`` or ``0x7f``
  an int (parsed as ``int(x, 0)``); any other bare value (``abc``, ``1.5``, ``true``, an
  empty one) and a broken string (no closing quote, text after it) **raise ValueError**.
- ``"text"`` (10.2 and later): every value as a str (a bare one as written, up to a comment,
  trailing blanks cut); a malformed value gives the default.

The first line with the key wins; comments and blank lines are skipped; nothing after a
``[table]`` header is read. A missing key gives the default.

In the simulator (sim/board/platform/session.py) the file is the drive's ``settings.toml`` beside
code.py, or the one given by ``--settings FILE`` (``run_headless(settings=TEXT)``), at most
MAX_BYTES; ``--seed N`` puts ``SKAT_SEED = N`` in front of it. A key the file does not hold
falls back to the environment, as a str (what a quoted value gives), except SKAT_SEED,
which only ``--seed`` and the file set.
"""

import os

from sim.cli import board_int

MAX_BYTES = 1 << 16          # a settings.toml is a few lines
TYPED = "typed"
TEXT = "text"
ENV_EXCLUDED = ("SKAT_SEED",)


class SettingsFileError(ValueError):
    """A settings.toml the simulator cannot use (too large, not UTF-8); names the file."""


_ESCAPES = {"b": "\b", "r": "\r", "n": "\n", "t": "\t", "v": "\v", "f": "\f"}
_BLANK = " \t\r\f\v"


class _Bad(Exception):
    """A malformed value (CircuitPython: ValueError "Invalid byte ...")."""


def _invalid(ch):
    return _Bad("Invalid byte %r" % (ch if ch else "EOF"))


def _string(text, i):
    """The quoted string whose content starts at ``i`` (after the quote)."""
    out = []
    n = len(text)
    while True:
        ch = text[i] if i < n else ""
        i += 1
        if ch in ("", "\n"):
            raise _invalid(ch)
        if ch == '"':
            while i < n and text[i] in _BLANK:
                i += 1
            ch = text[i] if i < n else ""
            if ch in ("", "\n", "#"):
                return "".join(out)
            raise _invalid(ch)
        if ch == "\\":
            ch = text[i] if i < n else ""
            i += 1
            if ch in ("", "\n"):
                raise _invalid(ch)
            if ch in ("u", "U"):
                size = 4 if ch == "u" else 8
                digits = text[i:i + size]
                i += size
                try:
                    code = int(digits, 16) if len(digits) == size and digits.isascii() \
                        and all(c in "0123456789abcdefABCDEF" for c in digits) else -1
                except ValueError:
                    code = -1
                if code < 0:
                    raise _invalid(digits[-1:] or "")
                if code >= 0x110000:
                    raise _Bad("Invalid unicode escape")
                out.append(chr(code))
                continue
            ch = _ESCAPES.get(ch, ch)
        out.append(ch)


def _value(text, i, flavour):
    """The value that starts after the ``=`` at ``i``."""
    n = len(text)
    while i < n and text[i] in _BLANK:
        i += 1
    if i < n and text[i] == '"':
        return _string(text, i + 1)
    end = i
    while end < n and text[end] not in "\n#":
        end += 1
    raw = text[i:end]
    if flavour == TEXT:
        raw = raw.rstrip(" \t\r")
        if not raw:
            raise _Bad("empty value")
        return raw
    try:
        return board_int(raw)
    except ValueError:
        raise _Bad("invalid syntax for integer with base 0: %r" % raw)


def lookup(text, key, default=None, flavour=TYPED):
    """``os.getenv(key, default)`` over the settings.toml ``text`` (module doc)."""
    found, value = _find(text, key, flavour)
    return value if found and value is not None else default


def _find(text, key, flavour):
    """(True, value) when ``text`` holds ``key`` (value None: malformed, "text" flavour),
    else (False, None); ValueError for a malformed value in the "typed" flavour."""
    for line_start, line in _lines(text):
        body = line.lstrip(_BLANK)
        if body.startswith("["):
            break
        if not body.startswith(key):
            continue
        rest = body[len(key):]
        after = rest.lstrip(_BLANK)
        if not after.startswith("="):
            continue
        at = line_start + (len(line) - len(after)) + 1
        try:
            return True, _value(text, at, flavour)
        except _Bad as e:
            if flavour == TEXT:
                return True, None
            raise ValueError(str(e))
    return False, None


def _lines(text):
    start = 0
    for line in text.split("\n"):
        yield start, line
        start += len(line) + 1


def read_file(path):
    """The text of the settings file ``path`` (None: no such file); SettingsFileError for a
    file the firmware could not read either (too large, not UTF-8, not a file)."""
    from sim import cli  # pylint: disable=import-outside-toplevel
    if path is None or not os.path.lexists(path):
        return None
    try:
        return cli.read_text(path, MAX_BYTES, "a settings.toml is a few lines")
    except cli.InputError as e:
        raise SettingsFileError(str(e))


class Settings:
    """The drive's settings.toml as the app's ``os.getenv`` sees it."""

    def __init__(self, text=None, seed=None, flavour=TYPED, environ=None):
        if flavour not in (TYPED, TEXT):
            raise ValueError("flavour must be %r or %r" % (TYPED, TEXT))
        head = "" if seed is None else "SKAT_SEED = %d\n" % int(seed)
        self.text = head + (text or "")
        self.flavour = flavour
        self.environ = os.environ if environ is None else environ

    def getenv(self, key, default=None):
        found, value = _find(self.text, key, self.flavour)
        if found:
            return default if value is None else value
        if key not in ENV_EXCLUDED and key in self.environ:
            return self.environ[key]
        return default
