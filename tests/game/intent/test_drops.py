"""The intent layer (game/intent/drops.py, game/intent/targets.py) without pygame: what
"these cards onto this place" (a drop, or Enter) comes to: engine actions,
a refusal with the engine's reason, or a choice (issue 14, part 2).
(test_imports.py checks that no game module imports pygame.)"""

from __future__ import annotations

from game.rules.actions import Discard, DrawStock, LayOff, TableMeld, TakeDiscards
from game.rules.cards import JOKER, parse_card
from game.intent.drops import (
    Choice, LegalTargets, Accepted, Refusal, drop_outcome, enter_effect, enter_outcome, hint_action, hint_cards,
    lay_off_outcome, layoff_plan, legal_targets, meld_outcome, take_outcome
)
from game.rules.record import game_from_record
from game.intent.targets import DiscardPile, HandSlot, NewMeld, OnMeld, PileCard, Stock

from helpers import check_invariants


def C(token: str) -> int:
    return parse_card(token)


def cards(*tokens: str) -> list[int]:
    return [C(t) for t in tokens]


def game_of(you, bot, discard, stock, table_run=None):
    """Seat 0 (the person) to move first; with ``table_run``, the bot has
    tabled that run before (so a lay-off has a meld to go on)."""
    rec = {"format": "rummy500/1", "rules": {}, "players": ["You", "Bot"],
           "hands": [{"dealer": 1, "deal": {"hands": [you, bot], "discard": discard, "stock": stock},
                      "actions": []}]}
    g = game_from_record(rec)
    if table_run:
        g.apply(DrawStock(0))
        g.apply(Discard(0, C(you[-1])))
        g.apply(DrawStock(1))
        g.apply(TableMeld(1, tuple(cards(*table_run))))
        g.apply(Discard(1, C(bot[-1])))
    return g


YOU = ["7H", "8H", "9H", "8S", "9S", "JK", "KC", "4D"]
BOT = ["5S", "6S", "7S", "2C", "3D", "QD"]


def playing(table_run=("5S", "6S", "7S")):
    """The person in the play phase of a turn, with the bot's run on the table."""
    g = game_of(YOU, BOT, ["JS"], ["KH", "5C", "6C", "QS", "2H", "3H"], table_run)
    g.apply(DrawStock(0))
    return g


def test_targets_are_values():
    assert PileCard(2) == PileCard(2) and PileCard(2) != PileCard(3)
    assert OnMeld(0) != HandSlot(0) and Stock() == Stock() and NewMeld() != DiscardPile()
    assert len({Stock(), Stock(), OnMeld(1), OnMeld(1)}) == 2  # hashable: usable as keys


def test_a_meld_drop_is_one_action_and_the_engine_accepts_it():
    g = playing()
    out = drop_outcome(g, 0, cards("7H", "8H", "9H"), NewMeld())
    assert out == Accepted((TableMeld(0, tuple(cards("7H", "8H", "9H"))),))
    g.apply(out.actions[0])
    assert any(sorted(m.cards) == sorted(cards("7H", "8H", "9H")) for m in g.hand.table)
    check_invariants(g)


def test_a_joker_that_could_be_two_cards_asks_which():
    g = playing()
    out = meld_outcome(g.hand, 0, cards("8H", "9H") + [JOKER])
    assert isinstance(out, Choice) and out.question == "joker_meld" and len(out.options) == 2
    for action in out.options:
        assert g.hand.is_legal(action)  # every option is one the engine takes


def test_a_joker_laid_off_on_a_run_asks_which_end():
    g = playing()
    run = next(i for i, m in enumerate(g.hand.table) if C("6S") in m.cards)
    out = lay_off_outcome(g.hand, 0, [JOKER], run)
    assert isinstance(out, Choice) and out.question == "joker_layoff"
    assert all(isinstance(a, LayOff) and g.hand.is_legal(a) for a in out.options) and len(out.options) == 2


