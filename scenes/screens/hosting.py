"""Host a table (from New game, issue 23): the table listens for people at
other computers, shows what to give them, and plays in this window.

``enter(plan, rules)``: the New game form's seats (``(choice, name)``: a
computer level, ``"human"`` for a person here, ``"open"`` for a guest)
and rules. The port (default :data:`~game.play.remote.network.DEFAULT_PORT`)
can be changed before Open the table. Once open, the page shows the table
code, the certificate's short fingerprint and the addresses to give, and
announces the table on the local network (:data:`make_discovery`, which
tests replace with an in-process backend); each seat shows who has taken
it, and a guest can be removed and banned (a computer of the level chosen
under "Stand-in" takes the seat). When every open seat is taken the game
starts: the table scene plays it as any game, the guests' seats served by
:class:`game.play.remote.host.TableHost` (its network on a thread of its
own; :class:`~game.play.remote.host.HostedSession`).

``enter(resumed=table, info=info)`` (Continue or Load game on a hosted
game's slot, :func:`scenes.screens.load_game.resume`): the table saved
there (:class:`game.services.hosted_tables.HostedTable`) reopens at once, on
its port, with the same code and certificate; the guests rejoin their
seats with their seat tokens, and the game goes on from the save when
every guest is back, or at once on "Play on" (the stand-in plays the seats
of those not back until they return). Back leaves the game in its slot.

At the table, the pause menu's "Remove a guest" (:func:`ask_remove_guest`)
lists the guests who joined, asks to confirm, and removes and bans the one
chosen; a computer of the stand-in level plays their seat from then on.
"""

from __future__ import annotations

import logging
from typing import Callable

import pygame

from game.ai import LEVELS
from game.i18n import N_, _
from game.play.remote.discovery import DiscoveryBackend, ZeroconfDiscovery
from game.play.remote.host import OPEN, HostedSession, HostOptions, TableHost
from game.play.remote.network import DEFAULT_PORT, address_of, addresses_for, hosts_for, make_code
from game.rules.ruleset import RuleSet
from game.services.hosted_tables import HostedTable
from game.services.slots import SlotInfo, Slots, order_cards
from game.text import network as words
from game.text.levels import LEVEL_LABELS

from scenes.core import theme as T
from scenes.core.forms import FormScene
from scenes.core.dialogs import ChoiceDialog
from scenes.core.widgets import Button, FocusRing, Stepper, TextField

log = logging.getLogger("rummy500.hosting")

BIND = "0.0.0.0"
"""Where a table hosted from the window listens: every interface (tests give ``127.0.0.1``)."""


def _zeroconf(interfaces: list[str]) -> DiscoveryBackend:
    return ZeroconfDiscovery(interfaces)


make_discovery: Callable[[list[str]], DiscoveryBackend] = _zeroconf
"""The discovery backend for ``interfaces`` (addresses): mDNS, or in tests an
:class:`~game.play.remote.discovery.InProcessDiscovery` put here instead."""


def port_problem(text: str) -> str | None:
    """Why ``text`` is not a port a table can listen on (1024 to 65535), or ``None``."""
    text = text.strip()
    if not text.isdigit() or not 1024 <= int(text) <= 65535:
        return _("The port is a number from 1024 to 65535 (50500 unless something else uses it).")
    return None


def hosted_guests(session) -> list[tuple[int, str, bool]]:
    """The guests seated at ``session``'s table when it is hosted from this
    window (``(seat, name, connected)``, :meth:`TableHost.guests`), else ``[]``."""
    if not isinstance(session, HostedSession) or session.closed:
        return []
    return session.host.guests()


def ask_remove_guest(app, session: HostedSession, done: Callable[[], None] | None = None) -> None:
    """At the host's table: ask which guest to remove (a dialog listing the
    guests who joined, by seat and name), then to confirm; on Remove and ban,
    :meth:`HostedSession.remove_guest` (a computer of the table's stand-in
    level takes the seat; the guest is told they were removed) and a notice,
    then ``done()``. Cancel at either step changes nothing."""
    guests = hosted_guests(session)
    if not guests:
        app.notify(_("No guest is at the table now."))
        return
    options = []
    for seat, name, connected in guests:
        label = (_("Seat {number}: {name}") if connected else _("Seat {number}: {name} (away)"))
        options.append((label.format(number=seat + 1, name=name), (seat, name)))

    def confirm(chosen) -> None:
        seat, name = chosen
        level = session.host.options.stand_in
        question = _("Remove {name} from the table and ban them? A computer ({level}) plays the seat from now "
                     "on.").format(name=name, level=_(LEVEL_LABELS.get(level, level)))
        app.push(ChoiceDialog(app), title=question, options=[(N_("Remove and ban"), (seat, name))],
                 on_choose=remove)

    def remove(chosen) -> None:
        seat, name = chosen
        try:
            session.remove_guest(seat)
        except ValueError as exc:  # the guest's seat is no longer theirs (removed meanwhile)
            log.warning("the guest at seat %d could not be removed: %s", seat, exc)
            return
        app.notify(_("{name} was removed from the table and banned; a computer plays the seat.").format(name=name),
                   6.0)
        if done is not None:
            done()

    app.push(ChoiceDialog(app), title=_("Remove which guest from the table?"), options=options, on_choose=confirm)


