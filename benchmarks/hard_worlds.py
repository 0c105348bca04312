"""Hard's search speed: sampled worlds searched per second of thinking.

    python benchmarks/hard_worlds.py --players 2 --seconds 10 [--seed 1] [--in-game]
        [--opponent hoarder] [--hands 4]

Plays games of Hard (seat 0, no time cap, ``--worlds`` worlds a decision,
by default its own budget for the table: ``world_budget``)
against Medium, counts the worlds Hard samples (one per call of
``HardAI.sample``) and the CPU time spent in ``HardAI.choose``, and prints, as
its last line, ``worlds_per_second: X``. Before it, the CPU milliseconds of
Hard's decisions (median, 95th percentile, most) and the worlds searched per
decision that searched at all (median and mean), and the playouts (a
candidate played on in a world) per second. With ``--in-game`` Hard is made
as the table makes it (its time cap, and its world budget unless ``--worlds``
says otherwise) and the decision
times are wall-clock milliseconds, what a player waits: the figure behind
the "p95 within 250 ms" target; it also counts the decisions that ran to
the clock (the time cap) instead of ending on the world budget. ``--opponent``
names who plays the other seats (Medium by default; a style, so that Hard's
opponent models play it in the worlds) and ``--hands`` how many hands of
each game are played (one by default; from the second on, Hard's estimate
also reads the earlier hands). It reads nothing private of
the search, so it measures any version of the code the same way.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import FIELD, make_ai, player_key  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402
from _args import seconds as seconds_type  # noqa: E402
from game.ai.hard import TIME_CAP, HardAI  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.play.all_computer import referee_for  # noqa: E402


def run(players: int, seconds: float, seed: int, worlds: int | None, in_game: bool = False, opponent: str = "medium",
        hands: int = 1) -> dict:
    """Play for ``seconds``; return ``worlds`` (sampled in all), ``thinking``
    (CPU seconds in Hard's choose), ``decisions``, ``playouts`` (one per
candidate per world), and per decision
    ``times`` (seconds) and ``searched`` (worlds)."""
    counted = {"worlds": 0, "thinking": 0.0, "decisions": 0, "times": [], "searched": [], "playouts": 0}
    sample, choose, playout = HardAI.sample, HardAI.choose, HardAI.playout

    def counting_playout(self, *args, **kwargs):
        counted["playouts"] += 1
        return playout(self, *args, **kwargs)

    def counting_sample(self, view):
        counted["worlds"] += 1
        return sample(self, view)

    def timed_choose(self, view):
        clock = time.perf_counter if in_game else time.process_time  # CPU time is steadier on a busy machine
        t = clock()
        before = counted["worlds"]
        try:
            return choose(self, view)
        finally:
            spent = clock() - t
            counted["thinking"] += spent
            counted["decisions"] += 1
            counted["times"].append(spent)
            counted["searched"].append(counted["worlds"] - before)

    HardAI.sample, HardAI.choose, HardAI.playout = counting_sample, timed_choose, counting_playout
    try:
        start = time.perf_counter()
        g = 0
        while time.perf_counter() - start < seconds:
            game = Game.new([f"P{i}" for i in range(players)], seed=seed + g)
            # in game: the table's time cap; the world budget is --worlds when given, as without it
            options = {"max_worlds": worlds} if in_game else {"time_cap": float("inf"), "max_worlds": worlds}
            ais = {0: make_ai("hard", seed=seed + g, **options)}
            ais.update({s: make_ai(opponent, seed=seed + g + s) for s in range(1, players)})
            referee = referee_for(game, ais)  # one referee a game: it passes the earlier hands to Hard
            for _ in range(hands):
                if game.winner is not None or time.perf_counter() - start >= seconds:
                    break
                if game.hand.ended is not None:
                    referee.deal_next_hand()
                while game.hand.ended is None and time.perf_counter() - start < seconds:
                    referee.step()
            g += 1
    finally:
        HardAI.sample, HardAI.choose, HardAI.playout = sample, choose, playout
    return counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=whole(2, 8), default=2)
    parser.add_argument("--seconds", type=seconds_type, default=10.0)
    parser.add_argument("--seed", type=whole(0), default=1)
    parser.add_argument("--worlds", type=whole(1), default=None,
                        help="worlds a decision (Hard's max_worlds; default: its own budget for the table)")
    parser.add_argument("--in-game", action="store_true",
                        help="Hard as the table makes it (its time cap and budget; wall-clock times)")
    parser.add_argument("--opponent", default="medium", choices=FIELD, type=player_key,
                        help="the player at the other seats (default medium; not hard: its searches would be counted as seat 0's)")
    parser.add_argument("--hands", type=whole(1), default=1, help="hands played of each game (default 1)")
    args = parser.parse_args()
    c = run(args.players, args.seconds, args.seed, args.worlds, args.in_game, args.opponent, args.hands)
    worlds, thinking = c["worlds"], c["thinking"]
    print(f"players: {args.players}  decisions: {c['decisions']}  worlds: {worlds}  thinking_s: {thinking:.2f}")
    ms = sorted(t * 1000 for t in c["times"]) or [0.0]
    searched = sorted(n for n in c["searched"] if n) or [0]
    print(f"decision_ms p50 / p95 / max: {statistics.median(ms):.1f} / {ms[int(0.95 * (len(ms) - 1))]:.1f}"
          f" / {ms[-1]:.1f}")
    if args.in_game:
        cap_ms = TIME_CAP * 1000
        print(f"decisions_ended_by_the_clock: {sum(t >= 0.98 * cap_ms for t in ms)} of {len(ms)}")
    print(f"worlds_per_searched_decision median / mean: {statistics.median(searched):.0f} / "
          f"{statistics.fmean(searched):.1f}")
    print(f"playouts_per_second: {c['playouts'] / thinking if thinking else 0:.0f}")
    print(f"worlds_per_second: {worlds / thinking if thinking else 0:.0f}")


if __name__ == "__main__":
    main()
