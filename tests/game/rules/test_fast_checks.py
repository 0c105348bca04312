"""Issue 25 part 4, second round: the engine's shortcuts in its move checks,
its meld copies, its shuffle and its reshuffle generator answer as the code
they replaced. Each reference below is the replaced code kept word for word,
so a shortcut that drifts from it fails here, on positions reached by seeded
random play under several rule variants."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import IllegalMove
from game.rules import turn_search as P
from game.rules.actions import LayOff, TableMeld
from game.rules.cards import JOKER, build_pack, card_token, shuffle
from game.rules.game import Game
from game.rules.melds import Meld, _open_cards, add_to_meld, classify, layoff_position, open_cards
from game.rules.phase import Phase
from game.rules.play_moves import committed_after, discard_left
from game.rules.random_play import random_step
from game.rules.ruleset import RuleSet
from game.rules.view import sample_world, view_for

VARIANTS = [{}, {"ace_wraps": True}, {"going_out": "discard_required"}, {"layoff_requires_own_meld": True},
            {"deep_card_must_start_meld": True}, {"final_discard_unplayable": True}, {"going_out": "float"}]


def old_after_play_check(h, seat, hand, table, made, committed) -> None:
    """``play_moves.after_play_check`` as it was (main 290b3e1), its refusals
    reduced to one: the turn could not be finished."""
    if not hand:
        return
    if P.find_plan(hand, committed, h.single_taken, table, h.rules,
                   h.has_melded[seat] or made, seat) is not None:
        return
    raise IllegalMove("committed_card_unplayed", "R9", "the turn could not be finished")


def old_play_is_legal(h, a) -> bool:
    """``check_meld`` and ``check_layoff`` as they were (main 290b3e1) for an
    action the generators listed (held cards, a meld that classifies, a
    lay-off that fits), their refusals reduced to False."""
    seat = a.seat
    try:
        if type(a) is TableMeld:
            rest = list(h.hands[seat])
            for t in a.cards:
                rest.remove(JOKER if t >= 64 else t)
            meld, _ = classify(a.cards, h.rules.ace_wraps)
            if h.rules.going_out == "discard_required" and len(a.cards) >= len(h.hands[seat]):
                return False
            meld.owner = seat
            meld.layers = [seat] * len(meld.cards)
            old_after_play_check(h, seat, rest, h.table + [meld], True, committed_after(h, a.cards))
            return True
        if h.rules.layoff_requires_own_meld and not h.has_melded[seat]:
            return False
        c = h.committed
        if c is not None and h.rules.deep_card_must_start_meld and (JOKER if a.card >= 64 else a.card) == c:
            return False
        hand = h.hands[seat]
        if h.rules.going_out == "discard_required" and len(hand) == 1:
            return False
        sim = P.simulate(hand, h.table, [a], seat, h.rules.ace_wraps)
        assert sim is not None
        old_after_play_check(h, seat, sim[0], sim[1], False, committed_after(h, [a.card]))
        return True
    except IllegalMove:
        return False


def old_pile_card_tablable(cards, table, rules, has_meld, seat) -> bool:
    """``turn_search.pile_card_tablable`` as it was (main 290b3e1)."""
    card = cards[0]
    aw = rules.ace_wraps
    if card != JOKER:
        direct = not rules.deep_card_must_start_meld and (has_meld or not rules.layoff_requires_own_meld)
        if direct and any(card in open_cards(m, aw) for m in table):
            return True
    if not P.could_ever_table(cards, card, table, rules):
        return False
    for plan in P.committed_plans(cards, card, table, rules, has_meld, seat):
        if P.simulate(cards, table, plan, seat, aw) is not None:
            return True
    return P.exhaustive_plan(cards, card, None, table, rules, has_meld, seat, finish=False) is not None


def old_shuffle(cards, rng) -> None:
    """``cards.shuffle`` as it was (main 290b3e1)."""
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = rng.getrandbits(bits)
        while j >= n:
            j = rng.getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def old_copy(meld: Meld) -> Meld:
    """``Meld.copy`` as it was (main 290b3e1)."""
    m = Meld(meld.kind, meld.owner, list(meld.cards), suit=meld.suit, lo=meld.lo,
             hi=meld.hi, rank=meld.rank, suits=meld.suits)
    m.layers = list(meld.layers)
    return m


def positions(rules: dict, games: int = 6, players: int = 2):
    """Every state of seeded random hands under ``rules`` (the game, before each step)."""
    rng = random.Random(f"fast-checks:{sorted(rules.items())}:{players}")
    for _ in range(games):
        game = Game.new([f"P{i}" for i in range(players)], RuleSet.from_dict(rules), seed=rng.getrandbits(32))
        while game.hand.ended is None:
            yield game
            random_step(game, rng, meld_rate=0.7, take_rate=0.5, rummy_rate=0.5)


@pytest.mark.parametrize("rules", VARIANTS)
def test_every_play_is_judged_as_the_full_search_judged_it(rules):
    judged = refused = 0
    for game in positions(rules, players=3 if rules.get("going_out") == "float" else 2):
        h = game.hand
        if h.phase is not Phase.PLAY:
            continue
        seat = h.current
        for a in P.all_plays(h.hands[seat], h.table, h.rules, h.has_melded[seat], seat):
            assert h.is_legal(a) == old_play_is_legal(h, a), (a, h.snapshot())
            judged += 1
            refused += not h.is_legal(a)
    assert judged > 100
    assert refused or rules.get("layoff_requires_own_meld")  # refusals reached (that variant lists none here)


@pytest.mark.parametrize("rules", VARIANTS)
def test_the_pile_test_of_a_rummy_call_answers_as_before(rules):
    asked = passed = 0
    for game in positions(rules, games=4):
        h = game.hand
        for k in range(1, len(h.discard) + 1):
            taken = h.discard[-k:]
            for has_meld in (False, True):
                got = P.pile_card_tablable(taken, h.table, h.rules, has_meld, 0)
                assert got == old_pile_card_tablable(taken, h.table, h.rules, has_meld, 0), (
                    [card_token(c) for c in taken], h.table, has_meld)
                asked += 1
                passed += got
    assert asked > 100 and passed


def old_find_plan(hand, committed, single_taken, table, rules, has_meld, seat):
    """``turn_search.find_plan`` as it was before 2405a0a, for a committed
    card (R9): the constructive search first, ``could_ever_table`` only
    before the exhaustive search."""
    keep_one = rules.going_out == "discard_required"
    for plan in P.committed_plans(hand, committed, table, rules, has_meld, seat):
        sim = P.simulate(hand, table, plan, seat, rules.ace_wraps)
        if sim is None:
            continue
        h2, t2, made = sim
        if not h2:
            if keep_one:
                continue
            return plan
        rest = P.finish_plan(h2, single_taken, t2, rules, has_meld or made, seat)
        if rest is not None:
            return plan + rest
    if not P.could_ever_table(hand, committed, table, rules):
        return None
    return P.exhaustive_plan(hand, committed, single_taken, table, rules, has_meld, seat)


@pytest.mark.parametrize("rules", VARIANTS)
def test_a_committed_card_s_plan_is_the_one_found_before_and_the_quick_test_comes_first(rules, monkeypatch):
    """R9: ``find_plan`` asks ``could_ever_table`` before it builds any plan
    for the committed card (a third of the benchmark's searches are for a
    card no play could table), and answers as the older order answered:
    the same plan, or None, for every held card taken as the committed card
    of a play phase, with and without a meld of the seat's own."""
    built = []
    real_plans = P.committed_plans

    def counted_plans(*args, **kwargs):
        built.append(args[1])
        return real_plans(*args, **kwargs)

    monkeypatch.setattr(P, "committed_plans", counted_plans)
    asked = refused_quickly = found = 0
    for game in positions(rules, games=4):
        h = game.hand
        if h.phase is not Phase.PLAY:
            continue
        seat = h.current
        hand = h.hands[seat]
        for card in sorted(set(hand)):
            for has_meld in (False, True):
                expected = old_find_plan(hand, card, h.single_taken, h.table, h.rules, has_meld, seat)
                built.clear()  # count only what find_plan builds
                got = P.find_plan(hand, card, h.single_taken, h.table, h.rules, has_meld, seat)
                assert got == expected, ([card_token(c) for c in hand], card_token(card), h.table, has_meld)
                asked += 1
                found += got is not None
                if not P.could_ever_table(hand, card, h.table, h.rules):
                    assert got is None and not built  # refused before a single plan was built
                    refused_quickly += 1
    assert asked > 100 and found and refused_quickly


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 52), max_size=6), st.one_of(st.none(), st.integers(0, 52)),
       st.one_of(st.none(), st.integers(0, 52)), st.booleans())
