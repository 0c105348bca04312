"""Events: what an applied action caused, for the table scene and the game log.

Each is a small frozen dataclass; cards are record tokens (``"7H"``,
``"JK=7H"``) so events can be logged and shown without the card module.
The words for them, in the player's language, are in
:func:`game.text.events.describe`: an event carries facts, never English.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.fast_init import fast_init


@dataclass(frozen=True)
class Event:
    """Base class of every event."""


@dataclass(frozen=True)
class HandDealt(Event):
    """A hand was dealt (R4): ``hand`` index, ``dealer`` seat, cards each seat
    was dealt (``sizes``), the face-up ``discard`` card(s) and the ``stock`` size."""

    hand: int
    dealer: int
    sizes: tuple[int, ...]
    discard: tuple[str, ...]
    stock: int


@dataclass(frozen=True)
class CardDrawn(Event):
    """``seat`` drew the top card of the stock (R8.1); ``card`` is its token
    (hidden from other seats by ``PlayerView``)."""

    seat: int
    card: str


@dataclass(frozen=True)
class StockReshuffled(Event):
    """The discard pile but its top card was turned over as a new stock of
    ``size`` cards (R17 ``reshuffle``)."""

    seat: int
    size: int


@dataclass(frozen=True)
class DiscardTaken(Event):
    """``seat`` took ``cards`` (top of the pile last) from the discard pile
    (R8.2, R8.3); ``committed`` is the card that must be tabled (R9), or ``None``."""

    seat: int
    cards: tuple[str, ...]
    committed: str | None


@dataclass(frozen=True)
class RummyCalled(Event):
    """``seat`` called Rummy on ``discarder``'s discard and took ``cards``
    (R18); ``committed`` must be tabled; seats in ``skipped`` miss their turn."""

    seat: int
    discarder: int
    cards: tuple[str, ...]
    committed: str
    skipped: tuple[int, ...]


@dataclass(frozen=True)
class MeldTabled(Event):
    """``seat`` tabled a new meld numbered ``meld`` with ``cards`` in display order (R13)."""

    seat: int
    meld: int
    cards: tuple[str, ...]
    kind: str


@dataclass(frozen=True)
class LaidOff(Event):
    """``seat`` laid ``card`` off on meld ``meld`` owned by ``owner`` (R14)."""

    seat: int
    card: str
    meld: int
    owner: int


@dataclass(frozen=True)
class CommittedCardTabled(Event):
    """The committed card ``card`` of ``seat`` is now on the table (R9)."""

    seat: int
    card: str


@dataclass(frozen=True)
class Discarded(Event):
    """``seat`` discarded ``card`` (R7)."""

    seat: int
    card: str


@dataclass(frozen=True)
class Floated(Event):
    """``seat`` tabled every card and floats with an empty hand (R16 ``float``)."""

    seat: int


@dataclass(frozen=True)
class TurnStarted(Event):
    """It is ``seat``'s turn to draw."""

    seat: int


@dataclass(frozen=True)
class HandEnded(Event):
    """Hand ``hand`` ended: ``reason`` is ``"went_out"`` or ``"stock_out"``
    (R16, R17); ``went_out`` the seat or ``None``; ``scores`` each seat's
    hand score and ``totals`` the running totals (R20)."""

    hand: int
    reason: str
    went_out: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameWon(Event):
    """``winner`` has the highest total once a total reached the target (R21)."""

    winner: int
    totals: tuple[int, ...]


for _kind in (HandDealt, CardDrawn, StockReshuffled, DiscardTaken, RummyCalled, MeldTabled, LaidOff,
              CommittedCardTabled, Discarded, Floated, TurnStarted, HandEnded, GameWon):
    fast_init(_kind)  # every applied action makes one or more, playouts included
