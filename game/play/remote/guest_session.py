"""A joined seat played at a real table window (issue 23). No pygame.

:class:`GuestSession` is what the table scene (:class:`scenes.table.scene.TableScene`)
drives when its game is hosted at another computer: it has the surface of
:class:`~game.play.table_session.TableSession` the table, the person's
controls and the results use (``game``, ``names``, ``seats``, ``ready``,
``advance``, ``apply_person``, ``call_rummy``, ``tick`` ...), fed by the
host's messages through a :class:`~game.play.remote.guest.GuestConnection`
(read with ``get(timeout=0)``: a frame never waits on the network)::

    session = GuestSession(conn, welcome, messages)   # the Start and first Update already received
    each frame:
        session.update()                 # take what the host sent
        if session.ready() and the table has shown the last step:
            events = session.advance()   # the next update: its public events, and the view after it
    a move of the person:  session.apply_person(action)   # sent as Move; [] (the events come back)

What the table draws comes from :meth:`seen_view` alone: the seat's own
:class:`~game.rules.view.PlayerView` as the host sent it. The person's
controls ask legality, drop targets and hints of :attr:`game`, a stand-in
:class:`~game.rules.game.Game` built from that view
(:func:`game.rules.view.sample_world`: the hidden cards sampled, seeded):
which moves of this seat are legal depends only on its own hand and the
public state, so the stand-in allows and refuses exactly what the host's
referee would (the host still checks every move and may answer
:class:`~game.play.remote.network.Illegal`). Nothing sampled is ever drawn.

A refusal from the host arrives as the engine's code, rule and English
message (:attr:`refusals`); the table words it in this window's language
(:mod:`game.text.refusals`). Undo cannot be taken back at a shared table
(the host has applied the move for everyone): :attr:`can_undo` is False.
When the connection drops (no goodbye from the host), the session takes
the seat back with its token on a thread of its own (:attr:`away` meanwhile,
for at most ``reconnect_s`` seconds; the host's stand-in plays or the table
waits, as the host chose), and the table goes on from the host's view.
When the connection ends for good, :attr:`gone` says why (``"host_left"``,
``"banned"`` or ``"over"``), worded by :func:`game.text.network.join_problem`.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import deque
from dataclasses import dataclass

from game.errors import IllegalMove
from game.play.remote.guest import CLOSED, GuestConnection, JoinError
from game.play.remote.network import (
    POLICY, Ask, BadMessage, Bye, Call, GameOver, Illegal, Move, Pass, RecordPart, RecordParts, Refused, Start,
    Update, Welcome, events_from_wire, view_from_wire,
)
from game.play.rummy_window import PersonRummyWindow
from game.play.table_session import REMOTE, Seat
from game.rules.actions import Action, CallRummy, DrawStock
from game.rules.cards import parse_card
from game.rules.events import (
    CardDrawn, DiscardTaken, Discarded, Event, GameWon, HandDealt, HandEnded, LaidOff, MeldTabled, RummyCalled,
)
from game.rules.game import Game
from game.rules.record import RecordError, decode_json, game_from_record
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView, sample_world

__all__ = ["GuestSession", "REMOTE", "checked_record"]

log = logging.getLogger("rummy500.guest")

@dataclass(frozen=True)
class _Step:
    """One update from the host, waiting to be shown: its number ``n``, the
    public ``events``, the ``view`` after it and, at a hand's end, every
    seat's ``hands`` (card codes)."""

    n: int
    events: list[Event]
    view: PlayerView
    hands: list[list[int]] | None


def checked_record(text: str, over: GameOver) -> dict | None:
    """The finished game's record the host sent (``text``, its JSON) when it
    is a valid record (``game-record.md``, replayed to its end) of the game
    ``over`` announced: the same players, winner and totals (R21). Else
    ``None``, with the reason logged. Never raises."""
    try:
        record = decode_json(text)
        game = game_from_record(record)
    except (RecordError, IllegalMove, ValueError) as exc:
        log.warning("the finished game's record from the host is not kept: %s", exc)
        return None
    if list(game.names) != list(over.names) or game.winner != over.winner or list(game.totals) != list(over.totals):
        log.warning("the finished game's record from the host is not the game it announced: not kept")
        return None
    return record


