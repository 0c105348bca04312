"""Going out: an exact search for the split of a hand among new melds and
lay-offs that empties it, or empties it but one card to discard (R13, R14,
R15, R16; issue 11, kind 2).

Greedy tabling takes the most valuable meld first and can strand cards: with
2C 3C 4C 3D 3H 3S and 3C it melds the four threes and keeps 2C 4C. When a
hand is small the search below tries every meld (one declaration per choice of cards)
and every lay-off, memoised on the cards left and the table, and finds the
partition that goes out if there is one. It sees only the seat's own hand
and the table, so it is as honest as the view it is given.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Sequence

from game.rules.cards import JOKER, JOKER_TABLED, Card, in_hand_card, joker_as
from game.rules.melds import RUN, Meld, enumerate_melds, hand_value, open_cards
from game.rules.meld_masks import could_meld_with
from game.rules.actions import LayOff, TableMeld
from game.rules.turn_search import Play, simulate
from game.rules.ruleset import RuleSet

MAX_HAND = 11
"""The largest hand the search looks at (a bigger one rarely goes out this
turn, and greedy tabling serves it)."""

NODE_BUDGET = 400
"""Positions one search visits at most; past it the search gives up (no
plan), so a decision stays quick whatever the hand."""

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 4096


class _Budget(Exception):
    pass


def _could_table(card: Card, hand: Sequence[Card], table: Sequence[Meld], aw: bool) -> bool:
    """A necessary condition for tabling ``card`` this turn (cheap)."""
    if card == JOKER:
        return len(hand) >= 3 or any(open_cards(m, aw) for m in table)
    if could_meld_with(hand, card, aw):
        return True
    s = card // 13
    return any(card in open_cards(m, aw) or (m.kind == RUN and m.suit == s) for m in table)


def _moves(hand: Sequence[Card], table: Sequence[Meld], aw: bool, layoffs: bool, seat: int) -> list[Play]:
    """Every meld from ``hand`` (one joker declaration per choice of cards,
    as :func:`~game.rules.melds.enumerate_melds` lists them), melds with fewer
    jokers first, then every lay-off (a joker as each open card the hand
    does not hold), as actions of ``seat``."""
    melds = sorted(enumerate_melds(hand, aw),
                   key=lambda m: (sum(t >= JOKER_TABLED for t in m), -len(m)))
    moves: list[Play] = [TableMeld(seat, m) for m in melds]
    if layoffs:
        held = set(hand)
        for i, m in enumerate(table):
            for o in open_cards(m, aw):
                if o in held:
                    moves.append(LayOff(seat, o, i))
        if JOKER in held:
            for i, m in enumerate(table):
                for o in open_cards(m, aw):
                    if o not in held:
                        moves.append(LayOff(seat, joker_as(o), i))
    return moves


def table_everything(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet, seat: int,
                     has_meld: bool, nodes: list[int] | None = None) -> list[Play] | None:
    """Plays (:class:`~game.rules.actions.TableMeld` / :class:`~game.rules.actions.LayOff`
    of ``seat``, legal one after another) that table every card of ``hand``, or ``None`` when no
    split does (or the hand holds more than :data:`MAX_HAND` cards, or the
    search ran past :data:`NODE_BUDGET`; ``nodes``, a one-item list, shares
    that budget between several searches). Under R14's
    ``layoff_requires_own_meld`` a lay-off waits for a meld of the seat's own."""
    aw = rules.ace_wraps
    if not hand:
        return []
    if len(hand) > MAX_HAND or any(not _could_table(c, hand, table, aw) for c in set(hand)):
        return None
    failed: set = set()
    nodes = [0] if nodes is None else nodes

    def dfs(hand: list[Card], table: list[Meld], has_meld: bool) -> list[Play] | None:
        if not hand:
            return []
        nodes[0] += 1
        if nodes[0] > NODE_BUDGET:
            raise _Budget
        key = (tuple(sorted(hand)), tuple(tuple(m.cards) for m in table), has_meld)
        if key in failed:
            return None
        layoffs = has_meld or not rules.layoff_requires_own_meld
        for play in _moves(hand, table, aw, layoffs, seat):
            sim = simulate(hand, table, [play], seat, aw)
            if sim is None:
                continue
            h2, t2, made = sim
            rest = dfs(h2, t2, has_meld or made)
            if rest is not None:
                return [play] + rest
        failed.add(key)
        return None

    try:
        return dfs(list(hand), list(table), has_meld)
    except _Budget:
        return None


def _discard_ok(card: Card, single_taken: Card | None, committed: Card | None) -> bool:
    """R9, R10: neither the committed card nor the card taken alone may be the discard."""
    return card != single_taken and card != committed


def going_out_plan(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet, seat: int,
                   has_meld: bool, single_taken: Card | None = None,
                   committed: Card | None = None) -> tuple[list[Play], Card | None] | None:
    """How ``seat`` goes out this turn from ``hand`` (after its draw), or ``None``.

    Returns ``(plays, discard)``: the plays table every card but ``discard``
    (``None`` when everything is tabled: R16 ``meld_all`` only). Under
    ``discard_required`` and ``float`` one card is always left to discard
    (tabling everything would not end the hand). The discard is the least
    valuable card that may go: never a joker while a natural can, never the
    card taken alone from the pile (R10) or the committed card (R9), and under
    ``final_discard_unplayable`` not a card that would still fit the table.
    Results are memoised on the hand, the table and the rules."""
    if not hand or len(hand) > MAX_HAND:
        return None
    key = (tuple(sorted(hand)), tuple(tuple(m.cards) for m in table), rules, seat, has_meld,
           single_taken, committed)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    result = _search(hand, table, rules, seat, has_meld, single_taken, committed)
    _CACHE[key] = result
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result


def _search(hand, table, rules, seat, has_meld, single_taken, committed):
    aw = rules.ace_wraps
    nodes = [0]  # one budget for the whole search
    if rules.going_out == "meld_all":
        plays = table_everything(hand, table, rules, seat, has_meld, nodes)
        if plays is not None:
            return plays, None
    # not coverable: at most one card may fail the cheap test, and it must be the discard
    blocked = [c for c in set(hand) if not _could_table(c, hand, table, aw)]
    if len(blocked) > 1 or (blocked and hand.count(blocked[0]) > 1):
        return None
    options = blocked or sorted(set(hand), key=lambda c: (c == JOKER, hand_value(c, rules.scoring), c))
    for card in options:
        if not _discard_ok(card, single_taken, committed):
            continue
        rest = list(hand)
        rest.remove(card)
        plays = table_everything(rest, table, rules, seat, has_meld, nodes)
        if plays is None:
            if nodes[0] > NODE_BUDGET:
                return None
            continue
        if rules.final_discard_unplayable:
            sim = simulate(rest, table, plays, seat, aw)
            if sim is None or any(card in open_cards(m, aw) or card == JOKER and open_cards(m, aw)
                                  for m in sim[1]):
                continue
        if plays or len(hand) == 1:
            return plays, card
    return None


def tabled_cards(plays: Sequence[Play]) -> list[Card]:
    """The hand cards the plays table (a tabled joker is ``JOKER``)."""
    out = []
    for p in plays:
        out.extend(in_hand_card(t) for t in (p.cards if type(p) is TableMeld else (p.card,)))
    return out
