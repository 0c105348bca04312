"""AI decisions in a worker process, so the table never waits on a search.

One :class:`AIWorker` serves one AI seat. It owns one worker process (a
``pebble.ProcessPool`` with one worker, ``spawn`` context) that builds the
AI once and keeps it between decisions; pebble replaces the process when it
dies, runs past its time or has its running request cancelled. The table submits a
:class:`~game.rules.view.PlayerView` and polls each frame::

    worker = AIWorker("hard", seed=7, time_cap_s=2.0)
    worker.start()                      # optional: spawn the process early
    worker.submit(view)                 # a Future; never blocks
    ...                                 # each frame:
    answer = worker.poll()              # None while the AI thinks
    if answer is not None:
        game.apply(answer.action)       # a legal action, always

:meth:`AIWorker.poll` turns every failure into a legal fallback move
(``answer.fallback`` is then true and ``answer.reason`` says why): the worker
process crashed (it is replaced on the next submit), the AI raised, it
answered with an action that is not legal for the view, or it thought longer
than ``time_cap_s`` (the process is stopped and replaced). The time cap
counts from when the worker process picks the request up (pebble's task
timeout), so its start-up (imports) is never charged to a decision; a
request still waiting after the cap once the worker is ready (or after
:data:`START_CAP_S` while it starts) is timed out too.

No worker survives the program: :meth:`AIWorker.close` (also run by the
context manager and, for every worker still open, when the interpreter
exits) stops the process at once, even in the middle of a search; a
worker whose parent dies (killed, crashed) exits by itself; a worker ignores
SIGINT (Ctrl+C in a terminal reaches it too: the program stops it, with no
traceback from the worker); and a SIGKILLed program leaves no "leaked
semaphore" warning (:mod:`game.play.processes`).

Importing this module starts nothing; the worker process never imports
pygame (it imports only ``game``).
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import random
import sys
import threading
import time
import weakref
from concurrent.futures import CancelledError, Future, InvalidStateError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import pebble

from game.rules.actions import Action, CallRummy
from game.play.processes import TERMINATE_WAIT_S, quiet_resource_tracker, sigint_held, worker_started
from game.rules.view import PlayerView, sample_world
from game.ai import make_ai
from game.ai.base import AIPlayer

log = logging.getLogger("rummy500.ai.worker")

START_CAP_S = 30.0
"""How long a new worker process may take to start (imports, building the
AI) before its first request counts as timed out."""

# --------------------------------------------------------------- worker side
_ai: AIPlayer | None = None


def _start_worker(level: str, seed: int | None) -> None:
    """Initializer of the worker process: ignore SIGINT and exit when the
    parent process dies (:func:`game.play.processes.worker_started`), then build the AI."""
    global _ai
    worker_started()
    if hasattr(os, "nice"):  # the table's frames come first: thinking may wait a moment
        try:
            os.nice(5)
        except OSError:
            pass
    _ai = make_ai(level, seed)


def _ready() -> int:
    return os.getpid()


def _has_module(name: str) -> bool:
    """Whether the worker process has imported module ``name`` (for tests)."""
    return name in sys.modules


def _choose(view: PlayerView, past: tuple | None = None) -> tuple[int, Action]:
    """The seat's move, with this process's id (a replaced worker has a new
    one); ``past``: the earlier hands' public summary, given to the AI first
    (:meth:`~game.ai.base.AIPlayer.note_past`)."""
    if past is not None:
        _ai.note_past(past)
    _ai.begin_decision(view)
    return os.getpid(), _ai.choose(view)


def _call_rummy(view: PlayerView, past: tuple | None = None) -> tuple[int, CallRummy | None]:
    """Whether the seat calls Rummy (R18), with this process's id (``past`` as for :func:`_choose`)."""
    if past is not None:
        _ai.note_past(past)
    _ai.begin_decision(view, rummy=True)
    return os.getpid(), _ai.call_rummy(view)


# --------------------------------------------------------------- table side
@dataclass(frozen=True)
class Answer:
    """The outcome of a request: ``action`` (an action for :meth:`AIWorker.submit`,
    a ``CallRummy`` or ``None`` for :meth:`AIWorker.submit_rummy`), legal
    for the view. ``fallback`` is true when the AI's own answer could not be
    used, and ``reason`` then says why: ``"timeout"``, ``"crashed"`` (the
    worker process died), ``"error"`` (the AI raised) or ``"illegal"``."""

    action: Action | None
    fallback: bool = False
    reason: str | None = None


