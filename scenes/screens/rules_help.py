"""The Rules scene: the active rules in plain words (``game.text.rules_text``),
scrollable with the wheel, the arrows or Page Up/Down."""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.rules.ruleset import RuleSet
from game.text.rules_text import describe_rules, rule_changes

from scenes.core import theme as T
from scenes.core.scene import Scene
from scenes.core.scrolling import draw_scrollbar, key_scroll
from scenes.core.widgets import Button, FocusRing


class RulesScene(Scene):
    """``enter(rules=None, players=None, profile=None)``: the rules to explain
    (the standard rules by default), when known the number of players, and
    the profile's shown name (``*`` when changed) for the title. A first
    section lists how these rules differ from the rulebook."""

    fps = 30

    def enter(self, rules: RuleSet | None = None, players: int | None = None,
              profile: str | None = None) -> None:
        self.rules = rules or RuleSet()
        self.players = players
        self.profile = profile
        changes = rule_changes(self.rules)
        differ = ("; ".join(changes) + ".") if changes else _("None: these are the rulebook's rules.")
        self.sections = [(_("How these differ from the rulebook"), differ)] + describe_rules(self.rules, players)
        self.scroll = 0
        self.back_button = Button(_("Back"), lambda: self.app.pop())
        self.focus = FocusRing([self.back_button])
        self.focus.focus(self.back_button)
        self.lines: list[tuple[str, bool]] = []

    def resize(self) -> None:
        th = self.theme
        self.box = pygame.Rect(0, 0, min(th.width - 4 * th.pad, th.body * 44), 0)
        self.box.top = th.title * 2
        self.box.height = th.height - self.box.top - th.body * 4
        self.box.centerx = th.width // 2
        self.lines = []
        for head, para in self.sections:
            self.lines.append((head, True))
            for part in para.split("\n"):  # a paragraph may hold several lines
                self.lines.extend((line, False) for line in T.wrap(part, th.body, self.box.width - 2 * th.pad))
            self.lines.append(("", False))
        self.line_h = round(th.body * 1.4)
        self.max_scroll = max(0, len(self.lines) * self.line_h - self.box.height + 2 * th.pad)
        self.scroll = min(self.scroll, self.max_scroll)
        bw, bh = max(th.body * 8, 120), max(th.body * 2, 30)
        self.back_button.rect = pygame.Rect(th.width // 2 - bw // 2, th.height - bh - th.pad * 2, bw, bh)

    def handle_event(self, event) -> bool:
        if self.focus.handle(event):
            return True
        page = max(self.line_h, self.box.height - 2 * self.line_h)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * self.line_h * 3)
            return True
        if event.type == pygame.KEYDOWN:
            dy = key_scroll(event.key, self.line_h, page)
            if dy is not None:
                self._scroll(dy)
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
        return False

    def _scroll(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def page_title(self) -> str:
        """The heading over the page."""
        if self.profile and self.players:
            return ngettext("The rules: {profile} for {count} player", "The rules: {profile} for {count} players",
                            self.players).format(profile=self.profile, count=self.players)
        if self.profile:
            return _("The rules: {profile}").format(profile=self.profile)
        if self.players:
            return ngettext("The rules for {count} player", "The rules for {count} players",
                            self.players).format(count=self.players)
        return _("The rules")

    def draw(self, surface) -> None:
        th = self.theme
        surface.blit(T.felt(th.size), (0, 0))
        title = self.page_title()
        t = T.fit_text(title, th.title, th.width - 4 * th.pad, T.TEXT, bold=True)
        surface.blit(t, t.get_rect(midtop=(th.width // 2, th.pad * 2)))
        T.draw_panel(surface, self.box, th.radius * 2)
        clip = surface.get_clip()
        surface.set_clip(self.box.inflate(-th.pad, -th.pad))
        y = self.box.y + th.pad - self.scroll
        for line, head in self.lines:
            if self.box.top - self.line_h < y < self.box.bottom:
                s = T.text(line, th.body, T.GOLD if head else T.TEXT, bold=head)
                surface.blit(s, (self.box.x + th.pad, y))
            y += self.line_h
        surface.set_clip(clip)
        draw_scrollbar(surface, self.box, self.scroll, self.max_scroll)
        self.focus.draw(surface, th)
