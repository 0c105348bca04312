"""The language machinery (game/i18n.py) and the run-time switch in Settings.

A pseudo-locale made from the committed template (tests/i18n_pseudo.py:
every string 40 % longer, Welsh plural forms) stands in for a real catalog,
so these tests do not depend on the translators' work."""

from __future__ import annotations

import json
import logging

import pygame
import pytest

from game import i18n
from game.rules.cards import card_long_name, joker_as, make_card
from game.i18n import N_, _, ngettext
from game.rules.ruleset import RuleSet
from game.text.rules_text import describe_rules, profile_name
from scenes.core import theme as T
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.menus import PauseMenu
from scenes.screens.settings import SettingsScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
from game.text.events import describe

from i18n_pseudo import install, lengthen
from test_scenes import click, post


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    """The pseudo-locale installed as "cy" (and nothing as "ka")."""
    root = tmp_path / "locale"
    install(root, "cy")
    monkeypatch.setattr(i18n, "locale_dir", lambda: root)
    return root


@pytest.fixture
def app(tmp_path, pseudo):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def right_arrow(stepper):
    return (stepper.rect.right - stepper.rect.height // 2, stepper.rect.centery)


# ------------------------------------------------------------------ the module
def test_languages_are_named_in_themselves():
    assert i18n.available_languages() == {"en": "English", "cy": "Cymraeg", "ka": "ქართული"}


@pytest.mark.parametrize("given, code", [("cy_GB.UTF-8", "cy"), ("ka_GE", "ka"), ("ka-GE", "ka"), ("CY", "cy"),
                                         ("en_US.utf8", "en"), ("cy@euro", "cy"), ("C", None), ("POSIX", None),
                                         ("Welsh_United Kingdom", "cy"), ("Georgian_Georgia", "ka"), ("kat", "ka"),
                                         ("fr_FR", None), ("", None), (None, None), (7, None)])
def test_normalise_reads_locale_names(given, code):
    assert i18n.normalise(given) == code


@pytest.mark.parametrize("env, code", [
    ({"LANG": "cy_GB.UTF-8"}, "cy"),
    ({"LANG": "ka_GE.UTF-8"}, "ka"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:ka:cy", "LANG": "cy_GB.UTF-8"}, "ka"),   # the first of the list the game has
    ({"LANGUAGE": "fr", "LANG": "cy_GB.UTF-8"}, "cy"),         # none of the list: the locale decides
    ({"LC_ALL": "ka_GE", "LANG": "cy_GB"}, "ka"),              # LC_ALL before LANG
    ({"LC_MESSAGES": "cy_GB", "LANG": "ka_GE"}, "cy"),
    ({"LC_ALL": "C", "LANG": "cy_GB"}, "en"),                  # the first set variable decides, as gettext does
    ({}, "en"),
])
def test_system_language_follows_the_environment(env, code):
    assert i18n.system_language(env) == code


def test_english_is_the_source_text():
    i18n.set_language("en")
    assert _("Back") == "Back"
    assert ngettext("{count} card", "{count} cards", 1) == "{count} card"
    assert N_("Settings") == "Settings"


def test_set_language_switches_every_later_call(pseudo):
    assert i18n.set_language("cy_GB.UTF-8") == "cy"
    assert i18n.current_language() == "cy"
    assert _("Back") == lengthen("Back")
    assert i18n.pgettext("month", "Nov") == lengthen("Nov")
    assert i18n.set_language("en") == "en"
    assert _("Back") == "Back"


def test_welsh_plurals_pick_six_forms(pseudo):
    i18n.set_language("cy")
    one, many = "Each deck adds {count} joker.", "Each deck adds {count} jokers."
    picked = {n: ngettext(one, many, n) for n in (0, 1, 2, 3, 6, 7, 100)}
    assert picked[0] == lengthen(many, 0) and picked[1] == lengthen(one, 1)
    assert picked[2] == lengthen(many, 2) and picked[3] == lengthen(many, 3)
    assert picked[6] == lengthen(many, 4) and picked[7] == picked[100] == lengthen(many, 5)


def test_a_missing_catalog_falls_back_to_english_and_logs(pseudo, caplog):
    with caplog.at_level(logging.WARNING, logger="rummy500.i18n"):
        assert i18n.set_language("ka") == "ka"  # chosen, but no catalog: English text
    assert _("Back") == "Back"
    assert "no usable catalog for ka" in caplog.text


def test_a_broken_catalog_falls_back_to_english(pseudo):
    (pseudo / "cy" / "LC_MESSAGES" / "rummy500.mo").write_bytes(b"not a catalog at all")
    i18n.set_language("cy")
    assert _("Back") == "Back"


def test_unknown_codes_mean_english_and_auto_means_the_system(monkeypatch):
    assert i18n.set_language("xx") == "en"
    monkeypatch.setenv("LANGUAGE", "ka")
    assert i18n.set_language("auto") == "ka"
    assert i18n.set_language(None) == "ka"


def test_locale_dir_is_under_the_assets():
    assert i18n.locale_dir().name == "locale" and i18n.locale_dir().parent.name in ("assets", "rummy500_assets")
    assert (i18n.locale_dir() / "rummy500.pot").is_file()


def test_and_list_and_months(pseudo):
    assert i18n.and_list([]) == "" and i18n.and_list(["Ana"]) == "Ana"
    assert i18n.and_list(["Ana", "Ben", "Cleo"]) == "Ana, Ben and Cleo"
    assert i18n.month_abbr(11) == "Nov"
    with pytest.raises(IndexError):
        i18n.month_abbr(13)
    i18n.set_language("cy")
    assert i18n.and_list(["Ana", "Ben"]) == lengthen("{items} and {last}").format(items="Ana", last="Ben")


# ------------------------------------------------------------------ translated where shown
def test_rules_text_and_names_follow_the_language(pseudo):
    english = describe_rules(RuleSet(), 4)
    assert english[0][0] == "The aim" and profile_name("no_jokers") == "No jokers"
    i18n.set_language("cy")
    welsh = describe_rules(RuleSet(), 4)
    assert welsh[0][0] == lengthen("The aim")
    assert profile_name("no_jokers") == lengthen("No jokers")
    assert profile_name("My own") == "My own"  # a saved profile's name is the player's
    assert all(h != e for (h, _p), (e, _q) in zip(welsh, english))


def test_card_names_in_words(pseudo):
    queen = make_card(12, 2)
    assert card_long_name(queen) == "queen of hearts"
    assert card_long_name(joker_as(make_card(7, 0))) == "joker as seven of clubs"
    i18n.set_language("cy")
    rank, suit = lengthen("queen"), lengthen("hearts")
    assert card_long_name(queen) == lengthen("{rank} of {suit}").format(rank=rank, suit=suit)


def test_the_game_log_speaks_the_language(pseudo):
    from game.rules.events import CardDrawn, Discarded

    names = ["You", "Ana"]
    assert describe(CardDrawn(0, "7H"), names) == "You draw from the stock."
    assert describe(Discarded(1, "7H"), names) == "Ana discards the 7♥."
    i18n.set_language("cy")
    assert describe(CardDrawn(0, "7H"), names) == lengthen("You draw from the stock.")
    assert describe(Discarded(1, "7H"), names) == lengthen("{name} discards the {card}.").format(name="Ana", card="7♥")


# ------------------------------------------------------------------ the Settings control
def test_choosing_a_language_in_settings_changes_the_title_at_once(app, tmp_path):
    title = app.push(TitleScene(app))
    app.step(1 / 60)
    before = [b.text for b in title.buttons]
    assert before[0] == "New game"
    page = app.push(SettingsScene(app))
    app.step(1 / 60)
    assert page.language.value == "auto"
    heading_before = _(page.heading)
    click(app, right_arrow(page.language))   # auto -> English
    assert page.language.value == "en" and [b.text for b in title.buttons] == before
    click(app, right_arrow(page.language))   # English -> Cymraeg
    assert page.language.value == "cy" and i18n.current_language() == "cy"
    after = [b.text for b in title.buttons]
    assert after == [lengthen(t) for t in before]          # the scene underneath, at once
    assert _(page.heading) == lengthen(heading_before) != heading_before   # and this page
    assert page.language.names[0] == lengthen("System ({language})").format(language="English")
    widest = min(b.rect.width for b in title.buttons)
    assert all(T.font(app.theme.body, True).size(t)[0] < widest for t in after)  # the column grew to the longer words
    saved = json.loads((tmp_path / "cfg" / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == "cy"
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(1 / 60)
    assert app.top is title


def _config_with(tmp_path, settings: dict):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return cfg


def test_the_saved_language_is_used_at_the_next_start(tmp_path, pseudo):
    cfg = _config_with(tmp_path, {"language": "cy"})
    a = App(Options(config_dir=str(cfg), size=(1024, 640), speed="instant"))
    try:
        assert i18n.current_language() == "cy" and _("Quit") == lengthen("Quit")
    finally:
        a.close()
    b = App(Options(config_dir=str(cfg), size=(1024, 640), speed="instant", lang="en"))  # --lang wins for the run
    try:
        assert i18n.current_language() == "en" and b.settings.language == "cy"
    finally:
        b.close()


def test_a_bad_language_in_the_settings_file_is_reset(tmp_path, pseudo):
    cfg = _config_with(tmp_path, {"language": "tlh"})
    a = App(Options(config_dir=str(cfg), size=(1024, 640), speed="instant"))
    try:
        assert a.settings.language == "auto"
        assert any("language" in m for m, _until in a.toasts)
    finally:
        a.close()


def test_changing_language_from_the_pause_menu_reaches_the_table(app):
    from game.play.table_session import Seat

    app.push(TitleScene(app))
    table = app.push(TableScene(app), seats=[Seat("You", "human"), Seat("Ana", "easy")], seed=3,
                     use_workers=False)
    menu = app.push(PauseMenu(app))
    page = app.push(SettingsScene(app))
    app.step(1 / 60)
    click(app, right_arrow(page.language))
    click(app, right_arrow(page.language))
    assert i18n.current_language() == "cy"
    assert [b.text for b in menu.buttons][0] == lengthen("Resume")
    assert table.rules_badge.label == lengthen("Rules: {name}").format(name=lengthen("Standard"))


@pytest.mark.parametrize("code", ["cy", "ka"])
def test_an_empty_label_stays_empty_in_every_language(code):
    """gettext("") is the catalog's header; a blank label (Load game's slot
    buttons are blank while their own text is drawn) must stay blank."""
    i18n.set_language(code)
    assert _("Back") != "Back"  # the real catalog is loaded
    assert _("") == ""
