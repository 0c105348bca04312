"""The scene stack: the scenes open, bottom to top (the state-stack pattern
of ``shared/design.md``).

The window (:class:`scenes.core.app.App`) holds one :class:`SceneStack`
and hands the top scene its events, updates and draws; pushing a scene
covers the one below it, popping uncovers it. The stack knows nothing of
the window, the settings or any concrete scene.
"""

from __future__ import annotations

import gc
from typing import Iterator

from scenes.core.scene import Scene
from scenes.core.widgets import pointer_lost

__all__ = ["SceneStack"]


class SceneStack:
    """The open scenes, bottom (``stack[0]``, usually the title) to top
    (``stack[-1]``, the one that gets the events). Iterating goes bottom to
    top; ``len(stack)``, ``scene in stack`` and ``stack[i]`` work as on a list."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.popped: list[Scene] = []  # scenes left, emptied at the next frame (release_popped)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self.scenes))  # a copy: a scene may push or pop while the stack is walked

    def __len__(self) -> int:
        return len(self.scenes)

    def __getitem__(self, index: int) -> Scene:
        return self.scenes[index]

    def __contains__(self, scene: object) -> bool:
        return any(s is scene for s in self.scenes)

    @property
    def top(self) -> Scene | None:
        """The scene on top, which gets the events, or ``None`` when the stack is empty."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, **kwargs) -> Scene:
        """Put ``scene`` on top: the one below is told it is covered, then
        ``scene.enter(**kwargs)`` (the scene's own keyword parameters) and
        ``scene.resize()``. Returns ``scene``."""
        pointer_lost()  # hover belongs to the scene the pointer last moved in
        below = self.top
        self.scenes.append(scene)
        if below is not None:
            below.on_cover()
        scene.enter(**kwargs)
        scene.resize()
        return scene

    def pop(self) -> Scene | None:
        """Take the top scene off (``exit()`` is called) and tell the one
        below that it is uncovered; returns the popped scene or ``None``."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        self.popped.append(scene)
        pointer_lost()
        if self.scenes:
            self.scenes[-1].on_uncover()
        return scene

    def remove_top(self) -> Scene:
        """Take the top scene off without telling it or the one below
        (the crash handler, :mod:`scenes.core.crash`, closes each scene itself,
        guarding every ``exit()``). Raises ``IndexError`` when the stack is empty."""
        return self.scenes.pop()

    def replace(self, scene: Scene, **kwargs) -> Scene:
        """Pop the top scene and push ``scene`` (with its keyword arguments)."""
        self.pop()
        return self.push(scene, **kwargs)

    def pop_to(self, kind: type) -> None:
        """Pop scenes until one of class ``kind`` is on top (or none is left)."""
        while self.scenes and not isinstance(self.scenes[-1], kind):
            self.pop()

    def topmost(self, kind: type) -> Scene | None:
        """The topmost scene of class ``kind``, or ``None``."""
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)

    def drawn(self) -> list[Scene]:
        """The scenes to draw, bottom to top: from the topmost opaque scene up
        (a dialog is drawn over the scene beneath it)."""
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        return self.scenes[max(0, start):]

    def release_popped(self) -> None:
        """Free the scenes popped since the last frame (not pushed again):
        their buttons, controllers and panels point back at them, so a
        finished table (40-50 MB a game) would otherwise live on until the
        next full garbage collection, which may be many games away. One full
        collection when a table has gone frees every such cycle at once
        (tens of milliseconds, at a scene change). The scenes themselves are
        left whole, so code still holding one never meets a half-emptied
        object. Called at the start of every frame."""
        gone = [s for s in self.popped if s not in self]
        self.popped.clear()
        if any(getattr(s, "frees_memory", False) for s in gone):
            del gone
            gc.collect()
