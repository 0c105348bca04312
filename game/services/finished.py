"""Finished games kept as game records, and recording a game when it is won.

Every finished game is written as a game record (``game-record.md``,
``format: rummy500/1``) to ``saves/finished/<YYYYmmdd-HHMMSS>-<microseconds>Z-<id>.json``
in the config folder, so it can be replayed with ``rummy500 replay FILE`` or
shared; only the latest :data:`KEEP` are kept. The time in the name is UTC
(the ``Z``), so the order of the games never depends on the time zone or on
summer time; only the date shown to the player (:func:`game_date`) is local.
Names written by earlier versions hold local time without the ``Z``; they are
read as local time and keep their place among the new ones. A small index
(``saves/finished/index.json``) holds each file's :class:`GameSummary` with
the file's size and modification time, so listing 100 games reads one file;
a file that is new or changed since it was indexed is read (and replayed)
again, and one that is not a valid record is moved aside
(``<name>.corrupt-<time>``) and named in one message. A newer version's
record (a newer ``format``, or keys this version does not know:
:func:`game.rules.record.newer_keys`) is left in place, unlisted and unnamed.

:func:`record_finished_game` is the one end-of-game path: it keeps the
record and counts the game in the statistics, both at most once per game
(by :func:`game.services.statistics.game_id`), whenever and however often it is called.
Pure Python; never imports pygame.
"""

from __future__ import annotations

import calendar
import json
import logging
import os
import re
import time
from pathlib import Path

from game.errors import IllegalMove
from game.i18n import ngettext
from game.paths import shown
from game.rules.record import RecordError, decode_json, newer_keys, read_record_file
from game.services.statistics import GameSummary, count_game, summarize
from game.services.storage import Storage
from game.services.files import Unreadable, atomic_write_text, move_aside, newer_format, one_line, read_json_object
from game.regular_files import is_special_file

__all__ = ["KEEP", "FinishedGames", "count_in_statistics", "keep_finished_record", "record_finished_game", "game_date"]

KEEP = 100
"""How many finished games are kept (the newest)."""
INDEX = "index.json"
INDEX_VERSION = 1

_log = logging.getLogger("rummy500.finished")
_NEWER = object()  # _read_summary: a newer version's record, left as it is


_NAME = re.compile(r"(\d{8}-\d{6})-(\d{6})(Z?)-")


def _finished_at(file_name: str) -> tuple[float, bool] | None:
    """``(seconds since the epoch, written in UTC)`` from a finished game's
    file name, or ``None`` when the name holds no date and time. A name with
    ``Z`` (this version) is UTC; one without (earlier versions) local time,
    read in the time zone in force now."""
    m = _NAME.match(file_name)
    if m is None:
        return None
    try:
        t = time.strptime(m.group(1), "%Y%m%d-%H%M%S")
    except ValueError:
        return None
    utc = m.group(3) == "Z"
    if utc:
        seconds = calendar.timegm(t)
    else:
        try:
            seconds = time.mktime(t[:8] + (-1,))  # the OS decides whether summer time was in force
        except (OverflowError, ValueError):
            return None
    return seconds + int(m.group(2)) / 1e6, utc


def game_date(file_name: str) -> str:
    """``"2026-11-30 09:12"``, local time, from a finished game's file name
    (``20261130-091233-123456Z-<id>.json``, UTC, or an earlier version's
    ``20261130-091233-123456-<id>.json``, local time); ``""`` when the name
    has no date."""
    when = _finished_at(file_name)
    if when is None:
        return ""
    if not when[1]:  # local time already: shown as written
        return time.strftime("%Y-%m-%d %H:%M", time.strptime(file_name[:15], "%Y%m%d-%H%M%S"))
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(when[0]))
    except (OverflowError, OSError, ValueError):
        return ""


def _order(path: Path) -> tuple[float, str]:
    """The sort key of a record file: when the game finished (from its name,
    else the file's modification time), then the name."""
    when = _finished_at(path.name)
    if when is not None:
        return when[0], path.name
    try:
        return path.stat().st_mtime, path.name
    except OSError:
        return 0.0, path.name


def _note(summary: GameSummary) -> str:
    levels = summary.levels or ["?"] * len(summary.players)
    who = ", ".join(f"{n} ({'you' if i == summary.person else lv})"
                    for i, (n, lv) in enumerate(zip(summary.players, levels)))
    won = summary.players[summary.winner] if summary.winner is not None else "nobody"
    return f"Rummy 500, finished {time.strftime('%Y-%m-%d %H:%M')}: {who}; rules {summary.profile}; {won} won."


