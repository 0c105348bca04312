"""The smaller things of issue 21, item 18, off the table: New game's
"Players" clear of its focus ring, Settings opening on its first row, New
game's tip across the page at 1920x1080, How to play naming the game's
target, the F12 notice clear of the table's top panels, and the winning
streak rule on Load game's Delete, shown in Statistics. Driven with posted
events under the dummy video driver, checked on the drawn pixels where the
fault was a picture."""

from __future__ import annotations

import time

import pygame
import pytest

import game.play.table_session as session_mod
import scenes.table.scene as table_mod
from game.i18n import _
from game.play.table_session import Seat, TableSession
from game.rules.ruleset import RuleSet
from game.services.slots import SlotInfo, Slots
from game.services.statistics import STREAK_RULE, Statistics
from scenes.core import rules_choice as C
from scenes.core import theme as T
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.how_to_play import HowToPlayScene
from scenes.screens.load_game import LoadGameScene
from scenes.screens.menus import PauseMenu
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import TIP, SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.screens.title import TitleScene
from scenes.table.scene import TableScene


class _InProcessSession(TableSession):
    def __init__(self, *a, **kw):
        kw["use_workers"] = False
        super().__init__(*a, **kw)


def make_app(tmp_path, size=(1280, 720), lang=None) -> App:
    return App(Options(config_dir=str(tmp_path / "cfg"), size=size, speed="instant", lang=lang))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(table_mod, "TableSession", _InProcessSession)
    monkeypatch.setattr(session_mod, "TableSession", _InProcessSession)
    a = make_app(tmp_path)
    yield a
    for scene in a.stack:
        if isinstance(scene, TableScene):
            scene.session.close()
    a.close()


def frames(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def is_ring(colour) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(colour[:3], T.LEGAL))


def is_text(colour) -> bool:
    return min(colour[:3]) > 150 and not is_ring(colour)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_players_stands_clear_of_its_focus_ring(tmp_path, size):
    app = make_app(tmp_path, size)
    try:
        app.push(TitleScene(app))
        setup = app.push(SetupScene(app))
        frames(app)
        assert setup.focus.focused is setup.players
        r = setup.players.rect
        gaps = []
        for y in range(r.top + 4, r.bottom - 4):  # each pixel row across the label
            row = [app.screen.get_at((x, y)) for x in range(r.left - 20, r.left + 30)]
            ring = max((i for i, c in enumerate(row) if is_ring(c)), default=None)
            text = next((i for i, c in enumerate(row) if is_text(c) and (ring is None or i > ring)), None)
            if ring is not None and text is not None:
                gaps.append(text - ring - 1)
        assert gaps and min(gaps) >= 3  # felt between the ring and the "P"
    finally:
        app.close()


def test_settings_opens_on_its_first_row(app):
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    frames(app)
    assert page.focus.focused is page.language
    assert page.language.rect.top == min(w.rect.top for w in page.table_widgets)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    frames(app, 1)
    assert page.focus.focused is page.speed


def drawn(monkeypatch) -> list[tuple[str, int]]:
    seen: list[tuple[str, int]] = []
    real = T.text

    def text(s, px, *a, **kw):
        seen.append((s, px))
        return real(s, px, *a, **kw)
    monkeypatch.setattr(T, "text", text)
    return seen


@pytest.mark.parametrize("lang", ["en", "cy", "ka"])
def test_new_games_tip_runs_across_the_page_at_1920(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, (1920, 1080), lang)
    try:
        app.push(TitleScene(app))
        setup = app.push(SetupScene(app))
        frames(app, 1)
        seen = drawn(monkeypatch)
        frames(app, 1)
        th = app.theme
        words = _(TIP).split()
        lines = [s for s, px in seen if px == th.small and s.split() and set(s.split()) <= set(words)]
        assert " ".join(lines).split() == words  # all of it, in order
        column = setup.profile.rect.width
        assert max(T.font(th.small).size(s)[0] for s in lines) > column * 1.3  # wider than one column
        assert len(lines) <= 2
    finally:
        app.close()


def test_how_to_play_names_the_target_of_the_game_at_the_table(app):
    app.push(TitleScene(app))
    rules = RuleSet(target=300)
    table = app.push(TableScene(app), seats=[Seat("You", "human"), Seat("Ana", "easy")], rules=rules, seed=3)
    frames(app)
    menu = app.push(PauseMenu(app))
    menu.how_to_play()
    page = app.top
    assert isinstance(page, HowToPlayScene)
    aim = dict(page.sections)["The aim"]
    assert "first to 300 points" in aim and "500" not in aim
    assert table.session.game.rules.target == 300


@pytest.mark.parametrize("lang, words", [("en", "first to 1,000 points"), ("cy", "gyrraedd 1,000 pwynt"),
                                         ("ka", "მიაღწიეთ 1,000 ქულას")])
def test_how_to_play_from_the_title_names_the_next_games_target(tmp_path, lang, words):
    app = make_app(tmp_path, lang=lang)
    try:
        title = app.push(TitleScene(app))
        C.choose(app, "standard", RuleSet(target=1000))
        title.how_to_play()
        assert any(words in text for _head, text in app.top.sections)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [4, 8])
def test_the_f12_notice_covers_no_top_panel(tmp_path, monkeypatch, size, players):
    monkeypatch.setattr(table_mod, "TableSession", _InProcessSession)
    app = App(Options(config_dir=str(tmp_path / "cfg"), size=size, speed="instant",
                      screenshot_dir=str(tmp_path / "shots")))
    try:
        names = ["You", "Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"][:players]
        table = app.push(TableScene(app), seats=[Seat(n, "human" if i == 0 else "easy") for i, n in enumerate(names)],
                         seed=3)
        frames(app, 3)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
        frames(app, 1)
        (text, box), = app.toasts.boxes(app.theme, table.notice_area())
        lay = table.layout_
        top = [r for seat, r in lay.seat_rects.items() if seat != table.viewer]
        top += [r for seat, r in lay.zone_rects.items() if seat != table.viewer]
        assert top and not any(box.colliderect(r) for r in top)
        assert not box.colliderect(lay.status_rect) and not box.colliderect(lay.hand_rect)
        assert box.right <= size[0] and text.get_width() <= box.width
        table.session.close()
    finally:
        app.close()


def test_deleting_a_losing_game_ends_the_streak_and_statistics_says_so(app, monkeypatch):
    storage = app.storage
    storage.save_statistics(Statistics(games_played=4, games_won=3, current_streak=3, best_streak=3))
    slots = Slots(storage)
    name = slots.new_name()
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    storage.game_path(name).write_text("{}", encoding="utf-8")
    slots.write_info(SlotInfo(name, ["You", "Ana"], [35, 420], 3, time.time(), ["human", "hard"]))
    app.push(TitleScene(app))
    page = app.push(LoadGameScene(app))
    frames(app)
    page.delete(next(i for i in page.infos if i.name == name))
    assert not storage.has_game(name)
    stats, _message = storage.load_statistics()
    assert (stats.current_streak, stats.best_streak, stats.games_played) == (0, 3, 4)
    app.pop()
    seen = drawn(monkeypatch)
    app.push(StatisticsScene(app))
    frames(app)
    shown = " ".join(s for s, _px in seen)
    assert " ".join(_(STREAK_RULE).split()[:6]) in shown
