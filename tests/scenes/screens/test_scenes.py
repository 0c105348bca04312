"""Scene tests under the dummy video driver: every scene opens, resizes and
closes; demo games finish; the table draws every state the fuzz reaches."""

from __future__ import annotations

import random

import pygame
import pytest

from game.cli import main
from game.rules.game import Game
from game.rules.random_play import random_step
from game.services.settings import CARD_SIZES
from game.rules.ruleset import PROFILES, RuleSet
from game.play.table_session import Seat, TableSession
from scenes.core.app import App
from scenes.core.options import Options
from scenes.table.layout import layout, model_of
from scenes.screens.menus import PauseMenu
from scenes.screens.results import GameOver, HandResults, running_totals
from scenes.screens.rules_help import RulesScene
from scenes.screens.how_to_play import HowToPlayScene
from game.text.questions import common_questions
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.core.theme import Theme
from helpers import finish_shown_hand, fuzz_count
from scenes.screens.title import TitleScene

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def seats(n, level="easy"):
    return [Seat(f"P{i}", level) for i in range(n)]


def resize(app, size):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized(size)


def frames(app, n=3, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app, pos):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(1 / 60)


def key(app, k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    app.step(1 / 60)


def test_every_scene_opens_resizes_and_closes(app):
    table = TableScene(app)
    app.push(TitleScene(app))
    app.push(table, seats=seats(3), seed=1, use_workers=False)
    for scene, kw in [(SetupScene(app), {}), (RulesScene(app), {"rules": PROFILES["strict_table"], "players": 3}),
                      (SettingsScene(app), {}), (PauseMenu(app), {})]:
        app.push(scene, **kw)
        for size in SIZES:
            resize(app, size)
            frames(app, 2)
        assert app.top is scene
        app.pop()
    assert app.top is table
    # results and game over need a finished hand / game
    game = table.session.game
    finish_shown_hand(table, 3)
    app.push(HandResults(app), table=table)
    for size in SIZES:
        resize(app, size)
        frames(app, 2)
    app.pop()
    game.winner = 0  # the chart draws any totals; the winner is named
    app.push(GameOver(app), table=table)
    for size in SIZES:
        resize(app, size)
        frames(app, 2)
    app.pop()
    app.pop()
    assert isinstance(app.top, TitleScene)


def test_title_buttons_and_keyboard(app):
    title = app.push(TitleScene(app))
    frames(app)
    assert not title.buttons[1].enabled  # no saved game: Continue is greyed out
    click(app, title.buttons[0].rect.center)  # New game
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    key(app, pygame.K_DOWN)  # focus moves to the next usable button (How to play: Continue and Load are off)
    assert title.focus.focused is title.buttons[3]
    key(app, pygame.K_DOWN)
    assert title.focus.focused is title.buttons[4]  # Settings
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    click(app, title.buttons[6].rect.center)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_PAGEDOWN)
    assert app.top.scroll > 0
    key(app, pygame.K_ESCAPE)
    click(app, title.buttons[7].rect.center)
    assert not app.running


def test_new_game_form_starts_the_chosen_table(app):
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    frames(app)
    setup.players.step(2)  # 4 -> 6 players
    setup.seat_levels[0].step(1)  # medium -> hard
    setup.seat_names[1].value = "Zoë"
    setup.profile.index = list(PROFILES).index("float")
    setup.resize()
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    s = table.session
    assert len(s.seats) == 6 and s.seats[1].level == "hard" and s.seats[2].name == "Zoë"
    assert s.game.rules.going_out == "float"
    assert app.settings.last_setup["players"] == 6
    table.session.close()


def test_settings_scene_saves_its_choices(app, tmp_path):
    app.push(TitleScene(app))
    sc = app.push(SettingsScene(app))
    sc.style.step(1)
    sc.back_.step(1)
    key(app, pygame.K_ESCAPE)
    loaded, _ = app.storage.load_settings()
    assert loaded.card_style == "4color" and loaded.card_back == "red"


