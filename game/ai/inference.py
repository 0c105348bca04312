"""What an opponent's public play says about its hidden cards (Hard's worlds).

Every world Hard searches deals the unseen cards at random
(:func:`game.rules.view.sample_world`), but the hand's public log says more: an
opponent that drew from the stock while a card lay on top of the discard
pile passed that card up, and one that discarded a card did not hold two
cards that meld with it (it would have tabled the meld). A world where an
opponent holds such cards is unlikely; :class:`Evidence` reads those facts
from the log once per decision, and :func:`sample_likely_world` draws worlds
until one fits them (each fact a world breaks lowers its chance by
:data:`BREAK_WEIGHT` with two players, by :data:`MANY_PLAYER_WEIGHT` with
more: :func:`weighting`). It reads only the view's public history, so Hard stays
honest: nothing here looks at a hidden card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.rules.cards import JOKER, Card
from game.rules.hand import HandState
from game.rules.meld_masks import could_meld_with
from game.rules.view import PlayerView, sample_world

BREAK_WEIGHT = 0.35
"""How much less likely a world is per fact of the log it breaks (an
opponent holding a meld with a card it passed up or threw away)."""

MAX_DRAWS = 12
"""Worlds drawn at most for one sample; past it, the one breaking the fewest facts."""

MANY_PLAYER_WEIGHT = 0.15
""":data:`BREAK_WEIGHT` with three players or more, calibrated with
:data:`MANY_PLAYER_DRAWS` so that Hard's worlds break about as many facts
as the true hands do: over 211 four-player positions of Medium games (seat
0 to move, some fact known) the true hands broke 0.08 facts a position,
worlds drawn with 0.35 and 12 draws 0.22, with 0.15 and 24 draws 0.09 (a
sample took about 74 microseconds against 66)."""

MANY_PLAYER_DRAWS = 24
""":data:`MAX_DRAWS` with three players or more (see :data:`MANY_PLAYER_WEIGHT`)."""


def weighting(players: int) -> tuple[float, int]:
    """(weight per broken fact, most draws) for a table of ``players``:
    :data:`BREAK_WEIGHT` and :data:`MAX_DRAWS` with two,
    :data:`MANY_PLAYER_WEIGHT` and :data:`MANY_PLAYER_DRAWS` with more."""
    return (BREAK_WEIGHT, MAX_DRAWS) if players == 2 else (MANY_PLAYER_WEIGHT, MANY_PLAYER_DRAWS)


RECENT = 6
"""Facts kept per opponent: its most recent ones (older ones say less about
the hand it holds now: it has drawn since)."""


@dataclass
class Evidence:
    """Per seat, the cards it passed up (drew from the stock while the card
    lay on top of the pile) and the cards it discarded, most recent last;
    read from ``view.history`` (R8, R8.2)."""

    passed: dict[int, list[Card]] = field(default_factory=dict)
    thrown: dict[int, list[Card]] = field(default_factory=dict)

    @classmethod
    def of(cls, view: PlayerView) -> "Evidence":
        """The facts of ``view``'s public log, for every seat but its own.
        The pile is followed from the log's own discards and takes; a card
        below the first one the log shows is never assumed."""
        ev = cls()
        pile: list[Card] = []
        for entry in view.history:
            kind = entry[0]
            if kind == "discard":
                pile.append(entry[2])
                ev.thrown.setdefault(entry[1], []).append(entry[2])
            elif kind in ("take", "rummy"):
                n = len(entry[2])
                del pile[max(0, len(pile) - n):]
            elif kind == "draw" and pile:
                ev.passed.setdefault(entry[1], []).append(pile[-1])
        ev.passed.pop(view.seat, None)
        ev.thrown.pop(view.seat, None)
        for facts in (ev.passed, ev.thrown):
            for s in facts:
                facts[s] = [c for c in facts[s][-RECENT:] if c != JOKER]
        return ev

    def empty(self) -> bool:
        """True when the log says nothing about any opponent's cards."""
        return not any(self.passed.values()) and not any(self.thrown.values())

    def breaks(self, world: HandState, view: PlayerView) -> int:
        """How many facts ``world``'s hidden hands break: per opponent, each
        card it passed up or threw that its hand there could meld with."""
        aw = view.rules.ace_wraps
        count = 0
        for facts in (self.passed, self.thrown):
            for s, cards in facts.items():
                hand = world.hands[s]
                for c in cards:
                    if c not in hand and could_meld_with(hand + [c], c, aw):
                        count += 1
        return count


def sample_likely_world(view: PlayerView, rng: random.Random, evidence: Evidence) -> HandState:
    """A world consistent with ``view`` (:func:`~game.rules.view.sample_world`)
    that fits ``evidence``: each world drawn is kept with chance
    ``weight ** breaks``; after the most draws, the one that broke the
    fewest facts (the weight and the draws: :func:`weighting` of the
    table's players)."""
    if evidence.empty():
        return sample_world(view, rng)
    weight, draws = weighting(view.players)
    best: tuple[int, HandState] | None = None
    for _ in range(draws):
        world = sample_world(view, rng)
        broken = evidence.breaks(world, view)
        if broken == 0 or rng.random() < weight ** broken:
            return world
        if best is None or broken < best[0]:
            best = (broken, world)
    assert best is not None
    return best[1]
