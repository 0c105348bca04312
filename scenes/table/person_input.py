"""The person's gestures at the table: hit testing, mouse and keyboard input.

:class:`PersonInput` is a component of :class:`~scenes.table.person.PersonPlay`
(``play.input``, issue 22): where the pointer is (a hand card, the stock, a pile card,
a meld, the felt), what a press, drag, drop or key means, and the keyboard
focus. It turns gestures into calls of the playing methods of
:class:`~scenes.table.person.PersonPlay` (``draw_stock``, ``take``, ``discard``,
``meld``, ``lay_off``, ``call_rummy``, ``undo``...). Places are typed
targets (:mod:`game.intent.targets`); what cards dropped on one (or Enter there)
come to is the intent layer's answer (:mod:`game.intent.drops`), so no rule
question is asked here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.actions import DrawStock, TakeDiscards
from game.intent.drops import LegalTargets, Accepted, drop_outcome, enter_outcome
from game.rules.phase import Phase
from game.i18n import _
from game.intent.targets import DiscardPile, HandSlot, NewMeld, OnMeld, PileCard, Stock, Target

from scenes.core.theme import Theme
from scenes.core.tween import Tween, ease_out_back

DRAG_START_PX = 6
SELECTED_LIFT = 0.18  # a selected card rises by this share of its height
HOVER_LIFT = 0.05     # the card under the pointer, by this


@dataclass(frozen=True)
class HandCard:
    """One of the person's hand cards as drawn in a frame: display position
    ``index``, ``card`` code, ``rect`` (window pixels), ``face_up``,
    ``lifted`` (selected, springing home or dragged: a deeper shadow) and
    ``dragged`` (at the pointer, above the rest of the table)."""

    index: int
    card: int
    rect: pygame.Rect
    face_up: bool
    lifted: bool = False
    dragged: bool = False


@dataclass
class Drag:
    """Cards being dragged: display positions ``cards``, where the pointer
    grabbed the first one (``offset``), the pointer now (``pos``); ``source``
    is where the drag began (a :class:`~game.intent.targets.HandSlot`, the
    :class:`~game.intent.targets.Stock` or a :class:`~game.intent.targets.PileCard`);
    ``targets`` are the places that would accept the hand cards."""

    source: Target
    cards: list[int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    targets: LegalTargets | None = None

    @property
    def from_hand(self) -> bool:
        """True when hand cards are dragged (not a draw from the stock or pile)."""
        return isinstance(self.source, HandSlot)


class PersonInput:
    """Hit testing and input of ``play`` (a :class:`~scenes.table.person.PersonPlay`,
    which holds it as ``play.input``): the gestures' own state is here (the
    ``press``, the ``drag``, the pointer's ``hover`` position, cards springing
    home, the keyboard focus ``focus_row``/``focus_i`` and whether the keys or
    the mouse were used last, ``keyboard``); the hand, the selection and every
    move are the play's."""

    def __init__(self, play):
        self.play = play
        self.table = play.table
        self.press: tuple | None = None     # (what, pos) of the button-down
        self.drag: Drag | None = None
        self.hover: tuple | None = None     # the pointer's position over the table, or None
        self.spring: list[tuple[int, pygame.Rect, Tween]] = []  # (position, home, tween) of cards going home
        self.focus_row = "hand"
        self.focus_i = 0
        self.keyboard = False

    def update(self, dt: float) -> None:
        """Move the cards springing home by ``dt`` seconds; drop the ones arrived."""
        for *_unused, tw in self.spring:
            tw.update(dt)
        self.spring = [s for s in self.spring if not s[2].done]

    # ------------------------------------------------------------ geometry
    def hand_places(self):
        """The layout's places of the person's hand cards, left to right."""
        return [p for p in self.table.layout_.places if p.zone == "hand"]

    def moving(self) -> set[int]:
        """``id`` of the layout places whose cards the table's animation moves now (drawn by it, not here)."""
        return {id(m.place) for m in self.table.animation.motions if not m.tween.done}

    def hover_index(self) -> int | None:
        """The hand card the pointer rests on (it lifts a little), or ``None``
        while dragging, using the keys, or while the table animates. It is
        found on the hand as drawn without any hover lift, so lifting it cannot
        move the pointer onto another card and back (no flicker)."""
        if self.drag or self.keyboard or self.hover is None or not self.play.idle():
            return None
        return self._topmost(self.hand_cards(lift_hover=False), self.hover)

    def hand_cards(self, moving: set[int] | None = None, lift_hover: bool = True) -> list[HandCard]:
        """The person's hand cards as drawn this frame, bottom to top: the
        ones at rest (a selected card raised 18 % of its height, the hovered
        one 5 %), then the cards springing home at their tween's place, then
        the dragged cards at the pointer (``dragged``). ``moving`` (``id`` of
        layout places, default :meth:`moving`) are left out: the animation
        draws them; ``lift_hover=False`` leaves the hovered card
        (:meth:`hover_index`) at rest. The drawing
        (:class:`~scenes.table.person_drawing.PersonDrawing`) and the hit
        testing (:meth:`hand_index_at`) both use this list, so a click picks
        the card whose pixels are on top."""
        moving = self.moving() if moving is None else moving
        hover = self.hover_index() if lift_hover else None
        order = self.play.order
        dragged = list(self.drag.cards) if self.drag is not None and self.drag.from_hand else []
        springing = {i for i, _home, _tw in self.spring}
        out: list[HandCard] = []
        for p in self.hand_places():
            if id(p) in moving or p.index in dragged or p.index in springing:
                continue
            r = p.rect.copy()
            selected = p.index in self.play.selected
            if selected:
                r.y -= round(r.h * SELECTED_LIFT)
            elif p.index == hover:
                r.y -= round(r.h * HOVER_LIFT)
            out.append(HandCard(p.index, p.card, r, p.face_up, selected))
        for i, home, tw in self.spring:
            if i < len(order):
                x, y = tw.value
                out.append(HandCard(i, order[i], pygame.Rect(round(x), round(y), home.w, home.h), True, True))
        if dragged:
            lay = self.table.layout_
            h = lay.hand_rect.h - round(lay.hand_rect.h * 0.2) - self.table.theme.pad
            w = Theme.card_w(h)
            x, y = self.drag.pos[0] - self.drag.offset[0], self.drag.pos[1] - self.drag.offset[1]
            for n, i in enumerate(dragged):
                if i < len(order):
                    out.append(HandCard(i, order[i], pygame.Rect(x + n * round(w * 0.3), y, w, h), True, True,
                                        dragged=True))
        return out

    @staticmethod
    def _topmost(cards: list[HandCard], pos) -> int | None:
        best = None
        for c in cards:
            if not c.dragged and c.rect.collidepoint(pos):
                best = c.index  # the last drawn is on top
        return best

    def card_rect(self, i: int) -> pygame.Rect | None:
        """Where the hand card at display position ``i`` rests (raised when
        selected, no hover lift), or ``None``."""
        for p in self.hand_places():
            if p.index == i:
                r = p.rect.copy()
                if i in self.play.selected:
                    r.y -= round(r.h * SELECTED_LIFT)
                return r
        return None

    def hand_index_at(self, pos) -> int | None:
        """The display position of the hand card whose pixels are on top at
        ``pos`` in this frame's drawing (:meth:`hand_cards`), or ``None``: a
        raised card's empty place below it is the felt (or the neighbour
        showing there), never the raised card."""
        return self._topmost(self.hand_cards(), pos)

    def pile_index_at(self, pos) -> int | None:
        """The index of the discard-pile card under ``pos``, or ``None``."""
        return self.table.pile_index_at(pos)

    def meld_at(self, pos) -> int | None:
        """The index of the table meld under ``pos`` (its cards laid off by others included), or ``None``."""
        lay = self.table.layout_
        for m, r in lay.meld_rects.items():
            if r.inflate(6, 6).collidepoint(pos):
                return m
        return None

    def target_at(self, pos) -> Target | None:
        """Where a drop at ``pos`` lands: the :class:`~game.intent.targets.DiscardPile`,
        a meld (:class:`~game.intent.targets.OnMeld`), the felt
        (:class:`~game.intent.targets.NewMeld`), the hand (a
        :class:`~game.intent.targets.HandSlot` to insert at), or ``None`` (outside
        the window, on the stock, a seat or the buttons)."""
        lay = self.table.layout_
        if not pygame.Rect((0, 0), self.table.theme.size).collidepoint(pos):
            return None  # let go outside the window: the cards go home
        if lay.pile_rect.inflate(20, 20).collidepoint(pos):
            return DiscardPile()
        m = self.meld_at(pos)
        if m is not None:
            return OnMeld(m)
        if lay.hand_rect.collidepoint(pos) or lay.fan_rects.get(self.play.seat, pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
            return HandSlot(self._insert_index(pos))
        if lay.stock_rect.collidepoint(pos) or lay.status_rect.collidepoint(pos):
            return None
        if any(r.collidepoint(pos) for r in lay.seat_rects.values()) or lay.buttons_rect.collidepoint(pos):
            return None
        return NewMeld()

    def _insert_index(self, pos) -> int:
        places = sorted(self.hand_places(), key=lambda p: p.index)
        for p in places:
            if pos[0] < p.rect.centerx:
                return p.index
        return len(places)

    # ------------------------------------------------------------ input
    def handle_event(self, event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.play.quiet = False  # the person acts: the pile may warn again
        for b in self.play.buttons.values():
            if b.handle(event):
                return True
        t = self.table
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = event.pos
            if self.press is not None and self.drag is None:
                what, start = self.press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_START_PX and event.buttons[0]:
                    self._start_drag(what, start, event.pos)
            if self.drag is not None:
                if not event.buttons[0]:
                    self._cancel_drag()  # no drag without a button down
                else:
                    self.drag.pos = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            if not self.play.idle():
                return False
            i = self.hand_index_at(event.pos)
            if i is not None:
                self.press = (HandSlot(i), event.pos)
                return True
            if t.layout_.stock_rect.collidepoint(event.pos):
                self.press = (Stock(), event.pos)
                return True
            j = self.pile_index_at(event.pos)
            if j is not None:
                self.press = (PileCard(j), event.pos)
                return True
            self.press = None
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if self.drag is not None:
                self._drop(event.pos)
                return True
            if press is None or not self.play.idle():
                return False
            what, start = press
            if isinstance(what, HandSlot) and self.hand_index_at(event.pos) == what.index:
                self.play.selected ^= {what.index}
                return True
            if isinstance(what, Stock) and t.layout_.stock_rect.collidepoint(event.pos):
                self.play.draw_stock()
                return True
            if isinstance(what, PileCard) and self.pile_index_at(event.pos) == what.index:
                self.play.take(what.index)
                return True
            return False
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self.let_go()
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _start_drag(self, what: Target, start, pos) -> None:
        if isinstance(what, HandSlot):
            i = what.index
            cards = sorted(self.play.selected) if i in self.play.selected else [i]
            r = self.card_rect(i)
            offset = (start[0] - r.x, start[1] - r.y) if r else (0, 0)
            self.drag = Drag(what, cards, offset, pos, self.play.legal_targets(cards))
        elif isinstance(what, (Stock, PileCard)):
            self.drag = Drag(what, [], (0, 0), pos, None)

    def let_go(self) -> None:
        """Cancel a drag (the cards spring home) and a press."""
        self._cancel_drag()
        self.press = None

    def _cancel_drag(self) -> None:
        d, self.drag = self.drag, None
        if d is not None and d.from_hand:
            self._spring_back(d)

    def _spring_back(self, d: Drag) -> None:
        if self.table.reduced_motion:
            return  # reduced motion: the cards are simply back in the hand
        for i in d.cards:
            home = self.card_rect(i)
            if home is not None:
                start = pygame.Rect(d.pos[0] - d.offset[0], d.pos[1] - d.offset[1], home.w, home.h)
                self.spring.append((i, home, Tween((start.x, start.y), (home.x, home.y), 0.32, ease_out_back)))

    def _drop(self, pos) -> None:
        d, self.drag = self.drag, None
        if not d.from_hand:  # from the stock or the pile: to the hand draws / takes
            if self.table.layout_.hand_rect.collidepoint(pos) or isinstance(self.target_at(pos), NewMeld):
                if isinstance(d.source, Stock):
                    self.play.draw_stock()
                else:
                    self.play.take(d.source.index)
            return
        target = self.target_at(pos)
        if target is None:
            self._spring_back(d)
            if pygame.Rect((0, 0), self.table.theme.size).collidepoint(pos):
                self.play.say(_("Drop cards on the felt to meld, on a meld to lay off, or on the discard pile."),
                         refusal=True)
            return
        if isinstance(target, HandSlot):
            self._reorder(d.cards, target.index)
            return
        before = len(self.play.hand.actions)
        self.play.perform(drop_outcome(self.play.view, self.play.seat, self.play.cards_of(d.cards), target))
        if len(self.play.hand.actions) == before and not self.table.covered:
            self._spring_back(d)  # refused: the cards go home, the reason is shown (not while a choice is asked)

    def _reorder(self, positions, at: int) -> None:
        moving = [self.play.order[i] for i in sorted(positions)]
        rest = [c for i, c in enumerate(self.play.order) if i not in positions]
        at -= sum(1 for i in positions if i < at)
        at = max(0, min(at, len(rest)))
        self.play.order = rest[:at] + moving + rest[at:]
        self.play.selected = set()
        self.table.relayout()

    # keyboard ----------------------------------------------------------
    def targets(self) -> list[Target]:
        """The table's places in keyboard order: the stock, the pile's cards
        (bottom to top), the felt, then the melds."""
        lay = self.table.layout_
        out: list[Target] = [Stock()]
        out += [PileCard(p.index) for p in lay.places if p.zone == "pile"]
        out.append(NewMeld())
        out += [OnMeld(m) for m in sorted(lay.meld_rects)]
        return out

    def row_len(self) -> int:
        """How many places the focused row (the hand or the table) has."""
        return len(self.play.order) if self.focus_row == "hand" else len(self.targets())

    def _key(self, event) -> bool:
        k = event.key
        if self.drag is not None:
            if k == pygame.K_ESCAPE:
                self._cancel_drag()
                return True
            return True  # no keys during a drag
        self.keyboard = True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            n = self.row_len()
            if n:
                self.focus_i = (min(self.focus_i, n - 1) + (1 if k == pygame.K_RIGHT else -1)) % n
            return True
        if k in (pygame.K_UP, pygame.K_DOWN):
            if k == pygame.K_DOWN:
                self.focus_row = "hand"
                self.focus_i = min(self.focus_i, max(0, len(self.play.order) - 1))
                return True
            if self.focus_row != "table":  # up to the table: the likeliest target first
                targets = self.targets()
                want = Stock() if self.play.hand.phase == Phase.DRAW else NewMeld()
                if self.play.hand.phase == Phase.PLAY and len(self.play.selected) == 1:
                    piles = [t for t in targets if isinstance(t, PileCard)]
                    want = piles[-1] if piles else NewMeld()
                self.focus_row = "table"
                self.focus_i = targets.index(want) if want in targets else 0
            return True
        if k == pygame.K_SPACE and self.focus_row == "hand":
            if 0 <= self.focus_i < len(self.play.order):
                self.play.selected ^= {self.focus_i}
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.play.idle():
                return True
            if self.focus_row == "hand":
                if 0 <= self.focus_i < len(self.play.order):
                    self.play.selected ^= {self.focus_i}
                return True
            targets = self.targets()
            self.focus_i = min(self.focus_i, len(targets) - 1)
            self.activate(targets[self.focus_i])
            return True
        if k == pygame.K_r:
            self.play.call_rummy()
            return True
        if k == pygame.K_s:
            self.play.toggle_sort()
            return True
        if k == pygame.K_h:
            self.play.show_hint()
            return True
        if k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.play.undo()
            return True
        if k == pygame.K_e:
            self.play.end_hand()  # refused with the reason unless the stock is empty (R17)
            return True
        return False

    def activate(self, target: Target) -> None:
        """Enter on a table target: draw, take, discard, meld or lay off
        (:func:`game.intent.drops.enter_outcome`)."""
        outcome = enter_outcome(self.play.view, self.play.seat, self.play.cards_of(self.play.selected), target)
        first = outcome.actions[0] if isinstance(outcome, Accepted) else None
        if isinstance(first, DrawStock):
            self.play.draw_stock()  # the draws keep the table's checks: a double press, a waiting Rummy call
        elif isinstance(first, TakeDiscards):
            self.play.take(target.index)  # or a Rummy call at that depth while the window is open (R18)
        else:
            self.play.perform(outcome)
