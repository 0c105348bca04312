"""The Replay scene: a game record stepped through, action by action, hand
by hand, on the table's own drawing (issue 24, part 1).

``app.open("replay", replay=ReplayGame, levels=None)`` (:class:`game.services.replay.ReplayGame`,
checked by :func:`game.services.replay.load_replay`; :meth:`scenes.core.app.App.open_replay`
opens one or says in one sentence why it cannot). Each step is a
:class:`~scenes.table.layout.TableModel` taken after the deal or the action,
laid out and drawn as the table draws its own steps (:mod:`scenes.table.layout`,
:class:`~scenes.table.drawing.TableDrawing`, :class:`~scenes.table.animation.TableAnimation`):
this scene offers the table's parts what they read of a table.

Keys: ← → one action, Page Up / Page Down one turn, Home / End one hand
(to its start, or its end; again for the one before or after), Space plays
or pauses (at the table's pace: the speed in Settings), V changes the view,
R reviews the hand shown (a finished game only), L the game log, Esc back.
The slider under the table covers the whole game (click or drag); the
game log beside the table is the log up to the step shown.

Views: a finished game with every hand face up (``None``), or as one seat
saw it (its hand face up, the others' and the stock face down); the
person's own seat first. A game in progress only as the person's seat saw
it: its picture holds no card of another hand or of the stock at all (each
is a card back), and there is no other view.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.i18n import N_, _
from game.rules.names import shown_names
from game.services.replay import ReplayGame
from game.text.events import in_log, log_names, log_words

from scenes.core import theme as T
from scenes.core.cardart import CardArt
from scenes.core.scene import Scene
from scenes.core.tween import AI_PACE_S, SPEEDS
from scenes.core.widgets import Button
from scenes.table.animation import TableAnimation
from scenes.table.drawing import TableDrawing
from scenes.table.game_log import LogPanel
from scenes.table.layout import Layout, TableModel, layout, model_of, predeal_model
from scenes.table.rules_badge import RulesBadge
from scenes.table.scene import LOG_LENGTH, TableScene

__all__ = ["ReplayScene", "hidden_model", "step_models"]

BACK = -1
"""The code a hidden card is replaced by in a seat's view of a game in progress: no card, drawn as a back."""


class _NoComputer:
    """The table's session as the drawing asks it: in a replay nobody is thinking."""

    @staticmethod
    def thinking_seat():
        return None

    @staticmethod
    def ready() -> bool:
        return False


class _NoTip:
    """No first-game tip over a replay."""

    rect = pygame.Rect(0, 0, 0, 0)
    shown = False

    def draw(self, surface, theme) -> None:
        pass


def step_models(replay: ReplayGame) -> list[TableModel]:
    """The table's picture after each step of ``replay``, in order (the
    engine's whole state: every card, hidden or not)."""
    return [model_of(game) for _step, game in replay.walk()]


def hidden_model(model: TableModel, seat: int) -> TableModel:
    """``model`` as ``seat`` saw it: every card of another seat's hand and of
    the stock replaced by :data:`BACK` (their numbers kept), so nothing drawn
    from it can show a card the seat did not see."""
    hands = tuple(h if s == seat else (BACK,) * len(h) for s, h in enumerate(model.hands))
    return replace(model, hands=hands, stock=(BACK,) * len(model.stock))


