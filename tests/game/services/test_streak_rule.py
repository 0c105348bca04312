"""The winning streak and a game thrown away unfinished (issue 21, item 18):
a game the person plays, deleted (Load game's Delete, or New game starting
in its place) once one of its hands is over and not won, ends the streak as
a loss would; games played and won stay as they were. A game deleted in its
first hand, a watched game and a won game leave the streak."""

from __future__ import annotations

import time

import pytest

from game.services.slots import SlotInfo, Slots
from game.services.statistics import Statistics, give_up_game, gives_up_streak
from game.services.storage import Storage


@pytest.mark.parametrize("hands_over, won, plays, ends", [
    (1, False, True, True), (5, False, True, True),
    (0, False, True, False),   # a wrong start: nothing seen yet
    (3, True, True, False),    # won already: counted as won when it was won
    (3, False, False, False),  # watched: not the person's streak
])
def test_when_a_deleted_game_ends_the_streak(hands_over, won, plays, ends):
    assert gives_up_streak(hands_over, won, plays) is ends
    stats = Statistics(games_played=7, games_won=4, current_streak=3, best_streak=3)
    assert give_up_game(stats, hands_over, won, plays) is ends
    assert stats.current_streak == (0 if ends else 3)
    assert (stats.games_played, stats.games_won, stats.best_streak) == (7, 4, 3)


def _slot(storage: Storage, hand: int, levels: list[str], won: bool = False) -> str:
    slots = Slots(storage)
    name = slots.new_name()
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    storage.game_path(name).write_text("{}", encoding="utf-8")
    slots.write_info(SlotInfo(name, ["You", "Ana"], [40, 310], hand, time.time(), levels, won=won))
    return name


@pytest.mark.parametrize("hand, levels, won, streak", [
    (2, ["human", "hard"], False, 0),   # one hand over, losing 40 to 310: the streak ends
    (1, ["human", "hard"], False, 2),   # still in the first hand
    (4, ["easy", "hard"], False, 2),    # a watched game
    (4, ["human", "hard"], True, 2),    # won
    (2, [], False, 0),                  # an older sidecar without levels: the person's game
])
def test_give_up_deletes_the_slot_and_applies_the_rule(tmp_path, hand, levels, won, streak):
    storage = Storage(str(tmp_path / "cfg"))
    assert storage.save_statistics(Statistics(games_played=5, games_won=2, current_streak=2, best_streak=2))
    name = _slot(storage, hand, levels, won)
    assert Slots(storage).give_up(name)
    assert not storage.has_game(name) and Slots(storage).read_info(name) is None
    stats, message = storage.load_statistics()
    assert message is None
    assert (stats.current_streak, stats.best_streak, stats.games_played, stats.games_won) == (streak, 2, 5, 2)
