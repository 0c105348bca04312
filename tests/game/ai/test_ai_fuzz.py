"""AI-only hands across random variant sets: every AI action is legal.

The referee runs in strict mode, so an illegal action (or an exception) by
any level fails the test instead of being replaced by a fallback. Hands
under ``empty_stock = reshuffle`` may legitimately never end; they are left
after a bounded number of steps.
"""

import random

import pytest

from game.ai import make_ai
from game.rules.game import Game
from game.play.all_computer import ai_step
from helpers import check_invariants, fuzz_count, random_rules

CASES = {"easy": 600, "medium": 250, "hard": 40}  # hands, times RUMMY500_FUZZ_SCALE
SEEDS = {"easy": 11, "medium": 12, "hard": 13}


def _play(level_mix, hands, seed):
    rng = random.Random(seed)
    played = 0
    while played < hands:
        players = rng.choice([2, 2, 3, 4, 5, 6, 8])
        rules = random_rules(rng, players)
        game = Game.new([f"P{i}" for i in range(players)], rules, seed=rng.getrandbits(32))
        options = {"hard": {"time_cap": float("inf"), "max_worlds": 2, "horizon": 4}}
        ais = {s: make_ai(lvl, seed=rng.getrandbits(32), **options.get(lvl, {}))
               for s, lvl in enumerate(rng.choice(level_mix) for _ in range(players))}
        for _ in range(rng.randint(1, 3)):
            steps = 0
            while game.hand.ended is None and steps < 1500:
                ai_step(game, ais, strict=True)
                steps += 1
            check_invariants(game)
            played += 1
            if game.hand.ended is None:
                assert rules.empty_stock == "reshuffle", "a hand without reshuffles did not end"
                break
            if game.winner is not None:
                break
            game.deal_next_hand()


@pytest.mark.parametrize("level", list(CASES))
def test_ai_hands_have_no_illegal_action(level):
    mix = [level] if level != "hard" else ["hard", "medium"]
    _play(mix, fuzz_count(CASES[level]), seed=SEEDS[level])


def test_mixed_levels_play_whole_games_to_a_winner():
    rng = random.Random(5)
    for g in range(6):
        players = rng.choice([2, 3, 4])
        game = Game.new([f"P{i}" for i in range(players)], random_rules(rng, players).with_changes(
            target=150, empty_stock="end"), seed=g)
        ais = {s: make_ai(rng.choice(["easy", "medium"]), seed=s) for s in range(players)}
        while game.winner is None:
            if game.hand.ended is not None:
                game.deal_next_hand()
            ai_step(game, ais, strict=True)
        assert max(game.totals) >= 150 and game.totals[game.winner] == max(game.totals)
