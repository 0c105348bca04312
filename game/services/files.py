"""Writing and reading one file safely (the helpers every loader shares).

* :func:`read_regular_file`, :func:`open_regular`: the one way a file the
  player or the disk supplies is read: only a regular file, opened without
  blocking (a named pipe in a file's place would otherwise wait for a
  writer for ever), within a size limit (:class:`NotRegularFile`,
  :class:`FileTooLarge`); :func:`is_special_file` says, by ``stat`` alone,
  whether something other than a regular file is at a path.
* :func:`atomic_write_text`: an atomic, UTF-8 write (temp file, fsync,
  ``os.replace``), retried on Windows when a scanner holds the target.
* :func:`move_aside`: a file that cannot be used is renamed to
  ``<name>.corrupt-<YYYYmmdd-HHMMSS>`` (``-2``, ``-3`` … when taken).
* :func:`read_json_object`, :func:`file_version`: the JSON object of a
  settings/statistics/seats file, or :class:`Unreadable` saying why not.
* :class:`NewerFileError`: a newer program's file is never overwritten.
* :func:`one_line`: an error cut to one line for the player's message.

* :func:`newer_format`: whether a record was written by a newer program
  (``"rummy500/2"`` when we write ``"rummy500/1"``), so it is left in place
  and never overwritten.
* :func:`remove_stale_temps`: hidden temporary files left by writes that were
  killed (``.settings.json.<random>.tmp``) are removed at start.
* :class:`QuietFileHandler`: the log file handler; it never follows a
  symbolic link placed at the log's path and never prints a traceback to
  ``stderr`` when a write fails (disk full).

Used by every loader of :mod:`game.services` (storage, saves, finished games,
profiles, slots). Standard library, :mod:`game.i18n` for the words of
:class:`NotRegularFile` and the record format; never imports pygame.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from game.regular_files import MAX_JSON_BYTES, FileTooLarge, read_regular_file
from game.rules.record import FORMAT

__all__ = ["LOGGER_NAME", "atomic_write_text", "NewerFileError", "move_aside", "one_line", "read_json_object",
           "Unreadable", "file_version", "is_int", "newer_format", "SEATS_LEVELS", "remove_stale_temps",
           "STALE_TEMP_S", "QuietFileHandler"]

LOGGER_NAME = "rummy500"
"""The top logger of the program; modules log to ``rummy500.<part>``."""

_log = logging.getLogger(f"{LOGGER_NAME}.storage")

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


def timestamp() -> str:
    """Local time as ``YYYYmmdd-HHMMSS`` (the suffix of a moved-aside file)."""
    return time.strftime("%Y%m%d-%H%M%S")


def move_aside(path: Path) -> Path | None:
    """Rename a file that could not be read to ``<name>.corrupt-<time>``
    (``-2``, ``-3`` … appended if that exists). Returns the new path, or
    ``None`` if it could not be moved (logged)."""
    base = path.with_name(f"{path.name}.corrupt-{timestamp()}")
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


def one_line(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Unreadable(Exception):
    """A file that exists but whose content cannot be used (internal)."""


def read_json_object(path: Path, max_bytes: int = MAX_JSON_BYTES) -> dict:
    """The JSON object in ``path`` (UTF-8, a BOM allowed; read by
    :func:`read_regular_file`). Raises ``FileNotFoundError``, ``OSError``
    (cannot be read, :class:`NotRegularFile` included) or :class:`Unreadable`
    (larger than ``max_bytes``, not UTF-8, not JSON, or not an object)."""
    try:
        data = read_regular_file(path, max_bytes)
    except FileTooLarge as exc:
        raise Unreadable(f"larger than {exc.limit:,} bytes") from None
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise Unreadable(f"not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise Unreadable(f"not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise Unreadable(f"not usable JSON ({one_line(exc, 80)})") from None
    if not isinstance(value, dict):
        raise Unreadable(f"not a JSON object (found {type(value).__name__})")
    return value


def file_version(path: Path) -> int | None:
    """The ``version`` of the JSON object in ``path``, or ``None`` when the
    file is missing, unreadable or has no whole-number version."""
    try:
        value = read_json_object(path).get("version")
    except (OSError, Unreadable):
        return None
    return value if is_int(value) else None


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class NewerFileError(OSError):
    """A file on disk came from a newer program and is not overwritten."""

    def __init__(self, message: str):
        super().__init__(message)
        self.strerror = message


_FORMAT = re.compile(r"rummy500/(\d{1,9})")
_OURS = int(_FORMAT.fullmatch(FORMAT).group(1))
_FORMAT_IN_TEXT = re.compile(rb'"format"\s*:\s*"rummy500/(\d{1,9})"')

SEATS_LEVELS = ("easy", "medium", "hard", "hoarder", "early-melder", "pile-taker", "lay-off-hunter",
                "rummy-caller", "cautious", "random", "human")
"""The levels a seats file (``autosave.seats``) may give a seat: :data:`game.ai.PLAYERS`
(the levels and the styles of the field) and ``"human"``."""

STALE_TEMP_S = 600.0
"""Age in seconds after which a hidden ``.<name>.<random>.tmp`` file is a
left-over of a killed write (a write takes milliseconds)."""


def newer_format(value: Any) -> bool:
    """True when ``value`` (a record's ``format``, or the raw bytes of a
    record file) names a newer record format than this program writes."""
    if isinstance(value, (bytes, bytearray)):
        m = _FORMAT_IN_TEXT.search(value)
        return bool(m) and int(m.group(1)) > _OURS
    m = _FORMAT.fullmatch(value) if isinstance(value, str) else None
    return bool(m) and int(m.group(1)) > _OURS


def remove_stale_temps(folders: list[Path], older_than_s: float = STALE_TEMP_S) -> list[Path]:
    """Remove the hidden temporary files (``.<name>.<random>.tmp``, written
    by :func:`game.services.storage.atomic_write_text`) in ``folders`` whose last change
    is more than ``older_than_s`` seconds ago. Returns the paths removed;
    a folder or file that cannot be read or removed is skipped (logged)."""
    log = logging.getLogger("rummy500.storage")
    now = time.time()
    removed = []
    for folder in folders:
        try:
            candidates = [p for p in folder.glob(".*.tmp") if p.is_file() and not p.is_symlink()]
        except OSError:
            continue
        for path in candidates:
            try:
                if now - path.stat().st_mtime > older_than_s:
                    path.unlink()
                    removed.append(path)
            except OSError as exc:
                log.warning("could not remove stale temporary file %s: %s", path, exc)
    if removed:
        log.info("removed %d stale temporary file(s): %s", len(removed), ", ".join(p.name for p in removed))
    return removed


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating UTF-8 log file that opens its file without following a
    symbolic link (``O_NOFOLLOW`` where the OS has it; elsewhere a link at
    the path is removed first) and, when a write fails (disk full, the file
    gone), drops the record instead of printing a traceback to ``stderr``."""

    def _open(self):
        path = self.baseFilename
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
        if not getattr(os, "O_NOFOLLOW", 0) and os.path.islink(path):
            os.unlink(path)
        try:
            fd = os.open(path, flags, 0o644)
        except OSError:
            if not os.path.islink(path):
                raise
            os.unlink(path)  # a link put at the log's path: replace it by a plain file
            fd = os.open(path, flags, 0o644)
        return open(fd, "a", encoding=self.encoding or "utf-8", errors=self.errors)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        """A failed write loses this record only; nothing goes to ``stderr``."""
