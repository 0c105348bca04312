"""All-AI play on the one referee (:class:`game.play.referee.Referee`): the
tournaments, ``analyse`` and the tests drive games through these functions.

:func:`ai_step`, :func:`play_hand` and :func:`play_game` let AI seats play;
the referee asks them in the right order (after a discard the seats that
may call Rummy, R18, first in turn order after the discarder winning; then
the seat to move). Each AI is an in-process seat
(:class:`~game.play.seats.LocalPlayer`); an illegal answer is replaced by a
legal fallback, so a faulty AI can never stop a game; with ``strict=True``
it raises :class:`AIError` instead (the AI fuzz tests).
"""

from __future__ import annotations

from typing import Mapping

from game.rules.actions import Action
from game.ai.base import AIPlayer
from game.rules.game import Game
from game.rules.events import Event
from game.play.referee import AIError, Referee, TimeLog
from game.play.seats import LocalPlayer

__all__ = ["AIError", "TimeLog", "ai_step", "fallback_action", "play_game", "play_hand", "referee_for"]


def fallback_action(game: Game) -> Action:
    """A legal action for the seat to move when an AI failed (see
    :meth:`HandState.fallback_action`)."""
    return game.hand.fallback_action()


def referee_for(game: Game, ais: Mapping[int, AIPlayer], timing: TimeLog | None = None,
                strict: bool = False) -> Referee:
    """A referee for ``game`` with each AI of ``ais`` (seat -> player) as an
    in-process seat; seats without an AI are people (they never call Rummy
    here, as no window is opened for them)."""
    return Referee(game, {seat: LocalPlayer(ai) for seat, ai in ais.items()}, strict=strict, timing=timing)


def ai_step(game: Game, ais: Mapping[int, AIPlayer], timing: TimeLog | None = None,
            strict: bool = False) -> list[Event]:
    """One step of an all-AI (or AI-seat) game: a Rummy call if one is made,
    else the action of the seat to move. Returns the events. ``ais`` maps
    seats to players; ``timing(seat, seconds)`` records each decision's time.
    With ``strict`` an illegal answer or an exception raises :class:`AIError`;
    ``LookupError`` when the seat to move has no AI."""
    return referee_for(game, ais, timing, strict).step()


def play_into_hand(game: Game, ais: Mapping[int, AIPlayer], steps: int) -> int:
    """Play up to ``steps`` steps of the current hand (:func:`ai_step`),
    stopping before a step that would end it, so the hand is still in play
    (a mid-hand table for tests and benchmarks); returns the steps played."""
    played = 0
    for _ in range(steps):
        probe = game.clone()
        ai_step(probe, ais)
        if probe.hand.ended is not None:
            break
        ai_step(game, ais)
        played += 1
    return played


def play_hand(game: Game, ais: Mapping[int, AIPlayer], max_steps: int = 20_000,
              timing: TimeLog | None = None, strict: bool = False) -> int:
    """Play the current hand to its end; return the number of steps.
    Raises ``RuntimeError`` past ``max_steps`` (a hand that never ends)."""
    referee = referee_for(game, ais, timing, strict)
    steps = 0
    while game.hand.ended is None:
        referee.step()
        steps += 1
        if steps > max_steps:
            raise RuntimeError("the hand did not end")
    return steps


HANDS_PER_500 = 200
"""Hands a game may take for each 500 points of its target (R21) before
:func:`play_game` gives up on it: far more than any game to 500 needs, so
only a game that cannot end reaches it, and a higher target (up to
:data:`~game.rules.ruleset.MAX_TARGET`, which the rules allow) is played out."""


def play_game(game: Game, ais: Mapping[int, AIPlayer], max_hands: int | None = None,
              timing: TimeLog | None = None, strict: bool = False) -> int:
    """Deal and play hands until the game is won; return the hands played.
    Raises ``RuntimeError`` when ``max_hands`` hands are played and no one
    has won (by default :data:`HANDS_PER_500` for each 500 points of the
    target, or part of them)."""
    if max_hands is None:
        max_hands = HANDS_PER_500 * max(1, -(-game.rules.target // 500))
    hands = 0
    while game.winner is None:
        if game.hand is None or game.hand.ended is not None:
            game.deal_next_hand()
        play_hand(game, ais, timing=timing, strict=strict)
        hands += 1
        if hands >= max_hands and game.winner is None:
            raise RuntimeError("the game did not end")
    return hands
