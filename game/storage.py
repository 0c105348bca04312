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
    records in ``saves/finished/`` (:mod:`game.finished`). Nothing is ever
    written next to the program.

How files are written and read
    Every write is atomic (:func:`atomic_write_text`): a temp file in the same
    folder, flushed and fsynced, then ``os.replace``-d over the old file, so
    a crash leaves either the old file or the new one. Text is always UTF-8.
    Every value read is checked once, at load, by one declarative schema
    (:data:`SETTINGS_SCHEMA`, the seats schema; :mod:`game.schema`), nested
    keys included; strings are cleaned to what the font can draw. A value
    the screens cannot use goes back to its default with one message and is
    never written back. Hidden temp files of killed writes are removed at
    start (:meth:`Storage.remove_stale_temps`).
    A file that cannot be read back (not UTF-8, not JSON, not an object, not a
    valid game record) is moved aside to ``<name>.corrupt-<YYYYmmdd-HHMMSS>``,
    the player is told in one line, and the game goes on with defaults. An
    older or partial settings/statistics file is upgraded key by key; keys
    this version does not know are kept and written back; a file written by
    a newer version (its ``version`` is higher than ours) is read but never
    overwritten. Saves are JSON game records (``game-record.md``), never
    pickles.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import logging.handlers
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import IllegalMove
from .i18n import LANGUAGES, N_, _
from . import schema as S
from .safe_files import SEATS_LEVELS, QuietFileHandler, newer_format, remove_stale_temps
from .record import MAX_NAME, RecordError, decode_json, game_from_record, parse_record
from .stats import COUNTED_IDS, RECENT_GAMES, STATISTICS_VERSION, Statistics, record_game  # noqa: F401

if TYPE_CHECKING:
    from .engine import Game

__all__ = [
    "APP_NAME", "LOG_NAME", "LOGGER_NAME", "SETTINGS_VERSION", "STATISTICS_VERSION",
    "SPEEDS", "CARD_STYLES", "CARD_BACKS", "FELTS", "MIN_WINDOW", "MAX_WINDOW",
    "RUMMY_WINDOW_RANGE", "CARD_SIZES", "VOLUME_RANGE", "RECENT_GAMES", "Settings", "Statistics", "Storage",
    "atomic_write_text", "record_game", "configure_logging", "NewerFileError", "SETTINGS_SCHEMA",
    "LAST_SETUP_SCHEMA",
]

APP_NAME = "Rummy500"
"""The application name given to ``platformdirs`` (folder names)."""
LOGGER_NAME = "rummy500"
"""The top logger of the program; modules log to ``rummy500.<part>``."""
LOG_NAME = "rummy500.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3

SETTINGS_VERSION = 1
"""The settings file format this version writes; a file with a higher
``version`` came from a newer program and is not overwritten."""
SPEEDS = ("slow", "normal", "fast", "instant")
LANGUAGE_CHOICES = ("auto", *LANGUAGES)
"""``Settings.language``: follow the system, or one of :data:`game.i18n.LANGUAGES`."""
CARD_STYLES = ("2color", "4color")
CARD_BACKS = ("blue", "red", "black")
FELTS = ("green", "blue", "burgundy", "dark")
MIN_WINDOW = (1024, 640)
"""Smallest window (width, height) in pixels: the window opens at least this
big, a smaller resize is saved as this, and a smaller size in a settings
file (an older program's) is read as this, silently. One minimum for all three."""
MAX_WINDOW = (16384, 16384)
RUMMY_WINDOW_RANGE = (0.5, 10.0)
"""Seconds a person has to call Rummy after a discard: (lowest, highest)."""
CARD_SIZES = ("small", "normal", "large")
VOLUME_RANGE = (0, 100)
"""Sound volume in percent: (lowest, highest)."""

_log = logging.getLogger(f"{LOGGER_NAME}.storage")


# --------------------------------------------------------------------------- writing

SETTING_WORDS = {
    "window_size": N_("window size"), "fullscreen": N_("full screen"), "speed": N_("animation speed"),
    "card_style": N_("card faces"), "card_back": N_("card back"), "felt": N_("table colour"),
    "reduced_motion": N_("reduced motion"), "rummy_window_s": N_("time to call Rummy"),
    "player_name": N_("your name"), "last_setup": N_("last new-game choices"), "show_log": N_("game log"),
    "card_size": N_("card size"), "sound": N_("sound"), "volume": N_("volume"), "language": N_("language"),
    "version": N_("file version"),
}
"""How a settings key is named to the player (marked with ``N_``; translated where shown)."""


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