_open_workers: "weakref.WeakSet[AIWorker]" = weakref.WeakSet()
_exit_hook_registered = False


def _close_all() -> None:
    for worker in list(_open_workers):
        worker.close()


def _register_exit_hook() -> None:
    """Close every open worker when the interpreter exits. The threading
    exit hook runs before ``concurrent.futures`` joins its worker processes
    (which would wait for a search to finish); ``atexit`` is the fallback."""
    global _exit_hook_registered
    if _exit_hook_registered:
        return
    _exit_hook_registered = True
    register = getattr(threading, "_register_atexit", None)
    try:
        if register is None:
            raise RuntimeError
        register(_close_all)
    except RuntimeError:
        atexit.register(_close_all)


def join_stopped(pool: pebble.ProcessPool, seconds: float) -> bool:
    """Wait at most ``seconds`` for the stopped ``pool`` to join (pebble
    terminates its worker, kills it after 3 s, and ends its threads); True
    when it did. pebble 5 applies ``join``'s timeout only to a closed pool:
    a stopped one joins its threads with no timeout, so one stuck thread
    would hold the table, or a host closing after SIGTERM, for ever. The
    join runs in a daemon thread here, which the program does not wait for
    when it ends (where no thread can be started, as while Python 3.12.0
    to 3.12.2 shut down, it is joined here, without a bound). An error of
    the join is logged."""
    def join() -> None:
        try:
            pool.join()
        except Exception:  # a pool that fails to join is stopped all the same
            log.exception("joining a stopped AI worker pool")

    joiner = threading.Thread(target=join, name="rummy500-pool-join", daemon=True)
    try:
        joiner.start()
    except RuntimeError:  # "can't create new thread at interpreter shutdown"
        join()
        return True
    joiner.join(seconds)
    return not joiner.is_alive()


def kill_child(pid: int | None) -> bool:
    """Kill this program's own live child process ``pid`` (a worker whose
    pool would not stop) and wait up to :data:`TERMINATE_WAIT_S` for it to
    end; True when one was killed. Any other process id,
    or ``None``, is left alone: only a child this process started and has
    not yet reaped is matched, so a reused id is never killed."""
    for child in multiprocessing.active_children():
        if pid is not None and child.pid == pid:
            child.kill()
            child.join(TERMINATE_WAIT_S)  # reaped, not left a zombie
            return True
    return False


