"""Computer opponents: Easy, Medium and Hard, each seeing only a ``PlayerView``.

``make_ai(level, seed)`` builds one; :mod:`game.play.all_computer` is the referee that
lets AI seats play (Rummy calls first, then the seat to move).
"""

from __future__ import annotations

from game.ai.base import AIPlayer
from game.ai.easy import EasyAI
from game.ai.medium import MediumAI
from game.ai.hard import HardAI

LEVELS = ("easy", "medium", "hard")
HINT_LEVELS = ("medium", "hard")
"""The levels the table's Hint may ask (Settings' ``hint_level``), Medium first: the default."""


def make_ai(level: str, seed: int | None = None, **options) -> AIPlayer:
    """An AI of ``level`` (``"easy"``, ``"medium"`` or ``"hard"``) with its own
    seeded random generator. Raises ``ValueError`` for an unknown level."""
    level = level.lower()
    if level == "easy":
        return EasyAI(seed)
    if level == "medium":
        return MediumAI(seed)
    if level == "hard":
        return HardAI(seed, **options)
    raise ValueError(f"unknown AI level {level!r} (use {', '.join(LEVELS)})")
