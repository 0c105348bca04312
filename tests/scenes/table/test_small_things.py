"""Issue 13's small things players saw: the game log scrolls and opens
larger (14), New game has keyboard focus (17), rule ids stay out of the
one-line message (18), How to play and the first-game tip (21), and the
layout and colours (22)."""

from __future__ import annotations

import itertools

import pygame

from game.play.table_session import Seat, TableSession
from game.services.statistics import Statistics
from scenes.core import theme as T
from scenes.core.chart import chart_range
from scenes.screens.how_to_play import HowToPlayScene
from scenes.table.layout import model_of
from scenes.screens.menus import PauseMenu
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene
from game.text.events import plain, refusal_entry, rule_ids
from test_person import SCRIPT, bot_moves, drag, felt_spot, pos_of, select, table_for
from test_scenes import app, click, frames, key, post, resize  # noqa: F401  (app is a fixture)

# --------------------------------------------------------------- 14: the game log


def log_table(app, lines=60):
    session = TableSession([Seat("Me", "human"), Seat("Ana", "easy")], seed=4, use_workers=False)
    table = app.push(TableScene(app), session=session)
    frames(app, 3)
    key(app, pygame.K_l)
    assert table.show_log
    table.log_lines.extend(f"Line {i}: Ana discards the 7♥." for i in range(lines))
    frames(app, 1)
    return table


