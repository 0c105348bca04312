"""Drawing the person's side of the table: the hand, drop targets, hovers,
the keyboard focus, messages, and the status words.

:class:`PersonDrawing` is a part of :class:`~scenes.table.person.PersonPlay` (split
out of it, issue 14); it only reads the play's state and the engine's
answers, and changes nothing but ``note`` (what the pointer or focus is on).
"""

from __future__ import annotations

import pygame

from game.intent.drops import LegalTargets, Play, enter_effect, take_outcome
from game.rules.phase import Phase
from game.i18n import _, ngettext
from game.intent.turn import rummy_option
from game.intent.words import enter_words
from game.intent.targets import HandSlot, NewMeld, OnMeld, PileCard, Stock, Target

from scenes.core import theme as T
from game.text.cards import short_name
from game.text.events import plain, with_rule


class PersonDrawing:
    """The drawing of :class:`~scenes.table.person.PersonPlay` (a mixin)."""

    # ------------------------------------------------------------ drawing
    def layout_buttons(self) -> None:
        th = self.table.theme
        lay = self.table.layout_
        bh = max(th.small * 2, 26)
        x = lay.buttons_rect.right
        y = lay.hand_rect.top - bh - th.pad // 2
        for key in ("end", "undo", "hint", "sort"):
            b = self.buttons[key]
            w = T.font(th.small, True).size(b.text)[0] + 3 * th.pad
            b.rect = pygame.Rect(x - w, y, w, bh)
            x -= w + th.pad
        rb = self.buttons["rummy"]
        w = T.font(th.heading, True).size(rb.text)[0] + 4 * th.pad
        rb.rect = pygame.Rect(0, 0, w, max(th.heading * 2, 36))
        rb.rect.midbottom = (lay.pile_rect.x + lay.pile_rect.width // 2, lay.pile_rect.top - th.pad)
        rb.rect.clamp_ip(pygame.Rect(0, 0, th.width, th.height))

    def draw(self, surface, moving: set[int]) -> None:
        self.note = None  # what the pointer or the keyboard focus is on, worked out below
        t = self.table
        th = t.theme
        lay = t.layout_
        dragging = set(self.drag.cards) if self.drag and self.drag.from_hand else set()
        springing = {i for i, _, _ in self.spring}
        hint_cards = self.hint[1] if self.hint else set()
        committed = t.shown.committed if t.shown.current == self.seat else None
        self._draw_targets(surface, lay)
        hover_i = None if self.drag or self.keyboard or self.hover is None else self.hand_index_at(self.hover)
        for p in self.hand_places():
            if id(p) in moving or p.index in dragging or p.index in springing:
                continue
            r = p.rect.copy()
            if p.index in self.selected:
                r.y -= round(r.h * 0.18)
            elif p.index == hover_i and self.idle():
                r.y -= round(r.h * 0.05)
            t.draw_card(surface, p.card, r, p.face_up, lifted=p.index in self.selected)
            if committed is not None and p.card == committed:
                t.committed_ring(surface, r)
            if p.index in hint_cards:
                pygame.draw.rect(surface, T.LEGAL, r.inflate(6, 6), 3, border_radius=th.radius + 2)
            if self.keyboard and self.focus_row == "hand" and p.index == self.focus_i:
                pygame.draw.rect(surface, (10, 30, 60), r.inflate(6, 6), 3, border_radius=th.radius + 3)
                pygame.draw.rect(surface, T.LEGAL, r.inflate(12, 12), 3, border_radius=th.radius + 5)
        for i, home, tw in self.spring:
            card = self.order[i] if i < len(self.order) else None
            if card is not None:
                x, y = tw.value
                t.draw_card(surface, card, pygame.Rect(round(x), round(y), home.w, home.h), True, lifted=True)
        if self.keyboard and self.focus_row == "table":
            self._draw_focus_target(surface, lay)
        self._draw_pile_hover(surface, lay)  # over the focus ring: the taken cards' ring shows
        for b in self.buttons.values():
            b.draw(surface, th)
        if self.rummy_until is not None:
            left = max(0.0, self.rummy_until - self.table.clock)
            rb = self.buttons["rummy"].rect
            frac = 1.0 if self.buttons["rummy"].hover else left / max(0.01, self.rummy_window_s)
            bar = pygame.Rect(rb.x, rb.bottom + 3, round(rb.width * frac), 5)
            pygame.draw.rect(surface, T.GOLD, bar, border_radius=2)
        if self.drag and self.drag.from_hand:
            x, y = self.drag.pos[0] - self.drag.offset[0], self.drag.pos[1] - self.drag.offset[1]
            for n, i in enumerate(self.drag.cards):
                if i < len(self.order):
                    h = lay.hand_rect.h - round(lay.hand_rect.h * 0.2) - th.pad
                    r = pygame.Rect(x + n * round(T.Theme.card_w(h) * 0.3), y, T.Theme.card_w(h), h)
                    t.draw_card(surface, self.order[i], r, True, lifted=True)
            self._draw_drop_hint(surface, lay)
        self._draw_message(surface, lay)

    def keyboard_targets(self) -> LegalTargets | None:
        """The legal places for the selection while playing with the keys (cached per selection and move)."""
        if not (self.keyboard and self.selected and self.focus_row == "table"):
            return None
        key = (tuple(sorted(self.selected)), len(self.hand.actions), len(self.order))
        if getattr(self, "_kb_key", None) != key:
            self._kb_key, self._kb_targets = key, self.legal_targets(sorted(self.selected))
        return self._kb_targets

    def _draw_targets(self, surface, lay) -> None:
        """While dragging (or choosing a place with the keys): legal targets glow sky blue."""
        d = self.drag
        targets = d.targets if d is not None and d.from_hand else None
        if not targets:
            targets = self.keyboard_targets()
            if targets is None:
                return
        th = self.table.theme
        glow = []
        if targets.discard:
            pile = [p.rect for p in lay.places if p.zone == "pile"]
            glow.append((pile[0].unionall(pile) if pile else pygame.Rect(lay.pile_rect.topleft, lay.stock_rect.size))
                        .inflate(12, 12))
        if targets.new:
            glow.append(lay.zone_rects[self.seat].inflate(-4, -4))
        for m in targets.melds:
            r = lay.meld_rects.get(m)
            if r is not None:
                glow.append(r.inflate(10, 10))
            for mm, gr, _ in lay.layoff_groups:
                if mm == m:
                    glow.append(gr.inflate(10, 10))
        for r in glow:
            pygame.draw.rect(surface, T.LEGAL, r, 4, border_radius=th.radius + 4)

    def _draw_drop_hint(self, surface, lay) -> None:
        """Under the pointer: what a drop here would do, and an amber warning when the engine would refuse it."""
        d = self.drag
        th = self.table.theme
        target = self.target_at(d.pos)
        if target is None or isinstance(target, HandSlot):
            return
        ok = bool(d.targets) and d.targets.allows(target)
        if isinstance(target, NewMeld):
            text = _("Meld") if ok else _("⚠ Meld: not allowed here")
        elif isinstance(target, OnMeld):
            text = _("Lay off") if ok else _("⚠ Lay off: not allowed here")
        else:
            text = _("Discard") if ok else _("⚠ Discard: not allowed here")
        s = T.text(text, th.small, T.TEXT_DARK, bold=True)
        box = s.get_rect(midbottom=(d.pos[0], d.pos[1] - d.offset[1] - 4)).inflate(10, 4)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, T.LEGAL if ok else T.ILLEGAL, box, border_radius=th.radius)
        surface.blit(s, s.get_rect(center=box.center))

    def _draw_pile_hover(self, surface, lay) -> None:
        """Hovering the pile on your draw: the cards that would come, the one to meld, or why not."""
        h = self.hand
        j = None
        if self.quiet:
            return  # a new turn, the person has not acted yet: no warning left over from the last one
        if self.keyboard and self.focus_row == "table":
            target = self.targets()[self.focus_i] if self.focus_i < len(self.targets()) else None
            j = target.index if isinstance(target, PileCard) else None
        elif self.hover is not None and not self.drag:
            j = self.pile_index_at(self.hover)
        rummy = self.calling_rummy()
        if j is None or (h.current != self.seat and not rummy) or h.phase != Phase.DRAW or h.ended is not None \
                or not self.idle():
            return
        n = len(h.discard)
        if j >= n:
            return
        k = n - j
        outcome = take_outcome(h, self.seat, j, rummy)
        ok = isinstance(outcome, Play)
        reason = None if ok else with_rule(outcome.message, outcome.rule)
        th = self.table.theme
        colour = T.LEGAL if ok else T.ILLEGAL
        taken = [p.rect for p in lay.places if p.zone == "pile" and p.index >= j]
        if taken:  # one ring around the cards that would come, never across their faces
            pygame.draw.rect(surface, colour, taken[0].unionall(taken).inflate(6, 6), 3, border_radius=th.radius + 2)
        if k > 1 and taken:  # the card to meld: gold around the part of it that shows
            edge = (taken[1].x if len(taken) > 1 else taken[0].right) - taken[0].x
            pygame.draw.rect(surface, T.GOLD, pygame.Rect(taken[0].x - 3, taken[0].y - 3, max(8, edge) + 3,
                                                          taken[0].h + 6), 3, border_radius=th.radius + 2)
        if ok and rummy:
            text = self.rummy_words(rummy_option(h, outcome.actions[0]))
        elif ok:
            name = short_name(h.discard[j])
            if k > 1:
                text = ngettext("Take {count} card — you must meld the {card}", "Take {count} cards — you must meld the {card}",
                                k).format(count=k, card=name)
            elif h.rules.top_discard_must_be_used:  # the strict variant of R9 commits the top discard too
                text = _("Take the {card} — you must meld it this turn").format(card=name)
            else:
                text = _("Take the {card}").format(card=name)
        else:
            text = f"⚠ {plain(reason, keep_rule_ids=True)}"  # the hover detail keeps the rule id (item 18)
        self.note = (text, not ok)

    def _draw_focus_target(self, surface, lay) -> None:
        targets = self.targets()
        if not targets:
            return
        target = targets[min(self.focus_i, len(targets) - 1)]
        r = None
        if isinstance(target, Stock):
            r = lay.stock_rect
        elif isinstance(target, PileCard):  # around the whole pile (the taken cards get their own ring inside)
            pile = [p.rect for p in lay.places if p.zone == "pile"]
            r = pile[0].unionall(pile).inflate(12, 12) if pile else lay.pile_rect
        elif isinstance(target, NewMeld):
            r = lay.zone_rects[self.seat]
        elif isinstance(target, OnMeld):
            r = lay.meld_rects.get(target.meld)
        if r is not None:
            pygame.draw.rect(surface, (10, 30, 60), r.inflate(6, 6), 3, border_radius=self.table.theme.radius + 3)
            pygame.draw.rect(surface, T.LEGAL, r.inflate(12, 12), 3, border_radius=self.table.theme.radius + 5)
        if self.note is None:
            self.note = (self.focus_words(target), False)

    def focus_words(self, target: Target) -> str:
        """What Enter does on the focused place, in words (the intent layer's
        :func:`game.intent.drops.enter_effect`)."""
        effect = enter_effect(self.game, self.seat, target, len(self.selected), self.calling_rummy())
        return enter_words(effect, self.seat, self.table.names)

    def _draw_message(self, surface, lay) -> None:
        th = self.table.theme
        text, refusal = None, False
        if self.message:
            text, refusal = self.message[0], self.message[1]
        elif self.hint:
            text = self.hint[0]
        elif self.note:
            text, refusal = self.note
        if not text:
            return
        s = T.fit_text(text, th.body, lay.hand_rect.width, T.TEXT_DARK, bold=True)
        above = self.buttons["sort"].rect.top if self.buttons["sort"].rect.height else lay.hand_rect.top
        box = s.get_rect(midbottom=(lay.hand_rect.centerx, above - th.pad)).inflate(16, 6)
        pygame.draw.rect(surface, T.ILLEGAL if refusal else (200, 235, 255), box, border_radius=th.radius)
        surface.blit(s, s.get_rect(center=box.center))

    def status(self) -> list[str] | None:
        """Words for the status panel while it is the person's move (or Rummy window)."""
        h = self.hand
        if h.ended is not None or self.game.winner is not None:
            return None
        claim = self.table.session.rummy_claimed()
        if claim is not None and self.rummy_until is not None:
            left = max(0.0, self.rummy_until - self.table.clock)
            return [_("Hand {hand}").format(hand=h.index + 1),
                    _("{name} called Rummy! You come first: press R to call it yourself ({seconds} s).").format(
                        name=self.table.names[claim], seconds=f"{left:.0f}")]
        if self.rummy_until is not None and h.current != self.seat:
            left = max(0.0, self.rummy_until - self.table.clock)
            return [_("Hand {hand}").format(hand=h.index + 1),
                    _("Rummy? Press R or the button ({seconds} s).").format(seconds=f"{left:.0f}")]
        if h.current != self.seat:
            return None
        head = _("Hand {hand} · your turn").format(hand=h.index + 1)
        if h.phase == Phase.DRAW:
            if not h.stock_draw_possible():
                return [head, _("The stock is empty: take from the discard pile, or end the hand (E).")]
            if self.rummy_until is not None:
                return [head, _("Draw from the stock, or click a discard-pile card to take it and all above it. "
                                "Or call Rummy! (R)")]
            return [head, _("Draw from the stock, or click a discard-pile card to take it and all above it.")]
        if h.committed is not None:
            return [head, _("Meld the {card} you took (with cards that make a meld), then discard.").format(
                card=short_name(h.committed))]
        return [head, _("Meld or lay off if you like, then drag one card to the discard pile.")]

