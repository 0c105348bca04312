"""Hosting a table for people at other computers (issue 23). No pygame.

The host's game is the one referee (:class:`~game.play.table_session.TableSession`).
A guest's seat is a person's seat on the host
(:class:`~game.play.seats.PersonPlayer`) whose answers arrive over the
wire: the host sends the seat its own view and the public events after
every action, asks it when the referee does, applies its moves with
:meth:`~game.play.referee.Referee.apply_person` (a refusal goes back as the
engine's code, worded on the guest's side) and its Rummy calls with
:meth:`~game.play.referee.Referee.call_person`. Everything else is as for
a person at this computer::

    host = TableHost(HostOptions(["medium", "open", "open"], code="K7PQ3M"))
    port = host.start()                  # listens (wss), on a thread of its own
    every frame, or in a loop:  host.pump()   # never blocks
    host.close()                         # guests are told the host left

The network thread admits guests (:meth:`TableHost._admit`: the code,
the seat token, the limits) and passes what they send to :meth:`pump`
through a queue; :meth:`pump` alone touches the game. A call counts when it
reaches the host: its arrival time, stamped on the network thread, is
checked against the seat's Rummy window, which lasts the table's window
plus the slowest connected seat's measured round trip, at most 1 s more.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import secrets
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from game.ai import LEVELS, PLAYERS, make_ai
from game.errors import IllegalMove
from game.play.remote.discovery import DiscoveryBackend, TableAd
from game.play.remote.network import (
    GOING_AWAY, MAX_MESSAGE, POLICY, PROTOCOL_VERSION, RATE_LIMIT, TRY_LATER, Ask, BadMessage, Bye, Call,
    GameOver, Hello, Illegal, LoopThread, Link, Move, Pass, RateLimit, Refused, Start, Update, Welcome,
    codes_match, decode_guest, encode, ensure_certificate, events_to_wire, first_version, monotonic,
    record_parts, server_context, short_fingerprint, view_to_wire,
)
from game.play.referee import AwaitingMove, GameOver as GameWon, HandOver
from game.play.seats import LocalPlayer, PersonPlayer, WorkerPlayer
from game.play.table_session import Seat, TableSession
from game.rules.actions import ActionFormatError, CallRummy, action_from_record
from game.rules.cards import tokens
from game.rules.game import Game
from game.rules.names import has_visible, is_you_word, name_key
from game.rules.record import name_problem, record_of
from game.rules.ruleset import RuleSet
from game.rules.view import view_for

log = logging.getLogger("rummy500.host")

OPEN = "open"
SEAT_KINDS = (*PLAYERS, OPEN)
"""What ``--seats`` names for each seat: a computer (a level, or a style of
the field: :data:`game.ai.PLAYERS`), or ``open`` for a guest."""
PERSON = "human"
"""A seat of a table hosted from the window (:attr:`HostOptions.driven`): a
person at the host's computer, who plays it in the host's window."""
EXTRA_WINDOW_S = 1.0
"""The most a Rummy window grows for the slowest seat's round trip."""


@dataclass
class ResumedTable:
    """A table taken up again from its save: the ``game`` read back from
    the record, the table ``seed`` (:attr:`TableSession.seed`), every seat's
    ``names`` and each guest's seat ``tokens`` (seat -> token), as
    :meth:`TableHost.table_state` gave them."""

    game: Game
    seed: int
    names: list[str]
    tokens: dict[int, str]


MAX_HOLD_S = 86_400
"""The longest a dropped guest's seat is held, in seconds (a day; ``host --hold``)."""


