"""Fast bit-mask tests over a hand: could any meld be made, could a card
join one (R11, R12, R15)? Quick filters in front of the one meld enumerator,
:func:`game.rules.melds.enumerate_melds`, which uses the same masks.

A hand becomes per suit a 13-bit mask of the ranks held (bit ``rank - 1``),
per rank a 4-bit mask of the suits held, and its number of jokers.
"""

from __future__ import annotations

from typing import Iterable

from game.rules.cards import JOKER, Card

SUIT_LISTS = [tuple(s for s in range(4) if mask >> s & 1) for mask in range(16)]
"""For each 4-bit suit mask, the suits in it (``SUIT_LISTS[0b0101] == (0, 2)``)."""


def any_meld(hand: Iterable[Card], ace_wraps: bool = False) -> bool:
    """Fast test: can any legal meld be made from ``hand``? (bit masks; the
    same answer as ``bool(game.rules.melds.enumerate_melds(hand, ace_wraps))``)."""
    return any_meld_masks(*hand_masks(hand), ace_wraps)


def hand_masks(hand: Iterable[Card]) -> tuple[list[int], list[int], int]:
    """Per suit a 13-bit mask of the ranks held, per rank a 4-bit mask of
    the suits held, and the number of jokers."""
    masks = [0, 0, 0, 0]
    rank_suits = [0] * 13
    jokers = 0
    for c in hand:
        if c == JOKER:
            jokers += 1
        else:
            r0 = c % 13
            masks[c // 13] |= 1 << r0
            rank_suits[r0] |= 1 << (c // 13)
    return masks, rank_suits, jokers


def any_meld_masks(masks: list[int], rank_suits: list[int], jokers: int, ace_wraps: bool) -> bool:
    """:func:`any_meld` over the masks of :func:`hand_masks`."""
    if not any(masks):
        return False
    if jokers >= 2:
        return True
    need = 3 - jokers
    for sm in rank_suits:
        if len(SUIT_LISTS[sm]) >= need:
            return True
    for m in masks:
        if not m:
            continue
        m |= (m & 1) << 13  # the ace above the king
        if ace_wraps:
            m |= m << 13
        if jokers:
            if m & (m >> 1) or m & (m >> 2):
                return True
        elif m & (m >> 1) & (m >> 2):
            return True
    return False


def could_meld_with(hand: Iterable[Card], card: Card, ace_wraps: bool = False) -> bool:
    """Fast test: could natural ``card`` (held in ``hand``) be part of some
    meld made from ``hand``? Never false when such a meld exists; a quick
    filter before :func:`game.rules.melds.enumerate_melds` with ``holding``."""
    r0 = card % 13
    s0 = card // 13
    jokers = 0
    suits = 0
    m = 0
    for c in hand:  # one pass for the card's rank and suit only (the AIs call this a lot)
        if c == JOKER:
            jokers += 1
        elif c % 13 == r0:
            suits |= 1 << (c // 13)
        if c != JOKER and c // 13 == s0:
            m |= 1 << (c % 13)
    return _could_join(suits, m, jokers, r0, s0, ace_wraps)


def _could_join(suits: int, m: int, jokers: int, r0: int, s0: int, ace_wraps: bool) -> bool:
    """Could the card of rank ``r0 + 1`` and suit ``s0`` join a set (``suits``:
    the suits held of its rank) or a run (``m``: the ranks held of its suit),
    with ``jokers`` jokers?"""
    if jokers >= 2:
        return True
    others = bin(suits & ~(1 << s0)).count("1")
    if others + jokers >= 2:
        return True
    m |= (m & 1) << 13
    top = 13
    if ace_wraps:
        m |= m << 13
        top = 26
    m &= ~(1 << r0)  # the card itself
    places = [r0, r0 + 13] if (ace_wraps or r0 == 0) else [r0]
    for q in places:
        for a in (q - 2, q - 1, q):
            if a < 0 or a + 2 > top:
                continue
            missing = sum(1 for x in (a, a + 1, a + 2) if x != q and not m >> x & 1)
            if missing <= jokers:
                return True
    return False