@pytest.mark.parametrize("players", [2, 4, 8])
def test_demo_game_finishes(players, tmp_path):
    shots = tmp_path / "shots"
    status = main(["--demo", "--players", str(players), "--seed", str(players), "--speed", "instant",
                   "--quit-after-game", "--screenshot-dir", str(shots), "--config-dir", str(tmp_path / "c"),
                   "--ai", ",".join((["medium", "easy"] * 4)[:players]),
                   "--size", "1024x640"])
    assert status == 0
    names = sorted(p.name for p in shots.iterdir())
    assert "game-over.png" in names
    hands = [n for n in names if n.startswith("hand-")]
    assert hands and hands[0] == "hand-01.png"
    img = pygame.image.load(str(shots / "game-over.png"))
    assert img.get_size() == (1024, 640)


def test_rummy500_without_arguments_opens_the_title(tmp_path):
    assert main(["--max-frames", "3", "--config-dir", str(tmp_path)]) == 0


def test_bad_gui_arguments_exit_2(capsys):
    assert main(["--demo", "--players", "9"]) == 2
    assert main(["--demo", "--players", "3", "--ai", "easy,easy"]) == 2
    assert main(["--demo", "--ai", "easy"]) == 2  # one seat is no table
    said = capsys.readouterr().err
    assert "--ai needs one level per seat: --players is 3, --ai names 2" in said
    assert "--ai names 1 level(s): a table has 2 to 8 seats" in said


def test_a_demo_without_players_has_one_seat_per_ai_level(tmp_path):
    """``--demo --ai easy,hard`` asked for four levels ("--players" was 4
    by default); the table now has as many seats as --ai names."""
    shots = tmp_path / "shots"
    assert main(["--demo", "--ai", "easy,hard", "--seed", "3", "--speed", "instant", "--quit-after-game",
                 "--config-dir", str(tmp_path / "c"), "--screenshot-dir", str(shots), "--size", "1024x640"]) == 0
    import json
    finished = [f for f in (tmp_path / "c" / "saves" / "finished").glob("*.json") if f.name != "index.json"]
    assert (shots / "game-over.png").is_file() and len(finished) == 1
    assert len(json.loads(finished[0].read_text(encoding="utf-8"))["players"]) == 2
    assert main(["--demo", "--players", "3", "--max-frames", "2", "--config-dir", str(tmp_path / "c")]) == 0
    assert main(["--size", "big"]) == 2


def test_table_draws_every_state_the_fuzz_reaches(app):
    """Random legal play across rule sets and 2-8 players; the table lays out
    and draws after every third action (static layer, hover, status), each
    player count at two sizes."""
    rng = random.Random(11)
    variants = list(PROFILES.values()) + [RuleSet(decks=2), RuleSet(ace_wraps=True, empty_stock="reshuffle")]
    drawn = 0
    games = fuzz_count(14)  # every player count from 2 to 8 twice
    for game_no in range(games):
        n = 2 + game_no % 7
        rules = variants[game_no % len(variants)]
        session = TableSession(seats(n), rules, seed=game_no, use_workers=False)
        table = TableScene(app)
        app.push(table, session=session)
        # each player count at both sizes (the count repeats every 7 games, the size every 2)
        resize(app, (1024, 640) if game_no % 2 else (1920, 1080))
        game = session.game
        for step in range(400):
            if game.hand.ended is not None:
                break
            random_step(game, rng, take_rate=0.4)
            if step % 3 == 0 or game.hand.ended is not None:
                table.shown = model_of(game)
                table.resize()
                table.mouse = table.layout_.pile_rect.center
                table.draw(app.screen)
                drawn += 1
        app.pop()
    assert drawn > 12 * games


