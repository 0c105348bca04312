"""Issue 25 part 4 gates: the AI evaluation's faster paths answer as the
plain code they replaced (kept here word for word), on random hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import discards as D
from game.ai.evaluate import (
    _NEIGHBOUR, _lay_off_all, _room, fits_table, greedy_tabling, relates, seat_points, suit_gap, usefulness,
    usefulness_in,
)
from game.ai.hard import POTENTIAL, playout_scores
from game.rules.actions import LayOff
from game.rules.cards import JOKER, JOKER_TABLED, declared, joker_as, rank_of, suit_of
from game.rules.game import Game
from game.rules.melds import RUN, hand_value, meld_card_values, open_cards
from game.rules.random_play import random_step
from game.rules.ruleset import RuleSet
from game.rules.turn_search import simulate
from game.rules.view import view_of


def old_usefulness(card, hand, rules):
    """``usefulness`` as it was (main c85f959)."""
    if card == JOKER:
        return 30.0
    near = _NEIGHBOUR[rules.ace_wraps][card]
    r, s = rank_of(card), suit_of(card)
    score = 0.0
    suits_of_rank = set()
    for c in hand:
        if c == card or c == JOKER:
            continue
        score += near[c]
        if c % 13 == r - 1 and c // 13 != s:
            suits_of_rank.add(c // 13)
    score += 7 * len(suits_of_rank)
    return score


def old_room(hand, used, keep, single_taken):
    """``_room`` as it was."""
    left = list(hand)
    for c in used:
        left.remove(c)
    if len(left) < keep:
        return False
    return not left or single_taken is None or any(c != single_taken for c in left)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.integers(0, 52), max_size=16), st.integers(0, 52), st.booleans())
def test_usefulness_answers_as_before(hand, card, ace_wraps):
    rules = RuleSet(ace_wraps=ace_wraps)
    for h in (hand, hand + [card]):
        got = usefulness(card, h, rules)
        assert got == old_usefulness(card, h, rules)
        assert type(got) is float
        in_hand = usefulness_in(h, rules)(card)  # the discard ranking's way, card after card
        assert in_hand == got and type(in_hand) is float


@settings(max_examples=3000, deadline=None)
@given(st.data(), st.integers(0, 2), st.booleans())
def test_room_to_end_the_turn_answers_as_before(data, keep, taken_alone):
    hand = data.draw(st.lists(st.integers(0, 52), max_size=10))
    used = data.draw(st.lists(st.sampled_from(hand), max_size=len(hand), unique_by=None)) if hand else []
    rest = list(hand)
    used = [c for c in used if c in rest and not rest.remove(c)]  # a sub-multiset of the hand
    single = data.draw(st.sampled_from(hand)) if hand and taken_alone else None
    assert _room(hand, used, keep, single) == old_room(hand, used, keep, single)


def old_relates(card, others, ace_wraps):
    """``relates`` as it was (main b6ec219)."""
    if card == JOKER:
        return len(others)
    r, s = rank_of(card), suit_of(card)
    n = 0
    for c in others:
        if c == JOKER:
            n += 1
            continue
        cr, cs = rank_of(c), suit_of(c)
        if cr == r and cs != s:
            n += 1
        elif cs == s and cr != r:
            d = abs(cr - r)
            if ace_wraps or 1 in (cr, r):
                d = min(d, 13 - d)
            if d <= 2:
                n += 1
    return n


@settings(max_examples=3000, deadline=None)
@given(st.integers(0, 52), st.lists(st.one_of(st.integers(0, 52), st.integers(64, 115)), max_size=20),
       st.booleans())
def test_relates_answers_as_before(card, others, ace_wraps):
    assert relates(card, others, ace_wraps) == old_relates(card, others, ace_wraps)


def old_lay_off_all(hand, table, seat, aw, keep, plays, single_taken=None):
    """``_lay_off_all`` as it was (main b6ec219)."""
    changed = True
    while changed and len(hand) > keep:
        changed = False
        for i, m in enumerate(table):
            for c in open_cards(m, aw):
                if c in hand and _room(hand, [c], keep, single_taken):
                    sim = simulate(hand, table, [LayOff(seat, c, i)], seat, aw)
                    if sim is None:
                        continue
                    hand, table, _ = sim
                    plays.append(LayOff(seat, c, i))
                    changed = True
                    break
            if changed:
                break
        if not changed and JOKER in hand and _room(hand, [JOKER], keep, single_taken):
            for i, m in enumerate(table):
                free = [c for c in open_cards(m, aw) if c not in hand]
                sim = simulate(hand, table, [LayOff(seat, joker_as(free[-1]), i)], seat, aw) if free else None
                if sim is not None:
                    hand, table, _ = sim
                    plays.append(LayOff(seat, joker_as(free[-1]), i))
                    changed = True
                    break
    return hand, table


@pytest.mark.parametrize("ace_wraps", [False, True])
def test_laying_off_everything_answers_as_before(ace_wraps):
    """On every play step of seeded random hands (two decks and jokers, so
    tables fill up), each seat's hand laid off as it was and as it is now."""
    rules = RuleSet(ace_wraps=ace_wraps, decks=2)
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        game = Game.new([f"P{i}" for i in range(4)], rules, seed=seed)
        while game.hand.ended is None:
            h = game.hand
            if h.phase.value == "play" and h.table:
                for seat in range(4):
                    for keep in (0, 1):
                        single = rng.choice(h.hands[seat]) if h.hands[seat] and rng.random() < 0.3 else None
                        new_plays, old_plays = [], []
                        before = [(m, list(m.cards), list(m.layers)) for m in h.table]
                        new = _lay_off_all(list(h.hands[seat]), list(h.table), seat, ace_wraps, keep, new_plays,
                                           single)
                        old = old_lay_off_all(list(h.hands[seat]), list(h.table), seat, ace_wraps, keep,
                                              old_plays, single)
                        assert new_plays == old_plays
                        assert new[0] == old[0]
                        assert [m.cards for m in new[1]] == [m.cards for m in old[1]]
                        assert [m.layers for m in new[1]] == [m.layers for m in old[1]]
                        # the table's own melds untouched; a meld laid off on is a new one (what _gained reads)
                        assert [(m, m.cards, m.layers) for m in h.table] == before
                        assert all((n is m) == (n.cards == m.cards) for n, m in zip(new[1], h.table))
                        checked += bool(new_plays)
            random_step(game, rng, meld_rate=0.8, take_rate=0.3)
    assert checked > 100  # many positions did lay cards off


