"""Decision lab: how much Hard's search gains over Medium's own choice, per decision.

    python benchmarks/decision_lab.py [--hands 40] [--worlds 84] [--seed 9000]
                                      [--players 2] [--decisions N] [--jobs 2]
                                      [--save FILE] [--load FILE ...]

A whole-game tournament needs 400 games (about an hour here) to tell two
versions of Hard apart by a few points. This measures the search itself, on
the decisions Hard actually searches, with far less noise:

1. Hard (no clock) plays ``--hands`` hands against Medium (``--players``
   seats, Hard at one) from seeded deals; every decision it searches is
   kept (its view and its candidates, Medium's choice first: every legal
   option of the turn); with ``--decisions N`` only the first N of each
   hand (the hand is not played further).
2. For each decision, ``--worlds`` worlds are dealt as Hard deals them, and
   every candidate is played out in each (same world, same playout seed),
   with Hard's playout policy at every seat, to the end of the hand. On the
   way Hard's own evaluation (:meth:`HardAI.evaluate`) is read after 4, 6, 8
   and 10 turns and after Hard's horizon for 2, 3 and 4 players
   (:data:`HORIZONS`), and at the end.
3. The first half of the worlds stands in for a search: a configuration
   plays Hard's search on them (:func:`search_on`: the screen after a few
   worlds, dropping the clearly worse, the world budget and the bar for
   overruling Medium's choice, with the clear lead for holding back a meld
   or lay-off Medium tables) and picks a candidate from its leaf values
   there. The second half says what that choice is worth: the mean result
   at the end of the hand, against Medium's choice's, in worlds the pick
   never saw. "Hard as played" is the choice Hard made in the game.

It prints, per configuration, the mean gain per decision in points (a
hand's score against the other seats' mean) with its standard error and
the playouts the search spent per decision, and the paired difference
from Hard as shipped. What it calls the truth is Hard's own model of the
game: worlds dealt as Hard deals them (its inference of the opponents'
hands) and the rest of the hand played by the playout policy, Medium's
choices without Rummy calls (Medium is the opponent Hard is measured
against). Choosing the best of many configurations on the same decisions
flatters the winner, and decisions of one hand are not independent, so
the standard errors are a little small: a tournament is the independent
check. The search's clock is not modelled. ``--save`` writes the playout
results as JSON and ``--load`` reads them back instead of playing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Annotated

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_ai  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402
from _args import writable_file  # noqa: E402
from game.ai.hard import SCREEN_KEEP, SCREEN_WORLDS, HardAI, playout_turns, screened, world_budget  # noqa: E402
from game.ai.playout import ViewMaker, greedy_only, play_on  # noqa: E402
from game.ai.sequential import Z_CLEAR, Z_OVERRULE, clearly_worse, overrules  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.rules.phase import Phase  # noqa: E402
from game.errors import IllegalMove  # noqa: E402
from game.play.all_computer import ai_step  # noqa: E402

HORIZONS = tuple(sorted({4, 6, 8, 10} | {playout_turns(n) for n in (2, 3, 4)}))
"""Turns after which a playout's evaluation is read (besides the end):
Hard's horizons with 2, 3 and 4 players (:func:`playout_turns`) and the
others reported."""


def play_out(hard: HardAI, world, seat: int, totals: tuple[int, ...], seed: int) -> dict[str, float]:
    """Play ``world`` to the end of the hand with Hard's playout policy (as
    :meth:`HardAI.playout` does, without its horizon: the rest of the
    candidate's own turn with the exact going-out search, every later turn
    greedily); Hard's evaluation for
    ``seat`` after each of :data:`HORIZONS` turns and at the end, keyed
    ``"4"``, ``"6"``, ... and ``"end"`` (a hand that ends sooner gives its
    final evaluation to the later keys)."""
    policy = hard.playout_policy
    policy.rng.seed(seed)
    values: dict[str, float] = {}
    turns, _, refused = hard.finish_own_turn(world, seat, totals, ViewMaker())
    for s in () if refused else play_on(world, totals, policy, 800):
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


def lab_hand(args: tuple[int, int, int | None, int]) -> list[dict]:
    """One seeded hand (``args`` = (deal seed, worlds, decisions kept or
    ``None`` for all, players)): Hard against Medium, every searched
    decision kept played out as the module docstring says. A list of
    ``{"phase", "players", "candidates", "kinds", "played", "results"}``: ``played``
    the candidate Hard chose in the game, ``results[w][c]`` the values of
    candidate ``c`` in world ``w`` (``None`` where it is illegal)."""
    deal, worlds, limit, players = args
    kept: list[list] = []

    class Recording(HardAI):
        def search(self, view, cands, deadline=None):
            chosen = super().search(view, cands, deadline)
            kept.append([view, list(cands), chosen])
            return chosen

    game = Game.new([chr(ord("a") + s) for s in range(players)], seed=deal)
    hard_seat = deal % players
    ais = {s: make_ai("medium", seed=deal + 1 + s) for s in range(players)}
    ais[hard_seat] = Recording(deal, time_cap=math.inf)
    while game.hand.ended is None and (limit is None or len(kept) < limit):
        ai_step(game, ais)
    if limit is not None:
        del kept[limit:]
    lab = HardAI(deal * 31 + 7, time_cap=math.inf)
    out = []
    for view, cands, chosen in kept:
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
        out.append({"phase": view.phase, "players": players, "candidates": [repr(a) for a in cands],
                    "kinds": [type(a).__name__ for a in cands], "played": chosen, "results": results})
    return out


def search_on(rows: list[list[dict]], kinds: list[str], turns: str, worlds: int, screen: int, keep: int,
              bar: float) -> tuple[int, int]:
    """Hard's search (:meth:`HardAI.search`, without its clock) played on
    recorded leaf values ``rows[w][c][turns]``: every legal candidate in the
    first ``screen`` worlds, then the ``keep`` best and candidate 0
    (:func:`game.ai.hard.screened`), the clearly worse dropped
    (:func:`~game.ai.sequential.clearly_worse`), up to ``worlds`` worlds;
    candidate 0 overruled past ``bar`` standard errors (:data:`Z_CLEAR` for
    holding back a meld or lay-off). Returns (the pick, playouts spent)."""
    legal = [c for c in range(len(rows[0])) if all(r[c] is not None for r in rows)]
    results: list[list[float]] = [[] for _ in rows[0]]
    alive = list(legal)
    spent = n = 0
    while n < min(worlds, len(rows)) and len(alive) > 1:
        for c in alive:
            results[c].append(rows[n][c][turns])
        spent += len(alive)
        n += 1
        if n == screen and len(alive) > keep + 1:
            alive = screened(results, alive, n, keep)
        for j in clearly_worse(results, alive):
            alive.remove(j)
    if not n:
        return alive[0], spent
    best = max(alive, key=lambda c: (sum(results[c][:n]) / n, -c))
    need = Z_CLEAR if kinds[0] in ("TableMeld", "LayOff") and kinds[best] == "Discard" else bar
    if 0 in alive and not overrules(results, best, bar=need):
        return 0, spent
    return best, spent


def gains(decisions: list[dict], config) -> tuple[list[float | None], list[int]]:
    """Per decision, what the configuration's pick is worth against Medium's
    choice (``None`` where too few worlds were played for it, or Medium's
    choice was refused), and the playouts its search spent. ``config`` is
    ``(turns, worlds, screen, keep, bar)`` (:func:`search_on`), or
    ``"played"``: the choice Hard made in the game."""
    out: list[float | None] = []
    spent: list[int] = []
    for d in decisions:
        rows = d["results"]
        half = len(rows) // 2
        if half < 2 or any(r[0] is None for r in rows):
            out.append(None)
            continue
        if config == "played":
            choice, cost = d["played"], 0
        else:
            turns, worlds, screen, keep, bar = config
            if half < worlds:
                out.append(None)
                continue
            choice, cost = search_on(rows[:half], d["kinds"], turns, worlds, screen, keep, bar)
        truth = [statistics.fmean(r[c]["end"] for r in rows[half:]) for c in (choice, 0)]
        out.append(truth[0] - truth[1])
        spent.append(cost)
    return out, spent


SHIPPED = (None, None, SCREEN_WORLDS, SCREEN_KEEP, Z_OVERRULE)
"""Hard's search as shipped; its horizon and world budget (``None`` here)
are the players' (:func:`playout_turns`, :func:`world_budget`)."""
OTHERS = [(None, 42, 8, 4, Z_OVERRULE), (None, 32, 4, 3, Z_OVERRULE), (None, 32, 4, 4, Z_CLEAR),
          (None, 32, 4, 4, 0.5), (None, 24, 4, 4, Z_OVERRULE), (None, 32, 99, 99, Z_OVERRULE),
          ("end", 32, 4, 4, Z_OVERRULE), ("4", 32, 4, 4, Z_OVERRULE), ("10", 32, 4, 4, Z_OVERRULE)]
