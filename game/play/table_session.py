"""A game at the table: the engine, the seats and their AI players.

:class:`TableSession` is what the table scene drives (it never imports
pygame, so it is tested headless). It owns the :class:`~game.rules.game.Game`
and one AI per computer seat, and moves the game on one engine action at a
time. It is a thin wrapper around the one referee
(:class:`game.play.referee.Referee`), which decides who is asked what, R18
priority and fallback moves: after a discard every computer seat is asked
about a Rummy call (R18), then the seat to move acts.

AI answers are prepared ahead and applied when the caller says so::

    session = TableSession(seats, rules, seed=7)   # deals the first hand
    each frame:
        session.update()                 # submit requests, collect answers
        if session.ready() and the table has shown the last move:
            events = session.advance()   # apply exactly one action
        ...
    between hands: session.deal_next_hand()

With ``use_workers=True`` (the table) each computer seat thinks in its own
:class:`~game.play.ai_worker.AIWorker` process (:class:`~game.play.seats.WorkerPlayer`),
so a frame never waits on a search; with ``False`` the AIs run in this
process on :meth:`update` (:class:`~game.play.seats.LocalPlayer`: tests,
benchmarks). Either way every action applied is legal: a failed AI is
replaced by the engine's fallback move.

Every seat is behind the referee's one seat interface; the people at the
table (:meth:`attach_person`, any number of them) answer Rummy calls
through a window each (:meth:`rummy_window`), fed by the table's clock
(:meth:`tick`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.actions import Action, CallRummy
from game.ai import PLAYERS, make_ai
from game.rules.game import Game
from game.rules.events import Event
from game.play.referee import AwaitingMove, Referee
from game.play.rummy_window import PersonRummyWindow
from game.rules.ruleset import RuleSet
from game.play.seats import LocalPlayer, SeatPlayer, WorkerPlayer
from game.rules.names import shown_names


REMOTE = "remote"
"""The level of a seat seen from a table joined at another computer
(:class:`game.play.remote.guest_session.GuestSession`): played there, by a
person or a computer this table does not know of."""


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its player's ``name`` and ``level`` (``"easy"``,
    ``"medium"``, ``"hard"``, a style of the field such as ``"hoarder"``
    (:data:`game.ai.PLAYERS`), ``"human"`` for the person at the table, or
    :data:`REMOTE` at a table joined at another computer)."""

    name: str
    level: str

    @property
    def is_person(self) -> bool:
        return self.level == "human"


