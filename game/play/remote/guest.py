"""Joining a table at another computer (issue 23). No pygame.

:class:`GuestConnection` is one guest's connection to a host
(:class:`game.play.remote.host.TableHost`), on a network thread of its own: it
connects (``wss``), checks the host's certificate fingerprint before it
sends anything (:class:`~game.play.remote.network.KnownHosts`), says hello with
the table code, and then hands every message the host sends, checked
against its schema, to the caller's thread through :meth:`GuestConnection.get`.

:class:`GuestBot` plays a joined seat with a computer level (``rummy500
join --ai LEVEL``): it keeps the seat's view from the host's updates and
answers each question the host puts. After a drop it takes its seat back
with its token. Refusals arrive as the engine's codes; the words are the
caller's (``game.text``).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import random
import threading
import time
from collections import deque
from typing import Callable

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.ai import make_ai
from game.ai.opponents import past_counts
from game.play.remote.network import (
    MAX_MESSAGE, PROTOCOL_VERSION, Ask, BadMessage, Bye, Call, GameOver, Hello, Illegal, KnownHosts, LoopThread,
    Link, Move, Pass, Refused, Start, Update, Welcome, address_of, client_context, decode_host, encode, fingerprint,
    view_from_wire,
)
from game.play.seats import LocalPlayer
from game.rules.actions import Action, CallRummy
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView, sample_world

log = logging.getLogger("rummy500.guest")

SEND_PACE = 40
"""The most messages a guest sends in any one second (below the host's limit, with room to spare)."""
LEAVE_WAIT_S = 2.5
"""The longest :meth:`GuestConnection.close` waits, in seconds, for the host to answer the guest's close (the
connection's own ``close_timeout`` is 2 s); past it the connection is dropped."""
CLOSED = "closed"
"""What :meth:`GuestConnection.get` returns once the connection is gone: ``(CLOSED, code, reason)``."""


class JoinError(Exception):
    """Joining or playing stopped: ``reason`` is a :class:`~game.play.remote.network.Refused`
    reason (``version``, ``bad_code``, ``wait``, ``full``, ``seat_taken``,
    ``bad_token``, ``bad_name``), ``fingerprint`` (the certificate is not
    the one given or kept), ``unreachable`` (no connection), ``host_left``
    (the host said so, or the connection went and could not be made again),
    ``banned`` (the host removed the seat: its token is refused from then on)
    or ``broken`` (the host sent what the protocol does not allow).
    ``detail``: ``seconds`` to wait, the host's ``version``, ``where``."""

    EXIT = {"unreachable": 3, "host_left": 3}

    def __init__(self, reason: str, **detail):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail

    @property
    def exit_status(self) -> int:
        """3 when the host cannot be reached or left, else 2."""
        return self.EXIT.get(self.reason, 2)


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``, or ``[v6]:PORT``) as ``(host, port)``;
    ``ValueError`` with a message for anything else."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ValueError(f"{text!r} names no host")
    if port_text:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ValueError(f"{port_text!r} is not a port from 1 to 65535")
        return host, int(port_text)
    return host, default_port


