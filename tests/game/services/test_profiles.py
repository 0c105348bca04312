"""Rules profiles (game.services.profiles): saved profiles survive a restart, rules
files are read or refused with one sentence, export -> import round trips."""

from __future__ import annotations

import json

import pytest

from game.services.profiles import (
    MAX_RULES_BYTES, ProfileBook, ProfileError, export_folder, export_rules, load_profiles, profile_label,
    profiles_path, read_rules_file, rules_json, rules_name, save_profiles, selection_from_setup
)
from game.rules.ruleset import CHOICES, PROFILES, RuleSet
from game.services.storage import Storage


@pytest.fixture
def storage(tmp_path):
    return Storage(tmp_path / "cfg")


HOUSE = RuleSet(jokers_per_deck=1, empty_stock="reshuffle", reshuffle_limit=2, target=350)


def test_saved_profiles_survive_a_restart(storage):
    book = ProfileBook()
    book.save_as("  Friday   night ", HOUSE)
    book.save_as("Grandma", RuleSet(ace_wraps=True))
    assert save_profiles(storage, book)
    again, message = load_profiles(Storage(storage.config_dir))
    assert message is None
    assert again.saved == {"Friday night": HOUSE, "Grandma": RuleSet(ace_wraps=True)}
    assert again.names() == list(PROFILES) + ["Friday night", "Grandma"]


def test_rename_and_delete_keep_the_rest(storage):
    book = ProfileBook()
    book.save_as("A", HOUSE)
    book.save_as("B", RuleSet())
    book.rename("A", "C")
    assert list(book.saved) == ["C", "B"] and book.saved["C"] == HOUSE
    book.delete("B")
    save_profiles(storage, book)
    assert load_profiles(storage)[0].saved == {"C": HOUSE}


@pytest.mark.parametrize("name,words", [
    ("", "name"), ("x" * 25, "at most 24"), ("Standard", "built-in"), ("no jokers", "built-in"),
    ("float", "built-in"), ("bell\x07", "printable"), ("Mine*", "marks changed rules"),
])
def test_bad_names_are_refused_and_change_nothing(name, words):
    book = ProfileBook({"Mine": HOUSE})
    with pytest.raises(ProfileError) as err:
        book.save_as(name, RuleSet())
    assert words in str(err.value)
    assert book.saved == {"Mine": HOUSE}


def test_a_taken_name_is_refused_unless_saving_over_it():
    book = ProfileBook({"Mine": HOUSE})
    with pytest.raises(ProfileError, match="exists already"):
        book.save_as("mine", RuleSet())
    assert book.saved == {"Mine": HOUSE}
    book.save_as("Mine", RuleSet(), replace="Mine")
    assert book.saved == {"Mine": RuleSet()}
    with pytest.raises(ProfileError, match="Only a saved profile"):
        book.delete("standard")
    with pytest.raises(ProfileError, match="Only a saved profile"):
        book.rename("fives", "Mine 2")


def test_a_corrupt_profiles_file_is_moved_aside_with_one_message(storage):
    path = profiles_path(storage)
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1, "profiles": [', encoding="utf-8")
    book, message = load_profiles(storage)
    assert book.saved == {}
    assert "could not be read" in message and "moved" in message
    assert not path.exists()
    assert list(path.parent.glob("profiles.json.corrupt-*"))


def test_a_bad_profile_is_dropped_with_one_message_and_not_written_back(storage):
    path = profiles_path(storage)
    path.parent.mkdir(parents=True)
    text = json.dumps({"version": 1, "profiles": [
        {"name": "Good", "rules": {"decks": 2}},
        {"name": "Bad", "rules": {"decks": 3}},
        {"name": "Standard", "rules": {}},
        "junk",
    ]})
    path.write_text(text, encoding="utf-8")
    book, message = load_profiles(storage)
    # a built-in's name is kept under a free name rather than lost
    assert book.saved == {"Good": RuleSet(decks=2), "Standard (2)": RuleSet()}
    assert '"Bad"' in message and '"Standard" is now "Standard (2)"' in message and "number 4" in message
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("second", ["Fives Night", "FIVES  NIGHT ", "ﬁves night"])
def test_a_name_differing_only_by_capitals_is_the_same_profile(second):
    book = ProfileBook()
    book.save_as("fives night", HOUSE)
    with pytest.raises(ProfileError, match='"fives night" exists already'):
        book.save_as(second, RuleSet())
    with pytest.raises(ProfileError, match="exists already"):  # Save as… from another profile
        book.save_as(second, RuleSet(), replace="other")
    book.save_as("Other", RuleSet())
    with pytest.raises(ProfileError, match="exists already"):
        book.rename("Other", second)
    assert book.saved == {"fives night": HOUSE, "Other": RuleSet()}
    # saving over itself with other capitals renames it, still one profile
    assert book.save_as("Fives Night", RuleSet(decks=2), replace="fives night") == "Fives Night"
    assert book.saved == {"Fives Night": RuleSet(decks=2), "Other": RuleSet()}


def test_a_file_with_clashing_names_keeps_both_and_can_still_be_updated(storage):
    path = profiles_path(storage)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "profiles": [
        {"name": "fives night", "rules": {"scoring": "fives"}},
        {"name": "Fives Night", "rules": {"decks": 2}}]}), encoding="utf-8")
    book, message = load_profiles(storage)
    assert book.saved == {"fives night": RuleSet(scoring="fives"), "Fives Night (2)": RuleSet(decks=2)}
    assert '"Fives Night" is now "Fives Night (2)"' in message
    book.save_as("fives night", RuleSet(scoring="fives", target=300), replace="fives night")
    assert save_profiles(storage, book)
    again, message = load_profiles(storage)
    assert message is None
    assert again.saved == {"fives night": RuleSet(scoring="fives", target=300),
                           "Fives Night (2)": RuleSet(decks=2)}
    # the settings naming the second one find it under its new name
    assert selection_from_setup({"profile": "Fives Night"}, book) == ("Fives Night (2)", RuleSet(decks=2))