# --------------------------------------------------------------------------- settings

def _rules_value(value: Any) -> dict:
    """A ``last_setup.rules`` object that :meth:`RuleSet.from_dict` accepts (kept as read)."""
    from .rules import RuleSet

    RuleSet.from_dict(value)  # RulesError (a ValueError) when unusable
    return dict(value)


AI_LEVELS = ("easy", "medium", "hard")
SETUP_NAME_LEN = 16
"""Longest seat name the New game form takes (and keeps in ``last_setup``)."""

LAST_SETUP_SCHEMA = S.Obj({
    "players": S.Int(2, 8),
    "names": S.ListOf(S.Text(SETUP_NAME_LEN), 8),
    "levels": S.ListOf(S.Choice(AI_LEVELS), 8),
    "you_level": S.Choice(AI_LEVELS + ("human",)),
    "profile": S.Text(100),
    "rules": S.Custom(_rules_value),
})
"""The New game choices kept in ``settings.json`` (``scenes/setup.py``,
``scenes/rules_choice.py``); unknown keys are kept."""

SETTINGS_SCHEMA = S.Obj({
    "window_size": S.Pair(MIN_WINDOW, MAX_WINDOW, raise_low=True),
    "fullscreen": S.Bool(),
    "speed": S.Choice(SPEEDS),
    "card_style": S.Choice(CARD_STYLES),
    "card_back": S.Choice(CARD_BACKS),
    "felt": S.Choice(FELTS),
    "reduced_motion": S.Bool(),
    "rummy_window_s": S.Float(*RUMMY_WINDOW_RANGE),
    "player_name": S.Text(MAX_NAME),
    "last_setup": LAST_SETUP_SCHEMA,
    "show_log": S.Bool(),
    "card_size": S.Choice(CARD_SIZES),
    "sound": S.Bool(),
    "volume": S.Int(*VOLUME_RANGE),
    "language": S.Choice(LANGUAGE_CHOICES),
    "version": S.Int(0),
})
"""Every key of ``settings.json`` and the values the screens can use, one
line a key (nested keys included): :meth:`Settings.from_dict` keeps what
fits and drops the rest to its default (:mod:`game.schema`)."""


