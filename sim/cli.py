"""What every ``python -m sim`` tool shares at its command line (host only, never on a board).

- ``Parser``: argparse, but a mistake is ONE line on stderr, ``python -m sim TOOL: argument
  --keys: ...``, and exit status 2 (argparse's own adds the usage: ``--help`` has it).
- ``read_input``: the bytes of an input file (``-`` is stdin) read with a size limit: a
  missing file, a directory, a file past the limit each raise ``InputError`` with a one-line
  message; a regular file's size is checked before anything is read, so ``/dev/zero`` or a
  huge file costs at most ``limit`` bytes. Nothing waits silently: a terminal is told at once
  what is being read and how to end it, a pipe or FIFO with nothing written to it yet after a
  second (and a FIFO's open never waits for its writer).
- ``read_text``: the same, as UTF-8 text without NUL bytes (a binary file is refused).
- ``out_dir`` / ``out_file``: an output path checked before the work starts (an existing
  file where a folder is wanted, a folder where a file is wanted, a missing parent).
- ``atomic_file`` / ``atomic_tree``: an output written beside its target under a temporary
  name (``.NAME.partial-PID-XXXX``) and renamed into place only when it is complete. An
  interrupted run (Ctrl-C, a full disk, a crash) leaves the previous output as it was, and
  the next run clears what a dead run left behind: no folder half written, no file cut short.
- ``sim/__main__.py`` ends a tool quietly when its reader goes away (``| head -1``).
"""

import argparse
import contextlib
import errno
import os
import select
import shutil
import signal
import stat
import sys
import tempfile

WAIT_NOTICE_S = 1.0          # a pipe silent this long is named on stderr (then read on)


class InputError(Exception):
    """An input file that cannot be used. ``kind``: "missing", "directory", "permission",
    "unreadable", "too_large", "binary"; ``str()`` is the message (the path and what is
    wrong, without the argument's name)."""

    def __init__(self, kind, message):
        Exception.__init__(self, message)
        self.kind = kind


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit status 2), and a help text that cannot be written
    (``--help >/dev/full``) is an error like any output's (sim/__main__.py answers it in one
    line) instead of argparse's silence and exit status 0."""

    def error(self, message):
        self.exit(2, "%s: %s\n" % (self.prog, message))

    def _print_message(self, message, file=None):
        if message:
            file = file or sys.stderr
            file.write(message)
            file.flush()

    def fail(self, arg, message):
        """One line naming the argument ``arg`` and what is wrong with it; exit status 2."""
        self.error("argument %s: %s" % (arg, message))


def int_range(lo, hi=None):
    """An argparse type: an int in [lo, hi] (hi None: no upper bound)."""
    def parse(text):
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a whole number" % text)
        if v < lo or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError(
                "%d is out of range (%s)" % (v, "%d..%d" % (lo, hi) if hi is not None
                                              else "at least %d" % lo))
        return v
    return parse


def _os_error(path, e):
    if isinstance(e, FileNotFoundError):
        return InputError("missing", "%s: no such file" % path)
    if isinstance(e, IsADirectoryError):
        return InputError("directory", "%s is a directory, not a file" % path)
    if isinstance(e, PermissionError):
        return InputError("permission", "%s: permission denied" % path)
    return InputError("unreadable", "%s: cannot read it (%s)" % (path, e.strerror or e))


def _too_large(path, limit, what):
    return InputError("too_large", "%s is too large: more than %d bytes (%s)" % (
        path, limit, what))


