"""Play a deal code (from New game): type or paste the code a game-over
screen gave, and the same deals are played again under the code's rules,
against the opponents chosen on the New game form (issue 24, part 3).

A code from another version or for another number of players than the form's
is refused with one sentence (:func:`game.services.deal_code.decode`), and
nothing else changes: the form keeps every choice.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.services.deal_code import MAX_LENGTH, DealCodeError, decode

from scenes.core import theme as T
from scenes.core import clipboard
from scenes.core.forms import FormScene
from scenes.core.widgets import Button, FocusRing, TextField


class DealCodeScene(FormScene):
    """``enter(start, players)``: ``start(deal)`` starts the game of a
    :class:`~game.services.deal_code.DealCode` (the New game form's
    ``start_game``), ``players`` is the form's player count."""

    heading = N_("Play a deal code")

    def enter(self, start, players: int) -> None:
        self.start = start
        self.players = players
        self.problem = ""
        self.field = TextField(N_("Deal code"), "", MAX_LENGTH, on_change=self._changed)
        self.paste_button = Button(N_("Paste"), self.paste, role="small")
        self.play_button = Button(N_("Play these deals"), self.play)
        self.back_button = Button(N_("Back"), self.back)
        self.focus = FocusRing([self.field, self.paste_button, self.play_button, self.back_button])
        self.focus.focus(self.field)
        pygame.key.start_text_input()

    def _changed(self, _value: str) -> None:
        self.problem = ""

    def paste(self) -> None:
        """Put the clipboard's text in the field (its first line, spaces
        dropped, at most :data:`MAX_LENGTH` characters)."""
        lines = clipboard.current().get_text().strip().splitlines()
        text = "".join(lines[0].split()) if lines else ""
        if not text:
            self.problem = _("The clipboard holds no text to paste.")
            return
        self.field.value = text[:MAX_LENGTH]
        self.problem = ""
        self.focus.focus(self.play_button)

    def play(self) -> None:
        """Start the code's deals, or say in one sentence why this code can't be played here."""
        try:
            deal = decode(self.field.value, self.players)
        except DealCodeError as exc:
            self.problem = str(exc)
            self.focus.focus(self.field)
            return
        self.app.pop()
        self.start(deal)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.focus.focused is self.field:
            self.play()
            return True
        return super().handle_event(event)

    def resize(self) -> None:
        th = self.theme
        row = max(round(th.body * 2.0), 28)
        width = min(th.width - 8 * th.pad, th.body * 40)
        left = th.width // 2 - width // 2
        self.text_top = th.title * 2 + 2 * th.pad
        self.text_width = width
        y = self.text_top + 4 * round(th.body * 1.4)
        paste_w = T.font(th.small).size(self.paste_button.text)[0] + 3 * th.pad
        self.field.rect = pygame.Rect(left, y, width - paste_w - th.pad, row)
        self.paste_button.rect = pygame.Rect(left + width - paste_w, y, paste_w, row)
        self.problem_y = y + row + th.pad
        bw = max(th.body * 11, 170, *(T.font(th.body, True).size(b.text)[0] + 4 * th.pad
                                       for b in (self.play_button, self.back_button)))
        self.play_button.rect = pygame.Rect(th.width // 2 + th.pad, th.height - row - 3 * th.pad, bw, row + 4)
        self.back_button.rect = pygame.Rect(th.width // 2 - th.pad - bw, th.height - row - 3 * th.pad, bw, row + 4)

    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        left = th.width // 2 - self.text_width // 2
        y = self.text_top
        about = _("Type or paste the code a game-over screen gave you. The deals and the rules come from the "
                  "code; you play them against the opponents chosen on the New game form.")
        for line in T.wrap(about, th.body, self.text_width)[:3]:
            surface.blit(T.text(line, th.body, T.TEXT_DIM), (left, y))
            y += round(th.body * 1.4)
        if self.problem:
            y = self.problem_y
            for line in T.wrap(self.problem, th.body, self.text_width)[:3]:
                surface.blit(T.text(line, th.body, (255, 190, 170)), (left, y))
                y += round(th.body * 1.4)
        self.focus.draw(surface, th)
