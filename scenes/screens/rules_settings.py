"""House rules: the "Rules" page of Settings, also reached from New game by
"Change rules…".

One control per rule key (:mod:`game.text.rule_controls`), each with a line
saying what it does and the rulebook's value marked; a control that means
nothing under the other choices is greyed with the reason. On top: the
profile in use (``*`` when changed), Save as…, Rename…, Delete, Export,
Import… (a path typed, or a rules file dropped on the window) and Read these
rules. Every change is saved at once, so Esc or Done never loses one: a
change to a player's own profile is written into it (``profiles.json``); a
change to a built-in (read-only) profile makes it "Standard*", kept as the
rules chosen for the next game (settings ``last_setup``). Picking another
profile while a built-in one is changed asks first (press again to drop the
changes, or Save as… to keep them) — the same "press again" as Delete, so
no change is lost by one stray arrow press. Rules changed during a game
apply from the next game, and the page says so.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.paths import shown
from game.services.profiles import (
    MAX_NAME, ProfileError, export_folder, export_rules, file_stem, read_rules_file
)
from game.rules.ruleset import RulesError

from scenes.core import rules_choice as C
from scenes.core import theme as T
from scenes.core.forms import FormScene
from game.text.rule_controls import CONTROLS, choices_for, greyed_reason, note
from scenes.core.scrolling import ScrollArea
from scenes.core.widgets import Button, FocusRing, Stepper, TextField
from scenes.screens.rules_help import RulesScene

PROMPTS = {"save": N_("Save these rules as:"), "rename": N_("New name for this profile:"),
           "import": N_("Rules file:")}
MAX_PATH = 1000
"""Longest path typed in Import, in characters."""


class RulesSettingsScene(FormScene):
    """The house-rules page (see the module docstring). ``enter()`` takes no
    arguments: it edits the rules chosen for the next game
    (:func:`scenes.core.rules_choice.selection`)."""

    heading = N_("House rules")

    def enter(self) -> None:
        self.name, self.rules = C.selection(self.app)
        self.message, self.bad = "", False
        self.confirm_delete = False
        self.confirm_discard = False
        self.prompt: str | None = None
        self.profile = Stepper(N_("Profile"), [self.name], self.name, on_change=self._pick_profile)
        self.save_as = Button(N_("Save as…"), lambda: self._open("save"), role="small")
        self.rename = Button(N_("Rename…"), lambda: self._open("rename"), role="small")
        self.delete = Button(N_("Delete"), self._delete, role="small")
        self.export = Button(N_("Export"), self._export, role="small")
        self.import_ = Button(N_("Import…"), lambda: self._open("import"), role="small")
        self.read = Button(N_("Read these rules"), self._read, role="small")
        self.tools = [self.save_as, self.rename, self.delete, self.export, self.import_, self.read]
        self.field = TextField("", "", MAX_PATH, on_full=self._field_full)
        self.ok = Button(N_("OK"), self._confirm, role="small")
        self.cancel = Button(N_("Cancel"), self._close, role="small")
        self.controls: dict[str, Stepper] = {}
        for key, (label, _choices, _explained) in CONTROLS.items():
            values, names = choices_for(key, getattr(self.rules, key))
            self.controls[key] = Stepper(label, values, getattr(self.rules, key), names,
                                         on_change=lambda v, k=key: self._change(k, v))
        self.done = Button(N_("Done"), self.back)
        self.scroll = ScrollArea()
        self.focus = FocusRing([])
        self._refresh()
        self.focus.focus(self.profile)
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    # ----------------------------------------------------------- the state
    def _refresh(self) -> None:
        """Controls, profile list and buttons follow ``self.name`` / ``self.rules``."""
        book = C.book(self.app)
        self.name = C.fill_profiles(self.app, self.profile, self.name, self.rules)
        for key, st in self.controls.items():
            value = getattr(self.rules, key)
            if value not in st.choices or st.value != value:
                st.choices, st.names = choices_for(key, value)
                st.index = next(i for i, v in enumerate(st.choices) if v == value and type(v) is type(value))
            st.enabled = greyed_reason(self.rules, key) is None
        saved = not book.is_builtin(self.name)
        self.rename.enabled = saved
        self.delete.enabled = saved
        self.delete.label = N_("Really delete?") if self.confirm_delete else N_("Delete")

    def _remember(self) -> None:
        C.choose(self.app, self.name, self.rules)
        self._refresh()

    def _say(self, text: str, bad: bool = False) -> None:
        self.message, self.bad = text, bad

    def _next_game_words(self) -> str:
        if C.game_in_progress(self.app):
            return _("A game is in progress: it keeps its own rules; these apply from the next game.")
        if C.saved_game_waiting(self.app):
            return _("These rules are used for the next new game; the game you can Continue keeps its own.")
        return _("These rules are used for the next game.")

    def _field_full(self, limit: int) -> None:
        if self.prompt == "import":
            text = ngettext("A path may have at most {count} character.", "A path may have at most {count} characters.",
                            limit)
        else:
            text = ngettext("A profile name may have at most {count} character.",
                            "A profile name may have at most {count} characters.", limit)
        self._say(text.format(count=limit), True)

    def _change(self, key: str, value) -> None:
        try:
            self.rules = self.rules.with_changes(**{key: value})
        except RulesError as exc:  # not reachable from the offered values, kept for safety
            self._say(str(exc), True)
            return
        self.confirm_delete = self.confirm_discard = False
        book = C.book(self.app)
        if not book.is_builtin(self.name) and self.name in book:  # the player's own: written into it now
            book.save_as(self.name, self.rules, replace=self.name)
            C.save_book(self.app)
            self._remember()
            self._say(_('Saved in "{name}".').format(name=self.name) + " " + self._next_game_words())
            return
        self._remember()
        self._say(_("{profile} is built in, so the changed rules are kept as \"{label}\" (Save as… makes them "
                    "your own profile).").format(profile=book.display(self.name),
                                                 label=C.label(self.app, self.name, self.rules))
                  + " " + self._next_game_words())

    def _pick_profile(self, name) -> None:
        book = C.book(self.app)
        if (not self.confirm_discard and book.is_builtin(self.name) and name != self.name
                and book.rules_of(self.name) != self.rules):
            self.confirm_discard = True  # ask first: the stepper stays on the changed profile
            self._refresh()
            self._say(_("Your changes to {profile} are not saved in a profile: Save as… keeps "
                        "them; pick another profile again to drop them.").format(profile=book.display(self.name)), True)
            return
        self.confirm_discard = False
        self.name = name
        self.rules = C.book(self.app).rules_of(name)
        self.confirm_delete = False
        self._remember()
        self._say(_("Profile {profile}.").format(profile=C.book(self.app).display(name)) + " "
                  + self._next_game_words())

    # --------------------------------------------------------- the buttons
    def _open(self, kind: str) -> None:
        self.prompt = kind
        book = C.book(self.app)
        if kind == "import":
            self.field.value, self.field.max_len = "", MAX_PATH
            self._say(_("Type the path of a rules file, or drop one on the window."))
        else:
            self.field.value = "" if book.is_builtin(self.name) else self.name
            self.field.max_len = MAX_NAME
        self.confirm_delete = self.confirm_discard = False
        self.resize()
        self.focus.focus(self.field)

    def _close(self) -> None:
        if self.bad or self.prompt == "import":  # the prompt's own words go with it
            self._say("")
        self.prompt = None
        self.resize()
        self.focus.focus(self.profile)

    def _confirm(self) -> None:
        book = C.book(self.app)
        text = self.field.value.strip()
        try:
            if self.prompt == "import":
                self.import_path(text)
                return
            if self.prompt == "save":
                replace = None if book.is_builtin(self.name) else self.name
                self.name = book.save_as(text, self.rules, replace=replace)
                done = _('Saved as "{name}".').format(name=self.name)
            else:
                self.name = book.rename(self.name, text)
                done = _('Renamed to "{name}".').format(name=self.name)
        except ProfileError as exc:
            self._say(str(exc), True)
            return
        C.save_book(self.app)
        self._remember()
        self._say(done)
        self._close()

    def _delete(self) -> None:
        book = C.book(self.app)
        if not self.confirm_delete:
            self.confirm_delete = True
            self._refresh()
            self._say(_('Press "Really delete?" to delete "{name}"; its rules stay chosen.').format(name=self.name))
            return
        gone = self.name
        book.delete(gone)
        C.save_book(self.app)
        self.confirm_delete = False
        self.name = "standard"  # the rules stay as they were: "Standard*" unless equal
        self._remember()
        self.focus.focus(self.profile)  # Delete is greyed now
        self._say(_('Deleted "{name}".').format(name=gone))

    def _export(self) -> None:
        display = C.book(self.app).display(self.name)
        try:
            path = export_rules(self.app.storage, display, self.rules)
        except OSError as exc:
            self._say(_("Could not write to {folder} ({error}).").format(folder=shown(export_folder(self.app.storage)),
                                                                        error=exc.strerror or exc), True)
            return
        self._say(_("Exported to {path}.").format(path=shown(path)))

    def import_path(self, path: str) -> bool:
        """Import the rules file at ``path``: on success its rules are chosen
        (a changed copy of the profile in use) and "Save as…" is offered; on
        failure one sentence is shown and nothing changes. True on success."""
        if not path:
            self._say(_("Type the path of a rules file, or drop one on the window."), True)
            return False
        try:
            rules = read_rules_file(path)
        except ProfileError as exc:
            self._say(str(exc), True)
            return False
        self.rules = rules
        if not C.book(self.app).is_builtin(self.name):  # never written into the profile in use
            self.name = "standard"
        self._remember()
        self._open("save")
        self.field.value = file_stem(path.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].rsplit(".", 1)[0])[:24]
        self._say(_("Imported: these rules are chosen now. Give them a name to keep them as a profile."))
        return True

    def _read(self) -> None:
        self.app.push(RulesScene(self.app), rules=self.rules, profile=C.name_of(self.app, self.rules))

    # -------------------------------------------------------------- events
    def handle_event(self, event) -> bool:
        if event.type == getattr(pygame, "DROPFILE", -1):
            self.import_path(event.file)
            return True
        if self.prompt and event.type == pygame.KEYDOWN and not self.field.composing:  # (an input method's keys)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus.focused is self.field:
                self._confirm()
                return True
            if event.key == pygame.K_ESCAPE:
                self._close()
                return True
        before = self.focus.focused
        if self.focus.handle(event):
            if self.focus.focused is not before and self.focus.focused is not None:
                self.scroll.reveal(self.focus.focused)
            return True
        if self.scroll.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    # -------------------------------------------------------------- layout
    def resize(self) -> None:
        th = self.theme
        row = max(round(th.body * 1.9), 28)
        gap = max(4, th.pad // 2)
        col = min(th.width - 4 * th.pad, th.body * 46)
        x = th.width // 2 - col // 2
        y = th.title + 3 * th.pad
        self.col = pygame.Rect(x, y, col, 0)
        self.profile.rect = pygame.Rect(x, y, col, row)
        y += row + gap
        bw = (col - 5 * gap) // 6
        for i, b in enumerate(self.tools):
            b.rect = pygame.Rect(x + i * (bw + gap), y, bw, row)
            b.visible = self.prompt is None
        label_w = min(col // 2, T.text(_(PROMPTS[self.prompt or "save"]), th.small, T.TEXT).get_width() + th.pad)
        sw = max(th.body * 5, 70)
        # a path gets the window's whole width (its end shows while typing); a name the column's
        px, pw = (2 * th.pad, th.width - 4 * th.pad) if self.prompt == "import" else (x, col)
        self.prompt_x = px
        self.field.rect = pygame.Rect(px + label_w, y, pw - label_w - 2 * (sw + gap), row)
        self.ok.rect = pygame.Rect(self.field.rect.right + gap, y, sw, row)
        self.cancel.rect = pygame.Rect(self.ok.rect.right + gap, y, sw, row)
        for w in (self.field, self.ok, self.cancel):
            w.visible = self.prompt is not None
        self.prompt_y = y
        y += row + gap
        self.message_y = y
        y += round(th.small * 1.3) * 2 + gap
        self.done.rect = pygame.Rect(th.width // 2 - th.body * 5, th.height - row - 2 * th.pad, th.body * 10, row)
        self.scroll.viewport = pygame.Rect(x - th.pad, y, col + 2 * th.pad, self.done.rect.top - th.pad - y)
        self.scroll.step = row
        self.scroll.clear()
        line = round(th.small * 1.35)
        cy = th.pad
        for key, st in self.controls.items():
            r = pygame.Rect(th.pad, cy, col - th.pad, row)
            self.scroll.add(st, r, pygame.Rect(r.x, r.y, r.width, row + 2 * line))
            cy += row + 2 * line + gap
        self.scroll.content_height += th.pad
        self.scroll.place()
        fixed = [self.profile] + (self.tools if self.prompt is None else [self.field, self.ok, self.cancel])
        self.focus.set(fixed + list(self.controls.values()) + [self.done])

    def _control_lines(self, key: str) -> tuple[str, str | None]:
        reason = greyed_reason(self.rules, key)
        if reason:
            return reason, None
        return _(CONTROLS[key][2]), note(self.rules, key)

    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        if self.prompt:
            s = T.fit_text(_(PROMPTS[self.prompt]), th.small, self.field.rect.x - self.prompt_x - th.pad, T.TEXT)
            surface.blit(s, (self.prompt_x, self.field.rect.centery - s.get_height() // 2))
        text = self.message or (_("Export writes to {folder}.").format(folder=shown(export_folder(self.app.storage)))
                                + " " + self._next_game_words())
        y = self.message_y
        for ln in T.wrap(text, th.small, self.col.width)[:2]:
            surface.blit(T.text(ln, th.small, (255, 190, 170) if self.bad else T.TEXT_DIM), (self.col.x, y))
            y += round(th.small * 1.3)
        T.draw_panel(surface, self.scroll.viewport, th.radius * 2)
        line = round(th.small * 1.35)
        for key, st in self.controls.items():
            if st.rect.x < 0:
                continue
            first, warn = self._control_lines(key)
            ly = st.rect.bottom + 2
            # the explanation may take both lines when there is no warning (translations run longer)
            wrapped = T.wrap(first, th.small, st.rect.width)
            if warn:
                lines = [(first, T.TEXT_DIM), (warn, (255, 190, 170))]
            else:
                lines = [(wrapped[0], T.TEXT_DIM)] + ([(" ".join(wrapped[1:]), T.TEXT_DIM)] if len(wrapped) > 1 else [])
            for i, (ln, colour) in enumerate(lines):
                surface.blit(T.fit_text(ln, th.small, st.rect.width, colour), (st.rect.x, ly + i * line))
        self.scroll.draw_bar(surface)
        self.focus.draw(surface, th)