def test_the_log_scrolls_with_the_wheel_and_keys(app):
    table = log_table(app)
    panel = table.log_panel
    assert panel.visible_rows()[-1] == "Line 59: Ana discards the 7♥."
    assert len(panel.visible_rows()) < 60  # more lines than fit: there is something to scroll
    post(pygame.MOUSEMOTION, pos=panel.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    frames(app, 1)
    assert panel.back == 6 and panel.visible_rows()[-1] == "Line 53: Ana discards the 7♥."
    table.log_lines.append("Ana draws from the stock.")  # scrolled up: the view stays on its lines
    frames(app, 1)
    assert panel.visible_rows()[-1] == "Line 53: Ana discards the 7♥."
    key(app, pygame.K_HOME)
    assert panel.visible_rows()[0] == table.log_lines[0]
    key(app, pygame.K_PAGEDOWN)
    assert panel.visible_rows()[0] != table.log_lines[0]
    key(app, pygame.K_END)
    assert panel.back == 0 and panel.visible_rows()[-1] == "Ana draws from the stock."
    table.session.close()


def test_the_log_opens_larger_with_one_line_per_action(app):
    table = log_table(app, lines=5)
    panel = table.log_panel
    small = panel.rect.copy()
    table.log_lines.append("Ana takes 4 cards from the discard pile (7♥ 8♥ 9♥ 10♥) and must meld the 7♥, "
                           "which is a long line that needs more room than the log beside the table has.")
    frames(app, 1)
    assert panel.rows[-1] == table.log_lines[-1]  # beside the table: one row per action, cut with "…"
    click(app, panel.tab.center)
    assert panel.large and panel.rect.height > small.height and panel.rect.width > small.width
    assert panel.rect.bottom < table.layout_.hand_rect.top  # the hand stays in sight
    assert panel.rows[-1].startswith("   ")  # larger: the long line wraps, whole
    key(app, pygame.K_MINUS)
    assert not panel.large and panel.rect == small
    key(app, pygame.K_EQUALS)
    assert panel.large
    table.session.close()


# --------------------------------------------------------------- 17: keyboard focus on New game


def test_new_game_has_keyboard_focus_on_arrival(app):
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    frames(app, 1)
    before = setup.players.value
    key(app, pygame.K_RIGHT)  # no Tab first
    assert setup.players.value == before + 1
    key(app, pygame.K_DOWN)
    assert setup.focus.focused is setup.you


# --------------------------------------------------------------- 18: rule ids


def test_rule_ids_leave_the_one_line_message_but_stay_in_the_log_detail():
    msg = "A meld is either one rank in different suits (a set, R11) or one suit in sequence (a run, R12)."
    assert plain(msg) == "A meld is either one rank in different suits (a set) or one suit in sequence (a run)."
    assert plain("8 players need 57 cards but these rules' pack has 54 (R2, R4).") == \
        "8 players need 57 cards but these rules' pack has 54."
    assert plain("Take the 7H first (R10).") == "Take the 7♥ first."
    assert plain("Take the 7H first (R10).", keep_rule_ids=True) == "Take the 7♥ first (R10)."
    assert rule_ids(msg) == ["R11", "R12"]
    assert refusal_entry("A meld needs at least 3 cards (R13).") == "Refused: A meld needs at least 3 cards. (R13)"


def test_a_refused_meld_shows_no_rule_id_above_the_hand(app):
    from game.rules.actions import Discard, DrawStock
    from game.rules.cards import parse_card as C
    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    click(app, table.layout_.stock_rect.center)
    select(app, table, "KC", "4D", "9D")
    drag(app, pos_of(table, "KC"), felt_spot(table))
    text, refusal, _ = table.person.message
    assert refusal and "meld" in text and "(R" not in text and "R11" not in text
    table.log_refusal("A set can't hold two cards of the same suit (R11).")
    assert table.log_lines[-1] == "Refused: A set can't hold two cards of the same suit. (R11)"


def test_the_setup_problem_line_has_no_rule_id(app):
    from game.rules.ruleset import RuleSet
    setup = app.push(SetupScene(app), rules=RuleSet(decks=1))
    for _ in range(7):
        if setup.players.value == 8:
            break
        key(app, pygame.K_RIGHT)  # to 8 players on one deck
    assert setup.players.value == 8
    click(app, setup.start.rect.center)
    assert app.top is setup and setup.problem.startswith("Can't start: 8 players need")
    assert "(R" not in setup.problem


# --------------------------------------------------------------- 21: How to play and the tip


def test_how_to_play_from_the_title_and_the_pause_menu(app):
    title = app.push(TitleScene(app))
    frames(app, 1)
    button = next(b for b in title.buttons if b.label == "How to play")
    click(app, button.rect.center)
    page = app.top
    assert isinstance(page, HowToPlayScene) and page.page_title() == "How to play"
    text = " ".join(row.text for row in page.rows)
    for words in ("Space", "Rummy!", "undo", "sort", "F12", "Load game"):
        assert words in text
    key(app, pygame.K_PAGEDOWN)
    assert page.scroll > 0
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    session = TableSession([Seat("Me", "human"), Seat("Ana", "easy")], seed=4, use_workers=False)
    table = app.push(TableScene(app), session=session)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, PauseMenu)
    click(app, next(b for b in menu.buttons if b.label == "How to play").rect.center)
    assert isinstance(app.top, HowToPlayScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    table.session.close()


def tip_table(app, seed=4):
    session = TableSession([Seat("Me", "human"), Seat("Ana", "easy")], seed=seed, use_workers=False)
    table = app.push(TableScene(app), session=session)
    frames(app, 3)
    return table


def test_the_first_game_tip_shows_until_the_person_moves(app):
    table = tip_table(app)
    assert table.tip.shown and table.tip.rect.width > 0
    assert not table.tip.rect.colliderect(table.layout_.status_rect)
    game = table.session.game
    while game.hand.current != 0:  # the computer's turn first, maybe
        frames(app, 5)
    click(app, table.layout_.stock_rect.center)  # the person draws
    frames(app, 1)
    assert game.hand.current == 0 and len(game.hand.hands[0]) > 0 and not table.tip.shown
    table.session.close()


def test_the_first_game_tip_can_be_dismissed_and_is_not_shown_after_a_first_game(app):
    table = tip_table(app)
    click(app, table.tip.close.center)
    assert not table.tip.shown
    table.session.close()
    app.pop()
    app.storage.save_statistics(Statistics(games_played=1))
    table = tip_table(app, seed=5)
    assert not table.tip.shown
    table.session.close()


# --------------------------------------------------------------- 22: layout and colours

_PROTAN = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
_DEUTAN = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]


