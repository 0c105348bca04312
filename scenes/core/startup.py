"""Start-up of the window: the game's icon, the time to the first frame, and
a readable message when the game cannot start.

A windowed build (PyInstaller ``console=False``) has no ``sys.stdout`` or
``sys.stderr``; a player who double-clicks it sees nothing of a traceback.
So a failure before the first frame is logged with its traceback to the log
file (``rummy500.log`` in the per-user log folder, or ``--config-dir``'s
``logs/``) and shown in a message box that names that file.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable

from game.i18n import _, and_list, ngettext
from game.paths import shown
from game.services.files import LOGGER_NAME
from game.services.storage import Storage, configure_logging

log = logging.getLogger("rummy500.startup")

ICON_NAME = "rummy500-256.png"  # under assets/icons/ (made by tools/make_icons.py)
FALLBACK_LOG = "rummy500-startup-error.log"  # in the temporary folder, when no log folder works
HEADLESS_DRIVERS = ("dummy", "offscreen")

ShowBox = Callable[[str, str], object]


class AssetsMissing(RuntimeError):
    """The game's ``assets`` folder cannot be read (a broken install)."""


def check_assets(root: Path) -> None:
    """Raise :class:`AssetsMissing` unless ``root`` is a readable folder
    holding the fonts and the cards; a missing single card or font falls back
    later, a missing folder means the download or install is broken."""
    try:
        names = set(os.listdir(root))
    except OSError as exc:
        raise AssetsMissing(_("the game's files at {folder} cannot be read ({error}); download or install the "
                              "game again").format(folder=shown(root), error=exc.strerror or exc)) from exc
    missing = sorted({"cards", "fonts"} - names)
    if missing:
        raise AssetsMissing(ngettext("the game's files at {folder} are incomplete (no {names} folder); download "
                                     "or install the game again",
                                     "the game's files at {folder} are incomplete (no {names} folders); download "
                                     "or install the game again", len(missing)).format(
            folder=shown(root), names=and_list(missing)))


def set_window_icon(root: Path) -> bool:
    """Give the window the game's icon (``root/icons/rummy500-256.png``); call
    before ``pygame.display.set_mode``. Returns False (and logs) when the
    icon cannot be loaded; the window then keeps SDL's default."""
    import pygame

    path = root / "icons" / ICON_NAME
    try:
        pygame.display.set_icon(pygame.image.load(os.fsencode(path)))
    except (OSError, FileNotFoundError, pygame.error) as exc:
        log.warning("window icon %s not loaded: %s", path, exc)
        return False
    return True


def process_age() -> float | None:
    """Seconds since the operating system started this process, or ``None``
    where that cannot be read (Linux reads ``/proc``, Windows asks
    ``GetProcessTimes``; elsewhere ``None``). A one-file build's figure starts
    after it has unpacked itself (that is a second process)."""
    try:
        if sys.platform.startswith("linux"):
            with open("/proc/self/stat", "rb") as fh:
                stat = fh.read()
            start_ticks = int(stat[stat.rindex(b")") + 2:].split()[19])
            with open("/proc/uptime", "rb") as fh:
                uptime = float(fh.read().split()[0])
            return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
        if sys.platform == "win32":
            import ctypes
            from ctypes import wintypes

            created, exited, kernel, user, now = (wintypes.FILETIME() for _ in range(5))
            k32 = ctypes.windll.kernel32
            k32.GetCurrentProcess.restype = wintypes.HANDLE  # a 64-bit pseudo-handle, not an int
            k32.GetProcessTimes.argtypes = [wintypes.HANDLE] + [ctypes.POINTER(wintypes.FILETIME)] * 4
            if not k32.GetProcessTimes(k32.GetCurrentProcess(), ctypes.byref(created),
                                       ctypes.byref(exited), ctypes.byref(kernel), ctypes.byref(user)):
                return None
            k32.GetSystemTimeAsFileTime(ctypes.byref(now))

            def ticks(ft) -> int:  # 100 ns units
                return (ft.dwHighDateTime << 32) | ft.dwLowDateTime
            return max(0.0, (ticks(now) - ticks(created)) / 1e7)
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    return None


def startup_seconds(started: float | None) -> float:
    """Seconds from the start of the process to now: :func:`process_age`
    where the system tells it, else since ``started`` (a
    ``time.perf_counter()`` taken as early as the program could), else 0."""
    age = process_age()
    if age is not None:
        return age
    return time.perf_counter() - started if started is not None else 0.0


def show_message_box(title: str, message: str) -> None:
    """The native message box of pygame-ce (SDL); nothing under a headless
    SDL video driver, where nobody could click it away."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS_DRIVERS:
        return
    try:
        import pygame

        pygame.display.message_box(title, message, message_type="error")
    except Exception:  # no display at all: the log and stderr still say it
        log.warning("the start-up message box could not be shown", exc_info=True)


def log_path() -> Path | None:
    """The file the game logs to, or ``None`` when logging is not set up."""

    for h in logging.getLogger(LOGGER_NAME).handlers:
        name = getattr(h, "baseFilename", None)
        if name:
            return Path(name)
    return None


def _log_file(config_dir: str | None) -> Path | None:
    """The log file that a start-up failure is written to: the game's own
    log (set up here if the app did not get that far) or ``None``."""

    path = log_path()
    if path is not None:
        return path
    try:
        return configure_logging(Storage(config_dir))
    except Exception:  # a config dir that cannot even be named
        return None


def startup_failed(exc: BaseException, config_dir: str | None = None,
                   show: ShowBox | None = None) -> int:
    """Report an error that stopped the game before its first frame: the
    traceback goes to the log file (or, when no log folder can be written, to
    ``rummy500-startup-error.log`` in the temporary folder), a short message
    naming that file to ``sys.stderr`` when there is one and to ``show(title,
    message)`` (default :func:`show_message_box`). Returns the exit status, 1."""
    details = "".join(traceback.format_exception(exc))
    path = None
    try:
        path = _log_file(config_dir)
    except Exception:  # the log set-up itself is broken: fall through to the temporary file
        path = None
    if path is not None:
        logging.getLogger("rummy500.startup").error("Rummy 500 could not start\n%s", details.rstrip())
        for h in logging.getLogger("rummy500").handlers:
            h.flush()
    else:
        path = Path(tempfile.gettempdir()) / FALLBACK_LOG
        try:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} Rummy 500 could not start\n{details}\n")
        except OSError:
            path = None
    reason = str(exc) or type(exc).__name__
    where = _("The details are in the log file:\n{path}").format(path=shown(path)) if path else _("No log file could be written.")
    message = _("Rummy 500 could not start: {reason}").format(reason=reason) + "\n\n" + where
    if sys.stderr is not None:
        try:
            print(message, file=sys.stderr)
        except (OSError, ValueError):
            pass
    (show or show_message_box)(_("Rummy 500 could not start"), message)
    return 1