class ReplayScene(Scene):
    """The replay (see the module docstring). Its attributes ``shown``,
    ``layout_``, ``art``, ``animation``, ``log_panel`` ... are those of
    :class:`~scenes.table.scene.TableScene` that the table's drawing and
    animation read."""

    frees_memory = True
    demo = False
    person = None  # nobody plays here: the table's drawing draws every hand as laid out
    pass_play = None  # nor several people in turn
    show_log = True
    pile_index_at = TableScene.pile_index_at
    covering_panels = TableScene.covering_panels
    play_sound = TableScene.play_sound

    def enter(self, replay: ReplayGame, levels: list[str] | None = None) -> None:
        app = self.app
        self.replay = replay
        self.models = step_models(replay)
        self.entries, self.upto = [], []
        for step in replay.steps:  # the log after each step: the first upto[i] entries
            self.entries += [e for e in step.events if in_log(e)]
            self.upto.append(len(self.entries))
        self.starts = replay.hand_starts()
        self.views = replay.views()
        self.view_index = 0
        given = list(levels or [])
        self._levels = [("human" if s == replay.person else given[s] if s < len(given) and given[s] != "human"
                         else "") for s in range(replay.players)]
        self.session = _NoComputer()
        self.tip = _NoTip()
        self.buttons: list[Button] = []  # the table's own buttons: none (the replay's are in its bar)
        self.art = CardArt(app.settings.card_style, app.settings.card_back)
        self.factor = SPEEDS.get(app.speed, 1.0)
        self.reduced_motion = bool(app.settings.reduced_motion)
        self.show_log = True
        self.clock = self.hold = 0.0
        self.mouse = (-1, -1)
        self.animation = TableAnimation(self)
        self.drawing = TableDrawing(self)
        self.log_panel = LogPanel()
        self.rules_badge = RulesBadge(app, replay.parsed.rules)
        self.playing = False
        self.dragging = False
        self.step = 0
        self.shown = self.models[0]
        self.layout_: Layout | None = None
        self.play_button = Button(N_("Play (Space)"), self.toggle_play, role="small")
        self.view_button = Button("", self.next_view, role="small")
        self.review_button = Button(N_("Review this hand"), self.review, role="small")
        self.back_button = Button(N_("Back (Esc)"), self.app.pop, role="small")
        self.view_button.visible = len(self.views) > 1
        self.review_button.visible = self.can_review
        self.controls = [self.play_button, self.view_button, self.review_button, self.back_button]
        self.slider = pygame.Rect(0, 0, 0, 0)
        self._label_view()
        self.resize()

    # ------------------------------------------------------------ what the table's parts read
    @property
    def theme(self) -> T.Theme:
        """The table's theme: the window above the replay's bar."""
        return self._table_theme

    @property
    def view(self) -> int | None:
        """The view shown: ``None`` (every hand face up) or a seat."""
        return self.views[self.view_index]

    @property
    def viewer(self) -> int:
        """The seat at the bottom of the table: the viewed seat, else the person's (else seat 0)."""
        if self.view is not None:
            return self.view
        return self.replay.person if self.replay.person is not None else 0

    @property
    def you(self) -> int | None:
        """The seat the table's words call "you" (:attr:`TableDrawing.you
        <scenes.table.drawing.TableDrawing.you>`): the person's, wherever it sits, or none."""
        return self.replay.person

    @property
    def names(self) -> list[str]:
        return shown_names(self.replay.names)

    @property
    def levels(self) -> list[str]:
        return list(self._levels)

    @property
    def log_names(self) -> list[str]:
        return log_names(self.names, self.replay.person)

    @property
    def can_review(self) -> bool:
        """A hand may be reviewed in a finished game only, never in one in progress."""
        return self.replay.finished and not self.replay.live

    def add_to_log(self, entries) -> None:
        """The log follows the step shown (:meth:`log_entries`), not the steps animated."""

    def apply_pending_order(self) -> None:
        """Nobody arranges a hand in a replay."""

    def hand_order(self) -> None:
        return None

    def log_entries(self) -> list:
        """The game log's entries up to the step shown (the last :data:`LOG_LENGTH`)."""
        end = self.upto[self.step]
        return self.entries[max(0, end - LOG_LENGTH):end]

    def lay_out(self, model: TableModel) -> Layout:
        """``model`` laid out in the view shown (see the module docstring)."""
        if self.view is not None and self.replay.live:
            model = hidden_model(model, self.view)
        lay = layout(model, self.theme, self.viewer, hand_order=None, card_size=self.app.settings.card_size)
        if self.view is None:
            self._face_up(lay, model)
        return lay

    def _face_up(self, lay: Layout, model: TableModel) -> None:
        """Every hand face up: the other seats' small fans turned over and
        spread so each card's corner shows, in the right part of their panels."""
        th = self.theme
        for seat, panel in lay.seat_rects.items():
            if seat == self.viewer:
                continue
            places = [p for p in lay.places if p.zone == "seat" and p.seat == seat]
            if not places:
                continue
            sw, sh = places[0].rect.size
            left = panel.x + round(panel.width * 0.4)
            room = panel.right - th.pad - left
            m = len(places)
            step = 0 if m <= 1 else min(sw * 0.55, max(3, (room - sw) / (m - 1)))
            for i, p in enumerate(places):
                p.face_up = True
                p.rect = pygame.Rect(round(left + i * step), p.rect.y, sw, sh)
            lay.fan_rects[seat] = pygame.Rect(left, places[0].rect.y, round(sw + step * (m - 1)), sh)

    def status_lines(self) -> list[str]:
        """The status panel: the hand and target, and what the step shown did (its log line)."""
        model = self.shown
        head = _("Hand {hand} · target {target}").format(hand=model.hand_index + 1,
                                                          target=self.replay.parsed.rules.target)
        names = self.log_names
        words = [w for w in (log_words(e, names) for e in self.replay.steps[self.step].events if in_log(e)) if w]
        return [head, words[-1] if words else _("{name} deals.").format(name=self.names[model.dealer])]

    # ------------------------------------------------------------ layout
    def resize(self) -> None:
        th = self.app.theme
        bh = max(th.body * 2, 30)
        slider_h = max(th.small * 2, 22)
        bar_h = slider_h + bh + 3 * th.pad
        self._table_theme = T.Theme((th.width, max(240, th.height - bar_h)))
        self.bar = pygame.Rect(0, th.height - bar_h, th.width, bar_h)
        label_w = max(T.width(self.step_words(len(self.models) - 1, True), th.small, True), th.body * 8) + 2 * th.pad
        self.slider = pygame.Rect(2 * th.pad, self.bar.y + th.pad, th.width - 5 * th.pad - label_w, slider_h)
        self.step_label_at = (self.slider.right + 2 * th.pad, self.slider.centery)
        shown = [b for b in self.controls if b.visible]
        y = self.slider.bottom + th.pad
        widths = [max(th.body * 6, T.width(b.text, th.small, True) + 3 * th.pad) for b in shown]
        room = th.width - 4 * th.pad - th.pad * (len(shown) - 1)
        if sum(widths) > room:
            widths = [room * w // sum(widths) for w in widths]
        x = 2 * th.pad
        for b, w in zip(shown, widths):
            b.rect = pygame.Rect(x, y, w, bh)
            x += w + th.pad
        self.back_button.rect.right = th.width - 2 * th.pad  # Back apart, at the right
        self.animation.finish()
        self.layout_ = self.lay_out(self.shown)
        self.drawing.invalidate()
        tt, box = self._table_theme, self.layout_.buttons_rect  # the rules badge where the table has it
        w, h = self.rules_badge.size(tt)
        self.rules_badge.rect = pygame.Rect(box.right - tt.pad - min(w, box.width - 2 * tt.pad), box.bottom - h - tt.pad,
                                            min(w, box.width - 2 * tt.pad), h)

    def language_changed(self) -> None:
        self._label_view()
        self.resize()

    def _label_view(self) -> None:
        view = self.view
        self.view_button.label = (_("View: every hand (V)") if view is None else
                                  _("View: {name} (V)").format(name=self.names[view]))
        self.play_button.label = N_("Pause (Space)") if self.playing else N_("Play (Space)")

    # ------------------------------------------------------------ stepping
    def go(self, index: int, animate: bool = False) -> None:
        """Show step ``index`` (clamped to the game); ``animate``: its cards
        slide from the step shown before, as at the table (one step forward or back)."""
        index = max(0, min(len(self.models) - 1, index))
        if index == self.step:
            return
        forward = index == self.step + 1
        self.animation.finish()
        self.animation.banner = None
        model = self.models[index]
        deal = self.replay.steps[index].action < 0
        self.step = index
        if animate and self.factor > 0:
            if deal and forward:
                self.shown = predeal_model(model)
                self.layout_ = self.lay_out(self.shown)
            events = list(self.replay.steps[index].events) if forward else []
            self.animation.queue(events, model, "deal" if deal and forward else "move")
            self.animation.show_next_step()
        else:
            self.shown = model
            self.layout_ = self.lay_out(model)
        self.hold = self.clock + AI_PACE_S * self.factor

    def turn_start(self, index: int) -> int:
        """The first step of the turn of step ``index``."""
        turn = self.replay.steps[index].turn
        while index > 0 and self.replay.steps[index - 1].turn == turn:
            index -= 1
        return index

    def by_turns(self, d: int) -> int:
        """The step one turn on (``d`` = 1: the next turn's first step) or
        back (``d`` = -1: the start of this turn, or of the one before when there already)."""
        steps, i = self.replay.steps, self.step
        if d > 0:
            turn = steps[i].turn
            while i < len(steps) - 1 and steps[i].turn == turn:
                i += 1
            return i
        start = self.turn_start(i)
        return start if start < i else self.turn_start(max(0, i - 1))

    def by_hands(self, d: int) -> int:
        """Home (``d`` = -1): the start of this hand, or of the one before
        when there already; End (``d`` = 1): the end of this hand, or of the one after."""
        hand = self.replay.steps[self.step].hand
        starts = self.starts
        if d < 0:
            start = starts[hand]
            return start if start < self.step else starts[max(0, hand - 1)]
        end = (starts[hand + 1] - 1) if hand + 1 < len(starts) else len(self.models) - 1
        if end > self.step:
            return end
        return (starts[hand + 2] - 1) if hand + 2 < len(starts) else len(self.models) - 1

    def toggle_play(self) -> None:
        """Play from the step shown (from the start when at the end), or pause."""
        if not self.playing and self.step == len(self.models) - 1:
            self.go(0)
        self.playing = not self.playing
        self.hold = self.clock + AI_PACE_S * self.factor
        self._label_view()

    def next_view(self) -> None:
        """The next view (every hand face up, each seat's)."""
        if len(self.views) < 2:
            return
        self.view_index = (self.view_index + 1) % len(self.views)
        self.animation.finish()
        self._label_view()
        self.resize()

    def review(self) -> None:
        """Review the hand shown (:mod:`scenes.screens.review`): the viewed
        seat's decisions, or the person's in the face-up view. A finished game only."""
        if not self.can_review:
            return
        self.playing = False
        self._label_view()
        seat = self.view if self.view is not None else self.viewer
        self.app.open("review", record=self.replay.record, seat=seat, hand=self.replay.steps[self.step].hand,
                      names=self.names)

    def step_at(self, x: int) -> int:
        """The step under ``x`` (window pixels) on the slider."""
        s = self.slider
        frac = 0.0 if s.width <= 1 else (x - s.x) / (s.width - 1)
        return round(max(0.0, min(1.0, frac)) * (len(self.models) - 1))

    # ------------------------------------------------------------ events
    KEYS = {pygame.K_RIGHT: ("go", 1), pygame.K_LEFT: ("go", -1), pygame.K_PAGEDOWN: ("turn", 1),
            pygame.K_PAGEUP: ("turn", -1), pygame.K_END: ("hand", 1), pygame.K_HOME: ("hand", -1)}
    """Each stepping key: what it moves by and which way."""

    def handle_event(self, event) -> bool:
        for b in self.controls:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.slider.inflate(0, 8).collidepoint(event.pos):
            self.dragging = True
            self.go(self.step_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self.go(self.step_at(event.pos[0]))
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN:
            move = self.KEYS.get(event.key)
            if move is not None:
                kind, d = move
                self.playing = False
                self._label_view()
                target = self.step + d if kind == "go" else self.by_turns(d) if kind == "turn" else self.by_hands(d)
                self.go(target, animate=kind == "go")
                return True
            if event.key == pygame.K_SPACE:
                self.toggle_play()
                return True
            if event.key == pygame.K_v:
                self.next_view()
                return True
            if event.key == pygame.K_r:
                self.review()
                return True
            if event.key == pygame.K_l:
                self.show_log = not self.show_log
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
        if self.rules_badge.handle(event):
            return True
        if self.show_log and self.log_panel.handle(event, self.mouse):
            return True
        if event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.mouse = (-1, -1)
            self.dragging = False
        return False

    # ------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.show_log and self.layout_ is not None:
            self.log_panel.layout(self.log_entries(), self.log_names, self.drawing.log_rect(), self.theme,
                                  self.layout_.hand_rect.top - self.theme.pad)
        self.animation.update(dt)
        if not self.playing:
            return
        if self.step >= len(self.models) - 1:
            self.playing = False
            self._label_view()
        elif not self.animation.motions and self.clock >= self.hold and self.animation.banner is None:
            self.go(self.step + 1, animate=True)

    # ------------------------------------------------------------ drawing
    def step_words(self, index: int, widest: bool = False) -> str:
        """The words beside the slider: which hand and action step ``index`` is."""
        step = self.replay.steps[index]
        hands = len(self.starts)
        if widest:
            step = replace(step, hand=hands - 1, action=max(len(h.actions) for h in self.replay.parsed.hands) - 1)
        count = len(self.replay.parsed.hands[step.hand].actions)
        return _("Hand {hand} of {hands} · action {action} of {actions}").format(
            hand=step.hand + 1, hands=hands, action=step.action + 1, actions=count)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        table = surface.subsurface(pygame.Rect((0, 0), self._table_theme.size))
        self.drawing.draw(table)
        pygame.draw.rect(surface, T.FELT_DARK, self.bar)
        pygame.draw.line(surface, T.PANEL_EDGE, self.bar.topleft, self.bar.topright)
        self._draw_slider(surface, th)
        words = self.step_words(self.step)
        label = T.fit_text(words, th.small, th.width - self.step_label_at[0] - th.pad, T.TEXT, bold=True)
        surface.blit(label, label.get_rect(midleft=self.step_label_at))
        for b in self.controls:
            b.draw(surface, th)
        if self.replay.live:  # where the view button would be: whose view this is, and why there is no other
            r = self.back_button.rect
            left = max((b.rect.right for b in self.controls if b.visible and b is not self.back_button),
                       default=2 * th.pad) + 2 * th.pad
            note = T.fit_text(_("A game in progress, as {name} saw it").format(name=self.names[self.viewer]),
                              th.small, max(10, r.left - left - 2 * th.pad), T.TEXT_DIM)
            surface.blit(note, note.get_rect(midleft=(left, r.centery)))

    def _draw_slider(self, surface, th: T.Theme) -> None:
        """The whole game as a bar: a tick at each hand's deal, gold up to the step shown, and a knob."""
        s = self.slider
        track = pygame.Rect(s.x, s.centery - max(3, th.small // 4), s.width, max(6, th.small // 2))
        pygame.draw.rect(surface, T.PANEL_EDGE, track, border_radius=track.h // 2)
        last = max(1, len(self.models) - 1)
        x = s.x + round((s.width - 1) * self.step / last)
        done = pygame.Rect(track.x, track.y, max(0, x - track.x), track.h)
        if done.w:
            pygame.draw.rect(surface, T.GOLD, done, border_radius=track.h // 2)
        for start in self.starts:
            tx = s.x + round((s.width - 1) * start / last)
            pygame.draw.line(surface, T.TEXT, (tx, s.top + 2), (tx, s.bottom - 2), 2)
        pygame.draw.circle(surface, T.TEXT, (x, s.centery), max(6, s.height // 3))
        pygame.draw.circle(surface, T.GOLD, (x, s.centery), max(6, s.height // 3), 2)
