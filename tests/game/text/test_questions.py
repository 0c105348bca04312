"""Common questions (issue 24, part 4): each answer matches the engine under two rule sets.

Every test builds the position the question is about with the engine (a
record with an explicit deal, :func:`test_rules.new`), reads the answer's
facts for the rule set (:func:`game.text.questions.common_questions`) and
checks that the engine does what the facts, and so the words, say; then it
does the same under a second rule set, one that changes the answer where a
house rule does.
"""

from __future__ import annotations

import pytest

from game.errors import IllegalMove
from game.i18n import set_language
from game.rules.cards import JOKER
from game.rules.events import Floated
from game.rules.game import Game
from game.rules.ruleset import CHOICES, PROFILES, RuleSet
from game.text.questions import QUESTIONS, common_questions, names, questions_markdown, run_points
from game.text.rule_controls import CONTROLS
from test_rules import do, legal, new, refuse, tabled


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def question(key: str, rules: dict) -> object:
    """The question ``key`` answered under the rules ``rules`` (a dict of keys)."""
    (q,) = [q for q in common_questions(RuleSet(**rules)) if q.key == key]
    return q


def rules_of(extra: dict) -> dict:
    """Record rules: jokers off (as the positions' packs have none) unless ``extra`` says otherwise."""
    return {"jokers_per_deck": 0, **extra}


# --------------------------------------------------------------------------- the page as a whole


def test_every_question_of_the_issue_is_answered_in_two_or_three_sentences():
    qs = common_questions()
    assert len(qs) == len(QUESTIONS) == 13
    assert len({q.key for q in qs}) == 13
    for q in qs:
        sentences = [s for s in q.answer.replace("(A-2-3)", "").split(". ") if s.strip()]
        assert 2 <= len(sentences) <= 3, (q.key, q.answer)
        assert q.question.endswith("?")


@pytest.mark.parametrize("rules", [RuleSet(), PROFILES["strict_table"], PROFILES["round_the_corner"],
                                   RuleSet(going_out="float", rummy_calls=False, jokers_per_deck=0)])
def test_each_answer_names_the_setting_that_changes_it_with_its_value_now(rules):
    for q in common_questions(rules):
        for key in q.settings:
            label = CONTROLS[key][0]
            assert f"“{label}”" in q.answer, (q.key, q.answer)
            assert key in CHOICES or key == "target"
        if not q.settings:
            assert q.answer.endswith("No house rule changes this.")


def test_an_answer_follows_the_setting_it_names():
    """Changing the key a question names changes its answer; any other key leaves it (the target aside,
    which the question about it shows)."""
    base = {q.key: q.answer for q in common_questions(RuleSet())}
    for key, values in CHOICES.items():
        for value in values[1:]:
            changed = RuleSet(**{key: value})
            for q in common_questions(changed):
                if key in q.settings:
                    assert q.answer != base[q.key], (key, value, q.key)
                else:
                    assert q.answer == base[q.key], (key, value, q.key)


@pytest.mark.parametrize("lang", ["cy", "ka"])
def test_the_questions_are_translated(lang):
    english = [(q.question, q.answer) for q in common_questions()]
    set_language(lang)
    translated = [(q.question, q.answer) for q in common_questions()]
    for (eq, ea), (tq, ta) in zip(english, translated):
        assert tq != eq and ta != ea


def test_pictures_show_real_cards():
    for rules in (RuleSet(), PROFILES["round_the_corner"]):
        for q in common_questions(rules):
            for g in q.picture:
                assert g.cards and g.caption
                assert names(*g.cards)  # every token parses


# --------------------------------------------------------------------------- each question against the engine


