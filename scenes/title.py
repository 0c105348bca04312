"""The title screen: New game, Continue, Settings, Statistics, Rules, Quit."""

from __future__ import annotations


from . import theme as T
from .menus import MenuScene


class TitleScene(MenuScene):
    """The first scene. Continue resumes the autosaved game (greyed out when
    there is none); a game won but whose game-over screen was never seen (the
    window closed on the last results) opens on those results, then shows who
    won. A save that cannot be loaded is moved aside and the player is told,
    and the title stays. Statistics opens the person's record."""

    title = "Rummy 500"
    subtitle = "against computer opponents"

    def items(self):
        return [("New game", self.new_game), ("Continue", self.continue_game), ("Settings", self.settings),
                ("Statistics", self.statistics), ("Rules", self.rules), ("Quit", self.quit)]

    def enter(self, **kwargs) -> None:
        super().enter(**kwargs)
        self.refresh()

    def refresh(self) -> None:
        try:
            has = self.app.storage.has_game("autosave")
        except (OSError, ValueError):
            has = False
        self.buttons[1].enabled = has
        if not has and self.focus.focused is self.buttons[1]:
            self.focus.focus(self.buttons[0])

    def update(self, dt: float) -> None:
        if self.app.top is self:
            self.refresh()

    def back(self) -> None:
        pass  # Esc on the title does not quit by accident

    def new_game(self) -> None:
        from .setup import SetupScene
        self.app.push(SetupScene(self.app))

    def continue_game(self) -> None:
        from game.record import game_from_record
        from game.session import Seat, TableSession

        from .table import TableScene

        record, message = self.app.storage.load_game("autosave")
        if record is None:
            self.app.notify(message or "There is no saved game to continue.")
            self.refresh()
            return
        game = game_from_record(record)  # a won game opens on its last results, then who won
        saved = self.app.storage.load_seats("autosave") or []
        seats = []
        for i, name in enumerate(game.names):
            level = saved[i]["level"] if i < len(saved) and saved[i]["name"] == name else None
            seats.append(Seat(name, level if level in ("easy", "medium", "hard", "human") else
                              ("human" if i == 0 else "medium")))
        session = TableSession(seats, game.rules, game=game)
        self.app.push(TableScene(self.app), session=session)

    def settings(self) -> None:
        from .settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def statistics(self) -> None:
        from .statistics import StatisticsScene
        self.app.push(StatisticsScene(self.app))

    def rules(self) -> None:
        from . import rules_choice as C
        from .rules_help import RulesScene
        _, rules = C.selection(self.app)  # the house rules chosen for the next game, by their name
        self.app.push(RulesScene(self.app), rules=rules, profile=C.name_of(self.app, rules))

    def quit(self) -> None:
        self.app.quit(0)

    def draw(self, surface) -> None:
        super().draw(surface)
        th = self.theme
        hint = T.text("F11 fullscreen · F12 screenshot", th.small, T.TEXT_DIM)
        surface.blit(hint, hint.get_rect(bottomright=(th.width - th.pad, th.height - th.pad)))
