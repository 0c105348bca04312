"""Hands that circle: every seat draws the one reshuffled card and throws it
back, turn after turn (issue 13, item 13).

Under ``empty_stock = reshuffle`` without a ``reshuffle_limit`` (R17) a hand
can only end by someone going out or emptying the pile onto the table. Each
level's careful discards (keep what helps, never feed an opponent) can then
hold the table in a loop for ever. Once the pile has been turned over
:data:`CIRCLING_RESHUFFLES` times in the hand, the levels play toward an end
instead: take the pile when that tables a card, table what they can, and
discard at random among the legal discards so that the cards move on.
"""

from __future__ import annotations

import random

from game.rules.actions import Action, Discard, TakeDiscards
from game.rules.cards import JOKER
from game.rules.hand import HandState
from game.rules.view import PlayerView

CIRCLING_RESHUFFLES = 3


def circling(view: PlayerView) -> bool:
    """True when ``view``'s hand has turned the pile over often enough to be
    taken as circling (R17 ``reshuffle`` variant; never under ``end``)."""
    return view.rules.empty_stock == "reshuffle" and view.reshuffles >= CIRCLING_RESHUFFLES


def ending_take(view: PlayerView, world: HandState) -> TakeDiscards | None:
    """The deepest legal take of more than one pile card (the engine only
    allows it when the deepest card can be tabled this turn, R9), or ``None``."""
    for k in range(len(view.discard), 1, -1):
        take = TakeDiscards(view.seat, k)
        if world.is_legal(take):
            return take
    return None


def unsticking_discard(view: PlayerView, world: HandState, rng: random.Random) -> Action | None:
    """A legal discard picked at random (a joker only when nothing else is
    legal), so that a circling table stops repeating itself; ``None`` when
    no discard is legal."""
    discards = [Discard(view.seat, c) for c in sorted(set(view.hand)) if world.is_legal(Discard(view.seat, c))]
    plain = [d for d in discards if d.card != JOKER] or discards
    return rng.choice(plain) if plain else None