class GuestConnection:
    """A guest's connection to the table at ``host``:``port``. ``hello``
    fields (``code``, ``name``, ``seat``, ``token``) are sent once the
    certificate checks out: against ``fingerprint`` when given, else
    against ``known`` (trust on first use). ``capture(text)``, when given,
    sees every message received, as received (tests); ``arrived(message,
    seconds)`` is called on the network thread with each message decoded and
    the ``time.perf_counter()`` then (the benchmark)."""

    def __init__(self, host: str, port: int, *, code: str, name: str, seat: int | None = None,
                 token: str | None = None, known: KnownHosts | None = None, fingerprint: str | None = None,
                 capture: Callable[[str], None] | None = None, timeout_s: float = 10.0,
                 arrived: Callable[[object, float], None] | None = None):
        self.host, self.port = host, port
        self.code, self.name, self.seat, self.token = code, name, seat, token
        self.known = known or KnownHosts(None)
        self.given_fingerprint = fingerprint
        self.capture = capture
        self.arrived = arrived
        self.timeout_s = timeout_s
        self.welcome: Welcome | None = None
        self.received = 0  # bytes of every message received
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self._sent: deque[float] = deque()
        self._net: LoopThread | None = None
        self._link: Link | None = None
        self._conn = None
        self._closing = threading.Lock()  # the window and the thread taking the seat back may both close

    @property
    def where(self) -> str:
        """``host:port`` as the fingerprint is kept under (and a seat kept
        at that table): an IPv6 host without brackets, as it always was."""
        return f"{self.host}:{self.port}"

    @property
    def address(self) -> str:
        """The table's address as the messages show it and ``join`` reads it
        (:func:`~game.play.remote.network.address_of`: ``[::1]:50500``)."""
        return address_of(self.host, self.port)

    def open(self) -> Welcome:
        """Connect and join; returns the host's :class:`Welcome` (its
        ``token`` is kept for :meth:`reopen`). Raises :class:`JoinError`."""
        net = self._net = LoopThread("rummy500-guest")  # this one, even if another thread closes meanwhile
        try:
            # the connection and the answer to the hello each have timeout_s: this wait ends only on a stuck loop
            self.welcome = net.submit(self._open(net)).result(2 * self.timeout_s + 5)
        except JoinError:
            net.stop()
            raise
        except Exception as exc:
            net.stop()
            raise JoinError("unreachable", where=self.address, why=str(exc) or type(exc).__name__) from None
        self.seat, self.token = self.welcome.seat, self.welcome.token
        return self.welcome

    async def _open(self, net: LoopThread) -> Welcome:
        uri = f"wss://{self.host}:{self.port}/" if ":" not in self.host else f"wss://[{self.host}]:{self.port}/"
        try:
            conn = await connect(uri, ssl=client_context(), max_size=MAX_MESSAGE, compression=None, proxy=None,
                                 open_timeout=self.timeout_s, ping_interval=5.0, ping_timeout=30.0,
                                 close_timeout=2.0, user_agent_header=None)
        except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError, TimeoutError) as exc:
            raise JoinError("unreachable", where=self.address, why=str(exc) or type(exc).__name__) from None
        try:
            return await self._hello(conn, net)
        except BaseException:  # refused, broken, or cancelled (closed meanwhile): no socket is left open
            conn.transport.abort()
            raise

    async def _hello(self, conn, net: LoopThread) -> Welcome:
        """Check the table's certificate, say hello and read the answer: the welcome, or :class:`JoinError`."""
        der = conn.transport.get_extra_info("ssl_object").getpeercert(binary_form=True)
        problem = self.known.check(self.where, fingerprint(der), self.given_fingerprint)
        if problem is not None:
            await conn.close(1000, "the table's certificate is not the one expected")
            raise JoinError("fingerprint", where=self.address, why=problem)
        await conn.send(encode(Hello(PROTOCOL_VERSION, self.code, self.name, self.seat, self.token)))
        try:
            raw = await asyncio.wait_for(conn.recv(), self.timeout_s)
        except ConnectionClosed as exc:
            raise JoinError("host_left", where=self.address, why=exc.rcvd.reason if exc.rcvd else "") from None
        except (asyncio.TimeoutError, TimeoutError):
            await conn.close(1000, "no answer to the hello")
            raise JoinError("unreachable", where=self.address, why="no answer") from None
        self._note(raw)
        try:
            reply = decode_host(raw)
        except BadMessage:
            reply = None
        if isinstance(reply, Refused):
            await conn.close(1000, "refused")
            raise JoinError(reply.reason, version=reply.version, ours=PROTOCOL_VERSION, seconds=reply.seconds,
                            where=self.address)
        if not isinstance(reply, Welcome) or reply.version != PROTOCOL_VERSION:
            await conn.close(1008, "not a welcome")
            raise JoinError("broken", where=self.address)
        with self._closing:  # against close() on another thread: it sees this link, or this join sees it closed
            if self._net is not net:
                raise JoinError("unreachable", where=self.address, why="closed while joining")
            self._conn = conn
            self._link = Link(conn, net)
        asyncio.ensure_future(self._read(conn))
        return reply

    def _note(self, raw) -> None:
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        self.received += len(text.encode("utf-8"))
        if self.capture is not None:
            self.capture(text)

    async def _read(self, conn) -> None:
        try:
            async for raw in conn:
                self._note(raw)
                try:
                    msg = decode_host(raw)
                    if self.arrived is not None:
                        self.arrived(msg, time.perf_counter())
                    self._inbox.put(msg)
                except BadMessage as exc:
                    log.warning("the host sent a malformed message: %s", exc)
                    await conn.close(1008, "a malformed message")
                    break
        except ConnectionClosed:
            pass
        finally:
            code = conn.close_code
            self._inbox.put((CLOSED, code, conn.close_reason or ""))

    def get(self, timeout: float | None = None):
        """The next message from the host (a message struct), ``(CLOSED, code,
        reason)`` once the connection is gone, or ``None`` after ``timeout`` seconds."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def send(self, message) -> None:
        """Send ``message`` (a protocol struct) to the host. Paced: at most
        :data:`SEND_PACE` messages in any second (the host closes a
        connection past :data:`~game.play.remote.network.RATE_LIMIT`), so a fast
        computer guest waits a little here, never the host."""
        sent = self._sent
        now = time.monotonic()
        while sent and now - sent[0] >= 1.0:
            sent.popleft()
        if len(sent) >= SEND_PACE:
            time.sleep(max(0.0, 1.0 - (now - sent[0])))
            sent.popleft()
        sent.append(time.monotonic())
        link = self._link  # read once: close() may clear it meanwhile
        if link is not None:
            link.send_soon(encode(message))

    def send_text(self, text: str) -> None:
        """Send raw ``text`` (tests send what a faulty guest would)."""
        link = self._link
        if link is not None:
            link.send_soon(text)

    def drop(self) -> None:
        """Cut the connection without a goodbye, as a lost network does (tests)."""
        if self._conn is not None and self._net is not None:
            self._net.call(self._conn.transport.abort)

    def close_in_background(self) -> threading.Thread:
        """:meth:`close` on a thread of its own, for a window: the window goes
        on at once, even when the host does not answer (the close then waits
        up to ``LEAVE_WAIT_S`` seconds). Not a daemon thread, so a program that
        ends meanwhile still finishes the goodbye. Returns the thread."""
        thread = threading.Thread(target=self.close, name="rummy500-leave")
        thread.start()
        return thread

    def close(self) -> None:
        """Leave (a normal close) and stop the network thread; safe to call twice, from two threads at once.
        Waits for the host to answer the close, at most ``LEAVE_WAIT_S`` seconds (a window calls
        :meth:`close_in_background`)."""
        with self._closing:
            net, self._net = self._net, None
            link, self._link = self._link, None
        if net is None:
            return
        if link is not None and net.thread.is_alive() and threading.current_thread() is not net.thread:
            try:  # the host hears the guest leave now, not when its pings go unanswered (20 s)
                net.submit(self._leave(link)).result(LEAVE_WAIT_S + 1.0)
            except Exception:  # the loop is gone or the host does not answer: stopping the loop below ends it
                pass
        net.stop()

    @staticmethod
    async def _leave(link: Link) -> None:
        """On the loop: close after what is queued and wait for the closing
        handshake (at most ``LEAVE_WAIT_S`` seconds); past that, drop the
        connection, so the host's side ends either way."""
        link.close_soon(1000, "the guest left")
        try:
            await asyncio.wait_for(asyncio.shield(link.writer), LEAVE_WAIT_S)
        except (asyncio.TimeoutError, TimeoutError):
            pass
        link.conn.transport.abort()  # nothing, once the handshake closed it

    def reopen(self) -> Welcome:
        """Connect again and take the seat back with its token."""
        self.close()
        self._inbox = queue.SimpleQueue()
        return self.open()


