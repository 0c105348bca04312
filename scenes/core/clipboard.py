"""The clipboard, behind one small replaceable object: text fields paste
from it and the game-over screen copies the deal code to it.

:func:`current` is what :class:`scenes.core.widgets.TextField` pastes from
(Ctrl+V, Shift+Insert, Cmd+V): by default :class:`SystemClipboard`, the
desktop's clipboard through pygame-ce's ``pygame.scrap.get_text`` (SDL's
clipboard; it needs a window, and the dummy video driver has none, so it
reads as empty there). :func:`use` puts another object with the same
``get_text`` and ``put_text`` in its place (tests use :class:`MemoryClipboard`)
and returns the one it replaced.
"""

from __future__ import annotations

import logging
from typing import Protocol

import pygame

log = logging.getLogger("rummy500.clipboard")


class Clipboard(Protocol):
    """Where pasted text comes from."""

    def get_text(self) -> str:
        """The text on the clipboard, ``""`` when there is none (never raises)."""

    def put_text(self, text: str) -> bool:
        """Put ``text`` on the clipboard; False when it could not be copied (never raises)."""


class SystemClipboard:
    """The desktop's clipboard (``pygame.scrap.get_text``/``put_text``, SDL's
    clipboard functions: no ``pygame.scrap.init`` needed). Empty, and logged
    once, where the video driver has no clipboard or no window is open."""

    def __init__(self) -> None:
        self._warned = False

    def _failed(self, what: str, exc: BaseException) -> None:
        if not self._warned:
            self._warned = True
            log.warning("the clipboard cannot be %s: %s", what, exc)

    def get_text(self) -> str:
        try:
            text = pygame.scrap.get_text()
        except (pygame.error, AttributeError, UnicodeError) as exc:
            self._failed("read", exc)
            return ""
        return text if isinstance(text, str) else ""

    def put_text(self, text: str) -> bool:
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError, UnicodeError) as exc:
            self._failed("written", exc)
            return False
        return True


class MemoryClipboard:
    """A clipboard held in this process (tests, or where the system has
    none); ``fail=True`` refuses every copy."""

    def __init__(self, text: str = "", fail: bool = False) -> None:
        self.text = text
        self.fail = fail

    def get_text(self) -> str:
        return self.text

    def put_text(self, text: str) -> bool:
        if self.fail:
            return False
        self.text = text
        return True


_current: Clipboard = SystemClipboard()


def current() -> Clipboard:
    """The clipboard text fields paste from now."""
    return _current


def use(clipboard: Clipboard) -> Clipboard:
    """Paste from ``clipboard`` from now on; returns the one it replaces."""
    global _current
    old, _current = _current, clipboard
    return old


def pasted(text: str) -> str:
    """Clipboard ``text`` as one line for a text field: line breaks and tabs
    become spaces, other characters that are not printable are dropped, and
    the ends are trimmed (a path copied from a file manager or a terminal
    often ends in a line break)."""
    one_line = " ".join(text.replace("\t", " ").splitlines())
    return "".join(ch for ch in one_line if ch.isprintable()).strip()
