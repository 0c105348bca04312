"""Join a table (issue 23): find a table hosted at another computer, give
its code, a seat and a name, and take the seat.

The tables heard on the local network (:data:`scenes.screens.hosting.make_discovery`,
an in-process backend in tests) are listed; choosing one fills in its
address and the certificate fingerprint it announced (the code is never
announced: the host says it). An address can be typed instead
(``HOST:PORT``, the port 50500 when left out). Joining runs on a thread of
its own (:class:`game.play.remote.guest.GuestConnection`, which checks the
host's certificate before it sends the code), so the window never waits;
a refusal arrives as a code and is worded here, in this window's language
(:func:`game.text.network.join_problem`).

Once joined, it says which seat is yours and waits for the game to start;
as soon as the host has sent the game's start and its first update, the
page gives way to the table (:class:`scenes.table.scene.TableScene`), driven
by a :class:`game.play.remote.guest_session.GuestSession` and drawn from
the seat's own :class:`~game.rules.view.PlayerView` only. Back before then,
or leaving the table later, gives the seat back to the host (a computer
plays it, or the host's table waits, as the host chose).
"""

from __future__ import annotations

import logging
import threading

import pygame

from game.i18n import N_, _
from game.play.remote.guest import CLOSED, GuestConnection, JoinError, parse_address
from game.play.remote.guest_session import GuestSession
from game.play.remote.network import (
    DEFAULT_PORT, KNOWN_FILE, Bye, GameOver, KnownHosts, Start, Update, address_of, code_problem, hosts_for,
    normalise_code,
)
from game.rules.names import field_name, has_visible, is_you_word
from game.services.kept_seats import KeptSeat, KeptSeats
from game.rules.record import name_problem
from game.text import network as words

from scenes.core import theme as T
from scenes.core.forms import FormScene
from scenes.core.widgets import Button, FocusRing, Stepper, TextField
from scenes.screens import hosting

log = logging.getLogger("rummy500.joining")

SHOWN_TABLES = 5
"""The most tables found on the network listed at once."""
ANY_SEAT = 0
"""The seat choice "the first free seat" (else a seat number counting from 1)."""