class GuestSession:
    """The seat ``welcome.seat`` of the table behind ``connection`` (already
    open), as the table scene drives a game (see the module docstring).
    ``messages``: what the connection has received since the welcome, at
    least the game's :class:`Start` and its first :class:`Update`
    (``ValueError`` otherwise, or for a view that breaks the schema).
    ``seed`` seeds the stand-in worlds; ``use_workers`` is where the
    person's Hint thinks (:class:`game.play.hints.Hinter`); ``reconnect_s``
    how long a dropped connection is tried again (0: never)."""

    remote = True
    """The table scene's sign of a game hosted elsewhere: drawn from :meth:`seen_view`, never saved here."""
    can_undo = False
    """A move sent to the host is applied for everyone: no undo at a shared table."""
    autoplay_level = None

    def __init__(self, connection: GuestConnection, welcome: Welcome, messages=(), *, seed: int | None = None,
                 use_workers: bool = True, window_s: float = 2.0, reconnect_s: float = 30.0):
        self.connection = connection
        self.welcome = welcome
        self.seat = welcome.seat
        self.use_workers = use_workers
        self.seed = -1  # the table's seed is the host's secret: no deal code here (game.services.deal_code)
        self.rng = random.Random(seed)
        self.rules: RuleSet | None = None
        self._names: list[str] = list(welcome.names)
        self.received: PlayerView | None = None  # the last view the host sent (its history goes on from it)
        self.view: PlayerView | None = None      # the view shown: the last update taken with advance()
        self.n = 0
        self._steps: deque[_Step] = deque()
        self.window = PersonRummyWindow(window_s)
        self._rummy_ask: tuple[float, float | None] | None = None  # (arrival, the host's seconds)
        self._called = False
        self.asked: Ask | None = None
        self._in_flight: list[Action] = []  # this seat's moves sent, in order, that no update has shown yet
        self.awaiting_host = False  # a draw or a Rummy call was sent: only the host's answer says what came of it
        self.refusals: deque[Illegal] = deque()
        self.over: GameOver | None = None
        self._record = RecordParts()  # the finished game's record as the host sends it (RecordPart), at game over
        self._next: list = []  # the host's next game at this table: its start and all after it, held at game over
        self.gone: str | None = None
        self.closed = False
        self.reconnect_s = reconnect_s
        self.away = False  # the connection dropped: the seat is being taken back (its token)
        self._rejoin: list = []  # the rejoining thread's outcome: [True] or [JoinError reason]
        self._hands_seen: list[list[int]] | None = None
        self._ended: tuple[str, int | None] | None = None
        self._winner: int | None = None
        self.hand_scores: list[list[dict[str, int]]] = []
        self.rummy_calls = 0  # this seat's Rummy calls that won (R18) and takes of two or more cards (R8.3)
        self.deep_takes = 0
        self.start_scores: list[int] | None = None
        self.first_hand = 0  # the hand this seat joined in
        for msg in messages:
            self._take(msg)
        self.update()
        if self.rules is None or not self._steps:
            raise ValueError("a guest's table needs the game's start and a first update from the host")
        self.game: Game
        self.advance()  # the position as joined: shown at once, as a continued game is (sets the stand-in game)

    # ------------------------------------------------------------ the table's surface
    @property
    def names(self) -> list[str]:
        """Every seat's name, as the host gave them."""
        return list(self._names)

    @property
    def seats(self) -> list[Seat]:
        """Every seat: this one a person's (``"human"``), the others :data:`REMOTE`."""
        return [Seat(name, "human" if i == self.seat else REMOTE) for i, name in enumerate(self._names)]

    def is_ai(self, seat: int) -> bool:
        """True for every seat but this one: nobody here plays them."""
        return seat != self.seat

    def seen_view(self, seat: int) -> PlayerView:
        """What the table may draw: this seat's view as the host sent it
        (``ValueError`` for another seat: a guest has no other view)."""
        if seat != self.seat:
            raise ValueError(f"a guest at seat {self.seat + 1} sees only its own view")
        return self.view

    def hand_facts(self) -> tuple[str | None, int | None, int]:
        """The public facts of the shown hand the view leaves out: how it
        ended (``"went_out"``, ``"stock_out"`` or ``None``), who went out, and
        how many updates of it were shown."""
        reason, went_out = self._ended or (None, None)
        return reason, went_out, self.n

    def thinking_seat(self) -> int | None:
        """The seat the host waits on (a computer, another guest or the host's person), or ``None``."""
        v = self.view
        if v is None or v.phase == "over" or self._steps or v.current == self.seat or self.gone:
            return None
        return v.current

    def waiting_for_person(self) -> bool:
        """True when the shown position is this seat's move, nothing else is
        to be shown and no draw from the stock or Rummy call is on its way to
        the host (a draw sent after a call would close the call's window there, R18)."""
        v = self.view
        return (not self._steps and v is not None and v.phase in ("draw", "play") and v.current == self.seat
                and self.gone is None and not self.awaiting_host and self.game.hand.current == self.seat)

    def rummy_claimed(self) -> int | None:
        """The host's referee decides R18 priority: nothing waits on this window here."""
        return None

    def rummy_window(self, seat: int) -> PersonRummyWindow:
        """This seat's Rummy window (R18), opened when the host asks; ``ValueError`` for another seat."""
        if seat != self.seat:
            raise ValueError(f"a guest at seat {self.seat + 1} has only its own Rummy window")
        return self.window

    @property
    def person_rummy_window(self) -> PersonRummyWindow:
        return self.window

    @property
    def person_rummy_window_open(self) -> bool:
        return self.window.open

    def rummy_window_open(self) -> bool:
        """True while this seat's Rummy window is open (R18): the host asked
        it about the shown discard. Whether the other seats may still call is
        the host's to know, so this table never says they may."""
        return self.window.open

    def attach_person(self, seat: int, window_s: float = 2.0) -> PersonRummyWindow:
        """The person sits at this seat: their Rummy window (its time is the host's)."""
        self.window.seconds = float(window_s)
        return self.rummy_window(seat)

    def resume_rummy_window(self, seat: int, now: float) -> bool:
        """A window opens only when the host asks (:meth:`update`): False."""
        return False

    def ready(self) -> bool:
        """True when an update is waiting to be shown in this hand (the next
        hand's deal waits for :meth:`deal_next_hand`)."""
        if not self._steps:
            return False
        return not (self.view.phase == "over" and self._starts_hand(self._steps[0]))

    def deal_ready(self) -> bool:
        """True when the shown hand is over and the host's next deal has come."""
        return bool(self._steps) and self.view.phase == "over" and self._starts_hand(self._steps[0])

    @staticmethod
    def _starts_hand(step: _Step) -> bool:
        return any(isinstance(e, HandDealt) for e in step.events)

    def advance(self) -> list[Event]:
        """Show the next update: its events (``[]`` when none waits); the
        view and the stand-in game move on to it."""
        if not self._steps:
            return []
        step = self._steps.popleft()
        if self.view is None or step.view.hand_index != self.view.hand_index:
            self._ended, self._hands_seen = None, None
        self.view, self.n = step.view, step.n
        if self.start_scores is None:  # the first position this seat sees
            self.first_hand = step.view.hand_index
            self.start_scores = list(step.view.totals)
            self.hand_scores = [[{"tabled": 0, "in_hand": 0, "hand": 0}] * step.view.players
                                for _ in range(step.view.hand_index)]
        if step.hands is not None:
            self._hands_seen = step.hands
        for e in step.events:
            if isinstance(e, RummyCalled) and e.seat == self.seat:
                self.rummy_calls += 1
            elif isinstance(e, DiscardTaken) and e.seat == self.seat and len(e.cards) >= 2:
                self.deep_takes += 1
            elif isinstance(e, HandEnded):
                self._ended = (e.reason, e.went_out)
                self._score(e)
            elif isinstance(e, GameWon):
                self._winner = e.winner
        self.game = self._stand_in()
        self._follow_in_flight(step)
        return step.events

    def _score(self, e: HandEnded) -> None:
        """Keep the ended hand's scores (R19, R20) for the results and the chart."""
        while len(self.hand_scores) < e.hand:
            self.hand_scores.append([{"tabled": 0, "in_hand": 0, "hand": 0}] * len(e.scores))
        world = self._stand_in()
        rows = world.hand.scores() if self._hands_seen is not None else None
        scores = [dict(rows[s]) if rows is not None else {"tabled": 0, "in_hand": 0, "hand": e.scores[s]}
                  for s in range(len(e.scores))]
        for s, hand in enumerate(e.scores):
            scores[s]["hand"] = hand  # the host's figure is the one that counts
        del self.hand_scores[e.hand:]
        self.hand_scores.append(scores)

    def deal_next_hand(self) -> list[Event] | None:
        """Show the host's next deal once it has come: its events; ``None``
        while the host has not dealt yet (the table waits and asks again)."""
        self.update()
        if not self.deal_ready():
            return None
        return self.advance()

    def apply_person(self, action: Action) -> list[Event]:
        """Send this seat's move to the host. Raises :class:`~game.errors.IllegalMove`
        (nothing sent, nothing changed) when the stand-in game refuses it, as
        the host's referee would; else returns ``[]``: the move's events come
        back in the host's update. A move of another seat is refused too. A
        second draw from the stock while the first is on its way (a double
        click, a held key) sends nothing: the stand-in cannot follow a draw, so
        each would reach the host, be refused there, and a held key could pass
        the host's rate limit and lose the seat."""
        if action.seat != self.seat:
            raise IllegalMove("not_your_turn", "R7", "It's not your turn.")
        game = self.game
        if isinstance(action, DrawStock):
            if self.awaiting_host:
                return []
            game.hand.check(action)  # what comes off the stock is the host's to say
            self.awaiting_host = True
        else:
            game.apply(action)  # the stand-in follows, so a second move of this turn is checked after the first
        if self.gone is None and not self.away:
            self.connection.send(Move(action.to_record()))
            self._in_flight.append(action)
        self.asked = None
        self.window.close()
        return []

    def call_rummy(self, call: CallRummy) -> None:
        """Call Rummy (R18) on the shown discard: checked on the stand-in,
        then sent; the host decides priority and whether it came in time
        (it may answer :class:`Illegal`). Closes this window; this seat's
        moves wait for the host's answer (:meth:`waiting_for_person`)."""
        if call.seat != self.seat:
            raise IllegalMove("not_your_turn", "R7", "It's not your turn.")
        self.game.hand.check(call)
        if self.gone is None and not self.away:
            self.connection.send(Call(call.to_record()))
        self._called = self.awaiting_host = True
        self.window.close()

    def finished_record(self) -> dict | None:
        """The finished game's record as the host sent it (issue 23: a guest
        keeps the game it played), once the game is over (R21); ``None``
        before, when it did not all come, or when it is not a valid record
        (``game-record.md``, replayed) of this game: the same players, the
        same winner and totals the host announced. Never raises."""
        over, text = self.over, self._record.text()
        if over is None or text is None:
            return None
        return checked_record(text, over)

    def restore(self, game: Game) -> None:
        """Undo: a move the host has applied for everyone cannot be taken back
        (:attr:`can_undo` is False, so the table never asks). Raises ``RuntimeError``."""
        raise RuntimeError("a move applied at the host's table cannot be taken back")

    def tick(self, now: float, held: bool = False) -> bool:
        """The table's clock (seconds): this seat's Rummy window closes when
        the host's time is up (measured from the host's question: the host
        counts a call when it gets there) or the next player has drawn; once
        it closes without a call the host is told (``Pass``). True when it closed."""
        w = self.window
        if self._rummy_ask is not None and w.deadline is not None and self._rummy_ask[1] is not None:
            arrived, seconds = self._rummy_ask
            w.deadline = min(w.deadline, now + seconds - (time.monotonic() - arrived))
        closed = w.tick(now, self.game.hand, held)
        if self._rummy_ask is not None and not w.open:
            if not self._called and self.gone is None and not self.away:
                self.connection.send(Pass())
            self._rummy_ask, self._called = None, False
        return closed

    def update(self) -> None:
        """Take every message the host has sent (never waits)."""
        if self.away:
            if not self._rejoin:
                return  # the connection is being opened again: nothing to read yet
            outcome, self._rejoin, self.away = self._rejoin[0], [], False
            self._in_flight.clear()  # what was sent before the drop may never have come: the host's view says
            self.awaiting_host = False
            if outcome is not True:
                self.gone = "banned" if outcome == "banned" else "host_left"
                return
        while not self.closed and not self.away:
            msg = self.connection.get(timeout=0)
            if msg is None:
                return
            self._take(msg)

    def close(self) -> None:
        """Leave the table: the seat goes back to the host (a computer plays it). Safe to call twice."""
        if not self.closed:
            self.closed = True
            self.connection.close_in_background()  # the window goes on while the host hears the goodbye

    def __enter__(self) -> "GuestSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ the host's messages
    def next_game(self) -> bool:
        """True once the host, after this game's end (R21), has started
        another game at the same table (a host without ``--quit-after-game``):
        its messages are held for :meth:`hand_over`."""
        return bool(self._next) and not self.closed and self.gone is None

    def hand_over(self) -> tuple[GuestConnection, Welcome, list]:
        """Give the connection, the welcome and the next game's messages to
        the table that plays it (``GuestSession(*session.hand_over())``): this
        session is closed without closing the connection. ``RuntimeError``
        when no next game has started (:meth:`next_game`)."""
        if not self.next_game():
            raise RuntimeError("the host has not started another game at this table")
        messages, self._next = self._next, []
        self.closed = True
        return self.connection, self.welcome, messages

    def _take(self, msg) -> None:
        if self.over is not None and (self._next or isinstance(msg, Start)) \
                and not (isinstance(msg, tuple) and msg and msg[0] == CLOSED) and not isinstance(msg, Bye):
            self._next.append(msg)  # the next game's: this one stays as it ended
            return
        if isinstance(msg, Start):
            self.rules = RuleSet.from_dict(msg.rules)
            self._names = list(msg.names)
        elif isinstance(msg, Update):
            if self.rules is None:
                log.warning("an update before the game's start: ignored")
                return
            before = self.received
            held = before.history if before is not None and msg.view.get("hand_index") == before.hand_index else ()
            try:
                view = view_from_wire(msg.view, self.rules, held)
                events = events_from_wire(msg.events)
                hands = None if msg.hands is None else [[parse_card(t, tabled=True) for t in h] for h in msg.hands]
            except (BadMessage, ValueError) as exc:
                log.warning("the host sent an update this game cannot read: %s", exc)
                self.gone = "broken"
                return
            self.received = view
            self._steps.append(_Step(msg.n, events, view, hands))
        elif isinstance(msg, Ask):
            if msg.rummy and (self._in_flight or self.awaiting_host):
                pass  # this seat drew (or called) before the question came: its move closes the window there (R18)
            elif msg.rummy:
                self._rummy_ask, self._called = (time.monotonic(), msg.seconds), False
                self.window.expect()
            else:
                self.asked = msg
        elif isinstance(msg, Illegal):
            self.refusals.append(msg)
            if self.view is not None:
                self.game = self._stand_in()  # the move did not happen: back to the position shown
                self._in_flight.clear()  # what was sent after it the host judges on its own, and shows if taken
                self.awaiting_host = False
        elif isinstance(msg, RecordPart):
            self._record.add(msg)
        elif isinstance(msg, GameOver):
            self.over = msg
        elif isinstance(msg, Bye):
            self.gone = "host_left"
        elif isinstance(msg, Refused) and msg.reason == "banned":
            self.gone = "banned"
        elif isinstance(msg, tuple) and msg and msg[0] == CLOSED:
            self.window.close()
            self._rummy_ask = None
            if self.gone is None and self.over is None and msg[1] != POLICY and self.reconnect_s > 0 \
                    and not self.closed:
                self._take_seat_back()
            elif self.gone is None:
                self.gone = "over" if self.over is not None else "banned" if msg[1] == POLICY else "host_left"

    def _take_seat_back(self) -> None:
        """The connection dropped without a goodbye: open it again with the
        seat's token, off the window's thread, for up to :attr:`reconnect_s`
        seconds (the host may be restarting); :meth:`update` takes the outcome."""
        self.away = True
        log.info("the connection to the host dropped: taking seat %d back", self.seat + 1)

        def run() -> None:
            until = time.monotonic() + self.reconnect_s
            while not self.closed:
                try:
                    self.connection.reopen()
                    if self.closed:  # the table was left meanwhile: the seat goes back after all
                        self.connection.close()
                    self._rejoin = [True]
                    return
                except JoinError as exc:
                    if exc.reason not in ("unreachable", "host_left") or time.monotonic() > until:
                        self._rejoin = [exc.reason]
                        return
                time.sleep(0.5)
            self._rejoin = ["host_left"]

        threading.Thread(target=run, name="rummy500-rejoin", daemon=True).start()

    @property
    def ahead(self) -> bool:
        """True while a move of this seat is sent and no update has shown it
        yet: the stand-in game follows it (a draw from the stock excepted)."""
        return bool(self._in_flight)

    def _follow_in_flight(self, step: _Step) -> None:
        """The stand-in has been rebuilt from ``step``'s view: the oldest move
        in flight is taken as shown when the step holds this seat's move (a
        draw, a take, a meld, a lay-off or a discard, not a Rummy call), and
        the moves still in flight are applied again, so a meld shown before
        the discard sent after it never lets the discard be sent twice. A move
        the new position refuses is dropped with those after it (the host
        refuses them too, and says so). A new hand forgets them all."""
        mine = (CardDrawn, DiscardTaken, MeldTabled, LaidOff, Discarded)
        if any(isinstance(e, HandDealt) for e in step.events):
            self._in_flight.clear()
        elif (self._in_flight and not any(isinstance(e, RummyCalled) for e in step.events)
              and any(isinstance(e, mine) and e.seat == self.seat for e in step.events)):
            self._in_flight.pop(0)
        for i, action in enumerate(self._in_flight):
            if isinstance(action, DrawStock):
                continue  # only the host says what came off the stock: nothing is sent after it before it comes
            try:
                self.game.apply(action)
            except IllegalMove:
                del self._in_flight[i:]
                break
        self.awaiting_host = any(isinstance(a, DrawStock) for a in self._in_flight)

    def _stand_in(self) -> Game:
        """A :class:`Game` of the shown position for legality and hints: this
        seat's hand and everything public as shown, the hidden cards sampled
        (:func:`~game.rules.view.sample_world`); at a hand's end every hand as the host showed it."""
        view = self.view
        game = Game(self._names, self.rules, scores=self.start_scores)
        game.totals = list(view.totals)
        game.people = [self.seat]
        game.hand_scores = [list(s) for s in self.hand_scores]
        game.winner = self._winner
        hand = sample_world(view, random.Random(self.rng.getrandbits(64)))
        if self._ended is not None:
            hand.ended, hand.went_out = self._ended
        if self._hands_seen is not None:
            hand.hands = [list(h) for h in self._hands_seen]
        game.hands = [hand]
        return game
