"""End of a hand (a panel over the table) and end of the game (winner and chart).

:class:`HandResults` lists, per seat, the cards it tabled and the cards left
in its hand with their points, the hand score and the running total (R19,
R20). :class:`GameOver` names the winner (R21) and draws every seat's running
total hand by hand. In demo mode both save a screenshot (``hand-NN.png``,
``game-over.png``) when a screenshot folder is given and carry on by
themselves; the game-over scene quits with ``--quit-after-game``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _, ngettext

from scenes.core import theme as T
from scenes.core.scene import Scene
from game.text.cards import short_name
from scenes.core.cardart import suit_colour
from scenes.core.chart import draw_line_chart
from scenes.core import clipboard
from game.services.deal_code import game_code
from game.rules.record import record_of
from scenes.core.widgets import Button, FocusRing
from game.text.events import YOU, win_title

DEMO_PAUSE_S = 2.5


def demo_tick(scene, dt: float, name: str) -> bool:
    """Advance ``scene.elapsed`` by ``dt``; in demo mode save the window once as
    ``name`` in ``--screenshot-dir`` (if given) and return True once the
    demo's pause is over (the scene then moves on by itself)."""
    scene.elapsed += dt
    if not scene.table.demo:
        return False
    if not scene.shot:
        scene.shot = True
        if scene.app.options.screenshot_dir:
            scene.app.draw()
            scene.app.save_screenshot(name, announce=False)
    return scene.elapsed >= DEMO_PAUSE_S * scene.table.factor


def running_totals(game) -> list[list[int]]:
    """Per seat, the total before the first hand and after each hand (R20)."""
    out = []
    for seat in range(game.players):
        t = game.start_scores[seat]
        series = [t]
        for scores in game.hand_scores:
            t += scores[seat]["hand"]
            series.append(t)
        out.append(series)
    return out


@dataclass(frozen=True)
class HandRow:
    """One seat's row of the results panel: ``tabled`` and ``held`` (the
    cards it tabled and the cards left in its hand, each ``(card, points)``,
    :meth:`game.rules.hand.HandState.card_points`), ``score`` (the engine's
    ``{"tabled", "in_hand", "hand"}`` of the hand, R19), ``total`` (the
    running total, R20) and ``laid_off``: for each card of ``tabled``, the
    seat whose meld it was laid off on, or ``None`` for a card of the seat's
    own melds (R14: a laid-off card scores for the seat that laid it off)."""

    tabled: list[tuple[int, int]]
    held: list[tuple[int, int]]
    score: dict[str, int]
    total: int
    laid_off: tuple[int | None, ...] = ()

    def own(self) -> list[tuple[int, int]]:
        """The cards of ``tabled`` in the seat's own melds."""
        return [c for c, on in zip(self.tabled, self.laid_off or (None,) * len(self.tabled)) if on is None]

    def layoffs(self) -> list[tuple[int, int]]:
        """The cards of ``tabled`` the seat laid off on other seats' melds."""
        return [c for c, on in zip(self.tabled, self.laid_off or (None,) * len(self.tabled)) if on is not None]


def laid_off_on(hand, seat: int) -> tuple[int | None, ...]:
    """For each card ``seat`` tabled, in :meth:`~game.rules.hand.HandState.card_points`'s
    order (melds in table order, each meld's cards in order), the owner of
    the meld it was laid off on, or ``None`` for the seat's own meld (R14)."""
    return tuple(None if m.owner == seat else m.owner
                 for m in hand.table for layer in m.layers if layer == seat)


def hand_rows(game, hand) -> list[HandRow]:
    """The rows of the results panel for ``hand`` of ``game``, in seat
    order: every card and score is the engine's (the hand's entry of
    ``game.hand_scores`` once it is scored, else ``hand.scores()``), so the
    panel cannot disagree with the totals."""
    scores = game.hand_scores[hand.index] if hand.index < len(game.hand_scores) else hand.scores()
    return [HandRow(*hand.card_points(seat), scores[seat], game.totals[seat], laid_off_on(hand, seat))
            for seat in range(game.players)]


