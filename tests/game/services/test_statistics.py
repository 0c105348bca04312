"""The person's statistics: what one game adds (``game/services/statistics.py``), the file
(``Statistics`` in ``game/services/storage.py``) and the Statistics scene."""

from __future__ import annotations

import json

import pygame

from game.services.finished import record_finished_game
from game.rules.ruleset import RuleSet
from game.services.statistics import count_game, game_id, profile_of, profile_shown, summarize
from game.services.statistics import RECENT_GAMES, STATISTICS_VERSION, Statistics, record_game
from game.services.storage import Storage
from game_play import KNOWN_RECORD, expected_person_figures, play_to_last_results, step
from scenes.core.dialogs import ChoiceDialog
from scenes.screens.statistics import StatisticsScene, figures, result_words
from scenes.screens.title import TitleScene
from test_scenes import SIZES, app, click, key, resize  # noqa: F401  (app is a fixture)


# --------------------------------------------------------------------------- one game

def test_summary_of_a_known_record():
    ann = summarize(KNOWN_RECORD, ["human", "medium"], 0)
    assert (ann.winner, ann.totals, ann.hands) == (1, [-6, 35], 1)
    assert ann.hand_scores == [-6] and ann.deep_takes == 1 and ann.rummy_calls == 0
    assert not ann.won and ann.best_opponent == 35 and ann.opponent_levels == ["medium"]
    assert ann.profile == "No jokers*" and ann.target == 30  # target 30: changed, as the badge says
    ben = summarize(KNOWN_RECORD, ["hard", "human"], 1)
    assert ben.won and ben.hand_scores == [35] and ben.rummy_calls == 1 and ben.deep_takes == 0
    watched = summarize(KNOWN_RECORD, ["easy", "easy"], None)
    assert watched.hand_scores == [] and watched.rummy_calls == 0 and not watched.won
    assert result_words(ann) == "Ben won 35; you -6"
    assert result_words(ben) == "You won 35 to -6" and result_words(watched) == "Watched: Ben won 35"


def test_game_id_names_one_game():
    other = json.loads(json.dumps(KNOWN_RECORD))
    assert game_id(other) == game_id(KNOWN_RECORD)
    other["hands"][0]["actions"] = []  # the same game, saved earlier
    assert game_id(other) == game_id(KNOWN_RECORD)
    other["hands"][0]["deal"]["stock"].reverse()
    assert game_id(other) != game_id(KNOWN_RECORD)


def test_profile_of_rules():
    assert profile_of(RuleSet()) == "Standard"
    assert profile_of(RuleSet(scoring="fives")) == "Fives"
    assert profile_of(RuleSet(scoring="fives", target=300)) == "Fives*"   # the badge's name for them
    assert profile_of(RuleSet(decks=2)) == "Standard*"
    for old, shown_as in (("standard", "Standard"), ("no_jokers", "No jokers"), ("custom", "Custom"),
                          ("Fives*", "Fives*")):
        assert profile_shown(old) == shown_as                            # summaries kept before read well


def test_a_built_in_profile_stored_in_one_language_is_shown_in_the_current_one():
    """The Statistics list showed a game finished in Welsh as "Safonol*" in
    English too: profile_of stores the name in the language of the day."""
    from game.i18n import set_language
    try:
        set_language("cy")
        welsh = profile_of(RuleSet(decks=2))
        assert welsh.endswith("*") and welsh != "Standard*"
        assert profile_shown("Standard") == profile_shown("standard") != "Standard"
        set_language("ka")
        georgian = profile_shown(welsh)
        assert georgian.endswith("*") and georgian not in (welsh, "Standard*")
        set_language("en")
        assert profile_shown(welsh) == "Standard*" and profile_shown(georgian) == "Standard*"
        assert profile_shown("My house*") == "My house*"  # a saved profile's name, as stored
    finally:
        set_language("en")


def test_count_game_adds_everything_once():
    stats = Statistics()
    ann = summarize(KNOWN_RECORD, ["human", "medium"], 0)
    assert count_game(stats, ann) and not count_game(stats, ann)
    assert (stats.games_played, stats.games_won, stats.hands_played) == (1, 0, 1)
    assert stats.best_hand_score == stats.worst_hand_score == stats.highest_total == -6
    assert stats.deep_takes == 1 and stats.rummy_calls == 0 and stats.average_hand == -6
    assert stats.by_players == {"2": [0, 1]} and stats.by_level == {"medium": [0, 1]}
    assert stats.recent == [[-6, 35]] and stats.current_streak == 0
    assert not count_game(stats, summarize(KNOWN_RECORD, ["easy", "easy"], None))  # watched: never counted


def test_streaks_recent_and_averages():
    stats = Statistics()
    results = [True, True, False, True, True, True, False]
    for i, won in enumerate(results):
        record_game(stats, won, ["easy"], [10 * i, -5], 100 + i, players=3, best_opponent=90,
                    game_id=f"g{i}")
    assert stats.best_streak == 3 and stats.current_streak == 0
    assert stats.hand_points == sum(10 * i - 5 for i in range(7)) and stats.hands_scored == 14
    assert stats.by_players == {"3": [5, 7]} and stats.win_rate == 5 / 7
    assert record_game(stats, True, ["easy"], [1], 1, game_id="g3") == stats and stats.games_played == 7
    for i in range(30):
        record_game(stats, True, [], [], i, best_opponent=0)
    assert len(stats.recent) == RECENT_GAMES and stats.recent[-1] == [29, 0]


