"""Memoised meld tables for the AI's searches (speed only; same answers).

The exact going-out search (:mod:`game.ai.going_out`) asks for every meld of
a hand at every position it visits, and Hard's playouts ask it for hands
that differ by a card or two again and again. The meld table of a card set
does not change, so it is kept, keyed on the sorted cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ..cards import Card
from ..plays import all_meld_options

CACHE_SIZE = 8192
"""Card sets whose meld tables are kept (least recently used go first)."""


def meld_options(hand: Sequence[Card], ace_wraps: bool) -> tuple[tuple[Card, ...], ...]:
    """:func:`game.plays.all_meld_options` of ``hand`` (every meld under every
    joker declaration, R11, R12, R15), from the memo when the same cards were
    asked before. A tuple: callers must not change it."""
    return _options(tuple(sorted(hand)), ace_wraps)


@lru_cache(maxsize=CACHE_SIZE)
def _options(cards: tuple[Card, ...], ace_wraps: bool) -> tuple[tuple[Card, ...], ...]:
    return tuple(all_meld_options(cards, ace_wraps))
