"""Names that draw nothing (issue: "A name that draws nothing crashes the
table, on every Continue"): a name made only of zero-width or format
characters is valid in a record, so every place a seat's name is drawn shows
it as "Player N" (game/names.py), and no text drawn may crash
(scenes/theme.py). Records keep the names exactly as they were."""

from __future__ import annotations

import dataclasses
import time

import pygame
import pytest

import scenes.core.theme as T
from game.rules.game import Game
from game.rules.names import has_visible, shown_name, shown_names
from game.rules.record import name_problem, parse_record, record_of
from game.play.table_session import Seat, TableSession
from game.services.slots import Slots, info_of
from game.services.statistics import summarize
from scenes.screens.load_game import LoadGameScene
from scenes.screens.results import GameOver, HandResults
from scenes.screens.statistics import players_words, result_words
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
from helpers import finish_shown_hand
from test_scenes import app, click, frames  # noqa: F401  (app is a fixture)

INVISIBLE = ["\u200b", "\u200d", "\u202e", "\u2066", "\u00ad", "\u200b\u200d", "\u2066\u00ad\u202e", "",
             "   ", "\u0301", "\u3164", "\ufffc"]
"""Names with no visible character: zero-width space and joiner, a direction
override and isolate, the soft hyphen, nothing, spaces, a combining mark
alone, a Hangul filler, the object replacement character."""
ZERO_WIDTH = ["\u200b", "\u200d", "\u202e", "\u2066", "\u00ad", "\u200b\u200d", "\u2066\u00ad\u202e"]
"""The names among them that pygame refuses to render ("Text has zero width")."""
VISIBLE = ["Ana", "لا\u200dم", "\u200bZoë", "क्\u200dष", "7", "·", "\ue000"]
"""Names that draw something: Latin, Arabic and Devanagari with a zero-width
joiner inside, a leading zero-width space, a digit, a sign, a private-use character."""


@pytest.fixture
def drawn(monkeypatch):
    """Every string rendered through scenes.theme while the test runs."""
    seen: list[str] = []
    real = T.text

    def text(s, px, colour=T.TEXT, bold=False):
        seen.append(s)
        return real(s, px, colour, bold)
    monkeypatch.setattr(T, "text", text)
    return seen


def write_slot(storage, name, names, seed=1, levels=None):
    game = Game.new(list(names), seed=seed)
    levels = levels or ["human"] + ["easy"] * (len(names) - 1)
    Slots(storage).save(info_of(name, game, levels, saved_at=1_700_000_000.0), record_of(game))
    return game


# ------------------------------------------------------------------ the rule

@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_without_a_visible_character_is_shown_as_player_n(name):
    assert not has_visible(name)
    assert shown_name(name, 0) == "Player 1" and shown_name(name, 6) == "Player 7"


@pytest.mark.parametrize("name", VISIBLE)
def test_a_name_with_a_visible_character_is_shown_as_it_is(name):
    assert has_visible(name)
    assert shown_name(name, 3) == name


def test_every_invisible_name_is_valid_in_a_record_today():
    """The record rules are not tightened: these names load as before."""
    for name in INVISIBLE + VISIBLE:
        assert name_problem(name) is None, repr(name)
    game = Game.new(["Me", "\u200b\u200d", "لا\u200dم"], seed=2)
    assert parse_record(record_of(game)).players == ["Me", "\u200b\u200d", "لا\u200dم"]


def test_shown_names_numbers_each_seat_from_one():
    assert shown_names(["Me", "\u200b", "Bo", ""]) == ["Me", "Player 2", "Bo", "Player 4"]


@pytest.mark.parametrize("s", ZERO_WIDTH + ["a\x00b", "\ud800"])
def test_rendering_text_pygame_refuses_never_raises(s):
    pygame.font.init()
    with pytest.raises((pygame.error, ValueError)):
        T.font(20).render(s, True, T.TEXT)  # what the table met
    surf = T.text(s, 20)
    assert surf.get_height() == T.font(20).get_height()
    if s in ZERO_WIDTH:  # a name that draws nothing: a transparent sliver, never an error
        assert surf.get_width() == 1 and surf.get_bounding_rect().width == 0
        assert T.fit_text(s, 20, 200).get_width() == 1
    else:  # a NUL or a lone surrogate (never in a name: records refuse them) is drawn printable (game.paths.shown)
        assert surf.get_bounding_rect().width > 0 and T.text(s.replace("\x00", ""), 20).get_width() <= surf.get_width()


