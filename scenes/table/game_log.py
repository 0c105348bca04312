"""The game log panel at the table: one line per action (cards with their
suit symbols, :func:`game.text.events.describe`), newest at the bottom.

It scrolls: the mouse wheel over it, Page Up / Page Down, Home / End (while
it is open). ``+`` (or the "Larger" tab in its corner) opens it larger,
over the middle of the table, where long lines wrap instead of being cut
with "…"; ``-`` or the tab again shrinks it back. Scrolled up, it stays
where it is as new lines arrive; at the bottom, it follows them.
"""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext

from scenes.core import theme as T
from scenes.core.scrolling import draw_scrollbar

LARGER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SMALLER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class LogPanel:
    """The log's view state and drawing. ``rect`` is where it was last
    drawn (screen pixels); ``back`` is how many rows above the newest the
    view ends (0: following the newest); ``large`` whether it is open larger."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tab = pygame.Rect(0, 0, 0, 0)
        self.back = 0
        self.large = False
        self.rows: list[str] = []
        self.room = 1
        self._seen = 0
        self._key = None

    def frame(self, small: pygame.Rect, th: T.Theme, bottom: int | None = None) -> pygame.Rect:
        """The panel's rect: ``small`` (the place beside the table), or when
        large from near the top of the window down to ``bottom`` (default:
        near the bottom; the table passes the top of the person's hand),
        twice as wide, its right edge where ``small``'s is."""
        if not self.large:
            return pygame.Rect(small)
        w = min(th.width - 2 * th.pad, max(small.width * 2, th.body * 36))
        bottom = th.height - th.pad if bottom is None else bottom
        top = th.pad
        r = pygame.Rect(small.right - w, top, w, max(small.height, bottom - top))
        r.clamp_ip(pygame.Rect(0, 0, th.width, th.height))
        return r

    def layout(self, entries: list[str], small: pygame.Rect, th: T.Theme, bottom: int | None = None) -> None:
        """Lay the lines out for ``entries`` (log lines, oldest first) in the
        panel; nothing is redone while the entries, place and size stay the same."""
        key = (len(entries), entries[-1] if entries else None, tuple(small), th.size, self.large, bottom)
        if key == self._key:
            return
        self._key = key
        self.rect = self.frame(small, th, bottom)
        width = self.rect.width - 3 * th.pad
        if self.large:
            rows = []
            for e in entries:
                parts = T.wrap(e, th.small, width)
                rows += [parts[0]] + ["   " + p for p in parts[1:]]
        else:
            rows = list(entries)  # one line per action; the larger log shows the whole line
        grew = len(rows) - len(self.rows) if entries and len(entries) >= self._seen else 0
        if self.back and grew > 0:
            self.back += grew  # scrolled up: stay on the same lines
        self._seen = len(entries)
        self.rows = rows
        lh = round(th.small * 1.3)
        self.room = max(1, (self.rect.height - lh - th.pad) // lh)
        self.back = max(0, min(self.back, self.max_back))
        tw = max(T.font(th.small, True).size(_("Smaller (−)"))[0], T.font(th.small, True).size(_("Larger (+)"))[0]) + 2 * th.pad
        # as tall as the font's line (Georgian letters reach below the line), the words a pad clear of each side
        self.tab = pygame.Rect(self.rect.right - tw - th.pad // 2, self.rect.y + th.pad // 4, tw,
                               max(lh, T.font(th.small, True).get_linesize() + 2))

    @property
    def max_back(self) -> int:
        """How far up the view can go (rows)."""
        return max(0, len(self.rows) - self.room)

    def scroll(self, rows: int) -> bool:
        """Scroll up by ``rows`` (down when negative); True if the view moved."""
        before = self.back
        self.back = max(0, min(self.max_back, self.back + rows))
        return self.back != before

    def toggle_size(self) -> None:
        """Open the log larger, or back to its place beside the table."""
        self.large = not self.large
        self.back = 0
        self.rows = []
        self._key = None

    def handle(self, event, mouse: tuple[int, int]) -> bool:
        """Wheel over the panel (``mouse``: the pointer's last position),
        Page Up/Down, Home/End, ``+``/``-`` and the tab; True when the event
        was the log's."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(mouse):
                self.scroll(event.y * 3)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tab.collidepoint(event.pos):
            self.toggle_size()
            return True
        if (self.large and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                and self.rect.collidepoint(event.pos)):
            return True  # the larger log covers the table: clicks on it stay on it
        if event.type != pygame.KEYDOWN:
            return False
        page = max(1, self.room - 1)
        moves = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page, pygame.K_HOME: 10**6, pygame.K_END: -10**6}
        if event.key in moves:
            self.scroll(moves[event.key])
            return True
        if event.key in LARGER_KEYS and not self.large or event.key in SMALLER_KEYS and self.large:
            self.toggle_size()
            return True
        return False

    def visible_rows(self) -> list[str]:
        """The rows in view, top to bottom."""
        end = len(self.rows) - self.back
        return self.rows[max(0, end - self.room):end]

    def draw(self, surface: pygame.Surface, th: T.Theme) -> None:
        """Draw the panel where :meth:`layout` put it."""
        r = self.rect
        T.draw_panel(surface, r, th.radius, (0, 0, 0, 238))
        lh = round(th.small * 1.3)
        head = (ngettext("Game log · {count} newer below (End)", "Game log · {count} newer below (End)",
                         self.back).format(count=self.back) if self.back else _("Game log"))
        surface.blit(T.fit_text(head, th.small, self.tab.x - r.x - 2 * th.pad, T.TEXT_DIM, bold=True),
                     (r.x + th.pad, r.y + th.pad // 2))
        pygame.draw.rect(surface, T.BUTTON, self.tab, border_radius=th.radius)
        tab = T.text(_("Smaller (−)") if self.large else _("Larger (+)"), th.small, T.TEXT, bold=True)
        surface.blit(tab, tab.get_rect(center=self.tab.center))
        y = r.y + th.pad // 2 + lh
        width = r.width - 3 * th.pad
        for row in self.visible_rows():
            surface.blit(T.fit_text(row, th.small, width), (r.x + th.pad, y))
            y += lh
        view = pygame.Rect(r.x, r.y + lh, r.width - 2, r.height - lh - th.pad // 2)
        draw_scrollbar(surface, view, self.max_back - self.back, self.max_back)