def read_input(path, limit, what="", prog="python -m sim", log=None):
    """The bytes of ``path`` (``-``: standard input), at most ``limit``; InputError else.
    ``what`` says in the too-large message what such a file holds ("a key script is a few
    KB"). ``log`` (default: stderr) gets the one line said before waiting on a terminal or
    a silent pipe."""
    log = sys.stderr if log is None else log
    name = "standard input" if path == "-" else path
    if path == "-":
        try:
            fd = sys.stdin.fileno()
            os.fstat(fd)
        except (AttributeError, ValueError, OSError):     # started with stdin closed (<&-)
            raise InputError("missing", "standard input is closed")
        own = False
    else:
        try:
            st = os.stat(path)
        except OSError as e:
            raise _os_error(path, e)
        if stat.S_ISDIR(st.st_mode):
            raise InputError("directory", "%s is a directory, not a file" % path)
        if stat.S_ISREG(st.st_mode) and st.st_size > limit:
            raise _too_large(path, limit, what)
        try:
            # O_NONBLOCK: opening a FIFO must not wait for a writer (read below waits, and
            # says so); every read goes through select first.
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as e:
            raise _os_error(path, e)
        own = True
    try:
        said = False
        if os.isatty(fd):
            log.write("%s: reading %s from the terminal: type it, then Ctrl-D on a line of "
                      "its own\n" % (prog, name))
            log.flush()
            said = True
        chunks = []
        total = 0
        while True:
            ready = select.select([fd], [], [], WAIT_NOTICE_S)[0]
            if not ready:
                if not said:
                    log.write("%s: waiting for %s: %s (Ctrl-C stops)\n" % (
                        prog, name, "nothing written to it yet" if not total
                        else "%d bytes so far, no end yet" % total))
                    log.flush()
                    said = True
                continue
            try:
                b = os.read(fd, min(1 << 16, limit + 1 - total))
            except BlockingIOError:
                continue
            except OSError as e:
                raise _os_error(name, e)
            if not b:
                break
            chunks.append(b)
            total += len(b)
            if total > limit:
                raise _too_large(name, limit, what)
        return b"".join(chunks)
    finally:
        if own:
            os.close(fd)


def read_text(path, limit, what="", prog="python -m sim", log=None):
    """``read_input`` as text: UTF-8 without NUL bytes, else InputError("binary")."""
    data = read_input(path, limit, what, prog, log)
    name = "standard input" if path == "-" else path
    nul = data.find(b"\0")
    if nul >= 0:
        raise InputError("binary", "%s is a binary file, not text (a NUL byte at %d)"
                         % (name, nul))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError("binary", "%s is not UTF-8 text (byte %d)" % (name, e.start))


def out_dir(path):
    """Make sure the folder ``path`` exists (created with its parents); a message (str) when
    it cannot be one, else None."""
    if os.path.exists(path) and not os.path.isdir(path):
        return "%s exists and is not a directory" % path
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        return "cannot create the directory %s (%s)" % (path, e.strerror or e)
    if not os.access(path, os.W_OK):
        return "cannot write into the directory %s" % path
    return None


def out_file(path):
    """A message (str) when ``path`` cannot be written as a file (a directory, a missing or
    unwritable parent folder, a read-only file system), else None. Nothing is left behind:
    the folder is tried with a temporary file (what ``atomic_file`` writes first)."""
    if os.path.isdir(path):
        return "%s is a directory, not a file" % path
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        return "the folder %s does not exist" % parent
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "%s: permission denied" % path
    return try_folder(parent)


def try_folder(folder):
    """A message when no file can be created in ``folder`` (its nearest existing ancestor
    when it is missing: the folders are made later), else None; the probe is removed."""
    folder = os.path.abspath(folder)
    while not os.path.lexists(folder):
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        return "%s is a file, not a folder" % folder
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".probe%s%d-" % (PARTIAL, os.getpid()))
    except OSError as e:
        return "cannot write into the folder %s (%s)" % (folder, e.strerror or e)
    os.close(fd)
    os.unlink(probe)
    return None


def in_file(path):
    """A message (str) when ``path`` is not an existing regular file, else None."""
    if not os.path.exists(path):
        return "%s: no such file" % path
    if os.path.isdir(path):
        return "%s is a directory, not a file" % path
    if not os.path.isfile(path):
        return "%s is not a regular file" % path
    if not os.access(path, os.R_OK):
        return "%s: permission denied" % path
    return None