# ------------------------------------------------------------------ where names are drawn

def test_continue_on_a_slot_whose_name_draws_nothing_shows_player_2(app, drawn):
    """The crash of the issue: the table drew the seat's name and pygame refused it."""
    title = app.push(TitleScene(app))
    write_slot(app.storage, "game-20260101-120000", ["Me", "\u200b\u200d"])
    app.settings.show_log = True
    frames(app, 1)
    click(app, title.buttons[1].rect.center)  # Continue
    table = app.top
    assert isinstance(table, TableScene)
    for _ in range(300):  # the seat's label shows once the deal has been dealt out (frames, not seconds)
        frames(app, 1)
        if any(s.startswith("Player 2") for s in drawn):
            break
    assert app.top is table or isinstance(app.top, HandResults)
    assert table.names == ["Me", "Player 2"]
    assert any(s.startswith("Player 2") for s in drawn)  # the seat's label
    assert not any(s and not has_visible(s) for s in drawn)  # nothing drawn is invisible text
    for _ in range(1000):  # Player 2 (a computer in its worker process) moves: give it real time
        if any("Player 2" in line for line in table.log_lines):
            break
        frames(app, 1)
        time.sleep(0.01)
    assert any("Player 2" in line for line in table.log_lines)  # the game log
    assert table.session.referee.names == ["Me", "Player 2"]  # its refusals (R18)
    app.pop_to(TitleScene)  # leaving saves: the record keeps the name as it was
    record, problem = app.storage.load_game("game-20260101-120000")
    assert problem is None and record["players"] == ["Me", "\u200b\u200d"]


def test_hand_results_and_game_over_show_player_n(app, drawn):
    session = TableSession([Seat("\u2066\u00ad", "easy"), Seat("\u202e", "easy"), Seat("Bo", "easy")], seed=4,
                           use_workers=False)
    table = app.push(TableScene(app), session=session, demo=True)
    game = session.game
    finish_shown_hand(table, 4)
    app.push(HandResults(app), table=table)
    frames(app, 2)
    for name in ("Player 1", "Player 2", "Bo"):
        assert any(s.startswith(name) for s in drawn), name
    app.pop()
    drawn.clear()
    game.winner = 1
    app.push(GameOver(app), table=table)
    frames(app, 2)
    assert any(s.startswith("Player 2 wins with") for s in drawn)  # the heading
    assert any(s.startswith("Player 1  ") for s in drawn)  # the chart's legend
    app.pop()
    app.pop()


def test_load_game_and_statistics_show_player_n(app, drawn):
    app.push(TitleScene(app))
    write_slot(app.storage, "game-20260101-120000", ["Me", "\u00ad", "Bo"])
    (info,) = Slots(app.storage).list()
    assert info.players == ["Me", "\u00ad", "Bo"]  # the sidecar keeps the name as the record does
    assert info.levels == ["human", "easy", "easy"]
    scene = app.push(LoadGameScene(app))
    frames(app, 2)
    assert scene.rows[0].label == "Me, Player 2 (Easy) and Bo (Easy)"
    assert "Me, Player 2 (Easy) and Bo (Easy)" in drawn
    app.pop()
    s = summarize(record_of(Game.new(["Me", "\u200b", "\u200d"], seed=3)), ["human", "easy", "hard"], 0)
    s = dataclasses.replace(s, winner=2, totals=[100, 20, 510])
    assert players_words(s) == "Me, Player 2 (Easy), Player 3 (Hard)"
    assert result_words(s) == "Player 3 won 510; you 100"


