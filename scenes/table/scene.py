"""The table: the game being played, animated from the engine's events.

The scene owns a :class:`~game.play.table_session.TableSession` (the engine and the
computer players, each thinking in its worker process). Each engine action
becomes one step on the table: the model after the action
(:class:`~scenes.table.layout.TableModel`) and its events. Steps are shown one at
a time, in order: every card that moved between the two pictures slides
there (ease-out), flipping when it turns over; the log and banners ("Rummy!")
come with the step. The next computer action is applied only once the last
step has been shown and the pace time (0.6 s at normal speed) has passed, so
a person can follow each move, and a frame never waits on a computer.

At the end of a hand the results panel is pushed; at the end of the game,
the game-over scene with the chart of totals.

This module is the game, the input routing and the update loop; saving
and recording a won game are
:class:`~game.services.game_in_progress.GameInProgress`'s (the scene only
calls it and shows its messages). The scene holds its parts as components:
the animation queue (:mod:`scenes.table.animation`), the drawing
(:mod:`scenes.table.drawing`) and the person's side
(:mod:`scenes.table.person`); the layout is :mod:`scenes.table.layout` and
the card art :mod:`scenes.core.cardart`.
"""

from __future__ import annotations

import logging
import time

import pygame

from game.rules.events import Event, HandEnded, TurnStarted
from game.errors import IllegalMove
from game.i18n import N_, _, ngettext
from game.rules.hand import can_draw_stock
from game.text.cards import short_name
from game.rules.ruleset import RuleSet
from game.play.table_session import Seat, TableSession
from game.play.remote.guest_session import GuestSession
from game.play.hints import Hinter
from game.ai import HINT_LEVELS
from game.rules.names import shown_names

from scenes.core import theme as T
from scenes.core.scene import Scene
from scenes.core.cardart import CardArt
from scenes.table.layout import Layout, TableModel, heights_to_warm, is_hidden, layout, model_for, predeal_model
from scenes.table.pass_play import PassAndPlay
from game.rules.view import view_for
from scenes.table.drawing import TableDrawing
from scenes.table.animation import TableAnimation
from scenes.core.tween import AI_PACE_S, SPEEDS
from scenes.core.widgets import Button, free_span
from scenes.table.game_log import LogPanel
from scenes.table.rules_badge import RulesBadge
from scenes.table.person import PersonPlay
from scenes.table.first_tip import FirstGameTip
from game.text.events import LogEntry, LogNote, in_log, log_names, log_words
from game.rules.record import history_events
from game.services.game_in_progress import MESSAGE_S, GameInProgress, NotKept
from game.text.network import join_problem

__all__ = ["LOG_LENGTH", "TableScene"]

log = logging.getLogger("rummy500.table")

LOG_LENGTH = 300
"""How many entries the game log keeps (the oldest go first)."""


