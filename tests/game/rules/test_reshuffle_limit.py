"""R17 ``reshuffle_limit``: the discard pile may be turned over as a new stock
at most that many times in a hand; after that an empty stock acts as under
``empty_stock = end`` (the player takes from the pile or the hand ends)."""

from __future__ import annotations

import random

import pytest

from game.rules.actions import DrawStock, EndHand
from game.rules.view import sample_world, view_for
from game.ai.easy import EasyAI
from game.ai.medium import MediumAI
from test_rules import do, new, pile, refuse

HANDS = ["4H 4S 4C 9D", "7D 7H 2C KS"]


def reshuffle(limit):
    return {"empty_stock": "reshuffle", "reshuffle_limit": limit, "jokers_per_deck": 0}


def test_limit_one_refuses_a_second_turning_and_lets_the_hand_end():
    g = new(HANDS, "7C", "8H", "0 stock; 0 discard 9D; 1 stock; 1 discard KS", rules=reshuffle(1))
    assert g.hand.reshuffles == 1 and len(g.hand.stock) == 0 and pile(g) == ["9D", "KS"]
    err = refuse(g, "0 stock", "empty_stock", "R17")
    assert "once" in err.message
    assert not g.hand.stock_draw_possible()
    legal = g.legal_actions()
    assert EndHand(0) in legal and DrawStock(0) not in legal
    do(g, "0 end")
    assert g.hand.ended == "stock_out"
    assert g.totals == [-(4 + 4 + 4 + 8), -(7 + 7 + 2 + 7)]


def test_limit_two_allows_two_turnings_then_refuses_the_third():
    g = new(HANDS, "7C", "8H", "0 stock; 0 discard 9D; 1 stock; 1 discard KS; 0 stock; 0 discard 8H",
            rules=reshuffle(2))
    assert g.hand.reshuffles == 2 and pile(g) == ["KS", "8H"]
    err = refuse(g, "1 stock", "empty_stock", "R17")
    assert "twice" in err.message
    assert EndHand(1) in g.legal_actions()
    do(g, "1 take 1")                        # the pile can still be taken (R17)
    assert g.hand.ended is None


@pytest.mark.parametrize("limit", [None, 3])
def test_without_limit_or_below_it_the_pile_turns_again(limit):
    g = new(HANDS, "7C", "8H", "0 stock; 0 discard 9D; 1 stock; 1 discard KS; 0 stock; 0 discard 8H",
            rules=reshuffle(limit))
    refuse(g, "1 end", "wrong_phase", "R17")
    do(g, "1 stock")
    assert g.hand.reshuffles == 3


def test_limit_means_nothing_when_the_hand_ends_on_an_empty_stock():
    g = new(HANDS, "7C", "8H", "0 stock; 0 discard 9D",
            rules={"empty_stock": "end", "reshuffle_limit": 3, "jokers_per_deck": 0})
    refuse(g, "1 stock", "empty_stock", "R17")
    assert g.hand.reshuffles == 0


def test_count_is_copied_by_clone_and_seen_by_the_ai():
    g = new(HANDS, "7C", "8H", "0 stock; 0 discard 9D; 1 stock; 1 discard KS", rules=reshuffle(1))
    assert g.clone().hand.reshuffles == 1
    view = view_for(g, 0)
    assert view.reshuffles == 1
    world = sample_world(view, random.Random(1))
    assert not world.stock_draw_possible()
    for ai in (EasyAI(seed=1), MediumAI(seed=1)):
        action = ai.choose(view)
        assert not isinstance(action, DrawStock)
        assert g.hand.is_legal(action)


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_random_play_never_turns_the_pile_more_than_the_limit(limit):
    from game.rules.game import Game
    from game.rules.events import StockReshuffled
    from game.rules.random_play import random_step
    from helpers import random_rules

    rng = random.Random(9000 + limit)
    turned_at_limit = 0
    for _ in range(40):
        players = rng.choice([2, 3, 4])
        rules = random_rules(rng, players).with_changes(empty_stock="reshuffle", reshuffle_limit=limit)
        game = Game.new([f"P{i}" for i in range(players)], rules, seed=rng.getrandbits(32))
        h = game.hand
        seen = 0
        for _ in range(3000):
            if h.ended is not None:
                break
            _, events = random_step(game, rng, take_rate=0.05)
            seen += sum(isinstance(e, StockReshuffled) for e in events)
            assert h.reshuffles == seen <= limit
        turned_at_limit += seen == limit
    assert turned_at_limit  # some hands did use the whole limit