def test_layout_keeps_every_card_on_screen():
    rng = random.Random(5)
    for n in range(2, 9):
        game = Game.new([f"P{i}" for i in range(n)], seed=n)
        for _ in range(60):
            if game.hand.ended is not None:
                break
            random_step(game, rng, take_rate=0.4)
        model = model_of(game)
        for size, card_size in [(size, cs) for size in SIZES for cs in CARD_SIZES]:
            lay = layout(model, Theme(size), card_size=card_size)
            screen = pygame.Rect((0, 0), size)
            for p in lay.places:
                assert screen.contains(p.rect), (n, size, p)
            # every card of the pack is shown once (the stock as its top card)
            shown = len(lay.places)
            expected = sum(len(h) for h in model.hands) + len(model.discard) + sum(len(m.cards) for m in model.melds)
            assert shown == expected + (1 if model.stock else 0)
            # the hand's cards do not run into the side panels
            for p in lay.places:
                if p.zone == "hand":
                    assert lay.hand_rect.left <= p.rect.left and p.rect.right <= lay.hand_rect.right + 1
                    assert p.rect.h == lay.cards.hand  # the chosen card size
                if p.zone == "seat":  # the others' hands stay in their panels
                    assert lay.seat_rects[p.seat].contains(p.rect), (n, size, card_size, p)


def test_animated_game_steps_show_each_action_in_order(app):
    """At normal speed the table applies a computer's action only after the
    previous one has been shown and paced; the shown model is always one the
    engine was in."""
    app.options.speed = "normal"
    session = TableSession(seats(2, "easy"), seed=4, use_workers=False)
    table = app.push(TableScene(app), session=session)
    seen_lengths, moved = [], 0
    for _ in range(600):
        app.step(1 / 30)
        h = session.game.hand
        if table.shown.hand_index == h.index and table.shown.phase != "deal":
            # the engine is never more than one action ahead of the picture
            assert 0 <= len(h.actions) - table.shown.actions <= 1
        seen_lengths.append(len(h.actions))
        moved += bool(table.animation.motions)
    assert seen_lengths[-1] >= 3  # the game moved on by itself
    assert moved > 20  # and the cards slid there
    assert all(b - a <= 1 for a, b in zip(seen_lengths, seen_lengths[1:]) if b >= a)  # one action at a time


def test_f12_saves_a_screenshot_and_says_where(app, tmp_path):
    app.options.screenshot_dir = str(tmp_path / "pics")
    app.push(TitleScene(app))
    key(app, pygame.K_F12)
    files = list((tmp_path / "pics").iterdir())
    assert len(files) == 1 and files[0].suffix == ".png"
    assert any(str(files[0]) in m for m, _ in app.toasts)


def test_continue_resumes_the_saved_game(app):
    title = app.push(TitleScene(app))
    session = TableSession([Seat("Me", "human"), Seat("Ana", "hard")], seed=9, use_workers=False)
    table = app.push(TableScene(app), session=session)
    game = session.game
    rng = random.Random(1)
    for _ in range(5):
        random_step(game, rng)
    before = game.hand.snapshot()
    app.pop()  # leaving the table saves it
    frames(app, 1)
    assert title.buttons[1].enabled
    click(app, title.buttons[1].rect.center)
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.session.seats[1].level == "hard" and resumed.session.seats[0].is_person
    assert resumed.person is not None  # the person plays their own seat again
    after = resumed.session.game.hand.snapshot()
    for k in ("hands", "discard", "stock", "table", "current", "phase"):
        assert after[k] == before[k]
    resumed.session.close()


def test_a_broken_save_is_moved_aside_and_the_player_told(app):
    title = app.push(TitleScene(app))
    path = app.storage.game_path("game-20260101-120000")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    frames(app, 1)
    click(app, title.buttons[1].rect.center)
    assert app.top is title
    assert any("could not be loaded" in m for m, _ in app.toasts)
    assert not path.exists() and list(path.parent.glob("game-20260101-120000.json.corrupt-*"))


def test_running_totals_add_up():
    game = Game.new(["A", "B", "C"], seed=2)
    rng = random.Random(2)
    for _ in range(3):
        while game.hand.ended is None:
            random_step(game, rng)
        if game.winner is None:
            game.deal_next_hand()
    series = running_totals(game)
    for seat in range(3):
        assert series[seat][0] == 0
        assert series[seat][len(game.hand_scores)] == sum(s[seat]["hand"] for s in game.hand_scores)


