"""Stopping ``rummy500 tournament`` and the table's AI workers (issue 13).

* SIGTERM or SIGINT (Ctrl+C) stops a tournament playing in worker
  processes within seconds: a non-zero status, one line on standard error,
  and no process of its group left behind.
* SIGKILL of a tournament: its workers exit by themselves, and the
  resource tracker cleans up without a "leaked semaphore" warning.
* Ctrl+C reaching a program and its AI worker processes (a terminal sends
  SIGINT to the whole foreground group): no traceback from any worker.

Each program runs in its own session, so its process group is its own and
the test can list (from ``/proc``) every process it left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import game
from game.play.processes import Stopped, StopSignals

ROOT = Path(game.__file__).resolve().parent.parent
START_S = 60.0   # spawned workers import the engine first: generous on a loaded machine
STOP_S = 5.0     # "within a few seconds"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def group_members(pgid: int) -> dict[int, str]:
    """Live (not zombie) processes of process group ``pgid``: pid -> command line."""
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            if fields[0] == "Z" or int(fields[2]) != pgid:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                out[int(entry)] = fh.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
    return out


def cpu_ticks(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime
    except (OSError, IndexError, ValueError):
        return 0


def start(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def wait_for_workers(proc: subprocess.Popen, count: int, cpu_ticks_each: int = 60) -> list[int]:
    """Wait until ``count`` spawned workers of ``proc`` have run for
    ``cpu_ticks_each`` hundredths of a second of CPU (by default past their
    imports, about 0.2 s, so they are playing)."""
    deadline = time.monotonic() + START_S
    while True:
        assert proc.poll() is None, proc.communicate()
        workers = [pid for pid, cmd in group_members(proc.pid).items() if "spawn_main" in cmd]
        if len(workers) >= count and all(cpu_ticks(pid) >= cpu_ticks_each for pid in workers):
            return workers
        assert time.monotonic() < deadline, f"workers did not start: {group_members(proc.pid)}"
        time.sleep(0.05)


def assert_group_gone(pgid: int) -> None:
    deadline = time.monotonic() + STOP_S
    while members := group_members(pgid):
        assert time.monotonic() < deadline, f"left running: {members}"
        time.sleep(0.05)


def reap(proc: subprocess.Popen) -> None:
    """Clean up after a failed test: kill whatever the program left."""
    for pid in group_members(proc.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    proc.kill()
    proc.communicate()


TOURNAMENT = ["-m", "game", "tournament", "--players", "2", "--ai", "easy,medium", "--games", "100000",
              "--seed", "1", "--jobs", "2"]


@pytest.mark.parametrize("signum, to_group", [
    (signal.SIGTERM, False),
    (signal.SIGINT, False),
    (signal.SIGINT, True),  # a terminal's Ctrl+C reaches the workers too: they ignore it
])
def test_a_signal_stops_the_tournament_and_its_workers(signum, to_group):
    proc = start(TOURNAMENT)
    try:
        wait_for_workers(proc, 2)
        sent = time.monotonic()
        (os.killpg if to_group else os.kill)(proc.pid, signum)
        out, err = proc.communicate(timeout=STOP_S * 4)
        took = time.monotonic() - sent
        assert took < STOP_S, f"took {took:.1f} s to stop"
        assert proc.returncode == 128 + signum
        assert out == ""
        lines = err.strip().splitlines()  # no traceback, from the program or a worker
        assert lines == [f"rummy500 tournament: stopped by {signal.Signals(signum).name}; "
                         "nothing was reported"], err
        assert_group_gone(proc.pid)
    finally:
        if proc.returncode is None or group_members(proc.pid):
            reap(proc)


@pytest.mark.parametrize("ticks", [0, 5, 15])
def test_ctrl_c_while_the_workers_still_import_prints_no_traceback(ticks):
    # a worker starts with SIGINT held back (processes.sigint_held) until its
    # initializer ignores it: a Ctrl+C in its first tenths of a second is no
    # KeyboardInterrupt traceback from inside its imports
    proc = start(TOURNAMENT)
    try:
        workers = wait_for_workers(proc, 2, cpu_ticks_each=ticks)
        assert all(cpu_ticks(pid) < 60 for pid in workers)  # still importing (the game takes about 0.2 s)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=STOP_S * 4)
        assert proc.returncode == 128 + signal.SIGINT, err
        assert err.strip().splitlines() == ["rummy500 tournament: stopped by SIGINT; nothing was reported"], err
        assert_group_gone(proc.pid)
    finally:
        if proc.returncode is None or group_members(proc.pid):
            reap(proc)


def test_sigkill_leaves_no_worker_and_no_warning():
    proc = start(TOURNAMENT)
    try:
        wait_for_workers(proc, 2)
        os.kill(proc.pid, signal.SIGKILL)
        assert_group_gone(proc.pid)  # the workers exit with their parent, the tracker after them
        out, err = proc.communicate(timeout=STOP_S)
        assert proc.returncode == -signal.SIGKILL
        assert "leaked" not in err and "Traceback" not in err, err
        assert err == ""
    finally:
        if proc.returncode is None or group_members(proc.pid):
            reap(proc)


AI_PROGRAM = textwrap.dedent("""
    import signal, sys, time
    # Ctrl+C raises KeyboardInterrupt, as in a program a terminal runs in the
    # foreground, even when the tests run in a background job, which starts
    # its programs with SIGINT ignored (Python then keeps it ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from game.rules.game import Game
    from game.rules.ruleset import RuleSet
    from game.rules.view import view_for
    from game.play.ai_worker import AIWorker
    if __name__ == "__main__":
        g = Game.new(["a", "b", "c", "d"], RuleSet(), seed=3)
        workers = [AIWorker("hard", seed, 600) for seed in range(2)]
        for w in workers:
            w.start()
        while not all(w.ready for w in workers):
            time.sleep(0.01)
        print(" ".join(str(w.pid) for w in workers), flush=True)
        try:
            while True:  # keep one busy thinking, the other idle
                if not workers[0].pending:
                    workers[0].submit(view_for(g, g.hand.current))
                workers[0].poll()
                time.sleep(0.01)
        except KeyboardInterrupt:
            for w in workers:
                w.close()
            print("closed", flush=True)
