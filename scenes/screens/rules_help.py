"""The Rules scene: the active rules in plain words (``game.text.rules_text``)
and a second page, Common questions (``game.text.questions``), each answer
under the same rules with a small picture of cards where it has one;
scrollable with the wheel, the arrows or Page Up/Down."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _, ngettext
from game.rules.cards import parse_card
from game.rules.ruleset import RuleSet
from game.text.questions import Group, common_questions
from game.text.rules_text import describe_rules, rule_changes

from scenes.core import theme as T
from scenes.core.cardart import CardArt
from scenes.core.scene import Scene
from scenes.core.scrolling import draw_scrollbar, key_scroll
from scenes.core.widgets import Button, FocusRing

RULES_PAGE, QUESTIONS_PAGE = "rules", "questions"


@dataclass(frozen=True)
class Row:
    """One row of the scrolling page: a line of text (``head`` for a
    heading) or, with ``picture`` set, a row of card groups ``height`` px tall."""

    text: str
    head: bool
    height: int
    picture: tuple[Group, ...] = ()


class RulesScene(Scene):
    """``enter(rules=None, players=None, profile=None, page="rules")``: the
    rules to explain (the standard rules by default), when known the number
    of players, and the profile's shown name (``*`` when changed) for the
    title; ``page`` "questions" opens on the Common questions. A first
    section of the rules page lists how these rules differ from the rulebook.
    The button beside Back turns to the other page."""

    fps = 30
    has_questions = True
    """False for a page of its own words only (How to play)."""

    def enter(self, rules: RuleSet | None = None, players: int | None = None,
              profile: str | None = None, page: str = RULES_PAGE) -> None:
        self.rules = rules or RuleSet()
        self.players = players
        self.profile = profile
        changes = rule_changes(self.rules)
        differ = ("; ".join(changes) + ".") if changes else _("None: these are the rulebook's rules.")
        self.sections = [(_("How these differ from the rulebook"), differ)] + describe_rules(self.rules, players)
        self.page = page if self.has_questions else RULES_PAGE
        self.scroll = 0
        self.back_button = Button(_("Back"), lambda: self.app.pop())
        self.page_button = Button(self._page_label(), self.turn_page)
        self.focus = FocusRing(self._buttons())
        self.focus.focus(self.back_button)
        self.rows: list[Row] = []
        self.art = CardArt(self.app.settings.card_style, self.app.settings.card_back)

    def _buttons(self) -> list[Button]:
        return [self.back_button, self.page_button] if self.has_questions else [self.back_button]

    def _page_label(self) -> str:
        return N_("The rules") if self.page == QUESTIONS_PAGE else N_("Common questions")

    def turn_page(self) -> None:
        """Show the other page (the rules or the Common questions), from its top."""
        self.page = RULES_PAGE if self.page == QUESTIONS_PAGE else QUESTIONS_PAGE
        self.page_button.label = self._page_label()
        self.scroll = 0
        self.resize()

    def resize(self) -> None:
        th = self.theme
        self.box = pygame.Rect(0, 0, min(th.width - 4 * th.pad, th.body * 44), 0)
        self.box.top = th.title * 2
        self.box.height = th.height - self.box.top - th.body * 4
        self.box.centerx = th.width // 2
        self.line_h = round(th.body * 1.4)
        self.card_h = max(T.MIN_CARD_H, round(th.scale * 0.1))
        width = self.box.width - 2 * th.pad
        self.rows = []

        def para(head: str, text: str) -> None:
            self.rows.append(Row(head, True, self.line_h))
            for part in text.split("\n"):  # a paragraph may hold several lines
                self.rows.extend(Row(line, False, self.line_h) for line in T.wrap(part, th.body, width))

        if self.page == QUESTIONS_PAGE:
            for q in common_questions(self.rules):
                para(q.question, q.answer)
                if q.picture:
                    self.rows.append(Row("", False, self.picture_height(q.picture), q.picture))
                self.rows.append(Row("", False, self.line_h))
        else:
            for head, text in self.sections:
                para(head, text)
                self.rows.append(Row("", False, self.line_h))
        self.max_scroll = max(0, sum(r.height for r in self.rows) - self.box.height + 2 * th.pad)
        self.scroll = min(self.scroll, self.max_scroll)
        bw, bh = max(th.body * 8, 120), max(th.body * 2, 30)
        if self.has_questions:
            pw = max(bw, T.font(th.body).size(self.page_button.text)[0] + 2 * th.pad)
            gap = th.pad * 2
            left = th.width // 2 - (bw + gap + pw) // 2
            self.back_button.rect = pygame.Rect(left, th.height - bh - th.pad * 2, bw, bh)
            self.page_button.rect = pygame.Rect(left + bw + gap, th.height - bh - th.pad * 2, pw, bh)
        else:
            self.back_button.rect = pygame.Rect(th.width // 2 - bw // 2, th.height - bh - th.pad * 2, bw, bh)

    # ------------------------------------------------------------ pictures
    def _group_layout(self, group: Group) -> tuple[int, int, list[str]]:
        """``(width, card step, caption lines)`` of one group of a picture."""
        th = self.theme
        cw = T.Theme.card_w(self.card_h)
        step = round(cw * 0.55)
        cards_w = cw + step * (len(group.cards) - 1)
        room = max(cards_w, th.small * 14)
        lines = T.wrap(group.caption, th.small, room)[:2]
        width = max([cards_w] + [T.font(th.small).size(line)[0] for line in lines])
        return width, step, lines

    def picture_height(self, picture: tuple[Group, ...]) -> int:
        """Pixels the row of ``picture`` takes: the cards, two caption lines
        at most, and the space around them; several rows when the groups
        don't fit across the page."""
        th = self.theme
        one = th.pad + self.card_h + th.pad + 2 * round(th.small * 1.25)
        return one * len(self._picture_lines(picture))

    def _picture_lines(self, picture: tuple[Group, ...]) -> list[list[Group]]:
        """The groups of a picture split into lines that fit the page's width."""
        th = self.theme
        width = self.box.width - 2 * th.pad
        lines: list[list[Group]] = [[]]
        used = 0
        for g in picture:
            w = self._group_layout(g)[0] + 2 * th.pad
            if lines[-1] and used + w > width:
                lines.append([])
                used = 0
            lines[-1].append(g)
            used += w
        return lines

    def draw_picture(self, surface, picture: tuple[Group, ...], x: int, y: int) -> None:
        """Draw the groups of ``picture`` from ``(x, y)``: each group's cards
        overlapped left to right with its caption under them; a refused group
        has an amber outline and its caption in amber (the words say why)."""
        th = self.theme
        line_h = self.picture_height(picture) // max(1, len(self._picture_lines(picture)))
        y += th.pad
        for line in self._picture_lines(picture):
            gx = x
            for g in line:
                width, step, caption = self._group_layout(g)
                cx = gx
                for token in g.cards:
                    card = parse_card(token, tabled=token.startswith("JK="))
                    img, dx, dy = self.art.with_shadow(card, self.card_h, True)
                    surface.blit(img, (cx + dx, y + dy))
                    cx += step
                cards_rect = pygame.Rect(gx, y, cx - step + T.Theme.card_w(self.card_h) - gx, self.card_h)
                colour = T.ILLEGAL if g.refused else T.TEXT_DIM
                if g.refused:
                    pygame.draw.rect(surface, T.ILLEGAL, cards_rect.inflate(6, 6), 3, border_radius=th.radius)
                cy = y + self.card_h + th.pad
                for text in caption:
                    surface.blit(T.text(text, th.small, colour), (gx, cy))
                    cy += round(th.small * 1.25)
                gx += width + 2 * th.pad
            y += line_h

    # ------------------------------------------------------------ input
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
        if self.page == QUESTIONS_PAGE:
            if self.profile:
                return _("Common questions: {profile}").format(profile=self.profile)
            return _("Common questions")
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
        for row in self.rows:
            if self.box.top - row.height < y < self.box.bottom:
                if row.picture:
                    self.draw_picture(surface, row.picture, self.box.x + th.pad, y)
                elif row.text:
                    s = T.text(row.text, th.body, T.GOLD if row.head else T.TEXT, bold=row.head)
                    surface.blit(s, (self.box.x + th.pad, y))
            y += row.height
        surface.set_clip(clip)
        draw_scrollbar(surface, self.box, self.scroll, self.max_scroll)
        self.focus.draw(surface, th)