def test_exports_never_overwrite_each_other(storage):
    paths = [export_rules(storage, name, rules) for name, rules in
             [("Fives night ♠", RuleSet(scoring="fives")), ("fives night", HOUSE), ("Fives Night", RuleSet())]]
    assert [p.name for p in paths] == ["fives-night.json", "fives-night-2.json", "fives-night-3.json"]
    assert [read_rules_file(p) for p in paths] == [RuleSet(scoring="fives"), HOUSE, RuleSet()]


def test_rules_name_is_the_matching_or_closest_profile():
    book = ProfileBook({"Mine": HOUSE})
    assert rules_name(RuleSet(), book) == "Standard"
    assert rules_name(PROFILES["fives"], book) == "Fives"
    assert rules_name(HOUSE, book) == "Mine"
    assert rules_name(HOUSE.with_changes(target=400), book) == "Mine*"
    assert rules_name(RuleSet(target=300), book) == "Standard*"
    assert rules_name(PROFILES["fives"].with_changes(target=300), book) == "Fives*"
    assert rules_name(HOUSE) != "Mine"                     # without the book: built-in profiles only


def test_export_then_import_gives_an_equal_rule_set(storage, tmp_path):
    path = export_rules(storage, "Friday night!", HOUSE)
    assert path.parent == export_folder(storage) == storage.config_dir / "rules"
    assert path.name == "friday-night.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == list(CHOICES) + ["target"]        # a record's rules object, every key
    assert data["reshuffle_limit"] == 2
    assert read_rules_file(path) == HOUSE
    assert json.loads(rules_json(RuleSet()))["reshuffle_limit"] is None


def test_missing_keys_take_their_defaults(tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"ace_wraps": true}', encoding="utf-8")
    assert read_rules_file(path) == RuleSet(ace_wraps=True)


BAD_FILES = [
    ("truncated", b'{"decks": 2, "jokers_per', "cut off"),
    ("not_json", b"decks = 2\n", "not JSON"),
    ("not_utf8", b'{"decks": "\xff"}', "UTF-8"),
    ("wrong_type", b'{"target": "500"}', '"target" must be a whole number'),
    ("wrong_type_bool", b'{"ace_wraps": "yes"}', 'The rule "ace_wraps" can\'t be "yes": use false or true.'),
    ("unknown_key", b'{"aces_high": true}', '"aces_high" is not a rule this game knows'),
    ("out_of_range", b'{"target": 0}', '"target" must be from 1 to 1,000,000 points, not 0'),
    ("out_of_range_limit", b'{"reshuffle_limit": 4}', '"reshuffle_limit" can\'t be 4: use null (no limit), 1, 2 or 3'),
    ("array", b"[1, 2]", "one JSON object"),
    ("empty", b"", "empty"),
]


@pytest.mark.parametrize("case,content,words", BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_bad_rules_files_give_one_sentence(tmp_path, case, content, words):
    path = tmp_path / f"{case}.json"
    path.write_bytes(content)
    with pytest.raises(ProfileError) as err:
        read_rules_file(path)
    message = str(err.value)
    assert words in message and "rules.md" not in message      # a player can't find rules.md
    assert message.count(". ") == 0 and message.endswith(".") and "\n" not in message


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b'{"decks": 2' + b" " * (MAX_RULES_BYTES * 4) + b"}")
    with pytest.raises(ProfileError, match="larger than 64 KiB"):
        read_rules_file(path)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(ProfileError, match="There is no file"):
        read_rules_file(tmp_path / "nope.json")
    with pytest.raises(ProfileError, match="is a folder"):
        read_rules_file(tmp_path)


def test_selection_from_setup_checks_everything():
    book = ProfileBook({"Mine": HOUSE})
    assert selection_from_setup({"profile": "Mine"}, book) == ("Mine", HOUSE)
    assert selection_from_setup({"profile": "gone", "rules": {"decks": 9}}, book) == ("standard", RuleSet())
    changed = {"profile": "fives", "rules": RuleSet(scoring="fives", target=300).to_dict()}
    name, rules = selection_from_setup(changed, book)
    assert (name, rules) == ("fives", RuleSet(scoring="fives", target=300))
    assert profile_label(book, name, rules) == "Fives*"
    assert profile_label(book, "Mine", HOUSE) == "Mine"
    assert selection_from_setup(None, book) == ("standard", RuleSet())


def test_deal_problem_names_the_counts():
    one_deck = RuleSet(decks=1)
    assert one_deck.deal_problem(8) == "8 players need 57 cards but these rules' pack has 54 (R2, R4)."
    assert one_deck.deal_problem(7) is None
    assert one_deck.undealable_player_counts() == [8]
    assert RuleSet().undealable_player_counts() == []
