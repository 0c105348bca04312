"""The field: computer players with a style of their own (issue 25).

Each is a way people really play, and each is honest like the levels: it
sees only a :class:`~game.rules.view.PlayerView` and is seeded per decision
(:meth:`game.ai.base.AIPlayer.begin_decision`). They are opponents to
measure the levels against (``benchmarks/ai_strength.py``,
``rummy500 tournament``); :func:`game.ai.make_ai` builds any of them by
name (:data:`STYLES`).
"""

from __future__ import annotations

from game.ai.field.styles import (CautiousAI, EarlyMelderAI, HoarderAI, LayOffHunterAI, PileTakerAI, RandomAI,
                                  RummyCallerAI)

STYLE_CLASSES = {cls.level: cls for cls in (HoarderAI, EarlyMelderAI, PileTakerAI, LayOffHunterAI,
                                            RummyCallerAI, CautiousAI, RandomAI)}
"""Each style's name (as ``--ai`` takes it) and its class."""

STYLES = tuple(STYLE_CLASSES)
"""The style names: ``hoarder``, ``early-melder``, ``pile-taker``,
``lay-off-hunter``, ``rummy-caller``, ``cautious``, ``random``."""

__all__ = ["STYLES", "STYLE_CLASSES", "CautiousAI", "EarlyMelderAI", "HoarderAI", "LayOffHunterAI",
           "PileTakerAI", "RandomAI", "RummyCallerAI"]
