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
- ``sim/__main__.py`` ends a tool quietly when its reader goes away (``| head -1``).
"""

import argparse
import os
import select
import stat
import sys

WAIT_NOTICE_S = 1.0          # a pipe silent this long is named on stderr (then read on)


class InputError(Exception):
    """An input file that cannot be used. ``kind``: "missing", "directory", "permission",
    "unreadable", "too_large", "binary"; ``str()`` is the message (the path and what is
    wrong, without the argument's name)."""

    def __init__(self, kind, message):
        Exception.__init__(self, message)
        self.kind = kind


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit status 2)."""

    def error(self, message):
        self.exit(2, "%s: %s\n" % (self.prog, message))

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
    unwritable parent folder), else None. Nothing is created."""
    if os.path.isdir(path):
        return "%s is a directory, not a file" % path
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        return "the folder %s does not exist" % parent
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "%s: permission denied" % path
    if not os.path.exists(path) and not os.access(parent, os.W_OK):
        return "cannot write into the folder %s" % parent
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
    if not os.path.lexists(path):
        parent = os.path.dirname(os.path.abspath(path))
        if os.path.exists(parent) and not os.path.isdir(parent):
            return "%s is a file, not a folder" % parent
        return None
    if not os.path.isdir(path) or os.path.islink(path):
        return "%s exists and is not a folder" % path
    try:
        empty = not os.listdir(path)
    except OSError as e:
        return "cannot read the folder %s (%s)" % (path, e.strerror or e)
    if empty or all(os.path.exists(os.path.join(path, m)) for m in marks):
        return None
    return ("%s is a folder this tool did not write (it lacks %s): it would be deleted and "
            "rewritten, so it is left alone; name a new or empty folder"
            % (path, " and ".join(marks)))