def draw_card_names(surface, cards, x: int, y: int, max_w: int, px: int, four: bool, lines: int = 1,
                    marked=(), mark=None, lead: str = "") -> None:
    """Short card names in their suit colours on light chips, left to right
    over up to ``lines`` lines; '…' when they still do not fit. The cards
    of ``marked`` follow, after the words ``lead`` (dim), on chips framed
    in the colour ``mark`` (a seat's colour: the table's lay-off mark)."""
    cx, line = x, 0
    items = [(c, None) for c, _value in cards]
    if marked:
        items += [(lead, "lead")] + [(c, mark) for c, _value in marked]
    for c, frame in items:
        if frame == "lead":
            t = T.text(c, px, T.TEXT_DIM, bold=False)
        else:
            t = T.text(short_name(c), px, suit_colour(c, four), bold=True)
        if cx + t.get_width() + 8 > x + max_w and cx > x:
            if line + 1 < lines:
                line += 1
                cx = x
                y += t.get_height() + 3
            else:
                surface.blit(T.text("…", px, T.TEXT), (cx, y))
                return
        if frame == "lead":
            surface.blit(t, (cx, y))
            cx += t.get_width() + 4
            continue
        box = pygame.Rect(cx, y, t.get_width() + 6, t.get_height())
        pygame.draw.rect(surface, (250, 248, 240), box, border_radius=3)
        if frame is not None:
            pygame.draw.rect(surface, frame, box, 2, border_radius=3)
            pygame.draw.rect(surface, (60, 60, 60), box.inflate(-4, -4), 1, border_radius=2)
        surface.blit(t, (cx + 3, y))
        cx = box.right + 3


def signed(n: int) -> str:
    """``+12``, ``−7`` (a real minus sign), ``0``."""
    return "0" if n == 0 else f"+{n}" if n > 0 else f"−{-n}"


