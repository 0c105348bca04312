"""The AI player interface.

An :class:`AIPlayer` sees only a :class:`~game.view.PlayerView` and returns
an action; :mod:`game.match` is the referee that asks it.
"""

from __future__ import annotations

import random

from ..actions import Action, CallRummy
from ..view import PlayerView


class AIPlayer:
    """Base class of the computer players.

    ``choose(view)`` is called when ``view.seat`` is to draw or play and
    returns one action for that seat. ``call_rummy(view)`` is called after
    another seat's discard while a Rummy call is open (R18) and returns a
    :class:`~game.actions.CallRummy` or ``None``. Both see only the view.
    """

    level = "base"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:  # pragma: no cover - overridden
        """The action for ``view.seat``, whose turn it is."""
        raise NotImplementedError

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """A Rummy call for ``view.seat`` on the open discard, or ``None``."""
        return None
