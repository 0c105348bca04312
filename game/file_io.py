"""Writing and reading one file safely (the helpers every loader shares).

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
them. Pure standard library; never imports pygame.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["LOGGER_NAME", "atomic_write_text", "NewerFileError"]

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


def _read_json_object(path: Path) -> dict:
    """The JSON object in ``path`` (UTF-8, a BOM allowed). Raises
    ``FileNotFoundError``, ``OSError`` (cannot be read) or :class:`_Unreadable`
    (not UTF-8, not JSON, or not an object)."""
    data = path.read_bytes()
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
