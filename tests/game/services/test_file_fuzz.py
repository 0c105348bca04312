"""A fuzz over every file the program reads: settings, statistics, saves and
their seats, saved rules profiles, the finished games' index and finished
records. Every key (nested ones too) of a good file gets every JSON type
in turn, plus text the font refuses and nesting 100,000 deep; the loader,
and the screen that uses what it read, must never raise, say at most one
thing, and what is written back must load again without a word."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.services.finished import FinishedGames, record_finished_game
from game.services.statistics import count_game, summarize
from game.services.profiles import ProfileBook, load_profiles, save_profiles, selection_from_setup
from game.rules.record import game_from_record, parse_record
from game.rules.ruleset import RuleSet
from game.services.storage import Storage
from game_play import KNOWN_RECORD, step
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene

DEEP = "@@deep@@"
VALUES: list[Any] = [None, True, False, 0, -1, 7, 2.5, -1e308, 10**30, "", "x", "A\x00b", "\ud800x",
                     "x" * 5000, [], [1, "a", None], {}, {"a": None}, DEEP]
"""Every JSON type, edge numbers, text with NUL and a lone surrogate, and
(``DEEP``) a list nested 100,000 levels deep."""

GOOD_SETTINGS = {
    "version": 1, "window_size": [1280, 720], "fullscreen": False, "speed": "fast", "card_style": "2color",
    "card_back": "red", "felt": "blue", "reduced_motion": False, "rummy_window_s": 2.5, "player_name": "Ada",
    "show_log": True,
    "last_setup": {"players": 3, "names": ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus"],
                   "levels": ["easy", "hard", "medium", "medium", "medium", "medium", "medium"],
                   "you_level": "human", "profile": "standard", "rules": {"target": 300}},
}
GOOD_STATISTICS = {
    "version": 2, "games_played": 3, "games_won": 1, "hands_played": 9, "best_hand_score": 80,
    "worst_hand_score": -20, "highest_total": 510, "hand_points": 300, "hands_scored": 9, "rummy_calls": 1,
    "deep_takes": 2, "current_streak": 0, "best_streak": 1, "by_level": {"easy": [1, 3]},
    "by_players": {"3": [1, 3]}, "recent": [[510, 400], [200, 505]], "counted": ["abc"],
}
GOOD_SEATS = {"seats": [{"name": "Ann", "level": "human"}, {"name": "Ben", "level": "hard"}]}
GOOD_PROFILES = {"version": 1, "profiles": [{"name": "Friday", "rules": {"target": 300, "jokers_per_deck": 0}}]}


def paths(value: Any, here: tuple = ()) -> Iterator[tuple]:
    """Every key and index path inside ``value`` (the root excluded)."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for k, v in items:
        yield here + (k,)
        yield from paths(v, here + (k,))


def mutated(doc: Any, path: tuple, new: Any) -> str:
    """``doc`` as JSON text with the value at ``path`` replaced by ``new``."""
    doc = json.loads(json.dumps(doc))
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = new
    text = json.dumps(doc)
    return text.replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)


