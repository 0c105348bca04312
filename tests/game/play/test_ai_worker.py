"""The AI worker process: round trips, cancelling, the time cap, a crashed
worker replaced, nothing left running after close, and no pygame in it."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import game
from game.rules.actions import CallRummy
from game.ai import make_ai
from game.play import ai_worker as worker_module
from game.play.all_computer import ai_step
from game.play.ai_worker import AIWorker
from game.rules.game import Game
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import view_for

WAIT_S = 60.0  # generous: a spawned process imports the engine first


def turn_view(seed: int = 3):
    game_ = Game.new(["a", "b", "c"], RuleSet(), seed=seed)
    return game_, view_for(game_, game_.hand.current)


def rummy_view():
    """A view for a seat that may call Rummy on another seat's open discard."""
    game_ = Game.new(["a", "b", "c"], RuleSet(), seed=5)
    ais = {s: make_ai("easy", s) for s in range(3)}
    while not (game_.hand.window is not None and game_.hand.phase == Phase.DRAW):
        ai_step(game_, ais)
    seat = (game_.hand.window + 2) % 3
    return game_, view_for(game_, seat)


def wait_answer(worker: AIWorker):
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        answer = worker.poll()
        if answer is not None:
            return answer
        time.sleep(0.002)
    raise AssertionError("no answer from the worker")


def wait_ready(worker: AIWorker) -> int:
    worker.start()
    deadline = time.monotonic() + WAIT_S
    while not worker.ready:
        assert time.monotonic() < deadline, "the worker did not start"
        time.sleep(0.005)
    return worker.pid


def child_pids() -> set[int]:
    return {p.pid for p in multiprocessing.active_children()}


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_importing_the_module_starts_nothing():
    code = "import multiprocessing, game.play.ai_worker; print(len(multiprocessing.active_children()))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(game.__file__).parent.parent)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "0"


def test_round_trip_keeps_one_process_and_its_ai():
    game_, view = turn_view()
    with AIWorker("easy", seed=1, time_cap_s=30) as worker:
        assert worker.pid is None and not worker.pending  # nothing runs before the first submit
        future = worker.submit(view)
        assert worker.pending
        answer = wait_answer(worker)
        assert not answer.fallback and answer.reason is None
        assert future.result() == answer.action
        assert game_.hand.is_legal(answer.action)
        pid = worker.pid
        assert pid is not None and pid != os.getpid()
        # same view, same process: the AI (and its generator) lives on between calls
        local = make_ai("easy", 1)
        expected = [local.choose(view), local.choose(view)]
        worker.submit(view)
        assert [answer.action, wait_answer(worker).action] == expected
        assert worker.pid == pid and worker.processes_started == 1


def test_rummy_round_trip():
    game_, view = rummy_view()
    with AIWorker("easy", seed=2, time_cap_s=30) as worker:
        for _ in range(4):
            worker.submit_rummy(view)
            answer = wait_answer(worker)
            assert not answer.fallback
            assert answer.action is None or (isinstance(answer.action, CallRummy)
                                             and game_.hand.is_legal(answer.action))


def test_cancel_drops_the_request():
    game_, view = turn_view()
    with AIWorker("easy", seed=1, time_cap_s=30) as worker:
        future = worker.submit(view)
        assert worker.cancel() is True
        assert future.cancelled() and not worker.pending
        assert worker.poll() is None
        assert worker.cancel() is False
        # a new request after cancelling is answered
        future = worker.submit(view)
        answer = wait_answer(worker)
        assert not answer.fallback and future.result() == answer.action
        # a second submit replaces the first one (cancelled unless already answered)
        worker._pool.schedule(time.sleep, args=(0.2,))  # keep the worker busy meanwhile
        first = worker.submit(view)
        second = worker.submit(view)
        assert first.cancelled()
        answer = wait_answer(worker)
        assert second.result() == answer.action and game_.hand.is_legal(answer.action)


