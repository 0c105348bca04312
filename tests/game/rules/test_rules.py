"""Rules tests: every rule R1–R21 and every variant key of ``rules.md``, every
error code of ``game-record.md`` and its precedence order.

Positions are set up as game records with an explicit deal (small hands, no
jokers unless a test needs them). Actions are written in a short script::

    "0 stock; 0 take 2; 0 meld 4H 4S 4D; 0 layoff 8H 0; 0 discard 9C; 2 rummy 1; 1 end"

Every refused action is checked to leave the game exactly as it was
(``Game.snapshot()`` before and after).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.rules.actions import action_from_record
from game.rules.cards import JOKER, build_pack, card_token, parse_card, shuffle, tokens
from game.rules.game import Game
from game.rules.phase import Phase, rummy_winner
from game.rules.hand import deal_cards
from game.errors import PRECEDENCE, IllegalMove
from game.rules.events import Floated, RummyCalled, StockReshuffled
from game.rules.melds import hand_value
from game.rules.record import game_from_record, replay
from game.rules.ruleset import CHOICES, RuleSet

# --------------------------------------------------------------------------- helpers


def acts(script: str) -> list[dict]:
    """Record action objects from a short script (see the module docstring)."""
    out = []
    for part in script.split(";"):
        w = part.split()
        if not w:
            continue
        p, kind, args = int(w[0]), w[1], w[2:]
        if kind == "stock":
            out.append({"p": p, "draw": "stock"})
        elif kind == "take":
            out.append({"p": p, "take": int(args[0])})
        elif kind == "rummy":
            out.append({"p": p, "rummy": int(args[0])})
        elif kind == "end":
            out.append({"p": p, "end": True})
        elif kind == "meld":
            out.append({"p": p, "meld": args})
        elif kind == "layoff":
            out.append({"p": p, "layoff": args[0], "onto": int(args[1])})
        elif kind == "discard":
            out.append({"p": p, "discard": args[0]})
        else:  # pragma: no cover - a typo in a test
            raise ValueError(part)
    return out


def rec(hands, discard="", stock="", actions="", rules=None, dealer=None, scores=None, more_hands=()):
    """A record of one hand (plus ``more_hands``) with an explicit deal.

    ``hands`` are space-separated tokens, one string per seat; the dealer is
    the last seat by default, so seat 0 plays first. Jokers are off unless
    ``rules`` says otherwise."""
    n = len(hands)
    r = {
        "format": "rummy500/1",
        "rules": {"jokers_per_deck": 0, **(rules or {})},
        "players": [f"P{i}" for i in range(n)],
        "hands": [{
            "dealer": n - 1 if dealer is None else dealer,
            "deal": {"hands": [h.split() for h in hands], "discard": discard.split(), "stock": stock.split()},
            "actions": acts(actions),
        }, *more_hands],
    }
    if scores is not None:
        r["scores"] = scores
    return r


def new(hands, discard="", stock="", actions="", **kw) -> Game:
    """A live game at the position the record reaches."""
    return game_from_record(rec(hands, discard, stock, actions, **kw))


def do(g: Game, script: str) -> list:
    """Apply every action of ``script``; return all the events."""
    events = []
    for a in acts(script):
        events += g.apply(action_from_record(a, g.players))
    return events


def refuse(g: Game, step: str, code: str, rule: str | None = None) -> IllegalMove:
    """Apply one action that must be refused with ``code`` (and ``rule``),
    leaving the game unchanged."""
    (a,) = acts(step)
    action = action_from_record(a, g.players)
    before = g.snapshot()
    with pytest.raises(IllegalMove) as info:
        g.apply(action)
    err = info.value
    assert err.code == code, f"{step}: got {err.code} ({err.rule}: {err.message}), want {code}"
    if rule is not None:
        assert err.rule == rule, f"{step}: rule {err.rule}, want {rule}"
    assert err.message
    assert g.snapshot() == before, f"{step} was refused but changed the game"
    return err


def legal(g: Game, step: str) -> bool:
    (a,) = acts(step)
    return g.hand.is_legal(action_from_record(a, g.players))


def held(g: Game, seat: int) -> list[str]:
    return sorted(tokens(g.hand.hands[seat]))


def cards(s: str) -> list[str]:
    return sorted(s.split())


def pile(g: Game) -> list[str]:
    return tokens(g.hand.discard)


def table(g: Game) -> list[tuple[list[str], int]]:
    return [(m.tokens(), m.owner) for m in g.hand.table]


def tabled(g: Game) -> list[int]:
    return [s["tabled"] for s in g.hand.scores()]


def in_hand(g: Game) -> list[int]:
    return [s["in_hand"] for s in g.hand.scores()]


def where(g: Game) -> tuple:
    """(seat to act, phase) of the game."""
    return g.current, g.phase


# ===================================================================== R1 players


def test_r1_play_passes_left_round_the_table():
    g = new(["2C 3C", "4D 5D", "6H 7H", "8S 9S"], "KS", "AC AD AH AS 2D 2H", dealer=1)
    order = []
    for _ in range(4):
        s = g.current
        order.append(s)
        first = card_token(g.hand.hands[s][0])
        do(g, f"{s} stock; {s} discard {first}")
    assert order == [2, 3, 0, 1]
    assert where(g) == (2, Phase.DRAW)


def test_r1_seat_left_of_last_seat_is_seat_zero():
    g = new(["2C 3C", "4D 5D", "6H 7H"], "KS", "AC AD AH", dealer=1)
    assert g.current == 2
    do(g, "2 stock; 2 discard 6H")
    assert where(g) == (0, Phase.DRAW)


@pytest.mark.parametrize("n", [1, 9])
def test_r1_two_to_eight_players_only(n):
    with pytest.raises(ValueError):
        Game([f"P{i}" for i in range(n)])
    out, status = replay({"format": "rummy500/1", "players": [f"P{i}" for i in range(n)],
                          "hands": [{"dealer": 0, "seed": 1}]})
    assert status == 2 and out["error"]["code"] == "bad_record"


@pytest.mark.parametrize("n", range(2, 9))
def test_r1_every_table_size_from_two_to_eight_plays(n):
    g = Game.new([f"P{i}" for i in range(n)], seed=n)
    assert len(g.hand.hands) == n
    assert g.current == (g.hand.dealer + 1) % n


# ======================================================================== R2 pack


def test_r2_decks_auto_one_deck_up_to_five_players_two_from_six():
    r = RuleSet()
    assert r.decks == "auto"
    assert [r.deck_count(n) for n in range(2, 9)] == [1, 1, 1, 1, 2, 2, 2]
    assert [r.pack_size(n) for n in (2, 5, 6, 8)] == [54, 54, 108, 108]
    assert RuleSet(decks=1).deck_count(7) == 1
    assert RuleSet(decks=2).deck_count(2) == 2


@pytest.mark.parametrize("players, rules, decks, jokers", [
    (2, {}, 1, 2),
    (5, {}, 1, 2),
    (6, {}, 2, 2),
    (8, {}, 2, 2),
    (2, {"jokers_per_deck": 0}, 1, 0),
    (3, {"jokers_per_deck": 1}, 1, 1),
    (7, {"jokers_per_deck": 1}, 2, 1),
    (2, {"decks": 2}, 2, 2),
    (6, {"decks": 1}, 1, 2),
    (4, {"decks": 2, "jokers_per_deck": 0}, 2, 0),
])
def test_r2_seeded_deal_uses_exactly_the_pack(players, rules, decks, jokers):
    g = Game.new([f"P{i}" for i in range(players)], RuleSet.from_dict(rules), seed=11)
    h = g.hand
    dealt = Counter(h.discard) + Counter(h.stock)
    for x in h.hands:
        dealt.update(x)
    assert dealt == Counter(build_pack(decks, jokers))
    assert dealt[JOKER] == decks * jokers
    assert sum(dealt.values()) == decks * (52 + jokers)


@pytest.mark.parametrize("rules, hands, ok", [
    ({}, ["AH AH", "2C"], False),                      # one deck: one AH
    ({"decks": 2}, ["AH AH", "2C"], True),             # two decks: two AH
    ({"decks": 2}, ["AH AH", "AH"], False),            # but never three
    ({"jokers_per_deck": 0}, ["JK", "2C"], False),
    ({"jokers_per_deck": 1}, ["JK", "2C"], True),
    ({"jokers_per_deck": 1}, ["JK", "JK"], False),
    ({"jokers_per_deck": 2}, ["JK JK", "2C"], True),
    ({"jokers_per_deck": 2}, ["JK JK", "JK"], False),
    ({"jokers_per_deck": 2, "decks": 2}, ["JK JK JK", "JK"], True),
])
def test_r2_deal_never_holds_more_copies_than_the_pack(rules, hands, ok):
    record = rec(hands, "9D", "8C", rules=rules)
    out, status = replay(record)
    if ok:
        assert status == 0 and out["ok"] is True
    else:
        assert status == 2 and out["error"]["code"] == "bad_record"


@pytest.mark.parametrize("players, rules, ok", [
    (8, {"decks": 1}, False),                            # 57 cards needed, 54 in the pack
    (8, {"decks": 1, "jokers_per_deck": 0}, False),
    (7, {"decks": 1, "jokers_per_deck": 0}, True),       # 50 needed, 52 in the pack
    (8, {}, True),                                       # auto: two decks
])
def test_r2_rule_set_whose_deal_needs_more_cards_than_its_pack_is_bad(players, rules, ok):
    record = {"format": "rummy500/1", "rules": rules, "players": [f"P{i}" for i in range(players)],
              "hands": [{"dealer": 0, "seed": 5}]}
    out, status = replay(record)
    if ok:
        assert status == 0 and out["hands"][0]["held"] == [7] * players
    else:
        assert status == 2 and out["error"]["code"] == "bad_record"


# ====================================================================== R3 dealer


def test_r3_first_dealer_is_chosen_at_random():
    dealers = [Game.new(["A", "B", "C", "D"], seed=s).hand.dealer for s in range(40)]
    assert set(dealers) == {0, 1, 2, 3}
    # the same seed gives the same game
    assert Game.new(["A", "B", "C"], seed=99).snapshot() == Game.new(["A", "B", "C"], seed=99).snapshot()


def test_r3_deal_passes_left_after_each_hand():
    g = new(["4H 4S 4C", "2C 3C 5D", "6H 7H 8S"], "KS", "9D 9C 9H", dealer=2)
    do(g, "0 stock; 0 meld 4H 4S 4C; 0 discard 9D")
    assert g.phase == Phase.HAND_OVER
    with pytest.raises(ValueError):
        g.deal_next_hand(dealer=2)  # the deal must pass left
    with pytest.raises(ValueError):
        g.deal_next_hand(dealer=1)
    assert g.hands[-1].dealer == 2 and len(g.hands) == 1
    g.deal_next_hand(seed=4)
    assert g.hand.dealer == 0 and g.current == 1 and g.hand.index == 1
    assert [len(x) for x in g.hand.hands] == [7, 7, 7]


def test_r3_record_whose_later_dealer_is_not_left_of_the_last_is_bad():
    first = rec(["4H 4S 4C", "2C 3C 5D", "6H 7H 8S"], "KS", "9D 9C 9H",
                "0 stock; 0 meld 4H 4S 4C; 0 discard 9D", dealer=2)
    good = json.loads(json.dumps(first))
    good["hands"].append({"dealer": 0, "seed": 3})
    out, status = replay(good)
    assert status == 0 and out["next"] == {"hand": 1, "player": 1, "phase": "draw"}
    for wrong in (1, 2):
        bad = json.loads(json.dumps(first))
        bad["hands"].append({"dealer": wrong, "seed": 3})
        out, status = replay(bad)
        assert status == 2 and out["error"]["code"] == "bad_record"


# ======================================================================== R4 deal


@pytest.mark.parametrize("players, rules, size, stock", [
    (2, {}, 13, 54 - 27),
    (2, {"two_player_hand_size": 10}, 10, 54 - 21),
    (2, {"jokers_per_deck": 0}, 13, 52 - 27),
    (3, {}, 7, 54 - 22),
    (3, {"two_player_hand_size": 10}, 7, 54 - 22),   # the variant is for two players only
    (4, {}, 7, 54 - 29),
    (5, {}, 7, 54 - 36),
    (6, {}, 7, 108 - 43),                            # two decks from six players (R2)
    (7, {}, 7, 108 - 50),
    (8, {}, 7, 108 - 57),
    (8, {"jokers_per_deck": 1}, 7, 106 - 57),
])
def test_r4_seeded_deal_shapes(players, rules, size, stock):
    dealer = players - 2
    record = {"format": "rummy500/1", "rules": rules, "players": [f"P{i}" for i in range(players)],
              "hands": [{"dealer": dealer, "seed": 12345, "actions": []}]}
    out, status = replay(record)
    assert status == 0
    h = out["hands"][0]
    assert h["held"] == [size] * players
    assert h["stock"] == stock
    assert len(h["discard"]) == 1            # one card turned face up
    assert h["table"] == [] and h["ended"] is None
    assert out["next"] == {"hand": 0, "player": players - 1, "phase": "draw"}   # R6
    again, _ = replay(record)
    assert again == out                      # the same seed deals the same way


@pytest.mark.parametrize("players", [2, 3, 6])
def test_r4_cards_dealt_one_at_a_time_starting_left_of_dealer(players):
    rules = RuleSet()
    size = rules.hand_size(players)
    for dealer in range(players):
        hands, discard, stock = deal_cards(rules, players, dealer, seed=77)
        pack = build_pack(rules.deck_count(players), rules.jokers_per_deck)
        shuffle(pack, random.Random(77))
        for i in range(players):
            seat = (dealer + 1 + i) % players
            assert hands[seat] == [pack[i + j * players] for j in range(size)]
        assert discard == [pack[players * size]]
        assert stock == pack[players * size + 1:]
    # the same shuffle with the next dealer: every hand moves one seat left
    h0, _, _ = deal_cards(rules, players, 0, seed=77)
    h1, _, _ = deal_cards(rules, players, 1, seed=77)
    assert all(h1[(s + 1) % players] == h0[s] for s in range(players))


def test_r4_stock_is_drawn_from_its_top_card_first():
    g = new(["4H 4S 8C", "5D 9S QC"], "9C 4D", "6C 3D")
    do(g, "0 stock")
    assert "6C" in held(g, 0) and tokens(g.hand.stock) == ["3D"]


# ==================================================================== R5 open pile


def test_r5_whole_discard_pile_is_visible_in_order():
    record = rec(["2C 3C 4C", "5D 6D 7D"], "KS QH", "8H 9H TH JH",
                 "0 stock; 0 discard 2C; 1 stock; 1 discard 5D; 0 stock; 0 discard 8H")
    out, status = replay(record)
    assert status == 0
    assert out["hands"][0]["discard"] == ["KS", "QH", "2C", "5D", "8H"]


# =================================================================== R6 first turn


@pytest.mark.parametrize("players, dealer", [(2, 0), (2, 1), (3, 2), (4, 1), (8, 7), (8, 3)])
def test_r6_player_left_of_dealer_plays_first(players, dealer):
    hands = [f"{r}C" for r in "23456789"][:players]
    g = new(hands, "KS", "KD KH", dealer=dealer)
    first = (dealer + 1) % players
    assert where(g) == (first, Phase.DRAW)
    refuse(g, f"{dealer} stock", "not_your_turn")
    do(g, f"{first} stock")
    assert where(g) == (first, Phase.PLAY)


# ====================================================================== R7 a turn


def test_r7_draw_comes_first():
    g = new(["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H 5S")
    refuse(g, "0 meld 4H 4S 4C", "wrong_phase", "R7")
    refuse(g, "0 discard 9D", "wrong_phase", "R7")
    refuse(g, "0 layoff 9D 0", "wrong_phase", "R7")


def test_r7_only_one_draw_per_turn():
    g = new(["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H 5S", "0 stock")
    refuse(g, "0 stock", "wrong_phase", "R7")
    refuse(g, "0 take 1", "wrong_phase", "R7")
    refuse(g, "0 end", "wrong_phase")


def test_r7_melds_and_layoffs_are_optional_and_the_turn_ends_with_a_discard():
    g = new(["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H 5S 6S", "0 stock")
    do(g, "0 meld 4H 4S 4C")
    assert where(g) == (0, Phase.PLAY)      # tabling does not end the turn
    do(g, "0 discard 9D")
    assert where(g) == (1, Phase.DRAW)
    do(g, "1 stock; 1 discard 2C")           # no melds at all
    assert where(g) == (0, Phase.DRAW)


def test_r7_a_player_with_no_card_left_after_plays_needs_no_discard():
    g = new(["4H 4S 4C 7D 8D", "KD KS 2C"], "7C", "9D 5S")
    do(g, "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D")
    assert g.hand.ended == "went_out" and g.hand.went_out == 0


# ======================================================================= R8 draw


def test_r8_1_draw_takes_the_top_of_the_stock():
    g = new(["4H 4S 8C", "5D 9S QC"], "9C 4D", "6C 3D")
    do(g, "0 stock")
    assert held(g, 0) == cards("4H 4S 8C 6C")
    assert pile(g) == ["9C", "4D"] and len(g.hand.stock) == 1
    assert g.hand.committed is None


def test_r8_2_take_the_top_discard_alone():
    g = new(["4H 4S 8C", "5D 9S QC"], "9C 4D", "6C 3D")
    do(g, "0 take 1")
    assert held(g, 0) == cards("4H 4S 8C 4D")
    assert pile(g) == ["9C"] and len(g.hand.stock) == 2
    assert g.hand.committed is None          # default: a single card is not committed


def test_r8_3_take_a_deeper_card_with_every_card_above_it():
    g = new(["8C TC 2S", "5D 9S QC"], "KH 9C 4D 3S", "6C 3D")
    do(g, "0 take 3")
    assert held(g, 0) == cards("8C TC 2S 9C 4D 3S")
    assert pile(g) == ["KH"]
    assert g.hand.committed == parse_card("9C")


@pytest.mark.parametrize("k", [0, 3, -1])
def test_r8_take_count_must_be_within_the_pile(k):
    g = new(["8C TC 2S", "5D 9S QC"], "9C 4D", "6C 3D")
    refuse(g, f"0 take {k}", "bad_take")


# ================================================================ R9 committed card


def test_r9_deepest_taken_card_is_committed_until_tabled():
    g = new(["8C TC 2S", "5D 9S QC"], "9C 4D", "6C 3D", "0 take 2")
    refuse(g, "0 discard 2S", "committed_card_unplayed", "R9")
    refuse(g, "0 discard 9C", "committed_card_unplayed", "R9")
    do(g, "0 meld 8C 9C TC")
    assert g.hand.committed is None
    do(g, "0 discard 4D")                    # a card taken with others may be discarded (R10)
    assert where(g) == (1, Phase.DRAW) and pile(g) == ["4D"]


def test_r9_take_refused_when_the_deepest_card_cannot_be_tabled():
    g = new(["8C 2S 5H", "5D 9S QC"], "9C 4D", "6C 3D")
    refuse(g, "0 take 2", "take_unplayable", "R9")
    assert not legal(g, "0 take 2")
    assert legal(g, "0 take 1") and legal(g, "0 stock")


def test_r9_tabling_needs_cards_of_this_turn_only():
    # 9C would need 8C and TC; the TC is in the other player's hand
    g = new(["8C 7D 2S", "TC 9S QC"], "9C 4D", "6C 3D")
    refuse(g, "0 take 2", "take_unplayable", "R9")


# The table holds P0's 5H 6H 7H and the pile is 8H 3S KC when P1 moves.
LAYOFF_POSITION = (["5H 6H 7H KC QD", None], "8H 3S", "2D 9S 4D",
                   "0 stock; 0 meld 5H 6H 7H; 0 discard KC")


def layoff_game(p1: str, rules=None) -> Game:
    hands, discard, stock, script = LAYOFF_POSITION
    return new([hands[0], p1], discard, stock, script, rules=rules)


def test_r9_committed_card_met_by_a_layoff():
    g = layoff_game("2C 9D JS")
    assert pile(g) == ["8H", "3S", "KC"]
    do(g, "1 take 3")
    assert g.hand.committed == parse_card("8H")
    refuse(g, "1 discard 2C", "committed_card_unplayed", "R9")
    do(g, "1 layoff 8H 0")
    assert g.hand.committed is None
    do(g, "1 discard 2C")
    assert table(g) == [(["5H", "6H", "7H", "8H"], 0)]
    assert tabled(g) == [18, 8]              # the lay-off scores for P1 (R14)


def test_r9_committed_card_met_by_a_layoff_chain():
    hands, discard, stock, script = LAYOFF_POSITION
    g = new([hands[0], "8H 2C JS"], "9H 3S", stock, script)
    do(g, "1 take 3; 1 layoff 8H 0; 1 layoff 9H 0; 1 discard 2C")
    assert table(g) == [(["5H", "6H", "7H", "8H", "9H"], 0)]
    assert where(g) == (0, Phase.DRAW)


def test_r9_deep_card_must_start_meld_forbids_meeting_it_by_a_layoff():
    rules = {"deep_card_must_start_meld": True}
    g = layoff_game("2C 9D JS", rules)
    refuse(g, "1 take 3", "take_unplayable", "R9")
    assert legal(g, "1 take 1") and legal(g, "1 stock")
    hands, discard, stock, script = LAYOFF_POSITION
    g = new([hands[0], "8H 2C JS"], "9H 3S", stock, script, rules=rules)
    refuse(g, "1 take 3", "take_unplayable", "R9")   # a lay-off chain is a lay-off too


def test_r9_deep_card_must_start_meld_the_card_starts_a_new_meld():
    g = layoff_game("8D 8S 2C", {"deep_card_must_start_meld": True})
    do(g, "1 take 3")
    refuse(g, "1 layoff 8H 0", "invalid_layoff", "R9")
    do(g, "1 meld 8D 8S 8H; 1 discard 2C")
    assert table(g)[1] == (["8D", "8S", "8H"], 1)
    assert where(g) == (0, Phase.DRAW)


def test_r9_default_lets_the_committed_card_be_laid_off_even_when_a_meld_is_possible():
    g = layoff_game("8D 8S 2C")
    do(g, "1 take 3; 1 layoff 8H 0; 1 discard 2C")
    assert table(g) == [(["5H", "6H", "7H", "8H"], 0)]
    assert held(g, 1) == cards("8D 8S 3S KC")


def test_r9_with_two_decks_an_identical_card_meets_the_commitment():
    g = new(["7H 8H 9H 2C", "5D 9S QC"], "7H KD", "6C 3D", rules={"decks": 2})
    do(g, "0 take 2")
    assert held(g, 0) == cards("7H 7H 8H 9H 2C KD")
    refuse(g, "0 discard 7H", "committed_card_unplayed", "R9")
    do(g, "0 meld 7H 8H 9H")
    assert g.hand.committed is None
    do(g, "0 discard 7H")                    # the other 7H: the commitment is met
    assert pile(g) == ["7H"] and held(g, 0) == cards("2C KD")


def test_r9_top_discard_must_be_used_commits_a_single_take():
    rules = {"top_discard_must_be_used": True}
    g = new(["4H 4S 8C", "5D 9S QC"], "9C 4D", "6C 3D", rules=rules)
    do(g, "0 take 1")
    assert g.hand.committed == parse_card("4D")
    refuse(g, "0 discard 8C", "committed_card_unplayed", "R9")
    do(g, "0 meld 4H 4S 4D; 0 discard 8C")
    assert g.hand.went_out == 0
    # a single card that can't be tabled can't be taken
    g = new(["4H 4S 8C", "5D 9S QC"], "4D 9C", "6C 3D", rules=rules)
    refuse(g, "0 take 1", "take_unplayable", "R9")


def test_r9_default_a_single_take_need_not_be_used():
    g = new(["4H 4S 8C", "5D 9S QC"], "4D 9C", "6C 3D")
    do(g, "0 take 1; 0 discard 4H")
    assert held(g, 0) == cards("4S 8C 9C") and where(g) == (1, Phase.DRAW)


def test_r9_draw_judged_under_discard_required():
    # tabling the committed 9C would table every card, which discard_required forbids
    rules = {"going_out": "discard_required", "top_discard_must_be_used": True}
    g = new(["8C TC", "5D 9S QC"], "4D 9C", "6C 3D", rules=rules)
    refuse(g, "0 take 1", "take_unplayable", "R9")
    g = new(["8C TC 2S", "5D 9S QC"], "4D 9C", "6C 3D", "0 take 1; 0 meld 8C 9C TC; 0 discard 2S",
            rules=rules)
    assert g.hand.went_out == 0


def test_r9_draw_judged_under_layoff_requires_own_meld():
    rules = {"layoff_requires_own_meld": True}
    g = layoff_game("2C 9D JS", rules)       # 8H could only be laid off, and P1 has no meld
    refuse(g, "1 take 3", "take_unplayable", "R9")
    g = layoff_game("2C 3C 4C JS", rules)    # a meld of P1's own first makes the lay-off possible
    do(g, "1 take 3")
    refuse(g, "1 layoff 8H 0", "no_meld_yet", "R14")
    do(g, "1 meld 2C 3C 4C; 1 layoff 8H 0; 1 discard JS")
    assert table(g) == [(["5H", "6H", "7H", "8H"], 0), (["2C", "3C", "4C"], 1)]


# ============================================================ R10 no straight return


def test_r10_single_take_cannot_be_discarded():
    g = new(["4H 4S 8C", "5D 9S QC"], "9C 4D", "6C 3D 7S", "0 take 1")
    refuse(g, "0 discard 4D", "discard_just_taken", "R10")
    do(g, "0 discard 8C")
    assert pile(g) == ["9C", "8C"]
    # on a later turn the card may be discarded
    do(g, "1 stock; 1 discard 5D; 0 stock; 0 discard 4D")
    assert pile(g) == ["9C", "8C", "5D", "4D"]


def test_r10_after_several_cards_any_of_them_may_be_discarded():
    g = new(["8C TC 2S", "5D 9S QC"], "9C 4D 3S", "6C 3D", "0 take 3; 0 meld 8C 9C TC")
    assert legal(g, "0 discard 4D") and legal(g, "0 discard 3S")
    do(g, "0 discard 3S")
    assert pile(g) == ["3S"]


def test_r10_several_cards_but_committed_card_not_yet_tabled():
    g = new(["8C TC 9D 9H", "5D 9S QC"], "9C 4D", "6C 3D", "0 take 2")
    refuse(g, "0 discard 9C", "committed_card_unplayed", "R9")


def test_r10_two_decks_identical_card_also_forbidden():
    g = new(["7H 2C 3D", "5D 9S QC"], "9S 7H", "6C 4D", "0 take 1", rules={"decks": 2})
    assert held(g, 0) == cards("7H 7H 2C 3D")
    refuse(g, "0 discard 7H", "discard_just_taken", "R10")
    do(g, "0 discard 2C")
    assert held(g, 0) == cards("7H 7H 3D")


def test_r10_two_decks_identical_card_forbidden_even_after_the_taken_one_is_tabled():
    g = new(["7H 8H 9H 2C", "5D 9S QC"], "9S 7H", "6C 4D", "0 take 1; 0 meld 7H 8H 9H",
            rules={"decks": 2})
    assert held(g, 0) == cards("7H 2C")
    refuse(g, "0 discard 7H", "discard_just_taken", "R10")
    do(g, "0 discard 2C")


def test_r10_a_rummy_caller_taking_one_card_cannot_discard_an_identical_one():
    # P1 calls Rummy on P0's 8S, lays it off, and holds a second 8S (two decks)
    g = new(["5S 6S 7S 8S KD", "2C 3D 8S", "4C TC JD"], "3C", "9C 2D 4H 6D",
            "0 stock; 0 meld 5S 6S 7S; 0 discard 8S; 1 rummy 1", rules={"decks": 2})
    refuse(g, "1 discard 8S", "committed_card_unplayed", "R9")   # committed first (precedence)
    do(g, "1 layoff 8S 0")
    refuse(g, "1 discard 8S", "discard_just_taken", "R10")
    do(g, "1 discard 2C")
    assert where(g) == (2, Phase.DRAW)


# =========================================================================== R11 sets


def test_r11_set_of_three_or_four_different_suits():
    g = new(["7C 7D 7H 7S 2C", "5D 9S QC"], "3H", "6C 3D", "0 stock")
    do(g, "0 meld 7C 7D 7H")
    assert table(g) == [(["7C", "7D", "7H"], 0)]
    do(g, "0 layoff 7S 0")
    assert table(g) == [(["7C", "7D", "7H", "7S"], 0)]
    g = new(["7C 7D 7H 7S 2C", "5D 9S QC"], "3H", "6C 3D", "0 stock; 0 meld 7S 7C 7D 7H")
    assert table(g) == [(["7S", "7C", "7D", "7H"], 0)]   # a set in the order tabled


def test_r11_set_cards_must_share_rank():
    g = new(["7C 7D 8H 2C", "5D 9S QC"], "3H", "6C 3D", "0 stock")
    refuse(g, "0 meld 7C 7D 8H", "invalid_meld")


def test_r11_two_decks_set_may_not_hold_two_of_a_suit():
    g = new(["7C 7C 7D 7H 7S 2C", "5D 9S QC"], "3H", "6C 3D", "0 stock", rules={"decks": 2})
    refuse(g, "0 meld 7C 7C 7D", "invalid_meld", "R11")
    refuse(g, "0 meld 7C 7C 7D 7H 7S", "invalid_meld", "R11")
    do(g, "0 meld 7C 7D 7H")
    refuse(g, "0 layoff 7C 0", "invalid_layoff", "R14")
    do(g, "0 layoff 7S 0")
    assert table(g) == [(["7C", "7D", "7H", "7S"], 0)]


def test_r11_no_fifth_card_on_a_set():
    g = new(["7C 7D 7H 7S 2C", "7C 9S QC"], "3H", "6C 3D 4D",
            "0 stock; 0 meld 7C 7D 7H 7S; 0 discard 2C; 1 stock", rules={"decks": 2})
    refuse(g, "1 layoff 7C 0", "invalid_layoff")


# =========================================================================== R12 runs


def test_r12_ace_low_run():
    g = new(["AH 2H 3H 4H 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock; 0 meld AH 2H 3H")
    assert table(g) == [(["AH", "2H", "3H"], 0)]
    do(g, "0 layoff 4H 0")
    assert table(g) == [(["AH", "2H", "3H", "4H"], 0)]
    assert tabled(g)[0] == 1 + 2 + 3 + 4


def test_r12_ace_high_run():
    g = new(["QH KH AH JH 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock; 0 meld AH KH QH")
    assert table(g) == [(["QH", "KH", "AH"], 0)]
    do(g, "0 layoff JH 0")
    assert table(g) == [(["JH", "QH", "KH", "AH"], 0)]
    assert tabled(g)[0] == 10 + 10 + 10 + 15


def test_r12_king_ace_two_is_not_a_run():
    g = new(["KH AH 2H 3H 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock")
    refuse(g, "0 meld KH AH 2H", "invalid_meld", "R12")
    refuse(g, "0 meld KH AH 2H 3H", "invalid_meld", "R12")


def test_r12_run_cards_in_sequence_and_one_suit():
    g = new(["4H 5H 7H 6S 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock")
    refuse(g, "0 meld 4H 5H 7H", "invalid_meld")
    refuse(g, "0 meld 4H 5H 6S", "invalid_meld")


def test_r12_no_layoff_round_the_corner():
    g = new(["AH 2H 3H 9C", "KH 9S QC 2S"], "3S", "6C 3D 4S",
            "0 stock; 0 meld AH 2H 3H; 0 discard 9C; 1 stock")
    refuse(g, "1 layoff KH 0", "invalid_layoff", "R14")
    g = new(["QH KH AH 9C", "2H 9S QC 4S"], "3S", "6C 3D 4D",
            "0 stock; 0 meld QH KH AH; 0 discard 9C; 1 stock")
    refuse(g, "1 layoff 2H 0", "invalid_layoff", "R14")


ACE_BOTH_ENDS = [
    # (rules, P0's hand, script up to the refused lay-off, refused lay-off)
    # 2H..KH AH is a legal 13-card run, ace high; a second AH at the low end
    # would give A-2-...-K-A
    ({"decks": 2}, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AH 5C",
     "0 stock; 0 meld 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "0 layoff AH 0"),
    # the same with a joker declared as the ace
    ({"jokers_per_deck": 1}, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK 5C",
     "0 stock; 0 meld 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "0 layoff JK=AH 0"),
    # A..K built from the low end (ace low), then a second AH above the king
    ({"decks": 2}, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 5C",
     "0 stock; 0 meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH; 0 layoff KH 0", "0 layoff AH 0"),
]


@pytest.mark.parametrize("rules, hand, script, step", ACE_BOTH_ENDS, ids=["two_decks_low", "joker_low",
                                                                          "two_decks_high"])
def test_r12_ace_never_at_both_ends_of_one_run(rules, hand, script, step):
    g = new([hand, "5D 9S QC"], "3S", "6C 3D", script, rules=rules)
    assert len(table(g)[0][0]) == 13
    refuse(g, step, "invalid_layoff")


def test_r12_ace_wraps_allows_king_ace_two():
    rules = {"ace_wraps": True}
    g = new(["KH AH 2H 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock; 0 meld AH 2H KH", rules=rules)
    assert table(g) == [(["KH", "AH", "2H"], 0)]      # a corner run from its first card
    g = new(["QH KH AH 2H 3H 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock; 0 meld 3H 2H AH KH QH",
            rules=rules)
    assert table(g) == [(["QH", "KH", "AH", "2H", "3H"], 0)]
    g = new(["AH 2H 3H 9C", "KH 9S QC 2S"], "3S", "6C 3D 4S",
            "0 stock; 0 meld AH 2H 3H; 0 discard 9C; 1 stock; 1 layoff KH 0", rules=rules)
    assert table(g) == [(["KH", "AH", "2H", "3H"], 0)]


def test_r12_ace_wraps_run_holds_at_most_thirteen_cards():
    rules = {"ace_wraps": True, "decks": 2}
    g = new(["QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 2C", "5D 9S QC"], "3S", "6C 3D",
            "0 stock; 0 meld QH KH AH 2H 3H", rules=rules)
    for c in "4H 5H 6H 7H 8H 9H TH JH".split():
        do(g, f"0 layoff {c} 0")
    run = table(g)[0][0]
    assert run == "QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH".split()
    refuse(g, "0 layoff QH 0", "invalid_layoff")      # a 14th card would repeat a rank
    assert tabled(g)[0] == 10 + 10 + 15 + (2 + 3 + 4 + 5 + 6 + 7 + 8 + 9) + 10 + 10


def test_r12_ace_wraps_new_meld_of_thirteen_but_never_two_of_a_rank():
    rules = {"ace_wraps": True, "decks": 2}
    thirteen = "5H 6H 7H 8H 9H TH JH QH KH AH 2H 3H 4H"
    g = new([thirteen + " 5H 2C", "5D 9S QC"], "3S", "6C 3D", "0 stock", rules=rules)
    refuse(g, f"0 meld {thirteen} 5H", "invalid_meld", "R12")
    do(g, f"0 meld {thirteen}")
    assert len(table(g)[0][0]) == 13
    refuse(g, "0 layoff 5H 0", "invalid_layoff")


# ======================================================================= R13 new melds


def test_r13_any_number_of_melds_in_one_turn():
    g = new(["4H 4S 4C 7D 8D 9D QS KS", "5D 9S QC"], "3S", "AS 3D",
            "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D; 0 meld QS KS AS")
    assert [t[0] for t in table(g)] == [["4H", "4S", "4C"], ["7D", "8D", "9D"], ["QS", "KS", "AS"]]
    assert g.hand.went_out == 0


def test_r13_meld_needs_three_cards():
    g = new(["4H 4S 7D 8D 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock")
    refuse(g, "0 meld 4H 4S", "invalid_meld", "R13")
    refuse(g, "0 meld 7D 8D", "invalid_meld", "R13")


# ======================================================================== R14 lay-offs


def test_r14_layoff_on_another_players_meld_scores_for_the_layer():
    g = new(["5H 6H 7H KC QD", "8H 4H 2C JS"], "3S", "2D 9S 4C",
            "0 stock; 0 meld 5H 6H 7H; 0 discard KC; 1 stock; 1 layoff 8H 0; 1 layoff 4H 0")
    assert table(g) == [(["4H", "5H", "6H", "7H", "8H"], 0)]   # owner stays P0
    assert g.hand.table[0].layers == [1, 0, 0, 0, 1]
    assert tabled(g) == [18, 12]


def test_r14_a_card_that_fits_several_melds_goes_where_the_player_chooses():
    base = rec(["7C 7D 7S 4H 5H 6H 2C", "9S QC 3D"], "3S", "7H 8C",
               "0 stock; 0 meld 7C 7D 7S; 0 meld 4H 5H 6H")
    for onto, expected in ((0, ["7C", "7D", "7S", "7H"]), (1, ["4H", "5H", "6H", "7H"])):
        g = game_from_record(base)
        do(g, f"0 layoff 7H {onto}")
        assert table(g)[onto][0] == expected
        assert len(table(g)[1 - onto][0]) == 3


def test_r14_layoff_must_extend_the_meld():
    g = new(["5H 6H 7H 9H 2C", "5D 9S QC"], "3S", "6C 3D", "0 stock; 0 meld 5H 6H 7H")
    refuse(g, "0 layoff 9H 0", "invalid_layoff", "R14")
    refuse(g, "0 layoff 2C 0", "invalid_layoff", "R14")
    refuse(g, "0 layoff 9H 1", "unknown_meld", "R14")


def test_r14_layoff_requires_own_meld_variant():
    rules = {"layoff_requires_own_meld": True}
    g = new(["5H 6H 7H KC QD", "8H 2C 3C 4C JS"], "3S", "2D 9S 4D",
            "0 stock; 0 meld 5H 6H 7H; 0 discard KC; 1 stock", rules=rules)
    refuse(g, "1 layoff 8H 0", "no_meld_yet", "R14")
    do(g, "1 meld 2C 3C 4C; 1 layoff 8H 0")
    assert table(g)[0] == (["5H", "6H", "7H", "8H"], 0)
    # default: no meld of one's own needed
    g = new(["5H 6H 7H KC QD", "8H 2C 3C 4C JS"], "3S", "2D 9S 4D",
            "0 stock; 0 meld 5H 6H 7H; 0 discard KC; 1 stock; 1 layoff 8H 0")
    assert tabled(g)[1] == 8


def test_r14_layoff_requires_own_meld_counts_melds_of_earlier_turns():
    rules = {"layoff_requires_own_meld": True}
    g = new(["5H 6H 7H KC QD", "8H 2C 3C 4C JS 9H"], "3S", "2D 9S 4D 6S",
            "0 stock; 0 meld 5H 6H 7H; 0 discard KC; 1 stock; 1 meld 2C 3C 4C; 1 discard JS;"
            "0 stock; 0 discard QD; 1 stock; 1 layoff 8H 0; 1 layoff 9H 0", rules=rules)
    assert table(g)[0][0] == ["5H", "6H", "7H", "8H", "9H"]


# =========================================================================== R15 jokers


def test_r15_joker_declaration_is_fixed_and_its_place_is_taken():
    rules = {"jokers_per_deck": 1}
    g = new(["5H 6H JK 9C 2D", "7H 8H 4H 3S"], "3C", "KS 2S",
            "0 stock; 0 meld 5H 6H JK=7H; 0 discard 9C; 1 stock", rules=rules)
    assert table(g) == [(["5H", "6H", "JK=7H"], 0)]
    refuse(g, "1 layoff 7H 0", "invalid_layoff")     # the 7H's place is the joker's
    do(g, "1 layoff 8H 0; 1 layoff 4H 0")
    assert table(g) == [(["4H", "5H", "6H", "JK=7H", "8H"], 0)]


def test_r15_natural_identical_to_joker_cannot_join_a_set():
    rules = {"jokers_per_deck": 1}
    g = new(["7C 7D JK 9C 2D", "7H 7S 4H 3S"], "3C", "KS 2S",
            "0 stock; 0 meld 7C 7D JK=7H; 0 discard 9C; 1 stock", rules=rules)
    refuse(g, "1 layoff 7H 0", "invalid_layoff")
    do(g, "1 layoff 7S 0")
    assert table(g) == [(["7C", "7D", "JK=7H", "7S"], 0)]


def test_r15_natural_and_joker_as_the_same_card_cannot_meld_together():
    g = new(["7H JK 8H 6H 2D", "3S 4S 5S"], "3C", "KS 2S", "0 stock", rules={"jokers_per_deck": 1})
    refuse(g, "0 meld 6H 7H JK=7H", "invalid_meld")
    refuse(g, "0 meld 6H 7H JK=7H 8H", "invalid_meld")
    do(g, "0 meld 6H 7H 8H JK=9H")
    assert table(g) == [(["6H", "7H", "8H", "JK=9H"], 0)]


def test_r15_joker_must_be_declared():
    g = new(["5H 6H JK 9C 2D", "3S 4S 5S"], "3C", "KS 2S", "0 stock", rules={"jokers_per_deck": 1})
    refuse(g, "0 meld 5H 6H JK", "invalid_meld")
    refuse(g, "0 meld 5H 6H JK=9H", "invalid_meld")   # a declaration that does not fit
    do(g, "0 meld 5H 6H JK=4H")
    assert table(g) == [(["JK=4H", "5H", "6H"], 0)]


def test_r15_layoff_of_a_joker_is_declared():
    rules = {"jokers_per_deck": 1}
    g = new(["5H 6H 7H 9C 2D", "JK 3S 4S 5S"], "3C", "KS 2S",
            "0 stock; 0 meld 5H 6H 7H; 0 discard 9C; 1 stock", rules=rules)
    refuse(g, "1 layoff JK 0", "invalid_meld", "R15")
    refuse(g, "1 layoff JK=9H 0", "invalid_layoff")
    do(g, "1 layoff JK=8H 0")
    assert table(g) == [(["5H", "6H", "7H", "JK=8H"], 0)]
    assert g.hand.table[0].layers == [0, 0, 0, 1]
    assert tabled(g) == [18, 15]


def test_r15_a_meld_needs_a_natural_card():
    rules = {"jokers_per_deck": 2, "decks": 2}
    g = new(["JK JK JK 5C 9D", "3S 4S 5S"], "3C", "KS 2S", "0 stock", rules=rules)
    refuse(g, "0 meld JK=7H JK=7C JK=7D", "invalid_meld", "R15")
    refuse(g, "0 meld JK=3C JK=4C JK=5C", "invalid_meld", "R15")
    do(g, "0 meld JK=3C JK=4C 5C")
    assert table(g) == [(["JK=3C", "JK=4C", "5C"], 0)]


# ========================================================================= R16 going out


def test_r16_meld_all_going_out_by_tabling_every_card():
    g = new(["4H 4S 4C 7D 8D", "KD KS 2C"], "7C", "9D 5S",
            "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D")
    assert g.hand.ended == "went_out" and g.hand.went_out == 0
    assert g.phase == Phase.HAND_OVER and g.current is None
    assert g.totals == [36, -22]
    refuse(g, "1 stock", "hand_over")


def test_r16_meld_all_going_out_by_discarding_the_last_card():
    g = new(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S", "0 stock; 0 meld 4H 4S 4C; 0 discard 9D")
    assert g.hand.ended == "went_out" and g.hand.went_out == 0
    assert g.totals == [12, -22]
    assert pile(g) == ["7C", "9D"]


def test_r16_discard_required_keeps_a_card_for_the_discard():
    rules = {"going_out": "discard_required"}
    g = new(["4H 4S 4C", "KD KS 2C"], "7C", "4D 5S", "0 stock", rules=rules)
    refuse(g, "0 meld 4H 4S 4C 4D", "must_keep_discard", "R16")
    do(g, "0 meld 4H 4S 4C")
    refuse(g, "0 layoff 4D 0", "must_keep_discard", "R16")
    do(g, "0 discard 4D")
    assert g.hand.ended == "went_out" and g.hand.went_out == 0
    assert g.totals == [12, -22]


def test_r16_float_tabling_every_card_floats_and_only_a_discard_ends_the_hand():
    rules = {"going_out": "float"}
    g = new(["4H 4S 4C 7D 8D", "KC KD 2S 3S"], "JS", "9D QH TD 6H 5C", rules=rules)
    events = do(g, "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D")
    assert Floated(0) in events
    assert g.hand.ended is None and held(g, 0) == []
    assert where(g) == (1, Phase.DRAW)
    assert tabled(g)[0] == 36
    do(g, "1 stock; 1 discard 2S")
    # the floating player's turn: draw as usual
    assert where(g) == (0, Phase.DRAW)
    refuse(g, "0 discard TD", "wrong_phase")
    do(g, "0 stock")
    assert held(g, 0) == ["TD"]
    # tabling everything again floats again
    events = do(g, "0 layoff TD 1")
    assert Floated(0) in events
    assert g.hand.ended is None and where(g) == (1, Phase.DRAW)
    do(g, "1 stock; 1 discard 3S; 0 stock")
    assert held(g, 0) == ["5C"]
    do(g, "0 discard 5C")
    assert g.hand.ended == "went_out" and g.hand.went_out == 0
    assert g.totals == [12 + 24 + 10, -(10 + 10 + 10 + 6)]


def test_r16_float_floater_cannot_take_a_single_card_it_could_neither_table_nor_discard():
    # Interpretation: a floating player (no cards) who takes the top discard alone could
    # neither discard it (R10) nor table it, so the turn could not end: the take is refused.
    rules = {"going_out": "float"}
    g = new(["4H 4S 4C 7D 8D", "KC KD 2S 3S"], "JS", "9D QH TD",
            "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D; 1 stock; 1 discard 2S", rules=rules)
    refuse(g, "0 take 1", "take_unplayable")
    refuse(g, "0 take 2", "take_unplayable", "R9")       # JS can't be tabled either
    do(g, "0 stock")
    assert held(g, 0) == ["TD"]


def test_r16_float_replay_shows_the_floater_in_draw_phase():
    rules = {"going_out": "float"}
    record = rec(["4H 4S 4C 7D 8D", "KC KD 2S 3S"], "JS", "9D QH TD 6H 5C",
                 "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D; 1 stock; 1 discard 2S", rules=rules)
    out, status = replay(record)
    assert status == 0
    assert out["hands"][0]["ended"] is None and out["hands"][0]["held"] == [0, 4]
    assert out["next"] == {"hand": 0, "player": 0, "phase": "draw"}


def test_r16_float_with_a_card_left_the_floater_must_discard():
    rules = {"going_out": "float"}
    g = new(["4H 4S 4C 7D 8D", "KC KD 2S 3S"], "JS", "9D QH 6C 6H 5C",
            "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D; 1 stock; 1 discard 2S; 0 stock", rules=rules)
    assert held(g, 0) == ["6C"]
    assert where(g) == (0, Phase.PLAY)
    do(g, "0 discard 6C")
    assert g.hand.ended == "went_out" and g.hand.went_out == 0


def test_r16_float_floater_scores_tabled_cards_when_another_player_goes_out():
    rules = {"going_out": "float"}
    g = new(["4H 4S 4C 7D 8D", "KC KD KS"], "JS", "9D 3S",
            "0 stock; 0 meld 4H 4S 4C; 0 meld 7D 8D 9D; 1 stock; 1 meld KC KD KS; 1 discard 3S",
            rules=rules)
    assert g.hand.ended == "went_out" and g.hand.went_out == 1
    assert g.totals == [36, 30]


def test_r16_final_discard_unplayable():
    rules = {"final_discard_unplayable": True}
    g = new(["5H 6H 7H", "KD KS 2C"], "7C", "8H 5S", "0 stock; 0 meld 5H 6H 7H", rules=rules)
    refuse(g, "0 discard 8H", "final_discard_playable", "R16")
    do(g, "0 layoff 8H 0")
    assert g.hand.ended == "went_out"
    # a last card that fits nowhere may be discarded
    g = new(["5H 6H 7H", "KD KS 2C"], "7C", "2S 5S", "0 stock; 0 meld 5H 6H 7H; 0 discard 2S",
            rules=rules)
    assert g.hand.ended == "went_out" and g.hand.went_out == 0
    # the default allows going out with a playable card
    g = new(["5H 6H 7H", "KD KS 2C"], "7C", "8H 5S", "0 stock; 0 meld 5H 6H 7H; 0 discard 8H")
    assert g.hand.ended == "went_out"


def test_r16_final_discard_unplayable_checks_every_meld_on_the_table():
    rules = {"final_discard_unplayable": True}
    g = new(["5H 6H 7H QC", "QD QS QH 3C 9S"], "7C", "KD 4D 8H",
            "0 stock; 0 meld 5H 6H 7H; 0 discard KD; 1 stock; 1 meld QD QS QH; 1 discard 4D;"
            "0 stock; 0 layoff 8H 0", rules=rules)
    assert held(g, 0) == ["QC"]
    refuse(g, "0 discard QC", "final_discard_playable", "R16")   # fits the other player's set
    do(g, "0 layoff QC 1")
    assert g.hand.ended == "went_out" and g.hand.went_out == 0


def test_r16_a_discard_that_leaves_cards_does_not_end_the_hand():
    g = new(["4H 4S 4C 9D 2C", "KD KS 2S"], "7C", "8H 5S", "0 stock; 0 meld 4H 4S 4C; 0 discard 9D")
    assert g.hand.ended is None and where(g) == (1, Phase.DRAW)


# ========================================================================= R17 empty stock


def test_r17_empty_stock_end_variant():
    g = new(["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H")
    refuse(g, "0 end", "wrong_phase", "R17")      # the stock still has cards
    do(g, "0 stock; 0 meld 4H 4S 4C; 0 discard 9D")
    assert len(g.hand.stock) == 0
    refuse(g, "1 stock", "empty_stock", "R17")
    assert legal(g, "1 take 1")                    # the pile is still open
    do(g, "1 end")
    assert g.hand.ended == "stock_out" and g.hand.went_out is None
    assert g.totals == [12 - 8, -22]


def test_r17_empty_stock_player_may_take_from_the_pile_and_the_hand_goes_on():
    g = new(["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H",
            "0 stock; 0 meld 4H 4S 4C; 0 discard 9D; 1 take 1; 1 discard 2C")
    assert g.hand.ended is None and where(g) == (0, Phase.DRAW)
    refuse(g, "0 stock", "empty_stock", "R17")
    do(g, "0 end")
    assert g.hand.ended == "stock_out"


def test_r17_reshuffle_keeps_the_top_card_and_draws_from_the_new_stock():
    rules = {"empty_stock": "reshuffle"}
    g = new(["4H 4S 4C 9D", "7D 7H 2C KS"], "7C", "8H", "0 stock; 0 discard 9D", rules=rules)
    assert pile(g) == ["7C", "9D"] and len(g.hand.stock) == 0
    refuse(g, "1 end", "wrong_phase", "R17")       # the pile can still be turned
    events = do(g, "1 stock")
    assert StockReshuffled(1, 1) in events
    assert pile(g) == ["9D"]                        # the top card stays
    assert held(g, 1) == cards("7D 7H 2C KS 7C")    # drawn from the turned pile
    assert len(g.hand.stock) == 0 and g.hand.ended is None
    do(g, "1 meld 7C 7D 7H; 1 discard KS")
    assert where(g) == (0, Phase.DRAW)


def test_r17_reshuffle_of_a_larger_pile_keeps_every_card():
    rules = {"empty_stock": "reshuffle"}
    g = new(["2C 3C 4C 5C", "2D 3D 4D 5D"], "KS", "8H 9H",
            "0 stock; 0 discard 2C; 1 stock; 1 discard 2D", rules=rules)
    before = Counter(g.hand.discard)
    do(g, "0 stock")
    assert pile(g) == ["2D"]
    assert len(g.hand.stock) == 1
    drawn = Counter(g.hand.hands[0]) - Counter(parse_card(c) for c in "3C 4C 5C 8H".split())
    assert Counter(g.hand.stock) + drawn + Counter([parse_card("2D")]) == before


def test_r17_reshuffle_hand_ends_only_when_the_pile_holds_one_card_and_is_declined():
    rules = {"empty_stock": "reshuffle"}
    g = new(["4H 4S 4C 9D", "7D 7H 2C KS"], "7C", "8H",
            "0 stock; 0 discard 9D; 1 take 2; 1 meld 7C 7D 7H; 1 discard 2C", rules=rules)
    assert pile(g) == ["2C"] and len(g.hand.stock) == 0
    refuse(g, "0 stock", "empty_stock", "R17")
    assert legal(g, "0 take 1")
    do(g, "0 end")
    assert g.hand.ended == "stock_out"
    assert g.totals == [-(4 + 4 + 4 + 8), 21 - (10 + 9)]


def test_r17_reshuffle_is_seeded_and_a_deal_without_seed_uses_seed_zero():
    rules = {"empty_stock": "reshuffle"}
    record = rec(["2C 3C 4C 5C", "2D 3D 4D 5D"], "KS QS JS TS 9S", "8H",
                 "0 stock; 0 discard 2C; 1 stock", rules=rules)
    out0, _ = replay(record)
    seeded = json.loads(json.dumps(record))
    seeded["hands"][0]["seed"] = 0
    out_seed0, _ = replay(seeded)
    assert out0 == out_seed0
    g1 = game_from_record(seeded)
    g2 = game_from_record(seeded)
    assert g1.hand.snapshot() == g2.hand.snapshot()
    assert len(g1.hand.stock) == 4 and pile(g1) == ["2C"]
    # a deal with a seed: the deal is as listed, the seed drives the reshuffle
    other = json.loads(json.dumps(record))
    other["hands"][0]["seed"] = 1
    g3 = game_from_record(other)
    assert g3.hand.deal == g1.hand.deal
    assert Counter(g3.hand.stock + g3.hand.hands[1]) == Counter(g1.hand.stock + g1.hand.hands[1])
    assert g3.hand.stock + g3.hand.hands[1] != g1.hand.stock + g1.hand.hands[1]


# ======================================================================= R18 Rummy call

CALL_HANDS = ["5S 6S 7S 8S KD", "2C 3D 9H", "4C TC JD QH"]
CALL_PILE = "3C"
CALL_STOCK = "9C 2D 4H 6D"
CALL_OPEN = "0 stock; 0 meld 5S 6S 7S; 0 discard 8S"   # 8S fits P0's run


def call_game(actions=CALL_OPEN, rules=None) -> Game:
    return new(CALL_HANDS, CALL_PILE, CALL_STOCK, actions, rules=rules)


def test_r18_rummy_call_skips_players_between_discarder_and_caller():
    g = call_game()
    events = do(g, "2 rummy 1")
    called = [e for e in events if isinstance(e, RummyCalled)]
    assert called == [RummyCalled(2, 0, ("8S",), "8S", (1,))]
    assert where(g) == (2, Phase.PLAY)
    assert g.hand.committed == parse_card("8S")
    refuse(g, "2 discard 4C", "committed_card_unplayed", "R9")
    do(g, "2 layoff 8S 0; 2 discard 4C")
    assert where(g) == (0, Phase.DRAW)               # play continues left of the caller
    assert held(g, 1) == cards("2C 3D 9H")           # P1 missed the turn
    assert tabled(g) == [18, 0, 8]


def test_r18_every_player_between_discarder_and_caller_is_skipped():
    g = new(["5S 6S 7S 8S KD", "2C 3D 9H", "4C TC JD", "QH 2H 3H"], CALL_PILE, CALL_STOCK, CALL_OPEN,
            dealer=3)
    events = do(g, "3 rummy 1; 3 layoff 8S 0; 3 discard QH")
    assert [e for e in events if isinstance(e, RummyCalled)][0].skipped == (1, 2)
    assert where(g) == (0, Phase.DRAW)
    assert held(g, 1) == cards("2C 3D 9H") and held(g, 2) == cards("4C TC JD")


def test_r18_next_player_may_call_and_nobody_is_skipped():
    g = call_game()
    events = do(g, "1 rummy 1; 1 layoff 8S 0; 1 discard 2C")
    assert [e for e in events if isinstance(e, RummyCalled)][0].skipped == ()
    assert where(g) == (2, Phase.DRAW)


def test_r18_discarder_cannot_call():
    g = call_game()
    refuse(g, "0 rummy 1", "rummy_not_allowed", "R18")


def test_r18_call_closes_when_next_player_draws():
    g = call_game(CALL_OPEN + "; 1 stock")
    refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")
    g = call_game(CALL_OPEN + "; 1 take 1")
    refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")


def test_r18_call_stays_open_while_others_act_before_the_draw():
    g = call_game()
    refuse(g, "2 stock", "not_your_turn")            # a refused action does not close it
    assert legal(g, "2 rummy 1")


def test_r18_call_is_not_closed_by_the_discarder():
    g = call_game()
    refuse(g, "0 stock", "not_your_turn")
    refuse(g, "0 rummy 1", "rummy_not_allowed")
    do(g, "2 rummy 1")
    assert g.current == 2


def test_r18_no_call_before_any_discard():
    g = new(CALL_HANDS, "5D 6D 7D", "9C 2D 4H 8D")       # the pile's top cards form a meld
    refuse(g, "1 rummy 3", "rummy_not_allowed", "R18")
    refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")


def test_r18_no_call_after_the_hand_ends():
    g = new(["5S 6S 7S", "2C 3D 9H", "4C TC JD"], "3C", "8S 2D",
            "0 stock; 0 meld 5S 6S 7S; 0 discard 8S")
    assert g.hand.ended == "went_out"
    refuse(g, "1 rummy 1", "hand_over")              # hand_over comes first


def test_r18_no_call_after_a_float():
    g = new(["5S 6S 7S", "2C 3D 8S", "4C TC JD"], "3C", "4S 2D",
            "0 stock; 0 meld 4S 5S 6S 7S", rules={"going_out": "float"})
    assert g.hand.ended is None and where(g) == (1, Phase.DRAW)
    refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")


def test_r18_rummy_calls_off():
    g = call_game(rules={"rummy_calls": False})
    refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")
    refuse(g, "1 rummy 1", "rummy_not_allowed", "R18")
    assert g.hand.rummy_calls() == []
    do(g, "1 take 1; 1 discard 2C")
    assert where(g) == (2, Phase.DRAW)


def test_r18_callers_own_hand_does_not_count():
    # the 9H fits only with P2's own 9C 9D: no Rummy
    g = new(["9H 2S 3S", "4C 5C 6C", "9C 9D KS"], "JD", "QC QD QH QS", "0 stock; 0 discard 9H")
    refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")
    refuse(g, "1 rummy 1", "rummy_not_allowed", "R18")
    assert g.hand.rummy_calls() == []


def test_r18_top_cards_of_the_pile_form_a_meld():
    g = new(["7D 8C KS", "4C 5C 9H", "2S 3S JD"], "2H 5D 6D", "QC QD QH QS", "0 stock; 0 discard 7D")
    refuse(g, "2 rummy 1", "rummy_not_allowed", "R18")   # 7D alone fits nothing
    refuse(g, "2 rummy 2", "rummy_not_allowed", "R18")   # 6D 7D is no meld
    refuse(g, "2 rummy 4", "rummy_not_allowed", "R18")   # 2H can't be tabled
    refuse(g, "2 rummy 5", "rummy_not_allowed", "R18")   # out of range
    refuse(g, "2 rummy 0", "rummy_not_allowed", "R18")
    events = do(g, "2 rummy 3")
    assert [e for e in events if isinstance(e, RummyCalled)][0].skipped == (1,)
    assert g.hand.committed == parse_card("5D") and pile(g) == ["2H"]
    do(g, "2 meld 5D 6D 7D; 2 discard JD")
    assert table(g) == [(["5D", "6D", "7D"], 2)]
    assert where(g) == (0, Phase.DRAW)


def test_r18_deeper_card_tabled_through_the_pile_cards_above_it():
    # pile 3C 9H 8H: the 9H reaches P0's run only by way of the 8H above it
    g = new(["5H 6H 7H 8H KD", "2C 3D 4S", "4C TC JD"], "3C 9H", "9C 2D 4D 6D",
            "0 stock; 0 meld 5H 6H 7H; 0 discard 8H", dealer=2)
    do(g, "2 rummy 2")
    assert g.hand.committed == parse_card("9H")
    refuse(g, "2 layoff 9H 0", "invalid_layoff")
    do(g, "2 layoff 8H 0; 2 layoff 9H 0; 2 discard JD")
    assert table(g) == [(["5H", "6H", "7H", "8H", "9H"], 0)]
    assert tabled(g) == [18, 0, 17]
    assert where(g) == (0, Phase.DRAW)


def test_r18_first_caller_in_turn_order_wins():
    assert rummy_winner(0, [2, 1], 3) == 1
    assert rummy_winner(2, [1, 0], 4) == 0       # after seat 2 come 3, 0, 1
    assert rummy_winner(2, [1, 3], 4) == 3
    assert rummy_winner(5, [4, 1, 7], 8) == 7
    assert rummy_winner(7, [6, 0], 8) == 0
    with pytest.raises(ValueError):
        rummy_winner(1, [1, 2], 3)
    with pytest.raises(ValueError):
        rummy_winner(1, [], 3)


def test_r18_every_open_call_is_listed():
    g = call_game()
    calls = {(a.seat, a.count) for a in g.hand.rummy_calls()}
    assert calls == {(1, 1), (2, 1)}
    assert rummy_winner(0, sorted({s for s, _ in calls}), 3) == 1


# ======================================================================== R19 card values


def test_r19_card_values_in_hand():
    standard = {"2C": 2, "5D": 5, "9S": 9, "TS": 10, "JH": 10, "QC": 10, "KD": 10, "AS": 15, "JK": 15}
    fives = {"2C": 5, "5D": 5, "9S": 5, "TS": 10, "JH": 10, "QC": 10, "KD": 10, "AS": 15, "JK": 15}
    for tok, v in standard.items():
        assert hand_value(parse_card(tok), "standard") == v
    for tok, v in fives.items():
        assert hand_value(parse_card(tok), "fives") == v
    for scoring, values in (("standard", standard), ("fives", fives)):
        g = new(["4H 4S 4C 3D", " ".join(values)], "7C", "8H 6S",
                rules={"jokers_per_deck": 1, "scoring": scoring})
        assert in_hand(g)[1] == sum(values.values())


@pytest.mark.parametrize("scoring, meld, points", [
    ("standard", "AH 2H 3H", 1 + 2 + 3),
    ("fives", "AH 2H 3H", 5 + 5 + 5),
    ("standard", "AH JK=2H 3H", 1 + 15 + 3),
    ("fives", "AH JK=2H 3H", 5 + 15 + 5),
    ("standard", "QH KH AH", 10 + 10 + 15),
    ("fives", "QH KH AH", 10 + 10 + 15),
    ("standard", "AC AD AH", 45),
    ("fives", "AC AD AH", 45),
    ("standard", "5H JK=6H 7H", 5 + 15 + 7),
    ("standard", "JK=AH 2H 3H", 15 + 2 + 3),
    ("standard", "TH JH QH", 30),
    ("fives", "8H 9H TH", 5 + 5 + 10),
])
def test_r19_tabled_values(scoring, meld, points):
    hand = " ".join(t if not t.startswith("JK") else "JK" for t in meld.split())
    g = new([hand + " 9C", "5D 9S QC"], "3S", "6C 3D", f"0 stock; 0 meld {meld}",
            rules={"scoring": scoring, "jokers_per_deck": 1})
    assert tabled(g)[0] == points


@pytest.mark.parametrize("scoring, meld, points", [
    ("standard", "KH AH 2H", 10 + 15 + 2),
    ("fives", "KH AH 2H", 10 + 15 + 5),
    ("standard", "QH KH AH 2H 3H", 10 + 10 + 15 + 2 + 3),
    ("standard", "AH 2H 3H", 1 + 2 + 3),     # no corner turned: still a low ace
])
def test_r19_ace_in_a_corner_turning_run_scores_15(scoring, meld, points):
    g = new([meld + " 9C", "5D 9S QC"], "3S", "6C 3D", f"0 stock; 0 meld {meld}",
            rules={"scoring": scoring, "ace_wraps": True})
    assert tabled(g)[0] == points


def test_r19_joker_scores_15_tabled_or_in_hand():
    rules = {"jokers_per_deck": 2}
    g = new(["2H 3H JK JK 9C", "5D 9S QC"], "3S", "6C 3D", "0 stock; 0 meld JK=AH 2H 3H", rules=rules)
    assert tabled(g)[0] == 15 + 2 + 3
    assert in_hand(g)[0] == 15 + 9 + 6


# ========================================================================= R20 hand score


def test_r20_hand_score_is_tabled_minus_held_and_added_to_the_totals():
    record = rec(["4H 4S 4C 9D 2C", "KD KS KC 3D 4D"], "7C", "8H 5D",
                 "0 stock; 0 meld 4H 4S 4C; 0 discard 8H; 1 stock; 1 meld KD KS KC; 1 meld 3D 4D 5D",
                 scores=[-50, 100])
    out, status = replay(record)
    assert status == 0
    h = out["hands"][0]
    assert h["ended"] == "went_out" and h["went_out"] == 1
    assert h["scores"] == [{"tabled": 12, "in_hand": 11, "hand": 1},
                           {"tabled": 42, "in_hand": 0, "hand": 42}]
    assert out["totals"] == [-49, 142]


def test_r20_lay_offs_score_for_the_player_who_laid_them():
    g = new(["5H 6H 7H KC", "8H 9H 4H 2C"], "3S", "QD 7S",
            "0 stock; 0 meld 5H 6H 7H; 0 discard QD; 1 stock; 1 layoff 8H 0; 1 layoff 9H 0;"
            "1 layoff 4H 0; 1 discard 2C")
    assert table(g) == [(["4H", "5H", "6H", "7H", "8H", "9H"], 0)]
    assert tabled(g) == [18, 21]
    do(g, "0 end")
    assert g.hand.ended == "stock_out"
    assert g.hand_scores[0] == [{"tabled": 18, "in_hand": 10, "hand": 8},
                                {"tabled": 21, "in_hand": 7, "hand": 14}]
    assert g.totals == [8, 14]


def test_r20_an_ace_that_began_a_run_stops_scoring_low_once_the_run_turns_the_corner():
    rules = {"ace_wraps": True}
    g = new(["AH 2H 3H 9C", "KH 7C 8C"], "3S", "5S 6S",
            "0 stock; 0 meld AH 2H 3H; 0 discard 9C", rules=rules)
    assert tabled(g) == [6, 0]
    do(g, "1 stock; 1 layoff KH 0")
    assert table(g) == [(["KH", "AH", "2H", "3H"], 0)]
    assert tabled(g) == [15 + 2 + 3, 10]


def test_r20_totals_run_over_hands_and_may_go_negative():
    hand0 = rec(["4H 4S 4C", "KD KS 2C", "QH QS 9C"], "7C", "9D 5S 6S",
                "0 stock; 0 meld 4H 4S 4C; 0 discard 9D", dealer=2, scores=[-50, 100, 0])
    out, status = replay(hand0)
    assert status == 0
    assert out["hands"][0]["scores"] == [
        {"tabled": 12, "in_hand": 0, "hand": 12},
        {"tabled": 0, "in_hand": 22, "hand": -22},
        {"tabled": 0, "in_hand": 29, "hand": -29},
    ]
    assert out["totals"] == [-38, 78, -29]
    hand0["hands"].append({"dealer": 0, "deal": {"hands": [["2D", "3D"], ["4D", "4S", "4H"], ["AC"]],
                                                 "discard": ["7H"], "stock": ["4C", "KH"]},
                           "actions": acts("1 stock; 1 meld 4D 4S 4H 4C")})
    out, status = replay(hand0)
    assert status == 0
    assert [s["hand"] for s in out["hands"][1]["scores"]] == [-5, 16, -15]
    assert out["totals"] == [-43, 94, -44]
    assert out["next"] is None and out["winner"] is None


# ========================================================================== R21 winning


def test_r21_reaching_the_target_wins():
    g = new(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S", "0 stock; 0 meld 4H 4S 4C; 0 discard 9D",
            scores=[490, 0])
    assert g.totals == [502, -22]
    assert g.winner == 0 and g.phase == Phase.GAME_OVER and g.is_terminal()
    refuse(g, "1 stock", "hand_over")
    with pytest.raises(ValueError):
        g.deal_next_hand()
    out, _ = replay(rec(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S",
                        "0 stock; 0 meld 4H 4S 4C; 0 discard 9D", scores=[490, 0]))
    assert out["winner"] == 0 and out["next"] is None


def test_r21_highest_total_wins_not_the_first_to_reach_the_target():
    g = new(["4H 4S 4C 9D 2C", "KD KS KC 3D 4D"], "7C", "8H 5D",
            "0 stock; 0 meld 4H 4S 4C; 0 discard 8H; 1 stock; 1 meld KD KS KC; 1 meld 3D 4D 5D",
            scores=[499, 470])
    assert g.totals == [500, 512]            # both reached 500
    assert g.winner == 1


def test_r21_tie_at_the_top_plays_another_hand_and_deal_passes_left():
    record = rec(["4H 4S 4C 3D", "2H 2S 2C 3H 3S 3C"], "7C", "8H 9C",
                 "0 stock; 0 meld 4H 4S 4C; 0 discard 8H; 1 stock; 1 meld 2H 2S 2C; 1 meld 3H 3S 3C;"
                 "1 discard 9C", scores=[500, 494])
    g = game_from_record(record)
    assert g.totals == [509, 509]
    assert g.winner is None and g.phase == Phase.HAND_OVER
    g.deal_next_hand(seed=8)
    assert g.hand.dealer == 0 and g.current == 1 and len(g.hands) == 2
    out, status = replay(record)
    assert status == 0 and out["winner"] is None and out["totals"] == [509, 509]


def test_r21_target_variant():
    record = rec(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S", "0 stock; 0 meld 4H 4S 4C; 0 discard 9D",
                 rules={"target": 12})
    out, _ = replay(record)
    assert out["winner"] == 0
    record["rules"]["target"] = 13
    out, _ = replay(record)
    assert out["winner"] is None and out["totals"] == [12, -22]
    assert RuleSet().target == 500


def test_r21_a_hand_ended_by_an_empty_stock_can_win_the_game():
    g = new(["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H", "0 stock; 0 meld 4H 4S 4C; 0 discard 9D; 1 end",
            scores=[496, 0])
    assert g.hand.ended == "stock_out"
    assert g.totals == [500, -22] and g.winner == 0


def test_r21_below_the_target_nobody_wins():
    out, _ = replay(rec(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S",
                        "0 stock; 0 meld 4H 4S 4C; 0 discard 9D", scores=[487, 0]))
    assert out["totals"] == [499, -22] and out["winner"] is None


# ================================================================ variant keys (rules.md)

SPEC_VARIANTS = {
    "decks": ("auto", 1, 2),
    "jokers_per_deck": (2, 0, 1),
    "two_player_hand_size": (13, 10),
    "scoring": ("standard", "fives"),
    "going_out": ("meld_all", "discard_required", "float"),
    "final_discard_unplayable": (False, True),
    "top_discard_must_be_used": (False, True),
    "deep_card_must_start_meld": (False, True),
    "layoff_requires_own_meld": (False, True),
    "ace_wraps": (False, True),
    "empty_stock": ("end", "reshuffle"),
    "reshuffle_limit": (None, 1, 2, 3),
    "rummy_calls": (True, False),
}


def test_variant_keys_and_their_defaults_match_the_rulebook():
    assert CHOICES == SPEC_VARIANTS
    defaults = RuleSet().to_dict()
    assert set(defaults) == set(SPEC_VARIANTS) | {"target"}
    for key, values in SPEC_VARIANTS.items():
        assert defaults[key] == values[0], key
    assert defaults["target"] == 500


@pytest.mark.parametrize("key, value", [(k, v) for k, vs in SPEC_VARIANTS.items() for v in vs]
                         + [("target", 1), ("target", 300)])
def test_variant_every_listed_value_is_accepted_in_a_record(key, value):
    record = {"format": "rummy500/1", "rules": {key: value}, "players": ["A", "B", "C"],
              "hands": [{"dealer": 0, "seed": 2}]}
    out, status = replay(record)
    assert status == 0, out
    assert out["hands"][0]["held"] == [7, 7, 7]


# ====================================================== error codes (game-record.md)

SPEC_PRECEDENCE = (
    "hand_over", "rummy_not_allowed", "not_your_turn", "wrong_phase", "empty_stock", "bad_take",
    "take_unplayable", "card_not_in_hand", "unknown_meld", "no_meld_yet", "invalid_meld",
    "invalid_layoff", "must_keep_discard", "committed_card_unplayed", "discard_just_taken",
    "final_discard_playable",
)


def test_error_precedence_table_matches_the_spec():
    assert tuple(PRECEDENCE) == SPEC_PRECEDENCE


TWO = (["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H 5S")
OUT = "0 stock; 0 meld 4H 4S 4C; 0 discard 9D"


def _out_rec(extra: str, **kw):
    """P0 goes out at once (draws 9D, melds 4H 4S 4C, discards 9D)."""
    return rec(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S", OUT + ("; " + extra if extra else ""), **kw)


def _two(actions: str, **kw):
    return rec(*TWO, actions, **kw)


def _empty_stock(extra: str, **kw):
    """The stock runs out: P0 draws its one card; P1 is to move."""
    return rec(["4H 4S 4C 9D", "KD KS 2C"], "7C", "8H", "0 stock; 0 meld 4H 4S 4C; 0 discard 9D; " + extra,
               **kw)


def _call(extra: str, **kw):
    return rec(CALL_HANDS, CALL_PILE, CALL_STOCK, CALL_OPEN + "; " + extra, **kw)


CODE_CASES = [
    # id, record (the illegal action is its last), code, rule (None: not checked)
    ("hand_over", _out_rec("1 stock"), "hand_over", None),
    ("hand_over_after_game_won", _out_rec("1 stock", scores=[495, 0]), "hand_over", None),
    ("rummy_not_allowed", _call("0 rummy 1"), "rummy_not_allowed", "R18"),
    ("not_your_turn", _two("1 stock"), "not_your_turn", None),
    ("wrong_phase_meld_before_draw", _two("0 meld 4H 4S 4C"), "wrong_phase", None),
    ("wrong_phase_draw_twice", _two("0 stock; 0 stock"), "wrong_phase", None),
    ("wrong_phase_end_with_stock", _two("0 end"), "wrong_phase", None),
    ("empty_stock", _empty_stock("1 stock"), "empty_stock", "R17"),
    ("empty_stock_reshuffle", rec(["4H 4S 4C 9D", "7D 7H 2C KS"], "7C", "8H",
                                  "0 stock; 0 discard 9D; 1 take 2; 1 meld 7C 7D 7H; 1 discard 2C; 0 stock",
                                  rules={"empty_stock": "reshuffle"}), "empty_stock", "R17"),
    ("bad_take_zero", _two("0 take 0"), "bad_take", None),
    ("bad_take_too_many", _two("0 take 2"), "bad_take", None),
    ("take_unplayable", rec(["8C 2S 5H", "5D 9S QC"], "9C 4D", "6C 3D", "0 take 2"),
     "take_unplayable", "R9"),
    ("card_not_in_hand_discard", _two("0 stock; 0 discard KD"), "card_not_in_hand", None),
    ("card_not_in_hand_meld", _two("0 stock; 0 meld 4H 4S 4D"), "card_not_in_hand", None),
    ("card_not_in_hand_layoff", _two("0 stock; 0 meld 4H 4S 4C; 0 layoff 4D 0"), "card_not_in_hand", None),
    ("card_not_in_hand_second_copy", rec(["7C 7D 7H 2C", "5D 9S QC"], "3H", "6C 3D",
                                         "0 stock; 0 meld 7C 7C 7D", rules={"decks": 2}),
     "card_not_in_hand", None),
    ("unknown_meld", _two("0 stock; 0 layoff 9D 0"), "unknown_meld", None),
    ("unknown_meld_past_the_end", _two("0 stock; 0 meld 4H 4S 4C; 0 layoff 8H 1"), "unknown_meld", None),
    ("no_meld_yet", rec(["4H 4S 4C 9D", "4D KS 2C"], "7C", "8H 5S",
                        "0 stock; 0 meld 4H 4S 4C; 0 discard 9D; 1 stock; 1 layoff 4D 0",
                        rules={"layoff_requires_own_meld": True}), "no_meld_yet", "R14"),
    ("invalid_meld", _two("0 stock; 0 meld 4H 4S 9D"), "invalid_meld", None),
    ("invalid_layoff", _two("0 stock; 0 meld 4H 4S 4C; 0 layoff 9D 0"), "invalid_layoff", "R14"),
    ("must_keep_discard", rec(["4H 4S 4C", "KD KS 2C"], "7C", "4D 5S", "0 stock; 0 meld 4H 4S 4C 4D",
                              rules={"going_out": "discard_required"}), "must_keep_discard", "R16"),
    ("committed_card_unplayed", rec(["8C TC 2S", "5D 9S QC"], "9C 4D", "6C 3D", "0 take 2; 0 discard 2S"),
     "committed_card_unplayed", "R9"),
    ("discard_just_taken", rec(["4H 4S 8C", "5D 9S QC"], "9C 4D", "6C 3D", "0 take 1; 0 discard 4D"),
     "discard_just_taken", "R10"),
    ("final_discard_playable", rec(["5H 6H 7H", "KD KS 2C"], "7C", "8H 5S",
                                   "0 stock; 0 meld 5H 6H 7H; 0 discard 8H",
                                   rules={"final_discard_unplayable": True}),
     "final_discard_playable", "R16"),
]


def _prefix(record: dict) -> dict:
    """The record without its last action."""
    r = json.loads(json.dumps(record))
    r["hands"][-1]["actions"].pop()
    return r


def _check_refused_replay(record: dict, code: str, rule: str | None):
    out, status = replay(record)
    assert status == 1, out
    assert out["ok"] is False
    err = out["error"]
    assert err["code"] == code, err
    assert err["hand"] == len(record["hands"]) - 1
    assert err["action"] == len(record["hands"][-1]["actions"]) - 1
    if rule is not None:
        assert err["rule"] == rule, err
    assert isinstance(err["message"], str) and err["message"]
    # hands, totals, winner and next describe the state just before the illegal action
    before, status_before = replay(_prefix(record))
    assert status_before == 0
    for key in ("hands", "totals", "winner", "next"):
        assert out[key] == before[key], key
    # the live game refuses the same action the same way and is left unchanged
    g = game_from_record(_prefix(record))
    last = record["hands"][-1]["actions"][-1]
    snap = g.snapshot()
    with pytest.raises(IllegalMove) as info:
        g.apply(action_from_record(last, g.players))
    assert info.value.code == code
    assert g.snapshot() == snap


@pytest.mark.parametrize("case_id, record, code, rule", CODE_CASES, ids=[c[0] for c in CODE_CASES])
def test_error_code(case_id, record, code, rule):
    _check_refused_replay(record, code, rule)


def test_every_error_code_is_covered():
    covered = {c[2] for c in CODE_CASES}
    assert covered == set(SPEC_PRECEDENCE)


# ------------------------------------------------------------------ precedence

PRECEDENCE_CASES = [
    # id, record (illegal last action), reported code, another code that also applies
    ("hand_over_before_not_your_turn", _out_rec("0 discard 5S"), "hand_over", "not_your_turn"),
    ("hand_over_before_rummy_not_allowed",
     rec(["5S 6S 7S", "2C 3D 9H", "4C TC JD"], "3C", "8S 2D",
         "0 stock; 0 meld 5S 6S 7S; 0 discard 8S; 1 rummy 1"), "hand_over", "rummy_not_allowed"),
    ("rummy_not_allowed_before_not_your_turn", _call("0 rummy 1"), "rummy_not_allowed", "not_your_turn"),
    ("rummy_not_allowed_during_a_turn", _call("1 stock; 2 rummy 1"), "rummy_not_allowed", "not_your_turn"),
    ("not_your_turn_before_wrong_phase", _two("1 discard 2C"), "not_your_turn", "wrong_phase"),
    ("not_your_turn_before_card_not_in_hand", _two("1 meld 4H 4S 4C"), "not_your_turn",
     "card_not_in_hand"),
    ("not_your_turn_before_empty_stock", _empty_stock("0 stock"), "not_your_turn", "empty_stock"),
    ("wrong_phase_before_empty_stock", _empty_stock("1 take 1; 1 stock"), "wrong_phase", "empty_stock"),
    ("wrong_phase_before_bad_take", _two("0 stock; 0 take 0"), "wrong_phase", "bad_take"),
    ("wrong_phase_before_card_not_in_hand", _two("0 meld KD KS 2C"), "wrong_phase", "card_not_in_hand"),
    ("card_not_in_hand_before_unknown_meld", _two("0 stock; 0 layoff KD 3"), "card_not_in_hand",
     "unknown_meld"),
    ("card_not_in_hand_before_invalid_meld", _two("0 stock; 0 meld KD 9D 4H"), "card_not_in_hand",
     "invalid_meld"),
    ("unknown_meld_before_no_meld_yet",
     rec(["4H 4S 4C 9D", "4D KS 2C"], "7C", "8H 5S",
         "0 stock; 0 meld 4H 4S 4C; 0 discard 9D; 1 stock; 1 layoff 4D 1",
         rules={"layoff_requires_own_meld": True}), "unknown_meld", "no_meld_yet"),
    ("no_meld_yet_before_invalid_layoff",
     rec(["4H 4S 4C 9D", "4D KS 2C"], "7C", "8H 5S",
         "0 stock; 0 meld 4H 4S 4C; 0 discard 9D; 1 stock; 1 layoff KS 0",
         rules={"layoff_requires_own_meld": True}), "no_meld_yet", "invalid_layoff"),
    ("invalid_meld_before_must_keep_discard",
     rec(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S", "0 stock; 0 meld 4H 4S 4C 9D",
         rules={"going_out": "discard_required"}), "invalid_meld", "must_keep_discard"),
    ("invalid_layoff_before_must_keep_discard",
     rec(["4H 4S 4C", "KD KS 2C"], "7C", "9D 5S", "0 stock; 0 meld 4H 4S 4C; 0 layoff 9D 0",
         rules={"going_out": "discard_required"}), "invalid_layoff", "must_keep_discard"),
    ("card_not_in_hand_before_committed_card_unplayed",
     rec(["8C TC 2S", "5D 9S QC"], "9C 4D", "6C 3D", "0 take 2; 0 discard QC"),
     "card_not_in_hand", "committed_card_unplayed"),
    ("committed_card_unplayed_before_discard_just_taken",
     rec(["4H 4S 8C", "5D 9S QC"], "9C 4D", "6C 3D", "0 take 1; 0 discard 4D",
         rules={"top_discard_must_be_used": True}), "committed_card_unplayed", "discard_just_taken"),
    ("discard_just_taken_before_final_discard_playable",
     rec(["5H 6H 7H", "KD KS 2C"], "9S 8H", "2D 5S", "0 take 1; 0 meld 5H 6H 7H; 0 discard 8H",
         rules={"final_discard_unplayable": True}), "discard_just_taken", "final_discard_playable"),
]


@pytest.mark.parametrize("case_id, record, code, other", PRECEDENCE_CASES, ids=[c[0] for c in PRECEDENCE_CASES])
def test_error_precedence(case_id, record, code, other):
    assert SPEC_PRECEDENCE.index(code) < SPEC_PRECEDENCE.index(other)
    _check_refused_replay(record, code, None)


# ------------------------------------------------------------------ bad_record


def _mutated(change) -> dict:
    r = rec(["4H 4S", "KD KS"], "7C", "8H", "0 stock")
    change(r)
    return r


def _set(path, value):
    def change(r):
        obj = r
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    return change


BAD_RECORDS = [
    ("not_json", b'{"format": "rummy500/1", '),
    ("not_utf8", b"\xff\xfe{}"),
    ("not_an_object", b"[1, 2]"),
    ("wrong_format", _mutated(_set(["format"], "rummy500/2"))),
    ("unknown_top_key", _mutated(_set(["colour"], "red"))),
    ("unknown_rule_key", _mutated(_set(["rules", "wild_twos"], True))),
    ("rule_value_unknown", _mutated(_set(["rules", "going_out"], "fly"))),
    ("rule_value_wrong_type_bool", _mutated(_set(["rules", "ace_wraps"], 1))),
    ("rule_value_wrong_type_int", _mutated(_set(["rules", "decks"], "2"))),
    ("rule_value_out_of_range", _mutated(_set(["rules", "two_player_hand_size"], 11))),
    ("rule_jokers_out_of_range", _mutated(_set(["rules", "jokers_per_deck"], 3))),
    ("target_zero", _mutated(_set(["rules", "target"], 0))),
    ("target_negative", _mutated(_set(["rules", "target"], -5))),
    ("target_not_a_number", _mutated(_set(["rules", "target"], "500"))),
    ("target_bool", _mutated(_set(["rules", "target"], True))),
    ("dealer_not_a_seat", _mutated(_set(["hands", 0, "dealer"], 2))),
    ("dealer_negative", _mutated(_set(["hands", 0, "dealer"], -1))),
    ("dealer_missing", _mutated(lambda r: r["hands"][0].pop("dealer"))),
    ("scores_short", _mutated(_set(["scores"], [0]))),
    ("scores_long", _mutated(_set(["scores"], [0, 0, 0]))),
    ("scores_not_numbers", _mutated(_set(["scores"], [0, "1"]))),
    ("players_one", _mutated(_set(["players"], ["A"]))),
    ("players_nine", _mutated(_set(["players"], [str(i) for i in range(9)]))),
    ("unknown_card_token", _mutated(_set(["hands", 0, "deal", "hands", 0], ["4H", "1H"]))),
    ("declared_joker_in_deal", _mutated(_set(["hands", 0, "deal", "discard"], ["JK=7H"]))),
    ("joker_without_jokers", _mutated(_set(["hands", 0, "deal", "stock"], ["JK"]))),
    ("too_many_copies", _mutated(_set(["hands", 0, "deal", "stock"], ["4H"]))),
    ("hands_not_one_per_player", _mutated(_set(["hands", 0, "deal", "hands"], [["4H"]]))),
    ("deal_key_missing", _mutated(lambda r: r["hands"][0]["deal"].pop("stock"))),
    ("deal_unknown_key", _mutated(_set(["hands", 0, "deal", "table"], []))),
    ("no_deal_no_seed", _mutated(lambda r: r["hands"][0].pop("deal"))),
    ("hands_not_a_list", _mutated(_set(["hands"], {}))),
    ("action_unknown_kind", _mutated(_set(["hands", 0, "actions"], [{"p": 0, "pass": True}]))),
    ("action_extra_key", _mutated(_set(["hands", 0, "actions"], [{"p": 0, "draw": "stock", "x": 1}]))),
    ("action_two_kinds", _mutated(_set(["hands", 0, "actions"], [{"p": 0, "draw": "stock", "take": 1}]))),
    ("action_seat_not_a_seat", _mutated(_set(["hands", 0, "actions"], [{"p": 2, "draw": "stock"}]))),
    ("action_unknown_card", _mutated(_set(["hands", 0, "actions"], [{"p": 0, "discard": "XX"}]))),
    ("action_layoff_without_onto", _mutated(_set(["hands", 0, "actions"], [{"p": 0, "layoff": "4H"}]))),
    ("pack_too_small_for_the_deal",
     {"format": "rummy500/1", "rules": {"decks": 1}, "players": [str(i) for i in range(8)],
      "hands": [{"dealer": 0, "seed": 1}]}),
    ("later_dealer_not_left", _mutated(lambda r: r["hands"].append({"dealer": 1, "seed": 1}))),
    ("unended_hand_followed_by_another", _mutated(lambda r: r["hands"].append({"dealer": 0, "seed": 1}))),
]


@pytest.mark.parametrize("case_id, record", BAD_RECORDS, ids=[c[0] for c in BAD_RECORDS])
def test_bad_record(case_id, record):
    out, status = replay(record)
    assert status == 2
    assert set(out) == {"ok", "error"}
    assert out["ok"] is False
    assert out["error"]["code"] == "bad_record"
    assert out["error"]["message"]


def test_bad_record_whole_file_checked_before_any_action():
    # action 0 is illegal (not P1's turn) but a later action names an unknown card
    record = rec(["4H 4S", "KD KS"], "7C", "8H", "1 stock")
    record["hands"][0]["actions"].append({"p": 0, "discard": "ZZ"})
    out, status = replay(record)
    assert status == 2 and out["error"]["code"] == "bad_record"


def test_card_tokens_are_case_insensitive_and_written_upper_case():
    record = rec(["10h jk as 2s 3s", "kd ks 2c"], "7c", "9h 5s", "0 stock; 0 meld as 2s 3s; 0 meld 9h 10h jk=jh",
                 rules={"jokers_per_deck": 1})
    out, status = replay(record)
    assert status == 0
    assert out["hands"][0]["table"] == [{"cards": ["AS", "2S", "3S"], "owner": 0},
                                        {"cards": ["9H", "TH", "JK=JH"], "owner": 0}]
    assert out["hands"][0]["discard"] == ["7C"]


def test_replay_of_a_good_record_reports_the_state():
    out, status = replay(rec(*TWO, "0 stock; 0 meld 4H 4S 4C"))
    assert status == 0 and out["ok"] is True and "error" not in out
    assert out["next"] == {"hand": 0, "player": 0, "phase": "play"}
    h = out["hands"][0]
    assert h["held"] == [2, 3] and h["stock"] == 1 and h["discard"] == ["7C"]
    assert h["table"] == [{"cards": ["4H", "4S", "4C"], "owner": 0}]
    assert h["scores"][0] == {"tabled": 12, "in_hand": 17, "hand": -5}
    assert out["totals"] == [0, 0] and out["winner"] is None