class JoinScene(FormScene):
    """The Join a table page (see the module docstring)."""

    heading = N_("Join a table")
    use_workers = True
    """Where the joined table's Hint thinks: a worker process (tests think in this one)."""

    def enter(self) -> None:
        self.problem = ""
        self.status = ""
        self.conn: GuestConnection | None = None
        self.welcome = None
        self._joining: threading.Thread | None = None
        self._outcome: tuple | None = None
        self._outcome_lock = threading.Lock()  # the join thread's outcome against the page being left
        self._left = False
        self._table_key: tuple = ("", "", None)  # (host:port, code, kept token) of the join under way
        self.started = False
        self.over = False
        self.inbox: list = []  # what the host sent since the welcome: handed to the table
        self.found: list = []
        self._found_at = -1.0
        self.clock = 0.0
        self.fingerprint: str | None = None
        try:
            self.discovery = hosting.make_discovery(self._interfaces())
        except OSError as exc:
            log.warning("tables on the network cannot be listed: %s", exc)
            self.discovery = None
        name = field_name(self.app.settings.player_name)
        self.address = TextField(N_("Address"), "", 60, on_change=self._changed)
        self.code = TextField(N_("Table code"), "", 12, on_change=self._changed)
        self.name = TextField(N_("Your name"), name if has_visible(name) and not is_you_word(name) else "", 16,
                              on_change=self._changed)
        self.seat = Stepper(N_("Seat"), list(range(0, 9)), ANY_SEAT,
                            [N_("First free seat")] + [str(n) for n in range(1, 9)])
        self.join_button = Button(N_("Join"), self.join)
        self.back_button = Button(N_("Back"), self.back)
        self.table_buttons = [Button("", lambda i=i: self.pick(i), role="small") for i in range(SHOWN_TABLES)]
        self.focus = FocusRing([])
        self.resize()
        self.focus.focus(self.address)
        pygame.key.start_text_input()

    @staticmethod
    def _interfaces() -> list[str]:
        """The addresses of this computer to listen for tables on."""
        return hosts_for("0.0.0.0")

    def exit(self) -> None:
        pygame.key.stop_text_input()
        with self._outcome_lock:
            self._left = True
            outcome, self._outcome = self._outcome, None
        if outcome is not None and outcome[0] == "welcome":  # welcomed, but not yet read: the seat is given back
            outcome[1].close_in_background()
        self.leave()
        if self.discovery is not None:
            self.discovery.close()
            self.discovery = None

    def _changed(self, _value: str) -> None:
        self.problem = ""

    # ------------------------------------------------------------ finding
    def tables(self) -> list:
        """The tables heard so far (:class:`~game.play.remote.discovery.TableAd`), in name order."""
        return self.discovery.tables() if self.discovery is not None else []

    def pick(self, i: int) -> None:
        """Take the address and fingerprint of the ``i``-th table listed; the code is the host's to give."""
        if i >= len(self.found):
            return
        ad = self.found[i]
        self.address.value = address_of(ad.address, ad.port)
        self.fingerprint = ad.fingerprint or None
        self.problem = ""
        self.focus.focus(self.code)

    # ------------------------------------------------------------ joining
    def form_problem(self) -> str | None:
        """Why the form cannot join yet (a sentence in this window's language), or ``None``."""
        try:
            parse_address(self.address.value, DEFAULT_PORT)
        except ValueError:
            self.focus.focus(self.address)
            return _("Type the host's address as its page shows it, such as 192.168.1.20:50500, or choose a "
                     "table above.")
        if code_problem(self.code.value):
            self.focus.focus(self.code)
            return _("A table code is the 6 letters and digits the host's page shows.")
        name = self.name.value.strip()
        if not name or not has_visible(name) or name_problem(name):
            self.focus.focus(self.name)
            return _("Your name needs at least one character that shows: a letter, a digit or a sign.")
        if is_you_word(name):
            self.focus.focus(self.name)
            return _("“{name}” is what the game calls the person at this computer: choose another "
                     "name.").format(name=name)
        return None

    def join(self) -> None:
        """Join the table with the form's code, seat and name, off the window's thread."""
        if self._joining is not None or self.welcome is not None:
            return
        problem = self.form_problem()
        if problem:
            self.problem = problem
            return
        host, port = parse_address(self.address.value, DEFAULT_PORT)
        typed = self.address.value.strip()
        given = (self.fingerprint if self.found and any(address_of(a.address, a.port) == typed for a in self.found)
                 else None)
        known = KnownHosts(self.app.storage.network_dir / KNOWN_FILE)
        seat = self.seat.value - 1 if self.seat.value != ANY_SEAT else None
        # a seat this computer took at that table before (its window closed): its token takes it back
        where, code = f"{host}:{port}", normalise_code(self.code.value)
        kept = KeptSeats(self.app.storage.network_dir).find(where, code)
        token = kept.token if kept is not None else None
        if kept is not None:
            seat = kept.seat
        self._table_key = (where, code, token)
        conn = GuestConnection(host, port, code=self.code.value, name=self.name.value.strip(), seat=seat,
                               token=token, known=known, fingerprint=given, timeout_s=8.0)
        self.problem = ""
        self.status = _("Joining the table at {where}…").format(where=conn.address)

        def run() -> None:
            try:
                outcome = ("welcome", conn, conn.open())
            except JoinError as exc:
                outcome = ("refused", conn, exc)
            with self._outcome_lock:
                if not self._left:
                    self._outcome = outcome
                    return
            if outcome[0] == "welcome":  # the page was left while the join was on its way: give the seat back
                conn.close()

        self._joining = threading.Thread(target=run, name="rummy500-join", daemon=True)
        self._joining.start()

    def leave(self) -> None:
        """Give the seat back (the host's computer plays on) and close the connection."""
        if self.conn is not None:
            self.conn.close_in_background()
            self.conn = None
        self.welcome = None

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock - self._found_at >= 1.0:  # the list of tables, once a second
            self._found_at = self.clock
            found = self.tables()[:SHOWN_TABLES]
            if found != self.found:
                self.found = found
                self.resize()
        if self._outcome is not None:
            kind, conn, value = self._outcome
            self._outcome, self._joining = None, None
            where, code, token = self._table_key
            if kind == "welcome":
                self.conn, self.welcome = conn, value
                KeptSeats(self.app.storage.network_dir).keep(
                    KeptSeat(where, code, value.seat, value.token, self.name.value.strip()))
                self.inbox = []
                self.status = ""
                self.focus.focus(self.back_button)
            else:
                self.status = ""
                self.problem = words.join_problem(value.reason, value.detail)
                if token is not None and value.reason == "bad_token":  # the kept seat is gone: join anew next time
                    KeptSeats(self.app.storage.network_dir).forget(where, code)
            self.resize()
        while self.conn is not None:
            msg = self.conn.get(timeout=0)
            if msg is None:
                break
            self.inbox.append(msg)
            if isinstance(msg, Start):
                self.started = True
            elif isinstance(msg, Update) and self.started and not self.over:
                self.sit_down()
                return
            elif isinstance(msg, GameOver):
                self.over = True
                KeptSeats(self.app.storage.network_dir).forget(*self._table_key[:2])
                self.status = _("The game is over: {name} won.").format(name=msg.names[msg.winner])
            elif isinstance(msg, Bye) or (isinstance(msg, tuple) and msg[0] == CLOSED):
                reason = "host_left" if isinstance(msg, Bye) or msg[1] != 1008 else "banned"
                if not self.over:
                    self.problem = words.join_problem(reason, {})
                self.conn, self.welcome = None, None
                self.resize()
                break

    def sit_down(self) -> None:
        """The game runs: this page gives way to the table, which plays the
        joined seat from then on (the connection is the table's now)."""
        conn, welcome, inbox = self.conn, self.welcome, self.inbox
        try:
            session = GuestSession(conn, welcome, inbox, window_s=float(self.app.settings.rummy_window_s),
                                   use_workers=self.use_workers)
        except ValueError as exc:
            log.warning("the joined table could not be shown: %s", exc)
            self.problem = words.join_problem("broken", {})
            self.leave()
            return
        self.conn, self.welcome, self.inbox = None, None, []  # the table's now: leaving this page keeps them
        self.app.replace(self.app.make("table"), session=session, viewer=welcome.seat)

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------ layout
    def _widgets(self):
        ws = [b for b in self.table_buttons if b.visible]
        ws += [self.address, self.code, self.name, self.seat, self.join_button]
        return ws + [self.back_button]

    def resize(self) -> None:
        th = self.theme
        row = max(round(th.body * 2.0), 28)
        gap = max(4, th.pad // 2)
        width = min(th.width - 8 * th.pad, th.body * 44)
        left = th.width // 2 - width // 2
        self.left, self.width = left, width
        y = th.title * 2 + 2 * th.pad + round(th.body * 1.6)
        self.found_y = y
        for i, b in enumerate(self.table_buttons):
            b.visible = i < len(self.found)
            if b.visible:
                ad = self.found[i]
                b.label = _("{name} · {open} open · {where}").format(
                    name=_("{name}'s table").format(name=ad.host) if ad.host else ad.name, open=ad.open,
                    where=address_of(ad.address, ad.port))
                b.rect = pygame.Rect(left, y, width, row - 4)
                y += row + gap - 4
        if not self.found:
            y += round(th.small * 1.3) + gap
        y += th.pad
        joined = self.welcome is not None
        for w in (self.address, self.code, self.name, self.seat):
            w.rect = pygame.Rect(left, y, width, row)
            w.enabled = not joined
            y += row + gap
        self.join_button.rect = pygame.Rect(left, y, width, row)
        self.join_button.enabled = not joined
        self.text_y = y + row + th.pad
        bw = max(th.body * 11, 170, T.font(th.body, True).size(self.back_button.text)[0] + 4 * th.pad)
        self.back_button.rect = pygame.Rect(th.width // 2 - bw // 2, th.height - row - 3 * th.pad, bw, row + 4)
        self.focus.set(self._widgets())

    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        head = T.fit_text(_("Tables on this network"), th.body, self.width, T.TEXT, bold=True)
        surface.blit(head, (self.left, self.found_y - head.get_height() - th.pad // 2))
        if not self.found:
            none = T.fit_text(_("None found yet: type the address the host's page shows."), th.small, self.width,
                              T.TEXT_DIM)
            surface.blit(none, (self.left, self.found_y))
        lines: list[tuple[str, tuple]] = []
        if self.welcome is not None:
            seat = self.welcome.seat
            lines.append((_("You have seat {number} at this table.").format(number=seat + 1), T.TEXT))
            lines.append((_("The game has started.") if self.started else _("Waiting for every seat to be taken…"),
                          T.TEXT_DIM))
            lines.append((_("The table opens here as soon as the game starts. Back gives the seat back to the "
                            "host."), T.TEXT_DIM))
        if self.status:
            lines.append((self.status, T.TEXT_DIM))
        if self.problem:
            lines.append((self.problem, (255, 190, 170)))
        y, lh = self.text_y, round(th.small * 1.3)
        bottom = self.back_button.rect.top - th.pad
        for text, colour in lines:
            for line in T.wrap(text, th.small, self.width):
                if y + lh > bottom:
                    break
                surface.blit(T.text(line, th.small, colour), (self.left, y))
                y += lh
        self.focus.draw(surface, th)