class GuestBot:
    """Plays the seat of ``connection`` (already :meth:`~GuestConnection.open`)
    with a computer of ``level`` (seeded with ``seed``). :meth:`run` returns
    at game over (``quit_after_game``) with ``{"winner", "names", "totals"}``."""

    def __init__(self, connection: GuestConnection, level: str = "medium", seed: int | None = None,
                 quit_after_game: bool = True, reconnect_s: float = 5.0):
        self.connection = connection
        self.level = level
        self.player = LocalPlayer(make_ai(level, seed))
        self.rng = random.Random(seed)
        self.quit_after_game = quit_after_game
        self.reconnect_s = reconnect_s
        self.rules: RuleSet | None = None
        self.names: list[str] = []
        self.view: PlayerView | None = None
        self.n = 0
        self.refusals: list[Illegal] = []
        self.result: dict | None = None
        self.games = 0
        self.past: dict[int, tuple[tuple, tuple]] = {}  # finished hand -> (public counts, totals after it)
        self._start: tuple[int, tuple] | None = None  # (hand index, the totals before it) as last seen

    def run(self, timeout_s: float | None = None) -> dict:
        """Play until game over (then leave, with ``quit_after_game``).
        Raises :class:`JoinError` (``host_left`` when the host leaves or
        cannot be reached again within ``reconnect_s``)."""
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while True:
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError("the game did not end in time")
            msg = self.connection.get(timeout=0.5)
            if msg is None:
                continue
            if isinstance(msg, tuple):
                log.debug("the connection closed: %r", msg)
                if self.result is not None and self.quit_after_game:
                    return self.result
                self._reconnect()
                continue
            if self.step(msg) and self.quit_after_game:
                self.connection.close()
                return self.result

    def _reconnect(self) -> None:
        until = time.monotonic() + self.reconnect_s
        while True:
            try:
                self.connection.reopen()
                return
            except JoinError as exc:
                if exc.reason == "banned":
                    raise
                if exc.reason not in ("unreachable", "host_left") or time.monotonic() > until:
                    raise JoinError("host_left", **exc.detail) from None
                time.sleep(0.25)

    def step(self, msg) -> bool:
        """Take one message from the host; True at game over."""
        if isinstance(msg, Start):
            self.rules = RuleSet.from_dict(msg.rules)
            self.names = list(msg.names)
            self.view = None
            self._start = None  # a rejoin: what began before may have been another game's hand (_note_hand)
        elif isinstance(msg, Update):
            if self.rules is None:
                raise JoinError("broken", why="an update before the game's start")
            held = self.view.history if self.view is not None else ()
            if self.view is not None and msg.view.get("hand_index") != self.view.hand_index:
                held = ()
            try:
                self.view = view_from_wire(msg.view, self.rules, held)
            except BadMessage as exc:
                raise JoinError("broken", why=str(exc)) from None
            self.n = msg.n
            self._note_hand(self.view)
        elif isinstance(msg, Ask):
            self._answer(msg)
        elif isinstance(msg, Illegal):
            self.refusals.append(msg)
            log.warning("the host refused the move: %s (%s)", msg.message, msg.code)
            if self.view is not None and self.view.my_turn:
                self._send_move(sample_world(self.view, self.rng).fallback_action())
        elif isinstance(msg, GameOver):
            self.result = {"winner": msg.winner, "names": list(msg.names), "totals": list(msg.totals)}
            self.games += 1
            self.past.clear()
            self._start = None
            return True
        elif isinstance(msg, Bye):
            raise JoinError("host_left")
        elif isinstance(msg, Refused) and msg.reason == "banned":
            raise JoinError("banned")
        return False

    def _answer(self, ask: Ask) -> None:
        view = self.view
        if view is None:
            return
        self.player.ask(view, ask.rummy, self.earlier_hands(view.hand_index))
        reply = self.player.poll()
        action = reply.action if reply is not None else None
        if ask.rummy:
            if isinstance(action, CallRummy) and action.seat == view.seat:
                self.connection.send(Call(action.to_record()))
            else:
                self.connection.send(Pass())
            return
        if not isinstance(action, Action) or action.seat != view.seat:
            action = sample_world(view, self.rng).fallback_action()
        self._send_move(action)

    def earlier_hands(self, hand_index: int) -> tuple:
        """The public summary of this game's hands before ``hand_index`` that
        the guest saw end, one after another up to the hand before it
        (:func:`game.ai.opponents.past_counts`, as
        :func:`game.play.seats.public_past` gives the host's computers), for
        its computer's opponent models (Hard's). Less than the host's
        computers know when the guest was away: a hand that ended while it
        was away breaks the chain, and the hands before it are left out
        too (they could be another game's: the next game starts without a
        word to a guest who is away at game over)."""
        return tuple(counts for i, (counts, _after) in sorted(self.past.items()) if i < hand_index)

    def _note_hand(self, view: PlayerView) -> None:
        """Keep ``view``'s hand's public counts once it is over, and only
        the finished hands that lead to it: each one's totals after it must
        be the next hand's totals before it, else they are another game's or
        a hand is missing (:meth:`earlier_hands`)."""
        i, totals = view.hand_index, tuple(view.totals)
        if view.phase != "over":
            self._start = (i, totals)
            self._keep_chain(i, totals)
            return
        start = self._start[1] if self._start is not None and self._start[0] == i else None
        self._keep_chain(i, start)
        self.past[i] = (past_counts([view.history], view.players, self.rules)[0], totals)  # the whole public log

    def _keep_chain(self, hand_index: int, start: tuple | None) -> None:
        """Drop the hands kept at or after ``hand_index``, and every hand kept
        unless the one before ``hand_index`` ended on ``start`` (the totals
        before ``hand_index``; ``None``: not seen)."""
        for i in [i for i in self.past if i >= hand_index]:
            del self.past[i]
        before = self.past.get(hand_index - 1)
        if self.past and (start is None or before is None or before[1] != start):
            self.past.clear()

    def _send_move(self, action: Action) -> None:
        self.connection.send(Move(action.to_record()))
