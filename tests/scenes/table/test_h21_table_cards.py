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
