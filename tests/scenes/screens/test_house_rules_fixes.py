"""A play-tester's findings on House rules, New game, the rules badge and
the widgets, each driven with posted events under the dummy video driver
(files in a temporary config dir)."""

from __future__ import annotations

import pygame
import pytest

from game.services.profiles import load_profiles, rules_name
from game.rules.ruleset import RuleSet
from game.services.statistics import profile_of
from scenes.core import theme as T
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.menus import PauseMenu
from scenes.screens.rules_help import RulesScene
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
from test_rules_settings import (app, click, focus_control, key, open_rules_from_new_game,  # noqa: F401
                                       post, resize, step, type_text)  # (app is the pages' fixture)


def restart(app) -> App:
    return App(Options(config_dir=app.options.config_dir, size=(1280, 720), speed="instant"))


def save_as(app, page, name):
    click(app, page.save_as.rect.center)
    page.field.value = ""
    type_text(app, name)
    key(app, pygame.K_RETURN)


def shown_profile(page) -> str:
    return page.profile.names[page.profile.index]


# ------------------------------------------------------------- 1. capitals
def test_save_as_with_other_capitals_is_refused_and_the_profile_stays_updatable(app):
    setup, page = open_rules_from_new_game(app)
    page._change("scoring", "fives")
    save_as(app, page, "fives night")
    assert page.prompt is None and page.name == "fives night"
    save_as(app, page, "Fives Night")                       # from itself, only the capitals differ
    assert page.prompt is None and page.name == "Fives Night"
    assert load_profiles(app.storage)[0].saved == {"Fives Night": RuleSet(scoring="fives")}  # still one
    page._pick_profile("standard")
    save_as(app, page, "FIVES NIGHT")                       # from another profile: refused
    assert page.prompt == "save" and '"Fives Night" exists already' in page.message
    key(app, pygame.K_ESCAPE)
    assert list(load_profiles(app.storage)[0].saved) == ["Fives Night"]


# -------------------------------------------------------- 2. edits vanish
def test_edits_to_an_own_profile_are_written_into_it_at_once(app):
    setup, page = open_rules_from_new_game(app)
    save_as(app, page, "fives night")
    focus_control(app, page, "scoring")
    key(app, pygame.K_RIGHT)
    assert page.rules.scoring == "fives"
    assert shown_profile(page) == "fives night" and page.message.startswith('Saved in "fives night"')
    page.focus.focus(page.profile)
    key(app, pygame.K_LEFT)                                  # another profile, then back
    key(app, pygame.K_RIGHT)
    assert page.name == "fives night" and page.rules.scoring == "fives"
    assert load_profiles(app.storage)[0].saved == {"fives night": RuleSet(scoring="fives")}


def test_a_changed_built_in_is_kept_across_a_restart_and_asked_about_before_it_is_dropped(app):
    setup, page = open_rules_from_new_game(app)
    focus_control(app, page, "ace_wraps")
    key(app, pygame.K_RIGHT)
    assert shown_profile(page) == "Standard*"
    assert "Saved." not in page.message and "Save as" in page.message
    again = restart(app)
    try:
        again.push(TitleScene(again))
        p2 = again.push(RulesSettingsScene(again))
        assert p2.rules == RuleSet(ace_wraps=True) and shown_profile(p2) == "Standard*"
        p2.focus.focus(p2.profile)
        key(again, pygame.K_RIGHT)                           # asks first: nothing dropped yet
        assert p2.rules == RuleSet(ace_wraps=True) and "not saved" in p2.message
        key(again, pygame.K_RIGHT)                           # again: dropped, as it said
        assert p2.name == "no_jokers" and p2.rules == RuleSet(jokers_per_deck=0)
    finally:
        again.close()


# --------------------------------------------------------------- 3. exports
def test_exporting_twice_writes_a_second_file_and_says_its_path(app, tmp_path):
    setup, page = open_rules_from_new_game(app)
    page.focus.focus(page.export)
    key(app, pygame.K_RETURN)
    page._change("scoring", "fives")
    key(app, pygame.K_RETURN)
    files = sorted(p.name for p in (tmp_path / "cfg" / "rules").glob("*.json"))
    assert files == ["standard-2.json", "standard.json"]
    assert str(tmp_path / "cfg" / "rules" / "standard-2.json") in page.message


# --------------------------------------------------------------- 4. the name field
def test_the_name_field_stops_at_the_limit_says_so_and_ctrl_a_selects_all(app):
    setup, page = open_rules_from_new_game(app)
    click(app, page.save_as.rect.center)
    type_text(app, "x" * 20)
    type_text(app, "abcdefghij")
    assert page.field.value == "x" * 20 + "abcd" and "at most 24 characters" in page.message
    shown = page.field.shown_text(120, app.theme)              # too long for 120 px: the end shows
    assert shown.startswith("…") and shown.endswith("abcd")
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    type_text(app, "Mine")
    assert page.field.value == "Mine"
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    assert page.field.value == ""


# --------------------------------------------------------------- 5. import path width
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_import_path_field_uses_the_window_width(app, size):
    resize(app, size)
    setup, page = open_rules_from_new_game(app)
    click(app, page.import_.rect.center)
    assert page.field.rect.width >= size[0] * 0.6
    assert page.cancel.rect.right <= size[0] and page.field.max_len >= 260


