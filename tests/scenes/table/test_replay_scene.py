"""The Replay scene (issue 24, part 1): a record stepped through by posted
keys and the slider, played at the table's pace, the log in step, face up
or as one seat saw it; opened from Statistics, Load game (a game in
progress: its person's view only), a dropped file (a record by its
content) and ``rummy500 show``; a record that does not replay is one
sentence and changes nothing; and every scenario and some finished games
stepped to the end reach the totals ``rummy500 replay`` gives."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pygame
import pytest

import scenes.screens.review as review_scene
from game.cli import main
from game.play.all_computer import play_into_hand
from game.rules.game import Game
from game.rules.record import dumps, record_of
from game.rules.ruleset import RuleSet
from game.services.finished import FinishedGames
from game.services.replay import ReplayError, is_game_record, load_replay
from game.services.slots import Slots, info_of
from game.services.statistics import summarize
from game.services.tournament import make_player, play_table, schedule
from game.text.events import in_log, log_words
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.tween import AI_PACE_S
from scenes.table.replay import BACK, ReplayScene

ROOT = Path(__file__).resolve().parents[3]
OWN = sorted((ROOT / "tests" / "scenarios").glob("*.json"))
SHARED_DIR = ROOT.parent / "shared" / "scenarios"  # as tests/game/rules/test_scenarios.py finds them
SHARED = sorted(SHARED_DIR.glob("*.json")) if SHARED_DIR.is_dir() else []


@lru_cache(maxsize=None)
def finished_record(seed: int, players: int = 2) -> str:
    """A whole game between Easy seats, seeded as a tournament seeds it (JSON text)."""
    out = {}
    table = schedule(["easy"] * players, players, seed)[0]
    play_table(table, RuleSet(), True, on_game=lambda _t, g: out.setdefault("game", g))
    return dumps(record_of(out["game"]))


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step(1 / 60)


def mouse(app, kind, pos, **extra) -> None:
    if kind == pygame.MOUSEMOTION:
        extra = {"buttons": (1, 0, 0), "rel": (0, 0), **extra}
    else:
        extra = {"button": 1, **extra}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.step(1 / 60)


def click(app, pos) -> None:
    mouse(app, pygame.MOUSEMOTION, pos, buttons=(0, 0, 0))
    mouse(app, pygame.MOUSEBUTTONDOWN, pos)
    mouse(app, pygame.MOUSEBUTTONUP, pos)


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="normal"))
    a.open("title")
    yield a
    a.close()


@pytest.fixture
def scene(app) -> ReplayScene:
    s = app.open_replay(json.loads(finished_record(5)), person=0)
    assert isinstance(s, ReplayScene) and app.top is s
    app.step(1 / 60)
    return s


def test_arrows_step_one_action_and_the_slider_covers_the_game(app, scene):
    steps = scene.replay.steps
    assert len(scene.models) == len(steps) == sum(1 + len(h.actions) for h in scene.replay.parsed.hands)
    assert scene.step == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.step == 2 and scene.shown is scene.models[2]
    key(app, pygame.K_LEFT)
    assert scene.step == 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # never before the first step
    assert scene.step == 0
    s = scene.slider
    click(app, (s.right - 1, s.centery))
    assert scene.step == len(steps) - 1
    key(app, pygame.K_RIGHT)  # never past the last
    assert scene.step == len(steps) - 1
    mouse(app, pygame.MOUSEBUTTONDOWN, (s.x, s.centery))
    assert scene.step == 0
    middle = s.x + s.width // 2
    mouse(app, pygame.MOUSEMOTION, (middle, s.centery))  # a drag
    assert scene.step == scene.step_at(middle) and abs(scene.step - (len(steps) - 1) / 2) <= 1
    mouse(app, pygame.MOUSEBUTTONUP, (middle, s.centery))
    mouse(app, pygame.MOUSEMOTION, (s.x, s.centery), buttons=(0, 0, 0))  # released: no longer dragging
    assert abs(scene.step - (len(steps) - 1) / 2) <= 1


def test_page_keys_move_one_turn_and_home_end_one_hand(app, scene):
    steps = scene.replay.steps
    starts = scene.replay.hand_starts()
    assert len(starts) == len(scene.replay.parsed.hands) >= 2
    key(app, pygame.K_PAGEDOWN)  # the deal is a turn of its own: the first seat's first action
    assert scene.step == 1 and steps[1].turn == steps[0].turn + 1
    for _ in range(5):
        before = scene.step
        key(app, pygame.K_PAGEDOWN)
        assert steps[scene.step].turn == steps[before].turn + 1
        assert steps[scene.step - 1].turn == steps[before].turn  # the first step of the next turn
        assert steps[scene.step].seat != steps[scene.step - 1].seat or steps[scene.step].action < 0
    key(app, pygame.K_RIGHT)
    turn = steps[scene.step].turn
    start = min(i for i, s in enumerate(steps) if s.turn == turn)
    if scene.step > start:
        key(app, pygame.K_PAGEUP)
        assert scene.step == start  # back to the start of this turn
    key(app, pygame.K_PAGEUP)
    assert steps[scene.step].turn == turn - 1 and steps[scene.step - 1].turn == turn - 2
    key(app, pygame.K_END)  # the end of the first hand
    assert scene.step == starts[1] - 1 and scene.shown.ended is not None
    key(app, pygame.K_END)  # the end of the next
    assert scene.step == starts[2] - 1 if len(starts) > 2 else scene.step == len(steps) - 1
    key(app, pygame.K_HOME)  # the start of this hand
    assert scene.step == starts[1] and scene.shown.phase != "over" and scene.shown.actions == 0
    key(app, pygame.K_HOME)  # and of the one before
    assert scene.step == 0


def test_play_advances_with_time_at_the_tables_pace_and_space_pauses(app, scene):
    key(app, pygame.K_RIGHT)  # past the deal's animation
    for _ in range(60):
        app.step(1 / 60)
    assert not scene.playing
    before = scene.step
    key(app, pygame.K_SPACE)
    assert scene.playing and scene.play_button.text == "Pause (Space)"
    seconds = 6.0
    for _ in range(int(seconds * 60)):
        app.step(1 / 60)
    moved = scene.step - before
    # one action at most every AI_PACE_S (normal speed), slower where a card slides or a banner shows
    assert 1 <= moved <= seconds / AI_PACE_S + 1
    assert moved >= seconds / (AI_PACE_S + 1.5)
    key(app, pygame.K_SPACE)
    paused = scene.step
    for _ in range(120):
        app.step(1 / 60)
    assert not scene.playing and scene.step == paused
    click(app, scene.play_button.rect.center)  # the button plays too
    assert scene.playing


def test_play_at_instant_speed_runs_to_the_end_and_stops(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    try:
        s = a.open_replay(json.loads(finished_record(5)))
        key(a, pygame.K_SPACE)
        for _ in range(len(s.models) + 5):
            a.step(1 / 60)
        assert s.step == len(s.models) - 1 and not s.playing
        assert list(s.shown.totals) == s.replay.totals
    finally:
        a.close()


def test_the_log_runs_in_step(app, scene):
    for target in (0, 7, 30, 12, len(scene.models) - 1):
        scene.go(target)
        app.step(1 / 60)
        events = [e for st in scene.replay.steps[:target + 1] for e in st.events if in_log(e)]
        assert scene.log_entries() == events[-300:]
        last = log_words(events[-1], scene.log_names)
        drawn = "".join(scene.log_panel.rows).replace(" ", "")  # the rows as wrapped, indents and all
        assert drawn.endswith(last.replace(" ", ""))
        assert scene.log_panel.lines(scene.log_entries(), scene.log_names)[-1] == last


def hidden_ok(scene, seat: int) -> None:
    """Nothing of another seat's hand or of the stock is face up in ``seat``'s view."""
    lay = scene.lay_out(scene.shown)
    for p in lay.places:
        if p.zone in ("seat", "stock"):
            assert not p.face_up, p
        if p.zone == "hand":
            assert p.seat == seat and p.face_up
    return lay


def test_views_all_face_up_or_as_one_seat_saw_it_and_v_cycles(app, scene):
    assert scene.views == [0, None, 1]  # the person's own seat first
    scene.go(20)
    app.step(1 / 60)
    assert scene.view == 0 and scene.viewer == 0
    hidden_ok(scene, 0)
    key(app, pygame.K_v)
    assert scene.view is None
    lay = scene.layout_
    seat_cards = [p for p in lay.places if p.zone == "seat"]
    assert seat_cards and all(p.face_up for p in seat_cards)
    assert sorted(p.card for p in seat_cards) == sorted(scene.shown.hands[1])
    assert all(lay.seat_rects[1].contains(p.rect) for p in seat_cards)
    click(app, scene.view_button.rect.center)  # the button cycles too
    assert scene.view == 1 and scene.viewer == 1
    hidden_ok(scene, 1)
    key(app, pygame.K_v)
    assert scene.view == 0


def test_a_game_in_progress_from_load_game_shows_only_the_persons_view(app, tmp_path):
    game = Game.new(["You", "Ana", "Ben"], RuleSet(), seed=11)
    ais = {s: make_player("easy", s) for s in range(3)}
    play_into_hand(game, ais, 17)
    slots = Slots(app.storage)
    slots.save(info_of("game-20261202-010203", game, ["human", "easy", "medium"]), record_of(game))
    load = app.open("load_game")
    app.step(1 / 60)
    click(app, load.watches[0].rect.center)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replay.live
    assert scene.views == [0] and not scene.view_button.visible and not scene.review_button.visible
    assert scene.levels == ["human", "easy", "medium"]
    key(app, pygame.K_END)
    assert scene.step == len(scene.models) - 1  # up to now
    assert scene.shown.actions == len(game.hand.actions)
    key(app, pygame.K_v)  # no toggle to every hand face up
    key(app, pygame.K_r)  # and no review of a game in progress
    assert scene.view == 0 and app.top is scene
    for i in range(len(scene.models)):
        scene.go(i)
        lay = hidden_ok(scene, 0)
        # the picture holds no card of another hand or of the stock at all
        assert all(p.card == BACK for p in lay.places if p.zone in ("seat", "stock"))
    key(app, pygame.K_ESCAPE)
    assert app.top is load


def test_review_this_hand_opens_for_the_hand_and_seat_shown(app, scene, monkeypatch):
    monkeypatch.setattr(review_scene, "WORLDS", 2)
    starts = scene.replay.hand_starts()
    scene.go(starts[1] + 3)
    key(app, pygame.K_v)
    key(app, pygame.K_v)  # seat 1's view
    click(app, scene.review_button.rect.center)
    review = app.top
    assert isinstance(review, review_scene.ReviewScene)
    assert review.hand_index == 1 and review.worker.request.seat == 1 and review.worker.request.hand == 1
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_statistics_lists_a_replay_for_each_finished_game(app):
    record = json.loads(finished_record(5))
    summary = summarize(record, ["human", "easy"], 0)
    FinishedGames(app.storage.finished_dir).save(record, summary)
    stats = app.open("statistics")
    app.step(1 / 60)
    assert len(stats.replays) == 1
    b = stats.replays[0]
    while not b.visible:
        key(app, pygame.K_PAGEDOWN)
    assert stats.view.contains(b.rect)
    click(app, b.rect.center)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replay.person == 0 and scene.views[0] == 0
    assert scene.replay.totals == summary.totals and scene.levels == ["human", "easy"]


def bad_record() -> dict:
    """A record whose third action is not legal."""
    record = json.loads(finished_record(5))
    record["hands"][0]["actions"][2] = record["hands"][0]["actions"][0]
    return record


def test_a_record_that_does_not_replay_is_one_sentence_and_nothing_changes(app, tmp_path):
    before = list(app.stack)
    notes = []
    app.notify = lambda message, seconds=4.0: notes.append(message)
    assert app.open_replay(bad_record()) is None
    assert list(app.stack) == before and len(notes) == 1
    assert notes[0].startswith("This game cannot be replayed: hand 1, action 3:") and notes[0].endswith(".")
    assert notes[0].count(". ") == 0
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "rummy500/1", "players": ["A"], "hands": []}', encoding="utf-8")
    assert app.open_replay(broken) is None and list(app.stack) == before
    assert notes[1] == "This game cannot be replayed: \"players\" must list 2 to 8 names."
    empty = json.loads(finished_record(5))
    empty["hands"] = []  # a valid record, but nothing to step through
    assert app.open_replay(empty) is None and list(app.stack) == before
    assert notes.pop() == "This game cannot be replayed: the record holds no hand."
    assert app.open_replay(tmp_path / "missing.json") is None and list(app.stack) == before
    assert notes[2].startswith("This game cannot be replayed:") and "could not be read" in notes[2]


def test_a_dropped_file_is_told_by_its_content(app, tmp_path):
    record = tmp_path / "rules-export.json"  # a record under a rules file's name
    record.write_text(finished_record(5), encoding="utf-8")
    rules = tmp_path / "game-record.json"  # and rules under a record's name
    rules.write_text(json.dumps({"decks": 2, "jokers_per_deck": 2}), encoding="utf-8")
    assert is_game_record(record) and not is_game_record(rules)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(record)))
    app.step(1 / 60)
    assert isinstance(app.top, ReplayScene)
    key(app, pygame.K_ESCAPE)
    title = app.top
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(rules)))
    app.step(1 / 60)
    assert app.top is not title and hasattr(app.top, "import_path")  # House rules took the rules file
    app.pop()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_record()), encoding="utf-8")
    notes = []
    app.notify = lambda message, seconds=4.0: notes.append(message)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    app.step(1 / 60)
    assert app.top is title and len(notes) == 1 and notes[0].startswith("This game cannot be replayed")


def test_rummy500_show_refuses_a_bad_file_in_one_sentence(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_record()), encoding="utf-8")
    assert main(["show", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rummy500 show: This game cannot be replayed: hand 1, action 3:") and "\n" not in err
    assert main(["show", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rummy500 show: cannot read") and "\n" not in err


def test_rummy500_show_opens_the_window_on_the_replay(tmp_path, monkeypatch):
    good = tmp_path / "good.json"
    good.write_text(finished_record(5), encoding="utf-8")
    seen = []
    real_run = App.run

    def run(self):
        seen.append(self.top)
        return real_run(self)

    monkeypatch.setattr(App, "run", run)
    assert main(["show", str(good), "--max-frames", "3", "--config-dir", str(tmp_path / "cfg"),
                 "--size", "1280x720"]) == 0
    assert len(seen) == 1 and isinstance(seen[0], ReplayScene)
    assert seen[0].replay.totals == load_replay(good.read_bytes()).totals


def replay_output(path: Path, capsys) -> tuple[dict, int]:
    """`rummy500 replay FILE` in-process, as tests/game/rules/test_scenarios.py runs it."""
    status = main(["replay", str(path)])
    return json.loads(capsys.readouterr().out), status


@pytest.fixture(scope="module")
def finished_files(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("finished")
    out = []
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        p = folder / f"seeded-{seed}-{players}.json"
        p.write_text(finished_record(seed, players), encoding="utf-8")
        out.append(p)
    return out


def test_every_scenario_and_finished_record_stepped_to_the_end_reaches_replays_totals(app, capsys,
                                                                                    finished_files):
    """Done means: the Replay scene's last picture, reached by End, has the
    totals `rummy500 replay` prints; a record it refuses is one refused by
    `replay` too, in one sentence with its message."""
    paths = OWN + SHARED + finished_files
    assert len(OWN) >= 40 and len(finished_files) == 3
    replayed = 0
    for path in paths:
        out, status = replay_output(path, capsys)
        notes = []
        app.notify = lambda message, seconds=4.0: notes.append(message)
        scene = app.open_replay(path)
        if status != 0:
            assert scene is None and len(notes) == 1, path
            err = out["error"]
            if status == 2:
                assert notes[0] == f"This game cannot be replayed: {err['message'].rstrip('. ')}.", path
            else:
                assert notes[0].startswith(f"This game cannot be replayed: hand {err['hand'] + 1}, "
                                           f"action {err['action'] + 1}: "), path
            continue
        assert isinstance(scene, ReplayScene), path
        for _ in range(len(scene.replay.parsed.hands) + 1):
            key(app, pygame.K_END)
        assert scene.step == len(scene.models) - 1
        assert list(scene.shown.totals) == out["totals"], path
        assert scene.replay.winner == out["winner"], path
        hands = [m for i, m in enumerate(scene.models) if i + 1 in scene.starts or i == len(scene.models) - 1]
        assert [[len(x) for x in m.hands] for m in hands] == [h["held"] for h in out["hands"]], path
        replayed += 1
        app.pop()
    assert replayed >= 30
    with pytest.raises(ReplayError):
        load_replay(b"{}")


def test_a_record_dropped_beside_a_game_being_played_is_not_opened(app, tmp_path):
    from game.play.table_session import Seat, TableSession
    from scenes.table.scene import TableScene

    session = TableSession([Seat("You", "human"), Seat("Ana", "easy")], seed=3, use_workers=False)
    table = app.push(TableScene(app), session=session)
    app.step(1 / 60)
    app.open("pause_menu")
    menu = app.top
    record = tmp_path / "r.json"
    record.write_text(finished_record(5), encoding="utf-8")
    notes = []
    app.notify = lambda message, seconds=4.0: notes.append(message)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(record)))
    app.step(1 / 60)
    assert app.top is menu and notes == ["To watch a game record, leave the table first."]
    assert app.find("table") is table
