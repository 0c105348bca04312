"""Issue 21, items 5 to 7: finished games in time order whatever the local
clock does, a newer version's keys never taken for a corrupt file, and a
corrupt statistics file told to the player."""

from __future__ import annotations

import dataclasses
import json
import time

import pytest

from game.services.finished import KEEP, FinishedGames, game_date
from game.services.statistics import summarize
from game_play import KNOWN_RECORD
from test_scenes import app  # noqa: F401  (a fixture)


@pytest.fixture
def tz(monkeypatch):
    """``tz(spec)`` puts the process in the POSIX time zone ``spec`` (the
    old zone comes back after the test)."""
    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset is POSIX only")

    def use(spec: str) -> None:
        monkeypatch.setenv("TZ", spec)
        time.tzset()

    yield use
    monkeypatch.undo()
    time.tzset()


LONDON = "GMT0BST,M3.5.0/1,M10.5.0"  # summer time ends on the last Sunday of October, 02:00 BST -> 01:00 GMT
FIRST_PASS = 1_792_889_580  # 2026-10-25 00:53 UTC: 01:53 BST, in the hour that comes twice
SECOND_PASS = 1_792_890_600  # 2026-10-25 01:10 UTC: 01:10 GMT, 17 minutes later


def _summary(i: int):
    """The summary of the known (won) record under another id: game ``i``."""
    base = summarize(json.loads(json.dumps(KNOWN_RECORD)), ["human", "easy"], 0)
    return dataclasses.replace(base, id=f"{i:012x}")


def _save_at(folder, i: int, seconds: float, monkeypatch):
    """Keep game ``i`` as if it finished at ``seconds`` since the epoch."""
    monkeypatch.setattr(time, "time_ns", lambda: int(seconds * 10**9))
    return FinishedGames(folder).save(json.loads(json.dumps(KNOWN_RECORD)), _summary(i))


# ---------------------------------------------------------------- item 5
def test_the_game_finished_in_the_repeated_hour_is_newest_and_never_pruned(tmp_path, tz, monkeypatch):
    """Item 5: in the hour repeated when summer time ends, a game finished in
    the second pass is the newest (listed first) and, with 100 games kept,
    is not the one deleted: the oldest is."""
    tz(LONDON)
    folder = tmp_path / "finished"
    for i in range(KEEP):  # 100 games, 20 s apart, from 01:20 to 01:53 BST
        _save_at(folder, i, FIRST_PASS - (KEEP - 1 - i) * 20, monkeypatch)
    assert len(FinishedGames(folder).files()) == KEEP
    new = _save_at(folder, 999, SECOND_PASS, monkeypatch)  # 01:10 GMT, after all of them
    files = FinishedGames(folder).files()
    assert len(files) == KEEP and files[0] == new  # kept, and the newest
    assert not any(p.stem.endswith(f"-{0:012x}") for p in files)  # the oldest game went
    games, message = FinishedGames(folder).list()
    assert message is None and games[0][0] == new.name
    assert game_date(new.name) == "2026-10-25 01:10"  # local time on screen


def test_a_change_of_time_zone_keeps_the_order(tmp_path, tz, monkeypatch):
    """Item 5: flying west (UTC+4 to UTC-5) the next game is still the newest."""
    folder = tmp_path / "finished"
    tz("XYZ-4")  # POSIX: 4 hours east of Greenwich
    first = _save_at(folder, 1, 1_780_000_000, monkeypatch)
    tz("ABC5")  # 5 hours west
    second = _save_at(folder, 2, 1_780_000_000 + 3600, monkeypatch)
    assert FinishedGames(folder).files() == [second, first]
    assert second.name.startswith(time.strftime("%Y%m%d-%H%M%S", time.gmtime(1_780_003_600)))
    assert game_date(second.name) == time.strftime("%Y-%m-%d %H:%M", time.localtime(1_780_003_600))
    tz("XYZ-4")
    assert game_date(second.name) == time.strftime("%Y-%m-%d %H:%M", time.localtime(1_780_003_600))


