"""Issue 13's last items: the pile's focus and hover words, the Rummy-window
line after one's own discard, the strict top discard, refusals in the log."""

from __future__ import annotations

import pygame

from game.rules.actions import Discard, DrawStock
from game.intent.targets import PileCard
from test_person import C, SCRIPT, app, bot_moves, click, drag, key, felt_spot, pos_of, post, record, select, settle, table_for  # noqa: F401


def hover(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
    settle(app)


def pile_place(table, token):
    return next(p for p in table.layout_.places if p.zone == "pile" and p.card == C(token))


def test_a_refused_meld_goes_to_the_log_with_its_rule_id(app):
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    table.person.draw_stock()
    settle(app)
    before = h.snapshot()
    select(app, table, "KC", "4D")
    drag(app, pos_of(table, "KC"), felt_spot(table))
    assert h.snapshot() == before
    shown = table.person.message[0]
    refused = [line for line in table.log_lines if line.startswith("Refused: ")]
    assert len(refused) == 1
    assert "(R" not in shown  # the one-line message leaves the rule id out...
    assert refused[0].rstrip(".").endswith(")") and "(R" in refused[0]  # ...the log keeps it
    assert shown.rstrip(".") in refused[0]


def strict_table(app, strict):
    rec = record(you=["7H", "8H", "9H", "8S", "KC", "3C", "4C", "8D", "9D"],
                 bot=["5S", "6S", "7S", "2C", "3D", "TD"], discard=["JS"],
                 stock=["QD", "QH", "5H", "6C", "7C", "2D"], rules={"top_discard_must_be_used": strict})
    table = table_for(app, rec)
    bot_moves(table, DrawStock(1), Discard(1, C("TD")))
    table.person.close_rummy_window()
    return table


def test_strict_top_discard_hover_says_it_must_be_used(app):
    table = strict_table(app, True)
    hover(app, pile_place(table, "TD").rect.center)
    assert table.person.note == ("Take the 10♦ — you must meld it this turn", False)


def test_usual_top_discard_hover_just_says_take(app):
    table = strict_table(app, False)
    hover(app, pile_place(table, "TD").rect.center)
    assert table.person.note == ("Take the 10♦", False)



def test_a_refused_take_under_the_pointer_cites_its_rule(app):
    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    hover(app, pile_place(table, "JS").rect.move(3, 0).midleft)
    text, refusal = table.person.note
    assert refusal and "J♠" in text and text.endswith("(R9)")  # the hover's detail cites the rule


def test_a_refused_take_by_click_is_logged_with_its_rule(app):
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    before = h.snapshot()
    click(app, pile_place(table, "JS").rect.move(3, 0).midleft)
    assert h.snapshot() == before
    assert "(R9)" not in table.person.message[0]
    assert [line for line in table.log_lines if line.startswith("Refused: ")][-1].endswith("(R9)")


def test_the_rummy_window_after_ones_own_discard_is_worded_for_the_person(app, monkeypatch):
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    table.person.draw_stock()
    settle(app)
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    assert h.discard[-1] == C("KC") and h.window == 0 and table.shown.window == 0
    monkeypatch.setattr(table.session, "rummy_window_open", lambda: True)  # the computers still answering
    assert table.status_lines()[1] == "Others may call Rummy on your discard."
    bot_moves(table, DrawStock(1), Discard(1, C("3D")))
    settle(app)
    assert table.shown.window == 1
    monkeypatch.setattr(table.person, "status", lambda: None)  # the table's own words for another's discard
    assert table.status_lines()[1] == "Rummy? Anyone may call on Bot's discard."


def test_a_focus_left_on_the_pile_warns_only_once_the_person_acts(app):
    table = table_for(app, SCRIPT)
    human, h = table.person, table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    human.close_rummy_window()
    key(app, pygame.K_UP)
    while human.input.targets()[human.input.focus_i] != PileCard(0):  # the JS, which can't be tabled
        key(app, pygame.K_RIGHT)
    assert human.note[1] and "J♠" in human.note[0]  # the person moved there: the warning shows
    human.draw_stock()  # the turn played without moving the focus
    settle(app)
    human.discard({human.order.index(C("KC"))})
    settle(app)
    bot_moves(table, DrawStock(1), Discard(1, C("3D")))
    human.close_rummy_window()
    settle(app)
    assert h.current == 0 and human.input.keyboard and human.input.targets()[human.input.focus_i] == PileCard(0)
    assert human.note is None or not human.note[1]  # a new turn: no warning before the person acts
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)  # back on the JS
    assert human.note[1] and "J♠" in human.note[0]


def test_a_pointer_resting_on_the_pile_warns_only_once_it_moves(app):
    table = table_for(app, SCRIPT)
    human = table.person
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    human.close_rummy_window()
    spot = pile_place(table, "JS").rect.move(3, 0).midleft
    human.draw_stock()
    settle(app)
    human.discard({human.order.index(C("KC"))})
    settle(app)
    hover(app, spot)  # the pointer left on the JS during the bot's turn
    bot_moves(table, DrawStock(1), Discard(1, C("3D")))
    human.close_rummy_window()
    settle(app)
    assert human.note is None or not human.note[1]
    hover(app, (spot[0] + 1, spot[1]))
    assert human.note[1] and "J♠" in human.note[0]


def test_the_focus_ring_goes_around_the_pile_not_over_its_faces(app):
    from scenes.core import theme as T
    table = table_for(app, SCRIPT)
    human = table.person
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    human.close_rummy_window()
    key(app, pygame.K_UP)
    while human.input.targets()[human.input.focus_i] != PileCard(0):
        key(app, pygame.K_RIGHT)
    settle(app)
    under, top = pile_place(table, "JS").rect, pile_place(table, "2C").rect
    assert top.x < under.right  # the pile is fanned: the 2C covers the JS's right edge
    over_face = [(x, top.centery) for x in range(under.right - 2, under.right + 9)]
    assert all(app.screen.get_at(p)[:3] not in (T.LEGAL, T.ILLEGAL) for p in over_face)
    pile = under.union(top).union(table.drawing.pile_frame(table.layout_))  # the pile's label is inside the ring too
    outside = [(pile.right + d, top.centery) for d in range(3, 14)]
    assert any(app.screen.get_at(p)[:3] == T.LEGAL for p in outside)  # the ring is around the whole pile