@dataclass
class Settings:
    """The player's settings (``settings.json``).

    * ``window_size``: ``(width, height)`` of the window in pixels, from
      :data:`MIN_WINDOW` to :data:`MAX_WINDOW`; default ``(1280, 720)``.
    * ``fullscreen``: start in fullscreen; default ``False``.
    * ``speed``: animation and AI pacing, one of :data:`SPEEDS`
      (``"slow"`` ×1.6, ``"normal"``, ``"fast"`` ×0.5, ``"instant"``).
    * ``card_style``: ``"2color"`` or ``"4color"`` faces.
    * ``card_back``: one of :data:`CARD_BACKS`; ``felt``: one of :data:`FELTS`.
    * ``reduced_motion``: fades instead of moves.
    * ``rummy_window_s``: seconds to call Rummy after a discard, within
      :data:`RUMMY_WINDOW_RANGE`; default 2.0.
    * ``player_name``: the person's name at the table (1 to 200 characters,
      not only spaces, no control characters); default ``"You"``.
    * ``last_setup``: the last New game choices (a JSON object, kept as is;
      the setup screen decides what its keys mean); default ``{}``.
    * ``show_log``: show the move log beside the table.
    * ``card_size``: one of :data:`CARD_SIZES`, a scale on the table's card
      heights (kept within the layout's limits); default ``"normal"``.
    * ``sound``: play card sounds; ``volume``: their loudness in percent,
      within :data:`VOLUME_RANGE`; default on, at a low 30 %.
    * ``language``: ``"auto"`` (the system's language when the game has it,
      else English: :func:`game.i18n.system_language`) or a code of
      :data:`game.i18n.LANGUAGES` (``"en"``, ``"cy"``, ``"ka"``); default ``"auto"``.
    * ``version``: the file format, :data:`SETTINGS_VERSION` for files this
      program writes; higher means the file came from a newer program.
    * ``extra``: keys of the file this version does not know, written back
      unchanged by :meth:`to_dict` so a newer version's settings survive.
    """

    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    speed: str = "normal"
    card_style: str = "2color"
    card_back: str = "blue"
    felt: str = "green"
    reduced_motion: bool = False
    rummy_window_s: float = 2.0
    player_name: str = "You"
    last_setup: dict = field(default_factory=dict)
    show_log: bool = False
    # the Table page of Settings (issue 9)
    card_size: str = "normal"
    sound: bool = True
    volume: int = 30
    language: str = "auto"
    version: int = SETTINGS_VERSION
    extra: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_dict(cls, data: dict) -> tuple["Settings", list[str]]:
        """Settings from a decoded ``settings.json`` object, key by key.

        Every key, nested ones too, is checked by :data:`SETTINGS_SCHEMA`.
        Returns ``(settings, reset)``: each known key with a valid value is
        kept; a missing key takes its default silently; a key whose value has
        the wrong type or is out of range takes its default and is listed in
        ``reset`` (file order, nested keys as ``"last_setup.profile"``); a
        dropped value is never written back. Strings are cleaned
        (:func:`game.schema.clean_text`). Unknown keys go to ``extra``. A missing or
        invalid ``version`` becomes :data:`SETTINGS_VERSION` (the file is
        upgraded); a higher one is kept. Never raises for a ``dict``.
        """
        known = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        good, dropped = S.check(SETTINGS_SCHEMA, data)
        values = {k: v for k, v in good.items() if k in known}
        extra = {k: v for k, v in good.items() if k not in known}
        # a bad version just means "old": upgraded below, not worth a word
        reset = [p for p in dropped if p != "version"]
        if values.get("version", 0) < SETTINGS_VERSION:
            values["version"] = SETTINGS_VERSION
        return cls(**values, extra=extra), reset

    def to_dict(self) -> dict[str, Any]:
        """The JSON object to write: the unknown keys first (as read), then
        every known key (``window_size`` as a two-number list)."""
        out: dict[str, Any] = dict(self.extra)
        for f in dataclasses.fields(self):
            if f.name == "extra":
                continue
            value = getattr(self, f.name)
            if f.name == "window_size":
                value = list(value)
            elif f.name == "last_setup":
                value = dict(value)
            out[f.name] = value
        return out

    @property
    def is_newer(self) -> bool:
        """True when these settings were read from a newer program's file."""
        return _is_int(self.version) and self.version > SETTINGS_VERSION


# --------------------------------------------------------------------------- storage

_SEATS_SCHEMA = S.ListOf(S.Obj({"name": S.Text(MAX_NAME), "level": S.Choice(SEATS_LEVELS)},
                                   keep_unknown=False, required=("name", "level")), 8)


class NewerFileError(OSError):
    """A file on disk came from a newer program and is not overwritten."""

    def __init__(self, message: str):
        super().__init__(message)
        self.strerror = message


_BAD_NAME = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
             *(f"lpt{i}" for i in range(1, 10))}


def _check_save_name(name: str) -> str:
    """A save name usable as a file name on every OS, else ``ValueError``."""
    if (not isinstance(name, str) or not name.strip() or len(name) > 100 or _BAD_NAME.search(name)
            or name.startswith(".") or name.endswith((".", " "))
            or name.split(".")[0].strip().lower() in _RESERVED):
        raise ValueError(f"{name!r} cannot be a save name (use letters, digits, spaces, - and _)")
    return name