class TableSession:
    """One game between ``seats`` (2 to 8 :class:`Seat`, seat 0 at the bottom
    of the table) under ``rules``; ``seed`` makes the deals and the AIs
    repeatable. Raises ``ValueError`` for a bad seat count or level.

    :attr:`seed` (a 63-bit int) is the table's seed: the game's deals and
    every computer seat's choices follow from it and the position alone
    (:func:`game.ai.base.decision_seed`), so a save keeps it (the slot's
    sidecar) and a game resumed from any moment, its ``game`` read back from
    the record and ``table_seed`` the saved seed, goes on exactly as it would
    have: the same next deal, the same computer moves (a Hard decision cut
    short by its clock aside).

    A person's seat never acts by itself: the table applies its moves with
    :meth:`apply_person`. ``autoplay_level``, when given, lets an AI of that
    level play the person's seats too (demo mode and watching).
    """

    remote = False
    """True for a game hosted at another computer (:class:`~game.play.remote.guest_session.GuestSession`)."""

    def __init__(self, seats: list[Seat], rules: RuleSet | None = None, seed: int | None = None,
                 use_workers: bool = True, time_cap_s: float = 2.0,
                 autoplay_level: str | None = None, game: Game | None = None, table_seed: int | None = None):
        if not 2 <= len(seats) <= 8:
            raise ValueError(f"Rummy 500 needs 2 to 8 players, not {len(seats)} (R1)")
        for s in seats:
            if s.level not in PLAYERS and s.level != "human":
                raise ValueError(f"unknown level {s.level!r} for {s.name!r}")
        self.seats = list(seats)
        self.use_workers = use_workers  # the person's Hint thinks where the computer seats do (game.play.hints)
        self.rules = rules or RuleSet()
        if table_seed is not None:
            self.seed = int(table_seed)
        else:
            self.seed = random.Random(seed).getrandbits(63) if seed is not None else random.getrandbits(63)
        if game is None:
            game = Game.new([s.name for s in seats], self.rules, rng=random.Random(self.seed))
        elif table_seed is not None:
            game.restore_rng(self.seed)  # a resumed game deals on as the saved one would have
        if game.people is None:
            game.people = [i for i, s in enumerate(seats) if s.is_person and autoplay_level is None]  # the record says who played
        self.autoplay_level = autoplay_level
        players: dict[int, SeatPlayer] = {}
        for i, s in enumerate(seats):
            level = s.level if not s.is_person else autoplay_level
            if level is None:
                continue
            seed_i = self.seed + 1000 * (i + 1)
            players[i] = (WorkerPlayer(level, seed_i, time_cap_s) if use_workers
                          else LocalPlayer(make_ai(level, seed_i)))
        self.referee = Referee(game, players, names=shown_names(self.names))  # its refusals name seats as drawn
        self.attached: list[int] = []  # the people's seats someone sits at, in the order they sat down
        self.closed = False

    # ----------------------------------------------------------------- state
    @property
    def game(self) -> Game:
        """The game being played (the referee's)."""
        return self.referee.game

    @property
    def players(self) -> dict[int, SeatPlayer]:
        """Every seat's player (seat -> :class:`~game.play.seats.SeatPlayer`;
        a person's seat has a :class:`~game.play.seats.PersonPlayer`)."""
        return self.referee.players

    def rummy_window(self, seat: int) -> PersonRummyWindow:
        """The Rummy window (R18) of the person at ``seat``, on the table's
        clock; ``ValueError`` for a computer's seat."""
        return self.referee.rummy_window(seat)

    @property
    def person_rummy_window(self) -> PersonRummyWindow:
        """The Rummy window of the first person who sat at this table
        (:meth:`attach_person`), or of the first person's seat when nobody
        has yet; ``LookupError`` when every seat is a computer's."""
        seats = self.attached or [s for s, p in self.players.items() if p.is_person]
        if not seats:
            raise LookupError("every seat is played by a computer")
        return self.rummy_window(seats[0])

    @property
    def fallbacks(self) -> int:
        """How many times a computer's answer was replaced by a fallback move."""
        return self.referee.fallbacks

    @property
    def worker_failures(self) -> int:
        """How many AI worker processes could not start (their AIs play in this process)."""
        return sum(getattr(p, "failures", 0) for p in self.players.values())

    @property
    def person_rummy_window_open(self) -> bool:
        """True while any person's Rummy window is open: later callers wait
        on it where that person comes first (R18)."""
        return any(p.rummy_window.open for p in self.referee.people.values())

    def attach_person(self, seat: int, window_s: float = 2.0) -> PersonRummyWindow:
        """A person sits at ``seat`` at this table: from now on their Rummy
        window (``window_s`` seconds once shown) opens after every other
        seat's discard. Returns the window; ``ValueError`` for a computer's seat."""
        window = self.referee.attach(seat, window_s)
        if seat not in self.attached:
            self.attached.append(seat)
        return window

    def resume_rummy_window(self, seat: int, now: float) -> bool:
        """A game taken up right after another seat's discard: the person at
        ``seat`` sits down and their Rummy window opens now. Returns True when it opened."""
        if seat not in self.attached:
            self.attached.append(seat)
        return self.referee.resume(seat, now)

    def tick(self, now: float, held: bool = False) -> bool:
        """The table's clock (seconds): each person's window closes when time
        is up (unless ``held``: the pointer rests on the Rummy button of the
        people at this table) or the next player has drawn. True when one closed."""
        return self.referee.tick(now, tuple(self.attached) if held else ())

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def is_ai(self, seat: int) -> bool:
        """True when a computer plays ``seat`` (its level, or autoplay)."""
        return not self.players[seat].is_person

    def thinking_seat(self) -> int | None:
        """The seat whose AI is choosing right now (for the thinking shimmer), or ``None``."""
        return self.referee.thinking_seat()

    def waiting_for_person(self) -> bool:
        """True when the game waits on a move of a seat nobody plays for."""
        state = self.referee.state
        return isinstance(state, AwaitingMove) and state.person

    # ---------------------------------------------------------------- driving
    def update(self) -> None:
        """Submit whatever the game waits for and collect answers; never
        blocks on a worker. Call it every frame."""
        if not self.closed:
            self.referee.update()

    def ready(self) -> bool:
        """True when an AI action is waiting to be applied."""
        return self.referee.ready()

    def rummy_window_open(self) -> bool:
        """True while Rummy calls on the open discard are still being collected."""
        return self.referee.rummy_window_pending()

    def advance(self) -> list[Event]:
        """Apply the waiting AI action; return its events (``[]`` if none waits)."""
        return self.referee.advance()

    def apply_person(self, action: Action) -> list[Event]:
        """Apply a move of a seat nobody plays for. Raises
        :class:`~game.errors.IllegalMove` (nothing changes) when it is not
        legal, or for a draw while a computer's Rummy call waits on the
        person (R18). A waiting AI answer made for the old position is dropped."""
        return self.referee.apply_person(action)

    def call_rummy(self, call: CallRummy) -> None:
        """The person at seat ``call.seat`` calls Rummy on the open discard
        (R18) and so closes their window (not the other people's). Raises
        :class:`~game.errors.IllegalMove` (nothing changes) when the call is
        not legal; the first caller in turn order after the discarder takes
        the cards."""
        self.referee.call_person(call)

    def rummy_claimed(self) -> int | None:
        """The computer seat whose Rummy call waits while the person, who comes
        first in turn order, may still call (R18); ``None`` otherwise."""
        return self.referee.rummy_claimed()

    def restore(self, game: Game) -> None:
        """Go back to ``game`` (a clone taken earlier this turn: undo)."""
        self.referee.restore(game)

    def deal_next_hand(self) -> list[Event]:
        """Deal the next hand (R3, R4); ``ValueError`` when a hand is still on or the game is over."""
        return self.referee.deal_next_hand()

    def close(self) -> None:
        """Stop every AI worker process (safe to call twice)."""
        self.closed = True
        self.referee.close()

    def __enter__(self) -> "TableSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
