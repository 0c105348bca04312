"""Issue 25 part 4 gates: the engine's faster paths answer as the plain
code they replaced, on random hands and melds. Each reference below is the
replaced code kept word for word (or the rule it computes, written out),
so a fast path that drifts from it fails here."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.cards import JOKER, JOKER_TABLED, rank_of
from game.rules.meld_masks import (
    CARD_BIT, SUIT_LISTS, any_meld, any_meld_bits, any_meld_masks, could_meld_with, hand_bits, hand_masks
)
from game.rules.melds import RUN, Meld, _classify, classify, enumerate_melds, first_meld, hand_value, meld_card_values
from game.rules.ruleset import RuleSet
from game.rules.turn_search import _can_discard_now

hand_cards = st.lists(st.integers(0, 52), max_size=18)
cards_of_one_suit = st.lists(st.integers(0, 12), max_size=10)


def old_any_meld_masks(masks, rank_suits, jokers, ace_wraps):
    """``any_meld_masks`` as it was (main c85f959)."""
    if not any(masks):
        return False
    if jokers >= 2:
        return True
    need = 3 - jokers
    for sm in rank_suits:
        if len(SUIT_LISTS[sm]) >= need:
            return True
    for m in masks:
        if not m:
            continue
        m |= (m & 1) << 13
        if ace_wraps:
            m |= m << 13
        if jokers:
            if m & (m >> 1) or m & (m >> 2):
                return True
        elif m & (m >> 1) & (m >> 2):
            return True
    return False


def old_hand_masks(hand):
    """``hand_masks`` as it was."""
    masks = [0, 0, 0, 0]
    rank_suits = [0] * 13
    jokers = 0
    for c in hand:
        if c == JOKER:
            jokers += 1
        else:
            r0 = c % 13
            masks[c // 13] |= 1 << r0
            rank_suits[r0] |= 1 << (c // 13)
    return masks, rank_suits, jokers


def old_could_meld_with(hand, card, ace_wraps=False):
    """``could_meld_with`` and its ``_could_join`` as they were."""
    r0 = card % 13
    s0 = card // 13
    jokers = 0
    suits = 0
    m = 0
    for c in hand:
        if c == JOKER:
            jokers += 1
        elif c % 13 == r0:
            suits |= 1 << (c // 13)
        if c != JOKER and c // 13 == s0:
            m |= 1 << (c % 13)
    if jokers >= 2:
        return True
    others = bin(suits & ~(1 << s0)).count("1")
    if others + jokers >= 2:
        return True
    m |= (m & 1) << 13
    top = 13
    if ace_wraps:
        m |= m << 13
        top = 26
    m &= ~(1 << r0)
    places = [r0, r0 + 13] if (ace_wraps or r0 == 0) else [r0]
    for q in places:
        for a in (q - 2, q - 1, q):
            if a < 0 or a + 2 > top:
                continue
            missing = sum(1 for x in (a, a + 1, a + 2) if x != q and not m >> x & 1)
            if missing <= jokers:
                return True
    return False


def old_hand_value(card, scoring="standard"):
    """``hand_value`` as it was (R19)."""
    if card == JOKER or card >= JOKER_TABLED:
        return 15
    r = rank_of(card)
    if r == 1:
        return 15
    if r >= 10:
        return 10
    return 5 if scoring == "fives" else r


def old_meld_card_values(meld, scoring="standard"):
    """``meld_card_values`` as it was (R19)."""
    values = []
    for i, c in enumerate(meld.cards):
        if c >= JOKER_TABLED:
            values.append(15)
        elif meld.kind == RUN and i == 0 and meld.lo == 1:
            values.append(5 if scoring == "fives" else 1)
        else:
            values.append(old_hand_value(c, scoring))
    return values


@settings(max_examples=3000, deadline=None)
@given(hand_cards, st.booleans())
def test_any_meld_on_one_mask_answers_as_the_suit_masks(hand, ace_wraps):
    expected = old_any_meld_masks(*old_hand_masks(hand), ace_wraps)
    assert any_meld(hand, ace_wraps) == expected
    assert any_meld(tuple(hand), ace_wraps) == expected
    assert any_meld(iter(hand), ace_wraps) == expected
    assert any_meld_masks(*hand_masks(hand), ace_wraps) == expected
    assert hand_masks(hand) == old_hand_masks(hand)
    assert any_meld_bits(hand_bits(hand), hand.count(JOKER), ace_wraps) == expected
    assert hand_bits(hand) == sum(1 << (c // 13 * 16 + c % 13) for c in set(hand) if c != JOKER)
    assert all(bool(CARD_BIT[c] & hand_bits(hand)) == (c in hand) for c in range(52))


@settings(max_examples=2000, deadline=None)
@given(hand_cards, st.booleans())
def test_the_first_meld_is_the_enumerator_s_first(hand, ace_wraps):
    listed = enumerate_melds(hand, ace_wraps, first=True)
    assert first_meld(hand, ace_wraps) == (listed[0] if listed else None)


@settings(max_examples=2000, deadline=None)
@given(cards_of_one_suit, st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_any_meld_finds_runs_at_every_corner(ranks, suit, jokers, ace_wraps):
    """Runs only (one suit), where the lanes of the mask meet: the ace high
    and, with ace_wraps, the ranks round the corner."""
    hand = [suit * 13 + r for r in ranks] + [JOKER] * jokers
    assert any_meld(hand, ace_wraps) == old_any_meld_masks(*old_hand_masks(hand), ace_wraps)


@settings(max_examples=3000, deadline=None)
@given(hand_cards, st.integers(0, 51), st.booleans())
def test_could_meld_with_answers_as_before(hand, card, ace_wraps):
    hand = hand + [card]
    assert could_meld_with(hand, card, ace_wraps) == old_could_meld_with(hand, card, ace_wraps)


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.one_of(st.integers(0, 52), st.integers(JOKER_TABLED, JOKER_TABLED + 51)), max_size=6),
       st.booleans())
def test_a_remembered_classify_gives_the_same_fresh_meld(cards, ace_wraps):
    cards = tuple(cards)
    fresh, fresh_reason = _classify(cards, ace_wraps)
    for _ in range(2):  # the first call works it out, the second remembers
        meld, reason = classify(cards, ace_wraps)
        assert reason == fresh_reason and getattr(reason, "rule", None) == getattr(fresh_reason, "rule", None)
        if fresh is None:
            assert meld is None
            continue
        assert (meld.kind, meld.owner, meld.cards, meld.layers, meld.suit, meld.lo, meld.hi, meld.rank,
                meld.suits) == (fresh.kind, fresh.owner, fresh.cards, fresh.layers, fresh.suit, fresh.lo,
                                fresh.hi, fresh.rank, fresh.suits)
        meld.cards.append(0)  # a caller's change to its meld never reaches the next caller's
        meld.layers.append(0)


@given(st.integers(0, JOKER_TABLED + 51), st.sampled_from(["standard", "fives"]))
def test_hand_values_from_the_table_are_the_rule(card, scoring):
    if JOKER < card < JOKER_TABLED:
        return  # no card has these codes
    assert hand_value(card, scoring) == old_hand_value(card, scoring)


@settings(max_examples=1000, deadline=None)
@given(st.data(), st.sampled_from(["standard", "fives"]), st.booleans())
def test_meld_values_from_the_table_are_the_rule(data, scoring, ace_wraps):
    cards = tuple(data.draw(st.lists(st.one_of(st.integers(0, 51), st.integers(JOKER_TABLED, JOKER_TABLED + 51)),
                                     min_size=3, max_size=6)))
    meld, _ = classify(cards, ace_wraps)
    if meld is None:
        return
    assert meld_card_values(meld, scoring) == old_meld_card_values(meld, scoring)


def test_a_low_ace_run_scores_its_ace_one_and_a_joker_ace_fifteen():
    run = Meld(RUN, 0, [0, 1, 2], suit=0, lo=1, hi=3)
    assert meld_card_values(run) == [1, 2, 3]
    assert meld_card_values(run, "fives") == [5, 5, 5]
    joker_ace = Meld(RUN, 0, [JOKER_TABLED + 0, 1, 2], suit=0, lo=1, hi=3)
    assert meld_card_values(joker_ace) == [15, 2, 3]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=2, max_size=8), st.one_of(st.none(), st.integers(0, 52)))
def test_the_discard_test_answers_as_before(hand, single_taken):
    rules = RuleSet()
    assert _can_discard_now(hand, single_taken, [], rules, True) == any(d != single_taken for d in hand)
    assert _can_discard_now(tuple(hand), single_taken, [], rules, True) == any(d != single_taken for d in hand)
    same = [hand[0]] * len(hand)
    assert _can_discard_now(same, hand[0], [], rules, True) is False


def test_actions_and_events_made_by_the_fast_init_are_the_same_frozen_values():
    import dataclasses
    import pickle

    from game.rules.actions import Discard, DrawStock, TableMeld
    from game.rules.events import Discarded
    from game.rules.fast_init import fast_init

    a = Discard(1, 7)
    assert a == Discard(seat=1, card=7) and hash(a) == hash(Discard(1, 7)) and repr(a) == "Discard(seat=1, card=7)"
    assert pickle.loads(pickle.dumps(a)) == a and dataclasses.replace(a, card=9) == Discard(1, 9)
    assert TableMeld(0, (1, 2, 3)).cards == (1, 2, 3) and DrawStock(2).seat == 2
    assert Discarded(1, "7H").card == "7H"
    try:
        a.card = 3
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("an action must stay frozen")
    try:
        Discard(1)
    except TypeError as exc:
        assert "card" in str(exc)
    else:
        raise AssertionError("a missing field must be refused")

    @dataclasses.dataclass(frozen=True)
    class WithDefault:
        seat: int = 0

    try:
        fast_init(WithDefault)
    except TypeError as exc:
        assert "WithDefault" in str(exc)
    else:
        raise AssertionError("a field with a default is not supported and must say so")


def old_deal(pack, players, size, dealer):
    """``deal_cards``' dealing loop as it was: one card at a time from the seat left of the dealer (R4)."""
    hands = [[] for _ in range(players)]
    pos = 0
    for _ in range(size):
        for i in range(players):
            hands[(dealer + 1 + i) % players].append(pack[pos])
            pos += 1
    return hands, [pack[pos]], pack[pos + 1:]


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8), st.integers(0, 7), st.integers(0, 2**32 - 1), st.sampled_from(["auto", 2]))
def test_the_deal_is_dealt_one_card_at_a_time(players, dealer, seed, decks):
    import random

    from game.rules.cards import build_pack, shuffle
    from game.rules.hand import deal_cards

    dealer %= players
    rules = RuleSet(decks=decks)
    pack = build_pack(rules.deck_count(players), rules.jokers_per_deck)
    shuffle(pack, random.Random(seed))
    assert deal_cards(rules, players, dealer, seed) == old_deal(pack, players, rules.hand_size(players), dealer)


