"""Reading a file the player or the disk supplies: only a regular file,
opened without blocking, within a size limit.

A named pipe (FIFO) in a file's place would otherwise make the open wait for
a writer for ever (and the game would ignore SIGTERM); a device such as
``/dev/zero`` would never end. :func:`read_regular_file` and
:func:`open_regular` refuse both with :class:`NotRegularFile`, a file over
its reader's limit with :class:`FileTooLarge`, and :func:`is_special_file`
says by ``stat`` alone whether something other than a regular file is at a
path. A shared leaf of :mod:`game`: it imports only :mod:`game.i18n` (for the
words of :class:`NotRegularFile`), so the rules' record reader and every
loader of the services use the same one.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import BinaryIO

from game.i18n import _

__all__ = ["NotRegularFile", "FileTooLarge", "MAX_JSON_BYTES", "open_regular", "read_regular_file",
           "is_special_file"]

MAX_JSON_BYTES = 16 * 1024 * 1024
"""The largest settings, statistics, seats, profiles or finished-games index
file read (none comes anywhere near it); a larger one is not usable."""


class NotRegularFile(OSError):
    """Something other than a regular file where a file is read: a named pipe
    (FIFO), a device, a socket or a folder. It is never read (a named pipe
    would wait for a writer for ever) and never moved aside or deleted as a
    damaged file would be: it is left where it is.

    An ``OSError`` (``errno`` ``EISDIR`` for a folder, else ``EINVAL``), so
    every loader's "could not be opened ({error})" handling reports it;
    ``strerror`` says what it is in the player's language ("it is a named
    pipe, not a file"), ``filename`` is the path."""


class FileTooLarge(ValueError):
    """A regular file larger than its reader's limit, refused by its size
    before a byte is read. ``size`` is its size in bytes (at least), ``limit``
    the limit; a ``ValueError``, as for a file whose content is unusable."""

    def __init__(self, path: str | os.PathLike, size: int, limit: int):
        super().__init__(f"{os.fspath(path)} is larger than {limit:,} bytes (at least {size:,} bytes)")
        self.filename, self.size, self.limit = os.fspath(path), size, limit


def _not_regular(path: str | os.PathLike, mode: int) -> NotRegularFile:
    if stat.S_ISDIR(mode):
        # TRANSLATORS: this and the next four say why a file was not read, in
        # brackets: "Your settings file could not be opened (it is a folder,
        # not a file); the defaults are used."
        return NotRegularFile(errno.EISDIR, _("it is a folder, not a file"), os.fspath(path))
    if stat.S_ISFIFO(mode):
        # TRANSLATORS: a named pipe (FIFO) is a special file that programs pass data through
        what = _("it is a named pipe, not a file")
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        what = _("it is a device, not a file")
    elif stat.S_ISSOCK(mode):
        what = _("it is a socket, not a file")
    else:
        what = _("it is not a regular file")
    return NotRegularFile(errno.EINVAL, what, os.fspath(path))


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def open_regular(path: str | os.PathLike) -> BinaryIO:
    """``path`` opened for reading in binary mode, if it is a regular file.

    Opened with ``O_RDONLY | O_NONBLOCK`` (so a named pipe with no writer
    does not block the open), then the opened descriptor is ``fstat``-ed and
    anything but a regular file is closed and refused; ``O_NONBLOCK`` is then
    cleared. Where the OS has no ``O_NONBLOCK`` (Windows) the path is
    ``stat``-ed before it is opened. Symbolic links are followed (to a
    regular file they are fine). Returns an ordinary buffered binary file
    object (``with open_regular(p) as f: f.read(n)``).

    Raises :class:`NotRegularFile` for a named pipe, device, socket or
    folder, ``FileNotFoundError`` when nothing is there, and any other
    ``OSError`` the OS gives (no permission...)."""
    if not _NONBLOCK:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise _not_regular(path, st.st_mode)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:  # a socket cannot be opened at all (ENXIO): say what it is
        try:
            mode = os.stat(path).st_mode
        except OSError:
            raise exc from None
        if stat.S_ISREG(mode):
            raise
        raise _not_regular(path, mode) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _not_regular(path, st.st_mode)
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular_file(path: str | os.PathLike, max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``max_bytes``.

    Opened by :func:`open_regular` (never blocks on a named pipe, never reads
    a device, socket or folder). A file whose size (``fstat``) is over
    ``max_bytes`` is refused before a byte is read; one that grows past it
    while being read is refused too, having read at most ``max_bytes + 1``.

    Raises :class:`NotRegularFile`, ``FileNotFoundError`` or another
    ``OSError`` as :func:`open_regular`, and :class:`FileTooLarge` (a
    ``ValueError``) for a file over the limit."""
    with open_regular(path) as f:
        size = os.fstat(f.fileno()).st_size
        if size > max_bytes:
            raise FileTooLarge(path, size, max_bytes)
        data = f.read(size + 1)  # not a max_bytes buffer for every small file
        if len(data) > size:  # it grew since the fstat: read on, up to the limit
            data += f.read(max_bytes + 1 - len(data))
    if len(data) > max_bytes:
        raise FileTooLarge(path, len(data), max_bytes)
    return data


def is_special_file(path: str | os.PathLike) -> bool:
    """True when something other than a regular file (a named pipe, device,
    socket or folder; a symbolic link is followed) is at ``path``; False for
    a regular file, nothing, or a path that cannot be ``stat``-ed. Only
    ``stat``-s, which never blocks on a named pipe: used before a load's own
    repair writes over a file, so a special file is left where it is."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False
