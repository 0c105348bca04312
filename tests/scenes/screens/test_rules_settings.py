"""The House rules page, New game's rules and the table's rules badge, driven
with posted events under the dummy video driver."""

from __future__ import annotations

import json

import pygame
import pytest

import game.play.table_session as session_mod
import scenes.table.scene as table_mod
from game.cli import main
from game.services.profiles import load_profiles, read_rules_file
from game.rules.ruleset import CHOICES, RuleSet
from game.play.table_session import Seat, TableSession
from scenes.core.app import App
from scenes.core.options import Options
from game.text.rule_controls import CONTROLS, TARGETS, choices_for
from scenes.screens.rules_help import RulesScene
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]


class _InProcessSession(TableSession):
    """The table's session without worker processes, and seeded: New game
    deals from a random seed, and at instant speed one deal in many lets the
    computer go out on its first turn, so the hand's results, not the table,
    would be on top when a test looks (the badge test failed that way once)."""

    def __init__(self, *a, **kw):
        kw["use_workers"] = False
        if kw.get("seed") is None and kw.get("table_seed") is None:
            kw["seed"] = SESSION_SEED
        super().__init__(*a, **kw)


SESSION_SEED = 1
"""The seed of every table these tests start (a first hand the person plays)."""


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(table_mod, "TableSession", _InProcessSession)
    monkeypatch.setattr(session_mod, "TableSession", _InProcessSession)
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    for scene in a.stack:
        if isinstance(scene, TableScene):
            scene.session.close()
    a.close()


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def step(app, n=1):
    for _ in range(n):
        app.step(1 / 60)


def click(app, pos):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app)


