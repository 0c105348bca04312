"""Issue 14 part 3 gates: the one meld enumerator and the engine's legal-move
table give the same answers as the code they replaced (kept in
``oracle_moves.py``) on random positions of random variant games."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import LayOff, TableMeld
from game.engine import Game
from game.random_play import random_step
from helpers import random_rules
from oracle_moves import old_answers

POSITIONS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_positions(seed: int, players: int, steps: int = 160):
    """The hand states met while random legal play runs ``steps`` actions of
    a random variant game (new hands dealt as they end)."""
    rng = random.Random(seed)
    rules = random_rules(rng, players)
    game = Game.new([f"P{i}" for i in range(players)], rules, seed=seed)
    for _ in range(steps):
        if game.winner is not None:
            return
        if game.hand.ended is not None:
            game.deal_next_hand()
        yield game.hand
        random_step(game, rng, meld_rate=0.5, take_rate=0.4, rummy_rate=0.4)


def new_answers(h) -> dict:
    """The same questions asked of the live engine."""
    plan = None if h.ended is not None else h.plan_for()
    return {"legal_actions": h.legal_actions(), "rummy_calls": h.rummy_calls(),
            "legal_plays": h.legal_plays(), "legal_plays_one": h.legal_plays(False),
            "plan": None if plan is None else [p if isinstance(p, (TableMeld, LayOff))
                                               else _as_action(h.current, p) for p in plan]}


def _as_action(seat, p):
    return TableMeld(seat, p[1]) if p[0] == "meld" else LayOff(seat, p[1], p[2])


@POSITIONS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_the_legal_move_table_answers_as_before(seed, players):
    checked = 0
    for h in random_positions(seed, players):
        assert new_answers(h) == old_answers(h), f"hand {h.index}, action {len(h.actions)}"
        checked += 1
    assert checked > 0
