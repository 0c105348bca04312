"""Actions: everything a seat can do, as small frozen dataclasses.

Cards are card codes (:mod:`game.rules.cards`). ``to_record()`` gives the action's
object in a game record (``game-record.md``); :func:`action_from_record`
reads one back.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Card, CardTokenError, card_token, parse_card
from game.rules.fast_init import fast_init


@dataclass(frozen=True)
class Action:
    """Base class: ``seat`` is the acting seat (``p`` in a record)."""

    seat: int

    def to_record(self) -> dict:  # pragma: no cover - overridden
        """This action as a record object."""
        raise NotImplementedError


@dataclass(frozen=True)
class DrawStock(Action):
    """R8.1: take the top card of the stock (R17 ``reshuffle``: the pile is
    turned over first when the stock is empty)."""

    def to_record(self):
        return {"p": self.seat, "draw": "stock"}


@dataclass(frozen=True)
class TakeDiscards(Action):
    """R8.2 / R8.3: take the top ``count`` cards of the discard pile; with
    ``count > 1`` the deepest is committed (R9)."""

    count: int

    def to_record(self):
        return {"p": self.seat, "take": self.count}


@dataclass(frozen=True)
class TableMeld(Action):
    """R13: table a new meld; ``cards`` are tabled codes (jokers declared, R15)."""

    cards: tuple[Card, ...]

    def to_record(self):
        return {"p": self.seat, "meld": [card_token(c) for c in self.cards]}


@dataclass(frozen=True)
class LayOff(Action):
    """R14: lay ``card`` (a tabled code; a joker declared) off on meld number ``meld``."""

    card: Card
    meld: int

    def to_record(self):
        return {"p": self.seat, "layoff": card_token(self.card), "onto": self.meld}


@dataclass(frozen=True)
class Discard(Action):
    """R7: discard ``card`` from the hand, ending the turn (R16: going out if it was the last)."""

    card: Card

    def to_record(self):
        return {"p": self.seat, "discard": card_token(self.card)}


@dataclass(frozen=True)
class CallRummy(Action):
    """R18: call Rummy and take the top ``count`` cards of the discard pile."""

    count: int

    def to_record(self):
        return {"p": self.seat, "rummy": self.count}


@dataclass(frozen=True)
class EndHand(Action):
    """R17: decline the discard pile with the stock empty; the hand ends."""

    def to_record(self):
        return {"p": self.seat, "end": True}


for _kind in (DrawStock, TakeDiscards, TableMeld, LayOff, Discard, CallRummy, EndHand):
    fast_init(_kind)  # the searches make actions by the thousand

_KINDS = ("draw", "take", "meld", "layoff", "discard", "rummy", "end")
ACTION_KINDS = frozenset(_KINDS)
"""The keys that name what an action does (each action has exactly one)."""
ACTION_KEYS = ACTION_KINDS | {"p", "onto"}
"""Every key an action object may hold in this version."""


class ActionFormatError(ValueError):
    """A record action object that is not well formed; the message says what."""


def _show(value) -> str:
    text = ascii(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value, what):
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionFormatError(f"{what} must be a whole number, not {_show(value)}")
    return value


def action_from_record(obj: object, players: int) -> Action:
    """Read one record action object (``{"p": 0, "draw": "stock"}`` …).

    Raises :class:`ActionFormatError` for an unknown or missing key, a value
    of the wrong type, a seat that does not exist or an unknown card token.
    Out-of-range counts (``take: 0``) are left to the engine (``bad_take``).
    """
    if not isinstance(obj, dict):
        raise ActionFormatError("an action must be an object like {\"p\": 0, \"draw\": \"stock\"}")
    if "p" not in obj:
        raise ActionFormatError("the action has no seat \"p\"")
    seat = _whole(obj["p"], "\"p\"")
    if not 0 <= seat < players:
        raise ActionFormatError(f"\"p\": {seat} is not a seat (seats are 0 to {players - 1})")
    kinds = [k for k in obj if k in _KINDS]
    extra = [k for k in obj if k not in _KINDS and k not in ("p", "onto")]
    if extra:
        raise ActionFormatError(f"unknown key {_show(extra[0])}")
    if len(kinds) != 1:
        raise ActionFormatError("an action needs exactly one of " + ", ".join(_KINDS))
    kind = kinds[0]
    if "onto" in obj and kind != "layoff":
        raise ActionFormatError("\"onto\" goes only with \"layoff\"")
    value = obj[kind]
    try:
        if kind == "draw":
            if value != "stock":
                raise ActionFormatError(f"\"draw\" must be \"stock\", not {_show(value)}")
            return DrawStock(seat)
        if kind == "take":
            return TakeDiscards(seat, _whole(value, "\"take\""))
        if kind == "rummy":
            return CallRummy(seat, _whole(value, "\"rummy\""))
        if kind == "end":
            if value is not True:
                raise ActionFormatError(f"\"end\" must be true, not {_show(value)}")
            return EndHand(seat)
        if kind == "discard":
            return Discard(seat, parse_card(value))
        if kind == "meld":
            if not isinstance(value, list):
                raise ActionFormatError("\"meld\" must be a list of cards")
            return TableMeld(seat, tuple(parse_card(v, tabled=True) for v in value))
        if "onto" not in obj:
            raise ActionFormatError("\"layoff\" needs \"onto\", the meld's number")
        return LayOff(seat, parse_card(value, tabled=True), _whole(obj["onto"], "\"onto\""))
    except CardTokenError as exc:
        raise ActionFormatError(str(exc)) from None
