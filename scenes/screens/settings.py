"""Settings: the Table page (the language, how the table looks, moves and
sounds, and who sits at it by default), with a "House rules…" button to the
rules page.

Language (the first control: System, English, Cymraeg, ქართული, each
language named in itself) switches at once through ``App.set_language``:
this page and every scene under it show the new words straight away
(``Scene.language_changed``), and it is saved like every other setting.

Every change is applied and saved at once (an atomic write of
``settings.json``) and handed to the scenes below (the table, when Settings
was opened from its menu, through their ``apply_settings()``), so leaving
with Esc or Done never loses anything. Two columns fit every window from
1024x640 to 3840x2160 without scrolling: the table options on the left; the
default opponents (the New game form's remembered players, names and
levels, ``Settings.last_setup``) and a preview of felt, faces, back and card
size on the right. Mouse and keyboard both work: Tab/arrows move the focus
ring, Left/Right change the focused choice, Enter activates, Esc goes back.
"""

from __future__ import annotations

import pygame

from game.ai import HINT_LEVELS, PLAYERS
from game.rules.cards import make_card
from game.text.levels import LEVEL_LABELS
from game.i18n import LANGUAGES, N_, _, system_language
from game.services.settings import CARD_BACKS, CARD_SIZES, FELTS, SPEEDS
from game.rules.names import field_name, has_visible

from scenes.core import theme as T
from scenes.core.cardart import CardArt
from scenes.core.theme import card_sizes
from scenes.core.forms import FormScene
from scenes.core.widgets import Button, FocusRing, Stepper, TextField
from scenes.screens.rules_settings import RulesSettingsScene

DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
"""The New game form's names for computer seats (``scenes.screens.setup`` uses the same)."""
RUMMY_SECONDS = [1.0 + 0.5 * i for i in range(9)]
"""The Rummy-call window lengths offered (1 to 5 s in half seconds)."""
VOLUMES = list(range(0, 101, 10))
NAME_LEN = 16


def _names(choices, names: dict) -> list[str]:
    """The shown name of each of ``choices`` (``N_``-marked in ``names``, else capitalised)."""
    return [names.get(x, x.capitalize()) for x in choices]


def _with(choices: list, value) -> list:
    """``choices`` with ``value`` added in order when it is not one of them
    (a setting from the file between the steps offered stays as it is)."""
    return choices if value in choices else sorted(choices + [value])


def _seconds(x: float) -> str:
    return _("{seconds} s").format(seconds=f"{x:g}")


def _on_off(label: str, value, on_change) -> Stepper:
    return Stepper(label, [False, True], bool(value), [N_("Off"), N_("On")], on_change=on_change)


def language_names() -> list[str]:
    """The Language control's names for ``["auto", *LANGUAGES]``: "System
    (<its language>)" in the current language, then each language in itself."""
    system = LANGUAGES[system_language()]
    return [_("System ({language})").format(language=system)] + list(LANGUAGES.values())


SPEED_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
CARD_SIZE_NAMES = {"small": N_("Small"), "normal": N_("Normal"), "large": N_("Large")}
CARD_BACK_NAMES = {"blue": N_("Blue"), "red": N_("Red"), "black": N_("Black")}
FELT_NAMES = {"green": N_("Green"), "blue": N_("Blue"), "burgundy": N_("Burgundy"), "dark": N_("Dark")}
"""The Table page's names for the choices of ``game.services.storage`` (marked with
``N_``; a choice missing here is shown capitalised)."""


