"""The one referee of a game (issue 14): who is asked what, when, and which
answer is applied. No pygame; time comes from an injected clock.

The referee sees the whole game; each seat is a :class:`~game.play.seats.SeatPlayer`
(``ask(view)`` then ``poll()``) that sees only its
:class:`~game.rules.view.PlayerView`. The table (:class:`game.play.table_session.TableSession`)
and the tournaments and tests (:mod:`game.play.all_computer`) both drive it::

    referee = Referee(game, {1: LocalPlayer(ai), 2: WorkerPlayer("hard", 7)})
    each frame / step:
        referee.update()            # ask the seats, collect answers; never blocks on a worker
        if referee.ready():
            events = referee.advance()   # apply exactly one action
    a person:    referee.attach(seat)    # someone sits there: their Rummy window opens by itself
                 referee.apply_person(action), referee.call_person(call)
    the clock:   referee.tick(now)       # every person's Rummy window

Its state (:attr:`Referee.state`) is one of :class:`RummyWindow` (after a
discard, waiting for Rummy calls: who has answered, the person's deadline),
:class:`AwaitingMove` (a seat's move), :class:`HandOver` and
:class:`GameOver`.

Every seat, people included, is behind the one seat interface
(:class:`~game.play.seats.SeatPlayer`): a seat without a computer is a
:class:`~game.play.seats.PersonPlayer`, asked like the others (its
``question`` holds its view), whose moves come through :meth:`Referee.apply_person`
(bound to that seat: a person's side can act only for its own seat).

R18, decided here only: after a discard every other seat is asked whether
it calls Rummy; the first caller in turn order after the discarder wins.
Each person answers through a Rummy window of their own
(:class:`PersonRummyWindow`), so any number of people can sit at a table: a
caller behind a person whose window is open waits until that person has
called or let the window close (:meth:`Referee.rummy_claimed`), and
meanwhile nobody may draw; a caller ahead of every open window takes the
cards at once. Any illegal or failed answer is replaced by the engine's
fallback move (or no Rummy call), so a faulty AI never stops a game; with
``strict=True`` it raises :class:`AIError` instead (the AI fuzz tests).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Collection, Mapping

from game.rules.actions import Action, CallRummy, DrawStock, TakeDiscards
from game.rules.game import Game
from game.rules.phase import Phase, rummy_winner
from game.errors import IllegalMove
from game.rules.events import Discarded, Event
from game.play.rummy_window import PersonRummyWindow
from game.play.seats import PersonPlayer, Reply, SeatPlayer, public_past
from game.rules.view import view_for

log = logging.getLogger("rummy500.referee")

__all__ = ["AIError", "AwaitingMove", "GameOver", "HandOver", "PersonRummyWindow", "Referee", "RummyWindow", "TimeLog"]

TimeLog = Callable[[int, float], None]
"""``timing(seat, seconds)``: called with each in-process decision's time."""


class AIError(RuntimeError):
    """An AI answered with an illegal action or raised (``strict`` mode)."""


# ------------------------------------------------------------------ states
@dataclass(frozen=True)
class RummyWindow:
    """Right after ``discarder``'s discard, before the next draw: Rummy calls
    are being collected (R18). ``answered``: the computer seats whose answers
    are in; ``waiting``: the seats still to answer (computers thinking, people
    whose window is open); ``deadline``: when the person's window closes
    ``deadlines``: ``(seat, clock seconds)`` of each person's window whose
    clock runs; ``claim``: the seat whose call waits on a person who comes
    before it."""

    discarder: int
    answered: frozenset
    waiting: frozenset
    deadlines: tuple[tuple[int, float], ...]
    claim: int | None

    @property
    def deadline(self) -> float | None:
        """When the last running person's window closes (clock seconds), or ``None``."""
        return max((d for _seat, d in self.deadlines), default=None)


@dataclass(frozen=True)
class AwaitingMove:
    """Waiting for ``seat``'s move; ``person`` when a person plays that seat."""

    seat: int
    person: bool


@dataclass(frozen=True)
class HandOver:
    """Hand ``index`` (0-based) is over; the next is to be dealt."""

    index: int


@dataclass(frozen=True)
class GameOver:
    """The game is won by ``winner`` (R21)."""

    winner: int


