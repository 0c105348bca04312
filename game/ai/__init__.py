"""Computer opponents: the levels Easy, Medium and Hard, and the field of
styles (:mod:`game.ai.field`), each seeing only a ``PlayerView``.

``make_ai(name, seed)`` builds one; :mod:`game.play.all_computer` is the referee that
lets AI seats play (Rummy calls first, then the seat to move). Hard models
its opponents' styles from their public play (:mod:`game.ai.opponents`).
"""

from __future__ import annotations

from game.ai.base import AIPlayer
from game.ai.easy import EasyAI
from game.ai.medium import MediumAI
from game.ai.hard import HardAI
from game.ai.field import STYLE_CLASSES, STYLES

LEVELS = ("easy", "medium", "hard")
"""The levels: what plays for a person at the table (Your seat, the hint)
and stands in for a guest away; opponents may also be styles (:data:`PLAYERS`)."""

PLAYERS = LEVELS + STYLES
"""Every computer player :func:`make_ai` builds: the levels, then the styles."""


def player_key(text: str) -> str:
    """The key of a computer player (a level or a style) as a person may
    write it: case and spaces around it ignored, and the words of a style's
    name joined as the key joins them ("Lay-off hunter" and "lay off
    hunter" are ``"lay-off-hunter"``). The key of anything else is made the
    same way; it is for the caller to check it."""
    return "-".join(text.lower().split())


FIELD = ("easy", "medium") + STYLES
"""The field Hard is measured against (issue 25): every player but Hard."""

HINT_LEVELS = ("medium", "hard")
"""The levels the table's Hint may ask (Settings' ``hint_level``), Medium first: the default."""


def make_ai(level: str, seed: int | None = None, **options) -> AIPlayer:
    """The AI called ``level`` (one of :data:`PLAYERS`: ``"easy"``,
    ``"medium"``, ``"hard"`` or a style such as ``"hoarder"``) with its own
    seeded random generator; ``options`` go to Hard. Raises ``ValueError``
    for an unknown name."""
    level = level.lower()
    if level == "easy":
        return EasyAI(seed)
    if level == "medium":
        return MediumAI(seed)
    if level == "hard":
        return HardAI(seed, **options)
    if level in STYLE_CLASSES:
        return STYLE_CLASSES[level](seed)
    raise ValueError(f"unknown AI level {level!r} (use {', '.join(PLAYERS)})")