class FinishedGames:
    """The folder of finished game records (``storage.finished_dir``).

    Building one reads and writes nothing."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)

    @property
    def index_path(self) -> Path:
        return self.folder / INDEX

    def files(self) -> list[Path]:
        """The record files, newest first: by the moment the game finished,
        which the name gives (UTC, or an earlier version's local time), so a
        change of time zone or the hour repeated when summer time ends does
        not put the newest game last (a file named otherwise: by its
        modification time)."""
        try:
            paths = [p for p in self.folder.glob("*.json") if p.name != INDEX and p.is_file()]
        except OSError:
            return []
        return sorted(paths, key=_order, reverse=True)

    def find(self, gid: str) -> Path | None:
        """The record file of game ``gid``, or ``None``."""
        return next((p for p in self.files() if p.stem.endswith(f"-{gid}")), None)

    # ------------------------------------------------------------ index
    def _read_index(self) -> dict[str, dict]:
        try:
            games = read_json_object(self.index_path)["games"]
            if isinstance(games, dict):
                return {k: v for k, v in games.items() if isinstance(v, dict)}
        except FileNotFoundError:
            pass
        except (OSError, Unreadable, KeyError) as exc:
            _log.warning("finished games index %s unusable (%s); it is rebuilt", self.index_path, exc)
        return {}

    def _write_index(self, games: dict[str, dict]) -> None:
        if is_special_file(self.index_path):  # a named pipe or folder put there is left as it is
            _log.warning("not writing %s: it is not a regular file", self.index_path)
            return
        try:
            atomic_write_text(self.index_path, json.dumps({"version": INDEX_VERSION, "games": games},
                                                          ensure_ascii=False) + "\n")
        except (OSError, ValueError) as exc:
            _log.warning("could not write %s: %s", self.index_path, exc)

    @staticmethod
    def _stamp(path: Path) -> list[int]:
        st = path.stat()
        return [st.st_size, st.st_mtime_ns]

    # ------------------------------------------------------------ writing
    def save(self, record: dict, summary: GameSummary) -> Path:
        """Keep ``record`` (a finished game; ``summary`` is its
        :func:`~game.services.statistics.summarize`) as ``<date-time>-<µs>Z-<id>.json`` (UTC)
        unless that game is kept already, then drop all but the newest
        :data:`KEEP` (never the game just kept). Returns the record's path. Raises ``OSError`` when it cannot be
        written (nothing is then changed)."""
        existing = self.find(summary.id)
        if existing is not None:
            return existing
        record = dict(record)
        if record.get("note") is None:
            record["note"] = _note(summary)
        now = time.time_ns()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now // 10**9))
        path = self.folder / f"{stamp}-{now // 1000 % 10**6:06d}Z-{summary.id}.json"
        atomic_write_text(path, json.dumps(record, ensure_ascii=False, indent=1) + "\n")
        index = self._read_index()
        index[path.name] = {"stamp": self._stamp(path), "summary": summary.to_dict()}
        self._prune(index, path)
        self._write_index(index)
        return path

    def _prune(self, index: dict[str, dict], new: Path) -> None:
        """Remove all but the newest :data:`KEEP` records; ``new``, the game
        just kept, stays even when a clock set back makes it look older."""
        for old in [p for p in self.files() if p != new][KEEP - 1:]:
            try:
                old.unlink()
            except OSError as exc:
                _log.warning("could not remove old finished game %s: %s", old, exc)
                continue
            index.pop(old.name, None)

    # ------------------------------------------------------------ reading
    def list(self) -> tuple[list[tuple[str, GameSummary]], str | None]:
        """``([(file name, summary), ...] newest first, message)``.

        Summaries come from the index; a file missing from it or changed
        since is read and replayed again (its seats' levels are then
        unknown). A file that is not a valid finished record is moved aside
        and left out, and ``message`` says so in one line (else ``None``);
        one the OS refuses to read is left out and left where it is, anything
        but a regular file (a named pipe...) is not listed at all, and one a
        newer version wrote is left out and left as it is, without a word.
        Never raises for file problems."""
        index = self._read_index()
        out: list[tuple[str, GameSummary]] = []
        bad: list[str] = []
        fresh: dict[str, dict] = {}
        for path in self.files():
            try:
                stamp = self._stamp(path)
            except OSError:
                continue
            entry = index.get(path.name)
            summary = None
            if entry is not None and entry.get("stamp") == stamp:
                try:
                    summary = GameSummary.from_dict(entry.get("summary"))
                except (ValueError, TypeError, KeyError, AttributeError):
                    summary = None
                if summary is not None and not all(isinstance(n, str) and n.isprintable() and n
                                                   for n in summary.players):
                    summary = None  # an index edited by hand: read the record again
            if summary is None:
                try:
                    summary = self._read_summary(path, entry)
                except OSError as exc:  # not damaged, only unreadable (or no longer a regular file): left
                    _log.warning("finished game %s cannot be read: %s", path, exc)
                    continue
                if summary is _NEWER:
                    continue
                if summary is None:
                    bad.append(path.name)
                    move_aside(path)
                    continue
            fresh[path.name] = {"stamp": stamp, "summary": summary.to_dict()}
            out.append((path.name, summary))
        if fresh != index:
            self._write_index(fresh)
        message = None
        if bad:
            n = len(bad)
            message = one_line(ngettext("{count} finished game could not be read and was moved aside in "
                                         "{folder}: {files}.",
                                         "{count} finished games could not be read and were moved aside in "
                                         "{folder}: {files}.", n).format(count=n, folder=shown(self.folder),
                                                                          files=", ".join(map(shown, bad))), 300)
        return out, message

    def _read_summary(self, path: Path, entry: dict | None):
        """The summary of the finished record at ``path`` (``entry``: its old
        index entry, for the seats' levels), ``None`` when it is not a valid
        finished game, or :data:`_NEWER` when a newer version wrote it
        (logged). Raises ``OSError`` when it cannot be read
        (:class:`game.regular_files.NotRegularFile` included)."""
        old = None
        if entry is not None:
            try:
                old = GameSummary.from_dict(entry.get("summary"))
            except (ValueError, TypeError, KeyError, AttributeError):
                old = None
        record = None
        try:
            data = read_record_file(path)
        except RecordError as exc:  # larger than any record
            _log.warning("finished game %s unreadable: %s", path, exc)
            return None
        try:
            record = decode_json(data)
            summary = summarize(record, old.levels if old else None, old.person if old else None)
        except RecordError as exc:
            if isinstance(record, dict) and (newer_format(record.get("format")) or newer_keys(record)):
                _log.info("finished game %s is from a newer version; left as it is", path)
                return _NEWER
            _log.warning("finished game %s unreadable: %s", path, exc)
            return None
        except (IllegalMove, KeyError, IndexError, TypeError, AttributeError) as exc:
            _log.warning("finished game %s unreadable: %s", path, exc)
            return None
        except Exception:  # a damaged file must never stop the program
            _log.exception("unexpected error reading finished game %s", path)
            return None
        if summary.winner is None:
            _log.warning("finished game %s does not end in a win", path)
            return None
        return summary


def record_finished_game(storage: Storage, record: dict, levels: list[str],
                         person: int | None) -> tuple[GameSummary | None, bool, str | None]:
    """The end of a won game: keep its record in ``storage.finished_dir``
    and count it in the statistics (only when ``person`` is a seat: a demo
    or watched game is kept but not counted). Safe to call any number of
    times for the same game: it is kept once and counted once.

    ``record``: ``record.record_of(game)``; ``levels``: each seat's level.
    Returns ``(summary, counted, message)``: ``summary`` is ``None`` when the
    record does not end in a win (nothing is written); ``counted`` is True
    when the statistics gained this game now; ``message`` is one line for the
    player when something could not be kept (else ``None``). Never raises
    for file problems.
    """
    try:
        summary = summarize(record, levels, person)
    except (RecordError, IllegalMove) as exc:
        _log.error("finished game not recorded, its record does not replay: %s", exc)
        return None, False, None
    if summary.winner is None:
        return None, False, None
    messages = _keep(storage, record, summary)
    counted = False
    if person is not None or summary.people:
        counted, message = count_in_statistics(storage, summary)
        if message:
            messages.append(message)
    return summary, counted, " ".join(messages) or None


def keep_finished_record(storage: Storage, record: dict, person: int) -> list[str]:
    """Keep a won game's ``record`` (a game-record dict) in
    ``storage.finished_dir`` without counting it in the statistics: a game
    played at a table joined at another computer (issue 23), counted from
    what the seat saw instead. ``person``: this computer's seat. Returns the
    messages for the player (the record could not be written); a record that
    does not replay or is not won is logged and not kept. Kept once per game
    (by :func:`~game.services.statistics.game_id`). Never raises for file problems."""
    try:
        summary = summarize(record, None, person)
    except (RecordError, IllegalMove) as exc:
        _log.error("the joined game's record is not kept, it does not replay: %s", exc)
        return []
    if summary.winner is None:
        return []
    # the host's note (if any) speaks for the host's person: this computer's note is written for this seat
    return _keep(storage, {k: v for k, v in record.items() if k != "note"}, summary)


def _keep(storage: Storage, record: dict, summary: GameSummary) -> list[str]:
    """Keep ``record`` (its ``summary``) in ``storage.finished_dir``: ``[]``, or the one message when it could not be."""
    try:
        FinishedGames(storage.finished_dir).save(record, summary)
    except (OSError, ValueError, TypeError) as exc:
        _log.error("could not keep the finished game: %s", exc)
        return [f"The finished game could not be kept ({one_line(getattr(exc, 'strerror', None) or exc, 60)})."]
    return []


def count_in_statistics(storage: Storage, summary: GameSummary) -> tuple[bool, str | None]:
    """Count ``summary`` (a won game) in the statistics of ``storage``, once
    (:func:`~game.services.statistics.count_game`, by its id). Returns
    ``(counted now, message)``: the message is one line for the player when
    the statistics could not be read or saved, else ``None``. Never raises
    for file problems."""
    messages = []
    stats, message = storage.load_statistics()
    if message:
        messages.append(message)
    counted = False
    if count_game(stats, summary):
        counted = storage.save_statistics(stats)
        if not counted and not stats.is_newer:
            messages.append("Your statistics could not be saved.")
    return counted, " ".join(messages) or None