def test_several_cards_are_laid_off_in_an_order_that_works():
    g = playing()
    run = next(i for i, m in enumerate(g.hand.table) if C("6S") in m.cards)
    out = drop_outcome(g, 0, cards("9S", "8S"), OnMeld(run))  # 9S first would not fit
    assert isinstance(out, Accepted) and [a.card for a in out.actions] == cards("8S", "9S")
    for a in out.actions:
        g.apply(a)
    assert sorted(g.hand.table[run].cards) == sorted(cards("5S", "6S", "7S", "8S", "9S"))
    assert layoff_plan(g.hand, 0, cards("KC", "4D"), run) is None


def test_refusals_carry_the_engines_reason_or_the_tables():
    g = playing()
    run = next(i for i, m in enumerate(g.hand.table) if C("6S") in m.cards)
    bad = meld_outcome(g.hand, 0, cards("7H", "8H", "KC"))
    assert isinstance(bad, Refusal) and bad.logged and (bad.reason == "engine" and bad.message or
                                                        bad.reason == "not_a_meld")
    no_fit = lay_off_outcome(g.hand, 0, cards("KC"), run)
    assert isinstance(no_fit, Refusal) and no_fit.logged
    assert no_fit.reason == "engine" and no_fit.message and no_fit.rule or no_fit.reason == "no_fit"
    assert drop_outcome(g, 0, cards("KC", "4D"), DiscardPile()) == Refusal("one_card")
    assert drop_outcome(g, 0, cards("KC", "4D"), OnMeld(run)) == Refusal("not_all_fit")
    assert meld_outcome(g.hand, 0, []) == Refusal("select_meld")


def test_no_move_before_the_draw_or_out_of_turn():
    g = game_of(YOU, BOT, ["JS"], ["KH", "5C", "6C", "QS"])
    assert drop_outcome(g, 0, cards("7H", "8H", "9H"), NewMeld()) == Refusal("draw_first_drop")
    assert drop_outcome(g, 1, cards("2C"), DiscardPile()) == Refusal("wait_turn")
    assert enter_outcome(g, 0, [], NewMeld()) == Refusal("draw_first_key")
    assert enter_outcome(g, 0, [], Stock()) == Accepted((DrawStock(0),))
    assert enter_outcome(g, 0, [], PileCard(0)) == Accepted((TakeDiscards(0, 1),))
    assert legal_targets(g, 0, cards("KC")) == LegalTargets()  # nothing lights up before the draw


def test_enter_plays_the_selection_on_the_focused_place():
    g = playing()
    run = next(i for i, m in enumerate(g.hand.table) if C("6S") in m.cards)
    assert enter_outcome(g, 0, cards("KC"), PileCard(0)) == Accepted((Discard(0, C("KC")),))
    assert enter_outcome(g, 0, [], OnMeld(run)) == Refusal("select_layoff")
    assert enter_outcome(g, 0, cards("8S"), OnMeld(run)) == Accepted((LayOff(0, C("8S"), run),))


def test_legal_targets_are_what_the_engine_accepts():
    g = playing()
    h = g.hand
    run = next(i for i, m in enumerate(h.table) if C("6S") in m.cards)
    one = legal_targets(g, 0, cards("8S"))
    assert one.discard and not one.new and one.melds == {run}
    assert one.allows(DiscardPile()) and one.allows(OnMeld(run)) and not one.allows(NewMeld())
    three = legal_targets(g, 0, cards("7H", "8H", "9H"))
    assert three.new and not three.discard and not three.melds
    assert legal_targets(g, 0, cards("KC")).melds == frozenset()
    for target in (DiscardPile(), NewMeld(), OnMeld(run)):  # a lit place is one the drop plays on
        for sel in (cards("8S"), cards("7H", "8H", "9H"), cards("8S", "9S"), cards("KC")):
            out = drop_outcome(g, 0, sel, target)
            assert legal_targets(g, 0, sel).allows(target) == (isinstance(out, (Accepted, Choice)))


