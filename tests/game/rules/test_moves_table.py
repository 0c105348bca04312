"""The legal-move table (game/rules/moves.py): every action has one row, the
filters list only what the rows' checks accept, and the Rummy window is a
phase of its own beside the next seat's draw (R18) while ``HandState.phase``
keeps the values saved games carry."""

from __future__ import annotations

import random

from game.rules import actions
from game.rules.actions import CallRummy, Discard, DrawStock, TableMeld, TakeDiscards
from game.rules.game import Game
from game.rules.hand import HandState, deal_cards
from game.rules.phase import Phase, rummy_winner, seat_left_of
from game.rules.moves import MOVE_OF, MOVES, PLAY, TURN
from game.rules.random_play import random_step
from game.rules.record import game_from_record
from game.rules.ruleset import RuleSet


def _game(hands, discard, stock, rules=None):
    rec = {"format": "rummy500/1", "rules": rules or {}, "players": ["Ann", "Ben", "Cat"],
           "hands": [{"dealer": 2, "deal": {"hands": hands, "discard": discard, "stock": stock},
                      "actions": []}]}
    return game_from_record(rec)


def test_every_action_kind_has_exactly_one_row():
    kinds = {c for c in vars(actions).values()
             if isinstance(c, type) and issubclass(c, actions.Action) and c is not actions.Action}
    assert set(MOVE_OF) == kinds and len(MOVES) == len(kinds)
    assert {m.listed for m in MOVES} == {TURN, PLAY}
    assert MOVE_OF[CallRummy].phase == Phase.RUMMY_WINDOW


def test_the_rummy_window_is_a_phase_of_its_own_beside_the_draw():
    g = _game([["5H", "6H", "7H", "8H", "KD"], ["2C", "3D", "QS", "JH", "9C"], ["7C", "8D", "4S", "TD", "9S"]],
              ["AC"], ["2S", "3S", "4C", "5C", "6C"])
    h = g.hand
    assert h.current == 0 and h.open_phases() == (Phase.DRAW,)
    g.apply(DrawStock(0))
    assert h.open_phases() == (Phase.PLAY,) and g.phase == Phase.PLAY
    g.apply(TableMeld(0, tuple(h.hands[0][:3])))
    g.apply(Discard(0, h.hands[0][0]))  # the 8H, which extends the run on the table
    assert h.phase == Phase.DRAW and g.phase == Phase.DRAW  # the value saved games carry
    assert h.open_phases() == (Phase.DRAW, Phase.RUMMY_WINDOW)
    assert h.snapshot()["phase"] == "draw"
    calls = h.rummy_calls()
    assert calls and all(isinstance(a, CallRummy) and a.seat != 0 for a in calls)
    assert set(calls) <= set(h.legal_actions())
    g.apply(DrawStock(1))
    assert h.open_phases() == (Phase.PLAY,) and h.rummy_calls() == []
    assert not any(isinstance(a, CallRummy) for a in h.legal_actions())


def test_without_rummy_calls_no_window_opens():
    g = _game([["5H", "6H", "9C", "KD"], ["2C", "3D", "QS", "JH"], ["7H", "8H", "4S", "TD"]],
              ["AC"], ["2S", "3S", "4C", "5C", "6C"], {"rummy_calls": False})
    h = g.hand
    g.apply(DrawStock(0))
    g.apply(Discard(0, h.hands[0][0]))
    assert h.open_phases() == (Phase.DRAW,) and h.rummy_calls() == []


def test_listed_actions_are_those_of_the_open_phases_and_all_apply():
    rng = random.Random(11)
    for seed in range(25):
        game = Game.new(["a", "b", "c"], RuleSet(jokers_per_deck=1), seed=seed)
        while game.winner is None and len(game.hands) < 2:
            h = game.hand
            if h.ended is not None:
                assert h.open_phases() == () and h.legal_actions() == [] and h.legal_plays() == []
                game.deal_next_hand()
                continue
            phases = h.open_phases()
            for a in h.legal_actions() + h.legal_plays():
                assert MOVE_OF[type(a)].phase in phases
                clone = h.clone()
                clone.apply(a)  # every listed action is accepted
            random_step(game, rng)


def test_the_old_imports_from_game_engine_still_work():
    assert HandState.__module__ == "game.rules.hand" and Phase.DRAW.value == "draw"
    assert seat_left_of(3, 4) == 0 and rummy_winner(0, [2, 1], 3) == 1
    hands, discard, stock = deal_cards(RuleSet(), 2, 0, 5)
    assert len(hands[0]) == 13 and len(discard) == 1 and TakeDiscards(0, 1).to_record() == {"p": 0, "take": 1}
