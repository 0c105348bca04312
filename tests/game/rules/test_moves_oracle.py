"""Issue 14 part 3 gates: the one meld enumerator and the engine's legal-move
table give the same answers as the code they replaced (kept in
``oracle_moves.py``) on random positions of random variant games."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.actions import LayOff, TableMeld
from game.rules.cards import JOKER, JOKER_TABLED, joker_as, rank_of
from game.rules.game import Game
from game.rules.melds import enumerate_melds
from game.rules.random_play import random_step
from helpers import random_rules
import oracle_moves as old
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


hand_cards = st.lists(st.one_of(st.integers(0, 51), st.integers(0, 51), st.integers(0, 51), st.just(JOKER)),
                      max_size=14)


def _canonical(melds):
    """Melds as a multiset, a set's cards in any order (the order a set is
    tabled in is free, R11)."""
    return Counter(tuple(sorted(m)) if len({rank_of(t) for t in m}) == 1 else m for m in melds)


@settings(max_examples=1500, deadline=None)
@given(hand_cards, st.booleans(), st.booleans())
def test_every_meld_of_a_hand_as_before(hand, ace_wraps, every):
    assert enumerate_melds(hand, ace_wraps, every_declaration=every) == \
        old.candidate_melds(hand, ace_wraps, every_declaration=every)
    assert enumerate_melds(hand, ace_wraps, first=True) == old.candidate_melds(hand, ace_wraps, first=True)


@settings(max_examples=1500, deadline=None)
@given(hand_cards, st.booleans(), st.data())
def test_melds_holding_a_card_as_before(hand, ace_wraps, data):
    card = data.draw(st.sampled_from(hand)) if hand else JOKER
    hand = hand or [JOKER]
    found = enumerate_melds(hand, ace_wraps, holding=card)
    assert sorted(found, key=len) == old.melds_with(hand, card, ace_wraps)
    assert all((card in m) if card != JOKER else any(t >= JOKER_TABLED for t in m) for m in found)


@settings(max_examples=1500, deadline=None)
@given(hand_cards, st.booleans(), st.data())
def test_every_declaration_with_stand_ins_as_before(hand, ace_wraps, data):
    holding = data.draw(st.sampled_from([None] + hand))
    new = enumerate_melds(hand, ace_wraps, holding=holding, stand_in=True)
    before = old.all_meld_options(hand, ace_wraps, holding)
    if holding == JOKER:  # the old search filtered the jokerless melds out itself
        before = [m for m in before if any(t >= JOKER_TABLED for t in m)]
    assert _canonical(new) == _canonical(before)
    assert [m for m in new if m[0] % 64 // 13 == m[-1] % 64 // 13 and len({rank_of(t) for t in m}) > 1] == \
        [m for m in before if m[0] % 64 // 13 == m[-1] % 64 // 13 and len({rank_of(t) for t in m}) > 1]


selection = st.lists(st.one_of(st.integers(0, 51), st.just(JOKER), st.integers(0, 51).map(joker_as)),
                     min_size=0, max_size=8)


@settings(max_examples=3000, deadline=None)
@given(selection, st.booleans())
def test_the_melds_of_a_selection_as_before(sel, ace_wraps):
    assert enumerate_melds(sel, ace_wraps, exact=True) == old.meld_options(sel, ace_wraps)


@settings(max_examples=1500, deadline=None)
@given(st.data(), st.booleans())
def test_the_melds_of_a_meldable_selection_as_before(data, ace_wraps):
    """Selections drawn from real melds, so that most of them are melds."""
    hand = data.draw(hand_cards)
    melds = old.candidate_melds(hand, ace_wraps, every_declaration=True)
    if not melds:
        return
    meld = list(data.draw(st.sampled_from(melds)))
    sel = [JOKER if t >= JOKER_TABLED and data.draw(st.booleans()) else t for t in meld]
    sel = data.draw(st.permutations(sel))
    found = enumerate_melds(sel, ace_wraps, exact=True)
    assert found == old.meld_options(sel, ace_wraps)
