"""Decision lab: how much Hard's search gains over Medium's own choice, per decision.

    python benchmarks/decision_lab.py [--hands 40] [--worlds 84] [--seed 9000]
                                      [--decisions N] [--jobs 2]
                                      [--save FILE] [--load FILE ...]

A whole-game tournament needs 400 games (about an hour here) to tell two
versions of Hard apart by a few points. This measures the search itself, on
the decisions Hard actually searches, with far less noise:

1. Hard (no clock) plays ``--hands`` two-player hands against Medium from
   seeded deals; every decision it searches is kept (its view and its
   candidates, Medium's choice first); with ``--decisions N`` only the
   first N of each hand (the hand is not played further).
2. For each decision, ``--worlds`` worlds are dealt as Hard deals them, and
   every candidate is played out in each (same world, same playout seed),
   with Hard's playout policy at every seat, to the end of the hand. On the
   way Hard's own evaluation (:meth:`HardAI.evaluate`) is read after 4, 6, 8
   and 10 turns, and at the end.
3. The first half of the worlds stands in for a search: a configuration
   (a horizon, a number of worlds, a bar for overruling Medium's choice, as
   :func:`game.ai.sequential.overrules`) picks a candidate from its leaf
   values there. The second half says what that choice is worth: the mean
   result at the end of the hand, against Medium's choice's, in worlds the
   pick never saw.

It prints, per configuration, the mean gain per decision in points (a
hand's score against the other seat's) with its standard error, and the
paired difference from Hard as shipped. What it calls the truth is Hard's
own model of the game: worlds dealt as Hard deals them (its inference of
the opponents' hands) and the rest of the hand played by the playout
policy, Medium's choices without Rummy calls (Medium is the opponent Hard
is measured against). Choosing the best of many configurations on the same
decisions flatters the winner, and decisions of one hand are not
independent, so the standard errors are a little small: a tournament is
the independent check. The search's early dropping of clearly worse
candidates and its clock are not modelled. ``--save`` writes the playout results as
JSON and ``--load`` reads them back instead of playing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_ai  # noqa: E402
from game.ai.hard import MAX_WORLDS, HardAI, playout_turns  # noqa: E402
from game.ai.playout import greedy_only, play_on  # noqa: E402
from game.ai.sequential import Z_SWITCH, Z_SWITCH_TWO_PLAYERS, lead  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.rules.phase import Phase  # noqa: E402
from game.errors import IllegalMove  # noqa: E402
from game.play.all_computer import ai_step  # noqa: E402

HORIZONS = tuple(sorted({4, 6, 8, 10, playout_turns(2)}))
"""Turns after which a playout's evaluation is read (besides the end):
Hard's two-player horizon and the others reported."""


def play_out(hard: HardAI, world, seat: int, totals: tuple[int, ...], seed: int) -> dict[str, float]:
    """Play ``world`` to the end of the hand with Hard's playout policy (as
    :meth:`HardAI.playout` does, without its horizon); Hard's evaluation for
    ``seat`` after each of :data:`HORIZONS` turns and at the end, keyed
    ``"4"``, ``"6"``, ... and ``"end"`` (a hand that ends sooner gives its
    final evaluation to the later keys)."""
    policy = hard.playout_policy
    policy.rng.seed(seed)
    turns = 0
    values: dict[str, float] = {}
    for s in play_on(world, totals, policy, 800):
        if world.phase == Phase.DRAW and world.current != s:
            turns += 1
        if turns in HORIZONS and str(turns) not in values:
            values[str(turns)] = hard.evaluate(world, seat, totals)
    with greedy_only():
        final = hard.evaluate(world, seat, totals)
    for h in HORIZONS:
        values.setdefault(str(h), final)
    values["end"] = final
    return values


def lab_hand(args: tuple[int, int, int | None]) -> list[dict]:
    """One seeded hand (``args`` = (deal seed, worlds, decisions kept or
    ``None`` for all)): Hard against Medium, every searched decision kept
    played out as the module docstring says. A list
    of ``{"phase", "candidates", "results"}``, ``results[w][c]`` the values
    of candidate ``c`` in world ``w`` (``None`` where it is illegal)."""
    deal, worlds, limit = args
    kept: list[tuple] = []

    class Recording(HardAI):
        def search(self, view, cands, deadline=None):
            kept.append((view, list(cands)))
            return super().search(view, cands, deadline)

    game = Game.new(["a", "b"], seed=deal)
    hard_seat = deal % 2
    ais = {hard_seat: Recording(deal, time_cap=math.inf), 1 - hard_seat: make_ai("medium", seed=deal + 1)}
    while game.hand.ended is None and (limit is None or len(kept) < limit):
        ai_step(game, ais)
    if limit is not None:
        del kept[limit:]
    lab = HardAI(deal * 31 + 7, time_cap=math.inf)
    out = []
    for view, cands in kept:
        results = []
        for _ in range(worlds):
            world = lab.sample(view)
            seed = lab.rng.getrandbits(32)
            row = []
            for action in cands:
                sim = world.clone()
                try:
                    sim.apply(action)
                except IllegalMove:
                    row.append(None)
                    continue
                row.append(play_out(lab, sim, view.seat, view.totals, seed))
            results.append(row)
        out.append({"phase": view.phase, "candidates": [repr(a) for a in cands], "results": results})
    return out


