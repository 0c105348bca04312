"""The clipboard, behind one small replaceable object.

:func:`clipboard` returns the one in use: by default :class:`SystemClipboard`
(pygame-ce's ``pygame.scrap.put_text`` / ``get_text``, SDL's clipboard, which
needs the window to be open); tests and other platforms swap in another with
:func:`use` (:class:`MemoryClipboard` keeps the text in memory). Every caller
(copying a deal code, pasting into a text field) goes through it, so this is
the only place that knows how the system's clipboard is reached.
"""

from __future__ import annotations

import logging
from typing import Protocol

import pygame

log = logging.getLogger("rummy500.clipboard")


class Clipboard(Protocol):
    """Text in and out of a clipboard: ``put_text`` returns False when the
    text could not be copied; ``get_text`` returns ``""`` when there is none."""

    def put_text(self, text: str) -> bool: ...

    def get_text(self) -> str: ...


class SystemClipboard:
    """The system's clipboard through pygame-ce (SDL)."""

    def put_text(self, text: str) -> bool:
        """Copy ``text``; False (and a line in the log) when the system refuses."""
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError) as exc:
            log.warning("could not copy to the clipboard: %s", exc)
            return False
        return True

    def get_text(self) -> str:
        """The clipboard's text, ``""`` when it holds none or can't be read."""
        try:
            return pygame.scrap.get_text() or ""
        except (pygame.error, AttributeError) as exc:
            log.warning("could not read the clipboard: %s", exc)
            return ""


class MemoryClipboard:
    """A clipboard that keeps its text in memory (tests); ``fail=True`` refuses every copy."""

    def __init__(self, text: str = "", fail: bool = False):
        self.text = text
        self.fail = fail

    def put_text(self, text: str) -> bool:
        """Keep ``text`` unless this clipboard was made to fail."""
        if self.fail:
            return False
        self.text = text
        return True

    def get_text(self) -> str:
        """The text kept."""
        return self.text


_current: list[Clipboard] = [SystemClipboard()]


def clipboard() -> Clipboard:
    """The clipboard in use."""
    return _current[0]


def use(board: Clipboard) -> Clipboard:
    """Use ``board`` from now on; returns the one it replaces (to put back)."""
    old = _current[0]
    _current[0] = board
    return old
