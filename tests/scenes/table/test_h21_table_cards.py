"""Issue 21, the table's cards: a click picks the card drawn on top (item
15), lay-offs drawn in the meld they extend (item 14) and the smaller
table faults of item 18. Driven with posted events and read from the
pixels the real drawing code paints (dummy video driver)."""

from __future__ import annotations

import pygame
import pytest

from game.intent.targets import HandSlot
from game.play.table_session import Seat, TableSession
from game.rules.cards import parse_card
from game.rules.record import game_from_record
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.tween import Tween, linear
from scenes.table.person_input import Drag
from scenes.table.scene import TableScene

from helpers import played_session


def C(token: str) -> int:
    return parse_card(token)


def record(you, bot, discard, stock, table=None):
    hand = {"dealer": 1, "deal": {"hands": [you, bot], "discard": discard, "stock": stock}, "actions": table or []}
    return {"format": "rummy500/1", "rules": {}, "players": ["You", "Bot"], "hands": [hand]}


HAND = ["7H", "8H", "9H", "8S", "KC", "3C", "4C", "4D", "9D", "QS", "2H"]


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def settle(app, frames=4):
    for _ in range(frames):
        app.step(1 / 60)


def person_table(app, rec):
    game = game_from_record(rec)
    session = TableSession([Seat("You", "human"), Seat("Bot", "human")], game.rules, game=game, use_workers=False)
    table = app.push(TableScene(app), session=session)
    settle(app)
    return table


# ---------------------------------------------------------------- item 15
COLOUR_G, COLOUR_B = 255, 17  # no ring, glow or pin of the table has these


def card_colour(card: int) -> tuple[int, int, int]:
    return (card * 4 % 256, COLOUR_G, COLOUR_B)


def paint_hand(table, surface) -> dict[tuple[int, int, int], int]:
    """Draw the person's side with every hand card a solid colour of its
    own, through the real drawing code; the colour of each card's display position."""
    surface.fill((0, 0, 0))
    table.person.drawing.draw(surface, set())
    return {card_colour(c): i for i, c in enumerate(table.person.order)}


def check_pixels(table, surface, points, hover_follows: bool, skip=()) -> int:
    """At every point where a hand card's colour is on top, ``hand_index_at``
    names that card; where the background shows, no card. With
    ``hover_follows`` the pointer is moved to each point first (the hover lift
    then follows it, as it does before a click). The pixels of ``skip`` (display
    positions: dragged cards, at the pointer, no longer hand slots) are not
    checked. Returns the points checked."""
    checked = 0
    colours = None
    if not hover_follows:
        colours = paint_hand(table, surface)
    for pos in points:
        if hover_follows:
            table.person.input.hover = pos
            colours = paint_hand(table, surface)
        got = tuple(surface.get_at(pos))[:3]
        picked = table.person.input.hand_index_at(pos)
        if got in colours and colours[got] in skip:
            continue
        if got in colours:
            assert picked == colours[got], (pos, picked, colours[got])
            checked += 1
        elif got == (0, 0, 0):
            assert picked is None, (pos, picked)
            checked += 1
    return checked


def hand_points(table, step=5):
    cards = [p.rect for p in table.layout_.places if p.zone == "hand"]
    area = cards[0].unionall(cards).inflate(0, round(cards[0].h * 0.5)).clip(table.app.screen.get_rect())
    return [(x, y) for x in range(area.left, area.right, step) for y in range(area.top, area.bottom, step)]


