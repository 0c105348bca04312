"""``rummy500 analyse``: let a computer level play one seat's turn of a saved
position, and judge AI puzzles (``ai-puzzles.md``).

:func:`load_position` replays a record (an AI puzzle's ``puzzle`` key is
read and set aside first); :func:`analyse` asks the seat's decisions exactly
as the table does, through :func:`game.play.all_computer.ai_step`: a Rummy call first
when the window is open and the seat may call, then each choice until its
turn ends. :func:`passes` checks a puzzle's ``pass_if`` against the turn.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, CallRummy, Discard, EndHand
from game.rules.game import Game
from game.rules.phase import Phase
from game.errors import IllegalMove
from game.play.referee import AIError
from game.play.all_computer import ai_step
from game.play.seats import public_past
from game.rules.record import RecordError, decode_json, game_from_record, parse_record
from game.rules.view import view_for
from game.services.tournament import make_player

PASS_KEYS = ("went_out", "first", "lays_off", "melds_with", "discards", "keeps")
"""The ``pass_if`` conditions of ``ai-puzzles.md``."""


class AnalyseError(ValueError):
    """A record that cannot be analysed (malformed, illegal, or a seat with
    nothing to decide); the message is one sentence for the player."""


@dataclass
class Position:
    """A replayed record: ``game`` as it stands after every action, and the
    record's ``puzzle`` object (``None`` when it has none)."""

    game: Game
    puzzle: dict | None = None


@dataclass
class Turn:
    """What a level played for ``seat``: the record ``actions`` in order,
    ``went_out`` (no cards left when the turn ended) and ``decision_ms``, the
    time of every decision asked, a declined Rummy call included
    (milliseconds)."""

    seat: int
    level: str
    actions: list[dict] = field(default_factory=list)
    went_out: bool = False
    decision_ms: list[float] = field(default_factory=list)

    def to_json(self) -> dict:
        """The ``--json`` object of ``ai-puzzles.md``."""
        return {"seat": self.seat, "level": self.level, "actions": self.actions,
                "went_out": self.went_out, "decision_ms": [round(t, 1) for t in self.decision_ms]}


def _check_puzzle(puzzle: Any, players: int) -> dict:
    if not isinstance(puzzle, dict):
        raise AnalyseError("\"puzzle\" must be an object with \"seat\", \"pass_if\" and \"levels\".")
    seat = puzzle.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise AnalyseError(f"puzzle.seat must be a seat number from 0 to {players - 1}.")
    cond = puzzle.get("pass_if")
    if not isinstance(cond, dict) or len(cond) != 1 or next(iter(cond)) not in PASS_KEYS:
        raise AnalyseError(f"puzzle.pass_if must hold exactly one of {', '.join(PASS_KEYS)}.")
    levels = puzzle.get("levels", [])
    if not isinstance(levels, list) or not all(isinstance(x, str) for x in levels):
        raise AnalyseError("puzzle.levels must be a list of level names.")
    return puzzle


def load_position(data: bytes | str | dict) -> Position:
    """Replay a record (bytes, text or a decoded object). Raises
    :class:`AnalyseError` for a malformed record, an illegal action in it, or
    a malformed ``puzzle`` key."""
    try:
        obj = decode_json(data) if isinstance(data, (bytes, bytearray, str)) else dict(data)
        puzzle = obj.pop("puzzle", None) if isinstance(obj, dict) else None
        parsed = parse_record(obj)
        game = game_from_record(parsed)
    except RecordError as exc:
        raise AnalyseError(f"not a valid record: {exc}") from None
    except IllegalMove as exc:
        raise AnalyseError(f"the record holds an illegal action: {exc.message}") from None
    if puzzle is not None:
        _check_puzzle(puzzle, len(parsed.players))
    return Position(game, puzzle)


def may_call(game: Game, seat: int) -> bool:
    """True when ``seat`` may call Rummy now (R18): the window is open on
    another seat's discard and some depth passes."""
    h = game.hand
    return (h is not None and h.ended is None and h.window is not None and h.phase == Phase.DRAW
            and seat != h.window and any(c.seat == seat for c in h.rummy_calls()))


def default_seat(game: Game) -> int:
    """The seat to move; :class:`AnalyseError` when no hand is in play."""
    h = game.hand
    if h is None or h.ended is not None or game.winner is not None:
        raise AnalyseError("the record's last hand is over, so no seat has anything to decide.")
    return h.current