def _lin(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(colour, m):
    """CIELAB of ``colour`` as seen with the colour deficiency matrix ``m`` (Machado 2009, severity 1)."""
    lin = [_lin(x) for x in colour]
    r, g, b = [min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_eight_seat_colours_stay_apart_for_colour_blind_eyes():
    assert len(T.SEAT_COLOURS) == 8
    for m in (_PROTAN, _DEUTAN):
        labs = [_lab(c, m) for c in T.SEAT_COLOURS]
        closest = min(sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5 for a, b in itertools.combinations(labs, 2))
        assert closest > 15  # the old palette's two greens were under 10 apart for deuteranopes


def test_chart_grid_lines_lie_inside_the_frame():
    for series in ([[0, -35, 120, 410]], [[0, 40, 90], [0, -160, -220]], [[0, 700, 1400], [0, -90, 600]]):
        lo, hi, step = chart_range(series, ref=500)
        assert lo <= min(min(s) for s in series) and lo % step == 0 and lo > min(min(s) for s in series) - step
        assert hi >= max(max(s) for s in series)
        grid = range(lo, hi + 1, step)
        assert all(lo <= v <= hi for v in grid) and grid[0] == lo


def test_chart_top_is_a_grid_line_above_every_point_and_one_game_sits_in_the_middle(app):
    """The statistics chart after one game (you 185, the best opponent 350):
    the top line is 400, not the highest point, and the two points stand in
    the middle of the frame, not on its left edge."""
    assert chart_range([[185], [350]]) == (0, 400, 100)
    assert chart_range([[0, 120, 300]], ref=300)[1] == 300  # a total on a grid line may touch the top
    from scenes.core.chart import draw_line_chart
    surface = pygame.Surface((600, 400))
    surface.fill((0, 0, 0))
    r = pygame.Rect(100, 50, 400, 300)
    marks = [(255, 0, 255), (0, 255, 255)]
    draw_line_chart(surface, T.Theme((1280, 720)), r, [[185], [350]], marks, x_label="game", first_x=1)
    for colour, value in zip(marks, (185, 350)):
        spots = [(x, y) for x in range(r.x - 20, r.right + 20) for y in range(r.y - 10, r.bottom + 10)
                 if tuple(surface.get_at((x, y)))[:3] == colour]
        assert spots, colour
        xs = [x for x, _ in spots]
        ys = [y for _, y in spots]
        assert abs((min(xs) + max(xs)) / 2 - r.centerx) <= 2
        assert abs((min(ys) + max(ys)) / 2 - (r.bottom - value * r.height / 400)) <= 2


def test_a_big_hand_clears_the_seat_panel_and_raised_cards_clear_the_buttons(app):
    resize(app, (1024, 640))
    table = tip_table(app)
    game = table.session.game
    h = game.hand
    while len(h.hands[0]) < 22:  # a hand swollen by deep takes
        h.hands[0].append(h.stock.pop())
    table.shown = model_of(game)
    table.person.sync()
    table.resize()
    frames(app, 2)
    human, lay = table.person, table.layout_
    assert len(human.order) == 22
    first = human.input.card_rect(0)
    assert first.left >= lay.seat_rects[0].right + app.theme.pad  # the first card does not touch the seat panel
    for i in range(len(human.order)):
        r = human.input.card_rect(i)
        ring = r.move(0, -round(r.h * 0.18)).inflate(12, 12)  # a selected, focused card
        assert r.bottom <= app.theme.height
        for name in ("hint", "undo", "sort", "end"):
            assert not ring.colliderect(human.buttons[name].rect), (i, name)
    table.session.close()
