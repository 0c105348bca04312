"""F12 screenshots, the error box and text drawing in a config folder whose
name is not valid UTF-8 (issue 21, item 10): the file is written there, the
folder is named with U+FFFD (``game.paths.shown``), nothing raises."""

from __future__ import annotations

import os
from pathlib import Path

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
    message = list(app.toasts)[-1][0]
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


def test_fonts_and_cards_load_from_a_game_folder_whose_name_is_not_utf8(tmp_path, monkeypatch):
    """The game run from a folder with such a name (from the source: the frozen app cannot
    start there, see the README) draws with DejaVu and the card art, not the fallbacks."""
    import shutil

    from scenes.core.cardart import CardArt

    folder = non_utf8_folder(tmp_path)
    assets = os.path.join(os.fsencode(folder), b"assets")
    for part in ("fonts", "cards"):
        shutil.copytree(os.fsencode(T.asset_root() / part), os.path.join(assets, os.fsencode(part)))
    pygame.font.init()
    expected = T.font(20).render("Zoë", True, T.TEXT)
    monkeypatch.setattr(T, "asset_root", lambda: Path(os.fsdecode(assets)))
    T.font.cache_clear()
    try:
        drawn = T.font(20).render("Zoë", True, T.TEXT)
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")  # DejaVu, not Font(None)
        art = CardArt()
        assert art._load("2color/AS.png") is not None
    finally:
        T.font.cache_clear()


def test_a_plain_checkout_finds_its_assets_beside_the_packages(monkeypatch):
    """Without the installed ``rummy500_assets`` (a checkout on the path, as in a copied folder)."""
    import importlib.util

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    T._installed_assets.cache_clear()  # looked up once a run: look again without the package
    try:
        root = T.asset_root()
        assert root == Path(T.__file__).resolve().parents[2] / "assets"
    finally:
        T._installed_assets.cache_clear()
    assert (root / "fonts" / "DejaVuSans.ttf").is_file() and (root / "cards").is_dir()
