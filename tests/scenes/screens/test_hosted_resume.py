"""Issue 23, "Drops and restarts": when the host quits or crashes, the
guests are told, and when the host opens the slot again (Continue, or Load
game) the table reopens with the same code and certificate, and the guests
rejoin their seats with their tokens; the game goes on from the save. Or
the host presses Play on: the stand-in plays the seats of those not back,
and they take them back with their tokens when they come.

The host here is the window (Host a table; a computer at seat 0, so the
game moves by itself) with a bot guest (a computer level) that keeps
coming back to the same address with its seat token while the host is
away. The crash is a real one: the host's window runs as a program of its
own and is SIGKILLed mid-hand."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import functools

import pygame
import pytest

from game.i18n import set_language
from game.play.remote.discovery import InProcessDiscovery
from game.play.remote.guest import GuestBot, GuestConnection, JoinError
from game.play.remote.host import HostedSession
from game.rules.ruleset import RuleSet
from game.services.slots import Slots
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens import hosting
from scenes.screens.hosting import HostScene
from scenes.screens.results import HandResults
from scenes.screens.setup import OPEN
from scenes.screens.title import TitleScene
from scenes.table.scene import TableScene
if __name__ == "__main__":  # run as the host program (host_program): the tests' helpers are two folders up
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from hosted_helpers import free_port, in_process_network, step_until  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def discovery(monkeypatch):
    in_process_network(monkeypatch)
    # Continue opens a resumed table as the page enters, before a test could set its bind: loopback only
    monkeypatch.setattr(hosting, "BIND", "127.0.0.1")
    yield
    set_language("en")


step_until = functools.partial(step_until, next_hand=True, pause=0.002)


class Guest:
    """A bot guest at seat ``seat`` that rejoins with its seat token whenever the host goes away."""

    def __init__(self, port: int, code: str, name: str = "Ben", seat: int = 1):
        self.conn = GuestConnection("127.0.0.1", port, code=code, name=name, seat=seat)
        self.bot = GuestBot(self.conn, "easy", seed=seat)
        self.tokens: list[str] = []  # the seat token at each join
        self.host_left = 0
        self.error: Exception | None = None
        self.away = threading.Event()  # set: stay away (the test lets the table start without us)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _join(self, first: bool) -> None:
        deadline = time.monotonic() + 60
        while True:
            while self.away.is_set() and not self.stop.is_set():
                time.sleep(0.05)
            if self.stop.is_set():  # closed while the host was away: stop knocking (close() waits for us)
                return
            try:
                welcome = self.conn.open() if first else self.conn.reopen()
                self.tokens.append(welcome.token)
                return
            except JoinError as exc:
                if exc.reason not in ("unreachable", "host_left") or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def _run(self) -> None:
        try:
            self._join(True)
            while not self.stop.is_set():
                msg = self.conn.get(timeout=0.2)
                if msg is None:
                    continue
                try:
                    if isinstance(msg, tuple):
                        raise JoinError("host_left")  # the connection closed without a word: a crash
                    if self.bot.step(msg):
                        return
                except JoinError as exc:
                    if exc.reason != "host_left":
                        raise
                    self.host_left += 1
                    self._join(False)
        except Exception as exc:  # read by the test
            self.error = exc

    def close(self) -> None:
        self.stop.set()
        self.away.clear()
        self.thread.join(10)
        self.conn.close()


def host_a_table(app, port: int) -> HostScene:
    app.push(TitleScene(app))
    page = app.push(HostScene(app), plan=[("easy", "Ana"), (OPEN, "")], rules=RuleSet(target=500),
                    bind="127.0.0.1")
    page.port.value = str(port)
    page.open_table()
    assert page.host is not None, page.problem
    return page


def saved_point(session) -> tuple[int, list]:
    game = session.game
    return game.hand.index, [a.to_record() for a in game.hand.actions]


def reopen_from_continue(config: str, port: int):
    """A new window on the same config folder; Continue. Returns ``(app, page)``."""
    app = App(Options(config_dir=config, size=(1280, 720), speed="fast"))
    title = app.push(TitleScene(app))
    app.step(1 / 60)
    title.continue_game()
    page = app.top
    assert isinstance(page, HostScene) and page.resumed is not None, type(page).__name__
    assert page.bind == "127.0.0.1" and page.addresses == [f"127.0.0.1:{port}"], page.addresses
    return app, page


def test_the_host_quits_mid_hand_and_continue_reopens_the_table_for_its_guest(tmp_path):
    config, port = str(tmp_path / "cfg"), free_port()
    app = App(Options(config_dir=config, size=(1280, 720), speed="fast"))
    page = host_a_table(app, port)
    code, fingerprint = page.code, page.host.short_fingerprint
    guest = Guest(port, code)
    try:
        step_until(app, lambda: isinstance(app.top, TableScene) or guest.error)
        table = app.top
        step_until(app, lambda: (len(table.session.game.hand.actions) >= 6 and isinstance(app.top, TableScene))
                   or guest.error)
        hand, actions = saved_point(table.session)
        slot = table.slot
        app.close()  # the host quits: the game is saved, the guest is told the host left
        assert guest.error is None
        deadline = time.monotonic() + 10
        while guest.host_left < 1:
            assert time.monotonic() < deadline, "the guest was not told the host left"
            time.sleep(0.05)
        table_file = Slots(app.storage).table_file(slot)
        state = json.loads(table_file.read_text())
        assert state["code"] == code and state["tokens"] == {"1": guest.tokens[0]} and state["port"] == port
        assert os.stat(table_file).st_mode & 0o077 == 0  # the seat tokens are the host's alone

        app, page = reopen_from_continue(config, port)
        # the same code, port and certificate; the table waits for its guest
        assert page.code == code and page.host is not None and page.host.port == port
        assert page.host.short_fingerprint == fingerprint
        step_until(app, lambda: isinstance(app.top, TableScene) or guest.error, timeout=60)
        assert guest.error is None and guest.tokens == [guest.tokens[0]] * 2  # back in its seat by its token
        table = app.top
        session = table.session
        assert isinstance(session, HostedSession) and table.slot == slot  # the same slot goes on
        assert session.names == ["Ana", "Ben"] and session.referee.players[1].is_person
        assert session.game.hand.index == hand
        assert [a.to_record() for a in session.game.hand.actions][:len(actions)] == actions  # from the save
        # the game goes on, the guest playing its own seat again
        step_until(app, lambda: any(a.seat == 1 for a in session.game.hand.actions[len(actions):])
                   or session.game.hand.index > hand or guest.error)
        assert guest.error is None
        app.close()
    finally:
        guest.close()


def test_play_on_starts_the_reopened_table_without_its_guest_who_takes_the_seat_back_later(tmp_path):
    config, port = str(tmp_path / "cfg"), free_port()
    app = App(Options(config_dir=config, size=(1280, 720), speed="fast"))
    page = host_a_table(app, port)
    guest = Guest(port, page.code)
    try:
        step_until(app, lambda: isinstance(app.top, TableScene) or guest.error)
        table = app.top
        step_until(app, lambda: (len(table.session.game.hand.actions) >= 4 and isinstance(app.top, TableScene))
                   or guest.error)
        guest.away.set()  # the guest does not come back for now
        app.close()
        app, page = reopen_from_continue(config, port)
        for _ in range(30):
            app.step(1 / 60)
        assert isinstance(app.top, HostScene) and page.missing() == [1]  # waiting for Ben
        assert app.resuming == page.resumed.slot  # an error before the table opens counts against the slot
        pos = page.play_on_button.rect.center
        assert page.play_on_button.visible
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        step_until(app, lambda: isinstance(app.top, TableScene), timeout=30)
        session = app.top.session
        assert app.resuming is None  # the table is open: it counts its own errors
        assert not session.referee.players[1].is_person  # the stand-in plays for Ben meanwhile
        moves = len(session.game.hand.actions)
        step_until(app, lambda: len(session.game.hand.actions) > moves + 2 or session.game.hand.ended is not None)
        guest.away.clear()  # Ben is back, with his token
        step_until(app, lambda: session.referee.players[1].is_person or guest.error, timeout=60)
        assert guest.error is None and len(set(guest.tokens)) == 1 and len(guest.tokens) == 2
        app.close()
    finally:
        guest.close()


def host_program(config: str, port: int) -> None:
    """The host that is killed (this file run as a program): host the table
    in a window on ``config``, print the code, play on; writes ``ready`` in
    ``config`` once the table has saved a few actions of the first hand."""
    import scenes.launch  # noqa: F401  (registers every scene under its key, as the program does)

    hosting.make_discovery = lambda interfaces: InProcessDiscovery({})
    app = App(Options(config_dir=config, size=(1024, 640), speed="fast"))
    page = host_a_table(app, port)
    print(page.code, flush=True)
    ready = Path(config, "ready")
    while True:
        if isinstance(app.top, HandResults):
            app.top.next()
        app.step(1 / 60)
        table = app.top
        if (not ready.exists() and isinstance(table, TableScene) and len(table.session.game.hand.actions) >= 6
                and Slots(app.storage).table_file(table.slot).exists()):
            ready.write_text(table.slot)
        time.sleep(0.002)


def test_the_host_killed_mid_hand_reopens_from_its_save_and_the_guest_rejoins_by_token(tmp_path):
    config, port = str(tmp_path / "cfg"), free_port()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LANGUAGE="en", PYGAME_HIDE_SUPPORT_PROMPT="1")
    first = subprocess.Popen([sys.executable, __file__, config, str(port)], cwd=ROOT, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    guest = None
    try:
        code = first.stdout.readline().strip()
        assert len(code) == 6, code + first.stderr.read() if first.poll() is not None else code
        guest = Guest(port, code)
        ready = Path(config, "ready")
        deadline = time.monotonic() + 90
        while not ready.exists():
            assert first.poll() is None, first.stderr.read()[-3000:]
            assert time.monotonic() < deadline and guest.error is None
            time.sleep(0.05)
        time.sleep(0.2)
        os.killpg(first.pid, signal.SIGKILL)  # no goodbye, no last save: what was saved after each action
        first.wait(10)
        slot = ready.read_text()
        app = App(Options(config_dir=config, size=(1280, 720), speed="fast"))
        saved, message = app.storage.load_game_state(slot)
        assert saved is not None, message
        app.close()
        app, page = reopen_from_continue(config, port)
        assert page.code == code and page.resumed.slot == slot
        step_until(app, lambda: isinstance(app.top, TableScene) or guest.error, timeout=60)
        assert guest.error is None and guest.host_left >= 1 and len(guest.tokens) == 2
        assert guest.tokens[0] == guest.tokens[1]  # its seat, by its token
        session = app.top.session
        start = [a.to_record() for a in saved.hand.actions]
        assert session.game.hand.index == saved.hand.index and session.game.totals == saved.totals
        assert [a.to_record() for a in session.game.hand.actions][:len(start)] == start  # from the save
        step_until(app, lambda: any(a.seat == 1 for a in session.game.hand.actions[len(start):])
                   or session.game.hand.index > saved.hand.index or guest.error)
        assert guest.error is None and session.referee.players[1].is_person
        app.close()
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
        if guest is not None:
            guest.close()


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    host_program(sys.argv[1], int(sys.argv[2]))
