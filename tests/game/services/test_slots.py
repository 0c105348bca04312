"""Save slots (issue 13, items 2 and 16): each game in progress in its own
slot, Continue resumes the latest, Load game lists and deletes, New game asks
before it replaces a game, the old autosave migrates, and the person's sort
order and hand arrangement come back on Continue."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pygame

from game.rules.game import Game
from game.rules.random_play import random_step
from game.rules.record import record_of
from game.play.table_session import Seat, TableSession
from game.services.slots import MAX_SLOTS, SlotInfo, Slots, info_of
from scenes.core.dialogs import ChoiceDialog
from scenes.screens.load_game import LoadGameScene
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
from test_person import drag
from test_scenes import app, click, frames, key  # noqa: F401  (app is a fixture)


def leave_a_game(app, names=("Me", "Ana"), seed=9, moves=5, levels=("human", "hard")):
    """Play ``moves`` random moves at a new table, then leave it (which saves it); the table."""
    session = TableSession([Seat(n, lv) for n, lv in zip(names, levels)], seed=seed, use_workers=False)
    table = app.push(TableScene(app), session=session)
    rng = random.Random(seed)
    for _ in range(moves):
        random_step(session.game, rng)
    left = SimpleNamespace(slot=table.slot)  # a popped scene is emptied at the next frame
    app.pop()
    frames(app, 1)
    return left


def write_slot(storage, name, names=("Me", "Ana"), seed=1, saved_at=1_700_000_000.0):
    game = Game.new(list(names), seed=seed)
    Slots(storage).save(info_of(name, game, ["human"] + ["easy"] * (len(names) - 1), saved_at=saved_at),
                        record_of(game))
    return game


def test_leaving_keeps_the_game_in_a_slot_and_continue_resumes_the_latest(app):
    title = app.push(TitleScene(app))
    first = leave_a_game(app, names=("Me", "Ana"), seed=3)
    second = leave_a_game(app, names=("Me", "Bo", "Cy"), seed=4, levels=("human", "easy", "medium"))
    slots = Slots(app.storage)
    assert sorted(slots.names()) == sorted([first.slot, second.slot]) and first.slot != second.slot
    assert slots.latest().name == second.slot
    click(app, title.buttons[1].rect.center)  # Continue
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.slot == second.slot
    assert resumed.session.names == ["Me", "Bo", "Cy"] and resumed.levels == ["human", "easy", "medium"]
    resumed.session.close()


def test_load_game_lists_players_scores_hand_and_date_and_deletes_after_asking(app, tmp_path):
    title = app.push(TitleScene(app))
    for i in range(3):
        write_slot(app.storage, f"game-2026010{i + 1}-120000", names=("Me", f"Opp{i}"), seed=i,
                   saved_at=1_700_000_000.0 + i * 3600)
    frames(app, 1)
    click(app, title.buttons[2].rect.center)  # Load game
    scene = app.top
    assert isinstance(scene, LoadGameScene) and len(scene.rows) == 3
    assert [r.label for r in scene.rows] == ["Me and Opp2 (Easy)", "Me and Opp1 (Easy)", "Me and Opp0 (Easy)"]
    assert all(r.detail.startswith("0–0, hand 1 · ") and "2023" in r.detail for r in scene.rows)
    click(app, scene.deletes[1].rect.center)
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and "Opp1" in dialog.title
    key(app, pygame.K_ESCAPE)  # cancel: nothing is deleted
    assert app.top is scene and len(Slots(app.storage).names()) == 3
    click(app, scene.deletes[1].rect.center)
    click(app, app.top.buttons[0].rect.center)  # "Delete it"
    assert app.top is scene and [r.label for r in scene.rows] == ["Me and Opp2 (Easy)", "Me and Opp0 (Easy)"]
    saves = app.storage.saves_dir
    assert not (saves / "game-20260102-120000.json").exists()
    assert not (saves / "game-20260102-120000.slot").exists()
    click(app, scene.rows[1].rect.center)  # resume the older one
    table = app.top
    assert isinstance(table, TableScene) and table.session.names == ["Me", "Opp0"]
    table.session.close()


def test_new_game_with_a_game_in_progress_asks_and_can_keep_it(app):
    title = app.push(TitleScene(app))
    kept = leave_a_game(app)
    info = Slots(app.storage).latest()
    click(app, title.buttons[0].rect.center)  # New game
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog)
    assert dialog.title == f"You have a game in progress ({info.scores()}, hand {info.hand}). Start a new one?"
    key(app, pygame.K_ESCAPE)  # cancel: still on the title, the game kept
    assert app.top is title and Slots(app.storage).names() == [kept.slot]
    click(app, title.buttons[0].rect.center)
    click(app, app.top.buttons[0].rect.center)  # keep it
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.replace is None
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.slot != kept.slot
    app.pop()
    frames(app, 1)
    assert sorted(Slots(app.storage).names()) == sorted([kept.slot, table.slot])


def test_new_game_can_replace_the_game_in_progress_but_back_keeps_it(app):
    title = app.push(TitleScene(app))
    old = leave_a_game(app)
    click(app, title.buttons[0].rect.center)
    click(app, app.top.buttons[1].rect.center)  # start a new one in its place
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.replace == old.slot
    key(app, pygame.K_ESCAPE)  # Back: the old game is still there
    assert app.top is title and Slots(app.storage).names() == [old.slot]
    click(app, title.buttons[0].rect.center)
    click(app, app.top.buttons[1].rect.center)
    click(app, app.top.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    app.pop()
    frames(app, 1)
    assert Slots(app.storage).names() == [table.slot]


def test_with_every_slot_used_new_game_sends_the_player_to_load_game(app):
    title = app.push(TitleScene(app))
    for i in range(MAX_SLOTS):
        write_slot(app.storage, f"game-2026010{i + 1}-120000", seed=i, saved_at=1_700_000_000.0 + i)
    frames(app, 1)
    click(app, title.buttons[0].rect.center)
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and f"all {MAX_SLOTS} places are used" in dialog.buttons[0].label
    click(app, dialog.buttons[0].rect.center)
    assert isinstance(app.top, LoadGameScene) and len(app.top.rows) == MAX_SLOTS


def test_the_old_autosave_moves_into_a_slot_with_its_levels(app):
    game = Game.new(["Me", "Ana", "Bo"], seed=5)
    rng = random.Random(5)
    for _ in range(4):
        random_step(game, rng)
    app.storage.save_game(record_of(game), "autosave")
    app.storage.save_seats([{"name": "Me", "level": "human"}, {"name": "Ana", "level": "hard"},
                            {"name": "Bo", "level": "easy"}], "autosave")
    title = app.push(TitleScene(app))
    frames(app, 1)
    assert not app.storage.has_game("autosave")
    (name,) = Slots(app.storage).names()
    assert title.buttons[1].enabled
    click(app, title.buttons[1].rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.slot == name
    assert table.levels == ["human", "hard", "easy"]
    assert table.session.game.hand.snapshot() == game.hand.snapshot()
    table.session.close()


def test_a_broken_sidecar_is_rebuilt_from_the_record(app):
    game = write_slot(app.storage, "game-20260101-120000", names=("Me", "Ana", "Bo"))
    side = app.storage.saves_dir / "game-20260101-120000.slot"
    side.write_text("{oops", encoding="utf-8")
    (info,) = Slots(app.storage).list()
    assert info.players == ["Me", "Ana", "Bo"] and info.totals == list(game.totals) and info.hand == 1
    assert json.loads(side.read_text(encoding="utf-8"))["players"] == ["Me", "Ana", "Bo"]


def test_sort_order_and_arrangement_come_back_on_continue(app):
    title = app.push(TitleScene(app))
    session = TableSession([Seat("Me", "human"), Seat("Ana", "hard")], seed=11, use_workers=False)
    table = app.push(TableScene(app), session=session)
    frames(app, 4)
    human = table.person
    key(app, pygame.K_s)  # sort by rank
    assert human.sort_mode == "rank"
    first = human.order[0]
    last = human.input.card_rect(len(human.order) - 1)
    drag(app, human.input.card_rect(0).center, (last.right - 2, last.centery))
    assert human.order[-1] == first
    arranged = list(human.order)
    app.pop()  # leave: saved
    frames(app, 1)
    click(app, title.buttons[1].rect.center)
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed is not table
    frames(app, 2)
    assert resumed.person.order == arranged and resumed.person.sort_mode == "rank"
    assert resumed.person.buttons["sort"].label == "Sort by suit (S)"
    resumed.session.close()


def test_new_game_asks_about_the_game_in_progress_not_a_won_one(app):
    title = app.push(TitleScene(app))
    write_slot(app.storage, "game-20260101-120000", names=("Me", "Old"), saved_at=1_700_000_000.0)
    write_slot(app.storage, "game-20260102-120000", names=("Me", "Won"), saved_at=1_700_090_000.0)
    slots = Slots(app.storage)
    won = slots.read_info("game-20260102-120000")
    won.won = True  # its last results were showing when the window closed
    slots.write_info(won)
    frames(app, 1)
    click(app, title.buttons[0].rect.center)
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog)
    click(app, dialog.buttons[1].rect.center)  # start a new one in its place
    assert isinstance(app.top, SetupScene) and app.top.replace == "game-20260101-120000"


def test_new_game_from_game_over_asks_about_another_game_in_progress(app):
    from game.rules.record import game_from_record
    from game_play import KNOWN_RECORD, enter
    from scenes.screens.results import GameOver, HandResults
    title = app.push(TitleScene(app))
    write_slot(app.storage, "game-20260101-120000", names=("Me", "Other"))
    session = TableSession([Seat("Ann", "human"), Seat("Ben", "easy")], game=game_from_record(KNOWN_RECORD),
                           use_workers=False)
    table = app.push(TableScene(app), session=session)
    frames(app, 3)
    assert isinstance(app.top, HandResults)
    enter(app)
    over = app.top
    assert isinstance(over, GameOver)
    assert Slots(app.storage).names() == ["game-20260101-120000"]  # the finished game left its slot
    frames(app, 60)  # the chart ignores clicks for its first 0.8 s
    click(app, over.buttons[0].rect.center)  # New game
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and app.stack[0] is title and table not in app.stack
    assert dialog.title.startswith("You have a game in progress (0–0, hand 1)")


def test_a_broken_old_autosave_is_moved_aside_and_the_player_told_on_arrival(app):
    path = app.storage.game_path("autosave")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "rummy500/1", "players": 3}', encoding="utf-8")
    app.storage.save_seats([{"name": "Me", "level": "human"}], "autosave")
    title = app.push(TitleScene(app))
    frames(app, 1)
    assert any("could not be loaded" in m for m, _ in app.toasts)
    assert not path.exists() and not Slots(app.storage).names()
    assert list(path.parent.glob("game-*.json.corrupt-*"))  # kept for the curious, never offered
    assert not list(path.parent.glob("*.seats"))
    assert not title.buttons[1].enabled


BAD_SIDECARS = {
    "deep": "[" * 100_000 + "]" * 100_000,
    "nul name": json.dumps({"players": ["M\u0000e", "Ana", "Bo"], "totals": [0, 0, 0], "hand": 1,
                            "saved_at": 1.0}),
    "surrogate name": '{"players": ["\\ud800Me", "Ana", "Bo"], "totals": [0, 0, 0], "hand": 1, "saved_at": 1.0}',
    "infinite time": '{"players": ["Me", "Ana", "Bo"], "totals": [0, 0, 0], "hand": 1, "saved_at": 1e400}',
    "unknown level": json.dumps({"players": ["Me", "Ana", "Bo"], "totals": [0, 0, 0], "hand": 1,
                                 "saved_at": 1.0, "levels": ["human", "wizard", "easy"]}),
    "wrong types": json.dumps({"players": "Me", "totals": {}, "hand": [1], "saved_at": "now"}),
}


def test_a_bad_sidecar_never_crashes_the_title_and_the_player_is_told(app):
    """Each kind of bad sidecar: the title lists and resumes the game from its
    record (names and totals from the record, never the bad values), with one
    message, and the sidecar is written again clean."""
    title = app.push(TitleScene(app))
    for kind, text in BAD_SIDECARS.items():
        for old in Slots(app.storage).names():
            Slots(app.storage).delete(old)
        write_slot(app.storage, "game-20260101-120000", names=("Me", "Ana", "Bo"))
        side = app.storage.saves_dir / "game-20260101-120000.slot"
        side.write_text(text, encoding="utf-8")
        slots = Slots(app.storage)
        (info,) = slots.list()
        assert info.players == ["Me", "Ana", "Bo"] and info.when(), kind
        if kind.endswith("name"):  # cleaned like every name from disk ("M\0e" -> "Me"): nothing to tell
            assert slots.messages == [], kind
        else:
            assert len(slots.messages) == 1 and "could not be read" in slots.messages[0], kind
        if not kind.endswith("name"):  # written again, clean
            assert json.loads(side.read_text(encoding="utf-8"))["players"] == ["Me", "Ana", "Bo"], kind
        title.refresh()
        frames(app, 1)
        assert app.top is title


def test_continue_replays_the_saved_record_once(app, monkeypatch):
    """Issue 13: Continue replays the save once (the check and the table share the game)."""
    import game.rules.record
    import game.services.saves
    title = app.push(TitleScene(app))
    left = leave_a_game(app, names=("Me", "Ana"), seed=5)
    Slots(app.storage).latest()  # the title's list is read before Continue is clicked
    real, calls = game.rules.record.game_from_record, []

    def counting(data):
        calls.append(1)
        return real(data)

    monkeypatch.setattr(game.rules.record, "game_from_record", counting)
    monkeypatch.setattr(game.services.saves, "game_from_record", counting)
    click(app, title.buttons[1].rect.center)  # Continue
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.slot == left.slot
    assert len(calls) == 1
    resumed.session.close()


def test_a_per_move_save_rewrites_the_sidecar_only_when_it_changed(app):
    """Issue 13: the per-move saves stay under budget by skipping an unchanged sidecar."""
    from game.services.slots import SIDECAR_REFRESH_S
    slots = Slots(app.storage)
    game = Game.new(["Me", "Ana"], seed=2)
    record = record_of(game)

    def save(order, at, durable=False):
        slots.save(info_of("game-x", game, ["human", "easy"], order, saved_at=at), record, durable=durable)
        return json.loads(slots._sidecar("game-x").read_text(encoding="utf-8"))

    hand = list(game.hand.hands[0])
    assert save(hand, 1000.0)["saved_at"] == 1000.0
    assert save(hand, 1010.0)["saved_at"] == 1000.0  # nothing changed: not written again
    changed = save(hand[::-1], 1020.0)
    assert changed["saved_at"] == 1020.0 and changed["hand_order"][0] == info_of("x", game, [], hand[::-1]).hand_order[0]
    assert save(hand[::-1], 1020.0 + SIDECAR_REFRESH_S)["saved_at"] == 1020.0 + SIDECAR_REFRESH_S  # refreshed
    assert save(hand[::-1], 1090.0, durable=True)["saved_at"] == 1090.0  # a durable save always writes


def test_a_game_against_styles_of_the_field_is_saved_and_resumed_with_them(app):
    """Issue 25, item 5: opponents of the field (a hoarder, a cautious
    discarder) are saved with the game and play their seats again on Continue."""
    title = app.push(TitleScene(app))
    leave_a_game(app, names=("Me", "Bo", "Cy"), seed=6, levels=("human", "hoarder", "cautious"))
    click(app, title.buttons[1].rect.center)  # Continue
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.levels == ["human", "hoarder", "cautious"]
    assert resumed.session.players[1].level == "hoarder" and resumed.session.players[2].level == "cautious"
    resumed.session.close()


def test_load_game_names_each_computers_level_so_games_against_the_same_names_differ(app):
    """Two games against "Ana" and "Ben", one at Easy and one at Hard, read
    alike in Load game; each computer's level now follows its name (a
    person's seat, here or a guest's, has none), in the current language."""
    from game.i18n import set_language
    game = Game.new(["Me", "Ana", "Ben"], seed=3)
    slots = Slots(app.storage)
    slots.save(info_of("game-20260101-120000", game, ["human", "easy", "easy"], saved_at=1_700_000_000.0),
               record_of(game))
    slots.save(info_of("game-20260101-130000", game, ["human", "hard", "hoarder"], saved_at=1_700_003_600.0),
               record_of(game))
    title = app.push(TitleScene(app))
    frames(app, 1)
    click(app, title.buttons[2].rect.center)  # Load game
    assert [r.label for r in app.top.rows] == ["Me, Ana (Hard) and Ben (Hoarder)", "Me, Ana (Easy) and Ben (Easy)"]
    info = slots.latest()
    assert info.title() == "Me, Ana and Ben"  # elsewhere (the question about a game in progress) by name only
    try:
        set_language("cy")
        assert "(Anodd)" in info.title(with_levels=True) and "Hard" not in info.title(with_levels=True)
    finally:
        set_language("en")
    old = SlotInfo(name="game-20260101-140000", players=["Me", "Ana"], totals=[0, 0], hand=1, saved_at=0.0)
    assert old.title(with_levels=True) == "Me and Ana" and old.levels_line() == ""  # a sidecar without levels
    mine = SlotInfo(name="game-20260101-150000", players=["Me", "Ana"], totals=[0, 0], hand=1, saved_at=0.0,
                    levels=["easy", "hard"])
    assert mine.title(with_levels=True) == "Me and Ana (Hard)"  # a computer in the person's seat is no opponent


def test_a_row_too_narrow_for_the_levels_shows_the_names_alone_and_the_levels_below(app, monkeypatch):
    """Eight seats with their levels would be shrunk and cut short: the row
    draws the names alone then, and the line below ends with the levels,
    each once; the levels follow the names where they fit."""
    from scenes.core import theme as T
    from scenes.screens.load_game import SlotButton
    names = ["Me", "Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
    crowded = SlotInfo(name="game-20260101-120000", players=names, totals=[0] * 8, hand=1, saved_at=0.0,
                       levels=["human"] + ["lay-off-hunter"] * 5 + ["hard", "human"])
    pair = SlotInfo(name="game-20260101-130000", players=names[:2], totals=[0, 0], hand=1, saved_at=0.0,
                    levels=["human", "hard"])
    drawn = []
    real = T.fit_text
    monkeypatch.setattr(T, "fit_text", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
    many = SlotInfo(name="game-20260101-140000", players=names, totals=[0] * 8, hand=1, saved_at=0.0,
                    levels=["human", "easy", "medium", "hard", "hoarder", "early-melder", "pile-taker", "cautious"])
    for info in (crowded, pair, many):
        row = SlotButton(info, lambda: None)
        row.rect = pygame.Rect(0, 0, 600, 48)
        row.draw(app.screen, app.theme)
    assert drawn[0] == "Me, Ana, Ben, Cleo, Dev, Eve, Finn and Gus" and drawn[2] == "Me and Ana (Hard)"
    assert drawn[1].startswith("0–0–0–0–0–0–0–0, hand 1 · ") and drawn[1].endswith(" · Lay-off hunter, Hard")
    assert drawn[3].count(" · ") == 1  # the pair's levels are in its title: not again below
    assert drawn[4] == drawn[0] and drawn[5].count(" · ") == 1  # seven levels fit neither line: names alone


def test_totals_below_zero_are_spaced_out_so_a_minus_is_not_read_as_a_dash():
    """R20: a hand can score below zero. "-56–33–-45–69" read as dashes;
    a negative total now spaces every total out, in the list's line too."""
    def info(totals):
        return SlotInfo(name="game-20260101-120000", players=["Me", "Ana", "Ben", "Cleo"][:len(totals)],
                        totals=totals, hand=3, saved_at=1_700_000_000.0)
    assert info([151, 94, 30]).scores() == "151–94–30"
    assert info([-56, 33, -45, 69]).scores() == "-56 – 33 – -45 – 69"
    assert info([0, -5]).line(now=0).startswith("0 – -5, hand 3 · ")


