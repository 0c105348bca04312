"""The table draws from one seat's view and the public events alone (issue
23, part 0): two games that differ only in cards the viewing seat cannot
see (another seat's hand, the order of the stock) give equal table models
and the same pixels, frame by frame, for the whole hand until its results."""

from __future__ import annotations

import hashlib
import random

import pygame
import pytest

from game.rules.actions import CallRummy
from game.rules.game import Game
from game.rules.random_play import random_step
from game.rules.ruleset import RuleSet
from game.rules.view import view_for
from game.play.table_session import Seat, TableSession
from scenes.core.app import App
from scenes.core.options import Options
from scenes.table.layout import hidden_card, is_hidden, model_for, model_of
from scenes.table.scene import TableScene

NAMES = ["You", "Ana", "Ben"]
RULES = RuleSet(rummy_calls=False)


def _new_game(deal, dealer: int, seed: int) -> Game:
    game = Game(NAMES, RULES)
    game.deal_next_hand(dealer, deal=deal, seed=seed)
    return game


def _played(seed: int):
    """A hand of random legal moves: its deal, dealer, hand seed and actions."""
    first = Game.new(NAMES, RULES, seed=seed)
    h = first.hand
    deal = tuple(map(list, h.deal[0])), list(h.deal[1]), list(h.deal[2])
    rng = random.Random(seed)
    actions = []
    while first.hand.ended is None:
        action, _ = random_step(first, rng, rummy_rate=0.0)
        actions.append(action)
    return deal, h.dealer, h.seed, actions, first.hand


def _hidden_twin(deal, end):
    """The same deal with cards seat 0 never sees changed: a card seat 1 held
    from the deal to the end swapped with one seat 2 held so, and the part of
    the stock nobody drew turned round, seat 1's hand in the other order; ``None`` when there is no such pair."""
    hands, discard, stock = deal
    kept1 = [c for c in hands[1] if c in end.hands[1]]
    kept2 = [c for c in hands[2] if c in end.hands[2] and c not in kept1]
    if not kept1 or not kept2:
        return None
    a, b = kept1[0], kept2[0]
    twin = [list(x) for x in hands]
    twin[1][twin[1].index(a)] = b
    twin[2][twin[2].index(b)] = a
    twin[1].reverse()  # the order of a hidden hand (where a card slides from) is hidden too
    undrawn = len(end.stock) if not end.reshuffles else 0  # stock_top_first: the undrawn cards are last
    new_stock = list(stock)
    if undrawn > 1:
        new_stock[-undrawn:] = reversed(new_stock[-undrawn:])
    return (twin, list(discard), new_stock)


def _twins():
    """Two games' deals and the actions both can play: seat 0's view of every
    position is the same, while seat 1's and seat 2's hands and the stock differ."""
    for seed in range(40):
        deal, dealer, hseed, actions, end = _played(seed)
        twin = _hidden_twin(deal, end)
        if twin is None:
            continue
        b = _new_game(twin, dealer, hseed)
        try:
            for a in actions:
                b.apply(a)
        except Exception:
            continue
        return (deal, twin), dealer, hseed, actions
    raise AssertionError("no pair of games that differ only in hidden cards")


def test_hidden_cards_are_placeholders_numbered_by_place():
    assert hidden_card(0, 0) == -1 and is_hidden(hidden_card(3, 7)) and not is_hidden(0)
    assert len({hidden_card(z, i) for z in range(9) for i in range(200)}) == 9 * 200
    with pytest.raises(ValueError):
        hidden_card(1, 1000)


