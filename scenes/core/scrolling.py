"""Scrolling a tall page in a fixed view: keys and the scroll bar.

A vertical scroll container for a page of widgets taller than the window.

:class:`ScrollArea` holds widgets placed in *content* coordinates (y from
the top of the content) and a ``viewport`` on screen. :meth:`ScrollArea.place`
moves each widget's ``rect`` to the screen for the current offset; a widget
whose row is not wholly inside the viewport is moved far off screen, so the
mouse can't reach it and it is not drawn, while the keyboard still can focus
it: :meth:`ScrollArea.reveal` then scrolls it into view. Rows appear whole,
so no clipping is needed, and the offset always puts a row's top at the
top of the viewport (no half-empty strip above the first row shown). The wheel, Page Up/Down (and Home/End when
Home/End) scroll. Generic: any scene (the rules page, the table
options page) can use it with its own :class:`~scenes.core.widgets.FocusRing`.
"""

from __future__ import annotations

import pygame

from scenes.core import theme as T


def key_scroll(key: int, line: int, page: int) -> int | None:
    """How far (pixels, down positive) ``key`` scrolls a page: Up/Down one
    ``line``, Page Up/Down one ``page``, Home/End all the way; ``None`` for
    any other key."""
    return {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
            pygame.K_HOME: -10**9, pygame.K_END: 10**9}.get(key)


def draw_scrollbar(surface: pygame.Surface, view: pygame.Rect, scroll: int, max_scroll: int) -> None:
    """A thin bar at the right edge of ``view`` showing which part of the
    page (``scroll`` of ``max_scroll`` pixels) is in view; nothing when the
    page fits."""
    if max_scroll <= 0:
        return
    h = view.height
    bar_h = max(20, round(h * h / (h + max_scroll)))
    bar = pygame.Rect(view.right - 6, view.y + round(scroll / max_scroll * (h - bar_h)), 4, bar_h)
    pygame.draw.rect(surface, T.PANEL_EDGE, bar, border_radius=2)


OFF_SCREEN = -100_000


class ScrollArea:
    """Widgets in a scrolling viewport (see the module docstring).

    ``add(widget, rect, row=None)``: ``rect`` is the widget's place in
    content coordinates, ``row`` (default ``rect``) the span that must be
    visible for the widget to show (e.g. the widget and its caption).
    ``content_height`` is the height of everything added (pixels).
    """

    def __init__(self):
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.offset = 0
        self.items: list[tuple[object, pygame.Rect, pygame.Rect]] = []
        self.content_height = 0
        self.step = 40

    def clear(self) -> None:
        """Forget every widget (before a new layout); the offset is kept."""
        self.items = []
        self.content_height = 0

    def add(self, widget, rect: pygame.Rect, row: pygame.Rect | None = None) -> None:
        """Place ``widget`` at ``rect`` (content coordinates)."""
        row = rect if row is None else row
        self.items.append((widget, pygame.Rect(rect), pygame.Rect(row)))
        self.content_height = max(self.content_height, row.bottom)

    def _stops(self) -> list[int]:
        """Offsets that put a row's top at the viewport's top, up to the first
        one that shows the end of the content."""
        if not self.items:
            return [0]
        tops = sorted({row.top for _, _, row in self.items})
        stops = []
        for t in tops:
            stops.append(t - tops[0])
            if self.content_height - stops[-1] <= self.viewport.height:
                break
        return stops

    @property
    def max_offset(self) -> int:
        """The largest offset (pixels): 0 when everything fits."""
        return self._stops()[-1]

    def _snap(self, offset: int, down: bool) -> int:
        stops = self._stops()
        if down:
            return next((s for s in stops if s >= offset), stops[-1])
        return next((s for s in reversed(stops) if s <= offset), 0)

    def to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """A content rect in screen coordinates at the current offset."""
        return rect.move(self.viewport.x, self.viewport.y - self.offset)

    def shows(self, row: pygame.Rect) -> bool:
        """True when the content rect ``row`` is wholly inside the viewport now."""
        r = self.to_screen(row)
        return self.viewport.top <= r.top and r.bottom <= self.viewport.bottom

    def place(self) -> None:
        """Move every widget's ``rect`` to the screen (or off it, when its row is hidden)."""
        self.offset = self._snap(max(0, min(self.offset, self.max_offset)), False)
        for widget, rect, row in self.items:
            r = self.to_screen(rect)
            widget.rect = r if self.shows(row) else r.move(OFF_SCREEN, 0)

    def scroll_by(self, dy: int) -> bool:
        """Scroll by ``dy`` pixels (down when positive); True if it moved."""
        before = self.offset
        self.offset = self._snap(max(0, min(self.max_offset, self.offset + dy)), dy > 0)
        self.place()
        return self.offset != before

    def reveal(self, widget) -> None:
        """Scroll the least needed for ``widget``'s row to show whole."""
        for w, _, row in self.items:
            if w is widget:
                if row.top < self.offset:
                    self.offset = self._snap(row.top, False)
                elif row.bottom - self.offset > self.viewport.height:
                    self.offset = self._snap(row.bottom - self.viewport.height, True)
                self.place()
                return

    def handle(self, event) -> bool:
        """The wheel, Page Up / Page Down and Home / End scroll (the arrows are
        left to the focus ring); True when used."""
        if not self.max_offset:
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.step * 2)
            return True
        if event.type == pygame.KEYDOWN and event.key not in (pygame.K_UP, pygame.K_DOWN):
            dy = key_scroll(event.key, self.step, max(self.step, self.viewport.height - self.step))
            if dy is not None:
                self.scroll_by(dy)
                return True
        return False

    def draw_bar(self, surface: pygame.Surface) -> None:
        """A thin bar at the viewport's right edge showing where the view is."""
        draw_scrollbar(surface, self.viewport, self.offset, self.max_offset)
