"""Drawing the person's side of the table: the hand, drop targets, hovers,
the keyboard focus and the message line.

:class:`PersonDrawing` is a component of :class:`~scenes.table.person.PersonPlay`
(``play.drawing``, issue 22). It only draws: what to light up, the pile-hover
verdict, the drop hint, the message line and the Rummy bar are read from the
frame's :class:`~game.intent.person_turn.PersonTurn` (``PersonPlay.person_turn()``,
worked out once per frame in :meth:`~PersonDrawing.draw`); it assigns no
state (``tests/test_person_turn.py`` checks it).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.intent.drops import LegalTargets
from game.intent.person_turn import DropHint, PileHover
from game.intent.targets import NewMeld, OnMeld, PileCard, Stock

from scenes.core import theme as T
from scenes.core.widgets import free_span, place_in


class PersonDrawing:
    """The drawing of ``play`` (a :class:`~scenes.table.person.PersonPlay`, which
    holds it as ``play.drawing``): it reads the play and its gestures
    (``play.input``) and keeps no state of its own."""

    def __init__(self, play):
        self.play = play
        self.input = play.input
        self.table = play.table

    # ------------------------------------------------------------ drawing
    def layout_buttons(self) -> None:
        th = self.table.theme
        lay = self.table.layout_
        bh = max(th.small * 2, 26)
        x = lay.buttons_rect.right
        y = lay.hand_rect.top - bh - th.pad // 2
        shared = not getattr(self.table.session, "can_undo", True)  # a table across computers: no Undo button
        for key in ("end", "undo", "hint", "sort"):
            if key == "undo" and shared:
                continue
            b = self.play.buttons[key]
            w = T.font(th.small, True).size(b.text)[0] + 3 * th.pad
            b.rect = pygame.Rect(x - w, y, w, bh)
            x -= w + th.pad
        rb = self.play.buttons["rummy"]
        w = T.font(th.heading, True).size(rb.text)[0] + 4 * th.pad
        rb.rect = pygame.Rect(0, 0, w, max(th.heading * 2, 36))
        rb.rect.midbottom = (lay.pile_rect.x + lay.pile_rect.width // 2, lay.pile_rect.top - th.pad)
        rb.rect.clamp_ip(pygame.Rect(0, 0, th.width, th.height))

    def draw(self, surface, moving: set[int]) -> None:
        turn = self.play.person_turn()  # what the person's side shows this frame, read below
        t = self.table
        th = t.theme
        lay = t.layout_
        hint_cards = self.play.hint[1] if self.play.hint else set()
        committed = t.shown.committed if t.shown.current == self.play.seat else None
        self._draw_targets(surface, lay, turn.lit)
        cards = self.input.hand_cards(moving)  # the same list the hit testing reads (PersonInput.hand_index_at)
        resting = [c for c in cards if not c.dragged]
        for c in resting:
            t.drawing.draw_card(surface, c.card, c.rect, c.face_up, lifted=c.lifted)
        # the rings go round the part of a card that shows, over the cards: one ring never takes in two cards
        for n, c in enumerate(resting):
            nxt = resting[n + 1].rect if n + 1 < len(resting) else None
            r = c.rect
            if nxt is not None and r.x < nxt.x < r.right:
                r = pygame.Rect(r.x, r.y, nxt.x - r.x, r.h)
            if committed is not None and c.card == committed:
                t.drawing.committed_ring(surface, r, pin=False)
            if c.index in hint_cards:
                pygame.draw.rect(surface, T.LEGAL, r.inflate(6, 6), 3, border_radius=th.radius + 2)
            if self.input.keyboard and self.input.focus_row == "hand" and c.index == self.input.focus_i:
                pygame.draw.rect(surface, (10, 30, 60), r.inflate(6, 6), 3, border_radius=th.radius + 3)
                pygame.draw.rect(surface, T.LEGAL, r.inflate(12, 12), 3, border_radius=th.radius + 5)
        pinned = next((c.rect for c in resting if committed is not None and c.card == committed), None)
        if pinned is not None:  # the "must meld" pin over every hand card, so a raised neighbour never hides it
            t.drawing.must_meld_pin(surface, pinned)
        if self.input.keyboard and self.input.focus_row == "table":
            self._draw_focus_target(surface, lay)
        if turn.pile is not None:
            self._draw_pile_hover(surface, lay, turn.pile)  # over the focus ring: the taken cards' ring shows
        for b in self.play.buttons.values():
            b.draw(surface, th)
        if turn.rummy_bar is not None:
            rb = self.play.buttons["rummy"].rect
            bar = pygame.Rect(rb.x, rb.bottom + 3, round(rb.width * turn.rummy_bar), 5)
            pygame.draw.rect(surface, T.GOLD, bar, border_radius=2)
        if self.input.drag and self.input.drag.from_hand:
            for c in cards:
                if c.dragged:
                    t.drawing.draw_card(surface, c.card, c.rect, True, lifted=True)
            if turn.drop is not None:
                self._draw_drop_hint(surface, turn.drop)
        if turn.line is not None:
            self._draw_message(surface, lay, turn.line)

    def _draw_targets(self, surface, lay, targets: LegalTargets | None) -> None:
        """While dragging (or choosing a place with the keys): legal ``targets`` glow sky blue."""
        if targets is None:
            return
        th = self.table.theme
        glow = []
        if targets.discard:
            glow.append(self.table.drawing.pile_frame(lay).inflate(12, 12))  # the label inside, never cut
        if targets.new:
            glow.append(lay.zone_rects[self.play.seat].inflate(-4, -4))
        for m in targets.melds:
            r = lay.meld_rects.get(m)
            if r is not None:
                glow.append(r.inflate(10, 10))
        for r in glow:
            pygame.draw.rect(surface, T.LEGAL, r, 4, border_radius=th.radius + 4)

    def _draw_drop_hint(self, surface, hint: DropHint) -> None:
        """Under the pointer: what a drop here would do, and an amber warning when the engine would refuse it."""
        d = self.input.drag
        th = self.table.theme
        s = T.text(hint.words, th.small, T.TEXT_DARK, bold=True)
        box = s.get_rect(midbottom=(d.pos[0], d.pos[1] - d.offset[1] - 4)).inflate(10, 4)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, T.LEGAL if hint.ok else T.ILLEGAL, box, border_radius=th.radius)
        surface.blit(s, s.get_rect(center=box.center))

    def _draw_pile_hover(self, surface, lay, hover: PileHover) -> None:
        """Hovering the pile on your draw: a ring around the cards that would
        come (amber when the take is refused), gold around the one to meld."""
        th = self.table.theme
        colour = T.LEGAL if hover.ok else T.ILLEGAL
        taken = [p.rect for p in lay.places if p.zone == "pile" and p.index >= hover.first]
        if taken:  # one ring around the cards that would come, never across their faces
            pygame.draw.rect(surface, colour, taken[0].unionall(taken).inflate(6, 6), 3, border_radius=th.radius + 2)
        if hover.count > 1 and taken:  # the card to meld: gold around the part of it that shows
            edge = (taken[1].x if len(taken) > 1 else taken[0].right) - taken[0].x
            pygame.draw.rect(surface, T.GOLD, pygame.Rect(taken[0].x - 3, taken[0].y - 3, max(8, edge) + 3,
                                                          taken[0].h + 6), 3, border_radius=th.radius + 2)

    def _draw_focus_target(self, surface, lay) -> None:
        targets = self.input.targets()
        if not targets:
            return
        target = targets[min(self.input.focus_i, len(targets) - 1)]
        r = None
        if isinstance(target, Stock):
            r = self.table.drawing.stock_frame(lay)  # the card and its label: the ring cuts through neither
        elif isinstance(target, PileCard):  # around the whole pile (the taken cards get their own ring inside)
            r = self.table.drawing.pile_frame(lay).inflate(6, 6)
        elif isinstance(target, NewMeld):
            r = lay.zone_rects[self.play.seat]
        elif isinstance(target, OnMeld):
            r = lay.meld_rects.get(target.meld)
        if r is not None:
            pygame.draw.rect(surface, (10, 30, 60), r.inflate(6, 6), 3, border_radius=self.table.theme.radius + 3)
            pygame.draw.rect(surface, T.LEGAL, r.inflate(12, 12), 3, border_radius=self.table.theme.radius + 5)

    def _draw_message(self, surface, lay, line: tuple[str, bool]) -> None:
        """The message line above the hand: ``line`` is ``(words, amber)``.
        It sits clear of the panels over the felt (the status panel, the game
        log, larger or not: issue 21, item 11), wrapping when the room left
        is narrower than the words."""
        th = self.table.theme
        text, refusal = line
        box, lines = self.message_place(text, surface.get_width())
        pygame.draw.rect(surface, T.ILLEGAL if refusal else (200, 235, 255), box, border_radius=th.radius)
        lh = T.font(th.body, True).get_linesize()
        y = box.centery - len(lines) * lh // 2
        for words in lines:
            s = T.fit_text(words, th.body, box.width - 16, T.TEXT_DARK, bold=True)
            surface.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += lh

    def message_place(self, text: str, width: int) -> tuple[pygame.Rect, tuple[str, ...]]:
        """The message line's box and its lines for ``text`` in a window
        ``width`` pixels wide: above the person's buttons, clear of the
        table's panels (:func:`message_box`)."""
        th = self.table.theme
        lay = self.table.layout_
        sort = self.play.buttons["sort"].rect
        above = sort.top if sort.height else lay.hand_rect.top
        covers = tuple(tuple(r) for r in self.table.covering_panels())
        return message_box(text, th.body, tuple(lay.hand_rect), above - th.pad, width, th.pad, covers)


