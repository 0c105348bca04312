"""Issue 23, section 3: Join a table. The page lists the tables the
discovery backend hears (an in-process one here), fills in a table's
address and fingerprint, joins with the code, a seat and a name off the
window's thread, and words a refusal in the window's language. On
127.0.0.1 only, a port the system picks."""

from __future__ import annotations

import time

import pytest

from game.i18n import _, set_language
from game.play.remote.discovery import InProcessDiscovery
from game.play.remote.host import HostOptions, TableHost
from game.rules.ruleset import RuleSet
from game.text.network import join_problem
from scenes.screens.joining import JoinScene
from scenes.screens.title import TitleScene
from hosted_helpers import in_process_network, open_app, open_join_page

CODE = "K7PQ3M"


@pytest.fixture
def network(monkeypatch):
    return in_process_network(monkeypatch)


@pytest.fixture
def app(tmp_path):
    with open_app(tmp_path) as a:
        yield a


@pytest.fixture
def host(tmp_path, network):
    h = TableHost(HostOptions(["easy", "open", "open"], CODE, port=0, bind="127.0.0.1", rules=RuleSet(target=50),
                              cert_dir=tmp_path / "cert", table_name="Ana's table"),
                  discovery=InProcessDiscovery(network), announce_address="127.0.0.1")
    h.start()
    yield h
    h.close()


def step_until(app, host, done, timeout=15.0):
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        host.pump()
        app.step(1 / 60)


def test_a_table_found_on_the_network_is_joined_with_its_code_at_the_seat_chosen(app, host):
    app.push(TitleScene(app))
    page = app.push(JoinScene(app))
    step_until(app, host, lambda: page.found)
    assert page.table_buttons[0].visible and "Ana's table" in page.table_buttons[0].text
    page.pick(0)
    assert page.address.value == f"127.0.0.1:{host.port}" and page.fingerprint == host.short_fingerprint
    page.code.value = "k7pq-3m"  # as read aloud: case and dashes do not matter
    page.name.value = "Ben"
    page.seat.index = page.seat.choices.index(3)  # seat 3 (the host's seat 2)
    page.join()
    step_until(app, host, lambda: page.welcome is not None or page.problem)
    assert not page.problem and page.welcome.seat == 2 and host.names[2] == "Ben"
    assert not page.address.enabled and not page.join_button.enabled
    page.back()  # the seat is given back
    step_until(app, host, lambda: not host.connected())


def test_a_found_table_is_named_in_the_guests_language_from_the_hosts_name(app, network, tmp_path):
    h = TableHost(HostOptions(["easy", "open"], CODE, port=0, bind="127.0.0.1", rules=RuleSet(target=50),
                              cert_dir=tmp_path / "cert2", table_name="Bwrdd Ana", host_name="Ana"),
                  discovery=InProcessDiscovery(network), announce_address="127.0.0.1")
    h.start()
    try:
        set_language("cy")
        app.push(TitleScene(app))
        page = app.push(JoinScene(app))
        step_until(app, h, lambda: page.found)
        assert page.table_buttons[0].text.startswith("Bwrdd Ana ·")
        set_language("en")  # a guest in another language than the host's
        page.resize()
        assert page.table_buttons[0].text.startswith("Ana's table ·") and "Bwrdd" not in page.table_buttons[0].text
    finally:
        h.close()


def test_refusals_are_worded_in_the_guests_language_and_a_name_for_you_is_refused_before_sending(app, host):
    set_language("cy")
    app.push(TitleScene(app))
    page = app.push(JoinScene(app))
    page.address.value = f"127.0.0.1:{host.port}"
    page.code.value = "AAAAAA"
    page.name.value = "Chi"  # Welsh for "You"
    page.join()
    assert page._joining is None and page.problem and page.focus.focused is page.name  # nothing sent
    page.name.value = "Ben"
    page.join()
    step_until(app, host, lambda: page.problem)
    assert page.problem == join_problem("bad_code", {}) == _("That is not the table's code: ask the host for it again.")
    assert page.problem != "That is not the table's code: ask the host for it again."  # in Welsh
    assert page.welcome is None and page.address.enabled
    page.address.value = "not a host:70000"
    page.join()
    assert page.focus.focused is page.address and page.problem


def test_back_while_the_join_is_on_its_way_gives_the_seat_back(app, host, monkeypatch):
    # Back before the host's welcome comes: the page is gone, so the join that then succeeds must not keep the seat
    # (it did: the host counted a guest who would never play, and a game waited on that seat for ever)
    import threading

    from scenes.screens import joining
    welcomed, left = threading.Event(), threading.Event()

    class SlowConnection(joining.GuestConnection):
        def open(self):
            assert left.wait(10)  # the hello goes out only once the page is left
            try:
                return super().open()
            finally:
                welcomed.set()

    monkeypatch.setattr(joining, "GuestConnection", SlowConnection)
    given = []  # the seats the host gave, seen on its network thread: the seat may be given back before a
    first = host._first_message  # step of this thread looks (it was, under load, and the test waited for ever)

    def noted(raw, addr):
        verdict = first(raw, addr)
        if isinstance(verdict[0], tuple):
            given.append((verdict[0][0], host.names[verdict[0][0]]))
        return verdict

    monkeypatch.setattr(host, "_first_message", noted)
    page = open_join_page(app, host.port, CODE)
    page.join()
    page.back()
    left.set()
    assert welcomed.wait(10)
    step_until(app, host, lambda: given)
    assert given == [(1, "Ben")]  # the host took the guest in, as it does
    step_until(app, host, lambda: not host.guests() and not host.connected())  # and was given the seat back
    assert host.names[1] == ""
