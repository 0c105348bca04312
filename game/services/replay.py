"""A game record stepped through action by action: what the Replay scene
shows (issue 24, part 1). Pure Python; never imports pygame.

:func:`load_replay` checks a record with the checks ``rummy500 replay``
applies (:func:`game.rules.record.replay`, the same code path as
``cmd_replay``) and refuses one that does not replay with
:class:`ReplayError`, one sentence naming the problem. The
:class:`ReplayGame` it returns lists every step (each deal, then each
action of the hand, hand by hand) with the turn it belongs to and the
engine events it caused; :meth:`ReplayGame.walk` plays the record again
and hands out the game after each step, so the scene can take its picture.

Who was the person: Statistics knows (:attr:`GameSummary.person
<game.services.statistics.GameSummary>`), Load game knows (the seat whose
level is ``"human"``); a record file on its own says it in the ``note`` a
finished game is kept with ("Ana (you), Ben (medium); ...", see
:func:`game.services.finished.record_finished_game`): :func:`person_in_note`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Iterator

from game.errors import IllegalMove
from game.i18n import _
from game.paths import shown
from game.rules.events import Event
from game.rules.game import Game
from game.rules.record import (
    NO_MEMORY, ParsedRecord, RecordError, decode_json, parse_record, read_record_file, replay,
)
from game.text.events import plain

__all__ = ["ReplayError", "ReplayStep", "ReplayGame", "load_replay", "read_replay_file", "is_game_record",
           "person_in_note", "RECORD_KEYS"]

RECORD_KEYS = frozenset({"format", "players", "hands"})
"""The keys of a game record (``game-record.md``) no rules file has: a dropped
JSON object holding any of them is a record (:func:`is_game_record`)."""


class ReplayError(ValueError):
    """A record that cannot be replayed; the message is one sentence for the player."""


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: ``hand`` (0-based), ``action`` (its index in the
    hand's actions, ``-1`` for the deal), ``turn`` (a number counting every
    turn of the game from 0: a turn is one seat's actions in a row, a deal
    is a turn of its own), ``seat`` (who acted; the dealer for a deal) and
    the ``events`` the engine gave for it."""

    hand: int
    action: int
    turn: int
    seat: int
    events: tuple[Event, ...] = field(default=(), compare=False)


@dataclass
class ReplayGame:
    """A record checked for replaying (:func:`load_replay`).

    ``record``: the decoded record (an object); ``parsed``: the checked
    record; ``steps``: every :class:`ReplayStep`, oldest first; ``totals``,
    ``winner``: the end of the game as ``rummy500 replay`` gives them;
    ``person``: the person's seat (``None``: nobody, or unknown); ``live``:
    a game still being played (Load game), shown only as the person's seat
    saw it. :attr:`finished` says whether the game was won (R21)."""

    record: dict
    parsed: ParsedRecord
    steps: list[ReplayStep]
    totals: list[int]
    winner: int | None
    person: int | None = None
    live: bool = False

    @property
    def finished(self) -> bool:
        """True when the game was played to its end (a winner, R21)."""
        return self.winner is not None

    @property
    def players(self) -> int:
        return len(self.parsed.players)

    @property
    def names(self) -> list[str]:
        return list(self.parsed.players)

    def views(self) -> list[int | None]:
        """The views the replay may show, the default first: ``None`` for
        every hand face up, a seat for the table as that seat saw it. A
        game in progress (or one not finished) only as its person's seat saw
        it (seat 0 when the record does not say), never face up; a finished
        game face up and from each seat, the person's own seat first."""
        if self.live or not self.finished:
            return [self.person if self.person is not None else 0]
        seats: list[int | None] = list(range(self.players))
        if self.person is not None:
            return [self.person, None] + [s for s in seats if s != self.person]
        return [None] + seats

    def hand_starts(self) -> list[int]:
        """The index of each hand's deal step, hand by hand."""
        return [i for i, s in enumerate(self.steps) if s.action < 0]

    def walk(self) -> Iterator[tuple[ReplayStep, Game]]:
        """Play the record again and yield each step with the game just
        after it (the same :class:`~game.rules.game.Game` object each time,
        changed in place: take what is needed before the next one)."""
        parsed = self.parsed
        game = Game(parsed.players, parsed.rules, parsed.scores, note=parsed.note)
        steps = iter(self.steps)
        for h in parsed.hands:
            game.deal_next_hand(h.dealer, h.deal, h.seed)
            yield next(steps), game
            for action in h.actions:
                game.apply(action)
                yield next(steps), game