def out_tree(path, marks):
    """A message (str) when the folder ``path``, which a tool deletes and writes anew, must
    not be deleted: it is a file, or a non-empty folder without the files ``marks`` that the
    tool's own output always holds (someone's other folder named by mistake). None when it
    is missing, empty or the tool's own earlier output; nothing is touched here."""
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.lexists(path):
        if os.path.exists(parent) and not os.path.isdir(parent):
            return "%s is a file, not a folder" % parent
        # The tree is written beside ``path`` and renamed into place (atomic_tree).
        return try_folder(parent)
    if not os.path.isdir(path) or os.path.islink(path):
        return "%s exists and is not a folder" % path
    try:
        empty = not os.listdir(path)
    except OSError as e:
        return "cannot read the folder %s (%s)" % (path, e.strerror or e)
    if empty or all(os.path.exists(os.path.join(path, m)) for m in marks):
        return try_folder(parent)
    return ("%s is a folder this tool did not write (it lacks %s): it would be deleted and "
            "rewritten, so it is left alone; name a new or empty folder"
            % (path, " and ".join(marks)))


# ---- outputs written whole or not at all ---------------------------------------------------

PARTIAL = ".partial-"       # .NAME.partial-PID-XXXX: a temporary output beside NAME
OLD = ".old-"               # .NAME.old-PID-XXXX: the previous folder while it is replaced


def _umask_mode(mode):
    """``mode`` as a new file or folder gets it under the process's umask (mkstemp and
    mkdtemp create theirs private: 0600 and 0700)."""
    mask = os.umask(0)
    os.umask(mask)
    return mode & ~mask


def _alive(pid):
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:             # another user's process: alive
        return True
    return True


