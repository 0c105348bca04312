"""Care of the files on disk that the loaders in :mod:`game.storage` share.

* :func:`newer_format`: whether a record was written by a newer program
  (``"rummy500/2"`` when we write ``"rummy500/1"``), so it is left in place
  and never overwritten.
* :func:`remove_stale_temps`: hidden temporary files left by writes that were
  killed (``.settings.json.<random>.tmp``) are removed at start.
* :class:`QuietFileHandler`: the log file handler; it never follows a
  symbolic link placed at the log's path and never prints a traceback to
  ``stderr`` when a write fails (disk full).

Pure standard library; never imports pygame.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import re
import time
from pathlib import Path
from typing import Any

from .record import FORMAT

__all__ = ["newer_format", "SEATS_LEVELS", "remove_stale_temps", "STALE_TEMP_S",
           "QuietFileHandler"]

_FORMAT = re.compile(r"rummy500/(\d{1,9})")
_OURS = int(_FORMAT.fullmatch(FORMAT).group(1))
_FORMAT_IN_TEXT = re.compile(rb'"format"\s*:\s*"rummy500/(\d{1,9})"')

SEATS_LEVELS = ("easy", "medium", "hard", "human")
"""The levels a seats file (``autosave.seats``) may give a seat."""

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
    by :func:`game.storage.atomic_write_text`) in ``folders`` whose last change
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