class SettingsScene(FormScene):
    """The Table page of Settings (see the module docstring)."""

    heading = N_("Settings")

    def enter(self) -> None:
        s = self.app.settings
        change = self.changed
        self.language = Stepper(N_("Language"), ["auto", *LANGUAGES], s.language, language_names(),
                                on_change=self._language_changed)
        self.speed = Stepper(N_("Animation speed"), list(SPEEDS), s.speed, _names(SPEEDS, SPEED_NAMES),
                             on_change=change)  # (a --speed given on the command line still wins)
        self.reduced = _on_off(N_("Reduced motion"), s.reduced_motion, change)
        secs = _with(RUMMY_SECONDS, float(s.rummy_window_s))
        self.rummy = Stepper(N_("Time to call Rummy"), secs, float(s.rummy_window_s), [_seconds(x) for x in secs],
                             on_change=change)
        # the Rummy! button only when you can call, or after every discard to spot calls yourself (issue 21, item 13)
        self.rummy_button = Stepper(N_("Rummy! button"), [False, True], bool(s.rummy_button_always),
                                    [N_("When you can"), N_("Always")], on_change=change)
        self.hint = Stepper(N_("Hint"), list(HINT_LEVELS), s.hint_level,
                            [LEVEL_LABELS.get(x, x) for x in HINT_LEVELS], on_change=change)
        self.style = Stepper(N_("Card faces"), ["2color", "4color"], s.card_style,
                             [N_("Two colours"), N_("Four colours")], on_change=change)
        self.size = Stepper(N_("Card size"), list(CARD_SIZES), s.card_size, _names(CARD_SIZES, CARD_SIZE_NAMES),
                            on_change=change)
        self.back_ = Stepper(N_("Card back"), list(CARD_BACKS), s.card_back, _names(CARD_BACKS, CARD_BACK_NAMES),
                             on_change=change)
        self.felt = Stepper(N_("Felt"), list(FELTS), s.felt, _names(FELTS, FELT_NAMES), on_change=change)
        self.sound = _on_off(N_("Sound"), s.sound, self._sound_changed)
        vols = _with(VOLUMES, int(s.volume))
        self.volume = Stepper(N_("Volume"), vols, int(s.volume), [_("{percent} %").format(percent=v) for v in vols],
                              on_change=self._volume_changed)
        self.fullscreen = _on_off(N_("Fullscreen"), self.app.fullscreen, self._fullscreen_changed)
        self.table_widgets = [self.language, self.speed, self.reduced, self.rummy, self.rummy_button, self.hint,
                              self.style, self.size,
                              self.back_, self.felt, self.sound, self.volume, self.fullscreen]

        last = dict(s.last_setup or {})
        players = last.get("players", 4)
        players = players if isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= 8 else 4
        names = last.get("names") if isinstance(last.get("names"), list) else []
        levels = last.get("levels") if isinstance(last.get("levels"), list) else []
        self.opponents = Stepper(N_("Opponents"), list(range(1, 8)), players - 1, on_change=self._count_changed)
        self.seat_names: list[TextField] = []
        self.seat_levels: list[Stepper] = []
        for i in range(7):
            name = names[i] if i < len(names) and isinstance(names[i], str) else DEFAULT_NAMES[i]
            name = field_name(name, NAME_LEN)
            level = levels[i] if i < len(levels) and levels[i] in PLAYERS else "medium"  # levels and styles, as New game
            self.seat_names.append(TextField("", name, NAME_LEN, on_change=change))
            self.seat_levels.append(Stepper("", list(PLAYERS), level, [LEVEL_LABELS.get(x, x) for x in PLAYERS],
                                            on_change=change))
        self.problem = ""  # a name typed that cannot be saved (see _names_to_save)
        self.rules_button = Button(N_("House rules…"), self.open_rules)
        self.done = Button(N_("Done"), self.back)
        self._art: CardArt | None = None
        self.focus = FocusRing([])
        self._sync_enabled()
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    # ------------------------------------------------------------ layout
    def widgets(self) -> list:
        """The controls in focus order: the table options, the opponents, the buttons."""
        ws = list(self.table_widgets) + [self.opponents]
        for i in range(self.opponents.value):
            ws += [self.seat_names[i], self.seat_levels[i]]
        return ws + [self.rules_button, self.done]

    def resize(self) -> None:
        th = self.theme
        row = max(round(th.body * 2.0), 28)
        gap = max(4, th.pad // 2)
        col_w = min(round(th.width * 0.42), th.body * 26)
        left_x = th.width // 2 - col_w - 2 * th.pad
        right_x = th.width // 2 + 2 * th.pad
        self.top = th.title * 2 + 2 * th.pad + round(th.body * 1.6)
        y = self.top
        for w in self.table_widgets:
            w.rect = pygame.Rect(left_x, y, col_w, row)
            y += row + gap
        y = self.top
        self.opponents.rect = pygame.Rect(right_x, y, col_w, row)
        y += row + gap
        name_w = round(col_w * 0.42)  # the rest for the level or style: "Heliwr ychwanegiadau" on two lines
        for i in range(7):
            visible = i < self.opponents.value
            self.seat_names[i].visible = self.seat_levels[i].visible = visible
            self.seat_names[i].rect = pygame.Rect(right_x, y, name_w, row)
            self.seat_levels[i].rect = pygame.Rect(right_x + name_w + th.pad, y, col_w - name_w - th.pad, row)
            y += row + gap  # hidden rows keep their room: the preview does not jump
        bw = max(th.body * 11, 170)
        bottom = th.height - row - 3 * th.pad
        self.rules_button.rect = pygame.Rect(th.width // 2 - th.pad - bw, bottom, bw, row + 4)
        self.done.rect = pygame.Rect(th.width // 2 + th.pad, bottom, bw, row + 4)
        self.preview_rect = pygame.Rect(right_x, y + th.pad, col_w, bottom - y - 3 * th.pad)
        self.focus.set(self.widgets())
        if self.focus.focused is None:
            self.focus.focus(self.language)  # the first row, where the eye starts

    # ------------------------------------------------------------ changes
    def _sound_changed(self, _value) -> None:
        self._sync_enabled()
        self.changed()
        self.app.sound.play("place")  # a sample at the chosen volume (nothing when off)

    def _volume_changed(self, _value) -> None:
        self.changed()
        self.app.sound.play("place")

    def _fullscreen_changed(self, value) -> None:
        self.app.set_fullscreen(value)  # lays every scene out again
        self.changed()

    def _language_changed(self, value) -> None:
        self.changed()
        self.app.set_language(value)  # this scene and every one beneath, at once

    def language_changed(self) -> None:
        """Rebuild the names made with placeholders in the new language."""
        self.language.names = language_names()
        secs = self.rummy.choices
        self.rummy.names = [_seconds(x) for x in secs]
        self.volume.names = [_("{percent} %").format(percent=v) for v in self.volume.choices]
        self.resize()

    def _count_changed(self, _value) -> None:
        self.resize()
        self.changed()

    def _sync_enabled(self) -> None:
        self.volume.enabled = self.sound.value

    def changed(self, _value=None) -> None:
        """Copy every control into the settings, save them, and apply them
        now: the felt and sound here, everything else in the scenes below."""
        s = self.app.settings
        s.speed, s.reduced_motion, s.rummy_window_s = self.speed.value, self.reduced.value, self.rummy.value
        s.rummy_button_always = self.rummy_button.value
        s.hint_level = self.hint.value
        s.card_style, s.card_size, s.card_back, s.felt = (self.style.value, self.size.value, self.back_.value,
                                                          self.felt.value)
        s.sound, s.volume, s.language = self.sound.value, self.volume.value, self.language.value
        last = dict(s.last_setup or {})
        last.update(players=self.opponents.value + 1, names=self._names_to_save(last.get("names")),
                    levels=[st.value for st in self.seat_levels])
        s.last_setup = last
        T.set_felt(s.felt)
        self.app.sound.configure(s.sound, s.volume)
        self.app.save_settings()
        for scene in self.app.stack:
            apply = getattr(scene, "apply_settings", None)
            if apply is not None and scene is not self:
                apply()

    def _names_to_save(self, before) -> list[str]:
        """The opponents' names to save: each field's, except a name with no
        visible character (:func:`game.names.has_visible`), for which the
        name saved before is kept and :attr:`problem` says why (the field
        keeps what was typed, to be put right). An empty field is saved
        empty: New game then uses its default name."""
        before = before if isinstance(before, list) else []
        self.problem = ""
        names = []
        for i, f in enumerate(self.seat_names):
            name = f.value
            if name.strip() and not has_visible(name):
                old = before[i] if i < len(before) and isinstance(before[i], str) else DEFAULT_NAMES[i]
                name = old if has_visible(old) or not old.strip() else DEFAULT_NAMES[i]
                if not self.problem and i < self.opponents.value:
                    self.problem = _("The name of opponent {number} needs at least one character that shows: a "
                                     "letter, a digit or a sign; until then the one before is kept.").format(
                        number=i + 1)
            names.append(name)
        return names

    def open_rules(self) -> None:
        self.app.push(RulesSettingsScene(self.app))

    def back(self) -> None:
        self.changed()  # already saved; once more costs nothing and loses nothing
        self.app.pop()

    def update(self, dt: float) -> None:
        if self.fullscreen.value != self.app.fullscreen:  # F11 pressed here
            self.fullscreen.index = int(self.app.fullscreen)

    # ------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        if self.problem:  # in place of the line about saving: a name typed is not saved
            sub = T.fit_text(self.problem, th.small, th.width - 4 * th.pad, (255, 190, 170))
        else:
            sub = T.text(_("Table · changes are saved as you make them"), th.small, T.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midtop=(th.width // 2, th.pad * 2 + th.title + th.pad)))
        for head, anchor in ((_("Table and cards"), self.language.rect), (_("Default opponents"), self.opponents.rect)):
            t = T.fit_text(head, th.body, anchor.width, T.TEXT, bold=True)
            surface.blit(t, (anchor.x, anchor.y - t.get_height() - th.pad // 2))
        self._draw_preview(surface)
        self.focus.draw(surface, th)

    def _draw_preview(self, surface) -> None:
        """The chosen felt with two faces and a back at the table's hand-card
        height for the chosen size (shrunk to fit the box if need be)."""
        th = self.theme
        box = self.preview_rect
        if box.height < th.body * 3:
            return
        s = self.app.settings
        if self._art is None or (self._art.style, self._art.back_name) != (s.card_style, s.card_back):
            self._art = CardArt(s.card_style, s.card_back)
        pygame.draw.rect(surface, T.FELT, box, border_radius=th.radius)
        pygame.draw.rect(surface, T.PANEL_EDGE, box, 1, border_radius=th.radius)
        label = T.text(_("Preview: {felt} felt, {size} cards").format(
            felt=_(FELT_NAMES.get(s.felt, s.felt)).lower(), size=_(CARD_SIZE_NAMES.get(s.card_size, s.card_size)).lower()),
            th.small, T.TEXT_DIM)
        surface.blit(label, (box.x + th.pad, box.y + th.pad // 2))
        room = box.height - label.get_height() - 3 * th.pad
        h = min(card_sizes(th, s.card_size).hand, room)
        if h < 24:
            return
        w = T.Theme.card_w(h)
        x = box.x + th.pad * 2
        y = box.bottom - th.pad - h
        for card, face_up in ((make_card(1, 3), True), (make_card(10, 1), True), (make_card(7, 0), True),
                              (0, False)):
            if x + w > box.right - th.pad:
                break
            img, dx, dy = self._art.with_shadow(card, h, face_up)
            surface.blit(img, (x + dx, y + dy))
            x += round(w * 0.7) if face_up else w