def test_a_plain_discard_left_is_one_the_turn_search_allows(hand, single, committed, unplayable):
    """``discard_left`` says True only where the search's first answer is a discard now."""
    rules = RuleSet.from_dict({"final_discard_unplayable": unplayable})
    h = SimpleNamespace(single_taken=single)
    table = [Meld("set", 1, [0, 13, 26], rank=1, suits=0b0111)]  # the AS would lay off on it
    if discard_left(h, hand, committed):
        assert committed is None
        assert P.finish_plan(hand, single, table, rules, True, 0, extra=False) == []


def test_the_shuffle_deals_as_before():
    for seed in range(200):
        pack = build_pack(1 + seed % 2, seed % 3)
        ours, theirs = list(pack), list(pack)
        shuffle(ours, random.Random(seed))
        old_shuffle(theirs, random.Random(seed))
        assert ours == theirs


def test_a_meld_copy_is_the_meld_and_its_open_cards_follow_what_is_added():
    rng = random.Random(5)
    checked = 0
    for game in positions({"ace_wraps": True}, games=3):
        for m in game.hand.table:
            open_cards(m, True)  # remember the open cards on the original
            ours, theirs = m.copy(), old_copy(m)
            for slot in Meld.__slots__[:-1]:
                assert getattr(ours, slot) == getattr(theirs, slot)
            assert ours.cards is not m.cards and ours.layers is not m.layers
            assert open_cards(ours, True) == _open_cards(theirs, True)
            fits = [c for c in range(52) if layoff_position(ours, c, True) is not None]
            if fits:
                c = rng.choice(fits)
                add_to_meld(ours, c, 1, True)
                add_to_meld(theirs, c, 1, True)
                assert open_cards(ours, True) == _open_cards(theirs, True)
                assert open_cards(m, True) == _open_cards(m, True)  # the original is untouched
                checked += 1
    assert checked > 10