def cases(doc: Any) -> Iterator[tuple[str, str]]:
    for path in paths(doc):
        for value in VALUES:
            yield f"{'.'.join(map(str, path))}={value!r:.20}", mutated(doc, path, value)
    for top in ([], "x", 3, None, DEEP):  # the whole file
        yield f"root={top!r:.20}", json.dumps(top).replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    a = App(Options(config_dir=str(tmp_path_factory.mktemp("cfg")), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def reset_dir(storage: Storage) -> None:
    for p in sorted(Path(storage.settings_path).parent.rglob("*"), reverse=True):
        if p.is_file() or p.is_symlink():
            p.unlink()


def test_settings_fuzz_new_game_opens_and_bad_values_are_not_written_back(app):
    storage = app.storage
    for label, text in cases(GOOD_SETTINGS):
        reset_dir(storage)
        storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
        storage.settings_path.write_text(text, encoding="utf-8")
        settings, message = storage.load_settings()
        assert message is None or "\n" not in message, label
        app.settings = settings
        app.toasts.clear()
        scene = app.push(SetupScene(app))
        step(app)
        assert scene.players.value in range(2, 9), label
        assert all(f.value.isprintable() for f in scene.seat_names), label
        app.pop()
        app.save_settings()
        again, message = storage.load_settings()
        assert message is None or "newer version" in message, (label, message)
        if message is None:
            assert again == settings, label  # a dropped value is not written back
        assert len(app.toasts) <= 1, (label, app.toasts)


def test_statistics_fuzz_a_game_is_counted_and_the_scene_opens(app):
    storage = app.storage
    summary = summarize(json.loads(json.dumps(KNOWN_RECORD)), ["human", "easy"], 0)
    for n, (label, text) in enumerate(cases(GOOD_STATISTICS)):
        storage.statistics_path.parent.mkdir(parents=True, exist_ok=True)
        storage.statistics_path.write_text(text, encoding="utf-8")
        if n % 7 == 0:  # the scene too (slower): a spread of the cases
            app.toasts.clear()
            app.push(StatisticsScene(app))
            step(app)
            app.pop()
            assert len(app.toasts) <= 1, (label, app.toasts)
        stats, message = storage.load_statistics()
        assert message is None or "\n" not in message, label
        count_game(stats, summary)
        assert stats.win_rate is None or 0 <= stats.win_rate <= 1, label
        if storage.save_statistics(stats):
            assert storage.load_statistics() == (stats, None), label
        for p in storage.statistics_path.parent.glob("statistics.json*"):
            p.unlink()


def test_save_fuzz_a_loaded_save_always_replays_with_printable_names(tmp_path):
    storage = Storage(tmp_path)
    for label, text in cases(KNOWN_RECORD):
        path = storage.game_path("autosave")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        record, message = storage.load_game("autosave")
        if record is None:
            assert message and "\n" not in message, label
        else:
            assert message is None, label
            game = game_from_record(parse_record(record))
            assert all(n.isprintable() for n in game.names), label  # "" is a legal name (game-record.md)
        for p in path.parent.glob("autosave.json*"):
            p.unlink()


def test_seats_fuzz_levels_are_known_or_the_player_is_told(tmp_path):
    storage = Storage(tmp_path)
    for label, text in cases(GOOD_SEATS):
        path = storage.saves_dir / "autosave.seats"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        seats, message = storage.load_seats("autosave")
        if seats is None:
            assert message and "\n" not in message, label
        else:
            assert all(s["level"] in ("easy", "medium", "hard", "human") and s["name"].isprintable()
                       for s in seats), label
        for p in path.parent.glob("autosave.seats*"):
            p.unlink()


def test_profiles_fuzz_every_book_chooses_usable_rules(tmp_path):
    storage = Storage(tmp_path)
    for label, text in cases(GOOD_PROFILES):
        path = storage.settings_path.with_name("profiles.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        book, message = load_profiles(storage)
        assert message is None or "\n" not in message, label
        assert isinstance(book, ProfileBook)
        for name in book.names():
            assert isinstance(book.rules_of(name), RuleSet) and book.display(name).isprintable(), label
        name, rules = selection_from_setup({"profile": "Friday"}, book)
        assert isinstance(rules, RuleSet), label
        assert save_profiles(storage, book)
        assert load_profiles(storage)[1] is None, label
        for p in path.parent.glob("profiles.json*"):
            p.unlink()


def test_finished_index_and_record_fuzz_the_list_is_read_with_at_most_one_message(tmp_path):
    storage = Storage(tmp_path)
    record_finished_game(storage, json.loads(json.dumps(KNOWN_RECORD)), ["human", "easy"], 0)
    folder = FinishedGames(storage.finished_dir)
    [kept] = folder.files()
    good_record, good_index = kept.read_text(encoding="utf-8"), folder.index_path.read_text(encoding="utf-8")
    for which, doc in (("index", json.loads(good_index)), ("record", json.loads(good_record))):
        for label, text in cases(doc):
            for p in folder.folder.glob("*"):
                p.unlink()
            kept.write_text(good_record, encoding="utf-8")
            folder.index_path.write_text(good_index, encoding="utf-8")
            (folder.index_path if which == "index" else kept).write_text(text, encoding="utf-8")
            games, message = folder.list()
            assert message is None or "\n" not in message, (which, label)
            for _, summary in games:
                assert all(isinstance(n, str) and n.isprintable() for n in summary.players), (which, label)
            assert folder.list()[1] is None, (which, label)  # told once