@pytest.mark.parametrize("extra", [{}, {"layoff_requires_own_meld": True}])
def test_two_cards_at_the_low_end_of_a_run(extra):
    q = question("low_end_layoffs", rules_of(extra))
    assert q.facts["near_first"] and q.facts["needs_own_meld"] == bool(extra)
    g = new(["3H 4H QS QH QD 9C", "5H 6H 7H KD"], "2C", "8C 8D",
            "1 stock; 1 meld 5H 6H 7H; 1 discard 8C; 0 stock", rules=rules_of(extra), dealer=0)
    if q.facts["needs_own_meld"]:
        refuse(g, "0 layoff 4H 0", "no_meld_yet", "R14")
        do(g, "0 meld QS QH QD")
    refuse(g, "0 layoff 3H 0", "invalid_layoff")  # "the 3♥ alone does not fit"
    do(g, "0 layoff 4H 0; 0 layoff 3H 0")
    assert g.hand.table[0].tokens()[:2] == ["3H", "4H"]
    # both score for the layer, not for the run's owner
    assert tabled(g) == [3 + 4 + (30 if extra else 0), 5 + 6 + 7]


@pytest.mark.parametrize("extra", [{}, {"layoff_requires_own_meld": True}])
def test_laying_off_before_you_have_melded(extra):
    q = question("layoff_before_meld", rules_of(extra))
    g = new(["8H 9C 2S", "5H 6H 7H KD"], "2C", "8C 8D", "1 stock; 1 meld 5H 6H 7H; 1 discard 8C; 0 stock",
            rules=rules_of(extra), dealer=0)
    assert legal(g, "0 layoff 8H 0") is q.facts["allowed"]
    assert q.answer.startswith("Yes" if q.facts["allowed"] else "No")


@pytest.mark.parametrize("extra", [{}, {"top_discard_must_be_used": True}])
def test_whether_the_top_discard_must_be_used(extra):
    q = question("top_discard", rules_of(extra))
    g = new(["2C 5D 9S", "3H 6C JD"], "KH", "8C 8D", rules=rules_of(extra), dealer=1)
    if q.facts["must_table"]:
        refuse(g, "0 take 1", "take_unplayable", "R9")  # "you may only take it if you can"
    else:
        do(g, "0 take 1")
        refuse(g, "0 discard KH", "discard_just_taken")  # "can't discard it straight back"
        do(g, "0 discard 2C")  # kept: no need to use it
    assert q.answer.startswith("Yes" if q.facts["must_table"] else "No")


@pytest.mark.parametrize("target", [500, 300])
def test_two_players_past_the_target_and_an_exact_tie(target):
    q = question("past_target", rules_of({"target": target}))
    assert q.facts["target"] == target and str(target) in q.question
    script = "0 stock; 0 meld 4H 4S 4C; 0 discard 8H; 1 stock; 1 meld 2H 2S 2C; 1 meld 3H 3S 3C; 1 discard 9C"
    hands = ["4H 4S 4C 3D", "2H 2S 2C 3H 3S 3C"]
    # Ann scores 9, Ben goes out with 15: both reach the target, the higher total wins
    g = new(hands, "7C", "8H 9C", script, rules=rules_of({"target": target}), dealer=1,
            scores=[target - 5, target - 14])
    assert g.hand.went_out == 1 and g.totals == [target + 4, target + 1]
    assert g.winner == 0  # not the one who went out
    # an exact tie at the top: nobody has won, another hand is dealt
    g = new(hands, "7C", "8H 9C", script, rules=rules_of({"target": target}), dealer=1,
            scores=[target, target - 6])
    assert g.totals == [target + 9, target + 9] and g.winner is None
    g.deal_next_hand()
    assert g.hand.index == 1


@pytest.mark.parametrize("extra", [{}, {"rummy_calls": False}])
def test_who_may_call_rummy(extra):
    q = question("who_rummy", rules_of(extra))
    # three players; Ann melds the sevens and throws the 7♥, which fits them
    g = new(["7S 7D 7C 7H KS", "2D 3D 9S", "4C 5S JH"], "QD", "8C 8D 8S",
            "0 stock; 0 meld 7S 7D 7C; 0 discard 7H", rules=rules_of(extra), dealer=2)
    refuse(g, "0 rummy 1", "rummy_not_allowed", "R18")  # never the discarder
    if not q.facts["calls"]:
        refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")
        return
    assert legal(g, "1 rummy 1") and legal(g, "2 rummy 1")
    events = do(g, "2 rummy 1")
    assert g.current == 2 and events[0].skipped == (1,)  # the player in between loses the turn
    # the caller's own hand does not count: a pile card that fits only with a held card is no Rummy
    g = new(["KS QS 2H", "9D 9H 4S", "9C JH 5C"], "QD", "8C 8D 8S", "0 stock; 0 discard 8C",
            rules=rules_of(extra), dealer=2)
    refuse(g, "1 rummy 1", "rummy_not_allowed", "R18")