@dataclass
class HostOptions:
    """How a table is hosted. ``seats``: one of :data:`SEAT_KINDS` per seat
    (2 to 8, at least one ``open``); ``code``: the table code guests give;
    ``bind``/``port``: where it listens (port 0: one the system picks);
    ``rules``, ``seed``: the game's. ``hold_s``: how long a dropped seat is
    held; ``away``: while it is, ``"computer"`` (a computer of level
    ``stand_in`` plays it) or ``"wait"`` (the table waits; after the hold a
    computer plays it); either way its guest can take it back with its token
    for the rest of the game. ``window_s``: the Rummy window (R18) before
    the allowance for latency. ``handshake_s``: the time a new connection
    has to send its hello; ``max_pending``: connections at once that have
    not yet given the code; ``wrong_per_address`` wrong codes from one
    address, or ``wrong_per_table`` from all of them within ``wrong_window_s``,
    make that address (or every guest without a seat token) wait ``wait_s``
    seconds. ``cert_dir``: where the table's certificate is kept. With
    ``workers`` each computer thinks in a process of its own
    (:class:`~game.play.seats.WorkerPlayer`), so the host's thread (and the
    network thread, which shares its interpreter) never waits on a search.
    ``table_name``: the name a table is announced under (never its code);
    ``host_name``: the name of the person at the host's window, announced
    beside it so that each guest words the table's name in its own language.
    ``resume``: a saved table to take up again; it goes on once every guest
    is back in their seat with their token. ``names``: each seat's name
    (``""`` for an open seat: the guest gives it), else each computer is
    named by its level (:func:`computer_names`).

    ``driven``: the host's window plays the table (Host a table): its
    seats may also be :data:`PERSON` (played in that window) and any
    computer of :data:`game.ai.PLAYERS`; the game is a :class:`HostedSession`
    that the window's table drives as it drives any game, a guest's move
    applied when the table takes its next step (so it is shown like a
    computer's), every action sent on to the guests."""

    seats: list[str]
    code: str
    port: int = 50500
    bind: str = "0.0.0.0"
    rules: RuleSet = field(default_factory=RuleSet)
    seed: int | None = None
    hold_s: float = 300.0
    away: str = "computer"
    stand_in: str = "medium"
    window_s: float = 2.0
    handshake_s: float = 5.0
    max_pending: int = 8
    wrong_per_address: int = 5
    wrong_per_table: int = 20
    wrong_window_s: float = 60.0
    wait_s: float = 30.0
    cert_dir: Path | None = None
    quit_after_game: bool = True
    workers: bool = False
    table_name: str = "Rummy 500"
    host_name: str = ""
    resume: ResumedTable | None = None
    names: list[str] | None = None
    driven: bool = False

    def problem(self) -> str | None:
        """Why these options cannot host a table (a sentence), or ``None``."""
        if not 2 <= len(self.seats) <= 8:
            return f"a table has 2 to 8 seats, not {len(self.seats)} (R1)"
        kinds = (*PLAYERS, OPEN, PERSON) if self.driven else SEAT_KINDS
        bad = [s for s in self.seats if s not in kinds]
        if bad:
            return f"unknown seat {bad[0]!r} (use {', '.join(kinds)})"
        if self.names is not None and len(self.names) != len(self.seats):
            return "give one name for each seat"
        if OPEN not in self.seats:
            return "no seat is open for a guest: name at least one seat 'open'"
        if self.away not in ("computer", "wait"):
            return f"while a guest is away a 'computer' plays the seat or the table will 'wait', not {self.away!r}"
        if self.stand_in not in LEVELS:
            return f"unknown level {self.stand_in!r} for the computer that stands in"
        if not 0 <= self.hold_s <= MAX_HOLD_S:  # false for nan too: no time would ever be >= it
            return f"a dropped seat is held 0 to {MAX_HOLD_S} seconds, not {self.hold_s}"
        if self.resume is not None:
            r = self.resume
            if r.game.players != len(self.seats) or len(r.names) != len(self.seats):
                return "the saved table does not have the seats named"
            if sorted(r.tokens) != [i for i, k in enumerate(self.seats) if k == OPEN]:
                return "the saved table has no seat token for each open seat"
        return self.rules.deal_problem(len(self.seats))


@dataclass
class _Slot:
    """A seat as the network thread sees it (under the host's lock)."""

    kind: str
    name: str = ""
    token: str | None = None
    conn: int | None = None


@dataclass
class _Remote:
    """A guest's seat as :meth:`TableHost.pump` sees it."""

    conn: int | None = None
    away_since: float | None = None
    asked: tuple | None = None  # the last question sent: (n, rummy)
    history: tuple[int, int] = (-1, 0)  # (hand index, entries) of the history the guest holds


def computer_names(seats: list[str], labels: Mapping[str, str] | None = None) -> list[str]:
    """The names of the computers' seats (``""`` for an open one): each
    level's or style's name, numbered when it plays more than one seat
    ("Medium 2"). ``labels`` maps a level or style to its name as the words
    layer gives it ("Lay-off hunter", which this layer cannot read); without
    it, or for a kind it lacks, the key capitalised ("Medium")."""
    counts: dict[str, int] = defaultdict(int)
    out = []
    for kind in seats:
        if kind == OPEN:
            out.append("")
            continue
        counts[kind] += 1
        name = (labels or {}).get(kind) or kind.capitalize()
        out.append(name + (f" {counts[kind]}" if seats.count(kind) > 1 else ""))
    return out


def _deliver(batch: list[tuple[Link, str]]) -> None:
    """On the network thread: queue each text on its link."""
    for link, text in batch:
        link.outbox.put_nowait((text, None))


