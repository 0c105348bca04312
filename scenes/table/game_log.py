"""The game log panel at the table: one entry per action (cards with their
suit symbols), newest at the bottom.

The table keeps the log as entries (engine events and
:class:`~game.text.events.LogNote`), and the panel words them when it lays
them out (:func:`game.text.events.log_words`): a change of language or of a
name rewords every line (issue 21, item 12). A line longer than the panel
wraps onto indented rows, in the panel's one type size, beside the table
and larger alike.

It scrolls: the mouse wheel over it, Page Up / Page Down, Home / End (while
it is open). ``+`` (or the "Larger" tab in its corner) opens it larger,
over the middle of the table; ``-`` or the tab again shrinks it back.
Scrolled up, it stays where it is as new lines arrive; at the bottom, it
follows them.
"""

from __future__ import annotations

import pygame

from typing import Sequence

from game.i18n import _, current_language, ngettext
from game.text.events import LogEntry, log_words

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
        self._words: dict[int, tuple] = {}  # id(entry) -> (entry, its line), for the language and names of _worded_for
        self._worded_for: tuple | None = None
        self._wrapped: dict[tuple, list[str]] = {}  # (line, width, size) -> its rows

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

    def lines(self, entries: Sequence[LogEntry], names: Sequence[str]) -> list[str]:
        """The log's lines for ``entries`` (oldest first) with the seats'
        ``names``, in the current language; an entry is worded once while the
        language and the names stay the same."""
        worded_for = (current_language(), tuple(names))
        if worded_for != self._worded_for:
            self._worded_for, self._words = worded_for, {}
        kept = self._words
        words = {}
        for e in entries:  # the entry is kept with its words: the id of a dropped one may come back
            k = id(e)
            known = kept.get(k)
            words[k] = known if known is not None and known[0] is e else (e, log_words(e, names))
        self._words = words
        return [w for w in (words[id(e)][1] for e in entries) if w]

    def layout(self, entries: Sequence[LogEntry], names: Sequence[str], small: pygame.Rect, th: T.Theme,
               bottom: int | None = None) -> None:
        """Lay the rows out for ``entries`` (log entries, oldest first; ``names``
        the seats' names as the log says them) in the panel: each line wraps
        to the panel's width, its later rows indented. Nothing is redone while
        the entries, the language, the names, the place and the size stay
        the same."""
        key = (len(entries), id(entries[-1]) if entries else None, current_language(), tuple(names), tuple(small),
               th.size, self.large, bottom)
        if key == self._key:
            return
        self._key = key
        self.rect = self.frame(small, th, bottom)
        width = self.rect.width - 3 * th.pad
        wrapped, rows = {}, []
        for line in self.lines(entries, names):
            k = (line, width, th.small)
            parts = wrapped[k] = self._wrapped.get(k) or self._wrap(line, th.small, width)
            rows += parts
        self._wrapped = wrapped
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

    @staticmethod
    def _wrap(line: str, px: int, width: int) -> list[str]:
        """``line`` as rows at most ``width`` pixels wide at ``px``, the rows after the first indented."""
        parts = T.wrap(line, px, width)
        if len(parts) == 1:
            return parts
        indent = "   "
        rest = T.wrap(" ".join(parts[1:]), px, width - T.font(px).size(indent)[0])
        return [parts[0]] + [indent + p for p in rest]

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
