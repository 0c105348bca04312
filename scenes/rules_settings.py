"""House rules: the "Rules" page of Settings (also reached from New game by
"Change rules…"). A placeholder until the rules page is built: it shows a
heading and goes back on Done or Esc."""

from __future__ import annotations

import pygame

from .menus import FormScene
from .widgets import Button, FocusRing


class RulesSettingsScene(FormScene):
    """The house-rules page (placeholder): Done or Esc goes back."""

    heading = "House rules"

    def enter(self, **kwargs) -> None:
        self.done = Button("Done", self.back)
        self.focus = FocusRing([self.done])
        self.focus.focus(self.done)

    def resize(self) -> None:
        th = self.theme
        row = max(th.body * 2, 30)
        self.done.rect = pygame.Rect(th.width // 2 - th.body * 5, th.title * 4, th.body * 10, row)

    def draw(self, surface) -> None:
        self.draw_heading(surface)
        self.focus.draw(surface, self.theme)
