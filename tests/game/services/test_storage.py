"""Files on disk (``game/services/storage.py``): settings, saves, statistics, the log.

Every test works in ``tmp_path`` (``Storage(tmp_path / ...)``, the
``--config-dir`` layout) or in a subprocess whose HOME and XDG folders point
into ``tmp_path``; nothing touches the real user folders.
"""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import game.services.files as file_io
from game.rules.game import Game
from game.rules.random_play import random_step
from game.rules.record import game_from_record, record_of
from game.rules.ruleset import PROFILES
from game.services.files import LOGGER_NAME, atomic_write_text
from game.services.settings import MIN_WINDOW, SETTING_WORDS, SETTINGS_VERSION, Settings
from game.services.statistics import Statistics, record_game
from game.services.storage import Storage, configure_logging

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def store(tmp_path) -> Storage:
    return Storage(tmp_path / "cfg")


@pytest.fixture(autouse=True)
def clean_logger():
    """Leave the ``rummy500`` logger as it was: no file handler into a
    deleted temp folder survives a test."""
    logger = logging.getLogger(LOGGER_NAME)
    before = list(logger.handlers), logger.level
    yield
    for h in list(logger.handlers):
        if h not in before[0]:
            logger.removeHandler(h)
            h.close()
    logger.setLevel(before[1])


def write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


def corrupt_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def leftovers(folder: Path) -> list[str]:
    """Temp files an atomic write might have left behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def a_game(seed: int = 3, steps: int = 25, names=("You", "Zoë", "李 Wei")) -> Game:
    """A real game part-way through (random legal moves)."""
    rng = random.Random(seed)
    game = Game.new(list(names), PROFILES["standard"], seed=seed)
    for _ in range(steps):
        if game.winner is not None:
            break
        if game.hand.ended is not None:
            game.deal_next_hand()
        random_step(game, rng)
    return game


# --------------------------------------------------------------------------- layout

def test_config_dir_layout_and_nothing_created_until_a_write(tmp_path):
    root = tmp_path / "cfg"
    s = Storage(str(root))
    assert s.settings_path == root / "settings.json"
    assert s.saves_dir == root / "saves"
    assert s.statistics_path == root / "statistics.json"
    assert s.log_dir == root / "logs"
    # reading missing files creates nothing
    assert s.load_settings() == (Settings(), None)
    assert s.load_statistics() == (Statistics(), None)
    assert s.load_game() == (None, None)
    assert not s.has_game()
    assert s.list_games() == []
    assert not root.exists()
    assert s.save_settings(Settings())
    assert sorted(p.name for p in root.iterdir()) == ["settings.json"]


IMPORT_CODE = r"""
import json, os, sys
from pathlib import Path
home = Path(sys.argv[1])
import game.services.storage as gs
s = gs.Storage()
paths = [s.settings_path, s.saves_dir, s.statistics_path, s.log_dir]
settings, msg = s.load_settings()
stats, msg2 = s.load_statistics()
made_before = sorted(str(p.relative_to(home)) for p in home.rglob("*"))
inside = all(home in p.parents for p in paths)
if inside:  # only write where the test said (platformdirs honours HOME/XDG here)
    s.save_settings(settings)
    s.save_game({"format": "rummy500/1"}, "x")
print(json.dumps({"made_before": made_before, "inside": inside, "msg": [msg, msg2],
                  "paths": [str(p) for p in paths], "pygame": "pygame" in sys.modules}))
