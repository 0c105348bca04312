"""Menus: the title screen's button column and the pause menu over the table.

:class:`MenuScene` is a titled column of buttons, usable with the mouse or
the keyboard (arrows/Tab, Enter); subclasses list their items.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.i18n import N_, _

from . import theme as T
from .app import Scene
from .widgets import Button, FocusRing


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


class PauseMenu(MenuScene):
    """Esc at the table: resume, read the rules, or leave (the game is saved)."""

    fps = 60

    opaque = False
    title = N_("Paused")

    def items(self):
        return [(N_("Resume"), self.back), (N_("Rules"), self.rules), (N_("Settings"), self.settings),
                (N_("How to play"), self.how_to_play), (N_("Save and leave the table"), self.leave)]

    def how_to_play(self) -> None:
        """Open the controls page over the table."""
        from .how_to_play import HowToPlayScene
        self.app.push(HowToPlayScene(self.app))

    def rules(self) -> None:
        from .rules_help import RulesScene
        table = self._table()
        rules = table.session.game.rules if table else None
        players = table.session.game.players if table else None
        from .rules_choice import name_of
        self.app.push(RulesScene(self.app), rules=rules, players=players,
                      profile=name_of(self.app, rules) if rules else None)

    def settings(self) -> None:
        from .settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def _table(self):
        from .table import TableScene
        return next((s for s in reversed(self.app.stack) if isinstance(s, TableScene)), None)

    def leave(self) -> None:
        """Back to the title (the table saves as it goes)."""
        self.app.to_title()

    def draw(self, surface) -> None:
        th = self.theme
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        if self.buttons:
            box = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(th.pad * 8, th.pad * 6)
            box = pygame.Rect(box.x, box.y - th.title * 2, box.width, box.height + th.title * 2)
            T.draw_panel(surface, box, th.radius * 2, T.PANEL_SOLID + (240,), T.PANEL_EDGE, 2)
        self.draw_title(surface)
        self.focus.draw(surface, th)
