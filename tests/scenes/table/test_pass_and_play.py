"""Several people at one computer (issue 23, part 2): only the person whose
turn it is sees a hand face up, a cover screen between two people's turns
with nothing of anyone's hand behind it, and Rummy calls between people that
leak nothing (the same question whoever could call, R18 priority kept)."""

from __future__ import annotations

import hashlib
import random

import pygame
import pytest

from game.rules.events import RummyCalled
from game.rules.record import game_from_record
from game.rules.ruleset import RuleSet
from game.rules.view import view_for
from game.intent.turn import rummy_options
from game.play.table_session import Seat, TableSession
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.results import GameOver as GameOverScene, HandResults
from scenes.table.layout import is_hidden
from scenes.table.scene import TableScene


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def frame(app) -> str:
    app.draw()
    return hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest()


def post_key(key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def check_nothing_shows(table) -> None:
    """No hand face up but the revealed person's, on their own turn (or while
    they decide on a Rummy call), and none behind a cover screen or the question."""
    pp = table.pass_play
    h = table.session.game.hand
    if table.animation.busy:
        return  # the picture is behind the engine: checked once it has caught up (speed instant: each frame)
    up = [p for p in table.layout_.places if p.zone == "hand" and p.face_up]
    known = view_for(table.session.game, table.viewer).known  # cards taken from the pile: public
    if pp.covering or pp.revealed is None:
        assert not up and table.person is None
        assert all(is_hidden(c) or c in known[table.viewer] for c in table.shown.hands[table.viewer])
    if up:
        assert pp.revealed == table.viewer and table.person is pp.plays[table.viewer]
        assert table.viewer == h.current or table.viewer == pp.caller or h.ended is not None
    for seat in range(h.players):  # no other seat's card is in the model at all (placeholders), but known ones
        if seat != table.viewer:
            assert all(is_hidden(c) or c in h.hands[seat] for c in table.shown.hands[seat])


def test_a_pass_and_play_game_to_the_end_never_shows_a_hand_behind_the_cover(app):
    """Ana and Ben at one computer with a computer between them, a whole
    game (to 150) played through the table's own input: each cover screen
    looks the same every time for the same person, whatever the hands."""
    rules = RuleSet.from_dict({"target": 150})
    session = TableSession([Seat("Ana", "human"), Seat("Bot", "easy"), Seat("Ben", "human")], rules, seed=5,
                           use_workers=False)
    table = app.push(TableScene(app), session=session, people=[0, 2])
    pp = table.pass_play
    game = session.game
    rng = random.Random(3)
    covers: dict[tuple, set[str]] = {}
    counts = {"cover": 0, "question": 0, "call": 0, "moves": 0}
    for _ in range(20000):
        app.step(1 / 30)
        top = app.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, HandResults):
            top.next()
            continue
        check_nothing_shows(table)
        if pp.cover is not None:
            covers.setdefault((pp.cover, pp.caller == pp.cover), set()).add(frame(app))
            counts["cover"] += 1
            post_key(pygame.K_RETURN)
        elif pp.asking:
            counts["question"] += 1
            buttons = pp.name_buttons + [pp.no_one]
            b = rng.choice(buttons)
            click(b.rect.center)
        elif pp.caller is not None and pp.revealed == pp.caller:
            options = rummy_options(game.hand, pp.caller)
            if options and rng.random() < 0.7:
                table.person._call(options[0].call)
                counts["call"] += 1
            else:
                post_key(pygame.K_n)
        elif table.person is not None and table.person.my_turn() and not table.animation.busy \
                and not session.rummy_window_open():
            table.person.apply(game.hand.fallback_action())
            counts["moves"] += 1
    else:
        raise AssertionError("the game did not end")
    assert game.winner is not None
    assert counts["cover"] > 20 and counts["question"] > 10 and counts["moves"] > 40, counts
    for key, shots in covers.items():
        assert len(shots) == 1, f"the cover screen of {key} changed with the hands"