class AIWorker:
    """One AI of ``level`` in its own worker process (see the module docstring).

    ``seed`` seeds the AI (a replaced worker starts again from the same
    seed) and the fallback moves; ``time_cap_s`` is the longest a decision
    may take. One request is open at a time: a new submit cancels the open
    one. Raises ``ValueError`` for an unknown level (``ImportError`` if the
    level's module is missing) when built, not later in the worker.
    """

    def __init__(self, level: str, seed: int | None = None, time_cap_s: float = 2.0):
        make_ai(level, seed)  # check the level here, where the error is readable
        if not time_cap_s > 0:
            raise ValueError(f"time_cap_s must be positive, not {time_cap_s!r}")
        self.level = level.lower()
        self.seed = seed
        self.time_cap_s = float(time_cap_s)
        self.processes_started = 0
        self._rng = random.Random(seed)
        self._pool: pebble.ProcessPool | None = None
        # (pool, pid, time ready) of the process answering now, set from pebble's thread
        self._started: tuple | None = None
        self._last_pid: int | None = None
        self._future: Future | None = None
        self._inner: Future | None = None
        self._view: PlayerView | None = None
        self._rummy = False
        self._past: tuple | None = None
        self._retried = False  # the open request was resent to a new process
        self._submitted = 0.0
        self._closed = False

    # ---------------------------------------------------------------- state
    @property
    def pid(self) -> int | None:
        """The worker process's id once it is running, else ``None``."""
        started = self._started
        return started[1] if started and started[0] is self._pool else None

    @property
    def ready(self) -> bool:
        """True once the worker process has started and built its AI."""
        return self._ready_at() is not None

    @property
    def pending(self) -> bool:
        """True while a request is open (submitted, not yet polled to an answer)."""
        return self._future is not None

    @property
    def closed(self) -> bool:
        return self._closed

    def overdue(self) -> bool:
        """True when the open request is still waiting for the worker past
        the time cap (counted from the later of its submission and the worker
        being ready; :data:`START_CAP_S` while the worker starts). A request
        the worker is running is timed out by pebble instead."""
        inner = self._inner
        if self._future is None or inner is None or inner.done() or inner.running():
            return False
        now, ready_at = time.monotonic(), self._ready_at()
        if ready_at is None:
            return now - self._submitted > START_CAP_S
        return now - max(self._submitted, ready_at) > self.time_cap_s

    # ------------------------------------------------------------- requests
    def start(self) -> None:
        """Start the worker process now (it starts on the first submit
        otherwise); returns at once."""
        if self._closed:
            raise RuntimeError("the AI worker is closed")
        self._live_pool()

    def submit(self, view: PlayerView, past: tuple | None = None) -> Future:
        """Ask for ``view.seat``'s action (its turn); returns at once with a
        future of the AI's raw answer. Prefer :meth:`poll`, which checks it.
        ``past``: the public summary of the earlier hands
        (:func:`game.play.seats.public_past`), sent with the view, so a
        replaced worker process has it too."""
        return self._submit(_choose, view, rummy=False, past=past)

    def submit_rummy(self, view: PlayerView, past: tuple | None = None) -> Future:
        """Ask whether ``view.seat`` calls Rummy on the open discard (R18); the
        future resolves to a ``CallRummy`` or ``None``."""
        return self._submit(_call_rummy, view, rummy=True, past=past)

    def _submit(self, fn, view: PlayerView, rummy: bool, retry: bool = False, past: tuple | None = None) -> Future:
        if self._closed:
            raise RuntimeError("the AI worker is closed")
        self.cancel()
        self._retried = retry
        inner = None
        for attempt in range(2):
            pool = self._live_pool()
            try:
                args = (view,) if past is None else (view, past)  # the summary only when there is one
                inner = pool.schedule(fn, args=args, timeout=self.time_cap_s)
                break
            except RuntimeError:  # the pool stopped since the check
                self._discard_pool()
                if attempt:
                    raise
        outer: Future = Future()
        self._future, self._inner, self._view, self._rummy = outer, inner, view, rummy
        self._past = past
        self._submitted = time.monotonic()
        inner.add_done_callback(lambda f: self._forward(pool, outer, f))
        return outer

    def _forward(self, pool: pebble.ProcessPool, outer: Future, inner: Future) -> None:
        """Copy the worker's outcome into the caller's future (unless
        cancelled), noting which process answered. Runs in pebble's thread."""
        try:
            if inner.cancelled():
                outer.cancel()
            elif inner.exception() is not None:
                if pool is self._pool:
                    self._started = None  # pebble stops that process and starts another
                outer.set_exception(inner.exception())
            else:
                pid, answer = inner.result()
                self._answered_by(pool, pid)
                outer.set_result(answer)
        except InvalidStateError:  # the caller cancelled first
            pass

    def poll(self) -> Answer | None:
        """The open request's :class:`Answer` once there is one, else ``None``
        (still thinking, or nothing was asked). Never blocks for long: a
        request past the time cap stops the worker and gives a fallback."""
        outer, view, rummy = self._future, self._view, self._rummy
        if outer is None:
            return None
        if outer.done():
            self._clear()
            try:
                action = outer.result()
            except CancelledError:
                return None
            except BrokenProcessPool:  # the process died before it took the request
                self._discard_pool()
                if not self._retried:  # once more, in a new process
                    self._submit(_call_rummy if rummy else _choose, view, rummy, retry=True, past=self._past)
                    return None
                log.error("the %s AI's worker process died; playing the fallback move", self.level)
                return Answer(self._fallback(view, rummy), True, "crashed")
            except TimeoutError:  # pebble stopped the process mid-search; it starts another
                log.warning("the %s AI ran past %.1f s; playing the fallback move", self.level, self.time_cap_s)
                return Answer(self._fallback(view, rummy), True, "timeout")
            except pebble.ProcessExpired:
                log.error("the %s AI's worker process died; playing the fallback move", self.level)
                return Answer(self._fallback(view, rummy), True, "crashed")
            except Exception:  # the traceback includes the worker's own (pebble)
                log.exception("the %s AI failed in its worker; playing the fallback move", self.level)
                return Answer(self._fallback(view, rummy), True, "error")
            if self._acceptable(view, rummy, action):
                return Answer(action)
            return Answer(self._fallback(view, rummy), True, "illegal")
        if self.overdue():
            self.cancel()
            self._discard_pool()  # not answering in time: replace the process
            return Answer(self._fallback(view, rummy), True, "timeout")
        return None

    def cancel(self) -> bool:
        """Drop the open request; a request the worker has already picked up
        stops the process (pebble starts a new one). Returns True when a
        request was open."""
        outer, inner = self._future, self._inner
        self._clear()
        if outer is None:
            return False
        outer.cancel()
        if inner is not None and not inner.done():
            if inner.running():
                self._started = None  # that process is being stopped
            inner.cancel()
        return True

    def fallback(self, view: PlayerView) -> Action:
        """A legal action for ``view.seat``, whose turn it is, worked out here
        without the AI (the engine's plan, else a discard or a draw)."""
        world = sample_world(view, self._rng)
        # a sampled world has the same legal actions for this seat as the real hand
        return world.fallback_action()

    def _fallback(self, view: PlayerView, rummy: bool) -> Action | None:
        return None if rummy else self.fallback(view)

    def _acceptable(self, view: PlayerView, rummy: bool, action) -> bool:
        if rummy and action is None:
            return True
        kind = CallRummy if rummy else Action
        if not isinstance(action, kind) or action.seat != view.seat:
            return False
        try:
            return sample_world(view, self._rng).is_legal(action)
        except Exception:  # a malformed action
            return False

    def _clear(self) -> None:
        self._future = self._inner = self._view = None

    # ------------------------------------------------------------ processes
    def _live_pool(self) -> pebble.ProcessPool:
        pool = self._pool
        if pool is not None and not pool.active:
            self._discard_pool()
            pool = None
        if pool is None:
            _register_exit_hook()
            quiet_resource_tracker()
            _open_workers.add(self)
            ctx = multiprocessing.get_context("spawn")
            with sigint_held():  # pebble's threads, which start the process, hold SIGINT back too
                pool = pebble.ProcessPool(max_workers=1, context=ctx, initializer=_start_worker,
                                          initargs=(self.level, self.seed))
                self._pool = pool
                self._last_pid = None
                self.processes_started += 1
                pool.schedule(_ready).add_done_callback(lambda f: self._on_ready(pool, f))
        return pool

    def _on_ready(self, pool: pebble.ProcessPool, f: Future) -> None:
        # Runs in pebble's thread; the pool is checked when read.
        if not f.cancelled() and f.exception() is None:
            self._answered_by(pool, f.result())

    def _answered_by(self, pool: pebble.ProcessPool, pid: int) -> None:
        """Process ``pid`` of ``pool`` has answered: it is the running worker
        (a new one when pebble replaced a dead or stopped process)."""
        if pool is not self._pool:
            return
        started = self._started
        if started is not None and started[0] is pool and started[1] == pid:
            return
        if self._last_pid is not None and pid != self._last_pid:
            self.processes_started += 1
        self._last_pid = pid
        self._started = (pool, pid, time.monotonic())

    def _ready_at(self) -> float | None:
        started = self._started
        return started[2] if started and started[0] is self._pool else None

    def _discard_pool(self) -> None:
        """Stop the worker process now (even mid-search) and forget the
        pool: pebble terminates it (then kills it); if the pool has not
        joined within ``2 * TERMINATE_WAIT_S`` (:func:`join_stopped`), the
        worker process is killed here and the pool left to its threads."""
        pool, self._pool = self._pool, None
        started, self._started = self._started, None
        if pool is None:
            return
        pool.stop()
        if not join_stopped(pool, 2 * TERMINATE_WAIT_S):
            pid = started[1] if started is not None and started[0] is pool else None
            killed = kill_child(pid)
            log.warning("the %s AI's worker pool did not stop within %g s; %s", self.level, 2 * TERMINATE_WAIT_S,
                        f"its process {pid} was killed" if killed else "no live process of it was found")

    def close(self) -> None:
        """Cancel any request and stop the worker process; the worker cannot
        be used afterwards. Safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        self.cancel()
        self._discard_pool()
        _open_workers.discard(self)

    def __enter__(self) -> "AIWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