def _sidecar_of(storage, name, **values):
    """Write slot ``name``'s sidecar with ``values`` over a good one of a three-seat game; its path."""
    side = storage.saves_dir / f"{name}.slot"
    data = json.loads(side.read_text(encoding="utf-8"))
    data.update({"levels": ["human", "hard", "hoarder"], "hand_order": ["7H", "2C"], "sort_mode": "rank",
                 "seed": 4242}, **values)
    side.write_text(json.dumps(data), encoding="utf-8")
    return side


def _aside(storage, name):
    """The texts of slot ``name``'s sidecars moved aside."""
    return [p.read_text(encoding="utf-8") for p in storage.saves_dir.glob(f"{name}.slot.corrupt-*")]


def test_a_style_this_version_does_not_know_costs_its_own_seat_alone(app):
    """Issue 25, item 5: a sidecar naming a style this version does not know
    (a newer version's, or a typing slip): Medium plays that seat, the other
    seats keep their styles, the hand order and seed are kept, the player is
    told once, and the file as it was is kept beside the slot."""
    name = "game-20260101-120000"
    write_slot(app.storage, name, names=("Me", "Ana", "Bo"))
    side = _sidecar_of(app.storage, name, levels=["human", "shark", "hoarder"])
    before = side.read_text(encoding="utf-8")
    slots = Slots(app.storage)
    (info,) = slots.list()
    assert info.levels == ["human", "medium", "hoarder"]
    assert (info.hand_order, info.sort_mode, info.seed) == (["7H", "2C"], "rank", 4242)
    assert len(slots.messages) == 1 and "Medium opponents where the levels were lost" in slots.messages[0]
    assert _aside(app.storage, name) == [before]
    assert json.loads(side.read_text(encoding="utf-8"))["levels"] == ["human", "medium", "hoarder"]
    again = Slots(app.storage)
    assert again.list()[0].levels == ["human", "medium", "hoarder"] and again.messages == []


