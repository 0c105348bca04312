"""The seats the referee asks, all behind one interface (issue 14).

A seat is asked a question and polled for its answer::

    player.ask(view, rummy=False)   # "your move" (or, with rummy=True, "Rummy?")
    reply = player.poll()           # None while it thinks, then a Reply

``ask`` may carry ``past``: the public summary of the game's earlier hands
(:func:`public_past`), which a computer passes to its AI
(:meth:`~game.ai.base.AIPlayer.note_past`: Hard's opponent models) before
the question.

Three adapters:

* :class:`LocalPlayer` — an in-process AI (:class:`~game.ai.base.AIPlayer`):
  it answers during :meth:`ask`, so :meth:`poll` never waits (tournaments,
  ``analyse``, tests).
* :class:`WorkerPlayer` — an AI in its own process
  (:class:`~game.play.ai_worker.AIWorker`, the table): never blocks a frame; if
  the process cannot start, the AI moves into this process and plays on.
* :class:`PersonPlayer` — a person (at this computer, or later at another):
  the seat is asked like any other (:attr:`PersonPlayer.question` holds the
  open question and the seat's view, which is all the person's side may
  show); the person's moves reach the referee through
  :meth:`game.play.referee.Referee.apply_person`, bound to the seat, and a
  Rummy question is answered by a call or by the seat's own Rummy window
  (:class:`~game.play.rummy_window.PersonRummyWindow`) closing.

A reply may be anything: the referee (:class:`game.play.referee.Referee`) checks
it against the real hand and plays the engine's fallback move for an
illegal or failed one.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Protocol

from game.rules.actions import Action, CallRummy
from game.rules.game import Game
from game.ai import make_ai
from game.ai.base import AIPlayer
from game.ai.opponents import past_counts
from game.play.rummy_window import PersonRummyWindow
from game.rules.view import PlayerView

log = logging.getLogger("rummy500.seats")


def public_past(game: Game, cache: dict | None = None) -> tuple:
    """The public summary of ``game``'s hands before the one on now (or,
    between hands, of every hand played): per hand, per seat, the counts of
    :func:`game.ai.opponents.past_counts`, read from the hands' public logs
    only. A finished hand never changes, so ``cache`` (a dict the caller
    keeps) holds the hands read already."""
    hands = game.hands
    done = [h for h in hands if h.ended is not None]
    if hands and hands[-1].ended is None:
        done = [h for h in hands[:-1] if h.ended is not None]
    cache = {} if cache is None else cache
    out = []
    for h in done:
        key = (id(h), h.index, len(h.log))
        if key not in cache:
            cache[key] = past_counts([h.log], game.players, game.rules)[0]
        out.append(cache[key])
    return tuple(out)


@dataclass(frozen=True)
class Reply:
    """A seat's answer: ``action`` (a move; for a Rummy question a
    ``CallRummy`` or ``None`` for no call). ``fallback`` is true when the
    answer is not the AI's own (``reason``: ``"timeout"``, ``"crashed"``,
    ``"error"``, ``"illegal"``); ``error`` is the exception an in-process AI
    raised; ``seconds`` is how long it thought (``None`` when not measured)."""

    action: Action | None
    fallback: bool = False
    reason: str | None = None
    error: BaseException | None = None
    seconds: float | None = None


class SeatPlayer(Protocol):
    """What the referee needs of a seat: a computer (``is_person`` False) or
    a person (True)."""

    level: str
    is_person: bool

    def ask(self, view: PlayerView, rummy: bool = False, past: tuple | None = None) -> None:
        """Put a question: the seat's move (``rummy=False``) or whether it
        calls Rummy on the open discard (R18). A new question replaces an
        open one. ``past``: the earlier hands' public summary (:func:`public_past`)."""

    def poll(self) -> Reply | None:
        """The open question's answer once there is one (then the question is
        closed), else ``None``."""

    def close(self) -> None:
        """Stop whatever the seat runs (a process); safe to call twice."""


