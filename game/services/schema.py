"""One declarative schema check for every value read from disk.

Pure standard library (no pygame, no third-party validator: the checks are
small, the frozen build stays as it is, and a rule the game needs, such as
"a name the font can draw", is one function here rather than a plug-in of a
library). A schema is built from the specs below; :func:`check` walks a
decoded JSON value against it, *for every nested key*, and returns the
usable value and the dotted paths of what had to be dropped::

    SCHEMA = Obj({"speed": Choice(("slow", "normal")), "last_setup": Obj({"players": Int(2, 8)})})
    value, dropped = check(SCHEMA, {"speed": 3, "last_setup": {"players": [1]}})
    # value == {"last_setup": {}}; dropped == ["speed", "last_setup.players"]

A key whose value does not fit its spec is *left out* of the result (the
reader then uses its default) and named in ``dropped``; so a bad value is
never written back. Keys a schema does not name are kept as they are
(``Obj(..., keep_unknown=True)``, the default), so a newer program's keys
survive. Every string is checked with :func:`clean_text`: printable
characters only (no NUL, no control characters, no lone surrogates, which
the font refuses), trimmed, at most a given length: the same rule as the
New game form's name fields.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = ["Bad", "Spec", "Bool", "Int", "Float", "Choice", "Text", "ListOf", "Pair", "Obj", "Custom",
           "check", "clean_text", "MAX_DEPTH"]

MAX_DEPTH = 64
"""Deepest nesting :func:`check` follows; deeper values are dropped (no RecursionError)."""


class Bad(ValueError):
    """A value that does not fit its spec (raised by a spec, caught by :func:`check`)."""


def clean_text(value: Any, max_len: int, *, strip: bool = True) -> str | None:
    """``value`` as text a player can read and the font can draw, or ``None``.

    Characters that are not printable (``str.isprintable``: control
    characters, NUL, lone surrogates such as ``"\\ud800"``, line breaks) are
    removed, the ends trimmed of spaces (``strip``), and the result cut to
    ``max_len`` characters. ``None`` when ``value`` is not a ``str`` or
    nothing readable is left. The New game form's name fields keep the same
    characters (``scenes/screens/setup.py``)."""
    if not isinstance(value, str):
        return None
    text = "".join(ch for ch in value if ch.isprintable())
    if strip:
        text = text.strip()
    text = text[:max_len]
    return text or None


class Spec:
    """A rule for one value: :meth:`parse` returns the value to keep or raises :class:`Bad`."""

    def parse(self, value: Any, path: str, dropped: list[str], depth: int) -> Any:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True)
class Bool(Spec):
    """``true`` or ``false`` (not 0/1)."""

    def parse(self, value, path, dropped, depth):
        if not isinstance(value, bool):
            raise Bad(path)
        return value


@dataclass(frozen=True)
class Int(Spec):
    """A whole number (not a bool) from ``lo`` to ``hi`` (``None``: no bound)."""

    lo: int | None = None
    hi: int | None = None

    def parse(self, value, path, dropped, depth):
        if not isinstance(value, int) or isinstance(value, bool):
            raise Bad(path)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise Bad(path)
        return value


@dataclass(frozen=True)
class Float(Spec):
    """A finite number from ``lo`` to ``hi``, returned as ``float``."""

    lo: float
    hi: float

    def parse(self, value, path, dropped, depth):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise Bad(path)
        value = float(value)
        if not (math.isfinite(value) and self.lo <= value <= self.hi):
            raise Bad(path)
        return value


@dataclass(frozen=True)
class Choice(Spec):
    """One of ``choices`` (strings)."""

    choices: tuple

    def parse(self, value, path, dropped, depth):
        if not isinstance(value, str) or value not in self.choices:
            raise Bad(path)
        return value


@dataclass(frozen=True)
class Text(Spec):
    """Text cleaned by :func:`clean_text` to at most ``max_len`` characters;
    bad when nothing readable is left."""

    max_len: int

    def parse(self, value, path, dropped, depth):
        text = clean_text(value, self.max_len)
        if text is None:
            raise Bad(path)
        return text


@dataclass(frozen=True)
class ListOf(Spec):
    """A list of at most ``max_len`` items, each fitting ``item``; one bad
    item makes the whole list bad (positions mean seats, so none may shift)."""

    item: Spec
    max_len: int

    def parse(self, value, path, dropped, depth):
        if not isinstance(value, list) or len(value) > self.max_len:
            raise Bad(path)
        inner: list[str] = []
        out = [_parse(self.item, v, f"{path}[{i}]", inner, depth + 1) for i, v in enumerate(value)]
        if inner:
            raise Bad(path)
        return out


@dataclass(frozen=True)
class Pair(Spec):
    """Two whole numbers, each within ``lo``..``hi``, as a tuple (a window
    size). With ``raise_low`` a positive number below its ``lo`` is raised
    to ``lo`` instead of being bad."""

    lo: tuple[int, int]
    hi: tuple[int, int]
    raise_low: bool = False

    def parse(self, value, path, dropped, depth):
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise Bad(path)
        if self.raise_low:
            value = [max(lo, v) if isinstance(v, int) and not isinstance(v, bool) and v > 0 else v
                     for v, lo in zip(value, self.lo)]
        return tuple(Int(lo, hi).parse(v, path, dropped, depth) for v, lo, hi in zip(value, self.lo, self.hi))


@dataclass(frozen=True)
class Custom(Spec):
    """A value checked by ``fn(value)``, which returns the value to keep or
    raises ``ValueError``/``TypeError`` (e.g. a rule set)."""

    fn: Callable[[Any], Any]

    def parse(self, value, path, dropped, depth):
        try:
            return self.fn(value)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            raise Bad(path) from exc


@dataclass(frozen=True)
class Obj(Spec):
    """A JSON object. Each key named in ``fields`` is checked by its spec and
    left out when bad (named in ``dropped``, the others kept); keys not named
    are kept as read when ``keep_unknown``, else dropped silently. The
    object is bad as a whole when a key of ``required`` is missing or bad."""

    fields: dict[str, Spec] = field(default_factory=dict)
    keep_unknown: bool = True
    required: tuple = ()

    def parse(self, value, path, dropped, depth):
        if not isinstance(value, dict):
            raise Bad(path)
        out: dict[str, Any] = {}
        for key, item in value.items():
            spec = self.fields.get(key)
            where = f"{path}.{key}" if path else str(key)
            if spec is None:
                if self.keep_unknown:
                    out[key] = item
                continue
            try:
                out[key] = _parse(spec, item, where, dropped, depth + 1)
            except Bad:
                if key in self.required:
                    raise
                dropped.append(where)
        if any(k not in out for k in self.required):
            raise Bad(path)
        return out


def _parse(spec: Spec, value: Any, path: str, dropped: list[str], depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise Bad(path)
    return spec.parse(value, path, dropped, depth)


def check(spec: Spec, value: Any) -> tuple[Any, list[str]]:
    """``(usable value, dropped paths)`` for ``value`` read from disk.

    For an :class:`Obj` the result is a ``dict`` holding only the keys that
    fit (a bad nested key is left out, its parents kept); ``dropped`` lists
    the dotted paths left out (``"last_setup.profile"``), in file order.
    Raises :class:`Bad` only when the top value itself does not fit."""
    dropped: list[str] = []
    return _parse(spec, value, "", dropped, 0), dropped
