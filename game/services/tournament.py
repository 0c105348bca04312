"""Duplicate tournaments between AI levels (``rummy500 tournament``).

Each *deal group* is one seeded game (or one seeded hand) played ``N`` times
by ``N`` seats, with the AI levels rotated one seat each time: in rotation
``r`` seat ``s`` is played by entry ``(s - r) mod N`` of the level list, so
every entry plays every seat of every deal. Within a group the deals are the
same in every rotation (the game is built with the group's seed, so the
first dealer and each hand's shuffle are the same: seat ``s`` is dealt the
same cards in hand ``k`` of every rotation that reaches hand ``k``), and so
are the AIs' seeds, which belong to the seat; only the levels move. Luck of
the deal thus cancels out between levels.

Counting: a table is one game (``games`` mode) or one hand (``hands``
mode). A table is won by the level of its winning seat (the game's winner,
R21; in a single hand the seat with the highest hand score, ties split
evenly between the tied seats, so a level may win a fraction of a hand). A
level that holds several seats wins a table when any of its seats does;
``win_rate`` is the level's wins over all tables. ``points_per_hand`` is the
mean hand score (R20) of the level's seats over every hand they played.

Tables are independent and seeded, so spreading them over processes
(``jobs``) changes nothing but the decision times. For that every AI must
play by its seed alone: Hard, whose search stops at its world budget or
at a clock, whichever comes first, has no clock here (:data:`AI_OPTIONS`),
so it plays the same on any machine under any load. On a 2-core machine
of 2026 its world budget ends nine decisions in ten or more before the
clock, so it plays nearly as in a game: the few searches the clock stops
in play get their whole budget here.
"""

from __future__ import annotations

import math
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Callable, Sequence

from game.ai import make_ai
from game.play.all_computer import play_game, play_hand
from game.rules.game import Game
from game.play.processes import quiet_resource_tracker, sigint_held, stop_pool, worker_started
from game.rules.ruleset import RuleSet

Z95 = 1.959963984540054  # the standard normal quantile for a 95% interval

AI_OPTIONS: dict[str, dict] = {"hard": {"time_cap": math.inf}}
"""Per level, the :func:`~game.ai.make_ai` options that make its play depend
on its seed alone (no clock)."""


def make_player(level: str, seed: int):
    """The AI of ``level`` as a tournament plays it (see :data:`AI_OPTIONS`)."""
    return make_ai(level, seed, **AI_OPTIONS.get(level, {}))


@dataclass(frozen=True)
class Table:
    """One game (or hand) of the schedule: deal group ``group`` in rotation
    ``rotation``. Per seat: ``entries`` (which entry of the level list sits
    there), ``levels`` and ``ai_seeds``; ``deal_seed`` seeds the game."""

    group: int
    rotation: int
    deal_seed: int
    entries: tuple[int, ...]
    levels: tuple[str, ...]
    ai_seeds: tuple[int, ...]


@dataclass(frozen=True)
class TableResult:
    """What a played table gives the summary: ``hand_scores`` (per hand, per
    seat), ``winners`` (the winning seat, or the seats tied on the highest
    hand score) and ``decisions`` (``(seat, seconds)`` per AI decision)."""

    table: Table
    hand_scores: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    decisions: tuple[tuple[int, float], ...]


def _derive(*parts: object) -> int:
    """A 32-bit seed from ``parts``, the same on every platform and run."""
    return random.Random(":".join(map(str, parts))).getrandbits(32)