def claim_record(ana_hand):
    """Ana (0), Ben (1), Cat (2) at one computer; Cat plays first and holds
    5-6-7-8 of spades. ``ana_hand``: Ana's cards (hidden from the others)."""
    hands = [ana_hand, ["QC", "QD", "4C", "5C", "9C", "TC", "2D"], ["5S", "6S", "7S", "8S", "2C", "3D", "JD"]]
    pack = {c for h in hands for c in h} | {"KS"}
    stock = ["QH"] + [c for c in ("8D", "8C", "6D", "7D", "5D", "9H", "TH", "JH", "KH") if c not in pack]
    return {"format": "rummy500/1", "rules": {}, "players": ["Ana", "Ben", "Cat"],
            "hands": [{"dealer": 1, "deal": {"hands": hands, "discard": ["KS"], "stock": stock}, "actions": []}]}


ANA = ["8D", "8C", "KC", "4D", "9D", "2H", "3H"]
ANA_TWIN = ["6D", "7D", "KC", "4D", "9D", "2H", "3H"]  # other cards in Ana's hand: nothing public changes


def claim_table(app, ana_hand, discard):
    """Cat draws, tables 5-6-7 of spades and discards ``discard`` (the 8 of
    spades, which anyone may call Rummy on by laying it off, R18, or the jack
    of diamonds, which nobody may); the table then asks about Rummy."""
    from game.rules.actions import Discard, DrawStock, TableMeld
    from game.rules.cards import parse_card
    game = game_from_record(claim_record(ana_hand))
    session = TableSession([Seat(n, "human") for n in ("Ana", "Ben", "Cat")], game.rules, game=game,
                           use_workers=False)
    table = app.push(TableScene(app), session=session, people=[0, 1, 2])
    for _ in range(5):
        app.step(1 / 30)
    pp = table.pass_play
    assert pp.cover == 2  # Cat's turn
    post_key(pygame.K_RETURN)
    app.step(1 / 30)
    assert table.person.seat == 2 and pp.revealed == 2
    assert table.person.apply(DrawStock(2))
    assert table.person.apply(TableMeld(2, tuple(parse_card(c) for c in ("5S", "6S", "7S"))))
    assert table.person.apply(Discard(2, parse_card(discard)))
    for _ in range(5):
        app.step(1 / 30)
    return table


def test_the_rummy_question_is_the_same_whether_or_not_anyone_can_call(app):
    """The question's panel and Ana's cover screen are the same pixels after
    a discard anyone may call on and one nobody may, and the whole screen is
    the same for two games differing only in Ana's hidden cards; whether she
    can call is said only after her cover screen, to her."""
    panels, covers, screens = [], [], []
    for hand, discard in ((ANA, "8S"), (ANA_TWIN, "8S"), (ANA, "JD")):
        table = claim_table(app, hand, discard)
        pp = table.pass_play
        game = table.session.game
        callable_ = bool(rummy_options(game.hand, 0))
        assert callable_ == (discard == "8S")
        assert pp.asking and [b.label for b in pp.name_buttons] == ["Ana", "Ben"]
        assert table.person is None
        screens.append(frame(app))
        panel = pp.layout_question()
        panels.append((hashlib.sha1(pygame.image.tobytes(app.screen.subsurface(panel), "RGB")).hexdigest(),
                       [b.rect for b in pp.name_buttons + [pp.no_one]]))
        click(pp.name_buttons[0].rect.center)  # Ana
        app.step(1 / 30)
        assert pp.cover == 0 and pp.caller == 0
        covers.append(frame(app))
        post_key(pygame.K_RETURN)
        app.step(1 / 30)
        assert pp.revealed == 0 and table.person.seat == 0
        told = table.person.message
        assert bool(told and "cannot call" in told[0]) == (not callable_)
        app.pop()
    assert panels[0] == panels[1] == panels[2]
    assert covers[0] == covers[1] == covers[2]
    assert screens[0] == screens[1]  # only cards Ana alone could see differ


