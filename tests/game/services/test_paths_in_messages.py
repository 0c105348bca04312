"""Every path a service puts in a message goes through ``game.paths.shown``
(issue 21, item 10): in a config folder whose name holds a byte that is not
UTF-8, each message names the folder with U+FFFD and can be encoded as
UTF-8 (so a font, the log and a message box take it)."""

from __future__ import annotations

import json
import os

import pytest

from game.services.finished import FinishedGames
from game.services.profiles import ProfileError, load_profiles, read_rules_file
from game.services.storage import Storage
from helpers import non_utf8_folder

SHOWN = "cfg-\ufffd-x"


def printable(message: str) -> bool:
    message.encode("utf-8")  # raises for a lone surrogate
    return SHOWN in message and "\udcff" not in message


@pytest.fixture
def folder(tmp_path) -> str:
    return non_utf8_folder(tmp_path)


def test_a_missing_rules_file_is_named_printably(folder):
    with pytest.raises(ProfileError) as info:
        read_rules_file(os.path.join(folder, "house.json"))
    assert printable(str(info.value)) and "There is no file" in str(info.value)


def test_a_folder_given_as_a_rules_file_is_named_printably(folder):
    with pytest.raises(ProfileError) as info:
        read_rules_file(folder)
    assert printable(str(info.value)) and "is a folder" in str(info.value)


def test_a_corrupt_profiles_file_is_moved_and_named_printably(folder):
    storage = Storage(folder)
    with open(os.path.join(folder, "profiles.json"), "w", encoding="utf-8") as fh:
        fh.write("[not an object")
    book, message = load_profiles(storage)
    assert message is not None and printable(message) and "moved to" in message
    assert any(name.startswith("profiles.json.corrupt-") for name in os.listdir(folder))


def test_a_corrupt_settings_file_is_named_printably(folder):
    with open(os.path.join(folder, "settings.json"), "w", encoding="utf-8") as fh:
        fh.write("{broken")
    _settings, message = Storage(folder).load_settings()
    assert message is not None and printable(message)


def test_a_bad_save_is_named_printably(folder):
    storage = Storage(folder)
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    storage.game_path("autosave").write_text(json.dumps({"format": 1}), encoding="utf-8")
    record, message = storage.load_game("autosave")
    assert record is None and message is not None and printable(message) and "moved to" in message


def test_unreadable_finished_games_are_named_printably(folder):
    games = FinishedGames(os.path.join(folder, "finished"))
    os.makedirs(games.folder)
    (games.folder / "20260101-000000-000000Z-x.json").write_text("{", encoding="utf-8")
    _listed, message = games.list()
    assert message is not None and printable(message)
