"""Save slots: every game in progress in its own save.

A slot is a game record ``saves_dir/game-<time>.json`` (written and checked
by :class:`game.services.storage.Storage`, whose public API this module only calls)
and a sidecar ``saves_dir/game-<time>.slot`` (JSON) that holds what a game
record may not (``game-record.md`` allows no unknown keys): who sits where
and at what level, the person's sort order and hand arrangement, and a
summary for the "Load game" list (players, totals, hand number, when it was
last played), so listing the slots replays nothing.

Continue resumes the slot played most recently; New game with a game in
progress keeps it in its slot (while fewer than :data:`MAX_SLOTS` are used)
or replaces it. The one ``autosave`` of older versions is moved into a slot
by :meth:`Slots.migrate`, so a player upgrading keeps their game.

A third file, ``saves_dir/game-<time>.crash``, counts the times in a row the
slot's table stopped on an error (:meth:`Slots.note_crash`); the table
clears it once the person makes a move or leaves without an error. At
:data:`SET_ASIDE_AFTER` the slot is set aside like an unreadable file
(:meth:`Slots.set_aside`), so a crash that comes back on every Continue stops
coming back (``scenes/crash.py``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from datetime import datetime

from game.i18n import _, and_list, month_abbr
from game.rules.cards import card_token, parse_card
from game.paths import shown
from game.services.files import SEATS_LEVELS
from game.services.schema import Bool, Choice, Float, Int, ListOf, Obj, Text, check
from game.services.statistics import give_up_game
from game.services.storage import Storage
from game.text.levels import LEVEL_LABELS
from game.services.files import atomic_write_text
from game.rules.names import shown_names
from game.rules.record import MAX_NAME, name_problem
from game.services.schema import Custom, clean_text
from game.services.files import move_aside
from game.regular_files import is_special_file, read_regular_file

log = logging.getLogger("rummy500.slots")

MAX_SLOTS = 5  # games in progress kept at once
PREFIX = "game-"
SIDECAR = ".slot"
CRASHES = ".crash"  # how many times in a row the slot's table stopped on an error (Slots.crashes)
SET_ASIDE_AFTER = 2  # ... before the slot is set aside (Slots.set_aside)
LEGACY = "autosave"  # the single save of versions before slots
TABLE_SUFFIX = ".table.json"
"""A hosted game's table beside its save, in the network folder (:meth:`Slots.table_file`,
:mod:`game.services.hosted_tables`): its code, seats, names and seat tokens."""
SORT_MODES = ("suit", "rank")
DETAILS = ("hand_order", "sort_mode", "seed")
"""A sidecar's values that have a default (none, by suit, one made from the
record: :func:`table_seed`): one of them bad costs only itself."""
MAX_SIDECAR_BYTES = 64 * 1024
SIDECAR_REFRESH_S = 60.0  # a per-move save rewrites an unchanged sidecar only this often (for its saved_at)


def _seat_name(value):
    """A seat's name in a sidecar: kept exactly as it is when a game record
    takes it (:func:`game.record.name_problem`: zero-width joiners and other
    format characters included), so it stays equal to the record's name;
    otherwise cleaned like any text from disk (:func:`game.schema.clean_text`),
    ``ValueError`` when nothing readable is left."""
    if name_problem(value) is None:
        return value
    cleaned = clean_text(value, MAX_NAME)
    if cleaned is None:
        raise ValueError("not a name")
    return cleaned


SIDECAR_SCHEMA = Obj({
    "players": ListOf(Custom(_seat_name), 8), "totals": ListOf(Int(-10**12, 10**12), 8), "hand": Int(1, 10**6),
    "saved_at": Float(0.0, 1e11), "levels": ListOf(Choice(SEATS_LEVELS), 8), "hand_order": ListOf(Text(4), 200),
    "sort_mode": Choice(SORT_MODES), "won": Bool(), "seed": Int(0, 2**63 - 1)},
    required=("players", "totals", "hand", "saved_at"))
"""What a slot's sidecar may hold (:mod:`game.services.schema`); anything else makes it unusable."""
SALVAGE_SCHEMA = Obj(SIDECAR_SCHEMA.fields)
""":data:`SIDECAR_SCHEMA` with nothing required: the good values of a
sidecar whose names, totals, hand or time are bad (for the rebuild)."""


