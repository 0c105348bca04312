"""Names in other scripts (issue 21, item 17; scenes/core/glyphs.py): a
letter DejaVu Sans lacks is drawn with a fallback font found only when such
a letter appears (the tests bring tests/fonts/cjk-subset.ttf, as CI has no
CJK font), and Hebrew and Arabic are drawn right to left, Arabic joined.
Checked on the drawn pixels and widths."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.core import glyphs
from scenes.core import theme as T
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.title import TitleScene

CJK = str(Path(__file__).resolve().parents[2] / "fonts" / "cjk-subset.ttf")
PX = 32


@pytest.fixture(autouse=True)
def video():
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    T._text_cache.clear()
    yield
    glyphs.use_fallback_fonts(None)
    T._text_cache.clear()


@pytest.fixture
def lookups(monkeypatch) -> list[str]:
    """The letters the system's fonts are asked about (none may be, when a test gives its own)."""
    asked: list[str] = []
    monkeypatch.setattr(glyphs, "system_fonts", lambda ch: asked.append(ch) or [])
    return asked


def pixels(surface: pygame.Surface) -> bytes:
    return bytes(surface.get_size()) + pygame.image.tobytes(surface, "RGBA")


def plain(s: str, px: int = PX) -> pygame.Surface:
    """``s`` drawn by DejaVu alone, left to right, no shaping."""
    return T.font(px).render(s, True, T.TEXT)


def test_a_cjk_name_is_drawn_with_the_fallback_font():
    glyphs.use_fallback_fonts([])
    boxes = pixels(T.text("李小龍", PX))
    glyphs.use_fallback_fonts([CJK])
    T._text_cache.clear()
    drawn = T.text("李小龍", PX)
    assert pixels(drawn) != boxes
    own = pygame.font.Font(CJK, PX).render("李小龍", True, T.TEXT)
    assert pixels(drawn) == pixels(own)  # the fallback font's own glyphs, whole
    assert [r.font for r in T.SCRIPTS.runs("王芳 Ana")] == [CJK, None]
    assert T.width("王芳 Ana", PX) == T.text("王芳 Ana", PX).get_width()


def test_fonts_are_looked_up_only_for_a_missing_letter_and_once(lookups):
    for s in ("Ana", "Ŵyn Ŷ", "მოთამაშე", "Zoë", "שלום", "سلام"):
        T.text(s, PX)
    assert lookups == []  # DejaVu has all of these: no look-up
    T.text("李小", PX)
    T.text("李小", PX + 1)
    T.width("小李", PX)
    assert sorted(lookups) == ["小", "李"]  # each missing letter once


def test_start_up_looks_up_no_font(tmp_path, lookups):
    for lang in ("en", "cy", "ka"):
        app = App(Options(config_dir=str(tmp_path / lang), size=(1280, 720), speed="instant", lang=lang))
        try:
            app.push(TitleScene(app))
            app.step(1 / 60)
        finally:
            app.close()
    assert lookups == []


def test_hebrew_is_drawn_right_to_left():
    word = "שלום"
    drawn = T.text(word, PX)
    assert pixels(drawn) == pixels(plain(word[::-1]))  # the last letter leftmost
    assert pixels(drawn) != pixels(plain(word))


def test_arabic_letters_join():
    word = "سلام"
    joined = T.width(word, PX)
    isolated = sum(T.width(ch, PX) for ch in word)
    assert joined < isolated * 0.9  # connected forms are narrower than the letters alone
    assert pixels(T.text(word, PX)) != pixels(plain(word[::-1]))  # not the unjoined letters reversed


def test_a_mixed_line_keeps_its_left_to_right_parts_in_place():
    line = "Ana (سلام) 12"
    runs = T.SCRIPTS.runs(line)
    assert [(r.text, r.script) for r in runs] == [("Ana (", None), ("سلام", "Arab"), (") 12", None)]
    drawn = T.text(line, PX)
    left = plain("Ana (")
    w = left.get_width()
    head = drawn.subsurface((0, 0, w, left.get_height()))
    assert pixels(head.copy()) == pixels(left)
    right = plain(") 12")
    tail = drawn.subsurface((drawn.get_width() - right.get_width(), 0, right.get_width(), right.get_height()))
    assert pixels(tail.copy()) == pixels(right)
    assert drawn.get_width() == T.width(line, PX)


def test_a_name_that_mixes_scripts_fits_its_box():
    glyphs.use_fallback_fonts([CJK])
    name = "田中 さくら שלום"
    box = T.fit_text(name, PX, 150)
    assert box.get_width() <= 150
