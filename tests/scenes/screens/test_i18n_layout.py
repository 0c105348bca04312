"""Layouts take longer words: every scene drawn in a pseudo-locale that makes
every string 40 % longer (tests/i18n_pseudo.py; Welsh often runs 20-40 %
longer, Georgian words are long) at 1024x640 and 1280x720, and no text is cut
short: buttons, menus, dialogs and panels grow or wrap instead.

"Cut short" is what :func:`scenes.core.theme.fit_text` does when shrinking the
font to 60 % is not enough: it ends the text with "…". Every call is watched
while a scene is drawn."""

from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.rules.random_play import random_step
from game.play.table_session import Seat
from scenes.core import theme as T
from game.rules.ruleset import RuleSet
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.dialogs import ChoiceDialog
from scenes.screens.how_to_play import HowToPlayScene
from scenes.screens.deal_code import DealCodeScene
from scenes.table.layout import model_of
from scenes.screens.load_game import LoadGameScene
from scenes.screens.menus import PauseMenu
from scenes.screens.results import GameOver, HandResults
from scenes.screens.rules_help import RulesScene
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
from scenes.core import widgets

from i18n_pseudo import install
from test_scenes import frames, resize

SIZES = [(1024, 640), (1280, 720)]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def cut(monkeypatch):
    """The texts ``fit_text`` had to cut short with "…" (each call watched)."""
    seen: list[str] = []
    real = T.fit_text

    def watching(s, px, max_width, colour=T.TEXT, bold=False):
        out = real(s, px, max_width, colour, bold)
        if T.font(max(6, int(px * 0.6) + 1), bold).size(s)[0] > max_width:
            seen.append(s)
        return out

    monkeypatch.setattr(T, "fit_text", watching)
    widgets._fit_lines.cache_clear()  # a label laid out before must be laid out again, watched
    return seen


@pytest.fixture(params=["en", "pseudo"])
def app(request, tmp_path, monkeypatch):
    root = tmp_path / "locale"
    install(root, "cy")
    monkeypatch.setattr(i18n, "locale_dir", lambda: root)
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant",
                    lang="cy" if request.param == "pseudo" else "en"))
    yield a
    a.close()


def _table(app):
    seats = [Seat("You", "human"), Seat("Ana", "easy"), Seat("Ben", "easy"), Seat("Cleo", "easy")]
    return app.push(TableScene(app), seats=seats, seed=5, use_workers=False)


def _finish_hand(table):
    game = table.session.game
    rng = random.Random(4)
    while game.hand.ended is None:
        random_step(game, rng)
    table.shown = model_of(game)
    table.resize()


def _show(app, scene, cut, **kw) -> list[str]:
    """Push ``scene``, draw it at each size, pop it; the texts cut short."""
    cut.clear()
    app.push(scene, **kw)
    for size in SIZES:
        resize(app, size)
        frames(app, 2)
    assert app.top is scene
    app.pop()
    return sorted(set(cut))


def test_menus_and_forms_fit(app, cut, monkeypatch):
    from game.play.remote.discovery import InProcessDiscovery
    from game.play.remote.host import OPEN
    from scenes.screens import hosting
    from scenes.screens.hosting import HostScene
    from scenes.screens.joining import JoinScene

    monkeypatch.setattr(hosting, "make_discovery", lambda interfaces: InProcessDiscovery({}))
    app.push(TitleScene(app))
    problems = {}
    plan = [("human", "Ana"), ("hoarder", "Ben"), (OPEN, ""), ("human", "Cleo"), (OPEN, "")]
    for scene, kw in [(TitleScene(app), {}), (SetupScene(app), {}), (SettingsScene(app), {}),
                      (RulesSettingsScene(app), {}), (LoadGameScene(app), {}), (StatisticsScene(app), {}),
                      (RulesScene(app), {"profile": "Standard", "players": 4}), (HowToPlayScene(app), {}),
                      (RulesScene(app), {"profile": "Standard", "page": "questions"}),
                      (DealCodeScene(app), {"start": lambda deal: None, "players": 4}),
                      (HostScene(app), {"plan": plan, "rules": RuleSet(), "bind": "127.0.0.1"}), (JoinScene(app), {}),
                      (ChoiceDialog(app), {"title": "You have a game in progress (12–30, hand 2). Start a new one?",
                                           "options": [("Keep it (Load game has it) and start a new one", None),
                                                       ("Start a new one in its place", "x")]})]:
        got = _show(app, scene, cut, **kw)
        if got:
            problems[type(scene).__name__] = got
    assert not problems


def test_the_table_and_its_overlays_fit(app, cut):
    app.push(TitleScene(app))
    table = _table(app)
    problems = {}
    got = _show(app, PauseMenu(app), cut)
    if got:
        problems["PauseMenu"] = got
    cut.clear()
    for size in SIZES:
        resize(app, size)
        frames(app, 3)
    if cut:
        problems["TableScene"] = sorted(set(cut))
    _finish_hand(table)
    for scene in (HandResults(app), GameOver(app)):
        if isinstance(scene, GameOver):
            table.session.game.winner = 0
        got = _show(app, scene, cut, table=table)
        if got:
            problems[type(scene).__name__] = got
    assert not problems


@pytest.mark.parametrize("lang", ["en", "cy", "ka"])
def test_new_game_describes_every_opponent_without_cutting_it_short(tmp_path, cut, lang):
    """Issue 25, item 5: with eight players (the least room) each level and
    style of the field, focused on the last computer seat, is described under
    the seats in full, at both sizes, in each language."""
    from game.ai import PLAYERS
    from game.text.levels import opponent_note

    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant", lang=lang))
    try:
        a.push(TitleScene(a))
        setup = a.push(SetupScene(a))
        setup.players.step(4)  # 4 -> 8 players
        setup.resize()
        stepper = setup.seat_levels[6]
        setup.focus.focus(stepper)
        cut.clear()
        for level in PLAYERS:
            stepper.index = PLAYERS.index(level)
            assert setup.described_seat() == 6
            for size in SIZES:
                resize(a, size)
                frames(a, 1)
                th = setup.theme
                lines = T.wrap(opponent_note(level), th.small, setup.note_rect.width)
                bottom = setup.note_rect.y + len(lines) * round(th.small * 1.3)
                assert len(lines) <= 3 and bottom <= setup.start.rect.top, (level, size, lines)
        assert not cut
    finally:
        a.close()
