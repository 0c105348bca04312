"""Review of a hand: where the person's points went (issue 24, part 2).

``app.open("review", record=..., seat=..., hand=..., names=...)``: the
review of ``seat``'s hand ``hand`` (0-based) of a game record runs in its
own process (:class:`game.services.review.ReviewWorker`), decision by
decision; a progress bar shows how far it is, and the costliest decisions
so far show as they arrive, each with the hand as the seat held it then
(the cards played ringed amber, Hard's suggestion sky blue, the top of the
discard pile beside it), the words of the verdict and, marked, what
happened next. Esc or Back stops the review at once and closes the page.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.rules.actions import Action, CallRummy, Discard, LayOff, TableMeld, TakeDiscards
from game.rules.cards import in_hand_card
from game.ai.review import WORLDS, Verdict, costliest
from game.services.review import ReviewError, ReviewWorker
from game.text.review import hindsight, reason

from scenes.core import theme as T
from scenes.core.cardart import CardArt
from scenes.core.scene import Scene
from scenes.core.widgets import Button, FocusRing

SHOWN = 3
"""How many of the costliest decisions the page shows."""

KIND_WORDS = {"draw": N_("your draw"), "meld": N_("a meld"), "lay_off": N_("a lay-off"),
              "discard": N_("your discard"), "end": N_("ending the hand"), "rummy": N_("a Rummy call")}
"""Each decision kind, as the heading of its panel says it (marked; translated where shown)."""


def hand_cards(action: Action | None) -> set[int]:
    """The cards of the seat's hand that ``action`` plays (in-hand card codes)."""
    if isinstance(action, Discard):
        return {action.card}
    if isinstance(action, TableMeld):
        return {in_hand_card(c) for c in action.cards}
    if isinstance(action, LayOff):
        return {in_hand_card(action.card)}
    return set()


def pile_count(action: Action | None) -> int:
    """How many discard-pile cards ``action`` takes (0 for anything else)."""
    return action.count if isinstance(action, (TakeDiscards, CallRummy)) else 0