def test_time_cap_gives_a_legal_fallback_and_a_fresh_worker():
    game_, view = turn_view()
    with AIWorker("easy", seed=1, time_cap_s=0.05) as worker:
        worker.submit(view)
        assert not worker.overdue()  # start-up is not charged to the decision
        assert worker.cancel()
        pid = wait_ready(worker)
        worker._pool.schedule(time.sleep, args=(60,))  # a search that never ends in time
        start = time.monotonic()
        worker.submit(view)
        answer = wait_answer(worker)
        assert time.monotonic() - start < 10
        assert answer.fallback and answer.reason == "timeout"
        assert game_.hand.is_legal(answer.action)
        assert answer.action == worker.fallback(view)
        assert not worker.pending and worker.pid is None
        # stopped mid-search: gone well before its 60 s sleep could end (the stop waits 2 s, then kills; its
        # reaping may finish a moment after the answer)
        deadline = time.monotonic() + 10.0
        while not (pid not in child_pids() and gone(pid)):
            assert time.monotonic() < deadline, "the overdue process was not stopped"
            time.sleep(0.01)
        worker.time_cap_s = 30
        worker.submit(view)
        answer = wait_answer(worker)
        assert not answer.fallback and worker.processes_started == 2


def test_a_running_search_past_the_cap_is_stopped_and_its_process_replaced():
    """The cap counts from when the worker takes the request up (pebble's task
    timeout): a request that runs too long stops the process mid-task."""
    game_, view = turn_view()
    with AIWorker("easy", seed=1, time_cap_s=1.0) as worker:
        pid = wait_ready(worker)
        start = time.monotonic()
        worker._submit(time.sleep, 60, rummy=True)  # a "search" of 60 s, taken up at once
        answer = wait_answer(worker)
        assert answer == worker_module.Answer(None, True, "timeout")  # no Rummy call: the fallback
        assert 1.0 <= time.monotonic() - start < 20
        deadline = time.monotonic() + WAIT_S
        while not (gone(pid) or _zombie(pid)):
            assert time.monotonic() < deadline, "the overdue process was not stopped"
            time.sleep(0.01)
        worker.submit(view)
        answer = wait_answer(worker)
        assert not answer.fallback and game_.hand.is_legal(answer.action)
        assert worker.pid not in (None, pid) and worker.processes_started == 2


def test_a_killed_worker_is_replaced():
    game_, view = turn_view()
    with AIWorker("easy", seed=1, time_cap_s=30) as worker:
        pid = wait_ready(worker)
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + WAIT_S
        while pid in child_pids():
            assert time.monotonic() < deadline
            time.sleep(0.005)
        worker.submit(view)
        answer = wait_answer(worker)
        assert not answer.fallback and game_.hand.is_legal(answer.action)
        assert worker.pid not in (None, pid) and worker.processes_started == 2

        # killed in the middle of a request: a legal fallback, then a new worker
        pid = worker.pid
        worker.submit(view)
        os.kill(pid, signal.SIGKILL)
        answer = wait_answer(worker)
        assert game_.hand.is_legal(answer.action)
        assert not answer.fallback or answer.reason == "crashed"
        # Easy may have answered before the kill landed: wait until the process
        # is really gone, so the next request meets a dead worker, not a dying one
        deadline = time.monotonic() + WAIT_S
        while pid in child_pids():
            assert time.monotonic() < deadline
            time.sleep(0.005)
        worker.submit(view)
        answer = wait_answer(worker)
        assert not answer.fallback and worker.pid not in (None, pid)


def test_close_leaves_no_process():
    before = child_pids()
    _, view = turn_view()
    worker = AIWorker("easy", seed=1, time_cap_s=30)
    worker.submit(view)
    wait_answer(worker)
    pid = worker.pid
    worker.submit(view)  # a request still open
    worker.close()
    assert worker.closed and not worker.pending
    assert child_pids() <= before and gone(pid)
    worker.close()  # twice is fine
    with pytest.raises(RuntimeError):
        worker.submit(view)

    # closed while the process is still starting
    with AIWorker("easy", seed=1) as starting:
        starting.submit(view)
    assert child_pids() <= before