"""(turns, worlds, screen worlds, kept after the screen, overrule bar)
configurations reported beside Hard as shipped: 42 worlds and a later
screen (more than shipped with two players, fewer with more), a narrower screen, the clear lead for every overrule (as with three
players or more before issue 25), no screen, other horizons."""


def _mean_se(values: list[float]) -> str:
    return f"{statistics.fmean(values):+.3f} (se {statistics.stdev(values) / math.sqrt(len(values)):.3f})"


def report(decisions: list[dict], players: int) -> None:
    """Print Hard as played, then every configuration's mean gain, playouts
    a decision and paired difference from Hard as shipped (over the
    decisions both could be measured on)."""
    def concrete(config):
        if config == "played":
            return config
        return (config[0] or str(playout_turns(players)), config[1] or world_budget(players)) + config[2:]

    shipped, _ = gains(decisions, concrete(SHIPPED))
    print(f"{len(decisions)} searched decisions")
    def too_few_worlds(need: int) -> bool:  # in the half of some decision that a search plays on
        return any(len(d["results"]) // 2 < need for d in decisions)

    if sum(g is not None for g in shipped) < 2:
        if too_few_worlds(concrete(SHIPPED)[1]):
            print(f"(Hard as shipped needs --worlds >= {2 * concrete(SHIPPED)[1]}: no paired differences)")
        else:
            print("(Hard as shipped was measured on fewer than 2 decisions: no paired differences)")
    for config in ["played", SHIPPED] + OTHERS:
        config = concrete(config)
        g, spent = gains(decisions, config)
        measured = [x for x in g if x is not None]
        label = "Hard as played" if config == "played" else \
            f"turns {config[0]:>3} worlds {config[1]:2d} screen {config[2]:2d} keep {config[3]:2d} bar {config[4]}"
        if len(measured) < 2:  # a standard error needs two decisions
            need = 2 if config == "played" else config[1]  # worlds in each half of a decision
            if too_few_worlds(need):
                print(f"{label}: too few worlds played (--worlds >= {2 * need})")
            else:
                print(f"{label}: too few decisions measured ({len(measured)}; 2 are needed)")
            continue
        line = f"{label}: gain {_mean_se(measured)}"
        if config != "played":
            line += f" playouts {statistics.fmean(spent):.0f}"
        paired = [a - b for a, b in zip(g, shipped) if a is not None and b is not None]
        if config != concrete(SHIPPED) and len(paired) >= 2:
            line += f"  vs shipped {_mean_se(paired)} over {len(paired)}"
        print(line)


SAVED_KEYS = {"phase", "players", "candidates", "kinds", "played", "results"}


EVALUATION_BOUND = 1e6
"""Points: no evaluation the lab writes comes near it (a hand is worth a few
hundred); ``--load`` refuses a value beyond it, and not-a-number."""


class SavedDecision(msgspec.Struct):
    """What ``--save`` writes of one decision, as ``--load`` checks it:
    the table's size, the candidates (and their action kinds), the index of
    the one Hard played, and per world either ``None`` (a candidate was
    refused) or each candidate's evaluation keyed by :data:`READ_AT`."""

    phase: str
    players: Annotated[int, msgspec.Meta(ge=2, le=4)]
    candidates: list[str]
    kinds: list[str]
    played: Annotated[int, msgspec.Meta(ge=0)]
    results: list[list[dict[str, Annotated[float, msgspec.Meta(ge=-EVALUATION_BOUND, le=EVALUATION_BOUND)]] | None]]


READ_AT = frozenset({str(h) for h in HORIZONS} | {"end"})
"""The keys of a candidate's evaluation in one world (:func:`play_out`)."""


def _saved_decisions(path: str) -> list[dict]:
    """The decisions a ``--save`` wrote to ``path``; ``ValueError`` (its
    message for the user) when the file is not JSON or not such a list (for
    example a file saved by an older version of the lab), or a decision's
    values are not of the kinds and sizes the lab writes
    (:class:`SavedDecision`: a hand-edited file)."""
    def no_constant(word: str):
        raise ValueError(f"{word} is not a number the lab writes")

    try:
        decisions = json.loads(Path(path).read_text(encoding="utf-8"), parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc})") from None
    except RecursionError:
        raise ValueError("nested too deeply to be a lab's save") from None
    except ValueError as exc:  # a number too long to read, or NaN (no_constant)
        raise ValueError(f"not a lab's save: {exc}") from None
    if not isinstance(decisions, list) or not all(isinstance(d, dict) for d in decisions):
        raise ValueError("not a list of saved decisions")
    for i, d in enumerate(decisions, 1):
        missing = SAVED_KEYS - d.keys()
        if missing:
            raise ValueError(f"a decision lacks {', '.join(sorted(missing))}: saved by another version "
                             "of the lab? Play it again with --save")
        try:
            saved = msgspec.convert(d, SavedDecision)
        except msgspec.ValidationError as exc:
            raise ValueError(f"decision {i}: {exc}") from None
        n = len(saved.candidates)
        if len(saved.kinds) != n or (saved.results and saved.played >= n):
            raise ValueError(f"decision {i}: {n} candidates, {len(saved.kinds)} kinds and the pick "
                             f"{saved.played} do not match")
        for row in saved.results:
            if len(row) != n or any(v is not None and not READ_AT <= v.keys() for v in row):
                raise ValueError(f"decision {i}: a world does not give each of its {n} candidates an "
                                 f"evaluation after {', '.join(map(str, HORIZONS))} turns and at the end")
        for c in range(n if saved.results else 0):
            refused = [row[c] is None for row in saved.results]
            if any(refused) and (not all(refused) or c in (0, saved.played)):
                raise ValueError(f"decision {i}: candidate {c} is refused in some worlds only, or is "
                                 "Medium's or Hard's choice: the view decides what is legal, in every world")
    return decisions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=whole(1), default=40)
    parser.add_argument("--worlds", type=whole(4), default=None,
                        help="worlds a decision, at least 4: half search, half judge (default: 84, or twice Hard's budget for the table if more)")
    parser.add_argument("--seed", type=whole(0), default=9000)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--decisions", type=whole(1), help="searched decisions kept per hand (default: all)")
    parser.add_argument("--jobs", type=whole(1, 64), default=1)
    parser.add_argument("--save", type=writable_file)
    parser.add_argument("--load", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.load and args.save:
        parser.error("--save writes what a run played; with --load nothing is played")
    if args.load:
        decisions = []
        for path in args.load:
            try:
                decisions.extend(_saved_decisions(path))
            except (OSError, ValueError) as exc:
                parser.error(f"--load {path}: {exc}")
        if len({d["players"] for d in decisions}) > 1:
            parser.error("--load: the files hold decisions of tables of different sizes; load one size at a time")
    else:
        worlds = args.worlds if args.worlds is not None else max(84, 2 * world_budget(args.players))
        work = [(args.seed + i, worlds, args.decisions, args.players) for i in range(args.hands)]
        with ProcessPoolExecutor(args.jobs) as pool:
            decisions = [d for hand in pool.map(lab_hand, work) for d in hand]
        if args.save:
            Path(args.save).write_text(json.dumps(decisions), encoding="utf-8")
    report(decisions, decisions[0]["players"] if decisions else args.players)


if __name__ == "__main__":
    main()
