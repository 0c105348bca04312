"""The command line's options for the window (:class:`Options`) and the
Windows DPI call made before the window opens (:func:`dpi_aware`)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

__all__ = ["Options", "dpi_aware"]


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
    rules: object = None  # --rules FILE: a game.rules.ruleset.RuleSet chosen on New game (and for --demo)
    rules_from: str | None = None  # that file's name, for New game to show
    lang: str | None = None  # --lang CODE: the language for this run (the saved setting is not changed)
    show: object = None  # rummy500 show FILE: the game.services.replay.ReplayGame the window opens on


def dpi_aware() -> None:
    """Windows: ask for per-monitor DPI awareness so text stays sharp."""
    if sys.platform != "win32":
        return
    try:
        import ctypes
        ctypes.windll.shcore.SetProcessDpiAwareness(2)
    except Exception:  # older Windows or no shcore: blurry, not broken
        pass
