"""Files on disk: settings, saved games, statistics and the log.

Pure Python (standard library and ``platformdirs``); never imports pygame.
Importing this module, or building a :class:`Storage`, writes nothing:
folders are created on the first write.

Where the files live
    ``Storage()`` uses ``platformdirs.PlatformDirs("Rummy500", appauthor=False)``:
    ``settings.json`` in ``user_config_dir``; ``saves/`` and
    ``statistics.json`` in ``user_data_dir``; ``rummy500.log`` in
    ``user_log_dir``. ``Storage(DIR)`` (the ``--config-dir DIR`` option, and
    tests) puts everything under DIR: ``DIR/settings.json``, ``DIR/saves/``,
    ``DIR/statistics.json``, ``DIR/logs/``. Finished games are kept as
    records in ``saves/finished/`` (:mod:`game.services.finished`). Nothing is ever
    written next to the program.

How files are written and read
    Every write is atomic (:func:`atomic_write_text`): a temp file in the same
    folder, flushed and fsynced, then ``os.replace``-d over the old file, so
    a crash leaves either the old file or the new one. Text is always UTF-8.
    Every value read is checked once, at load, by one declarative schema
    (:data:`SETTINGS_SCHEMA`, the seats schema; :mod:`game.services.schema`), nested
    keys included; strings are cleaned to what the font can draw. A value
    the screens cannot use goes back to its default with one message and is
    never written back. Hidden temp files of killed writes are removed at
    start (:meth:`Storage.remove_stale_temps`). Every file is read by
    :func:`game.regular_files.read_regular_file`: only a regular file, opened
    without blocking and within a size limit, so a named pipe, device or
    folder in a file's place is reported (the OS's refusals too: "could not
    be opened (it is a named pipe, not a file)") and left where it is,
    never waited on, moved aside or deleted; the next save writes a file
    in its place.
    A file that cannot be read back (not UTF-8, not JSON, not an object, not a
    valid game record) is moved aside to ``<name>.corrupt-<YYYYmmdd-HHMMSS>``,
    the player is told in one line, and the game goes on with defaults. An
    older or partial settings/statistics file is upgraded key by key; keys
    this version does not know are kept and written back; a file written by
    a newer version (its ``version`` is higher than ours) is read but never
    overwritten. Saves are JSON game records (``game-record.md``), never
    pickles.

Where the code lives
    This module holds :class:`Storage` (the paths; loading and saving the
    settings and statistics files) and :func:`configure_logging`. The
    :class:`Settings` dataclass and its schema are in
    :mod:`game.services.settings`; saved games and seats files (the
    :class:`~game.services.saves.SavedGames` part of ``Storage``) in :mod:`game.services.saves`;
    the atomic write, moving a file aside and reading a JSON object in
    :mod:`game.services.files`; statistics in :mod:`game.services.statistics`. Each name is
    imported from the module that defines it (this one re-exports nothing).
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
from pathlib import Path

from game.i18n import _
from game.paths import shown
from game.services.files import QuietFileHandler, remove_stale_temps
from game.services.files import (
    LOGGER_NAME, Unreadable, atomic_write_text, file_version, is_int, move_aside, one_line, read_json_object
)
from game.services.saves import SavedGames
from game.services.settings import SETTING_WORDS, SETTINGS_VERSION, Settings
from game.services.statistics import STATISTICS_VERSION, Statistics

__all__ = ["APP_NAME", "LOG_NAME", "Storage", "configure_logging"]

APP_NAME = "Rummy500"
"""The application name given to ``platformdirs`` (folder names)."""
LOG_NAME = "rummy500.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3

_log = logging.getLogger(f"{LOGGER_NAME}.storage")


def _file_messages(what: str) -> tuple[str, str, str]:
    """The player's messages for a ``settings``/``statistics``/``seats`` file
    that could not be used, in the current language: (could not be read and
    left in place; could not be read and moved to ``{moved}``; could not be
    opened for ``{error}``). Raises ``KeyError`` for another ``what``."""
    return {
        "settings": (_("Your settings file could not be read; the defaults are used."),
                     _("Your settings file could not be read; it was moved to {moved} and the defaults are used."),
                     _("Your settings file could not be opened ({error}); the defaults are used.")),
        "statistics": (_("Your statistics file could not be read; new statistics are started."),
                       _("Your statistics file could not be read; it was moved to {moved} and new statistics "
                         "are started."),
                       _("Your statistics file could not be opened ({error}); new statistics are started.")),
        "seats": (_("Your seats file could not be read; the computer seats play at Medium and the first seat "
                    "is yours."),
                  _("Your seats file could not be read; it was moved to {moved} and the computer seats play at "
                    "Medium and the first seat is yours."),
                  _("Your seats file could not be opened ({error}); the computer seats play at Medium and the "
                    "first seat is yours.")),
    }[what]


class Storage(SavedGames):
    """Where the program's files live, and reading and writing them.

    ``Storage()`` uses the per-user folders of ``platformdirs``;
    ``Storage(config_dir)`` keeps everything under ``config_dir`` (a ``str``
    or path; ``~`` is expanded). Building one reads and writes nothing.
    """

    def __init__(self, config_dir: str | os.PathLike | None = None):
        if config_dir is not None:
            root = Path(config_dir).expanduser()
            self._settings_path = root / "settings.json"
            self._saves_dir = root / "saves"
            self._statistics_path = root / "statistics.json"
            self._log_dir = root / "logs"
        else:
            import platformdirs

            dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
            self._settings_path = Path(dirs.user_config_dir) / "settings.json"
            data = Path(dirs.user_data_dir)
            self._saves_dir = data / "saves"
            self._statistics_path = data / "statistics.json"
            self._log_dir = Path(dirs.user_log_dir)
        self.config_dir = Path(config_dir).expanduser() if config_dir is not None else None
        self._own_saves: dict[Path, tuple[int, int]] = {}  # see SavedGames

    def __repr__(self) -> str:
        return f"Storage(settings={str(self._settings_path)!r}, saves={str(self._saves_dir)!r})"

    @property
    def settings_path(self) -> Path:
        """The settings file (``settings.json``)."""
        return self._settings_path

    @property
    def saves_dir(self) -> Path:
        """The folder of saved games (``<name>.json``)."""
        return self._saves_dir

    @property
    def finished_dir(self) -> Path:
        """The folder of finished games kept as records (``saves/finished``,
        see :mod:`game.services.finished`)."""
        return self._saves_dir / "finished"

    @property
    def network_dir(self) -> Path:
        """The folder of the tables across computers (issue 23): the host's
        certificate and key, the fingerprints a guest has trusted. Beside
        ``saves``, in the data folder."""
        return self._saves_dir.parent / "network"

    @property
    def statistics_path(self) -> Path:
        """The statistics file (``statistics.json``)."""
        return self._statistics_path

    @property
    def log_dir(self) -> Path:
        """The folder of ``rummy500.log`` and its rotated copies."""
        return self._log_dir

    # ---------------------------------------------------------------- shared
    def _load_object(self, path: Path, what: str) -> tuple[dict | None, str | None]:
        """``(object, None)`` for a readable file, ``(None, None)`` for a
        missing one, ``(None, message)`` for one that could not be used (moved
        aside if its content is bad or it is larger than
        :data:`game.regular_files.MAX_JSON_BYTES`; left in place if the OS refused
        to read it or it is not a regular file, such as a named pipe).
        ``what`` is a key of :func:`_file_messages`."""
        try:
            return read_json_object(path), None
        except FileNotFoundError:
            return None, None
        except Unreadable as exc:
            _log.warning("%s %s: %s", what, path, exc)
            moved = move_aside(path)
            unread, moved_to, _unopened = _file_messages(what)
            if moved is None:
                return None, unread
            return None, one_line(moved_to.format(moved=shown(moved)), 400)
        except OSError as exc:
            _log.error("cannot read %s %s: %s", what, path, exc)
            return None, _file_messages(what)[2].format(error=one_line(exc.strerror or exc, 60))

    def _save_object(self, path: Path, data: dict, ours: int, what: str) -> bool:
        on_disk = file_version(path)
        theirs = data.get("version")
        if (on_disk is not None and on_disk > ours) or (is_int(theirs) and theirs > ours):
            _log.info("not saving %s: %s was written by a newer version (%s > %s)",
                      what, path, on_disk if on_disk is not None else theirs, ours)
            return False
        try:
            text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
            atomic_write_text(path, text)
        except (OSError, TypeError, ValueError) as exc:
            _log.error("could not save %s to %s: %s", what, path, exc)
            return False
        return True

    # ---------------------------------------------------------------- settings
    def load_settings(self) -> tuple[Settings, str | None]:
        """The player's settings and a one-line message for the player, or
        ``None`` when there is nothing to say.

        * no file: the defaults, no message;
        * not UTF-8 / not JSON / not an object: the file is moved aside to
          ``settings.json.corrupt-<YYYYmmdd-HHMMSS>``, the defaults are used
          and the message says where it went;
        * an older or partial file: upgraded key by key (missing keys take
          their defaults silently; keys with bad values are reset and named
          in the message); unknown keys are kept;
        * a newer program's file (a higher ``version``, or a key this
          version does not know where it would be refused, a newer rule in
          ``last_setup.rules``): read key by key; the message says changes
          will not be saved (:meth:`save_settings` leaves it alone).

        Never raises for file problems.
        """
        data, message = self._load_object(self.settings_path, "settings")
        if data is None:
            return Settings(), message
        settings, reset = Settings.from_dict(data)
        if settings.is_newer:
            _log.warning("settings file %s is from a newer version (%s)", self.settings_path,
                         ", ".join(settings.newer_keys) or settings.version)
            return settings, _("Your settings file is from a newer version of Rummy 500; "
                               "changes made here will not be saved.")
        if reset:
            _log.warning("settings reset to defaults: %s", ", ".join(reset))
            tops = dict.fromkeys(k.split(".")[0].split("[")[0] for k in reset)
            words = _(", ").join(_(SETTING_WORDS[k]) if k in SETTING_WORDS else k.replace("_", " ") for k in tops)
            return settings, _("Some settings could not be used and were reset: {settings}.").format(settings=words)
        return settings, None

    def save_settings(self, settings: Settings) -> bool:
        """Write ``settings`` atomically. Returns ``True`` when written;
        ``False`` (and a log line) when the file on disk, or ``settings``
        itself, comes from a newer program (``settings.is_newer``: a higher
        version, or keys this version does not know), or the write failed
        (the old file is then unchanged). Never raises for file problems."""
        if settings.newer_keys:
            _log.info("not saving settings: %s holds keys of a newer version (%s)", self.settings_path,
                      ", ".join(settings.newer_keys))
            return False
        return self._save_object(self.settings_path, settings.to_dict(), SETTINGS_VERSION, "settings")

    # ---------------------------------------------------------------- statistics
    def load_statistics(self) -> tuple[Statistics, str | None]:
        """The player's statistics and a one-line message or ``None``; the
        same rules as :meth:`load_settings` (a corrupt file is moved aside to
        ``statistics.json.corrupt-<time>`` and new statistics are started)."""
        data, message = self._load_object(self.statistics_path, "statistics")
        if data is None:
            return Statistics(), message
        stats, reset = Statistics.from_dict(data)
        if stats.is_newer:
            return stats, _("Your statistics file is from a newer version of Rummy 500; "
                            "games played here will not be added to it.")
        if reset:
            _log.warning("statistics reset: %s", ", ".join(reset))
        return stats, None

    def save_statistics(self, stats: Statistics) -> bool:
        """Write ``stats`` atomically; ``True`` when written, ``False`` when
        skipped (a newer program's file) or failed. Never raises for file
        problems."""
        return self._save_object(self.statistics_path, stats.to_dict(), STATISTICS_VERSION, "statistics")

    def reset_statistics(self) -> bool:
        """Start the statistics afresh ("Reset statistics"): every figure is
        cleared; only the ids of the games already counted are kept, so a
        game counted before the reset is never counted again. ``True`` when
        written (like :meth:`save_statistics`)."""
        old, _message = self.load_statistics()
        return self.save_statistics(Statistics(counted=list(old.counted), extra=dict(old.extra)))

    def remove_stale_temps(self) -> list[Path]:
        """Remove hidden temporary files left by killed writes (``.<name>.<random>.tmp``
        older than :data:`game.services.files.STALE_TEMP_S`) beside the settings,
        statistics, saves, finished games and profiles. Called once at start;
        returns the paths removed. Never raises for file problems."""
        folders = dict.fromkeys([self.settings_path.parent, self.statistics_path.parent,
                                 self.saves_dir, self.finished_dir])
        return remove_stale_temps(list(folders))


# --------------------------------------------------------------------------- logging

_HANDLER_NAME = "rummy500-file"


def configure_logging(storage: Storage, level: int = logging.INFO) -> Path | None:
    """Log the program (the ``"rummy500"`` logger and its children) to
    ``storage.log_dir/rummy500.log``: UTF-8, rotated at about 1 MB, three old
    copies kept. Returns the log file's path, or ``None`` when the folder or
    file cannot be opened (logging then goes nowhere; the program carries on).

    Safe to call again: the previous file handler is removed and closed, so
    there is only ever one. Never writes to ``sys.stderr`` (which is ``None``
    in a frozen windowed app), not even when a write fails (disk full), and
    never appends through a symbolic link placed at the log's path
    (:class:`game.services.files.QuietFileHandler`).
    """
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(level)
    for h in list(logger.handlers):
        if h.get_name() == _HANDLER_NAME:
            logger.removeHandler(h)
            h.close()
    path = storage.log_dir / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = QuietFileHandler(
            path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8",
            errors="backslashreplace")  # a path's non-UTF-8 byte is logged as \xff, never an error
    except OSError:
        handler = logging.NullHandler()
        path = None
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    return path
