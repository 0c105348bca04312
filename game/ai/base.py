"""The AI player interface and the loop that lets AI seats play a game.

An :class:`AIPlayer` sees only a :class:`~game.view.PlayerView` and returns
an action. The driver here (:func:`ai_step`, :func:`play_hand`,
:func:`play_game`) asks the seats in the right order: the seats that may
call Rummy after a discard (R18, first in turn order after the discarder
wins), then the seat to move. An illegal answer is replaced by a legal
fallback, so a faulty AI can never stop a game.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Mapping

from ..actions import Action, CallRummy, Discard, LayOff, TableMeld
from ..engine import Game, Phase, rummy_winner
from ..errors import IllegalMove
from ..events import Event
from ..view import PlayerView, view_for


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


def fallback_action(game: Game) -> Action:
    """A legal action for the seat to move when an AI failed: the first step
    of the engine's own plan, else a stock draw, else the first legal action."""
    h = game.hand
    seat = h.current
    if h.phase == Phase.PLAY:
        plan = h.plan_for(seat)
        if plan:
            p = plan[0]
            return TableMeld(seat, p[1]) if p[0] == "meld" else LayOff(seat, p[1], p[2])
        for c in h.hands[seat]:
            a = Discard(seat, c)
            if h.is_legal(a):
                return a
    own = [a for a in h.legal_actions() if a.seat == seat]
    if own:
        return own[0]
    plays = h.legal_plays()
    if plays:
        return plays[0]
    raise RuntimeError("no legal action: the engine left the turn stuck")


TimeLog = Callable[[int, float], None]


def ai_step(game: Game, ais: Mapping[int, AIPlayer], timing: TimeLog | None = None) -> list[Event]:
    """One step of an all-AI (or AI-seat) game: a Rummy call if one is made,
    else the action of the seat to move. Returns the events. ``ais`` maps
    seats to players; ``timing(seat, seconds)`` records each decision's time."""
    h = game.hand
    if h.window is not None and h.phase == Phase.DRAW:
        callers = []
        for seat, ai in ais.items():
            if seat == h.window:
                continue
            start = time.perf_counter()
            try:
                call = ai.call_rummy(view_for(game, seat))
            except Exception:  # a faulty AI never stops the game
                call = None
            if timing:
                timing(seat, time.perf_counter() - start)
            if call is not None and h.is_legal(call):
                callers.append(call)
        if callers:
            winner = rummy_winner(h.window, [c.seat for c in callers], h.players)
            call = next(c for c in callers if c.seat == winner)
            return game.apply(call)
    seat = h.current
    ai = ais[seat]
    start = time.perf_counter()
    try:
        action = ai.choose(view_for(game, seat))
    except Exception:
        action = None
    if timing:
        timing(seat, time.perf_counter() - start)
    if action is not None and action.seat == seat:
        try:
            return game.apply(action)
        except IllegalMove:
            pass
    return game.apply(fallback_action(game))


def play_hand(game: Game, ais: Mapping[int, AIPlayer], max_steps: int = 20_000,
              timing: TimeLog | None = None) -> int:
    """Play the current hand to its end; return the number of steps.
    Raises ``RuntimeError`` past ``max_steps`` (a hand that never ends)."""
    steps = 0
    while game.hand.ended is None:
        ai_step(game, ais, timing)
        steps += 1
        if steps > max_steps:
            raise RuntimeError("the hand did not end")
    return steps


def play_game(game: Game, ais: Mapping[int, AIPlayer], max_hands: int = 200,
              timing: TimeLog | None = None) -> int:
    """Deal and play hands until the game is won; return the hands played."""
    hands = 0
    while game.winner is None:
        if game.hand is None or game.hand.ended is not None:
            game.deal_next_hand()
        play_hand(game, ais, timing=timing)
        hands += 1
        if hands >= max_hands:
            raise RuntimeError("the game did not end")
    return hands

