"""The AI player interface.

An :class:`AIPlayer` sees only a :class:`~game.rules.view.PlayerView` and returns
an action; :mod:`game.play.all_computer` is the referee that asks it.
"""

from __future__ import annotations

import hashlib
import random

from game.rules.actions import Action, CallRummy
from game.rules.view import PlayerView


def decision_seed(seed: int, view: PlayerView, rummy: bool = False) -> int:
    """The seed of one decision of the AI seeded ``seed`` in the position
    ``view`` shows (its hand number, the public log's length, whose turn and
    which phase, hand and pile sizes; ``rummy`` for a Rummy question): a
    64-bit int that is the same on every platform and in every process.

    So an AI's choices are a function of its seed and the position, never of
    how many decisions it made before: a game resumed from a save, or an AI
    worker started again, goes on exactly as it would have."""
    key = (seed, view.hand_index, len(view.history), view.seat, view.current, view.phase, len(view.hand),
           view.stock_size, len(view.discard), len(view.table), view.reshuffles, bool(rummy))
    return int.from_bytes(hashlib.blake2b(repr(key).encode("ascii"), digest_size=8).digest(), "big")


class AIPlayer:
    """Base class of the computer players.

    ``choose(view)`` is called when ``view.seat`` is to draw or play and
    returns one action for that seat. ``call_rummy(view)`` is called after
    another seat's discard while a Rummy call is open (R18) and returns a
    :class:`~game.rules.actions.CallRummy` or ``None``. Both see only the view.
    """

    level = "base"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def begin_decision(self, view: PlayerView, rummy: bool = False) -> None:
        """Seed :attr:`rng` for the decision about to be asked in ``view``
        (:func:`decision_seed`); a seat's player calls it before
        :meth:`choose` or :meth:`call_rummy`. Nothing happens for an AI made
        without a seed. Subclasses holding other seeded players reseed them
        here too."""
        if self.seed is not None:
            self.rng.seed(decision_seed(self.seed, view, rummy))

    def note_past(self, past: tuple) -> None:
        """Take the public summary of the hands already played in this game
        (:func:`game.ai.opponents.past_counts`: per hand, per seat, counts
        of what it did in public), which the seat passes before each
        question; players that do not model their opponents ignore it."""

    def choose(self, view: PlayerView) -> Action:  # pragma: no cover - overridden
        """The action for ``view.seat``, whose turn it is."""
        raise NotImplementedError

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """A Rummy call for ``view.seat`` on the open discard, or ``None``."""
        return None
