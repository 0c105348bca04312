"""Hard's worlds follow what the opponents' public play says (game/ai/inference.py)."""

from __future__ import annotations

import dataclasses
import random

from game.ai import make_ai
from game.ai.hard import HardAI
from game.ai import inference
from game.ai.inference import BREAK_WEIGHT, MAX_DRAWS, Evidence, sample_likely_world, weighting
from game.rules.cards import parse_card
from game.rules.game import Game
from game.play.all_computer import ai_step
from game.rules.view import sample_world, view_of


def _view(history, seat=0):
    g = Game.new(["a", "b", "c"], seed=1)
    v = view_of(g.hand, seat, (0, 0, 0))
    return dataclasses.replace(v, history=tuple(history))


def test_evidence_reads_passed_and_thrown_cards_from_the_log():
    c = parse_card
    log = [("discard", 0, c("7H")), ("draw", 1),  # seat 1 passed the 7H up
           ("discard", 1, c("KS")), ("take", 2, (c("KS"),)),  # seat 2 took it: the 7H is on top again
           ("discard", 2, c("2C")), ("draw", 0), ("discard", 0, c("9D")),
           ("rummy", 2, (c("9D"),)), ("draw", 1)]
    ev = Evidence.of(_view(log))
    assert ev.passed == {1: [c("7H"), c("2C")]}
    assert ev.thrown == {1: [c("KS")], 2: [c("2C")]}
    assert 0 not in ev.passed and 0 not in ev.thrown  # the seat's own play says nothing new to it
    assert Evidence.of(_view([])).empty()


def test_a_world_where_an_opponent_holds_a_meld_with_a_card_it_passed_breaks_a_fact():
    c = parse_card
    view = _view([("discard", 0, c("7H")), ("draw", 1)])
    world = sample_world(view, random.Random(1))
    ev = Evidence.of(view)
    others = [x for x in world.hands[1] if x not in (c("6H"), c("8H"), c("7S"), c("7D"), c("7C"))]
    world.hands[1] = [c("6H"), c("8H")] + others[:len(world.hands[1]) - 2]
    assert ev.breaks(world, view) == 1
    world.hands[1] = others[:len(world.hands[1])]
    assert ev.breaks(world, view) == 0


def _positions(players=2, games=6):
    """Views of seat 0 along seeded Medium games, with their true hands."""
    for seed in range(games):
        g = Game.new([f"p{i}" for i in range(players)], seed=seed)
        ais = {s: make_ai("medium", seed=seed + 50 * s) for s in range(players)}
        while g.hand.ended is None:
            ai_step(g, ais)
            if g.hand.ended is None:
                yield view_of(g.hand, 0, (0,) * players), g.hand


def test_likely_worlds_break_fewer_facts_than_plain_ones_and_the_true_world_few():
    rng = random.Random(7)
    plain = likely = truth = n = 0
    for view, hand in _positions():
        ev = Evidence.of(view)
        truth += ev.breaks(hand, view) > 0
        for _ in range(5):
            plain += ev.breaks(sample_world(view, rng), view) > 0
            likely += ev.breaks(sample_likely_world(view, rng, ev), view) > 0
        n += 1
    assert n > 50
    # the log is informative: the true hands break a fact far less often than random ones
    assert truth / n < 0.5 * plain / (5 * n)
    assert likely < 0.5 * plain
    assert 0 < BREAK_WEIGHT < 1


def test_likely_worlds_are_consistent_with_the_view():
    rng = random.Random(3)
    for view, _ in list(_positions())[::10]:
        ev = Evidence.of(view)
        world = sample_likely_world(view, rng, ev)
        assert world.hands[0] == list(view.hand)
        assert [len(h) for h in world.hands] == list(view.hand_sizes)
        assert len(world.stock) == view.stock_size and world.discard == list(view.discard)


def test_hard_samples_its_worlds_by_the_evidence():
    view, _ = next(p for p in _positions() if not Evidence.of(p[0]).empty())
    ai = HardAI(seed=1)
    ev = Evidence.of(view)
    plain = sum(ev.breaks(sample_world(view, random.Random(i)), view) for i in range(200))
    hard = sum(ev.breaks(ai.sample(view), view) for _ in range(200))
    assert hard < plain  # Hard's worlds are the likely ones, not plain random deals
    assert ai._evidence is not None and ai._evidence[0] is view  # the log is read once per view


def test_two_players_keep_the_first_weighting_and_more_players_the_calibrated_one():
    assert weighting(2) == (BREAK_WEIGHT, MAX_DRAWS)
    for players in (3, 4, 8):
        weight, draws = weighting(players)
        assert weight < BREAK_WEIGHT and draws > MAX_DRAWS


def test_with_four_players_hards_worlds_break_about_as_many_facts_as_the_true_hands(monkeypatch):
    """The calibration of MANY_PLAYER_WEIGHT: with three opponents the first
    weighting's worlds break at least 0.15 facts a position more than the
    true hands; the calibrated one's break under half as many as the first
    one's, within 0.1 a position of the true hands."""
    facts = [(v, h, Evidence.of(v)) for v, h in list(_positions(players=4, games=8))[::3]]
    facts = [(v, h, ev) for v, h, ev in facts if not ev.empty()]
    assert len(facts) > 40
    truth = sum(ev.breaks(h, v) for v, h, ev in facts)
    calibrated_weighting = weighting(4)

    def broken(weighting_now):
        monkeypatch.setattr(inference, "weighting", lambda players: weighting_now)
        rng = random.Random(11)
        return sum(ev.breaks(sample_likely_world(v, rng, ev), v) for v, _, ev in facts for _ in range(4)) / 4

    first = broken((BREAK_WEIGHT, MAX_DRAWS))
    calibrated = broken(calibrated_weighting)
    n = len(facts)  # per position: the truth 0 here (0.08 over 211 others), first 0.22, calibrated 0.09
    assert first / n > truth / n + 0.15
    assert calibrated < first / 2
    assert calibrated / n < truth / n + 0.1
