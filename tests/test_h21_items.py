"""Issue 21 (faults found by trying the game from outside): one test or more per item."""

from __future__ import annotations

import json

from game.services.slots import Slots
from scenes.screens.load_game import LoadGameScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
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
    from scenes.screens.load_game import resume
    assert not resume(app, info)
    assert list(app.storage.saves_dir.glob(f"{name}.json.corrupt-*"))
    assert not list(app.storage.saves_dir.glob(f"{name}.slot")) and Slots(app.storage).list() == []
    assert title is not None


# ---------------------------------------------------------------- item 4
import pytest  # noqa: E402

from game.ai.base import decision_seed  # noqa: E402
from game.rules.record import game_from_record, record_of  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from game.play.table_session import Seat, TableSession  # noqa: E402
from game.services.slots import info_of, table_seed  # noqa: E402

SEATS = [Seat("Ana", "medium"), Seat("Ben", "easy"), Seat("Cy", "medium")]


def drive(session, until_step=None, max_steps=20_000):
    """Play the all-computer ``session`` on (dealing each next hand) to the
    end of the game, or stop after ``until_step`` steps; the steps made."""
    steps = 0
    while session.game.winner is not None or steps != until_step:
        if session.game.winner is not None:
            break
        game = session.game
        if game.hand.ended is not None:
            session.deal_next_hand()
        else:
            session.update()
            assert session.ready()
            session.advance()
        steps += 1
        assert steps < max_steps
    return steps


def resumed(session, seats=SEATS):
    """The session a save of ``session`` gives back: its record replayed, its seed from the sidecar."""
    game = game_from_record(record_of(session.game))
    info = info_of("game-x", session.game, [s.level for s in seats], seed=session.seed)
    return TableSession(seats, game.rules, game=game, table_seed=table_seed(info, game), use_workers=False)


def test_a_game_resumed_from_any_moment_goes_on_exactly_as_it_would_have():
    """Item 4: no re-deal by killing the game. Saved at many moments, right
    after a hand ended (its results showing) among them, and resumed from the
    record and the sidecar's seed, the game deals and plays exactly the same
    cards to the same end."""
    rules = RuleSet(target=200)
    whole = TableSession(SEATS, rules, seed=11, use_workers=False)
    total = drive(whole)
    reference = record_of(whole.game)
    assert len(reference["hands"]) >= 2 and whole.game.winner is not None

    moments, probe = [], TableSession(SEATS, rules, seed=11, use_workers=False)
    hand_ends = []
    for step in range(total):
        if probe.game.hand.ended is not None:
            hand_ends.append(step)
        drive(probe, until_step=1)
    moments = sorted(set(hand_ends + list(range(1, total, max(1, total // 9)))))
    assert hand_ends and len(moments) >= 8
    for k in moments:
        live = TableSession(SEATS, rules, seed=11, use_workers=False)
        drive(live, until_step=k)
        again = resumed(live)
        live.close()
        drive(again)
        assert record_of(again.game) == reference, f"resumed after step {k} of {total}"
        again.close()


def test_each_continue_of_a_save_at_the_results_deals_the_same_next_hand():
    """The reported fault: a save made while a hand's results show gave a
    different next hand on each Continue. Now every Continue deals the same,
    for a sidecar with the seed and for one of an older version without it."""
    live = TableSession(SEATS, RuleSet(target=500), seed=3, use_workers=False)
    while live.game.hand.ended is None:
        drive(live, until_step=1)
    nexts = set()
    for with_seed in (True, False, True, False):
        game = game_from_record(record_of(live.game))
        info = info_of("game-x", live.game, ["medium", "easy", "medium"], seed=live.seed if with_seed else None)
        session = TableSession(SEATS, game.rules, game=game, table_seed=table_seed(info, game), use_workers=False)
        session.deal_next_hand()
        nexts.add((with_seed, repr(session.game.hand.deal)))
    assert len(nexts) == 2  # one next hand per kind of sidecar, the same on every Continue
    live.deal_next_hand()
    assert (True, repr(live.game.hand.deal)) in nexts  # with the seed: the hand the game would have dealt


def test_the_seed_is_kept_in_the_slot_sidecar(tmp_path):
    from game.services.slots import Slots
    from game.services.storage import Storage
    live = TableSession(SEATS, RuleSet(), seed=4, use_workers=False)
    slots = Slots(Storage(tmp_path))
    slots.save(info_of("game-20260101-120000", live.game, ["medium", "easy", "medium"], seed=live.seed),
               record_of(live.game))
    assert Slots(Storage(tmp_path)).read_info("game-20260101-120000").seed == live.seed


@pytest.mark.parametrize("rummy", [False, True])
def test_a_computers_choice_depends_on_its_seed_and_the_position_only(rummy):
    """The computers' random state is never lost: a decision's seed comes from
    the seat's seed and the position (so a worker started again, or a resumed
    game, chooses the same), and it differs between positions and seeds."""
    from game.ai import make_ai
    from game.rules.view import view_for
    session = TableSession(SEATS, RuleSet(), seed=8, use_workers=False)
    drive(session, until_step=6)
    view = view_for(session.game, session.game.current)
    assert decision_seed(5, view, rummy) == decision_seed(5, view, rummy)
    assert decision_seed(5, view, rummy) != decision_seed(6, view, rummy)
    assert decision_seed(5, view, rummy) != decision_seed(5, view, not rummy)
    fresh, used = make_ai("easy", 5), make_ai("easy", 5)
    for _ in range(7):  # a used AI has drawn from its generator many times
        used.rng.random()
    fresh.begin_decision(view, rummy)
    used.begin_decision(view, rummy)
    assert fresh.rng.getstate() == used.rng.getstate()


def test_the_table_saves_its_seed_and_continue_resumes_with_it(app):
    from test_slots import leave_a_game
    title = app.push(TitleScene(app))
    left = leave_a_game(app, names=("Me", "Ana"), seed=3, levels=("human", "medium"))
    saved = Slots(app.storage).read_info(left.slot).seed
    assert saved is not None
    title.continue_game()
    assert isinstance(app.top, TableScene) and app.top.session.seed == saved
    app.top.session.close()
