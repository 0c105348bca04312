"""Card sounds: which sound a table step makes, the player (off, volume,
no audio device, missing files), the committed OGG files, and the table
playing the right sound when it shows a draw, a meld, a lay-off, a discard,
a Rummy call and a win."""

from __future__ import annotations

import itertools
import logging
import os
from pathlib import Path

import pygame
import pytest

from game.rules.cards import parse_card
from game.rules.events import (
    CardDrawn, DiscardTaken, Discarded, Floated, GameWon, HandEnded, LaidOff, MeldTabled, RummyCalled,
    StockReshuffled, TurnStarted
)
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.sound import SOUND_NAMES, SoundPlayer, sound_folder, sounds_for

from test_person import (  # noqa: F401
    SCRIPT, app, bot_moves, click, drag, felt_spot, key, meld_out_table, pos_of, record, select, settle, table_for
)


class FakeSound:
    def __init__(self, mixer, path):
        self.mixer, self.name, self.volume = mixer, Path(os.fsdecode(path)).stem, None

    def set_volume(self, v):
        self.volume = v

    def play(self):
        self.mixer.played.append(self.name)


class FakeMixer:
    """Stands in for ``pygame.mixer``: records inits and the sounds played;
    ``fail=True`` behaves like a machine without an audio device."""

    def __init__(self, fail=False):
        self.fail, self.inits, self.ready = fail, 0, False
        self.played: list[str] = []
        self.sounds: list[FakeSound] = []

    def get_init(self):
        return (44100, -16, 2) if self.ready else None

    def init(self):
        self.inits += 1
        if self.fail:
            raise pygame.error("No available audio device")
        self.ready = True

    def quit(self):
        self.ready = False

    def Sound(self, path):  # the game passes bytes (os.fsencode), as pygame takes any folder's name
        if not Path(os.fsdecode(path)).is_file():
            raise FileNotFoundError(path)
        s = FakeSound(self, path)
        self.sounds.append(s)
        return s


YOU_FIRST = record(you=["7H", "8H", "9H", "KC", "4D", "5C"], bot=["TH", "3D", "2S", "QC"], discard=["JS"],
                   stock=["QD", "2H", "5S", "6C", "8D"], bot_first=False)


def ticking():
    """A clock one second further on at each reading (no sound is ever "too soon")."""
    c = itertools.count()
    return lambda: float(next(c))


def C(token):
    return parse_card(token)


def listen(app, enabled=True, volume=30) -> FakeMixer:
    """Give ``app`` a sound player on a fake mixer; returns the mixer."""
    mixer = FakeMixer()
    app.sound = SoundPlayer(enabled, volume, mixer=mixer, clock=ticking())
    return mixer


# ------------------------------------------------------------------ which sound

def test_each_event_has_its_sound():
    assert sounds_for([CardDrawn(0, "7H")]) == ["draw"]
    assert sounds_for([DiscardTaken(0, ("7H", "8H"), "7H")]) == ["draw"]
    assert sounds_for([Discarded(1, "2C")]) == ["place"]
    assert sounds_for([MeldTabled(0, 0, ("7H", "8H", "9H"), "run")]) == ["meld"]
    assert sounds_for([LaidOff(0, "TH", 0, 0)]) == ["layoff"]
    assert sounds_for([RummyCalled(1, 0, ("TH",), "TH", ())]) == ["rummy"]
    assert sounds_for([StockReshuffled(0, 20)]) == ["shuffle"]
    assert sounds_for([], kind="deal") == ["shuffle"]
    ended = HandEnded(0, "went_out", 0, (10, -5), (10, -5))
    assert sounds_for([Discarded(0, "2C"), ended]) == ["place", "win"]
    assert sounds_for([ended, GameWon(0, (510, 20))]) == ["game_win"]  # the game's win, not both
    assert sounds_for([HandEnded(0, "stock_out", None, (0, 0), (0, 0))]) == []  # nobody won the hand
    assert sounds_for([TurnStarted(1), Floated(0)]) == []
    # two melds in one step: one meld sound
    assert sounds_for([MeldTabled(0, 0, ("7H", "8H", "9H"), "run"), MeldTabled(0, 1, ("KC", "KD", "KH"), "set")]) \
        == ["meld"]


