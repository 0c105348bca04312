"""The table's rules badge: a small label ("Rules: Standard", "Rules: My
house*" when changed) that shows the rules in force in a panel while the
pointer is over it or it has the keyboard focus (Tab at the table turns
it on and off, Esc off). The full text is under Menu → Rules."""

from __future__ import annotations

import pygame

from game.rules.ruleset import RuleSet
from game.i18n import _, current_language, ngettext
from game.text.rules_text import rule_change_items

from scenes.core import rules_choice as C
from scenes.core import theme as T
from scenes.core.widgets import PointerHover


def badge_label(app, rules: RuleSet) -> str:
    """The name of ``rules`` (:func:`scenes.core.rules_choice.name_of`: the same
    as on New game, the Rules scene and Statistics, also after Continue)."""
    return C.name_of(app, rules)


def summary_lines(rules: RuleSet) -> list[str]:
    """The panel's lines: each way ``rules`` differ from the rulebook, and the target."""
    changes = [line for key, line in rule_change_items(rules) if key != "target"]
    lines = changes or [_("The rulebook's rules, no changes")]
    target = ngettext("Target {count} point", "Target {count} points", rules.target).format(
        count=f"{rules.target:,}")
    return lines + [target, _("The full rules: Menu (Esc), then Rules")]


class RulesBadge:
    """``rect`` (set by the table), ``hover``, ``focused``; ``handle(event)``
    reads ``event.pos``; ``draw(surface, theme)`` draws the badge and, when
    hovered or focused, the panel (clamped to the window). ``hover`` is
    forgotten when a scene (the pause menu) covers the table, so the panel
    never stays up over Undo after Resume."""

    hover = PointerHover()

    def __init__(self, app, rules: RuleSet):
        self.app = app
        self.rules = rules
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.focused = False
        self._texts: tuple[str, str, str, list[str]] | None = None

    def _words(self) -> tuple[str, str, list[str]]:
        """(badge label, panel heading, panel lines) in the current language (kept until it changes)."""
        lang = current_language()
        if self._texts is None or self._texts[0] != lang:
            name = badge_label(self.app, self.rules)
            self._texts = (lang, _("Rules: {name}").format(name=name), _("Rules in force: {name}").format(name=name),
                           summary_lines(self.rules))
        return self._texts[1], self._texts[2], self._texts[3]

    @property
    def label(self) -> str:
        """The badge's text: "Rules: Standard"."""
        return self._words()[0]

    @property
    def lines(self) -> list[str]:
        """The panel's lines (:func:`summary_lines`)."""
        return self._words()[2]

    def handle(self, event) -> bool:
        """Pointer over it, Tab (focus on/off), Esc while focused (off); a
        press on the badge is used up (it is not the felt)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.hover = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            return True
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.focused = not self.focused
                return True
            if self.focused and event.key == pygame.K_ESCAPE:
                self.focused = False
                return True
        return False

    def size(self, theme) -> tuple[int, int]:
        """The badge's natural size (pixels) for ``theme``."""
        w = T.font(theme.small, True).size(self.label)[0] + 2 * theme.pad
        return w, max(round(theme.small * 1.9), 22)

    def draw(self, surface, theme) -> None:
        if not self.rect.width:
            return
        th = theme
        T.draw_panel(surface, self.rect, th.radius, (0, 0, 0, 150), T.PANEL_EDGE, 1)
        s = T.fit_text(self.label, th.small, self.rect.width - th.pad, T.TEXT, bold=True)
        surface.blit(s, s.get_rect(center=self.rect.center))
        if self.focused:
            pygame.draw.rect(surface, T.LEGAL, self.rect.inflate(6, 6), 3, border_radius=th.radius + 3)
        if not (self.hover or self.focused):
            return
        lh = round(th.small * 1.35)
        width = min(th.width - 2 * th.pad,
                    max([T.font(th.small).size(line)[0] for line in self.lines]
                        + [T.font(th.small, True).size(self._words()[1])[0]]) + 2 * th.pad)
        panel = pygame.Rect(0, 0, width, lh * len(self.lines) + th.pad * 2 + lh)
        panel.bottomright = (self.rect.right, self.rect.top - th.pad)
        panel.clamp_ip(surface.get_rect())
        T.draw_panel(surface, panel, th.radius, (0, 0, 0, 230), T.PANEL_EDGE, 1)
        y = panel.y + th.pad
        surface.blit(T.text(self._words()[1], th.small, T.GOLD, bold=True),
                     (panel.x + th.pad, y))
        y += lh
        for line in self.lines:
            surface.blit(T.fit_text(line, th.small, panel.width - 2 * th.pad, T.TEXT), (panel.x + th.pad, y))
            y += lh
