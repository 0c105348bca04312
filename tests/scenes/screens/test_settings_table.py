"""The Table page of Settings, driven with posted events: each control
changes its setting, saves it at once and changes what it controls at the
table below (felt drawn, card height, Rummy window, speed, reduced motion,
sound, fullscreen, the New game form's opponents); the page fits and keeps
a focus ring at four window sizes; settings survive a restart."""

from __future__ import annotations

import pygame
import pytest

from game.rules.cards import parse_card
from game.play.table_session import Seat, TableSession
from game.services.settings import CARD_SIZES, Settings
from game.services.storage import Storage
from scenes.core import theme as T
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.theme import card_sizes
from scenes.screens.menus import PauseMenu
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
from scenes.core.tween import MOVE_S

from test_person import SCRIPT, app, bot_moves, click, drag, felt_spot, key, pos_of, post, table_for  # noqa: F401
from test_scenes import SIZES
from test_sound import YOU_FIRST, listen


@pytest.fixture(autouse=True)
def green_again():
    """The felt is the program's; put it back for the tests that follow."""
    yield
    T.set_felt("green")


def right(app, stepper):
    """Click the stepper's ">" arrow."""
    click(app, stepper._arrows()[1].center)


def left(app, stepper):
    click(app, stepper._arrows()[0].center)


def on_disk(app) -> Settings:
    """The settings as a new program would read them."""
    settings, message = Storage(app.storage.config_dir).load_settings()
    assert message is None
    return settings


def over_table(app, table) -> SettingsScene:
    """Settings opened from the table's pause menu (Esc, then Settings)."""
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    click(app, app.top.buttons[2].rect.center)
    assert isinstance(app.top, SettingsScene)
    return app.top


def back_to_table(app, table) -> None:
    key(app, pygame.K_ESCAPE)  # Settings -> pause menu
    key(app, pygame.K_ESCAPE)  # pause menu -> the table
    assert app.top is table


# ------------------------------------------------------------------ saving

CONTROLS = [("speed", "speed"), ("reduced", "reduced_motion"), ("rummy", "rummy_window_s"),
            ("rummy_button", "rummy_button_always"),
            ("style", "card_style"), ("size", "card_size"), ("back_", "card_back"), ("felt", "felt"),
            ("sound", "sound"), ("volume", "volume"), ("fullscreen", "fullscreen")]


def test_each_control_changes_its_setting_and_saves_it_at_once(app):
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    for attr, field in CONTROLS:
        widget = getattr(page, attr)
        before = getattr(app.settings, field)
        right(app, widget)
        now = getattr(app.settings, field)
        assert now != before and now == widget.value, attr
        assert getattr(on_disk(app), field) == now, attr  # written before leaving the page
        left(app, widget)
        assert getattr(app.settings, field) == before == getattr(on_disk(app), field), attr
    assert app.top is page


def test_settings_survive_a_restart(tmp_path):
    cfg = str(tmp_path / "cfg")
    a = App(Options(config_dir=cfg, size=(1280, 720)))
    a.push(TitleScene(a))
    page = a.push(SettingsScene(a))
    right(a, page.felt)            # blue
    right(a, page.size)            # large
    right(a, page.rummy)           # 3.5 s (from the default 3 s)
    right(a, page.reduced)         # on
    left(a, page.volume)           # 20 %
    right(a, page.style)           # four colours
    a.close()
    T.set_felt("green")
    b = App(Options(config_dir=cfg, size=(1280, 720)))
    try:
        s = b.settings
        assert (s.felt, s.card_size, s.rummy_window_s, s.reduced_motion, s.volume, s.card_style) == \
            ("blue", "large", 3.5, True, 20, "4color")
        assert T.felt_name == "blue" and T.FELT == T.FELT_COLOURS["blue"]  # the new program paints it
        page = b.push(SettingsScene(b))
        assert (page.felt.value, page.size.value, page.rummy.value, page.volume.value) == ("blue", "large", 3.5, 20)
    finally:
        b.close()
        T.set_felt("green")


