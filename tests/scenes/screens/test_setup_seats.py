"""Issue 23, section 1: New game sets each seat to a computer, a person at
this computer or (hosting) open; names are distinct and never a word for
"you"; the settings remember the seat plan and an old file still loads."""

from __future__ import annotations

import json

import pytest

from game.i18n import set_language
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.setup import HOST, OPEN, PERSON, SetupScene
from scenes.screens.title import TitleScene
from scenes.table.scene import TableScene


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()
    set_language("en")


def choose(stepper, value):
    stepper.index = stepper.choices.index(value)
    if stepper.on_change:
        stepper.on_change(value)


def form(app) -> SetupScene:
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    app.step(1 / 60)
    return setup


def test_the_default_is_you_against_computers_and_open_is_offered_only_when_hosting(app):
    setup = form(app)
    assert [k for k, _n in setup.plan()] == ["human", "medium", "medium", "medium"]
    assert all(OPEN not in st.choices and PERSON in st.choices for st in setup.seat_levels)
    choose(setup.where, HOST)
    assert all(OPEN in st.choices for st in setup.seat_levels)
    assert setup.start.label == "Host the table…" and not setup.code_button.enabled
    choose(setup.seat_levels[1], OPEN)
    assert not setup.seat_names[1].visible and setup.seat_levels[1].visible  # the guest gives the name
    assert setup.plan()[2] == (OPEN, "")
    choose(setup.where, "here")  # back at this computer: the open seat becomes a computer
    assert setup.seat_levels[1].value == "medium" and setup.seat_names[1].visible


def test_a_person_at_this_computer_sits_at_the_table_and_the_plan_is_remembered(app, tmp_path):
    setup = form(app)
    choose(setup.seat_levels[0], PERSON)
    setup.seat_names[0].value = "Bea"
    choose(setup.seat_levels[1], "hoarder")
    setup.start_game()
    table = app.top
    assert isinstance(table, TableScene)
    try:
        assert [(s.name, s.level) for s in table.session.seats[:3]] == [
            (setup.you.value, "human"), ("Bea", "human"), ("Ben", "hoarder")]
        assert table.session.players[1].is_person and not table.session.players[2].is_person
    finally:
        table.session.close()
    saved = json.loads((tmp_path / "cfg" / "settings.json").read_text(encoding="utf-8"))["last_setup"]
    assert saved["kinds"][:3] == ["human", "computer", "computer"] and saved["levels"][1] == "hoarder"
    assert saved["where"] == "here"
    again = app.push(SetupScene(app))
    assert [st.value for st in again.seat_levels[:3]] == [PERSON, "hoarder", "medium"]


@pytest.mark.parametrize("word", ["You", "you ", "Chi", "CHI", "თქვენ"])
def test_no_seat_is_named_a_word_for_you_in_any_language(app, word):
    setup = form(app)
    choose(setup.seat_levels[2], PERSON)
    setup.seat_names[2].value = word
    setup.start_game()
    assert app.top is setup and "is what the game calls the person at this computer" in setup.problem
    assert setup.focus.focused is setup.seat_names[2] and setup.seat_names[2].value == word  # nothing lost
    setup.seat_names[2].value = "Cleo"
    setup.you.value = word  # your own name too
    setup.start_game()
    assert app.top is setup and setup.focus.focused is setup.you


def test_two_people_need_two_names_but_a_computer_with_a_taken_name_is_told_apart(app):
    setup = form(app)
    setup.you.value = "Ana"
    choose(setup.seat_levels[1], PERSON)
    setup.seat_names[1].value = "ana"  # the same name, whatever the case
    setup.start_game()
    assert app.top is setup and setup.problem.startswith("Two people are named ana")
    assert setup.focus.focused is setup.seat_names[1]
    setup.seat_names[1].value = "Ben"
    setup.seat_names[0].value = ""  # a computer left with its default, "Ana": the person's name is kept
    names = [n for _k, n in setup.plan()]
    assert names[:3] == ["Ana", "Ana'", "Ben"]
    setup.seat_names[1].value = "\u0301"  # a person's name that shows nothing: the check New game has
    setup.start_game()
    assert setup.problem == ("The name of the person at seat 3 needs at least one character that shows: "
                             "a letter, a digit or a sign.")


def test_a_hosted_table_needs_an_open_seat(app):
    setup = form(app)
    choose(setup.where, HOST)
    setup.start_game()
    assert app.top is setup and "at least one open seat" in setup.problem


def test_an_old_or_broken_seat_plan_still_loads(tmp_path):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({"last_setup": {
        "players": 3, "names": ["Zoe", "Yan"], "levels": ["hard", "easy"],
        "kinds": ["human", "sofa"], "where": "moon"}}), encoding="utf-8")
    a = App(Options(config_dir=str(cfg), size=(1280, 720), speed="instant"))
    try:
        last = a.settings.last_setup
        assert "kinds" not in last and "where" not in last and last["levels"] == ["hard", "easy"]
        setup = form(a)
        assert [k for k, _n in setup.plan()] == ["human", "hard", "easy"]  # an older file's: computers
    finally:
        a.close()
    (cfg / "settings.json").write_text(json.dumps({"last_setup": {"players": 3, "kinds": ["open", "human"],
                                                                  "where": "here"}}), encoding="utf-8")
    a = App(Options(config_dir=str(cfg), size=(1280, 720), speed="instant"))
    try:
        setup = form(a)  # an open seat kept, but not hosting: a computer here
        assert [k for k, _n in setup.plan()] == ["human", "medium", PERSON]
    finally:
        a.close()
