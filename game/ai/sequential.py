"""The stopping rule of Hard's search: stop when the leader is clear.

Every candidate of a decision is played out in the same sampled worlds with
the same playout seeds (common random numbers), so the difference between
two candidates' results in one world is one paired sample. A candidate is
dropped once the leader beats it by more than :data:`Z` standard errors of
the paired differences (after at least :data:`MIN_WORLDS` worlds), and the
search stops when one candidate is left. At the end the search overrules
the first candidate (the evaluation's own choice) only when its best beats
it by :data:`Z_OVERRULE` standard errors, or by :data:`Z_CLEAR` where the
evaluation's choice should stand unless the search is sure
(:func:`overrules`). Scores are points (a hand's score against the other
seats').
"""

from __future__ import annotations

import math
from typing import Sequence

MIN_WORLDS = 8
"""Worlds searched before any candidate may be dropped."""

Z = 2.5
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


Z_CLEAR = 2.5
"""Standard errors of a clear lead: the bar for overruling a choice of the
evaluation that should stand unless the search is sure (Hard: holding back
a meld or lay-off Medium tables, issue 25 item 3)."""

Z_OVERRULE = 1.0
"""Standard errors by which a candidate must beat the first one (the
evaluation's own choice) for the search to overrule it, at every table.
Measured in decision labs (issue 25): on 1,281 two-player and 320
four-player decisions, every legal option played out to the end of the
hand in 80 (60) worlds the pick never saw, the search over every option
gains 1.81 and 1.37 points a decision over Medium's choice at this bar;
at 2.5 (the bar with three players or more before) the four-player gain
was 0.84. With two players, 0.5 let noise decide (issue 11). The bar is
applied to the best of up to five survivors, in worlds that also picked
them, so with options that are truly equal it overrules Medium's choice
far more often than one time in six (about 40 % with five, by
simulation); the gains above are measured end to end, selection
included, in worlds the pick never saw."""


def overrules(results: Sequence[Sequence[float]], best: int, first: int = 0, bar: float = Z_OVERRULE) -> bool:
    """True when candidate ``best`` beats candidate ``first`` in the worlds
    searched by more than ``bar`` standard errors of the paired
    differences (:data:`Z_OVERRULE`, or :data:`Z_CLEAR`): only
    then does the search contradict the evaluation (see
    :data:`Z_OVERRULE` for what the bar does and does not guard against)."""
    if best == first:
        return False
    n = min(len(results[best]), len(results[first]))
    if n < 2:
        return False
    return lead(results[best][:n], results[first][:n]) > bar