def test_bad_table_settings_in_the_file_are_reset_one_by_one():
    s, reset = Settings.from_dict({"card_size": "huge", "volume": 150, "sound": "yes", "felt": "dark",
                                   "rummy_window_s": 4.5})
    assert (s.card_size, s.volume, s.sound) == ("normal", 30, True)
    assert (s.felt, s.rummy_window_s) == ("dark", 4.5)
    assert reset == ["card_size", "volume", "sound"]
    s, reset = Settings.from_dict({"card_size": "small", "volume": 0, "sound": False})
    assert (s.card_size, s.volume, s.sound, reset) == ("small", 0, False, [])


# ------------------------------------------------------------------ what each control does at the table

def felt_pixel(app, table):
    app.step(1 / 60)
    return app.screen.get_at(felt_spot(table))[:3]


def test_the_felt_control_repaints_the_table(app):
    table = table_for(app, YOU_FIRST)
    r, g, b = felt_pixel(app, table)
    assert g > r + 20 and g > b + 10  # green
    seen = {}
    page = over_table(app, table)
    for name in ("blue", "burgundy", "dark"):
        right(app, page.felt)
        assert app.settings.felt == name == T.felt_name
        back_to_table(app, table)
        seen[name] = felt_pixel(app, table)
        page = over_table(app, table)
    r, g, b = seen["blue"]
    assert b > g > r
    r, g, b = seen["burgundy"]
    assert r > g + 30 and r > b + 20
    assert max(seen["dark"]) < 60 and max(seen["dark"]) - min(seen["dark"]) < 15
    assert on_disk(app).felt == "dark"


def test_the_card_size_control_changes_the_card_height_at_the_table(app):
    table = table_for(app, YOU_FIRST)
    heights = {}
    page = over_table(app, table)
    for _ in CARD_SIZES:
        right(app, page.size)
        back_to_table(app, table)
        hand = [p.rect.h for p in table.layout_.places if p.zone == "hand"]
        assert hand and set(hand) == {card_sizes(app.theme, app.settings.card_size).hand}
        heights[app.settings.card_size] = (hand[0], table.layout_.cards.table)
        page = over_table(app, table)
    assert heights["small"][0] < heights["normal"][0] < heights["large"][0]
    assert heights["small"][1] < heights["normal"][1] < heights["large"][1]