def key(app, k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    step(app)


def type_text(app, text):
    post(pygame.TEXTINPUT, text=text)
    step(app)


def resize(app, size):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized(size)


def open_rules_from_new_game(app) -> tuple[SetupScene, RulesSettingsScene]:
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    step(app)
    click(app, setup.change_button.rect.center)
    page = app.top
    assert isinstance(page, RulesSettingsScene)
    return setup, page


def focus_control(app, page, key_name):
    """Tab to the control of ``key_name`` (the page scrolls it into view)."""
    target = page.controls[key_name]
    for _ in range(40):
        if page.focus.focused is target:
            break
        key(app, pygame.K_TAB)
    assert page.focus.focused is target
    assert page.scroll.viewport.contains(target.rect)  # scrolled into view, reachable by the mouse


def start(app, setup) -> RuleSet:
    click(app, setup.start.rect.center)
    tables = [s for s in app.stack if isinstance(s, TableScene)]  # at instant speed a short hand's results may be on top
    assert len(tables) == 1  # the game started at the table
    return tables[0].session.game.rules


CASES = [(k, 1) for k in CONTROLS if k != "reshuffle_limit"] + [("target", -1)]


@pytest.mark.parametrize("key_name,direction", CASES)
def test_each_control_changes_the_next_games_rules(app, key_name, direction):
    setup, page = open_rules_from_new_game(app)
    focus_control(app, page, key_name)
    before = getattr(page.rules, key_name)
    key(app, pygame.K_RIGHT if direction > 0 else pygame.K_LEFT)
    values, _ = choices_for(key_name, before)
    expected = values[(values.index(before) + direction) % len(values)]
    assert getattr(page.rules, key_name) == expected != before
    key(app, pygame.K_ESCAPE)                       # back on New game: nothing lost
    assert app.top is setup
    step(app)
    assert setup.profile.names[setup.profile.index] == "Standard*"
    rules = start(app, setup)
    assert rules == RuleSet().with_changes(**{key_name: expected})
    assert app.storage.load_settings()[0].last_setup["rules"][key_name] == expected


def test_reshuffle_limit_is_greyed_until_the_pile_is_reshuffled(app):
    setup, page = open_rules_from_new_game(app)
    limit = page.controls["reshuffle_limit"]
    assert not limit.enabled
    assert "Means nothing unless" in page._control_lines("reshuffle_limit")[0]
    focus_control(app, page, "empty_stock")
    key(app, pygame.K_RIGHT)
    assert page.rules.empty_stock == "reshuffle" and limit.enabled
    focus_control(app, page, "reshuffle_limit")
    # the mouse works too: a click on the right arrow
    left_arrow, right_arrow = limit._arrows()
    click(app, right_arrow.center)
    click(app, right_arrow.center)
    assert page.rules.reshuffle_limit == 2
    key(app, pygame.K_ESCAPE)
    assert start(app, setup) == RuleSet(empty_stock="reshuffle", reshuffle_limit=2)


def test_save_as_rename_delete_survive_a_restart(app, tmp_path):
    setup, page = open_rules_from_new_game(app)
    focus_control(app, page, "ace_wraps")
    key(app, pygame.K_RIGHT)
    click(app, page.save_as.rect.center)
    assert page.focus.focused is page.field
    type_text(app, "Standard")                      # a built-in name is refused, nothing saved
    key(app, pygame.K_RETURN)
    assert "built-in" in page.message and page.prompt == "save"
    page.field.value = ""
    type_text(app, "Corners")
    key(app, pygame.K_RETURN)
    assert page.prompt is None and page.name == "Corners"
    assert page.profile.names[page.profile.index] == "Corners"     # saved: no changed mark
    click(app, page.rename.rect.center)
    page.field.value = ""
    type_text(app, "Round we go")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    # a restart: a new App on the same config dir
    again = App(Options(config_dir=app.options.config_dir, size=(1024, 640), speed="instant"))
    try:
        again.push(TitleScene(again))
        s2 = again.push(SetupScene(again))
        assert s2.profile.value == "Round we go"
        assert s2.chosen_rules() == RuleSet(ace_wraps=True)
        assert s2.profile.names[s2.profile.index] == "Round we go"
        click(again, s2.change_button.rect.center)
        p2 = again.top
        click(again, p2.delete.rect.center)
        assert p2.delete.label == "Really delete?"  # asks once more
        click(again, p2.delete.rect.center)
        assert load_profiles(again.storage)[0].saved == {}
        assert p2.rules == RuleSet(ace_wraps=True) and p2.profile.names[p2.profile.index] == "Standard*"
    finally:
        again.close()


def test_built_in_profiles_stay_read_only(app):
    setup, page = open_rules_from_new_game(app)
    assert not page.rename.enabled and not page.delete.enabled
    page.focus.focus(page.profile)
    key(app, pygame.K_RIGHT)                        # the next profile: No jokers
    assert page.name == "no_jokers" and page.rules == RuleSet(jokers_per_deck=0)
    focus_control(app, page, "rummy_calls")
    key(app, pygame.K_RIGHT)
    assert page.profile.names[page.profile.index] == "No jokers*"
    from game.rules.ruleset import PROFILES
    assert PROFILES["no_jokers"] == RuleSet(jokers_per_deck=0)


def test_export_then_import_by_path_round_trips(app, tmp_path):
    setup, page = open_rules_from_new_game(app)
    house = RuleSet(decks=2, scoring="fives", empty_stock="reshuffle", reshuffle_limit=3, target=750)
    for k, v in house.to_dict().items():
        page._change(k, v)
    page.focus.focus(page.export)
    key(app, pygame.K_RETURN)
    folder = tmp_path / "cfg" / "rules"
    files = list(folder.glob("*.json"))
    assert len(files) == 1 and str(files[0]) in page.message
    assert json.loads(files[0].read_text(encoding="utf-8")) == house.to_dict()
    page.focus.focus(page.profile)
    key(app, pygame.K_LEFT)                         # another profile: asks first (Standard is changed)
    assert page.rules == house and "not saved" in page.message
    key(app, pygame.K_LEFT)                         # again: the changes are dropped; then import the file
    assert page.rules != house
    click(app, page.import_.rect.center)
    type_text(app, str(files[0]))
    key(app, pygame.K_RETURN)
    assert page.rules == house
    assert page.prompt == "save"                     # offers to keep it under a name
    key(app, pygame.K_ESCAPE)                        # no name: still chosen for the next game
    key(app, pygame.K_ESCAPE)
    assert start(app, setup) == house


BAD = [
    ("truncated", '{"decks": 2, "jok', "cut off"),
    ("not_json", "decks: 2", "not JSON"),
    ("wrong_type", '{"target": "500"}', '"target" must be a whole number'),
    ("unknown_key", '{"jokers": 2}', '"jokers" is not a rule this game knows (the nearest rule is "jokers_per_deck")'),
    ("out_of_range", '{"jokers_per_deck": 3}', '"jokers_per_deck" can\'t be 3'),
]


@pytest.mark.parametrize("case,text,words", BAD, ids=[b[0] for b in BAD])
def test_a_bad_dropped_file_is_refused_with_one_sentence_and_changes_nothing(app, tmp_path, case, text, words):
    setup, page = open_rules_from_new_game(app)
    page._change("ace_wraps", True)
    settings_before = app.storage.settings_path.read_text(encoding="utf-8")
    bad = tmp_path / f"{case}.json"
    bad.write_text(text, encoding="utf-8")
    post(pygame.DROPFILE, file=str(bad))
    step(app)
    assert page.bad and words in page.message
    assert page.rules == RuleSet(ace_wraps=True)
    assert app.storage.settings_path.read_text(encoding="utf-8") == settings_before
    assert load_profiles(app.storage)[0].saved == {}


def test_a_file_dropped_on_new_game_opens_the_rules_page_and_imports_it(app, tmp_path):
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    good = tmp_path / "grandma.json"
    good.write_text('{"going_out": "float"}', encoding="utf-8")
    post(pygame.DROPFILE, file=str(good))
    step(app)
    page = app.top
    assert isinstance(page, RulesSettingsScene)
    assert page.rules == RuleSet(going_out="float") and page.field.value == "grandma"


def test_a_deal_the_pack_cannot_make_is_refused_on_new_game(app):
    setup, page = open_rules_from_new_game(app)
    focus_control(app, page, "decks")
    key(app, pygame.K_RIGHT)                        # always one deck
    assert "8 players need 57 cards" in page._control_lines("decks")[1]
    key(app, pygame.K_ESCAPE)
    setup.players.step(4)                           # 4 -> 8 players
    click(app, setup.start.rect.center)
    assert app.top is setup
    assert "8 players need 57 cards but these rules' pack has 54" in setup.problem
    setup.players.step(-1)                          # 7 players: 50 cards, it deals
    assert start(app, setup) == RuleSet(decks=1)


def test_changing_rules_during_a_game_applies_from_the_next_game(app):
    app.push(TitleScene(app))
    table = app.push(TableScene(app), seats=[Seat("You", "human"), Seat("Ana", "easy")], seed=1)
    step(app, 3)
    assert table.rules_badge.label == "Rules: Standard"
    page = app.push(RulesSettingsScene(app))
    step(app)
    assert "apply from the next game" in page._next_game_words()
    page._change("target", 300)
    key(app, pygame.K_ESCAPE)
    assert app.top is table and table.session.game.rules == RuleSet()
    assert RuleSet(target=300) == SetupScene.chosen_rules(app.push(SetupScene(app)))


def test_table_badge_shows_the_rules_on_hover_and_focus(app):
    app.push(TitleScene(app))
    rules = RuleSet(jokers_per_deck=0, target=300)
    from scenes.core import rules_choice
    rules_choice.choose(app, "no_jokers", rules)      # what New game would have remembered
    table = app.push(TableScene(app), seats=[Seat("You", "human"), Seat("Ana", "easy")], rules=rules, seed=1)
    step(app, 3)
    badge = table.rules_badge
    assert badge.label == "Rules: No jokers*"       # the profile, changed
    assert "No jokers" in badge.lines and "Target 300 points" in badge.lines
    post(pygame.MOUSEMOTION, pos=badge.rect.center, rel=(1, 1), buttons=(0, 0, 0))
    step(app)
    assert badge.hover
    key(app, pygame.K_TAB)
    assert badge.focused
    key(app, pygame.K_ESCAPE)
    assert not badge.focused and app.top is table   # Esc took the focus off, not the menu


@pytest.mark.parametrize("players", [2, 5, 8])
def test_table_badge_keeps_clear_of_hand_piles_and_status(app, players):
    app.push(TitleScene(app))
    table = app.push(TableScene(app), seats=[Seat("You", "human")] + [Seat(f"P{i}", "easy") for i in range(1, players)],
                     seed=2)
    for size in SIZES:
        resize(app, size)
        step(app, 2)
        lay = table.layout_
        r = table.rules_badge.rect
        assert pygame.Rect(0, 0, *size).contains(r) and r.width > 0
        for other in [lay.hand_rect, lay.pile_rect, lay.stock_rect, lay.status_rect,
                      table.person.buttons["sort"].rect, *[b.rect for b in table.buttons]]:
            assert not r.colliderect(other), (size, other)
        for p in lay.places:
            assert not r.colliderect(p.rect), (size, p.zone)


def test_pages_open_at_every_size(app):
    setup, page = open_rules_from_new_game(app)
    for scene in (page, setup):
        while app.top is not scene:
            app.pop()
        for size in SIZES:
            resize(app, size)
            step(app, 2)
            assert app.top is scene
            visible = [w for w in scene.focus.widgets if w.visible and w.rect.x >= 0]
            for w in visible:
                assert pygame.Rect(0, 0, *size).contains(w.rect), (size, w)
    # the Rules page scrolls: every control can be reached and shown at the smallest size
    resize(app, (1024, 640))
    app.push(RulesSettingsScene(app))
    page = app.top
    step(app)
    assert page.scroll.max_offset > 0
    key(app, pygame.K_PAGEDOWN)
    assert page.scroll.offset > 0
    for k in CONTROLS:
        if k == "reshuffle_limit":                  # greyed under the default empty stock: skipped
            continue
        page.focus.focus(page.profile)
        focus_control(app, page, k)


def test_rules_scene_names_the_profile_and_its_changes(app):
    setup, page = open_rules_from_new_game(app)
    page._change("scoring", "fives")
    page._change("target", 300)
    click(app, page.read.rect.center)
    scene = app.top
    assert isinstance(scene, RulesScene) and scene.profile == "Fives*"   # the closest profile
    assert scene.sections[0] == ("How these differ from the rulebook", "5-10-15 scoring: 2 to 9 score 5; Target 300 points.")
    assert CONTROLS["scoring"][1][1][1].startswith("Fives: 5-10-15")            # one wording on both pages


def test_every_rule_key_has_one_control():
    assert list(CONTROLS) == list(CHOICES) + ["target"]
    values, names = choices_for("target", 500)
    assert values == TARGETS and names[values.index(500)] == "500 (rulebook)"
    for k in CHOICES:
        values, names = choices_for(k, getattr(RuleSet(), k))
        assert set(values) == set(CHOICES[k]) and sum(n.endswith("(rulebook)") for n in names) == 1


def test_cli_rules_opens_new_game_with_them_and_a_bad_file_exits_2(tmp_path, capsys):
    good = tmp_path / "house.json"
    good.write_text(json.dumps({"ace_wraps": True, "target": 300}), encoding="utf-8")
    cfg = tmp_path / "cfg"
    assert main(["--rules", str(good), "--config-dir", str(cfg), "--max-frames", "3"]) == 0
    last = json.loads((cfg / "settings.json").read_text(encoding="utf-8"))["last_setup"]
    assert RuleSet.from_dict(last["rules"]) == read_rules_file(good)
    bad = tmp_path / "bad.json"
    bad.write_text('{"decks": 3}', encoding="utf-8")
    capsys.readouterr()
    assert main(["--rules", str(bad), "--config-dir", str(cfg), "--max-frames", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == 'rummy500: error: --rules: The rule "decks" can\'t be 3: use "auto", 1 or 2.'
    one = tmp_path / "one.json"
    one.write_text('{"decks": 1}', encoding="utf-8")
    assert main(["--demo", "--players", "8", "--rules", str(one), "--max-frames", "3"]) == 2
    assert "8 players need 57 cards" in capsys.readouterr().err


def test_demo_is_played_under_the_rules_file(tmp_path, monkeypatch):
    played = []

    class Recording(TableSession):
        def __init__(self, seats, rules=None, *a, **kw):
            played.append(rules)
            super().__init__(seats, rules, *a, **kw)

    monkeypatch.setattr(table_mod, "TableSession", Recording)
    rules = tmp_path / "r.json"
    rules.write_text(json.dumps({"jokers_per_deck": 0, "target": 100, "scoring": "fives"}), encoding="utf-8")
    shots = tmp_path / "shots"
    status = main(["--demo", "--players", "2", "--seed", "4", "--speed", "instant", "--quit-after-game",
                   "--config-dir", str(tmp_path / "c"), "--rules", str(rules), "--size", "1024x640",
                   "--ai", "easy,easy"])
    assert status == 0
    assert played == [RuleSet(jokers_per_deck=0, target=100, scoring="fives")]


def test_scroll_area_shows_whole_rows_and_reveals_the_focused_one():
    from scenes.core.scrolling import ScrollArea

    class W:
        rect = None

    area = ScrollArea()
    area.viewport = pygame.Rect(10, 100, 200, 120)
    widgets = [W() for _ in range(6)]
    for i, w in enumerate(widgets):                 # rows 50 px apart, 40 px tall, from y = 5
        area.add(w, pygame.Rect(0, 5 + 50 * i, 200, 40))
    area.place()
    shown = [w for w in widgets if area.viewport.contains(w.rect)]
    assert shown == widgets[:2] and all(w.rect.x < -1000 for w in widgets[2:])
    assert area.max_offset == 200                   # row 4 at the top shows rows 4 and 5, the end
    area.reveal(widgets[3])
    assert area.offset == 100 and area.viewport.contains(widgets[3].rect)
    assert widgets[2].rect.top == area.viewport.top + 5   # a row's top at the top: no empty strip
    area.scroll_by(10)                              # a small step down snaps to the next row
    assert area.offset == 150
    area.scroll_by(10_000)
    assert area.offset == 200
    area.reveal(widgets[0])
    assert area.offset == 0
    post_wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    assert area.handle(post_wheel) and area.offset > 0
    assert area.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0)) and area.offset == 200
    assert area.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0)) and area.offset == 0


