"""F12 screenshots, the error box and text drawing in a config folder whose
name is not valid UTF-8 (issue 21, item 10): the file is written there, the
folder is named with U+FFFD (``game.paths.shown``), nothing raises."""

from __future__ import annotations

import os

import pygame
import pytest

import scenes.core.crash as crash
from scenes.core import theme as T
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.title import TitleScene
from helpers import non_utf8_folder
from window_fixtures import boxes, logging_restored  # noqa: F401 (fixtures)

SHOWN = "cfg-\ufffd-x"


@pytest.fixture
def app(tmp_path):
    folder = non_utf8_folder(tmp_path)
    a = App(Options(config_dir=folder, size=(1280, 720), speed="instant"))
    a.folder = folder
    yield a
    a.close()


def frames(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def test_f12_saves_the_screenshot_in_that_folder_and_says_where(app):
    app.push(TitleScene(app))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    frames(app, 1)
    shots = os.path.join(os.fsencode(app.folder), b"screenshots")
    names = os.listdir(shots)
    assert len(names) == 1 and names[0].endswith(b".png")
    assert os.path.getsize(os.path.join(shots, names[0])) > 1000
    message = app.toasts[-1][0]
    assert message.startswith("Screenshot saved to") and SHOWN in message


def test_the_error_box_names_the_log_in_that_folder(app, boxes):
    app.push(TitleScene(app))
    frames(app, 1)
    assert crash.crashed(app, RuntimeError("boom")) == 1
    (_title, message), = boxes
    message.encode("utf-8")  # a message box takes it
    assert "The details are in the log file:" in message and SHOWN in message


@pytest.mark.parametrize("text", ["cfg-\udcff-x", "nul\0here", "plain"])
def test_text_the_font_cannot_take_is_measured_and_drawn_with_a_replacement(text):
    pygame.font.init()
    assert T.wrap(text + " more words", 16, 60)
    assert T.fit_text(text, 16, 30).get_width() <= 30
    drawn = T.text(text, 16)
    assert drawn.get_width() > 20  # drawn, not a 1-pixel blank
    assert T.drawable(text) == text.replace("\udcff", "\ufffd").replace("\0", "\ufffd")
