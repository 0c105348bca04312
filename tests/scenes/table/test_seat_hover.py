"""Issue 25: a seat panel too narrow for its name or its level (a style's
name in Welsh, a table of eight) says them in full under the pointer."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.play.table_session import Seat, TableSession
from scenes.core import theme as T
from scenes.core.app import App
from scenes.core.options import Options
from scenes.table.scene import TableScene


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1024, 640), speed="instant", lang="cy"))
    yield a
    a.close()
    set_language("en")  # the language is the process's: the next test's words are English


def test_a_shortened_seat_panel_says_its_name_and_style_in_full_on_hover(app, monkeypatch):
    seats = [Seat("Ana", "human"), Seat("Gwenllian Morgan", "lay-off-hunter"), Seat("Ben", "early-melder"),
             Seat("Cai", "rummy-caller"), Seat("Dee", "pile-taker"), Seat("Eve", "cautious"),
             Seat("Fin", "hoarder"), Seat("Jo", "easy")]
    session = TableSession(seats, seed=5, use_workers=False)
    table = app.push(TableScene(app), session=session)
    for _ in range(4):
        app.step(1 / 60)
    said = []
    real = T.fit_text
    monkeypatch.setattr(T, "fit_text", lambda s, *a, **k: said.append(s) or real(s, *a, **k))
    lay = table.layout_
    drawing = table.drawing
    long_seat = 1
    r = lay.seat_rects[long_seat]
    room = drawing._seat_text_width(lay, long_seat)
    assert T.width("Heliwr ychwanegiadau", table.theme.small) > room  # the panel cannot show it whole
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 5, r.centery), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert any("Gwenllian Morgan" in s and "Heliwr ychwanegiadau" in s and " · " in s for s in said), said
    said.clear()
    short = next(s for s in range(2, 8) if all(
        T.width(T.drawable(w), table.theme.small, bold) <= drawing._seat_text_width(lay, s)
        for w, bold in ((seats[s].name, True), (drawing._seat_words(lay, table.shown, s)[3], False))))
    r = lay.seat_rects[short]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 5, r.centery), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert not any(" · " in s and seats[short].name in s for s in said), said  # it shows whole: no box
    table.session.close()
