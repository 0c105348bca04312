"""Issue 21 (faults found by trying the game from outside): one test or more per item."""

from __future__ import annotations

import json

from game.slots import Slots
from scenes.load_game import LoadGameScene
from scenes.table import TableScene
from scenes.title import TitleScene
from test_scenes import app, click, frames  # noqa: F401  (app is a fixture)
from test_slots import write_slot


def newer_slot(storage, name="game-20260101-120000"):
    """A slot whose record a newer version wrote (format rummy500/2); every file of the slot."""
    write_slot(storage, name)
    record = storage.game_path(name)
    data = json.loads(record.read_text(encoding="utf-8"))
    data["format"] = "rummy500/2"
    record.write_text(json.dumps(data), encoding="utf-8")
    storage.save_seats([{"name": "Me", "level": "human"}, {"name": "Ana", "level": "easy"}], name)
    files = sorted(p.name for p in storage.saves_dir.iterdir())
    assert len(files) == 3  # record, sidecar, seats
    return files, {p.name: p.read_bytes() for p in storage.saves_dir.iterdir()}


# ---------------------------------------------------------------- item 1
def test_continue_leaves_every_file_of_a_newer_versions_slot(app):
    files, content = newer_slot(app.storage)
    title = app.push(TitleScene(app))
    frames(app, 1)
    title.continue_game()
    frames(app, 1)
    assert not isinstance(app.top, TableScene)
    assert any("newer version" in m for m, _ in app.toasts)
    assert {p.name: p.read_bytes() for p in app.storage.saves_dir.iterdir()} == content
    title.continue_game()  # and again: still listed, still whole
    assert sorted(p.name for p in app.storage.saves_dir.iterdir()) == files
    assert [i.name for i in Slots(app.storage).list()] == ["game-20260101-120000"]


def test_load_game_leaves_every_file_of_a_newer_versions_slot(app):
    _files, content = newer_slot(app.storage)
    app.push(TitleScene(app))
    load = app.push(LoadGameScene(app))
    frames(app, 1)
    (row,) = load.rows
    click(app, row.rect.center)
    frames(app, 1)
    assert not isinstance(app.top, TableScene)
    assert isinstance(app.top, LoadGameScene) and len(app.top.rows) == 1  # back on the list, still there
    assert {p.name: p.read_bytes() for p in app.storage.saves_dir.iterdir()} == content


def test_a_slot_whose_record_was_moved_aside_loses_only_its_sidecars(app):
    """The other side of item 1: an unreadable record is moved aside (kept), and
    only then do its sidecars go, so the slot is no longer listed."""
    name = "game-20260101-120000"
    write_slot(app.storage, name)
    app.storage.game_path(name).write_text('{"format": "rummy500/1", "players": 3}', encoding="utf-8")
    title = app.push(TitleScene(app))
    info = Slots(app.storage).read_info(name)
    from scenes.load_game import resume
    assert not resume(app, info)
    assert list(app.storage.saves_dir.glob(f"{name}.json.corrupt-*"))
    assert not list(app.storage.saves_dir.glob(f"{name}.slot")) and Slots(app.storage).list() == []
    assert title is not None
