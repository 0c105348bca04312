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
