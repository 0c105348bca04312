"""What the window tests of tables across computers share (issue 23): the
in-process discovery in place of mDNS, a window, a free loopback port, and
stepping the window until something is so."""

from __future__ import annotations

import contextlib
import socket
import time

from game.i18n import set_language
from game.play.remote.discovery import InProcessDiscovery
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens import hosting


def in_process_network(monkeypatch) -> dict:
    """Host a table and Join a table find each other through a dict in this
    process, not the local network; returns the dict."""
    shared: dict = {}
    monkeypatch.setattr(hosting, "make_discovery", lambda interfaces: InProcessDiscovery(shared))
    return shared


@contextlib.contextmanager
def open_app(tmp_path, speed: str = "instant", size=(1280, 720)):
    """A window (dummy driver) with its own config folder; closed, and the
    language put back to English, after the test."""
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=size, speed=speed))
    try:
        yield a
    finally:
        a.close()
        set_language("en")


def free_port() -> int:
    """A loopback port free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def step_until(app, done, timeout: float = 90.0, next_hand: bool = False, pause: float = 0.0) -> None:
    """Frames of 1/60 s until ``done()``; ``next_hand`` clicks on from each
    hand's results, as the host would; fails after ``timeout`` seconds."""
    from scenes.screens.results import HandResults

    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        if next_hand and isinstance(app.top, HandResults):
            app.top.next()
        app.step(1 / 60)
        if pause:
            time.sleep(pause)


def open_join_page(app, port: int, code: str, name: str = "Ben"):
    """The title page with the Join a table page on it, its form filled in for
    the table on 127.0.0.1 at ``port`` (not yet joined); returns the page."""
    from scenes.screens.joining import JoinScene
    from scenes.screens.title import TitleScene
    app.push(TitleScene(app))
    page = app.push(JoinScene(app))
    page.address.value = f"127.0.0.1:{port}"
    page.code.value = code
    page.name.value = name
    return page
