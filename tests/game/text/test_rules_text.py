"""The rules text (game/text/rules_text.py) follows every rule key's actual value."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import game
from game.text import rules_text
from game.rules.ruleset import CHOICES, PROFILES, RuleSet
from game.text.rules_text import PROFILE_NAMES, PROFILE_SUMMARIES, describe_rules, rule_changes

HEADINGS = ["The aim", "Players and cards", "The deal", "Your turn", "Melds", "Laying off",
            "Going out", "Empty stock", "Rummy!", "Scoring"]

# key -> value -> a phrase that must appear in the text for that value
WORDING = {
    "decks": {"auto": "two decks for 6 to 8", 1: "always one 52-card deck",
              2: "always two 52-card decks"},
    "jokers_per_deck": {2: "each deck adds two jokers", 0: "no jokers",
                        1: "each deck adds one joker"},
    "two_player_hand_size": {13: "dealt 13 cards when two play",
                             10: "dealt 10 cards when two play"},
    "scoring": {"standard": "face value for 2 to 9", "fives": "5 for every 2 to 9"},
    "going_out": {"meld_all": "tabling all their cards, or all but one and discarding it",
                  "discard_required": "never table your last card",
                  "float": "float with an empty hand"},
    "final_discard_unplayable": {False: None, True: "can't go out by discarding a card that could"},
    "top_discard_must_be_used": {False: "need not be used", True: "you must table it this turn"},
    "deep_card_must_start_meld": {False: None, True: "has to start a new meld"},
    "layoff_requires_own_meld": {False: "don't need a meld of your own",
                                 True: "only lay off once you have tabled a meld of your own"},
    "ace_wraps": {False: "k-a-2 is not a run", True: "aces go round the corner"},
    "empty_stock": {"end": "the hand ends there and then", "reshuffle": "shuffled"},
    "reshuffle_limit": {None: None, 1: "turned over only once in a hand",
                        2: "turned over only two times", 3: "turned over only three times"},
    "rummy_calls": {True: 'call "rummy!"', False: "rummy calls are off"},
}


def text_of(rules, players=None):
    return "\n".join(f"{h}\n{p}" for h, p in describe_rules(rules, players))


def test_wording_table_covers_every_choice():
    assert set(WORDING) == set(CHOICES)
    for key, values in CHOICES.items():
        assert set(WORDING[key]) == set(values), key


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_profile_gives_all_sections(name):
    for players in (None, 2, 5, 8):
        sections = describe_rules(PROFILES[name], players)
        assert [h for h, _ in sections] == HEADINGS
        for heading, paragraph in sections:
            assert paragraph.strip(), heading
            assert re.search(r"\(R\d+(, R\d+)*\)$", paragraph), (heading, paragraph)
            assert len(paragraph) < 900, heading


@pytest.mark.parametrize("key,value", [(k, v) for k, vs in CHOICES.items() for v in vs])
def test_every_value_changes_the_text_and_is_worded(key, value):
    # reshuffle_limit only means something under empty_stock = reshuffle (R17)
    default = RuleSet(empty_stock="reshuffle") if key == "reshuffle_limit" else RuleSet()
    rules = default.with_changes(**{key: value})
    text = text_of(rules)
    if rules == default:
        assert text == text_of(default)
    else:
        assert text != text_of(default)
    phrase = WORDING[key][value]
    if phrase is not None:
        assert phrase in text.lower(), (key, value, text)
    # every other value of the key gives a different text too
    for other in CHOICES[key]:
        if other != value:
            assert text_of(default.with_changes(**{key: other})) != text


def test_no_jokers_text_says_so_and_drops_joker_rules():
    text = text_of(RuleSet(jokers_per_deck=0)).lower()
    assert "no jokers" in text
    assert "wild" not in text and "r15" not in text
    assert "jokers are wild" in text_of(RuleSet()).lower()


def test_fives_values_appear():
    scoring = dict(describe_rules(RuleSet(scoring="fives")))["Scoring"]
    assert "5 for every 2 to 9" in scoring
    assert "10 for a 10, J, Q or K" in scoring
    assert "15 for an ace" in scoring
    assert "(A-2-3) scores 5" in scoring
    standard = dict(describe_rules(RuleSet()))["Scoring"]
    assert "face value" in standard and "(A-2-3) scores 1" in standard
    assert "A joker scores 15" in standard


def test_corner_ace_scoring_mentioned_only_when_aces_wrap():
    assert "round the corner scores 15" in dict(describe_rules(RuleSet(ace_wraps=True)))["Scoring"]
    assert "round the corner scores 15" not in dict(describe_rules(RuleSet()))["Scoring"]


def test_reshuffle_limit_is_not_mentioned_when_the_hand_ends_on_an_empty_stock():
    assert text_of(RuleSet(reshuffle_limit=2)) == text_of(RuleSet())
    assert rule_changes(RuleSet(reshuffle_limit=2)) == []
    assert rule_changes(RuleSet(empty_stock="reshuffle", reshuffle_limit=1)) == [
        "Empty stock: reshuffle the discards", "Discards turned over at most once a hand"]


@pytest.mark.parametrize("target", [1, 300, 500, 1234])
def test_target_appears(target):
    aim = dict(describe_rules(RuleSet(target=target)))["The aim"]
    assert f"{target} points" in aim
    assert "(R21)" in aim


@pytest.mark.parametrize("players", [2, 4, 6, 8])
@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(jokers_per_deck=0), RuleSet(decks=2),
                                   RuleSet(decks=1, jokers_per_deck=1),
                                   RuleSet(two_player_hand_size=10)])
def test_counts_for_a_given_number_of_players(players, rules):
    para = dict(describe_rules(rules, players))["Players and cards"]
    decks = rules.deck_count(players)
    jokers = decks * rules.jokers_per_deck
    assert f"With {players} players" in para
    assert ("one 52-card deck" if decks == 1 else "two 52-card decks") in para
    if jokers == 0:
        assert "no jokers" in para
    else:
        word = {1: "one", 2: "two", 4: "four"}[jokers]
        assert f"plus {word} joker" in para
    assert f"{rules.pack_size(players)} cards" in para
    assert f"dealt {rules.hand_size(players)} cards" in para


def test_auto_decks_without_players_explains_both():
    para = dict(describe_rules(RuleSet()))["Players and cards"]
    assert "one 52-card deck for 2 to 5 players" in para
    assert "two decks for 6 to 8 players" in para
    assert "7 cards with three or more" in para


def test_text_is_plain():
    allowed = set("♠♥♦♣")
    for name, rules in PROFILES.items():
        for players in (None, 3):
            for heading, paragraph in describe_rules(rules, players):
                for ch in heading + paragraph:
                    assert ch.isascii() or ch in allowed, (name, heading, ch)


def test_profile_names_and_summaries():
    assert set(PROFILE_NAMES) == set(PROFILES)
    assert set(PROFILE_SUMMARIES) == set(PROFILES)
    assert PROFILE_NAMES["standard"] == "Standard"
    assert PROFILE_NAMES["strict_table"] == "Strict table"
    assert PROFILE_NAMES["round_the_corner"] == "Round the corner"
    for key in PROFILES:
        assert PROFILE_NAMES[key].strip() and PROFILE_SUMMARIES[key].strip()
        assert PROFILE_SUMMARIES[key].endswith(".")
    assert len(set(PROFILE_NAMES.values())) == len(PROFILES)


def test_rule_changes():
    assert rule_changes(RuleSet()) == []
    for name, rules in PROFILES.items():
        changes = rule_changes(rules)
        if name == "standard":
            assert changes == []
        else:
            assert changes, name
            differing = [k for k, v in rules.to_dict().items() if v != RuleSet().to_dict()[k]]
            assert len(changes) == len(differing), name
    assert rule_changes(RuleSet(jokers_per_deck=0)) == ["No jokers"]
    assert rule_changes(RuleSet(ace_wraps=True)) == ["Aces go round the corner (K-A-2)"]
    assert rule_changes(RuleSet(target=300)) == ["Target 300 points"]


@pytest.mark.parametrize("key,value", [(k, v) for k, vs in CHOICES.items() for v in vs[1:]])
def test_each_non_default_value_gives_one_distinct_change_line(key, value):
    # reshuffle_limit only means something under empty_stock = reshuffle (R17)
    base = RuleSet(empty_stock="reshuffle") if key == "reshuffle_limit" else RuleSet()
    lines = [x for x in rule_changes(base.with_changes(**{key: value})) if x not in rule_changes(base)]
    assert len(lines) == 1 and lines[0].strip()
    for other in CHOICES[key][1:]:
        if other != value:
            assert rule_changes(base.with_changes(**{key: other})) != rule_changes(
                base.with_changes(**{key: value}))


def test_module_does_not_import_pygame():
    tree = ast.parse(Path(rules_text.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert all(not a.name.startswith("pygame") for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("pygame")
    code = ("import sys, game.text.rules_text as m; m.describe_rules(m.RuleSet(), 4); "
            "print('pygame' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(game.__file__).parent.parent)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"
