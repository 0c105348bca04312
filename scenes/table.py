"""The table: the game being played, animated from the engine's events.

The scene owns a :class:`~game.session.TableSession` (the engine and the
computer players, each thinking in its worker process). Each engine action
becomes one step on the table: the model after the action
(:class:`~scenes.layout.TableModel`) and its events. Steps are shown one at
a time, in order: every card that moved between the two pictures slides
there (ease-out), flipping when it turns over; the log and banners ("Rummy!")
come with the step. The next computer action is applied only once the last
step has been shown and the pace time (0.6 s at normal speed) has passed, so
a person can follow each move, and a frame never waits on a computer.

At the end of a hand the results panel is pushed; at the end of the game,
the game-over scene with the chart of totals.
"""

from __future__ import annotations

import logging
import math
import time
from collections import deque
from dataclasses import dataclass

import pygame

from game.events import Event, Floated, HandEnded, RummyCalled, StockReshuffled, TurnStarted
from game.rules import RuleSet
from game.session import Seat, TableSession

from . import theme as T
from .app import Scene
from .cardart import CardArt, short_name
from .layout import Layout, Place, TableModel, layout, model_of, predeal_model
from .sound import sounds_for
from .tween import AI_PACE_S, DEAL_S, FADE_S, MOVE_S, SPEEDS, Tween, ease_out_cubic, flip_scale, linear
from .widgets import Button
from .words import describe

log = logging.getLogger("rummy500.table")

LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "human": "You"}


@dataclass
class Motion:
    """A card sliding from ``start`` (rect) to its place, flipping when its
    face changes; with ``fade`` (reduced motion) it stays at its place and
    fades in instead."""

    place: Place
    start: pygame.Rect
    start_face: bool
    tween: Tween
    baked: bool = False  # landed and drawn into the still picture
    fade: bool = False
    sounded: bool = False  # its deal sound was played

    def rect(self) -> pygame.Rect:
        if self.fade:
            return self.place.rect.copy()
        t = self.tween.ease(self.tween.progress)
        a, b = self.start, self.place.rect
        return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                           max(2, round(a.w + (b.w - a.w) * t)), max(2, round(a.h + (b.h - a.h) * t)))


