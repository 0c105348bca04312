"""A memo for the pure tabling searches that Hard's playouts repeat.

A playout asks the same question many times: what can this hand table on
this table? Every candidate of a decision is played out in the same sampled
world, and every world keeps the searching seat's own hand, so the answer
for one card set on one table is asked again and again. :func:`memoised`
wraps such a function (``greedy_tabling``'s signature) with a bounded cache
keyed on the card set (sorted), the table's cards and layers, the rules that
change the answer, the seat, whether it has melded and the cards it keeps.
"""

from __future__ import annotations

import functools
from typing import Callable, Sequence

from ..cards import Card
from ..melds import Meld
from ..rules import RuleSet

MAX_ENTRIES = 20_000
"""Entries kept before the cache is emptied and starts again (some tens of MB at most)."""


def table_key(table: Sequence[Meld]) -> tuple:
    """A hashable key of ``table``: each meld's cards and layers (who laid each card)."""
    return tuple((tuple(m.cards), tuple(m.layers)) for m in table)


def memoised(fn: Callable) -> Callable:
    """Wrap ``fn(hand, table, rules, seat, has_meld, keep=0)``, which returns
    ``(plays, points, hand_left, table_after)``, with a bounded memo.

    Every call returns fresh lists (callers may change them); the melds in
    ``table_after`` are shared between calls and must not be changed. The
    wrapped function is ``wrapper.uncached`` and ``wrapper.cache_clear()``
    empties the memo.
    """
    cache: dict = {}

    @functools.wraps(fn)
    def wrapper(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet, seat: int,
                has_meld: bool, keep: int = 0):
        key = (tuple(sorted(hand)), table_key(table), rules.ace_wraps, rules.scoring,
               rules.layoff_requires_own_meld, seat, bool(has_meld), keep)
        hit = cache.get(key)
        if hit is None:
            if len(cache) >= MAX_ENTRIES:
                cache.clear()
            plays, points, left, after = fn(hand, table, rules, seat, has_meld, keep)
            hit = cache[key] = (tuple(plays), points, tuple(left), tuple(after))
        plays, points, left, after = hit
        return list(plays), points, list(left), list(after)

    wrapper.uncached = fn
    wrapper.cache_clear = cache.clear
    wrapper.cache = cache
    return wrapper
