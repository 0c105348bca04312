"""The table's animation queue: each engine step shown as cards sliding
(or, with reduced motion, fading in) from the picture before to the picture
after, with its log lines, banners and sounds.

:class:`TableAnimation` is a component of :class:`~scenes.table.scene.TableScene`
(``table.animation``, issue 22): it keeps the steps to show and the moving
cards, and reads the table's ``shown``, ``layout_``, ``art`` and ``factor``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import pygame

from game.rules.events import Event, Floated, HandEnded, RummyCalled, StockReshuffled
from game.i18n import _

from scenes.table.layout import Layout, Place, TableModel
from scenes.core.sound import sounds_for
from scenes.core.tween import DEAL_S, FADE_S, MOVE_S, Tween, ease_out_cubic, flip_scale, linear
from game.text.events import for_person

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



class TableAnimation:
    """The animation queue of ``table`` (a :class:`~scenes.table.scene.TableScene`,
    which holds it as ``table.animation``). It keeps the ``steps`` still to be
    shown (``(events, model, kind)``, kind ``"deal"``, ``"move"`` or
    ``"undo"``), the cards moving now (``motions``), the ``banner``
    (``(words, seat or None, until)`` on the table clock) and whether the
    moving cards are a deal (``dealing``)."""

    def __init__(self, table):
        self.table = table
        self.steps: deque[tuple[list[Event], TableModel, str]] = deque()
        self.motions: list[Motion] = []
        self.banner: tuple[str, int | None, float] | None = None
        self.dealing = False

    @property
    def busy(self) -> bool:
        """True while a step waits to be shown or a card still moves."""
        return bool(self.steps or self.motions)

    def queue(self, events: list[Event], model: TableModel, kind: str) -> None:
        """Queue the picture ``model`` after ``events`` for showing (``kind``: see the class)."""
        self.steps.append((events, model, kind))

    def update(self, dt: float) -> None:
        """Move the cards by ``dt`` seconds (a dealt card's sound as it leaves
        the stock); forget the motions once all have landed, and the banner once its time is up."""
        t = self.table
        for m in self.motions:
            m.tween.update(dt)
            if self.dealing and not m.sounded and m.tween.elapsed >= m.tween.delay:
                m.sounded = True
                t.play_sound("deal")
        if self.motions and all(m.tween.done for m in self.motions):
            self.motions = []
        if self.banner and t.clock > self.banner[2]:
            self.banner = None

    def show_next_step(self) -> None:
        """Show the oldest queued step: the table's picture becomes its model,
        its events go to the log, banners and sounds, and the cards that moved start sliding."""
        t = self.table
        events, model, kind = self.steps.popleft()
        old = t.layout_
        t.shown = model
        if t.pass_play is not None:
            t.pass_play.on_shown(model)  # a person's turn over: their hand is let go of with it
        if t.person is not None:
            t.person.on_shown()
            t.apply_pending_order()
        new = t.lay_out(model)
        t.add_to_log(events)  # worded when drawn, in the language of the moment (issue 21, item 12)
        for e in events:
            self.banner_for(e)
        self.dealing = kind == "deal"
        for name in sounds_for(events, kind):
            t.play_sound(name)
        self.motions = self.motions_between(old, new, kind == "deal", model)
        t.layout_ = new

    def banner_for(self, e: Event) -> None:
        """Raise the banner an event ``e`` calls for ("Rummy!", a seat going
        out or floating, the pile turned into the stock); none at speed instant."""
        t = self.table
        f = t.factor
        if f == 0:
            return
        if isinstance(e, RummyCalled):
            self.banner = (_("Rummy!"), e.seat, t.clock + 1.4 * f)
            t.hold = max(t.hold, t.clock + 1.4 * f)
        elif isinstance(e, HandEnded) and e.went_out is not None:
            self.banner = (for_person(t.log_names, e.went_out, _("You go out!"), _("{name} goes out!")), e.went_out,
                           t.clock + 1.2 * f)
        elif isinstance(e, Floated):
            self.banner = (for_person(t.log_names, e.seat, _("You float"), _("{name} floats")), e.seat, t.clock + 1.2 * f)
        elif isinstance(e, StockReshuffled):
            self.banner = (_("The pile becomes the new stock"), None, t.clock + 1.2 * f)

    def finish(self) -> None:
        """Land every moving card at once (Space skips the animation, a resize)."""
        for m in self.motions:
            m.tween.finish()
        self.motions = []

    def motions_between(self, old: Layout | None, new: Layout, deal: bool, model: TableModel) -> list[Motion]:
        """Pair each card's old place (in layout ``old``) with its new one (in
        ``new``); the ones that moved slide (dealt from the stock when ``deal``)."""
        factor = self.table.factor
        if factor == 0 or old is None:
            return []
        pool: dict[int, list[Place]] = {}
        still: dict[tuple, list[Place]] = {}  # the old places by card and spot: a card that stayed is found at once
        for p in old.places:
            pool.setdefault(p.card, []).append(p)
            still.setdefault((p.card, p.face_up, *p.rect), []).append(p)
        motions: list[Motion] = []
        pending: list[Place] = []
        for p in new.places:
            same = still.get((p.card, p.face_up, *p.rect))
            if same:
                pool[p.card].remove(same.pop(0))
            else:
                pending.append(p)
        n = model.players
        deal_total = sum(len(h) for h in model.hands) + len(model.discard)
        per_card = min(DEAL_S, 3.0 / max(1, deal_total)) * factor
        dur = MOVE_S * factor
        if self.table.reduced_motion:  # no card moves: each fades in where it lands, all together
            return [Motion(p, p.rect.copy(), p.face_up, Tween(0.0, 1.0, FADE_S * factor, linear), fade=True)
                    for p in pending if pool.get(p.card) or (p.zone in ("hand", "seat", "pile") if deal
                                                             else p.zone != "stock")]
        unseen = []  # pending cards whose own card was not drawn before (a placeholder then)
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
            elif not deal:
                unseen.append(p)
        motions += self._unseen_motions(unseen, pool, dur)
        motions.sort(key=lambda m: m.tween.delay)
        return motions

    def landed_rect(self, m: Motion) -> pygame.Rect:
        """The window pixels a landed card of ``m`` covers, with its shadow (what :meth:`draw_motion` draws then)."""
        img, dx, dy = self.table.art.with_shadow(m.place.card, m.place.rect.h, m.place.face_up)
        return pygame.Rect(m.place.rect.x + dx, m.place.rect.y + dy, img.get_width(), img.get_height())

    @staticmethod
    def _unseen_motions(pending: list[Place], pool: dict[int, list[Place]], dur: float) -> list[Motion]:
        """Slides for cards the table could not follow by their code, because
        the viewer saw them only as backs (:func:`~scenes.table.layout.hidden_card`):
        each card of ``pending`` (new places with no old place of the same
        code) starts from the nearest old face-down place left unpaired in
        ``pool`` (a card drawn from the stock, a seat's card tabled or
        discarded). The stock's new top card takes no such place (the card
        under it was never drawn); it comes from a discard-pile card left over
        when the pile is turned into the stock (R17)."""
        left = [q for cands in pool.values() for q in cands]
        motions: list[Motion] = []
        for p in sorted(pending, key=lambda p: p.zone == "stock"):
            if p.zone == "stock":
                cands = [q for q in left if q.zone == "pile"]
            else:
                cands = [q for q in left if not q.face_up]
            if not cands:
                continue
            q = min(cands, key=lambda c: (c.rect.x - p.rect.x) ** 2 + (c.rect.y - p.rect.y) ** 2)
            left.remove(q)
            motions.append(Motion(p, q.rect.copy(), q.face_up, Tween(0.0, 1.0, dur, ease_out_cubic)))
        return motions

    def draw_motion(self, surface, m: Motion) -> None:
        """A sliding card: sized between its two places, narrowing and widening
        through a flip. The image and its shadow are the cached ones of one
        of its two places: the start's while the card shows the face it
        started with and either flips (the first half of a flip) or is
        nearer the start's size (the picture it was drawn with a frame ago),
        else its place's; scaled (not smoothed) to the size of the moment, so no
        frame waits on a smooth scale. Before, every card taken from the pile
        to a seat had its face made at the seat's size on the frame that
        started the step (issue 21, item 19), and was drawn blurred, grown from it."""
        if m.tween.done:  # landed, waiting for the rest of the step: one blit
            img, dx, dy = self.table.art.with_shadow(m.place.card, m.place.rect.h, m.place.face_up)
            surface.blit(img, (m.place.rect.x + dx, m.place.rect.y + dy))
            return
        if m.fade:  # reduced motion: in place, more opaque each frame
            img, dx, dy = self.table.art.with_shadow(m.place.card, m.place.rect.h, m.place.face_up)
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
        near = m.place.rect
        if face == m.start_face and (face != m.place.face_up or abs(r.h - m.start.h) < abs(r.h - near.h)):
            near = m.start
        base = self.table.art.image(m.place.card, near.h, face)
        img = base if base.get_size() == (w, r.h) else pygame.transform.scale(base, (w, r.h))
        shadow = self.table.art.shadow(base.get_size(), True)
        k = r.h / base.get_height()
        sw = round(shadow.get_width() * k * (w / max(1, r.w)))  # narrows with the card through a flip
        sh = round(shadow.get_height() * k)
        if (sw, sh) != shadow.get_size():
            shadow = pygame.transform.scale(shadow, (max(1, sw), max(1, sh)))
        surface.blit(shadow, (r.centerx - sw // 2, r.y - (sh - r.h) // 2 + r.h // 16))
        surface.blit(img, (r.centerx - w // 2, r.y))