class TableHost:
    """A table hosted for guests (see the module docstring). ``clock`` is
    the host's monotonic clock (seconds). ``on_update(seat, n)``, when given,
    is called just before update ``n`` is sent to ``seat`` (tests read the
    game then). After a game, :attr:`result` is ``{"winner", "names", "totals"}``."""

    def __init__(self, options: HostOptions, clock: Callable[[], float] = monotonic,
                 on_update: Callable[[int, int], None] | None = None, discovery: DiscoveryBackend | None = None,
                 announce_address: str | None = None):
        problem = options.problem()
        if problem:
            raise ValueError(problem)
        self.options = options
        self.clock = self._window_clock if options.driven else clock
        self.on_update = on_update
        self.discovery = discovery
        self.announce_address = announce_address or (options.bind if options.bind not in ("0.0.0.0", "") else "127.0.0.1")
        self.port: int | None = None
        self.fingerprint: str | None = None
        self.session: TableSession | None = None
        self.result: dict | None = None
        self.finished = False
        self.games = 0
        self.n = 0
        self.applied_at: dict[tuple[int, int], float] = {}  # (game, update n) -> perf_counter when applied
        self._lock = threading.Lock()
        names = computer_names(options.seats)
        if options.names is not None:
            names = [options.names[i] if k != OPEN else "" for i, k in enumerate(options.seats)]
        self._slots = [_Slot(kind, names[i]) for i, kind in enumerate(options.seats)]
        if options.resume is not None:
            for i, slot in enumerate(self._slots):
                slot.name = options.resume.names[i]
                slot.token = options.resume.tokens.get(i)
        self._remote: dict[int, _Remote] = {i: _Remote() for i, k in enumerate(options.seats) if k == OPEN}
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.notices: queue.SimpleQueue = queue.SimpleQueue()  # ("version", address, their version) for the host's side
        self.on_game_over: Callable[[dict], None] | None = None
        self._over_messages: list[str] = []  # sent at game over: the record's RecordPart messages, then the GameOver
        self.on_hand_over: Callable[[TableSession], None] | None = None
        self.on_action: Callable[[TableSession], None] | None = None
        self._links: dict[int, Link] = {}
        self._next_conn = 0
        self._pending = 0
        self._leaving = False  # close() began: no one is taken in (a guest told the host left would be, and dropped)
        self._wrong: dict[str, deque] = defaultdict(deque)
        self._locked_until: dict[str, float] = {}
        self._table_wrong: deque = deque()
        self._table_locked_until = 0.0
        self._started = False
        self._moves: deque = deque()  # driven: the guests' moves, applied as the table takes its steps
        self._mono_ref, self._clock_ref = 0.0, 0.0  # driven: the window's clock at monotonic() then
        self._banned_tokens: set[str] = set()
        self._play_on = False  # resume: the host chose to start before every guest was back (play_on)
        self._banned_addresses: set[str] = set()
        self._net: LoopThread | None = None
        self._server = None

    # ----------------------------------------------------------- starting
    def start(self, timeout: float = 10.0) -> int:
        """Listen for guests (``wss``) on the options' address; returns the
        port. Raises ``OSError`` when the address cannot be bound or the
        certificate cannot be made."""
        cert_dir = self.options.cert_dir or Path.cwd()
        cert, key, self.fingerprint = ensure_certificate(Path(cert_dir))
        ctx = server_context(cert, key)
        self._net = LoopThread("rummy500-host")
        try:
            self._server = self._net.submit(self._serve(ctx)).result(timeout)
        except BaseException:
            self._net.stop()
            raise
        self.port = self._server.sockets[0].getsockname()[1]
        self._announce()
        return self.port

    def _announce(self) -> None:
        """Announce the table (its name, port, open seats, fingerprint; never the code)."""
        if self.discovery is None or self.port is None:
            return
        with self._lock:
            free = sum(1 for s in self._slots if s.kind == OPEN and s.token is None)
        self.discovery.announce(TableAd(self.options.table_name, self.announce_address, self.port,
                                        PROTOCOL_VERSION, free, self.short_fingerprint, self.options.host_name))

    async def _serve(self, ctx):
        return await serve(self._handler, self.options.bind, self.options.port, ssl=ctx, max_size=MAX_MESSAGE,
                           max_queue=4, compression=None, open_timeout=self.options.handshake_s,
                           ping_interval=1.0, ping_timeout=20.0, close_timeout=2.0,
                           ssl_handshake_timeout=self.options.handshake_s, server_header=None)

    @property
    def short_fingerprint(self) -> str:
        """The certificate's short fingerprint, shown with the code."""
        return short_fingerprint(self.fingerprint or "")

    # ---------------------------------------------------- the network thread
    async def _handler(self, conn) -> None:
        addr = conn.remote_address[0] if conn.remote_address else "?"
        with self._lock:
            self._pending += 1
            crowded = self._pending > self.options.max_pending
        try:
            if crowded:
                await conn.close(TRY_LATER, "too many connections are joining at once; try again")
                return
            try:
                raw = await asyncio.wait_for(conn.recv(), self.options.handshake_s)
            except (asyncio.TimeoutError, TimeoutError):
                await conn.close(POLICY, "no hello in time")
                return
            verdict, why = self._first_message(raw, addr)
        except ConnectionClosed:
            return
        finally:
            with self._lock:
                self._pending -= 1
        if not isinstance(verdict, tuple):
            if verdict is not None:
                await conn.send(encode(verdict))
            await conn.close(POLICY, why)
            return
        seat, token, conn_id = verdict
        with self._lock:  # with _game_over's list of the links: the game over reaches this one once, after its welcome
            leaving = self._leaving  # close() began since the seat was given: its list of links misses this one
            kept = self._slots[seat].conn == conn_id and not leaving
            if kept:
                link = self._links[conn_id] = Link(conn, self._net, addr)
                names = [s.name for s in self._slots]
                link.send_soon(encode(Welcome(PROTOCOL_VERSION, seat, token, names)))
                if self.result is not None:  # a seat taken back after the game was won: before any close of the links
                    for text in self._over_messages:
                        link.send_soon(text)
            removed = not kept and token in self._banned_tokens
            if removed and addr != "?":
                self._banned_addresses.add(addr)  # as remove_seat bans the address of a connection it knows
        if not kept:  # since the seat was given: the host left or removed it, or its token took it on a newer link
            try:
                if leaving:
                    await conn.close(GOING_AWAY, "the host left")
                elif removed:
                    await conn.send(encode(Refused("banned")))
                    await conn.close(POLICY, "the host removed this seat from the table")
                else:
                    await conn.close(POLICY, "the seat was taken back with its token")
            except ConnectionClosed:
                pass
            return
        self._inbox.put(("join", seat, conn_id, monotonic()))
        await self._read(conn, link, seat, conn_id)

    async def _read(self, conn, link: Link, seat: int, conn_id: int) -> None:
        rate = RateLimit(RATE_LIMIT)
        try:
            async for raw in conn:
                now = monotonic()
                if not rate.allow(now):
                    await conn.close(POLICY, f"more than {RATE_LIMIT} messages a second")
                    break
                try:
                    msg = decode_guest(raw)
                except BadMessage:
                    await conn.close(POLICY, "a malformed message or one of an unknown type")
                    break
                if isinstance(msg, Hello):
                    await conn.close(POLICY, "a hello after the seat was taken")
                    break
                self._inbox.put(("msg", seat, conn_id, msg, now))
        except ConnectionClosed:
            pass
        finally:
            link.outbox.put_nowait(None)
            with self._lock:
                self._links.pop(conn_id, None)
                slot = self._slots[seat]
                if slot.conn == conn_id:
                    slot.conn = None
                    if not self._started and self.options.resume is None:  # before the game a seat left is free again
                        slot.token, slot.name = None, ""
            self._inbox.put(("drop", seat, conn_id, monotonic()))

    def _first_message(self, raw, addr: str):
        """``(verdict, reason)``: ``((seat, token, conn id), "")`` for a guest
        taken in, else the :class:`Refused` to send (or ``None``) and the close reason."""
        version = first_version(raw)
        if version is None:
            return None, "the first message is not a hello"
        if version != PROTOCOL_VERSION:
            log.warning("a guest at %s speaks protocol version %d; this table speaks %d: refused",
                        addr, version, PROTOCOL_VERSION)
            self.notices.put(("version", addr, version))
            return Refused("version", PROTOCOL_VERSION), f"this table speaks protocol version {PROTOCOL_VERSION}"
        try:
            hello = decode_guest(raw)
        except BadMessage:
            return None, "a malformed hello"
        if not isinstance(hello, Hello):
            return None, "the first message is not a hello"
        with self._lock:
            return self._admit(hello, addr, monotonic())

    def _admit(self, hello: Hello, addr: str, now: float):
        """Who gets in (under the lock): the code, then the token or a free seat."""
        opts = self.options
        if self._leaving:  # the guest sees the host leave, as the guests seated were told, and knocks again later
            return None, "the host left"
        if addr in self._banned_addresses or (hello.token is not None and hello.token in self._banned_tokens):
            return Refused("banned"), "the host removed this seat's guest from the table"
        wait = self._locked_until.get(addr, 0.0) - now
        if wait > 0:
            return Refused("wait", seconds=round(wait, 1)), "too many wrong codes from this address"
        token_seat = None
        if hello.token is not None:
            for i, slot in enumerate(self._slots):
                if slot.token is not None and secrets.compare_digest(slot.token.encode(), hello.token.encode()):
                    token_seat = i
        if token_seat is None and self._table_locked_until > now:
            return (Refused("wait", seconds=round(self._table_locked_until - now, 1)),
                    "too many wrong codes at this table")
        if not codes_match(hello.code, opts.code):
            self._wrong_code(addr, now)
            return Refused("bad_code"), "wrong code"
        self._wrong.pop(addr, None)
        if hello.token is not None:
            if token_seat is None:
                return Refused("bad_token"), "no seat has that token"
            seat = token_seat
        else:
            free = [i for i, s in enumerate(self._slots) if s.kind == OPEN and s.token is None]
            if hello.seat is not None:
                if hello.seat not in free:  # taken, or no such seat (the same answer: the protocol has one)
                    return Refused("seat_taken"), ("that seat is not free" if 0 <= hello.seat < len(self._slots)
                                                   else "there is no such seat at this table")
                seat = hello.seat
            elif free:
                seat = free[0]
            else:
                return Refused("full"), "every seat is taken"
            if name_problem(hello.name) or not has_visible(hello.name) or is_you_word(hello.name):
                return Refused("bad_name"), "that name cannot be used"
            taken = {name_key(s.name) for s in self._slots if s.name}
            if name_key(hello.name) in taken:
                return Refused("bad_name"), "another seat has that name"
            self._slots[seat].token = secrets.token_urlsafe(18)
            self._slots[seat].name = hello.name.strip()
        slot = self._slots[seat]
        old = slot.conn
        self._next_conn += 1
        slot.conn = self._next_conn
        if old is not None and old in self._links:  # the token holder takes the seat from an older connection
            self._links[old].close_soon(POLICY, "the seat was taken back with its token")
        return (seat, slot.token, slot.conn), ""

    def _wrong_code(self, addr: str, now: float) -> None:
        opts = self.options
        mine = self._wrong[addr]
        mine.append(now)
        if len(mine) >= opts.wrong_per_address:
            self._locked_until[addr] = now + opts.wait_s
            mine.clear()
        table = self._table_wrong
        table.append(now)
        while table and now - table[0] > opts.wrong_window_s:
            table.popleft()
        if len(table) >= opts.wrong_per_table:
            self._table_locked_until = now + opts.wait_s
            table.clear()
            log.warning("%d wrong codes at this table within %.0f s: joining waits %.0f s",
                        opts.wrong_per_table, opts.wrong_window_s, opts.wait_s)

    # ---------------------------------------------------------- the table
    @property
    def names(self) -> list[str]:
        """Every seat's name (``""`` for an open seat nobody has taken)."""
        with self._lock:
            return [s.name for s in self._slots]

    def table_state(self) -> dict:
        """What takes the table up again after the host stops (kept beside
        its save by the caller, readable by the host alone,
        :mod:`game.services.hosted_tables`): the code, the seats, their
        names and each guest's seat token; the port it listens on, the
        stand-in level and what the table does while a guest is away, and
        ``driven`` (hosted from the window)."""
        with self._lock:
            return {"code": self.options.code, "seats": list(self.options.seats),
                    "names": [s.name for s in self._slots],
                    "tokens": {str(i): s.token for i, s in enumerate(self._slots) if s.token is not None},
                    "port": self.port if self.port is not None else self.options.port,
                    "stand_in": self.options.stand_in, "away": self.options.away, "driven": self.options.driven}

    def play_on(self) -> None:
        """A table taken up again from its save (``resume``) starts now,
        without waiting for every guest: the seats of those not back are
        played as the options say while a guest is away (the stand-in, or
        the table waits out the hold), and their guests take them back with
        their tokens when they come. Nothing happens once the game is on."""
        self._play_on = True

    def connected(self) -> list[int]:
        """The guests' seats whose connection is up now."""
        return [s for s, r in self._remote.items() if r.conn is not None]

    def pump(self) -> bool:
        """One step of the table on the caller's thread (never blocks):
        what the guests sent, the clock, at most one action. True when
        something happened (a caller may sleep a little when not)."""
        if self.finished:
            return False
        busy = False
        while True:
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                break
            busy = True
            self._take(item)
        if self.session is None:
            # the network thread takes a guest into its seat a moment before the join reaches this thread's inbox:
            # the game waits for both, or it would start with a computer standing in for a guest who never left
            with self._lock:
                # every open seat is in _remote, and a connection holds its seat's token: heard is every seat taken
                heard = all(r.conn is not None and r.conn == self._slots[i].conn for i, r in self._remote.items())
                resuming = self.options.resume is not None and self.games == 0
                ready = heard or (resuming and self._play_on)  # Play on: without the guests not back
                if ready:
                    self._started = True
            if ready:
                self._new_game()
                busy = True
            return busy
        if self.options.driven:
            return self._serve_guests(self.clock()) or busy
        return self._drive() or busy

    def _window_clock(self) -> float:
        """Driven: the window's table clock now (its Rummy windows run on it)."""
        return self._clock_ref + monotonic() - self._mono_ref

    def _on_window_clock(self, arrived: float) -> float:
        """A network-thread stamp (:func:`monotonic`) on the clock Rummy windows run on."""
        return self._clock_ref + arrived - self._mono_ref if self.options.driven else arrived

    def remove_seat(self, seat: int, level: str | None = None) -> None:
        """The host removes the guest at ``seat`` and bans it: its connection
        is closed, and its seat token and its address are refused from now
        on (``Refused("banned")``). A computer of ``level`` (one of
        :data:`game.ai.LEVELS`; the options' ``stand_in`` when not given)
        plays the seat for the rest of the game and the games after; its
        name stays in this game (the record keeps it) and is that level's
        in the next. ``ValueError`` for a seat that is not a guest's. Call
        it on the thread that pumps the table."""
        level = level or self.options.stand_in
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} for the computer that takes the seat")
        if seat not in self._remote:
            raise ValueError(f"seat {seat} is not a guest's")
        with self._lock:
            slot = self._slots[seat]
            if slot.token is not None:
                self._banned_tokens.add(slot.token)
            link = self._links.get(slot.conn) if slot.conn is not None else None
            if link is not None and link.address:
                self._banned_addresses.add(link.address)
            slot.kind, slot.token, slot.conn = level, None, None
            if not slot.name or self.session is None:
                slot.name = computer_names([level])[0]
            seats = list(self.options.seats)
            seats[seat] = level
            self.options.seats = seats
        del self._remote[seat]
        if link is not None:
            link.send_soon(encode(Refused("banned")), (POLICY, "the host removed this seat from the table"))
        if self.session is not None:
            self.session.referee.replace(seat, self._computer(level, seat)).close()
            log.info("seat %d: removed by the host and banned; a computer (%s) plays it", seat, level)
        self._announce()

    def _computer(self, level: str, seat: int):
        """A computer of ``level`` for ``seat`` (a stand-in, or the seat of a
        guest removed): in a process of its own with the options' ``workers``
        (a window's frame never waits on its search), else in this process."""
        seed = self.session.seed + 7919 * (seat + 1)
        return WorkerPlayer(level, seed) if self.options.workers else LocalPlayer(make_ai(level, seed))

    def guests(self) -> list[tuple[int, str, bool]]:
        """The guests who have taken a seat and were not removed:
        ``(seat, name, connected now)`` in seat order (the host's Remove a guest lists them)."""
        with self._lock:
            return [(i, self._slots[i].name, self._slots[i].conn is not None)
                    for i in sorted(self._remote) if self._slots[i].token is not None]

    @property
    def banned(self) -> tuple[frozenset, frozenset]:
        """``(seat tokens, addresses)`` refused because the host removed their seat."""
        with self._lock:
            return frozenset(self._banned_tokens), frozenset(self._banned_addresses)

    def _take(self, item) -> None:
        kind, seat, conn_id = item[0], item[1], item[2]
        remote = self._remote.get(seat)
        if remote is None:
            return  # the seat was removed: what its guest sent is dropped
        if kind in ("join", "drop") and self.session is None:
            self._announce()  # the open seats changed
        if kind == "join":
            remote.conn, remote.away_since, remote.asked, remote.history = conn_id, None, None, (-1, 0)
            if self.session is not None:
                self._seat_person(seat)
                self._send_start(seat)
                self._send_update(seat, [])
        elif kind == "drop":
            if remote.conn == conn_id:
                remote.conn, remote.away_since = None, item[3]
                if self.session is not None:
                    self._guest_away(seat)
        elif kind == "msg" and remote.conn == conn_id:
            self._answer(seat, item[3], item[4])

    def _seat_person(self, seat: int) -> None:
        """The guest is back: a person plays the seat again (a computer stood in)."""
        referee = self.session.referee
        if not referee.players[seat].is_person:
            referee.replace(seat, PersonPlayer(seat, self.options.window_s)).close()
        referee.attach(seat)

    def _stand_in(self, seat: int) -> None:
        referee = self.session.referee
        if referee.players[seat].is_person:
            referee.replace(seat, self._computer(self.options.stand_in, seat)).close()
            log.info("seat %d: a computer (%s) plays for the guest who left", seat, self.options.stand_in)

    def _guest_away(self, seat: int) -> None:
        referee = self.session.referee
        player = referee.players[seat]
        if player.is_person:  # nobody is there to call: no Rummy window opens for the seat until they are back
            player.attached = False
            player.rummy_window.close()
        if self.options.away == "computer":
            self._stand_in(seat)

    def _answer(self, seat: int, msg, arrived: float) -> None:
        """A guest's move, call or pass, for its own seat only."""
        referee = self.session.referee if self.session is not None else None
        if referee is None or not referee.players[seat].is_person:
            return  # nothing is asked of it now (a computer stands in): dropped
        if isinstance(msg, Pass):
            referee.rummy_window(seat).close()
            return
        if isinstance(msg, Move) and self.options.driven:
            self._moves.append((seat, msg))  # applied when the window's table takes its next step
            return
        try:
            action = action_from_record(msg.action, self.session.game.players)
        except (ActionFormatError, ValueError):
            self._close_seat(seat, "a malformed move")
            return
        if action.seat != seat:
            self._illegal(seat, IllegalMove("not_your_turn", "R7", "It's not your turn."))
            return
        try:
            if isinstance(msg, Call):
                window = referee.rummy_window(seat)
                late = window.deadline is not None and self._on_window_clock(arrived) > window.deadline
                if not isinstance(action, CallRummy) or not window.open or late:
                    raise IllegalMove("rummy_not_allowed", "R18", "Rummy can only be called right after a "
                                      "discard, before the next player draws.")
                referee.call_person(action)
                return
            events = referee.apply_person(action)
        except IllegalMove as exc:
            self._illegal(seat, exc)
            return
        self._broadcast(events)

    def _close_seat(self, seat: int, reason: str) -> None:
        with self._lock:
            link = self._links.get(self._remote[seat].conn)
        if link is not None:
            link.close_soon(POLICY, reason)

    def _illegal(self, seat: int, exc: IllegalMove) -> None:
        self._send(seat, encode(Illegal(exc.code, exc.rule, exc.message)))
        self._remote[seat].asked = None  # ask again

    def _drive(self) -> bool:
        session, now = self.session, self.clock()
        referee = session.referee
        busy = False
        for seat, remote in self._remote.items():
            if (remote.conn is None and remote.away_since is not None and self.options.away == "wait"
                    and now - remote.away_since >= self.options.hold_s):
                self._stand_in(seat)
        session.tick(now)
        session.update()
        if session.ready():
            self._broadcast(session.advance())
            busy = True
        state = referee.state
        if isinstance(state, HandOver):
            if self.on_hand_over is not None:
                self.on_hand_over(session)
            self._broadcast(session.deal_next_hand())
            return True
        if isinstance(state, GameWon):
            self._game_over()
            return True
        return self._serve_guests(now) or busy

    def _serve_guests(self, now: float) -> bool:
        """Open each guest's Rummy window (R18: the table's time and the
        slowest round trip) and put the questions the game waits on; True
        when something was sent."""
        referee = self.session.referee
        state = referee.state
        busy = False
        if self.options.driven:
            for seat, remote in self._remote.items():
                if (remote.conn is None and remote.away_since is not None and self.options.away == "wait"
                        and monotonic() - remote.away_since >= self.options.hold_s):
                    self._stand_in(seat)
                player = referee.players[seat]
                if player.is_person:  # the guests' windows on the window's clock (R18: time up, or a draw)
                    player.rummy_window.tick(now, self.session.game.hand)
        extra = min(EXTRA_WINDOW_S, max((self._latency(s) for s in self.connected()), default=0.0))
        for seat in self.connected():
            player = referee.players[seat]
            if not player.is_person:
                continue
            remote, window = self._remote[seat], player.rummy_window
            if window.pending:
                window.seconds = self.options.window_s + extra
                window.start(now)
                self._ask(seat, True, window.seconds)
                busy = True
            if (isinstance(state, AwaitingMove) and state.seat == seat and player.question is not None
                    and not player.question[1] and remote.asked != (self.n, False)):
                self._ask(seat, False, None)
                busy = True
        return busy

    def _latency(self, seat: int) -> float:
        link = self._links.get(self._remote[seat].conn)
        return float(getattr(link.conn, "latency", 0.0)) if link is not None else 0.0

    def _ask(self, seat: int, rummy: bool, seconds: float | None) -> None:
        self._remote[seat].asked = (self.n, rummy)
        self._send(seat, encode(Ask(self.n, rummy, None if seconds is None else round(seconds, 3))))

    def _new_game(self) -> None:
        opts = self.options
        names = self.names
        seats = [Seat(names[i], kind if kind != OPEN else "human") for i, kind in enumerate(opts.seats)]
        seed = opts.seed if self.games == 0 or opts.seed is None else opts.seed + self.games
        make = (lambda *a, **kw: HostedSession(self, *a, **kw)) if opts.driven else TableSession
        if opts.resume is not None and self.games == 0:
            self.session = make(seats, opts.resume.game.rules, use_workers=opts.workers,
                                game=opts.resume.game, table_seed=opts.resume.seed)
        else:
            self.session = make(seats, opts.rules, seed=seed, use_workers=opts.workers)
        self.games += 1
        self.n = 0
        self.result = None
        for seat, remote in self._remote.items():
            remote.asked, remote.history = None, (-1, 0)
            if remote.conn is not None:
                self._seat_person(seat)
            else:
                if remote.away_since is None:  # a guest not back when a saved table plays on: held from now
                    remote.away_since = monotonic()
                self._guest_away(seat)
        for seat in self.connected():
            self._send_start(seat)
        self._broadcast([])

    def _send_start(self, seat: int) -> None:
        self._send(seat, encode(Start(self.names, self.session.rules.to_dict())))

    def _broadcast(self, events) -> None:
        """Update every connected guest: its own view and the public events
        (handed to the network thread at once, in one call)."""
        self.n += 1
        self.applied_at[(self.games, self.n)] = time.perf_counter()
        batch = []
        for seat in self.connected():
            text = self._update_text(seat, events)
            with self._lock:
                link = self._links.get(self._remote[seat].conn)
            if link is not None:
                batch.append((link, text))
        if batch and self._net is not None:
            self._net.call(_deliver, batch)
        if self.on_action is not None and events:  # after the guests' updates are on their way
            self.on_action(self.session)

    def _send_update(self, seat: int, events) -> None:
        self._send(seat, self._update_text(seat, events))

    def _update_text(self, seat: int, events) -> str:
        game = self.session.game
        h = game.hand
        remote = self._remote[seat]
        view = view_for(game, seat)
        hand_index, held = remote.history
        start = held if hand_index == view.hand_index and held <= len(view.history) else 0
        shown = [tokens(x) for x in h.hands] if h.ended is not None else None  # hand results show every hand
        if self.on_update is not None:
            self.on_update(seat, self.n)
        remote.history = (view.hand_index, len(view.history))
        return encode(Update(self.n, events_to_wire(events, seat), view_to_wire(view, start), shown))

    def _send(self, seat: int, text: str) -> None:
        with self._lock:
            link = self._links.get(self._remote[seat].conn)
        if link is not None:
            link.send_soon(text)

    def _game_over(self) -> None:
        game = self.session.game
        result = {"winner": game.winner, "names": self.names, "totals": list(game.totals)}
        try:  # the finished game's record, for each guest to keep: sent only now the game is over
            parts = [encode(part) for part in record_parts(record_of(game))]
        except ValueError as exc:
            log.warning("the finished game's record is not sent to the guests: %s", exc)
            parts = []
        messages = parts + [encode(GameOver(result["winner"], result["names"], result["totals"]))]
        # every guest taken in, including one whose join has not reached this thread yet (a seat taken back during
        # the last move); a guest taken in after this is sent the result by _handler
        with self._lock:
            self.result, self._over_messages = result, messages
            links = list(self._links.values())
        if self.on_game_over is not None:
            self.on_game_over(self.result)
        for link in links:
            for text in messages:
                link.send_soon(text)
        if self.options.driven:  # the window shows the game over; its table closes the session
            self.finished = True
            self._close_links(1000, "game over")
            return
        self.session.close()
        if self.options.quit_after_game:
            self.finished = True
            self._close_links(1000, "game over")
        else:
            self._new_game()

    # ------------------------------------------------------------ leaving
    def _close_links(self, code: int, reason: str, first: str | None = None) -> None:
        with self._lock:
            links = list(self._links.values())
        for link in links:
            if first is not None:
                link.send_soon(first, (code, reason))
            else:
                link.close_soon(code, reason)

    def run(self, stop: threading.Event | None = None, idle_s: float = 0.002) -> dict | None:
        """Pump until the game is over (with ``quit_after_game``) or ``stop``
        is set; returns :attr:`result`. Sleeps ``idle_s`` when nothing happened."""
        while not self.finished and not (stop is not None and stop.is_set()):
            if not self.pump():
                time.sleep(idle_s)
        return self.result

    def close(self, grace_s: float = 1.0) -> None:
        """Leave the table: unless the game is over, every guest is told the
        host left (the game is saved on this computer by the caller); the
        network thread stops. Safe to call twice."""
        if self._net is None:
            return
        with self._lock:
            self._leaving = True
        if not self.finished:
            self._close_links(GOING_AWAY, "the host left", encode(Bye("host_left")))
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline:
            with self._lock:
                if not self._links:
                    break
            time.sleep(0.01)
        if self.discovery is not None:
            self.discovery.close()
        if self._server is not None:
            self._net.call(self._server.close)
            time.sleep(0.05)
        self._net.stop()
        self._net = None
        if self.session is not None:
            self.session.close()
        self.finished = True

    # ------------------------------------------------------- driven by a window
    def _move_waiting(self) -> bool:
        return bool(self._moves)

    def _apply_move(self) -> list:
        """Driven: apply the guest's move that came first (its refusal goes
        back to the guest) and send the result on; returns its events."""
        seat, msg = self._moves.popleft()
        referee = self.session.referee
        if not referee.players[seat].is_person:
            return []  # a computer plays the seat now
        try:
            action = action_from_record(msg.action, self.session.game.players)
        except (ActionFormatError, ValueError):
            self._close_seat(seat, "a malformed move")
            return []
        if action.seat != seat:
            self._illegal(seat, IllegalMove("not_your_turn", "R7", "It's not your turn."))
            return []
        try:
            events = referee.apply_person(action)
        except IllegalMove as exc:
            self._illegal(seat, exc)
            return []
        self._moves.clear()  # moves sent for the old position are stale now
        return events

    def _acted(self, events) -> None:
        """Driven: the window's table applied an action (or undid, or dealt): the guests hear of it."""
        if self.finished or self._net is None:
            return
        self._broadcast(events)
        if self.session.game.winner is not None:
            self._game_over()

    def __enter__(self) -> "TableHost":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = ["EXTRA_WINDOW_S", "HostOptions", "HostedSession", "ResumedTable", "OPEN", "PERSON", "SEAT_KINDS",
           "TableHost", "computer_names"]


