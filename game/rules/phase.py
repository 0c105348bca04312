"""Phases of a hand and the seat arithmetic every phase needs (R1, R7, R18).

``HandState.phase`` is ``draw`` or ``play`` for the seat to move (the values
saved games and views carry, unchanged). The Rummy window (R18) is a phase of
its own in the legal-move table (:mod:`game.rules.moves`): it is open *beside* the
next seat's ``draw`` (``HandState.open_phases``), from a discard until that
seat draws, and it is the only phase in which a seat other than the one to
move may act.
"""

from __future__ import annotations

from enum import Enum
from typing import Sequence

from game.errors import IllegalMove


class Phase(str, Enum):
    """Where a game stands: ``draw`` and ``play`` are a seat's turn (R7);
    ``rummy_window`` is open beside ``draw`` right after a discard (R18; never
    the value of ``HandState.phase``, see ``HandState.open_phases``);
    ``hand_over`` waits for the next deal; ``game_over`` has a winner (R21)."""

    DRAW = "draw"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"
    RUMMY_WINDOW = "rummy_window"


DRAW_PHASE = Phase.DRAW
PLAY_PHASE = Phase.PLAY
RUMMY_WINDOW_PHASE = Phase.RUMMY_WINDOW
"""The members the engine asks at every move, read once: in Python 3.11 each
``Phase.DRAW`` is a lookup through the enum class (about half a microsecond,
as much as a whole discard check's other steps); the same objects, so ``is``
and ``==`` answer as for ``Phase.DRAW``. A member's ``_value_`` is its value
without the ``value`` property's cost."""


def seat_left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: play passes this way (R1)."""
    return (seat + 1) % players


def skipped_by_rummy(discarder: int, caller: int, players: int) -> list[int]:
    """R18: the seats a Rummy call by ``caller`` on ``discarder``'s discard
    skips, in turn order: from the seat left of the discarder round to the
    caller, the caller left out (none when the caller is the next seat, so
    never with two players). Seats are 0-based indices below ``players``."""
    skipped = []
    s = seat_left_of(discarder, players)
    while s != caller:
        skipped.append(s)
        s = seat_left_of(s, players)
    return skipped


def rummy_winner(discarder: int, callers: Sequence[int], players: int) -> int:
    """R18: of several seats calling Rummy at once on ``discarder``'s discard,
    the one first in turn order after the discarder wins the call.

    Raises ``ValueError`` when no caller is given or the discarder calls.
    """
    if not callers:
        raise ValueError("no seat called Rummy")
    if discarder in callers:
        raise ValueError("the discarder cannot call Rummy on their own discard")
    return min(callers, key=lambda s: (s - discarder) % players)


def illegal(code: str, rule: str, message: str) -> IllegalMove:
    """The refusal of a move: record error ``code``, rule id, player's words."""
    return IllegalMove(code, rule, message)


def turn_checks(h, action, phase: Phase) -> None:
    """Refuse ``action`` unless the hand is on and it is its seat's turn in
    ``phase`` (R7, R16). ``h`` is a :class:`~game.rules.hand.HandState`."""
    if h.ended is not None:
        raise illegal("hand_over", "R16", "This hand is over.")
    if action.seat != h.current:
        raise illegal("not_your_turn", "R7", "It's not your turn.")
    if h.phase != phase:
        if phase is DRAW_PHASE:
            raise illegal("wrong_phase", "R7", "You have already drawn this turn.")
        raise illegal("wrong_phase", "R7", "Draw a card first: from the stock or the discard pile.")
