"""Hand screen: two players at the same seat of the same first hands, paired.

    python benchmarks/hand_screen.py hard medium --players 4 --hands 1600
    python benchmarks/hand_screen.py hard old-hard --old DIR --players 4 --hands 1600 --jobs 2

A whole-game tournament needs a thousand four-player games (hours here) to
tell two versions of Hard apart by a few points of win rate. This plays
only the first hand of each game, and both versions on it, so most of the
luck of the deal cancels out:

1. Deal ``--hands`` first hands of ``--players``-seat games from seeded
   deals (``--seed``). In hand ``i`` the screened seat is ``i`` modulo the
   players (so it rotates), and ``--field`` (Medium by default) sits at
   every other seat.
2. The first player plays the hand at that seat; then the second player
   plays it at the same seat, with the same cards and the same AI seeds
   (every seat's), so the field plays the same until the two differ.
3. The measure is the screened seat's hand score (R20) minus the mean of
   the other seats' scores, in points. It prints each player's mean, how
   often it went out and the points it was left holding, and the paired
   difference, first minus second, with its standard error; ``same``
   counts the hands the two scored alike (usually the same play).

Players are the names ``benchmarks/ai_strength.py`` takes (every name of
``rummy500 tournament``, and ``old-LEVEL`` from the ``game`` package of
``--old DIR``), built as the tournament builds them: Hard without its
clock, so a run is the same on any machine. A first hand starts at 0
points each, so play near the target is not screened, nor the style
estimates Hard carries across hands: a tournament is the check. In 2026
on this 2-core machine Hard played 1,600 four-player first hands in about
25 minutes on one core, so Hard against another Hard takes about 50
(``--jobs 2`` splits the hands between two cores). ``--save`` writes
the rows (per hand: each player's measure, whether it went out, points
held) as JSON; with ``--progress`` it prints the difference so far and
writes the rows every :data:`PROGRESS_EVERY` hands, so a long run stopped
early still tells, and keeps what it played.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai_strength  # noqa: E402  (beside this script: its players and --old)
from _args import writable_file  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402
from game.services.files import atomic_write_text  # noqa: E402
from game.play.all_computer import play_hand  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402

CHUNK = 4
"""Hands a worker process is given at a time (``--jobs``)."""
PROGRESS_EVERY = 50
"""Hands between two progress lines (``--progress``)."""


def deals(hands: int, players: int, seed: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Per hand, (deal seed, screened seat, AI seed per seat), from ``seed``."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        deal_seed, ai_seeds = ai_strength.deal_seeds(rng, players)
        out.append((deal_seed, i % players, ai_seeds))
    return out


def play_one(name: str, field: str, players: int, deal: tuple[int, int, tuple[int, ...]]) -> tuple[float, int, int]:
    """Play the first hand of ``deal`` with ``name`` at its screened seat and
    ``field`` at the others. Returns (the seat's hand score minus the
    others' mean, 1 if it went out else 0, points it held at the end)."""
    deal_seed, seat, ai_seeds = deal
    game = Game.new([chr(ord("A") + s) for s in range(players)], RuleSet(), seed=deal_seed)  # the first hand dealt
    ais = {s: ai_strength.build(name if s == seat else field, ai_seeds[s], players) for s in range(players)}
    play_hand(game, ais)
    hand = game.hands[-1]
    scores = hand.scores()
    others = [scores[s]["hand"] for s in range(players) if s != seat]
    return (scores[seat]["hand"] - sum(others) / len(others), int(hand.went_out == seat),
            scores[seat]["in_hand"])


def play_pair(job: tuple) -> list:
    """Both players on one deal: [first's row, second's row]."""
    first, second, field, players, deal = job
    return [play_one(first, field, players, deal), play_one(second, field, players, deal)]


def _load(old: str | None) -> None:
    """Load the old package in this process (a worker's initializer too)."""
    if old:
        ai_strength.OLD_MAKE_PLAYER = ai_strength.load_old(old)


def summary(rows: list[list[tuple[float, int, int]]], first: str, second: str) -> list[str]:
    """The printed lines for ``rows`` (per hand, [first's row, second's row])."""
    n = len(rows)
    lines = []
    for k, name in enumerate((first, second)):
        scores = [r[k][0] for r in rows]
        lines.append(f"{name}: {statistics.fmean(scores):.2f} (SE {_se(scores)}) points a hand against the others' mean"
                     f"  went_out: {statistics.fmean(r[k][1] for r in rows):.3f}"
                     f"  held: {statistics.fmean(r[k][2] for r in rows):.2f}")
    diff = differences(rows)
    lines.append(f"hands: {n}  same: {sum(1 for d in diff if d == 0)}")
    lines.append(difference(diff, first, second))
    return lines


def differences(rows: list) -> list[float]:
    """Per hand of ``rows``, the first player's score minus the second's."""
    return [r[0][0] - r[1][0] for r in rows]


def difference(diff: list[float], first: str, second: str) -> str:
    """The mean of the paired differences ``diff`` (:func:`differences`), as printed."""
    return f"difference: {statistics.fmean(diff):.2f} (SE {_se(diff)}) points a hand, {first} minus {second}"


def _se(values: list[float]) -> str:
    """The standard error of the mean of ``values``, printed ("n/a" for one value)."""
    return f"{statistics.stdev(values) / math.sqrt(len(values)):.2f}" if len(values) > 1 else "n/a"


def _save(rows: list, path: str | None) -> str | None:
    """Write ``rows`` to ``path`` as JSON (nothing without a path), whole
    (:func:`game.services.files.atomic_write_text`): a run stopped while
    writing leaves the rows saved before. Returns ``path``, or ``None`` when
    it could not be written (said on stderr): the run goes on and prints
    its summary, only the file is lost, and later saves are not tried."""
    if path:
        try:
            atomic_write_text(path, json.dumps(rows), durable=False)
        except OSError as exc:
            print(f"hand_screen.py: --save {path}: cannot write it ({exc.strerror or exc}); no longer saving",
                  file=sys.stderr)
            return None
    return path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("first", type=ai_strength._name)
    p.add_argument("second", type=ai_strength._name)
    p.add_argument("--field", type=ai_strength._name, default="medium", help="the player at every other seat")
    p.add_argument("--hands", type=whole(1), default=400, help="first hands to deal (each played twice)")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="seats (default 4)")
    p.add_argument("--seed", type=whole(0), default=1,
                   help="seeds the deals (a whole number, 0 or more: a negative seed would deal as its "
                        "positive one, so none is taken)")
    p.add_argument("--jobs", type=whole(1, 64), default=1, help="processes to share the hands")
    p.add_argument("--old", help="folder holding the old game package (for old-LEVEL)")
    p.add_argument("--save", type=writable_file, help="write the rows to this JSON file")
    p.add_argument("--progress", action="store_true",
                   help=f"print the difference so far every {PROGRESS_EVERY} hands (and write --save)")
    args = p.parse_args()
    try:
        _load(args.old)
        for name in (args.first, args.second, args.field):
            ai_strength.build(name, 0, args.players)  # an unknown name stops here, before any play
    except SystemExit as exc:
        p.error(str(exc).removeprefix("ai_strength.py: "))
    jobs = [(args.first, args.second, args.field, args.players, d)
            for d in deals(args.hands, args.players, args.seed)]
    workers = min(args.jobs, -(-len(jobs) // CHUNK))  # no idle process
    rows: list = []
    asked = args.save  # a failed save sets args.save to None: then the run exits 1
    pool = ProcessPoolExecutor(workers, initializer=_load, initargs=(args.old,)) if workers > 1 else None
    try:
        for row in (pool.map(play_pair, jobs, chunksize=CHUNK) if pool else map(play_pair, jobs)):
            rows.append(row)
            if args.progress and len(rows) % PROGRESS_EVERY == 0 and len(rows) < len(jobs):
                args.save = _save(rows, args.save)
                print(f"so far, {len(rows)} hands: {difference(differences(rows), args.first, args.second)}", flush=True)
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    print(f"players: {args.players} ({args.field} at the other seats), seed {args.seed}")
    for line in summary(rows, args.first, args.second):
        print(line, flush=True)
    if asked and (args.save is None or _save(rows, args.save) is None):
        sys.exit(1)  # the figures are printed above; the file asked for is not written


if __name__ == "__main__":
    main()
