"""Settings: a first few choices (speed, card faces, card back); the full
settings scene (variants, felt, reduced motion, Rummy window) is its own issue.
Changes are saved when leaving the scene."""

from __future__ import annotations

import pygame

from game.storage import CARD_BACKS, SPEEDS

from .menus import FormScene
from .widgets import Button, FocusRing, Stepper


class SettingsScene(FormScene):
    """Speed, card faces and card back; saved when leaving (Done or Esc)."""

    heading = "Settings"

    def enter(self, **kwargs) -> None:
        s = self.app.settings
        self.speed = Stepper("Animation speed", list(SPEEDS), s.speed, [x.capitalize() for x in SPEEDS])
        self.style = Stepper("Card faces", ["2color", "4color"], s.card_style, ["Two colours", "Four colours"])
        self.back_ = Stepper("Card back", list(CARD_BACKS), s.card_back, [x.capitalize() for x in CARD_BACKS])
        self.done = Button("Done", self.back)
        self.widgets = [self.speed, self.style, self.back_, self.done]
        self.focus = FocusRing(self.widgets)
        self.focus.focus(self.speed)

    def resize(self) -> None:
        th = self.theme
        w = min(th.body * 26, th.width - 4 * th.pad)
        row = max(th.body * 2, 30)
        y = th.title * 3
        for wd in self.widgets[:-1]:
            wd.rect = pygame.Rect(th.width // 2 - w // 2, y, w, row)
            y += row + th.pad
        self.done.rect = pygame.Rect(th.width // 2 - th.body * 5, y + th.pad * 3, th.body * 10, row)

    def back(self) -> None:
        s = self.app.settings
        s.speed, s.card_style, s.card_back = self.speed.value, self.style.value, self.back_.value
        self.app.save_settings()
        for scene in self.app.stack:  # the table picks up the new look and speed
            apply = getattr(scene, "apply_settings", None)
            if apply:
                apply()
        self.app.pop()

    def draw(self, surface) -> None:
        self.draw_heading(surface)
        self.focus.draw(surface, self.theme)
