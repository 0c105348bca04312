"""Issue 13's last items: the pile's focus and hover words, the Rummy-window
line after one's own discard, the strict top discard, refusals in the log."""

from __future__ import annotations

import pygame

from game.actions import Discard, DrawStock
from test_human import C, SCRIPT, app, bot_moves, click, drag, felt_spot, pos_of, post, record, select, settle, table_for  # noqa: F401


def hover(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
    settle(app)


def pile_place(table, token):
    return next(p for p in table.layout_.places if p.zone == "pile" and p.card == C(token))


def test_a_refused_meld_goes_to_the_log_with_its_rule_id(app):
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.human.close_rummy_window()
    table.human.draw_stock()
    settle(app)
    before = h.snapshot()
    select(app, table, "KC", "4D")
    drag(app, pos_of(table, "KC"), felt_spot(table))
    assert h.snapshot() == before
    shown = table.human.message[0]
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
    table.human.close_rummy_window()
    return table


def test_strict_top_discard_hover_says_it_must_be_used(app):
    table = strict_table(app, True)
    hover(app, pile_place(table, "TD").rect.center)
    assert table.human.note == ("Take the 10♦ — you must meld it this turn", False)


def test_usual_top_discard_hover_just_says_take(app):
    table = strict_table(app, False)
    hover(app, pile_place(table, "TD").rect.center)
    assert table.human.note == ("Take the 10♦", False)



def test_a_refused_take_under_the_pointer_cites_its_rule(app):
    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.human.close_rummy_window()
    hover(app, pile_place(table, "JS").rect.move(3, 0).midleft)
    text, refusal = table.human.note
    assert refusal and "J♠" in text and text.endswith("(R9)")  # the hover's detail cites the rule


def test_a_refused_take_by_click_is_logged_with_its_rule(app):
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.human.close_rummy_window()
    before = h.snapshot()
    click(app, pile_place(table, "JS").rect.move(3, 0).midleft)
    assert h.snapshot() == before
    assert "(R9)" not in table.human.message[0]
    assert [line for line in table.log_lines if line.startswith("Refused: ")][-1].endswith("(R9)")


def test_the_rummy_window_after_ones_own_discard_is_worded_for_the_person(app, monkeypatch):
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.human.close_rummy_window()
    table.human.draw_stock()
    settle(app)
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    assert h.discard[-1] == C("KC") and h.window == 0 and table.shown.window == 0
    monkeypatch.setattr(table.session, "rummy_window_open", lambda: True)  # the computers still answering
    assert table.status_lines()[1] == "Others may call Rummy on your discard."
    bot_moves(table, DrawStock(1), Discard(1, C("3D")))
    settle(app)
    assert table.shown.window == 1
    monkeypatch.setattr(table.human, "status", lambda: None)  # the table's own words for another's discard
    assert table.status_lines()[1] == "Rummy? Anyone may call on Bot's discard."