def test_window_size_is_remembered_and_the_log_written(tmp_path):
    cfg = tmp_path / "cfg ünï"
    a = App(Options(config_dir=str(cfg), size=(1280, 720)))
    a.push(TitleScene(a))
    post(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900))
    a.step(1 / 60)
    assert a.theme.size == (1500, 900)
    a.close()
    settings, message = a.storage.load_settings()
    assert message is None and tuple(settings.window_size) == (1500, 900)
    log_file = cfg / "logs" / "rummy500.log"
    assert log_file.is_file() and "window" in log_file.read_text(encoding="utf-8")
    b = App(Options(config_dir=str(cfg)))
    assert b.screen.get_size() == (1500, 900)
    b.close()


def test_f11_toggles_fullscreen_and_back(app):
    app.push(TitleScene(app))
    before = app.screen.get_size()
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.screen.get_size() == before


def test_hovering_a_table_card_magnifies_it(app):
    """Melds shrink on a crowded table; the card under the pointer is drawn larger."""
    from helpers import played_session
    session = played_session(8, 5, 60, ai_seed=0)
    game = session.game
    table = app.push(TableScene(app), session=session)
    resize(app, (1024, 640))
    table.shown = model_of(game)
    table.resize()
    melds = [p for p in table.layout_.places if p.zone == "meld"]
    assert melds
    target = melds[-1]
    table.mouse = (target.rect.right - 3, target.rect.bottom - 3)
    plain = app.screen.copy()
    table.mouse = (-1, -1)
    table.draw(plain)
    table.mouse = (target.rect.right - 3, target.rect.bottom - 3)
    table.draw(app.screen)
    above = pygame.Rect(target.rect.x, max(0, target.rect.y - target.rect.h), target.rect.w * 2, target.rect.h)
    above = above.clip(app.screen.get_rect())
    changed = any(app.screen.get_at((x, y)) != plain.get_at((x, y))
                  for x in range(above.left, above.right, 3) for y in range(above.top, above.bottom, 3))
    assert changed  # the magnified card covers the felt above the meld


def test_card_art_and_font_come_from_the_assets(app):
    """Every face of both styles and every back is a PNG of the package (not
    the plain fallback), and text is DejaVu Sans from assets/fonts."""
    from scenes.core.cardart import CardArt
    from scenes.core.theme import asset_root, font_path
    from game.services.settings import CARD_BACKS
    for style in ("2color", "4color"):
        art = CardArt(style, "blue")
        for card in range(53):
            art.face(card, 120)
        assert all(img is not None for img in art._raw.values()) and len(art._raw) == 53
    for back in CARD_BACKS:
        art = CardArt("2color", back)
        art.back(120)
        assert art._raw[f"backs/{back}.png"] is not None
    assert font_path().is_file() and font_path(True).is_file()
    assert (asset_root() / "fonts" / "LICENSE-DejaVu.txt").is_file()


def test_the_thinking_seat_is_marked(app):
    session = TableSession(seats(3), seed=2, use_workers=False)
    table = app.push(TableScene(app), session=session)
    table.animation.show_next_step()  # the deal, shown at once (no frames: nobody moves)
    table.animation.finish()
    assert not table.animation.steps and table.shown.ended is None
    seat = 1
    rect = table.layout_.seat_rects[seat].inflate(6, 6)
    session.thinking_seat = lambda: None
    session.ready = lambda: False
    table.draw(app.screen)
    idle = app.screen.subsurface(rect).copy()
    session.thinking_seat = lambda: seat
    table.draw(app.screen)
    busy = app.screen.subsurface(rect)
    assert any(idle.get_at((x, y)) != busy.get_at((x, y))
               for x in range(0, rect.w, 2) for y in (0, 1, 2, rect.h - 1, rect.h - 2))


