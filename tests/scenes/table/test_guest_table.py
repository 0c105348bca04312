"""Issue 23, section 3: a joined guest plays its seat at a real table window.

A :class:`~game.play.remote.host.TableHost` on 127.0.0.1 (a port the system
picks) with one open seat and a computer; the guest joins from the Join a
table page, which gives way to a :class:`~scenes.table.scene.TableScene`
driven by a :class:`~game.play.remote.guest_session.GuestSession` (SDL dummy
drivers). The scene plays its seat through the person's controls to the
end of the game; a move refused by the stand-in or by the host is worded
here, in the guest's language, and changes nothing; and nothing is drawn
beyond the seat's own view (the hidden cards the stand-in game samples
change, the pixels do not)."""

from __future__ import annotations

import hashlib
import json
import random
import time
import threading

import pygame
import pytest

from game.errors import IllegalMove
from game.i18n import _, set_language
from game.play.remote.discovery import InProcessDiscovery
from game.play.remote.guest_session import GuestSession
from game.play.remote.host import HostOptions, TableHost
from game.intent.turn import rummy_options
from game.play.remote import guest_session
from game.play.remote.network import Ask, Move
from game.rules.actions import CallRummy
from game.rules.actions import DrawStock
from game.rules.ruleset import RuleSet
from game.rules.view import view_for
from game.text.refusals import translate
from scenes.screens.joining import JoinScene
from scenes.screens.results import GameOver, HandResults, hand_rows
from scenes.table.layout import is_hidden
from scenes.core.dialogs import ChoiceDialog
from scenes.table.scene import TableScene
from hosted_helpers import in_process_network, open_app, open_join_page
from game.rules.record import record_of
from game.services.finished import FinishedGames
from game.services.kept_seats import KeptSeat, KeptSeats
from game.services.replay import person_in_note
from game.text.network import join_problem

CODE = "K7PQ3M"


@pytest.fixture
def network(monkeypatch):
    monkeypatch.setattr(JoinScene, "use_workers", False)  # the table's Hint thinks in this process
    return in_process_network(monkeypatch)


@pytest.fixture
def app(tmp_path):
    with open_app(tmp_path) as a:
        yield a


def make_host(tmp_path, network, seats=("easy", "open"), target=100, window_s=2.0, away="computer",
              seed=5, quit_after_game=True) -> TableHost:
    h = TableHost(HostOptions(list(seats), CODE, port=0, bind="127.0.0.1", rules=RuleSet(target=target), seed=seed,
                              window_s=window_s, away=away, quit_after_game=quit_after_game,
                              cert_dir=tmp_path / "cert", table_name="Ana's table"),
                  discovery=InProcessDiscovery(network), announce_address="127.0.0.1")
    h.start()
    return h


def step_until(app, host, done, timeout=30.0, each=None):
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        host.pump()
        if each is not None:
            each()
        app.step(1 / 60)


def join_table(app, host) -> TableScene:
    """Join from the Join a table page and wait for the table to replace it."""
    page = open_join_page(app, host.port, CODE)
    page.join()
    step_until(app, host, lambda: isinstance(app.top, TableScene))
    table = app.top
    assert isinstance(table.session, GuestSession) and table.remote
    assert table.viewer == table.session.seat == 1 and host.names[1] == "Ben"
    assert table.person is not None and table.person.seat == 1
    return table


def wait_for_the_hosts_view(app, session, host, seat: int = 1) -> None:
    """Frames (the host not pumped) until the seat's view is the host's view of it; fails after 5 s."""
    deadline = time.monotonic() + 5.0
    while session.received != view_for(host.session.game, seat):
        assert time.monotonic() < deadline, "the seat's view is not the host's"
        app.step(1 / 60)


