"""The deal code at the table (issue 24, part 3): offered on the game-over
screen only, copied through the replaceable clipboard, and played again from
New game → Play a deal code against other opponents; a code for another
player count or version is refused with one sentence and the form keeps
its choices."""

from __future__ import annotations

import pygame
import pytest

from game.rules.cards import tokens
from game.rules.ruleset import PROFILES
from game.play.table_session import Seat
from game.services.deal_code import decode, encode
from scenes.screens.deal_code import DealCodeScene
from scenes.screens.results import GameOver
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.table.scene import TableScene
from test_scenes import app, click, frames  # noqa: F401  (app is a fixture)


@pytest.fixture
def memory(memory_clipboard):
    """A clipboard in memory instead of the system's, put back afterwards."""
    return memory_clipboard


def first_deal(table) -> tuple:
    h = table.session.game.hands[0]
    return h.dealer, [tokens(x) for x in h.deal[0]], tokens(h.deal[1]), tokens(h.deal[2])


def finished_table(app, players=3):
    app.push(TitleScene(app))
    seats = [Seat("Ann", "human")] + [Seat(f"C{i}", "easy") for i in range(players - 1)]
    table = app.push(TableScene(app), seats=seats, rules=PROFILES["fives"], seed=77, use_workers=False)
    frames(app, 2)
    table.session.game.winner = 0  # as if won: the results come next
    return table


def test_the_game_over_screen_offers_the_code_and_copies_it(app, memory):
    table = finished_table(app)
    over = app.push(GameOver(app), table=table)
    frames(app, 2)
    assert over.code == encode(3, PROFILES["fives"], table.session.seed) and len(over.code) <= 40
    assert over.code in over.code_label() and over.copy_button.visible
    over.elapsed = 1.0  # past the guard against the key that closed the results
    click(app, over.copy_button.rect.center)
    assert memory.text == over.code
    assert any("copied" in text for text, _until in app.toasts)
    memory.fail = True
    click(app, over.copy_button.rect.center)
    assert any("could not be copied" in text for text, _until in app.toasts)


def test_no_code_for_a_seed_that_did_not_deal_the_game(app):
    """(Before the game is over there is no game-over screen; game_code says None then too,
    tests/game/services/test_deal_code.py.)"""
    table = finished_table(app)
    table.session.seed += 1  # an older save's made-up seed: it would deal other hands
    over = app.push(GameOver(app), table=table)
    frames(app, 2)
    assert over.code is None and not over.copy_button.visible and over.copy_button not in over.focus.widgets


def test_play_a_deal_code_deals_the_same_hands_against_other_opponents(app, memory):
    table = finished_table(app)
    over = app.push(GameOver(app), table=table)
    frames(app, 2)
    over.elapsed = 1.0
    click(app, over.copy_button.rect.center)
    code, dealt, seed = over.code, first_deal(table), table.session.seed
    app.to_title()
    setup = app.push(SetupScene(app))
    frames(app)
    while setup.players.value != 3:
        setup.players.step(1 if setup.players.value < 3 else -1)
    setup.seat_levels[0].step(1)  # other opponents: medium -> hard
    setup.resize()
    frames(app)
    click(app, setup.code_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, DealCodeScene)
    frames(app)
    click(app, dialog.paste_button.rect.center)
    assert dialog.field.value == code
    click(app, dialog.play_button.rect.center)
    new = app.top
    assert isinstance(new, TableScene) and new is not table
    assert new.session.seed == seed and new.session.rules == PROFILES["fives"]
    assert [s.level for s in new.session.seats] != [s.level for s in table.session.seats]
    assert first_deal(new) == dealt


def test_a_code_for_another_player_count_or_version_is_refused_with_one_sentence(app, memory):
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    frames(app)
    count = setup.players.value
    other = 2 if count != 2 else 3
    dialog = app.push(DealCodeScene(app), start=setup.start_game, players=count)
    frames(app)
    for code, words in [(encode(other, PROFILES["standard"], 5), f"for {other} players"),
                        (encode(count, PROFILES["standard"], 5, version="0.0.1"), "from version 0.0.1"),
                        ("not a code", "not a deal code")]:
        memory.text = code
        click(app, dialog.paste_button.rect.center)
        click(app, dialog.play_button.rect.center)
        assert app.top is dialog and words in dialog.problem and dialog.problem.count(". ") == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app)
    assert app.top is setup and setup.players.value == count
    assert decode(encode(count, PROFILES["standard"], 5), count).seed == 5