def test_the_rules_scene_turns_to_the_common_questions_and_back(app):
    """The button beside Back shows the Common questions under the same rules (answers, pictures of cards),
    then the rules again; How to play has no such button."""
    app.push(TitleScene(app))
    rules = PROFILES["strict_table"]
    scene = app.push(RulesScene(app), rules=rules, players=3)
    frames(app)
    rules_text = [r.text for r in scene.rows]
    click(app, scene.page_button.rect.center)
    assert scene.page == "questions" and scene.page_title() == "Common questions"
    shown = " ".join(r.text for r in scene.rows if not r.picture)
    for q in common_questions(rules):
        assert q.question in shown
        assert q.answer.split(": ")[0] in shown  # the verdict under these rules ("Yes, once you have tabled...")
    pictures = [r.picture for r in scene.rows if r.picture]
    assert len(pictures) == sum(1 for q in common_questions(rules) if q.picture)
    frames(app)
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll > 0
    frames(app)
    click(app, scene.page_button.rect.center)
    assert scene.page == "rules" and [r.text for r in scene.rows] == rules_text and scene.scroll == 0
    key(app, pygame.K_ESCAPE)
    how = app.push(HowToPlayScene(app))
    frames(app)
    assert how.focus.widgets == [how.back_button]


def test_new_game_offers_the_styles_beside_the_levels(app):
    """Issue 25, item 5: each computer seat steps through the three levels and
    then the styles of the field; Medium stays the default; a style chosen
    plays its seat and is remembered for the next New game."""
    from game.ai import PLAYERS
    from game.text.levels import STRENGTH_AGAINST_MEDIUM, opponent_note

    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    frames(app)
    assert all(st.value == "medium" and st.choices == list(PLAYERS) + ["human"] for st in setup.seat_levels)
    assert setup.you_level.choices == ["human", "easy", "medium", "hard"]  # your seat: the levels alone
    setup.seat_levels[1].step(2)  # medium -> hard -> hoarder
    assert setup.seat_levels[1].value == "hoarder" and setup.described_seat() == 1
    won, games = STRENGTH_AGAINST_MEDIUM["hoarder"]
    assert opponent_note("hoarder").endswith(f"Against Medium: won {won}/{games} (0%).")
    assert "measured against it" in opponent_note("medium")
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.level for s in table.session.seats[1:]] == ["medium", "hoarder", "medium"]
    assert table.session.players[2].level == "hoarder"
    table.session.close()
    again = app.push(SetupScene(app))
    assert again.seat_levels[1].value == "hoarder"


def test_a_demo_names_its_bottom_seat_in_the_players_language_not_you_in_english(tmp_path):
    """The demo's seat 0 was called "You" in every language. It now carries
    the person's name from the settings, or "Player" (translated) for the
    default or a name the table cannot take (issue 23)."""
    from game.i18n import set_language
    from scenes.launch import demo_name, start_demo
    app = App(Options(config_dir=str(tmp_path / "cfg"), size=(1024, 640), speed="instant", demo=True,
                      players=3, seed=5))
    try:
        set_language("cy")
        assert demo_name("You") == "Chwaraewr" and demo_name("  ") == "Chwaraewr"
        assert demo_name("Chi") == "Chwaraewr" and demo_name("ana") == "Chwaraewr"  # a you-word, a taken name
        app.settings.player_name = "Mari"
        table = start_demo(app, app.options)
        frames(app, 2)
        assert table.names == ["Mari", "Ana", "Ben"]
        assert table.log_names[0] == "Mari"  # the log names the seat as it is drawn
        table.session.close()
    finally:
        set_language("en")
        app.close()
    assert demo_name(None) == "Player" and demo_name("Maria José de la Cruz") == "Maria José de la"
    assert demo_name("Ana Maria Lopez Garcia") == "Ana Maria Lopez"  # cut, then trimmed, as New game does
    try:
        set_language("cy")
        assert demo_name("Player") == "Chwaraewr"  # what New game fills in, saved in English
        assert demo_name("Gus", players=2) == "Gus" and demo_name("Gus") == "Chwaraewr"  # only seated names clash
    finally:
        set_language("en")