def play_my_turn(table, asks=None) -> bool:
    """Play one move of the guest's seat through the person's controls, when it
    is its move and the table is still: draw from the stock (or the engine's
    own choice of draw when the stock is out), then the engine's choice of
    play. With ``asks`` (:func:`watch_rummy_asks`), a draw waits, as a person
    who looks at the discard before drawing, while the host's Rummy question
    for this seat is on its way or this seat's window is open: the question
    comes just after the discard it shows, and a draw sent first closes the
    window at the host (R18), so a quick table never called (CI under load
    drew first that way). A question the guest took and set aside does not
    hold the draw (the host would wait out its window). True when a move
    was sent."""
    session, person = table.session, table.person
    if not session.waiting_for_person() or table.animation.busy or table.app.top is not table:
        return False
    hand = session.game.hand
    if hand.current != session.seat:  # the move is sent and the stand-in has passed the turn on: the host's to answer
        return False
    if hand.phase.name == "DRAW":
        if asks is not None and (asks.on_its_way() or person.rummy_window_open()):
            return False
        before = session.n
        person.last_draw_at = -10.0
        person.draw_stock()
        if person.message and person.message[1] and session.n == before:  # the stock is out: take or end
            person.message = None
            if hand.ended is not None or hand is not session.game.hand:
                return True  # the hand ended meanwhile (it did once in CI, under load): nothing left to play
            person.apply(hand.fallback_action())
    else:
        person.apply(hand.fallback_action())
    return True


class RummyAsks:
    """The host's Rummy questions (R18) to one guest seat: the last one
    sent (its update number, -1 before any, and when, monotonic seconds)
    and the last the guest's session took from the network, whether it
    kept it or not."""

    PATIENCE_S = 5.0
    """How long a draw waits for a question: one lost on the way (a dropped
    connection) must not hold the game for the host's whole window."""

    def __init__(self):
        self.sent = self.taken = -1
        self.sent_at = 0.0

    def on_its_way(self) -> bool:
        """True while the host's last question has not reached the guest's
        session, for at most :attr:`PATIENCE_S` after it was sent."""
        return self.taken < self.sent and time.monotonic() - self.sent_at < self.PATIENCE_S


def watch_rummy_asks(monkeypatch, host, seat: int = 1) -> RummyAsks:
    """Count the Rummy questions ``host`` sends to ``seat`` and those every
    guest session takes (one guest here)."""
    asks = RummyAsks()
    send = host._ask

    def ask(s, rummy, seconds):
        if rummy and s == seat:
            asks.sent, asks.sent_at = host.n, time.monotonic()
        send(s, rummy, seconds)

    take = GuestSession._take

    def took(session, msg):
        if isinstance(msg, Ask) and msg.rummy:
            asks.taken = max(asks.taken, msg.n)
        take(session, msg)

    host._ask = ask
    monkeypatch.setattr(GuestSession, "_take", took)
    return asks


def call_when_i_can(table) -> bool:
    """Call Rummy (R18) through the person's controls when the guest's window
    is open and there is a call to make (the deepest, when asked which).
    True when a call was made."""
    person = table.person
    if table.app.top is not table or table.animation.busy or not person.rummy_window_open():
        return False
    if person.rummy_window.deadline is None or not rummy_options(table.session.game.hand, table.session.seat):
        return False
    person.call_rummy()
    return True


def _frame(table) -> str:
    surface = pygame.Surface(table.app.screen.get_size())
    table.draw(surface)
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


