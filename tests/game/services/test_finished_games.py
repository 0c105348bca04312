"""Finished games kept as records (``game/services/finished.py``) and the end of a game
at the table: recorded once when won, whatever moment the program stops."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.services.finished import KEEP, FinishedGames, game_date, record_finished_game
from game.rules.record import record_of
from game.services.statistics import game_id, summarize
from game.services.slots import Slots
from game.services.storage import Storage
from game_play import KNOWN_RECORD, enter, play_to_last_results, step
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.menus import PauseMenu
from scenes.screens.results import GameOver, HandResults
from scenes.screens.statistics import StatisticsScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene


def new_app(cfg: Path) -> App:
    return App(Options(config_dir=str(cfg), size=(1280, 720), speed="instant"))


def kept(storage: Storage) -> list[Path]:
    return FinishedGames(storage.finished_dir).files()


@pytest.mark.parametrize("how", ["close the window", "save and leave"])
def test_a_game_won_on_the_last_results_is_kept_once_and_continue_shows_who_won(tmp_path, how):
    cfg = tmp_path / "cfg"
    app = new_app(cfg)
    try:
        title = app.push(TitleScene(app))
        table = play_to_last_results(app)
        game = table.session.game
        totals, winner = list(game.totals), game.winner
        # the engine said the game is won: it is already kept and counted
        stats, _ = app.storage.load_statistics()
        assert stats.games_played == 1 and len(kept(app.storage)) == 1
        if how == "save and leave":
            app.push(PauseMenu(app))
            app.top.leave()
            assert app.top is title
            step(app)
            assert title.buttons[1].enabled  # Continue still has the game
    finally:
        app.close()  # the window closes with the results panel (or the title) showing
    app = new_app(cfg)
    try:
        stats, _ = app.storage.load_statistics()
        assert stats.games_played == 1 and stats.games_won == (1 if winner == 0 else 0)
        assert len(kept(app.storage)) == 1
        title = app.push(TitleScene(app))
        step(app)
        assert title.buttons[1].enabled
        title.continue_game()
        resumed = app.top
        assert isinstance(resumed, TableScene)
        step(app, 2)
        assert isinstance(app.top, HandResults) and app.top.button.label == "See who won"
        enter(app)
        assert isinstance(app.top, GameOver)
        assert resumed.session.game.totals == totals and resumed.session.game.winner == winner
        # seen: Continue no longer offers the game; it is still counted once and kept once
        assert not Slots(app.storage).names()
        step(app, 60)
        app.top.to_title()
        step(app)
        assert app.top is title and not title.buttons[1].enabled
        stats, _ = app.storage.load_statistics()
        assert stats.games_played == 1 and len(kept(app.storage)) == 1
    finally:
        app.close()


def test_the_end_path_run_again_never_counts_twice(tmp_path):
    app = new_app(tmp_path / "cfg")
    try:
        table = play_to_last_results(app, players=2, seed=11)
        record = record_of(table.session.game)
        table.in_progress.recorded = False
        table.record_if_won()  # the table's path again
        summary, counted, message = record_finished_game(app.storage, record, table.levels, 0)
        assert summary is not None and summary.id == game_id(record)
        assert counted is False and message is None
        stats, _ = app.storage.load_statistics()
        assert stats.games_played == 1 and stats.counted == [summary.id]
        assert len(kept(app.storage)) == 1
    finally:
        app.close()


def test_a_finished_record_replays_with_the_same_totals_and_winner(tmp_path):
    app = new_app(tmp_path / "cfg")
    try:
        table = play_to_last_results(app, players=4, seed=3, levels=("easy", "medium", "hard"))
        game = table.session.game
        [path] = kept(app.storage)
    finally:
        app.close()
    exe = shutil.which("rummy500", path=str(Path(sys.executable).parent))
    cmd = [exe] if exe else [sys.executable, "-m", "game"]
    done = subprocess.run(cmd + ["replay", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    out = json.loads(done.stdout)
    assert out["ok"] and out["totals"] == game.totals and out["winner"] == game.winner
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "rummy500/1" and len(record["hands"]) == len(game.hands)
    assert "Me (you)" in record["note"]


def _variant(i: int) -> dict:
    """The known record with other starting scores: another game, still won by Ben."""
    rec = json.loads(json.dumps(KNOWN_RECORD))
    rec["scores"] = [-i, 0]
    return rec


def test_only_the_latest_hundred_are_kept(tmp_path):
    storage = Storage(tmp_path / "cfg")
    ids = []
    for i in range(KEEP + 5):
        summary, _, message = record_finished_game(storage, _variant(i), ["human", "easy"], 0)
        assert message is None
        ids.append(summary.id)
    files = kept(storage)
    assert len(files) == KEEP
    assert {p.stem.rsplit("-", 1)[1] for p in files} == set(ids[5:])  # the five oldest went
    games, message = FinishedGames(storage.finished_dir).list()
    assert message is None and [s.id for _, s in games] == ids[5:][::-1]  # newest first
    assert game_date(files[0].name).startswith("20")
    stats, _ = storage.load_statistics()
    assert stats.games_played == KEEP + 5  # statistics keep every game, the folder the latest 100


def test_a_corrupt_finished_record_is_skipped_with_one_message(tmp_path):
    storage = Storage(tmp_path / "cfg")
    record_finished_game(storage, _variant(1), ["human", "easy"], 0)
    folder = storage.finished_dir
    (folder / "20200101-000000-000000-aaaaaaaaaaaa.json").write_text("{broken", encoding="utf-8")
    unfinished = json.loads(json.dumps(KNOWN_RECORD))
    unfinished["hands"][0]["actions"] = unfinished["hands"][0]["actions"][:3]
    (folder / "20200101-000001-000000-bbbbbbbbbbbb.json").write_text(json.dumps(unfinished), encoding="utf-8")
    (folder / "index.json").write_text("not json", encoding="utf-8")  # a lost index is rebuilt
    games, message = FinishedGames(folder).list()
    assert [s.players for _, s in games] == [["Ann", "Ben"]]
    assert message.count("moved aside") == 1 and "2 finished games" in message
    assert len(list(folder.glob("*.corrupt-*"))) == 2
    assert FinishedGames(folder).list() == (games, None)  # told once
    # a record changed after it was indexed is read again
    [(name, summary)] = games
    rec = json.loads((folder / name).read_text(encoding="utf-8"))
    rec["note"] = "shared with a friend, a longer note than before"
    (folder / name).write_text(json.dumps(rec), encoding="utf-8")
    again, message = FinishedGames(folder).list()
    assert message is None and again[0][1] == summary  # levels and seat kept from the index


def test_the_statistics_scene_tells_once_about_a_corrupt_record(tmp_path):
    app = new_app(tmp_path / "cfg")
    try:
        folder = app.storage.finished_dir
        folder.mkdir(parents=True)
        (folder / "20200101-000000-000000-aaaaaaaaaaaa.json").write_text("[]", encoding="utf-8")
        app.push(StatisticsScene(app))
        step(app)
        notes = [m for m, _ in app.toasts if "finished game" in m]
        assert len(notes) == 1 and "moved aside" in notes[0]
        assert app.top.games == []
    finally:
        app.close()


def test_a_watched_game_is_kept_but_not_counted(tmp_path):
    app = new_app(tmp_path / "cfg")
    try:
        table = play_to_last_results(app, players=2, seed=4, you="easy")
        assert table.session.game.winner is not None
        stats, _ = app.storage.load_statistics()
        assert stats.games_played == 0 and not app.storage.statistics_path.exists()
        games, _ = FinishedGames(app.storage.finished_dir).list()
        assert len(games) == 1 and games[0][1].person is None
    finally:
        app.close()


def test_a_demo_game_is_kept_but_not_counted(tmp_path):
    from game.cli import main
    cfg = tmp_path / "cfg"
    assert main(["--demo", "--players", "2", "--seed", "6", "--speed", "instant", "--quit-after-game",
                 "--config-dir", str(cfg), "--ai", "easy,easy", "--size", "1024x640"]) == 0
    storage = Storage(cfg)
    games, message = FinishedGames(storage.finished_dir).list()
    assert message is None and len(games) == 1 and games[0][1].person is None
    assert games[0][1].levels == ["easy", "easy"]
    assert not storage.statistics_path.exists() and not Slots(storage).names()


def test_summary_of_the_kept_record_matches_the_index(tmp_path):
    storage = Storage(tmp_path / "cfg")
    summary, counted, _ = record_finished_game(storage, KNOWN_RECORD, ["human", "hard"], 0)
    assert counted and summary == summarize(KNOWN_RECORD, ["human", "hard"], 0)
    assert record_finished_game(storage, KNOWN_RECORD, ["human", "hard"], 0)[1] is False
    unfinished = json.loads(json.dumps(KNOWN_RECORD))
    unfinished["hands"][0]["actions"].pop()
    assert record_finished_game(storage, unfinished, ["human", "hard"], 0) == (None, False, None)
    assert len(kept(storage)) == 1


def test_the_persons_own_winning_move_keeps_and_counts_the_game_at_once(tmp_path):
    from game.rules.actions import Discard
    from game.rules.cards import parse_card
    from game.rules.record import game_from_record
    from game.play.table_session import Seat, TableSession

    rec = json.loads(json.dumps(KNOWN_RECORD))  # seats swapped: the person (seat 0) goes out and wins
    rec["players"] = ["Me", "Ann"]
    h = rec["hands"][0]
    h["dealer"] = 0
    h["deal"]["hands"].reverse()
    for a in h["actions"]:
        a["p"] = 1 - a["p"]
    last = h["actions"].pop()
    app = new_app(tmp_path / "cfg")
    try:
        session = TableSession([Seat("Me", "human"), Seat("Ann", "hard")], game=game_from_record(rec),
                               use_workers=False)
        table = app.push(TableScene(app), session=session)
        assert not kept(app.storage)
        assert table.person.apply(Discard(0, parse_card(last["discard"])))
        # no frame has run: the engine said "won" and the game is already kept, counted and saved
        stats, _ = app.storage.load_statistics()
        assert stats.games_played == stats.games_won == 1 and stats.rummy_calls == 1
        assert stats.by_level == {"hard": [1, 1]} and stats.recent == [[35, -6]]
        assert len(kept(app.storage)) == 1
        saved, _ = app.storage.load_game(table.slot)
        assert game_from_record(saved).winner == 0
    finally:
        app.close()
    stats, _ = Storage(tmp_path / "cfg").load_statistics()
    assert stats.games_played == 1
