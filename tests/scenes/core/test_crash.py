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
from game.services.slots import Slots, info_of
from game.rules.view import view_for
from scenes.core.app import App
from scenes.core.options import Options
from scenes.table.scene import TableScene
from game.rules.record import record_of
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
    table = app.stack[-1]
    table.autosave()
    path = app.storage.game_path(table.slot)
    monkeypatch.setattr(crash, "game_intact", lambda game: False)
    good = []

    def boom():
        # what the slot holds when the error comes is the last good autosave (at
        # instant speed the hand may have ended, and been saved, in frame 1)
        good.append(path.read_bytes())
        table.session.game.note = "changed since"  # so saving now would change the file
        _boom()
    _on_frame(monkeypatch, 2, boom)
    assert app.run() == 1
    assert path.read_bytes() == good[0]
    assert b"changed since" not in path.read_bytes()
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


# ------------------------------------------------------------------ a crash on every Continue

SLOT = "game-20260101-120000"


def _slot_app(tmp_path, monkeypatch, crash=None, after=None, max_frames=12) -> App:
    """An app on the title whose Continue is pressed at frame 2; ``crash``
    ("draw": the table's drawing raises, "open": opening the table raises)
    is injected for this app only; ``after(app)`` runs at frame 4."""
    from scenes.screens.title import TitleScene
    app = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="normal", max_frames=max_frames))
    title = app.push(TitleScene(app))
    real_draw, real_enter = TableScene.draw, TableScene.enter

    def draw(self, surface):
        if crash == "draw":
            raise RuntimeError("boom while drawing the table")
        real_draw(self, surface)

    def enter(self, **kw):
        if crash == "open":
            raise RuntimeError("boom while opening the table")
        real_enter(self, use_workers=False, **kw)
    monkeypatch.setattr(TableScene, "draw", draw)
    monkeypatch.setattr(TableScene, "enter", enter)
    real_step, count = App.step, [0]

    def step(self, dt):
        count[0] += 1
        if self is app and count[0] == 2:
            title.continue_game()
        if self is app and count[0] == 4 and after is not None:
            after(app)
        real_step(self, dt)
    monkeypatch.setattr(App, "step", step)
    return app


def _next_run(monkeypatch, boxes) -> None:
    """As if the program started again: the last run's patches gone, no box shown yet."""
    monkeypatch.undo()  # (the boxes fixture's patch too: put back below)
    boxes.clear()
    monkeypatch.setattr(crash.startup, "show_message_box", lambda title, message: boxes.append((title, message)))


def _write_slot(app) -> None:
    game = Game.new(["Me", "Ana"], RuleSet(), seed=5)  # seed 5: the person (seat 0) draws first
    Slots(app.storage).save(info_of(SLOT, game, ["human", "easy"], saved_at=1_700_000_000.0), record_of(game))


def _saves(app) -> list[str]:
    return sorted(p.name for p in app.storage.saves_dir.iterdir())


@pytest.mark.parametrize("where", ["draw", "open"])
def test_a_slot_that_crashes_on_every_continue_is_set_aside_the_second_time(tmp_path, monkeypatch, boxes, where):
    app = _slot_app(tmp_path, monkeypatch, crash=where)
    _write_slot(app)
    assert app.run() == 1  # the first crash: saved, and counted
    (_, message), = boxes
    assert f"boom while {'drawing' if where == 'draw' else 'opening'} the table" in message
    assert "set aside" not in message
    assert Slots(app.storage).crashes(SLOT) == 1 and app.storage.has_game(SLOT)
    _next_run(monkeypatch, boxes)
    app = _slot_app(tmp_path, monkeypatch, crash=where)  # Continue again: the same crash
    assert app.run() == 1
    (_, message), = boxes
    assert not app.storage.has_game(SLOT) and not Slots(app.storage).names()
    aside, = app.storage.saves_dir.glob(f"{SLOT}.json.corrupt-*")
    assert ("This game has now stopped Rummy 500 twice in a row, so it was set aside as "
            f"{aside} and Continue will not open it again.") in message
    assert "Your game was saved" not in message
    names = _saves(app)
    assert any(n.startswith(f"{SLOT}.slot.corrupt-") for n in names)  # its sidecar went with it
    assert not any(n.endswith(".crash") or n == f"{SLOT}.slot" for n in names)
    assert f"slot {SLOT} stopped the game 2 times in a row: set aside" in _log(app)
    _next_run(monkeypatch, boxes)
    app = _slot_app(tmp_path, monkeypatch)  # no injected crash: Continue has nothing to open and nothing stops
    assert app.run() == 0 and boxes == []
    assert any(m == "There is no saved game to continue." for m, _t in app.toasts)


def test_a_move_of_the_person_or_leaving_without_an_error_starts_the_count_again(tmp_path, monkeypatch, boxes):
    from game.rules.actions import DrawStock
    app = _slot_app(tmp_path, monkeypatch, crash=None)
    _write_slot(app)
    Slots(app.storage).note_crash(SLOT, 0)  # it crashed once before
    assert app.run() == 0  # Continue, look, and leave (the window closes at the frame limit)
    assert Slots(app.storage).crashes(SLOT) == 0 and app.storage.has_game(SLOT)
    Slots(app.storage).note_crash(SLOT, 0)
    _next_run(monkeypatch, boxes)

    def move_then_crash(app):
        table = app.top
        assert isinstance(table, TableScene) and table.person.apply(DrawStock(0))
        assert Slots(app.storage).crashes(SLOT) == 0  # the move cleared the count
        raise RuntimeError("boom after a move")
    app = _slot_app(tmp_path, monkeypatch, after=move_then_crash)
    assert app.run() == 1
    (_, message), = boxes
    assert "Your game was saved: Continue on the title screen resumes it." in message
    assert app.storage.has_game(SLOT) and Slots(app.storage).crashes(SLOT) == 1  # a first crash again


def test_the_crash_count_is_read_safely_and_goes_with_its_slot(tmp_path):
    from game.services.storage import Storage
    storage = Storage(tmp_path / "cfg")
    slots = Slots(storage)
    assert slots.note_crash(SLOT, 0) == 0 and slots.crashes(SLOT) == 0  # no saved game: nothing counted
    game = Game.new(["Me", "Ana"], RuleSet(), seed=5)
    slots.save(info_of(SLOT, game, ["human", "easy"]), record_of(game))
    marker = storage.saves_dir / f"{SLOT}.crash"
    for bad in ("{not json", '{"crashes": -3}', '{"crashes": "2"}', "[" * 10_000):
        marker.write_text(bad, encoding="utf-8")
        assert slots.crashes(SLOT) == 0, bad
    assert slots.note_crash(SLOT, 0) == 1 and slots.crashes(SLOT) == 1
    assert slots.names() == [SLOT]  # the count is not a slot of its own
    slots.delete(SLOT)
    assert not marker.exists()