def gains(decisions: list[dict], turns: str, worlds: int, z_switch: float) -> list[float | None]:
    """Per decision, what the configuration's pick is worth against Medium's
    choice (``None`` where too few worlds were played for it): the pick from
    the first ``worlds`` worlds' values after ``turns`` turns (the best mean,
    overruling candidate 0 only past ``z_switch`` standard errors), valued
    by the second half's end-of-hand results. A candidate the engine
    refused is left out, as the search leaves it out (legality is the same
    in every world: the view decides it); a decision whose first candidate
    was refused is skipped."""
    out: list[float | None] = []
    for d in decisions:
        rows = d["results"]
        legal = [c for c in range(len(rows[0]) if rows else 0) if all(r[c] is not None for r in rows)]
        half = len(rows) // 2
        if half < worlds or half < 2 or 0 not in legal:
            out.append(None)
            continue
        pick_rows, truth_rows = rows[:worlds], rows[half:]
        seen = {c: [r[c][turns] for r in pick_rows] for c in legal}
        best = max(legal, key=lambda c: (statistics.fmean(seen[c]), -c))
        choice = best if best and lead(seen[best], seen[0]) > z_switch else 0
        truth = [statistics.fmean(r[c]["end"] for r in truth_rows) for c in (choice, 0)]
        out.append(truth[0] - truth[1])
    return out


SHIPPED = (str(playout_turns(2)), MAX_WORLDS, Z_SWITCH_TWO_PLAYERS)
CONFIGS = [SHIPPED] + [c for c in [
    ("4", 42, Z_SWITCH), ("4", 42, 1.0), ("6", 42, Z_SWITCH), ("6", 42, 0.5), ("6", 28, 1.0), ("6", 42, 1.0),
    ("8", 21, 1.0), ("8", 28, 1.0), ("10", 21, 1.0), ("end", 14, 1.0), ("end", 42, 1.0)] if c != SHIPPED]
"""(turns, worlds, overrule bar) configurations reported: first Hard's own
two-player search as shipped (:func:`game.ai.hard.playout_turns`, ``MAX_WORLDS``,
``Z_SWITCH_TWO_PLAYERS``), the comparison for the rest; (4, 42, 2.5) is
Hard's search before the six-turn horizon."""


def _mean_se(values: list[float]) -> str:
    return f"{statistics.fmean(values):+.3f} (se {statistics.stdev(values) / math.sqrt(len(values)):.3f})"


def report(decisions: list[dict]) -> None:
    """Print every configuration's mean gain and its paired difference from
    Hard as shipped (over the decisions both could be measured on)."""
    shipped = gains(decisions, *SHIPPED)
    print(f"{len(decisions)} searched decisions")
    if sum(g is not None for g in shipped) < 2:
        print(f"(Hard as shipped needs --worlds >= {2 * SHIPPED[1]}: no paired differences)")
    for turns, worlds, z in CONFIGS:
        g = gains(decisions, turns, worlds, z)
        measured = [x for x in g if x is not None]
        label = f"turns {turns:>3} worlds {worlds:2d} bar {z}"
        if len(measured) < 2:
            print(f"{label}: too few worlds played (--worlds >= {2 * worlds})")
            continue
        line = f"{label}: gain {_mean_se(measured)}"
        paired = [a - b for a, b in zip(g, shipped) if a is not None and b is not None]
        if (turns, worlds, z) != SHIPPED and len(paired) >= 2:
            line += f"  vs shipped {_mean_se(paired)} over {len(paired)}"
        print(line)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=84)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--decisions", type=int, help="searched decisions kept per hand (default: all)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save")
    parser.add_argument("--load", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.load and args.save:
        parser.error("--save writes what a run played; with --load nothing is played")
    if args.load:
        decisions = [d for path in args.load for d in json.loads(Path(path).read_text(encoding="utf-8"))]
    else:
        work = [(args.seed + i, args.worlds, args.decisions) for i in range(args.hands)]
        with ProcessPoolExecutor(args.jobs) as pool:
            decisions = [d for hand in pool.map(lab_hand, work) for d in hand]
        if args.save:
            Path(args.save).write_text(json.dumps(decisions), encoding="utf-8")
    report(decisions)


if __name__ == "__main__":
    main()
