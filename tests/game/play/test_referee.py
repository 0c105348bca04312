"""R18 timing without a window: the one referee (game.play.referee.Referee), on its
own and inside the session, with the person's Rummy window driven on a fake
clock, as the table drives them.

A computer behind the person waits for the window, one ahead of the person
calls at once, the person's draw is blocked while a call waits, the person
first in turn order wins (at the depth they choose), a game resumed
mid-window opens it again, and a failing or illegal AI answer gets the
engine's fallback move."""

from __future__ import annotations

import pytest

from game.rules.actions import CallRummy, Discard, DrawStock, TableMeld, TakeDiscards
from game.ai import make_ai
from game.rules.game import Game
from game.rules.phase import Phase
from game.errors import IllegalMove
from game.rules.events import Discarded, RummyCalled
from game.intent.turn import rummy_options
from game.play.referee import AIError
from game.play.all_computer import ai_step
from game.rules.record import game_from_record, record_of
from game.play.referee import AwaitingMove, GameOver, HandOver, Referee, RummyWindow
from game.play.rummy_window import PersonRummyWindow
from game.rules.ruleset import RuleSet
from game.play.seats import LocalPlayer
from game.play.table_session import Seat, TableSession
from game.rules.cards import parse_card as C

from helpers import claim_session

BOT_TURN = (DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S")))


def bot_discards_8s(session: TableSession, now: float) -> None:
    """Bot's turn; the discard opens the person's window at ``now`` (as the table does)."""
    for a in BOT_TURN:
        events = session.apply_person(a)
    assert any(isinstance(e, Discarded) for e in events)
    session.person_rummy_window.expect()
    session.person_rummy_window.start(now)


def run_until(session: TableSession, now: float) -> list:
    """One frame at ``now``: tick the window, collect answers, apply at most
    one ready action (the table shows one move at a time)."""
    session.person_rummy_window.tick(now, session.game.hand)
    session.update()
    return session.advance() if session.ready() else []


def test_a_computer_behind_the_person_waits_for_the_window():
    session = claim_session()
    h = session.game.hand
    bot_discards_8s(session, now=0.0)
    for t in (0.0, 0.5, 1.0, 1.99):
        assert run_until(session, t) == []
        assert session.rummy_claimed() == 1  # Ana's call waits: the person comes first (R18)
        assert session.person_rummy_window_open and not any(isinstance(a, CallRummy) for a in h.actions)
    events = run_until(session, 2.0)  # time is up: Ana's call stands
    assert any(isinstance(e, RummyCalled) and e.seat == 1 and 0 in e.skipped for e in events)
    assert not session.person_rummy_window_open and session.rummy_claimed() is None


def test_the_person_first_in_turn_order_wins_the_call():
    session = claim_session()
    h = session.game.hand
    bot_discards_8s(session, now=10.0)
    run_until(session, 10.3)
    assert session.rummy_claimed() == 1
    session.call_rummy(CallRummy(0, 1))
    session.person_rummy_window.close()
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
    window = session.person_rummy_window
    bot_discards_8s(session, now=0.0)
    run_until(session, 0.0)  # Ana called, so the Rummy window of that discard is over
    assert window.tick(0.1, session.game.hand) and not window.open


def test_a_game_resumed_mid_window_opens_it_on_the_new_clock():
    first = claim_session()
    for a in BOT_TURN:
        first.apply_person(a)
    game = game_from_record(record_of(first.game))
    session = TableSession([Seat("You", "human"), Seat("Ana", "medium"), Seat("Bot", "human")], game.rules,
                           game=game, use_workers=False)
    assert not session.person_rummy_window_open
    assert session.resume_rummy_window(0, now=100.0) and session.person_rummy_window.left(100.5) == 1.5
    run_until(session, 101.9)
    assert session.rummy_claimed() == 1 and session.person_rummy_window_open
    assert any(isinstance(e, RummyCalled) for e in run_until(session, 102.0))


def test_no_window_for_the_discarder_or_with_rummy_calls_off():
    session = claim_session()
    for a in BOT_TURN:
        session.apply_person(a)
    assert PersonRummyWindow.possible(session.game.hand, 0)
    assert not PersonRummyWindow.possible(session.game.hand, 2)  # not on one's own discard
    off = TableSession(session.seats, session.rules.with_changes(rummy_calls=False),
                       game=game_from_record({**record_of(session.game), "rules": {"rummy_calls": False}}),
                       use_workers=False)
    assert not off.resume_rummy_window(0, now=0.0) and not off.person_rummy_window_open


# ------------------------------------------------------ the referee on its own


def bare_referee(discard: str = "JS") -> Referee:
    """The deal of :func:`claim_session` under a referee alone: Ana (1) a
    Medium AI in this process, you (0) the person, Bot (2) moved by the test."""
    game = claim_session(discard=discard).game
    return Referee(game, {1: LocalPlayer(make_ai("medium", 1))}, attached=(0,))


def test_the_referee_states_through_a_claimed_window_on_a_fake_clock():
    ref = bare_referee()
    assert ref.state == AwaitingMove(2, person=True)
    for a in BOT_TURN:
        ref.apply_person(a)
    assert ref.rummy_window(0).pending and ref.rummy_window(0).deadline is None  # opened by the discard, clock not yet running
    ref.update()
    assert ref.state == RummyWindow(2, frozenset({1}), frozenset({0}), (), 1) and not ref.ready()
    ref.rummy_window(0).start(50.0)  # the discard is on show
    for now in (50.0, 51.0, 51.9):
        assert not ref.tick(now)
        ref.update()
        assert not ref.ready() and ref.rummy_claimed() == 1 and ref.state.deadline == 52.0
    assert ref.tick(52.0) and not ref.rummy_window(0).open  # time is up: the person let it go
    ref.update()
    events = ref.advance()
    assert any(isinstance(e, RummyCalled) and e.seat == 1 and 0 in e.skipped for e in events)
    assert ref.state == AwaitingMove(1, person=False)


def test_holding_the_rummy_button_keeps_the_window_open():
    ref = bare_referee()
    for a in BOT_TURN:
        ref.apply_person(a)
    ref.rummy_window(0).start(0.0)
    assert not ref.tick(5.0, held=(0,)) and ref.rummy_window(0).open
    assert ref.tick(5.1) and not ref.rummy_window(0).open


def test_the_persons_draw_is_blocked_while_a_computers_call_waits():
    session = claim_session()
    h = session.game.hand
    bot_discards_8s(session, now=0.0)
    run_until(session, 0.5)
    assert session.rummy_claimed() == 1
    before = h.snapshot()
    for draw in (DrawStock(0), TakeDiscards(0, 1)):
        with pytest.raises(IllegalMove) as refused:
            session.apply_person(draw)
        assert refused.value.rule == "R18" and "Ana" in refused.value.message
        assert h.snapshot() == before
    session.person_rummy_window.close()  # the person lets it go: Ana's call stands, and only then may the game go on
    assert any(isinstance(e, RummyCalled) and e.seat == 1 for e in run_until(session, 0.6))


def test_the_person_next_to_draw_with_no_call_waiting_may_draw_at_once():
    session = claim_session()
    h = session.game.hand
    session.attach_person(0)
    for a in BOT_TURN:
        session.apply_person(a)
    session.person_rummy_window.start(0.0)
    session.referee.players[1].ai.call_rummy = lambda view: None  # Ana does not call
    run_until(session, 0.1)
    assert session.rummy_claimed() is None and session.person_rummy_window_open
    session.apply_person(DrawStock(0))
    assert h.current == 0 and h.phase == Phase.PLAY and not session.person_rummy_window_open


def test_the_person_calls_rummy_at_the_depth_they_choose():
    session = claim_session(discard="4S")  # the pile: 4♠ under the 8♠, both fit Bot's 5-6-7♠
    h = session.game.hand
    window = session.attach_person(0)  # as the table does when it opens
    for a in BOT_TURN:
        session.apply_person(a)
    assert window.pending  # the referee opened it on Bot's discard
    window.start(0.0)
    assert sorted(o.call.count for o in rummy_options(h, 0)) == [1, 2]
    run_until(session, 0.2)
    assert session.rummy_claimed() == 1  # Ana would take the 8♠
    session.call_rummy(CallRummy(0, 2))  # you take both, down to the 4♠
    assert not session.person_rummy_window_open
    events = run_until(session, 0.3)
    assert any(isinstance(e, RummyCalled) and e.seat == 0 for e in events)
    assert CallRummy(0, 2) in h.actions and h.committed == C("4S") and h.current == 0
    assert C("8S") in h.hands[0] and CallRummy(1, 1) not in h.actions


def test_an_illegal_rummy_call_by_the_person_is_refused_and_changes_nothing():
    session = claim_session()
    bot_discards_8s(session, now=0.0)
    before = session.game.hand.snapshot()
    with pytest.raises(IllegalMove):
        session.call_rummy(CallRummy(0, 2))  # the J♠ under the 8♠ fits nothing of yours
    with pytest.raises(ValueError):
        session.call_rummy(CallRummy(1, 1))  # Ana is a computer: she answers for herself
    assert session.game.hand.snapshot() == before and session.person_rummy_window_open


def test_hand_over_and_game_over_states():
    game = Game.new(["A", "B"], RuleSet(target=50), seed=4)
    ais = {0: make_ai("easy", 0), 1: make_ai("easy", 1)}
    ref = Referee(game, {s: LocalPlayer(ai) for s, ai in ais.items()})
    while game.winner is None:
        if game.hand.ended is not None:
            assert ref.state == HandOver(len(game.hands) - 1)
            ref.deal_next_hand()
        ref.step()
    assert ref.state == GameOver(game.winner)
    with pytest.raises(LookupError):
        ref.step()


class Faulty:
    """An AI that raises, or answers with a move that is not legal."""

    level = "faulty"

    def __init__(self, how: str):
        self.how = how

    def choose(self, view):
        if self.how == "raise":
            raise ZeroDivisionError("the AI broke")
        return Discard(view.seat, C("AS") if C("AS") not in view.hand else C("2S"))  # not in hand, or out of turn

    def call_rummy(self, view):
        if self.how == "raise":
            raise ZeroDivisionError("the AI broke")
        return CallRummy((view.seat + 1) % 3, 1)  # another seat's call


@pytest.mark.parametrize("how", ["raise", "illegal"])
def test_a_failing_or_illegal_ai_answer_gets_the_fallback(how):
    game = Game.new(["A", "B", "C"], RuleSet(), seed=8)
    good = {s: make_ai("easy", s) for s in range(3)}
    fallbacks = 0
    while game.hand.ended is None:  # the seat to move is faulty each time: the hand still ends
        seat = game.hand.current
        expected = game.clone().hand.fallback_action()
        ref = Referee(game, {**{s: LocalPlayer(ai) for s, ai in good.items()}, seat: LocalPlayer(Faulty(how))})
        events = ref.step()
        if not any(isinstance(e, RummyCalled) for e in events):  # a good AI may call Rummy first
            assert game.hand.actions[-1] == expected and ref.fallbacks == 1
            fallbacks += 1
        assert len(game.hands) == 1
    assert fallbacks > 10
    fresh = Game.new(["A", "B", "C"], RuleSet(), seed=8)
    with pytest.raises(AIError):
        ai_step(fresh, {s: Faulty(how) for s in range(3)}, strict=True)
    for _ in range(30):  # strict: a faulty Rummy answer raises too
        if fresh.hand.window is not None and fresh.hand.phase == Phase.DRAW:
            break
        ai_step(fresh, good)
    with pytest.raises(AIError, match="Rummy"):
        ai_step(fresh, {**good, (fresh.hand.window + 1) % 3: Faulty(how)}, strict=True)


def test_an_illegal_rummy_call_by_a_computer_is_no_call():
    session = claim_session()
    session.referee.players[1].ai.call_rummy = lambda view: CallRummy(0, 1)  # Ana answers for you
    h = session.game.hand
    for a in BOT_TURN:
        session.apply_person(a)
    session.update()
    assert session.rummy_claimed() is None and not session.ready()
    assert not session.rummy_window_open() and session.waiting_for_person()  # on to your draw
    assert not any(isinstance(a, CallRummy) for a in h.actions)


class _Counting(LocalPlayer):
    """A computer seat that counts the questions put to it."""

    def __init__(self, ai):
        super().__init__(ai)
        self.asked: list[bool] = []

    def ask(self, view, rummy=False, past=None):
        self.asked.append(rummy)
        super().ask(view, rummy, past)


def test_replace_asks_the_new_player_again_even_in_an_open_rummy_window():
    """A computer standing in for a person who left mid-window (issue 23):
    the window is collected anew, so the new player is asked the open Rummy
    question instead of the referee waiting on an answer nobody was asked for."""
    from game.rules.view import view_for

    game = Game.new(["A", "B", "C"], RuleSet(target=100), seed=9)
    referee = Referee(game, {s: LocalPlayer(make_ai("easy", s)) for s in (1, 2)}, attached=(0,))
    person_ai = make_ai("easy", 0)
    for _ in range(2000):
        referee.update()
        state = referee.state
        if isinstance(state, RummyWindow) and 0 in state.waiting and state.discarder != 0:
            break  # the computers have answered; the person's window is open
        if referee.ready():
            referee.advance()
        elif isinstance(state, AwaitingMove) and state.seat == 0:
            person_ai.begin_decision(view_for(game, 0), False)
            referee.apply_person(person_ai.choose(view_for(game, 0)))
    else:
        pytest.fail("no Rummy window opened for the person")
    new = _Counting(make_ai("easy", 100))
    old = referee.replace(0, new)
    assert old.is_person and referee.players[0] is new
    referee.update()
    assert new.asked[:1] == [True]  # asked the open Rummy question (R18), then maybe its move
    assert not isinstance(referee.state, RummyWindow) or referee.ready()  # and the window is over
