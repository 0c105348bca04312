"""New game: how many players, a name and level for each computer seat, the rules.

The rules are a profile (built-in or saved, :mod:`scenes.core.rules_choice`),
``*`` marking one changed on the Rules page ("Change rules…"). Start is
refused, with the engine's words, when the pack can't deal the chosen
number of players. The choices are remembered in the settings
(``last_setup``) for next time.
Until the hands-on play of the next issue, the bottom seat is also played by
a computer (the level chosen under "Plays for you") and the person watches.
"""

from __future__ import annotations

import pygame

from game.ai import LEVELS
from game.rules.ruleset import RuleSet
from game.i18n import N_, _
from game.text.rules_text import PROFILE_SUMMARIES, profile_summary, rule_change_items
from game.play.table_session import Seat
from game.rules.names import has_visible

from scenes.core import rules_choice as C
from scenes.core import theme as T
from scenes.core.forms import FormScene
from game.text.levels import LEVEL_LABELS, PLAYS_FOR_YOU
from scenes.core.widgets import Button, FocusRing, Stepper, TextField
from game.text.events import without_rule_ids
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.rules_help import RulesScene
from game.services.slots import Slots
from game.services.deal_code import DealCode
from scenes.screens.deal_code import DealCodeScene

DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]

TIP = N_("Drag cards to meld, lay off and discard; click the stock or the discard pile to draw. "
         "Choose a computer level for your seat to watch it play instead.")
"""The line for a first game under New game's choices."""