def test_the_rummy_window_control_sets_the_time_the_table_gives(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    page = over_table(app, table)
    page.focus.focus(page.rummy)
    for _ in range(1):
        key(app, pygame.K_RIGHT)  # 3 s (the default) -> 3.5 s
    assert app.settings.rummy_window_s == 3.5 == on_disk(app).rummy_window_s
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert app.settings.rummy_window_s == 5.0  # the longest
    key(app, pygame.K_RIGHT)
    assert app.settings.rummy_window_s == 1.0  # and round again to the shortest
    key(app, pygame.K_RIGHT)
    assert app.settings.rummy_window_s == 1.5
    back_to_table(app, table)
    bot_moves(table, DrawStock(1), Discard(1, parse_card("2C")))
    human = table.person
    assert human.rummy_until == pytest.approx(table.clock + 1.5, abs=0.1)
    for _ in range(13):
        app.step(0.1)
    assert human.rummy_until is not None  # open for 1.3 s...
    for _ in range(4):
        app.step(0.1)
    assert human.rummy_until is None  # ...and closed by 1.7 s, not the default 3 s
    assert table.session.person_rummy_window_open is False


def test_the_speed_control_changes_the_tables_pace(app):
    app.options.speed = None  # no --speed on the command line
    session = TableSession([Seat("P0", "easy"), Seat("P1", "easy")], seed=3, use_workers=False)
    table = app.push(TableScene(app), session=session)
    assert table.factor == 1.0
    page = over_table(app, table)
    left(app, page.speed)
    assert app.settings.speed == "slow" and table.factor == 1.6
    right(app, page.speed)
    right(app, page.speed)
    assert app.settings.speed == "fast" and table.factor == 0.5
    back_to_table(app, table)
    for _ in range(200):
        app.step(1 / 30)
        slides = [m for m in table.animation.motions if not table.animation.dealing]
        if slides:
            assert all(m.tween.duration == pytest.approx(MOVE_S * 0.5) for m in slides)
            break
    else:
        pytest.fail("no card moved")


def sample_motions(app, table, frames=400):
    """Every card position drawn during ``frames`` frames: (motion, rect) pairs."""
    samples = []
    for _ in range(frames):
        app.step(1 / 30)
        samples += [(m, m.rect()) for m in table.animation.motions if m.tween.elapsed >= m.tween.delay and not m.tween.done]
    return samples


def test_reduced_motion_leaves_no_sliding_card(app):
    app.options.speed = "normal"
    seats = [Seat("P0", "easy"), Seat("P1", "easy"), Seat("P2", "easy")]
    # without reduced motion, cards pass through places between their start and end
    table = app.push(TableScene(app), session=TableSession(seats, seed=5, use_workers=False))
    between = [r for m, r in sample_motions(app, table, 200) if r.topleft not in (m.start.topleft,
                                                                                  m.place.rect.topleft)]
    assert between
    app.pop()
    app.settings.reduced_motion = True
    table = app.push(TableScene(app), session=TableSession(seats, seed=5, use_workers=False))
    samples = sample_motions(app, table)
    assert len({id(m) for m, _ in samples}) > 20  # cards were dealt, drawn and discarded...
    assert all(m.fade and r == m.place.rect for m, r in samples)  # ...and each was only ever at its place
    assert all(m.tween.duration <= 0.2 for m, _ in samples)  # short fades
    assert table.session.game.hand.actions  # the game went on


def test_reduced_motion_from_the_page_stops_the_spring_back(app):
    table = table_for(app, YOU_FIRST)
    page = over_table(app, table)
    right(app, page.reduced)
    assert app.settings.reduced_motion and table.reduced_motion
    back_to_table(app, table)
    click(app, table.layout_.stock_rect.center)
    before = table.session.game.hand.snapshot()
    drag(app, pos_of(table, "KC"), felt_spot(table))  # one card is no meld: refused
    assert table.session.game.hand.snapshot() == before and table.person.message[1]
    assert table.person.input.spring == []  # the card is home at once, not sliding back


def test_sound_and_volume_controls(app):
    mixer = listen(app, enabled=True, volume=30)
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    right(app, page.volume)
    assert app.settings.volume == 40 and mixer.played == ["place"]  # a sample at the new level
    assert {s.name: s.volume for s in mixer.sounds}["place"] == pytest.approx(0.4)
    right(app, page.sound)  # off
    assert app.settings.sound is False and not mixer.ready and not page.volume.enabled
    right(app, page.volume)
    assert app.settings.volume == 40  # a disabled control does not change
    page.focus.focus(page.sound)
    key(app, pygame.K_DOWN)
    assert page.focus.focused is page.fullscreen  # the focus skips the disabled volume
    right(app, page.sound)  # on again
    assert page.volume.enabled and mixer.played == ["place", "place"]
    assert on_disk(app).sound is True and on_disk(app).volume == 40


def test_the_fullscreen_control(app):
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    before = app.screen.get_size()
    right(app, page.fullscreen)
    assert app.fullscreen and on_disk(app).fullscreen
    assert page.speed.rect.right <= app.screen.get_width()  # laid out for the new size
    key(app, pygame.K_F11)  # the global key: the control follows
    assert not app.fullscreen and page.fullscreen.value is False
    assert app.screen.get_size() == before


# ------------------------------------------------------------------ default opponents

def test_default_opponents_are_what_new_game_offers(app):
    app.settings.last_setup = {"players": 4, "profile": "strict_table", "you_level": "easy"}
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    assert page.opponents.value == 3 and [f.visible for f in page.seat_names] == [True] * 3 + [False] * 4
    left(app, page.opponents)
    assert page.opponents.value == 2 and not page.seat_names[2].visible
    click(app, page.seat_names[0].rect.center)
    assert page.focus.focused is page.seat_names[0]
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    post(pygame.TEXTINPUT, text="Zoë")
    app.step(1 / 60)
    right(app, page.seat_levels[0])  # medium -> hard
    right(app, page.seat_levels[1])
    right(app, page.seat_levels[1])  # medium -> hard -> hoarder: the styles too, as New game offers them
    saved = on_disk(app).last_setup
    assert saved["players"] == 3 and saved["names"][0] == "Zoë" and saved["levels"][:2] == ["hard", "hoarder"]
    assert saved["profile"] == "strict_table" and saved["you_level"] == "easy"  # the form's other choices stay
    key(app, pygame.K_ESCAPE)
    form = app.push(SetupScene(app))
    assert form.players.value == 3
    assert [f.value for f in form.seat_names[:2]] == ["Zoë", "Ben"]
    assert [s.value for s in form.seat_levels[:2]] == ["hard", "hoarder"]
    assert [s.level for s in form.seats()[1:]] == ["hard", "hoarder"]


def test_opening_settings_keeps_the_styles_new_game_remembers(app):
    """Issue 25: New game's opponents may be styles; Settings shows them and
    saving any setting keeps them (it once turned each into Medium)."""
    levels = ["cautious", "lay-off-hunter", "medium", "random"]
    app.settings.last_setup = {"players": 5, "names": ["Ana", "Ben", "Cai", "Dee"], "levels": levels}
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    assert [st.value for st in page.seat_levels[:4]] == levels
    assert page.seat_levels[1].names[page.seat_levels[1].index] == "Lay-off hunter"
    right(app, page.felt)  # any change saves the whole page
    key(app, pygame.K_ESCAPE)
    assert on_disk(app).last_setup["levels"][:4] == levels
    form = app.push(SetupScene(app))
    assert [st.value for st in form.seat_levels[:4]] == levels


# ------------------------------------------------------------------ keyboard, focus, sizes

def test_keyboard_only(app):
    app.push(TitleScene(app))
    key(app, pygame.K_DOWN)  # New game -> How to play (Continue and Load game are greyed out)
    key(app, pygame.K_DOWN)  # -> Settings
    key(app, pygame.K_RETURN)
    page = app.top
    assert isinstance(page, SettingsScene) and page.focus.focused is page.language  # the first row (issue 21)
    for _ in range(3):
        key(app, pygame.K_TAB)
    assert page.focus.focused is page.rummy
    key(app, pygame.K_LEFT)
    assert app.settings.rummy_window_s == 2.5  # from the default 3 s
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)  # Enter steps a choice on
    assert app.settings.reduced_motion is True
    while page.focus.focused is not page.rules_button:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, RulesSettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is page
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    saved = on_disk(app)
    assert saved.rummy_window_s == 2.5 and saved.reduced_motion is True


