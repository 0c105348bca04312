"""Discards that do not feed an opponent (issue 11, kind 4).

A discard is open to the next player's draw and to everyone's Rummy call
(R8.2, R18). Every level that discards with care weighs, per card, what it
costs to keep (its points, R19) against what it gives away: a card an
opponent has shown it wants (it took cards from the pile that meld with it)
or a card that fits a meld on the table, the more so the closer that
opponent is to going out; and, in the endgame, a high card that opponent
could use: with two cards, any that could still meld with cards not yet
seen; with one, only one it could go out on (issue 25), so a safe card
goes first and the highest card nobody can use is shed. These helpers see only a
:class:`~game.rules.view.PlayerView`.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from game.rules.cards import JOKER, Card, declared, rank_of, suit_of
from game.rules.melds import RUN, Meld, hand_value, open_cards
from game.rules.view import PlayerView
from game.ai.evaluate import fits_table, relates, suit_gap, usefulness, usefulness_in

FEED_KNOWN = 10.0
"""Charge per card an opponent is known to hold that the discard melds with."""

FEED_TABLE = 25.0
"""Charge for a discard that can be laid off on the table (R14)."""

FEED_SHORT = 12.0
"""Charge for a high card (10 points or more, R19) that an opponent close to
going out could use, per card below three that opponent holds: with two
cards, any card that could still meld with unseen cards (:func:`live`);
with one, only a card it could go out on (:func:`reachable`)."""

HIGH_CARD = 10
"""Points (R19) from which a card counts as high for :data:`FEED_SHORT`."""


def pressure(hand_size: int) -> float:
    """How near an opponent with ``hand_size`` cards is to going out: 1 for
    three cards or more, 2 with two, 3 with one (or none: it floats)."""
    return 1.0 + max(0, 3 - max(hand_size, 1))


def opponents(view: PlayerView) -> list[int]:
    """The other seats, in turn order after ``view.seat``."""
    return [(view.seat + i) % view.players for i in range(1, view.players)]


def wanted_by(card: Card, view: PlayerView) -> float:
    """How much each opponent has shown it wants ``card``: per opponent, the
    cards it took from the pile and still holds that meld with ``card``
    (same rank, or same suit within two ranks), weighted by its
    :func:`pressure`; a same-rank card it took counts double (it holds a
    pair or set of it)."""
    return _wanted(card, wanting(view), view.rules.ace_wraps)


def wanting(view: PlayerView) -> list[tuple[tuple[Card, ...], float]]:
    """Per opponent known to hold cards (``view.known``), in turn order after
    ``view.seat``: those cards and the opponent's :func:`pressure` (what
    :func:`wanted_by` weighs; worked out once for a whole discard ranking)."""
    return [(view.known[s], pressure(view.hand_sizes[s])) for s in opponents(view) if view.known[s]]


def _wanted(card: Card, known_by: list[tuple[tuple[Card, ...], float]], aw: bool) -> float:
    """:func:`wanted_by` given :func:`wanting` of the view."""
    total = 0.0
    for known, press in known_by:
        near = relates(card, known, aw)
        if card != JOKER:  # a known card of its rank in another suit counts again (rank_of, suit_of of naturals)
            near += sum(1 for c in known if c != JOKER and c % 13 == card % 13 and c // 13 != card // 13)
        total += near * press
    return total


def closest_opponent(view: PlayerView) -> int:
    """The fewest cards any opponent holds."""
    return min((view.hand_sizes[s] for s in opponents(view)), default=10)


def unseen(view: PlayerView) -> Counter:
    """The cards that could still meld with a discard: those ``view`` has not
    seen (:meth:`~game.rules.view.PlayerView.unseen`) and those opponents are known
    to hold. A :class:`collections.Counter` of card codes."""
    hidden = view.unseen()
    for s in opponents(view):
        hidden.update(view.known[s])
    return hidden


_LAST_UNSEEN: list = [(None, Counter(), [])]
"""The last view :func:`_unseen_once` counted, with its answer: one tuple,
read and replaced in one step (safe beside another thread)."""


def _unseen_once(view: PlayerView) -> tuple[Counter, list[Card]]:
    """:func:`unseen` of ``view`` and its cards as a list (a card twice when
    two are unseen), counted once a view: one view's discards are weighed
    card by card, and :func:`live` and :func:`reachable` both ask."""
    last = _LAST_UNSEEN[0]
    if last[0] is not view:
        hidden = unseen(view)
        last = (view, hidden, list(hidden.elements()))
        _LAST_UNSEEN[0] = last
    return last[1], last[2]


def live(card: Card, view: PlayerView) -> bool:
    """True when ``card`` could still meld with cards ``view`` has not seen
    (:func:`unseen`): an unseen joker, another suit of its rank, or a suit
    neighbour within two ranks. A card with none of these is dead: it feeds
    no one but by a lay-off (charged apart)."""
    hidden, cards = _unseen_once(view)
    if hidden[JOKER] or card == JOKER:
        return True
    return relates(card, cards, view.rules.ace_wraps) > 0


def reachable(card: Card, view: PlayerView, table: Sequence[Meld]) -> bool:
    """True when an opponent holding one card could go out on ``card``
    discarded (the endgame of issue 25). Taken alone it must be tabled (R10:
    it cannot go straight back) and two cards make no meld, so it must be
    laid off: it fits a meld on the table (R14), or it would once an unseen
    card, perhaps the opponent's last, is laid off beside it (a run's next
    card but one). Taken with the pile card or two under it (R8.3), it must
    meld with them. A joker is always reachable."""
    if card == JOKER:
        return True
    rules = view.rules
    aw = rules.ace_wraps
    if fits_table(card, table, rules) or relates(card, view.discard[-2:], aw):
        return True
    hidden = _unseen_once(view)[0]
    for m in table:
        if m.kind != RUN:
            continue
        for o in open_cards(m, aw):
            if o != JOKER and hidden[o] and suit_of(o) == suit_of(card) and suit_gap(card, o, aw) == 1 \
                    and card not in open_cards(m, aw) and rank_of(card) not in _run_ranks(m):
                return True
    return False


def _run_ranks(m: Meld) -> set[int]:
    """The ranks a run on the table already holds."""
    return {rank_of(declared(t)) for t in m.cards}


def short_risk(card: Card, view: PlayerView, table: Sequence[Meld]) -> float:
    """How many times :data:`FEED_SHORT` discarding the high ``card`` costs:
    per opponent close to going out, 1 with two cards when ``card`` is
    :func:`live`, 2 with one card (or none: it floats) when it is
    :func:`reachable`; the most of these, 0 when nobody is close."""
    risk = 0.0
    for s in opponents(view):
        n = view.hand_sizes[s]
        if n == 2 and risk < 1 and live(card, view):
            risk = 1.0
        elif n <= 1 and reachable(card, view, table):
            return 2.0
    return risk


def feed_charge(card: Card, view: PlayerView, table: Sequence[Meld]) -> float:
    """What discarding ``card`` risks giving away (points-like, >= 0): a
    lay-off on the table (R14) and the cards opponents are known to want,
    both weighted by how close the nearest opponent is to going out; and,
    while an opponent holds two cards or fewer, a high card it could use
    (:func:`short_risk`, :data:`FEED_SHORT`)."""
    return _charge(card, view, pressure(closest_opponent(view)), fits_table(card, table, view.rules), True, table)


def _charge(card: Card, view: PlayerView, press: float, fits: bool, anyone_known: bool,
            table: Sequence[Meld]) -> float:
    """:func:`feed_charge` given the closest opponent's :func:`pressure`,
    whether ``card`` fits the table, and whether any opponent is known to
    hold a card (when none is, nothing is wanted)."""
    charge = FEED_KNOWN * wanted_by(card, view) if anyone_known else 0.0
    if fits:
        charge += FEED_TABLE * press
    if press > 1 and card != JOKER and hand_value(card, view.rules.scoring) >= HIGH_CARD:
        charge += FEED_SHORT * short_risk(card, view, table)
    return charge


def discard_value(card: Card, view: PlayerView, table: Sequence[Meld]) -> float:
    """Higher is a better discard: the card's points (R19) less what it
    does for the rest of the hand (pairs, neighbours) and less
    :func:`feed_charge`. A joker is never a good discard."""
    return discard_values([card], view, table)[card]


def discard_values(cards: Sequence[Card], view: PlayerView, table: Sequence[Meld]) -> dict[Card, float]:
    """:func:`discard_value` of each of ``cards`` (``{card: value}``), with
    what every card shares (the closest opponent, the table's open cards,
    :func:`wanting`, the hand for :func:`~game.ai.evaluate.usefulness`) worked out once: a discard ranking asks for every card of the hand,
    and every playout step of Hard's search ranks one."""
    rules = view.rules
    aw = rules.ace_wraps
    scoring = rules.scoring
    press = pressure(closest_opponent(view))
    open_now: set[Card] = set()
    for m in table:
        open_now.update(open_cards(m, aw))
    known_by = wanting(view)
    useful = usefulness_in(view.hand, rules)
    values: dict[Card, float] = {}
    for card in cards:
        if card == JOKER:
            values[card] = -100.0
            continue
        points = hand_value(card, scoring)
        charge = FEED_KNOWN * _wanted(card, known_by, aw) if known_by else 0.0
        if card in open_now:
            charge += FEED_TABLE * press
        if press > 1 and points >= HIGH_CARD:
            charge += FEED_SHORT * short_risk(card, view, table)
        values[card] = points - useful(card) - charge
    return values


def loose_cards(hand: Sequence[Card], view: PlayerView) -> list[Card]:
    """Cards of ``hand`` that help nothing else in it (no pair, no suit
    neighbour within two ranks), jokers never."""
    return [c for c in hand if c != JOKER and usefulness(c, hand, view.rules) == 0]
