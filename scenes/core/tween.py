"""Easing functions and tweens advanced by ``update(dt)``.

Durations are seconds. :data:`SPEEDS` maps the speed setting to the factor
that scales every duration (``instant`` is 0: things jump to their end).
Reduced motion (a setting) replaces card moves with short fades in place
(:data:`FADE_S`) and makes cards that spring back jump home instead.
"""

from __future__ import annotations

import math

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
"""Speed setting -> duration factor (look-and-feel.md: slow x1.6, fast x0.5)."""

MOVE_S = 0.28      # a card move (220-320 ms)
DEAL_S = 0.09      # per card dealt (80-110 ms)
FLIP_S = 0.18
AI_PACE_S = 0.6    # an AI action at normal speed
FADE_S = 0.16      # reduced motion: a card fades in where it lands, instead of moving


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: card moves."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """A small overshoot: cards springing back after an illegal drop."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """A value going from ``start`` to ``end`` (numbers or tuples of numbers)
    over ``duration`` seconds after ``delay`` seconds, shaped by ``ease``.
    ``value`` is the current value; ``done`` once it reached ``end``."""

    def __init__(self, start, end, duration: float, ease=ease_out_cubic, delay: float = 0.0):
        self.start, self.end = start, end
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0

    @property
    def progress(self) -> float:
        """0..1 after the delay (1 when the duration is 0)."""
        if self.elapsed <= self.delay:
            return 0.0 if self.duration > 0 or self.elapsed < self.delay else 1.0
        if self.duration <= 0:
            return 1.0
        return min(1.0, (self.elapsed - self.delay) / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def value(self):
        t = self.ease(self.progress)
        if isinstance(self.start, tuple):
            return tuple(lerp(a, b, t) for a, b in zip(self.start, self.end))
        return lerp(self.start, self.end, t)

    def update(self, dt: float) -> None:
        self.elapsed += max(0.0, dt)

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration


def flip_scale(t: float) -> float:
    """The horizontal scale of a card flipping at progress ``t`` (1 -> 0 -> 1)."""
    return abs(math.cos(math.pi * t))