@dataclass
class SlotInfo:
    """What the "Load game" list shows of one slot.

    ``name`` is the save name (the file stem, ``game-YYYYMMDD-HHMMSS``);
    ``players`` and ``totals`` are by seat (seat 0 is the person);
    ``hand`` is the 1-based number of the hand being played; ``saved_at``
    is when it was last saved (seconds since the epoch); ``levels`` by seat
    (``"human"``, ``"easy"``, ...); ``hand_order`` the person's arrangement
    (card tokens such as ``"7H"``, empty when sorted) and ``sort_mode``
    (``"suit"`` or ``"rank"``); ``seed`` the table's seed
    (:attr:`game.play.table_session.TableSession.seed`: the next deals and the computers'
    choices follow from it), ``None`` in the sidecars of older versions.
    """

    name: str
    players: list[str]
    totals: list[int]
    hand: int
    saved_at: float
    levels: list[str] = field(default_factory=list)
    hand_order: list[str] = field(default_factory=list)
    sort_mode: str = "suit"
    won: bool = False
    seed: int | None = None

    def title(self, with_levels: bool = False) -> str:
        """The players as drawn, "Ana, Ben and Cleo" ("Player 2" for a name
        with no visible character, :func:`game.names.shown_names`); with
        ``with_levels``, each other seat a computer plays followed by its
        level or style, "You, Ana (Hard) and Ben (Easy)" (two games against
        the same names at other levels look alike without). Seat 0, the
        person's, never has one: a computer playing it for them is not an
        opponent."""
        names = shown_names(self.players)
        if with_levels:
            labels = self._computer_labels()
            # TRANSLATORS: a seat's name and the computer level or style that plays it, "Ana (Hard)"
            names = [_("{name} ({level})").format(name=n, level=_(label)) if label else n
                     for n, label in zip(names, labels)]
        return and_list(names)

    def levels_line(self) -> str:
        """The levels and styles of the computers at the other seats, each
        once, in seat order: "Medium, Hard" (empty when every other seat is
        a person's or the levels are not known)."""
        seen: list[str] = []
        for label in self._computer_labels():
            if label and _(label) not in seen:
                seen.append(_(label))
        return ", ".join(seen)

    def _computer_labels(self) -> list[str | None]:
        """Per seat, the label (:data:`~game.text.levels.LEVEL_LABELS`) of
        the computer level playing it, or ``None`` for seat 0, a person's
        seat or a level not known."""
        labels = [LEVEL_LABELS.get(lv) for lv in self.levels[:len(self.players)]]
        labels += [None] * (len(self.players) - len(labels))
        return [None] + labels[1:] if labels else labels

    def scores(self) -> str:
        """The totals by seat, "151–94–30"; when any total is below zero,
        spaced out so that its minus sign is not read as a dash:
        "-56 – 33 – -45 – 69" (R20: a hand can score below zero)."""
        if min(self.totals, default=0) < 0:
            return " – ".join(str(t) for t in self.totals)
        return "–".join(str(t) for t in self.totals)

    def when(self, now: float | None = None) -> str:
        """When it was last played: "today 09:40", or "30 Nov 2026 09:40"."""
        d = datetime.fromtimestamp(self.saved_at)
        today = datetime.fromtimestamp(time.time() if now is None else now).date()
        if d.date() == today:
            return _("today {time}").format(time=f"{d:%H:%M}")
        # TRANSLATORS: a date and time, "30 Nov 2026 09:40"
        return _("{day} {month} {year} {time}").format(day=d.day, month=month_abbr(d.month), year=d.year,
                                                       time=f"{d:%H:%M}")

    def line(self, now: float | None = None) -> str:
        """One line for a list: "151–94, hand 3 · today 09:40"."""
        if self.won:
            return _("{scores}, won, results not seen · {when}").format(scores=self.scores(), when=self.when(now))
        return _("{scores}, hand {hand} · {when}").format(scores=self.scores(), hand=self.hand, when=self.when(now))

    def seats(self) -> list[dict]:
        """``[{"name", "level"}, ...]``, as :meth:`Storage.save_seats` writes them."""
        return [{"name": n, "level": lv} for n, lv in zip(self.players, self.levels)]


