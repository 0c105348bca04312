"""Engine throughput: random legal complete hands per second.

    python benchmarks/engine.py --players 2 --seconds 10 [--rules FILE] [--jobs J]
        [--hands N] [--clock cpu] [--replay]

Plays fresh hands with the random legal player of game.rules.random_play in its
greedy mode (it tables the first meld or lay-off it finds whenever it can,
like an Easy player, discards at random, sometimes takes from the pile or
calls Rummy; every action goes through the engine's full legality checks) and prints, as its last line,
``hands_per_second: X``. With ``--jobs J`` the hands are spread over J
processes and X is their sum. ``--hands N`` plays exactly N hands (each
process) instead of playing for ``--seconds``: the same work for two
versions of the code, so that their times compare; ``--clock cpu`` counts
the process's CPU time instead of the wall clock, steadier on a machine
other work shares.

``--replay`` (with ``--hands N``) times the engine without the player: the
N hands are first played as above, untimed, keeping every action the
random player tried and whether the engine took it; then only the engine is
timed, dealing the same hands again and applying the same actions to them,
the refused ones included (each must be refused again, and every taken one
taken again). The random player's own choices, about half of the figure
above, are then left out.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _args import seconds as seconds_type  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402
from game.errors import IllegalMove  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.rules.random_play import play_random_hand  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402

WEIGHTS = {"meld_rate": 1.0, "take_rate": 0.2, "rummy_rate": 0.1, "greedy": True}


def run(players: int, seconds: float, rules: dict, seed: int, count: int | None = None,
        clock: str = "wall") -> tuple[int, int, float]:
    """Play hands for ``seconds`` (or exactly ``count`` hands); return
    (hands, actions, elapsed seconds by ``clock``: ``"wall"`` or ``"cpu"``)."""
    now = time.process_time if clock == "cpu" else time.perf_counter
    rng = random.Random(seed)
    ruleset = RuleSet.from_dict(rules)
    names = [f"P{i}" for i in range(players)]
    hands = actions = 0
    start = now()
    while (hands < count) if count is not None else (now() - start < seconds):
        game = Game.new(names, ruleset, seed=rng.getrandbits(32))
        actions += play_random_hand(game, rng, max_actions=100_000, **WEIGHTS)
        hands += 1
    return hands, actions, now() - start


def record(players: int, rules: dict, seed: int, count: int) -> list[tuple[int, list]]:
    """Play ``count`` hands as :func:`run` does (the same deals, the same
    actions); return per hand its deal seed and every action the random
    player tried, as ``(action, taken)`` pairs in order."""
    rng = random.Random(seed)
    ruleset = RuleSet.from_dict(rules)
    names = [f"P{i}" for i in range(players)]
    hands = []
    for _ in range(count):
        deal_seed = rng.getrandbits(32)
        game = Game.new(names, ruleset, seed=deal_seed)
        tried: list = []

        def logged(action, apply=game.apply, tried=tried):
            try:
                events = apply(action)
            except IllegalMove:
                tried.append((action, False))
                raise
            tried.append((action, True))
            return events

        game.apply = logged  # the player calls game.apply: this game's own, logged
        play_random_hand(game, rng, max_actions=100_000, **WEIGHTS)
        hands.append((deal_seed, tried))
    return hands


def replay(players: int, seconds: float, rules: dict, seed: int, count: int | None = None,
           clock: str = "wall") -> tuple[int, int, float]:
    """:func:`run`'s figures for the engine alone: the hands of :func:`record`
    dealt again and their actions applied again (:func:`apply_again`), timed
    by ``clock`` (``seconds`` is not used: ``count`` is needed)."""
    assert count is not None, "a replay needs a number of hands"
    return apply_again(players, rules, record(players, rules, seed, count), clock)


def apply_again(players: int, rules: dict, hands: list[tuple[int, list]], clock: str = "wall") -> tuple[int, int, float]:
    """Deal each hand of ``hands`` (as :func:`record` lists them) again and
    apply its actions again; return (hands, actions taken, seconds by
    ``clock``). Raises ``AssertionError`` if the engine refuses an action it
    took while the hand was played, or takes one it refused."""
    now = time.process_time if clock == "cpu" else time.perf_counter
    ruleset = RuleSet.from_dict(rules)
    names = [f"P{i}" for i in range(players)]
    actions = 0
    start = now()
    for deal_seed, tried in hands:
        apply = Game.new(names, ruleset, seed=deal_seed).apply
        for action, taken in tried:
            try:
                apply(action)
            except IllegalMove as exc:
                if taken:
                    raise AssertionError(f"{action!r} was taken when the hand was played, "
                                         f"and refused in the replay: {exc}") from None
                continue
            if not taken:
                raise AssertionError(f"{action!r} was refused when the hand was played, and taken in the replay")
            actions += 1
    return len(hands), actions, now() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=whole(2, 8), default=2)
    parser.add_argument("--seconds", type=seconds_type, default=10.0,
                        help="how long each job plays (not used with --hands)")
    parser.add_argument("--rules", help="a rules JSON file of rule keys (default: the standard rules)")
    parser.add_argument("--jobs", type=whole(1), default=1)
    parser.add_argument("--seed", type=whole(0), default=1)
    parser.add_argument("--hands", type=whole(1), help="play exactly this many hands (each job) instead of --seconds")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time by the wall clock (default) or by the process's CPU time")
    parser.add_argument("--replay", action="store_true",
                        help="time the engine alone: the hands' actions applied again, without the player "
                             "(needs --hands)")
    args = parser.parse_args()
    if args.replay and args.hands is None:
        parser.error("--replay needs --hands N: the hands are played first, then replayed")
    rules = {}
    if args.rules:
        from game.services.profiles import ProfileError, read_rules_file
        try:
            ruleset = read_rules_file(args.rules)
        except ProfileError as exc:
            parser.error(f"--rules: {exc}")
        problem = ruleset.deal_problem(args.players)
        if problem:
            parser.error(f"--rules: {problem}")
        rules = ruleset.to_dict()
    timed = replay if args.replay else run
    if args.jobs <= 1:
        results = [timed(args.players, args.seconds, rules, args.seed, args.hands, args.clock)]
    else:
        with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(timed, args.players, args.seconds, rules, args.seed + j, args.hands, args.clock)
                       for j in range(args.jobs)]
            results = [f.result() for f in futures]
    hands = sum(r[0] for r in results)
    actions = sum(r[1] for r in results)
    rate = sum(r[0] / r[2] for r in results)
    print(f"players: {args.players}  jobs: {max(1, args.jobs)}  hands: {hands}  "
          f"actions_per_hand: {actions / max(1, hands):.1f}")
    print(f"hands_per_second: {rate:.0f}")


if __name__ == "__main__":
    main()