class ReviewScene(Scene):
    """The review page (see the module docstring)."""

    def enter(self, record: dict, seat: int, hand: int, names: list[str] | None = None) -> None:
        self.names = list(names or record.get("players", []))
        self.hand_index = hand
        self.worker: ReviewWorker | None = None
        self.problem: str | None = None
        try:
            self.worker = ReviewWorker(record, seat, hand, worlds=WORLDS)
        except ReviewError as exc:
            self.problem = str(exc)
        self.back = Button(N_("Back (Esc)"), self.close)
        self.focus = FocusRing([self.back])
        self.focus.focus(self.back)
        s = self.app.settings
        self.art = CardArt(s.card_style, s.card_back)

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.cancel()  # at once, even mid-decision

    def close(self) -> None:
        """Stop the review (if it still runs) and go back."""
        if self.worker is not None:
            self.worker.cancel()
        self.app.pop()

    def resize(self) -> None:
        th = self.theme
        w = max(th.body * 10, T.width(_(self.back.label), th.body, True) + 4 * th.pad)
        self.back.rect = pygame.Rect(0, 0, w, max(th.body * 2, 30))
        self.back.rect.bottomleft = (2 * th.pad, th.height - th.pad)

    def handle_event(self, event) -> bool:
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.worker is not None and not self.worker.finished:
            self.worker.poll()

    # ------------------------------------------------------------ words
    def status(self) -> str:
        """The line under the heading: how far the review is, or how it ended."""
        w = self.worker
        if self.problem is not None:
            return self.problem
        if w.failed is not None:
            return _("The review stopped: {reason}").format(reason=w.failed)
        if w.cancelled:
            return _("Stopped after {done} of {total} decisions.").format(done=w.done, total=w.total)
        if not w.finished:
            return _("Reviewing decision {done} of {total}… (Esc stops it)").format(done=w.done + 1, total=w.total)
        same = sum(1 for v in w.verdicts if v.same)
        return _("{total} decisions reviewed: Hard plays the same in {same}.").format(total=w.total, same=same)

    def shown_verdicts(self) -> list[Verdict]:
        """The costliest decisions so far, costliest first (at most :data:`SHOWN`)."""
        return costliest(self.worker.verdicts, SHOWN) if self.worker is not None else []

    # ------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.FELT_DARK)
        x, y, width = 2 * th.pad, th.pad, th.width - 4 * th.pad
        title = _("Review of hand {hand}").format(hand=self.hand_index + 1)
        surface.blit(T.fit_text(title, th.heading, width, T.TEXT, bold=True), (x, y))
        y += round(th.heading * 1.6)
        w = self.worker
        if w is not None and w.total:
            bar = pygame.Rect(x, y, width, max(6, th.small // 2))
            pygame.draw.rect(surface, T.PANEL_EDGE, bar, border_radius=bar.h // 2)
            done = pygame.Rect(bar.x, bar.y, round(bar.w * w.done / w.total), bar.h)
            if done.w:
                pygame.draw.rect(surface, T.GOLD, done, border_radius=bar.h // 2)
            y = bar.bottom + th.pad // 2
        for line in T.wrap(self.status(), th.body, width):
            surface.blit(T.fit_text(line, th.body, width, T.TEXT_DIM), (x, y))
            y += round(th.body * 1.35)
        y += th.pad
        verdicts = self.shown_verdicts()
        bottom = self.back.rect.top - th.pad
        if w is not None and w.finished and not verdicts and not w.failed and w.verdicts:
            words = _("No decision of this hand cost points against Hard's play in the hands played out.")
            for line in T.wrap(words, th.body, width):
                surface.blit(T.fit_text(line, th.body, width, T.TEXT, bold=True), (x, y))
                y += round(th.body * 1.35)
        if verdicts:
            gap = th.pad
            panel_h = min(round(th.height * 0.3), (bottom - y - gap * (len(verdicts) - 1)) // len(verdicts))
            for v in verdicts:
                self.draw_verdict(surface, v, pygame.Rect(x, y, width, panel_h))
                y += panel_h + gap
        self.back.draw(surface, th)
        self.focus.draw(surface, th)

    def draw_verdict(self, surface, verdict: Verdict, box: pygame.Rect) -> None:
        """One decision in ``box``: the hand then (left), the words (right)."""
        th = self.theme
        T.draw_panel(surface, box, th.radius)
        d = verdict.decision
        inner = box.inflate(-2 * th.pad, -2 * th.pad)
        card_h = max(24, min(round(inner.h * 0.62), round(th.height * 0.14)))
        card_w = T.Theme.card_w(card_h)
        hand = sorted(d.view.hand)
        shown_pile = min(8, max(3, pile_count(d.played), pile_count(verdict.suggested)))
        pile = list(d.view.discard[-shown_pile:])
        left_w = min(round(inner.w * 0.45), card_w * 2 + round(card_w * 0.42) * (len(hand) + len(pile)))
        step = max(6, min(round(card_w * 0.42), (left_w - 2 * card_w - th.pad) // max(1, len(hand) + len(pile) - 1)))
        played, suggested = hand_cards(d.played), hand_cards(verdict.suggested)
        taken_played, taken_suggested = pile_count(d.played), pile_count(verdict.suggested)
        top = inner.y + round(th.small * 1.5)
        label = T.fit_text(_("Your hand then, and the discard pile"), th.small, left_w, T.TEXT_DIM)
        surface.blit(label, (inner.x, inner.y))
        cx = inner.x
        for i, card in enumerate(pile):  # the pile's top cards, the top one last
            r = pygame.Rect(cx, top, card_w, card_h)
            surface.blit(self.art.image(card, card_h, True), r.topleft)
            depth = len(pile) - i
            self._ring(surface, r, depth <= taken_played, depth <= taken_suggested)
            cx += step
        cx += card_w + th.pad
        marked_played, marked_suggested = set(), set()
        for card in hand:
            r = pygame.Rect(cx, top, card_w, card_h)
            surface.blit(self.art.image(card, card_h, True), r.topleft)
            mine = card in played and card not in marked_played
            theirs = card in suggested and card not in marked_suggested
            if mine:
                marked_played.add(card)
            if theirs:
                marked_suggested.add(card)
            self._ring(surface, r, mine, theirs)
            cx += step
        tx = inner.x + left_w + 2 * th.pad
        tw = inner.right - tx
        ty = inner.y
        kind = _(KIND_WORDS.get(d.kind, d.kind))
        head = _("Turn {turn}, {what}: about {points} points").format(
            turn=d.turn, what=kind, points=f"{verdict.points_lost:.1f}")
        surface.blit(T.fit_text(head, th.body, tw, T.GOLD, bold=True), (tx, ty))
        ty += round(th.body * 1.45)
        lines = T.wrap(reason(verdict), th.small, tw)
        after = None
        worker = self.worker
        if worker is not None:
            after = hindsight(worker.request.parsed, d, self.names)
        room = max(1, (inner.bottom - ty) // round(th.small * 1.3) - (1 if after else 0))
        if len(lines) > room:
            lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
        for line in lines:
            surface.blit(T.fit_text(line, th.small, tw, T.TEXT), (tx, ty))
            ty += round(th.small * 1.3)
        if after:
            surface.blit(T.fit_text(after, th.small, tw, T.TEXT_DIM), (tx, ty))

    def _ring(self, surface, r: pygame.Rect, played: bool, suggested: bool) -> None:
        """Amber around a card the seat played, sky blue around one Hard suggests (both: two rings)."""
        th = self.theme
        if played:
            pygame.draw.rect(surface, T.ILLEGAL, r.inflate(4, 4), 3, border_radius=th.radius)
        if suggested:
            pygame.draw.rect(surface, T.LEGAL, r.inflate(10, 10), 3, border_radius=th.radius + 2)