def info_of(name: str, game, levels: list[str], hand_order=(), sort_mode: str = "suit",
            saved_at: float | None = None, seed: int | None = None) -> SlotInfo:
    """The :class:`SlotInfo` of ``game`` (a :class:`game.rules.game.Game`) saved as
    ``name``; ``hand_order`` is card codes (ints); ``seed`` the table's seed."""
    hand = game.hand.index + 1 if game.hand is not None else 1
    return SlotInfo(name, list(game.names), list(game.totals), hand, time.time() if saved_at is None else saved_at,
                    list(levels), [card_token(c) for c in hand_order],
                    sort_mode if sort_mode in SORT_MODES else "suit", game.winner is not None, seed)


def table_seed(info: SlotInfo, game) -> int:
    """The table seed to resume slot ``info`` with (its ``game`` read back
    from the record): the saved one, or for a sidecar of an older version
    (no seed) one made from the record's names and deal seeds, so that every
    Continue of the same save deals the same next hand (no re-deal by
    quitting). A 63-bit int."""
    if info.seed is not None:
        return info.seed
    key = repr((list(game.names), [h.seed for h in game.hands])).encode("utf-8", "backslashreplace")
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1


def order_cards(tokens) -> list[int]:
    """Card codes from the tokens of :attr:`SlotInfo.hand_order` (bad ones are dropped)."""
    out = []
    for t in tokens:
        try:
            out.append(parse_card(t))
        except ValueError:
            pass
    return out


def _unknown_levels_to_medium(raw: object) -> list[int]:
    """In a sidecar read from disk (``raw``, before :data:`SIDECAR_SCHEMA`),
    put ``"medium"`` in place of each seat's level that is a short word this
    version does not know (a newer version's style, say), so that the
    schema keeps the other seats' levels; returns those seats, in order
    (the rebuild gives each a person or Medium: :meth:`Slots._rebuild_info`).
    Anything else that is wrong (a number, a long text, too many seats) is
    left for the schema to refuse."""
    if not isinstance(raw, dict):
        return []
    levels = raw.get("levels")
    if not isinstance(levels, list) or len(levels) > 8:
        return []
    lost = [seat for seat, level in enumerate(levels)
            if isinstance(level, str) and 0 < len(level) <= 40 and level not in SEATS_LEVELS]
    for seat in lost:
        levels[seat] = "medium"
    return lost