def test_the_reshuffle_generator_is_made_when_asked_for_and_is_the_one_it_was():
    game = Game.new(["a", "b"], RuleSet.from_dict({}), seed=8)
    h = game.hand
    copy = h.clone()
    assert h._rng is None and copy._rng is None  # nothing reshuffled yet: no generator made
    assert h.rng.getstate() == random.Random(f"reshuffle:{h.seed}").getstate()
    assert copy.rng.getstate() == h.rng.getstate()  # a clone made before still shuffles the same
    h.rng.random()
    again = h.clone()
    assert again.rng.getstate() == h.rng.getstate() and again.rng is not h.rng
    assert h.snapshot()["rng"] == repr(h.rng.getstate())


def test_a_sampled_world_reshuffles_from_its_own_draw_as_before():
    game = Game.new(["a", "b"], RuleSet.from_dict({}), seed=9)
    view = view_for(game, 0)
    world = sample_world(view, random.Random(3))
    rng = random.Random(3)
    unseen = sorted(view.unseen().elements())
    shuffle(unseen, rng)
    assert world.rng.getstate() == random.Random(rng.getrandbits(64)).getstate()


def test_known_cards_are_counted_as_counter_update_counted_them_and_clones_keep_their_own():
    game = Game.new(["a", "b"], RuleSet.from_dict({}), seed=4)
    h = game.hand
    h.remember(1, [5, 5, JOKER, 7])
    assert h.known[1] == Counter([5, 5, JOKER, 7]) and type(h.known[1]) is Counter
    copy = h.clone()
    h.forget(1, [5, JOKER, 9])
    assert h.known[1] == Counter([5, 7]) and JOKER not in h.known[1]
    assert copy.known[1] == Counter([5, 5, JOKER, 7]) and type(copy.known[1]) is Counter
    assert copy.known[0] == Counter() and copy.known[0] is not h.known[0]
