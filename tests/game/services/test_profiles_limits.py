"""A big ``profiles.json`` (issue 21, item 8): its size is limited before it
is parsed, only the first 50 profiles are read, and the player is told what
was left out and why, in every language; loading never rewrites the file;
and checking a profile is fast (a clashing name no longer normalises every
name again for each free name it tries)."""

from __future__ import annotations

import json
import unicodedata

import pytest

import game.services.profiles as profiles
from game import i18n
from game.rules.ruleset import RuleSet
from game.services.profiles import (
    MAX_PROFILES_BYTES, MAX_SAVED, SHOWN_NAMES, ProfileBook, load_profiles, name_key, profiles_path, save_profiles
)
from game.services.storage import Storage


@pytest.fixture
def storage(tmp_path) -> Storage:
    return Storage(tmp_path / "cfg")


@pytest.fixture
def english():
    yield i18n.set_language("en")
    i18n.set_language("en")


def write(storage: Storage, items: list, pad: int = 0) -> bytes:
    """Write ``{"version": 1, "profiles": items}`` (``pad`` spaces after it); return the bytes."""
    path = profiles_path(storage)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"version": 1, "profiles": items}).encode("utf-8") + b" " * pad
    path.write_bytes(data)
    return data


def many(count: int, name=lambda i: f"Profile {i}") -> list[dict]:
    return [{"name": name(i), "rules": {"target": 100 + i}} for i in range(count)]


# --------------------------------------------------------------------------- the size, before parsing

