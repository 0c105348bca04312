"""New game: how many players, a name and level for each computer seat, the rules.

The choices are remembered in the settings (``last_setup``) for next time.
Until the hands-on play of the next issue, the bottom seat is also played by
a computer (the level chosen under "Plays for you") and the person watches.
"""

from __future__ import annotations

import pygame

from game.ai import LEVELS
from game.rules import PROFILES
from game.rules_text import PROFILE_NAMES, PROFILE_SUMMARIES
from game.session import Seat

from . import theme as T
from .menus import FormScene
from .widgets import Button, FocusRing, Stepper, TextField

DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
LEVEL_LABELS = ["Easy", "Medium", "Hard"]


class SetupScene(FormScene):
    """The new-game form (see the module docstring)."""

    heading = "New game"

    def enter(self, **kwargs) -> None:
        last = dict(self.app.settings.last_setup or {})
        players = last.get("players", 4)
        players = players if isinstance(players, int) and 2 <= players <= 8 else 4
        names = last.get("names") if isinstance(last.get("names"), list) else []
        levels = last.get("levels") if isinstance(last.get("levels"), list) else []
        profile = last.get("profile") if last.get("profile") in PROFILES else "standard"
        you_level = last.get("you_level") if last.get("you_level") in LEVELS + ("human",) else "human"
        self.players = Stepper("Players", list(range(2, 9)), players, on_change=lambda v: self._relayout())
        you = "".join(ch for ch in (self.app.settings.player_name or "") if ch.isprintable())[:16]
        self.you = TextField("Your name", you if you and you != "You" else "Player", 16)
        self.you_level = Stepper("Your seat", ["human"] + list(LEVELS), you_level,
                                 ["You play"] + [f"{x} plays for you" for x in LEVEL_LABELS])
        self.profile = Stepper("Rules", list(PROFILES), profile, [PROFILE_NAMES[p] for p in PROFILES])
        self.seat_names: list[TextField] = []
        self.seat_levels: list[Stepper] = []
        for i in range(7):
            name = names[i] if i < len(names) and isinstance(names[i], str) and names[i].strip() else DEFAULT_NAMES[i]
            level = levels[i] if i < len(levels) and levels[i] in LEVELS else "medium"
            name = "".join(ch for ch in name if ch.isprintable())[:16] or DEFAULT_NAMES[i]
            self.seat_names.append(TextField("", name, 16))
            self.seat_levels.append(Stepper("", list(LEVELS), level, LEVEL_LABELS))
        self.start = Button("Start the game", self.start_game)
        self.back_button = Button("Back", self.back)
        self.rules_button = Button("Read these rules", self.read_rules, role="small")
        self.focus = FocusRing([])
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def _widgets(self):
        n = self.players.value
        ws = [self.players, self.you, self.you_level, self.profile, self.rules_button]
        for i in range(n - 1):
            ws += [self.seat_names[i], self.seat_levels[i]]
        return ws + [self.start, self.back_button]

    def _relayout(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.theme
        n = self.players.value
        row = max(round(th.body * 2.0), 28)
        gap = max(4, th.pad // 2)
        col_w = min(round(th.width * 0.42), th.body * 26)
        left_x = th.width // 2 - col_w - 2 * th.pad
        right_x = th.width // 2 + 2 * th.pad
        top = th.title * 2 + 2 * th.pad
        y = top
        for w in (self.players, self.you, self.you_level, self.profile):
            w.rect = pygame.Rect(left_x, y, col_w, row)
            y += row + gap
        self.summary_y = y
        self.rules_button.rect = pygame.Rect(left_x, y + th.body * 4, col_w // 2, row)
        y = top
        for i in range(7):
            visible = i < n - 1
            self.seat_names[i].visible = self.seat_levels[i].visible = visible
            name_w = round(col_w * 0.55)
            self.seat_names[i].rect = pygame.Rect(right_x, y, name_w, row)
            self.seat_levels[i].rect = pygame.Rect(right_x + name_w + th.pad, y, col_w - name_w - th.pad, row)
            if visible:
                y += row + gap
        bw = max(th.body * 11, 170)
        self.start.rect = pygame.Rect(th.width // 2 + th.pad, th.height - row - 3 * th.pad, bw, row + 4)
        self.back_button.rect = pygame.Rect(th.width // 2 - th.pad - bw, th.height - row - 3 * th.pad, bw, row + 4)
        self.focus.set(self._widgets())

    def read_rules(self) -> None:
        from .rules_help import RulesScene
        self.app.push(RulesScene(self.app), rules=PROFILES[self.profile.value], players=self.players.value)

    def seats(self) -> list[Seat]:
        """The seats as chosen: you at seat 0, then the computer seats."""
        n = self.players.value
        you = self.you.value.strip() or "Player"
        seats = [Seat(you, self.you_level.value)]
        used = {you}
        for i in range(n - 1):
            name = self.seat_names[i].value.strip() or DEFAULT_NAMES[i]
            while name in used:  # names tell the seats apart in the log
                name += "'"
            used.add(name)
            seats.append(Seat(name, self.seat_levels[i].value))
        return seats

    def start_game(self) -> None:
        from .table import TableScene
        seats = self.seats()
        s = self.app.settings
        s.player_name = seats[0].name
        s.last_setup = {"players": self.players.value, "names": [f.value for f in self.seat_names],
                        "levels": [st.value for st in self.seat_levels], "profile": self.profile.value,
                        "you_level": self.you_level.value}
        self.app.save_settings()
        self.app.replace(TableScene(self.app), seats=seats, rules=PROFILES[self.profile.value])

    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        col = self.profile.rect
        lines = T.wrap(PROFILE_SUMMARIES[self.profile.value], th.small, col.width)
        y = self.summary_y
        for line in lines[:3]:
            surface.blit(T.text(line, th.small, T.TEXT_DIM), (col.x, y))
            y += round(th.small * 1.3)
        note = T.wrap("Drag cards to meld, lay off and discard; click the stock or the discard pile to draw. "
                      "Choose a computer level for your seat to watch it play instead.", th.small, col.width)
        y = self.rules_button.rect.bottom + th.pad * 2
        for line in note:
            surface.blit(T.text(line, th.small, T.TEXT_DIM), (col.x, y))
            y += round(th.small * 1.3)
        head = T.text("Computer players", th.body, T.TEXT, bold=True)
        surface.blit(head, (self.seat_names[0].rect.x, self.seat_names[0].rect.y - head.get_height() - th.pad))
        self.focus.draw(surface, th)
