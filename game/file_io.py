"""Writing and reading one file safely (the helpers every loader shares).

* :func:`read_regular_file`, :func:`open_regular`: the one way a file the
  player or the disk supplies is read: only a regular file, opened without
  blocking (a named pipe in a file's place would otherwise wait for a
  writer for ever), within a size limit (:class:`NotRegularFile`,
  :class:`FileTooLarge`); :func:`is_special_file` says, by ``stat`` alone,
  whether something other than a regular file is at a path.
* :func:`atomic_write_text`: an atomic, UTF-8 write (temp file, fsync,
  ``os.replace``), retried on Windows when a scanner holds the target.
* :func:`_move_aside`: a file that cannot be used is renamed to
  ``<name>.corrupt-<YYYYmmdd-HHMMSS>`` (``-2``, ``-3`` … when taken).
* :func:`_read_json_object`, :func:`_file_version`: the JSON object of a
  settings/statistics/seats file, or :class:`_Unreadable` saying why not.
* :class:`NewerFileError`: a newer program's file is never overwritten.
* :func:`_one_line`: an error cut to one line for the player's message.

Used by :mod:`game.storage`, :mod:`game.saves`, :mod:`game.finished`,
:mod:`game.profiles` and :mod:`game.slots`; ``game.storage`` re-exports
them. Pure standard library (and :mod:`game.i18n` for the words of
:class:`NotRegularFile`); never imports pygame.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, BinaryIO

from .i18n import _

__all__ = ["LOGGER_NAME", "atomic_write_text", "NewerFileError", "NotRegularFile", "FileTooLarge",
           "MAX_JSON_BYTES", "open_regular", "read_regular_file", "is_special_file"]

LOGGER_NAME = "rummy500"
"""The top logger of the program; modules log to ``rummy500.<part>``."""

_log = logging.getLogger(f"{LOGGER_NAME}.storage")

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


def atomic_write_text(path: str | os.PathLike, text: str, durable: bool = True) -> Path:
    """Write ``text`` to ``path`` (UTF-8, ``\\n`` line ends) atomically.

    The text goes to a temp file in the same folder (created if missing),
    which is flushed, ``os.fsync``-ed (unless ``durable`` is False: then a
    killed program still leaves the old or the new file, only a power cut
    may not) and then ``os.replace``-d over ``path``. On any failure the temp file is removed, ``path`` keeps its old
    content, and the error is raised again: ``OSError`` for the file system,
    ``UnicodeEncodeError`` for text that is not encodable (lone surrogates).
    Returns ``path`` as a :class:`~pathlib.Path`.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        _fsync_dir(path.parent)
    return path


def _replace(src: str, dst: Path) -> None:
    # On Windows a virus scanner or a sync client (OneDrive) may hold the
    # target open for a moment; os.replace then fails with PermissionError.
    tries = 5 if os.name == "nt" else 1
    for i in range(tries):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if i == tries - 1:
                raise
            time.sleep(0.05 * (i + 1))


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the OS allows it (POSIX only)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _timestamp() -> str:
    """Local time as ``YYYYmmdd-HHMMSS`` (the suffix of a moved-aside file)."""
    return time.strftime("%Y%m%d-%H%M%S")


def _move_aside(path: Path) -> Path | None:
    """Rename a file that could not be read to ``<name>.corrupt-<time>``
    (``-2``, ``-3`` … appended if that exists). Returns the new path, or
    ``None`` if it could not be moved (logged)."""
    base = path.with_name(f"{path.name}.corrupt-{_timestamp()}")
    target = base
    n = 2
    while target.exists():
        target = base.with_name(f"{base.name}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError as exc:
        _log.error("could not move %s aside: %s", path, exc)
        return None
    _log.warning("moved unreadable file %s to %s", path, target)
    return target


def _one_line(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _Unreadable(Exception):
    """A file that exists but whose content cannot be used (internal)."""


def _read_json_object(path: Path, max_bytes: int = MAX_JSON_BYTES) -> dict:
    """The JSON object in ``path`` (UTF-8, a BOM allowed; read by
    :func:`read_regular_file`). Raises ``FileNotFoundError``, ``OSError``
    (cannot be read, :class:`NotRegularFile` included) or :class:`_Unreadable`
    (larger than ``max_bytes``, not UTF-8, not JSON, or not an object)."""
    try:
        data = read_regular_file(path, max_bytes)
    except FileTooLarge as exc:
        raise _Unreadable(f"larger than {exc.limit:,} bytes") from None
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise _Unreadable(f"not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise _Unreadable(f"not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise _Unreadable(f"not usable JSON ({_one_line(exc, 80)})") from None
    if not isinstance(value, dict):
        raise _Unreadable(f"not a JSON object (found {type(value).__name__})")
    return value


def _file_version(path: Path) -> int | None:
    """The ``version`` of the JSON object in ``path``, or ``None`` when the
    file is missing, unreadable or has no whole-number version."""
    try:
        value = _read_json_object(path).get("version")
    except (OSError, _Unreadable):
        return None
    return value if _is_int(value) else None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class NewerFileError(OSError):
    """A file on disk came from a newer program and is not overwritten."""

    def __init__(self, message: str):
        super().__init__(message)
        self.strerror = message