class TableScene(Scene):
    """The table (see the module docstring). ``enter(seats=..., rules=...,
    seed=..., demo=False, session=None, slot=None, hand_order=(), sort_mode="suit")``:
    a new game between ``seats`` (:class:`~game.session.Seat`), or the given
    ``session`` (a continued game), saved in save slot ``slot`` (a new one
    when ``None``, :mod:`game.slots`) with the person's ``hand_order`` (card
    codes) and ``sort_mode`` ("suit" or "rank")."""

    frees_memory = True  # a table left is collected at once (App.release_popped)

    def enter(self, seats: list[Seat] | None = None, rules: RuleSet | None = None, seed: int | None = None,
              demo: bool = False, session: TableSession | None = None, use_workers: bool = True,
              slot: str | None = None, hand_order=(), sort_mode: str = "suit") -> None:
        from game.slots import Slots
        app = self.app
        self.demo = demo
        self.slots = Slots(app.storage)
        self.slot = slot or self.slots.new_name()
        self.session = session or TableSession(seats, rules, seed=seed, use_workers=use_workers)
        self.names = self.session.names
        self.levels = [s.level for s in self.session.seats]
        self.viewer = 0
        self.art = CardArt(app.settings.card_style, app.settings.card_back)
        self.factor = SPEEDS.get(app.speed, 1.0)
        self.reduced_motion = bool(app.settings.reduced_motion)
        self.steps: deque[tuple[list[Event], TableModel, str]] = deque()
        self.motions: list[Motion] = []
        self.log_lines: list[str] = []
        self.show_log = bool(app.settings.show_log)
        from .game_log import LogPanel
        self.log_panel = LogPanel()
        self.banner: tuple[str, int | None, float] | None = None
        self.last_action_at = 0.0
        self.hold = 0.0  # seconds to wait before the next computer action
        self.mouse = (-1, -1)
        self.results_shown_for: int | None = None
        self.clock = 0.0
        self._static = None
        self._static_key = None
        self.save_failed = False
        self._status_key = None
        self._status_surfs = []
        self.saved_at = 0.0
        self.dealing = False
        self.recorded = False  # the won game is kept and counted (record_if_won)
        self.game_over_seen = False  # set by the game-over scene: Continue no longer needs the save
        game = self.session.game
        h = game.hand
        if h is None or (h.ended is not None and game.winner is None):
            self.session.deal_next_hand()
            h = game.hand
        self.shown = model_of(game)
        self.layout_ = None
        self.buttons = [Button("Log (L)", self.toggle_log, role="small"),
                        Button("Menu (Esc)", self.open_menu, role="small")]
        from .rules_badge import RulesBadge
        self.rules_badge = RulesBadge(app, game.rules)
        if h.ended is None and not h.actions:
            # a fresh deal: animate it from the stock
            self.shown = predeal_model(self.shown)
            self.steps.append(([], model_of(game), "deal"))
            self.log_lines.append(f"Hand {h.index + 1}: {self.names[h.dealer]} deals.")
        self.human = None
        self.pending_order = None
        if self.session.seats[self.viewer].is_human and not self.session.is_ai(self.viewer):
            from .human import HumanPlay
            self.human = HumanPlay(self)
            self._restore_hand(list(hand_order), sort_mode)
        from .first_tip import FirstGameTip
        self.tip = FirstGameTip(self.human is not None and not demo and self._first_game(), game, self.viewer)
        self.resize()
        self.record_if_won()  # a continued game that was already won: recorded once, by its id

    def _first_game(self) -> bool:
        """True while the person has no finished game in the statistics."""
        stats, _ = self.app.storage.load_statistics()
        return stats.games_played == 0

    def _restore_hand(self, order: list[int], sort_mode: str) -> None:
        """Put back the person's saved arrangement and sort order (item 16);
        while the deal is still to be shown, once it has been."""
        h = self.human
        if sort_mode == "rank":
            h.toggle_sort()  # sorts by rank and relabels the Sort button
        self.pending_order = order or None
        self._apply_pending_order()

    def _apply_pending_order(self) -> None:
        if self.pending_order and self.shown.phase != "deal":
            self.human.order = self.pending_order
            self.pending_order = None
            self.human.sync()  # kept cards keep their places; cards not in the hand leave

    def hand_order(self) -> list[int] | None:
        """The person's arrangement of the bottom hand (``None``: sorted)."""
        return self.human.order if self.human is not None else None

    def lay_out(self, model: TableModel) -> Layout:
        return layout(model, self.theme, self.viewer, hand_order=self.hand_order(),
                      card_size=self.app.settings.card_size)

    def relayout(self) -> None:
        """Lay the shown picture out again (the person rearranged the hand)."""
        self.layout_ = self.lay_out(self.shown)

    def push_step(self, events: list[Event], undo: bool = False) -> None:
        """Queue the picture after a move of the person (or an undo) for showing."""
        self.steps.append((events, model_of(self.session.game), "undo" if undo else "move"))
        self.hold = self.clock + AI_PACE_S * self.factor
        self.record_if_won()
        self.autosave(durable=False)  # every move of the person is saved at once: a kill loses nothing

    def exit(self) -> None:
        self.record_if_won()
        self.autosave()
        self.session.close()

    # ------------------------------------------------------------ layout
    def resize(self) -> None:
        for m in self.motions:
            m.tween.finish()
        self.motions = []
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
        if getattr(self, "human", None) is not None:
            self.human.layout_buttons()
        if getattr(self, "tip", None) is not None:
            zone = self.layout_.zone_rects[self.viewer]  # left of the status panel and the log
            self.tip.layout(pygame.Rect(zone.x, zone.y, self.layout_.status_rect.x - zone.x, zone.h), th)

    def apply_settings(self) -> None:
        """Pick up changed settings at once: card faces and back, card size
        (laid out again), felt (the still picture is redrawn), speed, reduced
        motion and the time to call Rummy (from the next discard)."""
        s = self.app.settings
        if (s.card_style, s.card_back) != (self.art.style, self.art.back_name):
            self.art = CardArt(s.card_style, s.card_back)
        self.factor = SPEEDS.get(self.app.speed, 1.0)
        self.reduced_motion = bool(s.reduced_motion)
        if self.human is not None:
            self.human.rummy_window_s = float(s.rummy_window_s)
        self._static_key = None
        self.resize()

    def play_sound(self, name: str) -> None:
        """Play a card sound (the app's player decides whether sound is on)."""
        player = getattr(self.app, "sound", None)
        if player is not None and not (self.demo and self.factor == 0):
            player.play(name)

    # ------------------------------------------------------------ actions
    def log_refusal(self, message: str) -> None:
        """Keep a refused move in the game log with the rule it cites (the
        one-line message above the hand leaves the rule id out, item 18)."""
        from .words import refusal_entry
        self.log_lines.append(refusal_entry(message))

    def toggle_log(self) -> None:
        self.show_log = not self.show_log
        self.app.settings.show_log = self.show_log

    def open_menu(self) -> None:
        from .menus import PauseMenu
        self.app.push(PauseMenu(self.app))

    def autosave(self, durable: bool = True) -> None:
        """Save the game in its slot (a game record and the slot's sidecar:
        seats, sort order, arrangement) so Continue can resume it.
        ``durable=False`` (after each move) skips the fsyncs."""
        if self.demo:
            return
        from game.record import record_of
        try:
            game = self.session.game
            if game.winner is not None and self.game_over_seen:
                self.slots.delete(self.slot)
                return
            from game.slots import info_of
            human = self.human
            order = (self.pending_order or human.order) if human is not None else ()
            info = info_of(self.slot, game, self.levels, order,
                           human.sort_mode if human is not None else "suit")
            self.slots.save(info, record_of(game), durable=durable)
        except (OSError, ValueError, TypeError) as exc:
            log.warning("autosave failed: %s", exc)
            if not self.save_failed:
                self.save_failed = True
                self.app.notify(f"The game cannot be saved ({getattr(exc, 'strerror', None) or exc}); "
                                "you can play on, but Continue will not have it.", 8.0)
        else:
            self.save_failed = False
        self.saved_at = self.clock

    def record_if_won(self) -> None:
        """When the engine says the game is won (R21): save it (Continue
        keeps it until the game-over screen is seen), keep its record in
        ``saves/finished`` and count it in the person's statistics, once
        (:func:`game.finished.record_finished_game`, by the game's id).
        Only a game the person played at seat 0 counts; a demo or a watched
        game is kept but not counted."""
        game = self.session.game
        if game.winner is None or self.recorded:
            return
        self.recorded = True
        self.autosave()
        from game.finished import record_finished_game
        from game.record import record_of
        person = 0 if not self.demo and self.session.seats[0].is_human else None
        _, _, message = record_finished_game(self.app.storage, record_of(game), self.levels, person)
        if message:
            self.app.notify(message, 8.0)

    def next_hand(self) -> None:
        """Deal the next hand (called by the results panel)."""
        game = self.session.game
        if game.winner is not None or game.hand.ended is None:
            return
        self.session.deal_next_hand()
        model = model_of(game)
        self.shown = predeal_model(model)
        if self.human is not None:
            self.human.order = []
            self.human.undo_stack.clear()
        self.layout_ = self.lay_out(self.shown)
        self.steps.append(([], model, "deal"))
        self.log_lines.append(f"Hand {game.hand.index + 1}: {self.names[game.hand.dealer]} deals.")
        self.autosave()

    # ------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        if self.rules_badge.handle(event):
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.motions:
            self._finish_motions()  # skip the running animation
            return True
        if self.show_log and self.log_panel.handle(event, self.mouse):
            return True
        if self.tip.handle(event):
            return True
        if self.human is not None and self.human.handle_event(event):
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

    def _pile_index_at(self, pos) -> int | None:
        lay = self.layout_
        if lay is None or not lay.pile_rect.inflate(0, 8).collidepoint(pos):
            return None
        best = None
        for p in lay.places:
            if p.zone == "pile" and p.rect.collidepoint(pos):
                best = p.index  # the topmost card under the pointer
        return best

    # ------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.show_log and self.layout_ is not None:
            self.log_panel.layout(self.log_lines, self.log_rect(), self.theme,
                                  self.layout_.hand_rect.top - self.theme.pad)
        if self.warm_at is not None and self.clock >= self.warm_at:
            self.warm_at = None
            cs = self.layout_.cards
            backs = {p.rect.h for p in self.layout_.places if not p.face_up}
            self.art.warm([cs.hand, cs.table], backs | {cs.hand, cs.table})
        for m in self.motions:
            m.tween.update(dt)
            if self.dealing and not m.sounded and m.tween.elapsed >= m.tween.delay:
                m.sounded = True
                self.play_sound("deal")
        if self.motions and all(m.tween.done for m in self.motions):
            self.motions = []
        if self.banner and self.clock > self.banner[2]:
            self.banner = None
        if self.human is not None:
            self.human.update(dt)
        self.tip.update()
        if self.factor == 0:
            self._run_instant()
            return
        if self.steps and not self.motions:
            self._show_next_step()  # this frame redraws the still picture: the AIs are asked next frame
            return
        self.session.update()
        if self.motions:
            return
        if self._hand_over_shown():
            return
        if self.clock >= self.hold and self.session.ready():
            self._take_step()

    def _run_instant(self) -> None:
        """Speed "instant": apply and show actions without animation, as many
        as fit in a few milliseconds of this frame."""
        deadline = time.perf_counter() + 0.012
        while True:
            while self.steps:
                self._show_next_step()
            if self._hand_over_shown():
                return
            self.session.update()
            if self.session.ready():
                self._take_step()
            elif self.session.waiting_for_human() or self.session.hold_rummy:
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
            self.steps.append((events, model_of(self.session.game), "move"))
            self.hold = self.clock + AI_PACE_S * self.factor
            if self.human is not None:
                self.human.on_step(events)

    def _hand_over_shown(self) -> bool:
        """When the shown hand is over, push the results panel once; True while it is."""
        model = self.shown
        if model.ended is None:
            return False
        if self.results_shown_for != model.hand_index:
            self.results_shown_for = model.hand_index
            self.autosave()
            from .results import HandResults
            self.app.push(HandResults(self.app), table=self)
        return True

    def _show_next_step(self) -> None:
        events, model, kind = self.steps.popleft()
        old = self.layout_
        self.shown = model
        if self.human is not None:
            self.human.on_shown()
            self._apply_pending_order()
        new = self.lay_out(model)
        for e in events:
            line = describe(e, self.names)
            if line:
                self.log_lines.append(line)
            self._banner_for(e)
        self.dealing = kind == "deal"
        self.log_lines = self.log_lines[-300:]
        for name in sounds_for(events, kind):
            self.play_sound(name)
        self.motions = self._motions(old, new, kind == "deal", model)
        self.layout_ = new

    def _banner_for(self, e: Event) -> None:
        f = self.factor
        if f == 0:
            return
        if isinstance(e, RummyCalled):
            self.banner = ("Rummy!", e.seat, self.clock + 1.4 * f)
            self.hold = max(self.hold, self.clock + 1.4 * f)
        elif isinstance(e, HandEnded) and e.went_out is not None:
            self.banner = (f"{self.names[e.went_out]} goes out!", e.went_out, self.clock + 1.2 * f)
        elif isinstance(e, Floated):
            self.banner = (f"{self.names[e.seat]} floats", e.seat, self.clock + 1.2 * f)
        elif isinstance(e, StockReshuffled):
            self.banner = ("The pile becomes the new stock", None, self.clock + 1.2 * f)

    def _finish_motions(self) -> None:
        for m in self.motions:
            m.tween.finish()
        self.motions = []

    def _motions(self, old: Layout | None, new: Layout, deal: bool, model: TableModel) -> list[Motion]:
        """Pair each card's old place with its new one; the ones that moved slide."""
        if self.factor == 0 or old is None:
            return []
        pool: dict[int, list[Place]] = {}
        for p in old.places:
            pool.setdefault(p.card, []).append(p)
        motions: list[Motion] = []
        pending: list[Place] = []
        for p in new.places:
            cands = pool.get(p.card)
            same = next((q for q in cands or () if q.rect == p.rect and q.face_up == p.face_up), None)
            if same is not None:
                cands.remove(same)
            else:
                pending.append(p)
        n = model.players
        deal_total = sum(len(h) for h in model.hands) + len(model.discard)
        per_card = min(DEAL_S, 3.0 / max(1, deal_total)) * self.factor
        dur = MOVE_S * self.factor
        if self.reduced_motion:  # no card moves: each fades in where it lands, all together
            return [Motion(p, p.rect.copy(), p.face_up, Tween(0.0, 1.0, FADE_S * self.factor, linear), fade=True)
                    for p in pending if pool.get(p.card) or (deal and p.zone in ("hand", "seat", "pile"))]
        for p in pending:
            cands = pool.get(p.card)
            if cands:
                q = min(cands, key=lambda c: (c.rect.x - p.rect.x) ** 2 + (c.rect.y - p.rect.y) ** 2)
                cands.remove(q)
                motions.append(Motion(p, q.rect.copy(), q.face_up, Tween(0.0, 1.0, dur, ease_out_cubic)))
            elif deal and p.zone in ("hand", "seat", "pile"):
                if p.zone == "pile":
                    order = deal_total
                else:
                    order = p.index * n + (p.seat - model.dealer - 1) % n
                motions.append(Motion(p, new.stock_rect.copy(), False,
                                      Tween(0.0, 1.0, dur, ease_out_cubic, delay=order * per_card)))
        motions.sort(key=lambda m: m.tween.delay)
        return motions

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        lay = self.layout_
        model = self.shown
        moving = tuple(sorted(id(m.place) for m in self.motions))
        key = (id(lay), moving, self.art.style, self.art.back_name, th.size, id(model), T.felt_name)
        if key != self._static_key or self._static is None or self._static.get_size() != surface.get_size():
            self._static = self._render_static(surface.get_size(), lay, model, set(moving))
            self._static_key = key
        for m in self.motions:  # a card that has landed joins the still picture (drawn once)
            if m.tween.done and not m.baked and not (self.human is not None and m.place.zone == "hand"):
                self._draw_motion(self._static, m)
                m.baked = True
        surface.blit(self._static, (0, 0))
        self._draw_thinking(surface, lay)
        self._draw_hover_links(surface, lay)
        for m in self.motions:
            if m.tween.elapsed < m.tween.delay or m.baked:
                continue
            self._draw_motion(surface, m)
        if self.human is not None:
            self.human.draw(surface, {id(m.place) for m in self.motions if not m.tween.done})
        self.tip.draw(surface, th)
        self._draw_hover(surface, lay, model)
        self._draw_status(surface, lay, model)
        for b in self.buttons:
            b.draw(surface, th)
        self.rules_badge.draw(surface, th)
        if self.show_log:
            self._draw_log(surface)
        if self.banner and self.app.top is self:
            self._draw_banner(surface, lay)

    def _draw_motion(self, surface, m: Motion) -> None:
        """A sliding card: sized between its two places, narrowing and widening
        through a flip. The image is the cached one of the end size, scaled
        (not smoothed) to the size of the moment, so no frame waits on a smooth scale."""
        if m.tween.done:  # landed, waiting for the rest of the step: one blit
            img, dx, dy = self.art.with_shadow(m.place.card, m.place.rect.h, m.place.face_up)
            surface.blit(img, (m.place.rect.x + dx, m.place.rect.y + dy))
            return
        if m.fade:  # reduced motion: in place, more opaque each frame
            img, dx, dy = self.art.with_shadow(m.place.card, m.place.rect.h, m.place.face_up)
            img = img.copy()
            img.set_alpha(round(255 * m.tween.progress))
            surface.blit(img, (m.place.rect.x + dx, m.place.rect.y + dy))
            return
        t = m.tween.progress
        r = m.rect()
        face = m.place.face_up
        w = r.w
        if m.start_face != m.place.face_up:
            face = m.start_face if t < 0.5 else m.place.face_up
            w = max(2, round(r.w * flip_scale(t)))
        base = self.art.image(m.place.card, m.place.rect.h, face)
        img = base if base.get_size() == (w, r.h) else pygame.transform.scale(base, (w, r.h))
        shadow = self.art.shadow((m.place.rect.w, m.place.rect.h), True)
        k = r.h / m.place.rect.h
        sw = round(shadow.get_width() * k * (w / max(1, r.w)))  # narrows with the card through a flip
        sh = round(shadow.get_height() * k)
        if (sw, sh) != shadow.get_size():
            shadow = pygame.transform.scale(shadow, (max(1, sw), max(1, sh)))
        surface.blit(shadow, (r.centerx - sw // 2, r.y - (sh - r.h) // 2 + r.h // 16))
        surface.blit(img, (r.centerx - w // 2, r.y))

    def _render_static(self, size, lay: Layout, model: TableModel, moving: set[int]) -> pygame.Surface:
        """Everything that stands still during a step, drawn once per step."""
        surf = self._static
        if surf is None or surf.get_size() != tuple(size):
            surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        surf.blit(T.felt(size), (0, 0))
        self._draw_zones(surf, lay, model)
        self._draw_seats(surf, lay, model)
        self._draw_stock(surf, lay, model)
        committed = model.committed
        live_hand = self.human is not None
        for p in lay.places:
            if id(p) in moving or (live_hand and p.zone == "hand"):
                continue  # moving cards, and the person's hand (drawn each frame: it lifts and drags)
            img, dx, dy = self.art.with_shadow(p.card, p.rect.h, p.face_up)
            surf.blit(img, (p.rect.x + dx, p.rect.y + dy))
            if committed is not None and p.card == committed and p.zone == "hand" and model.current == p.seat:
                self._committed_ring(surf, p.rect)
        self._draw_tags(surf, lay)
        self._draw_counts(surf, lay, model)
        return surf

    def _draw_card(self, surface, card: int, rect: pygame.Rect, face_up: bool, lifted: bool = False) -> None:
        img = self.art.image(card, rect.h, face_up)
        sh = self.art.shadow(img.get_size(), lifted)
        off = (sh.get_width() - img.get_width()) // 2
        surface.blit(sh, (rect.x - off, rect.y - off + max(1, rect.h // (14 if lifted else 30))))
        surface.blit(img, rect.topleft)

    def _committed_ring(self, surface, rect: pygame.Rect) -> None:
        th = self.theme
        pygame.draw.rect(surface, T.GOLD, rect.inflate(6, 6), 3, border_radius=th.radius + 2)
        pin = T.text("must meld", th.small, T.TEXT_DARK, bold=True)
        box = pin.get_rect(midbottom=(rect.centerx, rect.y - 2)).inflate(8, 2)
        pygame.draw.rect(surface, T.GOLD, box, border_radius=th.radius)
        surface.blit(pin, pin.get_rect(center=box.center))

    def _draw_stock(self, surface, lay: Layout, model: TableModel) -> None:
        th = self.theme
        r = lay.stock_rect
        n = model.stock_size
        if n == 0:
            pygame.draw.rect(surface, T.PANEL_EDGE, r, 2, border_radius=th.radius)
        else:
            for i in range(min(4, (n + 9) // 10) - 1, 0, -1):
                self._draw_card(surface, 0, r.move(-2 * i, -2 * i), False)
        label = T.text(f"Stock {n}", th.small, T.TEXT, bold=True)
        surface.blit(label, label.get_rect(midtop=(r.centerx, r.bottom + th.pad // 2)))
        pl = lay.pile_rect
        text = "Discard pile" if model.discard else "Discard pile (empty)"
        if len(model.discard) > 1:
            text += f" · {len(model.discard)} cards"
        surface.blit(T.text(text, th.small, T.TEXT_DIM), (pl.x, pl.bottom + th.pad // 2))

    def _draw_zones(self, surface, lay: Layout, model: TableModel) -> None:
        th = self.theme
        for seat, z in lay.zone_rects.items():
            colour = T.SEAT_COLOURS[seat % len(T.SEAT_COLOURS)]
            pygame.draw.rect(surface, T.ZONE_EDGE, z.inflate(-th.pad // 2, -th.pad // 2), 1,
                             border_radius=th.radius)
            whose = "Your melds" if seat == self.viewer else f"{self.names[seat]}'s melds"
            label = T.fit_text(whose, th.small, z.width - 3 * th.pad, T.TEXT_DIM)
            pygame.draw.circle(surface, colour, (z.x + th.pad + th.small // 3, z.y + th.pad // 2 + th.small // 2),
                               max(3, th.small // 3))
            surface.blit(label, (z.x + th.pad + th.small, z.y + th.pad // 2))

    def _draw_tags(self, surface, lay: Layout) -> None:
        """Matching letter tags on each meld and on the cards laid off on it by
        another seat (R14); the thin line between them shows on hover."""
        th = self.theme
        letters = self._letters(lay)
        for meld, letter in letters.items():
            target = lay.meld_rects.get(meld)
            if target is not None:
                self._tag(surface, letter, (target.right - th.small // 2, target.top + th.small // 2))
        for meld, rect, _layer in lay.layoff_groups:
            self._tag(surface, "→" + letters.get(meld, "?"), (rect.right - th.small // 2, rect.top + th.small // 2))

    @staticmethod
    def _letters(lay: Layout) -> dict[int, str]:
        return {m: chr(ord("A") + m % 26) for m in lay.tagged}  # a meld keeps its letter

    def _draw_hover_links(self, surface, lay: Layout) -> None:
        pos = self.mouse
        if pos[0] < 0 or self.motions:
            return
        hovered = {meld for meld, rect in lay.meld_rects.items() if rect.collidepoint(pos)}
        hovered |= {meld for meld, rect, _ in lay.layoff_groups if rect.collidepoint(pos)}
        for meld, rect, _layer in lay.layoff_groups:
            target = lay.meld_rects.get(meld)
            if meld in hovered and target is not None:
                pygame.draw.line(surface, T.LEGAL, rect.center, target.center, 2)
                pygame.draw.rect(surface, T.LEGAL, rect.inflate(4, 4), 2, border_radius=self.theme.radius)
                pygame.draw.rect(surface, T.LEGAL, target.inflate(4, 4), 2, border_radius=self.theme.radius)

    def _tag(self, surface, s: str, center) -> None:
        th = self.theme
        t = T.text(s, th.small, T.TEXT_DARK, bold=True)
        box = t.get_rect(center=center).inflate(8, 2)
        pygame.draw.rect(surface, (255, 250, 225), box, border_radius=th.radius)
        pygame.draw.rect(surface, (60, 60, 60), box, 1, border_radius=th.radius)
        surface.blit(t, t.get_rect(center=box.center))

    def _draw_seats(self, surface, lay: Layout, model: TableModel) -> None:
        th = self.theme
        for seat, r in lay.seat_rects.items():
            current = model.current == seat
            if current:
                glow = r.inflate(8, 8)
                T.draw_panel(surface, glow, th.radius + 4, (255, 255, 255, 60), T.HALO, 2)
            T.draw_panel(surface, r, th.radius)
            colour = T.SEAT_COLOURS[seat % len(T.SEAT_COLOURS)]
            pygame.draw.rect(surface, colour, (r.x, r.y + th.radius, max(3, th.pad // 2), r.height - 2 * th.radius))
            fan = lay.fan_rects.get(seat) if seat != self.viewer else None
            text_w = (fan.left - r.left - 2 * th.pad) if fan is not None else r.width - 2 * th.pad
            x = r.x + th.pad + max(3, th.pad // 2)
            y = r.y + th.pad // 2
            lh = round(th.small * 1.35)
            name = self.names[seat] + (" (dealer)" if model.dealer == seat else "")
            surface.blit(T.fit_text(name, th.small, text_w, T.TEXT, bold=True), (x, y))
            if current and model.committed is not None and seat != self.viewer:
                note = T.fit_text(f"must meld {short_name(model.committed)}", th.small, text_w - 6, T.TEXT_DARK, True)
                box = note.get_rect(topleft=(x, y + lh)).inflate(6, 0)
                pygame.draw.rect(surface, T.GOLD, box, border_radius=th.radius)
                surface.blit(note, (x, y + lh))
            else:
                level = LEVEL_NAMES.get(self.levels[seat], self.levels[seat])
                if seat == self.viewer:
                    level = "your seat" if self.levels[seat] == "human" else f"{level} plays for you"
                surface.blit(T.fit_text(level, th.small, text_w, T.TEXT_DIM), (x, y + lh))
            count = len(model.hands[seat])
            score = f"{model.totals[seat]} pts"
            if fan is None:
                score += f" · {count} card{'s' if count != 1 else ''}"
            surface.blit(T.fit_text(score, th.small, text_w, T.GOLD if seat == self.viewer else T.TEXT, True),
                         (x, y + 2 * lh))

    def _draw_counts(self, surface, lay: Layout, model: TableModel) -> None:
        """Each other seat's card count, as a badge on its face-down fan."""
        th = self.theme
        for seat, fan in lay.fan_rects.items():
            if seat == self.viewer:
                continue
            t = T.text(str(len(model.hands[seat])), th.small, T.TEXT_DARK, bold=True)
            d = max(t.get_width(), t.get_height()) + 6
            c = (fan.right - d // 3, fan.bottom - d // 3)
            pygame.draw.circle(surface, (250, 248, 240), c, d // 2)
            pygame.draw.circle(surface, (40, 40, 40), c, d // 2, 1)
            surface.blit(t, t.get_rect(center=c))

    def _draw_thinking(self, surface, lay: Layout) -> None:
        """While the game waits on a computer seat (choosing, or paced so a
        person can follow): a pulsing outline and a "..." bubble on its seat."""
        if self.steps or self.motions or self.shown.ended is not None:
            return
        seat = self.session.thinking_seat()
        if seat is None and self.session.ready():
            seat = self.shown.current
        r = lay.seat_rects.get(seat) if seat is not None else None
        if r is None:
            return
        th = self.theme
        still = self.reduced_motion  # a steady outline and three dots instead of a pulse
        pulse = 1.0 if still else 0.5 + 0.5 * math.sin(self.clock * 5.0)
        pygame.draw.rect(surface, (120 + int(60 * pulse), 200, 255), r.inflate(4, 4), 2, border_radius=th.radius + 2)
        dots = 3 if still else int(self.clock * 3) % 3 + 1
        bubble = pygame.Rect(0, 0, th.small * 3, round(th.small * 1.3))
        fan = lay.fan_rects.get(seat) if seat != self.viewer else None
        if fan is not None:
            bubble.midbottom = (fan.centerx, fan.top + bubble.height // 2)
        else:
            bubble.topright = (r.right - th.pad, r.top + th.pad)
        pygame.draw.rect(surface, (235, 245, 255), bubble, border_radius=bubble.height // 2)
        for i in range(3):
            colour = (40, 90, 140) if i < dots else (170, 190, 210)
            pygame.draw.circle(surface, colour, (bubble.x + bubble.width * (i + 1) // 4, bubble.centery),
                               max(2, th.small // 6))

    def _draw_hover(self, surface, lay: Layout, model: TableModel) -> None:
        i = self._pile_index_at(self.mouse) if self.mouse[0] >= 0 else None
        if self.human is not None and self.human.drag is not None:
            return  # the dragged cards stay on top
        if self.motions:
            return
        if i is None or i >= len(model.discard):
            self._draw_meld_hover(surface, lay)
            return
        place = next((p for p in lay.places if p.zone == "pile" and p.index == i), None)
        if place is None:
            return
        th = self.theme
        h = round(place.rect.h * 1.35)
        w = T.Theme.card_w(h)
        r = pygame.Rect(0, 0, w, h)
        # above the pile, so the cards a take would bring stay in sight
        r.midbottom = (place.rect.centerx + w // 3, place.rect.top + place.rect.h // 4)
        r.clamp_ip(surface.get_rect())
        self._draw_card(surface, place.card, r, True, lifted=True)
        depth = len(model.discard) - i
        where = "top of the pile" if depth == 1 else f"{depth} from the top"
        tip = T.text(f"{short_name(place.card)} · {where}", th.small, T.TEXT, bold=True)
        box = tip.get_rect(midbottom=(r.centerx, r.top - 2)).inflate(10, 4)
        box.clamp_ip(surface.get_rect())
        T.draw_panel(surface, box, th.radius, (0, 0, 0, 200), None, 0)
        surface.blit(tip, tip.get_rect(center=box.center))

    def _draw_meld_hover(self, surface, lay: Layout) -> None:
        """A table card under the pointer is shown larger (melds shrink on a crowded table)."""
        if self.mouse[0] < 0:
            return
        place = None
        for p in lay.places:
            if p.zone == "meld" and p.rect.collidepoint(self.mouse):
                place = p  # the topmost
        if place is None or place.rect.h >= lay.cards.table * 1.2:
            return
        h = max(round(lay.cards.table * 1.25), round(place.rect.h * 1.35))
        r = pygame.Rect(0, 0, T.Theme.card_w(h), h)
        r.midbottom = (place.rect.centerx + r.w // 3, place.rect.top + place.rect.h // 3)
        r.clamp_ip(surface.get_rect())
        self._draw_card(surface, place.card, r, True, lifted=True)

    def status_lines(self) -> list[str]:
        """Whose turn it is and what they must do, in words."""
        if self.human is not None and not self.steps and not self.motions:
            words = self.human.status()
            if words:
                return words
        model = self.shown
        game = self.session.game
        target = game.rules.target
        head = f"Hand {model.hand_index + 1} · target {target}"
        if model.phase == "deal" or (self.dealing and self.motions):
            return [head, f"{self.names[model.dealer]} deals."]
        if model.ended is not None:
            return [head, "The hand is over."]
        seat = model.current
        name = self.names[seat]
        if model.phase == "draw":
            if model.window is not None and self.session.rummy_window_open():
                if self.human is not None and model.window == self.viewer:  # the person's own discard
                    return [head, "Others may call Rummy on your discard."]
                return [head, f"Rummy? Anyone may call on {self.names[model.window]}'s discard."]
            if model.stock_size == 0 and (game.rules.empty_stock == "end" or not game.hand.reshuffle_allowed()):
                return [head, f"{name}: take from the discard pile or end the hand (stock empty)."]
            return [head, f"{name} to draw from the stock or take from the discard pile."]
        if model.committed is not None:
            return [head, f"{name} must meld the {short_name(model.committed)} this turn."]
        return [head, f"{name} to meld or lay off, then discard."]

    def _draw_status(self, surface, lay: Layout, model: TableModel) -> None:
        th = self.theme
        r = lay.status_rect
        T.draw_panel(surface, r, th.radius)
        y = r.y + th.pad // 2
        lines = self.status_lines()
        key = (tuple(lines), r.size, th.size)
        if key != self._status_key:  # measured and wrapped once per message
            self._status_key = key
            self._status_surfs = [T.fit_text(lines[0], th.small, r.width - 2 * th.pad, T.TEXT_DIM)] + [
                T.fit_text(line, th.body, r.width - 2 * th.pad, T.TEXT, bold=True)
                for line in T.wrap(lines[1], th.body, r.width - 2 * th.pad, bold=True)[:3]]
        surface.blit(self._status_surfs[0], (r.x + th.pad, y))
        y += round(th.small * 1.5)
        for surf in self._status_surfs[1:]:
            surface.blit(surf, (r.x + th.pad, y))
            y += round(th.body * 1.25)

    def log_rect(self) -> pygame.Rect:
        """The game log's place beside the table, under the status panel (its
        larger view is :meth:`scenes.game_log.LogPanel.frame`)."""
        th = self.theme
        lay = self.layout_
        w = lay.status_rect.width
        top = lay.status_rect.bottom + th.pad
        bottom = lay.buttons_rect.top
        if self.human is not None and self.human.buttons["sort"].rect.height:
            bottom = min(bottom, self.human.buttons["sort"].rect.top)
        r = pygame.Rect(lay.status_rect.x, top, w, max(th.body * 5, bottom - top - th.pad))
        if r.bottom > th.height - th.pad:
            r.bottom = th.height - th.pad
        return r

    def _draw_log(self, surface) -> None:
        self.log_panel.draw(surface, self.theme)

    def _draw_banner(self, surface, lay: Layout) -> None:
        th = self.theme
        text, seat, _ = self.banner
        t = T.text(text, th.title, T.GOLD, bold=True)
        if seat is not None and seat in lay.seat_rects:
            anchor = lay.seat_rects[seat]
            center = (anchor.centerx, anchor.bottom + t.get_height()) if seat != self.viewer else \
                (surface.get_width() // 2, anchor.top - t.get_height())
        else:
            center = surface.get_rect().center
        box = t.get_rect(center=center).inflate(th.pad * 4, th.pad * 2)
        box.clamp_ip(surface.get_rect())
        T.draw_panel(surface, box, th.radius * 2, (0, 0, 0, 200), T.GOLD, 2)
        surface.blit(t, t.get_rect(center=box.center))
