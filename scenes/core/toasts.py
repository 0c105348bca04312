"""Toasts: one-line messages at the top centre of the window for a few
seconds ("Screenshot saved to ...", "The settings file could not be read ...").

The window (:class:`scenes.core.app.App`) holds one :class:`Toasts` and
draws it over every scene; ``app.notify(message)`` adds one.
"""

from __future__ import annotations

import logging
import time
from typing import Iterator

import pygame

from game.paths import shown

from scenes.core import theme as T

__all__ = ["Toasts", "KEPT"]

log = logging.getLogger("rummy500.app")

KEPT = 3
"""How many toasts show at once (the newest)."""


class Toasts:
    """The messages showing now, oldest first, each ``(message, until)``
    with ``until`` on the ``time.monotonic()`` clock (seconds). Iterating
    gives those pairs; ``len(toasts)`` and ``toasts.clear()`` work as on a list."""

    def __init__(self) -> None:
        self.items: list[tuple[str, float]] = []

    def __iter__(self) -> Iterator[tuple[str, float]]:
        return iter(list(self.items))

    def __len__(self) -> int:
        return len(self.items)

    def clear(self) -> None:
        """Forget every toast."""
        self.items.clear()

    def add(self, message: str, seconds: float = 4.0) -> None:
        """Show ``message`` for ``seconds`` (the newest :data:`KEPT` show).
        A path's bytes that are not UTF-8 show as U+FFFD (:func:`game.paths.shown`)."""
        message = shown(message)
        log.info("notice: %s", message)
        self.items.append((message, time.monotonic() + seconds))
        self.items = self.items[-KEPT:]

    def boxes(self, th: T.Theme, area: pygame.Rect | None = None) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The toasts showing now, newest first, each as its text and its box
        in a window of theme ``th``: from the top of ``area`` down (a scene
        with panels up there, the table, gives its
        :meth:`~scenes.core.scene.Scene.notice_area`), by default at the top
        centre, over a scene's heading, so they never cover the bottom row of
        buttons (Back, Start, Done…). Toasts whose time is up are forgotten here."""
        now = time.monotonic()
        self.items = [(m, t) for m, t in self.items if t > now]
        if area is None:
            area = pygame.Rect(0, th.pad, th.width, th.height)  # over the heading (words, not a control)
        y = area.top
        out = []
        for message, _until in reversed(self.items):
            s = toast_surface(message, th, area.width - 3 * th.pad)
            r = s.get_rect(midtop=(area.centerx, y)).inflate(3 * th.pad, th.pad)
            out.append((s, r))
            y = r.bottom + th.pad // 2
        return out

    def draw(self, surface: pygame.Surface, th: T.Theme, area: pygame.Rect | None = None) -> None:
        """Draw the toasts showing now on ``surface`` (in ``area``: see :meth:`boxes`)."""
        for s, r in self.boxes(th, area):
            T.draw_panel(surface, r, th.radius, (0, 0, 0, 210), T.GOLD)
            surface.blit(s, s.get_rect(center=r.center))


def toast_surface(message: str, th: T.Theme, width: int | None = None) -> pygame.Surface:
    """A toast's text, at most ``width`` pixels wide (default: the window's
    less a margin): one line, or up to three wrapped lines for a long
    message (a translation may run 40 % longer), the last shortened if need be."""
    width = min(width or th.width, th.width - 6 * th.pad)
    lines = T.wrap(message, th.body, width)
    if len(lines) > 3:
        lines = lines[:2] + [" ".join(lines[2:])]
    surfaces = [T.fit_text(line, th.body, width) for line in lines] or [T.fit_text("", th.body, width)]
    out = pygame.Surface((max(s.get_width() for s in surfaces), sum(s.get_height() for s in surfaces)),
                         pygame.SRCALPHA)
    y = 0
    for s in surfaces:
        out.blit(s, ((out.get_width() - s.get_width()) // 2, y))
        y += s.get_height()
    return out