class TableScene(Scene):
    """The table (see the module docstring). ``enter(seats=..., rules=...,
    seed=..., demo=False, session=None, slot=None, hand_order=(), sort_mode="suit", table_seed=None)``:
    a new game between ``seats`` (:class:`~game.play.table_session.Seat`), dealt from ``table_seed``
    when given (a deal code's, :mod:`game.services.deal_code`), or the given
    ``session`` (a continued game), saved in save slot ``slot`` (a new one
    when ``None``, :mod:`game.services.slots`) with the person's ``hand_order`` (card
    codes) and ``sort_mode`` ("suit" or "rank"). The save slot, autosaving
    and the end of a won game are ``self.in_progress``
    (:class:`~game.services.game_in_progress.GameInProgress`).

    The scene holds its parts as components: ``animation`` (the steps to show
    and the moving cards, :class:`~scenes.table.animation.TableAnimation`),
    ``drawing`` (:class:`~scenes.table.drawing.TableDrawing`), ``person`` (the
    person's side, :class:`~scenes.table.person.PersonPlay`, or ``None`` when
    no person sits at the bottom), ``log_panel``, ``rules_badge`` and ``tip``."""

    frees_memory = True  # a table left is collected at once (SceneStack.release_popped)
    _warm_for: Layout | None = None  # the layout whose card heights _warm_idle works through
    _warm_heights: tuple[int, ...] = ()

    def enter(self, seats: list[Seat] | None = None, rules: RuleSet | None = None, seed: int | None = None,
              demo: bool = False, session: TableSession | None = None, use_workers: bool = True,
              slot: str | None = None, hand_order=(), sort_mode: str = "suit", table_seed: int | None = None,
              people: list[int] | None = None, viewer: int = 0) -> None:
        app = self.app
        self.demo = demo
        player = getattr(app, "sound", None)
        if player is not None:
            player.prepare()  # the mixer starts now, not in the first frame of the deal (issue 21, item 19)
        self.session = session or TableSession(seats, rules, seed=seed, use_workers=use_workers, table_seed=table_seed)
        # the person's Hint: the level chosen in Settings thinks off the window's thread, as a computer seat does
        self.hinter = Hinter(self.session.use_workers, seed=self.session.seed % (1 << 62))
        self.prepare_hint()
        # a seat joined at another computer's table (issue 23): the game and its save are the host's
        self.remote = bool(getattr(self.session, "remote", False))
        self.in_progress = (NotKept(app.storage, self.session) if self.remote else
                            GameInProgress(app.storage, self.session, slot, demo, self._arrangement))
        self.viewer = viewer
        self.awaiting_deal = False  # a guest's table: the results were seen, the host has not dealt yet
        self.pass_play = None
        if people is None:  # a new game: every person's seat is at this computer; a given session: seat 0's
            people = ([i for i, s in enumerate(self.session.seats) if s.is_person] if session is None
                      and self.session.autoplay_level is None else [])
        self.art = CardArt(app.settings.card_style, app.settings.card_back)
        self.factor = SPEEDS.get(app.speed, 1.0)
        self.reduced_motion = bool(app.settings.reduced_motion)
        self.animation = TableAnimation(self)
        self.drawing = TableDrawing(self)
        self.log_entries: list[LogEntry] = []  # worded when drawn (issue 21, item 12): log_lines
        self.show_log = bool(app.settings.show_log)
        self.log_panel = LogPanel()
        self.last_action_at = 0.0
        self.hold = 0.0  # seconds to wait before the next computer action
        self.mouse = (-1, -1)
        self.results_shown_for: int | None = None
        self.clock = 0.0
        game = self.session.game
        h = game.hand
        if not self.remote and (h is None or (h.ended is not None and game.winner is None)):
            self.session.deal_next_hand()
            h = game.hand
        self.shown = self.seen_model()
        self.layout_ = None
        self.buttons = [Button(N_("Log (L)"), self.toggle_log, role="small"),
                        Button(N_("Menu (Esc)"), self.open_menu, role="small")]
        self.rules_badge = RulesBadge(app, game.rules)
        if h.ended is None and not (self.seen_view().history if self.remote else h.actions):
            # a fresh deal: animate it from the stock
            self.shown = predeal_model(self.shown)
            self.animation.queue([], self.seen_model(), "deal")
        self.rebuild_log()
        self.person = None
        self.pending_order = None
        if len(people) >= 2 and not demo:
            self.pass_play = PassAndPlay(self, people)  # several people at this computer: hands face down
            self.shown = self.seen_model() if not self.animation.steps else predeal_model(self.seen_model())
            if self.animation.steps:
                self.animation.steps.clear()
                self.animation.queue([], self.seen_model(), "deal")
        elif self.session.seats[self.viewer].is_person and not self.session.is_ai(self.viewer):
            self.person = PersonPlay(self)
            self._restore_hand(list(hand_order), sort_mode)
        self.tip = FirstGameTip(self.person is not None and not demo and not self.remote and self._first_game(),
                                game, self.viewer)
        self.resize()
        self.record_if_won()  # a continued game that was already won: recorded once, by its id

    @property
    def slot(self) -> str:
        """The name of the game's save slot (:mod:`game.services.slots`)."""
        return self.in_progress.slot

    @property
    def levels(self) -> list[str]:
        """Each seat's level, in seat order (``"human"`` for the person)."""
        return self.in_progress.levels

    @property
    def names(self) -> list[str]:
        """The seats' names as drawn, in seat order: each seat's own name, or
        "Player N" for a name with no visible character (:func:`game.names.shown_names`;
        the game and its record keep the names as they are). Worked out once
        per set of names and language (the drawing asks for them many times a frame)."""
        key = (tuple(self.session.names), _("Player {number}"))
        if key != getattr(self, "_names_key", None):
            self._names_key, self._names = key, shown_names(self.session.names)
        return list(self._names)

    @property
    def log_names(self) -> list[str]:
        """The seats' names as the game log and the banners say them: the
        person's seat is "You" (:func:`game.text.events.log_names`)."""
        you = self.viewer if self.person is not None and self.pass_play is None else None  # people go by name
        return log_names(self.names, you)

    @property
    def log_lines(self) -> list[str]:
        """The game log's lines, oldest first, worded now (in the current language)."""
        names = self.log_names
        return [w for w in (log_words(e, names) for e in self.log_entries) if w]

    def rebuild_log(self) -> None:
        """Fill the game log from the game's record (issue 21, item 12): a
        continued game's lines come back, a new game's deal is its first line
        (:func:`game.rules.record.history_events`). A game whose hands cannot be
        played again (never one the engine built) opens with an empty log
        rather than failing on every Continue; the reason goes to the log file."""
        if self.remote:  # a guest's game has no record here: its log starts as the guest sits down
            self.log_entries = []
            return
        try:
            events = history_events(self.session.game, LOG_LENGTH)
        except (IllegalMove, ValueError) as exc:
            log.warning("the game log could not be rebuilt from the record: %s", exc)
            events = []
        self.log_entries = []
        self.add_to_log(events)

    def add_to_log(self, entries) -> None:
        """Keep ``entries`` (engine events, :class:`~game.text.events.LogNote`)
        in the game log, the last :data:`LOG_LENGTH` of them; the ones the log
        leaves out (a turn starting) are not kept."""
        self.log_entries += [e for e in entries if in_log(e)]
        del self.log_entries[:-LOG_LENGTH]

    def _first_game(self) -> bool:
        """True while the person has no finished game in the statistics.

        This is where a person's table first reads the statistics, so a file
        that cannot be read is moved aside here (new statistics are started):
        the player is told now, once, since the file is gone after. (A newer
        version's file is named when a finished game cannot be added to it.)"""
        stats, message = self.app.storage.load_statistics()
        if message and not stats.is_newer:
            self.app.notify(message, 8.0)
        return stats.games_played == 0

    def _restore_hand(self, order: list[int], sort_mode: str) -> None:
        """Put back the person's saved arrangement and sort order (item 16);
        while the deal is still to be shown, once it has been."""
        h = self.person
        if sort_mode == "rank":
            h.toggle_sort()  # sorts by rank and relabels the Sort button
        self.pending_order = order or None
        self.apply_pending_order()

    def apply_pending_order(self) -> None:
        """Put the saved hand order back once the deal has been shown (called as each step is shown)."""
        if self.pending_order and self.shown.phase != "deal":
            self.person.order = self.pending_order
            self.pending_order = None
            self.person.sync()  # kept cards keep their places; cards not in the hand leave

    def _arrangement(self) -> tuple[list[int], str]:
        """The person's hand order and sort mode as a save keeps them
        (:data:`game.services.game_in_progress.Arrangement`): the order still
        to be put back while the deal is shown."""
        person = self.person
        if person is None:
            return (), "suit"
        return (self.pending_order or person.order), person.sort_mode

    def hand_order(self) -> list[int] | None:
        """The person's arrangement of the bottom hand (``None``: sorted)."""
        return self.person.order if self.person is not None else None

    def seen_model(self) -> TableModel:
        """What the table may show now: the current hand as the viewer's seat
        sees it (its :class:`~game.rules.view.PlayerView`, :func:`~scenes.table.layout.model_for`)
        and the public facts of how it ended; never another seat's hidden
        cards nor the stock's order (issue 23, part 0)."""
        view = self.seen_view()
        if self.remote:  # the host's view as sent, and the public facts it sent with it
            return model_for(view, *self.session.hand_facts())
        h = self.session.game.hand
        face_down = self.pass_play is not None and self.pass_play.face_down(view)
        return model_for(view, h.ended, h.went_out, len(h.actions), face_down=face_down)

    def seen_view(self):
        """The viewer's :class:`~game.rules.view.PlayerView` now: of the game
        here, or, at a table joined at another computer, the one the host
        sent (:meth:`game.play.remote.guest_session.GuestSession.seen_view`:
        never built from the stand-in game, so nothing sampled is drawn)."""
        if self.remote:
            return self.session.seen_view(self.viewer)
        return view_for(self.session.game, self.viewer)

    def lay_out(self, model: TableModel) -> Layout:
        face_up = not any(is_hidden(c) for c in model.hands[self.viewer])  # face down between people
        return layout(model, self.theme, self.viewer, viewer_face_up=face_up, hand_order=self.hand_order(),
                      card_size=self.app.settings.card_size)

    def relayout(self) -> None:
        """Lay the shown picture out again (the person rearranged the hand)."""
        self.layout_ = self.lay_out(self.shown)

    def push_step(self, events: list[Event], undo: bool = False) -> None:
        """Queue the picture after a move of the person (or an undo) for showing
        (a guest's move is shown when the host's update comes back)."""
        if self.remote:
            return
        self.animation.queue(events, self.seen_model(), "undo" if undo else "move")
        self.hold = self.clock + AI_PACE_S * self.factor
        self.record_if_won()
        self.autosave(durable=False)  # every move of the person is saved at once: a kill loses nothing
        self.forget_crashes()

    def exit(self) -> None:
        self.record_if_won()
        self.autosave()
        self.forget_crashes()  # left without an error (scenes.crash.crashed counts from what it read before)
        self.hinter.close()
        self.session.close()

    def forget_crashes(self) -> None:
        """The slot's table works again (the person moved, or left it): its
        count of crashes in a row starts again from nothing
        (:meth:`game.services.game_in_progress.GameInProgress.forget_crashes`)."""
        self.in_progress.forget_crashes()

    def on_cover(self) -> None:
        """A menu or dialog is pushed on top: the pointer is no longer over
        the table (no hover is drawn under it) and a drag or press of the
        person's is let go, the cards going home."""
        super().on_cover()
        self.mouse = (-1, -1)
        if self.person is not None:
            self.person.let_go()
            self.person.input.hover = None

    # ------------------------------------------------------------ layout
    def resize(self) -> None:
        self.animation.finish()
        self.layout_ = self.lay_out(self.shown)
        th = self.theme
        self.warm_at = self.clock + 0.3  # scale the card images once resizing stops
        box = self.layout_.buttons_rect
        bh = max(th.body * 2, 28)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(box.x + th.pad, box.bottom - (i + 1) * (bh + th.pad), box.width - 2 * th.pad, bh)
        badge = getattr(self, "rules_badge", None)
        if badge is not None:  # above the Log and Menu buttons, right-aligned with them
            w, h = badge.size(th)
            w = min(w, box.width - 2 * th.pad)
            top_button = self.buttons[-1].rect
            badge.rect = pygame.Rect(top_button.right - w, top_button.top - th.pad - h, w, h)
        if getattr(self, "person", None) is not None:
            self.person.layout_buttons()
        self._tip_area = None
        self.layout_tip()

    def layout_tip(self) -> None:
        """Lay the first-game tip out in the person's meld zone, in the widest
        part of it that no panel covers (the status panel, the game log
        larger or not: issue 21, item 11); redone only when that part moves."""
        tip = getattr(self, "tip", None)
        if tip is None or not tip.shown:
            return
        zone = self.layout_.zone_rects[self.viewer]
        area = free_span(zone, self.covering_panels(), zone.centerx, self.theme.pad)
        if area != getattr(self, "_tip_area", None):
            self._tip_area = area
            tip.layout(area, self.theme)

    def notice_area(self) -> pygame.Rect | None:
        """Notices (the F12 one, a file's trouble) go in the middle row of the
        felt, right of the discard pile's cards (and its label) and left of
        the status panel, so the seats' panels and melds along the top stay
        in view. ``None`` (the top of the window) when that gap is narrower
        than a quarter of the window (a long pile)."""
        lay, th = self.layout_, self.theme
        pile = lay.pile_rect
        drawn = max((p.rect.right for p in lay.places if p.zone == "pile"), default=pile.x)
        label = T.font(th.small).size(ngettext("Discard pile · {count} card", "Discard pile · {count} cards",
                                               99).format(count=99))[0]
        left = max(drawn, pile.x + label, lay.stock_rect.right) + 2 * th.pad
        right = lay.status_rect.left - th.pad
        if right - left < th.width // 4:
            return None
        return pygame.Rect(left, pile.top + th.pad, right - left, pile.height - th.pad)

    def prepare_hint(self) -> None:
        """Start the AI of the hint level in Settings when a person plays here
        (its worker starts with the table's, not on the first press of H)."""
        level = getattr(self.app.settings, "hint_level", "medium")
        if not self.demo and any(s.is_person and self.session.autoplay_level is None for s in self.session.seats):
            self.hinter.prepare(level if level in HINT_LEVELS else HINT_LEVELS[0])

    def apply_settings(self) -> None:
        """Pick up changed settings at once: card faces and back, card size
        (laid out again), felt (the still picture is redrawn), speed, reduced
        motion and the time to call Rummy (from the next discard)."""
        s = self.app.settings
        if (s.card_style, s.card_back) != (self.art.style, self.art.back_name):
            self.art = CardArt(s.card_style, s.card_back)
        self.factor = SPEEDS.get(self.app.speed, 1.0)
        self.reduced_motion = bool(s.reduced_motion)
        if self.person is not None:
            self.person.rummy_window_s = float(s.rummy_window_s)
        self.prepare_hint()
        self.drawing.invalidate()
        self.resize()

    def play_sound(self, name: str) -> None:
        """Play a card sound (the app's player decides whether sound is on)."""
        player = getattr(self.app, "sound", None)
        if player is not None and not (self.demo and self.factor == 0):
            player.play(name)

    # ------------------------------------------------------------ actions
    def log_refusal(self, message: str | LogNote, rule: str | None = None) -> None:
        """Keep a refused move in the game log with the rule it cites (the
        one-line message above the hand leaves the rule id out, item 18):
        ``message`` is an engine message (English) citing ``rule`` when it
        cites none, or a :class:`~game.text.events.LogNote`; worded when drawn."""
        if not isinstance(message, LogNote):
            message = LogNote(message, rule=rule)
        self.add_to_log([LogNote(message.text, message.values, True, message.rule or rule)])

    def toggle_log(self) -> None:
        self.show_log = not self.show_log
        self.app.settings.show_log = self.show_log

    def open_menu(self) -> None:
        self.app.open("pause_menu")

    def notify_all(self, messages: list[str]) -> None:
        """Show each message of :class:`~game.services.game_in_progress.GameInProgress`."""
        for message in messages:
            self.app.notify(message, MESSAGE_S)

    def autosave(self, durable: bool = True) -> None:
        """Save the game in its slot so Continue can resume it
        (:meth:`game.services.game_in_progress.GameInProgress.autosave`);
        ``durable=False`` (after each move) skips the fsyncs."""
        self.notify_all(self.in_progress.autosave(durable))

    def record_if_won(self) -> None:
        """When the game is won (R21): keep it and count it, once
        (:meth:`game.services.game_in_progress.GameInProgress.record_if_won`)."""
        self.notify_all(self.in_progress.record_if_won())

    def follow_game_over(self) -> None:
        """Each frame of the game-over screen: a guest's table takes what the
        host still sends and keeps the finished game's record when it has
        come (:meth:`game.services.game_in_progress.NotKept.keep_record`);
        nothing to do at a local table."""
        if self.remote:
            self.session.update()  # the record, then perhaps the host's next game at this table
            if not self.in_progress.record_settled:
                self.notify_all(self.in_progress.keep_record())

    def play_next_game(self) -> bool:
        """A guest's table at game over, once the host has dealt another game
        at the same table (:meth:`game.play.remote.guest_session.GuestSession.next_game`):
        a new table takes the connection and plays this seat in the new game
        (the finished one stays kept and counted). False, with a message,
        when the new game's first messages cannot be shown."""
        old = self.session
        if not (self.remote and old.next_game()):
            return False
        connection, welcome, messages = old.hand_over()
        try:
            session = GuestSession(connection, welcome, messages, window_s=float(self.app.settings.rummy_window_s),
                                   use_workers=old.use_workers)
        except ValueError as exc:
            log.warning("the host's next game could not be shown: %s", exc)
            connection.close_in_background()
            self.app.notify(join_problem("broken", {}), 10.0)
            return False
        self.in_progress.keep_seat(session)
        self.app.to_title()
        self.app.push(self.app.make("table"), session=session, viewer=session.seat)
        return True

    def see_game_over(self) -> None:
        """The game-over scene is shown: Continue no longer offers the game
        (:meth:`game.services.game_in_progress.GameInProgress.see_game_over`)."""
        self.notify_all(self.in_progress.see_game_over())

    def next_hand(self) -> None:
        """Deal the next hand (called by the results panel)."""
        game = self.session.game
        if game.winner is not None or game.hand.ended is None:
            return
        dealt = self.session.deal_next_hand()
        if dealt is None:  # a guest's table: the host deals when its table is ready (update asks again)
            self.awaiting_deal = True
            return
        self.awaiting_deal = False
        model = self.seen_model()
        self.shown = predeal_model(model)
        if self.pass_play is not None:
            self.pass_play.new_hand()
            self.shown = predeal_model(self.seen_model())
            model = self.seen_model()
        elif self.person is not None:
            self.person.order = []
            self.person.undo_stack.clear()
        self.layout_ = self.lay_out(self.shown)
        self.animation.queue([], model, "deal")
        self.add_to_log(dealt)
        self.autosave()

    # ------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        if self.pass_play is not None and self.pass_play.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.pass_play is not None \
                and self.pass_play.covering:
            self.open_menu()
            return True
        if self.rules_badge.handle(event):
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.animation.motions:
            self.animation.finish()  # skip the running animation
            return True
        if self.show_log and self.log_panel.handle(event, self.mouse):
            return True
        if self.tip.handle(event):
            return True
        if self.person is not None and self.person.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.mouse = (-1, -1)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
                return True
            if event.key == pygame.K_l:
                self.toggle_log()
                return True
        return False

    def status_lines(self) -> list[str]:
        """Whose turn it is and what they must do, in words."""
        if getattr(self, "remote", False):  # (tests ask this of a stand-in table without one)
            gone = self.session.gone
            if gone is not None and gone != "over":
                return [_("The table has closed."), join_problem(gone, {})]
            if self.session.away:
                return [_("The connection to the host was lost."), _("Taking your seat back…")]
            if self.awaiting_deal:
                return [_("The hand is over."), _("Waiting for the host to deal the next hand…")]
        if self.person is not None and not self.animation.busy:
            words = self.person.status()
            if words:
                return words
        model = self.shown
        game = self.session.game
        target = game.rules.target
        head = _("Hand {hand} · target {target}").format(hand=model.hand_index + 1, target=target)
        if model.phase == "deal" or (self.animation.dealing and self.animation.motions):
            return [head, _("{name} deals.").format(name=self.names[model.dealer])]
        if model.ended is not None:
            return [head, _("The hand is over.")]
        seat = model.current
        name = self.names[seat]
        if model.phase == "draw":
            if model.window is not None and self.session.rummy_window_open():
                if self.person is not None and model.window == self.viewer:  # the person's own discard
                    return [head, _("Others may call Rummy on your discard.")]
                return [head, _("Rummy? Anyone may call on {name}'s discard.").format(name=self.names[model.window])]
            # the engine's R8.1/R17 rule, asked of the position shown (the pile as shown, turned as often as the hand's)
            if not can_draw_stock(game.hand.rules, model.stock_size, len(model.discard), game.hand.reshuffles):
                return [head, _("{name}: take from the discard pile or end the hand (stock empty).").format(name=name)]
            return [head, _("{name} to draw from the stock or take from the discard pile.").format(name=name)]
        if model.committed is not None:
            return [head, _("{name} must meld the {card} this turn.").format(name=name,
                                                                              card=short_name(model.committed))]
        return [head, _("{name} to meld or lay off, then discard.").format(name=name)]

    def covering_panels(self) -> list[pygame.Rect]:
        """The panels drawn over the felt, in window pixels: the status panel
        and, while it is shown, the game log (where its larger view reaches
        when open larger). Messages, banners and the first-game tip are
        placed clear of them (issue 21, item 11)."""
        lay = self.layout_
        if lay is None:
            return []
        panels = [pygame.Rect(lay.status_rect)]
        if self.show_log:
            panels.append(self.log_panel.frame(self.drawing.log_rect(), self.theme, lay.hand_rect.top - self.theme.pad))
        return panels

    def pile_index_at(self, pos) -> int | None:
        """The index (0 = the bottom) of the discard-pile card under ``pos``
        (window pixels), the topmost one where cards overlap, or ``None``."""
        lay = self.layout_
        if lay is None or not lay.pile_rect.inflate(0, 8).collidepoint(pos):
            return None
        best = None
        for p in lay.places:
            if p.zone == "pile" and p.rect.collidepoint(pos):
                best = p.index  # the topmost card under the pointer
        return best

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table (:meth:`scenes.table.drawing.TableDrawing.draw`);
        between people at one computer, a cover screen or the Rummy question over it."""
        if self.pass_play is not None and self.pass_play.cover is not None:
            self.pass_play.draw(surface)  # opaque: the table is not drawn at all behind it
            return
        self.drawing.draw(surface)
        if self.pass_play is not None:
            self.pass_play.draw(surface)

    # ------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.show_log and self.layout_ is not None:
            self.log_panel.layout(self.log_entries, self.log_names, self.drawing.log_rect(), self.theme,
                                  self.layout_.hand_rect.top - self.theme.pad)
        self.layout_tip()
        if self.warm_at is not None and self.clock >= self.warm_at:
            self.warm_at = None
            cs = self.layout_.cards
            backs = {p.rect.h for p in self.layout_.places if not p.face_up}
            self.art.warm([cs.hand, cs.table], backs | {cs.hand, cs.table})
            T.width(_("Rummy!"), self.theme.title, bold=True)  # the banners' font: loaded now, not on a step's frame
        elif self.warm_at is None and not self.animation.busy and self.layout_ is not None:
            self._warm_idle()
        self.animation.update(dt)
        if self.remote:
            self._follow_host()
        if self.person is not None:
            self.person.update(dt)
        if self.pass_play is not None:
            self.pass_play.update()
        self.tip.update()
        if self.factor == 0:
            self._run_instant()
            return
        animation = self.animation
        if animation.steps and not animation.motions:
            animation.show_next_step()  # this frame redraws the still picture: the AIs are asked next frame
            return
        self.session.update()
        if animation.motions:
            return
        if self._hand_over_shown():
            return
        if self.clock >= self.hold and self.session.ready():
            self._take_step()

    def _warm_idle(self) -> None:
        """On a frame with nothing moving, make one of the card images the
        next steps may ask for (:func:`~scenes.table.layout.heights_to_warm`:
        a meld area's cards at the size it shrinks to when it fills up), so
        the frame that shows a step does not smooth-scale them (issue 21, item 19)."""
        lay = self.layout_
        if self._warm_for is not lay:
            self._warm_for, self._warm_heights = lay, tuple(heights_to_warm(lay))
        if self._warm_heights and not self.art.warm_some(self._warm_heights, 1):
            self._warm_heights = ()  # all made: nothing to look up until the next step

    def _follow_host(self) -> None:
        """A guest's table, each frame: take what the host sent, word its
        refusals here (in this window's language), say once that the table
        closed, and deal the next hand once the host has."""
        session = self.session
        session.update()
        while session.refusals:
            refusal = session.refusals.popleft()
            if self.person is not None:
                self.person.refuse(refusal.message, refusal.rule)
        if session.gone is not None and session.gone != "over" and not getattr(self, "_gone_said", False):
            self._gone_said = True
            self.app.notify(join_problem(session.gone, {}), 10.0)
        if self.awaiting_deal and session.deal_ready() and not self.animation.busy:
            self.next_hand()

    def _run_instant(self) -> None:
        """Speed "instant": apply and show actions without animation, as many
        as fit in a few milliseconds of this frame."""
        deadline = time.perf_counter() + 0.012
        while True:
            while self.animation.steps:
                self.animation.show_next_step()
            if self._hand_over_shown():
                return
            self.session.update()
            if self.session.ready():
                self._take_step()
            elif self.session.waiting_for_person() or self.session.person_rummy_window_open:
                return  # the person's move: nothing to wait for in this frame
            elif time.perf_counter() < deadline:
                time.sleep(0.0005)
            if time.perf_counter() >= deadline:
                return

    def _take_step(self) -> None:
        events = self.session.advance()
        self.record_if_won()
        if any(isinstance(e, (TurnStarted, HandEnded)) for e in events):
            self.autosave(durable=False)  # the end of every computer turn is saved (benchmarks/autosave.py)
        if events:
            self.animation.queue(events, self.seen_model(), "move")
            self.hold = self.clock + AI_PACE_S * self.factor
            if self.person is not None:
                self.person.on_step(events)

    def _hand_over_shown(self) -> bool:
        """When the shown hand is over, push the results panel once, after
        any banner still up ("Ana goes out!") has had its time: the table's
        clock stands still under the panel, so a banner left up would come
        back over the next deal. True while the hand is over."""
        model = self.shown
        if model.ended is None:
            return False
        if self.animation.banner is not None:
            return True  # "Ana goes out!" has its moment before the panel covers the table (the person waits: idle)
        if self.results_shown_for != model.hand_index:
            self.results_shown_for = model.hand_index
            self.autosave()
            self.app.open("hand_results", table=self)
        return True
