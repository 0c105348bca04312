"""Uncaught exceptions while the game runs, and SIGTERM/SIGHUP
(scenes/core/crash.py, issue 13 item 10): each is logged with its traceback, the
game autosaves when its state is intact, the player is told where the log
is, and the previous hooks and handlers come back when the window closes."""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
import sys
import threading
import time

import pytest

import scenes.core.crash as crash
from game.rules.actions import DrawStock
from game.play.ai_worker import AIWorker
from game.rules.game import Game
from game.rules.ruleset import RuleSet
from game.play.table_session import Seat
from game.services.slots import Slots
from game.rules.view import view_for
from scenes.core.app import App
from scenes.core.options import Options
from scenes.table.scene import TableScene
from window_fixtures import boxes, logging_restored  # noqa: F401 (fixtures)


def _table_app(tmp_path, max_frames=40) -> App:
    app = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant",
                      max_frames=max_frames))
    app.push(TableScene(app), seats=[Seat("You", "easy"), Seat("Ana", "easy")], seed=3, use_workers=False)
    return app


def _on_frame(monkeypatch, n: int, action) -> None:
    """Do ``action()`` at the start of frame ``n`` (whatever scene is on top:
    at instant speed a hand can end, and its results cover the table, within
    two frames)."""
    real = App.step
    count = [0]

    def step(self, dt):
        count[0] += 1
        if count[0] == n:
            action()
        real(self, dt)
    monkeypatch.setattr(App, "step", step)


def _log(app: App) -> str:
    return app.log_path.read_text(encoding="utf-8")


def _boom():
    raise RuntimeError("boom in the table")


def test_an_error_in_the_loop_is_logged_the_game_saved_and_the_player_told(tmp_path, monkeypatch, boxes):
    _on_frame(monkeypatch, 3, _boom)
    app = _table_app(tmp_path)
    assert app.run() == 1
    (title, message), = boxes
    assert title == "Rummy 500 stopped"
    assert message.startswith("Rummy 500 stopped because of an error: boom in the table")
    assert "Your game was saved: Continue on the title screen resumes it." in message
    assert message.endswith(f"The details are in the log file:\n{app.log_path}")
    text = _log(app)
    assert "uncaught exception in the main loop" in text and "Traceback (most recent call last)" in text
    assert "RuntimeError: boom in the table" in text
    record, problem = app.storage.load_game(Slots(app.storage).latest().name)
    assert problem is None and record is not None


def test_a_game_whose_state_is_broken_keeps_the_last_good_autosave(tmp_path, monkeypatch, boxes):
    app = _table_app(tmp_path)
    app.stack[-1].autosave()
    slot = app.stack[-1].slot
    good = app.storage.game_path(slot).read_bytes()
    monkeypatch.setattr(crash, "game_intact", lambda game: False)
    _on_frame(monkeypatch, 2, _boom)
    app.stack[-1].session.game.note = "changed since"  # so saving now would change the file
    assert app.run() == 1
    assert app.storage.game_path(slot).read_bytes() == good
    (_, message), = boxes
    assert "Its last moves could not be saved; Continue resumes the last saved position." in message


def test_game_intact_replays_the_record():
    game = Game.new(["A", "B"], RuleSet(), seed=4)
    assert crash.game_intact(game) is True
    game.hand.actions += [DrawStock(game.current), DrawStock(game.current)]  # a move half-made
    assert crash.game_intact(game) is False


def test_sys_excepthook_logs_the_traceback_and_is_put_back(tmp_path):
    original = sys.excepthook
    app = App(Options(config_dir=str(tmp_path / "cfg")))
    try:
        assert sys.excepthook is not original
        try:
            raise ValueError("outside the loop")
        except ValueError:
            sys.excepthook(*sys.exc_info())
        text = _log(app)
        assert "uncaught exception" in text and "ValueError: outside the loop" in text
        assert "Traceback (most recent call last)" in text
    finally:
        app.close()
    assert sys.excepthook is original


def test_a_thread_error_is_logged_and_shown_as_a_notice(tmp_path):
    original = threading.excepthook
    app = App(Options(config_dir=str(tmp_path / "cfg")))
    try:
        t = threading.Thread(target=_boom, name="helper")
        t.start()
        t.join()
        text = _log(app)
        assert "uncaught exception in thread helper" in text and "RuntimeError: boom in the table" in text
        assert any(str(app.log_path) in message for message, _ in app.toasts)
    finally:
        app.close()
    assert threading.excepthook is original


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_save_and_quit_like_closing_the_window(tmp_path, monkeypatch, name):
    sig = getattr(signal, name)
    before = signal.getsignal(sig)
    _on_frame(monkeypatch, 3, lambda: os.kill(os.getpid(), sig))
    app = _table_app(tmp_path, max_frames=1000)
    assert app.run() == 128 + sig
    assert app.frames < 1000  # it quit at the signal, not at the frame limit
    record, problem = app.storage.load_game(Slots(app.storage).latest().name)
    assert problem is None and record is not None
    assert f"signal {int(sig)}: saving and quitting" in _log(app)
    assert signal.getsignal(sig) == before


def test_an_ai_error_in_its_worker_is_logged_with_the_workers_traceback(caplog):
    game = Game.new(["A", "B"], RuleSet(), seed=2)
    broken = dataclasses.replace(view_for(game, 1), hand=None, window="?")  # the AI cannot read this view
    worker = AIWorker("medium", seed=1)
    try:
        worker.submit_rummy(broken)
        deadline = time.monotonic() + 60
        with caplog.at_level(logging.ERROR, logger="rummy500.ai.worker"):
            while (answer := worker.poll()) is None and time.monotonic() < deadline:
                time.sleep(0.02)
    finally:
        worker.close()
    assert answer is not None and answer.fallback and answer.reason == "error"
    assert "the medium AI failed in its worker" in caplog.text
    assert "Traceback (most recent call last)" in caplog.text and "_call_rummy" in caplog.text
