"""The Statistics scene: the person's record, a chart of the last games and
the recent finished games.

Figures come from ``statistics.json`` (:class:`game.services.storage.Statistics`):
games played and won (by player count and by opponent level), win rate,
best and worst hand, highest game total, average hand score, Rummy calls,
deep takes and winning streaks. The chart shows the final totals of the last
20 counted games (yours against the best opponent's), drawn with the
game-over chart (:func:`scenes.core.chart.draw_line_chart`). The list shows the
finished games kept in ``saves/finished`` (:mod:`game.services.finished`): date,
players and levels, rules profile and result; a watched game is listed but
never counted.

Each game of the list has a "Replay" button: it opens the game in the
Replay scene (:mod:`scenes.table.replay`, by its key), as the person saw it
first when the person played it.

Keys: Up/Down, Page Up/Down, Home/End and the wheel scroll; Tab and
Left/Right move between the buttons (a game's Replay button while its row
is in view); Enter or Space presses one; Esc goes back. "Reset statistics" asks first (:class:`~scenes.core.dialogs.ChoiceDialog`)
and the reset is written at once.
"""

from __future__ import annotations

import pygame

from game.services.finished import FinishedGames, game_date
from game.services.statistics import STREAK_RULE, GameSummary, profile_shown
from game.rules.names import shown_name, shown_names
from game.text.levels import LEVEL_LABELS

from scenes.core import theme as T
from game.i18n import N_, _, ngettext

from scenes.core.scene import Scene
from scenes.core.chart import draw_line_chart
from scenes.core.dialogs import ChoiceDialog
from scenes.screens.results import signed
from scenes.core.scrolling import draw_scrollbar, key_scroll
from scenes.core.widgets import Button, FocusRing

LEVEL_WORDS = {**LEVEL_LABELS, "human": N_("you")}
"""A seat's level as shown in the lists (marked with ``N_``)."""
YOU_COLOUR = T.SEAT_COLOURS[0]
THEM_COLOUR = T.SEAT_COLOURS[1]


def _points(n: int | None) -> str:
    return "—" if n is None else signed(n) if n < 0 else str(n)


def _won_of(pair: list[int]) -> str:
    won, played = pair
    if not played:
        return "—"
    return _("won {won} of {played} ({percent}%)").format(won=won, played=played, percent=round(100 * won / played))


def figures(stats) -> list[tuple[str, str]]:
    """The figures shown, as ``(label, value)`` lines, from a
    :class:`~game.services.storage.Statistics`."""
    rate = stats.win_rate
    avg = stats.average_hand
    lines = [
        (_("Games played"), str(stats.games_played)),
        (_("Games won"), f"{stats.games_won}" if rate is None else _("{won} ({percent}%)").format(
            won=stats.games_won, percent=round(rate * 100))),
        (_("Current winning streak"), str(stats.current_streak)),
        (_("Longest winning streak"), str(stats.best_streak)),
        (_("Best hand"), _points(stats.best_hand_score)),
        (_("Worst hand"), _points(stats.worst_hand_score)),
        (_("Highest game total"), _points(stats.highest_total)),
        (_("Average hand score"), "—" if avg is None else f"{avg:.1f}".replace("-", "−")),
        (_("Rummy calls made"), str(stats.rummy_calls)),
        (_("Deep takes (2+ cards)"), str(stats.deep_takes)),
    ]
    for n in sorted(stats.by_players, key=lambda k: int(k) if k.isdigit() else 99):
        count = int(n) if n.isdigit() else 0
        lines.append((ngettext("{count} player", "{count} players", count).format(count=n),
                      _won_of(stats.by_players[n])))
    order = list(LEVEL_LABELS)
    for level in sorted(stats.by_level, key=lambda k: order.index(k) if k in order else 9):
        lines.append((_against(level), _won_of(stats.by_level[level])))
    return lines


