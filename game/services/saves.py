"""Saved games on disk: the :class:`SavedGames` part of
:class:`game.services.storage.Storage` (``saves/<name>.json`` game records, the
``<name>.seats`` file of who sat where, listing and deleting saves), and the
check that a save name is a file name on every OS.

A save is a JSON game record (``game-record.md``), never a pickle; one that
cannot be replayed is moved aside (:func:`game.services.files.move_aside`) and the
player told in one line; a newer program's save is left as it is and never
overwritten. ``game.services.storage`` re-exports these names. Pure Python; never
imports pygame.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING

from game.services import schema as S
from game.errors import IllegalMove
from game.services.files import LOGGER_NAME, NewerFileError, move_aside, one_line, atomic_write_text
from game.i18n import _
from game.paths import shown
from game.rules.record import (
    MAX_NAME, MAX_RECORD_BYTES, RecordError, decode_json, game_from_record, newer_keys, parse_record,
    read_record_file
)
from game.services.files import SEATS_LEVELS, newer_format
from game.regular_files import open_regular

if TYPE_CHECKING:
    from game.rules.game import Game

__all__ = ["SavedGames"]

_log = logging.getLogger(f"{LOGGER_NAME}.storage")

SEATS_SCHEMA = S.ListOf(S.Obj({"name": S.Text(MAX_NAME), "level": S.Choice(SEATS_LEVELS)},
                                   keep_unknown=False, required=("name", "level")), 8)


_BAD_NAME = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
             *(f"lpt{i}" for i in range(1, 10))}


def check_save_name(name: str) -> str:
    """A save name usable as a file name on every OS, else ``ValueError``."""
    if (not isinstance(name, str) or not name.strip() or len(name) > 100 or _BAD_NAME.search(name)
            or name.startswith(".") or name.endswith((".", " "))
            or name.split(".")[0].strip().lower() in _RESERVED):
        raise ValueError(f"{name!r} cannot be a save name (use letters, digits, spaces, - and _)")
    return name


class SavedGames:
    """The saved-game methods of :class:`game.services.storage.Storage` (a mixin).

    Needs ``saves_dir`` (a :class:`~pathlib.Path`), ``_load_object(path,
    what)`` and ``_own_saves`` (an empty dict at first) from the class it is
    mixed into.
    """

    saves_dir: Path
    _own_saves: dict[Path, tuple[int, int]]  # save -> (size, mtime) when this program last wrote or read it whole

    def game_path(self, name: str = "autosave") -> Path:
        """The file of save ``name``: ``saves_dir/<name>.json``. Raises
        ``ValueError`` for a name that is not a plain file name."""
        return self.saves_dir / f"{check_save_name(name)}.json"

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
        self._own_saves.pop(path, None)
        atomic_write_text(path, text, durable)
        self._remember(path)
        return path

    def is_newer_save(self, name: str = "autosave") -> bool:
        """True when save ``name`` was written by a newer version of the game
        (its ``format`` is newer than ours, or it holds keys this version does
        not know and is a valid record without them:
        :func:`game.rules.record.newer_keys`): it must be left as it is."""
        return self._newer_save(self.game_path(name))

    def _remember(self, path: Path) -> None:
        """Note that ``path``, as it is now, was written (or read whole) by this program."""
        try:
            st = path.stat()
        except OSError:
            return
        self._own_saves[path] = (st.st_size, st.st_mtime_ns)

    def _newer_save(self, path: Path) -> bool:
        """Whether the file at ``path`` is a newer version's save. A file this
        program wrote or read whole and that has not changed since is not
        read again (the per-move saves stay cheap)."""
        try:
            st = path.stat()
            if self._own_saves.get(path) == (st.st_size, st.st_mtime_ns):
                return False
            with open_regular(path) as f:  # a named pipe there is not newer: never waited on
                data = f.read(MAX_RECORD_BYTES + 1)
        except OSError:
            return False
        if newer_format(data[:4096]):
            return True
        try:
            return bool(newer_keys(decode_json(data)))
        except RecordError:
            return False
        except Exception:  # a damaged save must never stop a save
            _log.exception("unexpected error reading save %s", path)
            return False

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
          higher, or keys this version does not know in a record that is
          valid without them, :func:`game.rules.record.newer_keys`):
          ``(None, message)`` saying so; the file is left in place and
          :meth:`save_game` will not overwrite it;
        * player names are checked by the record parser (printable, no
          lone surrogate, at most 64 characters: ``game-record.md``), so the
          record returned can always be drawn; a name past that is refused;
        * anything else (not UTF-8, not JSON, not a record, an illegal
          action): the file is moved aside to ``<name>.json.corrupt-<time>``
          and ``(None, message)`` says so and where it went;
        * the OS refuses to read it, or it is not a regular file (a named
          pipe, device, socket or folder: never opened for reading, so never
          waited on): ``(None, message)``, file left in place.
        * there is not enough memory to read it (``MemoryError``): ``(None,
          message)``, file left in place.

        The file is read as ``rummy500 replay`` reads one: at most the size
        limit + 1 bytes, hands and actions counted before the rest is built.

        (Each ``(record, message)`` above is ``(record, game, message)`` here;
        the game is ``None`` whenever the record is.)
        Raises only ``ValueError`` for a bad ``name``.
        """
        path = self.game_path(name)
        try:
            data = read_record_file(path)  # a regular file only, at most the size limit + 1 bytes
        except FileNotFoundError:
            return None, None, None
        except OSError as exc:
            _log.error("cannot read save %s: %s", path, exc)
            return None, None, _("The saved game \"{name}\" could not be opened ({error}).").format(
                name=name, error=one_line(exc.strerror or exc, 60))
        except RecordError as exc:  # larger than any record: a bad record, as below
            return self._bad_save(path, name, str(exc))
        except MemoryError:
            return self._no_memory(path, name)
        record = newer = None
        try:
            record = decode_json(data)  # hands and actions counted as they are read
            if isinstance(record, dict) and newer_format(record.get("format")):
                newer = f"format {record.get('format')}"
            else:
                try:
                    parsed = parse_record(record)
                except RecordError:
                    unknown = newer_keys(record)
                    if not unknown:
                        raise
                    newer = "keys this version does not know: " + ", ".join(unknown[:5])
                else:
                    game = game_from_record(parsed)
        except MemoryError:
            return self._no_memory(path, name)
        except (RecordError, IllegalMove) as exc:
            reason = str(exc)
            if self._newer_save(path):  # a newer program's save past our limits is still its own
                _log.warning("save %s is from a newer version and not readable here; left in place", path)
                return None, None, self._newer_message(name)
        except Exception as exc:  # a damaged save must never stop the program
            _log.exception("unexpected error checking save %s", path)
            reason = f"{type(exc).__name__}: {exc}"
        else:
            if newer is not None:
                _log.warning("save %s is from a newer version (%s); left in place", path, one_line(newer, 200))
                return None, None, self._newer_message(name)
            self._remember(path)
            return record, game, None
        return self._bad_save(path, name, reason)

    @staticmethod
    def _newer_message(name: str) -> str:
        """The player's sentence for a newer version's save ``name``, left as it is."""
        return _("The saved game \"{name}\" is from a newer version of Rummy 500; "
                 "it was left as it is and will not be overwritten.").format(name=name)

    @staticmethod
    def _no_memory(path: Path, name: str) -> tuple[None, None, str]:
        """Not enough memory to read save ``name``: not the file's fault, so it stays where it is."""
        _log.error("not enough memory to read save %s; left in place", path)
        return None, None, _("The saved game \"{name}\" could not be loaded: there was not enough memory "
                             "to read it. It was left where it is.").format(name=name)

    @staticmethod
    def _bad_save(path: Path, name: str, reason: str) -> tuple[None, None, str]:
        """Move the save at ``path`` that is not a valid record aside and say so (``(None, None, message)``)."""
        _log.warning("save %s is not a valid game record: %s", path, reason)
        moved = move_aside(path)
        if moved is not None:
            text = _("The saved game \"{name}\" could not be loaded ({reason}); it was moved to {moved}.")
        else:
            text = _("The saved game \"{name}\" could not be loaded ({reason}); it was left where it is.")
        return None, None, one_line(text.format(name=name, reason=one_line(reason, 80), moved=shown(moved)), 400)

    def save_seats(self, seats: list[dict], name: str = "autosave") -> Path:
        """Write who sits at save ``name``'s table (``[{"name", "level"}, ...]``,
        which a game record does not hold) to ``saves_dir/<name>.seats``.
        Raises ``OSError`` when it cannot be written."""
        path = self.saves_dir / f"{check_save_name(name)}.seats"
        return atomic_write_text(path, json.dumps({"seats": seats}, ensure_ascii=False) + "\n")

    def load_seats(self, name: str = "autosave") -> tuple[list[dict] | None, str | None]:
        """The seats written by :meth:`save_seats` and a one-line message.

        ``(None, None)`` when there is no seats file; ``(seats, None)`` for a
        good one (``[{"name", "level"}, ...]``, names cleaned like every
        name, levels one of :data:`game.services.files.SEATS_LEVELS`); otherwise
        the file is moved aside like any unreadable file and ``(None,
        message)`` tells the player that computer seats play at Medium and
        seat 1 is theirs. Never raises for file problems; ``ValueError`` for
        a bad ``name``."""
        path = self.saves_dir / f"{check_save_name(name)}.seats"
        data, message = self._load_object(path, "seats")
        if data is None:
            return None, message
        try:
            seats, _dropped = S.check(SEATS_SCHEMA, data.get("seats"))
        except S.Bad:
            _log.warning("seats file %s holds no usable seats", path)
            moved = move_aside(path)
            if moved is None:
                return None, _("Who sat at the saved table could not be read; the computer seats play at "
                               "Medium and the first seat is yours.")
            return None, _("Who sat at the saved table could not be read; it was moved to {moved} and the "
                           "computer seats play at Medium and the first seat is yours.").format(moved=shown(moved))
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
