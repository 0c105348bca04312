"""Deal codes (issue 24, part 3): they round-trip, fit in 40 characters, refuse
another version or player count with one sentence, and two games started from
one code deal the same hands whoever plays them."""

from __future__ import annotations

import random

import pytest

from game.i18n import set_language
from game.play.table_session import Seat, TableSession
from game.rules.game import Game
from game.rules.cards import tokens
from game.rules.random_play import random_step
from game.rules.ruleset import CHOICES, MAX_TARGET, PROFILES, RuleSet
from game.services.deal_code import (MAX_LENGTH, DealCodeError, decode, encode, game_code, rules_number,
                                     rules_of_number, version_tag)
from helpers import random_rules


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def every_rules_sample(rng: random.Random, n: int) -> list[RuleSet]:
    out = [RuleSet(), *PROFILES.values(), RuleSet(target=1), RuleSet(target=MAX_TARGET)]
    for _ in range(n):
        values = {key: rng.choice(values) for key, values in CHOICES.items()}
        out.append(RuleSet(**values, target=rng.randint(1, MAX_TARGET)))
    return out


def test_a_code_round_trips_and_fits_in_forty_characters():
    rng = random.Random(24)
    for rules in every_rules_sample(rng, 300):
        players = rng.randint(2, 8)
        seed = rng.choice([0, 1, (1 << 63) - 1, rng.getrandbits(63)])
        code = encode(players, rules, seed)
        assert len(code) <= MAX_LENGTH, code
        got = decode(code, players)
        assert (got.players, got.rules, got.seed) == (players, rules, seed)
        assert decode(" " + code.lower() + " ", players) == got  # spaces and case don't matter
        assert rules_of_number(rules_number(rules)) == rules


@pytest.mark.parametrize("version", ["0.1.0", "10.20.30", "1.0.0rc1", "2026.12.1.dev345+g1234567"])
def test_every_version_fits(version):
    code = encode(8, RuleSet(decks=2, target=MAX_TARGET), (1 << 63) - 1, version=version)
    assert len(code) <= MAX_LENGTH
    assert decode(code, 8, version=version).seed == (1 << 63) - 1
    assert version_tag(version) in code


def test_another_version_is_refused_with_one_sentence():
    code = encode(4, RuleSet(), 12345, version="0.0.9")
    with pytest.raises(DealCodeError) as info:
        decode(code, 4)
    assert str(info.value) == ("That deal code is from version 0.0.9 of the game, which deals differently "
                               "from this one (0.1.0).")
    long_one = encode(4, RuleSet(), 12345, version="2026.12.1.dev345+g1234567")
    with pytest.raises(DealCodeError, match="another version"):
        decode(long_one, 4)


def test_another_player_count_is_refused_with_one_sentence():
    code = encode(3, RuleSet(), 99)
    with pytest.raises(DealCodeError) as info:
        decode(code, 4)
    assert str(info.value) == "That deal code is for 3 players: choose 3 players to play it."


def test_a_typing_mistake_or_no_code_at_all_is_refused():
    code = encode(2, PROFILES["fives"], 2024)
    body = code.rsplit("-", 1)[1]
    for i in range(len(body)):  # any one letter changed
        wrong = body[:i] + ("A" if body[i] != "A" else "B") + body[i + 1:]
        with pytest.raises(DealCodeError, match="mistake"):
            decode(code.rsplit("-", 1)[0] + "-" + wrong, 2)
    for junk in ["", "hello", "R5-0.1.0-2", code[:-1], code + "AAAAAAAA", "R5-0.1.0-x-" + body]:
        with pytest.raises(DealCodeError) as info:
            decode(junk, 2)
        assert str(info.value).count(". ") == 0 and str(info.value).endswith(".")


@pytest.mark.parametrize("lang", ["cy", "ka"])
def test_the_refusals_are_translated(lang):
    set_language(lang)
    with pytest.raises(DealCodeError) as info:
        decode(encode(3, RuleSet(), 1), 4)
    assert "deal code" not in str(info.value) and "3" in str(info.value)


def deals(session: TableSession, hands: int, rng: random.Random) -> list[tuple]:
    """The deal of each of the first ``hands`` hands, the hands played by random legal moves."""
    game = session.game
    out = []
    while True:
        h = game.hand
        out.append((h.dealer, tuple(tuple(tokens(x)) for x in h.deal[0]), tuple(tokens(h.deal[1])),
                    tuple(tokens(h.deal[2]))))
        if len(out) == hands or game.winner is not None:
            return out
        while game.hand.ended is None:
            random_step(game, rng)
        if game.winner is not None:
            return out
        game.deal_next_hand()


@pytest.mark.parametrize("players", [2, 4])
def test_two_games_with_one_code_deal_the_same_hands(players):
    """The first game's code starts a second game, against other opponents and played otherwise:
    its first three deals are the first game's."""
    rules = random_rules(random.Random(players), players)
    first = TableSession([Seat("You", "human")] + [Seat(f"C{i}", "easy") for i in range(players - 1)], rules,
                         seed=players * 7, use_workers=False)
    code = encode(players, rules, first.seed)
    played = deals(first, 3, random.Random(1))
    got = decode(code, players)
    second = TableSession([Seat("Friend", "human")] + [Seat(f"D{i}", "hard") for i in range(players - 1)],
                          got.rules, table_seed=got.seed, use_workers=False)
    assert second.game.rules == rules
    assert deals(second, 3, random.Random(2)) == played
    other = TableSession([Seat("You", "human")] + [Seat(f"C{i}", "easy") for i in range(players - 1)], rules,
                         seed=players * 7 + 1, use_workers=False)
    assert deals(other, 1, random.Random(1)) != played[:1]  # another seed: other deals (the test can fail)
    for s in (first, second, other):
        s.close()


def test_a_finished_games_code_deals_it_again_and_no_other_game_has_one():

    rules = RuleSet(target=60)
    seed = 123456789
    game = Game.new(["A", "B", "C"], rules, rng=random.Random(seed))
    assert game_code(game, seed) is None  # not over: a code would tell the deals to come
    rng = random.Random(5)
    while game.winner is None:
        while game.hand.ended is None:
            random_step(game, rng)
        if game.winner is None:
            game.deal_next_hand()
    code = game_code(game, seed)
    assert code is not None and decode(code, 3).seed == seed
    assert game_code(game, seed + 1) is None  # a seed that did not deal this game (an older save's)


def test_a_code_copied_by_hand_with_digits_for_letters_still_reads():
    seeded = encode(4, RuleSet(), 0o1234567012345670123)
    assert any(ch in seeded.rsplit("-", 1)[1] for ch in "OIB")
    head, body = seeded.rsplit("-", 1)
    assert decode(head + "-" + body.replace("O", "0").replace("I", "1").replace("B", "8"), 4) == decode(seeded, 4)
