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


CARD_BIT = [1 << (c // 13 * 16 + c % 13) for c in range(52)] + [0]
"""Per hand card code, its bit in a mask of the whole hand (a joker: none):
the suits side by side in lanes of 16 bits, bit ``rank - 1`` of its suit's
lane, so that the mask is already the lanes :func:`any_meld_bits` looks
for runs in."""

_RANKS = (1 << 13) - 1


def any_meld(hand: Iterable[Card], ace_wraps: bool = False) -> bool:
    """Fast test: can any legal meld be made from ``hand``? (bit masks; the
    same answer as ``bool(game.rules.melds.enumerate_melds(hand, ace_wraps))``
    and as :func:`any_meld_masks` over :func:`hand_masks`.) ``hand`` holds
    hand cards (naturals and jokers); the work is done on one mask of the
    hand (:func:`hand_bits`: a lane of 16 bits per suit), with few Python steps."""
    if type(hand) is not list and type(hand) is not tuple:
        hand = list(hand)
    return any_meld_bits(hand_bits(hand), hand.count(JOKER), ace_wraps)


def hand_bits(hand: Iterable[Card]) -> int:
    """The naturals of ``hand`` as one mask of :data:`CARD_BIT` (a joker
    and a second copy of a card add nothing): what :func:`any_meld_bits`
    reads, and a one-step test of whether a natural is held."""
    whole = 0
    bit = CARD_BIT
    for c in hand:  # a plain loop: faster than map, set and sum for a hand's few cards
        whole |= bit[c]
    return whole


def any_meld_bits(whole: int, jokers: int, ace_wraps: bool = False) -> bool:
    """:func:`any_meld` over a hand's :func:`hand_bits` and its number of jokers."""
    if not whole:
        return False
    if jokers >= 2:
        return True
    a = whole & _RANKS
    b = (whole >> 16) & _RANKS
    c = (whole >> 32) & _RANKS
    d = whole >> 48
    if jokers:  # a set: two suits of one rank and the joker
        if a & (b | c | d) or b & (c | d) or c & d:
            return True
    elif a & b & (c | d) or c & d & (a | b):  # three suits of one rank
        return True
    # runs: the suits side by side in lanes wide enough that no window of three crosses into the next
    if ace_wraps:
        lanes = a | b << 32 | c << 64 | d << 96
        lanes |= lanes << 13  # the ranks again after the king (bits 13..25 of a lane)
    else:
        lanes = whole | (whole & _LANE_ACES) << 13  # the ace above the king (bit 13 of a lane)
    if jokers:
        return bool(lanes & ((lanes >> 1) | (lanes >> 2)))
    return bool(lanes & (lanes >> 1) & (lanes >> 2))


_LANE_ACES = 1 | 1 << 16 | 1 << 32 | 1 << 48

SUIT_COUNT = [bin(mask).count("1") for mask in range(16)]
"""For each 4-bit suit mask, how many suits it holds."""

# per card code (every code below 128, as the arithmetic they replace gives it)
_SUIT = [c // 13 for c in range(128)]
_RANK0 = [c % 13 for c in range(128)]
_RANK_BIT = [1 << (c % 13) for c in range(128)]
_SUIT_BIT = [1 << (c // 13) for c in range(128)]


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
            masks[_SUIT[c]] |= _RANK_BIT[c]
            rank_suits[_RANK0[c]] |= _SUIT_BIT[c]
    return masks, rank_suits, jokers


def any_meld_masks(masks: list[int], rank_suits: list[int], jokers: int, ace_wraps: bool) -> bool:
    """:func:`any_meld` over the masks of :func:`hand_masks`."""
    if not (masks[0] or masks[1] or masks[2] or masks[3]):
        return False
    if jokers >= 2:
        return True
    need = 3 - jokers
    count = SUIT_COUNT
    for sm in rank_suits:
        if count[sm] >= need:
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
    rank0, suit, rank_bit, suit_bit = _RANK0, _SUIT, _RANK_BIT, _SUIT_BIT
    for c in hand:  # one pass for the card's rank and suit only (the AIs call this a lot)
        if c == JOKER:
            jokers += 1
            continue
        if rank0[c] == r0:
            suits |= suit_bit[c]
        if suit[c] == s0:
            m |= rank_bit[c]
    return _could_join(suits, m, jokers, r0, s0, ace_wraps)


def _could_join(suits: int, m: int, jokers: int, r0: int, s0: int, ace_wraps: bool) -> bool:
    """Could the card of rank ``r0 + 1`` and suit ``s0`` join a set (``suits``:
    the suits held of its rank) or a run (``m``: the ranks held of its suit),
    with ``jokers`` jokers?"""
    if jokers >= 2:
        return True
    if SUIT_COUNT[suits & ~(1 << s0) & 15] + jokers >= 2:
        return True
    m |= (m & 1) << 13
    top = 13
    if ace_wraps:
        m |= m << 13
        top = 26
    m &= ~(1 << r0)  # the card itself
    need = 2 - jokers  # of the two other places of a three-card window
    count = SUIT_COUNT
    for q in ((r0, r0 + 13) if (ace_wraps or r0 == 0) else (r0,)):
        for a in (q - 2, q - 1, q):
            if a < 0 or a + 2 > top:
                continue
            if count[(m >> a) & 7 & ~(1 << (q - a))] >= need:
                return True
    return False
