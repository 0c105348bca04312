"""Every seat behind the one seat interface, and a Rummy window per person
(issue 23, part 0): two people at one table each get their own window, one
person's call or pass never closes the other's, R18 priority between two
people follows turn order, a person's side is asked with that seat's view
only, and nobody can act for a seat that is not theirs."""

from __future__ import annotations

import pytest

from game.errors import IllegalMove
from game.play.seats import PersonPlayer
from game.play.table_session import Seat, TableSession
from game.rules.actions import CallRummy, Discard, DrawStock, TableMeld
from game.rules.cards import parse_card as C
from game.rules.events import RummyCalled
from game.rules.phase import Phase
from game.rules.view import PlayerView

from helpers import claim_session

BOT_TURN = (DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S")))


def people_table() -> TableSession:
    """The deal of :func:`helpers.claim_session` with three people: You (0)
    and Cat (1) sit at the table, Bot (2) is moved by the test. After Bot's
    discard of the 8♠ the turn order is You, then Cat (R18)."""
    game = claim_session().game
    session = TableSession([Seat("You", "human"), Seat("Cat", "human"), Seat("Bot", "human")], game.rules,
                           game=game, use_workers=False)
    session.attach_person(0, 3.0)
    session.attach_person(1, 3.0)
    return session


def bot_discards(session: TableSession, now: float) -> None:
    for action in BOT_TURN:
        session.apply_person(action)
    for seat in (0, 1):  # the table starts each window's clock once the discard is shown
        window = session.rummy_window(seat)
        assert window.pending, seat  # opened by the discard for every other person sitting there
        window.start(now)


def frame(session: TableSession, now: float) -> list:
    session.tick(now)
    session.update()
    return session.advance() if session.ready() else []


def test_every_seat_is_a_seat_player_and_people_are_asked_with_their_own_view():
    session = people_table()
    assert all(isinstance(p, PersonPlayer) for p in session.players.values())
    assert session.referee.computers == {}
    session.update()  # Bot's turn: the referee asks the seat to move, as it asks a computer
    view, rummy = session.players[2].question
    assert isinstance(view, PlayerView) and not rummy and view.seat == 2
    assert sorted(view.hand) == sorted(session.game.hand.hands[2])
    assert session.players[0].question is None  # not asked: not their move
    bot_discards(session, 0.0)
    session.update()
    for seat in (0, 1):
        view, rummy = session.players[seat].question
        assert rummy and view.seat == seat and sorted(view.hand) == sorted(session.game.hand.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in session.game.hand.hands)  # only the sizes of the others


def test_a_call_closes_only_the_callers_window_and_waits_for_the_person_before_them():
    session = people_table()
    h = session.game.hand
    bot_discards(session, 0.0)
    session.call_rummy(CallRummy(1, 1))  # Cat calls first on the clock...
    assert not session.rummy_window(1).open and session.rummy_window(0).open
    for t in (0.5, 1.0, 2.9):
        assert frame(session, t) == []
        assert session.rummy_claimed() == 1  # ...but You come first in turn order: Cat's call waits
    with pytest.raises(IllegalMove):
        session.apply_person(DrawStock(0))  # and nobody may draw past it meanwhile (R18)
    events = frame(session, 3.0)  # Your window runs out: Cat's call stands
    assert any(isinstance(e, RummyCalled) and e.seat == 1 and 0 in e.skipped for e in events)
    assert h.current == 1 and h.phase == Phase.PLAY


def test_the_person_first_in_turn_order_wins_even_calling_second():
    session = people_table()
    h = session.game.hand
    bot_discards(session, 0.0)
    session.call_rummy(CallRummy(1, 1))
    frame(session, 0.2)
    session.call_rummy(CallRummy(0, 1))  # You call after Cat, but come first after Bot
    events = frame(session, 0.4)
    assert any(isinstance(e, RummyCalled) and e.seat == 0 for e in events)
    assert CallRummy(0, 1) in h.actions and CallRummy(1, 1) not in h.actions


def test_a_pass_by_the_first_person_lets_the_next_call_stand_at_once():
    session = people_table()
    bot_discards(session, 0.0)
    session.call_rummy(CallRummy(1, 1))
    session.rummy_window(0).close()  # You let it go before your time is up
    events = frame(session, 0.1)
    assert any(isinstance(e, RummyCalled) and e.seat == 1 for e in events)


def test_with_no_call_the_game_waits_for_every_open_window():
    session = people_table()
    h = session.game.hand
    bot_discards(session, 0.0)
    session.rummy_window(0).close()  # You pass; Cat still decides
    assert frame(session, 1.0) == [] and session.rummy_window_open()
    assert session.rummy_window(1).open
    frame(session, 3.0)  # Cat's time is up: nobody called
    assert not session.rummy_window_open() and h.current == 0 and h.phase == Phase.DRAW


def test_nobody_acts_for_a_seat_that_is_not_a_persons():
    session = claim_session()  # Ana (1) is a computer
    before = session.game.hand.snapshot()
    with pytest.raises(ValueError):
        session.call_rummy(CallRummy(1, 1))
    with pytest.raises(ValueError):
        session.apply_person(DrawStock(1))
    with pytest.raises(ValueError):
        session.attach_person(1)
    assert session.game.hand.snapshot() == before  # the refused attempts changed nothing
