"""GameInProgress (issue 22): the table's saving and end-of-game policy,
headless. An autosave writes the record and the sidecar with the table's
seed; a won game is kept once and counted once; a watched game is kept, not
counted; a save that fails says so once and the game goes on."""

from __future__ import annotations

import random
import shutil
import sys

import pytest

from game.play.table_session import Seat, TableSession
from game.rules.cards import card_token
from game.rules.random_play import random_step
from game.rules.record import record_of
from game.rules.ruleset import RuleSet
from game.services.finished import FinishedGames
from game.services.game_in_progress import GameInProgress
from game.services.slots import Slots
from game.services.storage import Storage


@pytest.fixture
def storage(tmp_path):
    return Storage(tmp_path / "cfg")


@pytest.fixture
def sessions():
    made = []

    def make(levels=("human", "easy"), target=500, seed=5):
        s = TableSession([Seat(f"P{i}", lv) for i, lv in enumerate(levels)], RuleSet(target=target),
                         seed=seed, use_workers=False)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()


def play(session, moves: int, seed: int = 1) -> None:
    """``moves`` random legal moves (a new hand dealt when one ends), or up to the win."""
    rng = random.Random(seed)
    game = session.game
    for _ in range(moves):
        if game.winner is not None:
            return
        if game.hand.ended is not None:
            session.deal_next_hand()
        random_step(game, rng)


def play_to_win(session, seed: int = 1) -> None:
    play(session, 100_000, seed)
    assert session.game.winner is not None


def test_an_autosave_writes_the_record_and_the_sidecar_with_the_table_seed(storage, sessions):
    session = sessions()
    play(session, 12)
    hand = session.game.hand.hands[0]
    order = list(reversed(hand))
    kept = GameInProgress(storage, session, arrangement=lambda: (order, "rank"))
    assert kept.autosave(durable=False) == []
    record, message = storage.load_game(kept.slot)
    assert message is None and record == record_of(session.game)
    info = Slots(storage).read_info(kept.slot)
    assert info.seed == session.seed and info.levels == ["human", "easy"] == kept.levels
    assert info.hand_order == [card_token(c) for c in order] and info.sort_mode == "rank"
    assert info.players == ["P0", "P1"] and not info.won
    # a slot name given is kept; without an arrangement the hand is saved sorted by suit
    again = GameInProgress(storage, session, slot=kept.slot)
    assert again.autosave() == [] and Slots(storage).read_info(kept.slot).sort_mode == "suit"
    assert Slots(storage).names() == [kept.slot]


def test_a_demo_is_never_saved_nor_counted(storage, sessions):
    session = sessions(levels=("easy", "easy"), target=100)
    demo = GameInProgress(storage, session, demo=True)
    assert demo.autosave() == []
    play_to_win(session)
    assert demo.record_if_won() == [] and demo.see_game_over() == []
    assert Slots(storage).names() == []
    stats, _ = storage.load_statistics()
    assert stats.games_played == 0
    games, _ = FinishedGames(storage.finished_dir).list()
    assert len(games) == 1 and games[0][1].person is None  # kept, not counted


def test_a_won_game_is_recorded_once_and_counted_once(storage, sessions):
    session = sessions(target=100)
    kept = GameInProgress(storage, session)
    assert kept.record_if_won() == [] and not kept.recorded  # not won yet: nothing happens
    assert FinishedGames(storage.finished_dir).files() == []
    play_to_win(session)
    assert kept.record_if_won() == [] and kept.recorded
    assert kept.record_if_won() == []
    # a game continued after the win (a new GameInProgress on the same game) is not counted again
    assert GameInProgress(storage, session, slot=kept.slot).record_if_won() == []
    stats, _ = storage.load_statistics()
    assert stats.games_played == 1 and stats.games_won == (1 if session.game.winner == 0 else 0)
    assert len(FinishedGames(storage.finished_dir).files()) == 1
    # Continue keeps the won game until its game-over screen is seen
    info = Slots(storage).read_info(kept.slot)
    assert info is not None and info.won
    assert kept.see_game_over() == []
    assert Slots(storage).names() == [] and not storage.has_game(kept.slot)
    assert kept.autosave() == [] and Slots(storage).names() == []  # stays gone
    stats, _ = storage.load_statistics()
    assert stats.games_played == 1 and len(FinishedGames(storage.finished_dir).files()) == 1


def test_a_watched_game_is_kept_not_counted(storage, sessions):
    session = sessions(levels=("easy", "medium"), target=100)
    watched = GameInProgress(storage, session)
    play_to_win(session)
    assert watched.record_if_won() == []
    stats, _ = storage.load_statistics()
    assert stats.games_played == 0 and not storage.statistics_path.exists()
    games, _ = FinishedGames(storage.finished_dir).list()
    assert len(games) == 1 and games[0][1].person is None and games[0][1].levels == ["easy", "medium"]
    assert Slots(storage).read_info(watched.slot).won  # saved, for its game-over screen


@pytest.mark.skipif(sys.platform == "win32", reason="a file in the folder's place")
def test_a_failed_save_says_so_once_and_the_game_goes_on(storage, sessions):
    session = sessions()
    kept = GameInProgress(storage, session)
    storage.saves_dir.parent.mkdir(parents=True, exist_ok=True)
    storage.saves_dir.write_text("not a folder")  # every save now fails
    [message] = kept.autosave()
    assert "cannot be saved" in message and kept.save_failed
    for seed in range(3):
        play(session, 3, seed)  # the game goes on
        assert kept.autosave(durable=False) == []  # said once
    storage.saves_dir.unlink()
    assert kept.autosave() == [] and not kept.save_failed
    assert storage.load_game(kept.slot)[0] == record_of(session.game)  # saved again, up to date
    shutil.rmtree(storage.saves_dir)
    storage.saves_dir.write_text("not a folder")
    assert len(kept.autosave()) == 1  # failing again after it worked: said again


def test_the_crash_count_is_forgotten_once(storage, sessions):
    session = sessions()
    first = GameInProgress(storage, session)
    first.autosave()
    slots = Slots(storage)
    assert slots.note_crash(first.slot, 0) == 1
    kept = GameInProgress(storage, session, slot=first.slot)
    assert kept.crash_marked
    kept.forget_crashes()
    assert slots.crashes(kept.slot) == 0 and not kept.crash_marked
    assert not GameInProgress(storage, session, slot=first.slot, demo=True).crash_marked
