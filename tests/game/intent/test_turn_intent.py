"""Issue 13, items 11 and 12 at the table, driven by posted events: the
person chooses how deep a Rummy call goes, and undo is bound to the
person's own turn (floating does not leave an undo of the next seat's turn)."""

from __future__ import annotations

import pygame

from game.rules.actions import Discard, DrawStock, TableMeld
from game.rules.phase import Phase
from game.intent.turn import TurnUndo, rummy_options, turn_key
from game.rules.record import game_from_record
from game.play.table_session import Seat, TableSession
from game.intent.targets import PileCard
from scenes.core.dialogs import ChoiceDialog
from scenes.table.scene import TableScene

from helpers import check_invariants
from test_person import (C, app, bot_moves, click, drag, felt_spot, float_table, key, pos_of,  # noqa: F401
                        record, select, settle, table_for)


def test_undo_after_floating_is_refused_once_the_next_seat_has_played(app):
    offered = []  # after the first meld, still the person's own turn: undo is offered
    table = float_table(app, between=lambda t: offered.append(t.person.buttons["undo"].enabled))
    h = table.session.game.hand
    assert offered == [True]
    assert h.hands[0] == [] and h.current == 1  # floated: the turn has passed
    assert not table.person.buttons["undo"].enabled
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    h = table.session.game.hand
    before = h.snapshot()
    key(app, pygame.K_u)
    assert table.session.game.hand.snapshot() == before  # the bot's turn is not rewound
    assert table.person.message[1] and "passed" in table.person.message[0]
    click(app, table.person.buttons["undo"].rect.center)
    assert table.session.game.hand.snapshot() == before
    check_invariants(table.session.game)


def test_turn_undo_forgets_a_turn_that_has_passed():
    rec = record(you=["7H", "8H", "9H", "KC", "4D"], bot=["2C", "3D", "TD"], discard=["JS"],
                 stock=["KH", "5C", "6C", "QS"], bot_first=False)
    game = game_from_record(rec)
    undo = TurnUndo(0)
    game.apply(DrawStock(0))
    key0 = turn_key(game, 0)
    before = game.clone()
    game.apply(TableMeld(0, (C("7H"), C("8H"), C("9H"))))
    undo.record(before, game, "arrangement")
    assert turn_key(game, 0) == key0 and undo.available(game)
    game.apply(Discard(0, C("KC")))
    assert turn_key(game, 0) is None and not undo.available(game) and undo.pop(game) is None
    game.apply(DrawStock(1))
    game.apply(Discard(1, C("2C")))
    game.apply(DrawStock(0))
    assert turn_key(game, 0) not in (None, key0)  # a later turn of the same seat is another turn
    assert not undo.available(game)


# Issue 13, item 11: Ann (the person) may call Rummy taking 1 card (7S onto
# the spade run) or all 5 (KD onto the kings).
DEPTH = {"format": "rummy500/1", "rules": {"jokers_per_deck": 0}, "players": ["Ann", "Ben", "Cat"],
         "hands": [{"dealer": 0, "deal": {
             "hands": [["2H", "9D", "QC", "3C", "8C"], ["KS", "KH", "KC", "4S", "5S", "6S", "2C", "7S", "JD"],
                       ["TD", "TH", "3D", "4D"]],
             "discard": ["KD"], "stock": ["AD", "9H", "5D", "6D", "8D"]}, "actions": []}]}


def depth_table(app):
    game = game_from_record(DEPTH)
    session = TableSession([Seat("Ann", "human"), Seat("Ben", "human"), Seat("Cat", "human")], game.rules,
                           game=game, use_workers=False)
    table = app.push(TableScene(app), session=session)
    settle(app)
    bot_moves(table, DrawStock(1), TableMeld(1, (C("KS"), C("KH"), C("KC"))),
              TableMeld(1, (C("4S"), C("5S"), C("6S"))), Discard(1, C("2C")))
    table.person.close_rummy_window()
    bot_moves(table, DrawStock(2), Discard(2, C("9H")))
    table.person.close_rummy_window()
    click(app, table.layout_.stock_rect.center)
    drag(app, pos_of(table, "QC"), table.layout_.pile_rect.center)
    bot_moves(table, DrawStock(1), Discard(1, C("7S")))
    return table


def pile_place(table, token):
    return next(p for p in table.layout_.places if p.zone == "pile" and p.card == C(token))


def test_the_position_offers_two_depths():
    game = game_from_record(DEPTH)
    h = game.hand
    for a in (DrawStock(1), TableMeld(1, (C("KS"), C("KH"), C("KC"))), TableMeld(1, (C("4S"), C("5S"), C("6S"))),
              Discard(1, C("2C")), DrawStock(2), Discard(2, C("9H")), DrawStock(0), Discard(0, C("QC")),
              DrawStock(1), Discard(1, C("7S"))):
        game.apply(a)
    options = rummy_options(h, 0)
    assert [o.call.count for o in options] == [5, 1]
    assert [(o.card, o.meld) for o in options] == [(C("KD"), 0), (C("7S"), 1)]


def test_the_person_picks_the_deep_rummy_by_clicking_the_pile_card(app):
    table = depth_table(app)
    h = table.session.game.hand
    assert table.person.rummy_window_open() and h.current == 2
    deep = pile_place(table, "KD")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=deep.rect.move(3, 0).midleft, rel=(1, 0),
                                         buttons=(0, 0, 0)))
    settle(app)
    text, refusal = table.person.note
    assert not refusal and "5 cards" in text and "K♦" in text and "Ben" in text  # takes 5, KD onto Ben's kings
    click(app, deep.rect.move(3, 0).midleft)
    settle(app, 10)
    assert h.current == 0 and h.phase == Phase.PLAY and h.committed == C("KD")
    assert len(h.hands[0]) == 5 + 5 and h.discard == []  # 2H 9D 3C 8C AD and the five
    check_invariants(table.session.game)


def test_r_with_two_depths_asks_which_and_takes_the_choice(app):
    table = depth_table(app)
    h = table.session.game.hand
    key(app, pygame.K_r)
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and len(dialog.buttons) == 3  # 5 cards, 1 card, Cancel
    assert "5" in dialog.buttons[0].label  # the deepest first: what a player most likely means
    shallow = next(b for b in dialog.buttons if "7♠" in b.label and "1 card" in b.label)
    click(app, shallow.rect.center)
    assert app.top is table
    settle(app, 10)
    assert h.current == 0 and h.phase == Phase.PLAY and h.committed == C("7S")
    assert h.discard == [C(t) for t in ("KD", "2C", "9H", "QC")]


def test_the_keyboard_calls_rummy_at_the_focused_depth(app):
    table = depth_table(app)
    h = table.session.game.hand
    key(app, pygame.K_UP)  # to the table: the stock first
    human = table.person
    targets = human.input.targets()
    want = targets.index(PileCard(pile_place(table, "7S").index))
    for _ in range(want):
        key(app, pygame.K_RIGHT)  # along the table's places to the top pile card
    assert targets[human.input.focus_i] == PileCard(pile_place(table, "7S").index)
    assert human.focus_words(targets[human.input.focus_i]).startswith("Enter: call Rummy, taking 1 card")
    key(app, pygame.K_RETURN)
    settle(app, 10)
    assert h.current == 0 and h.committed == C("7S") and len(h.discard) == 4
