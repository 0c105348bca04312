"""The title screen: New game, Continue, Settings, Statistics, Rules, Quit."""

from __future__ import annotations

from game.i18n import N_, _, ngettext

from scenes.core import theme as T
from scenes.core.forms import MenuScene
from game.services.slots import Slots
from game.services.slots import MAX_SLOTS
from scenes.core.dialogs import ChoiceDialog
from scenes.core import registry
from scenes.core import rules_choice as C


class TitleScene(MenuScene):
    """The first scene. Continue resumes the game in progress played most
    recently (greyed out when there is none); Load game lists every saved
    game (:mod:`scenes.screens.load_game`). New game with a game in progress asks
    first: keep it in its slot, replace it, or cancel. A game won but whose
    game-over screen was never seen (the window closed on the last results)
    opens on those results, then shows who won. A save that cannot be loaded
    is moved aside and the player is told, and the title stays. The single
    autosave of older versions becomes a slot on arrival."""

    title = "Rummy 500"  # the game's name is never translated
    subtitle = N_("against computer opponents")

    def items(self):
        return [(N_("New game"), self.new_game), (N_("Continue"), self.continue_game),
                (N_("Load game"), self.load_game), (N_("How to play"), self.how_to_play),
                (N_("Settings"), self.settings), (N_("Statistics"), self.statistics), (N_("Rules"), self.rules),
                (N_("Quit"), self.quit)]

    def enter(self) -> None:
        super().enter()
        self.slots = Slots(self.app.storage)
        try:
            self.slots.migrate()
        except (OSError, ValueError) as exc:  # the old save stays where it is; the title still opens
            self.app.notify(_("The saved game could not be moved into a slot ({error}).").format(error=exc))
        for m in self.slots.messages:  # the old save was broken: moved aside, and the player told now
            self.app.notify(m, 8.0)
        self.slots.messages.clear()
        self.refresh()

    def refresh(self) -> None:
        try:
            has = bool(self.slots.names())
        except (OSError, ValueError):
            has = False
        for b in self.buttons[1:3]:
            b.enabled = has
        if not has and self.focus.focused in self.buttons[1:3]:
            self.focus.focus(self.buttons[0])

    def update(self, dt: float) -> None:
        """Continue and Load game follow the save slots (only the top scene is
        updated, so a covered title does not read them)."""
        self.refresh()

    def back(self) -> None:
        pass  # Esc on the title does not quit by accident

    def _slots(self):
        """The slots, latest first (a broken one is moved aside and the player told)."""
        infos = self.slots.list()
        for m in self.slots.messages:
            self.app.notify(m, 8.0)
        self.slots.messages.clear()
        return infos

    def _latest(self):
        infos = self._slots()
        return infos[0] if infos else None

    def new_game(self) -> None:
        """New game; with a game in progress, ask first (keep it / replace it / cancel)."""

        info = next((i for i in self._slots() if not i.won), None)  # a won game is no longer in progress
        if info is None:
            self.start_setup(None)
            return
        options = [(_("Keep it (Load game has it) and start a new one"), None) if not self.slots.full() else
                   (ngettext("Keep it: all {count} place is used, free one first",
                             "Keep it: all {count} places are used, free one first", MAX_SLOTS).format(
                       count=MAX_SLOTS), "load"),
                   (_("Start a new one in its place"), info.name)]
        self.app.push(ChoiceDialog(self.app), title=_("You have a game in progress ({scores}, hand {hand}). "
                                                      "Start a new one?").format(scores=info.scores(), hand=info.hand),
                      options=options, on_choose=self.start_setup)

    def start_setup(self, replace: str | None) -> None:
        """Open New game; ``replace`` is the slot the new game will take the place of
        (``"load"``: open Load game instead)."""
        if replace == "load":
            self.load_game()
            return
        self.app.open("setup", replace=replace)

    def continue_game(self) -> None:
        """Resume the game in progress played most recently."""
        info = self._latest()
        if info is None:
            self.app.notify(_("There is no saved game to continue."))
        else:
            registry.scene_class("load_game").resume(self.app, info)
        self.refresh()

    def load_game(self) -> None:
        """Open the list of saved games."""
        self.app.open("load_game")

    def how_to_play(self) -> None:
        """Open the controls page (for the rules chosen for the next game)."""
        self.app.open("how_to_play", rules=C.selection(self.app)[1])

    def settings(self) -> None:
        self.app.open("settings")

    def statistics(self) -> None:
        self.app.open("statistics")

    def rules(self) -> None:
        _name, rules = C.selection(self.app)  # the house rules chosen for the next game, by their name
        self.app.open("rules", rules=rules, profile=C.name_of(self.app, rules))

    def quit(self) -> None:
        self.app.quit(0)

    def draw(self, surface) -> None:
        super().draw(surface)
        th = self.theme
        hint = T.text(_("F11 fullscreen · F12 screenshot"), th.small, T.TEXT_DIM)
        surface.blit(hint, hint.get_rect(bottomright=(th.width - th.pad, th.height - th.pad)))