def _steps(parsed: ParsedRecord) -> list[ReplayStep]:
    """Every step of ``parsed`` (a record that replays without an error)."""
    game = Game(parsed.players, parsed.rules, parsed.scores, note=parsed.note)
    out: list[ReplayStep] = []
    turn = -1
    for hi, h in enumerate(parsed.hands):
        events = game.deal_next_hand(h.dealer, h.deal, h.seed)
        turn += 1
        out.append(ReplayStep(hi, -1, turn, h.dealer, tuple(events)))
        last = None
        for ai, action in enumerate(h.actions):
            events = game.apply(action)
            if action.seat != last:
                turn += 1
                last = action.seat
            out.append(ReplayStep(hi, ai, turn, action.seat, tuple(events)))
    return out


def _sentence(problem: str) -> str:
    text = _("This game cannot be replayed: {problem}").format(problem=problem.rstrip(". "))
    return text if text.endswith((".", "。", "!", "?")) else text + "."


def person_in_note(record: Any) -> int | None:
    """The person's seat as a kept finished game's ``note`` names it (the
    seat written "NAME (you)"), or ``None``."""
    if not isinstance(record, dict) or not isinstance(record.get("note"), str):
        return None
    note, players = record["note"], record.get("players")
    if not isinstance(players, list):
        return None
    for seat, name in enumerate(players):
        if isinstance(name, str) and f"{name} (you)" in note:
            return seat
    return None


def load_replay(data: Any, person: int | None = None, live: bool = False) -> ReplayGame:
    """A :class:`ReplayGame` of the record ``data`` (bytes, text or a decoded
    object; the keys an AI puzzle adds are set aside), with the ``person``'s
    seat (``None``: the seat the note names, if any) and ``live`` for a game
    still in progress. Raises :class:`ReplayError` with one sentence, the
    message ``rummy500 replay`` gives, for a record that is not valid or
    holds an illegal action (hand and action counted from 1)."""
    try:
        obj = decode_json(data) if isinstance(data, (bytes, bytearray, str)) else data
        if isinstance(obj, dict) and "puzzle" in obj:
            obj = {k: v for k, v in obj.items() if k != "puzzle"}
        out, status = replay(obj)
        if status == 2:
            raise ReplayError(_sentence(out["error"]["message"]))
        if status == 1:
            err = out["error"]
            raise ReplayError(_sentence(_("hand {hand}, action {action}: {message}").format(
                hand=err["hand"] + 1, action=err["action"] + 1, message=plain(err["message"]))))
        parsed = parse_record(obj)
        if not parsed.hands:
            raise ReplayError(_sentence(_("the record holds no hand")))
        steps = _steps(parsed)
    except RecordError as exc:
        raise ReplayError(_sentence(str(exc))) from None
    except IllegalMove as exc:  # never after replay() said it replays; kept for safety
        raise ReplayError(_sentence(plain(exc.message))) from None
    except MemoryError:
        raise ReplayError(_sentence(NO_MEMORY)) from None
    if person is None:
        person = person_in_note(obj)
    if person is not None and not 0 <= person < len(parsed.players):
        person = None
    return ReplayGame(dict(obj), parsed, steps, list(out["totals"]), out["winner"], person, live)


def read_replay_file(path: str | os.PathLike, person: int | None = None) -> ReplayGame:
    """:func:`load_replay` of the record file at ``path``, read as
    ``rummy500 replay`` reads one (a regular file, at most the record size
    limit). Raises :class:`ReplayError` with one sentence, a file that
    cannot be read included."""
    try:
        data = read_record_file(path)
    except RecordError as exc:
        raise ReplayError(_sentence(str(exc))) from None
    except OSError as exc:
        raise ReplayError(_sentence(_("{path} could not be read ({error}).").format(
            path=shown(path), error=exc.strerror or exc))) from None
    return load_replay(data, person)


def is_game_record(path: str | os.PathLike) -> bool:
    """True when the file at ``path`` holds a game record rather than a
    rules file, told by its content, never its name: a JSON object with a
    key of a record (:data:`RECORD_KEYS`: ``format``, ``players``,
    ``hands``), which no rules file has. A file that cannot be read or is
    not a JSON object is no record (House rules says what is wrong with it)."""
    try:
        obj = decode_json(read_record_file(path))
    except (OSError, RecordError, MemoryError):
        return False
    return isinstance(obj, dict) and bool(RECORD_KEYS & obj.keys())
