"""The referee that lets AI seats play a game (it sees the whole game; the
players it asks see only their :class:`~game.view.PlayerView`).

:func:`ai_step`, :func:`play_hand` and :func:`play_game` ask the seats in the
right order: the seats that may call Rummy after a discard (R18, first in
turn order after the discarder wins), then the seat to move. An illegal
answer is replaced by a legal fallback, so a faulty AI can never stop a
game; with ``strict=True`` it raises instead (the AI fuzz tests).
"""

from __future__ import annotations

import time
from typing import Callable, Mapping

from .actions import Action
from .ai.base import AIPlayer
from .engine import Game, Phase, rummy_winner
from .errors import IllegalMove
from .events import Event
from .view import view_for


class AIError(RuntimeError):
    """An AI answered with an illegal action or raised (``strict`` mode)."""


def fallback_action(game: Game) -> Action:
    """A legal action for the seat to move when an AI failed (see
    :meth:`HandState.fallback_action`)."""
    return game.hand.fallback_action()


TimeLog = Callable[[int, float], None]


def ai_step(game: Game, ais: Mapping[int, AIPlayer], timing: TimeLog | None = None,
            strict: bool = False) -> list[Event]:
    """One step of an all-AI (or AI-seat) game: a Rummy call if one is made,
    else the action of the seat to move. Returns the events. ``ais`` maps
    seats to players; ``timing(seat, seconds)`` records each decision's time.
    With ``strict`` an illegal answer or an exception raises :class:`AIError`."""
    h = game.hand
    if h.window is not None and h.phase == Phase.DRAW:
        callers = []
        for seat, ai in ais.items():
            if seat == h.window:
                continue
            start = time.perf_counter()
            try:
                call = ai.call_rummy(view_for(game, seat))
            except Exception as exc:  # a faulty AI never stops the game
                if strict:
                    raise AIError(f"seat {seat} failed to answer a Rummy window: {exc!r}") from exc
                call = None
            if timing:
                timing(seat, time.perf_counter() - start)
            if call is not None:
                if h.is_legal(call) and call.seat == seat:
                    callers.append(call)
                elif strict:
                    raise AIError(f"seat {seat} made an illegal Rummy call {call}")
        if callers:
            winner = rummy_winner(h.window, [c.seat for c in callers], h.players)
            call = next(c for c in callers if c.seat == winner)
            return game.apply(call)
    seat = h.current
    ai = ais[seat]
    start = time.perf_counter()
    try:
        action = ai.choose(view_for(game, seat))
    except Exception as exc:
        if strict:
            raise AIError(f"seat {seat} ({ai.level}) raised {exc!r}") from exc
        action = None
    if timing:
        timing(seat, time.perf_counter() - start)
    if action is not None and action.seat == seat:
        try:
            return game.apply(action)
        except IllegalMove as exc:
            if strict:
                raise AIError(f"seat {seat} ({ai.level}) chose {action}: {exc.code} {exc.message}") from exc
    elif strict:
        raise AIError(f"seat {seat} ({ai.level}) answered {action!r}")
    return game.apply(fallback_action(game))


def play_hand(game: Game, ais: Mapping[int, AIPlayer], max_steps: int = 20_000,
              timing: TimeLog | None = None, strict: bool = False) -> int:
    """Play the current hand to its end; return the number of steps.
    Raises ``RuntimeError`` past ``max_steps`` (a hand that never ends)."""
    steps = 0
    while game.hand.ended is None:
        ai_step(game, ais, timing, strict)
        steps += 1
        if steps > max_steps:
            raise RuntimeError("the hand did not end")
    return steps


def play_game(game: Game, ais: Mapping[int, AIPlayer], max_hands: int = 200,
              timing: TimeLog | None = None, strict: bool = False) -> int:
    """Deal and play hands until the game is won; return the hands played."""
    hands = 0
    while game.winner is None:
        if game.hand is None or game.hand.ended is not None:
            game.deal_next_hand()
        play_hand(game, ais, timing=timing, strict=strict)
        hands += 1
        if hands >= max_hands:
            raise RuntimeError("the game did not end")
    return hands

