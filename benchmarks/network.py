"""How fast a table across computers tells its guests (issue 23, section 4).

    python benchmarks/network.py [--games 1] [--target 500] [--seed 7] [--guest-ai easy] [--workers]

A 4-seat table on loopback (127.0.0.1, wss): the host in this process
(``TableHost``: the one referee, a Medium computer at seat 0, thinking in
a process of its own with ``--workers`` as ``rummy500 host`` does) and three
joined guests, each in a process of its own playing its seat with a
computer level (``GuestBot``), played to the end of ``--games`` games.
Prints:

* ``latency_p50_ms`` / ``latency_p99_ms`` / ``latency_max_ms``: for every
  update the host sends, the time from the host applying the action to the
  last of the three guests having it (decoded, on its own thread); goal
  p99 <= 20 ms. Both ends read ``time.perf_counter`` (one monotonic clock
  for every process of the machine on Linux, macOS and Windows);
* ``bytes_per_hand_per_guest``: the bytes of the messages each guest
  received (JSON text, before WebSocket framing and TLS), per hand, the
  mean over the guests; and ``updates``, ``hands``.

With ``--window`` it measures instead the host's frame time while it
serves a table with a window, beside the same table without guests
("network work adds no frame time")::

    python benchmarks/network.py --window [--frames 1500] [--size 1920x1080] [--clock wall|cpu]
                                 [--cases hosted,local|local,hosted]

The real table scene (the dummy video driver) watches a 4-seat game at
normal speed, 144 frames per second of real time, a Medium computer at
seat 0 thinking in its worker process: first *hosted* (Host a table's
:class:`HostedSession`: ``TableHost`` driven by the window, three bot guests
in processes of their own on loopback, Easy level), then *local* (the same
seats, the three guests' seats Easy computers in their worker processes).
Each case times ``--frames`` frames, the hand-results panel going on by
itself, and prints ``<case>_frames``, ``<case>_moves`` and
``<case>_frame_p50_ms`` / ``<case>_frame_p99_ms``, each with a 95 %
bootstrap interval over the frames (``[low, high]``); then
``p99_difference_ms`` (hosted minus local).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import whole_number as whole, window_size  # noqa: E402
from game.play.remote.guest import GuestBot, GuestConnection, JoinError  # noqa: E402
from game.play.remote.host import HostOptions, TableHost  # noqa: E402
from game.play.remote.network import Start, Update  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402

CODE = "K7PQ3M"


def guest_process(port: int, seat: int, level: str, games: int, out) -> None:
    """One guest: join seat ``seat``, play ``games`` games, send back
    ``(seat, {(game, n): perf_counter seconds}, bytes received)``."""
    received: dict[tuple[int, int], float] = {}
    game = [0]  # games this guest has played to the end (the bot's count, on this thread)
    started = [0]  # games the host has started, counted as they arrive (on the network thread)

    def note(msg, at: float) -> None:  # on the guest's network thread
        # keyed by the Starts this thread has seen, not by the bot's count: the next game's first updates arrive
        # before the bot has read the game over, and keyed by its count they overwrote the last game's
        if isinstance(msg, Start):
            started[0] += 1  # games count from 1, as the host's
        elif isinstance(msg, Update):
            received[(started[0], msg.n)] = at

    conn = GuestConnection("127.0.0.1", port, code=CODE, name=f"Guest {seat}", seat=seat, arrived=note)
    conn.open()
    bot = GuestBot(conn, level, seed=seat, quit_after_game=False)
    while game[0] < games:
        msg = conn.get(timeout=60)
        if msg is None or isinstance(msg, tuple):
            break
        try:
            if bot.step(msg):
                game[0] += 1
        except JoinError:  # the host left (``--window``: its table closed after the frames)
            break
    out.put((seat, received, conn.received))
    conn.close()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``values`` (the nearest rank)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def interval(values: list[float], q: float, rounds: int = 400, seed: int = 1) -> tuple[float, float]:
    """A 95 % bootstrap interval for the ``q`` quantile of ``values`` (the
    frames resampled with replacement ``rounds`` times; frames next to each
    other are not independent, so it is a little narrow)."""
    rng = random.Random(seed)
    n = len(values)
    got = sorted(percentile([values[rng.randrange(n)] for _ in range(n)], q) for _ in range(rounds))
    return got[int(0.025 * rounds)], got[min(rounds - 1, int(0.975 * rounds))]


SEATS = ["medium", "open", "open", "open"]
"""The window's table: a Medium computer at seat 0 (watched), three guests' seats."""


def window_frames(args) -> int:
    """``--window``: the host's frame time, hosted and local (see the module docstring)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.play.table_session import Seat, TableSession
    from scenes.core.app import App
    from scenes.core.options import Options
    from scenes.table.scene import TableScene

    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    w, h = args.size
    names = ["Medium", "Guest 1", "Guest 2", "Guest 3"]
    figures = {}
    with tempfile.TemporaryDirectory() as cfg:
        app = App(Options(config_dir=cfg, size=(w, h), speed="normal"))
        for case in args.cases.split(","):
            host, procs = None, []
            if case == "hosted":
                host = TableHost(HostOptions(SEATS, CODE, port=0, bind="127.0.0.1", rules=RuleSet(target=args.target),
                                             seed=args.seed, cert_dir=Path(cfg), workers=True, driven=True,
                                             names=[names[0], "", "", ""]))
                port = host.start()
                ctx = multiprocessing.get_context("spawn")
                out = ctx.Queue()
                procs = [ctx.Process(target=guest_process, args=(port, s, args.guest_ai, 1, out)) for s in (1, 2, 3)]
                for proc in procs:
                    proc.start()
                deadline = time.monotonic() + 60
                while host.session is None:  # every guest has joined: the game starts
                    if time.monotonic() > deadline:
                        raise SystemExit("the bot guests did not join within 60 s")
                    host.pump()
                    time.sleep(0.005)
                session = host.session
            else:
                session = TableSession([Seat(names[0], "medium")] + [Seat(n, args.guest_ai) for n in names[1:]],
                                       RuleSet(target=args.target), seed=args.seed, use_workers=True)
            workers = [p.worker for p in session.referee.computers.values()]
            for worker in workers:  # started first: the frames measure a game played, not processes starting
                worker.start()
            while not all(worker.ready for worker in workers):
                time.sleep(0.02)
            table = TableScene(app)
            app.push(table, session=session)
            times = []
            for _ in range(args.frames):
                start = clock()
                wall = time.perf_counter()
                app.step(1 / 144)
                times.append((clock() - start) * 1000)
                if app.top is not table and hasattr(app.top, "next"):
                    app.top.next()  # the hand's results: on to the next hand (or the game over)
                time.sleep(max(0.0, 1 / 144 - (time.perf_counter() - wall)))
            moves = sum(len(x.actions) for x in session.game.hands)
            if app.top is not table:
                app.pop_to(TableScene)
            app.pop()  # closes the session (and the host: the guests are told it left)
            for proc in procs:
                proc.join(30)
                if proc.is_alive():
                    proc.terminate()
            figures[case] = percentile(times, 0.99)
            low50, high50 = interval(times, 0.5)
            low99, high99 = interval(times, 0.99)
            print(f"{case}_frames: {len(times)}  {case}_moves: {moves}  "
                  f"{case}_frame_p50_ms: {percentile(times, 0.5):.2f} [{low50:.2f}, {high50:.2f}]  "
                  f"{case}_frame_p99_ms: {figures[case]:.2f} [{low99:.2f}, {high99:.2f}]")
        app.close()
    print(f"p99_difference_ms: {figures['hosted'] - figures['local']:.2f}  (clock: {args.clock}, {w}x{h})")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--window", action="store_true",
                   help="measure the host's frame time with a window, hosted and local (see above)")
    p.add_argument("--frames", type=whole(1), default=1500, help="--window: frames timed for each case")
    p.add_argument("--size", type=window_size, default=(1920, 1080), metavar="WxH", help="--window: the window's size")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="--window: time frames by the wall clock or the window thread's CPU time")
    p.add_argument("--cases", default="hosted,local", choices=("hosted,local", "local,hosted"),
                   help="--window: the order the two cases run in (on a busy machine, run both orders)")
    p.add_argument("--games", type=whole(1), default=1)
    p.add_argument("--target", type=whole(1, 1_000_000), default=500)
    p.add_argument("--seed", type=whole(0), default=7)
    p.add_argument("--workers", action="store_true", help="the host's computer thinks in a process of its own")
    p.add_argument("--guest-ai", default="easy", choices=("easy", "medium", "hard"))
    args = p.parse_args(argv)
    if args.window:
        return window_frames(args)

    hands = [0]
    with tempfile.TemporaryDirectory() as cert_dir:
        host = TableHost(HostOptions(["medium", "open", "open", "open"], CODE, port=0, bind="127.0.0.1",
                                     rules=RuleSet(target=args.target), seed=args.seed,
                                     cert_dir=Path(cert_dir), quit_after_game=False, workers=args.workers))
        host.on_hand_over = lambda session: hands.__setitem__(0, hands[0] + 1)
        port = host.start()
        ctx = multiprocessing.get_context("spawn")
        out = ctx.Queue()
        procs = [ctx.Process(target=guest_process, args=(port, s, args.guest_ai, args.games, out)) for s in (1, 2, 3)]
        for proc in procs:
            proc.start()
        games_done = [0]

        def game_over(result):
            games_done[0] += 1
            hands[0] += 1  # the last hand of the game (no hand-over follows it)
            if games_done[0] >= args.games:
                host.options.quit_after_game = True  # the host closes the table after this game

        host.on_game_over = game_over
        started = time.perf_counter()
        while not host.finished:
            if not host.pump():
                time.sleep(0.0005)
        elapsed = time.perf_counter() - started
        results = [out.get(timeout=60) for _ in procs]
        for proc in procs:
            proc.join(30)
        host.close()

    delays = []
    for key, at in host.applied_at.items():
        got = [r[1].get(key) for r in results]
        if all(g is not None for g in got):
            delays.append((max(got) - at) * 1000)
    delays.sort()
    bytes_per_hand = statistics.mean(r[2] for r in results) / max(1, hands[0])
    p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
    print(f"games: {args.games}  hands: {hands[0]}  updates: {len(delays)}  seconds: {elapsed:.1f}")
    print(f"latency_p50_ms: {statistics.median(delays):.2f}  latency_p99_ms: {p99:.2f}  "
          f"latency_max_ms: {delays[-1]:.2f}")
    print(f"bytes_per_hand_per_guest: {bytes_per_hand:.0f}")
    print(f"p99_goal_met: {int(p99 <= 20.0)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