def test_finished_games_named_in_local_time_by_earlier_versions_keep_working(tmp_path, tz, monkeypatch):
    """Item 5, old files: a name without ``Z`` is local time; it is listed,
    dated as written and ordered among the new UTC names by its moment."""
    tz("XYZ-4")
    folder = tmp_path / "finished"
    folder.mkdir()
    text = json.dumps(KNOWN_RECORD)
    # 2026-05-29 00:00 local is 2026-05-28 20:00 UTC
    old = folder / "20260529-000000-000000-aaaaaaaaaaaa.json"
    old.write_text(text, encoding="utf-8")
    before = _save_at(folder, 1, time.mktime((2026, 5, 28, 23, 0, 0, 0, 0, -1)), monkeypatch)  # 19:00Z
    after = _save_at(folder, 2, time.mktime((2026, 5, 29, 0, 30, 0, 0, 0, -1)), monkeypatch)  # 20:30Z
    assert before.name.startswith("20260528-190000-000000Z-")
    assert FinishedGames(folder).files() == [after, old, before]
    assert game_date(old.name) == "2026-05-29 00:00" and game_date(before.name) == "2026-05-28 23:00"
    games, message = FinishedGames(folder).list()
    assert message is None and [n for n, _ in games] == [after.name, old.name, before.name]
    assert game_date("shared-with-a-friend.json") == ""


def test_a_clock_set_back_never_deletes_the_game_just_finished(tmp_path, monkeypatch):
    """Item 5: with 100 games kept and the computer's clock set back a year,
    the game just finished stays (the oldest other one goes)."""
    folder = tmp_path / "finished"
    for i in range(KEEP):
        _save_at(folder, i, 1_780_000_000 + i * 60, monkeypatch)
    new = _save_at(folder, 999, 1_780_000_000 - 365 * 86400, monkeypatch)
    files = FinishedGames(folder).files()
    assert len(files) == KEEP and new in files
    assert not any(p.stem.endswith(f"-{0:012x}") for p in files)


def test_save_slots_are_ordered_by_when_they_were_saved_not_by_their_local_names(tmp_path, tz):
    """Item 5, slots: their names come from local time too, but the order
    (Continue, Load game) is by ``saved_at``, seconds since the epoch, and
    only the time shown is local."""
    from game.services.slots import Slots
    from game.services.storage import Storage
    from test_slots import write_slot

    tz(LONDON)
    storage = Storage(tmp_path / "cfg")
    slots = Slots(storage)
    first = slots.new_name(FIRST_PASS)
    write_slot(storage, first, saved_at=float(FIRST_PASS))
    second = slots.new_name(SECOND_PASS)
    write_slot(storage, second, saved_at=float(SECOND_PASS))
    assert second < first  # 01:10 GMT sorts before 01:53 BST by name
    assert [i.name for i in Slots(storage).list()] == [second, first]
    assert Slots(storage).latest().when(now=SECOND_PASS) == "today 01:10"


# ---------------------------------------------------------------- item 6
from game.rules.record import newer_keys, replay  # noqa: E402
from game.services.files import NewerFileError  # noqa: E402
from game.services.storage import Storage  # noqa: E402


def with_newer_keys(record: dict) -> dict:
    """``record`` as a later version might write it in the same format: a
    new top key, a new rule, a new key on a hand and on an action, and a new
    kind of action (game-record.md allows all of them)."""
    out = json.loads(json.dumps(record))
    out["clock"] = {"utc": "2026-11-30T09:12:00Z"}
    out["rules"]["wild_twos"] = False
    out["hands"][0]["started"] = 1_790_000_000
    if out["hands"][0]["actions"]:
        out["hands"][0]["actions"][0]["think_ms"] = 1200
    out["hands"][0]["actions"].insert(1, {"p": 1, "emote": "wave"})
    return out


def test_replay_still_refuses_every_unknown_key():
    """Item 6: ``replay``'s contract is unchanged: an unknown key is a bad_record."""
    out, status = replay(with_newer_keys(KNOWN_RECORD))
    assert status == 2 and out["error"]["code"] == "bad_record" and "unknown key" in out["error"]["message"]


def test_newer_keys_names_them_only_when_they_are_the_only_fault():
    record = with_newer_keys(KNOWN_RECORD)
    assert newer_keys(record) == ["clock", "rules.wild_twos", "hands[0].started", "hands[0].actions[0].think_ms",
                                  "hands[0].actions[1].emote"]
    assert newer_keys(json.loads(json.dumps(KNOWN_RECORD))) == []  # nothing unknown
    broken = json.loads(json.dumps(record))
    broken["hands"][0]["dealer"] = 7  # and something else is wrong
    assert newer_keys(broken) == []
    broken = json.loads(json.dumps(record))
    broken["hands"][0]["actions"][0]["draw"] = "pile"
    assert newer_keys(broken) == []
    assert newer_keys([1, 2]) == [] and newer_keys({"format": "rummy500/1", "x": 1}) == []


