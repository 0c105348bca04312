"""Small widgets of our own: buttons, choice steppers, text fields.

Every widget has a ``rect`` (set by its scene's layout), ``handle(event) ->
bool`` (consumed?) reading ``event.pos`` (never the global mouse state), and
``draw(surface, theme)``. Keyboard use: a :class:`FocusRing` moves the focus
with Tab/arrows and activates with Enter/space; the focused widget shows a ring.

Labels and choice names are translated when drawn (``_(label)``): give
constants as ``N_("New game")`` so a change of language shows at once;
text built with placeholders is passed translated and rebuilt by its scene
(``Scene.language_changed``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import pygame

from game.i18n import _

from scenes.core import clipboard
from scenes.core import theme as T
from scenes.core.clipboard import pasted


def fit_lines(s: str, px: int, width: int, height: int, colour=T.TEXT, bold: bool = False) -> list[pygame.Surface]:
    """``s`` as one line or, when one line would need a font under 80 % of
    ``px``, two lines (down to 60 %) that together fit ``height``; the last
    resort is :func:`scenes.core.theme.fit_text` (shortened with "…"). Long
    translations wrap in their button or label rather than being cut.
    Remembered per arguments (widgets draw every frame); the surfaces
    returned must not be drawn on."""
    return list(_fit_lines(s, int(px), int(width), int(height), tuple(colour), bool(bold)))


@lru_cache(maxsize=512)
def _fit_lines(s: str, px: int, width: int, height: int, colour: tuple, bold: bool) -> tuple[pygame.Surface, ...]:
    return tuple(_fit_lines_now(s, px, width, height, colour, bold))


def _fit_lines_now(s, px, width, height, colour, bold) -> list[pygame.Surface]:
    size = int(px)
    while size >= px * 0.8:
        if T.width(s, size, bold) <= width:
            return [T.text(s, size, colour, bold)]
        size -= 1
    size = int(px * 0.9)
    while size >= px * 0.6:
        lines = T.wrap(s, size, width, bold)
        line_h = T.font(size, bold).get_linesize()
        if len(lines) <= 2 and len(lines) * line_h <= height and all(T.width(ln, size, bold) <= width
                                                                      for ln in lines):
            return [T.text(ln, size, colour, bold) for ln in lines]
        size -= 1
    return [T.fit_text(s, px, width, colour, bold)]


def blit_lines(surface: pygame.Surface, lines: list[pygame.Surface], **anchor) -> None:
    """Blit ``lines`` (from :func:`fit_lines`) one under the other, the block
    placed by one ``pygame.Rect`` keyword (``center=``, ``midleft=``...)."""
    block = pygame.Rect(0, 0, max(s.get_width() for s in lines), sum(s.get_height() for s in lines))
    setattr(block, *next(iter(anchor.items())))
    y = block.y
    for s in lines:
        r = s.get_rect(top=y)
        r.centerx = block.centerx
        if "midleft" in anchor or "topleft" in anchor or "left" in anchor:
            r.left = block.left
        surface.blit(s, r)
        y += s.get_height()


_pointer_epoch = [0]


def pointer_lost() -> None:
    """Forget every widget's hover: the pointer's place is unknown (a scene
    was pushed over or popped back to; the app calls this). A widget is
    hovered again on the next pointer motion over it."""
    _pointer_epoch[0] += 1


class PointerHover:
    """A ``hover`` attribute that reads False once :func:`pointer_lost` was
    called after it was set, so no widget stays lit under a pointer that
    has moved on in another scene."""

    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value, epoch = getattr(obj, self.slot, (False, 0))
        return value and epoch == _pointer_epoch[0]

    def __set__(self, obj, value) -> None:
        setattr(obj, self.slot, (bool(value), _pointer_epoch[0]))


class Widget:
    """Base: ``rect``, ``enabled``, ``focused``, ``hover`` (a
    :class:`PointerHover`); subclasses handle and draw."""

    hover = PointerHover()

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.focused = False
        self.hover = False
        self.visible = True

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def activate(self) -> None:
        """Enter/space on the focused widget."""

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused (other than focus moves); True when used."""
        return False

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        pass

    def ring_rect(self, theme) -> pygame.Rect:
        """Where the focus ring is drawn: 3 pixels round the widget, and a
        padding more to the left and right of one whose label starts at its
        left edge (a stepper's or a field's), so the ring never touches the
        label's first letter."""
        labelled = isinstance(self, (Stepper, TextField)) and bool(self.label)
        return self.rect.inflate(6 + (2 * max(2, theme.pad // 2) if labelled else 0), 6)

    def _focus_ring(self, surface, theme) -> None:
        if self.focused:
            pygame.draw.rect(surface, T.LEGAL, self.ring_rect(theme), 3, border_radius=theme.radius + 3)


class Button(Widget):
    """A rounded button with hover and pressed states; ``on_click()`` runs on
    release over the button (one click, one action)."""

    def __init__(self, label: str, on_click: Callable[[], None], role: str = "body", key_hint: str = ""):
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.role = role
        self.pressed = False
        self.key_hint = key_hint

    def handle(self, event) -> bool:
        if not (self.enabled and self.visible):
            self.pressed = self.hover = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        elif event.type == pygame.WINDOWLEAVE or event.type == pygame.WINDOWFOCUSLOST:
            self.pressed = self.hover = False
        return False

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.on_click()

    @property
    def text(self) -> str:
        """The label as shown: translated now (:func:`game.i18n.gettext`), so a
        label given as ``N_("...")`` follows a change of language at once."""
        return _(self.label)

    def draw(self, surface, theme) -> None:
        if not self.visible:
            return
        colour = (T.BUTTON_DISABLED if not self.enabled else T.BUTTON_DOWN if self.pressed
                  else T.BUTTON_HOVER if self.hover else T.BUTTON)
        r = self.rect.move(0, 1) if self.pressed else self.rect
        pygame.draw.rect(surface, colour, r, border_radius=theme.radius)
        pygame.draw.rect(surface, T.PANEL_EDGE if self.enabled else T.BUTTON_DISABLED, r, 1,
                         border_radius=theme.radius)
        lines = fit_lines(self.text, getattr(theme, self.role), r.width - 2 * theme.pad, r.height - 2,
                          T.TEXT if self.enabled else T.TEXT_DIM, bold=True)
        blit_lines(surface, lines, center=r.center)
        self._focus_ring(surface, theme)


class Stepper(Widget):
    """``label: < choice >``: click the arrows (or Left/Right when focused) to
    step through ``choices`` (shown with ``names``); ``on_change(value)``."""

    def __init__(self, label: str, choices: Sequence, value, names: Sequence[str] | None = None,
                 on_change: Callable | None = None):
        super().__init__()
        self.label = label
        self.choices = list(choices)
        self.names = list(names) if names is not None else [str(c) for c in self.choices]
        self.index = self.choices.index(value) if value in self.choices else 0
        self.on_change = on_change

    @property
    def value(self):
        return self.choices[self.index]

    def step(self, d: int) -> None:
        if not self.enabled:
            return
        self.index = (self.index + d) % len(self.choices)
        if self.on_change:
            self.on_change(self.value)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        h = self.rect.height
        right = pygame.Rect(self.rect.right - h, self.rect.y, h, h)
        if not self.label:  # no label: the value takes the whole width
            return pygame.Rect(self.rect.x, self.rect.y, h, h), right
        left = pygame.Rect(self.rect.centerx + self.rect.width // 8 - h // 2 - h, self.rect.y, h, h)
        return left, right

    def handle(self, event) -> bool:
        if not (self.enabled and self.visible):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            left, right = self._arrows()
            if left.collidepoint(event.pos):
                self.step(-1)
                return True
            if right.collidepoint(event.pos) or pygame.Rect(left.right, self.rect.y, right.left - left.right,
                                                            self.rect.height).collidepoint(event.pos):
                self.step(1)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            return True
        return False

    def activate(self) -> None:
        self.step(1)

    def key(self, event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def draw(self, surface, theme) -> None:
        if not self.visible:
            return
        left, right = self._arrows()
        colour = T.TEXT if self.enabled else T.TEXT_DIM
        label_w = left.left - self.rect.left - theme.pad
        if self.label:
            blit_lines(surface, fit_lines(_(self.label), theme.body, label_w, self.rect.height, colour),
                       midleft=(self.rect.left, self.rect.centery))
        for r, sign in ((left, "<"), (right, ">")):
            pygame.draw.rect(surface, T.BUTTON_HOVER if self.hover and self.enabled else T.BUTTON, r,
                             border_radius=theme.radius)
            s = T.text(sign, theme.body, colour, bold=True)
            surface.blit(s, s.get_rect(center=r.center))
        mid = pygame.Rect(left.right, self.rect.y, right.left - left.right, self.rect.height)
        blit_lines(surface, fit_lines(_(self.names[self.index]), theme.body, mid.width - theme.pad, mid.height,
                                      colour, bold=True), center=mid.center)
        self._focus_ring(surface, theme)


class TextField(Widget):
    """A one-line text field (a player's name, a path): click or focus to
    type; ``max_len`` characters: typing or pasting stops there and
    ``on_full(max_len)`` is called (to say so); ``on_change(text)``. Ctrl+A
    selects all the text (the next key typed or text pasted replaces it,
    Backspace or Delete clears it). Ctrl+V, Shift+Insert and Cmd+V paste
    the clipboard (:func:`scenes.core.clipboard.current`) as one line. Text
    being composed in an input method (``TEXTEDITING``: Chinese, Japanese,
    Korean...) shows underlined after the text until it is committed
    (``TEXTINPUT``). While the text is longer than the box, its end (where
    one types) is shown."""

    def __init__(self, label: str, value: str, max_len: int = 16, on_change: Callable | None = None,
                 on_full: Callable[[int], None] | None = None):
        super().__init__()
        self.label = label
        self.value = value
        self.max_len = max_len
        self.on_change = on_change
        self.on_full = on_full
        self.selected = False
        self.composing = ""
        """The text an input method is composing, not yet part of ``value``
        (dropped when the field loses the focus)."""

    @property
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, value: bool) -> None:
        self._focused = bool(value)
        if not value:
            self.composing = ""

    def handle(self, event) -> bool:
        if not (self.enabled and self.visible):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.selected = False
            return True
        if event.type == pygame.TEXTEDITING and self.focused:
            if not self.composing:  # a composition starts: its candidate window goes by the field
                pygame.key.set_text_input_rect(self.rect)
            self.composing = "".join(ch for ch in event.text if ch.isprintable())
            return True
        if event.type == pygame.TEXTINPUT and self.focused:
            self.composing = ""
            self.insert("".join(ch for ch in event.text if ch.isprintable()))
            return True
        return False

    def insert(self, text: str) -> None:
        """Add ``text`` at the end (in place of the whole text while it is
        selected), cut at ``max_len`` (``on_full`` is told)."""
        base = "" if self.selected else self.value
        self.selected = False
        if len(base) + len(text) > self.max_len and self.on_full:
            self.on_full(self.max_len)
        self._set((base + text)[: self.max_len])

    def _set(self, value: str) -> None:
        self.value = value
        if self.on_change:
            self.on_change(value)

    @staticmethod
    def is_paste(event) -> bool:
        """Whether the key ``event`` asks to paste: Ctrl+V, Cmd+V (macOS's
        Command is pygame's META/GUI) or Shift+Insert."""
        if event.key == pygame.K_v:
            return bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        return event.key == pygame.K_INSERT and bool(event.mod & pygame.KMOD_SHIFT)

    def key(self, event) -> bool:
        if self.composing:  # the input method has the keys (Enter, Backspace, Esc) until it commits or cancels
            return True
        if self.is_paste(event):
            text = pasted(clipboard.current().get_text())
            if text:
                self.insert(text)
            return True
        if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.selected = bool(self.value)
            return True
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selected:
            self.selected = False
            self._set("")
            return True
        if event.key == pygame.K_BACKSPACE:
            self._set(self.value[:-1])
            return True
        if event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
            self.selected = False
        return event.key not in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE,
                                 pygame.K_RETURN, pygame.K_KP_ENTER)

    def shown_text(self, room: int, theme) -> str:
        """The text as drawn in ``room`` pixels (with the text being composed
        after it): all of it, or (too long) its end after "…", so the
        characters being typed are always in view."""
        shown = ("" if self.selected and self.composing else self.value) + self.composing
        if T.width(shown + "|", theme.body) > room:
            while shown and T.width("…" + shown + "|", theme.body) > room:
                shown = shown[1:]
            shown = "…" + shown
        return shown

    def draw(self, surface, theme) -> None:
        if not self.visible:
            return
        if self.label:
            box = pygame.Rect(self.rect.centerx - self.rect.width // 8 - self.rect.height * 2, self.rect.y,
                              0, self.rect.height)
            box.width = self.rect.right - box.x
            blit_lines(surface, fit_lines(_(self.label), theme.body, box.left - self.rect.left - theme.pad,
                                          self.rect.height, T.TEXT), midleft=(self.rect.left, self.rect.centery))
        else:
            box = self.rect.copy()
        # a field that takes no typing now (the Host page's port once the table is open) does not look editable
        pygame.draw.rect(surface, (250, 250, 244) if self.enabled else T.BUTTON_DISABLED, box,
                         border_radius=theme.radius)
        s = T.text(self.shown_text(box.width - 2 * theme.pad, theme), theme.body,
                   T.TEXT_DARK if self.enabled else T.TEXT_DIM)
        at = (box.x + theme.pad, box.centery - s.get_height() // 2)
        composing = self.composing
        if self.selected and not composing:
            pygame.draw.rect(surface, (170, 200, 250), (at[0], at[1], s.get_width(), s.get_height()))
        surface.blit(s, at)
        if composing:  # underlined, as input methods show text not yet committed
            w = min(s.get_width(), T.width(composing, theme.body))
            y = at[1] + s.get_height() - max(1, theme.body // 10)
            pygame.draw.line(surface, T.TEXT_DARK, (at[0] + s.get_width() - w, y), (at[0] + s.get_width(), y),
                             max(1, theme.body // 12))
        if self.focused and self.enabled:
            caret = T.text("|", theme.body, T.TEXT_DARK)
            surface.blit(caret, (at[0] + s.get_width(), at[1]))
        self._focus_ring(surface, theme)


class FocusRing:
    """Keyboard focus over ``widgets`` in order: Tab/Down next, Shift+Tab/Up
    previous, Enter/space activates; keys go to the focused widget first."""

    def __init__(self, widgets: Sequence[Widget]):
        self.widgets = list(widgets)
        self.index = -1

    def set(self, widgets: Sequence[Widget]) -> None:
        focused = self.focused
        self.widgets = list(widgets)
        self.index = self.widgets.index(focused) if focused in self.widgets else -1
        self._mark()

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    def _mark(self) -> None:
        for i, w in enumerate(self.widgets):
            w.focused = i == self.index

    def move(self, d: int) -> None:
        usable = [i for i, w in enumerate(self.widgets) if w.enabled and w.visible]
        if not usable:
            return
        if self.index not in usable:
            self.index = usable[0] if d > 0 else usable[-1]
        else:
            self.index = usable[(usable.index(self.index) + d) % len(usable)]
        self._mark()

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.index = self.widgets.index(widget)
            self._mark()

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, w in enumerate(self.widgets):
                if w.visible and w.rect.collidepoint(event.pos):
                    self.index = i
                    self._mark()
                    break
        for w in self.widgets:
            if w.handle(event):
                return True
        if event.type != pygame.KEYDOWN:
            return False
        w = self.focused
        if w is not None and w.key(event):
            return True
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and w is not None:
            w.activate()
            return True
        return False

    def draw(self, surface, theme) -> None:
        for w in self.widgets:
            w.draw(surface, theme)


def free_span(row: pygame.Rect, covers: Sequence[pygame.Rect], prefer_x: int | None = None,
              gap: int = 0) -> pygame.Rect:
    """The widest part of ``row`` (a screen rect, pixels) that no rect of
    ``covers`` (panels drawn over it: the status panel, the game log)
    overlaps: ``row`` narrowed to one gap between the covers that cross its
    height. Gaps of the same width go to the one nearest ``prefer_x`` (default:
    the row's centre); ``gap`` pixels are kept free beside each cover. A row with no gap at all gives a zero-width rect at its
    left edge; never raises."""
    prefer = row.centerx if prefer_x is None else prefer_x
    blocked = sorted((max(row.left, c.left - gap), min(row.right, c.right + gap)) for c in covers
                     if c.width > 0 and c.height > 0 and c.top < row.bottom and c.bottom > row.top
                     and c.left < row.right and c.right > row.left)
    gaps, x = [], row.left
    for left, right in blocked:
        if left > x:
            gaps.append((x, left))
        x = max(x, right)
    if x < row.right:
        gaps.append((x, row.right))
    if not gaps:
        return pygame.Rect(row.left, row.top, 0, row.height)
    left, right = max(gaps, key=lambda g: (g[1] - g[0], -abs((g[0] + g[1]) // 2 - prefer)))
    return pygame.Rect(left, row.top, right - left, row.height)


def place_in(box: pygame.Rect, span: pygame.Rect, center_x: int) -> pygame.Rect:
    """``box`` (a copy) centred on ``center_x`` as nearly as it can be while
    inside ``span`` horizontally (a box wider than ``span`` starts at its left edge)."""
    out = pygame.Rect(box)
    out.centerx = center_x
    if out.right > span.right:
        out.right = span.right
    if out.left < span.left:
        out.left = span.left
    return out