def test_a_bad_detail_of_a_sidecar_takes_its_default_and_the_levels_stay(app):
    """A bad sort order, hand order or seed costs only itself: the styles
    are kept (they were all lost before), the file is moved aside."""
    name = "game-20260101-120000"
    for bad, expected in ({"sort_mode": "colour"}, ("suit", ["7H", "2C"], 4242)), \
            ({"hand_order": "7H"}, ("rank", [], 4242)), ({"seed": -1}, ("rank", ["7H", "2C"], None)):
        for old in Slots(app.storage).names():
            Slots(app.storage).delete(old)
        write_slot(app.storage, name, names=("Me", "Ana", "Bo"))
        side = _sidecar_of(app.storage, name, **bad)
        before = side.read_text(encoding="utf-8")
        slots = Slots(app.storage)
        (info,) = slots.list()
        assert info.levels == ["human", "hard", "hoarder"], bad
        assert (info.sort_mode, info.hand_order, info.seed) == expected, bad
        assert len(slots.messages) == 1, bad
        assert before in _aside(app.storage, name), bad
        for moved in app.storage.saves_dir.glob(f"{name}.slot.corrupt-*"):
            moved.unlink()


def test_a_sidecar_rebuilt_from_its_record_keeps_its_good_levels_and_moves_aside(app):
    """Names that are not the record's are refused (the slot is rebuilt from
    the record), but the styles it held are kept when its names match; a
    file that is not JSON is moved aside, not written over."""
    name = "game-20260101-120000"
    write_slot(app.storage, name, names=("Me", "Ana", "Bo"))
    side = _sidecar_of(app.storage, name, totals=[0, 0])  # totals for two seats of three: rebuilt
    slots = Slots(app.storage)
    (info,) = slots.list()
    assert info.totals == [0, 0, 0] and info.levels == ["human", "hard", "hoarder"]
    assert (info.sort_mode, info.seed) == ("rank", 4242) and len(slots.messages) == 1
    side.write_text("{oops", encoding="utf-8")
    slots = Slots(app.storage)
    (info,) = slots.list()
    assert info.levels == ["human", "medium", "medium"] and "{oops" in _aside(app.storage, name)


