"""TableSession: the referee's order, legal moves only, and a worker that cannot start."""

from __future__ import annotations

import time

import pytest

from game.play.ai_worker import AIWorker
from game.rules.game import Game
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.play.table_session import Seat, TableSession


def play_out(session: TableSession, max_steps: int = 20_000, timeout: float = 120.0) -> int:
    deadline = time.monotonic() + timeout
    steps = 0
    while session.game.winner is None:
        g = session.game
        if g.hand.ended is not None:
            session.deal_next_hand()
        session.update()
        if session.ready():
            before = len(g.hand.actions)
            events = session.advance()
            assert events and len(g.hand.actions) == before + 1  # exactly one action each time
            steps += 1
        else:
            time.sleep(0.0005)
        assert steps < max_steps and time.monotonic() < deadline
    return steps


def test_in_process_session_plays_a_whole_game():
    with TableSession([Seat("A", "easy"), Seat("B", "medium"), Seat("C", "easy")], seed=3,
                      use_workers=False) as s:
        play_out(s)
        assert s.game.winner is not None and s.fallbacks == 0


def test_worker_session_plays_a_hand_with_rummy_windows():
    with TableSession([Seat("A", "medium"), Seat("B", "easy")], seed=5) as s:
        windows = 0
        while s.game.hand.ended is None:
            s.update()
            if s.rummy_window_open():
                windows += 1
            if s.ready():
                s.advance()
            else:
                time.sleep(0.0005)
        assert windows > 0 and s.fallbacks == 0


def test_same_seed_same_game_in_process():
    def run():
        with TableSession([Seat("A", "medium"), Seat("B", "medium")], seed=11, use_workers=False) as s:
            while s.game.hand.ended is None:
                s.update()
                s.advance()
            return s.game.hand.snapshot()
    assert run() == run()


def test_human_seat_waits_and_autoplay_plays_it():
    s = TableSession([Seat("Me", "human"), Seat("B", "easy")], seed=2, use_workers=False)
    if s.game.current == 1:
        while s.game.current == 1:
            s.update()
            s.advance()
    s.update()
    assert s.waiting_for_person() and not s.ready()
    auto = TableSession([Seat("Me", "human"), Seat("B", "easy")], seed=2, use_workers=False, autoplay_level="easy")
    auto.update()
    assert auto.ready()


def test_a_worker_that_cannot_start_moves_its_ai_into_the_process(monkeypatch):
    def broken(self, view):
        raise BrokenPipeError("cannot start the worker process")
    monkeypatch.setattr(AIWorker, "submit", broken)
    monkeypatch.setattr(AIWorker, "submit_rummy", broken)
    with TableSession([Seat("A", "easy"), Seat("B", "easy")], seed=1) as s:
        for _ in range(40):
            if s.game.hand.ended is not None:
                break
            s.update()
            assert s.ready()
            s.advance()
        assert s.worker_failures == 2
        assert all(p.in_process and p.worker is None for p in s.referee.computers.values())
        assert s.game.hand.phase in (Phase.DRAW, Phase.PLAY) or s.game.hand.ended


def test_a_computer_game_may_take_more_hands_the_higher_its_target(monkeypatch):
    """A target the rules allow (up to 1,000,000, R21) is played out: the
    hands a computer game may take before it is given up grow with the
    target (200 for each 500 points), not a fixed 200 that a tournament to
    a high target reached only after hours of play."""
    from game.ai import make_ai
    from game.play import all_computer

    monkeypatch.setattr(all_computer, "HANDS_PER_500", 1)
    for target, hands in ((500, 1), (501, 2), (1500, 3)):
        game = Game.new(["A", "B"], RuleSet(target=target), seed=3)  # no one reaches 500 in three hands
        with pytest.raises(RuntimeError, match="did not end"):
            all_computer.play_game(game, {0: make_ai("easy", 1), 1: make_ai("easy", 2)})
        assert len(game.hands) == hands
    won = Game.new(["A", "B"], RuleSet(target=1), seed=3)  # the first hand wins it: the last one allowed
    assert all_computer.play_game(won, {0: make_ai("easy", 1), 1: make_ai("easy", 2)}, max_hands=1) == 1
    assert won.winner is not None
