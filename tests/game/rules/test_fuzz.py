"""Seeded fuzz: 10,000 random complete hands across random variant sets and 2–8 players.

Under ``empty_stock = reshuffle`` the rules let a hand go on for as long as
nobody goes out (the pile keeps turning into a new stock), and random
players can keep that up for ever: such a hand is checked and left after
4,000 actions. Under every other rule set each hand must end.

Cheap checks run after every hand (the pack is conserved, scores add up, the
hand ended one of the two ways); tests/test_properties.py checks after every
action on fewer hands.
"""

import random

import pytest

from game.rules.game import Game
from game.rules.random_play import random_step
from helpers import cards_in_play, check_invariants, pack_of, random_rules

HANDS = 10_000
CHUNKS = 10


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_random_complete_hands(chunk):
    rng = random.Random(20261129 + chunk)
    played = 0
    ends = {"went_out": 0, "stock_out": 0, None: 0}
    while played < HANDS // CHUNKS:
        players = rng.choice([2, 2, 2, 3, 4, 5, 6, 7, 8])
        rules = random_rules(rng, players)
        game = Game.new([f"P{i}" for i in range(players)], rules, seed=rng.getrandbits(32))
        for _ in range(rng.randint(1, 3)):
            totals_before = list(game.totals)
            weights = {"meld_rate": rng.uniform(0.3, 1.0), "take_rate": rng.random() * 0.5,
                       "rummy_rate": rng.random()}
            h = game.hand
            for _ in range(4000):
                if h.ended is not None:
                    break
                random_step(game, rng, **weights)
            played += 1
            ends[h.ended] += 1
            assert cards_in_play(h) == pack_of(h)
            check_invariants(game)
            if h.ended is None:
                assert rules.empty_stock == "reshuffle", "a hand without reshuffles did not end"
                break
            hand_scores = [s["hand"] for s in h.scores()]
            assert game.totals == [a + b for a, b in zip(totals_before, hand_scores)]
            if h.ended == "went_out":
                assert h.went_out is not None and not h.hands[h.went_out]
            else:
                assert h.went_out is None and not h.stock
            if game.winner is not None:
                top = max(game.totals)
                assert top >= rules.target and game.totals.count(top) == 1
                assert game.totals[game.winner] == top
                break
            game.deal_next_hand()
    assert ends["went_out"] and ends["stock_out"]
