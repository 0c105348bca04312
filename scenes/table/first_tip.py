"""The first-game tip at the table: one line over the person's meld area
saying how to play a turn, in their first game (no finished game in the
statistics) until they have made a move (drawn, taken, melded...), or
dismissed it (its ×, or X). The full controls are on the How to play page
(title and pause menu)."""

from __future__ import annotations

import pygame

from game.i18n import N_, _

from scenes.core import theme as T

TIP = N_("First game? Click the stock to draw, drag cards onto the felt to meld, drag one onto the pile "
         "to discard. Esc → How to play.")
"""The tip (marked with ``N_``; translated where shown)."""


def person_has_moved(game, seat: int = 0) -> bool:
    """True once seat ``seat`` has made any action in ``game`` (any hand)."""
    return any(a.seat == seat for h in game.hands for a in h.actions)


class FirstGameTip:
    """The tip's state and drawing. ``shown`` says whether it is up; ``rect``
    and ``close`` are where it and its × were last laid out (pixels)."""

    def __init__(self, first_game: bool, game, seat: int = 0):
        self.game = game
        self.seat = seat
        self.shown = first_game and not person_has_moved(game, seat)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

    def dismiss(self) -> None:
        """Hide the tip for the rest of this visit to the table."""
        self.shown = False

    def update(self) -> None:
        """Hide the tip once the person has moved."""
        if self.shown and person_has_moved(self.game, self.seat):
            self.shown = False

    def layout(self, area: pygame.Rect, th: T.Theme) -> None:
        """Centre the tip near the top of ``area`` (the free part of the
        person's meld zone), under the zone's label."""
        f = T.font(th.small, True)
        h = round(th.small * 1.8)
        w = min(area.width - 2 * th.pad, f.size(_(TIP))[0] + 2 * th.pad + h)
        # a tip longer than the area wraps over more lines (translations run longer)
        self.lines = T.wrap(_(TIP), th.small, w - h - 2 * th.pad, bold=True)
        line_h = round(th.small * 1.3)
        self.rect = pygame.Rect(0, 0, w, max(h, len(self.lines) * line_h + round(th.small * 0.5)))
        self.rect.midtop = (area.centerx, area.top + round(th.small * 1.6))
        self.close = pygame.Rect(self.rect.right - h, self.rect.top, h, h)

    def handle(self, event) -> bool:
        """A click on the × or the X key dismisses the tip; True when used."""
        if not self.shown:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.close.collidepoint(event.pos):
            self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_x:
            self.dismiss()
            return True
        return False

    def draw(self, surface: pygame.Surface, th: T.Theme) -> None:
        """Draw the tip and its × where :meth:`layout` put them (nothing when hidden)."""
        if not self.shown or not self.rect.width:
            return
        T.draw_panel(surface, self.rect, th.radius, (255, 250, 225, 235), T.GOLD, 1)
        line_h = round(th.small * 1.3)
        y = self.rect.centery - len(self.lines) * line_h // 2
        for line in self.lines:
            text = T.fit_text(line, th.small, self.rect.width - self.close.width - 2 * th.pad, T.TEXT_DARK, bold=True)
            surface.blit(text, text.get_rect(midleft=(self.rect.x + th.pad, y + line_h // 2)))
            y += line_h
        x = T.text("×", th.body, T.TEXT_DARK, bold=True)
        surface.blit(x, x.get_rect(center=self.close.center))
