"""How long one autosave takes (the table saves after every move of the
person and at the end of every computer turn, so it must stay well under
5 ms).

    python benchmarks/autosave.py [--players 8] [--seed 3] [--target 500] [--dir DIR]

Plays a real game (Easy computers, ``--target`` points to win; not timed) in
memory, and at every turn end writes the game record the way
``TableScene.autosave`` does after a move (``Slots.save(info_of(...), record_of(game), durable=False)``:
the record and the slot's sidecar, each a temp file and a rename; the seats
are written once per table; ``--durable`` adds the fsyncs) into a temp folder (or DIR,
to measure another disk). Prints the record's size and the median, 95th
percentile and largest time of a save in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import whole_number as whole  # noqa: E402
from game.rules.events import HandEnded, TurnStarted  # noqa: E402
from game.rules.record import record_of  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from game.services.slots import Slots, info_of  # noqa: E402
from game.play.table_session import Seat, TableSession  # noqa: E402
from game.services.storage import Storage  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=whole(2, 8), default=8)
    ap.add_argument("--seed", type=whole(0), default=3)
    ap.add_argument("--target", type=whole(1, 1_000_000), default=500, help="points that win the game (fewer: a shorter game)")
    ap.add_argument("--dir", help="folder to save in (default: a temp folder)")
    ap.add_argument("--durable", action="store_true", help="fsync each save (the table's per-move saves do not)")
    args = ap.parse_args()
    seats = [Seat("You", "human")] + [Seat(f"AI{i}", "easy") for i in range(args.players - 1)]
    session = TableSession(seats, RuleSet(target=args.target), seed=args.seed, use_workers=False, autoplay_level="easy")
    game = session.game
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        storage = Storage(folder)
        slots = Slots(storage)
        levels = [s.level for s in seats]
        times: list[float] = []
        size = 0
        while game.winner is None:
            if game.hand.ended is not None:
                session.deal_next_hand()
                continue
            events = _step(session)
            if any(isinstance(e, (TurnStarted, HandEnded)) for e in events):
                t = time.perf_counter()
                info = info_of("bench", game, levels, game.hand.hands[0], "suit")
                slots.save(info, record_of(game), durable=args.durable)  # as TableScene.autosave
                times.append((time.perf_counter() - t) * 1000)
                size = storage.game_path("bench").stat().st_size
    times.sort()
    print(f"saves: {len(times)}  last record: {size / 1024:.1f} KiB")
    print(f"median_ms: {statistics.median(times):.2f}  p95_ms: {times[int(len(times) * 0.95)]:.2f}  "
          f"max_ms: {times[-1]:.2f}")


def _step(session: TableSession) -> list:
    """One action of whoever is to move (the person's seat played by its autoplay level)."""
    session.update()
    while not session.ready():
        time.sleep(0)
        session.update()
    return session.advance()


if __name__ == "__main__":
    main()
