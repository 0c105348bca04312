"""Issue 13, items 4-8 and the file probes: every value read from disk is
checked once at load, by one schema; bad values go back to their defaults
with one message and are never written back."""

from __future__ import annotations

import errno
import io
import json
import logging
import os
import time
from pathlib import Path

import pygame
import pytest

from game.services import schema as S
from game.rules.record import MAX_NAME
from game.services.files import LOGGER_NAME
from game.services.settings import MIN_WINDOW, Settings
from game.services.storage import Storage, configure_logging
from game_play import KNOWN_RECORD, step
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene


def new_app(cfg: Path) -> App:
    return App(Options(config_dir=str(cfg), size=(1280, 720), speed="instant"))


def toasts(app) -> list[str]:
    return [m for m, _ in app.toasts]


def corrupt(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


# ------------------------------------------------------------------ the schema itself
def test_schema_drops_each_bad_nested_key_and_keeps_the_rest():
    spec = S.Obj({"a": S.Int(0, 9), "o": S.Obj({"b": S.Bool(), "l": S.ListOf(S.Choice(("x", "y")), 3)})})
    value, dropped = S.check(spec, {"a": 12, "o": {"b": True, "l": ["x", 3]}, "new": [1]})
    assert value == {"o": {"b": True}, "new": [1]}
    assert dropped == ["a", "o.l"]
    with pytest.raises(S.Bad):
        S.check(spec, [])


def test_clean_text_keeps_only_what_a_font_can_draw():
    assert S.clean_text("A\x00n\ud800n\n", 16) == "Ann"
    assert S.clean_text("  Bo  ", 16) == "Bo"
    assert S.clean_text("x" * 40, 16) == "x" * 16
    assert S.clean_text("\x00\ud800", 16) is None and S.clean_text(5, 16) is None


def test_deep_nesting_is_dropped_not_a_recursion_error():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    value, dropped = S.check(S.Obj({"names": S.ListOf(S.Text(5), 8)}), {"names": deep})
    assert value == {} and dropped == ["names"]


# ------------------------------------------------------------------ item 4: last_setup
@pytest.mark.parametrize("bad", [["standard"], {"a": 1}, 3, None])
def test_item4_a_bad_last_setup_profile_is_dropped_once_and_never_written_back(tmp_path, bad):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({"last_setup": {"profile": bad, "players": 3,
                                                                  "names": ["Zoe", "Yan\x00"]}}))
    app = new_app(cfg)
    try:
        assert "profile" not in app.settings.last_setup
        assert app.settings.last_setup["players"] == 3 and app.settings.last_setup["names"] == ["Zoe", "Yan"]
        assert [m for m in toasts(app) if "last new-game choices" in m] and len(toasts(app)) == 1
        app.push(TitleScene(app))
        app.top.new_game()
        step(app)
        assert isinstance(app.top, SetupScene) and app.top.players.value == 3
        assert app.top.profile.value == "standard"
    finally:
        app.close()
    on_disk = json.loads((cfg / "settings.json").read_text(encoding="utf-8"))
    assert on_disk["last_setup"].get("profile", "standard") == "standard"
    again = new_app(cfg)
    try:
        assert toasts(again) == []  # fixed for good: told once
    finally:
        again.close()


# ------------------------------------------------------------------ items 5 + probe: names
@pytest.mark.parametrize("name", ["Ann\x00", "\ud800x", "\x1b[31mAnn"])
def test_item5_a_save_whose_name_the_font_refuses_is_moved_aside_with_one_message(tmp_path, name):
    cfg = tmp_path / "cfg"
    record = json.loads(json.dumps(KNOWN_RECORD))
    record["rules"]["target"] = 500
    record["players"][0] = name
    (cfg / "saves").mkdir(parents=True)
    path = cfg / "saves" / "autosave.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    app = new_app(cfg)
    try:
        title = app.push(TitleScene(app))
        for _ in range(2):  # the first Continue tells; the second finds nothing: never a crash
            title.continue_game()
            assert app.top is title
            step(app)
        assert len([m for m in toasts(app) if "could not be loaded" in m]) == 1
        # moved aside, not lost (the old autosave first moved into a save slot, game/services/slots.py)
        assert not path.exists() and len(list((cfg / "saves").glob("*.json.corrupt-*"))) == 1
    finally:
        app.close()


# ------------------------------------------------------------------ item 6: one minimum
def test_item6_a_window_shrunk_below_the_minimum_is_saved_as_the_minimum(tmp_path):
    cfg = tmp_path / "cfg"
    app = new_app(cfg)
    try:
        app.push(TitleScene(app))
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
        step(app)
    finally:
        app.close()
    settings, message = Storage(cfg).load_settings()
    assert message is None and settings.window_size == MIN_WINDOW
    again = new_app(cfg)
    try:
        assert toasts(again) == []
    finally:
        again.close()


