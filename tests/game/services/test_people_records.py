"""Issue 23, section 1: a record says which seats were people (the optional
``people`` key), replay reads it and records without it as before, and the
statistics count each person's game under their name."""

from __future__ import annotations

import json

import pytest

from game.play.table_session import Seat, TableSession
from game.rules.record import RecordError, parse_record, record_of, replay
from game.services.finished import record_finished_game
from game.services.statistics import Statistics, count_game, summarize
from game.services.storage import Storage
from game_play import KNOWN_RECORD


def with_people(people):
    return {**json.loads(json.dumps(KNOWN_RECORD)), "people": people}


def test_a_table_of_people_and_computers_writes_who_played_and_replay_reads_it():
    seats = [Seat("Ana", "human"), Seat("Bo", "easy"), Seat("Cy", "human")]
    with TableSession(seats, seed=3, use_workers=False) as session:
        record = record_of(session.game)
    assert record["people"] == [0, 2]
    assert parse_record(record).people == [0, 2]
    out, status = replay(json.dumps(record))
    assert status == 0 and out["ok"]
    without = {k: v for k, v in record.items() if k != "people"}  # a record of before: read as ever
    assert parse_record(without).people is None and replay(without)[1] == 0
    with TableSession([Seat("A", "easy"), Seat("B", "easy")], seed=3, use_workers=False) as session:
        assert record_of(session.game)["people"] == []  # every seat a computer's


@pytest.mark.parametrize("bad", [[0, 0], [2], [-1], ["0"], 1, [True], [0, 1, 1]])
def test_a_people_key_that_names_no_seat_is_a_bad_record(bad):
    with pytest.raises(RecordError):
        parse_record(with_people(bad))
    out, status = replay(with_people(bad))
    assert status == 2 and out["error"]["code"] == "bad_record"


def test_a_game_two_people_played_counts_for_both_under_their_names(tmp_path):
    record = with_people([0, 1])
    stats = Statistics()
    summary = summarize(record, ["human", "human"], 0)
    assert [p["seat"] for p in summary.people] == [0, 1]
    assert count_game(stats, summary) and not count_game(stats, summary)  # once
    ann, ben = stats.people["Ann"], stats.people["Ben"]
    assert (ann.games_played, ann.games_won, ann.hand_points) == (1, 0, -6)
    assert (ben.games_played, ben.games_won, ben.hand_points, ben.rummy_calls) == (1, 1, 35, 1)
    assert ann.by_level == {} and stats.by_level == {}  # a person is no computer level
    assert stats.games_played == 1  # the person at seat 0, as before
    again, reset = Statistics.from_dict(json.loads(json.dumps(stats.to_dict())))
    assert not reset and again.people["Ben"].games_won == 1
    broken, reset = Statistics.from_dict({**stats.to_dict(), "people": {"Ann": 3, "Ben": ben.to_dict()}})
    assert reset == ["people"] and list(broken.people) == ["Ben"]  # a damaged entry dropped, the rest kept
    storage = Storage(tmp_path / "cfg")  # through the finished-game path: both kept on disk
    _s, counted, message = record_finished_game(storage, record, ["human", "human"], 0)
    assert counted and message is None
    on_disk, _m = storage.load_statistics()
    assert set(on_disk.people) == {"Ann", "Ben"}


def test_people_without_the_key_are_the_human_levels_and_a_watched_game_counts_its_people():
    record = json.loads(json.dumps(KNOWN_RECORD))
    stats = Statistics()
    summary = summarize(record, ["easy", "human"], None)  # seat 0 watched, Ben a person here
    assert count_game(stats, summary)
    assert stats.games_played == 0 and stats.people["Ben"].games_won == 1
