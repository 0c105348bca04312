"""Hard's search speed: sampled worlds searched per second of thinking.

    python benchmarks/hard_worlds.py --players 2 --seconds 10 [--seed 1]

Plays games of Hard (seat 0, no time cap, ``--worlds`` worlds a decision)
against Medium, counts the worlds Hard samples (one per call of
``HardAI.sample``) and the CPU time spent in ``HardAI.choose``, and prints, as
its last line, ``worlds_per_second: X``. It reads nothing private of the
search, so it measures any version of the code the same way.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_ai  # noqa: E402
from game.ai.hard import HardAI  # noqa: E402
from game.engine import Game  # noqa: E402
from game.match import ai_step  # noqa: E402


def run(players: int, seconds: float, seed: int, worlds: int) -> tuple[int, float, int]:
    """Play for ``seconds``; return (worlds sampled, seconds in Hard's choose, decisions)."""
    counted = {"worlds": 0, "thinking": 0.0, "decisions": 0}
    sample, choose = HardAI.sample, HardAI.choose

    def counting_sample(self, view):
        counted["worlds"] += 1
        return sample(self, view)

    def timed_choose(self, view):
        t = time.process_time()  # CPU time: steadier than the wall clock on a busy machine
        try:
            return choose(self, view)
        finally:
            counted["thinking"] += time.process_time() - t
            counted["decisions"] += 1

    HardAI.sample, HardAI.choose = counting_sample, timed_choose
    try:
        start = time.perf_counter()
        g = 0
        while time.perf_counter() - start < seconds:
            game = Game.new([f"P{i}" for i in range(players)], seed=seed + g)
            ais = {0: make_ai("hard", seed=seed + g, time_cap=float("inf"), max_worlds=worlds)}
            ais.update({s: make_ai("medium", seed=seed + g + s) for s in range(1, players)})
            while game.hand.ended is None and time.perf_counter() - start < seconds:
                ai_step(game, ais)
            g += 1
    finally:
        HardAI.sample, HardAI.choose = sample, choose
    return counted["worlds"], counted["thinking"], counted["decisions"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=8, help="worlds a decision (Hard's max_worlds)")
    args = parser.parse_args()
    worlds, thinking, decisions = run(args.players, args.seconds, args.seed, args.worlds)
    print(f"players: {args.players}  decisions: {decisions}  worlds: {worlds}  thinking_s: {thinking:.2f}")
    print(f"worlds_per_second: {worlds / thinking if thinking else 0:.0f}")


if __name__ == "__main__":
    main()