def test_a_click_picks_the_card_drawn_on_top_in_every_state_of_the_hand(app, monkeypatch):
    table = person_table(app, record(HAND, ["5S", "6S", "7S"], ["JS"], ["QD", "QH", "5H", "6C"]))
    person, inp = table.person, table.person.input
    monkeypatch.setattr(table.drawing, "draw_card",
                        lambda surface, card, rect, face_up, lifted=False: surface.fill(card_colour(card), rect))
    surface = pygame.Surface(app.theme.size)
    points = hand_points(table)

    def state(name, hover_follows=False, skip=()):
        n = check_pixels(table, surface, points, hover_follows, skip)
        assert n > len(points) // 3, name  # most points show a card or the felt

    state("at rest")
    person.selected = {3}
    state("one card selected")
    person.selected = {3, 4}
    state("two neighbours selected")
    person.selected = {2, 4}
    state("every other card selected")
    person.selected = {5}
    state("selected, the pointer's hover lift following it", hover_follows=True)
    person.selected = set()
    state("hover lift", hover_follows=True)
    person.hint = ("a hint", {6}, table.clock + 60)
    state("hint")
    person.hint = None
    inp.keyboard, inp.focus_row, inp.focus_i = True, "hand", 7
    state("keyboard focus")
    inp.keyboard = False
    inp.hover = None
    home = inp.card_rect(8)
    inp.spring = [(8, home, Tween((home.x - 60, home.y - 40), (home.x, home.y), 1.0, linear))]
    inp.spring[0][2].update(0.5)
    state("a card springing home")
    inp.spring = []
    start = inp.card_rect(4)
    inp.drag = Drag(HandSlot(4), [4], (10, 10), (start.x + 30, start.y - 80), None)
    state("dragging a card", skip={4})
    inp.drag = None
    table.session.close()


def test_the_neighbour_of_a_raised_card_is_picked_where_it_shows(app):
    table = person_table(app, record(HAND, ["5S", "6S", "7S"], ["JS"], ["QD", "QH", "5H", "6C"]))
    person = table.person
    person.selected = {4}
    settle(app, 2)
    raised = person.input.card_rect(4)
    left = person.input.card_rect(3)
    spot = (raised.x + 3, raised.bottom + 4)  # under the raised card, where its left neighbour now shows
    assert left.collidepoint(spot)
    assert person.input.hand_index_at(spot) == 3
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    settle(app)
    assert person.selected == {3, 4}  # the neighbour was picked, the raised card stays selected
    table.session.close()


# ---------------------------------------------------------------- item 14
LAYOFF_ACTIONS = [
    {"p": 0, "draw": "stock"}, {"p": 0, "meld": ["7H", "8H", "9H"]}, {"p": 0, "discard": "KC"},
    {"p": 1, "draw": "stock"}, {"p": 1, "meld": ["5S", "6S", "7S"]}, {"p": 1, "layoff": "TH", "onto": 0},
    {"p": 1, "layoff": "6H", "onto": 0}, {"p": 1, "discard": "2C"},
    {"p": 0, "draw": "stock"}, {"p": 0, "layoff": "8S", "onto": 1}, {"p": 0, "discard": "3C"}]
LAYOFFS = record(HAND, ["5S", "6S", "7S", "TH", "6H", "2C", "3D", "JD"], ["JS"],
                 ["KD", "KH", "QD", "QH", "5H", "6C"], LAYOFF_ACTIONS)


def meld_places(table, meld):
    return [p for p in table.layout_.places if p.zone == "meld" and p.meld == meld]


def test_a_laid_off_card_lies_in_the_meld_it_extends_in_its_place(app):
    table = person_table(app, LAYOFFS)
    lay = table.layout_
    run = meld_places(table, 0)  # the person's run 7H 8H 9H, with the Bot's 6H and TH laid off at its ends
    assert [p.card for p in run] == [C("6H"), C("7H"), C("8H"), C("9H"), C("TH")]
    assert [p.layer for p in run] == [1, 0, 0, 0, 1]
    assert [p.laid_off for p in run] == [True, False, False, False, True]
    assert all(lay.zone_rects[0].contains(p.rect) for p in run)  # in the owner's area, none in the Bot's
    assert [p.rect.x for p in run] == sorted(p.rect.x for p in run) and len({p.rect.y for p in run}) == 1
    assert lay.meld_rects[0] == run[0].rect.unionall([p.rect for p in run])
    sets = meld_places(table, 1)
    assert [p.card for p in sets] == [C("5S"), C("6S"), C("7S"), C("8S")] and sets[-1].layer == 0
    assert all(lay.zone_rects[1].contains(p.rect) for p in sets)
    assert not hasattr(lay, "layoff_groups")
    table.session.close()


