"""The stopping rule of Hard's search: stop when the leader is clear.

Every candidate of a decision is played out in the same sampled worlds with
the same playout seeds (common random numbers), so the difference between
two candidates' results in one world is one paired sample. A candidate is
dropped once the leader beats it by more than :data:`Z` standard errors of
the paired differences (after at least :data:`MIN_WORLDS` worlds), and the
search stops when one candidate is left. Scores are points (a hand's score
against the best other seat's).
"""

from __future__ import annotations

import math
from typing import Sequence

MIN_WORLDS = 8
"""Worlds searched before any candidate may be dropped."""

Z = 2.0
"""Standard errors by which the leader must lead (about 98% one-sided)."""

MIN_SPREAD = 2.0
"""Points: the least standard deviation assumed for the paired differences,
so that a few identical results do not make a tiny lead look certain."""


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
        diffs = [a - b for a, b in zip(results[leader][:n], results[j][:n])]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        spread = max(math.sqrt(var), MIN_SPREAD)
        if mean > Z * spread / math.sqrt(n):
            worse.append(j)
    return worse
