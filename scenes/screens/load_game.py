"""Load game: the games in progress, one save slot each (:mod:`game.services.slots`).

Each row shows the players, the totals, the hand being played and when it
was last played; clicking it (or Enter) resumes that game. "Watch" beside it
opens the game up to now in the Replay scene (:mod:`scenes.table.replay`), only
as the person's seat saw it: no hand or stock that Continue would show.
"Delete" beside a row asks first. :func:`resume` is also what Continue on the title does
with the slot played most recently; a game hosted for other computers reopens
its table for the guests (the Host a table page, :mod:`scenes.screens.hosting`).
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.play.table_session import Seat, TableSession
from game.services.files import SEATS_LEVELS
from game.rules.record import record_of
from game.services.hosted_tables import read_table
from game.services.slots import MAX_SLOTS, SlotInfo, Slots, order_cards, table_seed

from scenes.core import theme as T
from scenes.core.forms import FormScene
from scenes.core.widgets import Button, FocusRing
from scenes.core.dialogs import ChoiceDialog


class SlotButton(Button):
    """A slot's row: the players in bold, each computer with its level
    (:meth:`~game.services.slots.SlotInfo.title`), the totals, hand and
    date below. Where the levels after the names do not fit the row at full
    size (a crowded table, a narrow window), the names stand alone and the
    line below ends with the levels, each once
    (:meth:`~game.services.slots.SlotInfo.levels_line`), where they fit
    it at full size."""

    def __init__(self, info: SlotInfo, on_click):
        super().__init__(info.title(with_levels=True), on_click)
        self.names_only = info.title()
        self.detail = info.line()
        levels = info.levels_line()
        self.detail_with_levels = f"{self.detail} · {levels}" if levels else self.detail

    def draw(self, surface, theme) -> None:
        label, self.label = self.label, ""
        super().draw(surface, theme)
        self.label = label
        r = self.rect.move(0, 1) if self.pressed else self.rect
        w = r.width - 2 * theme.pad
        detail = self.detail
        if T.width(label, theme.body, True) > w:
            label = self.names_only
            if T.width(self.detail_with_levels, theme.small) <= w:  # else the line would shrink past reading
                detail = self.detail_with_levels
        top = T.fit_text(label, theme.body, w, T.TEXT, bold=True)
        sub = T.fit_text(detail, theme.small, w, T.TEXT_DIM)
        gap = (r.height - top.get_height() - sub.get_height()) // 3
        surface.blit(top, top.get_rect(midtop=(r.centerx, r.top + gap)))
        surface.blit(sub, sub.get_rect(midbottom=(r.centerx, r.bottom - gap)))


def resume(app, info: SlotInfo) -> bool:
    """Open the table on slot ``info`` (its seats' levels, the person's sort
    order and hand arrangement). A slot that cannot be loaded is moved aside
    by the storage and the player told; returns False then. While the table
    is being opened, ``app.resuming`` names the slot (an error then is
    counted against it, :func:`scenes.core.crash.crashed`)."""
    game, message = app.storage.load_game_state(info.name)  # replayed once (a won game opens on its last results)
    if game is None:
        Slots(app.storage).forget(info.name)  # sidecars go only with a record moved aside: a newer one stays whole
        app.notify(message or _("That saved game is gone."))
        return False
    slots = Slots(app.storage)
    if slots.table_file(info.name).is_file():  # a hosted game: its table opens again for the guests
        try:
            table = read_table(app.storage, slots, info.name)
        except ValueError as exc:  # its table cannot be read: played on at this computer alone
            app.notify(_("The table of this hosted game cannot be read ({error}); the game goes on at this "
                         "computer.").format(error=exc), 8.0)
        else:
            app.open("host_table", resumed=table, info=info)
            return True
    app.resuming = info.name  # an error before the table is open still counts against the slot (scenes.crash)
    seats = []
    for i, name in enumerate(game.names):
        level = info.levels[i] if i < len(info.levels) and info.players[i:i + 1] == [name] else None
        seats.append(Seat(name, level if level in SEATS_LEVELS else
                          ("human" if i == 0 else "medium")))
    session = TableSession(seats, game.rules, game=game, table_seed=table_seed(info, game))
    people = [i for i, s in enumerate(seats) if s.is_person]  # several people: pass-and-play again (issue 23)
    app.open("table", session=session, slot=info.name, hand_order=order_cards(info.hand_order),
             sort_mode=info.sort_mode, people=people if len(people) > 1 else None)
    app.resuming = None
    return True


class LoadGameScene(FormScene):
    """The list of saved games (see the module docstring)."""

    heading = N_("Load game")
    resume = staticmethod(resume)  # Continue on the title resumes through the registry (no import of this module)

    def enter(self) -> None:
        self.slots = Slots(self.app.storage)
        self.back_button = Button(N_("Back"), self.back)
        self.refresh()

    def refresh(self) -> None:
        """Read the slots again and rebuild the rows."""
        self.infos = self.slots.list()
        for m in self.slots.messages:
            self.app.notify(m, 8.0)
        self.slots.messages.clear()
        self.rows = [SlotButton(i, lambda i=i: self.load(i)) for i in self.infos]
        self.deletes = [Button(N_("Delete"), lambda i=i: self.ask_delete(i), role="small") for i in self.infos]
        self.watches = [Button(N_("Watch"), lambda i=i: self.watch(i), role="small") for i in self.infos]
        ws = [w for row in zip(self.rows, self.watches, self.deletes) for w in row] + [self.back_button]
        self.focus = FocusRing(ws)
        self.focus.focus(ws[0])
        self.resize()

    def resize(self) -> None:
        th = self.theme
        w = min(th.width - 6 * th.pad, th.body * 44)
        x = th.width // 2 - w // 2
        row_h = max(th.body * 2, 30) + th.small + th.pad
        y = th.title * 2 + 3 * th.pad
        del_w = max(th.small * 7, 90, T.font(th.small, True).size(_("Delete"))[0] + 3 * th.pad,
                    T.font(th.small, True).size(_("Watch"))[0] + 3 * th.pad)
        small_h = max(th.small * 2, 26)
        for b, v, d in zip(self.rows, self.watches, self.deletes):
            b.rect = pygame.Rect(x, y, w - 2 * del_w - 2 * th.pad, row_h)
            v.rect = pygame.Rect(x + w - 2 * del_w - th.pad, y + (row_h - small_h) // 2, del_w, small_h)
            d.rect = pygame.Rect(x + w - del_w, y + (row_h - small_h) // 2, del_w, small_h)
            y += row_h + th.pad
        bw = max(th.body * 11, 170)
        self.back_button.rect = pygame.Rect(th.width // 2 - bw // 2, th.height - max(th.body * 2, 30) - 3 * th.pad,
                                            bw, max(th.body * 2, 30) + 4)

    def load(self, info: SlotInfo) -> None:
        """Resume ``info``'s game (back to this list, refreshed, if it cannot be loaded)."""
        app = self.app
        app.pop()
        if not resume(app, info):
            app.push(LoadGameScene(app))

    def watch(self, info: SlotInfo) -> None:
        """Watch ``info``'s game up to now (the Replay scene), as the
        person's seat saw it; a save that cannot be loaded is said, as Continue says it."""
        game, message = self.app.storage.load_game_state(info.name)
        if game is None:
            self.slots.forget(info.name)
            self.app.notify(message or _("That saved game is gone."))
            self.refresh()
            return
        levels = [info.levels[i] if i < len(info.levels) and info.players[i:i + 1] == [name] else ""
                  for i, name in enumerate(game.names)]
        person = levels.index("human") if "human" in levels else 0
        self.app.open_replay(record_of(game), person=person, live=True, levels=levels)

    def ask_delete(self, info: SlotInfo) -> None:
        """Ask before deleting ``info``'s game; Cancel or Esc keeps it."""
        self.app.push(ChoiceDialog(self.app), title=_("Delete the game of {players} ({scores})?").format(
                      players=info.title(with_levels=True), scores=info.scores()),
                      options=[(N_("Delete it"), info)], on_choose=self.delete)

    def delete(self, info: SlotInfo) -> None:
        """Delete ``info``'s slot (a failure is told in one sentence) and list the slots again."""
        try:
            self.slots.give_up(info.name)  # (the streak rule: game.services.statistics.STREAK_RULE)
        except OSError as exc:
            self.app.notify(_("The game could not be deleted ({error}).").format(error=exc.strerror or exc))
        self.refresh()

    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        self.focus.draw(surface, th)
        y = (self.rows[-1].rect.bottom if self.rows else th.title * 2 + 3 * th.pad) + 2 * th.pad
        note = (_("No saved games: a game you leave is kept here.") if not self.infos else
                ngettext("{used} of {count} place used. With all {count} used, a new game must "
                         "replace one of them (New game asks), or delete one here.",
                         "{used} of {count} places used. With all {count} used, a new game must "
                         "replace one of them (New game asks), or delete one here.", MAX_SLOTS).format(
                    used=len(self.infos), count=MAX_SLOTS))
        for text in T.wrap(note, th.small, min(th.width - 6 * th.pad, th.body * 44)):
            t = T.text(text, th.small, T.TEXT_DIM)
            surface.blit(t, t.get_rect(midtop=(th.width // 2, y)))
            y += round(th.small * 1.3)
