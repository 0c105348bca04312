"""A game at the table: the engine, the seats and their AI players.

:class:`TableSession` is what the table scene drives (it never imports
pygame, so it is tested headless). It owns the :class:`~game.engine.Game`
and one AI per computer seat, and moves the game on one engine action at a
time, in the referee's order (:mod:`game.match`): after a discard every
computer seat is asked about a Rummy call (R18), then the seat to move acts.

AI answers are prepared ahead and applied when the caller says so::

    session = TableSession(seats, rules, seed=7)   # deals the first hand
    each frame:
        session.update()                 # submit requests, collect answers
        if session.ready() and the table has shown the last move:
            events = session.advance()   # apply exactly one action
        ...
    between hands: session.deal_next_hand()

With ``use_workers=True`` (the table) each computer seat thinks in its own
:class:`~game.ai.worker.AIWorker` process, so a frame never waits on a
search; with ``False`` the AIs run in this process on :meth:`update`
(tests, benchmarks). Either way every action applied is legal: a failed AI
is replaced by the engine's fallback move.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass

from .actions import Action, CallRummy
from .ai import LEVELS, make_ai
from .engine import Game, Phase, rummy_winner
from .errors import IllegalMove
from .events import Event
from .referee import PersonWindow
from .rules import RuleSet
from .view import view_for

log = logging.getLogger("rummy500.session")


def _is_worker(player) -> bool:
    return hasattr(player, "poll")


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its player's ``name`` and ``level`` (``"easy"``,
    ``"medium"``, ``"hard"``, or ``"human"`` for the person at the table)."""

    name: str
    level: str

    @property
    def is_human(self) -> bool:
        return self.level == "human"