def _against(level: str) -> str:
    if level == "easy":
        return _("Against Easy")
    if level == "medium":
        return _("Against Medium")
    if level == "hard":
        return _("Against Hard")
    return _("Against {level}").format(level=_(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level)


def result_words(s: GameSummary) -> str:
    """How a finished game ended, for the list: ``"You won 512 to 340"``,
    ``"Ana won 505; you 230"``, ``"Watched: Ana won 505"``."""
    if s.winner is None:
        return _("not finished")
    name, total = shown_name(s.players[s.winner], s.winner), s.totals[s.winner]
    if s.person is None:
        return _("Watched: {name} won {total}").format(name=name, total=total)
    if s.won:
        best = s.best_opponent
        if best is None:
            return _("You won")
        return _("You won {total} to {best}").format(total=s.totals[s.person], best=best)
    return _("{name} won {total}; you {yours}").format(name=name, total=total, yours=s.totals[s.person])


def players_words(s: GameSummary) -> str:
    """``"You, Ana (Medium), Ben (Hard)"`` (levels left out when unknown)."""
    out = []
    for i, name in enumerate(shown_names(s.players)):
        if i == s.person:
            out.append(name)
        elif s.levels is not None:
            level = s.levels[i]
            out.append(_("{name} ({level})").format(name=name, level=_(LEVEL_WORDS[level]) if level in LEVEL_WORDS
                                                    else level))
        else:
            out.append(name)
    return _(", ").join(out)


class StatisticsScene(Scene):
    """The person's statistics and recent games (see the module docstring)."""

    fps = 30

    def enter(self) -> None:
        self.stats, message = self.app.storage.load_statistics()
        self.games, bad = FinishedGames(self.app.storage.finished_dir).list()
        for m in (message, bad):
            if m:
                self.app.notify(m, 8.0)
        self.scroll = 0
        self.reset_button = Button(N_("Reset statistics"), self.ask_reset)
        self.back_button = Button(N_("Back"), self.back)
        self.buttons = [self.reset_button, self.back_button]
        self.replays = [Button(N_("Replay"), lambda name=name, s=s: self.replay(name, s), role="small")
                        for name, s in self.games]
        self.row_ys: list[int] = []  # each game's row, in content coordinates
        self.focus = FocusRing(self.buttons + self.replays)
        self.focus.focus(self.back_button)
        self.items: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.chart_rect: pygame.Rect | None = None

    # ------------------------------------------------------------ actions
    def back(self) -> None:
        self.app.pop()

    def replay(self, name: str, summary: GameSummary) -> None:
        """Open the finished game kept as ``name`` in the Replay scene, the
        person's seat (if the person played) and the seats' levels known;
        a record that does not replay is said in one sentence."""
        self.app.open_replay(FinishedGames(self.app.storage.finished_dir).folder / name, person=summary.person,
                             levels=summary.levels)

    def ask_reset(self) -> None:
        dialog = self.app.push(ChoiceDialog(self.app), title=N_("Reset your statistics to zero?"),
                               options=[(N_("Reset statistics"), True)], on_choose=lambda _yes: self.reset())
        dialog.focus.focus(dialog.buttons[-1])  # Cancel first: Enter by habit loses nothing

    def reset(self) -> None:
        """Clear the statistics (the finished games stay in the list)."""
        if not self.app.storage.reset_statistics():
            self.app.notify(_("Your statistics could not be reset (the file could not be written)."), 8.0)
        self.stats, _message = self.app.storage.load_statistics()
        self.scroll = 0
        self.resize()

    # ------------------------------------------------------------ layout
    def resize(self) -> None:
        th = self.theme
        bh = max(th.body * 2, 30)
        bw = max(th.body * 11, 170)
        y = th.height - bh - 2 * th.pad
        self.reset_button.rect = pygame.Rect(th.width // 2 - th.pad - bw, y, bw, bh)
        self.back_button.rect = pygame.Rect(th.width // 2 + th.pad, y, bw, bh)
        top = th.pad * 3 + T.font(th.title, True).get_height()
        self.view = pygame.Rect(2 * th.pad, top, th.width - 4 * th.pad, y - th.pad * 2 - top)
        self._lay_out_content()

    def _lay_out_content(self) -> None:
        """Render the figures, the chart's place and the games list once, in
        content coordinates (0, 0 = the view's inner top-left)."""
        th = self.theme
        inner = self.view.width - 2 * th.pad
        items: list[tuple[pygame.Surface, tuple[int, int]]] = []
        line_h = round(th.body * 1.45)
        wide = inner >= th.body * 44
        fig_w = round(inner * 0.42) if wide else inner
        y = 0
        items.append((T.text(_("Your record"), th.heading, T.GOLD, bold=True), (0, y)))
        y += round(th.heading * 1.6)
        for label, value in figures(self.stats):
            v = T.text(value, th.body, T.TEXT, bold=True)
            items.append((T.fit_text(label, th.body, fig_w - v.get_width() - 2 * th.pad, T.TEXT_DIM), (0, y)))
            items.append((v, (fig_w - v.get_width(), y)))
            y += line_h
        for line in T.wrap(_(STREAK_RULE), th.small, fig_w):  # how a deleted game counts (the streak rule)
            items.append((T.text(line, th.small, T.TEXT_DIM), (0, y)))
            y += round(th.small * 1.3)
        fig_bottom = y
        # the chart: right of the figures when wide, below them otherwise
        cx, cy = (fig_w + 5 * th.pad, 0) if wide else (0, y + th.pad * 2)
        cw = inner - cx
        items.append((T.text(_("Final totals of your last games"), th.heading, T.GOLD, bold=True), (cx, cy)))
        legend_y = cy + round(th.heading * 1.6)
        lx = cx
        for name, colour in ((_("You"), YOU_COLOUR), (_("Best opponent"), THEM_COLOUR)):
            items.append((T.text(f"— {name}", th.small, colour, bold=True), (lx, legend_y)))
            lx += T.font(th.small, True).size(f"— {name}")[0] + 3 * th.pad
        chart_top = legend_y + round(th.small * 2)
        label_w = T.font(th.small).size("−1000")[0] + th.pad * 2
        chart_h = max(th.body * 8, (fig_bottom - chart_top - th.small * 3) if wide else th.body * 12)
        self.chart_rect = pygame.Rect(cx + label_w, chart_top, max(th.body * 6, cw - label_w - 3 * th.pad), chart_h)
        if not self.stats.recent:
            items.append((T.text(_("The chart fills in as you finish games."), th.body, T.TEXT_DIM),
                          (self.chart_rect.x + th.pad, self.chart_rect.centery - th.body // 2)))
        y = max(fig_bottom, self.chart_rect.bottom + th.small * 3) + th.pad * 3
        # recent games
        items.append((T.text(_("Recent games"), th.heading, T.GOLD, bold=True), (0, y)))
        y += round(th.heading * 1.6)
        cols = [0.0, 0.17, 0.58, 0.72]
        widths = [cols[i + 1] - cols[i] for i in range(3)] + [1 - cols[3]]
        if not self.games:
            items.append((T.text(_("No finished games yet: each game you finish is kept here."), th.body, T.TEXT_DIM),
                          (0, y)))
            y += line_h
        else:
            for c, head in zip(cols, [_("Date"), _("Players"), _("Rules"), _("Result")]):
                items.append((T.text(head, th.small, T.TEXT_DIM, bold=True), (round(c * inner), y)))
            y += round(th.small * 1.8)
        self.rows_top = y
        self.replay_w = max(th.small * 6, max((T.width(_(b.label), th.small, True) for b in self.replays), default=0)
                            + 2 * th.pad)
        widths[3] -= (self.replay_w + th.pad) / inner  # the result, then the game's Replay button
        self.row_ys = []
        for name, s in self.games:
            profile = profile_shown(s.profile)
            texts = [game_date(name), players_words(s), f"{profile} · {s.target}", result_words(s)]
            colour = T.GOLD if s.won else T.TEXT
            for c, w, t in zip(cols, widths, texts):
                items.append((T.fit_text(t, th.body, round(w * inner) - th.pad, colour if c == cols[3] else T.TEXT),
                              (round(c * inner), y)))
            self.row_ys.append(y)
            y += line_h
        self.items = items
        self.content_h = y
        self.line_h = line_h
        self.max_scroll = max(0, self.content_h - (self.view.height - 2 * th.pad))
        self.scroll = min(self.scroll, self.max_scroll)
        self._place_replays()

    def _place_replays(self) -> None:
        """Put each game's Replay button at the end of its row as scrolled;
        one whose row is not wholly in view is hidden (no click, no focus)."""
        th = self.theme
        inner = self.view.inflate(-th.pad, -th.pad)
        for b, y in zip(self.replays, self.row_ys):
            b.rect = pygame.Rect(self.view.right - th.pad - self.replay_w, self.view.y + th.pad - self.scroll + y - 2,
                                 self.replay_w, self.line_h - 2)
            b.visible = inner.contains(b.rect)

    # ------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            dy = key_scroll(event.key, self.line_h, max(self.line_h, self.view.height - 2 * self.line_h))
            if dy is not None:
                self._scroll(dy)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
        if self.focus.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * self.line_h * 3)
            return True
        return False

    def _scroll(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        self._place_replays()

    # ------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        th = self.theme
        surface.blit(T.felt(th.size), (0, 0))
        t = T.text(_("Statistics"), th.title, T.TEXT, bold=True)
        surface.blit(t, t.get_rect(midtop=(th.width // 2, th.pad * 2)))
        T.draw_panel(surface, self.view, th.radius * 2)
        ox, oy = self.view.x + th.pad, self.view.y + th.pad - self.scroll
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(-th.pad, -th.pad))
        if self.stats.recent and self.chart_rect is not None:
            r = self.chart_rect.move(ox, oy)
            if r.bottom + th.small * 3 > self.view.top and r.top < self.view.bottom:
                series = [[yours for yours, _best in self.stats.recent], [best for _yours, best in self.stats.recent]]
                first = max(1, self.stats.games_played - len(self.stats.recent) + 1)
                draw_line_chart(surface, th, r, series, [YOU_COLOUR, THEM_COLOUR], x_label=_("game"), first_x=first,
                                bold=0)
        for surf, (x, y) in self.items:
            if self.view.top - surf.get_height() < y + oy < self.view.bottom:
                surface.blit(surf, (x + ox, y + oy))
        surface.set_clip(clip)
        draw_scrollbar(surface, self.view, self.scroll, self.max_scroll)
        self.focus.draw(surface, th)
