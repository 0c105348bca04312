"""The base class of every scene (the state-stack pattern of ``shared/design.md``).

Each scene has ``enter(...)`` (its own typed keyword arguments), ``exit()``,
``on_cover()`` / ``on_uncover()`` (another scene pushed on top of it, and
popped again), ``handle_event(event) -> bool``, ``update(dt)`` and a
side-effect-free ``draw(surface)``. :class:`scenes.core.stack.SceneStack` keeps
them and :class:`scenes.core.app.App` calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import theme as T

if TYPE_CHECKING:
    from scenes.core.app import App

__all__ = ["Scene", "MAX_DT"]

MAX_DT = 0.1  # seconds: the longest step a frame may take


class Scene:
    """Base class of scenes. ``opaque`` scenes hide the ones below; a
    dialog sets it False and is drawn over the scene beneath it."""

    opaque = True
    fps = 60  # frames a second this scene needs (still menus ask for fewer)
    covered = False  # another scene is on top of this one (kept by on_cover / on_uncover)

    def __init__(self, app: "App"):
        self.app = app

    @property
    def theme(self) -> T.Theme:
        return self.app.theme

    def enter(self) -> None:
        """Called when pushed (a scene that takes arguments declares them as
        keyword parameters of its own ``enter``; the push passes them on)."""

    def exit(self) -> None:
        """Called when popped or replaced."""

    def on_cover(self) -> None:
        """Another scene was pushed on top of this one: it no longer gets
        events or updates until :meth:`on_uncover`. Subclasses that
        override it call ``super().on_cover()``."""
        self.covered = True

    def on_uncover(self) -> None:
        """The scene on top of this one was popped: this one is on top again."""
        self.covered = False

    def resize(self) -> None:
        """The window changed size: lay out again from ``self.theme``."""

    def notice_area(self) -> pygame.Rect | None:
        """Where the app's notices (:meth:`App.notify`, the F12 notice) may go
        on this scene, in pixels: they stack from its top, centred and
        wrapped to its width, so they cover no panel of the scene. ``None``
        (the default): the top of the window, over the heading."""
        return None

    def language_changed(self) -> None:
        """The language changed (:meth:`App.set_language`): rebuild any text
        kept from before. Widget labels given as ``N_()`` follow by themselves;
        by default the scene is laid out again (text wrapped and measured in
        :meth:`resize` is redone)."""
        self.resize()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event; True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (capped at :data:`MAX_DT`)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change any state."""
