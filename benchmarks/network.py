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

The host's frame time beside a window is measured once the window hosts
tables (the Host a table scene).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.play.remote.guest import GuestBot, GuestConnection  # noqa: E402
from game.play.remote.host import HostOptions, TableHost  # noqa: E402
from game.play.remote.network import Update  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402

CODE = "K7PQ3M"


def guest_process(port: int, seat: int, level: str, games: int, out) -> None:
    """One guest: join seat ``seat``, play ``games`` games, send back
    ``(seat, {(game, n): perf_counter seconds}, bytes received)``."""
    received: dict[tuple[int, int], float] = {}
    game = [0]

    def note(msg, at: float) -> None:  # on the guest's network thread
        if isinstance(msg, Update):
            received[(game[0] + 1, msg.n)] = at  # games count from 1, as the host's

    conn = GuestConnection("127.0.0.1", port, code=CODE, name=f"Guest {seat}", seat=seat, arrived=note)
    conn.open()
    bot = GuestBot(conn, level, seed=seat, quit_after_game=False)
    while game[0] < games:
        msg = conn.get(timeout=60)
        if msg is None or isinstance(msg, tuple):
            break
        if bot.step(msg):
            game[0] += 1
    out.put((seat, received, conn.received))
    conn.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--target", type=int, default=500)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--workers", action="store_true", help="the host's computer thinks in a process of its own")
    p.add_argument("--guest-ai", default="easy", choices=("easy", "medium", "hard"))
    args = p.parse_args(argv)

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
