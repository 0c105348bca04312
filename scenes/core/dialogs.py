"""Small dialogs pushed over the table: a choice among a few options (which
card a joker stands for)."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.i18n import N_, _

from scenes.core import theme as T
from scenes.core.scene import Scene
from scenes.core.widgets import Button, FocusRing


class ChoiceDialog(Scene):
    """``enter(title=..., options=[(label, value), ...], on_choose=f)``: a
    button per option (click, or arrows and Enter); ``on_choose(value)`` runs
    after the dialog closes. Esc or "Cancel" closes it and changes nothing."""

    opaque = False

    def enter(self, title: str = "", options: Sequence[tuple[str, object]] = (),
              on_choose: Callable[[object], None] | None = None) -> None:
        self.title = title
        self.on_choose = on_choose
        self.buttons = [Button(label, lambda v=value: self.choose(v)) for label, value in options]
        self.buttons.append(Button(N_("Cancel"), self.cancel))
        self.focus = FocusRing(self.buttons)
        self.focus.focus(self.buttons[0])
        self.chosen = None

    def choose(self, value) -> None:
        self.app.pop()
        if self.on_choose:
            self.on_choose(value)

    def cancel(self) -> None:
        self.app.pop()

    def resize(self) -> None:
        th = self.theme
        bw = min(th.width - 8 * th.pad, max(th.body * 18, max((T.font(th.body, True).size(b.text)[0]
                                                                for b in self.buttons), default=0) + 4 * th.pad))
        bh = max(th.body * 2, 30)
        # the title wraps over as many lines as it needs (a translation may be much longer)
        self.title_lines = T.wrap(_(self.title), th.heading, bw + 2 * th.pad, bold=True)
        self.line_h = round(th.heading * 1.3)
        head = len(self.title_lines) * self.line_h + th.pad * 2
        total = len(self.buttons) * (bh + th.pad) + head
        y = max(th.pad * 2, th.height // 2 - total // 2) + head
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(th.width // 2 - bw // 2, y + i * (bh + th.pad), bw, bh)
        box = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(th.pad * 6, th.pad * 4)
        self.box = pygame.Rect(box.x, box.y - head, box.width, box.height + head)

    def handle_event(self, event) -> bool:
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        return True  # modal

    def draw(self, surface) -> None:
        th = self.theme
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 110))
        surface.blit(dim, (0, 0))
        T.draw_panel(surface, self.box, th.radius * 2, T.PANEL_SOLID + (245,), T.PANEL_EDGE, 2)
        for i, line in enumerate(self.title_lines):
            t = T.fit_text(line, th.heading, self.box.width - 4 * th.pad, T.TEXT, bold=True)
            surface.blit(t, t.get_rect(midtop=(self.box.centerx, self.box.top + th.pad * 2 + i * self.line_h)))
        self.focus.draw(surface, th)