def test_a_file_over_the_limit_is_moved_aside_unread(storage, monkeypatch, english):
    data = write(storage, many(3), pad=MAX_PROFILES_BYTES)
    assert len(data) > MAX_PROFILES_BYTES

    def never(*_args, **_kwargs):
        raise AssertionError("a file over the limit was parsed")

    monkeypatch.setattr(profiles.json, "loads", never)
    book, message = load_profiles(storage)
    assert book.saved == {}
    assert message.startswith("Your saved rules profiles file is larger than 1 MiB, more than 50 profiles")
    assert "so it was not read; it was moved to" in message
    moved = list(profiles_path(storage).parent.glob("profiles.json.corrupt-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == data  # nothing lost: a later save cannot touch it
    assert not profiles_path(storage).exists()


def test_a_file_of_exactly_the_limit_is_read(storage, english):
    base = json.dumps({"version": 1, "profiles": many(2)}).encode("utf-8")
    write(storage, many(2), pad=MAX_PROFILES_BYTES - len(base))
    assert profiles_path(storage).stat().st_size == MAX_PROFILES_BYTES
    book, message = load_profiles(storage)
    assert list(book.saved) == ["Profile 0", "Profile 1"] and message is None


def test_the_limit_is_far_above_what_fifty_profiles_need():
    longest = {k: max(v, key=lambda x: len(json.dumps(x))) for k, v in profiles.CHOICES.items()}
    rules = RuleSet(**longest, target=1_000_000)
    book = ProfileBook({"😀" * (profiles.MAX_NAME - 2) + f"{i:02d}": rules for i in range(MAX_SAVED)})
    written = len((json.dumps(book.to_dict(), ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    assert written * 30 < MAX_PROFILES_BYTES


# --------------------------------------------------------------------------- the first fifty, said

def test_only_the_first_fifty_are_read_and_the_rest_left_out_with_one_message(storage, monkeypatch, english):
    data = write(storage, many(1000))
    checked = []
    real = profiles.RuleSet.from_dict
    monkeypatch.setattr(profiles.RuleSet, "from_dict", staticmethod(lambda d: checked.append(d) or real(d)))
    book, message = load_profiles(storage)
    assert list(book.saved) == [f"Profile {i}" for i in range(MAX_SAVED)]  # the first, in the file's order
    assert book.saved["Profile 7"] == RuleSet(target=107)
    assert len(checked) == MAX_SAVED  # the other 950 are counted, never checked
    assert book.left_out == 950
    assert message == ("Only the first 50 saved rules profiles were loaded, as at most 50 are kept; "
                       "the other 950 stay in profiles.json until you change a profile.")
    assert profiles_path(storage).read_bytes() == data  # loading never rewrites the file


def test_one_left_out_is_said_in_the_singular(storage, english):
    write(storage, many(MAX_SAVED + 1))
    book, message = load_profiles(storage)
    assert book.left_out == 1 and "the other 1 stays in profiles.json" in message


def test_exactly_fifty_are_read_without_a_word(storage, english):
    write(storage, many(MAX_SAVED))
    book, message = load_profiles(storage)
    assert len(book.saved) == MAX_SAVED and book.left_out == 0 and message is None


def test_unusable_profiles_do_not_count_towards_the_fifty(storage, english):
    bad = [{"name": f"Bad {i}", "rules": {"decks": 3}} for i in range(20)]
    write(storage, bad + many(60))
    book, message = load_profiles(storage)
    assert list(book.saved) == [f"Profile {i}" for i in range(MAX_SAVED)] and book.left_out == 10
    # the left-out sentence first (a toast shows three lines), then the names, the first few only
    assert message.startswith("Only the first 50 saved rules profiles were loaded")
    assert ('Saved rules profiles "Bad 0", "Bad 1", "Bad 2" and 17 more could not be used and were left out.'
            in message)


def test_a_change_writes_what_was_kept_as_the_message_said(storage, english):
    write(storage, many(60))
    book, _message = load_profiles(storage)
    book.delete("Profile 0")
    book.save_as("Mine", RuleSet(decks=2))
    assert save_profiles(storage, book)
    again, message = load_profiles(storage)
    assert message is None and list(again.saved)[-1] == "Mine" and len(again.saved) == MAX_SAVED


@pytest.mark.parametrize("lang", ["cy", "ka"])
def test_the_messages_are_translated(storage, lang, english):
    i18n.set_language(lang)
    write(storage, [{"name": f"Bad {i}", "rules": {"decks": 3}} for i in range(5)] + many(52))
    _book, message = load_profiles(storage)
    assert "Only the first" not in message and "more could not be used" not in message
    assert "50" in message and "2" in message and "profiles.json" in message
    assert '"Bad 0"' in message and '"Bad 4"' not in message  # three names, then a count
    write(storage, many(1), pad=MAX_PROFILES_BYTES)
    _book, message = load_profiles(storage)
    assert "larger than" not in message and "1 MiB" in message and "50" in message


# --------------------------------------------------------------------------- a fast check

def test_a_thousand_clashing_names_are_checked_with_few_normalisations(storage, monkeypatch, english):
    """Each clashing name tries "Fives Night (2)", "(3)" … and each try used
    to normalise every built-in and saved name again, and the 950 after the
    first 50 paid the same before being refused: 2,090,385 Unicode
    normalisations for 1,000 profiles named alike (8 ms a profile)."""
    write(storage, many(1000, name=lambda i: "Fives Night"))
    name_key.cache_clear()
    profiles.builtin_keys.cache_clear()
    calls = []
    real = unicodedata.normalize
    monkeypatch.setattr(unicodedata, "normalize", lambda form, text: calls.append(text) or real(form, text))
    book, message = load_profiles(storage)
    monkeypatch.undo()
    assert list(book.saved)[:3] == ["Fives Night", "Fives Night (2)", "Fives Night (3)"]
    assert len(book.saved) == MAX_SAVED and book.left_out == 950
    assert f"{MAX_SAVED - 1 - SHOWN_NAMES:,} more were renamed the same way" in message
    assert len(calls) < MAX_SAVED ** 2, len(calls)  # 1,386 now


def test_the_names_are_still_compared_as_before():
    book = ProfileBook()
    assert book.save_as("ﬁves  NIGHT ", RuleSet()) == "ﬁves NIGHT"
    assert book.taken("Fives Night") == "ﬁves NIGHT"
    with pytest.raises(profiles.NameTaken, match="built-in"):
        book.save_as("  STANDARD ", RuleSet())
    with pytest.raises(profiles.NameTaken, match="built-in"):
        book.save_as("round the corner", RuleSet())
    assert book.free_name("Standard") == "Standard (2)"


# --------------------------------------------------------------------------- at the table's door

def test_new_game_with_a_thousand_profiles_opens_at_once_and_says_what_was_left_out(tmp_path, english):
    """Through the real New game screen (dummy video driver): the first 50
    saved profiles are loaded, the toast says what happened to the other
    950, and the file is as it was."""
    from scenes.core.app import App
    from scenes.core.options import Options
    from scenes.screens.setup import SetupScene
    from scenes.screens.title import TitleScene

    app = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    try:
        data = write(app.storage, many(1000))
        app.push(TitleScene(app))
        setup = app.push(SetupScene(app))
        app.step(1 / 60)
        toasts = [m for m, _until in app.toasts]
        assert any("the other 950 stay in profiles.json" in m for m in toasts), toasts
        assert len(app.profile_book.saved) == MAX_SAVED
        assert setup is app.top
        assert profiles_path(app.storage).read_bytes() == data
    finally:
        app.close()
