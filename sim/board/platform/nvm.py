"""microcontroller.nvm for the simulator: a bytearray-like view of a file.

Like the device: fixed size, indexing returns ints, slicing returns a bytearray, slice
assignment must keep the length (each assignment is one flash erase+write on the device),
new memory reads 0xFF (erased flash). Every assignment is written through to the file at
once, so a run that is killed leaves the file as the board's flash would be.

The file is the board's whole nvm: exactly its size (8 KB or 4 KB, boards.py), or empty or
missing (an erased board, written at once). Anything else - another size (another board's
image, or some other file named by mistake), a directory, a device or a pipe - raises
``NvmFileError`` before a byte is read or written: the file is never padded, cut or
overwritten, and at most the board's size is read.

Power-cut simulation: with ``power_cut_after_writes=n`` the first n assignments complete;
during assignment n+1 only the first ``power_cut_bytes`` bytes of the new data reach the
file, then ``PowerCut`` is raised, which ends the app like a reset.
"""

import os
import stat


class PowerCut(SystemExit):
    """The simulated board lost power in the middle of an nvm write."""


class NvmFileError(ValueError):
    """The file cannot be this board's nvm image; the message names the file and why."""


class FileNVM:
    def __init__(self, path, size, power_cut_after_writes=None, power_cut_bytes=0):
        self.path = path
        self.size = size
        self.writes = 0
        self.power_cut_after_writes = power_cut_after_writes
        self.power_cut_bytes = power_cut_bytes
        data = read_image(path, size)
        if unwritable(path):
            raise NvmFileError(unwritable(path))
        try:
            if data is None:
                # A new board (a missing or empty file): erased flash.
                self._data = bytearray(b"\xff" * size)
                self._save(0, self._data)
            else:
                self._data = bytearray(data)
        except OSError as e:
            raise NvmFileError("%s: cannot write the nvm image (%s)" % (path, e.strerror or e))

    def _save(self, start, chunk):
        if self.path is None:
            return
        mode = "r+b" if os.path.exists(self.path) else "w+b"
        if mode == "w+b":
            d = os.path.dirname(self.path)
            if d:
                os.makedirs(d, exist_ok=True)
        with open(self.path, mode) as f:
            if mode == "w+b":
                f.write(bytes(self._data))
            f.seek(start)
            f.write(bytes(chunk))

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1:
                raise NotImplementedError("only slices with step 1")
            value = bytes(value)
            if len(value) != max(0, stop - start):
                raise ValueError("Slice and value different lengths")
        else:
            if index < 0:
                index += self.size
            if not 0 <= index < self.size:
                raise IndexError("index out of range")
            if not 0 <= value <= 255:
                raise ValueError("bytes value out of range")
            start, value = index, bytes((value,))
        if self.power_cut_after_writes is not None \
                and self.writes >= self.power_cut_after_writes:
            part = value[:self.power_cut_bytes]
            self._data[start:start + len(part)] = part
            self._save(start, part)
            self.writes += 1
            raise PowerCut("power cut during nvm write %d after %d of %d bytes"
                           % (self.writes, len(part), len(value)))
        self._data[start:start + len(value)] = value
        self._save(start, value)
        self.writes += 1

    def bytes(self):
        return bytes(self._data)


def unwritable(path):
    """A message when the nvm image ``path`` cannot be written (a read-only file or folder:
    every save of the app writes through to it), else None; nothing is changed. Checked
    before the run, not at the app's first save."""
    if path is None:
        return None
    if os.path.exists(path):
        try:
            os.close(os.open(path, os.O_WRONLY))
        except OSError as e:
            return ("%s cannot be written (%s): the board's saves go there; give a writable "
                    "--nvm" % (path, e.strerror or e))
        return None
    from sim import cli  # pylint: disable=import-outside-toplevel
    if cli.try_folder(os.path.dirname(os.path.abspath(path))):
        return "%s cannot be created (%s): the board's saves go there; give a writable --nvm" % (
            path, cli.try_folder(os.path.dirname(os.path.abspath(path))))
    return None


def read_image(path, size):
    """The ``size`` bytes of the image file ``path``, or None for a new board (no file, or
    an empty one); NvmFileError for anything that is not an image of that size."""
    if path is None:
        return None
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise NvmFileError("%s: cannot use it (%s)" % (path, e.strerror or e))
    if stat.S_ISDIR(st.st_mode):
        raise NvmFileError("%s is a directory, not an nvm image file" % path)
    if not stat.S_ISREG(st.st_mode):
        raise NvmFileError("%s is not a regular file: an nvm image is a file of exactly %d bytes"
                           % (path, size))
    if st.st_size == 0:
        return None
    if st.st_size != size:
        raise NvmFileError("%s holds %d bytes, but this board's nvm image is exactly %d bytes "
                           "(another board's image, or not an nvm image): left as it is"
                           % (path, st.st_size, size))
    try:
        with open(path, "rb") as f:
            data = f.read(size + 1)
    except OSError as e:
        raise NvmFileError("%s: cannot read it (%s)" % (path, e.strerror or e))
    if len(data) != size:
        raise NvmFileError("%s changed while it was read" % path)
    return data