# ------------------------------------------------------------------ the player

def test_sound_off_touches_no_mixer():
    mixer = FakeMixer()
    player = SoundPlayer(False, 80, mixer=mixer, clock=ticking())
    assert not any(player.play(n) for n in SOUND_NAMES)
    assert mixer.inits == 0 and mixer.played == [] and player.state == "idle"


def test_sound_on_starts_the_mixer_once_and_plays_at_the_volume():
    mixer = FakeMixer()
    player = SoundPlayer(True, 40, mixer=mixer, clock=ticking())
    assert mixer.inits == 0  # nothing opened before the first sound
    assert player.play("meld") and player.play("draw") and player.play("rummy")
    assert mixer.inits == 1 and mixer.played == ["meld", "draw", "rummy"]
    vols = {s.name: s.volume for s in mixer.sounds}
    assert set(vols) == set(SOUND_NAMES)  # every sound file loads
    assert vols["meld"] == pytest.approx(0.4) and vols["deal"] < vols["meld"]
    player.configure(True, 100)
    assert {s.name: s.volume for s in mixer.sounds}["meld"] == pytest.approx(1.0)
    player.configure(True, 0)
    assert not player.play("meld")  # volume 0 is silence
    player.configure(False, 50)
    assert not mixer.ready and player.state == "idle"  # off shuts the mixer down
    assert not player.play("meld") and mixer.played == ["meld", "draw", "rummy"]


def test_the_same_sound_is_not_stacked_within_a_few_milliseconds():
    now = [0.0]
    mixer = FakeMixer()
    player = SoundPlayer(True, 30, mixer=mixer, clock=lambda: now[0])
    assert player.play("deal")
    now[0] += 0.01
    assert not player.play("deal") and player.play("draw")  # another sound is not held back
    now[0] += 0.1
    assert player.play("deal")
    assert mixer.played == ["deal", "draw", "deal"]


def test_no_audio_device_is_one_log_line_and_silence(caplog):
    mixer = FakeMixer(fail=True)
    player = SoundPlayer(True, 30, mixer=mixer, clock=ticking())
    with caplog.at_level(logging.INFO, logger="rummy500.sound"):
        results = [player.play(n) for n in SOUND_NAMES * 3]
        player.configure(False, 30)
        player.configure(True, 30)
        results.append(player.play("draw"))
    assert not any(results) and player.state == "failed"
    assert mixer.inits == 1  # tried once, not on every card
    lines = [r for r in caplog.records if r.name == "rummy500.sound"]
    assert len(lines) == 1 and "no sound" in lines[0].getMessage()


def test_a_real_mixer_without_a_driver_is_one_log_line_and_silence(monkeypatch, caplog):
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    player = SoundPlayer(True, 30, clock=ticking())
    with caplog.at_level(logging.INFO, logger="rummy500.sound"):
        assert not player.play("draw") and not player.play("meld") and not player.play("rummy")
    assert player.state == "failed" and pygame.mixer.get_init() is None
    assert len([r for r in caplog.records if r.name == "rummy500.sound"]) == 1


def test_a_missing_sound_file_silences_that_sound_only(tmp_path, caplog):
    for name in SOUND_NAMES:
        if name != "rummy":
            (tmp_path / f"{name}.ogg").write_bytes((sound_folder() / f"{name}.ogg").read_bytes())
    mixer = FakeMixer()
    player = SoundPlayer(True, 30, folder=tmp_path, mixer=mixer, clock=ticking())
    with caplog.at_level(logging.INFO, logger="rummy500.sound"):
        assert not player.play("rummy")
        assert player.play("meld")
    assert mixer.played == ["meld"]
    assert any("rummy" in r.getMessage() for r in caplog.records if r.name == "rummy500.sound")
    with pytest.raises(ValueError):
        player.play("trumpet")


def test_the_sound_files_are_small_oggs_the_mixer_reads():
    folder = sound_folder()
    assert (folder / "README.md").is_file() and "CC0" in (folder / "README.md").read_text(encoding="utf-8")
    pygame.mixer.quit()
    pygame.mixer.init()  # the dummy audio driver (conftest)
    try:
        for name in SOUND_NAMES:
            path = folder / f"{name}.ogg"
            assert path.read_bytes()[:4] == b"OggS" and path.stat().st_size < 10_000, name
            length = pygame.mixer.Sound(str(path)).get_length()
            assert 0.03 < length < 2.0, (name, length)
    finally:
        pygame.mixer.quit()