class HostedSession(TableSession):
    """The game of a table hosted from the window (:attr:`HostOptions.driven`):
    a :class:`~game.play.table_session.TableSession` that the window's table
    drives as any other, while ``host`` serves the guests' seats. Each frame
    (:meth:`update`) the host reads what the guests sent and puts the
    questions; a guest's move waits until the table takes its next step
    (:meth:`ready`, :meth:`advance`), so it is shown as a computer's is;
    every action and deal goes on to the guests. Nobody at a table across
    computers takes a move back (:attr:`can_undo`), the host's people no
    more than the guests: what the host's window tables is shown to everyone
    at once, as a guest's move is. :meth:`tick` also
    gives the host the table's clock, which the guests' Rummy windows run
    on. :meth:`close` closes the host too (the guests are told the host left)."""

    can_undo = False
    """No undo at a shared table, for the host's people as for the guests."""

    def __init__(self, host: TableHost, *args, **kwargs):
        self.host = host
        super().__init__(*args, **kwargs)

    def update(self) -> None:
        if not self.closed:
            self.host.pump()
        super().update()

    def ready(self) -> bool:
        return self.host._move_waiting() or super().ready()

    def advance(self):
        if self.host._move_waiting() and not super().ready():
            events = self.host._apply_move()
        else:
            events = super().advance()
        self.host._acted(events)
        return events

    def apply_person(self, action):
        events = super().apply_person(action)
        self.host._acted(events)
        return events

    def deal_next_hand(self):
        events = super().deal_next_hand()
        self.host._acted(events)
        return events

    def remove_guest(self, seat: int, level: str | None = None) -> None:
        """The host removes the guest at ``seat`` and bans them
        (:meth:`TableHost.remove_seat`): a computer of ``level`` (the
        options' ``stand_in`` when not given) plays the seat from now on, and
        the seat says so (:attr:`seats`, which the save keeps). ``ValueError``
        for a seat that is not a guest's or an unknown level; nothing changes then."""
        level = level or self.host.options.stand_in
        self.host.remove_seat(seat, level)
        self.seats[seat] = Seat(self.seats[seat].name, level)

    def tick(self, now: float, held: bool = False) -> bool:
        self.host._mono_ref, self.host._clock_ref = monotonic(), now
        return super().tick(now, held)

    def close(self) -> None:
        if not self.closed:
            super().close()
            self.host.close()