def test_a_level_lost_at_a_seat_a_person_plays_stays_the_persons(app):
    """A word this version does not know at a seat the record says a person
    plays (pass-and-play, issue 23) leaves that seat a person's, not a
    computer's; at a computer's seat Medium plays it."""
    name = "game-20260101-120000"
    game = Game.new(["Me", "Ana", "Bo"], seed=1)
    game.people = [0, 2]
    Slots(app.storage).save(info_of(name, game, ["human", "easy", "human"], saved_at=1.0), record_of(game))
    _sidecar_of(app.storage, name, levels=["person", "shark", "guest"])
    slots = Slots(app.storage)
    (info,) = slots.list()
    assert info.levels == ["human", "medium", "human"] and len(slots.messages) == 1
    assert (info.hand_order, info.seed) == (["7H", "2C"], 4242)


def test_a_bad_name_total_hand_or_time_still_keeps_the_good_levels_and_details(app):
    """A sidecar whose hand number (or time, or a total) is bad is rebuilt
    from the record, and its good levels, sort order and seed are kept."""
    name = "game-20260101-120000"
    for bad in ({"hand": 0}, {"saved_at": "x"}, {"totals": [0, "a", 0]}):
        for old in Slots(app.storage).names():
            Slots(app.storage).delete(old)
        write_slot(app.storage, name, names=("Me", "Ana", "Bo"))
        _sidecar_of(app.storage, name, **bad)
        slots = Slots(app.storage)
        (info,) = slots.list()
        assert info.levels == ["human", "hard", "hoarder"], bad
        assert (info.hand, info.totals, info.sort_mode, info.seed) == (1, [0, 0, 0], "rank", 4242), bad
        assert len(slots.messages) == 1, bad


