"""The Review scene (issue 24, part 2): "Review this hand" on the hand
results opens it for the person's seat; its verdicts arrive from the worker
while the window goes on; Esc stops the review at once; a record that cannot
be reviewed is said in one sentence; the costliest decisions fit the window."""

from __future__ import annotations

import time

import pygame
import pytest

import scenes.screens.review as review_scene
from game.play.table_session import Seat, TableSession
from game.services.review import hand_decisions
from game.rules.record import parse_record, record_of
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.results import HandResults
from scenes.table.scene import TableScene

from helpers import finish_shown_hand


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(review_scene, "WORLDS", 6)  # a quick review: the scene is tested, not the estimate
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def finished_table(app, seed: int = 4) -> TableScene:
    session = TableSession([Seat("You", "human"), Seat("Ana", "easy")], seed=seed, use_workers=False)
    table = app.push(TableScene(app), session=session)
    app.step(1 / 60)
    finish_shown_hand(table, seed)
    return table


def click(app, pos) -> None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"buttons": (0, 0, 0), "rel": (0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.step(1 / 60)


def run_until_done(app, scene, seconds: float = 240.0) -> None:
    deadline = time.monotonic() + seconds
    while not scene.worker.finished and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.01)
    app.step(1 / 60)
    assert scene.worker.finished


def test_review_this_hand_reviews_the_persons_seat(app):
    table = finished_table(app)
    results = app.push(HandResults(app), table=table)
    app.step(1 / 60)
    assert results.review is not None and results.review.rect.width > 0
    assert not results.review.rect.colliderect(results.button.rect)
    assert results.panel.contains(results.review.rect) and results.panel.contains(results.button.rect)
    click(app, results.review.rect.center)
    scene = app.top
    assert isinstance(scene, review_scene.ReviewScene)
    parsed = parse_record(record_of(table.session.game))
    assert scene.worker.total == len(hand_decisions(parsed, table.viewer, table.session.game.hand.index))
    assert "Reviewing decision 1 of" in scene.status()
    run_until_done(app, scene)
    assert scene.worker.done == scene.worker.total and scene.worker.failed is None
    assert scene.status().endswith(f"Hard plays the same in {sum(v.same for v in scene.worker.verdicts)}.")
    shown = scene.shown_verdicts()
    assert len(shown) <= 3 and all(v.points_lost > 0 for v in shown)
    for size in ((1024, 640), (1920, 1080)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.step(1 / 60)
        assert app.theme.size == size and pygame.Rect((0, 0), size).contains(scene.back.rect)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    app.step(1 / 60)
    assert app.top is results  # back on the results, the hand still to be dealt on


def test_escape_stops_the_review_at_once(app, monkeypatch):
    monkeypatch.setattr(review_scene, "WORLDS", 400)  # long enough to be running when Esc comes
    table = finished_table(app, seed=6)
    results = app.push(HandResults(app), table=table)
    results.open_review()
    scene = app.top
    app.step(1 / 60)
    started = time.monotonic()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    app.step(1 / 60)
    assert time.monotonic() - started < 5
    assert app.top is results and scene.worker.cancelled and scene.worker.finished


def test_a_record_that_cannot_be_reviewed_is_said_in_one_sentence(app):
    scene = app.push(review_scene.ReviewScene(app), record={"format": "rummy500/1", "players": ["A"]}, seat=0,
                     hand=0)
    app.step(1 / 60)
    assert scene.worker is None and scene.status().startswith("not a valid record")
    assert scene.status().count(".") <= 2


def test_no_review_button_in_a_watched_game(app):
    session = TableSession([Seat("Ana", "easy"), Seat("Ben", "easy")], seed=2, use_workers=False)
    table = app.push(TableScene(app), session=session, demo=True)
    app.step(1 / 60)
    finish_shown_hand(table, 2)
    results = app.push(HandResults(app), table=table)
    assert results.review is None
