"""New game: how many players, who sits at each seat, the rules.

Seat 0 is the person at this computer (or a computer level playing for
them). Every other seat is a computer (a level, or a style of the field:
:data:`game.ai.PLAYERS`), a person at this computer with a name
(:data:`PERSON`), or, when the table is hosted for other computers
(:data:`HOST`), :data:`OPEN` for a person who joins from another computer.
Names at one table are distinct (:func:`game.rules.names.repeated_name`)
and never a word the game uses for "you" (:func:`game.rules.names.is_you_word`).

The rules are a profile (built-in or saved, :mod:`scenes.core.rules_choice`),
``*`` marking one changed on the Rules page ("Change rules…"). Start is
refused, with the engine's words, when the pack can't deal the chosen
number of players. The choices are remembered in the settings
(``last_setup``) for next time.
"""

from __future__ import annotations

import pygame

from game.ai import LEVELS, PLAYERS
from game.rules.ruleset import RuleSet
from game.i18n import N_, _
from game.text.rules_text import PROFILE_SUMMARIES, profile_summary, rule_change_items
from game.play.table_session import Seat
from game.rules.names import field_name, has_visible, is_you_word, name_key, repeated_name

from scenes.core import rules_choice as C
from scenes.core import theme as T
from scenes.core.forms import FormScene
from game.text.levels import LEVEL_LABELS, PLAYS_FOR_YOU, opponent_note
from scenes.core.widgets import Button, FocusRing, Stepper, TextField
from game.text.events import without_rule_ids
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.rules_help import RulesScene
from game.services.slots import Slots
from game.services.deal_code import DealCode
from scenes.screens.deal_code import DealCodeScene

DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
PERSON = "human"
"""A seat's choice: a person at this computer (the level of :class:`~game.play.table_session.Seat`)."""
OPEN = "open"
"""A seat's choice when hosting: a person at another computer (``rummy500 host --seats``' word)."""
HERE, HOST = "here", "host"
"""Where the table is played: at this computer only, or hosted for other computers too."""
KIND_NAMES = {PERSON: N_("Person here"), OPEN: N_("Open: another computer")}
"""How the two seat choices that are not a computer are shown."""
SEAT_NOTES = {
    PERSON: N_("A person at this computer: the hands are hidden between people's turns (pass the computer)."),
    OPEN: N_("Open: a person at another computer takes this seat with the table code and gives their name."),
}

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
        kinds = last.get("kinds") if isinstance(last.get("kinds"), list) else []
        where = last.get("where") if last.get("where") in (HERE, HOST) else HERE
        self.where = Stepper(N_("Table"), [HERE, HOST], where,
                             [N_("This computer"), N_("Hosted for other computers")],
                             on_change=lambda _v: self._where_changed())
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
        you = field_name(self.app.settings.player_name)
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
            level = levels[i] if i < len(levels) and levels[i] in PLAYERS else "medium"
            name = field_name(name)
            name = name if has_visible(name) else DEFAULT_NAMES[i]
            self.seat_names.append(TextField("", name, 16, on_change=self._name_changed))
            # the three levels, then the styles of the field (issue 25), then a person here, then open
            # (when hosting): each described below the seats
            kind = kinds[i] if i < len(kinds) and kinds[i] in (PERSON, OPEN) else level
            self.seat_levels.append(Stepper("", [], None, on_change=lambda _v, i=i: self._described(i)))
            self._offer(self.seat_levels[i], kind)
        self.described = 0  # the computer seat whose opponent is described
        self.start = Button(N_("Start the game"), self.start_game)
        self.back_button = Button(N_("Back"), self.back)
        self.code_button = Button(N_("Play a deal code…"), self.play_code)
        self.join_button = Button(N_("Join a table…"), lambda: self.app.open("join_table"))
        self.rules_button = Button(N_("Read these rules"), self.read_rules, role="small")
        self.change_button = Button(N_("Change rules…"), self.change_rules, role="small")
        self.focus = FocusRing([])
        self._where_changed()
        self.focus.focus(self.players)  # the keyboard works at once: arrows change the player count
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def _widgets(self):
        n = self.players.value
        ws = [self.players, self.you, self.you_level, self.where, self.profile, self.change_button,
              self.rules_button]
        for i in range(n - 1):
            ws += [self.seat_names[i], self.seat_levels[i]] if self.seat_names[i].visible else [self.seat_levels[i]]
        return ws + [self.start, self.code_button, self.join_button, self.back_button]

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
        for w in (self.players, self.you, self.you_level, self.where, self.profile):
            w.rect = pygame.Rect(left_x, y, col_w, row)
            y += row + gap
        self.summary_y = y
        half = (col_w - gap) // 2
        self.change_button.rect = pygame.Rect(left_x, y + th.body * 4, half, row)
        self.rules_button.rect = pygame.Rect(left_x + half + gap, y + th.body * 4, half, row)
        y = top
        for i in range(7):
            visible = i < n - 1
            self.seat_levels[i].visible = visible
            self.seat_names[i].visible = visible and self.seat_levels[i].value != OPEN  # a guest gives their name
            name_w = round(col_w * 0.5)
            self.seat_names[i].rect = pygame.Rect(right_x, y, name_w, row)
            self.seat_levels[i].rect = pygame.Rect(right_x + name_w + th.pad, y, col_w - name_w - th.pad, row)
            if visible:
                y += row + gap
        self.note_rect = pygame.Rect(right_x, y + gap, col_w, 0)  # the opponent's description
        bw = max(th.body * 11, 170)
        self.start.rect = pygame.Rect(th.width // 2 + th.pad, th.height - row - 3 * th.pad, bw, row + 4)
        self.back_button.rect = pygame.Rect(th.width // 2 - th.pad - bw, th.height - row - 3 * th.pad, bw, row + 4)
        # Back, Start, Play a deal code and Join a table in one row, centred (each as wide as its words)
        gap = 2 * th.pad
        row_buttons = (self.back_button, self.start, self.code_button, self.join_button)
        widths = [max(bw, T.font(th.body, True).size(b.text)[0] + 4 * th.pad) for b in row_buttons]
        room = th.width - 2 * th.pad - 3 * gap
        if sum(widths) > room:  # a narrow window: the buttons share the row
            widths = [max(1, w * room // sum(widths)) for w in widths]
        x = th.width // 2 - (sum(widths) + 3 * gap) // 2
        for b, w in zip(row_buttons, widths):
            b.rect = pygame.Rect(x, th.height - row - 3 * th.pad, w, row + 4)
            x += w + gap
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

    def _offer(self, stepper: Stepper, value) -> None:
        """Set ``stepper``'s choices for a seat: every computer of
        :data:`game.ai.PLAYERS`, a person here, and open while hosting;
        ``value`` chosen when offered (else Medium)."""
        choices = list(PLAYERS) + [PERSON] + ([OPEN] if self.where.value == HOST else [])
        stepper.choices = choices
        stepper.names = [LEVEL_LABELS.get(x) or KIND_NAMES[x] for x in choices]
        stepper.index = choices.index(value) if value in choices else choices.index("medium")

    def _where_changed(self) -> None:
        """Hosted or not: open seats are offered only while hosting (an open
        seat becomes Medium at this computer); Start says what it does."""
        self.problem = ""
        for stepper in self.seat_levels:
            self._offer(stepper, stepper.value if stepper.choices else "medium")
        hosting = self.where.value == HOST
        self.start.label = N_("Host the table…") if hosting else N_("Start the game")
        self.code_button.enabled = not hosting  # a deal code is for a table at this computer
        self._relayout()

    def _described(self, seat: int) -> None:
        self.described = seat
        self.problem = ""
        self._relayout()  # an open seat has no name field

    def _name_changed(self, _value: str) -> None:
        self.problem = ""  # said again at the next Start if still so

    def described_seat(self) -> int:
        """The computer seat (0 for the first) whose opponent the line under
        the seats describes: the focused one, else the one changed last."""
        focused = self.focus.focused
        for i in range(self.players.value - 1):
            if focused is self.seat_levels[i] or focused is self.seat_names[i]:
                return i
        return min(self.described, self.players.value - 2)

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

    def plan(self) -> list[tuple[str, str]]:
        """Every seat as chosen, ``(choice, name)`` in seat order: seat 0 is
        yours (:data:`PERSON` or the level playing for you), then each
        other seat's computer level, :data:`PERSON` or :data:`OPEN` (its
        name ``""``: the guest gives it). An empty name is the seat's
        default; a computer whose name another seat has takes a ``'``
        (names tell the seats apart); people's names are checked to differ
        by :meth:`name_problem`."""
        n = self.players.value
        you = self.you.value.strip() or _("Player")
        out = [(self.you_level.value, you)]
        used = {name_key(you)} | {name_key(self._name(i)) for i in range(n - 1)
                                  if self.seat_levels[i].value == PERSON}
        for i in range(n - 1):
            kind = self.seat_levels[i].value
            name = "" if kind == OPEN else self._name(i)
            if kind not in (PERSON, OPEN):
                while name_key(name) in used:
                    name += "'"
                used.add(name_key(name))
            out.append((kind, name))
        return out

    def _name(self, i: int) -> str:
        """The name of other seat ``i`` (0 for seat 1) as typed, or its default."""
        return self.seat_names[i].value.strip() or DEFAULT_NAMES[i]

    def seats(self) -> list[Seat]:
        """The seats as chosen (:meth:`plan`) for a table at this computer:
        you at seat 0, then the people here and the computers. ``ValueError``
        for an open seat (a hosted table's: :class:`scenes.screens.hosting.HostScene`)."""
        plan = self.plan()
        if any(kind == OPEN for kind, _name in plan):
            raise ValueError("an open seat is for a hosted table")
        return [Seat(name, kind) for kind, name in plan]

    def name_problem(self) -> str | None:
        """Why a name typed on the form cannot be used, or ``None``: a name
        with no visible character (:func:`game.names.has_visible`; spaces,
        a combining mark alone). An empty name is fine: it becomes the
        default. The field with the problem gets the focus."""
        fields = [(self.you, _("Your name needs at least one character that shows: a letter, a digit or a sign."))]
        people = [self.you]
        for i in range(self.players.value - 1):
            kind = self.seat_levels[i].value
            if kind == OPEN:
                continue
            if kind == PERSON:
                people.append(self.seat_names[i])
                problem = _("The name of the person at seat {number} needs at least one character that shows: "
                            "a letter, a digit or a sign.").format(number=i + 2)
            else:
                problem = _("The name of computer player {number} needs at least one character "
                            "that shows: a letter, a digit or a sign.").format(number=i + 1)
            fields.append((self.seat_names[i], problem))
        for field, problem in fields:
            name = field.value.strip()
            if name and not has_visible(name):
                self.focus.focus(field)
                return problem
        for field, _problem in fields:
            if is_you_word(field.value):
                self.focus.focus(field)
                # TRANSLATORS: {name} is a name typed on New game that is one of the words for "You"
                return _("“{name}” is what the game calls the person at this computer: choose another "
                         "name.").format(name=field.value.strip())
        names = [self.you.value.strip() or _("Player")] + [self._name(self.seat_names.index(f)) for f in people[1:]]
        again = repeated_name(names)
        if again is not None:
            self.focus.focus(people[again])
            return _("Two people are named {name}: each person needs a name of their own.").format(name=names[again])
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
        plan = self.plan()
        hosting = self.where.value == HOST
        if hosting and not any(kind == OPEN for kind, _name in plan):
            self.problem = _("A hosted table needs at least one open seat for a person at another computer.")
            return
        if deal is None:
            C.choose(self.app, self.profile.value, rules)
        self.remember(plan[0][1])
        if hosting:
            self.app.open("host_table", plan=plan, rules=rules, replace=self.replace)
            return
        seats = self.seats()
        slots = Slots(self.app.storage)
        self.give_up_replaced(slots)
        self.app.replace(self.app.make("table"), seats=seats, rules=rules, slot=slots.new_name(),
                         table_seed=None if deal is None else deal.seed)

    def remember(self, your_name: str) -> None:
        """Keep the form's choices in the settings for the next New game:
        the count, every seat's name, computer level and kind (``kinds``:
        :data:`PERSON`, :data:`OPEN` or ``"computer"``), hosted or not."""
        s = self.app.settings
        s.player_name = your_name
        old = s.last_setup.get("levels") if isinstance(s.last_setup.get("levels"), list) else []
        levels = [st.value if st.value in PLAYERS else (old[i] if i < len(old) else None)  # a person keeps the level
                  for i, st in enumerate(self.seat_levels)]
        s.last_setup = {**s.last_setup, "players": self.players.value,
                        "names": [f.value for f in self.seat_names],
                        "levels": [lv if lv in PLAYERS else "medium" for lv in levels],
                        "kinds": [st.value if st.value in (PERSON, OPEN) else "computer" for st in self.seat_levels],
                        "where": self.where.value, "you_level": self.you_level.value}
        self.app.save_settings()

    def give_up_replaced(self, slots: Slots) -> None:
        """The game the new one takes the place of is deleted now (Load game's Delete, the streak rule with it)."""
        if self.replace:
            try:
                slots.give_up(self.replace)  # as Load game's Delete, the streak rule with it
            except OSError as exc:
                self.app.notify(_("The old game could not be deleted ({error}); it stays in Load game.").format(
                    error=exc.strerror or exc))

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
        wide_top = y
        for line, colour in [(ln, T.TEXT_DIM) for ln in note] + [(ln, bad) for ln in problem]:
            surface.blit(T.text(line, th.small, colour), (wide.x, y))
            y += lh
        if self.players.value > 1:  # what the focused opponent does, under the seats, above the wide lines
            seat = self.described_seat()
            y = self.note_rect.y
            room = max(1, (wide_top - th.pad - y) // lh)
            kind = self.seat_levels[seat].value
            note = _(SEAT_NOTES[kind]) if kind in SEAT_NOTES else opponent_note(kind)
            for line in T.wrap(note, th.small, self.note_rect.width)[:min(room, 3)]:
                surface.blit(T.fit_text(line, th.small, self.note_rect.width, T.TEXT_DIM), (self.note_rect.x, y))
                y += lh
        for i in range(self.players.value - 1):  # an open seat: the guest's name goes there
            if self.seat_levels[i].value == OPEN:
                r = self.seat_names[i].rect
                words = T.fit_text(_("a guest"), th.small, r.width - th.pad, T.TEXT_DIM)
                surface.blit(words, words.get_rect(midleft=(r.x + th.pad // 2, r.centery)))
        head = T.text(_("Other seats"), th.body, T.TEXT, bold=True)
        surface.blit(head, (self.seat_names[0].rect.x, self.seat_names[0].rect.y - head.get_height() - th.pad))
        self.focus.draw(surface, th)

    def columns_bottom(self) -> int:
        """The lowest pixel of the two columns (the rules buttons, the last computer seat shown,
        and two lines under it for what the focused opponent does)."""
        seats = [st.rect.bottom for st in self.seat_levels if st.visible]
        note = [self.note_rect.y + 2 * round(self.theme.small * 1.3)] if seats else []
        return max([self.rules_button.rect.bottom] + seats + note)

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
