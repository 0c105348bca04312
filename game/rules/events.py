"""Events: what an applied action caused, for the table scene and the game log.

Each is a small frozen dataclass; cards are record tokens (``"7H"``,
``"JK=7H"``) so events can be logged and shown without the card module.
``describe()`` gives one line of plain words for the game log.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """Base class of every event."""

    def describe(self, names: list[str]) -> str:  # pragma: no cover - overridden
        """One line of plain words; ``names`` are the players' names by seat."""
        return type(self).__name__


@dataclass(frozen=True)
class HandDealt(Event):
    """A hand was dealt (R4): ``hand`` index, ``dealer`` seat, cards each seat
    was dealt (``sizes``), the face-up ``discard`` card(s) and the ``stock`` size."""

    hand: int
    dealer: int
    sizes: tuple[int, ...]
    discard: tuple[str, ...]
    stock: int

    def describe(self, names):
        return f"Hand {self.hand + 1}: {names[self.dealer]} deals {self.sizes[0]} cards each."


@dataclass(frozen=True)
class CardDrawn(Event):
    """``seat`` drew the top card of the stock (R8.1); ``card`` is its token
    (hidden from other seats by ``PlayerView``)."""

    seat: int
    card: str

    def describe(self, names):
        return f"{names[self.seat]} draws from the stock."


@dataclass(frozen=True)
class StockReshuffled(Event):
    """The discard pile but its top card was turned over as a new stock of
    ``size`` cards (R17 ``reshuffle``)."""

    seat: int
    size: int

    def describe(self, names):
        return f"The discard pile is shuffled into a new stock of {self.size} cards."


@dataclass(frozen=True)
class DiscardTaken(Event):
    """``seat`` took ``cards`` (top of the pile last) from the discard pile
    (R8.2, R8.3); ``committed`` is the card that must be tabled (R9), or ``None``."""

    seat: int
    cards: tuple[str, ...]
    committed: str | None

    def describe(self, names):
        if len(self.cards) == 1:
            return f"{names[self.seat]} takes the {self.cards[0]} from the discard pile."
        return (f"{names[self.seat]} takes {len(self.cards)} cards from the discard pile "
                f"down to the {self.cards[0]}, which must be tabled.")


@dataclass(frozen=True)
class RummyCalled(Event):
    """``seat`` called Rummy on ``discarder``'s discard and took ``cards``
    (R18); ``committed`` must be tabled; seats in ``skipped`` miss their turn."""

    seat: int
    discarder: int
    cards: tuple[str, ...]
    committed: str
    skipped: tuple[int, ...]

    def describe(self, names):
        return f"{names[self.seat]} calls Rummy! and takes {' '.join(self.cards)}."


@dataclass(frozen=True)
class MeldTabled(Event):
    """``seat`` tabled a new meld numbered ``meld`` with ``cards`` in display order (R13)."""

    seat: int
    meld: int
    cards: tuple[str, ...]
    kind: str

    def describe(self, names):
        return f"{names[self.seat]} melds a {self.kind}: {' '.join(self.cards)}."


@dataclass(frozen=True)
class LaidOff(Event):
    """``seat`` laid ``card`` off on meld ``meld`` owned by ``owner`` (R14)."""

    seat: int
    card: str
    meld: int
    owner: int

    def describe(self, names):
        whose = "their own" if self.owner == self.seat else f"{names[self.owner]}'s"
        return f"{names[self.seat]} lays off the {self.card} on {whose} meld."


@dataclass(frozen=True)
class CommittedCardTabled(Event):
    """The committed card ``card`` of ``seat`` is now on the table (R9)."""

    seat: int
    card: str

    def describe(self, names):
        return f"{names[self.seat]} has tabled the {self.card} they had to play."


@dataclass(frozen=True)
class Discarded(Event):
    """``seat`` discarded ``card`` (R7)."""

    seat: int
    card: str

    def describe(self, names):
        return f"{names[self.seat]} discards the {self.card}."


@dataclass(frozen=True)
class Floated(Event):
    """``seat`` tabled every card and floats with an empty hand (R16 ``float``)."""

    seat: int

    def describe(self, names):
        return f"{names[self.seat]} has tabled every card and floats."


@dataclass(frozen=True)
class TurnStarted(Event):
    """It is ``seat``'s turn to draw."""

    seat: int

    def describe(self, names):
        return f"{names[self.seat]} to play."


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

    def describe(self, names):
        if self.reason == "went_out":
            return f"{names[self.went_out]} goes out. Hand {self.hand + 1} is over."
        return f"The stock is empty and nobody takes from the pile: hand {self.hand + 1} is over."


@dataclass(frozen=True)
class GameWon(Event):
    """``winner`` has the highest total once a total reached the target (R21)."""

    winner: int
    totals: tuple[int, ...]

    def describe(self, names):
        return f"{names[self.winner]} wins the game with {self.totals[self.winner]} points."
