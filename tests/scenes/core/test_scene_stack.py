"""The scene stack tells scenes when they are covered and uncovered, and
App.to_title is the one way back to the title (issue 14, part 4)."""

from __future__ import annotations

import pytest

from game.play.table_session import Seat, TableSession
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.scene import Scene
from scenes.core.dialogs import ChoiceDialog
from scenes.screens.menus import PauseMenu
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


class Recorder(Scene):
    def __init__(self, app, name, log):
        super().__init__(app)
        self.name, self.log = name, log

    def on_cover(self) -> None:
        super().on_cover()
        self.log.append(("cover", self.name))

    def on_uncover(self) -> None:
        super().on_uncover()
        self.log.append(("uncover", self.name))


def test_push_pop_and_replace_cover_and_uncover(app):
    log = []
    a = app.push(Recorder(app, "a", log))
    assert not a.covered and log == []
    b = app.push(Recorder(app, "b", log))
    assert a.covered and not b.covered and log == [("cover", "a")]
    app.replace(Recorder(app, "c", log))
    assert log[1:] == [("uncover", "a"), ("cover", "a")] and a.covered
    app.pop()
    assert not a.covered and log[-1] == ("uncover", "a")
    app.pop()
    assert app.top is None and log[-1] == ("uncover", "a")  # nothing left below to tell


def test_scenes_without_arguments_refuse_a_stray_one(app):
    with pytest.raises(TypeError):
        app.push(TitleScene(app), slot="x")


def test_a_table_under_a_dialog_is_not_idle_and_shows_no_banner(app):
    session = TableSession([Seat("You", "human"), Seat("Bot", "easy")], seed=3, use_workers=False)
    table = app.push(TableScene(app), session=session)
    for _ in range(200):  # let the deal be shown
        app.step(1 / 60)
        if table.person.idle():
            break
    assert table.person.idle()
    app.push(ChoiceDialog(app), title="?", options=[("Yes", 1)])
    assert table.covered and not table.person.idle()
    app.pop()
    assert not table.covered and table.person.idle()


def test_to_title_from_the_pause_menu_of_a_game_started_without_a_title(app):
    session = TableSession([Seat("You", "human"), Seat("Bot", "easy")], seed=3, use_workers=False)
    table = app.push(TableScene(app), session=session)
    menu = app.push(PauseMenu(app))
    menu.leave()
    assert isinstance(app.top, TitleScene) and list(app.stack) == [app.top]
    assert table not in app.stack


def test_to_title_pops_back_to_the_title_under_the_game(app):
    title = app.push(TitleScene(app))
    session = TableSession([Seat("You", "human"), Seat("Bot", "easy")], seed=3, use_workers=False)
    app.push(TableScene(app), session=session)
    app.push(PauseMenu(app))
    assert title.covered
    assert app.to_title() is title and list(app.stack) == [title] and not title.covered


def test_a_covered_table_lets_go_of_a_drag_and_the_hover(app):
    import pygame
    session = TableSession([Seat("You", "human"), Seat("Bot", "easy")], seed=3, use_workers=False)
    table = app.push(TableScene(app), session=session)
    for _ in range(200):
        app.step(1 / 60)
        if table.person.idle():
            break
    human = table.person
    start = human.input.card_rect(0).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] - 60), rel=(40, -60),
                                         buttons=(1, 0, 0)))
    app.step(1 / 60)
    assert human.input.drag is not None and table.mouse != (-1, -1)
    app.push(PauseMenu(app))
    assert human.input.drag is None and human.input.press is None and human.input.hover is None and table.mouse == (-1, -1)
    assert human.input.spring  # the dragged card goes home
