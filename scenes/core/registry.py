"""The scene registry: scenes made by key, so that no layer imports the one above it.

``scenes.core`` (the app, the menus' base classes, dialogs) never imports a
concrete screen or the table, and ``scenes.table`` and ``scenes.screens`` never
import each other: each asks for a scene by its key (``"title"``, ``"table"``,
``"hand_results"`` ...) and :mod:`scenes.launch`, on top of everything, says
which class each key makes (:func:`register`). A file dropped on the window
goes to the scene registered for its kind (:func:`register_drop`).

Pure bookkeeping; it imports nothing of ours (a ``"module:Class"`` target is
imported by name when first used).
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable

__all__ = ["register", "scene_class", "loaded", "register_drop", "drop_handler", "UnknownScene"]

_SCENES: dict[str, type | str] = {}
_DROPS: dict[str, Callable[..., Any]] = {}


class UnknownScene(KeyError):
    """No scene is registered under the key asked for (``scenes.launch`` registers them all)."""


def register(key: str, target: type | str) -> type | str:
    """Make ``key`` (a short name such as ``"table"``) stand for a scene class:
    the class itself, or ``"module:Class"`` (``"scenes.table.scene:TableScene"``),
    imported the first time the key is used, so the program starts without
    loading every screen. Returns ``target``. Registering a key again replaces
    it (tests)."""
    _SCENES[key] = target
    return target



def scene_class(key: str) -> type:
    """The scene class registered for ``key``. Raises :class:`UnknownScene`."""
    try:
        target = _SCENES[key]
    except KeyError:
        raise UnknownScene(f"no scene is registered as {key!r} (scenes.launch registers every scene)") from None
    if isinstance(target, str):
        module, _sep, name = target.partition(":")
        target = _SCENES[key] = getattr(importlib.import_module(module), name)
    return target


def loaded(key: str) -> type | None:
    """The class of ``key`` if its module has been imported already, else
    ``None`` (a scene of a class never imported cannot be on the stack)."""
    target = _SCENES.get(key)
    if isinstance(target, str):
        module, _sep, name = target.partition(":")
        if module not in sys.modules:
            return None
        target = _SCENES[key] = getattr(sys.modules[module], name)
    return target



def register_drop(kind: str, handler: Callable[..., Any]) -> None:
    """The scene that takes a dropped file of ``kind`` (``"rules"``):
    ``handler(app, path)`` opens it there."""
    _DROPS[kind] = handler


def drop_handler(kind: str) -> Callable[..., Any] | None:
    """The handler registered for dropped files of ``kind``, or ``None``."""
    return _DROPS.get(kind)