def test_scores_are_the_sums_of_the_card_points():
    """``HandState.scores`` sums as it goes; :meth:`card_points` lists: they
    agree on hands stopped at random points and on finished ones."""
    import random

    from game.rules.game import Game
    from game.rules.random_play import random_step

    rng = random.Random(3)
    tabled_any = 0
    for players, rules in ((2, {}), (4, {"scoring": "fives"}), (3, {"ace_wraps": True, "going_out": "float"})):
        for _ in range(40):
            game = Game.new([f"P{i}" for i in range(players)], RuleSet.from_dict(rules), seed=rng.getrandbits(32))
            h = game.hand
            for _step in range(rng.randrange(1, 300)):
                if h.ended is not None:
                    break
                random_step(game, rng)
            tabled_any += bool(h.table)
            for seat, got in enumerate(h.scores()):
                tabled, held = h.card_points(seat)
                t, k = sum(v for _c, v in tabled), sum(v for _c, v in held)
                assert got == {"tabled": t, "in_hand": k, "hand": t - k}
    assert tabled_any > 60  # most hands had melds on the table to score


@settings(max_examples=2000, deadline=None)
@given(hand_cards, st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_a_remembered_enumeration_is_the_enumeration(hand, ace_wraps, every, stand_in, first):
    """``enumerate_melds`` remembers its answers by the hand's bits and
    jokers: asked twice, and after the first answer was changed by its
    caller, it answers as the enumeration over the hand's masks does."""
    from game.rules.melds import _melds_from_masks

    masks, rank_suits, jokers = hand_masks(hand)
    plain = _melds_from_masks(masks, rank_suits, jokers, ace_wraps, range(13), range(4),
                              every or stand_in, stand_in, first, None, None)
    kw = {"every_declaration": every, "stand_in": stand_in, "first": first}
    got = enumerate_melds(hand, ace_wraps, **kw)
    assert got == plain
    got.append((0, 1, 2))  # a caller's change (melds_with sorts its list) is not remembered
    got.reverse()
    assert enumerate_melds(list(reversed(hand)), ace_wraps, **kw) == plain
    assert enumerate_melds(tuple(hand), ace_wraps, **kw) == plain


def old_unseen(view):
    """``PlayerView.unseen`` as it was (main 99ba4c7), by ``Counter.subtract``."""
    from collections import Counter

    from game.rules.cards import build_pack, in_hand_card

    pack = Counter(build_pack(view.rules.deck_count(view.players), view.rules.jokers_per_deck))
    pack.subtract(view.hand)
    pack.subtract(view.discard)
    for m in view.table:
        pack.subtract(in_hand_card(t) for t in m.cards)
    for s, cards in enumerate(view.known):
        if s != view.seat:
            pack.subtract(cards)
    return +pack


def test_the_unseen_cards_are_counted_as_before_in_the_same_order():
    """Every seat's view, at every step of random hands under one and two
    decks, with and without jokers: the same cards, counts and order."""
    import random

    from game.rules.game import Game
    from game.rules.random_play import random_step
    from game.rules.view import view_for

    rng = random.Random(25)
    views = known = 0
    for players, rules in ((2, {}), (4, {"jokers_per_deck": 0}), (6, {}), (3, {"decks": 2, "ace_wraps": True})):
        for _ in range(6):
            game = Game.new([f"P{i}" for i in range(players)], RuleSet.from_dict(rules), seed=rng.getrandbits(32))
            while game.hand.ended is None:
                random_step(game, rng)
                for seat in range(players):
                    view = view_for(game, seat)
                    assert list(view.unseen().items()) == list(old_unseen(view).items())
                    views += 1
                    known += any(view.known[s] for s in range(players) if s != seat)
    assert views > 1000 and known > 100  # cards known to be held were counted out too


def test_the_pack_counts_are_the_pack_s():
    """``pack_counts``, which ``PlayerView.unseen`` starts from, is
    ``build_pack``'s pack counted by card code (R2)."""
    from collections import Counter

    from game.rules.cards import build_pack, pack_counts

    for decks in (1, 2):
        for jokers in (0, 1, 2):
            pack = Counter(build_pack(decks, jokers))
            assert list(pack_counts(decks, jokers)) == [pack[c] for c in range(JOKER + 1)]


def test_the_remembered_enumerations_are_right_after_the_memory_is_emptied(monkeypatch):
    """With room for three answers the memory empties again and again; each
    answer is still the enumeration's, and the memory never holds more."""
    import random

    from game.rules import melds

    monkeypatch.setattr(melds, "_ENUMERATED", {})
    monkeypatch.setattr(melds, "_ENUMERATED_SIZE", 3)
    rng = random.Random(12)
    hands = [[rng.randrange(53) for _ in range(rng.randrange(3, 15))] for _ in range(40)]
    emptied = 0
    for hand in hands * 3:
        masks, rank_suits, jokers = hand_masks(hand)
        plain = melds._melds_from_masks(masks, rank_suits, jokers, False, range(13), range(4),
                                        False, False, False, None, None)
        before = len(melds._ENUMERATED)
        assert enumerate_melds(hand) == plain
        emptied += len(melds._ENUMERATED) < before
        assert len(melds._ENUMERATED) <= 3
    assert emptied  # the emptying was reached
