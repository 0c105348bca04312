"""Worker processes that start, stop and die quietly.

The table's AI workers (:mod:`game.play.ai_worker`) and ``rummy500 tournament``
(:mod:`game.services.tournament`) play in ``spawn`` worker processes of a
``concurrent.futures.ProcessPoolExecutor``. This module holds what both
need so that no process outlives the program and nothing is printed when
the program is stopped:

* :func:`worker_started` (call it first in a pool's initializer): the worker
  ignores SIGINT, so Ctrl+C in a terminal, which reaches every process of
  the foreground group, stops the program (which then stops its workers)
  without a traceback from each worker; and the worker exits by itself when
  its parent dies, even SIGKILLed, even in the middle of a search.
* :func:`sigint_held` (start a pool's processes inside it): a worker starts
  with SIGINT blocked, so a Ctrl+C during its imports, before its
  initializer runs, is no traceback either.
* :func:`quiet_resource_tracker` (call it before the first pool): the
  ``multiprocessing`` resource tracker still removes the semaphores of a
  program that was SIGKILLed, but without its "leaked semaphore" warning.
* :func:`stop_pool`: stop a pool's processes at once (even mid-task) and
  shut the pool down without running the tasks still queued.
* :class:`StopSignals`: turn SIGTERM and SIGINT in the main thread into a
  :class:`Stopped` exception, so a long run can clean up and exit.

Pure standard library; never imports pygame.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection as mp_connection
import os
import signal
import sys
import threading
from concurrent.futures import ProcessPoolExecutor

TERMINATE_WAIT_S = 2.0
"""How long :func:`stop_pool` waits for a terminated process before killing it."""


class Stopped(BaseException):
    """The program was asked to stop by signal ``signum`` (SIGTERM, SIGINT).
    A ``BaseException``, as ``KeyboardInterrupt`` is: the ``except
    Exception`` that keeps a faulty AI from stopping the game must not take
    it for the AI's fault (a SIGTERM while an AI worker started was once
    taken for a worker that could not start, and with the later signals
    ignored, ``rummy500 host`` could then only be killed)."""

    def __init__(self, signum: int):
        self.signum = signum
        try:
            self.name = signal.Signals(signum).name
        except ValueError:
            self.name = f"signal {signum}"
        super().__init__(f"stopped by {self.name}")

    @property
    def exit_status(self) -> int:
        """The usual shell status of a program ended by the signal: 128 + signum."""
        return 128 + self.signum


# --------------------------------------------------------------- worker side

@contextlib.contextmanager
def sigint_held():
    """A context manager: while it is open, SIGINT is held back (blocked, not
    lost) on the calling thread, and every thread and process started meanwhile
    starts with it blocked, the threads for good (a pool's own threads, which
    start processes later, when one has to be replaced) and a process until
    :func:`worker_started` ignores it. So a Ctrl+C while a spawned worker is
    still importing, before its initializer runs, prints no traceback from it.
    A SIGINT that reaches the program meanwhile is delivered as the block ends.
    Does nothing where there are no signal masks (Windows)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def worker_started() -> None:
    """Run first in a worker process's initializer: ignore SIGINT (the parent
    stops its workers), then unblock it (a worker started in :func:`sigint_held`
    starts with it blocked; one that came meanwhile is dropped), and exit at
    once when the parent process dies."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # not the main thread: nothing to do
        pass
    else:
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True,
                         name="exit-with-parent").start()


def _exit_with_parent(parent) -> None:
    parent.join()
    os._exit(0)


# --------------------------------------------------------------- parent side

_TRACKER_FILTER = "ignore:resource_tracker:UserWarning"


def quiet_resource_tracker() -> None:
    """Start ``multiprocessing``'s resource tracker now (POSIX), with its
    "There appear to be N leaked semaphore objects" warning filtered out.

    The tracker is a separate interpreter started once per program; it gets
    this interpreter's ``-W`` options, so the filter is added to
    ``sys.warnoptions`` only while it starts. It still unlinks what a killed
    program left behind. Does nothing on Windows, or when the tracker is
    already running (it was started without the filter: it stays as it is),
    or in a frozen (PyInstaller) build: there the tracker is the program
    itself, recognised by its exact interpreter flags, and a ``-W`` option
    it does not expect would start the game instead of the tracker."""
    if sys.platform == "win32" or getattr(sys, "frozen", False):
        return
    try:
        from multiprocessing import resource_tracker
    except ImportError:  # pragma: no cover - a platform without it
        return
    added = _TRACKER_FILTER not in sys.warnoptions
    if added:
        sys.warnoptions.append(_TRACKER_FILTER)
    try:
        resource_tracker.ensure_running()
    except Exception:  # pragma: no cover - the pool starts it later, unfiltered
        pass
    finally:
        if added:
            sys.warnoptions.remove(_TRACKER_FILTER)


def pool_processes(pool: ProcessPoolExecutor) -> list:
    """The ``multiprocessing.Process`` objects of ``pool`` (empty before any starts)."""
    return list((getattr(pool, "_processes", None) or {}).values())


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop every process of ``pool`` now (SIGTERM, then SIGKILL after
    :data:`TERMINATE_WAIT_S`), even in the middle of a task, and shut the
    pool down: queued tasks are cancelled, none is started. Safe to call on
    a pool that is already shut down."""
    procs = pool_processes(pool)
    for p in procs:
        try:
            p.terminate()
        except (OSError, ValueError, AttributeError):  # already gone or closed
            pass
    for p in procs:
        # Wait on the sentinel, not join(): the pool's own thread reaps the
        # process, and two threads reaping one child race.
        try:
            if not mp_connection.wait([p.sentinel], timeout=TERMINATE_WAIT_S):  # pragma: no cover
                p.kill()
        except (OSError, ValueError, AttributeError):
            pass
    # The processes are gone, so the pool's thread ends at once.
    pool.shutdown(wait=True, cancel_futures=True)


class StopSignals:
    """A context manager: while it is open, SIGTERM and SIGINT raise
    :class:`Stopped` in the main thread (the first one; later ones are
    ignored, so the clean-up that follows is not interrupted). The previous
    handlers come back on exit. In any other thread it does nothing."""

    SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), signal.SIGINT) if s is not None)

    def __init__(self) -> None:
        self._old: dict[int, object] = {}

    def _raise(self, signum, frame) -> None:
        for s in self._old:
            signal.signal(s, signal.SIG_IGN)
        raise Stopped(signum)

    def __enter__(self) -> "StopSignals":
        if threading.current_thread() is threading.main_thread():
            for s in self.SIGNALS:
                self._old[s] = signal.signal(s, self._raise)
        return self

    def __exit__(self, *exc) -> None:
        for s, handler in self._old.items():
            signal.signal(s, handler if handler is not None else signal.SIG_DFL)
        self._old.clear()