""")


def test_ctrl_c_reaching_the_ai_workers_prints_no_traceback(tmp_path):
    script = tmp_path / "table.py"
    script.write_text(AI_PROGRAM, encoding="utf-8")
    proc = start([str(script)])
    try:
        pids = [int(x) for x in proc.stdout.readline().split()]
        assert len(pids) == 2
        time.sleep(0.5)  # the first worker is searching
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=STOP_S * 4)
        assert out.strip() == "closed"
        assert proc.returncode == 0
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        assert_group_gone(proc.pid)
    finally:
        if proc.returncode is None or group_members(proc.pid):
            reap(proc)


def test_stop_signals_turns_sigterm_into_stopped_and_restores_the_handler():
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Stopped) as caught:
        with StopSignals():
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(1000):  # the handler runs between bytecodes
                time.sleep(0.001)
    assert caught.value.signum == signal.SIGTERM and caught.value.exit_status == 143
    assert str(caught.value) == "stopped by SIGTERM"
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_sigterm_while_a_computer_thinks_stops_the_program_and_is_not_taken_for_the_ais_fault():
    """The seats catch ``Exception`` so that a faulty AI never stops the
    game; a signal that comes while an AI thinks (or its worker starts) must
    pass through them. It once did not: the host took it for an AI that
    failed, ignored every later signal and could only be killed."""
    from game.ai import make_ai
    from game.play.seats import LocalPlayer
    from game.rules.game import Game
    from game.rules.ruleset import RuleSet
    from game.rules.view import view_for

    class Interrupted:
        level = "easy"

        def begin_decision(self, view, rummy):
            pass

        def choose(self, view):
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(1000):  # the handler runs between bytecodes
                time.sleep(0.001)
            return make_ai("easy", 1).choose(view)

    game = Game.new(["A", "B"], RuleSet(), seed=3)
    seat = LocalPlayer(Interrupted())
    with pytest.raises(Stopped):
        with StopSignals():
            seat.ask(view_for(game, game.hand.current))
    assert seat.poll() is None  # no move, not a fallback for a "faulty" AI


def test_the_resource_tracker_is_left_alone_in_a_frozen_build(monkeypatch):
    from multiprocessing import resource_tracker

    from game.play import processes as procs

    started = []
    monkeypatch.setattr(resource_tracker, "ensure_running", lambda: started.append(list(sys.warnoptions)))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    procs.quiet_resource_tracker()
    assert started == []  # PyInstaller knows its tracker by its flags: no -W added there
    monkeypatch.delattr(sys, "frozen")
    before = list(sys.warnoptions)
    procs.quiet_resource_tracker()
    assert started == [before + ["ignore:resource_tracker:UserWarning"]]
    assert sys.warnoptions == before  # only while the tracker starts
