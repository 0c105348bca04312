"""The review on the AI puzzles (issue 24): on every puzzle of
``tests/ai_puzzles`` that names Hard, a person's play that fails the
puzzle's ``pass_if`` is reviewed; at the first decision where Hard would
play otherwise, its suggestion (then Hard on to the turn's end) passes the
puzzle, and the estimated cost is above 0.

The cost is the review's own estimate (points against the others at the
end of the hand, in worlds dealt from the view, Medium playing on), not
the puzzle's: on the puzzles in :data:`COST_MISSES` the playouts disagree
with the expert (measured at 48 worlds, seed 0: the mean; measured again
when Medium began to charge a discard that melds with the pile's top card,
and again when it began to charge one that melds with cards deeper in the
pile: that mended four and opened three; and again when Hard began to
weigh every legal option of a turn: that opened two and moved one; and
again when Hard's worlds with three players or more began to weigh the
opponents' passed and thrown cards more strongly: that moved the six of
three players or more, by 0.1 to 2.2 points, and mended or opened none),
and the test checks that they still do, so a change that mends one shows.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from game.ai.review import review_decision
from game.services.review import hand_decisions
from game.play.all_computer import ai_step
from game.rules.actions import Discard, DrawStock, EndHand
from game.rules.random_play import random_step
from game.rules.record import parse_record, record_of
from game.services.analyse import Turn, analyse, load_position, passes
from game.services.tournament import make_player

PUZZLES = sorted((Path(__file__).resolve().parents[2] / "ai_puzzles").glob("*.json"))

COST_MISSES = {
    # the expert lays the joker off now; keeping it scores better in the playouts
    "h_k1_joker_layoff_fives_6p.json": -8.90,
    "h_k1_joker_layoff_run_2p.json": -2.46,
    "h_k1_joker_layoff_set_3p.json": -4.33,
    "k1_joker_layoff_set_4p.json": -16.93,
    "p07_joker_layoff_opponent_one_card.json": -13.29,
    # which card to keep or take: within two standard errors of nothing, or the playouts prefer the other
    "h25_keep_chain_card_opponent_one_card_2p.json": -5.47,
    "h_k4_keep_card_opponent_took_2p.json": -2.52,
    "h_k4_keep_card_opponent_took_5p.json": -6.53,
    "h_k4_keep_the_pair_2p.json": -1.23,
    "h_k6_unrelated_top_discard_2p.json": -16.23,
    "k4_hold_ace_3p.json": -5.82,
    "k4_hold_high_card_opponent_two_cards_2p.json": -1.44,
    # Hard takes the top discard where the failed play drew: within one standard error of nothing
    "h_k5_reshuffle_table_meld_2p.json": -1.35,
    # tabling a small meld now: the playouts prefer holding it (within two standard errors)
    "h_k6_table_small_meld_opponent_two_cards_3p.json": -3.19,
    # the suggestion lays the cards off in another order: the same hand either way
    "k2_layoff_chain_4p.json": 0.0,
    "k2_small_meld_goes_out_2p.json": 0.0,
}


def hard_puzzles():
    for path in PUZZLES:
        position = load_position(path.read_bytes())
        if "hard" in position.puzzle.get("levels", []):
            yield pytest.param(path, id=path.stem)


def failing_turn(game, seat: int, pass_if: dict):
    """A play of ``seat`` from here that fails ``pass_if``: Easy's or
    Medium's (a few seeds), else random legal moves; ``(game played on, turn)``."""
    for level in ("easy", "medium"):
        for seed in range(4):
            played = copy.deepcopy(game)
            turn = analyse(played, seat, level, seed)
            if not passes(pass_if, turn):
                return played, turn
    for seed in range(40):
        played = copy.deepcopy(game)
        h, rng, start = played.hand, random.Random(seed), len(played.hand.actions)
        if h.current == seat:
            while h.ended is None and h.current == seat:
                random_step(played, rng)
                if isinstance(h.actions[-1], (Discard, EndHand)):
                    break
        turn = Turn(seat, "random", [a.to_record() for a in h.actions[start:]], not h.hands[seat])
        if not passes(pass_if, turn):
            return played, turn
    raise AssertionError("no play fails this puzzle")


@pytest.mark.parametrize("path", list(hard_puzzles()))
def test_a_failed_puzzle_gets_a_suggestion_that_passes_and_costs(path):
    position = load_position(path.read_bytes())
    puzzle, game = position.puzzle, position.game
    seat, start = puzzle["seat"], len(game.hand.actions)
    played, _turn = failing_turn(game, seat, puzzle["pass_if"])
    h = played.hand
    if h.ended is None and h.current != seat:  # the next seat moves, so a call passed up is on record
        if h.is_legal(DrawStock(h.current)):
            played.apply(DrawStock(h.current))
        else:
            ai_step(played, {h.current: make_player("medium", 0)}, None)
    parsed = parse_record(record_of(played))
    verdict = None
    for decision in hand_decisions(parsed, seat, len(parsed.hands) - 1):
        if decision.index >= start:
            verdict = review_decision(decision, seed=0)
            if not verdict.same:
                break
    assert verdict is not None and not verdict.same, "the failed play is what Hard plays"
    # the suggestion, then Hard to the end of the turn, passes the puzzle
    again = copy.deepcopy(game)
    prefix = parsed.hands[-1].actions[start:verdict.decision.index]
    for action in prefix:
        again.apply(action)
    actions = [a.to_record() for a in prefix]
    if verdict.suggested is not None:
        again.apply(verdict.suggested)
        actions.append(verdict.suggested.to_record())
    h2 = again.hand
    if h2.ended is None and h2.current == seat and not isinstance(verdict.suggested, (Discard, EndHand)):
        actions += analyse(again, seat, "hard", 0).actions
    assert passes(puzzle["pass_if"], Turn(seat, "hard", actions, not h2.hands[seat])), actions
    if path.name in COST_MISSES:
        assert verdict.points_lost == pytest.approx(COST_MISSES[path.name], abs=0.006)
    else:
        assert verdict.points_lost > 0, (verdict.points_lost, verdict.stderr)