class SetupScene(FormScene):
    """The new-game form (see the module docstring)."""

    heading = N_("New game")

    def enter(self, rules: RuleSet | None = None, rules_from: str | None = None, replace: str | None = None) -> None:
        """``rules``: a rule set to choose (``rummy500 --rules FILE``; the
        file's name in ``rules_from``), else the last choice. ``replace``: the
        save slot (:mod:`game.services.slots`) the new game takes the place of, deleted
        only when the game starts (Back keeps it)."""
        self.replace = replace
        last = dict(self.app.settings.last_setup or {})
        players = last.get("players", 4)
        players = players if isinstance(players, int) and 2 <= players <= 8 else 4
        names = last.get("names") if isinstance(last.get("names"), list) else []
        levels = last.get("levels") if isinstance(last.get("levels"), list) else []
        self.sel_name, self.sel_rules = C.selection(self.app)
        if rules is not None:
            book = C.book(self.app)
            self.sel_name = next((n for n in book.names() if book.rules_of(n) == rules), self.sel_name)
            self.sel_rules = rules
            C.choose(self.app, self.sel_name, rules)
        self.problem = ""
        self.rules_from = rules_from
        you_level = last.get("you_level") if last.get("you_level") in LEVELS + ("human",) else "human"
        self.players = Stepper(N_("Players"), list(range(2, 9)), players, on_change=lambda v: self._players_changed())
        you = "".join(ch for ch in (self.app.settings.player_name or "") if ch.isprintable())[:16]
        self.you = TextField(N_("Your name"), you if has_visible(you) and you != "You" else _("Player"), 16,
                             on_change=self._name_changed)
        self.you_level = Stepper(N_("Your seat"), ["human"] + list(LEVELS), you_level,
                                 [N_("You play")] + [PLAYS_FOR_YOU.get(x, x) for x in LEVELS])
        self.profile = Stepper(N_("Rules"), [self.sel_name], self.sel_name, on_change=self._pick_profile)
        self._sync_profiles()
        self.seat_names: list[TextField] = []
        self.seat_levels: list[Stepper] = []
        for i in range(7):
            name = names[i] if i < len(names) and isinstance(names[i], str) and names[i].strip() else DEFAULT_NAMES[i]
            level = levels[i] if i < len(levels) and levels[i] in LEVELS else "medium"
            name = "".join(ch for ch in name if ch.isprintable())[:16]
            name = name if has_visible(name) else DEFAULT_NAMES[i]
            self.seat_names.append(TextField("", name, 16, on_change=self._name_changed))
            self.seat_levels.append(Stepper("", list(LEVELS), level, [LEVEL_LABELS.get(x, x) for x in LEVELS]))
        self.start = Button(N_("Start the game"), self.start_game)
        self.back_button = Button(N_("Back"), self.back)
        self.code_button = Button(N_("Play a deal code…"), self.play_code)
        self.rules_button = Button(N_("Read these rules"), self.read_rules, role="small")
        self.change_button = Button(N_("Change rules…"), self.change_rules, role="small")
        self.focus = FocusRing([])
        self.resize()
        self.focus.focus(self.players)  # the keyboard works at once: arrows change the player count
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def _widgets(self):
        n = self.players.value
        ws = [self.players, self.you, self.you_level, self.profile, self.change_button, self.rules_button]
        for i in range(n - 1):
            ws += [self.seat_names[i], self.seat_levels[i]]
        return ws + [self.start, self.code_button, self.back_button]

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
        half = (col_w - gap) // 2
        self.change_button.rect = pygame.Rect(left_x, y + th.body * 4, half, row)
        self.rules_button.rect = pygame.Rect(left_x + half + gap, y + th.body * 4, half, row)
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
        # Back, Start and Play a deal code in one row, centred
        code_w = max(bw, T.font(th.body, True).size(self.code_button.text)[0] + 4 * th.pad)
        gap = 2 * th.pad
        left = th.width // 2 - (2 * bw + code_w + 2 * gap) // 2
        for b, x in ((self.back_button, left), (self.start, left + bw + gap), (self.code_button, left + 2 * (bw + gap))):
            b.rect = pygame.Rect(x, th.height - row - 3 * th.pad, code_w if b is self.code_button else bw, row + 4)
        self.focus.set(self._widgets())

    # --------------------------------------------------------------- rules
    def _sync_profiles(self) -> None:
        """The profile stepper lists every profile; the chosen one shows ``*`` when changed."""
        self.sel_name = C.fill_profiles(self.app, self.profile, self.sel_name, self.sel_rules)

    def language_changed(self) -> None:
        """Profile names are shown in the new language (the rest follows by itself)."""
        self._sync_profiles()
        self.resize()

    def _pick_profile(self, name: str) -> None:
        self.sel_name, self.sel_rules = name, C.book(self.app).rules_of(name)
        self.problem = ""
        self.rules_from = None
        C.choose(self.app, self.sel_name, self.sel_rules)
        self._sync_profiles()

    def _name_changed(self, _value: str) -> None:
        self.problem = ""  # said again at the next Start if still so

    def _players_changed(self) -> None:
        self.problem = ""
        self._relayout()

    def chosen_rules(self) -> RuleSet:
        """The rules the game will be played under: the chosen profile's, or
        its changed copy."""
        name = self.profile.value
        return self.sel_rules if name == self.sel_name else C.book(self.app).rules_of(name)

    def update(self, dt: float) -> None:
        # back from the Rules page: pick up what was chosen there
        chosen = C.selection(self.app)
        if chosen != (self.sel_name, self.sel_rules):
            self.sel_name, self.sel_rules = chosen
            self.problem = ""
            self.rules_from = None
            self._sync_profiles()

    def change_rules(self) -> None:
        C.choose(self.app, self.profile.value, self.chosen_rules())
        self.app.push(RulesSettingsScene(self.app))

    def read_rules(self) -> None:
        rules = self.chosen_rules()
        self.app.push(RulesScene(self.app), rules=rules, players=self.players.value,
                      profile=C.name_of(self.app, rules))

    def seats(self) -> list[Seat]:
        """The seats as chosen: you at seat 0, then the computer seats."""
        n = self.players.value
        you = self.you.value.strip() or _("Player")
        seats = [Seat(you, self.you_level.value)]
        used = {you}
        for i in range(n - 1):
            name = self.seat_names[i].value.strip() or DEFAULT_NAMES[i]
            while name in used:  # names tell the seats apart in the log
                name += "'"
            used.add(name)
            seats.append(Seat(name, self.seat_levels[i].value))
        return seats

    def name_problem(self) -> str | None:
        """Why a name typed on the form cannot be used, or ``None``: a name
        with no visible character (:func:`game.names.has_visible`; spaces,
        a combining mark alone). An empty name is fine: it becomes the
        default. The field with the problem gets the focus."""
        fields = [(self.you, _("Your name needs at least one character that shows: a letter, a digit or a sign."))]
        for i in range(self.players.value - 1):
            fields.append((self.seat_names[i], _("The name of computer player {number} needs at least one character "
                                                 "that shows: a letter, a digit or a sign.").format(number=i + 1)))
        for field, problem in fields:
            name = field.value.strip()
            if name and not has_visible(name):
                self.focus.focus(field)
                return problem
        return None

    def play_code(self) -> None:
        """Ask for a deal code (:class:`~scenes.screens.deal_code.DealCodeScene`) to play with these seats."""
        self.problem = ""
        self.app.push(DealCodeScene(self.app), start=self.start_game, players=self.players.value)

    def start_game(self, deal: DealCode | None = None) -> None:
        """Start the table, unless a name has no visible character
        (:meth:`name_problem`) or the pack can't deal this many players
        (then say so, in the engine's words for the pack, and stay: every
        choice on the form is kept). With ``deal`` (a deal code read for
        this many players) the game is dealt from its seed under its rules,
        the form's rules left as they were chosen."""
        problem = self.name_problem()
        if problem:
            self.problem = problem
            return
        rules = self.chosen_rules() if deal is None else deal.rules
        problem = rules.deal_problem(self.players.value)
        if problem:
            problem = without_rule_ids(problem)  # the rule ids are for the Rules page, not this line
            self.problem = _("Can't start: {problem} Choose other rules or fewer players.").format(
                problem=problem[:1].lower() + problem[1:])
            return
        seats = self.seats()
        if deal is None:
            C.choose(self.app, self.profile.value, rules)
        s = self.app.settings
        s.player_name = seats[0].name
        s.last_setup = {**s.last_setup, "players": self.players.value,
                        "names": [f.value for f in self.seat_names],
                        "levels": [st.value for st in self.seat_levels], "you_level": self.you_level.value}
        self.app.save_settings()
        slots = Slots(self.app.storage)
        if self.replace:
            try:
                slots.give_up(self.replace)  # as Load game's Delete, the streak rule with it
            except OSError as exc:
                self.app.notify(_("The old game could not be deleted ({error}); it stays in Load game.").format(
                    error=exc.strerror or exc))
        self.app.replace(self.app.make("table"), seats=seats, rules=rules, slot=slots.new_name(),
                         table_seed=None if deal is None else deal.seed)

    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        col = self.profile.rect
        y = self.summary_y
        bad = (255, 190, 170)
        lh = round(th.small * 1.3)
        lines = [(line, colour) for text, colour in self._summary() for line in T.wrap(text, th.small, col.width)]
        room = max(1, (self.change_button.rect.top - th.pad // 2 - y) // lh)
        if len(lines) > room:  # keep to the room above the buttons; the full list is under "Read these rules"
            more = T.wrap(_("… and more under Read these rules."), th.small, col.width)[-1]
            lines = lines[:room - 1] + [(more, T.TEXT_DIM)]
        for line, colour in lines:
            surface.blit(T.fit_text(line, th.small, col.width, colour), (col.x, y))
            y += lh
        # the problem and the tip run across both columns, above Back and Start (not in one narrow
        # column); the tip goes back under the rules buttons where the columns leave no room for it
        wide = pygame.Rect(col.x, 0, self.seat_levels[0].rect.right - col.x, 0)
        problem = T.wrap(self.problem, th.small, wide.width)[:2] if self.problem else []
        note = T.wrap(_(TIP), th.small, wide.width)
        y = self.start.rect.top - th.pad - (len(problem) + len(note)) * lh
        if y < self.columns_bottom() + th.pad:
            note = T.wrap(_(TIP), th.small, col.width)
            ny = self.rules_button.rect.bottom + th.pad * 2
            for line in note:
                surface.blit(T.text(line, th.small, T.TEXT_DIM), (col.x, ny))
                ny += lh
            note, y = [], self.start.rect.top - th.pad - len(problem) * lh
        for line, colour in [(ln, T.TEXT_DIM) for ln in note] + [(ln, bad) for ln in problem]:
            surface.blit(T.text(line, th.small, colour), (wide.x, y))
            y += lh
        head = T.text(_("Computer players"), th.body, T.TEXT, bold=True)
        surface.blit(head, (self.seat_names[0].rect.x, self.seat_names[0].rect.y - head.get_height() - th.pad))
        self.focus.draw(surface, th)

    def columns_bottom(self) -> int:
        """The lowest pixel of the two columns (the rules buttons, the last computer seat shown)."""
        seats = [f.rect.bottom for f in self.seat_names if f.visible]
        return max([self.rules_button.rect.bottom] + seats)

    def _summary(self) -> list[tuple[str, tuple]]:
        """The lines under the rules: what the profile is, what was changed, where it came from."""
        name, rules = self.profile.value, self.chosen_rules()
        book = C.book(self.app)
        if name in PROFILE_SUMMARIES and book.rules_of(name) == rules:
            return [(profile_summary(name), T.TEXT_DIM)]
        out = []
        bad = rules.undealable_player_counts()
        if bad:  # first: red only when it stops Start (the chosen count is one of them)
            words = _("These rules can't deal {counts} players.").format(counts=", ".join(map(str, bad)))
            out.append((words, (255, 190, 170) if self.players.value in bad else T.TEXT_DIM))
        items = rule_change_items(rules)
        items.sort(key=lambda item: item[0] != "target")  # the target first: it decides the length
        changes = "; ".join(line for _key, line in items)
        if self.rules_from:
            said = (_("From {source}: {changes}.").format(source=self.rules_from, changes=changes) if items
                    else _("From {source}: rulebook rules.").format(source=self.rules_from))
        else:
            said = changes[:1].upper() + changes[1:] + "." if items else _("Rulebook rules.")
        out.append((said, T.TEXT_DIM))
        return out
