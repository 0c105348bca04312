"""Drawing the table: the still picture of a step (felt, zones, seats,
stock, cards, tags), the moving cards, hovers, the status panel, the log and
banners.

:class:`TableDrawing` is a component of :class:`~scenes.table.scene.TableScene`
(``table.drawing``, issue 22); it changes nothing but its caches. Its
public :meth:`~TableDrawing.draw_card` and :meth:`~TableDrawing.committed_ring`
are what the person's drawing (:mod:`scenes.table.person_drawing`) uses.
"""

from __future__ import annotations

import math

import pygame

from game.i18n import N_, _, ngettext

from scenes.core import theme as T
from scenes.core.widgets import free_span, place_in
from game.text.cards import short_name
from scenes.table.layout import Layout, TableModel
from game.text.levels import LEVEL_LABELS, PLAYS_FOR_YOU
from game.play.table_session import REMOTE
from game.text.events import for_person

LEVEL_NAMES = {**LEVEL_LABELS, "human": N_("You"), REMOTE: N_("at the host's table")}
"""Each seat's level under its name (marked with ``N_``; translated where shown)."""

MARK_LINE = (60, 60, 60)
"""The thin dark line inside a lay-off mark (:meth:`TableDrawing.layoff_mark`)."""


class TableDrawing:
    """The drawing of ``table`` (a :class:`~scenes.table.scene.TableScene`, which
    holds it as ``table.drawing``): it reads the table, its animation
    (``table.animation``) and the person's side, and keeps only its caches: the
    still picture of the step and the status panel's wrapped lines."""

    def __init__(self, table):
        self.table = table
        self.animation = table.animation
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._status_key: tuple | None = None
        self._status_size = 0
        self._status_surfs: list[pygame.Surface] = []
        self._base_surf: pygame.Surface | None = None  # the felt and meld areas (:meth:`_base`)
        self._base_key: tuple | None = None
        self._seat_cache: dict[tuple, pygame.Surface] = {}  # each seat panel's picture, by what it shows
        self._whole_key: tuple | None = None  # what a change of draws the whole still picture again
        self._pieces: list[tuple] = []  # the still picture's pieces as last drawn: (ident, rect)
        self._baked: list[pygame.Rect] = []  # where landed cards were drawn in since
        self._card_pieces: dict[tuple, tuple] = {}  # the still cards' pieces of the last step, by what they show

    @property
    def you(self) -> int | None:
        """The seat the words call "you" ("Your melds", "your seat"): the
        table's ``you`` when it has one (a replay seen from another seat than
        the person's, or with nobody's: ``None``), else the seat at the bottom;
        ``None`` when several people play at this computer (each by name)."""
        if self.table.pass_play is not None:
            return None
        return getattr(self.table, "you", self.table.viewer)

    def invalidate(self) -> None:
        """Draw the still picture again next frame (the felt or a setting
        changed). Its cached parts, the base and the seat panels, are keyed by
        all they show (window size, felt, places and words), so they stay."""
        self._static_key = None

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        th = self.table.theme
        lay = self.table.layout_
        model = self.table.shown
        moving = tuple(sorted(id(m.place) for m in self.animation.motions))
        key = (id(lay), moving, self.table.art.style, self.table.art.back_name, th.size, id(model), T.felt_name)
        if key != self._static_key or self._static is None or self._static.get_size() != surface.get_size():
            self._static = self._render_static(surface.get_size(), lay, model, set(moving))
            self._static_key = key
        for m in self.animation.motions:  # a card that has landed joins the still picture (drawn once)
            if m.tween.done and not m.baked and not (self.table.person is not None and m.place.zone == "hand"):
                self.animation.draw_motion(self._static, m)
                self.baked(self.animation.landed_rect(m))
                m.baked = True
        surface.blit(self._static, (0, 0))
        self._draw_thinking(surface, lay)
        for m in self.animation.motions:
            if m.tween.elapsed < m.tween.delay or m.baked:
                continue
            self.animation.draw_motion(surface, m)
        message = self.table.person.message_rect(surface.get_width()) if self.table.person is not None else None
        if message is None or not message.colliderect(self.table.tip.rect):  # one at a time: the message first
            self.table.tip.draw(surface, th)  # under the person's side: dragged cards show over it
        if self.table.person is not None:
            self.table.person.draw(surface, {id(m.place) for m in self.animation.motions if not m.tween.done})
        self._draw_hover(surface, lay, model)
        self._draw_status(surface, lay, model)
        for b in self.table.buttons:
            b.draw(surface, th)
        self.table.rules_badge.draw(surface, th)
        if self.table.show_log:
            self._draw_log(surface)
        if self.animation.banner and not self.table.covered:
            self._draw_banner(surface, lay)

    def _render_static(self, size, lay: Layout, model: TableModel, moving: set[int]) -> pygame.Surface:
        """Everything that stands still during a step, drawn once per step.

        The picture is a list of pieces drawn in order (:meth:`_still_pieces`),
        each known by what it shows and where. A new step draws again only the
        window areas whose pieces changed, or where a landed card was baked in
        (issue 21, item 19): the base is put back there and every piece that
        touches the area is drawn again in order, clipped to it. A new window
        size, felt, card art, theme or base draws the whole picture."""
        size = tuple(size)
        surf = self._static
        fresh = surf is None or surf.get_size() != size
        if fresh:
            surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        base = self._base(size, lay)  # the felt and the meld areas, drawn once
        whole_key = (self._base_key, self.table.art.style, self.table.art.back_name, self.table.theme.size)
        if whole_key != self._whole_key:
            self._card_pieces.clear()  # their images are of the old art or size
        pieces = self._still_pieces(surf.get_rect(), lay, model, moving)
        areas = None if fresh or whole_key != self._whole_key else self._changed_areas(pieces, surf.get_rect())
        if areas is None:  # the whole picture
            surf.set_clip(None)
            surf.blit(base, (0, 0))
            for _ident, _bounds, paint in pieces:
                paint(surf)
        else:
            for area in areas:
                surf.set_clip(area)
                surf.blit(base, area, area)
                for _ident, bounds, paint in pieces:
                    if bounds.colliderect(area):
                        paint(surf)
            surf.set_clip(None)
        self._whole_key = whole_key
        self._pieces = [(ident, bounds) for ident, bounds, _paint in pieces]
        self._baked.clear()
        return surf

    def _changed_areas(self, pieces, bounds: pygame.Rect) -> list[pygame.Rect] | None:
        """The window areas to draw again: the bounds of every piece drawn last
        time but not now and drawn now but not last time, and of the cards
        baked in since, merged where they overlap; ``None`` when they cover
        most of the window (drawing it all is then as cheap)."""
        before = {ident for ident, _b in self._pieces}  # no two pieces show the same in the same place
        now = {ident for ident, _b, _p in pieces}
        dirty = [b for ident, b in self._pieces if ident not in now] + [b for ident, b, _p in pieces if ident not in before]
        dirty += self._baked
        merged: list[pygame.Rect] = []
        for r in dirty:
            r = r.clip(bounds)
            if r.w <= 0 or r.h <= 0:
                continue
            i = 0
            while i < len(merged):  # fold in every area it touches (and what they then touch)
                if merged[i].colliderect(r):
                    r = r.union(merged.pop(i))
                    i = 0
                else:
                    i += 1
            merged.append(r)
        if sum(r.w * r.h for r in merged) > 0.6 * bounds.w * bounds.h:
            return None
        return merged

    def _still_pieces(self, bounds: pygame.Rect, lay: Layout, model: TableModel, moving: set[int]) -> list[tuple]:
        """The still picture as pieces in drawing order: ``(ident, rect,
        paint)``, where ``ident`` is everything the piece shows (hashable),
        ``rect`` the window pixels it may touch and ``paint(surface)`` draws
        it. The seat panels, the stock and its words, every still card (with
        its lay-off mark and must-meld ring) and the card-count badges."""
        pieces = self._seat_pieces(bounds, lay, model)
        pieces.append(self._stock_piece(lay, model))
        committed = model.committed
        live_hand = self.table.person is not None
        art = self.table.art
        pin = _("must meld")
        known = self._card_pieces
        made = {}
        for p in lay.places:
            if id(p) in moving or (live_hand and p.zone == "hand"):
                continue  # moving cards, and the person's hand (drawn each frame: it lifts and drags)
            ring = committed is not None and p.card == committed and p.zone == "hand" and model.current == p.seat
            ident = ("card", p.card, p.face_up, p.rect.x, p.rect.y, p.rect.w, p.rect.h, p.laid_off,
                     p.layer if p.laid_off else None, pin if ring else None)
            piece = known.get(ident)
            if piece is None:  # a card the last step did not show there (a card piece is the same in every step)
                img, dx, dy = art.with_shadow(p.card, p.rect.h, p.face_up)
                rect = pygame.Rect(p.rect.x + dx, p.rect.y + dy, img.get_width(), img.get_height())
                if ring:
                    rect.union_ip(p.rect.inflate(6, 6))
                    rect.union_ip(self._pin_box(p.rect))
                piece = (ident, rect, self._card_painter(p, img, dx, dy, ring))
            made[ident] = piece
            pieces.append(piece)
        self._card_pieces = made
        pieces.extend(self._count_pieces(lay, model))
        return pieces

    def _card_painter(self, p, img: pygame.Surface, dx: int, dy: int, ring: bool):
        def paint(surf: pygame.Surface) -> None:
            surf.blit(img, (p.rect.x + dx, p.rect.y + dy))
            if p.laid_off:
                self.layoff_mark(surf, p.rect, p.layer)
            if ring:
                self.committed_ring(surf, p.rect)
        return paint

    def baked(self, rect: pygame.Rect) -> None:
        """A landed card was drawn into the still picture over ``rect``
        (window pixels): the next step draws that area again."""
        self._baked.append(rect.copy())

    def draw_card(self, surface, card: int, rect: pygame.Rect, face_up: bool, lifted: bool = False) -> None:
        """Draw ``card`` (a card code; any code for a back) face up or down in
        ``rect`` (its height picks the cached image) with its shadow, a deeper
        one when ``lifted`` (selected or dragged)."""
        img = self.table.art.image(card, rect.h, face_up)
        sh = self.table.art.shadow(img.get_size(), lifted)
        off = (sh.get_width() - img.get_width()) // 2
        surface.blit(sh, (rect.x - off, rect.y - off + max(1, rect.h // (14 if lifted else 30))))
        surface.blit(img, rect.topleft)

    def committed_ring(self, surface, rect: pygame.Rect, pin: bool = True) -> None:
        """Mark the card in ``rect`` as the one that must be melded this turn
        (R9): a gold ring, and a "must meld" pin above it unless ``pin`` is
        false (then :meth:`must_meld_pin` draws it later, above the cards
        drawn after this one)."""
        th = self.table.theme
        pygame.draw.rect(surface, T.GOLD, rect.inflate(6, 6), 3, border_radius=th.radius + 2)
        if pin:
            self.must_meld_pin(surface, rect)

    def must_meld_pin(self, surface, rect: pygame.Rect) -> None:
        """The "must meld" pin (R9) above the card in ``rect``."""
        th = self.table.theme
        pin = T.text(_("must meld"), th.small, T.TEXT_DARK, bold=True)
        box = self._pin_box(rect)
        pygame.draw.rect(surface, T.GOLD, box, border_radius=th.radius)
        surface.blit(pin, pin.get_rect(center=box.center))

    def _pin_box(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the "must meld" pin of the card in ``rect`` goes (window pixels)."""
        pin = T.text(_("must meld"), self.table.theme.small, T.TEXT_DARK, bold=True)
        return pin.get_rect(midbottom=(rect.centerx, rect.y - 2)).inflate(8, 2)

    def _stock_piece(self, lay: Layout, model: TableModel) -> tuple:
        """The stock (a few backs stacked by its size, or an empty outline),
        its count under it and the discard pile's words under the pile: one
        piece of the still picture (:meth:`_still_pieces`)."""
        th = self.table.theme
        r = lay.stock_rect
        n = model.stock_size
        label = T.text(_("Stock {count}").format(count=n), th.small, T.TEXT, bold=True)
        pile = T.text(self._pile_label(model), th.small, T.TEXT_DIM)
        label_at = label.get_rect(midtop=(r.centerx, r.bottom + th.pad // 2))
        pile_at = pile.get_rect(topleft=(lay.pile_rect.x, lay.pile_rect.bottom + th.pad // 2))
        backs = [r.move(-2 * i, -2 * i) for i in range(min(4, (n + 9) // 10) - 1, 0, -1)] if n else []
        bounds = r.inflate(4, 4).union(label_at).union(pile_at)
        for back in backs:
            bounds.union_ip(self._card_bounds(back, False))

        def paint(surface: pygame.Surface) -> None:
            if n == 0:
                pygame.draw.rect(surface, T.PANEL_EDGE, r, 2, border_radius=th.radius)
            for back in backs:
                self.draw_card(surface, 0, back, False)
            surface.blit(label, label_at)
            surface.blit(pile, pile_at)
        ident = ("stock", n, len(backs), tuple(r), tuple(lay.pile_rect), self._pile_label(model),
                 _("Stock {count}").format(count=n))
        return ident, bounds, paint

    def _card_bounds(self, rect: pygame.Rect, lifted: bool) -> pygame.Rect:
        """The window pixels :meth:`draw_card` may touch for a card in ``rect``: the card and its shadow."""
        sh = self.table.art.shadow(self.table.art.size_for(rect.h), lifted)
        off = (sh.get_width() - rect.w) // 2
        return rect.union(pygame.Rect(rect.x - off, rect.y - off + max(1, rect.h // (14 if lifted else 30)),
                                      sh.get_width(), sh.get_height()))

    @staticmethod
    def _pile_label(model: TableModel) -> str:
        if len(model.discard) > 1:
            return ngettext("Discard pile · {count} card", "Discard pile · {count} cards",
                            len(model.discard)).format(count=len(model.discard))
        return _("Discard pile") if model.discard else _("Discard pile (empty)")

    def stock_frame(self, lay: Layout) -> pygame.Rect:
        """The stock with its label under it: what a ring around the stock goes around."""
        th = self.table.theme
        r = lay.stock_rect
        w, h = T.font(th.small, True).size(_("Stock {count}").format(count=self.table.shown.stock_size))
        return r.union(pygame.Rect(r.centerx - w // 2, r.bottom + th.pad // 2, w, h).inflate(4, 4))  # clear of the ring's corners

    def pile_frame(self, lay: Layout) -> pygame.Rect:
        """The discard pile's cards with its label under them: what a ring or
        glow around the pile goes around, so it never cuts through the label."""
        th = self.table.theme
        cards = [p.rect for p in lay.places if p.zone == "pile"]
        r = cards[0].unionall(cards) if cards else pygame.Rect(lay.pile_rect.topleft, lay.stock_rect.size)
        w, h = T.font(th.small).size(self._pile_label(self.table.shown))
        return r.union(pygame.Rect(lay.pile_rect.x, lay.pile_rect.bottom + th.pad // 2, w, h).inflate(4, 4))

    def _base(self, size: tuple[int, int], lay: Layout) -> pygame.Surface:
        """The felt with every seat's meld area and its label: what lies under
        the rest of the still picture. Drawn again only when the window, the
        felt, the areas or their words change (issue 21, item 19)."""
        labels = self._zone_labels(lay)
        key = (size, T.felt_name, tuple((seat, tuple(z)) for seat, z in lay.zone_rects.items()), labels)
        if key != self._base_key or self._base_surf is None:
            felt = T.felt(size)
            self._base_surf = felt.copy()
            self._draw_zones(self._base_surf, lay, labels)
            self._base_key = key
            self._seat_cache.clear()
        return self._base_surf

    def _zone_labels(self, lay: Layout) -> tuple[str, ...]:
        return tuple(_("Your melds") if seat == self.you else
                     _("{name}'s melds").format(name=self.table.names[seat]) for seat in lay.zone_rects)

    def _draw_zones(self, surface, lay: Layout, labels: tuple[str, ...]) -> None:
        th = self.table.theme
        for (seat, z), whose in zip(lay.zone_rects.items(), labels):
            colour = T.SEAT_COLOURS[seat % len(T.SEAT_COLOURS)]
            pygame.draw.rect(surface, T.ZONE_EDGE, z.inflate(-th.pad // 2, -th.pad // 2), 1,
                             border_radius=th.radius)
            label = T.fit_text(whose, th.small, z.width - 3 * th.pad, T.TEXT_DIM)
            pygame.draw.circle(surface, colour, (z.x + th.pad + th.small // 3, z.y + th.pad // 2 + th.small // 2),
                               max(3, th.small // 3))
            surface.blit(label, (z.x + th.pad + th.small, z.y + th.pad // 2))

    def layoff_mark(self, surface, rect: pygame.Rect, layer: int) -> None:
        """Mark the card in ``rect`` as laid off by seat ``layer`` (R14): a
        frame and a band along its foot in that seat's colour (the colour of
        its panel and of the dot by its meld area). Drawn right after the card,
        so the cards above it cover the mark where they cover the card."""
        colour = T.SEAT_COLOURS[layer % len(T.SEAT_COLOURS)]
        th = self.table.theme
        edge = max(2, rect.h // 36)
        band = pygame.Rect(rect.x, rect.bottom - max(5, rect.h // 10), rect.w, max(5, rect.h // 10))
        pygame.draw.rect(surface, colour, band, border_bottom_left_radius=th.radius,
                         border_bottom_right_radius=th.radius)
        pygame.draw.rect(surface, colour, rect, edge, border_radius=th.radius)
        # a dark line inside the colour, so a light seat colour still shows on a white card
        inner = rect.inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(surface, MARK_LINE, inner, 1, border_radius=max(1, th.radius - edge))
        pygame.draw.line(surface, MARK_LINE, (inner.x, band.y - 1), (inner.right - 1, band.y - 1))

    def _seat_pieces(self, bounds: pygame.Rect, lay: Layout, model: TableModel) -> list[tuple]:
        """Every seat's panel, a piece of the still picture each
        (:meth:`_still_pieces`). A panel is drawn once for what it shows: the
        picture of its place (felt, panel and words) is kept and blitted again
        on the steps where it has not changed (issue 21, item 19)."""
        if len(self._seat_cache) > 64:
            self._seat_cache.clear()
        areas = {seat: r.inflate(8, 8).clip(bounds) for seat, r in lay.seat_rects.items()}  # the halo's too
        pieces = []
        for seat, area in areas.items():
            words = self._seat_words(lay, model, seat)
            alone = area.w > 0 and area.h > 0 and not any(area.colliderect(a) for s, a in areas.items() if s != seat)
            key = (self._base_key, seat, tuple(area), tuple(lay.seat_rects[seat]),
                   tuple(lay.fan_rects.get(seat, ())), words)
            pieces.append((("seat",) + key, area, self._seat_painter(lay, seat, words, area, key, alone)))
        return pieces

    def _seat_painter(self, lay: Layout, seat: int, words: tuple, area: pygame.Rect, key: tuple, alone: bool):
        def paint(surface: pygame.Surface) -> None:
            hit = self._seat_cache.get(key) if alone else None
            if hit is not None:
                surface.blit(hit, area.topleft)
                return
            self._draw_seat(surface, lay, seat, words)
            if alone and surface.get_clip().contains(area):  # nothing of another seat in its picture, all of it drawn
                self._seat_cache[key] = surface.subsurface(area).copy()  # the base under it, and the panel
        return paint

    def _seat_words(self, lay: Layout, model: TableModel, seat: int) -> tuple:
        """What seat ``seat``'s panel shows: ``(current, name, must-meld note or
        None, level, score)``, in the current language."""
        current = model.current == seat
        name = (_("{name} (dealer)").format(name=self.table.names[seat]) if model.dealer == seat
                else self.table.names[seat])
        note = level = None
        if current and model.committed is not None and seat != self.table.viewer:
            note = _("must meld {card}").format(card=short_name(model.committed))
        else:
            lv = self.table.levels[seat]
            level = _(LEVEL_NAMES[lv]) if lv in LEVEL_NAMES else lv
            if lv == "human" and self.table.pass_play is not None:
                level = _("At this computer")  # several people here: nobody is "you"
            elif lv == "human" and seat != self.table.viewer:
                level = _("At another computer")  # a table across computers: a guest's seat (not "You")
            elif seat == self.you:
                level = (_("your seat") if lv == "human" else _(PLAYS_FOR_YOU[lv]) if lv in PLAYS_FOR_YOU
                         else level)  # a style of the field (a demo's seat): its name
        count = len(model.hands[seat])
        total = model.totals[seat]
        if seat == self.table.viewer:
            score = ngettext("{points} pts · {count} card", "{points} pts · {count} cards", count).format(
                points=total, count=count)
        else:
            score = _("{points} pts").format(points=total)
        return (current, name, note, level, score)

    def _draw_seat(self, surface, lay: Layout, seat: int, words: tuple) -> None:
        th = self.table.theme
        r = lay.seat_rects[seat]
        current, name, note, level, score = words
        if current:
            glow = r.inflate(8, 8)
            T.draw_panel(surface, glow, th.radius + 4, (255, 255, 255, 60), T.HALO, 2)
        T.draw_panel(surface, r, th.radius)
        colour = T.SEAT_COLOURS[seat % len(T.SEAT_COLOURS)]
        pygame.draw.rect(surface, colour, (r.x, r.y + th.radius, max(3, th.pad // 2), r.height - 2 * th.radius))
        text_w = self._seat_text_width(lay, seat)
        x = r.x + th.pad + max(3, th.pad // 2)
        y = r.y + th.pad // 2
        lh = round(th.small * 1.35)
        surface.blit(T.fit_text(name, th.small, text_w, T.TEXT, bold=True), (x, y))
        if note is not None:
            note = T.fit_text(note, th.small, text_w - 6, T.TEXT_DARK, True)
            box = note.get_rect(topleft=(x, y + lh)).inflate(6, 0)
            pygame.draw.rect(surface, T.GOLD, box, border_radius=th.radius)
            surface.blit(note, (x, y + lh))
        else:
            surface.blit(T.fit_text(level, th.small, text_w, T.TEXT_DIM), (x, y + lh))
        surface.blit(T.fit_text(score, th.small, text_w, T.GOLD if seat == self.table.viewer else T.TEXT, True),
                     (x, y + 2 * lh))

    def _seat_text_width(self, lay: Layout, seat: int) -> int:
        """Pixels a line of seat ``seat``'s panel may take: the panel less its
        margins and, for another seat, its face-down fan."""
        th = self.table.theme
        r = lay.seat_rects[seat]
        fan = lay.fan_rects.get(seat) if seat != self.table.viewer else None
        return (fan.left - r.left - 2 * th.pad) if fan is not None else r.width - 2 * th.pad

    def _draw_seat_hover(self, surface, lay: Layout, model: TableModel) -> None:
        """A seat panel under the pointer whose name or level (a style's name
        in Welsh, a crowded table of eight) had to be shrunk or shortened to
        fit says them in full, in a box under the panel (above it near the
        bottom of the window)."""
        seat = next((s for s, r in lay.seat_rects.items() if r.collidepoint(self.table.mouse)), None)
        if seat is None:
            return
        th = self.table.theme
        _current, name, note, level, _score = self._seat_words(lay, model, seat)
        room = self._seat_text_width(lay, seat)
        lines = [(name, True, room)] + ([(note, True, room - 6)] if note is not None  # as _draw_seat draws them
                                        else [(level, False, room)] if level else [])
        if all(T.width(T.drawable(w), th.small, bold) <= fits for w, bold, fits in lines):
            return  # every line is shown whole on the panel already
        self._tip_under(surface, " · ".join(w for w, _bold, _fits in lines), lay.seat_rects[seat])

    def _count_pieces(self, lay: Layout, model: TableModel) -> list[tuple]:
        """Each other seat's card count, as a badge on its face-down fan: a
        piece of the still picture each (:meth:`_still_pieces`)."""
        th = self.table.theme
        pieces = []
        for seat, fan in lay.fan_rects.items():
            if seat == self.table.viewer:
                continue
            count = len(model.hands[seat])
            t = T.text(str(count), th.small, T.TEXT_DARK, bold=True)
            d = max(t.get_width(), t.get_height()) + 6
            c = (fan.right - d // 3, fan.bottom - d // 3)
            rect = pygame.Rect(0, 0, d + 2, d + 2)
            rect.center = c

            def paint(surface: pygame.Surface, t=t, d=d, c=c) -> None:
                pygame.draw.circle(surface, (250, 248, 240), c, d // 2)
                pygame.draw.circle(surface, (40, 40, 40), c, d // 2, 1)
                surface.blit(t, t.get_rect(center=c))
            pieces.append((("count", seat, count, c), rect, paint))
        return pieces

    def _draw_thinking(self, surface, lay: Layout) -> None:
        """While the game waits on a computer seat (choosing, or paced so a
        person can follow): a pulsing outline and a "..." bubble on its seat."""
        if self.animation.steps or self.animation.motions or self.table.shown.ended is not None:
            return
        seat = self.table.session.thinking_seat()
        if seat is None and self.table.session.ready():
            seat = self.table.shown.current
        r = lay.seat_rects.get(seat) if seat is not None else None
        if r is None:
            return
        th = self.table.theme
        still = self.table.reduced_motion  # a steady outline and three dots instead of a pulse
        pulse = 1.0 if still else 0.5 + 0.5 * math.sin(self.table.clock * 5.0)
        pygame.draw.rect(surface, (120 + int(60 * pulse), 200, 255), r.inflate(4, 4), 2, border_radius=th.radius + 2)
        dots = 3 if still else int(self.table.clock * 3) % 3 + 1
        bubble = pygame.Rect(0, 0, th.small * 3, round(th.small * 1.3))
        fan = lay.fan_rects.get(seat) if seat != self.table.viewer else None
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
        i = self.table.pile_index_at(self.table.mouse) if self.table.mouse[0] >= 0 else None
        if self.table.person is not None and self.table.person.input.drag is not None:
            return  # the dragged cards stay on top
        if self.animation.motions:
            return
        if i is None or i >= len(model.discard):
            if not self._draw_meld_hover(surface, lay):
                self._draw_seat_hover(surface, lay, model)
            return
        place = next((p for p in lay.places if p.zone == "pile" and p.index == i), None)
        if place is None:
            return
        th = self.table.theme
        band = lay.strip_rect  # the preview stays in the strip: it covers no seat's melds
        h = max(place.rect.h, band.height - 4)
        r = pygame.Rect(0, 0, T.Theme.card_w(h), h)
        r.midtop = (place.rect.centerx + r.w // 3, band.top + 2)
        r.clamp_ip(surface.get_rect())
        self.draw_card(surface, place.card, r, True, lifted=True)
        depth = len(model.discard) - i
        if depth == 1:
            words = _("{card} · top of the pile").format(card=short_name(place.card))
        else:
            words = _("{card} · {depth} from the top").format(card=short_name(place.card), depth=depth)
        self._hover_words(surface, words, r, band, lay.status_rect.left - th.pad)

    def _hover_words(self, surface, words: str, card: pygame.Rect, band: pygame.Rect, right: int) -> None:
        """``words`` on a dark box beside the enlarged ``card``, inside ``band``
        (window pixels): to its right if they fit before ``right``, else to its left."""
        th = self.table.theme
        tip = T.fit_text(words, th.small, max(th.small * 4, surface.get_width() // 3), T.TEXT, bold=True)
        box = tip.get_rect().inflate(10, 4)
        box.midleft = (card.right + th.pad // 2, band.centery)
        if box.right > right:
            box.midright = (card.left - th.pad // 2, band.centery)
        box.clamp_ip(surface.get_rect())
        T.draw_panel(surface, box, th.radius, (0, 0, 0, 200), None, 0)
        surface.blit(tip, tip.get_rect(center=box.center))

    def _draw_meld_hover(self, surface, lay: Layout) -> bool:
        """A table card under the pointer is shown larger (melds shrink on a
        crowded table); a card laid off by another seat says who laid it off
        (R14). False when no table card is under the pointer."""
        if self.table.mouse[0] < 0:
            return False
        place = None
        for p in lay.places:
            if p.zone == "meld" and p.rect.collidepoint(self.table.mouse):
                place = p  # the topmost
        if place is None:
            return False
        r = place.rect
        if place.rect.h < lay.cards.table * 1.2:
            h = max(round(lay.cards.table * 1.25), round(place.rect.h * 1.35))
            r = pygame.Rect(0, 0, T.Theme.card_w(h), h)
            r.midbottom = (place.rect.centerx + r.w // 3, place.rect.top + place.rect.h // 3)
            r.clamp_ip(surface.get_rect())
            self.draw_card(surface, place.card, r, True, lifted=True)
            if place.laid_off:
                self.layoff_mark(surface, r, place.layer)
        if place.laid_off:
            words = for_person(self.table.names, place.layer, _("{card} · laid off by you"),
                               _("{card} · laid off by {name}"), card=short_name(place.card))
            self._tip_under(surface, words, r)  # under it: the meld stays in sight
        return True

    def _tip_under(self, surface, words: str, r: pygame.Rect) -> None:
        """``words`` on a dark box under ``r`` (window pixels), or over it
        when the window ends first: a hovered card's or seat panel's words."""
        th = self.table.theme
        tip = T.fit_text(words, th.small, surface.get_width() // 2, T.TEXT, bold=True)
        box = tip.get_rect(midtop=(r.centerx, r.bottom + 3)).inflate(10, 4)
        if box.bottom > surface.get_height():
            box.midbottom = (r.centerx, r.top - 3)
        box.clamp_ip(surface.get_rect())
        T.draw_panel(surface, box, th.radius, (0, 0, 0, 200), None, 0)
        surface.blit(tip, tip.get_rect(center=box.center))

    def _draw_status(self, surface, lay: Layout, model: TableModel) -> None:
        th = self.table.theme
        r = lay.status_rect
        T.draw_panel(surface, r, th.radius)
        y = r.y + th.pad // 2
        lines = self.table.status_lines()
        key = (tuple(lines), r.size, th.size)
        if key != self._status_key:  # measured and wrapped once per message
            self._status_key = key
            # the message wraps, in a smaller size when it needs more than three lines (translations run longer)
            room = r.height - th.pad - round(th.small * 1.5)
            size = th.body
            while True:
                wrapped = T.wrap(lines[1], size, r.width - 2 * th.pad, bold=True)
                if len(wrapped) * round(size * 1.25) <= room or size <= th.small:
                    break
                size -= 1
            fits = max(1, room // round(size * 1.25))
            if len(wrapped) > fits:  # still too long at the smallest size: the last line is cut with "…"
                wrapped = wrapped[:fits - 1] + [" ".join(wrapped[fits - 1:])]
            self._status_size = size
            self._status_surfs = [T.fit_text(lines[0], th.small, r.width - 2 * th.pad, T.TEXT_DIM)] + [
                T.fit_text(line, size, r.width - 2 * th.pad, T.TEXT, bold=True) for line in wrapped]
        surface.blit(self._status_surfs[0], (r.x + th.pad, y))
        y += round(th.small * 1.5)
        for surf in self._status_surfs[1:]:
            surface.blit(surf, (r.x + th.pad, y))
            y += round(self._status_size * 1.25)

    def log_rect(self) -> pygame.Rect:
        """The game log's place beside the table, under the status panel (its
        larger view is :meth:`scenes.table.game_log.LogPanel.frame`)."""
        th = self.table.theme
        lay = self.table.layout_
        w = lay.status_rect.width
        top = lay.status_rect.bottom + th.pad
        bottom = lay.buttons_rect.top
        if self.table.person is not None and self.table.person.buttons["sort"].rect.height:
            bottom = min(bottom, self.table.person.buttons["sort"].rect.top)
        r = pygame.Rect(lay.status_rect.x, top, w, max(th.body * 5, bottom - top - th.pad))
        if r.bottom > th.height - th.pad:
            r.bottom = th.height - th.pad
        return r

    def _draw_log(self, surface) -> None:
        self.table.log_panel.draw(surface, self.table.theme)

    def _draw_banner(self, surface, lay: Layout) -> None:
        t, box = self.banner_place(surface.get_size(), lay)
        T.draw_panel(surface, box, self.table.theme.radius * 2, (0, 0, 0, 200), T.GOLD, 2)
        surface.blit(t, t.get_rect(center=box.center))

    def banner_place(self, size: tuple[int, int], lay: Layout) -> tuple[pygame.Surface, pygame.Rect]:
        """The banner's words as drawn and its box in a window of ``size``
        pixels: by the seat it is about (or the middle), inside the window and
        clear of the status panel and the game log (issue 21, item 11), in the
        widest free part of its row; shrunk to that room when it is narrower."""
        th = self.table.theme
        text, seat, _ = self.animation.banner
        window = pygame.Rect((0, 0), size)
        t = T.text(text, th.title, T.GOLD, bold=True)
        if seat is not None and seat in lay.seat_rects:
            anchor = lay.seat_rects[seat]
            center = (anchor.centerx, anchor.bottom + t.get_height()) if seat != self.table.viewer else \
                (window.width // 2, anchor.top - t.get_height())
        else:
            center = window.center
        box = t.get_rect(center=center).inflate(th.pad * 4, th.pad * 2)
        box.clamp_ip(window)
        span = free_span(pygame.Rect(th.pad, box.y, window.width - 2 * th.pad, box.height),
                         self.table.covering_panels(), box.centerx, th.pad)
        if box.width > span.width:  # shrunk to the room left beside the panels
            t = T.fit_text(text, th.title, max(th.title, span.width - th.pad * 4), T.GOLD, bold=True)
            box = t.get_rect(center=box.center).inflate(th.pad * 4, th.pad * 2)
        return t, place_in(box, span, box.centerx)