# ------------------------------------------------------------------ item 7: stale temp files
def test_item7_stale_hidden_temp_files_are_removed_at_start(tmp_path):
    cfg = tmp_path / "cfg"
    (cfg / "saves" / "finished").mkdir(parents=True)
    old = [cfg / ".settings.json.abc123.tmp", cfg / "saves" / ".autosave.json.x9.tmp",
           cfg / "saves" / "finished" / ".index.json.q.tmp"]
    fresh = cfg / ".statistics.json.now.tmp"  # another copy of the game may be writing it right now
    keep = cfg / "saves" / "notes.tmp"        # not one of ours (not hidden)
    for p in old + [fresh, keep]:
        p.write_text("{", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    for p in old + [keep]:
        os.utime(p, (an_hour_ago, an_hour_ago))
    app = new_app(cfg)
    app.close()
    assert [p for p in old if p.exists()] == []
    assert fresh.exists() and keep.exists()


# ------------------------------------------------------------------ item 8: newer files
def test_item8_a_newer_save_is_left_in_place_and_never_overwritten(tmp_path):
    cfg = tmp_path / "cfg"
    record = dict(KNOWN_RECORD, format="rummy500/2", something_new={"x": 1})
    path = cfg / "saves" / "autosave.json"
    path.parent.mkdir(parents=True)
    text = json.dumps(record)
    path.write_text(text, encoding="utf-8")
    app = new_app(cfg)
    try:
        title = app.push(TitleScene(app))  # not moved into a save slot: left exactly as it is
        title.continue_game()
        assert app.top is title
        assert len([m for m in toasts(app) if "newer version" in m]) == 1
        assert path.read_text(encoding="utf-8") == text and corrupt(path) == []
        assert list(path.parent.glob("game-*")) == []
        with pytest.raises(OSError, match="newer version"):
            app.storage.save_game(json.loads(json.dumps(KNOWN_RECORD)))
        assert path.read_text(encoding="utf-8") == text
    finally:
        app.close()


def test_item8_a_newer_settings_file_is_kept_as_it_is(tmp_path):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    text = json.dumps({"version": 99, "speed": "fast", "hologram": True})
    (cfg / "settings.json").write_text(text, encoding="utf-8")
    app = new_app(cfg)
    try:
        assert app.settings.speed == "fast"
        assert len(toasts(app)) == 1 and "newer version" in toasts(app)[0]
        app.settings.speed = "slow"
        app.save_settings()
    finally:
        app.close()
    assert (cfg / "settings.json").read_text(encoding="utf-8") == text and corrupt(cfg / "settings.json") == []


# ------------------------------------------------------------------ probes: seats, statistics
def test_deep_seats_file_is_moved_aside_with_a_message_and_continue_works(tmp_path):
    cfg = tmp_path / "cfg"
    saves = cfg / "saves"
    saves.mkdir(parents=True)
    record = json.loads(json.dumps(KNOWN_RECORD))
    record["rules"]["target"] = 500
    (saves / "autosave.json").write_text(json.dumps(record), encoding="utf-8")
    (saves / "autosave.seats").write_text('{"seats": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    app = new_app(cfg)
    try:
        title = app.push(TitleScene(app))  # the old autosave moves into a save slot, its seats with it
        title.continue_game()
        assert isinstance(app.top, TableScene)
        [message] = [m for m in toasts(app) if "Medium" in m]
        assert "moved" in message
        assert not (saves / "autosave.seats").exists() and list(saves.glob("game-*.seats.corrupt-*"))
    finally:
        app.close()


def test_good_seats_keep_their_levels(tmp_path):
    storage = Storage(tmp_path)
    storage.save_seats([{"name": "Me", "level": "hard"}, {"name": "Bo\x00", "level": "easy"}])
    seats, message = storage.load_seats()
    assert message is None and seats == [{"name": "Me", "level": "hard"}, {"name": "Bo", "level": "easy"}]
    storage.save_seats([{"name": "Me", "level": "godlike"}])
    seats, message = storage.load_seats()
    assert seats is None and "could not be read" in message


@pytest.mark.parametrize("content, words", [("{broken", "moved to"), ('{"version": 99}', "newer version")])
def test_a_corrupt_or_newer_statistics_file_is_told_when_a_game_is_counted(tmp_path, content, words):
    from game.services.finished import record_finished_game

    storage = Storage(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    storage.statistics_path.write_text(content, encoding="utf-8")
    _, _, message = record_finished_game(storage, json.loads(json.dumps(KNOWN_RECORD)), ["human", "easy"], 0)
    assert message is not None and words in message and "statistics" in message


# ------------------------------------------------------------------ probes: the log
def test_the_log_does_not_follow_a_link_put_at_its_path(tmp_path):
    storage = Storage(tmp_path / "cfg")
    storage.log_dir.mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (storage.log_dir / "rummy500.log").symlink_to(victim)
    path = configure_logging(storage)
    try:
        logging.getLogger(LOGGER_NAME).warning("a line for the log")
        assert victim.read_text(encoding="utf-8") == "precious\n"
        assert not path.is_symlink() and "a line for the log" in path.read_text(encoding="utf-8")
    finally:
        configure_logging(Storage(tmp_path / "other"))


class FullDisk(io.StringIO):
    """A log stream on a full disk: every write fails with ENOSPC."""

    def write(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_prints_nothing_to_stderr(tmp_path, capsys):
    storage = Storage(tmp_path / "cfg")
    configure_logging(storage)
    logger = logging.getLogger(LOGGER_NAME)
    [handler] = [h for h in logger.handlers if h.get_name() == "rummy500-file"]
    handler.stream.close()
    handler.stream = FullDisk()
    try:
        for _ in range(3):
            logger.error("the disk is full")
        assert capsys.readouterr().err == ""
    finally:
        configure_logging(Storage(tmp_path / "other"))


def test_settings_written_back_hold_only_schema_values(tmp_path):
    storage = Storage(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    storage.settings_path.write_text(json.dumps({
        "player_name": "x" * (MAX_NAME + 50), "last_setup": {"levels": ["easy", []], "you_level": "hard",
                                                          "rules": {"target": "lots"}}}), encoding="utf-8")
    settings, message = storage.load_settings()
    assert "last new-game choices" in message
    assert settings.player_name == "x" * MAX_NAME and settings.last_setup == {"you_level": "hard"}
    assert storage.save_settings(settings)
    assert Storage(tmp_path).load_settings() == (settings, None)
    assert isinstance(Settings.from_dict({"window_size": [0, 0]})[0].window_size, tuple)