class HandResults(Scene):
    """The end-of-hand panel over the table; ``enter(table=TableScene)``."""

    opaque = False

    def enter(self, table: Scene) -> None:
        self.table = table
        game = table.session.game
        self.game = game
        self.hand = game.hand
        self.elapsed = 0.0
        self.shot = False
        label = N_("See who won") if game.winner is not None else N_("Next hand (Enter)")
        self.button = Button(label, self.next)
        # the person's own hand, reviewed against Hard (never in a watched game)
        self.review = (Button(N_("Review this hand"), self.open_review)
                       if table.person is not None and not table.demo and not getattr(table, "remote", False)
                       else None)  # a joined seat: the record to review is the host's
        self.focus = FocusRing([self.button] + ([self.review] if self.review else []))
        self.focus.focus(self.button)

    def open_review(self) -> None:
        """Open the review of the person's hand just played (:mod:`scenes.screens.review`)."""
        t = self.table
        self.app.open("review", record=record_of(self.game), seat=t.viewer, hand=self.hand.index, names=t.names)

    def resize(self) -> None:
        th = self.theme
        self.panel = pygame.Rect(0, 0, min(th.width - 4 * th.pad, round(th.height * 1.6)),
                                 min(th.height - 4 * th.pad, round(th.heading * 4 + (self.game.players + 1) * th.body * 3.4)))
        self.panel.center = (th.width // 2, th.height // 2)
        bw, bh = max(th.body * 12, 160, T.font(th.body, True).size(self.button.text)[0] + 4 * th.pad), max(th.body * 2, 30)
        self.button.rect = pygame.Rect(0, 0, min(bw, self.panel.width - 2 * th.pad), bh)
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - th.pad)
        if self.review is not None:  # beside Next hand, right of it, within the panel
            rw = max(th.body * 10, T.width(_(self.review.label), th.body, True) + 4 * th.pad)
            rw = min(rw, (self.panel.width - 4 * th.pad) // 2)
            self.button.rect.w = min(self.button.rect.w, (self.panel.width - 4 * th.pad) // 2)
            self.button.rect.right = self.panel.centerx - th.pad // 2
            self.review.rect = pygame.Rect(self.panel.centerx + th.pad // 2, self.button.rect.y, rw, bh)

    def next(self) -> None:
        game = self.game
        self.app.pop()
        if game.winner is not None:
            self.app.open("game_over", table=self.table)
        else:
            self.table.next_hand()

    def handle_event(self, event) -> bool:
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_menu()
            return True
        return True  # modal

    def update(self, dt: float) -> None:
        if demo_tick(self, dt, f"hand-{self.hand.index + 1:02d}.png"):
            self.next()

    def draw(self, surface) -> None:
        th = self.theme
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        surface.blit(dim, (0, 0))
        p = self.panel
        T.draw_panel(surface, p, th.radius * 2, T.PANEL_SOLID + (245,), T.PANEL_EDGE, 2)
        h = self.hand
        names = self.table.names
        if h.ended == "went_out":
            if names[h.went_out] == YOU:
                title = _("Hand {hand}: You went out").format(hand=h.index + 1)
            else:
                title = _("Hand {hand}: {name} went out").format(hand=h.index + 1, name=names[h.went_out])
        else:
            title = _("Hand {hand}: the stock ran out").format(hand=h.index + 1)
        surface.blit(T.fit_text(title, th.heading, p.width - 4 * th.pad, T.TEXT, bold=True),
                     (p.x + 2 * th.pad, p.y + th.pad))
        cols = [0.0, 0.17, 0.52, 0.58, 0.84, 0.92]  # name, tabled, pts, in hand, pts..., hand, total
        heads = [_("Player"), _("Tabled"), "", _("Left in hand"), _("Hand"), _("Total")]
        x0 = p.x + 2 * th.pad
        inner = p.width - 4 * th.pad
        y = p.y + th.pad + round(th.heading * 1.8)
        for c, head in zip(cols, heads):
            surface.blit(T.text(head, th.small, T.TEXT_DIM, bold=True), (x0 + round(c * inner), y))
        y += round(th.small * 1.8)
        row_h = max(round(th.body * 2.2), (self.button.rect.top - th.pad - y) // max(1, self.game.players))
        row_h = min(row_h, round(th.body * 3.6))
        four = self.app.settings.card_style == "4color"
        for seat, row in enumerate(hand_rows(self.game, h)):
            tabled, held, s = row.tabled, row.held, row.score
            if seat % 2 == 0:
                T.draw_panel(surface, pygame.Rect(p.x + th.pad, y - 2, p.width - 2 * th.pad, row_h), th.radius,
                             (255, 255, 255, 16), None, 0)
            colour = T.SEAT_COLOURS[seat % len(T.SEAT_COLOURS)]
            pygame.draw.circle(surface, colour, (x0 + th.small // 3, y + th.body // 2 + 2), max(3, th.small // 3))
            surface.blit(T.fit_text(names[seat], th.body, round(cols[1] * inner) - th.small - th.pad, T.TEXT, True),
                         (x0 + th.small, y))
            small = th.small
            lines = max(1, (row_h - 4) // (T.font(small, True).get_height() + 3))
            # the cards it laid off on others' melds come last, framed in its colour as on the table (R14)
            draw_card_names(surface, row.own(), x0 + round(cols[1] * inner), y + 2,
                            round((cols[2] - cols[1]) * inner) - th.pad, small, four, lines,
                            marked=row.layoffs(), mark=colour, lead=_("laid off:"))
            surface.blit(T.text(signed(s["tabled"]), th.body, (150, 230, 160), True), (x0 + round(cols[2] * inner), y))
            held_pts = T.text(signed(-s["in_hand"]), th.body, (255, 170, 150), True)
            draw_card_names(surface, held, x0 + round(cols[3] * inner), y + 2,
                            round((cols[4] - cols[3]) * inner) - held_pts.get_width() - th.pad * 3, small, four,
                            lines)
            surface.blit(held_pts, (x0 + round(cols[4] * inner) - held_pts.get_width() - th.pad, y))
            surface.blit(T.text(signed(s["hand"]), th.body, T.TEXT, True), (x0 + round(cols[4] * inner), y))
            total = row.total
            surface.blit(T.text(str(total) if total >= 0 else f"−{-total}", th.body, T.GOLD, True),
                         (x0 + round(cols[5] * inner), y))
            y += row_h
        self.focus.draw(surface, th)


class GameOver(Scene):
    """The winner and a chart of every seat's running total per hand; ``enter(table=TableScene)``."""

    def enter(self, table: Scene) -> None:
        self.table = table
        self.game = table.session.game
        self.names = table.names
        self.elapsed = 0.0
        self.shot = False
        self.buttons = [Button(N_("New game"), self.new_game), Button(N_("Title screen"), self.to_title)]
        # the deals in a short code, offered only now that the game is over (R3, R4): None for a game its
        # seed did not deal (resumed from an older save)
        self.code = game_code(self.game, table.session.seed)
        self.copy_button = Button(N_("Copy the deal code"), self.copy_code, role="small")
        self.copy_button.visible = self.code is not None
        self.focus = FocusRing(self.buttons + ([self.copy_button] if self.code else []))
        self.focus.focus(self.buttons[0])
        self.next_offered = False  # a guest's table: the host has dealt another game at this table
        # the game was kept and counted when it was won (GameInProgress.record_if_won);
        # now that the player has seen who won, Continue no longer offers it
        table.see_game_over()

    def resize(self) -> None:
        th = self.theme
        bw, bh = max(th.body * 10, 150), max(th.body * 2, 30)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(0, 0, bw, bh)
            b.rect.midbottom = (th.width // 2 + (i * 2 - 1) * (bw // 2 + th.pad), th.height - 2 * th.pad)
        # the deal code's line above them: "Deal code: R5-…" and its Copy button
        label_w = T.font(th.body).size(self.code_label())[0]
        cw = T.font(th.small).size(self.copy_button.text)[0] + 3 * th.pad
        ch = max(round(th.small * 2), 24)
        left = th.width // 2 - (label_w + 2 * th.pad + cw) // 2
        self.code_pos = (left, self.buttons[0].rect.top - 2 * th.pad - ch + (ch - th.body) // 2)
        self.copy_button.rect = pygame.Rect(left + label_w + 2 * th.pad, self.buttons[0].rect.top - 2 * th.pad - ch,
                                            cw, ch)

    def code_label(self) -> str:
        """The words before the Copy button: the deal code, or ``""`` when there is none."""
        return _("Deal code: {code}").format(code=self.code) if self.code else ""

    def copy_code(self) -> None:
        """Copy the deal code to the clipboard (:mod:`scenes.core.clipboard`) and say so, or say it failed."""
        if self.code and clipboard.current().put_text(self.code):
            self.app.notify(_("Deal code copied. New game → Play a deal code plays these deals again."))
        elif self.code:
            self.app.notify(_("The deal code could not be copied: write it down from the screen."))

    def new_game(self) -> None:
        """New game, as from the title (which asks first about another game in progress)."""
        self.app.to_title().new_game()

    def to_title(self) -> None:
        """Back to the title (:meth:`scenes.core.app.App.to_title`)."""
        self.app.to_title()

    def handle_event(self, event) -> bool:
        if self.elapsed < 0.8 and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return True  # the key that closed the results must not also leave the chart
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_title()
            return True
        return False

    def offer_next_game(self) -> None:
        """A guest's table whose host deals another game at the same table:
        Next game takes the place of New game, and the guest is told."""
        self.next_offered = True
        self.buttons[0] = Button(N_("Next game"), self.next_game)
        self.focus = FocusRing(self.buttons + ([self.copy_button] if self.code else []))
        self.focus.focus(self.buttons[0])
        self.resize()
        self.app.notify(_("The host deals another game at this table."), 10.0)

    def next_game(self) -> None:
        """Play this seat in the host's next game at the same table
        (:meth:`scenes.table.scene.TableScene.play_next_game`)."""
        self.table.play_next_game()

    def update(self, dt: float) -> None:
        self.table.follow_game_over()
        if not self.next_offered and getattr(self.table, "remote", False) and self.table.session.next_game():
            self.offer_next_game()
        if demo_tick(self, dt, "game-over.png") and self.app.options.quit_after_game:
            self.app.quit(0)

    def draw(self, surface) -> None:
        th = self.theme
        surface.blit(T.felt(th.size), (0, 0))
        g = self.game
        winner = g.winner
        title = T.fit_text(win_title(self.names[winner], g.totals[winner]), th.title,
                           th.width - 4 * th.pad, T.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(th.width // 2, 2 * th.pad)))
        hands = len(g.hand_scores)
        sub = T.fit_text(ngettext("{count} hand · target {target}", "{count} hands · target {target}", hands).format(
            count=hands, target=g.rules.target), th.body, th.width - 4 * th.pad, T.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midtop=(th.width // 2, 2 * th.pad + title.get_height() + th.pad)))
        top = 4 * th.pad + title.get_height() + sub.get_height()
        legend_w = max(th.body * 10, round(th.width * 0.18))
        bottom = self.copy_button.rect.top if self.code else self.buttons[0].rect.top
        chart = pygame.Rect(th.body * 4, top + th.pad, th.width - legend_w - th.body * 6, bottom - top - th.body * 3)
        self._chart(surface, chart, g)
        # legend, best first
        order = sorted(range(g.players), key=lambda s: -g.totals[s])
        y = chart.y
        for s in order:
            colour = T.SEAT_COLOURS[s % len(T.SEAT_COLOURS)]
            pygame.draw.line(surface, colour, (chart.right + th.pad * 2, y + th.body // 2),
                             (chart.right + th.pad * 2 + th.body * 2, y + th.body // 2), 4)
            label = T.fit_text(f"{self.names[s]}  {g.totals[s]}", th.body, legend_w - th.body * 3, T.TEXT, s == winner)
            surface.blit(label, (chart.right + th.pad * 3 + th.body * 2, y))
            y += round(th.body * 1.6)
        self._notices = pygame.Rect(chart.right + th.pad, y + th.pad, th.width - chart.right - 2 * th.pad,
                                    max(0, chart.bottom - y - th.pad))
        if self.code:
            surface.blit(T.text(self.code_label(), th.body, T.TEXT), self.code_pos)
        self.focus.draw(surface, th)

    def notice_area(self) -> pygame.Rect | None:
        """Notices go in the legend's column, under the legend, so the winner's
        line and the chart stay in view; the top of the window before the
        first frame is drawn."""
        return getattr(self, "_notices", None)

    def _chart(self, surface, r: pygame.Rect, g) -> None:
        draw_line_chart(surface, self.theme, r, running_totals(g), T.SEAT_COLOURS, x_label=_("hand"),
                        ref=g.rules.target, ref_label=_("target {target}").format(target=g.rules.target), bold=g.winner)