class LocalPlayer:
    """An in-process AI behind the seat interface; it thinks during :meth:`ask`
    (so the time is measured there) and never raises: an exception becomes a
    reply with ``error`` set."""

    in_process = True
    is_person = False

    def __init__(self, ai: AIPlayer):
        self.ai = ai
        self.level = getattr(ai, "level", "?")
        self._reply: Reply | None = None

    def ask(self, view: PlayerView, rummy: bool = False, past: tuple | None = None) -> None:
        start = time.perf_counter()
        try:
            note_past = getattr(self.ai, "note_past", None)  # a player built on another base may not take it
            if past is not None and note_past is not None:
                note_past(past)
            self.ai.begin_decision(view, rummy)
            action = self.ai.call_rummy(view) if rummy else self.ai.choose(view)
            reply = Reply(action)
        except Exception as exc:  # a faulty AI never stops the game
            reply = Reply(None, True, "error", exc)
        self._reply = Reply(reply.action, reply.fallback, reply.reason, reply.error, time.perf_counter() - start)

    def poll(self) -> Reply | None:
        reply, self._reply = self._reply, None
        return reply

    def close(self) -> None:
        self._reply = None


class WorkerPlayer:
    """An AI of ``level`` thinking in its own process
    (:class:`~game.play.ai_worker.AIWorker`, seeded with ``seed``, at most
    ``time_cap_s`` seconds a decision). When the process cannot be started,
    the seat's AI moves into this process (slower frames, but the game goes
    on): :attr:`failures` counts that, and :attr:`in_process` becomes true."""

    is_person = False

    def __init__(self, level: str, seed: int | None, time_cap_s: float = 2.0):
        from game.play.ai_worker import AIWorker
        self.level = level
        self.seed = seed
        self.worker: AIWorker | None = AIWorker(level, seed=seed, time_cap_s=time_cap_s)
        self.local: LocalPlayer | None = None
        self.failures = 0

    @property
    def in_process(self) -> bool:
        """True once the AI plays in this process (its worker could not start)."""
        return self.local is not None

    def ask(self, view: PlayerView, rummy: bool = False, past: tuple | None = None) -> None:
        if self.worker is not None:
            try:
                (self.worker.submit_rummy if rummy else self.worker.submit)(view, past)
                return
            except Exception:
                log.exception("seat %d: the AI worker could not start; its AI plays in this process", view.seat)
                self.worker.close()
                self.worker = None
                self.local = LocalPlayer(make_ai(self.level, self.seed))
                self.failures += 1
        self.local.ask(view, rummy, past)

    def poll(self) -> Reply | None:
        if self.local is not None:
            return self.local.poll()
        answer = self.worker.poll()
        if answer is None:
            return None
        return Reply(answer.action, answer.fallback, answer.reason)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()


class PersonPlayer:
    """A person at seat ``seat``, behind the seat interface like a computer.

    The referee asks it as it asks any seat (:meth:`ask`); :attr:`question`
    is then ``(view, rummy)``: the seat's :class:`~game.rules.view.PlayerView`
    (all the person's side may show, at this computer or sent to another)
    and whether it is a Rummy question. The moves themselves reach the
    referee through :meth:`game.play.referee.Referee.apply_person`, which
    refuses at once with the engine's reason, so :meth:`poll` never returns
    a move. A Rummy question is answered by :meth:`call` (a call, already
    checked by the referee) or by the seat's own :attr:`rummy_window` being
    closed (no call); while that window is open the seat is still deciding.

    ``attached`` is True once someone sits at the seat
    (:meth:`game.play.referee.Referee.attach`): only then does its Rummy
    window open by itself after another seat's discard (R18). Each person
    has a window of their own, so one person's call or pass never closes
    another's."""

    level = "human"
    in_process = True
    is_person = True

    def __init__(self, seat: int, window_s: float = 2.0):
        self.seat = seat
        self.rummy_window = PersonRummyWindow(window_s)
        self.attached = False
        self.question: tuple[PlayerView, bool] | None = None
        self._call: CallRummy | None = None

    def ask(self, view: PlayerView, rummy: bool = False, past: tuple | None = None) -> None:
        self.question = (view, rummy)

    def call(self, call: CallRummy) -> None:
        """The person calls Rummy (already checked legal by the referee)."""
        self._call = call

    def reset(self) -> None:
        """Forget a call and the question: the game has moved on (the referee, after every action)."""
        self._call = None
        self.question = None

    def poll(self) -> Reply | None:
        if self.question is not None and not self.question[1]:
            return None  # moves do not come through here
        if self._call is not None:
            return Reply(self._call)
        return None if self.rummy_window.open else Reply(None)

    def close(self) -> None:
        self.reset()
        self.rummy_window.close()