def test_two_people_calling_rummy_the_first_in_turn_order_takes_it(app):
    """R18 between people: Ben is named first and calls, then Ana calls; Ana
    comes first after Cat (the discarder), so Ana takes the 8 of spades."""
    table = claim_table(app, ANA, "8S")
    pp = table.pass_play
    game = table.session.game
    assert pp.asking
    called = []
    for who in (1, 0):  # Ben first, then Ana
        button = next(b for b in pp.name_buttons if b.label == table.names[who])
        click(button.rect.center)
        app.step(1 / 30)
        post_key(pygame.K_RETURN)  # the cover screen
        app.step(1 / 30)
        assert pp.revealed == who
        options = rummy_options(game.hand, who)
        assert options, who
        table.person._call(options[0].call)
        called.append(who)
        for _ in range(3):
            app.step(1 / 30)
        if who == 1:
            assert game.hand.window is not None and pp.asking  # nothing happens until Ana has answered
            assert [b.label for b in pp.name_buttons] == ["Ana"]
    for _ in range(5):
        app.step(1 / 30)
    events = [e for e in table.log_entries if isinstance(e, RummyCalled)]
    assert called == [1, 0] and len(events) == 1 and events[0].seat == 0
    assert game.hand.current == 0 and pp.cover == 0  # Ana plays on, after her cover screen


def test_a_new_game_with_two_people_is_pass_and_play_and_continues_so(app):
    """New game's seats with two people (the seat list the New game screen
    gives) start pass-and-play; the saved game opens so again (Load game)."""
    from game.services.slots import Slots
    from scenes.screens.load_game import resume
    seats = [Seat("Ana", "human"), Seat("Bot", "easy"), Seat("Ben", "human")]
    slot = Slots(app.storage).new_name()
    table = app.push(TableScene(app), seats=seats, seed=2, use_workers=False, slot=slot)
    assert table.pass_play is not None and table.pass_play.people == [0, 2]
    assert table.person is None  # every hand face down until someone's cover screen is passed
    table.autosave()
    app.pop()
    info = next(i for i in Slots(app.storage).list() if i.name == slot)
    assert resume(app, info)
    again = app.top
    assert isinstance(again, TableScene) and again.pass_play is not None and again.pass_play.people == [0, 2]
    app.pop()


def test_one_person_and_a_given_session_keep_the_table_as_it_was(app):
    """A session given with other "human" seats (a test moving them) keeps the
    one person at seat 0, as before pass-and-play."""
    session = TableSession([Seat("You", "human"), Seat("Bot", "human")], seed=1, use_workers=False)
    table = app.push(TableScene(app), session=session)
    assert table.pass_play is None and table.person is not None and table.person.seat == 0
    app.pop()


def test_each_person_keeps_their_own_hand_order_and_nothing_of_it_carries_over(app):
    """Cat sorts by rank, selects a card and asks for a hint, then discards:
    Ana's hand comes up in her own order with nothing selected or hinted,
    and Cat's order is kept for her next turn."""
    from game.rules.actions import Discard, DrawStock
    from game.rules.cards import parse_card
    game = game_from_record(claim_record(ANA))
    session = TableSession([Seat(n, "human") for n in ("Ana", "Ben", "Cat")], game.rules, game=game,
                           use_workers=False)
    table = app.push(TableScene(app), session=session, people=[0, 1, 2])
    for _ in range(5):
        app.step(1 / 30)
    pp = table.pass_play
    post_key(pygame.K_RETURN)
    app.step(1 / 30)
    cat = table.person
    assert cat.seat == 2
    cat.toggle_sort()
    cat_order = list(cat.order)
    assert cat.apply(DrawStock(2))
    cat.selected = {0}
    cat.hint = ("a hint", {1}, table.clock + 8)
    assert cat.apply(Discard(2, parse_card("JD")))
    for _ in range(5):
        app.step(1 / 30)
    assert pp.asking and table.person is None
    assert not cat.selected and cat.hint is None  # let go of with the turn
    post_key(pygame.K_n)  # no one calls
    for _ in range(3):
        app.step(1 / 30)
    assert pp.cover == 0
    post_key(pygame.K_RETURN)
    app.step(1 / 30)
    ana = table.person
    assert ana.seat == 0 and ana is not cat and ana.sort_mode == "suit" and not ana.selected and ana.hint is None
    assert sorted(ana.order) == sorted(game.hand.hands[0]) and ana.order != cat_order
    hand_places = sorted((p for p in table.layout_.places if p.zone == "hand"), key=lambda p: p.index)
    assert [p.card for p in hand_places] == ana.order and all(p.face_up for p in hand_places)
    assert cat.sort_mode == "rank" and [c for c in cat.order if c != parse_card("JD")] == \
        [c for c in cat_order if c != parse_card("JD")] + [c for c in cat.order if c not in cat_order]
