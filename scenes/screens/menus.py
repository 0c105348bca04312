"""The pause menu over the table (Esc): resume, the rules in force, settings,
how to play, at a table hosted from this window remove a guest
(:func:`scenes.screens.hosting.ask_remove_guest`), or leave the table (it
saves as it goes)."""

from __future__ import annotations

import pygame

from game.i18n import N_, _

from scenes.core import theme as T
from scenes.core.dialogs import ChoiceDialog
from scenes.core.forms import MenuScene
from scenes.core.rules_choice import name_of
from scenes.screens.hosting import ask_remove_guest, hosted_guests


class PauseMenu(MenuScene):
    """Esc at the table: resume, read the rules, or leave (the game is saved)."""

    fps = 60

    opaque = False
    title = N_("Paused")

    def items(self):
        table = self.app.find("table")
        items = [(N_("Resume"), self.back), (N_("Rules"), self.rules), (N_("Settings"), self.settings),
                 (N_("How to play"), self.how_to_play)]
        if table is not None and getattr(table, "remote", False):  # a seat joined at another computer's table
            return items + [(N_("Leave the table"), self.ask_leave)]
        if table is not None and hosted_guests(table.session):
            items.append((N_("Remove a guest"), self.remove_guest))
        return items + [(N_("Save and leave the table"), self.leave)]

    def remove_guest(self) -> None:
        """A table hosted from this window: remove and ban a guest (asked
        first); back at the table once one is removed."""
        table = self.app.find("table")
        if table is not None:
            def done() -> None:
                self.back()
                table.drawing.invalidate()  # the seat's panel says who plays it now

            ask_remove_guest(self.app, table.session, done=done)

    def ask_leave(self) -> None:
        """A joined seat: ask first, since leaving gives the seat back to the
        host (a computer of the host's plays it on; the game is saved there)."""
        self.app.push(ChoiceDialog(self.app),
                      title=_("Leave the table? The host's computer plays your seat from then on, and the game "
                              "is kept on the host's computer."),
                      options=[(_("Leave the table"), True)], on_choose=lambda _yes: self.leave())

    def how_to_play(self) -> None:
        """Open the controls page over the table."""
        table = self.app.find("table")
        self.app.open("how_to_play", rules=table.session.game.rules if table else None)

    def rules(self) -> None:
        table = self.app.find("table")
        rules = table.session.game.rules if table else None
        players = table.session.game.players if table else None
        self.app.open("rules", rules=rules, players=players, profile=name_of(self.app, rules) if rules else None)

    def settings(self) -> None:
        self.app.open("settings")

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