def test_a_laid_off_card_is_marked_in_the_layers_colour(app):
    from scenes.core import theme as T
    table = person_table(app, LAYOFFS)
    settle(app)
    run = meld_places(table, 0)
    bot, you = T.SEAT_COLOURS[1], T.SEAT_COLOURS[0]
    six, seven, ten = run[0].rect, run[1].rect, run[4].rect
    foot = lambda r: app.screen.get_at((r.x + 6, r.bottom - 2))[:3]  # the band along the foot of the strip that shows
    assert foot(six) == bot and foot(ten) == bot
    assert foot(seven) not in (bot, you)  # the person's own card is not marked
    eight_s = meld_places(table, 1)[-1].rect
    assert foot(eight_s) == you  # the person laid the 8S off on the Bot's set
    table.session.close()


def test_hovering_a_laid_off_card_says_who_laid_it_off(app, monkeypatch):
    from scenes.core import theme as T
    table = person_table(app, LAYOFFS)
    said = []
    real = T.fit_text
    monkeypatch.setattr(T, "fit_text", lambda s, *a, **k: said.append(s) or real(s, *a, **k))
    six = meld_places(table, 0)[0].rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(six.x + 4, six.centery), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    settle(app, 2)
    assert "6♥ · laid off by Bot" in said
    said.clear()
    eight_s = meld_places(table, 1)[-1].rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(eight_s.right - 4, eight_s.centery), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    settle(app, 2)
    assert "8♠ · laid off by you" in said
    seven = meld_places(table, 0)[1].rect
    said.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(seven.x + 4, seven.centery), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    settle(app, 2)
    assert not any("laid off" in s for s in said)
    table.session.close()


def test_drops_and_keys_reach_a_meld_through_its_laid_off_cards(app):
    from game.intent.targets import OnMeld
    table = person_table(app, LAYOFFS)
    inp = table.person.input
    for p in meld_places(table, 0) + meld_places(table, 1):
        assert inp.target_at((p.rect.x + 3, p.rect.centery)) == OnMeld(p.meld), p
    assert [t for t in inp.targets() if isinstance(t, OnMeld)] == [OnMeld(0), OnMeld(1)]
    table.session.close()


def test_the_results_list_a_laid_off_card_as_laid_off_by_the_seat_it_scores_for():
    from scenes.screens.results import hand_rows
    game = game_from_record(LAYOFFS)
    rows = hand_rows(game, game.hand)
    bot, you = rows[1], rows[0]
    assert [c for c, _ in bot.layoffs()] == [C("6H"), C("TH")] and bot.laid_off.count(0) == 2
    assert [c for c, _ in bot.own()] == [C("5S"), C("6S"), C("7S")]
    assert [c for c, _ in you.layoffs()] == [C("8S")]
    for row in rows:  # the engine's score: a laid-off card counts for the seat that laid it off (R14, R19)
        assert sum(v for _, v in row.own() + row.layoffs()) == row.score["tabled"]


def test_a_meld_longer_than_its_row_closes_up_to_stay_in_it():
    """A meld's cards lie 30 % of a card apart, closer when the row is short
    (still readable for 8 cards); an 11-card run that does
    not fit even so (seat 1's run on a crowded 8-player table at 1280x720,
    61 px cards in a 159 px row) closes up to the row's width."""
    from scenes.table.layout import READABLE_STEP, _meld_step
    assert _meld_step(61, 3, 400) == pytest.approx(61 * 0.3)
    assert _meld_step(61, 8, 159) == pytest.approx((159 - 61) / 7)  # closer than 30 %, still readable
    assert (159 - 61) / 7 >= 61 * READABLE_STEP
    step = _meld_step(61, 11, 159)
    assert step < 61 * READABLE_STEP and 61 + 10 * step == pytest.approx(159)


