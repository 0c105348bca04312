"""The base classes of the menu-like screens: :class:`FormScene` (a page of
widgets with a heading and a focus ring) and :class:`MenuScene` (a column of
buttons). Screens and the pause menu build on them."""

from __future__ import annotations

from typing import Callable

import pygame

from game.i18n import _

from scenes.core import theme as T
from scenes.core.scene import Scene
from scenes.core.widgets import Button, FocusRing


class FormScene(Scene):
    """A still screen of widgets on the felt under a heading: ``self.focus``
    (a :class:`FocusRing`) gets the events first, Esc goes :meth:`back`."""

    fps = 30
    heading = ""

    def handle_event(self, event) -> bool:
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def back(self) -> None:
        self.app.pop()

    def draw_heading(self, surface) -> None:
        """The felt and the heading at the top."""
        th = self.theme
        surface.blit(T.felt(th.size), (0, 0))
        t = T.fit_text(_(self.heading), th.title, th.width - 4 * th.pad, T.TEXT, bold=True)
        surface.blit(t, t.get_rect(midtop=(th.width // 2, th.pad * 2)))


class MenuScene(FormScene):
    """A title and a column of buttons. ``items()`` gives ``(label, action)``
    (labels as ``N_("...")``; the column grows to the widest label shown)."""

    title = ""
    subtitle = ""

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return []

    def enter(self) -> None:
        self.buttons = [Button(label, action) for label, action in self.items()]
        self.focus = FocusRing(self.buttons)
        self.focus.focus(next((b for b in self.buttons if b.enabled), self.buttons[0]))

    def resize(self) -> None:
        th = self.theme
        widest = max((T.font(th.body, True).size(b.text)[0] for b in self.buttons), default=0)
        bw = min(max(th.body * 14, round(th.width * 0.22), widest + 4 * th.pad), th.width - 4 * th.pad)
        bh = max(th.body * 2, 32)
        gap = th.pad
        total = len(self.buttons) * (bh + gap)
        y = max(th.height // 2 - total // 2 + th.title, th.pad)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(th.width // 2 - bw // 2, y + i * (bh + gap), bw, bh)

    def draw_title(self, surface) -> None:
        th = self.theme
        top = self.buttons[0].rect.top if self.buttons else th.height // 2
        t = T.fit_text(_(self.title), th.title, th.width - 4 * th.pad, T.TEXT, bold=True)
        surface.blit(t, t.get_rect(midbottom=(th.width // 2, top - th.title)))
        if self.subtitle:
            s = T.fit_text(_(self.subtitle), th.body, th.width - 4 * th.pad, T.TEXT_DIM)
            surface.blit(s, s.get_rect(midtop=(th.width // 2, top - th.title + th.pad)))

    def draw(self, surface) -> None:
        th = self.theme
        surface.blit(T.felt(th.size), (0, 0))
        self.draw_title(surface)
        self.focus.draw(surface, th)
