"""R18 timing without a window: the session and its person's Rummy window
(game.referee.PersonWindow) driven on a fake clock, as the table drives them.

A computer behind the person waits for the window, one ahead of the person
calls at once, the person's draw is blocked while a call waits, the person
first in turn order wins, and a game resumed mid-window opens it again."""

from __future__ import annotations

from game.actions import CallRummy, Discard, DrawStock, TableMeld
from game.engine import Phase
from game.events import Discarded, RummyCalled
from game.record import game_from_record, record_of
from game.referee import PersonWindow
from game.session import Seat, TableSession
from game.cards import parse_card as C

from helpers import claim_session


def bot_discards_8s(session: TableSession, now: float) -> None:
    """Bot's turn; the discard opens the person's window at ``now`` (as the table does)."""
    for a in (DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S"))):
        events = session.apply_human(a)
    assert any(isinstance(e, Discarded) for e in events)
    session.person_window.expect()
    session.person_window.start(now)


def run_until(session: TableSession, now: float) -> list:
    """One frame at ``now``: tick the window, collect answers, apply at most
    one ready action (the table shows one move at a time)."""
    session.person_window.tick(now, session.game.hand)
    session.update()
    return session.advance() if session.ready() else []


def test_a_computer_behind_the_person_waits_for_the_window():
    session = claim_session()
    h = session.game.hand
    bot_discards_8s(session, now=0.0)
    for t in (0.0, 0.5, 1.0, 1.99):
        assert run_until(session, t) == []
        assert session.rummy_claimed() == 1  # Ana's call waits: the person comes first (R18)
        assert session.hold_rummy and not any(isinstance(a, CallRummy) for a in h.actions)
    events = run_until(session, 2.0)  # time is up: Ana's call stands
    assert any(isinstance(e, RummyCalled) and e.seat == 1 and 0 in e.skipped for e in events)
    assert not session.hold_rummy and session.rummy_claimed() is None


def test_the_person_first_in_turn_order_wins_the_call():
    session = claim_session()
    h = session.game.hand
    bot_discards_8s(session, now=10.0)
    run_until(session, 10.3)
    assert session.rummy_claimed() == 1
    session.call_rummy(CallRummy(0, 1))
    session.person_window.close()
    run_until(session, 10.4)
    assert h.current == 0 and h.phase == Phase.PLAY and h.committed == C("8S")
    assert CallRummy(0, 1) in h.actions and CallRummy(1, 1) not in h.actions


def test_a_computer_ahead_of_the_person_calls_at_once():
    session = claim_session(players=4)  # Bot (2) discards; Ana (3) comes before you (0)
    h = session.game.hand
    bot_discards_8s(session, now=0.0)
    run_until(session, 0.0)  # no time has passed on the clock
    assert CallRummy(3, 1) in h.actions and h.current == 3


def test_the_window_closes_when_the_next_player_has_drawn():
    session = claim_session(players=4)
    window = session.person_window
    bot_discards_8s(session, now=0.0)
    run_until(session, 0.0)  # Ana called, so the Rummy window of that discard is over
    assert window.tick(0.1, session.game.hand) and not window.open


def test_a_game_resumed_mid_window_opens_it_on_the_new_clock():
    first = claim_session()
    for a in (DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S"))):
        first.apply_human(a)
    game = game_from_record(record_of(first.game))
    session = TableSession([Seat("You", "human"), Seat("Ana", "medium"), Seat("Bot", "human")], game.rules,
                           game=game, use_workers=False)
    assert not session.hold_rummy
    assert session.resume_window(0, now=100.0) and session.person_window.left(100.5) == 1.5
    run_until(session, 101.9)
    assert session.rummy_claimed() == 1 and session.hold_rummy
    assert any(isinstance(e, RummyCalled) for e in run_until(session, 102.0))


def test_no_window_for_the_discarder_or_with_rummy_calls_off():
    session = claim_session()
    for a in (DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S"))):
        session.apply_human(a)
    assert PersonWindow.possible(session.game.hand, 0)
    assert not PersonWindow.possible(session.game.hand, 2)  # not on one's own discard
    off = TableSession(session.seats, session.rules.with_changes(rummy_calls=False),
                       game=game_from_record({**record_of(session.game), "rules": {"rummy_calls": False}}),
                       use_workers=False)
    assert not off.resume_window(0, now=0.0) and not off.hold_rummy
