"""Evaluation helpers shared by the AI levels (pure functions over card codes).

They see only what a :class:`~game.view.PlayerView` shows: the player's own
hand, the table, the pile and public history.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import JOKER, JOKER_TABLED, Card, rank_of, suit_of
from ..melds import Meld, candidate_melds, hand_value, meld_card_values, open_cards
from ..plays import simulate
from ..rules import RuleSet


VALUES = {scoring: [hand_value(c, scoring) for c in range(53)] for scoring in ("standard", "fives")}
"""Hand values (R19) of every hand card code, by scoring."""


def seat_points(table: Sequence[Meld], seat: int, scoring: str) -> int:
    """Points ``seat`` has on ``table`` as it stands: its melds and lay-offs (R19, R20)."""
    total = 0
    for m in table:
        for value, layer in zip(meld_card_values(m, scoring), m.layers):
            if layer == seat:
                total += value
    return total


def greedy_tabling(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet, seat: int,
                   has_meld: bool, keep: int = 0) -> tuple[list[tuple], int, list[Card], list[Meld]]:
    """Table greedily: the most valuable meld first, again and again, then
    every lay-off that fits, keeping at least ``keep`` cards in hand.

    Returns ``(plays, points, hand_left, table_after)``; the plays are legal
    one after another as far as melds and lay-offs go (the engine still
    checks each).
    """
    aw = rules.ace_wraps
    hand = list(hand)
    original = table
    table = list(table)
    plays: list[tuple] = []
    values = VALUES[rules.scoring]
    while True:
        melds = [m for m in candidate_melds(hand, aw) if len(hand) - len(m) >= keep]
        if not melds:
            break
        best = max(melds, key=lambda m: (sum(values[t] if t < JOKER_TABLED else 3 for t in m), len(m)))
        sim = simulate(hand, table, [("meld", best)], seat, aw)
        if sim is None:
            break
        hand, table, _ = sim
        has_meld = True
        plays.append(("meld", best))
    if has_meld or not rules.layoff_requires_own_meld:
        changed = True
        while changed and len(hand) > keep:
            changed = False
            for i, m in enumerate(table):
                opens = open_cards(m, aw)
                for c in opens:
                    if c in hand and len(hand) > keep:
                        sim = simulate(hand, table, [("layoff", c, i)], seat, aw)
                        if sim is None:
                            continue
                        hand, table, _ = sim
                        plays.append(("layoff", c, i))
                        changed = True
                        break
                if changed:
                    break
    # points gained: only the melds that changed need counting
    changed = [i for i in range(len(table)) if i >= len(original) or table[i] is not original[i]]
    gained = seat_points([table[i] for i in changed], seat, rules.scoring) - seat_points(
        [original[i] for i in changed if i < len(original)], seat, rules.scoring)
    return plays, gained, hand, table


def usefulness(card: Card, hand: Sequence[Card], rules: RuleSet) -> float:
    """How much ``card`` helps the rest of ``hand`` towards melds: pairs of a
    rank, near neighbours in a suit; jokers are always useful."""
    if card == JOKER:
        return 30.0
    r, s = rank_of(card), suit_of(card)
    score = 0.0
    suits_of_rank = set()
    for c in hand:
        if c == card or c == JOKER:
            continue
        cr, cs = rank_of(c), suit_of(c)
        if cr == r and cs != s:
            suits_of_rank.add(cs)
        elif cs == s:
            d = abs(cr - r)
            if rules.ace_wraps:
                d = min(d, 13 - d)
            elif 1 in (cr, r):
                d = min(d, abs((14 if cr == 1 else cr) - (14 if r == 1 else r)))
            if d == 1:
                score += 6
            elif d == 2:
                score += 3
    score += 7 * len(suits_of_rank)
    return score


def fits_table(card: Card, table: Sequence[Meld], rules: RuleSet) -> bool:
    """True when ``card`` could be laid off on some meld now (R14)."""
    aw = rules.ace_wraps
    if card == JOKER:
        return any(open_cards(m, aw) for m in table)
    return any(card in open_cards(m, aw) for m in table)


def relates(card: Card, others: Sequence[Card], ace_wraps: bool) -> int:
    """How many of ``others`` would meld with ``card`` (same rank, or same
    suit within two ranks): a danger score for feeding an opponent."""
    if card == JOKER:
        return len(others)
    r, s = rank_of(card), suit_of(card)
    n = 0
    for c in others:
        if c == JOKER:
            n += 1
            continue
        cr, cs = rank_of(c), suit_of(c)
        if cr == r and cs != s:
            n += 1
        elif cs == s and cr != r:
            d = abs(cr - r)
            if ace_wraps or 1 in (cr, r):
                d = min(d, 13 - d)
            if d <= 2:
                n += 1
    return n
