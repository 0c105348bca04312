"""Kill the real table at random moments and check nothing is lost.

    python tests/kill_play.py [--kills 200] [--seed 1] [--players 4]

Each round starts this file as a program (``--play CONFIG_DIR``) under the
dummy drivers: it opens the real ``App`` on the config folder and resumes
the saved game with Continue, or starts a new watched game (every seat a
computer, not a demo: it is saved and kept like a person's game; target
150 so games end within a few rounds) at speed "instant", presses Enter on each hand's results and leaves after the game
over. After it has saved once it writes ``ready``; in even rounds the
checker then waits a random 0 to 1.5 s and sends SIGKILL (perhaps in the
middle of a write), in odd rounds the program SIGKILLs itself after a
random 1 to 600 frames (so it gets to the results panels and the game over
however slow the machine). The checker then asserts: the game continues (the latest save slot
loads without a message) or it is finished and kept in ``saves/finished``;
never both lost, and no file was ever found corrupt. Prints one line per
round and a summary; exits 1 on the first loss. ``tests/test_kills.py``
runs 20 rounds.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play(config_dir: str, seed: int, players: int, die_after: int = 0) -> int:
    """The program that is killed: resume or start a watched game and play it
    to the end; with ``die_after`` it SIGKILLs itself after that many frames."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.rules.ruleset import RuleSet
    from game.play.table_session import Seat
    from scenes.core.app import App
    from scenes.core.options import Options
    from scenes.screens.results import GameOver, HandResults
    from scenes.table.scene import TableScene
    from scenes.screens.title import TitleScene

    app = App(Options(config_dir=config_dir, speed="instant", size=(1024, 640)))
    title = app.push(TitleScene(app))
    if title.slots.names():  # a game in progress: Continue resumes the latest save slot
        title.continue_game()
    if not isinstance(app.top, TableScene):
        seats = [Seat("Me", "easy")] + [Seat(f"AI{i}", "easy") for i in range(players - 1)]
        app.push(TableScene(app), seats=seats, seed=seed, use_workers=False, rules=RuleSet(target=150))
    app.top.autosave()
    Path(config_dir, "ready").write_text("1")
    for frame in range(500_000):
        if frame == die_after > 0:
            os.kill(os.getpid(), signal.SIGKILL)
        app.step(1 / 60)
        top = app.top
        if isinstance(top, (HandResults, GameOver)) and top.elapsed > 0.9:
            if isinstance(top, GameOver):
                top.to_title()
                app.step(1 / 60)
                app.close()
                return 0
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
    return 2


def state(cfg: Path) -> tuple[bool, set[str], list[Path]]:
    """(Continue possible, names of the finished games kept, corrupt files)
    in ``cfg``. Names, not a count: past 100 kept games the oldest goes as a
    new one comes (game/services/finished.py), so the count stops growing."""
    sys.path.insert(0, str(ROOT))
    from game.services.finished import FinishedGames
    from game.services.slots import Slots
    from game.services.storage import Storage

    storage = Storage(cfg)
    latest = Slots(storage).latest()
    record, message = storage.load_game(latest.name) if latest is not None else (None, None)
    kept = {Path(f).name for f in FinishedGames(storage.finished_dir).files()}
    corrupt = sorted(p for p in cfg.rglob("*") if ".corrupt-" in p.name)
    return record is not None and message is None, kept, corrupt


def rounds(kills: int, seed: int, players: int, out=print) -> int:
    """Run ``kills`` kill rounds in a temp folder; returns the number of losses (0 is good)."""
    rng = random.Random(seed)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory() as folder:
        cfg = Path(folder)
        kept_before: set[str] = set()
        for i in range(kills):
            (cfg / "ready").unlink(missing_ok=True)
            # even rounds: killed from outside after a random time (maybe mid-write);
            # odd rounds: kill themselves at a random frame (so a loaded machine still reaches the panels)
            die_after = rng.randint(1, 600) if i % 2 else 0
            proc = subprocess.Popen([sys.executable, __file__, "--play", str(cfg), "--seed", str(seed * 1000 + i),
                                     "--players", str(players), "--die-after", str(die_after)], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            while not (cfg / "ready").exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            if die_after:
                proc.wait(timeout=120)
            else:
                time.sleep(rng.uniform(0, 1.5))
            finished = proc.poll() == 0
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
            proc.wait()
            can_continue, kept, corrupt = state(cfg)
            ok = (can_continue or bool(kept - kept_before)) and not corrupt
            out(f"round {i + 1}: {'ended by itself' if finished else 'killed'}; continue={can_continue} "
                f"kept={len(kept)}{' corrupt=' + str(corrupt) if corrupt else ''} -> {'ok' if ok else 'LOST'}")
            if not ok:
                return 1
            if not can_continue:
                kept_before = kept  # that game is over and kept: the next round starts a new one
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--play", metavar="CONFIG_DIR", help=argparse.SUPPRESS)
    ap.add_argument("--die-after", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.play:
        return play(args.play, args.seed, args.players, args.die_after)
    t = time.monotonic()
    lost = rounds(args.kills, args.seed, args.players)
    print(f"{args.kills} kills, {'none lost' if not lost else 'a game was LOST'} ({time.monotonic() - t:.0f} s)")
    return lost


if __name__ == "__main__":
    sys.exit(main())