def test_a_guest_plays_its_seat_at_the_table_to_the_end_of_the_game(app, tmp_path, network, monkeypatch):
    # a Rummy window of a minute on the host: the game goes on at once only because the table says Pass
    # whenever its seat has nothing to call, and calls, through the person's controls, whenever it can (R18;
    # the host's deals from seed 1 give the guest calls to make)
    host = make_host(tmp_path, network, target=60, window_s=60.0, seed=1)
    try:
        refused, illegal = [], host._illegal
        host._illegal = lambda seat, exc: (refused.append(exc.code), illegal(seat, exc))
        asks = watch_rummy_asks(monkeypatch, host)
        table = join_table(app, host)
        moves, calls = [0], [0]  # calls: the guest's table called (each may still lose at the host)
        hands_seen = set()

        def each():
            top = app.top
            if isinstance(top, ChoiceDialog):  # how deep the Rummy call takes: the deepest
                top.choose(max(rummy_options(table.session.game.hand, 1), key=lambda o: o.call.count).call)
            elif isinstance(top, TableScene) and call_when_i_can(top):
                calls[0] += 1
            elif isinstance(top, HandResults):
                hands_seen.add(top.hand.index)
                # the results show every hand as the host revealed it, with the host's scores
                rows = hand_rows(top.game, top.hand)
                assert [row.score for row in rows] == host.session.game.hand_scores[top.hand.index]
                assert [row.tabled for row in rows] == [host.session.game.hands[top.hand.index].card_points(s)[0]
                                                        for s in range(2)]
                top.next()
            elif isinstance(top, TableScene) and play_my_turn(top, asks):
                moves[0] += 1

        step_until(app, host, lambda: isinstance(app.top, GameOver), timeout=60.0, each=each)
        over = app.top
        assert asks.taken == asks.sent >= 0  # the watch on the host's questions saw them, and each one arrived
        # the guest's Rummy calls were the host's to judge: in a game of two nobody else can call, and the host's
        # window was open, so every call was taken there, seen here as this seat's, and counted once
        called = [a for hand in host.session.game.hands for a in hand.actions
                  if isinstance(a, CallRummy) and a.seat == 1]
        assert len(called) == calls[0] == table.session.rummy_calls >= 1
        # nothing the guest's table sent was refused: no move sent twice (a discard sent after a meld the host had
        # not shown yet), no call after its own draw, no draw while one was on its way
        assert refused == []
        step_until(app, host, lambda: table.in_progress.record_settled)  # the record comes just after the game
        game = host.session.game
        assert over.game.winner == game.winner and over.game.totals == game.totals
        assert hands_seen == set(range(len(game.hands)))
        assert moves[0] >= 2 * len(game.hands)
        assert over.code is None  # the deals are the host's: no deal code at a guest's table
        # no game saved here: the game and its save slot are the host's; the finished game's record, which the
        # host sends once the game is over, is kept with this computer's finished games, for this seat
        saves, finished = app.storage.saves_dir, app.storage.finished_dir
        assert table.slot == ""
        assert not [p for p in saves.rglob("*") if p.is_file() and p.parent != finished]
        games, bad = FinishedGames(finished).list()
        assert bad is None and len(games) == 1
        name, summary = games[0]
        assert summary.person == 1 and summary.players == list(game.names) and summary.winner == game.winner
        kept = json.loads((finished / name).read_text(encoding="utf-8"))
        assert kept["hands"] == record_of(game)["hands"] and person_in_note(kept) == 1
        # the guest keeps the won game in its own statistics, once, under its name
        stats = app.storage.load_statistics()[0]
        assert stats.games_played == 1 and stats.games_won == (game.winner == 1)
        assert stats.people["Ben"].games_played == 1 and stats.hands_played == len(game.hands)
        assert stats.hand_points == sum(s[1]["hand"] for s in game.hand_scores)
        assert stats.rummy_calls == len(called)
        table.record_if_won()
        over.table.see_game_over()
        assert app.storage.load_statistics()[0].games_played == 1
        # the seat kept for taking it back is forgotten with the game
        assert KeptSeats(app.storage.network_dir).find(f"127.0.0.1:{host.port}", CODE) is None
    finally:
        host.close()