class HostScene(FormScene):
    """The Host a table page (see the module docstring)."""

    heading = N_("Host a table")

    def enter(self, plan: list[tuple[str, str]] | None = None, rules: RuleSet | None = None,
              replace: str | None = None, bind: str | None = None, port: int | None = None,
              resumed: HostedTable | None = None, info: SlotInfo | None = None) -> None:
        self.resumed, self.info = resumed, info
        self._opening = False
        if resumed is not None:  # the saved table: its seats, names, code, rules and port
            # until its table is open an error counts against the slot, as for any Continue (scenes.core.crash)
            self.app.resuming = resumed.slot
            plan = [(kind, name) for kind, name in zip(resumed.seats, resumed.resumed.names)]
            rules = resumed.resumed.game.rules
            port = resumed.port if port is None else port
        self.plan = list(plan)
        self.rules = rules
        self.replace = replace
        self.bind = BIND if bind is None else bind  # read now: a test holds a resumed table to loopback
        self.host: TableHost | None = None
        self.problem = ""
        self.code = resumed.code if resumed is not None else make_code()
        last = self.app.settings.last_setup or {}
        saved = last.get("port") if isinstance(last.get("port"), int) else DEFAULT_PORT
        self.port = TextField(N_("Port"), str(saved if port is None else port), 5, on_change=self._changed)
        stand_in = resumed.state.get("stand_in") if resumed is not None else None
        self.stand_in = Stepper(N_("Stand-in"), list(LEVELS), stand_in if stand_in in LEVELS else "medium",
                                [LEVEL_LABELS[x] for x in LEVELS])
        self.open_button = Button(N_("Open the table"), self.open_table)
        self.play_on_button = Button(N_("Play on"), self.play_on)
        self.back_button = Button(N_("Back"), self.back)
        self.remove_buttons = [Button(N_("Remove"), lambda i=i: self.remove(i), role="small")
                               for i in range(len(plan))]
        self.focus = FocusRing([])
        self.resize()
        self.focus.focus(self.open_button)
        pygame.key.start_text_input()
        if resumed is not None:
            self.open_table()  # the guests are waiting to come back to the same address and code

    def exit(self) -> None:
        pygame.key.stop_text_input()
        if self.resumed is not None and not self._opening and self.app.resuming == self.resumed.slot:
            self.app.resuming = None  # left without opening the table

    def _changed(self, _value: str) -> None:
        self.problem = ""

    # ------------------------------------------------------------ the table
    def options(self, port: int) -> HostOptions:
        """The table's options: the form's seats, names and rules, this page's port and stand-in."""
        you = self.plan[0][1]
        away = self.resumed.state.get("away") if self.resumed is not None else None
        return HostOptions([kind for kind, _name in self.plan], self.code, port=port, bind=self.bind,
                           rules=self.rules, stand_in=self.stand_in.value, window_s=self.app.settings.rummy_window_s,
                           cert_dir=self.app.storage.network_dir, workers=True, driven=True,
                           names=[name for _kind, name in self.plan],
                           table_name=_("{name}'s table").format(name=you), host_name=you,
                           away=away if away in ("computer", "wait") else "computer",
                           resume=self.resumed.resumed if self.resumed is not None else None)

    def open_table(self) -> None:
        """Listen on the port and announce the table; a port that cannot be opened is said in one sentence."""
        if self.host is not None:
            return
        problem = port_problem(self.port.value)
        if problem:
            self.problem = problem
            self.focus.focus(self.port)
            return
        port = int(self.port.value.strip())
        discovery = None
        hosts = hosts_for(self.bind)  # looks up this computer's name: once
        try:
            discovery = make_discovery(hosts)
        except OSError as exc:
            self.app.notify(words.not_announced(exc.strerror or str(exc)), 6.0)
        host = TableHost(self.options(port), discovery=discovery, announce_address=hosts[0])
        try:
            port = host.start()
        except OSError as exc:
            if discovery is not None:
                discovery.close()
            self.problem = words.cannot_listen(address_of(self.bind, port), exc.strerror or str(exc))
            return
        self.host = host
        last = dict(self.app.settings.last_setup or {})
        if self.port.value.strip() != "0":
            last["port"] = int(self.port.value.strip())
            self.app.settings.last_setup = last
            self.app.save_settings()
        self.port.enabled = False
        self.open_button.enabled = False
        self.resize()
        self.focus.focus(self.back_button)  # nothing left to fill in: Back (closing the table) or Remove

    @property
    def addresses(self) -> list[str]:
        """The addresses to give the guests (``ip:port``), once open."""
        return addresses_for(self.bind, self.host.port) if self.host is not None else []

    def remove(self, seat: int) -> None:
        """Remove the guest at ``seat`` and ban them; a computer of the stand-in level takes the seat."""
        if self.host is None or self.plan[seat][0] != OPEN or not self.host.names[seat]:
            return
        self.host.remove_seat(seat, self.stand_in.value)
        self.plan[seat] = (self.stand_in.value, self.host.names[seat])
        self.resize()

    def update(self, dt: float) -> None:
        host = self.host
        if host is None:
            return
        host.pump()
        if host.session is not None and self.resumed is not None:  # every guest is back (or Play on)
            self.host = None  # the table's now: closing it closes the host
            info = self.info
            self._opening = True
            self.app.replace(self.app.make("table"), session=host.session, slot=self.resumed.slot,
                             hand_order=order_cards(info.hand_order) if info else (),
                             sort_mode=info.sort_mode if info else "suit", people=self.people_here())
            self.app.resuming = None  # the table is open: it counts its own errors
        elif host.session is not None:  # every open seat is taken: the game starts here
            slots = Slots(self.app.storage)
            if self.replace:
                try:
                    slots.give_up(self.replace)
                except OSError as exc:
                    self.app.notify(_("The old game could not be deleted ({error}); it stays in Load game.").format(
                        error=exc.strerror or exc))
            self.host = None  # the table's now: closing it closes the host
            self.app.replace(self.app.make("table"), session=host.session, slot=slots.new_name(),
                             people=self.people_here())

    def people_here(self) -> list[int] | None:
        """The seats of the people at this computer when there are two or more
        (the table is then pass-and-play for them, the guests' seats aside);
        ``None`` for one person (or none): the table shows seat 0 as before."""
        people = [i for i, (kind, _name) in enumerate(self.plan) if kind == "human"]
        return people if len(people) > 1 else None

    def play_on(self) -> None:
        """A reopened table: start now, without waiting for every guest
        (:meth:`TableHost.play_on`; the stand-in plays for those not back)."""
        if self.host is not None and self.resumed is not None:
            self.host.play_on()

    def missing(self) -> list[int]:
        """A reopened table: the guests' seats whose guest is not back yet."""
        if self.host is None:
            return []
        back = {seat for seat, _name, connected in self.host.guests() if connected}
        return [seat for seat, _name, _c in self.host.guests() if seat not in back]

    def back(self) -> None:
        if self.host is not None:
            self.host.close()
            self.host = None
        self.app.pop()

    # ------------------------------------------------------------ layout
    def _widgets(self):
        ws = [self.port, self.stand_in, self.open_button]
        if self.play_on_button.visible:
            ws.append(self.play_on_button)
        ws += [b for b in self.remove_buttons if b.visible]
        return ws + [self.back_button]

    def resize(self) -> None:
        th = self.theme
        row = max(round(th.body * 2.0), 28)
        gap = max(4, th.pad // 2)
        col_w = min(round(th.width * 0.42), th.body * 26)
        left_x = th.width // 2 - col_w - 2 * th.pad
        right_x = th.width // 2 + 2 * th.pad
        y = th.title * 2 + 2 * th.pad
        for w in (self.port, self.stand_in):
            w.rect = pygame.Rect(left_x, y, col_w, row)
            y += row + gap
        self.open_button.rect = pygame.Rect(left_x, y, col_w, row)
        self.play_on_button.visible = self.resumed is not None and self.host is not None
        if self.play_on_button.visible:  # a reopened table: start without waiting for every guest
            y += row + gap
            self.play_on_button.rect = pygame.Rect(left_x, y, col_w, row)
        self.info_y = y + row + 2 * th.pad
        self.left_x, self.right_x, self.col_w = left_x, right_x, col_w
        self.seats_y = th.title * 2 + 2 * th.pad + round(th.body * 1.6)
        lh = max(row, round(th.body * 1.6))
        self.seat_h = lh
        small_w = max(T.font(th.small).size(_("Remove"))[0] + 2 * th.pad, th.body * 5)
        names = self.host.names if self.host is not None else None
        for i, b in enumerate(self.remove_buttons):
            b.rect = pygame.Rect(right_x + col_w - small_w, self.seats_y + i * (lh + gap) + 2, small_w, lh - 4)
            b.visible = bool(names and self.plan[i][0] == OPEN and names[i])
        bw = max(th.body * 11, 170, T.font(th.body, True).size(self.back_button.text)[0] + 4 * th.pad)
        self.back_button.rect = pygame.Rect(th.width // 2 - bw // 2, th.height - row - 3 * th.pad, bw, row + 4)
        self.focus.set(self._widgets())

    def draw(self, surface) -> None:
        th = self.theme
        self.draw_heading(surface)
        if self.host is not None:  # the remove buttons follow who has joined
            names = self.host.names
            shown = [bool(self.plan[i][0] == OPEN and names[i]) for i in range(len(self.plan))]
            if shown != [b.visible for b in self.remove_buttons]:
                self.resize()
        lh = round(th.body * 1.4)
        x, w = self.left_x, self.col_w
        y = self.info_y
        bad = (255, 190, 170)
        lines: list[tuple[str, tuple, int, bool]] = []
        if self.problem:
            lines += [(line, bad, th.small, False) for line in T.wrap(self.problem, th.small, w)]
        if self.host is None:
            about = _("Guests join with the table code shown here once the table is open. The host's computer "
                      "must let other computers reach this port (TCP, incoming); across the internet, forward "
                      "it on the router (How to play says how).")
            lines += [(line, T.TEXT_DIM, th.small, False) for line in T.wrap(about, th.small, w)]
            stand_in = _("Stand-in: the computer that plays a guest's seat while the guest is away, or once the "
                         "guest is removed.")
            lines += [(line, T.TEXT_DIM, th.small, False) for line in T.wrap(stand_in, th.small, w)]
        else:
            lines.append((_("Table code"), T.TEXT_DIM, th.small, False))
            lines.append((self.code[:3] + " " + self.code[3:], T.TEXT, th.title, True))
            lines.append((_("Certificate fingerprint"), T.TEXT_DIM, th.small, False))
            lines.append((self.host.short_fingerprint, T.TEXT, th.body, True))
            lines.append((_("Addresses to give"), T.TEXT_DIM, th.small, False))
            lines += [(a, T.TEXT, th.body, False) for a in self.addresses[:4]]
            waiting = (_("The table saved here is open again: the guests rejoin their seats with their seat "
                         "tokens, and the game goes on from the save once every guest is back. Play on starts it "
                         "now: the stand-in plays for each guest until they are back.")
                       if self.resumed is not None else _("The game starts when every open seat is taken."))
            lines += [(line, T.TEXT_DIM, th.small, False) for line in T.wrap(waiting, th.small, w)]
        bottom = self.back_button.rect.top - th.pad
        for text, colour, size, bold in lines:
            height = round(size * 1.3)
            if y + height > bottom:
                break
            surface.blit(T.fit_text(text, size, w, colour, bold=bold), (x, y))
            y += height
        # the seats, on the right
        head = T.fit_text(_("Seats"), th.body, self.col_w, T.TEXT, bold=True)
        surface.blit(head, (self.right_x, self.seats_y - head.get_height() - th.pad))
        names = self.host.names if self.host is not None else [n for _k, n in self.plan]
        gap = max(4, th.pad // 2)
        missing = self.missing() if self.resumed is not None else []
        for i, (kind, name) in enumerate(self.plan):
            y = self.seats_y + i * (self.seat_h + gap)
            if kind == OPEN and self.resumed is not None and i in missing:
                state = _("{name}: not back yet").format(name=names[i])
            elif kind == OPEN:
                state = (_("{name} (another computer)").format(name=names[i]) if names[i]
                         else _("Open: waiting for a guest"))
            elif kind == "human":
                state = _("{name} (at this computer)").format(name=name)
            else:
                state = _("{name} (computer: {level})").format(name=names[i] or name,
                                                              level=_(LEVEL_LABELS.get(kind, kind)))
            room = self.col_w - (self.remove_buttons[i].rect.width + th.pad if self.remove_buttons[i].visible else 0)
            words_ = T.fit_text(f"{i + 1}. {state}", th.body, room, T.TEXT if kind == OPEN else T.TEXT_DIM)
            surface.blit(words_, words_.get_rect(midleft=(self.right_x, y + self.seat_h // 2)))
        self.focus.draw(surface, th)
