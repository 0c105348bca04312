"""Issue 13, item 13: all-computer hands under ``empty_stock = reshuffle``
(no ``reshuffle_limit``, R17) end. Without the fix, six seats on one deck
with one joker, discard_required, layoff_requires_own_meld, ace_wraps and no
Rummy calls could draw the one reshuffled card and throw it back for ever."""

from __future__ import annotations

import random

from game.rules.actions import DrawStock, TakeDiscards
from game.ai import make_ai
from game.ai.cycle import CIRCLING_RESHUFFLES, circling, ending_take, unsticking_discard
from game.rules.game import Game
from game.rules.phase import Phase
from game.play.all_computer import ai_step
from game.rules.ruleset import RuleSet
from game.rules.view import view_for

from helpers import check_invariants, random_rules

# far above what any hand needs (the longest seen is a few hundred steps);
# a circling hand reaches it within seconds
STEP_BOUND = 3000

ISSUE_RULES = RuleSet(decks=1, jokers_per_deck=1, going_out="discard_required", layoff_requires_own_meld=True,
                      ace_wraps=True, rummy_calls=False, empty_stock="reshuffle")


def _hand_ends(game: Game, ais) -> int:
    steps = 0
    while game.hand.ended is None:
        assert steps < STEP_BOUND, (f"a hand circles: {game.rules.hand.reshuffles} reshuffles, "
                                    f"last {[a.to_record() for a in game.rules.hand.actions[-8:]]}")
        ai_step(game, ais, strict=True)
        steps += 1
    check_invariants(game)
    return steps


def test_the_issues_variant_set_ends_every_hand():
    rng = random.Random(13)
    for deal in range(200):
        game = Game.new([f"P{i}" for i in range(6)], ISSUE_RULES, seed=deal)
        ais = {s: make_ai(rng.choice(["easy", "medium"]), seed=rng.getrandbits(32)) for s in range(6)}
        _hand_ends(game, ais)


def test_random_reshuffle_variant_sets_end_every_hand():
    rng = random.Random(1313)
    for _ in range(60):
        players = rng.choice([2, 3, 4, 5, 6, 8])
        rules = random_rules(rng, players).with_changes(empty_stock="reshuffle", reshuffle_limit=None)
        game = Game.new([f"P{i}" for i in range(players)], rules, seed=rng.getrandbits(32))
        options = {"hard": {"time_cap": float("inf"), "max_worlds": 2, "horizon": 4}}
        levels = [rng.choice(["easy", "medium", "medium", "medium", "hard"]) for _ in range(players)]
        ais = {s: make_ai(lvl, seed=rng.getrandbits(32), **options.get(lvl, {})) for s, lvl in enumerate(levels)}
        _hand_ends(game, ais)


def _stock_empty_game(rules: RuleSet) -> Game:
    """A two-seat game whose stock is used up, so that draws turn the pile over."""
    game = Game.new(["A", "B"], rules, seed=3)
    h = game.hand
    h.discard = h.discard + h.stock[:-1]
    h.stock = h.stock[-1:]
    return game


def test_circling_needs_reshuffles_and_the_reshuffle_variant():
    game = _stock_empty_game(ISSUE_RULES.with_changes(decks=1))
    view = view_for(game, game.hand.current)
    assert not circling(view)
    game.hand.reshuffles = CIRCLING_RESHUFFLES
    assert circling(view_for(game, game.hand.current))
    ended = _stock_empty_game(ISSUE_RULES.with_changes(empty_stock="end"))
    ended.hand.reshuffles = CIRCLING_RESHUFFLES  # cannot happen under `end`; the answer ignores it
    assert not circling(view_for(ended, ended.hand.current))


def test_the_unsticking_moves_are_legal():
    rng = random.Random(5)
    game = _stock_empty_game(ISSUE_RULES)
    h = game.hand
    seat = h.current
    take = ending_take(view_for(game, seat), h)
    assert take is None or (isinstance(take, TakeDiscards) and take.count > 1 and h.is_legal(take))
    game.apply(DrawStock(seat))
    assert h.phase == Phase.PLAY
    picks = {unsticking_discard(view_for(game, seat), h, rng) for _ in range(40)}
    assert all(h.is_legal(d) for d in picks) and len(picks) > 1  # legal, and not always the same card