def test_the_house_rules_button_opens_the_rules_page(app):
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    click(app, page.rules_button.rect.center)
    assert isinstance(app.top, RulesSettingsScene)
    app.pop()
    click(app, page.done.rect.center)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("size", SIZES)
def test_the_page_fits_and_every_control_has_a_focus_ring(app, size):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized(size)
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    right(app, page.opponents)
    right(app, page.opponents)
    right(app, page.opponents)
    right(app, page.opponents)  # 7 opponents: every row shown
    screen = pygame.Rect((0, 0), size)
    widgets = page.widgets()
    assert len(widgets) == 13 + 1 + 14 + 2  # language and 12 table options (Hint, Rummy! button), opponents, 7 seats, 2 buttons
    for i, w in enumerate(widgets):
        ring = w.rect.inflate(6, 6)  # the focus ring's outer edge
        others = [o.rect for o in widgets if o is not w]
        assert screen.contains(ring), (size, w)
        assert ring.collidelist(others) == -1, (size, w)  # no control overlaps another or its ring
        assert not ring.colliderect(page.preview_rect)
    assert screen.contains(page.preview_rect) and page.preview_rect.height > 0
    for w in widgets:
        page.focus.focus(w)
        page.draw(app.screen)
        ring = (w.rect.centerx, w.rect.top - 2)
        assert app.screen.get_at(ring)[:3] == T.LEGAL, (size, w)


def test_reduced_motion_keeps_the_thinking_mark_still(app):
    app.options.speed = "normal"
    seats = [Seat("P0", "easy"), Seat("P1", "easy")]
    table = app.push(TableScene(app), session=TableSession(seats, seed=2, use_workers=False))
    for _ in range(300):
        app.step(1 / 30)
        if not table.animation.busy and table.session.ready():
            break  # a computer's move is paced: its seat is marked
    else:
        pytest.fail("no computer move waited")

    def pictures():
        out = []
        for t in (0.0, 0.15, 0.3):
            table.clock += t
            surf = pygame.Surface(app.screen.get_size())
            table.drawing._draw_thinking(surf, table.layout_)
            out.append(pygame.image.tobytes(surf, "RGB"))
            table.clock -= t
        return out

    assert len(set(pictures())) > 1  # it pulses...
    table.reduced_motion = True
    still = pictures()
    assert len(set(still)) == 1 and any(still[0])  # ...unless motion is reduced (and it is still drawn)