def test_the_hosts_next_game_at_the_same_table_is_played_from_the_game_over_screen(app, tmp_path, network):
    # a host that offers another game (no --quit-after-game): the guest's game-over screen says so, and Next
    # game plays the same seat in it, with the same connection; the finished game stays kept and counted once
    host = make_host(tmp_path, network, target=30, away="wait", quit_after_game=False)
    try:
        table = join_table(app, host)

        def each():
            top = app.top
            if isinstance(top, HandResults):
                top.next()
            elif isinstance(top, TableScene):
                play_my_turn(top)
        step_until(app, host, lambda: isinstance(app.top, GameOver), timeout=60.0, each=each)
        over = app.top
        step_until(app, host, lambda: over.next_offered)
        assert host.games == 2 and over.buttons[0].text == "Next game" and app.top is over
        assert "The host deals another game at this table." in [text for text, _until in app.toasts]
        first = table.session
        assert over.game.winner is not None and first.game.winner == over.game.winner  # the ended game stays shown
        step_until(app, host, lambda: over.elapsed >= 0.8)  # the key that closed the results is not taken for a click
        pos = over.buttons[0].rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)
        new = app.top
        assert isinstance(new, TableScene) and new is not table and new.remote and first.closed
        assert new.session.connection is first.connection and new.session.seat == new.viewer == 1
        assert new.session.game.winner is None and new.session.game.totals == [0, 0]
        assert [type(s).__name__ for s in app.stack] == ["TitleScene", "TableScene"]
        wait_for_the_hosts_view(app, new.session, host)
        moves = [0]

        def play():
            if play_my_turn(new):
                moves[0] += 1
        step_until(app, host, lambda: moves[0] >= 2, each=play)
        game = host.session.game
        assert game.winner is None and any(a.seat == 1 for a in game.hand.actions)
        # the first game counted once, its record kept once; the seat kept again for taking it back
        assert app.storage.load_statistics()[0].games_played == 1
        assert len(FinishedGames(app.storage.finished_dir).list()[0]) == 1
        kept = KeptSeats(app.storage.network_dir).find(f"127.0.0.1:{host.port}", CODE)
        assert kept is not None and kept.seat == 1 and kept.name == "Ben"
    finally:
        host.close()


def test_a_rummy_question_that_comes_after_its_discard_is_shown_is_answered(app, tmp_path, network, monkeypatch):
    # three seats, the guest in the middle: after the third seat's discard the guest is not the next to draw,
    # so only its own answer (Pass, or a call) closes the host's window of two minutes (R18). The host's
    # question is held back until the discard has been shown here, as a slow link can deliver it
    real_take, real_update = guest_session.GuestSession._take, guest_session.GuestSession.update
    held, late = [], [0]

    def take(self, msg):
        if isinstance(msg, Ask) and msg.rummy:
            held.append(msg)
        else:
            real_take(self, msg)

    def update(self):
        while held:
            late[0] += 1
            real_take(self, held.pop(0))
        real_update(self)
    monkeypatch.setattr(guest_session.GuestSession, "_take", take)
    monkeypatch.setattr(guest_session.GuestSession, "update", update)
    host = make_host(tmp_path, network, seats=("easy", "open", "easy"), window_s=120.0, away="wait")
    try:
        table = join_table(app, host)

        def each():
            if isinstance(app.top, TableScene) and not call_when_i_can(table):
                play_my_turn(table)
        step_until(app, host, lambda: isinstance(app.top, HandResults), timeout=90.0, each=each)
        assert late[0] >= 3  # the window opened for the guest after several discards, and was answered each time
    finally:
        host.close()


def test_a_draw_on_its_way_to_the_host_is_sent_once(app, tmp_path, network):
    # the stand-in cannot follow a draw from the stock (the card is the host's to say): clicks and key presses
    # while the host has not answered send nothing more, so nothing is refused there and a held key never
    # passes the host's rate limit (it closed the seat so once, and a computer finished the guest's game)
    host = make_host(tmp_path, network, away="wait")
    try:
        table = join_table(app, host)
        session, person = table.session, table.person

        def my_draw() -> bool:
            return (session.waiting_for_person() and session.view.phase == "draw" and not table.animation.busy
                    and app.top is table)
        step_until(app, host, my_draw)
        sent, real = [], session.connection.send

        def send(message):
            sent.append(message)
            real(message)
        session.connection.send = send
        for _ in range(5):  # the host is not pumped: its answer cannot come
            person.last_draw_at = -10.0
            person.draw_stock()
            app.step(1 / 60)
        moves = [m for m in sent if isinstance(m, Move)]
        assert [m.action for m in moves] == [DrawStock(1).to_record()]
        assert not session.waiting_for_person() and person.message is None
        step_until(app, host, lambda: session.view.phase == "play" and session.waiting_for_person())
        assert len([m for m in sent if isinstance(m, Move)]) == 1 and not session.refusals and person.message is None
        assert view_for(host.session.game, 1).phase == "play" and len(session.view.hand) == len(session.received.hand)
    finally:
        host.close()