def test_a_newer_versions_slot_is_left_exactly_as_it_is(app):
    """A slot whose record a newer version wrote keeps its sidecar untouched,
    unknown style and all (that version can read it), and is not listed."""
    name = "game-20260101-120000"
    write_slot(app.storage, name, names=("Me", "Ana", "Bo"))
    record = app.storage.game_path(name)
    data = json.loads(record.read_text(encoding="utf-8"))
    data["format"] = "rummy500/999"
    record.write_text(json.dumps(data), encoding="utf-8")
    for levels in (["human", "shark", "hoarder"], ["human", "hard"]):
        side = _sidecar_of(app.storage, name, levels=levels)
        before = side.read_text(encoding="utf-8")
        slots = Slots(app.storage)
        assert slots.list() == [] and slots.messages
        assert side.read_text(encoding="utf-8") == before and _aside(app.storage, name) == []
        assert json.loads(record.read_text(encoding="utf-8"))["format"] == "rummy500/999"


def test_levels_for_some_seats_only_are_not_used_and_people_keep_their_seats(app):
    """A sidecar with fewer levels than seats (which seat is whose is not
    known) is rebuilt from the record, the player told, and the seats the
    record says people play (pass-and-play) stay people's, not Medium's."""
    name = "game-20260101-120000"
    game = Game.new(["Me", "Ana", "Bo"], seed=1)
    game.people = [0, 2]
    Slots(app.storage).save(info_of(name, game, ["human", "easy", "human"], saved_at=1.0), record_of(game))
    _sidecar_of(app.storage, name, levels=["human", "lay-off-hunter"])
    slots = Slots(app.storage)
    (info,) = slots.list()
    assert info.levels == ["human", "medium", "human"] and len(slots.messages) == 1