def old_seat_points(table, seat, scoring):
    """``seat_points`` as it was (main d2cbbf0)."""
    total = 0
    for m in table:
        for value, layer in zip(meld_card_values(m, scoring), m.layers):
            if layer == seat:
                total += value
    return total


@pytest.mark.parametrize("ace_wraps", [False, True])
@pytest.mark.parametrize("scoring", ["standard", "fives"])
def test_a_seats_points_on_the_table_answer_as_before(ace_wraps, scoring):
    """On every step of seeded random hands (two decks and jokers), every
    seat's points on the table counted as they were; low aces and tabled
    jokers among them."""
    rules = RuleSet(ace_wraps=ace_wraps, decks=2, scoring=scoring)
    rng = random.Random(11)
    low_aces = jokers = 0
    for seed in range(25):
        game = Game.new([f"P{i}" for i in range(4)], rules, seed=seed)
        while game.hand.ended is None:
            table = game.hand.table
            for seat in range(4):
                assert seat_points(table, seat, scoring) == old_seat_points(table, seat, scoring)
            low_aces += any(m.kind == "run" and m.lo == 1 and m.cards[0] < JOKER_TABLED for m in table)
            jokers += any(c >= JOKER_TABLED for m in table for c in m.cards)
            random_step(game, rng, meld_rate=0.8, take_rate=0.3)
    assert low_aces > 20 and jokers > 20  # the two special cases were met


def old_discard_values(cards, view, table):
    """``discard_values`` as it was (main d2cbbf0), with ``_charge`` and the old ``wanted_by``; run with the
    old ``live`` and ``reachable`` patched in (not the new ones' cache of unseen cards)."""
    rules = view.rules
    aw = rules.ace_wraps
    press = D.pressure(D.closest_opponent(view))
    open_now = set()
    for m in table:
        open_now.update(open_cards(m, aw))
    anyone_known = any(view.known[s] for s in D.opponents(view))
    values = {}
    for card in cards:
        if card == JOKER:
            values[card] = -100.0
            continue
        charge = D.FEED_KNOWN * old_wanted_by(card, view) if anyone_known else 0.0
        if card in open_now:
            charge += D.FEED_TABLE * press
        if press > 1 and card != JOKER and hand_value(card, rules.scoring) >= D.HIGH_CARD:
            charge += D.FEED_SHORT * D.short_risk(card, view, table)  # the old live and reachable patched in
        values[card] = hand_value(card, rules.scoring) - usefulness(card, view.hand, rules) - charge
    return values


def old_wanted_by(card, view):
    """``wanted_by`` as it was (main d2cbbf0)."""
    total = 0.0
    aw = view.rules.ace_wraps
    for s in D.opponents(view):
        known = view.known[s]
        if not known:
            continue
        near = relates(card, known, aw)
        if card != JOKER:
            near += sum(1 for c in known if c != JOKER and rank_of(c) == rank_of(card)
                        and suit_of(c) != suit_of(card))
        total += near * D.pressure(view.hand_sizes[s])
    return total