def test_refusals_are_worded_here_and_change_nothing(app, tmp_path, network):
    set_language("cy")
    host = make_host(tmp_path, network)
    try:
        table = join_table(app, host)
        session, person = table.session, table.person
        # the stand-in refuses as the host would, before anything is sent: the engine's words, in Welsh
        # the computer has drawn at the host (before or after the guest's first move); the host is then left
        # unpumped, so the turn stays the computer's while the guest's table catches up and comes to rest
        def computer_has_drawn() -> bool:
            v = view_for(host.session.game, 0) if host.session is not None else None
            return v is not None and v.phase == "play" and v.current == 0

        step_until(app, host, computer_has_drawn, each=lambda: play_my_turn(table))
        wait_for_the_hosts_view(app, session, host)
        deadline = time.monotonic() + 5.0
        while table.animation.busy or session.waiting_for_person() or app.top is not table:
            assert time.monotonic() < deadline, "the guest's table did not come to rest"
            app.step(1 / 60)
        sent, shown = session.n, table.shown
        person.last_draw_at = -10.0
        person.draw_stock()
        assert person.message is not None and person.message[1]
        assert person.message[0] == translate("It's not your turn.") != "It's not your turn."
        assert table.shown == shown and session.n == sent
        # a move the host's referee refuses comes back as a code and is worded here too (one for another seat,
        # which this table never sends: the host refuses it whoever's turn it is)
        person.message = None
        session.connection.send(Move(DrawStock(0).to_record()))
        step_until(app, host, lambda: person.message is not None)
        assert person.message[0] == translate("It's not your turn.")
        assert len(table.log_entries) >= 2  # both refusals kept in the game log, with their rule
        # undo cannot be taken back at a shared table: said, in Welsh
        person.message = None
        person.undo()
        assert person.message[0] == _("At a table across computers every move is made for everyone at once: it "
                                      "can't be taken back.")
        with pytest.raises(IllegalMove):
            session.apply_person(DrawStock(0))  # never for another seat
    finally:
        host.close()


def test_nothing_is_drawn_beyond_the_seats_own_view(app, tmp_path, network):
    host = make_host(tmp_path, network, seats=("easy", "open", "easy"))
    try:
        table = join_table(app, host)
        session = table.session
        checked = [0]

        def each():
            top = app.top
            if isinstance(top, HandResults):
                top.next()
                return
            if top is not table or table.animation.busy or session.view.phase == "over" or session.ahead:
                play_my_turn(table)
                return
            # the table's picture is the host's view of this seat: every card face up is one the seat may see
            real = view_for(host.session.game, session.seat)
            if session.view.hand_index == real.hand_index and len(session.view.history) == len(real.history):
                assert session.view == real
            seen = set(session.view.hand) | set(session.view.discard)
            seen |= {c for m in session.view.table for c in m.cards} | {c for k in session.view.known for c in k}
            model = table.shown
            for s, cards in enumerate(model.hands):
                face_up = [c for c in cards if not is_hidden(c)]
                assert set(face_up) <= seen
            assert all(is_hidden(c) for c in model.stock)
            # the hidden cards the stand-in game samples change: the pixels do not
            before = _frame(table)
            session.rng = random.Random(checked[0] + 1000)
            session.game = session._stand_in()
            assert _frame(table) == before
            checked[0] += 1
            play_my_turn(table)

        step_until(app, host, lambda: checked[0] >= 40, timeout=90.0, each=each)
    finally:
        host.close()