# --------------------------------------------------------------- 6. badge tooltip
def test_the_badge_panel_is_gone_after_the_pause_menu(app):
    setup, page = open_rules_from_new_game(app)
    key(app, pygame.K_ESCAPE)
    click(app, setup.start.rect.center)
    table = app.top
    badge = table.rules_badge
    step(app, 3)
    for _ in range(30):  # the badge's place settles once the deal is laid out (slower on a busy machine)
        post(pygame.MOUSEMOTION, pos=badge.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        step(app)
        if badge.hover:
            break
    assert badge.hover
    key(app, pygame.K_ESCAPE)                               # the pause menu, then Resume
    assert isinstance(app.top, PauseMenu)
    key(app, pygame.K_ESCAPE)
    assert app.top is table and not badge.hover


# --------------------------------------------------------------- 7. focus after Delete, Esc
def test_delete_moves_the_focus_to_the_picker_and_esc_clears_the_save_error(app):
    setup, page = open_rules_from_new_game(app)
    save_as(app, page, "Mine")
    page.focus.focus(page.delete)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert not page.delete.enabled and page.focus.focused is page.profile
    save_as(app, page, "Standard")                          # refused: a built-in name
    assert page.bad and "built-in" in page.message
    key(app, pygame.K_ESCAPE)
    assert page.prompt is None and not page.bad and "built-in" not in page.message


# --------------------------------------------------------------- 8, 9. New game's summary
def test_a_rules_file_summary_shows_the_target_first_and_fits(app):
    rules = RuleSet(decks=2, jokers_per_deck=1, scoring="fives", going_out="discard_required",
                    ace_wraps=True, empty_stock="reshuffle", reshuffle_limit=2, target=350)
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app), rules=rules, rules_from="house.json")
    step(app)
    text = " ".join(t for t, _ in setup._summary())
    assert text.startswith("From house.json: Target 350 points;")
    th = app.theme
    for t, _ in setup._summary():                           # every wrapped line fits the column
        for line in T.wrap(t, th.small, setup.profile.rect.width):
            assert T.font(th.small).size(line)[0] <= setup.profile.rect.width


def test_counts_the_pack_cannot_deal_are_information_until_chosen(app):
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app), rules=RuleSet(decks=1))
    step(app)
    words, colour = setup._summary()[0]
    assert words == "These rules can't deal 8 players." and colour == T.TEXT_DIM
    setup.players.index = setup.players.choices.index(8)
    words, colour = setup._summary()[0]
    assert colour != T.TEXT_DIM
    click(app, setup.start.rect.center)
    assert app.top is setup and setup.problem


# --------------------------------------------------------------- 10. one name
def test_the_same_rules_have_one_name_everywhere_also_after_continue(app):
    setup, page = open_rules_from_new_game(app)
    page._change("target", 300)
    click(app, page.read.rect.center)
    assert app.top.profile == "Standard*"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    click(app, setup.start.rect.center)
    table = app.top
    assert table.rules_badge.label == "Rules: Standard*"
    assert profile_of(table.session.game.rules) == "Standard*" == rules_name(RuleSet(target=300))
    table.autosave()
    app.pop_to(TitleScene)
    title = app.top
    title.rules()
    title.app.pop()
    C_ = __import__("scenes.core.rules_choice", fromlist=["choose"])
    C_.choose(app, "no_jokers", RuleSet(jokers_per_deck=0))  # other rules chosen since
    title.continue_game()
    again = app.top
    assert isinstance(again, TableScene) and again.rules_badge.label == "Rules: Standard*"


# --------------------------------------------------------------- 11. in progress words
def test_house_rules_from_the_title_say_the_game_to_continue_keeps_its_rules(app):
    setup, page = open_rules_from_new_game(app)
    key(app, pygame.K_ESCAPE)
    click(app, setup.start.rect.center)
    app.top.autosave()
    app.pop_to(TitleScene)
    page = app.push(RulesSettingsScene(app))
    assert "keeps its own" in page._next_game_words()


# --------------------------------------------------------------- 12. title -> Rules
def test_title_rules_show_the_house_rules_chosen_for_the_next_game(app):
    title = app.push(TitleScene(app))
    C_ = __import__("scenes.core.rules_choice", fromlist=["choose"])
    C_.choose(app, "standard", RuleSet(jokers_per_deck=0, target=300))
    step(app)
    title.focus.focus(next(b for b in title.buttons if b.label == "Rules"))
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, RulesScene)
    assert scene.rules == RuleSet(jokers_per_deck=0, target=300) and scene.profile == "No jokers*"


# --------------------------------------------------------------- 13. stale hover
def test_a_button_is_not_left_lit_after_its_scene_was_covered(app):
    title = app.push(TitleScene(app))
    step(app)
    settings = next(b for b in title.buttons if b.label == "Settings")
    post(pygame.MOUSEMOTION, pos=settings.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert settings.hover
    click(app, settings.rect.center)                       # Settings opens; the pointer moves on there
    assert app.top is not title
    key(app, pygame.K_ESCAPE)
    assert app.top is title and not settings.hover
    post(pygame.MOUSEMOTION, pos=settings.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert settings.hover                                    # and lit again when the pointer is on it


# --------------------------------------------------------------- 14. toasts
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_toasts_cover_no_control(app, size):
    resize(app, size)
    title = app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    step(app)
    app.notify("A message that stays a few seconds.")
    app.notify("A second message, above or below the first.")
    for scene in (setup, title, setup):
        if scene is title:
            key(app, pygame.K_ESCAPE)
        elif app.top is not scene:
            setup = scene = app.push(SetupScene(app))
        step(app)
        assert app.top is scene
        boxes = [r for _, r in app.toasts.boxes(app.theme)]
        assert len(boxes) == 2
        for w in scene.focus.widgets:
            if w.visible:
                assert not any(r.colliderect(w.rect) for r in boxes), w
    click(app, setup.change_button.rect.center)
    page = app.top
    step(app)
    for w in page.focus.widgets:
        if w.visible:
            assert not any(r.colliderect(w.rect) for _, r in app.toasts.boxes(app.theme)), w
