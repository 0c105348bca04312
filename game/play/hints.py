"""The hint: the move a computer level would make for the person, asked off
the window's thread like a computer's turn (issue 24, part 3).

:class:`Hinter` keeps one seat player per level (a
:class:`~game.play.seats.WorkerPlayer`, an AI in its own process, at the
table; a :class:`~game.play.seats.LocalPlayer` in tests), asks it with the
person's :class:`~game.rules.view.PlayerView` (never the hidden cards) and
is polled each frame. An answer is returned once, and only while the
position it was asked for is still the game's: a move made meanwhile
(the person's, a computer's) makes it stale, and it is dropped.
"""

from __future__ import annotations

from game.ai import HINT_LEVELS, make_ai
from game.rules.actions import Action
from game.rules.game import Game
from game.rules.view import view_for
from game.play.seats import LocalPlayer, SeatPlayer, WorkerPlayer, public_past


def position_key(game: Game) -> tuple[int, int, int | None]:
    """What a hint's answer is for: the hand, the actions applied in it, the seat to act."""
    h = game.hand
    return (h.index, len(h.actions), game.current) if h is not None else (-1, 0, None)


class Hinter:
    """Hints for one table: :meth:`ask`, then :meth:`poll` every frame;
    :meth:`close` when the table closes. ``use_workers`` False keeps the AIs
    in this process (they answer during :meth:`ask`); ``seed`` seeds them,
    ``time_cap_s`` is each worker's cap a decision (as a computer seat's);
    the levels are :data:`game.ai.HINT_LEVELS`."""

    def __init__(self, use_workers: bool = True, seed: int = 0, time_cap_s: float = 2.0):
        self.use_workers = use_workers
        self.seed = seed
        self.time_cap_s = time_cap_s
        self.players: dict[str, SeatPlayer] = {}
        self.asked: tuple[tuple, str, int] | None = None  # (position, level, seat)

    @property
    def pending(self) -> bool:
        """True while a question is out and its answer has not come."""
        return self.asked is not None

    def _player(self, level: str) -> SeatPlayer:
        if level not in self.players:
            seed = self.seed + 7919 * (HINT_LEVELS.index(level) + 1)
            self.players[level] = (WorkerPlayer(level, seed, self.time_cap_s) if self.use_workers
                                   else LocalPlayer(make_ai(level, seed)))
        return self.players[level]

    def prepare(self, level: str) -> None:
        """Start ``level``'s AI now (a worker process takes a fifth of a
        second to start), so that the first :meth:`ask` doesn't wait for it.
        ``ValueError`` for a level not in :data:`HINT_LEVELS`."""
        if level not in HINT_LEVELS:
            raise ValueError(f"hints come from {', '.join(HINT_LEVELS)}, not {level!r}")
        self._player(level)

    def ask(self, game: Game, seat: int, level: str) -> bool:
        """Ask ``level`` (one of :data:`HINT_LEVELS`) for ``seat``'s move in
        ``game`` now. False, and nothing asked, when it is not ``seat``'s
        turn or a question is still out. ``ValueError`` for another level."""
        if level not in HINT_LEVELS:
            raise ValueError(f"hints come from {', '.join(HINT_LEVELS)}, not {level!r}")
        h = game.hand
        if self.pending or h is None or h.ended is not None or game.current != seat or game.winner is not None:
            return False
        self._player(level).ask(view_for(game, seat), past=public_past(game))
        self.asked = (position_key(game), level, seat)
        return True

    def poll(self, game: Game) -> tuple[str, Action] | None:
        """``(level, action)`` once the answer has come and still fits
        ``game``: the position it was asked for and a legal move there;
        ``None`` while it thinks, and for an answer that came too late or
        is a fallback (then :attr:`pending` is False again)."""
        if self.asked is None:
            return None
        key, level, _seat = self.asked
        reply = self.players[level].poll()
        if reply is None:
            return None
        self.asked = None
        if reply.fallback or reply.action is None or key != position_key(game):
            return None
        if not game.hand.is_legal(reply.action):
            return None
        return level, reply.action

    def close(self) -> None:
        """Stop every AI (their worker processes end)."""
        for player in self.players.values():
            player.close()
        self.players.clear()
        self.asked = None