def test_a_dropped_connection_takes_the_seat_back_with_its_token_and_play_goes_on(app, tmp_path, network):
    host = make_host(tmp_path, network, away="wait")  # the table waits for its guest (no stand-in ends the game)
    try:
        table = join_table(app, host)
        session = table.session
        token = session.connection.token
        step_until(app, host, lambda: session.n >= 3, each=lambda: play_my_turn(table))
        seen, reopen = threading.Event(), session.connection.reopen

        def reopen_once_seen():  # on this computer the seat is taken back within a frame: hold it till looked at
            assert seen.wait(30)
            return reopen()

        session.connection.reopen = reopen_once_seen
        session.connection.drop()  # a lost network: no goodbye
        try:
            step_until(app, host, lambda: session.away)
            assert _("Taking your seat back…") in table.status_lines()
        finally:
            seen.set()
        step_until(app, host, lambda: not session.away and 1 in host.connected(), timeout=30.0)
        assert session.gone is None and session.connection.token == token and host.names[1] == "Ben"
        # the table goes on from the host's view of the seat, and the seat plays on
        moves = [0]

        def each():
            if play_my_turn(table):
                moves[0] += 1

        step_until(app, host, lambda: moves[0] >= 3 or isinstance(app.top, (HandResults, GameOver)), each=each)
        # the host stands still (nothing pumps it): once its last update is in, the seat's view is the host's
        wait_for_the_hosts_view(app, session, host)
    finally:
        host.close()


def test_a_guest_whose_window_closed_takes_its_seat_back_from_the_join_page(app, tmp_path, network):
    host = make_host(tmp_path, network, away="wait")  # the table waits for its guest (no stand-in ends the game)
    try:
        table = join_table(app, host)
        token = table.session.connection.token
        kept = KeptSeats(app.storage.network_dir).find(f"127.0.0.1:{host.port}", CODE)
        assert kept is not None and (kept.seat, kept.token, kept.name) == (1, token, "Ben")
        step_until(app, host, lambda: table.session.n >= 3, each=lambda: play_my_turn(table))
        while app.stack:  # the window closes (its connection with it): the host holds the seat
            app.pop()
        step_until(app, host, lambda: 1 not in host.connected())
        # the Join page again, with another name: the kept token, not the name, takes seat 1 back
        page = open_join_page(app, host.port, CODE.lower(), "Bob")
        page.join()
        step_until(app, host, lambda: isinstance(app.top, TableScene))
        again = app.top
        assert again.session.seat == 1 and again.session.connection.token == token and host.names[1] == "Ben"
        wait_for_the_hosts_view(app, again.session, host)
    finally:
        host.close()


def test_a_kept_seat_whose_token_the_host_refuses_is_forgotten(app, tmp_path, network):
    host = make_host(tmp_path, network)
    try:
        where = f"127.0.0.1:{host.port}"
        seats = KeptSeats(app.storage.network_dir)
        seats.keep(KeptSeat(where, CODE, 1, "not-the-hosts-token", "Ben"))
        page = open_join_page(app, host.port, CODE)
        page.join()
        step_until(app, host, lambda: page.problem != "")
        assert page.problem == join_problem("bad_token", {}) and host.names[1] == ""
        assert seats.find(where, CODE) is None
        page.join()  # joined anew
        step_until(app, host, lambda: isinstance(app.top, TableScene))
        assert host.names[1] == "Ben" and seats.find(where, CODE).token == app.top.session.connection.token
    finally:
        host.close()


def test_the_host_leaving_is_said_at_the_table(app, tmp_path, network):
    host = make_host(tmp_path, network)
    table = join_table(app, host)
    host.close()  # the host says goodbye: no seat to take back
    step_until(app, host, lambda: table.session.gone is not None, timeout=10.0)
    assert table.session.gone == "host_left" and not table.session.away
    lines = table.status_lines()
    assert lines[1] == _("The host left; the game is saved on the host's computer.")