@pytest.mark.parametrize("way", ["meld_all", "discard_required", "float"])
def test_whether_you_must_be_able_to_discard_to_go_out(way):
    q = question("discard_to_go_out", rules_of({"going_out": way}))
    g = new(["8S 8H", "3H 6C JD"], "KH", "8D 2C", "0 stock", rules=rules_of({"going_out": way}), dealer=1)
    if not q.facts["tabling_all_allowed"]:
        refuse(g, "0 meld 8S 8H 8D", "must_keep_discard", "R16")
        assert q.picture[0].refused
        return
    events = do(g, "0 meld 8S 8H 8D")
    if q.facts["tabling_all_goes_out"]:
        assert g.hand.went_out == 0
    else:
        assert g.hand.ended is None and any(isinstance(e, Floated) for e in events)


@pytest.mark.parametrize("extra", [{}, {"final_discard_unplayable": True}])
def test_whether_the_last_card_must_be_unplayable(extra):
    q = question("last_card_unplayable", rules_of(extra))
    g = new(["8H", "5H 6H 7H KC KD KH 2D"], "9C", "2S KS", "1 stock; 1 meld 5H 6H 7H; 1 meld KC KD KH; "
            "1 discard 2S; 0 stock; 0 layoff KS 1", rules=rules_of(extra), dealer=0)
    if q.facts["playable_last_discard_goes_out"]:
        do(g, "0 discard 8H")
        assert g.hand.went_out == 0
    else:
        refuse(g, "0 discard 8H", "final_discard_playable", "R16")


@pytest.mark.parametrize("scoring", ["standard", "fives"])
def test_what_a_low_ace_scores(scoring):
    q = question("low_ace", rules_of({"scoring": scoring}))
    g = new(["AH 2H 3H QS KS AS AD 9C", "3C 6C JD"], "KH", "8D 2C",
            "0 stock; 0 meld AH 2H 3H; 0 meld QS KS AS", rules=rules_of({"scoring": scoring}), dealer=1)
    two_three = 2 + 3 if scoring == "standard" else 10
    assert tabled(g)[0] == q.facts["low"] + two_three + 10 + 10 + q.facts["high"]
    assert g.hand.scores()[0]["in_hand"] == q.facts["held"] + (9 if scoring == "standard" else 5) + \
        (8 if scoring == "standard" else 5)  # the 8♦ drawn
    assert q.facts["low"] == (1 if scoring == "standard" else 5) and q.facts["high"] == q.facts["held"] == 15
    assert str(q.facts["low"]) in q.answer


@pytest.mark.parametrize("extra", [{}, {"layoff_requires_own_meld": True, "scoring": "fives"}])
def test_a_card_that_fits_both_a_set_and_a_run(extra):
    q = question("set_or_run", rules_of(extra))
    assert q.settings == () and q.facts["choice"]
    g = new(["7S 7D 7C 7H 9C", "4H 5H 6H KD"], "2C", "8C 8D",
            "1 stock; 1 meld 4H 5H 6H; 1 discard 8C; 0 stock; 0 meld 7S 7D 7C", rules=rules_of(extra), dealer=0)
    assert legal(g, "0 layoff 7H 0") and legal(g, "0 layoff 7H 1")  # either: you choose
    on_run, on_set = g.clone(), g.clone()
    do(on_run, "0 layoff 7H 0")
    do(on_set, "0 layoff 7H 1")
    assert tabled(on_run)[0] == tabled(on_set)[0]  # the same points either way, for you
    # on one only, and it stays: nothing can move it to the other
    assert [m.tokens().count("7H") for m in on_run.hand.table] == [1, 0]
    assert not any("7H" in str(a) for a in on_run.legal_plays())


