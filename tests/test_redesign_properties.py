"""Issue 14 gates: a new answer is compared with the old one on random
inputs before the old code goes (here: the rule id of a refused meld, which
the engine used to read back out of the words with a regular expression)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import JOKER, JOKER_TABLED
from game.melds import MeldRefusal, classify


def old_rule(reason: str) -> str:
    """How the engine found the rule id before (engine.py, ``_check_meld``)."""
    found = re.search(r"\((R\d+)\)", reason)
    return found.group(1) if found else "R11"


tabled = st.one_of(st.integers(0, 51), st.integers(0, 51).map(lambda c: JOKER_TABLED + c), st.just(JOKER))


@settings(max_examples=3000, deadline=None)
@given(st.lists(tabled, min_size=0, max_size=7), st.booleans())
def test_a_refused_meld_carries_the_rule_the_words_name(cards, ace_wraps):
    meld, reason = classify(cards, ace_wraps)
    if meld is None:
        assert isinstance(reason, MeldRefusal) and reason
        assert reason.rule == old_rule(reason)
    else:
        assert reason == "" and sorted(meld.cards) == sorted(cards)
