"""Scrolling a tall page in a fixed view: keys and the scroll bar."""

from __future__ import annotations

import pygame

from scenes.core import theme as T


def key_scroll(key: int, line: int, page: int) -> int | None:
    """How far (pixels, down positive) ``key`` scrolls a page: Up/Down one
    ``line``, Page Up/Down one ``page``, Home/End all the way; ``None`` for
    any other key."""
    return {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
            pygame.K_HOME: -10**9, pygame.K_END: 10**9}.get(key)


def draw_scrollbar(surface: pygame.Surface, view: pygame.Rect, scroll: int, max_scroll: int) -> None:
    """A thin bar at the right edge of ``view`` showing which part of the
    page (``scroll`` of ``max_scroll`` pixels) is in view; nothing when the
    page fits."""
    if max_scroll <= 0:
        return
    h = view.height
    bar_h = max(20, round(h * h / (h + max_scroll)))
    bar = pygame.Rect(view.right - 6, view.y + round(scroll / max_scroll * (h - bar_h)), 4, bar_h)
    pygame.draw.rect(surface, T.PANEL_EDGE, bar, border_radius=2)