def test_a_version_1_file_is_upgraded_key_by_key(tmp_path):
    storage = Storage(tmp_path)
    storage.statistics_path.write_text(json.dumps({
        "version": 1, "games_played": 5, "games_won": 2, "hands_played": 11, "best_hand_score": 80,
        "highest_total": 520, "current_streak": 1, "best_streak": 2, "by_level": {"hard": [2, 5]},
        "recent": [[1, 2], "x"], "counted": ["a", 3]}), encoding="utf-8")
    stats, message = storage.load_statistics()
    assert message is None and stats.version == STATISTICS_VERSION
    assert (stats.games_played, stats.best_hand_score, stats.by_level) == (5, 80, {"hard": [2, 5]})
    assert stats.worst_hand_score is None and stats.average_hand is None and stats.rummy_calls == 0
    assert stats.recent == [[1, 2]] and stats.counted == ["a"]
    assert storage.save_statistics(stats)
    assert json.loads(storage.statistics_path.read_text(encoding="utf-8"))["version"] == STATISTICS_VERSION


# --------------------------------------------------------------------------- a game at the table

def test_statistics_counted_correctly_after_a_game(app):
    table = play_to_last_results(app, players=3, seed=8, levels=("hard", "easy"))
    game = table.session.game
    want = expected_person_figures(game)
    stats, _ = app.storage.load_statistics()
    assert stats.games_played == 1 and stats.games_won == int(want["won"])
    assert stats.hands_played == len(game.hand_scores) == len(want["hand_scores"])
    assert stats.best_hand_score == max(want["hand_scores"]) and stats.worst_hand_score == min(want["hand_scores"])
    assert stats.hand_points == sum(want["hand_scores"]) and stats.highest_total == want["total"]
    assert stats.deep_takes == want["deep"] and stats.rummy_calls == want["rummy"]
    assert stats.by_level == {"hard": [int(want["won"]), 1], "easy": [int(want["won"]), 1]}
    assert stats.by_players == {"3": [int(want["won"]), 1]}
    assert stats.recent == [[want["total"], want["best_opponent"]]]
    assert stats.current_streak == int(want["won"])


# --------------------------------------------------------------------------- the scene

def _some_games(storage, n=25):
    for i in range(n):
        rec = json.loads(json.dumps(KNOWN_RECORD))
        rec["scores"] = [-i, 0]
        record_finished_game(storage, rec, ["human", "hard"], 0)
    stats, _ = storage.load_statistics()
    return stats


def test_reset_asks_first_cancel_keeps_and_confirm_clears(app):
    before = _some_games(app.storage, 3)
    assert before.games_played == 3
    title = app.push(TitleScene(app))
    step(app)
    click(app, title.buttons[5].rect.center)  # Statistics
    scene = app.top
    assert isinstance(scene, StatisticsScene) and len(scene.games) == 3
    click(app, scene.reset_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and dialog.focus.focused is dialog.buttons[-1]  # Cancel first
    key(app, pygame.K_RETURN)  # Enter by habit: cancels
    assert app.top is scene and app.storage.load_statistics()[0] == before
    click(app, scene.reset_button.rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and app.storage.load_statistics()[0] == before
    click(app, scene.reset_button.rect.center)
    click(app, app.top.buttons[0].rect.center)  # "Reset statistics"
    assert app.top is scene
    after, _ = app.storage.load_statistics()
    assert after.games_played == 0 and after.recent == [] and after.by_level == {}
    assert after.counted == before.counted  # a game counted before is never counted again
    assert scene.stats == after and ("Games played", "0") in figures(scene.stats)
    assert len(scene.games) == 3  # the finished games stay
    key(app, pygame.K_ESCAPE)
    assert app.top is title


def test_statistics_scene_fits_every_size_and_scrolls(app):
    _some_games(app.storage, 40)
    scene = app.push(StatisticsScene(app))
    for size in SIZES:
        resize(app, size)
        step(app, 2)
        th = app.theme
        view = scene.view
        assert view.top > 0 and view.bottom <= scene.reset_button.rect.top
        for b in scene.buttons:
            assert pygame.Rect(0, 0, *size).contains(b.rect)
        inner_w = view.width - 2 * th.pad
        for surf, (x, _) in scene.items:
            assert x >= 0 and x + surf.get_width() <= inner_w + 1
        assert scene.chart_rect.right <= inner_w and scene.chart_rect.height >= th.body * 8
        assert scene.content_h > 40 * scene.line_h
        key(app, pygame.K_END)
        assert scene.scroll == scene.max_scroll > 0
        key(app, pygame.K_PAGEUP)
        assert 0 <= scene.scroll < scene.max_scroll
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50, flipped=False, precise_x=0.0,
                                             precise_y=50.0))
        step(app)
        assert scene.scroll == 0


def test_statistics_scene_keyboard(app):
    _some_games(app.storage, 2)
    title = app.push(TitleScene(app))
    step(app)
    title.focus.focus(title.buttons[5])  # Statistics
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, StatisticsScene) and scene.focus.focused is scene.back_button
    visible = [b for b in scene.replays if b.visible]
    assert len(visible) == 2  # each game's Replay button, while its row is in view, comes after Back
    for b in visible:
        key(app, pygame.K_TAB)
        assert scene.focus.focused is b
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.reset_button and scene.reset_button.focused
    key(app, pygame.K_RIGHT)
    assert scene.focus.focused is scene.back_button
    key(app, pygame.K_RETURN)
    assert app.top is title


def test_a_corrupt_statistics_file_is_moved_aside_with_one_message(app):
    path = app.storage.statistics_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{oops", encoding="utf-8")
    scene = app.push(StatisticsScene(app))
    step(app)
    notes = [m for m, _ in app.toasts if "statistics" in m]
    assert len(notes) == 1 and "moved to" in notes[0]
    assert not path.exists() and list(path.parent.glob("statistics.json.corrupt-*"))
    assert scene.stats == Statistics() and ("Games played", "0") in figures(scene.stats)