class Storage:
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
        see :mod:`game.finished`)."""
        return self._saves_dir / "finished"

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
        aside if its content is bad; left in place if the OS refused to read
        it). ``what`` is a key of :func:`_file_messages`."""
        try:
            return _read_json_object(path), None
        except FileNotFoundError:
            return None, None
        except _Unreadable as exc:
            _log.warning("%s %s: %s", what, path, exc)
            moved = _move_aside(path)
            unread, moved_to, _unopened = _file_messages(what)
            if moved is None:
                return None, unread
            return None, _one_line(moved_to.format(moved=moved), 400)
        except OSError as exc:
            _log.error("cannot read %s %s: %s", what, path, exc)
            return None, _file_messages(what)[2].format(error=_one_line(exc.strerror or exc, 60))

    def _save_object(self, path: Path, data: dict, ours: int, what: str) -> bool:
        on_disk = _file_version(path)
        theirs = data.get("version")
        if (on_disk is not None and on_disk > ours) or (_is_int(theirs) and theirs > ours):
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
        * a newer program's file: read key by key; the message says changes
          will not be saved (:meth:`save_settings` leaves it alone).

        Never raises for file problems.
        """
        data, message = self._load_object(self.settings_path, "settings")
        if data is None:
            return Settings(), message
        settings, reset = Settings.from_dict(data)
        if settings.is_newer:
            _log.warning("settings file %s is from a newer version (%s)", self.settings_path, settings.version)
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
        itself, comes from a newer program, or the write failed (the old file
        is then unchanged). Never raises for file problems."""
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

    # ---------------------------------------------------------------- saves
    def game_path(self, name: str = "autosave") -> Path:
        """The file of save ``name``: ``saves_dir/<name>.json``. Raises
        ``ValueError`` for a name that is not a plain file name."""
        return self.saves_dir / f"{_check_save_name(name)}.json"

    def save_game(self, record: dict, name: str = "autosave", durable: bool = True) -> Path:
        """Write a game record (``record.record_of(game)``) atomically to
        ``saves_dir/<name>.json`` (UTF-8 JSON, one-space indent) and return
        the path. Raises ``ValueError`` for a bad name or a record that is
        not JSON (``TypeError`` for values JSON cannot hold) and ``OSError``
        when the file cannot be written (an older save is then unchanged).
        The record is not replayed here: it is what the engine wrote.
        ``durable=False`` skips the fsyncs (the saves after each move: a
        killed program still leaves a whole file; see :func:`atomic_write_text`)."""
        path = self.game_path(name)
        if not isinstance(record, dict):
            raise TypeError(f"a game record is a dict, not {type(record).__name__}")
        text = json.dumps(record, ensure_ascii=False, allow_nan=False,  # the per-move saves: compact, 3x faster
                          **({"indent": 1} if durable else {"separators": (",", ":")})) + "\n"
        if self._newer_save(path):
            raise NewerFileError(f"the saved game {path.name} is from a newer version of Rummy 500")
        return atomic_write_text(path, text, durable)

    def is_newer_save(self, name: str = "autosave") -> bool:
        """True when save ``name`` was written by a newer version of the game
        (its ``format`` is newer than ours): it must be left as it is."""
        return self._newer_save(self.game_path(name))

    @staticmethod
    def _newer_save(path: Path) -> bool:
        try:
            with open(path, "rb") as f:
                head = f.read(4096)
        except OSError:
            return False
        return newer_format(head)

    def load_game(self, name: str = "autosave") -> tuple[dict | None, str | None]:
        """The saved game record ``name`` and a one-line message (see
        :meth:`load_game_state`, which also gives the game it replayed)."""
        record, _game, message = self._load_game(name)
        return record, message

    def load_game_state(self, name: str = "autosave") -> tuple[Game | None, str | None]:
        """The game saved as ``name``, replayed once, and a one-line message:
        ``(game, None)`` for a valid record, otherwise ``(None, message)``
        (or ``(None, None)`` when there is no such save), with the same
        handling of bad, newer and unreadable files as :meth:`_load_game`.
        Continue and Load game use this so the record is replayed only once.
        Raises only ``ValueError`` for a bad ``name``."""
        _record, game, message = self._load_game(name)
        return game, message

    def _load_game(self, name: str) -> tuple[dict | None, Game | None, str | None]:
        """The saved game record ``name``, the game it replays to, and a one-line message.

        * no such save: ``(None, None)``;
        * a valid record (``record.game_from_record`` replays it without a
          ``RecordError`` or ``IllegalMove``): ``(record, None)``, the
          decoded JSON object;
        * a record from a newer program (``format`` ``"rummy500/2"`` or
          higher): ``(None, message)`` saying so; the file is left in place
          and :meth:`save_game` will not overwrite it;
        * player names are checked by the record parser (printable, no
          lone surrogate, at most 200 characters: ``game-record.md``), so the
          record returned can always be drawn; a name past that is refused;
        * anything else (not UTF-8, not JSON, not a record, an illegal
          action): the file is moved aside to ``<name>.json.corrupt-<time>``
          and ``(None, message)`` says so and where it went;
        * the OS refuses to read it: ``(None, message)``, file left in place.

        (Each ``(record, message)`` above is ``(record, game, message)`` here;
        the game is ``None`` whenever the record is.)
        Raises only ``ValueError`` for a bad ``name``.
        """
        path = self.game_path(name)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None, None, None
        except OSError as exc:
            _log.error("cannot read save %s: %s", path, exc)
            return None, None, _("The saved game \"{name}\" could not be opened ({error}).").format(
                name=name, error=_one_line(exc.strerror or exc, 60))
        try:
            record = decode_json(data)
            if isinstance(record, dict) and newer_format(record.get("format")):
                _log.warning("save %s is from a newer version (%s); left in place", path, record.get("format"))
                return None, None, _("The saved game \"{name}\" is from a newer version of Rummy 500; "
                                     "it was left as it is and will not be overwritten.").format(name=name)
            game = game_from_record(parse_record(record))
        except (RecordError, IllegalMove) as exc:
            reason = str(exc)
        except Exception as exc:  # a damaged save must never stop the program
            _log.exception("unexpected error checking save %s", path)
            reason = f"{type(exc).__name__}: {exc}"
        else:
            return record, game, None
        _log.warning("save %s is not a valid game record: %s", path, reason)
        moved = _move_aside(path)
        if moved is not None:
            text = _("The saved game \"{name}\" could not be loaded ({reason}); it was moved to {moved}.")
        else:
            text = _("The saved game \"{name}\" could not be loaded ({reason}); it was left where it is.")
        return None, None, _one_line(text.format(name=name, reason=_one_line(reason, 80), moved=moved), 400)

    def save_seats(self, seats: list[dict], name: str = "autosave") -> Path:
        """Write who sits at save ``name``'s table (``[{"name", "level"}, ...]``,
        which a game record does not hold) to ``saves_dir/<name>.seats``.
        Raises ``OSError`` when it cannot be written."""
        path = self.saves_dir / f"{_check_save_name(name)}.seats"
        return atomic_write_text(path, json.dumps({"seats": seats}, ensure_ascii=False) + "\n")

    def load_seats(self, name: str = "autosave") -> tuple[list[dict] | None, str | None]:
        """The seats written by :meth:`save_seats` and a one-line message.

        ``(None, None)`` when there is no seats file; ``(seats, None)`` for a
        good one (``[{"name", "level"}, ...]``, names cleaned like every
        name, levels one of :data:`game.safe_files.SEATS_LEVELS`); otherwise
        the file is moved aside like any unreadable file and ``(None,
        message)`` tells the player that computer seats play at Medium and
        seat 1 is theirs. Never raises for file problems; ``ValueError`` for
        a bad ``name``."""
        path = self.saves_dir / f"{_check_save_name(name)}.seats"
        data, message = self._load_object(path, "seats")
        if data is None:
            return None, message
        try:
            seats, _dropped = S.check(_SEATS_SCHEMA, data.get("seats"))
        except S.Bad:
            _log.warning("seats file %s holds no usable seats", path)
            moved = _move_aside(path)
            if moved is None:
                return None, _("Who sat at the saved table could not be read; the computer seats play at "
                               "Medium and the first seat is yours.")
            return None, _("Who sat at the saved table could not be read; it was moved to {moved} and the "
                           "computer seats play at Medium and the first seat is yours.").format(moved=moved)
        return seats, None

    def has_game(self, name: str = "autosave") -> bool:
        """Whether save ``name`` exists (it may still fail to load)."""
        return self.game_path(name).is_file()

    def delete_game(self, name: str = "autosave") -> bool:
        """Delete save ``name``; ``True`` if a file was removed, ``False`` if
        there was none. Raises ``OSError`` if it exists but cannot be removed."""
        try:
            self.game_path(name).unlink()
        except FileNotFoundError:
            return False
        return True

    def list_games(self) -> list[str]:
        """Names of the saves in ``saves_dir``, newest first (empty when the
        folder does not exist)."""
        try:
            files = [p for p in self.saves_dir.glob("*.json") if p.is_file()]
        except OSError:
            return []
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        return [p.stem for p in files]

    def remove_stale_temps(self) -> list[Path]:
        """Remove hidden temporary files left by killed writes (``.<name>.<random>.tmp``
        older than :data:`game.safe_files.STALE_TEMP_S`) beside the settings,
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
    (:class:`game.safe_files.QuietFileHandler`).
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