def test_a_crowded_table_keeps_every_meld_in_its_area():
    from scenes.core.theme import Theme
    from scenes.table.layout import layout, model_of
    for seed in (3, 5, 11):
        session = played_session(8, seed, 120)
        model = model_of(session.game)
        assert any(layer != m.owner for m in model.melds for layer in m.layers), seed  # lay-offs are out
        for size in ((1280, 720), (1920, 1080)):
            lay = layout(model, Theme(size), 0)
            for p in lay.places:
                if p.zone == "meld":
                    zone = lay.zone_rects[p.seat]
                    assert zone.contains(p.rect), (seed, size, p)
        session.close()


# ---------------------------------------------------------------- item 18 (the table's part)
def near(colour, want, tolerance=40) -> bool:
    """``colour`` is ``want`` or ``want`` under a card's soft shadow."""
    return sum(abs(a - b) for a, b in zip(colour[:3], want)) <= tolerance


def test_the_pile_hover_preview_covers_no_seats_melds(app, monkeypatch):
    table = person_table(app, LAYOFFS)
    drawn = []
    real = table.drawing.draw_card
    monkeypatch.setattr(table.drawing, "draw_card",
                        lambda surface, card, rect, face_up, lifted=False: drawn.append((card, rect.copy(), lifted))
                        or real(surface, card, rect, face_up, lifted))
    lay = table.layout_
    for place in [p for p in lay.places if p.zone == "pile"]:
        drawn.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(place.rect.x + 3, place.rect.centery),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        settle(app, 2)
        preview = [r for c, r, lifted in drawn if c == place.card and lifted]
        assert preview and preview[-1].h > place.rect.h  # shown larger
        assert lay.strip_rect.contains(preview[-1])
        assert not any(preview[-1].colliderect(z) for z in lay.zone_rects.values())
    table.session.close()


def test_a_hint_of_one_card_rings_that_card_alone(app):
    from scenes.core import theme as T
    table = person_table(app, record(HAND, ["5S", "6S", "7S"], ["JS"], ["QD", "QH", "5H", "6C"]))
    person = table.person
    person.hint = ("a hint", {4}, table.clock + 60)
    settle(app, 2)
    card, right = person.input.card_rect(4), person.input.card_rect(5)
    assert right.x < card.right  # the next card covers the hinted one's right part
    for y in (card.y - 2, card.bottom + 1):  # along the ring's top and bottom edges
        over_next = [(x, y) for x in range(right.x + 5, card.right + 3)]
        assert not any(near(app.screen.get_at(p), T.LEGAL) for p in over_next), y
        assert any(near(app.screen.get_at((x, y)), T.LEGAL) for x in range(card.x, right.x))
    table.session.close()


def test_the_must_meld_pin_shows_over_a_raised_or_springing_neighbour(app):
    from scenes.core import theme as T
    from game.i18n import _
    taken = record(HAND, ["5S", "6S", "7S"], ["TH", "JS"], ["QD", "QH", "5H", "6C"], [{"p": 0, "take": 2}])
    table = person_table(app, taken)
    person = table.person
    assert table.shown.committed == C("TH")
    j = person.order.index(C("TH"))
    k = j + 1  # the card drawn after it
    assert k < len(person.order)
    rect = person.input.card_rect(j)
    pin = T.text(_("must meld"), app.theme.small, T.TEXT_DARK, bold=True)
    box = pin.get_rect(midbottom=(rect.centerx, rect.y - 2)).inflate(8, 2)

    def pin_shows(nb):
        covered = box.clip(nb)  # where the neighbour lies over the pin
        assert covered.width > 4 and covered.height > 4
        gold = sum(near(app.screen.get_at((x, y)), T.GOLD) for x in range(covered.left, covered.right)
                   for y in range(covered.top, covered.bottom))
        return gold > covered.width

    person.selected = {k}
    settle(app, 2)
    assert pin_shows(person.input.card_rect(k))  # raised: selected
    person.selected = set()
    home = person.input.card_rect(k)
    person.input.spring = [(k, home, Tween((home.x, home.y - 40), (home.x, home.y), 10.0, linear))]
    person.input.spring[0][2].update(5.0)  # halfway home, over the pin
    app.draw()
    assert pin_shows(pygame.Rect(home.x, home.y - 20, home.w, home.h))
    table.session.close()


