"""Starting the program: the command line's :class:`Options`, :func:`main`
(the window on the title, or the table in demo mode) and :func:`start_demo`.

``from scenes.app import Options, main, start_demo`` still works (re-exported
by :mod:`scenes.app`).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App

__all__ = ["Options", "main", "start_demo"]


@dataclass
class Options:
    """Command-line options of the table (see :func:`parse_args`)."""

    demo: bool = False
    players: int = 4
    seed: int | None = None
    speed: str | None = None
    levels: list[str] = field(default_factory=list)
    quit_after_game: bool = False
    screenshot_dir: str | None = None
    config_dir: str | None = None
    size: tuple[int, int] | None = None
    max_frames: int | None = None  # tests: stop after this many frames
    time_startup: bool = False  # print the seconds to the first drawn frame, then quit
    started: float | None = None  # time.perf_counter() at the program's start, if known
    rules: object = None  # --rules FILE: a game.rules.RuleSet chosen on New game (and for --demo)
    rules_from: str | None = None  # that file's name, for New game to show
    lang: str | None = None  # --lang CODE: the language for this run (the saved setting is not changed)


def _dpi_aware() -> None:
    """Windows: ask for per-monitor DPI awareness so text stays sharp."""
    if sys.platform != "win32":
        return
    try:
        import ctypes
        ctypes.windll.shcore.SetProcessDpiAwareness(2)
    except Exception:  # older Windows or no shcore: blurry, not broken
        pass


def main(options: Options) -> int:
    """Open the window on the first scene (the title, or the table in demo
    mode) and run; returns the exit status (1 when the game could not start:
    see :func:`scenes.startup.startup_failed`)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .app import App

    app = None
    try:
        app = App(options)
        if options.demo:
            start_demo(app, options)
        else:
            from .title import TitleScene
            app.push(TitleScene(app))
            if options.rules is not None:
                from .setup import SetupScene
                app.push(SetupScene(app), rules=options.rules, rules_from=options.rules_from)
    except Exception as exc:  # before the first frame: a message box, not a silent exit
        from .startup import startup_failed
        status = startup_failed(exc, options.config_dir)
        if app is None:
            pygame.display.quit()
        else:
            app.close()
        return status
    return app.run()


def start_demo(app: App, options: Options):
    """Push the table of an all-computer demo game (``--demo``):
    ``options.players`` seats played by ``options.levels`` (Medium where not
    given), dealt from ``options.seed`` under ``options.rules``; returns the
    :class:`~scenes.table.TableScene`."""
    from game.session import Seat

    from .table import TableScene
    n = options.players
    levels = options.levels or ["medium"] * n
    names = ["You", "Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
    seats = [Seat(names[i], levels[i]) for i in range(n)]
    return app.push(TableScene(app), seats=seats, seed=options.seed, demo=True, rules=options.rules)
