"""How well Hard's opponent model names each field member's style (issue 25, item 2).

    python benchmarks/style_estimate.py [--tables 20] [--seed 1] [--players 2,3,4] [--after 1,3,10]
    python benchmarks/style_estimate.py --fit [--tables 40] [--seed 1000]

Each table seats one member of the field (every style of
:data:`game.ai.opponents.MODELLED`: Medium, Easy and the styles) at a seat
that moves round the tables, and Medium at the others, and plays ten hands
(the target is set out of reach, so the game never ends first). After 1, 3
and 10 hands (``--after``) the estimate (:func:`game.ai.opponents.estimate`, from the
public counts of the hands played, as Hard gets them from the referee)
names the seat's likeliest style; the benchmark prints, per style, how often
that is right with the 95 % Wilson interval, and the chance the estimate
gives the right style on average.

``--fit`` plays the tables and prints each style's counts of the public
outcomes (:data:`game.ai.opponents.FEATURES`) instead: the table
:data:`game.ai.opponents._MEASURED` is pasted from it. Fit and measure on
different seeds.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_ai  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402
from _args import wholes  # noqa: E402
from game.ai import opponents  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.play.all_computer import play_hand  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from game.services.tournament import wilson  # noqa: E402



def play_table(style: str, players: int, seat: int, seed: int, hands: int) -> list[tuple]:
    """Play ``hands`` hands with ``style`` at ``seat`` and Medium elsewhere;
    the public logs of the hands, in order."""
    rng = random.Random(seed)
    rules = RuleSet(target=10 ** 6)
    game = Game.new([chr(ord("A") + s) for s in range(players)], rules, seed=rng.getrandbits(32))
    ais = {s: make_ai(style if s == seat else "medium", rng.getrandbits(32)) for s in range(players)}
    logs = []
    for _ in range(hands):
        if game.hand is None or game.hand.ended is not None:
            game.deal_next_hand()
        play_hand(game, ais)
        logs.append(tuple(game.hand.log))
    return logs


def tables(count: int, seed: int, player_counts: tuple[int, ...]):
    """``(style, players, seat, table seed)`` for ``count`` tables per style."""
    rng = random.Random(seed)
    for i in range(count):
        players = player_counts[i % len(player_counts)]
        seat = i % players
        table_seed = rng.getrandbits(32)
        for style in opponents.MODELLED:
            yield style, players, seat, table_seed


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=whole(1), default=20, help="tables per style")
    p.add_argument("--seed", type=whole(0), default=1)
    p.add_argument("--players", type=wholes(2, 8), default=(2, 3, 4),
                   help="player counts the tables cycle through (default 2,3,4)")
    p.add_argument("--after", type=wholes(1), default=(1, 3, 10),
                   help="hands after which the estimate is asked (default 1,3,10)")
    p.add_argument("--fit", action="store_true", help="print the counts per style instead")
    args = p.parse_args()
    player_counts = args.players
    checkpoints = args.after
    hands = max(checkpoints)
    rules = RuleSet()
    fit = {s: [0] * len(opponents.FEATURES) for s in opponents.MODELLED}
    right = {(s, k): 0 for s in opponents.MODELLED for k in checkpoints}
    chance = {(s, k): 0.0 for s in opponents.MODELLED for k in checkpoints}
    seen = {s: 0 for s in opponents.MODELLED}
    for style, players, seat, table_seed in tables(args.tables, args.seed, player_counts):
        logs = play_table(style, players, seat, table_seed, hands)
        past = opponents.past_counts(logs, players, rules)
        seen[style] += 1
        if args.fit:
            for hand in past:
                for i, n in enumerate(hand[seat]):
                    fit[style][i] += n
            continue
        for k in checkpoints:
            probs = opponents.estimate(past[:k], (), players, rules)[seat]
            named, _ = opponents.likeliest(probs)
            right[style, k] += named == style
            chance[style, k] += probs[style]
    if args.fit:
        print("_MEASURED = {")
        for style, counts in fit.items():
            print(f"    {style!r}: {tuple(counts)},")
        print("}")
        return
    print(f"{args.tables} tables per style ({', '.join(map(str, args.players))} players), seed {args.seed}")
    print("style            " + "".join(f"after {k:>2} hand{'s' if k > 1 else ' '}         " for k in checkpoints))
    for style in opponents.MODELLED:
        cells = []
        for k in checkpoints:
            n = seen[style]
            lo, hi = wilson(right[style, k], n)
            cells.append(f"{right[style, k]:>3}/{n} ({lo:.2f}-{hi:.2f}) p={chance[style, k] / n:.2f}")
        print(f"{style:<16} " + "  ".join(cells))
    for k in checkpoints:
        total = sum(right[s, k] for s in opponents.MODELLED)
        n = sum(seen.values())
        lo, hi = wilson(total, n)
        print(f"accuracy after {k} hands: {total / n:.3f} ({lo:.3f}-{hi:.3f}) of {n}")


if __name__ == "__main__":
    main()