def test_the_app_leaves_the_mixer_alone_while_sound_is_off(tmp_path):
    pygame.mixer.quit()
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "settings.json").write_text('{"sound": false}', encoding="utf-8")
    a = App(Options(config_dir=str(cfg), size=(1280, 720), speed="instant"))
    try:
        table = table_for(a, YOU_FIRST)
        click(a, table.layout_.stock_rect.center)
        assert table.session.game.hand.phase.value == "play"  # the draw was shown...
        assert pygame.mixer.get_init() is None  # ...and no audio device was opened
    finally:
        a.close()


# ------------------------------------------------------------------ at the table

def test_the_table_plays_each_move_as_it_is_shown(app):
    from game.rules.actions import Discard, DrawStock
    mixer = listen(app)
    table = table_for(app, YOU_FIRST)
    assert mixer.played == ["shuffle"]  # the deal
    click(app, table.layout_.stock_rect.center)
    assert mixer.played[-1] == "draw"
    select(app, table, "7H", "8H", "9H")
    drag(app, pos_of(table, "8H"), felt_spot(table))
    assert mixer.played[-1] == "meld"
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    assert mixer.played[-1] == "place"
    bot_moves(table, DrawStock(1), Discard(1, C("TH")))
    assert mixer.played[-2:] == ["draw", "place"]
    key(app, pygame.K_r)
    settle(app, 10)
    assert mixer.played[-1] == "rummy"
    drag(app, pos_of(table, "TH"), table.layout_.meld_rects[0].center)
    assert mixer.played[-1] == "layoff"
    assert mixer.played == ["shuffle", "draw", "meld", "place", "draw", "place", "rummy", "layoff"]


def test_the_table_plays_the_win_when_someone_goes_out(app):
    mixer = listen(app)
    table = meld_out_table(app)
    settle(app)
    assert table.session.game.hand.went_out == 0
    assert mixer.played[-2:] == ["meld", "win"]


def test_the_sound_plays_when_the_step_is_shown_not_when_applied(app):
    """At normal speed a computer's move is applied, then shown a frame later:
    the sound comes with the picture."""
    from game.rules.actions import DrawStock
    mixer = listen(app)
    app.options.speed = "normal"
    table = table_for(app, SCRIPT)
    table.apply_settings()
    for _ in range(120):  # the deal animates
        app.step(1 / 30)
    mixer.played.clear()
    events = table.session.apply_person(DrawStock(1))  # the bot's move, played by the test
    table.push_step(events)
    assert mixer.played == []  # applied, not yet shown
    app.step(1 / 60)
    assert mixer.played == ["draw"]


def test_sound_off_at_the_table_plays_nothing(app):
    mixer = listen(app, enabled=False)
    table = table_for(app, YOU_FIRST)
    click(app, table.layout_.stock_rect.center)
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    assert table.session.game.hand.current == 1  # a draw and a discard were shown
    assert mixer.played == [] and mixer.inits == 0


def test_the_table_starts_the_mixer_as_it_opens_not_in_the_first_frame_of_the_deal(app):
    """Issue 21, item 19: loading the sounds took the first step's frame past 20 ms."""
    from game.play.table_session import Seat, TableSession
    from scenes.table.scene import TableScene
    mixer = listen(app)
    session = TableSession([Seat("You", "human"), Seat("Bot", "easy")], seed=3, use_workers=False)
    scene = TableScene(app)
    scene.enter(session=session)
    assert mixer.inits == 1 and len(mixer.sounds) == len(SOUND_NAMES) and mixer.played == []
    app.sound = SoundPlayer(False, 30, mixer=(off := FakeMixer()), clock=ticking())
    TableScene(app).enter(session=TableSession([Seat("You", "human"), Seat("Bot", "easy")], seed=3,
                                               use_workers=False))
    assert off.inits == 0  # sound off: no mixer opened
    session.close()
