"""The queries the table and the AI use: meld choices with joker declarations,
lay-off targets, whether a committed card can be tabled, and the CLI's GUI stub."""

import random

from game.rules.actions import TableMeld, TakeDiscards
from game.rules.cards import JOKER, joker_as, parse_card
from game.rules.game import Game
from game.rules.meld_masks import any_meld, could_meld_with
from game.rules.melds import enumerate_melds
from game.rules.turn_search import find_plan
from game.rules.record import game_from_record
from game.rules.ruleset import RuleSet


def c(token):
    return parse_card(token, tabled=True)


def cs(*tokens):
    return [c(t) for t in tokens]


def _game(hands, discard, stock, rules=None):
    rec = {"format": "rummy500/1", "rules": rules or {"jokers_per_deck": 2}, "players": ["Ann", "Ben"],
           "hands": [{"dealer": 1, "deal": {"hands": hands, "discard": discard, "stock": stock},
                      "actions": []}]}
    return game_from_record(rec)


def test_r15_selection_with_one_way_gets_no_question():
    assert enumerate_melds(cs("5H", "6H", "7H"), exact=True) == [tuple(cs("5H", "6H", "7H"))]
    assert enumerate_melds(cs("5H", "JK", "7H"), exact=True) == [tuple(cs("5H", "JK=6H", "7H"))]


def test_r15_selection_with_several_ways_lists_each_declaration():
    sets = enumerate_melds(cs("5H", "5D", "JK"), exact=True)
    assert sorted(sets) == sorted([tuple(cs("5H", "5D", "JK=5C")), tuple(cs("5H", "5D", "JK=5S"))])
    runs = enumerate_melds(cs("5H", "6H", "JK"), exact=True)
    assert sorted(runs) == sorted([tuple(cs("JK=4H", "5H", "6H")), tuple(cs("5H", "6H", "JK=7H"))])
    both = enumerate_melds(cs("9C", "JK", "JK"), exact=True)
    assert tuple(cs("9C", "JK=9D", "JK=9H")) in both          # a set
    assert tuple(cs("JK=7C", "JK=8C", "9C")) in both          # a run below
    assert tuple(cs("9C", "JK=TC", "JK=JC")) in both          # a run above
    assert all(len(m) == 3 for m in both)


def test_r12_selection_that_is_no_meld_has_no_options():
    assert enumerate_melds(cs("KS", "AS", "2S"), exact=True) == []
    assert enumerate_melds(cs("KS", "AS", "2S"), ace_wraps=True, exact=True) == [tuple(cs("KS", "AS", "2S"))]
    assert enumerate_melds(cs("5H", "5H", "5D"), exact=True) == []
    assert enumerate_melds(cs("JK", "JK", "JK"), exact=True) == []


def test_r14_layoff_targets_list_every_meld_a_card_fits():
    g = _game([["5H", "6H", "7H", "8D", "8S", "8C", "2C"], ["KD", "KS", "KH", "3C"]], ["4C"], ["9H", "QC"])
    h = g.hand
    from game.rules.actions import DrawStock, TableMeld
    g.apply(DrawStock(0))
    g.apply(TableMeld(0, tuple(cs("5H", "6H", "7H"))))
    g.apply(TableMeld(0, tuple(cs("8D", "8S", "8C"))))
    assert h.layoff_targets(c("8H")) == [(0, c("8H")), (1, c("8H"))]
    assert h.layoff_targets(c("4H")) == [(0, c("4H"))]
    assert h.layoff_targets(c("9C")) == []
    assert sorted(h.layoff_targets(JOKER)) == sorted([(0, joker_as(c("8H"))), (0, joker_as(c("4H"))),
                                                      (1, joker_as(c("8H")))])


def test_r9_can_this_hand_table_the_committed_card():
    rules = RuleSet(jokers_per_deck=0)
    assert find_plan(cs("4H", "4S", "4D", "9C"), c("4D"), None, [], rules, False, 0) is not None
    assert find_plan(cs("4H", "5S", "4D", "9C"), c("4D"), None, [], rules, False, 0) is None
    g = _game([["4H", "4S", "8C"], ["5D", "9S", "QC"]], ["9C", "4D", "KS", "7H", "2C"], ["6C", "3D"],
              {"jokers_per_deck": 0})
    h = g.hand
    assert h.is_legal(TakeDiscards(0, 4))
    assert not h.is_legal(TakeDiscards(0, 5))
    g.apply(TakeDiscards(0, 4))
    plan = h.plan_for()
    assert isinstance(plan[0], TableMeld) and plan[0].seat == 0 and h.is_legal(plan[0])


def test_fast_meld_filters_agree_with_the_full_search():
    rng = random.Random(7)
    pack = list(range(52)) * 2 + [JOKER] * 4
    for _ in range(3000):
        hand = rng.sample(pack, rng.randint(0, 12))
        aw = rng.random() < 0.5
        melds = enumerate_melds(hand, aw)
        assert any_meld(hand, aw) == bool(melds)
        assert enumerate_melds(hand, aw, first=True) == melds[:1]
        for card in set(hand) - {JOKER}:
            with_card = [m for m in melds if card in m]
            if with_card:
                assert could_meld_with(hand, card, aw)


def test_injected_random_gives_the_same_game():
    a = Game.new(["A", "B", "C"], rng=random.Random(99))
    b = Game.new(["A", "B", "C"], rng=random.Random(99))
    assert a.snapshot() == b.snapshot()


def test_a_plan_is_the_seats_own_actions_played_one_after_another():
    """Plays are engine actions (issue 14): every step of the engine's plan is a
    TableMeld / LayOff of the seat to move, legal as it stands, and playing the
    whole plan leaves no committed card (R9) and a turn that can end."""
    from game.rules.actions import LayOff
    from game.rules.phase import Phase
    from game.rules.random_play import random_step

    checked = 0
    for seed in range(12):
        g = Game.new(["A", "B", "C"], RuleSet(), seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            h = g.hand
            if g.winner is not None or h is None or h.ended is not None:
                break
            if h.phase == Phase.PLAY and h.committed is not None:
                seat = h.current
                plan = h.plan_for()
                assert plan, "a committed card always has a plan (R9)"
                for step in plan:
                    assert type(step) in (TableMeld, LayOff) and step.seat == seat
                    assert h.is_legal(step), step
                    g.apply(step)
                assert h.committed is None and (h.ended is not None or h.plan_for() is not None)
                checked += 1
                continue
            random_step(g, rng, take_rate=0.6)
    assert checked >= 20, checked