@lru_cache(maxsize=64)
def message_box(text: str, px: int, hand: tuple, bottom: int, width: int, pad: int,
                covers: tuple) -> tuple[pygame.Rect, tuple[str, ...]]:
    """Where the message line ``text`` (bold, ``px`` pixels) goes: its box,
    bottom at ``bottom``, centred over ``hand`` (the hand's rect as a tuple)
    as nearly as the panels ``covers`` (rect tuples) allow, inside a window
    ``width`` pixels wide less ``pad`` at each side, and its lines (wrapped to
    the room). Remembered per arguments (drawn every frame)."""
    hand_rect = pygame.Rect(hand)
    lh = T.font(px, True).get_linesize()
    rows, lines, span = 1, [text], pygame.Rect(0, 0, 0, 0)
    for _ in range(4):  # more lines need a taller row, which may cross another panel
        row = pygame.Rect(pad, bottom - rows * lh - 6, width - 2 * pad, rows * lh + 6)
        span = free_span(row, [pygame.Rect(c) for c in covers], hand_rect.centerx, pad)
        room = max(px * 4, min(hand_rect.width, span.width) - 16)
        lines = T.wrap(text, px, room, bold=True)
        if len(lines) <= rows:
            break
        rows = len(lines)
    w = max(T.font(px, True).size(words)[0] for words in lines) + 16
    box = pygame.Rect(0, 0, min(w, max(span.width, px * 4)), len(lines) * lh + 6)
    box.bottom = bottom
    return place_in(box, span, hand_rect.centerx), tuple(lines)