def clear_leftovers(path):
    """Remove what a run that died before it could clean up (SIGKILL, power loss) left
    beside ``path``: ``.NAME.partial-PID-*`` and ``.NAME.old-PID-*`` whose process is gone.
    A run still going (its PID alive) keeps its own."""
    parent, name = os.path.split(os.path.abspath(path))
    try:
        entries = os.listdir(parent)
    except OSError:
        return
    for entry in entries:
        for mark in (PARTIAL, OLD):
            head = "." + name + mark
            if not entry.startswith(head):
                continue
            pid = entry[len(head):].split("-", 1)[0]
            if not pid.isdigit() or not pid.isascii() or _alive(int(pid)):
                continue
            full = os.path.join(parent, entry)
            if os.path.isdir(full) and not os.path.islink(full):
                shutil.rmtree(full, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(full)


@contextlib.contextmanager
def _sigint_deferred():
    """Ctrl-C waits until the block is done (a rename pair that must not be split)."""
    got = []
    try:
        previous = signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
    except ValueError:          # not the main thread: nothing to defer there
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if got:
            if callable(previous):
                previous(signal.SIGINT, None)
            elif previous == signal.default_int_handler or previous == signal.SIG_DFL:
                raise KeyboardInterrupt


@contextlib.contextmanager
def atomic_file(path, mode="w", encoding=None):
    """Open a temporary file beside ``path`` for writing (``mode`` "w" or "wb"); when the
    block ends normally it replaces ``path`` (keeping that file's permission bits), else it
    is removed and ``path`` is left as it was."""
    if mode not in ("w", "wb"):
        raise ValueError("atomic_file writes: mode 'w' or 'wb'")
    path = os.path.abspath(path)
    parent, name = os.path.split(path)
    clear_leftovers(path)
    fd, tmp = tempfile.mkstemp(dir=parent, prefix=".%s%s%d-" % (name, PARTIAL, os.getpid()))
    try:
        try:
            keep = stat.S_IMODE(os.stat(path).st_mode)
        except OSError:
            keep = _umask_mode(0o666)
        os.chmod(tmp, keep)
        with os.fdopen(fd, mode, encoding=encoding) as f:
            fd = None
            yield f
        os.replace(tmp, path)
        tmp = None
    finally:
        if fd is not None:
            os.close(fd)
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def write_file(path, data, encoding=None):
    """``data`` (str or bytes) as the whole of ``path``, through ``atomic_file``."""
    with atomic_file(path, "wb" if isinstance(data, (bytes, bytearray)) else "w",
                     encoding=encoding) as f:
        f.write(data)


@contextlib.contextmanager
def atomic_tree(path):
    """Yield a new, empty temporary folder beside ``path`` to write a whole output tree
    into; when the block ends normally the tree takes ``path``'s place (the previous tree,
    if any, is deleted after the swap), else the temporary folder is deleted and ``path``
    is left as it was. The parent folder is created when missing."""
    path = os.path.abspath(path)
    parent, name = os.path.split(path)
    os.makedirs(parent, exist_ok=True)
    clear_leftovers(path)
    prefix = ".%s%s%d-" % (name, PARTIAL, os.getpid())
    tmp = tempfile.mkdtemp(dir=parent, prefix=prefix)
    try:
        os.chmod(tmp, _umask_mode(0o777))
        yield tmp
        old = None
        with _sigint_deferred():
            if os.path.lexists(path):
                old = tempfile.mkdtemp(dir=parent, prefix=".%s%s%d-" % (name, OLD, os.getpid()))
                os.replace(path, old)       # an empty folder is replaced by a rename
            try:
                os.rename(tmp, path)
            except BaseException:
                if old is not None:
                    os.rename(old, path)
                raise
            tmp = None
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def worker_ignores_sigint():
    """A multiprocessing.Pool ``initializer``: Ctrl-C is the parent's to answer (one line,
    sim/__main__.py; leaving the pool's ``with`` ends the workers), not a traceback from
    every worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# ---- numbers as the board reads them ------------------------------------------------------

_SPACE = " \t\n\v\f\r"        # MicroPython's unichar_isspace: ASCII only


def board_int(text):
    """``int(text, 0)`` as CircuitPython computes it (MicroPython's mp_parse_num_integer,
    which the firmware's settings.toml reader uses for a bare value too), not as CPython
    does: only ASCII counts. CPython's int() also reads other scripts' digits ("١٢٣",
    fullwidth "１２３") and Unicode spaces (U+00A0, U+2002 ...): CircuitPython refuses them
    with ValueError. Like CircuitPython: blanks around, a sign, a 0x/0o/0b prefix, ``_``
    between digits anywhere after the prefix ("1_", "1__0"); "010" refused as by base 0."""
    if not isinstance(text, str):
        raise TypeError("board_int reads a str")
    if not text.isascii():
        raise ValueError("invalid syntax for integer with base 0: %r" % text)
    i, n = 0, len(text)
    while i < n and text[i] in _SPACE:
        i += 1
    sign = 1
    if i < n and text[i] in "+-":
        sign = -1 if text[i] == "-" else 1
        i += 1
    base = 10
    if text[i:i + 2].lower() in ("0x", "0o", "0b"):
        base = {"x": 16, "o": 8, "b": 2}[text[i + 1].lower()]
        i += 2
    start = i
    value = 0
    digits = ""
    while i < n:
        ch = text[i]
        if ch == "_":
            i += 1
            continue
        d = "0123456789abcdefghijklmnopqrstuvwxyz".find(ch.lower())
        if d < 0 or d >= base:
            break
        value = value * base + d
        digits += ch
        i += 1
    end = i
    while i < n and text[i] in _SPACE:
        i += 1
    if end == start or i != n or (base == 10 and len(digits) > 1 and digits[0] == "0"
                                  and value != 0):
        raise ValueError("invalid syntax for integer with base 0: %r" % text)
    return sign * value
