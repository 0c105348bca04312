"""The review of a hand: seconds per hand, and the estimate's uncertainty.

    python benchmarks/review.py [--hands 20] [--seed 1] [--worlds 48] [--seat-level medium]

Plays ``--hands`` two-player hands (seat 0 at ``--seat-level``, seat 1
Medium, seeded deals and AIs), then reviews each of seat 0's hands as the
game's review does (:func:`game.ai.review.review_hand`: Hard's suggestion
for every decision, both choices played out to the end of the hand in
worlds dealt from the seat's view), timing each hand. Prints one line per
hand (its decisions, those that differed, seconds), then::

    seconds_per_hand: median M, max X (N hands)
    stderr_points: median S, max T over D differing decisions (W worlds each at most)

The goal is a median of at most 10 s per hand on a quiet machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_ai  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402
from game.ai.review import WORLDS  # noqa: E402
from game.services.review import review_hand  # noqa: E402
from game.play.all_computer import play_hand  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.rules.record import parse_record, record_of  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20, help="two-player hands to review (default 20)")
    ap.add_argument("--seed", type=whole(0), default=1, help="seeds the deals, the AIs and the review (default 1)")
    ap.add_argument("--worlds", type=int, default=WORLDS, help=f"most worlds per decision (default {WORLDS})")
    ap.add_argument("--seat-level", default="medium", help="the level playing the reviewed seat (default medium)")
    args = ap.parse_args(argv)
    seconds: list[float] = []
    errors: list[float] = []
    for i in range(args.hands):
        game = Game.new(["Ana", "Ben"], seed=args.seed * 1000 + i)
        play_hand(game, {0: make_ai(args.seat_level, args.seed + 2 * i), 1: make_ai("medium", args.seed + 2 * i + 1)})
        parsed = parse_record(record_of(game))
        started = time.perf_counter()
        verdicts = list(review_hand(parsed, 0, 0, seed=args.seed, worlds=args.worlds))
        took = time.perf_counter() - started
        seconds.append(took)
        differing = [v for v in verdicts if not v.same]
        errors += [v.stderr for v in differing]
        print(f"hand {i + 1}: {len(verdicts)} decisions, {len(differing)} differing, {took:.2f} s", flush=True)
    print(f"seconds_per_hand: median {statistics.median(seconds):.2f}, max {max(seconds):.2f} ({len(seconds)} hands)")
    if errors:
        print(f"stderr_points: median {statistics.median(errors):.2f}, max {max(errors):.2f} over "
              f"{len(errors)} differing decisions ({args.worlds} worlds each at most)")
    else:
        print(f"stderr_points: none over 0 differing decisions ({args.worlds} worlds each at most)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
