"""Issue 25 part 4 gates: the AI evaluation's faster paths answer as the
plain code they replaced (kept here word for word), on random hands."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.evaluate import _NEIGHBOUR, _room, usefulness
from game.rules.cards import JOKER, rank_of, suit_of
from game.rules.ruleset import RuleSet


def old_usefulness(card, hand, rules):
    """``usefulness`` as it was (main c85f959)."""
    if card == JOKER:
        return 30.0
    near = _NEIGHBOUR[rules.ace_wraps][card]
    r, s = rank_of(card), suit_of(card)
    score = 0.0
    suits_of_rank = set()
    for c in hand:
        if c == card or c == JOKER:
            continue
        score += near[c]
        if c % 13 == r - 1 and c // 13 != s:
            suits_of_rank.add(c // 13)
    score += 7 * len(suits_of_rank)
    return score


def old_room(hand, used, keep, single_taken):
    """``_room`` as it was."""
    left = list(hand)
    for c in used:
        left.remove(c)
    if len(left) < keep:
        return False
    return not left or single_taken is None or any(c != single_taken for c in left)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.integers(0, 52), max_size=16), st.integers(0, 52), st.booleans())
def test_usefulness_answers_as_before(hand, card, ace_wraps):
    rules = RuleSet(ace_wraps=ace_wraps)
    for h in (hand, hand + [card]):
        got = usefulness(card, h, rules)
        assert got == old_usefulness(card, h, rules)
        assert type(got) is float


@settings(max_examples=3000, deadline=None)
@given(st.data(), st.integers(0, 2), st.booleans())
def test_room_to_end_the_turn_answers_as_before(data, keep, taken_alone):
    hand = data.draw(st.lists(st.integers(0, 52), max_size=10))
    used = data.draw(st.lists(st.sampled_from(hand), max_size=len(hand), unique_by=None)) if hand else []
    rest = list(hand)
    used = [c for c in used if c in rest and not rest.remove(c)]  # a sub-multiset of the hand
    single = data.draw(st.sampled_from(hand)) if hand and taken_alone else None
    assert _room(hand, used, keep, single) == old_room(hand, used, keep, single)