def test_the_focus_ring_goes_around_the_pile_and_stock_labels_not_through_them(app):
    from scenes.core import theme as T
    from game.intent.targets import PileCard, Stock
    table = person_table(app, LAYOFFS)
    inp = table.person.input
    th = app.theme
    lay = table.layout_
    stock_words = T.text(f"Stock {table.shown.stock_size}", th.small, T.TEXT, bold=True)
    pile_words = T.text(f"Discard pile · {len(table.shown.discard)} cards", th.small, T.TEXT_DIM)
    stock_label = stock_words.get_rect(midtop=(lay.stock_rect.centerx, lay.stock_rect.bottom + th.pad // 2))
    pile_label = pile_words.get_rect(topleft=(lay.pile_rect.x, lay.pile_rect.bottom + th.pad // 2))
    for want, frame, label in ((Stock(), table.drawing.stock_frame(lay), stock_label),
                               (PileCard(0), table.drawing.pile_frame(lay), pile_label)):
        inp.keyboard, inp.focus_row = True, "table"
        inp.focus_i = inp.targets().index(want)
        settle(app, 2)
        assert frame.contains(label)  # the label is inside the frame the ring goes around
        ring = [(x, y) for x in range(label.left, label.right) for y in range(label.top, label.bottom)
                if app.screen.get_at((x, y))[:3] in (T.LEGAL, (10, 30, 60))]
        assert not ring, (want, ring[:5])
        below = [(x, frame.bottom + d) for x in range(frame.left, frame.right) for d in range(4, 13)]
        assert any(app.screen.get_at(p)[:3] == T.LEGAL for p in below), want  # the ring is there, below the label
    table.session.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_georgian_logs_larger_tab_holds_its_words(tmp_path, size):
    from game.i18n import _, set_language
    from scenes.core import theme as T
    from scenes.table.game_log import LogPanel
    set_language("ka")
    try:
        th = T.Theme(size)
        panel = LogPanel()
        surface = pygame.Surface(size)
        for large in (False, True):
            panel.large = large
            panel.layout([], ["A", "B"], pygame.Rect(size[0] - 360, 300, 340, 200), th)
            surface.fill((0, 0, 0))
            panel.draw(surface, th)
            words = T.text(_("Smaller (−)") if large else _("Larger (+)"), th.small, T.TEXT, bold=True)
            ink = words.get_bounding_rect().move(words.get_rect(center=panel.tab.center).topleft)
            # the letters stay clear of the tab's rounded corners, and within its height
            assert ink.left - panel.tab.left >= th.radius and panel.tab.right - ink.right >= th.radius, (ink, panel.tab)
            assert panel.tab.top <= ink.top and ink.bottom <= panel.tab.bottom, (large, ink, panel.tab)
            around = panel.tab.inflate(6, 6)
            light = [(x, y) for x in range(around.left, around.right) for y in range(around.top, around.bottom)
                     if not panel.tab.collidepoint(x, y) and sum(surface.get_at((x, y))[:3]) > 600]
            assert not light, (large, light[:5])  # no letter runs out of the tab
    finally:
        set_language("en")


# ---------------------------------------------------------------- item 19
def test_a_new_step_redraws_only_the_seat_panels_that_changed_and_the_picture_is_the_same(app, monkeypatch):
    from game.rules.actions import DrawStock, Discard
    from scenes.table.drawing import TableDrawing
    table = person_table(app, LAYOFFS)  # the Bot's turn to draw
    drawing = table.drawing
    drawn, based = [], []
    real_seat, real_zones = drawing._draw_seat, drawing._draw_zones
    monkeypatch.setattr(drawing, "_draw_seat", lambda surface, lay, seat, words: drawn.append(seat)
                        or real_seat(surface, lay, seat, words))
    monkeypatch.setattr(drawing, "_draw_zones", lambda *a: based.append(1) or real_zones(*a))
    for action in (DrawStock(1), Discard(1, C("3D"))):
        drawn.clear()
        events = table.session.apply_person(action)
        table.push_step(events)
        settle(app, 40)
        assert not based  # the felt and the meld areas are not drawn again
        assert 1 in drawn and drawn.count(1) <= 2  # the Bot's panel (its count changed), at most once a render
    drawn.clear()
    drawing.invalidate()
    settle(app, 1)
    assert drawn == [] and not based  # a still picture drawn again reuses the unchanged panels
    cached = drawing._static.copy()  # the still picture (the Rummy bar and the thinking pulse move each frame)
    table.drawing = TableDrawing(table)  # no caches: everything drawn from nothing
    settle(app, 1)
    assert pygame.image.tobytes(table.drawing._static, "RGB") == pygame.image.tobytes(cached, "RGB")
    table.session.close()


@pytest.mark.parametrize("speed,size", [("normal", (1280, 720)), ("fast", (1920, 1080))])
def test_a_step_drawn_in_the_changed_areas_only_is_the_picture_drawn_whole(tmp_path, speed, size):
    """Item 19: a new step draws again only where its pieces changed (and where
    landed cards were baked in). Over a whole hand of four Medium seats, with
    the cards sliding, the still picture after every step is, byte for byte,
    the one drawn from nothing; and most steps draw less than the whole."""
    from scenes.table.drawing import TableDrawing
    app = App(Options(config_dir=str(tmp_path / "cfg"), size=size, speed=speed))
    try:
        session = TableSession([Seat(f"P{i}", "medium") for i in range(4)], seed=11, use_workers=False)
        table = app.push(TableScene(app), session=session)
        drawing = table.drawing
        wholes = []
        real = drawing._changed_areas
        drawing._changed_areas = lambda pieces, bounds: wholes.append(r := real(pieces, bounds)) or r
        checked, seen = 0, None
        for _ in range(6000):
            app.step(1 / 60)
            if table.shown.ended is not None:
                break
            if table.animation.busy or table.shown is seen or drawing._static is None:
                continue
            seen = table.shown
            fresh = TableDrawing(table)
            lay = table.layout_
            picture = fresh._render_static(drawing._static.get_size(), lay, table.shown, set())
            assert pygame.image.tobytes(drawing._static, "RGB") == pygame.image.tobytes(picture, "RGB"), checked
            checked += 1
        assert checked >= 20  # many steps of the hand were compared
        assert sum(1 for w in wholes if w is not None) > len(wholes) // 2  # most steps drew only a part
    finally:
        app.close()


def test_a_long_name_is_fitted_at_the_largest_size_that_fits_loading_few_font_sizes():
    """Item 19: fitting a line guesses its size from its full-size width; it
    used to measure every size on the way down, loading a font for each (a
    millisecond each, on the frame that first showed a new dealer's name)."""
    from scenes.core import theme as T
    pygame.font.init()
    line = "Cleopatra Wyndham-Price (dealer)"
    px, room = 24, T.width(line, 24, True) * 7 // 10
    T.font.cache_clear()
    T._text_cache.clear()
    surf = T.fit_text(line, px, room, bold=True)
    loaded = T.font.cache_info().misses
    fitting = [s for s in range(int(px * 0.6), px + 1) if T.width(line, s, True) <= room]
    assert surf.get_width() <= room
    assert T.text(line, max(fitting), bold=True).get_size() == surf.get_size()  # the largest that fits, unshortened
    assert loaded <= 3  # the full size, the guess and its neighbour (stepping down loaded 9 here)
    for nothing in ("", "\u200b"):  # a line that draws nothing, in no room at all: an ellipsis, not a crash
        assert T.fit_text(nothing, px, -5).get_size() == T.text(nothing + "…", int(px * 0.6)).get_size()


def test_a_card_taken_from_the_pile_to_a_seat_starts_its_slide_with_the_picture_it_had(app):
    """Item 19: a card sliding from the discard pile (face up) to a seat's
    face-down fan shows its face from the pile's image at first; the face is
    not made anew at the seat's smaller size on the frame the step starts
    (where it was also drawn blurred, grown from the small one)."""
    from scenes.table.animation import Motion
    from scenes.table.layout import Place
    from scenes.core.tween import ease_out_cubic, flip_scale
    table = person_table(app, LAYOFFS)
    art, lay = table.art, table.layout_
    card = C("9H")
    pile = next(p for p in lay.places if p.zone == "pile").rect.copy()
    seat = next(p for p in lay.places if p.zone == "seat")
    assert seat.rect.h < pile.h
    art.face(card, pile.h)  # drawn on the pile a frame ago
    made = set(art._scaled)
    m = Motion(Place(card, seat.rect.copy(), False, "seat", seat.seat, 0), pile.copy(), True,
               Tween(0.0, 1.0, 1.0, ease_out_cubic))
    m.tween.update(0.01)
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((0, 0, 0))
    table.animation.draw_motion(surface, m)
    assert set(art._scaled) == made  # no new image of the card on the step's first frame
    r = m.rect()
    w = max(2, round(r.w * flip_scale(m.tween.progress)))
    shown = pygame.transform.scale(art.face(card, pile.h), (w, r.h))  # the pile's face, at the moment's size
    grown = pygame.transform.scale(art.face(card, seat.rect.h), (w, r.h))  # the seat's face, grown (before)
    drawn = surface.subsurface((r.centerx - w // 2, r.y, w, r.h))

    def off(img) -> float:  # mean difference per channel from what was drawn, inside the card's corners
        inner = pygame.Rect(0, 0, w, r.h).inflate(-w // 5, -r.h // 5)
        pts = [(x, y) for x in range(inner.left, inner.right, 3) for y in range(inner.top, inner.bottom, 3)]
        return sum(abs(a - b) for p in pts for a, b in zip(drawn.get_at(p)[:3], img.get_at(p)[:3])) / (3 * len(pts))
    assert off(shown) < 2 < off(grown)


def test_idle_frames_make_the_card_faces_a_filling_meld_area_will_need(app):
    """Item 19: while nothing moves, the table makes, one a frame, every
    face at each face-up height it shows and at the height each meld area
    shrinks to next, so the step that shrinks an area does not make them."""
    from scenes.table.layout import heights_to_warm, shrunk_meld_height
    table = person_table(app, LAYOFFS)
    settle(app, 40)  # past the first warm-up (the hand and table heights)
    lay = table.layout_
    art = table.art
    meld_h = next(p.rect.h for p in lay.places if p.zone == "meld")
    smaller = shrunk_meld_height(meld_h, lay.cards.table)
    assert smaller < meld_h and smaller in heights_to_warm(lay)
    key = lambda card, h: ("s", card, art.size_for(h)[1], art.style)
    before = len(art._scaled)
    assert art.warm_some([smaller - 2], limit=3) is True  # a height nobody made yet: three at a time
    assert len(art._scaled) - before == 6  # each face and its shadowed version
    table.hold = 1e9  # nothing moves: idle frames
    settle(app, 53 * len(heights_to_warm(lay)))
    assert all(key(c, h) in art._scaled for h in heights_to_warm(lay) for c in range(53))