@pytest.mark.parametrize("extra", [{}, {"deep_card_must_start_meld": True}])
def test_taking_several_cards_and_the_card_you_must_then_meld(extra):
    q = question("deep_take", rules_of(extra))
    g = new(["QC JD 3S", "6H 7H 8H KD"], "9C 5H KS 2D", "8C 8S 4D 4C",
            "1 stock; 1 meld 6H 7H 8H; 1 discard 8C",
            rules=rules_of(extra), dealer=0)
    depth = 4  # the 5♥ and the KS 2D 8C above it
    if q.facts["layoff_counts"]:
        do(g, f"0 take {depth}")
        refuse(g, "0 discard 5H", "committed_card_unplayed", "R9")
        do(g, "0 layoff 5H 0; 0 discard 2D")  # the cards above it: keep or discard
    else:
        refuse(g, f"0 take {depth}", "take_unplayable", "R9")


@pytest.mark.parametrize("extra", [{}, {"ace_wraps": True}])
def test_runs_round_the_corner(extra):
    q = question("round_the_corner", rules_of(extra))
    g = new(["KS AS 2S 9C", "3C 6C JD"], "KH", "8D 2C", "0 stock", rules=rules_of(extra), dealer=1)
    if q.facts["allowed"]:
        do(g, "0 meld KS AS 2S")
        assert tabled(g)[0] == 10 + q.facts["ace_points"] + 2 and q.facts["ace_points"] == 15
        assert q.answer.startswith("Yes")
    else:
        refuse(g, "0 meld KS AS 2S", "invalid_meld", "R12")
        assert q.answer.startswith("No") and q.picture[0].refused


@pytest.mark.parametrize("jokers", [2, 0])
def test_moving_a_joker(jokers):
    q = question("move_joker", {"jokers_per_deck": jokers})
    assert q.facts["jokers"] == bool(jokers) and not q.facts["movable"]
    pack = Game.new(["A", "B"], RuleSet(jokers_per_deck=jokers), seed=3).hand
    every = [c for h in pack.hands for c in h] + pack.discard + pack.stock
    assert (JOKER in every) == bool(jokers)
    if not jokers:
        return
    g = new(["7H 9C 2S", "5H 6H JK KD"], "2C", "8C 8D", "1 stock; 1 meld 5H 6H JK=7H; 1 discard 8C; 0 stock",
            rules={"jokers_per_deck": jokers}, dealer=0)
    refuse(g, "0 layoff 7H 0", "invalid_layoff")  # the real card can't join that meld
    before = g.hand.table[0].tokens()
    for a in g.legal_plays():
        c = g.clone()
        c.apply(a)
        assert c.hand.table[0].tokens()[:3] == before  # no play moves or swaps the joker


@pytest.mark.parametrize("size", [13, 10])
def test_ten_or_thirteen_cards_for_two_players(size):
    q = question("two_player_cards", {"two_player_hand_size": size})
    assert q.facts == {"two": size, "more": 7}
    for seed in (1, 2):
        g = Game.new(["A", "B"], RuleSet(two_player_hand_size=size), seed=seed)
        assert [len(h) for h in g.hand.hands] == [size, size]
    g3 = Game.new(["A", "B", "C"], RuleSet(two_player_hand_size=size), seed=1)
    assert [len(h) for h in g3.hand.hands] == [7, 7, 7]
    assert f"{size} cards" in q.answer


def test_engine_card_values_are_what_the_answers_use():
    assert run_points(("AH", "2H", "3H"), RuleSet()) == [1, 2, 3]
    assert run_points(("AH", "2H", "3H"), RuleSet(scoring="fives")) == [5, 5, 5]
    with pytest.raises(ValueError):
        run_points(("KS", "AS", "2S"), RuleSet())
    assert "Common questions" not in questions_markdown()  # the heading is the doc's own
    with pytest.raises(IllegalMove):
        new(["KS AS 2S 9C", "3C 6C JD"], "KH", "8D 2C", "0 stock; 0 meld KS AS 2S", dealer=1)