_OLD_LAST_UNSEEN: list = [None, Counter()]


def old_unseen(view):
    """``unseen`` as it was (main d2cbbf0)."""
    hidden = view.unseen()
    for s in D.opponents(view):
        hidden.update(view.known[s])
    return hidden


def old_live(card, view):
    """``live`` as it was (main d2cbbf0)."""
    if _OLD_LAST_UNSEEN[0] is not view:
        _OLD_LAST_UNSEEN[:] = [view, old_unseen(view)]
    hidden = _OLD_LAST_UNSEEN[1]
    if hidden[JOKER] or card == JOKER:
        return True
    return relates(card, list(hidden.elements()), view.rules.ace_wraps) > 0


def old_reachable(card, view, table):
    """``reachable`` as it was (main d2cbbf0)."""
    if card == JOKER:
        return True
    rules = view.rules
    aw = rules.ace_wraps
    if fits_table(card, table, rules) or relates(card, view.discard[-2:], aw):
        return True
    hidden = old_unseen(view)
    for m in table:
        if m.kind != RUN:
            continue
        for o in open_cards(m, aw):
            if o != JOKER and hidden[o] and suit_of(o) == suit_of(card) and suit_gap(card, o, aw) == 1 \
                    and card not in open_cards(m, aw) and rank_of(card) not in {rank_of(declared(t)) for t in m.cards}:
                return True
    return False


@pytest.mark.parametrize("ace_wraps", [False, True])
def test_discard_values_answer_as_before(ace_wraps, monkeypatch):
    """At every step of seeded random hands of two to four seats (two decks
    and jokers, many deep takes, so opponents are known to hold cards and
    come close to going out), the seat to move's every card valued as it
    was, to the last bit, and how much opponents want each card (a joker too)."""
    rules = RuleSet(ace_wraps=ace_wraps, decks=2)
    rng = random.Random(5)
    wanted = pressed = reached = 0
    for seed in range(40):
        players = 2 + seed % 3
        game = Game.new([f"P{i}" for i in range(players)], rules, seed=seed)
        while game.hand.ended is None:
            h = game.hand
            view = view_of(h, h.current, tuple(game.totals))
            cards = sorted(set(view.hand))
            values = D.discard_values(cards, view, h.table)
            with monkeypatch.context() as old:  # the old live and reachable, each with its own count of unseen cards
                old.setattr(D, "live", old_live)
                old.setattr(D, "reachable", old_reachable)
                assert values == old_discard_values(cards, view, h.table)
            for card in (*cards, JOKER):
                assert D.wanted_by(card, view) == old_wanted_by(card, view)
            wanted += any(D.wanted_by(c, view) for c in cards)
            pressed += D.closest_opponent(view) <= 2
            reached += any(D.short_risk(c, view, h.table) for c in cards)
            random_step(game, rng, meld_rate=0.5, take_rate=0.5)
    assert wanted > 200 and pressed > 200 and reached > 100  # the known cards and the endgame charges were weighed


def old_playout_scores(world):
    """The hand scores ``HardAI.evaluate`` weighed, as it worked them out (main d2cbbf0)."""
    scores = [s["hand"] for s in world.scores()]
    if world.ended is None:
        rules = world.rules
        keep = 1 if rules.going_out == "discard_required" else 0
        for s in range(world.players):
            _, points, left, _ = greedy_tabling(world.hands[s], world.table, rules, s,
                                                world.has_melded[s], keep)
            held = sum(hand_value(c, rules.scoring) for c in world.hands[s])
            left_value = sum(hand_value(c, rules.scoring) for c in left)
            scores[s] += held - left_value + POTENTIAL * points
    return scores


@pytest.mark.parametrize("rules", [RuleSet(decks=2), RuleSet(ace_wraps=True, scoring="fives"),
                                   RuleSet(going_out="discard_required", decks=2)])
def test_hards_playout_scores_answer_as_before(rules):
    """At every step of seeded random hands of two to four seats, and once
    each hand has ended, the hand scores Hard's playout score weighs, every
    seat's the same to the last bit."""
    steps = 0
    rng = random.Random(3)
    for seed in range(12):
        players = 2 + seed % 3
        game = Game.new([f"P{i}" for i in range(players)], rules, seed=seed)
        while True:
            h = game.hand
            new, old = playout_scores(h), old_playout_scores(h)
            assert new == old and [type(x) for x in new] == [type(x) for x in old]
            steps += 1
            if h.ended is not None:
                break
            random_step(game, rng, meld_rate=0.7, take_rate=0.3)
    assert steps > 300
