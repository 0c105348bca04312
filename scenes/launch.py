"""Starting the program: :func:`main` (the window on the title, or the table
in demo mode) and :func:`start_demo`, on top of every scene.

Importing it registers every scene under its key (:mod:`scenes.core.registry`),
so the layers below reach one another by key, never by import.
"""

from __future__ import annotations

import os

import pygame

from game.i18n import _, in_every_language
from game.play.table_session import Seat
from game.rules.names import field_name, has_visible, is_you_word, name_key

from scenes.core import registry
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.startup import startup_failed

__all__ = ["main", "start_demo", "SCENES"]

SCENES = {
    "title": "scenes.screens.title:TitleScene", "setup": "scenes.screens.setup:SetupScene",
    "load_game": "scenes.screens.load_game:LoadGameScene", "settings": "scenes.screens.settings:SettingsScene",
    "house_rules": "scenes.screens.rules_settings:RulesSettingsScene", "rules": "scenes.screens.rules_help:RulesScene",
    "how_to_play": "scenes.screens.how_to_play:HowToPlayScene",
    "statistics": "scenes.screens.statistics:StatisticsScene", "table": "scenes.table.scene:TableScene",
    "pause_menu": "scenes.screens.menus:PauseMenu", "hand_results": "scenes.screens.results:HandResults",
    "game_over": "scenes.screens.results:GameOver", "review": "scenes.screens.review:ReviewScene",
    "replay": "scenes.table.replay:ReplayScene",
    "host_table": "scenes.screens.hosting:HostScene", "join_table": "scenes.screens.joining:JoinScene",
}
"""Every scene reached by key (:meth:`scenes.core.app.App.open`), registered on import by
``"module:Class"``: a screen's module is imported when it is first opened, so start-up loads
only the title's."""

for _key, _cls in SCENES.items():
    registry.register(_key, _cls)
registry.register_drop("rules", lambda app, path: app.open("house_rules").import_path(path))


def main(options: Options | None = None, **fields) -> int:
    """Open the window on the first scene (the title, or the table in demo
    mode) and run; returns the exit status (1 when the game could not start:
    see :func:`scenes.core.startup.startup_failed`). ``options`` or, without
    it, ``fields`` are the :class:`~scenes.core.options.Options` (``demo``,
    ``players``, ``seed`` ...)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    options = options if options is not None else Options(**fields)
    app = None
    try:
        app = App(options)
        if options.demo:
            start_demo(app, options)
        elif options.show is not None:  # rummy500 show FILE: straight into its replay (Back closes the window)
            app.open("replay", replay=options.show)
        else:
            app.open("title")
            if options.rules is not None:
                app.open("setup", rules=options.rules, rules_from=options.rules_from)
    except Exception as exc:  # before the first frame: a message box, not a silent exit
        status = startup_failed(exc, options.config_dir)
        if app is None:
            pygame.display.quit()
        else:
            app.close()
        return status
    return app.run()


DEMO_OPPONENTS = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus")
"""The names of a demo's seats 1 to 7."""


def demo_name(player_name: str | None, players: int = 8) -> str:
    """The name of a demo's seat 0, the seat at the bottom, played by a
    computer for the person as their own seat is when "Your seat" is a
    level: the person's name from the settings (``player_name``, cut to
    16 characters as New game cuts it), or "Player" in the current language
    when it is the default "You", a word for "you" in any language, "Player"
    in any language (what New game fills in), has no visible character or
    is the name of another of the demo's ``players`` seats
    (:data:`DEMO_OPPONENTS`; names at one table are distinct and never a
    word for "you", issue 23). The seat was called "You", in English in
    every language."""
    name = field_name(player_name).strip()
    taken = {name_key(n) for n in DEMO_OPPONENTS[:players - 1]} | {name_key(w) for w in in_every_language("Player")}
    if not has_visible(name) or is_you_word(name) or name_key(name) in taken:
        return _("Player")
    return name


def start_demo(app: App, options: Options):
    """Push the table of an all-computer demo game (``--demo``):
    ``options.players`` seats played by ``options.levels`` (Medium where not
    given), dealt from ``options.seed`` under ``options.rules``; returns the
    :class:`~scenes.table.scene.TableScene`."""
    n = options.players
    levels = options.levels or ["medium"] * n
    names = [demo_name(app.settings.player_name, n), *DEMO_OPPONENTS]
    seats = [Seat(names[i], levels[i]) for i in range(n)]
    return app.open("table", seats=seats, seed=options.seed, demo=True, rules=options.rules)