def slot_with_newer_keys(storage, name="game-20260101-120000"):
    """A slot whose record holds keys of a later version (same format); the
    bytes of every file of the slot."""
    from test_slots import write_slot
    write_slot(storage, name)
    path = storage.game_path(name)
    path.write_text(json.dumps(with_newer_keys(json.loads(path.read_text(encoding="utf-8")))), encoding="utf-8")
    storage.save_seats([{"name": "Me", "level": "human"}, {"name": "Ana", "level": "easy"}], name)
    return {p.name: p.read_bytes() for p in storage.saves_dir.iterdir()}


def test_a_slot_with_a_newer_versions_keys_is_left_whole_and_never_overwritten(app):
    """Item 6: Continue says "from a newer version" (not "could not be
    loaded"), every file of the slot stays as it was, the slot stays
    listed, and a save over it is refused."""
    from game.services.slots import Slots
    from scenes.screens.title import TitleScene
    from scenes.table.scene import TableScene
    from test_scenes import frames

    content = slot_with_newer_keys(app.storage)
    title = app.push(TitleScene(app))
    frames(app, 1)
    title.continue_game()
    frames(app, 1)
    assert not isinstance(app.top, TableScene)
    messages = [m for m, _ in app.toasts]
    assert any("newer version" in m and "will not be overwritten" in m for m in messages), messages
    assert not any("could not" in m or "moved" in m for m in messages), messages
    assert {p.name: p.read_bytes() for p in app.storage.saves_dir.iterdir()} == content
    assert [i.name for i in Slots(app.storage).list()] == ["game-20260101-120000"]
    assert app.storage.is_newer_save("game-20260101-120000")
    with pytest.raises(NewerFileError):
        app.storage.save_game(json.loads(json.dumps(KNOWN_RECORD)), "game-20260101-120000")
    assert {p.name: p.read_bytes() for p in app.storage.saves_dir.iterdir()} == content


def test_a_slot_with_unknown_keys_and_another_fault_is_still_moved_aside(tmp_path):
    storage = Storage(tmp_path)
    from test_slots import write_slot
    write_slot(storage, "game-20260101-120000")
    path = storage.game_path("game-20260101-120000")
    record = with_newer_keys(json.loads(path.read_text(encoding="utf-8")))
    record["players"] = ["Me"]  # one player: broken whatever the version
    path.write_text(json.dumps(record), encoding="utf-8")
    game, message = storage.load_game_state("game-20260101-120000")
    assert game is None and "could not be loaded" in message and "moved" in message
    assert not path.exists() and list(tmp_path.glob("saves/game-20260101-120000.json.corrupt-*"))


def test_an_old_autosave_with_a_newer_versions_keys_stays_where_it_is(app):
    """Item 6: the single autosave of older versions is not moved into a
    slot (nor aside) when a later version added keys to it."""
    from game.services.slots import Slots
    path = app.storage.game_path("autosave")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(with_newer_keys(KNOWN_RECORD))
    path.write_text(text, encoding="utf-8")
    slots = Slots(app.storage)
    assert slots.migrate() is None
    assert any("newer version" in m for m in slots.messages)
    assert path.read_text(encoding="utf-8") == text and sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_save_changed_on_disk_by_a_newer_version_is_not_overwritten(tmp_path, monkeypatch):
    """The per-move saves skip reading a file this program wrote itself, but
    one a newer version wrote over it since is seen and kept."""
    import game.services.saves as saves
    storage = Storage(tmp_path)
    record = json.loads(json.dumps(KNOWN_RECORD))
    storage.save_game(record, "game-x", durable=False)
    reads = []
    monkeypatch.setattr(saves, "decode_json", lambda data: reads.append(1) or json.loads(data))
    storage.save_game(record, "game-x", durable=False)  # its own file: written again, not read
    assert reads == []
    newer = json.dumps(with_newer_keys(KNOWN_RECORD)) + "\n" * 5
    storage.game_path("game-x").write_text(newer, encoding="utf-8")
    with pytest.raises(NewerFileError):
        storage.save_game(record, "game-x", durable=False)
    assert storage.game_path("game-x").read_text(encoding="utf-8") == newer