def analyse(game: Game, seat: int, level: str, seed: int = 0) -> Turn:
    """Let ``level`` (with ``seed``; Hard on its world budget, not a clock,
    told the earlier hands' public play as at the table:
    :func:`game.play.seats.public_past`) play ``seat``'s decisions in
    ``game`` until its turn ends (a discard,
    going out, floating, ending the hand) or, when it only may call Rummy,
    until it declines. ``game`` is played on. Raises :class:`AnalyseError`
    when the seat has nothing to decide or its AI answers illegally."""

    h = game.hand
    default_seat(game)
    if not 0 <= seat < h.players:
        raise AnalyseError(f"there is no seat {seat}: the seats are 0 to {h.players - 1}.")
    calls = may_call(game, seat)
    if seat != h.current and not calls:
        raise AnalyseError(f"seat {seat} has nothing to decide: it is seat {h.current}'s turn and "
                           "no Rummy call is open to it.")
    ai = make_player(level, seed)
    ai.note_past(public_past(game))  # the earlier hands, as Hard at the table knows them (its opponent models)
    turn = Turn(seat, level)
    start = len(h.actions)

    def timing(_seat: int, seconds: float) -> None:
        turn.decision_ms.append(seconds * 1000)

    try:
        if seat != h.current:  # only a Rummy call to decide: asked as ai_step asks every caller
            began = time.perf_counter()
            view = view_for(game, seat)
            ai.begin_decision(view, rummy=True)
            call = ai.call_rummy(view)
            timing(seat, time.perf_counter() - began)
            if call is not None:
                if not (isinstance(call, CallRummy) and call.seat == seat and h.is_legal(call)):
                    raise AnalyseError(f"the {level} level answered an illegal Rummy call {call}.")
                game.apply(call)
        while h.ended is None and h.current == seat:
            ai_step(game, {seat: ai}, timing, strict=True)
            last: Action = h.actions[-1]
            if isinstance(last, (Discard, EndHand)):
                break
    except AIError as exc:
        raise AnalyseError(f"the {level} level failed: {exc}") from None
    turn.actions = [a.to_record() for a in h.actions[start:]]
    turn.went_out = not h.hands[seat]
    return turn


def _matches(token: str, wanted: str) -> bool:
    """A record card token against a puzzle token: ``JK`` matches any joker."""
    return token.split("=")[0] == "JK" if wanted == "JK" else token == wanted


def passes(pass_if: dict, turn: Turn) -> bool:
    """True when ``turn`` meets the puzzle condition ``pass_if`` (one key of
    :data:`PASS_KEYS`, see ``ai-puzzles.md``)."""
    (key, want), = pass_if.items()
    acts = turn.actions
    if key == "went_out":
        return turn.went_out == bool(want)
    if key == "first":
        if not acts:
            return False
        got = {k: v for k, v in acts[0].items() if k != "p"}
        if want == {"rummy": "any"}:
            return "rummy" in got
        return got == want
    if key == "lays_off":
        return any("layoff" in a and _matches(a["layoff"], want) for a in acts)
    if key == "melds_with":
        return any("meld" in a and all(any(_matches(t, w) for t in a["meld"]) for w in want) for a in acts)
    if key == "discards":
        return any("discard" in a and _matches(a["discard"], want) for a in acts)
    if key == "keeps":
        discards = [a["discard"] for a in acts if "discard" in a]
        return bool(discards) and not any(_matches(d, w) for d in discards for w in want)
    raise ValueError(f"unknown pass_if key {key!r}")


def describe(action: dict) -> str:
    """One record action in words, for the plain-text output."""
    if "draw" in action:
        return "draw from the stock"
    if "take" in action:
        return f"take {action['take']} from the discard pile"
    if "rummy" in action:
        return f"call Rummy, taking {action['rummy']} from the discard pile"
    if "meld" in action:
        return f"meld {' '.join(action['meld'])}"
    if "layoff" in action:
        return f"lay off {action['layoff']} on meld {action['onto']}"
    if "discard" in action:
        return f"discard {action['discard']}"
    return "end the hand (declines the discard pile with the stock empty)"


def format_turn(turn: Turn) -> str:
    """The plain-text output of ``rummy500 analyse``: one line per action."""
    lines = [f"seat {turn.seat}, {turn.level}:"]
    if not turn.actions:
        lines.append("  no Rummy call")
    lines += [f"  {describe(a)}" for a in turn.actions]
    lines.append("  went out" if turn.went_out else "  did not go out")
    lines.append("decisions (ms): " + ", ".join(f"{t:.1f}" for t in turn.decision_ms))
    return "\n".join(lines) + "\n"