class Slots:
    """The save slots under ``storage`` (a :class:`game.services.storage.Storage`)."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.messages: list[str] = []  # one line each: a broken slot moved aside (for the player)
        self._written: dict[str, tuple[tuple, float]] = {}  # name -> (sidecar content but saved_at, saved_at)
        self._salvage: dict[str, tuple[dict, list[int]]] = {}  # name -> a broken sidecar's good values, lost seats

    # ---------------------------------------------------------------- names
    def new_name(self, now: float | None = None) -> str:
        """A free slot name from the time, ``game-20261130-094012`` (``-2``... when taken)."""
        base = PREFIX + datetime.fromtimestamp(time.time() if now is None else now).strftime("%Y%m%d-%H%M%S")
        name, n = base, 1
        while self.storage.game_path(name).exists() or self._sidecar(name).exists():  # whatever is there
            n += 1
            name = f"{base}-{n}"
        return name

    def _sidecar(self, name: str):
        return self.storage.game_path(name).with_suffix(SIDECAR)

    def table_file(self, name: str):
        """Where slot ``name``'s table is kept when the game is hosted for
        other computers (:mod:`game.services.hosted_tables`): in the network
        folder, readable by the host alone. Deleted with the slot."""
        return self.storage.network_dir / (name + TABLE_SUFFIX)

    def names(self) -> list[str]:
        """The slot names on disk (any order)."""
        return [n for n in self.storage.list_games() if n.startswith(PREFIX)]

    # ---------------------------------------------------------------- listing
    def read_info(self, name: str) -> SlotInfo | None:
        """The sidecar of slot ``name``, or ``None`` when missing or unreadable.

        Every value is checked by :data:`SIDECAR_SCHEMA` (names as a game
        record takes them, levels the table knows, finite times, no deep nesting).
        Whatever is wrong, the player is told, the file is moved aside as it
        was (:func:`game.services.files.move_aside`), and as much as can be
        is kept:

        * a bad :data:`DETAILS` value (hand order, sort order, seed) takes
          its default, and the sidecar is written again at once;
        * anything else (a level this version does not know, such as a
          newer version's style; names, totals, hand, time, whether the
          game was won; levels for some seats only; a file that is not
          JSON): ``None``, and :meth:`list` rebuilds the slot from its
          record (:meth:`_rebuild_info`), keeping the sidecar's good levels
          and details: a seat whose level was lost is a person's when the
          record says a person plays it, else Medium's.

        A slot whose record a newer version wrote is left exactly as it is
        (``None``, the player told). Only a regular file of
        at most :data:`MAX_SIDECAR_BYTES` is read
        (:func:`game.regular_files.read_regular_file`): a named pipe in its place
        is never waited on, and is left where it is."""
        path = self._sidecar(name)
        lost: list[int] = []
        raw = None
        try:
            data = read_regular_file(path, MAX_SIDECAR_BYTES)
            raw = json.loads(data.decode("utf-8"))
            lost = _unknown_levels_to_medium(raw)
            d, dropped = check(SIDECAR_SCHEMA, raw)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, RecursionError):  # Bad, FileTooLarge and UnicodeDecodeError are ValueErrors
            d, dropped = None, ["the whole file"]
        whole = d is not None and len(d["totals"]) == len(d["players"])
        if whole and len(d.get("levels", ())) not in (0, len(d["players"])):
            del d["levels"]  # a level for some seats only: which seat is whose is not known
            dropped.append("levels")
        if whole and not dropped and not lost:
            return self._info_from(name, d)
        self.messages.append(_("The details of a saved game (its players' levels, your hand's order) could not "
                               "be read; it is kept, with Medium opponents where the levels were lost."))
        if self.storage.is_newer_save(name):  # a newer program's slot is left exactly as it is
            log.warning("slot %s: sidecar not usable here, and a newer version wrote the game: left as it is", name)
            return None
        log.warning("slot %s: sidecar not wholly usable (%s%s)", name, ", ".join(dropped) or "totals",
                    f"; levels this version does not know at seats {lost}" if lost else "")
        if not is_special_file(path):
            move_aside(path)  # kept as it was, for a newer version or a bug report
        if not whole or lost or not set(dropped) <= set(DETAILS):
            if d is None and isinstance(raw, dict):  # a bad name, total, hand or time: what else was good
                d, _dropped = check(SALVAGE_SCHEMA, raw)
            self._salvage[name] = (d or {}, lost)  # for _rebuild_info
            return None
        info = self._info_from(name, d)  # only details with a default were bad: the levels are kept
        try:
            self.write_info(info)
        except OSError as exc:  # used all the same; written again at the next save
            log.warning("cannot write the sidecar of %s: %s", name, exc)
        return info

    @staticmethod
    def _info_from(name: str, d: dict) -> SlotInfo:
        """The :class:`SlotInfo` of slot ``name`` from its checked sidecar ``d``."""
        return SlotInfo(name, d["players"], d["totals"], d["hand"], d["saved_at"], d.get("levels", []),
                        d.get("hand_order", []), d.get("sort_mode", "suit"), d.get("won", False), d.get("seed"))

    def _rebuild_info(self, name: str) -> SlotInfo | None:
        """A slot without a usable sidecar: read its record (a broken one is
        moved aside by the storage) and write the sidecar again, unless a
        special file (a named pipe, a folder...) is in its place: that is
        left as it is (saving the game writes over it). The levels come
        from what :meth:`read_info` found good in the broken sidecar (when
        its names are the record's), else the old ``.seats`` file, else
        people at the seats the record says people play (``people``; the
        first seat when it does not say) and Medium at the others; its
        good hand order, sort order and seed are kept too."""
        game, message = self.storage.load_game_state(name)  # replayed once
        if game is None:
            if message:
                log.warning("%s", message)
                self.messages.append(message)
            self.forget(name)
            return None
        saved, seats_message = self.storage.load_seats(name)
        if seats_message:
            self.messages.append(seats_message)
        saved = saved or []
        kept, lost = self._salvage.pop(name, ({}, []))
        people = game.people or [0]  # the seats people play (the record's; else the first)
        unknown = ["human" if seat in people else "medium" for seat in range(len(game.names))]
        if kept.get("levels") and kept.get("players") == list(game.names):
            levels = [unknown[seat] if seat in lost else level for seat, level in enumerate(kept["levels"])]
        elif len(saved) == len(game.names):
            levels = [s["level"] for s in saved]
        else:
            levels = unknown
        try:
            mtime = self.storage.game_path(name).stat().st_mtime
        except OSError:
            mtime = time.time()
        info = info_of(name, game, levels, order_cards(kept.get("hand_order", ())), kept.get("sort_mode", "suit"),
                       saved_at=mtime, seed=kept.get("seed"))
        if is_special_file(self._sidecar(name)):
            log.warning("slot %s: a special file is in place of its sidecar; left as it is", name)
            return info
        try:
            self.write_info(info)
        except OSError as exc:  # listed all the same; written again at the next save
            log.warning("cannot write the sidecar of %s: %s", name, exc)
        return info

    def list(self) -> list[SlotInfo]:
        """Every slot, the most recently played first."""
        out = []
        for name in self.names():
            info = self.read_info(name) or self._rebuild_info(name)
            if info is not None:
                out.append(info)
        out.sort(key=lambda i: i.saved_at, reverse=True)
        return out

    def latest(self) -> SlotInfo | None:
        """The slot Continue resumes: the one played most recently (``None``: no slot)."""
        slots = self.list()
        return slots[0] if slots else None

    def full(self) -> bool:
        """True when :data:`MAX_SLOTS` slots are in use (a new game would need one freed)."""
        return len(self.names()) >= MAX_SLOTS

    # ---------------------------------------------------------------- writing
    def write_info(self, info: SlotInfo, durable: bool = True) -> None:
        """Write the sidecar of ``info.name`` (``durable=False`` skips the
        fsyncs, and skips the write itself when this object wrote the same
        content, ``saved_at`` aside, less than :data:`SIDECAR_REFRESH_S`
        seconds before: the per-move saves stay cheap). Raises ``OSError``
        when it cannot be written."""
        content = (tuple(info.players), tuple(info.totals), info.hand, tuple(info.levels), tuple(info.hand_order),
                   info.sort_mode, info.won, info.seed)
        last = self._written.get(info.name)
        if not durable and last is not None and last[0] == content and 0 <= info.saved_at - last[1] < SIDECAR_REFRESH_S:
            return
        data = {"version": 1, "players": info.players, "totals": info.totals, "hand": info.hand,
                "saved_at": info.saved_at, "levels": info.levels, "hand_order": info.hand_order,
                "sort_mode": info.sort_mode, "won": info.won}
        if info.seed is not None:
            data["seed"] = info.seed
        self._written.pop(info.name, None)  # a failed write is tried again next time
        atomic_write_text(self._sidecar(info.name), json.dumps(data, ensure_ascii=False) + "\n", durable)
        self._written[info.name] = (content, info.saved_at)

    def save(self, info: SlotInfo, record: dict, durable: bool = True) -> None:
        """Save a game record in slot ``info.name`` with its sidecar. Raises
        ``OSError``/``ValueError``/``TypeError`` as :meth:`Storage.save_game`;
        ``durable=False`` (the saves after each move) skips the fsyncs."""
        self.storage.save_game(record, info.name, durable=durable)
        self.write_info(info, durable=durable)

    def delete(self, name: str) -> bool:
        """Delete slot ``name`` (record and sidecars); True if a record was removed.
        Raises ``OSError`` when a file exists but cannot be removed."""
        removed = self.storage.delete_game(name)
        self._written.pop(name, None)
        self._salvage.pop(name, None)
        for side in (self._sidecar(name), self.storage.game_path(name).with_suffix(".seats"), self._crashes(name),
                     self.table_file(name)):
            if is_special_file(side):  # a named pipe or a folder put there is never removed
                continue
            try:
                side.unlink()
            except FileNotFoundError:
                pass
        return removed

    def give_up(self, name: str) -> bool:
        """The person throws slot ``name``'s game away unfinished (Load game's
        Delete, New game's "start the new one in its place"): :meth:`delete`
        it, then apply the streak rule
        (:data:`game.services.statistics.STREAK_RULE`): once one of its hands
        is over, a game the person plays and has not won ends their winning
        streak, as losing it would. Returns what :meth:`delete` returns;
        raises ``OSError`` as it does (the statistics are then untouched)."""
        info = self.read_info(name)
        removed = self.delete(name)
        if info is not None:
            stats, _message = self.storage.load_statistics()
            plays = not info.levels or info.levels[0] == "human"  # (older sidecars have no levels)
            if give_up_game(stats, info.hand - 1, info.won, plays):
                self.storage.save_statistics(stats)
        return removed

    def forget(self, name: str) -> bool:
        """After a failed load of slot ``name``: remove its sidecars only when
        the record itself is gone (moved aside as unreadable). A record that
        is still there (a newer version's save, or one the OS would not let
        us read) keeps every file of its slot: nothing is deleted that could
        not be read. Returns True when sidecars were removed; never raises
        for file problems (logged)."""
        if self.storage.has_game(name):
            return False
        self._written.pop(name, None)
        for side in (self._sidecar(name), self.storage.game_path(name).with_suffix(".seats"), self._crashes(name),
                     self.table_file(name)):
            try:
                side.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                log.warning("cannot remove the sidecars of %s: %s", name, exc)
        return True

    # ---------------------------------------------------------------- crashes
    def _crashes(self, name: str):
        return self.storage.game_path(name).with_suffix(CRASHES)

    def crashes(self, name: str) -> int:
        """How many times in a row the table of slot ``name`` stopped on an
        error without the person making a move in between (0: none, or the
        file ``<name>.crash`` is missing or unreadable)."""
        path = self._crashes(name)
        try:
            if path.stat().st_size > 1024:
                return 0
            count, dropped = check(Obj({"crashes": Int(0, 1000)}, required=("crashes",)),
                                   json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, RecursionError):
            return 0
        return count["crashes"] if count is not None and not dropped else 0

    def note_crash(self, name: str, before: int) -> int:
        """Count one more crash of slot ``name``'s table, after ``before``
        in a row (:meth:`crashes`, read before the table closed); returns the
        new count, or 0 for a slot with no saved game (gone: nothing is
        written). Raises ``OSError`` when the count cannot be written."""
        if not self.storage.has_game(name):
            return 0
        count = max(0, before) + 1
        atomic_write_text(self._crashes(name), json.dumps({"version": 1, "crashes": count}) + "\n")
        return count

    def clear_crashes(self, name: str) -> None:
        """Forget the crashes of slot ``name`` (the person made a move, or
        left the table without an error). Never raises (logged)."""
        try:
            self._crashes(name).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("cannot clear the crash count of %s: %s", name, exc)

    def set_aside(self, name: str):
        """Move slot ``name`` out of the way like a file that cannot be read
        (:func:`game.services.files.move_aside`): its record to
        ``<name>.json.corrupt-<time>``, its sidecars beside it; Continue and
        Load game no longer see it, and nothing is deleted. Returns the
        record's new path, or ``None`` when it could not be moved (logged;
        then the sidecars stay too)."""
        moved = move_aside(self.storage.game_path(name))
        if moved is None:
            return None
        self._written.pop(name, None)
        for side in (self._sidecar(name), self.storage.game_path(name).with_suffix(".seats")):
            if side.exists():
                move_aside(side)
        self.clear_crashes(name)
        return moved

    # ---------------------------------------------------------------- upgrade
    def migrate(self) -> str | None:
        """Move the single ``autosave`` of older versions (record and ``.seats``)
        into a new slot; returns its name, ``None`` when there was none. A
        file that cannot be moved stays where it is (logged)."""
        if not self.storage.has_game(LEGACY):
            return None
        src = self.storage.game_path(LEGACY)
        if self.storage.is_newer_save(LEGACY):  # a newer program's save is left exactly where it is
            self.messages.append(_("The saved game {file} comes from a newer version of "
                                   "Rummy 500; it was left as it is.").format(file=shown(src.name)))
            return None
        try:
            when = src.stat().st_mtime
        except OSError:
            when = time.time()
        name = self.new_name(when)
        dst = self.storage.game_path(name)
        try:
            seats = src.with_suffix(".seats")
            if seats.exists():
                os.replace(seats, dst.with_suffix(".seats"))
            os.replace(src, dst)
        except OSError as exc:
            log.warning("cannot move the old autosave into a slot: %s", exc)
            return None
        self._rebuild_info(name)
        return name
