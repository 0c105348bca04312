"""Memory when games follow each other in one process.

    python benchmarks/memory.py [--games 10] [--players 8] [--level easy] [--target 500]

Plays ``--games`` all-computer games (``--target`` points win one) one after
another through the real table (``TableScene`` under the dummy video driver,
speed "instant", like ``rummy500 --demo``), going back to the title after
each game over, and prints the resident memory (RSS, MB) before the first
game and after each one, without forcing a garbage collection, then how many
finished tables are still alive (held by a reference cycle until a full
collection) and the RSS after ``gc.collect()``. Flat RSS and 0 tables alive: nothing leaks.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import weakref
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import whole_number as whole  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from scenes.core.app import App  # noqa: E402
from scenes.core.options import Options  # noqa: E402
from scenes.launch import start_demo  # noqa: E402
from scenes.screens.results import GameOver, HandResults  # noqa: E402
from scenes.table.scene import TableScene  # noqa: E402
from scenes.screens.title import TitleScene  # noqa: E402


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux ``/proc``; else the peak from ``resource``)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def play_one(app: App, options: Options, seed: int) -> weakref.ref:
    """One whole game at the table, back to the title; a weak reference to the table."""
    options.seed = seed
    table = start_demo(app, options)
    ref = weakref.ref(table)
    del table
    for _ in range(200_000):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, HandResults):
            top.table.next_hand() if top.table.session.game.winner is None else None
            app.pop()
            if isinstance(app.top, TableScene) and app.top.session.game.winner is not None:
                app.top.record_if_won()
        if isinstance(app.top, GameOver) or (isinstance(app.top, TableScene)
                                             and app.top.session.game.winner is not None):
            break
    else:
        raise SystemExit("a game did not end")
    app.pop_to(TitleScene)
    return ref


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=whole(1), default=10)
    ap.add_argument("--players", type=whole(2, 8), default=8)
    ap.add_argument("--level", default="easy", choices=("easy", "medium", "hard"))
    ap.add_argument("--target", type=whole(1, 1_000_000), default=500, help="points that win a game (fewer: shorter games)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as cfg:
        options = Options(demo=True, config_dir=cfg, speed="instant", players=args.players,
                          levels=[args.level] * args.players, size=(1280, 720),
                          rules=RuleSet(target=args.target))
        app = App(options)
        app.push(TitleScene(app))
        app.step(1 / 60)
        before = rss_mb()
        print(f"rss_before_mb: {before:.1f}")
        refs = []
        for i in range(args.games):
            refs.append(play_one(app, options, seed=i + 1))
            print(f"game {i + 1}: rss_mb {rss_mb():.1f}  tables_alive {sum(r() is not None for r in refs)}",
                  flush=True)
        after = rss_mb()
        alive = sum(r() is not None for r in refs)
        gc.collect()
        print(f"rss_after_mb: {after:.1f}  growth_mb: {after - before:.1f}  tables_alive_before_gc: {alive}  "
              f"rss_after_gc_mb: {rss_mb():.1f}")
        app.close()


if __name__ == "__main__":
    main()