def test_the_model_of_two_games_differing_in_hidden_cards_is_the_same():
    deals, dealer, hseed, actions = _twins()
    a, b = (_new_game(d, dealer, hseed) for d in deals)
    assert a.hand.hands[1] != b.hand.hands[1] and a.hand.stock != b.hand.stock  # they do differ
    for action in actions:
        if a.hand.ended is None:
            ma, mb = (model_for(view_for(g, 0), g.hand.ended, g.hand.went_out, len(g.hand.actions)) for g in (a, b))
            assert ma == mb
            assert model_of(a) != model_of(b)  # the whole state differs: the model leaves it out
            assert ma.hands[0] == tuple(a.hand.hands[0])
            assert [len(x) for x in ma.hands] == [len(x) for x in a.hand.hands]
            assert ma.stock_size == len(a.hand.stock)
            assert all(is_hidden(c) for c in ma.stock)
        for g in (a, b):
            g.apply(action)
    assert a.hand.ended is not None


def _frames(deal, dealer, hseed, actions, tmp_path, size) -> tuple[list[str], list]:
    """Hashes of the table's pixels, a few frames after each action (cards
    moving) and once they have landed, and the model it showed after each,
    seat 0 watching; the other seats are moved by the test."""
    app = App(Options(config_dir=str(tmp_path), size=size, speed="normal"))
    try:
        game = _new_game(deal, dealer, hseed)
        session = TableSession([Seat(n, "human") for n in NAMES], game.rules, game=game, use_workers=False)
        table = app.push(TableScene(app), session=session)
        out, models = [], []

        def frames(n):
            for _ in range(n):
                app.step(1 / 30)
                app.draw()
                out.append(hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest())

        frames(40)
        for action in actions:
            if game.hand.ended is not None:
                break
            if action.seat == 0:
                events = session.apply_person(action)
            elif isinstance(action, CallRummy):
                raise AssertionError("Rummy calls are off")
            else:
                events = session.apply_person(action)
            if game.hand.ended is not None:
                break  # the results show every hand: they are public then
            table.push_step(events)
            frames(3)
            while table.animation.busy:
                app.step(1 / 30)
            frames(1)
            models.append(table.shown)
        return out, models
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_table_draws_the_same_pixels_whatever_the_hidden_cards(tmp_path, size):
    deals, dealer, hseed, actions = _twins()
    first, models = _frames(deals[0], dealer, hseed, actions, tmp_path / "a", size)
    second, models2 = _frames(deals[1], dealer, hseed, actions, tmp_path / "b", size)
    assert models == models2 and len(models) > 10
    assert len(first) == len(second) > 40
    diff = [i for i, (x, y) in enumerate(zip(first, second)) if x != y]
    assert not diff, f"frames {diff[:5]} differ"


def test_face_down_cards_still_slide_between_the_stock_the_seats_and_the_table(tmp_path):
    """A card another seat draws slides from the stock to its fan; one it
    tables or discards slides from its fan, turning face up, though the table
    never knew which card it was (placeholders)."""
    from game.rules.actions import Discard, DrawStock, LayOff, TableMeld
    deals, dealer, hseed, actions = _twins()
    app = App(Options(config_dir=str(tmp_path), size=(1280, 720), speed="normal"))
    try:
        game = _new_game(deals[0], dealer, hseed)
        session = TableSession([Seat(n, "human") for n in NAMES], game.rules, game=game, use_workers=False)
        table = app.push(TableScene(app), session=session)
        seen = set()
        for action in actions:
            while table.animation.busy:
                app.step(1 / 30)
            events = session.apply_person(action)
            if game.hand.ended is not None:
                break
            table.push_step(events)
            app.step(1 / 30)
            if action.seat == 0:
                continue
            lay = table.layout_
            fan = lay.fan_rects[action.seat]
            moving = table.animation.motions
            if isinstance(action, DrawStock):
                assert any(m.start == lay.stock_rect and m.place.zone == "seat" and m.place.seat == action.seat
                           for m in moving)
                seen.add("draw")
            elif isinstance(action, (TableMeld, LayOff, Discard)):
                slid = [m for m in moving if fan.colliderect(m.start) and m.place.face_up and not m.start_face]
                assert slid, action
                seen.add(type(action).__name__)
        assert {"draw", "Discard"} <= seen
    finally:
        app.close()
