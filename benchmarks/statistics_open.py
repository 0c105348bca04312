"""How long the Statistics scene takes to open with 100 finished games kept.

    python benchmarks/statistics_open.py [--games 100] [--players 4] [--target 150]

Plays ``--games`` real games (Easy computers, ``--target`` points to win; not
timed) and keeps them with :func:`game.services.finished.record_finished_game` in a temp folder, then
times, each the median of a few runs: listing them with the index
(``index_list_ms``), listing them after the index was lost and every record
is replayed again (``rebuild_ms``, once), and opening the scene (load the
statistics, list the games, lay the page out) under the dummy video driver
(``scene_open_ms``, printed last).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import whole_number as whole  # noqa: E402
from game.services.finished import FinishedGames, record_finished_game  # noqa: E402
from game.rules.record import record_of  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from game.play.table_session import Seat, TableSession  # noqa: E402
from game.services.storage import Storage  # noqa: E402


def play(players: int, seed: int, target: int) -> dict:
    seats = [Seat("You", "human")] + [Seat(f"AI{i}", "easy") for i in range(players - 1)]
    s = TableSession(seats, RuleSet(target=target), seed=seed, use_workers=False, autoplay_level="easy")
    g = s.game
    while g.winner is None:
        if g.hand.ended is not None:
            s.deal_next_hand()
        s.update()
        if s.ready():
            s.advance()
    s.close()
    return record_of(g)


def ms(f, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=whole(1), default=100)
    ap.add_argument("--players", type=whole(2, 8), default=4)
    ap.add_argument("--target", type=whole(1, 1_000_000), default=150, help="points that win a game (fewer: shorter games)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        storage = Storage(tmp)
        for i in range(args.games):
            levels = ["human"] + ["easy"] * (args.players - 1)
            record_finished_game(storage, play(args.players, i, args.target), levels, 0)
        folder = FinishedGames(storage.finished_dir)
        assert len(folder.list()[0]) == args.games
        print(f"index_list_ms: {ms(folder.list):.1f}")
        folder.index_path.unlink()
        t = time.perf_counter()
        folder.list()
        print(f"rebuild_ms: {(time.perf_counter() - t) * 1000:.1f}")

        from scenes.core.app import App
        from scenes.core.options import Options
        from scenes.screens.statistics import StatisticsScene
        app = App(Options(config_dir=tmp, size=(1920, 1080)))

        def open_scene():
            app.push(StatisticsScene(app))
            app.pop()
        print(f"scene_open_ms: {ms(open_scene):.1f}")
        app.close()


if __name__ == "__main__":
    main()