class TableSession:
    """One game between ``seats`` (2 to 8 :class:`Seat`, seat 0 at the bottom
    of the table) under ``rules``; ``seed`` makes the deals and the AIs
    repeatable. Raises ``ValueError`` for a bad seat count or level.

    A human seat never acts by itself: the table applies its moves with
    :meth:`apply_human`. ``autoplay_level``, when given, lets an AI of that
    level play the human seats too (demo mode and watching).
    """

    def __init__(self, seats: list[Seat], rules: RuleSet | None = None, seed: int | None = None,
                 use_workers: bool = True, time_cap_s: float = 2.0,
                 autoplay_level: str | None = None, game: Game | None = None):
        if not 2 <= len(seats) <= 8:
            raise ValueError(f"Rummy 500 needs 2 to 8 players, not {len(seats)} (R1)")
        for s in seats:
            if s.level not in LEVELS and s.level != "human":
                raise ValueError(f"unknown level {s.level!r} for {s.name!r}")
        self.seats = list(seats)
        self.rules = rules or RuleSet()
        self.seed = random.Random(seed).getrandbits(63) if seed is not None else random.getrandbits(63)
        self.game = game if game is not None else Game.new([s.name for s in seats], self.rules,
                                                           rng=random.Random(self.seed))
        self.autoplay_level = autoplay_level
        self.players: dict[int, object] = {}
        for i, s in enumerate(seats):
            level = s.level if not s.is_human else autoplay_level
            if level is None:
                continue
            seed_i = self.seed + 1000 * (i + 1)
            if use_workers:
                from .ai.worker import AIWorker
                self.players[i] = AIWorker(level, seed=seed_i, time_cap_s=time_cap_s)
            else:
                self.players[i] = make_ai(level, seed_i)
        self._ready: Action | None = None
        self._asked: tuple | None = None  # what was submitted: (kind, position)
        self._rummy_answers: dict[int, CallRummy | None] = {}
        self._rummy_done: tuple | None = None  # window whose calls are all in
        self.person_window = PersonWindow()  # the person's Rummy window (R18), on the table's clock
        self.rummy_claim: int | None = None  # a computer's call waiting on the person's window
        self._human_call: tuple | None = None  # (position, CallRummy) made by the person
        self.fallbacks = 0
        self.worker_failures = 0
        self.closed = False

    # ----------------------------------------------------------------- state
    @property
    def hold_rummy(self) -> bool:
        """True while the person's Rummy window is open (:attr:`person_window`):
        computer calls wait on it where the person comes first (R18)."""
        return self.person_window.open

    def resume_window(self, seat: int, now: float) -> bool:
        """A game taken up right after another seat's discard: open the
        person's (``seat``) Rummy window now. Returns True when it opened."""
        if not PersonWindow.possible(self.game.hand, seat):
            return False
        self.person_window.start(now)
        return True

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def _position(self) -> tuple:
        g = self.game
        h = g.hand
        return (len(g.hands), len(h.actions) if h else 0)

    def is_ai(self, seat: int) -> bool:
        """True when a computer plays ``seat`` (its level, or autoplay)."""
        return seat in self.players

    def thinking_seat(self) -> int | None:
        """The seat whose AI is choosing right now (for the thinking shimmer), or ``None``."""
        if self._ready is not None or self._asked is None:
            return None
        if self._asked[0] == "rummy":
            return None
        return self.game.current

    def waiting_for_human(self) -> bool:
        """True when the game waits on a move of a seat nobody plays for."""
        g = self.game
        if g.winner is not None or g.current is None:
            return False
        h = g.hand
        if self._rummy_window_pending():
            return False
        return not self.is_ai(h.current)

    def _rummy_window_pending(self) -> bool:
        h = self.game.hand
        return (h is not None and h.ended is None and h.window is not None and h.phase == Phase.DRAW
                and self._rummy_done != self._position())

    # ---------------------------------------------------------------- driving
    def update(self) -> None:
        """Submit whatever the game waits for and collect answers; never
        blocks on a worker. Call it every frame."""
        if self.closed or self._ready is not None:
            return
        g = self.game
        h = g.hand
        if g.winner is not None or h is None or h.ended is not None:
            return
        pos = self._position()
        if self._rummy_window_pending():
            self._update_rummy(pos)
            return
        seat = h.current
        player = self.players.get(seat)
        if player is None:
            return
        if not _is_worker(player):
            try:
                action = player.choose(view_for(g, seat))
            except Exception:  # a faulty AI never stops the game
                log.exception("seat %d failed to choose", seat)
                action = None
            self._ready = self._checked(action, seat)
            return
        if self._asked != ("turn", pos):
            if not self._submit(seat, rummy=False):
                return self.update()
            self._asked = ("turn", pos)
        answer = player.poll()
        if answer is not None:
            if answer.fallback:
                self.fallbacks += 1
                log.warning("seat %d: fallback move (%s)", seat, answer.reason)
            self._ready = self._checked(answer.action, seat)

    def _submit(self, seat: int, rummy: bool) -> bool:
        """Send the seat's request to its worker; if the worker process cannot
        be started, the seat's AI moves into this process (slower frames, but
        the game goes on) and False is returned."""
        g = self.game
        worker = self.players[seat]
        try:
            (worker.submit_rummy if rummy else worker.submit)(view_for(g, seat))
            return True
        except Exception:
            log.exception("seat %d: the AI worker could not start; its AI plays in this process", seat)
            worker.close()
            self.players[seat] = make_ai(worker.level, worker.seed)
            self.worker_failures += 1
            return False

    def _checked(self, action: Action | None, seat: int) -> Action:
        h = self.game.hand
        if action is None or action.seat != seat or not h.is_legal(action):
            self.fallbacks += 1
            log.warning("seat %d answered %r: playing the fallback move", seat, action)
            return h.fallback_action()
        return action

    def _update_rummy(self, pos: tuple) -> None:
        g = self.game
        h = g.hand
        callers = [s for s in self.players if s != h.window]
        if self._asked != ("rummy", pos):
            self._rummy_answers = {}
            self._asked = ("rummy", pos)
            for s in callers:
                if not (_is_worker(self.players[s]) and self._submit(s, rummy=True)):
                    try:
                        call = self.players[s].call_rummy(view_for(g, s))
                    except Exception:  # a faulty AI never stops the game
                        log.exception("seat %d failed to answer a Rummy window", s)
                        call = None
                    self._rummy_answers[s] = call
        for s in callers:
            if s not in self._rummy_answers and _is_worker(self.players[s]):
                answer = self.players[s].poll()
                if answer is not None:
                    self._rummy_answers[s] = answer.action
        if len(self._rummy_answers) < len(callers):
            return
        calls = [c for s, c in self._rummy_answers.items()
                 if isinstance(c, CallRummy) and c.seat == s and h.is_legal(c)]
        self.rummy_claim = None
        if self.hold_rummy:
            # the person's window is open: a computer's call waits only for a
            # person who comes before it in turn order and so could win (R18)
            if not calls:
                return
            first = rummy_winner(h.window, [c.seat for c in calls], h.players)
            ahead = lambda s: (s - h.window) % h.players
            people = [s for s in range(h.players) if s not in self.players and s != h.window]
            if any(ahead(s) < ahead(first) for s in people) and self._human_call is None:
                self.rummy_claim = first
                return
        if self._human_call is not None and self._human_call[0] == pos and h.is_legal(self._human_call[1]):
            calls.append(self._human_call[1])
        self._rummy_done = pos
        if calls:
            winner = rummy_winner(h.window, [c.seat for c in calls], h.players)
            self._ready = next(c for c in calls if c.seat == winner)
        else:
            self.update()  # the window is closed for the computers: on to the turn

    def ready(self) -> bool:
        """True when an AI action is waiting to be applied."""
        return self._ready is not None

    def rummy_window_open(self) -> bool:
        """True while the computers are still answering the open Rummy window."""
        return self._rummy_window_pending()

    def advance(self) -> list[Event]:
        """Apply the waiting AI action; return its events (``[]`` if none waits)."""
        action, self._ready = self._ready, None
        if action is None:
            return []
        self._asked = None
        try:
            return self.game.apply(action)
        except IllegalMove:  # cannot happen: checked when it arrived; never stop the table
            log.exception("an AI action became illegal: %r", action)
            return self.game.apply(self.game.hand.fallback_action())

    def apply_human(self, action: Action) -> list[Event]:
        """Apply a move of the person at the table. Raises
        :class:`~game.errors.IllegalMove` (nothing changes) when it is not legal.
        A waiting AI answer made for the old position is dropped."""
        events = self.game.apply(action)
        self._ready = None
        self._asked = None
        return events

    def call_rummy(self, call: CallRummy) -> None:
        """The person at seat ``call.seat`` calls Rummy on the open discard
        (R18). Raises :class:`~game.errors.IllegalMove` (nothing changes)
        when the call is not legal; otherwise it joins the computers' calls
        and, once :attr:`hold_rummy` is released, the first caller in turn
        order after the discarder takes the cards."""
        self.game.hand.check(call)
        self._human_call = (self._position(), call)

    def rummy_claimed(self) -> int | None:
        """The computer seat whose Rummy call waits while the person, who comes
        first in turn order, may still call (R18); ``None`` otherwise."""
        h = self.game.hand
        if self.rummy_claim is not None and self._rummy_window_pending() and h.window is not None:
            return self.rummy_claim
        return None

    def restore(self, game: Game) -> None:
        """Go back to ``game`` (a clone taken earlier this turn: undo)."""
        self.game = game
        self._ready = None
        self._asked = None

    def deal_next_hand(self) -> list[Event]:
        """Deal the next hand (R3, R4); ``ValueError`` when a hand is still on or the game is over."""
        self._ready = None
        self._asked = None
        return self.game.deal_next_hand()

    def close(self) -> None:
        """Stop every AI worker process (safe to call twice)."""
        self.closed = True
        for p in self.players.values():
            close = getattr(p, "close", None)
            if close:
                close()

    def __enter__(self) -> "TableSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