def test_table_says_the_hand_can_only_end_once_the_reshuffles_are_used(app):
    from pathlib import Path

    from game.rules.actions import EndHand
    from game.rules.record import game_from_record

    def table_after(name, actions):
        rec = json.loads((Path(__file__).resolve().parents[2] / "scenarios" / name).read_text(encoding="utf-8"))
        rec["rules"]["rummy_calls"] = False
        rec["hands"][0]["actions"] = rec["hands"][0]["actions"][:actions]
        del rec["expect"]
        game = game_from_record(rec)
        # seat 1 is moved by the test: the table's own words describe its turn
        session = TableSession([Seat("You", "human"), Seat("Bot", "human")], game.rules, game=game,
                               use_workers=False)
        table = app.push(TableScene(app), session=session)
        step(app, 4)
        return table, game

    # limit 2, used up, Bot to draw: the table says the pile or the end
    table, game = table_after("reshuffle_limit_two_refuses_third_turning.json", 6)
    assert game.hand.current == 1 and game.hand.reshuffles == 2
    assert "end the hand (stock empty)" in table.status_lines()[1]
    app.pop()
    # limit 1, used up, the person to draw: the End button and the words offer it
    table, game = table_after("reshuffle_limit_one_refuses_second_turning.json", 4)
    assert game.hand.current == 0 and table.person.buttons["end"].visible
    assert "end the hand" in " ".join(table.status_lines())
    table.person.apply(EndHand(0))
    assert game.hand.ended == "stock_out"
