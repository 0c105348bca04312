"""Property tests over random legal play (hypothesis), 2–8 players, random variant sets.

After every action: the pack is conserved, hand scores equal tabled minus
in-hand values, every meld on the table is legal (tests/helpers.py). Every
action that legal_actions() or legal_plays() lists applies, and a refused
action leaves the serialised state identical.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.actions import CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.cards import JOKER, joker_as
from game.rules.game import Game
from game.errors import IllegalMove
from game.rules.random_play import random_step
from helpers import check_invariants, random_rules

MAX_STEPS = 1500
"""Random play under ``empty_stock = reshuffle`` may never end a hand (R17):
the loops stop there, having checked every state on the way."""
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _new_game(seed: int, players: int) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    rules = random_rules(rng, players)
    game = Game.new([f"P{i}" for i in range(players)], rules, seed=seed)
    return game, rng


def _random_action(game: Game, rng: random.Random):
    """Any action at all, mostly illegal: random seat, kind and cards."""
    h = game.hand
    seat = rng.randrange(h.players)
    hand = h.hands[seat] or [rng.randrange(53)]
    kind = rng.randrange(7)
    if kind == 0:
        return DrawStock(seat)
    if kind == 1:
        return TakeDiscards(seat, rng.randint(-1, len(h.discard) + 1))
    if kind == 2:
        return CallRummy(seat, rng.randint(0, len(h.discard) + 1))
    if kind == 3:
        return EndHand(seat)
    if kind == 4:
        return Discard(seat, rng.choice(hand + [rng.randrange(53)]))
    if kind == 5:
        card = rng.choice(hand)
        if card == JOKER and rng.random() < 0.8:
            card = joker_as(rng.randrange(52))
        return LayOff(seat, card, rng.randint(-1, len(h.table)))
    cards = rng.sample(hand, min(len(hand), rng.randint(1, 5)))
    cards = [joker_as(rng.randrange(52)) if c == JOKER and rng.random() < 0.8 else c for c in cards]
    return TableMeld(seat, tuple(cards))


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_random_legal_play_keeps_invariants(seed, players):
    game, rng = _new_game(seed, players)
    check_invariants(game)
    for _ in range(3):  # up to three hands
        steps = 0
        while game.hand.ended is None and steps < MAX_STEPS:
            random_step(game, rng)
            check_invariants(game)
            steps += 1
        if game.hand.ended is None:
            break  # a hand that goes on and on (reshuffle, nobody going out, R17): enough checked
        if game.winner is not None:
            break
        game.deal_next_hand()
        check_invariants(game)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_every_listed_action_applies(seed, players):
    game, rng = _new_game(seed, players)
    steps = 0
    while game.hand.ended is None and steps < 60:
        listed = game.legal_actions() + game.legal_plays()
        assert listed or game.hand.phase.value == "play"
        for action in listed:
            trial = game.clone()
            trial.apply(action)  # must not raise
            check_invariants(trial)
        random_step(game, rng)
        steps += 1


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_refused_action_leaves_state_identical(seed, players):
    game, rng = _new_game(seed, players)
    refused = 0
    while game.hand.ended is None and refused < 200:
        for _ in range(5):
            action = _random_action(game, rng)
            before = game.snapshot()
            try:
                trial = game.clone()
                trial.apply(action)
            except IllegalMove as exc:
                refused += 1
                assert exc.code and exc.rule.startswith("R") and exc.message
                try:
                    game.apply(action)
                except IllegalMove as again:
                    assert again.code == exc.code
                else:
                    raise AssertionError("the clone refused what the game accepted")
                assert game.snapshot() == before
        random_step(game, rng)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_the_seat_to_move_always_has_a_legal_action(seed, players):
    game, rng = _new_game(seed, players)
    for _ in range(MAX_STEPS):
        if game.hand.ended is not None:
            break
        h = game.hand
        own = [a for a in game.legal_actions() if a.seat == h.current]
        assert own or game.legal_plays(), "the turn is stuck"
        random_step(game, rng)


def test_same_seed_same_game():
    """A seeded random.Random gives the same deal and dealer on every run (R3, R4)."""
    for seed in range(20):
        a = Game.new(["A", "B", "C"], seed=seed)
        b = Game.new(["A", "B", "C"], seed=seed)
        assert a.snapshot() == b.snapshot()
    assert Game.new(["A", "B"], seed=1).snapshot() != Game.new(["A", "B"], seed=2).snapshot()
