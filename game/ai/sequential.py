"""The stopping rule of Hard's search: stop when the leader is clear.

Every candidate of a decision is played out in the same sampled worlds with
the same playout seeds (common random numbers), so the difference between
two candidates' results in one world is one paired sample. A candidate is
dropped once the leader beats it by more than :data:`Z` standard errors of
the paired differences (after at least :data:`MIN_WORLDS` worlds), and the
search stops when one candidate is left. At the end the search overrules
the first candidate (the evaluation's own choice) only when its best beats
it by :data:`Z_SWITCH` standard errors (:data:`Z_SWITCH_TWO_PLAYERS` with
two players; :func:`overrules`). Scores are points (a hand's score against
the other seats').
"""

from __future__ import annotations

import math
from typing import Sequence

MIN_WORLDS = 12
"""Worlds searched before any candidate may be dropped."""

Z = 3.0
"""Standard errors by which the leader must lead (the results have heavy tails: a world where someone goes out swings them far, so the bar is high)."""

MIN_SPREAD = 2.0
"""Points: the least standard deviation assumed for the paired differences,
so that a few identical results do not make a tiny lead look certain."""


def lead(a: Sequence[float], b: Sequence[float]) -> float:
    """How many standard errors ``a`` leads ``b`` by: the mean of the paired
    differences over its standard error (the spread at least :data:`MIN_SPREAD`).
    Needs two results or more of each."""
    n = min(len(a), len(b))
    diffs = [x - y for x, y in zip(a[:n], b[:n])]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean / (max(math.sqrt(var), MIN_SPREAD) / math.sqrt(n))


def clearly_worse(results: Sequence[Sequence[float]], alive: Sequence[int]) -> list[int]:
    """The candidates of ``alive`` that the leader clearly beats.

    ``results[i]`` holds candidate ``i``'s score in each world so far (the
    same worlds, in the same order, for every alive candidate). Returns
    indices into ``results``; never the leader, and nothing before
    :data:`MIN_WORLDS` worlds.
    """
    n = min(len(results[i]) for i in alive)
    if n < MIN_WORLDS or len(alive) < 2:
        return []
    leader = max(alive, key=lambda i: (sum(results[i][:n]), -i))
    worse = []
    for j in alive:
        if j == leader:
            continue
        if lead(results[leader][:n], results[j][:n]) > Z:
            worse.append(j)
    return worse


Z_SWITCH = 2.5
"""Standard errors by which a candidate must beat the first one (the
evaluation's own choice) for the search to overrule it, with three players
or more."""

Z_SWITCH_TWO_PLAYERS = 1.0
"""The same bar with two players. Measured in a decision lab (what
``benchmarks/decision_lab.py`` runs) on 1,213 of Hard's two-player
decisions: with six-turn playouts (:func:`game.ai.hard.playout_turns`),
overruling at 1 standard error gains 0.77 points a decision over Medium's
choice, at 2.5 only 0.56 (the high bar kept Medium's choice where the
search was right to leave it); at 0.5 noise starts to decide (0.68)."""


def overrules(results: Sequence[Sequence[float]], best: int, first: int = 0, bar: float = Z_SWITCH) -> bool:
    """True when candidate ``best`` beats candidate ``first`` in the worlds
    searched by more than ``bar`` standard errors of the paired
    differences (:data:`Z_SWITCH`, or :data:`Z_SWITCH_TWO_PLAYERS`): only
    then does the search contradict the evaluation, so a close call between
    two options is not decided by the sampling noise."""
    if best == first:
        return False
    n = min(len(results[best]), len(results[first]))
    if n < 2:
        return False
    return lead(results[best][:n], results[first][:n]) > bar
