"""Computer opponents: Easy, Medium and Hard, each seeing only a ``PlayerView``.

``make_ai(level, seed)`` builds one; :mod:`game.match` is the referee that
lets AI seats play (Rummy calls first, then the seat to move).
"""

from __future__ import annotations

from .base import AIPlayer

LEVELS = ("easy", "medium", "hard")


def make_ai(level: str, seed: int | None = None, **options) -> AIPlayer:
    """An AI of ``level`` (``"easy"``, ``"medium"`` or ``"hard"``) with its own
    seeded random generator. Raises ``ValueError`` for an unknown level."""
    level = level.lower()
    if level == "easy":
        from .easy import EasyAI
        return EasyAI(seed)
    if level == "medium":
        from .medium import MediumAI
        return MediumAI(seed)
    if level == "hard":
        from .hard import HardAI
        return HardAI(seed, **options)
    raise ValueError(f"unknown AI level {level!r} (use {', '.join(LEVELS)})")