"""


def test_import_and_construct_create_nothing_under_platformdirs(tmp_path):
    home = tmp_path / "home dir"
    home.mkdir()
    env = dict(os.environ)
    env.update({"HOME": str(home), "USERPROFILE": str(home),
                "XDG_CONFIG_HOME": str(home / "xdg-config"), "XDG_DATA_HOME": str(home / "xdg-data"),
                "XDG_STATE_HOME": str(home / "xdg-state"), "XDG_CACHE_HOME": str(home / "xdg-cache"),
                "APPDATA": str(home / "AppData" / "Roaming"), "LOCALAPPDATA": str(home / "AppData" / "Local")})
    proc = subprocess.run([sys.executable, "-c", IMPORT_CODE, str(home)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["made_before"] == []          # import, Storage(), loads: no folder, no file
    assert out["msg"] == [None, None]
    assert out["pygame"] is False
    assert all("Rummy500" in p for p in out["paths"])
    if sys.platform.startswith("linux"):
        assert out["inside"]
        assert out["paths"][0] == str(home / "xdg-config" / "Rummy500" / "settings.json")
        assert out["paths"][1] == str(home / "xdg-data" / "Rummy500" / "saves")
        assert (home / "xdg-config" / "Rummy500" / "settings.json").is_file()
        assert (home / "xdg-data" / "Rummy500" / "saves" / "x.json").is_file()


# --------------------------------------------------------------------------- atomic writes

def test_atomic_write_creates_folders_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "a" / "b" / "f.json"
    assert atomic_write_text(path, "héllo\n") == path
    assert path.read_bytes() == "héllo\n".encode("utf-8")
    atomic_write_text(path, "second\n")
    assert path.read_text(encoding="utf-8") == "second\n"
    assert leftovers(path.parent) == []
    assert sorted(p.name for p in path.parent.iterdir()) == ["f.json"]


def test_failed_replace_keeps_old_content_and_removes_temp(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    atomic_write_text(path, "old")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write_text(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_failed_write_keeps_old_content_and_removes_temp(tmp_path):
    path = tmp_path / "f.json"
    atomic_write_text(path, "old")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(path, "bad \ud800 surrogate")
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_save_settings_reports_a_failed_write_and_keeps_the_old_file(store, monkeypatch):
    assert store.save_settings(Settings(speed="fast"))
    before = store.settings_path.read_bytes()
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(PermissionError(13, "denied")))
    assert store.save_settings(Settings(speed="slow")) is False
    assert store.settings_path.read_bytes() == before
    assert leftovers(store.settings_path.parent) == []


# --------------------------------------------------------------------------- settings

def test_settings_round_trip(store):
    s = Settings(window_size=(1920, 1080), fullscreen=True, speed="instant", card_style="4color",
                 card_back="red", felt="burgundy", reduced_motion=True, rummy_window_s=3.5,
                 player_name="Zoë Ødegård", last_setup={"players": 4, "levels": ["easy", "hard"],
                                                        "profile": "fives"}, show_log=True)
    assert store.save_settings(s)
    raw = store.settings_path.read_bytes()
    assert "Zoë Ødegård".encode("utf-8") in raw        # UTF-8, not \u escapes
    loaded, msg = store.load_settings()
    assert msg is None
    assert loaded == s
    assert loaded.window_size == (1920, 1080) and isinstance(loaded.window_size, tuple)
    assert json.loads(raw)["version"] == SETTINGS_VERSION


def test_settings_defaults_are_sensible():
    s = Settings()
    assert s.window_size == (1280, 720) and s.speed == "normal" and s.card_style == "2color"
    assert s.rummy_window_s == 3.0 and s.player_name == "You" and s.last_setup == {}  # 3 s: issue 21, item 13
    assert s.rummy_button_always is False
    assert s.version == SETTINGS_VERSION
    assert Settings.from_dict(s.to_dict()) == (s, [])


@pytest.mark.parametrize("content", [
    "{not json", "", "{\"speed\": \"fast\",}", b"\xff\xfe\x00garbage", "[1, 2, 3]", "\"text\"", "null", "42",
])
def test_unreadable_settings_are_moved_aside_and_defaults_used(store, content):
    write(store.settings_path, content)
    settings, msg = store.load_settings()
    assert settings == Settings()
    moved = corrupt_files(store.settings_path)
    assert len(moved) == 1
    assert not store.settings_path.exists()
    expected = content if isinstance(content, bytes) else content.encode("utf-8")
    assert moved[0].read_bytes() == expected                # intact at its new name
    assert moved[0].name.startswith("settings.json.corrupt-")
    assert msg == (f"Your settings file could not be read; it was moved to {moved[0]} "
                   f"and the defaults are used.")
    assert "\n" not in msg
    # the game goes on: the defaults can be saved and read back
    assert store.save_settings(settings)
    assert store.load_settings() == (Settings(), None)
    assert corrupt_files(store.settings_path) == moved


def test_moved_aside_name_is_unique(store, monkeypatch):
    monkeypatch.setattr(file_io, "timestamp", lambda: "20250102-030405")
    write(store.settings_path, "{bad")
    taken = store.settings_path.with_name("settings.json.corrupt-20250102-030405")
    write(taken, "earlier")
    _, msg = store.load_settings()
    new = store.settings_path.with_name("settings.json.corrupt-20250102-030405-2")
    assert new.read_text(encoding="utf-8") == "{bad"
    assert taken.read_text(encoding="utf-8") == "earlier"
    assert str(new) in msg


def test_old_partial_settings_upgraded_key_by_key(store):
    # an "old" file: no version, a few keys, some with values this version can't use
    write(store.settings_path, json.dumps({
        "speed": "fast",                    # valid: kept
        "felt": 7,                          # wrong type
        "window_size": [100, -50],          # out of range
        "fullscreen": "yes",                # wrong type
        "rummy_window_s": 1e9,              # out of range
        "card_style": "4color",             # valid
        "player_name": "Ada",               # valid
        "reduced_motion": 1,                # an int is not a bool
    }))
    s, msg = store.load_settings()
    assert s.speed == "fast" and s.card_style == "4color" and s.player_name == "Ada"
    assert s.felt == "green" and s.window_size == (1280, 720) and s.fullscreen is False
    assert s.rummy_window_s == 3.0 and s.reduced_motion is False
    assert s.card_back == "blue" and s.last_setup == {} and s.show_log is False     # missing: defaults
    assert s.version == SETTINGS_VERSION                                             # upgraded
    assert msg is not None and "\n" not in msg
    for key in ("felt", "window_size", "fullscreen", "rummy_window_s", "reduced_motion"):
        assert SETTING_WORDS[key] in msg  # named in the player's words
    for key in ("speed", "card_style", "player_name"):
        assert key not in msg
    assert corrupt_files(store.settings_path) == []      # upgraded, never rejected whole
    # saving writes the upgraded file
    assert store.save_settings(s)
    data = json.loads(store.settings_path.read_text(encoding="utf-8"))
    assert data["version"] == SETTINGS_VERSION and data["felt"] == "green" and data["speed"] == "fast"


def test_missing_keys_only_give_no_message(store):
    # a size below the one minimum (an older program allowed 640x360) is read as the minimum, silently
    write(store.settings_path, json.dumps({"version": 0, "speed": "slow", "window_size": [800, 600]}))
    s, msg = store.load_settings()
    assert msg is None
    assert s == Settings(speed="slow", window_size=MIN_WINDOW)


def test_nan_and_float_values_are_checked(store):
    write(store.settings_path, '{"rummy_window_s": NaN, "window_size": [1280.0, 720]}')
    s, msg = store.load_settings()
    assert s.rummy_window_s == 3.0 and s.window_size == (1280, 720)
    assert "time to call Rummy" in msg and "window size" in msg
    write(store.settings_path, '{"rummy_window_s": 3}')
    s, msg = store.load_settings()
    assert s.rummy_window_s == 3.0 and msg is None


def test_unknown_keys_preserved_across_save(store):
    write(store.settings_path, json.dumps({"version": 1, "speed": "fast", "music_volume": 0.25,
                                           "hotkeys": {"draw": "D"}}))
    s, msg = store.load_settings()
    assert msg is None
    assert s.extra == {"music_volume": 0.25, "hotkeys": {"draw": "D"}}
    s.speed = "slow"
    assert store.save_settings(s)
    data = json.loads(store.settings_path.read_text(encoding="utf-8"))
    assert data["music_volume"] == 0.25 and data["hotkeys"] == {"draw": "D"}
    assert data["speed"] == "slow"
    again, _ = store.load_settings()
    assert again == s


def test_newer_settings_file_is_read_but_not_overwritten(store):
    newer = {"version": SETTINGS_VERSION + 1, "speed": "fast", "felt": "neon", "future_key": [1, 2]}
    write(store.settings_path, json.dumps(newer))
    before = store.settings_path.read_bytes()
    s, msg = store.load_settings()
    assert s.speed == "fast"                   # known keys it can use: kept
    assert s.felt == "green"                   # a value it doesn't know: default in memory
    assert s.extra == {"future_key": [1, 2]}
    assert s.version == SETTINGS_VERSION + 1 and s.is_newer
    assert msg is not None and "newer" in msg
    s.speed = "slow"
    assert store.save_settings(s) is False
    assert store.save_settings(Settings()) is False       # the file on disk is newer, too
    assert store.settings_path.read_bytes() == before
    assert corrupt_files(store.settings_path) == []
    assert leftovers(store.settings_path.parent) == []


def test_non_ascii_directory_with_spaces(tmp_path):
    root = tmp_path / "Ünïcode dir" / "with space" / "Zoë's 設定"
    s = Storage(root)
    assert s.save_settings(Settings(player_name="Þór"))
    assert s.load_settings() == (Settings(player_name="Þór"), None)
    rec = record_of(a_game())
    path = s.save_game(rec, "my game")
    assert path == root / "saves" / "my game.json"
    assert s.load_game("my game") == (rec, None)
    assert s.list_games() == ["my game"]
    stats = record_game(Statistics(), True, ["easy"], [40, -5], 510)
    assert s.save_statistics(stats)
    assert s.load_statistics() == (stats, None)
    log = configure_logging(s)
    logging.getLogger(LOGGER_NAME + ".test").warning("ünïcode ✓")
    assert log == root / "logs" / "rummy500.log"
    assert "ünïcode ✓" in log.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- saves

def test_save_round_trip_with_a_real_record(store):
    game = a_game(seed=11, steps=40)
    rec = record_of(game)
    path = store.save_game(rec)
    assert path == store.saves_dir / "autosave.json"
    raw = path.read_bytes()
    assert "Zoë".encode("utf-8") in raw and "李 Wei".encode("utf-8") in raw
    assert raw.endswith(b"\n")
    assert store.has_game()
    loaded, msg = store.load_game()
    assert msg is None
    assert loaded == rec
    again = game_from_record(loaded)
    # the same game (the game-level generator is not part of a record; see test_record.comparable)
    assert {k: v for k, v in again.snapshot().items() if k != "rng"} == \
        {k: v for k, v in game.snapshot().items() if k != "rng"}
    assert again.totals == game.totals and again.names == game.names
    assert record_of(again) == rec
    assert leftovers(store.saves_dir) == []
    # overwrite, several names, delete
    store.save_game(record_of(a_game(seed=12, steps=5)), "other")
    assert sorted(store.list_games()) == ["autosave", "other"]
    assert store.delete_game("autosave") is True
    assert store.delete_game("autosave") is False
    assert not store.has_game() and store.load_game() == (None, None)
    assert store.list_games() == ["other"]


def _illegal_record() -> dict:
    rec = record_of(a_game(seed=3, steps=6, names=("You", "Zoë")))
    acts = rec["hands"][0]["actions"]
    acts.insert(1, dict(acts[0]))          # the same draw twice: illegal
    return rec


@pytest.mark.parametrize("content", [
    "{\"format\": \"rummy500/1\", \"hands\": [",                  # cut short
    b"\x00\x01\x02\xff",                                           # not text
    json.dumps({"format": "rummy500/1", "players": ["A"], "hands": []}),   # not a valid record
    json.dumps([1, 2]),
    json.dumps(_illegal_record()),                                 # an illegal action
])
def test_corrupt_save_is_moved_aside(store, content):
    path = store.saves_dir / "autosave.json"
    write(path, content)
    rec, msg = store.load_game()
    assert rec is None
    moved = corrupt_files(path)
    assert len(moved) == 1 and moved[0].name.startswith("autosave.json.corrupt-")
    expected = content if isinstance(content, bytes) else content.encode("utf-8")
    assert moved[0].read_bytes() == expected
    assert msg.startswith('The saved game "autosave" could not be loaded (')
    assert str(moved[0]) in msg and "\n" not in msg
    assert not store.has_game()
    assert store.load_game() == (None, None)
    assert store.list_games() == []        # the moved-aside file is not offered as a save


def test_saves_are_json_never_pickle(store):
    with pytest.raises((TypeError, ValueError)):
        store.save_game({"format": "rummy500/1", "x": object()})
    with pytest.raises(ValueError):
        store.save_game({"format": "rummy500/1", "x": float("nan")})
    assert not store.has_game()


@pytest.mark.parametrize("name", ["", "   ", "../escape", "a/b", "a\\b", "con", "NUL.txt", ".hidden", "x:y",
                                  "tab\there", "trailing."])
def test_bad_save_names_are_refused(store, name):
    with pytest.raises(ValueError):
        store.save_game({"format": "rummy500/1"}, name)
    with pytest.raises(ValueError):
        store.load_game(name)
    assert not store.saves_dir.exists()


# --------------------------------------------------------------------------- statistics

def test_statistics_round_trip_and_record_game(store):
    stats, msg = store.load_statistics()
    assert (stats, msg) == (Statistics(), None)
    record_game(stats, True, ["easy", "easy", "hard"], [35, -20, 120], 515)
    record_game(stats, False, ["hard"], [-60, 10], 230)
    record_game(stats, True, ["medium"], [], 500)
    assert stats.games_played == 3 and stats.games_won == 2 and stats.hands_played == 5
    assert stats.best_hand_score == 120 and stats.highest_total == 515
    assert stats.by_level == {"easy": [1, 1], "hard": [1, 2], "medium": [1, 1]}
    assert stats.current_streak == 1 and stats.best_streak == 1
    assert store.save_statistics(stats)
    assert store.load_statistics() == (stats, None)


def test_negative_best_hand_is_kept():
    stats = record_game(Statistics(), False, ["easy"], [-40, -15], -55)
    assert stats.best_hand_score == -15 and stats.highest_total == -55


def test_corrupt_and_partial_statistics(store):
    write(store.statistics_path, "[]")
    stats, msg = store.load_statistics()
    assert stats == Statistics()
    assert "statistics" in msg and "moved to" in msg
    assert corrupt_files(store.statistics_path)[0].read_text(encoding="utf-8") == "[]"
    write(store.statistics_path, json.dumps({"games_played": 4, "games_won": -1, "hands_played": "x",
                                             "by_level": {"easy": [1, 3], "hard": [5, 2]}, "badge": "gold"}))
    stats, msg = store.load_statistics()
    assert stats.games_played == 4 and stats.games_won == 0 and stats.hands_played == 0
    assert stats.by_level == {"easy": [1, 3]}
    assert stats.extra == {"badge": "gold"}
    assert store.save_statistics(stats)
    assert json.loads(store.statistics_path.read_text(encoding="utf-8"))["badge"] == "gold"


def test_newer_statistics_not_overwritten(store):
    write(store.statistics_path, json.dumps({"version": 99, "games_played": 7}))
    before = store.statistics_path.read_bytes()
    stats, msg = store.load_statistics()
    assert stats.games_played == 7 and "newer" in msg
    record_game(stats, True, ["easy"], [10], 500)
    assert store.save_statistics(stats) is False
    assert store.statistics_path.read_bytes() == before


# --------------------------------------------------------------------------- logging

def _file_handlers():
    return [h for h in logging.getLogger(LOGGER_NAME).handlers
            if isinstance(h, logging.handlers.RotatingFileHandler)]


def test_configure_logging_twice_gives_one_handler(store):
    assert not store.log_dir.exists()
    path = configure_logging(store)
    assert path == store.log_dir / "rummy500.log"
    assert path.is_file()
    path2 = configure_logging(store, logging.DEBUG)
    assert path2 == path
    handlers = _file_handlers()
    assert len(handlers) == 1
    h = handlers[0]
    assert h.maxBytes == 1_000_000 and h.backupCount == 3 and h.encoding == "utf-8"
    logger = logging.getLogger(LOGGER_NAME + ".ai")
    logger.debug("once")
    h.flush()
    assert path.read_text(encoding="utf-8").count("once") == 1


def test_configure_logging_moves_to_a_new_storage(tmp_path):
    first = configure_logging(Storage(tmp_path / "one"))
    second = configure_logging(Storage(tmp_path / "two"))
    assert first != second
    assert len(_file_handlers()) == 1
    logging.getLogger(LOGGER_NAME).warning("to two")
    _file_handlers()[0].flush()
    assert "to two" in second.read_text(encoding="utf-8")
    assert "to two" not in first.read_text(encoding="utf-8")


def test_configure_logging_without_stderr(store, monkeypatch):
    monkeypatch.setattr(sys, "stderr", None)
    path = configure_logging(store)
    logging.getLogger(LOGGER_NAME).error("frozen app, no console")
    _file_handlers()[0].flush()
    assert "frozen app, no console" in path.read_text(encoding="utf-8")


def test_configure_logging_when_folder_cannot_be_made(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    s = Storage(blocker)                       # its logs/ would be inside a file
    assert configure_logging(s) is None
    logging.getLogger(LOGGER_NAME).error("goes nowhere")   # must not raise
    assert _file_handlers() == []