def test_enter_effect_says_what_enter_does():
    g = game_of(YOU, BOT, ["JS", "QH"], ["KH", "5C", "6C", "QS"])
    assert enter_effect(g, 0, Stock(), 0, False).kind == "draw"
    assert enter_effect(g, 0, PileCard(0), 0, False) == enter_effect(g, 0, PileCard(0), 3, False)
    assert enter_effect(g, 0, PileCard(0), 0, False).kind == "take"
    assert enter_effect(g, 0, PileCard(0), 0, False).count == 2
    assert enter_effect(g, 0, PileCard(1), 0, True).kind == "rummy"
    assert enter_effect(g, 1, Stock(), 0, False).kind == "not_your_turn"
    g.apply(DrawStock(0))
    assert enter_effect(g, 0, Stock(), 0, False).kind == "stock_drawn"
    assert enter_effect(g, 0, PileCard(1), 1, False).kind == "discard"
    assert enter_effect(g, 0, PileCard(1), 2, False).kind == "discard_select"
    assert enter_effect(g, 0, NewMeld(), 3, False).count == 3


def test_take_outcome_is_the_engines_answer():
    g = game_of(["7H", "8H", "9H", "KC", "4D"], BOT, ["JS", "QH", "2S"], ["KH", "5C", "6C", "QS"])
    assert take_outcome(g.hand, 0, 2, False) == Accepted((TakeDiscards(0, 1),))
    deep = take_outcome(g.hand, 0, 0, False)  # the JS can't be melded with the person's cards (R9)
    assert isinstance(deep, Refusal) and deep.reason == "engine" and deep.rule


def test_the_hint_is_a_legal_move_of_the_person():
    g = playing()
    action = hint_action(g, 0)
    assert action is not None and g.hand.is_legal(action)
    assert all(c in g.hand.hands[0] for c in hint_cards(action))
    assert hint_action(g, 1) is None  # not the bot's turn


def test_only_melds_and_lay_offs_can_be_taken_back():
    from game.intent.turn import undoable
    assert undoable(TableMeld(0, tuple(cards("7H", "8H", "9H")))) and undoable(LayOff(0, C("8S"), 0))
    assert not undoable(DrawStock(0)) and not undoable(Discard(0, C("KC"))) and not undoable(TakeDiscards(0, 1))


def test_the_seats_view_decides_every_drop_as_the_whole_game_does():
    """Issue 23, part 0: the table decides drops, Enter and a drag's targets
    from the seat's PlayerView alone; over many random positions every
    answer is the one the whole game gives."""
    import random

    from game.rules.game import Game
    from game.rules.random_play import random_step
    from game.rules.view import view_for
    checked = 0
    for seed in range(6):
        game = Game.new(["A", "B", "C"], seed=seed)
        rng = random.Random(seed)
        while game.hand.ended is None:
            h = game.hand
            seat = h.current
            view = view_for(game, seat)
            for _ in range(4):
                hand = list(h.hands[seat])
                picked = rng.sample(hand, rng.randint(1, min(4, len(hand))))
                assert legal_targets(view, seat, picked) == legal_targets(game, seat, picked)
                targets = [DiscardPile(), NewMeld(), Stock()] + [OnMeld(m) for m in range(len(h.table))]
                if h.discard:
                    targets.append(PileCard(rng.randrange(len(h.discard))))
                for target in targets:
                    if not isinstance(target, Stock):
                        assert drop_outcome(view, seat, picked, target) == drop_outcome(game, seat, picked, target)
                    assert enter_outcome(view, seat, picked, target) == enter_outcome(game, seat, picked, target)
                    assert (enter_effect(view, seat, target, len(picked), False)
                            == enter_effect(game, seat, target, len(picked), False))
                    other = (seat + 1) % 3  # another seat's view knows it is not its turn
                    assert (drop_outcome(view_for(game, other), other, picked, target)
                            == drop_outcome(game, other, picked, target))
                checked += 1
            random_step(game, rng, rummy_rate=0.0)
    assert checked > 100
