"""The person's play at the table, driven by posted mouse and key events
(dummy video driver): a scripted turn, refusals, Rummy, jokers, keyboard
only, undo, hints, and a monkey."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules.cards import JOKER, parse_card
from game.rules.phase import Phase
from game.rules.record import game_from_record
from game.play.table_session import Seat, TableSession
from game.intent.targets import NewMeld, OnMeld, PileCard, Stock
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.dialogs import ChoiceDialog
from scenes.table.scene import TableScene
from scenes.screens.title import TitleScene

from helpers import check_invariants, claim_session


def C(token: str) -> int:
    return parse_card(token)


def record(you, bot, discard, stock, rules=None, bot_first=True):
    return {"format": "rummy500/1", "rules": rules or {}, "players": ["You", "Bot"],
            "hands": [{"dealer": 0 if bot_first else 1,
                       "deal": {"hands": [you, bot], "discard": discard, "stock": stock}, "actions": []}]}


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def table_for(app, rec, bot_level="human"):
    """A table where seat 0 is the person; the bot is moved by the test
    (``bot_level="human"``) or is a computer in this process."""
    game = game_from_record(rec)
    session = TableSession([Seat("You", "human"), Seat("Bot", bot_level)], game.rules, game=game,
                           use_workers=False)
    table = app.push(TableScene(app), session=session)
    settle(app)
    return table


def settle(app, frames=4):
    for _ in range(frames):
        app.step(1 / 60)


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    settle(app)


def drag(app, start, end, steps=6):
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(1 / 60)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    settle(app)


def key(app, k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    settle(app, 2)


def pos_of(table, token: str) -> tuple[int, int]:
    """The centre of the first card ``token`` in the person's hand (as shown)."""
    human = table.person
    i = human.order.index(C(token))
    r = human.input.card_rect(i)
    return (r.centerx, r.y + 12)


def select(app, table, *tokens):
    for t in tokens:
        click(app, pos_of(table, t))


def felt_spot(table):
    """An empty spot of the felt (a new meld goes there)."""
    z = table.layout_.zone_rects[0]
    return (z.right - 40, z.centery)


def bot_moves(table, *actions):
    """The test plays the bot's actions through the engine and the table."""
    for a in actions:
        events = table.session.apply_person(a)
        table.push_step(events)
        if table.person is not None:
            table.person.on_step(events)
    settle(table.app)


SCRIPT = record(
    you=["7H", "8H", "9H", "8S", "KC", "3C", "4C", "4D", "9D"],
    bot=["5S", "6S", "7S", "2C", "3D", "TD"],
    discard=["JS"],
    stock=["QD", "QH", "5H", "6C", "7C", "2D"])