def test_a_sidecar_keeps_a_name_with_a_zero_width_joiner_and_its_levels(app):
    """A name the record takes is not cleaned in the sidecar (the levels were
    lost when it no longer matched the record's name)."""
    write_slot(app.storage, "game-20260101-120000", ["Me", "لا\u200dم"], levels=["human", "hard"])
    slots = Slots(app.storage)
    (info,) = slots.list()
    assert info.players == ["Me", "لا\u200dم"] and info.levels == ["human", "hard"]
    assert slots.messages == []


# ------------------------------------------------------------------ typing a name

def type_into(app, field, text):
    """Click ``field``, clear it and type ``text`` (as SDL's text input)."""
    click(app, field.rect.center)
    field.value = ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(1 / 60)


@pytest.mark.parametrize("typed", ["\u0301", " \u3164 ", "\u2800\u0301"])
def test_new_game_refuses_a_computer_name_with_nothing_visible_and_keeps_the_form(app, drawn, typed):
    from scenes.screens.setup import SetupScene
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    setup.players.step(1)  # 4 -> 5 players: kept through the refusal
    setup.resize()
    type_into(app, setup.seat_names[2], typed)
    assert setup.seat_names[2].value == typed  # the field took it (printable characters)
    click(app, setup.start.rect.center)
    assert app.top is setup  # not started
    assert setup.problem == ("The name of computer player 3 needs at least one character that shows: "
                             "a letter, a digit or a sign.")
    assert setup.seat_names[2].value == typed and setup.players.value == 5  # nothing lost
    assert setup.focus.focused is setup.seat_names[2]
    frames(app, 1)
    assert any(s.startswith("The name of computer player 3 needs") for s in drawn)
    type_into(app, setup.seat_names[2], "Zo" + typed)  # a visible character: the name is fine
    assert setup.problem == ""
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.session.names[3] == ("Zo" + typed).strip()
    table.session.close()


def test_new_game_refuses_your_name_with_nothing_visible_but_an_empty_one_is_the_default(app):
    from scenes.screens.setup import SetupScene
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    type_into(app, setup.you, "\u0301\u0301")
    click(app, setup.start.rect.center)
    assert app.top is setup and setup.problem == ("Your name needs at least one character that shows: "
                                                  "a letter, a digit or a sign.")
    assert setup.you.value == "\u0301\u0301"
    type_into(app, setup.you, "   ")  # spaces only: trimmed to nothing, so the default, as before
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.session.names[0] == "Player"
    table.session.close()


def test_new_game_offers_a_default_for_a_remembered_name_with_nothing_visible(app):
    from scenes.screens.setup import SetupScene
    app.settings.player_name = "\u3164"
    app.settings.last_setup = {"players": 3, "names": ["\u0301", "Bo"]}
    setup = app.push(SetupScene(app))
    assert setup.you.value == "Player" and [f.value for f in setup.seat_names[:2]] == ["Ana", "Bo"]


def test_settings_keep_the_last_good_opponent_name_until_the_typed_one_shows(app, drawn):
    from game.services.storage import Storage
    from scenes.screens.settings import SettingsScene
    app.settings.last_setup = {"players": 3, "names": ["Zoë", "Bo"]}
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    type_into(app, page.seat_names[1], "\u0301")

    def saved():
        settings, _message = Storage(app.storage.config_dir).load_settings()
        return settings.last_setup["names"][:2]
    assert saved() == ["Zoë", "Bo"]  # the one before is kept
    assert page.seat_names[1].value == "\u0301"  # what was typed stays, to be put right
    assert page.problem == ("The name of opponent 2 needs at least one character that shows: a letter, a digit "
                            "or a sign; until then the one before is kept.")
    frames(app, 1)
    assert page.problem in drawn
    type_into(app, page.seat_names[1], "Cy")
    assert saved() == ["Zoë", "Cy"] and page.problem == ""


def test_a_name_field_takes_the_printable_characters_up_to_its_length():
    """One rule for every name field (New game, Join a table, Settings, the
    demo's seat): four copies of it were kept by hand before."""
    from game.rules.names import field_name
    assert field_name("Ana\tMaria\x00 Lopez Garcia de la Cruz") == "AnaMaria Lopez G"
    assert field_name("Bo", 1) == "B" and field_name(None) == "" and field_name(42) == ""