def test_closing_waits_a_bounded_time_for_a_pool_that_will_not_join(monkeypatch, caplog):
    """pebble joins a stopped pool with no timeout (``join``'s timeout is
    for a closed one), so a pool whose join never returns once held
    :meth:`AIWorker.close` for ever. It now waits ``2 * TERMINATE_WAIT_S``,
    kills the worker process itself, logs it, and goes on."""
    import threading

    release = threading.Event()

    class StuckPool:
        stopped = False

        def stop(self):
            self.stopped = True

        def join(self, timeout=None):
            release.wait()  # as pebble's stopped pool: the timeout is not applied

    monkeypatch.setattr(worker_module, "TERMINATE_WAIT_S", 0.05)
    worker = AIWorker("easy", seed=1)
    worker.start()
    deadline = time.monotonic() + 60
    while not worker.ready:
        assert time.monotonic() < deadline, "the worker never started"
        time.sleep(0.01)
    real, pid = worker._pool, worker.pid
    worker._pool = stuck = StuckPool()  # the live process stays the stuck pool's worker
    worker._started = (stuck, pid, time.monotonic())
    closer = threading.Thread(target=worker.close, daemon=True)
    try:
        with caplog.at_level("WARNING", logger=worker_module.log.name):
            closer.start()
            closer.join(30)
            assert not closer.is_alive(), "close() waited on the stuck join"
        assert stuck.stopped and worker.closed and not release.is_set()
        assert f"did not stop within 0.1 s; its process {pid} was killed" in caplog.text
        deadline = time.monotonic() + 10  # killed, and reaped (by kill_child, or here on a slow machine)
        while not gone(pid):
            assert time.monotonic() < deadline, f"process {pid} is still there"
            multiprocessing.active_children()
            time.sleep(0.01)
    finally:
        release.set()
        real.stop()
        real.join()


def test_only_a_live_child_of_this_program_is_killed():
    """:func:`kill_child` matches the program's own children only: an id
    that is not one (this process's own, or none) is left alone."""
    assert not worker_module.kill_child(None)
    assert not worker_module.kill_child(os.getpid())
    assert not worker_module.kill_child(1)


EXIT_CODE = textwrap.dedent("""
    import sys, time
    from game.rules.game import Game
    from game.rules.ruleset import RuleSet
    from game.rules.view import view_for
    from game.play.ai_worker import AIWorker
    if __name__ == "__main__":
        g = Game.new(["a", "b"], RuleSet(), seed=3)
        w = AIWorker("easy", 1, 30)
        w.start()
        while not w.ready:
            time.sleep(0.01)
        print(w.pid, flush=True)
        w.submit(view_for(g, g.hand.current))
        if sys.argv[1] == "kill":
            import os, signal
            os.kill(os.getpid(), signal.SIGKILL)
        sys.exit(0)  # never closed by the program itself
""")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize("how", ["exit", "kill"])
def test_no_worker_survives_its_program(tmp_path, how):
    script = tmp_path / "prog.py"
    script.write_text(EXIT_CODE, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script), how], capture_output=True, text=True,
                          timeout=120, cwd=Path(game.__file__).parent.parent)
    pid = int(proc.stdout.split()[0])
    deadline = time.monotonic() + 10
    while not gone(pid) and not _zombie(pid):
        assert time.monotonic() < deadline, f"worker {pid} outlived its program ({how})"
        time.sleep(0.02)


def _zombie(pid: int) -> bool:
    """An exited process nobody has reaped yet (orphans in a container)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_worker_process_never_imports_pygame():
    try:
        import pygame  # noqa: F401  (the parent may have it: spawn must not carry it over)
    except ImportError:
        pass
    _, view = turn_view()
    with AIWorker("easy", seed=1, time_cap_s=30) as worker:
        worker.submit(view)
        wait_answer(worker)
        loaded = worker._pool.schedule(worker_module._has_module, args=("pygame",)).result(timeout=WAIT_S)
        assert loaded is False
        assert worker._pool.schedule(worker_module._has_module, args=("game.rules.game",)).result(timeout=WAIT_S)


def test_unknown_level_fails_in_the_caller():
    with pytest.raises(ValueError):
        AIWorker("grandmaster")
    with pytest.raises(ValueError):
        AIWorker("easy", time_cap_s=0)
