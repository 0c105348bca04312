"""Evidence that the view hides what matters: a cheating Hard beats honest Hard.

    python benchmarks/ai_oracle.py --games 20 [--players 2] [--seed 1] [--target 500]

``OracleHard`` is Hard whose search worlds are the real game (it sees every
hand and the stock). It exists only here, never in the game. Games are
played in pairs with the seats swapped on the same deals; the last line is
``oracle_win_rate: X`` with its 95% interval. ``--target`` (the points that
win) and ``--time-cap`` (seconds a decision) make it shorter.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _args import seconds as seconds_type  # noqa: E402
from game.ai.hard import HardAI  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from game.play.all_computer import ai_step  # noqa: E402


class OracleHard(HardAI):
    """Hard that searches the true state instead of sampled worlds (cheats)."""

    level = "oracle"
    truth = None

    def sample(self, view):
        return self.truth.clone()


class _Peeking:
    """Hands the oracle the true state just before it decides."""

    def __init__(self, oracle: OracleHard, game: Game):
        self.oracle, self.game = oracle, game
        self.level = oracle.level

    def begin_decision(self, view, rummy=False):
        self.oracle.begin_decision(view, rummy)

    def choose(self, view):
        self.oracle.truth = self.game.hand
        return self.oracle.choose(view)

    def call_rummy(self, view):
        return self.oracle.call_rummy(view)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - r) / d, (c + r) / d


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=whole(1), default=20, help="deals; each is played twice, seats swapped")
    parser.add_argument("--players", type=whole(2, 8), default=2)
    parser.add_argument("--seed", type=whole(0), default=1)
    parser.add_argument("--time-cap", type=seconds_type, default=0.15, help="seconds a Hard decision")
    parser.add_argument("--target", type=whole(1, 1_000_000), default=500,
                        help="points that win a game (fewer: shorter games)")
    args = parser.parse_args()
    rules = RuleSet(target=args.target)
    wins = played = 0
    for g in range(args.games):
        for oracle_seat in (0, 1):
            game = Game.new([f"P{i}" for i in range(args.players)], rules, seed=args.seed * 1000 + g)
            ais = {s: HardAI(seed=g * 10 + s, time_cap=args.time_cap) for s in range(args.players)}
            ais[oracle_seat] = _Peeking(OracleHard(seed=g * 10 + oracle_seat, time_cap=args.time_cap), game)
            while game.winner is None:
                if game.hand.ended is not None:
                    game.deal_next_hand()
                ai_step(game, ais)
            wins += game.winner == oracle_seat
            played += 1
            print(f"deal {g} oracle seat {oracle_seat}: winner {game.winner} totals {game.totals}", flush=True)
    lo, hi = wilson(wins, played)
    print(f"oracle won {wins} of {played}; 95% interval [{lo:.2f}, {hi:.2f}]")
    print(f"oracle_win_rate: {wins / played:.3f}")


if __name__ == "__main__":
    main()