# ----------------------------------------------------------------- referee
class Referee:
    """The referee of ``game`` (see the module docstring). ``players`` maps
    seats to their :class:`~game.play.seats.SeatPlayer`; every seat not in it
    is a person (:class:`~game.play.seats.PersonPlayer`, whose Rummy window
    is ``window_s`` seconds). ``attached``: the people's seats someone sits at
    now (:meth:`attach`). ``timing(seat, seconds)`` gets each in-process
    decision's time; ``names`` word the refusals. With ``strict`` an illegal
    or failed answer raises :class:`AIError`. After it is made,
    :attr:`players` holds every seat."""

    def __init__(self, game: Game, players: Mapping[int, SeatPlayer], *, attached: tuple[int, ...] = (),
                 window_s: float = 2.0, strict: bool = False, timing: TimeLog | None = None,
                 names: list[str] | None = None):
        self.game = game
        self.players: dict[int, SeatPlayer] = {s: players[s] if s in players else PersonPlayer(s, window_s)
                                               for s in range(game.players)}
        for seat in attached:
            self.attach(seat, window_s)
        self.strict = strict
        self.timing = timing
        self.names = list(names) if names is not None else list(game.names)
        self.fallbacks = 0
        self._ready: Action | None = None
        self._asked: dict[int, tuple] = {}  # seat -> (question, position) put to it
        self._answers: dict[int, CallRummy | None] = {}  # computers' Rummy answers at _window_at
        self._window_at: tuple | None = None
        self._resolved: tuple | None = None  # the position whose Rummy window is over
        self._claim: int | None = None
        self._past_cache: dict = {}  # the finished hands' public summaries (public_past)

    # ------------------------------------------------------------- seats
    @property
    def computers(self) -> dict[int, SeatPlayer]:
        """The seats a computer plays (seat -> player)."""
        return {s: p for s, p in self.players.items() if not p.is_person}

    @property
    def people(self) -> dict[int, PersonPlayer]:
        """The seats a person plays (seat -> :class:`~game.play.seats.PersonPlayer`)."""
        return {s: p for s, p in self.players.items() if p.is_person}

    def attach(self, seat: int, window_s: float | None = None) -> PersonRummyWindow:
        """Someone sits at the person's seat ``seat`` from now on: their Rummy
        window (``window_s`` seconds once started, when given) opens by itself
        after every other seat's discard (R18). Returns that window. Raises
        ``ValueError`` when a computer plays ``seat``."""
        person = self._person(seat)
        person.attached = True
        if window_s is not None:
            person.rummy_window.seconds = float(window_s)
        return person.rummy_window

    def rummy_window(self, seat: int) -> PersonRummyWindow:
        """The Rummy window of the person at ``seat`` (``ValueError`` for a computer's seat)."""
        return self._person(seat).rummy_window

    def replace(self, seat: int, player: SeatPlayer) -> SeatPlayer:
        """From now on ``player`` plays ``seat`` (a computer standing in for a
        person who left, or the person back again); returns the player it
        replaced (not closed). Whatever was asked of the seat is asked again
        of the new player, and an open Rummy window (R18) is collected anew,
        so nobody waits on a question the new player never got."""
        old = self.players[seat]
        self.players[seat] = player
        self._asked.pop(seat, None)
        self._window_at = None
        return old

    def _person(self, seat: int) -> PersonPlayer:
        player = self.players.get(seat)
        if player is None or not player.is_person:
            raise ValueError(f"seat {seat} is played by a computer")
        return player

    # ------------------------------------------------------------- state
    def position(self) -> tuple[int, int]:
        """``(hands dealt, actions in this hand)``: changes with every action."""
        g = self.game
        return (len(g.hands), len(g.hand.actions) if g.hand else 0)

    def rummy_window_pending(self) -> bool:
        """True while Rummy calls on the open discard are being collected (R18)."""
        h = self.game.hand
        return (h is not None and h.ended is None and h.window is not None and h.phase == Phase.DRAW
                and self._resolved != self.position())

    def _waiting_people(self) -> list[int]:
        """People (not the discarder) whose Rummy answer is not in yet."""
        h = self.game.hand
        return [s for s, p in self.people.items() if s != h.window and p.poll() is None]

    @property
    def state(self) -> RummyWindow | AwaitingMove | HandOver | GameOver:
        """Where the game stands for the referee (a new value each time)."""
        g, h = self.game, self.game.hand
        if g.winner is not None:
            return GameOver(g.winner)
        if h is None or h.ended is not None:
            return HandOver(len(g.hands) - 1)
        if self.rummy_window_pending():
            answered = self._answers if self._window_at == self.position() else {}
            thinking = [s for s in self.computers if s != h.window and s not in answered]
            deadlines = tuple((s, p.rummy_window.deadline) for s, p in self.people.items()
                              if p.rummy_window.deadline is not None)
            return RummyWindow(h.window, frozenset(answered), frozenset(thinking + self._waiting_people()),
                               deadlines, self.rummy_claimed())
        return AwaitingMove(h.current, self.players[h.current].is_person)

    def ready(self) -> bool:
        """True when an action is decided and waits for :meth:`advance`."""
        return self._ready is not None

    def rummy_claimed(self) -> int | None:
        """The seat whose Rummy call waits while a person who comes before it
        in turn order may still call (R18); ``None`` otherwise."""
        return self._claim if self._claim is not None and self.rummy_window_pending() else None

    def thinking_seat(self) -> int | None:
        """The computer seat choosing its move right now, or ``None``."""
        st = self.state
        if self._ready is None and isinstance(st, AwaitingMove) and not st.person \
                and self._asked.get(st.seat) == ("move", self.position()):
            return st.seat
        return None

    # ------------------------------------------------------------ driving
    def update(self) -> None:
        """Put the questions the game waits for and collect the answers;
        never blocks on a worker (in-process AIs think here). Once an action
        is decided, :meth:`ready` is true."""
        if self._ready is not None:
            return
        st = self.state
        if isinstance(st, RummyWindow):
            if not self._update_rummy_window():
                return
            st = self.state
        if isinstance(st, AwaitingMove):
            if st.person:  # the person's side learns the question (and the view) from the seat
                if self._asked.get(st.seat) != ("move", self.position()):
                    self._ask(st.seat, rummy=False)
            else:
                self._update_move(st.seat)

    def _ask(self, seat: int, rummy: bool) -> None:
        self._asked[seat] = ("rummy" if rummy else "move", self.position())
        player = self.players[seat]
        past = None if player.is_person else public_past(self.game, self._past_cache)
        player.ask(view_for(self.game, seat), rummy, past)

    def _update_rummy_window(self) -> bool:
        """Collect Rummy answers; decide the call once R18 allows. Returns
        True when the window is over with no call (on to the next move)."""
        h, pos = self.game.hand, self.position()
        callers = [s for s in self.computers if s != h.window]
        if self._window_at != pos:
            self._window_at, self._answers, self._claim = pos, {}, None
            for s in callers:  # all at once: the workers think side by side
                self._ask(s, rummy=True)
            for s in self.people:
                self._ask(s, rummy=True)
        for s in callers:
            if s not in self._answers:
                reply = self.players[s].poll()
                if reply is not None:
                    self._answers[s] = self._rummy_answer(s, reply)
        if len(self._answers) < len(callers):
            return False  # a computer still thinks
        calls = [c for c in self._answers.values() if c is not None]
        for s, person in self.people.items():
            reply = person.poll() if s != h.window else None
            if reply is not None and reply.action is not None and h.is_legal(reply.action):
                calls.append(reply.action)
        waiting = self._waiting_people()
        self._claim = None
        if calls:
            first = rummy_winner(h.window, [c.seat for c in calls], h.players)
            ahead = lambda s: (s - h.window) % h.players  # noqa: E731
            if any(ahead(s) < ahead(first) for s in waiting):
                # a person before it in turn order may still call: it waits
                self._claim = first
                return False
            self._resolved = pos
            self._ready = next(c for c in calls if c.seat == first)
            return False
        if waiting:
            return False  # nobody called yet; the person's window is open
        self._resolved = pos
        return True

    def _rummy_answer(self, seat: int, reply: Reply) -> CallRummy | None:
        """A computer's Rummy answer, checked: an illegal or failed one is no call."""
        if self.timing and reply.seconds is not None:
            self.timing(seat, reply.seconds)
        if reply.error is not None:
            if self.strict:
                raise AIError(f"seat {seat} failed to answer a Rummy window: {reply.error!r}") from reply.error
            log.error("seat %d failed to answer a Rummy window", seat, exc_info=reply.error)
            return None
        call = reply.action
        if call is None:
            return None
        if isinstance(call, CallRummy) and call.seat == seat and self.game.hand.is_legal(call):
            return call
        if self.strict:
            raise AIError(f"seat {seat} made an illegal Rummy call {call}")
        log.warning("seat %d made an illegal Rummy call %r: no call", seat, call)
        return None

    def _update_move(self, seat: int) -> None:
        if self._asked.get(seat) != ("move", self.position()):
            self._ask(seat, rummy=False)
        reply = self.players[seat].poll()
        if reply is not None:
            self._ready = self._checked(seat, reply)

    def _checked(self, seat: int, reply: Reply) -> Action:
        """The seat's move, or the engine's fallback move when the seat failed
        or answered for another seat; its legality is checked when applied."""
        if self.timing and reply.seconds is not None:
            self.timing(seat, reply.seconds)
        level = self.players[seat].level
        action = reply.action
        if reply.error is not None:
            if self.strict:
                raise AIError(f"seat {seat} ({level}) raised {reply.error!r}") from reply.error
            log.error("seat %d (%s) failed to choose", seat, level, exc_info=reply.error)
            action = None
        elif reply.fallback:
            self.fallbacks += 1
            log.warning("seat %d: fallback move (%s)", seat, reply.reason)
        if isinstance(action, Action) and action.seat == seat:
            return action
        if self.strict:
            raise AIError(f"seat {seat} ({level}) answered {action!r}")
        return self._fallback(seat, action)

    def _fallback(self, seat: int, action) -> Action:
        self.fallbacks += 1
        log.warning("seat %d answered %r: playing the fallback move", seat, action)
        return self.game.hand.fallback_action()

    def advance(self) -> list[Event]:
        """Apply the decided action; return its events (``[]`` when none is
        decided). An illegal move is replaced by the engine's fallback move
        (``strict``: :class:`AIError`)."""
        action, self._ready = self._ready, None
        if action is None:
            return []
        self._asked = {}
        try:
            events = self.game.apply(action)  # checks the whole action first; changes nothing if illegal
        except IllegalMove as exc:
            seat = action.seat
            if self.strict:
                level = self.players[seat].level if seat in self.players else "?"
                raise AIError(f"seat {seat} ({level}) chose {action}: {exc.code} {exc.message}") from exc
            events = self.game.apply(self._fallback(seat, action))
        self._after(events)
        return events

    def step(self) -> list[Event]:
        """Decide and apply one action with in-process players (tournaments).
        Raises ``LookupError`` when the game waits on a person or a worker."""
        self.update()
        if self._ready is None:
            raise LookupError(f"no answer to apply: the referee waits ({self.state})")
        return self.advance()

    def _after(self, events: list[Event]) -> None:
        """After any action: forget people's calls and questions; a discard
        opens the window of every other person someone sits at (shown later:
        :meth:`PersonRummyWindow.start`)."""
        self._claim = None
        discarders = {e.seat for e in events if isinstance(e, Discarded)}
        for seat, person in self.people.items():
            person.reset()
            if person.attached and discarders - {seat} and PersonRummyWindow.possible(self.game.hand, seat):
                person.rummy_window.expect()

    # -------------------------------------------------------------- people
    def apply_person(self, action: Action) -> list[Event]:
        """Apply a move of the person at seat ``action.seat``. Raises
        ``ValueError`` when a computer plays that seat (a person's side acts
        only for its own seat), :class:`~game.errors.IllegalMove` (nothing
        changes) when the engine refuses it, or (``not_your_turn``, R18) for
        a draw while a Rummy call waits on a person who comes first. A
        decided computer move made for the old position is dropped."""
        self._person(action.seat)
        claim = self.rummy_claimed()
        if claim is not None and isinstance(action, (DrawStock, TakeDiscards)):
            raise IllegalMove("not_your_turn", "R18",
                              f"{self.names[claim]} called Rummy and comes after you: "
                              "call Rummy yourself, or let the window close.")
        events = self.game.apply(action)
        self._ready = None
        self._asked = {}
        self.rummy_window(action.seat).close()  # the person moved: their window of an earlier discard is over
        self._after(events)
        return events

    def call_person(self, call: CallRummy) -> None:
        """The person at seat ``call.seat`` calls Rummy on the open discard
        (R18) and so closes their window. Raises
        :class:`~game.errors.IllegalMove` (nothing changes) when the call is
        not legal, ``ValueError`` when a computer plays that seat. The first
        caller in turn order after the discarder takes the cards."""
        person = self._person(call.seat)
        self.game.hand.check(call)
        person.call(call)
        person.rummy_window.close()  # this person's only: the others still decide

    def tick(self, now: float, held: Collection[int] = ()) -> bool:
        """The clock: close each person's window once ``now`` is past its
        deadline (unless its seat is in ``held``: the pointer rests on that
        person's Rummy button) or the next player has drawn. True when one closed."""
        closed = False
        for seat, person in self.people.items():
            closed |= person.rummy_window.tick(now, self.game.hand, seat in held)
        return closed

    def resume(self, seat: int, now: float) -> bool:
        """A game taken up right after another seat's discard: someone sits
        at the person's seat ``seat`` (:meth:`attach`) and their window opens
        on the clock at ``now``. True when it opened."""
        self.attach(seat)
        if not PersonRummyWindow.possible(self.game.hand, seat):
            return False
        self.rummy_window(seat).start(now)
        return True

    def restore(self, game: Game) -> None:
        """Go on from ``game`` instead (undo to a clone taken this turn)."""
        self.game = game
        self._ready = None
        self._asked = {}
        self._window_at = None

    def deal_next_hand(self) -> list[Event]:
        """Deal the next hand (R3, R4); ``ValueError`` when a hand is still on or the game is over."""
        self._ready = None
        self._asked = {}
        return self.game.deal_next_hand()

    def close(self) -> None:
        """Stop every seat's process (safe to call twice)."""
        for player in self.players.values():
            player.close()
