"""The places at the table a person can point at, drop cards on, or focus
with the keys, as typed values (issue 14, part 2).

The table's gesture code (:mod:`scenes.table.person_input`) turns pixels into one
of these; the intent layer (:mod:`game.intent.drops`) turns "these cards onto this
target" into engine actions. No pygame here: a target is a place in the
game, not a rectangle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class Stock:
    """The stock (R8.1): click, drag or Enter there draws its top card."""


@dataclass(frozen=True)
class DiscardPile:
    """The discard pile as a whole, as a drop target: a drop there discards
    the one dragged card (R10)."""


@dataclass(frozen=True)
class PileCard:
    """The discard-pile card at ``index`` (0 = the bottom card): taking it
    takes every card above it too (R8.2, R9); in a Rummy window it calls
    Rummy at that depth (R18); with Enter in the play phase it discards."""

    index: int


@dataclass(frozen=True)
class NewMeld:
    """The felt (the person's own melds area): a drop there tables the cards
    as a new meld (R11-R13, R15)."""


@dataclass(frozen=True)
class OnMeld:
    """The table meld at ``meld`` (its index in ``HandState.table``): a drop
    there lays the cards off on it (R14)."""

    meld: int


@dataclass(frozen=True)
class HandSlot:
    """A place in the person's hand, at display position ``index`` (0 = the
    leftmost card; ``len(hand)`` = after the last): a drop there reorders,
    a press there starts selecting or dragging that card."""

    index: int


#: Any place of the table (see the classes above).
Target = Union[Stock, DiscardPile, PileCard, NewMeld, OnMeld, HandSlot]