def groups_for(count: int, players: int) -> int:
    """Deal groups needed for ``count`` tables: ``count`` rounded up to a
    multiple of ``players``, divided by ``players``."""
    return -(-count // players)


def schedule(levels: Sequence[str], count: int, seed: int) -> list[Table]:
    """The tables for ``count`` games or hands (rounded up to a multiple of
    the number of seats) between ``levels`` (one per seat), in playing order."""
    n = len(levels)
    tables = []
    for group in range(groups_for(count, n)):
        deal_seed = _derive("deal", seed, group)
        ai_seeds = tuple(_derive("ai", seed, group, seat) for seat in range(n))
        for rotation in range(n):
            entries = tuple((seat - rotation) % n for seat in range(n))
            tables.append(Table(group, rotation, deal_seed, entries,
                                tuple(levels[e] for e in entries), ai_seeds))
    return tables


def play_table(table: Table, rules: RuleSet, games: bool,
               on_game: Callable[[Table, Game], None] | None = None) -> TableResult:
    """Play one table: a whole game when ``games`` is true, else one hand.
    ``on_game(table, game)`` sees the finished game (for tests and tools)."""
    n = len(table.levels)
    game = Game.new([f"{level} {seat + 1}" for seat, level in enumerate(table.levels)], rules,
                    seed=table.deal_seed)
    ais = {seat: make_player(table.levels[seat], table.ai_seeds[seat]) for seat in range(n)}
    decisions: list[tuple[int, float]] = []

    def timing(seat: int, seconds: float) -> None:
        decisions.append((seat, seconds))

    if games:
        play_game(game, ais, timing=timing)
        winners: tuple[int, ...] = (game.winner,)
    else:
        play_hand(game, ais, timing=timing)
        scores = [s["hand"] for s in game.hand_scores[-1]]
        winners = tuple(seat for seat in range(n) if scores[seat] == max(scores))
    if on_game is not None:
        on_game(table, game)
    hand_scores = tuple(tuple(s["hand"] for s in hand) for hand in game.hand_scores)
    return TableResult(table, hand_scores, winners, tuple(decisions))


def wilson(won: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success share ``won / n``."""
    if n <= 0:
        return 0.0, 1.0
    p = won / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 < q <= 1) of sorted values; 0 when empty."""
    if not sorted_values:
        return 0.0
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def _number(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else round(float(x), 4)


def summarize(levels: Sequence[str], results: Sequence[TableResult], games: bool) -> dict:
    """The tournament's result object (the ``--json`` output)."""
    order = list(dict.fromkeys(levels))
    won = {level: Fraction(0) for level in order}
    points = {level: 0 for level in order}
    seat_hands = {level: 0 for level in order}
    times: dict[str, list[float]] = {level: [] for level in order}
    hands = 0
    for r in results:
        at = r.table.levels
        for seat in r.winners:
            won[at[seat]] += Fraction(1, len(r.winners))
        for scores in r.hand_scores:
            hands += 1
            for seat, score in enumerate(scores):
                points[at[seat]] += score
                seat_hands[at[seat]] += 1
        for seat, seconds in r.decisions:
            times[at[seat]].append(seconds * 1000.0)
    tables = len(results)
    players = []
    for level in order:
        lo, hi = wilson(float(won[level]), tables)
        ms = sorted(times[level])
        players.append({
            "ai": level,
            "won": _number(won[level]),
            "win_rate": round(float(won[level]) / tables, 4) if tables else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "points_per_hand": round(points[level] / seat_hands[level], 3) if seat_hands[level] else 0.0,
            "decision_ms": {"p50": round(percentile(ms, 0.50), 3), "p95": round(percentile(ms, 0.95), 3),
                            "max": round(ms[-1], 3) if ms else 0.0},
        })
    return {"games": tables if games else 0, "hands": hands, "players": players}


def run_tournament(levels: Sequence[str], count: int, seed: int, rules: RuleSet | None = None,
                   games: bool = True, jobs: int = 1,
                   on_game: Callable[[Table, Game], None] | None = None) -> dict:
    """Play a duplicate tournament of ``count`` games (``games=True``) or
    single hands between ``levels`` (one per seat) and return
    :func:`summarize`'s object. ``jobs`` > 1 plays the tables in that many
    ``spawn`` processes with the same results; ``on_game`` needs ``jobs=1``.
    Raises ``ValueError`` for an unknown level or a bad count. Interrupted
    (an exception, or a signal the caller turns into one, see
    :class:`game.play.processes.StopSignals`), it stops its worker processes before
    the exception propagates."""
    rules = rules or RuleSet()
    levels = [level.lower() for level in levels]
    if count < 1:
        raise ValueError("play at least one game or hand")
    for level in dict.fromkeys(levels):
        make_player(level, 0)
    tables = schedule(levels, count, seed)
    play = partial(play_table, rules=rules, games=games)
    if jobs > 1 and len(tables) > 1:
        if on_game is not None:
            raise ValueError("on_game needs jobs=1")
        results = _play_in_pool(play, tables, min(jobs, len(tables)))
    else:
        results = [play(t, on_game=on_game) for t in tables]
    return summarize(levels, results, games)


def _play_chunk(play: Callable[[Table], TableResult], chunk: list[Table]) -> list[TableResult]:
    return [play(t) for t in chunk]


def _play_in_pool(play: Callable[[Table], TableResult], tables: list[Table],
                  workers: int) -> list[TableResult]:
    """``play`` every table in ``workers`` spawn processes, in order. Any
    exception here (a table that raised, or :class:`~game.play.processes.Stopped` /
    ``KeyboardInterrupt`` from a signal) stops every worker at once and
    cancels the tables not yet played before it propagates: no worker is
    left running or asleep."""
    quiet_resource_tracker()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=worker_started)
    size = max(1, len(tables) // (workers * 4))
    try:
        # Not pool.map: on an exception it cancels the queued futures itself,
        # and the pool's thread, finding its workers stopped, then fails on
        # them with a traceback (CPython 3.11). stop_pool cancels them.
        with sigint_held():  # the workers start on the first submits
            futures = [pool.submit(_play_chunk, play, tables[i:i + size])
                       for i in range(0, len(tables), size)]
        results = [r for f in futures for r in f.result()]
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)
    return results


def format_table(result: dict, levels: Sequence[str], seed: int) -> str:
    """The result as a readable table."""
    n = len(levels)
    if result["games"]:
        played = f"{result['games']} games ({result['hands']} hands)"
        count = result["games"]
    else:
        played = f"{result['hands']} hands"
        count = result["hands"]
    lines = [f"Rummy 500 tournament, {n} seats ({', '.join(levels)}), seed {seed}:",
             f"{played} in {count // n} deal group{'s' if count // n != 1 else ''}, each played "
             f"{n} times with the levels rotated one seat.", ""]
    header = ["level", "won", "win rate", "95% interval", "points/hand", "decision ms p50 / p95 / max"]
    rows = []
    for p in result["players"]:
        ms = p["decision_ms"]
        rows.append([p["ai"], f"{p['won']:g}", f"{p['win_rate']:.1%}",
                     f"{p['ci95'][0]:.1%} - {p['ci95'][1]:.1%}", f"{p['points_per_hand']:.1f}",
                     f"{ms['p50']:.2f} / {ms['p95']:.2f} / {ms['max']:.2f}"])
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    for r in [header] + rows:
        cells = [c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"