def test_a_scripted_turn_with_the_mouse(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    table = table_for(app, SCRIPT)
    game = table.session.game
    bot_moves(table, DrawStock(1), TableMeld(1, (C("5S"), C("6S"), C("7S"))), Discard(1, C("2C")))
    h = game.hand
    assert h.current == 0 and h.phase == Phase.DRAW
    # draw from the stock (a double click draws once)
    stock = table.layout_.stock_rect.center
    click(app, stock)
    click(app, stock)
    assert h.phase == Phase.PLAY and len(h.hands[0]) == 10 and len(h.stock) == 4
    # drag a new meld onto the felt
    select(app, table, "7H", "8H", "9H")
    assert len(table.person.selected) == 3
    drag(app, pos_of(table, "8H"), felt_spot(table))
    assert [m.owner for m in h.table] == [1, 0] and sorted(h.table[1].cards) == sorted(map(C, ["7H", "8H", "9H"]))
    # lay off on the bot's run (another seat's meld)
    run = table.layout_.meld_rects[0].center
    drag(app, pos_of(table, "8S"), run)
    assert C("8S") in h.table[0].cards and h.table[0].layers[-1] == 0
    # discard by dropping one card on the pile
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    assert h.discard[-1] == C("KC") and h.current == 1
    # the bot draws and discards; then take a deep card and meld it
    bot_moves(table, DrawStock(1), Discard(1, C("3D")))
    pile = [p for p in table.layout_.places if p.zone == "pile"]
    deep = next(p for p in pile if p.card == C("2C"))
    click(app, deep.rect.move(4, 0).midleft)
    assert h.phase == Phase.PLAY and h.committed == C("2C")
    select(app, table, "2C", "3C", "4C")
    drag(app, pos_of(table, "3C"), felt_spot(table))
    assert h.committed is None and any(sorted(m.cards) == sorted(map(C, ["2C", "3C", "4C"])) for m in h.table)
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    assert h.current == 1
    check_invariants(game)
    assert any("You meld a run" in line for line in table.log_lines)


def test_an_illegal_drop_is_refused_with_the_reason_and_nothing_changes(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    click(app, table.layout_.stock_rect.center)
    before = h.snapshot()
    select(app, table, "KC", "4D", "9D")
    drag(app, pos_of(table, "KC"), felt_spot(table))
    assert h.snapshot() == before
    text, refusal, _ = table.person.message
    assert refusal and text  # the engine's words, shown above the hand
    assert table.person.input.spring  # the cards spring back
    # two cards on the pile: one card at a time
    settle(app, 30)  # the cards are home (while they spring back, a click picks them where they are drawn)
    table.person.selected = {table.person.order.index(C("4D")), table.person.order.index(C("9D"))}
    drag(app, pos_of(table, "4D"), table.layout_.pile_rect.center)
    assert h.snapshot() == before and "one card" in table.person.message[0]


def test_a_drop_before_drawing_is_refused(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    before = h.snapshot()
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    assert h.snapshot() == before and "Draw first" in table.person.message[0]


def test_hovering_the_pile_says_what_a_take_would_do(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    pile = [p for p in table.layout_.places if p.zone == "pile"]
    deep = next(p for p in pile if p.card == C("JS"))
    post(pygame.MOUSEMOTION, pos=deep.rect.move(3, 0).midleft, rel=(1, 0), buttons=(0, 0, 0))
    settle(app)
    text, refusal = table.person.note
    assert refusal and "J♠" in text  # the JS can't be tabled: the reason is shown
    assert table.session.game.hand.phase == Phase.DRAW  # hovering took nothing


def test_joker_dialog_asks_which_card_and_tables_the_choice(app):
    from game.rules.actions import Discard, DrawStock
    rec = record(you=["7H", "8H", "JK", "KC", "4D"], bot=["2C", "3D", "TD"], discard=["JS"],
                 stock=["QD", "QH", "5C", "6C"])
    table = table_for(app, rec)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    click(app, table.layout_.stock_rect.center)
    select(app, table, "7H", "8H", "JK")
    drag(app, pos_of(table, "8H"), felt_spot(table))
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and len(dialog.buttons) == 3  # 6H or 9H, and Cancel
    assert not h.table  # nothing tabled before the choice
    labels = [b.label for b in dialog.buttons]
    choice = next(b for b in dialog.buttons if "9♥" in b.label)
    click(app, choice.rect.center)
    assert app.top is table
    assert [c for c in h.table[0].cards if c >= 64] == [64 + C("9H")], labels


def test_one_way_to_use_a_joker_asks_nothing(app):
    from game.rules.actions import Discard, DrawStock
    rec = record(you=["7H", "9H", "JK", "KC", "4D"], bot=["2C", "3D", "TD"], discard=["JS"],
                 stock=["QD", "QH", "5C", "6C"])
    table = table_for(app, rec)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    click(app, table.layout_.stock_rect.center)
    select(app, table, "7H", "9H", "JK")
    drag(app, pos_of(table, "9H"), felt_spot(table))
    # 7♥ _ 9♥: the joker can only be the 8♥, so no dialog and the meld is down
    assert app.top is table
    assert [c for c in h.table[0].cards if c >= 64] == [64 + C("8H")]


def test_the_person_calls_rummy(app):
    from game.rules.actions import Discard, DrawStock
    rec = record(you=["7H", "8H", "9H", "KC", "4D", "5C"], bot=["TH", "3D", "2S", "QC"], discard=["JS"],
                 stock=["QD", "2H", "5S", "6C", "8D"], bot_first=False)
    table = table_for(app, rec)
    h = table.session.game.hand
    assert h.current == 0
    click(app, table.layout_.stock_rect.center)
    select(app, table, "7H", "8H", "9H")
    drag(app, pos_of(table, "8H"), felt_spot(table))
    drag(app, pos_of(table, "KC"), table.layout_.pile_rect.center)
    # the bot discards the TH, which extends the person's run: Rummy!
    bot_moves(table, DrawStock(1), Discard(1, C("TH")))
    assert table.person.rummy_window_open() and table.person.buttons["rummy"].visible
    key(app, pygame.K_r)
    settle(app, 10)
    assert h.current == 0 and h.phase == Phase.PLAY and h.committed == C("TH")
    # the person tables it (lay off on the own run) and discards
    drag(app, pos_of(table, "TH"), table.layout_.meld_rects[0].center)
    assert h.committed is None and C("TH") in h.table[0].cards


def test_rummy_when_there_is_none_says_why(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    before = h.snapshot()
    key(app, pygame.K_r)
    assert h.snapshot() == before and table.person.message[1]


def test_the_rummy_window_closes_by_itself(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    assert table.person.rummy_until is not None and table.session.person_rummy_window_open
    assert "Rummy" in table.status_lines()[1]  # the next player: draw, or call Rummy
    for _ in range(int(table.person.rummy_window_s / 0.1) + 3):
        app.step(0.1)
    assert table.person.rummy_until is None and not table.session.person_rummy_window_open


def test_the_same_turn_with_the_keyboard_only(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    human = table.person
    bot_moves(table, DrawStock(1), TableMeld(1, (C("5S"), C("6S"), C("7S"))), Discard(1, C("2C")))
    human.close_rummy_window()
    key(app, pygame.K_UP)  # to the table: the stock first when drawing
    assert human.input.targets()[human.input.focus_i] == Stock()
    key(app, pygame.K_RETURN)
    assert h.phase == Phase.PLAY

    def pick(*tokens):
        key(app, pygame.K_DOWN)
        for t in tokens:
            want = human.order.index(C(t))
            while human.input.focus_i != want:
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_SPACE)

    def go_to(target):
        key(app, pygame.K_UP)
        while human.input.targets()[human.input.focus_i] != target:
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)

    pick("7H", "8H", "9H")
    go_to(NewMeld())
    assert any(sorted(m.cards) == sorted(map(C, ["7H", "8H", "9H"])) for m in h.table)
    pick("8S")
    go_to(OnMeld(0))
    assert C("8S") in h.table[0].cards
    pick("KC")
    key(app, pygame.K_UP)  # one card selected: the top of the pile is focused (discard)
    key(app, pygame.K_RETURN)
    assert h.discard[-1] == C("KC") and h.current == 1


def test_undo_takes_back_melds_and_layoffs_not_the_draw(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), TableMeld(1, (C("5S"), C("6S"), C("7S"))), Discard(1, C("2C")))
    table.person.close_rummy_window()
    click(app, table.layout_.stock_rect.center)
    after_draw = table.session.game.hand.snapshot()
    select(app, table, "7H", "8H", "9H")
    drag(app, pos_of(table, "8H"), felt_spot(table))
    drag(app, pos_of(table, "8S"), table.layout_.meld_rects[0].center)
    assert len(table.session.game.hand.table) == 2
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    restored = table.session.game.hand.snapshot()
    assert restored["hands"] == after_draw["hands"] and restored["table"] == after_draw["table"]
    assert restored["phase"] == "play"  # the draw stays
    key(app, pygame.K_u)
    assert table.person.message[1]  # nothing more to take back: said so
    check_invariants(table.session.game)


def test_hint_shows_a_move_without_playing_it(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), TableMeld(1, (C("5S"), C("6S"), C("7S"))), Discard(1, C("2C")))
    table.person.close_rummy_window()
    click(app, table.layout_.stock_rect.center)
    before = h.snapshot()
    key(app, pygame.K_h)
    assert table.person.hint and table.person.hint[0].startswith("Hint (Medium): ") and " Why: " in table.person.hint[0]
    assert h.snapshot() == before


def test_sort_and_reorder_by_drag(app):
    table = table_for(app, SCRIPT)
    human = table.person
    key(app, pygame.K_s)
    ranks = [c % 13 for c in human.order if c != JOKER]
    assert ranks == sorted(ranks)
    first = human.order[0]
    last_rect = human.input.card_rect(len(human.order) - 1)
    drag(app, pos_of(table, "KC") if C("KC") == first else human.input.card_rect(0).center,
         (last_rect.right - 2, last_rect.centery))
    assert human.order[-1] == first


def test_with_an_empty_stock_the_person_is_asked(app):
    from game.rules.actions import Discard, DrawStock
    rec = record(you=["7H", "8H", "KC", "4D"], bot=["2C", "3D", "TD"], discard=["JS"], stock=["QD"])
    table = table_for(app, rec)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    settle(app)
    assert not h.stock
    assert "end the hand" in table.status_lines()[1]
    assert table.person.buttons["end"].visible
    key(app, pygame.K_e)
    assert h.ended == "stock_out"


def test_computer_turns_go_on_after_the_person(app):
    table = table_for(app, SCRIPT, bot_level="easy")
    h = table.session.game.hand
    for _ in range(200):
        app.step(1 / 60)
        if h.current == 0 and h.phase == Phase.DRAW and not table.person.rummy_window_open():
            break
    assert h.current == 0 and h.actions  # the bot played its turn by itself
    click(app, table.layout_.stock_rect.center)
    assert h.phase == Phase.PLAY


class _InProcessSession(TableSession):
    def __init__(self, *a, **kw):
        kw["use_workers"] = False
        super().__init__(*a, **kw)


def test_monkey_20000_random_events_across_every_scene(app, monkeypatch):
    """Random clicks, drags, keys and text across the scenes (seeded): no
    exception, and every game the table holds stays legal."""
    import game.play.table_session as session_mod
    import scenes.table.scene as table_mod
    monkeypatch.setattr(table_mod, "TableSession", _InProcessSession)
    monkeypatch.setattr(session_mod, "TableSession", _InProcessSession)  # Continue builds one too
    rng = random.Random(20_000)
    state = random.getstate()
    random.seed(20_000)  # new games from the menus draw their seeds here
    app.options.speed = "fast"  # animations and pacing run on the frames' time: the same run every time
    app.push(TitleScene(app))
    W, H = app.screen.get_size()
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN,
            pygame.K_ESCAPE, pygame.K_r, pygame.K_s, pygame.K_h, pygame.K_u, pygame.K_e, pygame.K_l,
            pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PAGEDOWN, pygame.K_a]
    tables = set()
    events = 0
    held = False
    W, H = app.screen.get_size()

    def send(kind, **kw):
        nonlocal events
        post(kind, **kw)
        events += 1

    table_phase = False
    while events < 20_000:
        if not table_phase and events >= 5_000:
            # after roaming every scene, the rest goes to a table of the person and two computers
            table_phase = True
            keys.remove(pygame.K_ESCAPE)
            rng.seed(5_000)  # the table's run does not depend on how the menus were roamed
            while app.stack:
                app.pop()
            # the roaming may have lengthened the Rummy window in Settings, which holds every discard longer
            app.settings.rummy_window_s = 2.0
            # and a window after every discard, as before issue 21 (item 13): offered only when a call is
            # open, every window would be one the monkey's R and Enter can call in, often deep in the pile,
            # which commits a card (R9) that random drags seldom table (the same trap as the deep takes below)
            app.settings.rummy_button_always = True
            app.push(TitleScene(app))
            app.push(TableScene(app), seats=[Seat("You", "human"), Seat("Ana", "easy"), Seat("Ben", "medium")],
                     seed=7)
        if not app.stack or not app.running:
            app.running = True
            app.push(TitleScene(app))
        top = app.top
        if table_phase and type(top).__name__ == "ReviewScene":
            # a review opened from the hand results is a page of its own (tests/scenes/screens/
            # test_review_scene.py): Esc is out of the table phase's keys, so the monkey goes Back
            top.close()
            top = app.top
        at_table = isinstance(top, TableScene) and top.layout_ is not None
        if at_table:
            tables.add(top)
        r = rng.random()
        h = top.session.game.hand if at_table else None
        if (at_table and h.ended is None and h.current == 0 and h.phase == Phase.PLAY and h.committed is not None
                and r < 0.05 and not top.animation.busy):
            # a card to meld this turn (R9, after a Rummy call the monkey's R made): random drags seldom
            # table it, so now and then the person plays the engine's own way out, as the table applies it
            top.person.apply(h.fallback_action())
        elif at_table and h.ended is None and h.current == 0 and h.phase == Phase.DRAW and r < 0.5:
            # the person's draw: the stock or a card of the pile
            lay = top.layout_
            # the top card only: a deeper take commits a card (R9) that random drags can seldom table,
            # which held the table in one turn for good once the computers' discards changed (issue 11)
            piles = [p.rect.move(3, 3).topleft for p in lay.places if p.zone == "pile"][-1:]
            pos = rng.choice([lay.stock_rect.center] * 12 + piles)
            send(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            send(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif (at_table and h.ended is None and h.current == 0 and h.phase == Phase.PLAY and r < 0.25
              and any(p.zone == "hand" for p in top.layout_.places)):
            # the person's play: a card onto the discard pile
            lay = top.layout_
            start = rng.choice([p for p in lay.places if p.zone == "hand"]).rect.move(5, 8).topleft
            send(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            send(pygame.MOUSEMOTION, pos=lay.pile_rect.center, rel=(9, 9), buttons=(1, 0, 0))
            send(pygame.MOUSEBUTTONUP, pos=lay.pile_rect.center, button=1)
        elif at_table and r < 0.3 and top.layout_.places:
            # a click on a card: select, draw, take (the top discard only, as in the draw above:
            # a click deeper in the pile commits a card that random drags can seldom table)
            places = top.layout_.places
            places = [p for p in places if p.zone != "pile"] + [p for p in places if p.zone == "pile"][-1:]
            pos = rng.choice(places).rect.move(3, 3).topleft
            send(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            send(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif at_table and r < 0.6 and any(p.zone == "hand" for p in top.layout_.places):
            # a drag from the hand to somewhere that matters
            lay = top.layout_
            start = rng.choice([p for p in lay.places if p.zone == "hand"]).rect.move(5, 8).topleft
            spots = [lay.pile_rect.center, lay.zone_rects[0].center, lay.hand_rect.center,
                     (rng.randrange(W), rng.randrange(H))] + [m.center for m in lay.meld_rects.values()]
            end = rng.choice(spots)
            send(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for i in range(1, 4):
                p = (start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3)
                send(pygame.MOUSEMOTION, pos=p, rel=(2, 2), buttons=(1, 0, 0))
            send(pygame.MOUSEBUTTONUP, pos=end, button=1)
        else:
            for _ in range(6):
                q = rng.random()
                pos = (rng.randrange(W), rng.randrange(H))
                if q < 0.3:
                    send(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1 if held else 0, 0, 0))
                elif q < 0.5:
                    send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
                    held = True
                elif q < 0.7:
                    send(pygame.MOUSEBUTTONUP, pos=pos, button=1)
                    held = False
                elif q < 0.97:
                    send(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0)
                else:
                    send(pygame.TEXTINPUT, text=rng.choice("aZé 7"))
        app.step(rng.choice([1 / 60, 1 / 30, 0.2]))
    random.setstate(state)
    assert tables  # the monkey reached the table
    person = sum(1 for t in tables for h in t.session.game.hands for a in h.actions
                 if a.seat == 0 and t.session.seats[0].is_person)
    assert person > 30  # and played there: draws, melds, lay-offs, discards
    for t in tables:
        check_invariants(t.session.game)


def play_through_the_table(app, players: int, seed: int, max_frames: int = 60_000, hands: int | None = None):
    """The person's seat is played with real gestures (clicks, drags, keys),
    choosing what the Medium computer would do; the others are computers."""
    from game.rules.actions import Discard as Dis, DrawStock as Draw, EndHand as End
    from game.rules.actions import LayOff as Lay, TableMeld as Meld, TakeDiscards as Take
    from game.ai.medium import MediumAI
    from game.rules.view import view_for
    from scenes.screens.results import GameOver, HandResults

    names = ["You", "Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
    seats = [Seat("You", "human")] + [Seat(names[i], "medium" if i % 2 else "easy") for i in range(1, players)]
    session = TableSession(seats, seed=seed, use_workers=False)
    table = app.push(TableScene(app), session=session)
    me = MediumAI(seed)
    moves = {"gestures": 0, "hands": 0}
    for _ in range(max_frames):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, GameOver):
            return table, moves
        if isinstance(top, HandResults):
            moves["hands"] += 1
            if hands is not None and moves["hands"] >= hands:
                return table, moves
            key(app, pygame.K_RETURN)
            continue
        if isinstance(top, ChoiceDialog):
            click(app, top.buttons[0].rect.center)
            continue
        game = session.game
        h = game.hand
        human = table.person
        if h.ended is not None or not human.idle():
            continue
        if human.rummy_until is not None and (h.current != 0 or session.rummy_claimed() is not None):
            call = me.call_rummy(view_for(game, 0))
            if call is not None:
                key(app, pygame.K_r)
                moves["gestures"] += 1
            else:
                human.close_rummy_window()
            continue
        if h.current != 0:
            continue
        action = me.choose(view_for(game, 0))
        before = len(h.actions)
        lay = table.layout_
        if isinstance(action, Draw):
            click(app, lay.stock_rect.center)
        elif isinstance(action, Take):
            j = len(h.discard) - action.count
            pile = next(p for p in lay.places if p.zone == "pile" and p.index == j)
            click(app, pile.rect.move(3, 3).topleft)
        elif isinstance(action, End):
            key(app, pygame.K_e)
        elif isinstance(action, (Meld, Lay, Dis)):
            cards = [52 if c >= 64 else c for c in (action.cards if isinstance(action, Meld) else
                                                    [action.card])]
            human.selected = set()
            free = list(range(len(human.order)))
            picks = []
            for c in cards:
                i = next(j for j in free if human.order[j] == c)
                free.remove(i)
                picks.append(i)
            for i in picks:
                r = human.input.card_rect(i)
                click(app, (r.x + 6, r.y + 10))
            r = human.input.card_rect(picks[0])
            start = (r.x + 6, r.y + 10)
            if isinstance(action, Meld):
                end = felt_spot(table)
            elif isinstance(action, Lay):
                end = lay.meld_rects[action.meld].center
            else:
                end = lay.pile_rect.move(0, 0).midleft
                end = (end[0] + 10, end[1])
            drag(app, start, end)
            if isinstance(app.top, ChoiceDialog):
                wanted = action.cards if isinstance(action, Meld) else action.card
                from game.text.events import card_words
                from game.rules.cards import card_token
                label = (" ".join(card_words(card_token(c)) for c in wanted) if isinstance(action, Meld)
                         else card_words(card_token(wanted)))
                button = next((b for b in app.top.buttons if b.label == label), app.top.buttons[0])
                click(app, button.rect.center)
        moves["gestures"] += 1
        assert len(h.actions) > before or h is not session.game.hand, (action, human.message)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players,seed,hands", [(2, 3, None), (6, 5, 3)])
def test_whole_games_played_with_the_mouse(app, players, seed, hands):
    """A whole 2-player game (and a 6-player hand) where every move of the
    person's seat is a click, a drag or a key on the real table."""
    table, moves = play_through_the_table(app, players, seed, hands=hands)
    game = table.session.game
    check_invariants(game)
    assert moves["gestures"] > (20 if hands is None else 8)
    if hands is None:
        assert game.winner is not None
    person = [a for h in game.hands for a in h.actions if a.seat == 0]
    kinds = {type(a).__name__ for a in person}
    assert {"DrawStock", "Discard", "TableMeld"} <= kinds


def claim_table(app, players=3):
    """The table of :func:`helpers.claim_session`: you (0), Ana (a Medium
    computer), Bot (2) melds 5-6-7♠ and discards the 8♠, which Ana can call Rummy on."""
    table = app.push(TableScene(app), session=claim_session(players))
    settle(app)
    return table


def test_a_computers_rummy_waits_for_the_person_who_comes_first(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    table = claim_table(app)
    h = table.session.game.hand
    bot_moves(table, DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S")))
    settle(app)
    assert table.session.rummy_claimed() == 1  # Ana called; you are next, so you may call first
    assert "Ana called Rummy" in table.status_lines()[1]
    before = h.snapshot()
    click(app, table.layout_.stock_rect.center)  # drawing past a call is refused
    assert h.snapshot() == before and "called Rummy" in table.person.message[0]
    for _ in range(40):  # the window runs out: Ana's call stands, your turn is skipped
        app.step(0.1)
        if table.person.message and "skipped" in table.person.message[0]:
            break
    from game.rules.actions import CallRummy
    assert CallRummy(1, 1) in h.actions and not any(a.seat == 0 for a in h.actions)
    assert "skipped" in table.person.message[0]


def test_the_person_first_in_turn_order_wins_the_rummy_call(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    table = claim_table(app)
    h = table.session.game.hand
    bot_moves(table, DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S")))
    settle(app)
    key(app, pygame.K_r)
    settle(app, 10)
    assert h.current == 0 and h.phase == Phase.PLAY and h.committed == C("8S")


def test_a_computer_before_the_person_calls_at_once(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    table = claim_table(app, players=4)  # Bot (2) discards; Ana (3) comes before you (0)
    h = table.session.game.hand
    bot_moves(table, DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S")))
    from game.rules.actions import CallRummy
    for _ in range(6):
        app.step(0.1)  # well inside your 2-second window
    assert CallRummy(3, 1) in h.actions


def test_continue_right_after_a_discard_opens_the_window(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    from game.rules.record import record_of
    table = claim_table(app)
    bot_moves(table, DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S")))
    rec = record_of(table.session.game)
    app.pop()
    game = game_from_record(rec)
    session = TableSession([Seat("You", "human"), Seat("Ana", "medium"), Seat("Bot", "human")], game.rules,
                           game=game, use_workers=False)
    resumed = app.push(TableScene(app), session=session)
    settle(app)
    assert resumed.person.rummy_until is not None and session.rummy_claimed() == 1


def test_keyboard_focus_survives_the_table_changing_under_it(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    human = table.person
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    human.close_rummy_window()
    key(app, pygame.K_UP)
    while not isinstance(human.input.targets()[human.input.focus_i], PileCard):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # onto the last place, then the pile is taken and the row gets shorter
    human.input.focus_i = 99
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    human.selected = set()
    human.input.focus_i = 99
    key(app, pygame.K_SPACE)
    assert human.selected == set()  # no card there: nothing selected, nothing raised
    check_invariants(table.session.game)


def test_a_computers_rummy_on_your_discard_is_shown(app):
    from game.rules.actions import CallRummy
    rec = record(you=["5S", "6S", "7S", "8S", "KC", "4D"], bot=["QC", "QD", "4C", "9C", "TC", "2D"],
                 discard=["JH"], stock=["QH", "5D", "6D", "7D"], bot_first=False)
    table = table_for(app, rec, bot_level="medium")
    h = table.session.game.hand
    click(app, table.layout_.stock_rect.center)
    select(app, table, "5S", "6S", "7S")
    drag(app, pos_of(table, "6S"), felt_spot(table))
    table.factor = 0.5  # animated from here, so the banner is drawn
    drag(app, pos_of(table, "8S"), table.layout_.pile_rect.center)  # the 8♠ fits your run: Bot calls
    banners = set()
    for _ in range(120):
        app.step(1 / 30)
        if table.animation.banner:
            banners.add(table.animation.banner[:2])
    assert CallRummy(1, 1) in h.actions
    assert ("Rummy!", 1) in banners  # over the caller's seat
    assert any(line.startswith("Bot calls Rummy!") for line in table.log_lines)


def test_going_out_by_melding_every_card_ends_the_hand(app):
    from scenes.screens.results import HandResults
    table = meld_out_table(app)
    h = table.session.game.hand
    settle(app)
    assert h.ended == "went_out" and h.went_out == 0
    assert isinstance(app.top, HandResults)


def test_while_the_going_out_banner_is_up_the_hand_takes_no_input(app):
    """At a speed with banners the results wait for "You go out!" to run its
    time; the table is uncovered then, but the hand is over: a click on the
    stock or a key is not sent to the engine (no "This hand is over." refusal,
    which would also linger into the next deal)."""
    from scenes.screens.results import HandResults
    table = meld_out_table(app, factor=1.0)
    log_before = len(table.log_lines)
    tried = 0
    for _ in range(600):
        if isinstance(app.top, HandResults):
            break
        if not table.animation.busy and table.animation.banner is not None:
            post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
            app.step(1 / 60)  # the key is read this frame, by the table (the panel is not up yet)
            post(pygame.MOUSEBUTTONDOWN, pos=table.layout_.stock_rect.center, button=1)
            post(pygame.MOUSEBUTTONUP, pos=table.layout_.stock_rect.center, button=1)
            tried += 1
        app.step(1 / 60)
    assert tried > 0  # the banner was up, uncovered, for some frames
    assert isinstance(app.top, HandResults)
    assert table.person.message is None
    assert not any("Refused" in line for line in table.log_lines[log_before:])


def meld_out_table(app, rules=None, between=lambda table: None, factor=None):
    """A table where the person draws the KH and tables every card by
    gestures (7H 8H 9H, then KC KD KH), so they go out (or float, with
    ``rules={"going_out": "float"}``); ``between(table)`` runs after the
    first meld, and ``factor`` (a speed) is set before the last. Returns the
    table as the last drag leaves it (not settled)."""
    rec = record(you=["7H", "8H", "9H", "KC", "KD"], bot=["2C", "3D", "TD"], discard=["JS"],
                 stock=["KH", "5C", "6C"], rules=rules, bot_first=False)
    table = table_for(app, rec)
    click(app, table.layout_.stock_rect.center)
    select(app, table, "7H", "8H", "9H")
    drag(app, pos_of(table, "8H"), felt_spot(table))
    between(table)
    select(app, table, "KC", "KD", "KH")
    if factor is not None:
        table.factor = factor
    drag(app, pos_of(table, "KD"), felt_spot(table))
    return table


def float_table(app, between=lambda table: None):
    """:func:`meld_out_table` under ``going_out = float``: the person floats."""
    return meld_out_table(app, {"going_out": "float"}, between)


def test_floating_passes_the_turn_with_an_empty_hand(app):
    table = float_table(app)
    h = table.session.game.hand
    settle(app)
    assert h.ended is None and h.hands[0] == [] and h.current == 1
    assert any("float" in line for line in table.log_lines)


def test_the_rummy_window_stays_open_while_the_pointer_is_on_the_button(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    button = table.person.buttons["rummy"]
    assert button.visible
    post(pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 0), buttons=(0, 0, 0))
    for _ in range(int(table.person.rummy_window_s / 0.1) + 10):
        app.step(0.1)
    assert table.person.rummy_until is not None  # held open under the pointer
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0), buttons=(0, 0, 0))
    settle(app, 3)
    assert table.person.rummy_until is None  # and it closes once the pointer leaves


def test_a_drag_is_cancelled_when_the_window_loses_focus(app):
    from game.rules.actions import Discard, DrawStock
    table = table_for(app, SCRIPT)
    h = table.session.game.hand
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.close_rummy_window()
    click(app, table.layout_.stock_rect.center)
    before = h.snapshot()
    start = pos_of(table, "KC")
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, -80), buttons=(1, 0, 0))
    app.step(1 / 60)
    assert table.person.input.drag is not None
    post(pygame.WINDOWFOCUSLOST)
    app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=table.layout_.pile_rect.center, button=1)
    settle(app)
    assert table.person.input.drag is None and h.snapshot() == before  # the card went home, nothing played


def test_hint_uses_the_level_chosen_in_settings_and_says_why(app):
    from game.rules.actions import Discard, DrawStock, TableMeld
    from scenes.screens.settings import SettingsScene
    settings = app.push(SettingsScene(app))
    settings.hint.step(1)  # Medium -> Hard
    assert app.settings.hint_level == "hard" and app.storage.load_settings()[0].hint_level == "hard"
    app.pop()
    table = table_for(app, SCRIPT)
    assert list(table.hinter.players) == ["hard"]  # started with the table, not at the first H
    bot_moves(table, DrawStock(1), TableMeld(1, (C("5S"), C("6S"), C("7S"))), Discard(1, C("2C")))
    table.person.close_rummy_window()
    click(app, table.layout_.stock_rect.center)
    before = table.session.game.hand.snapshot()
    key(app, pygame.K_h)
    words = table.person.hint[0]
    assert words.startswith("Hint (Hard): ") and " Why: " in words and "\n" not in words
    assert table.hinter.players["hard"].ai.__class__.__name__ == "HardAI"
    assert table.session.game.hand.snapshot() == before  # shown, never played


def test_a_hint_that_comes_after_a_move_is_not_shown(app):
    from game.ai import make_ai
    from game.play.seats import Reply
    from game.rules.actions import Discard, DrawStock, TableMeld

    class Slow:
        """A seat player that answers only when the test lets it, as a worker does while it thinks."""
        level = "medium"

        def __init__(self):
            self.view, self.ready = None, False

        def ask(self, view, rummy=False, past=None):
            self.view = view

        def poll(self):
            return Reply(make_ai("medium", 1).choose(self.view)) if self.ready else None

        def close(self):
            pass

    table = table_for(app, SCRIPT)
    bot_moves(table, DrawStock(1), TableMeld(1, (C("5S"), C("6S"), C("7S"))), Discard(1, C("2C")))
    table.person.close_rummy_window()
    slow = table.hinter.players["medium"] = Slow()
    key(app, pygame.K_h)
    settle(app, 2)
    assert table.person.hint[0].startswith("Hint (Medium): thinking") and table.hinter.pending
    click(app, table.layout_.stock_rect.center)  # the person draws before the answer comes
    slow.ready = True
    settle(app, 2)
    assert table.person.hint is None and not table.hinter.pending