@pytest.mark.parametrize("newer", [with_newer_keys, lambda r: dict(r, format="rummy500/2")])
def test_a_finished_game_of_a_newer_version_is_left_as_it_is_and_not_called_corrupt(tmp_path, newer):
    """Item 6: in the finished games, a newer version's record (new keys, or
    a newer format) is neither moved aside nor named in a message; it is
    left out of the list, and a broken one beside it is still moved aside."""
    folder = tmp_path / "finished"
    folder.mkdir()
    kept = folder / "20260101-120000-000000Z-aaaaaaaaaaaa.json"
    kept.write_text(json.dumps(newer(json.loads(json.dumps(KNOWN_RECORD)))), encoding="utf-8")
    good = folder / "20260101-110000-000000Z-bbbbbbbbbbbb.json"
    good.write_text(json.dumps(KNOWN_RECORD), encoding="utf-8")
    games, message = FinishedGames(folder).list()
    assert message is None and [n for n, _ in games] == [good.name]
    assert kept.exists() and not list(folder.glob("*.corrupt-*"))
    assert FinishedGames(folder).list() == (games, None) and kept.exists()
    broken = folder / "20260101-100000-000000Z-cccccccccccc.json"
    record = with_newer_keys(KNOWN_RECORD)
    record["hands"][0]["dealer"] = 9
    broken.write_text(json.dumps(record), encoding="utf-8")
    games, message = FinishedGames(folder).list()
    assert "1 finished game could not be read" in message and broken.name in message and kept.name not in message
    assert kept.exists() and not broken.exists()


def test_settings_with_a_newer_versions_rule_are_kept_and_never_overwritten(tmp_path):
    """Item 6, settings: unknown keys were kept already, except a newer
    version's rule in ``last_setup.rules``, which made the last new-game
    choices "reset". Now the file is a newer version's: the message says so,
    nothing is called reset, and it is never written over."""
    storage = Storage(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    text = json.dumps({"version": 1, "speed": "fast", "hologram": True,
                       "last_setup": {"players": 3, "rules": {"target": 300, "wild_twos": True}}})
    storage.settings_path.write_text(text, encoding="utf-8")
    settings, message = storage.load_settings()
    assert settings.speed == "fast" and settings.last_setup["players"] == 3
    assert settings.is_newer and settings.newer_keys == ["last_setup.rules.wild_twos"]
    assert "newer version" in message and "reset" not in message
    settings.speed = "slow"
    assert storage.save_settings(settings) is False
    assert storage.settings_path.read_text(encoding="utf-8") == text
    assert not list(tmp_path.glob("settings.json.corrupt-*"))
    assert "newer_keys" not in settings.to_dict() and "extra" not in settings.to_dict()


def test_settings_with_a_bad_rule_value_are_still_reset(tmp_path):
    storage = Storage(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    storage.settings_path.write_text(json.dumps({"version": 1, "last_setup": {"rules": {"target": 0, "x": 1}}}),
                                     encoding="utf-8")
    settings, message = storage.load_settings()
    assert not settings.is_newer and "reset" in message and "rules" not in settings.last_setup
    assert storage.save_settings(settings) is True


# ---------------------------------------------------------------- item 7
def test_a_corrupt_statistics_file_is_told_once_when_the_table_opens(app):
    """Item 7: the table is where the statistics are first read; the corrupt
    file moved aside there is now told to the player, once, with where it
    went, and the game counted at the end starts the new statistics without
    another word."""
    from game.play.table_session import Seat, TableSession
    from game.services.finished import record_finished_game
    from scenes.table.scene import TableScene
    from test_scenes import frames

    app.storage.statistics_path.parent.mkdir(parents=True, exist_ok=True)
    app.storage.statistics_path.write_text("{broken", encoding="utf-8")

    def open_table():
        session = TableSession([Seat("Me", "human"), Seat("Ana", "easy")], seed=2, use_workers=False)
        app.push(TableScene(app), session=session)
        frames(app, 1)
        app.pop()
        frames(app, 1)
        return [m for m, _ in app.toasts if "statistics" in m]

    told = open_table()
    assert len(told) == 1 and "could not be read" in told[0] and "moved to" in told[0]
    moved = list(app.storage.statistics_path.parent.glob("statistics.json.corrupt-*"))
    assert len(moved) == 1 and str(moved[0]) in told[0]
    assert open_table() == told  # not again
    summary, counted, message = record_finished_game(app.storage, json.loads(json.dumps(KNOWN_RECORD)),
                                                     ["human", "easy"], 0)
    assert counted and message is None and app.storage.load_statistics()[0].games_played == 1


def test_a_demo_table_leaves_a_corrupt_statistics_file_alone(app):
    """A table with no person reads no statistics: the file stays for the
    next table with the person, which tells."""
    from game.play.table_session import Seat, TableSession
    from scenes.table.scene import TableScene
    from test_scenes import frames

    app.storage.statistics_path.parent.mkdir(parents=True, exist_ok=True)
    app.storage.statistics_path.write_text("{broken", encoding="utf-8")
    session = TableSession([Seat("Bo", "easy"), Seat("Ana", "easy")], seed=2, use_workers=False)
    app.push(TableScene(app), session=session, demo=True)
    frames(app, 1)
    assert app.storage.statistics_path.read_text(encoding="utf-8") == "{broken"
    assert not [m for m, _ in app.toasts if "statistics" in m]
