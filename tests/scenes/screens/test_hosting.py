"""Issue 23, section 3: Host a table from New game. The page listens on a
port of its own (127.0.0.1 only in tests), shows the code, the fingerprint
and the addresses, announces the table through the discovery backend (an
in-process one here), and its window plays the table: a headless guest
(a computer level, game.play.remote.guest) joins the open seat and the game
reaches its end, the host clicking on from each hand's results as a host
does (the table deals the next hand only then)."""

from __future__ import annotations

import dataclasses
import socket
import threading
import time

import functools

import pytest

from game.play.remote.guest import GuestBot, GuestConnection, JoinError
from game.play.remote.host import HostedSession
from game.rules.ruleset import RuleSet
from scenes.screens.hosting import HostScene
from scenes.screens.results import GameOver, HandResults
from scenes.screens.setup import HOST, OPEN, SetupScene
from scenes.screens.title import TitleScene
from scenes.table.scene import TableScene
from hosted_helpers import free_port, in_process_network, open_app, step_until


@pytest.fixture
def network(monkeypatch):
    return in_process_network(monkeypatch)


@pytest.fixture
def app(tmp_path):
    with open_app(tmp_path) as a:
        yield a


step_until = functools.partial(step_until, timeout=120.0)


# A table seed whose 50-point game takes two hands: the next deal must reach
# the guest. (Unseeded, 299 tables in 300 ended in one hand; one that did not
# waited for a click nobody gave, and CI timed out on it.)
TWO_HANDS_SEED = 186


def test_new_game_hosts_a_table_a_headless_guest_joins_and_the_game_ends(app, network, monkeypatch):
    options = HostScene.options
    monkeypatch.setattr(HostScene, "options", lambda page, port: dataclasses.replace(options(page, port),
                                                                                        seed=TWO_HANDS_SEED))
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    setup.players.index = setup.players.choices.index(2)
    setup._players_changed()
    setup.you_level.index = setup.you_level.choices.index("easy")  # a computer plays for the host: no hands here
    setup.where.index = 1
    setup._where_changed()
    assert setup.where.value == HOST
    setup.seat_levels[0].index = setup.seat_levels[0].choices.index(OPEN)
    setup.rules_from = None
    setup.sel_rules = RuleSet(target=50)  # a short game
    setup.profile.choices[setup.profile.index] = setup.sel_name
    setup.start_game()
    page = app.top
    assert isinstance(page, HostScene)
    page.bind = "127.0.0.1"
    port = free_port()
    page.port.value = str(port)
    page.open_table()
    assert page.host is not None and page.host.port == port and not page.problem
    app.step(1 / 60)
    ad = list(network.values())[0]
    assert ad.port == port and ad.open == 1 and page.code not in repr(ad)  # the code is never announced
    assert page.addresses == [f"127.0.0.1:{port}"] and len(page.host.short_fingerprint) >= 16
    conn = GuestConnection("127.0.0.1", port, code=page.code, name="Guest", fingerprint=page.host.short_fingerprint)
    result: dict = {}
    errors: list = []

    def play():
        try:
            conn.open()
            result.update(GuestBot(conn, "easy", seed=5).run(timeout_s=150))
        except Exception as exc:  # reported by the assertions below
            errors.append(exc)

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    step_until(app, lambda: isinstance(app.top, TableScene) or errors)
    assert not errors
    table = app.top
    assert isinstance(table.session, HostedSession) and table.session.names == [setup.you.value, "Guest"]
    step_until(app, lambda: table.session.game.winner is not None or errors, timeout=100, next_hand=True)
    thread.join(30)
    assert not errors and result["winner"] == table.session.game.winner
    assert result["totals"] == table.session.game.totals
    assert table.session.game.people == [1]  # the guest's seat was a person's (seat 0 was watched)
    assert len(table.session.game.hand_scores) >= 2, "this seed no longer plays two hands: choose another"
    step_until(app, lambda: isinstance(app.top, (HandResults, GameOver)), timeout=30)  # the table shows the end


def test_a_port_that_is_taken_or_not_a_port_is_said_in_one_sentence(app, network):
    app.push(TitleScene(app))
    page = app.push(HostScene(app), plan=[("human", "Ana"), (OPEN, ""), (OPEN, "")], rules=RuleSet(),
                    bind="127.0.0.1")
    page.port.value = "80x"
    page.open_table()
    assert page.host is None and page.problem.startswith("The port is a number")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        page.port.value = str(busy.getsockname()[1])
        page.open_table()
        assert page.host is None and page.problem.startswith("Cannot open the table on 127.0.0.1:")
    assert not network  # nothing announced for a table that did not open
    page.port.value = str(free_port())
    page.open_table()
    assert page.host is not None
    wrong = GuestConnection("127.0.0.1", page.host.port, code="AAAAAA", name="Eve")
    with pytest.raises(JoinError) as err:
        wrong.open()
    assert err.value.reason == "bad_code"
    ana = GuestConnection("127.0.0.1", page.host.port, code=page.code, name="Ben")
    ana.open()
    step_until(app, lambda: page.remove_buttons[1].visible, timeout=10)
    page.remove(1)  # removed and banned before the game: a computer of the stand-in level takes the seat
    assert page.host.options.seats == ["human", "medium", OPEN] and not page.remove_buttons[1].visible
    assert list(network.values())[0].open == 1
    app.step(1 / 60)
    assert closed_with(ana) == 1008
    page.back()  # leaving the page closes the table
    assert page.host is None and not network


def closed_with(conn, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = conn.get(timeout=0.1)
        if isinstance(msg, tuple):
            return msg[1]
    raise AssertionError("the connection stayed open")
