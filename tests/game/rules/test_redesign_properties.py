"""Issue 14 gates: a new answer is compared with the old one on random
inputs before the old code goes (here: the rule id of a refused meld, which
the engine used to read back out of the words with a regular expression)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.cards import JOKER, JOKER_TABLED
from game.rules.melds import MeldRefusal, classify


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


def test_a_search_out_of_budget_says_so(monkeypatch, caplog):
    from game.rules import turn_search as plays
    from game.rules.cards import parse_card
    from game.rules.ruleset import RuleSet

    hand = [parse_card(t) for t in ("2H", "3H", "4H", "5H", "6H", "7H", "9C", "9D", "9S", "KC")]
    rules = RuleSet()
    before = plays.OVER_BUDGET["searches"]
    assert plays.exhaustive_plan(hand, parse_card("9C"), None, [], rules, False, 0) is not None
    assert plays.OVER_BUDGET["searches"] == before  # within the budget: found, nothing logged
    monkeypatch.setattr(plays, "SEARCH_BUDGET", 1)
    with caplog.at_level("WARNING", logger="rummy500.plays"):
        assert plays.exhaustive_plan(hand, parse_card("9C"), None, [], rules, False, 0) is None
    assert plays.OVER_BUDGET["searches"] == before + 1
    assert any("budget" in r.getMessage() for r in caplog.records)
