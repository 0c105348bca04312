"""Issue 23, section 3: the host removes a guest's seat and bans it (its
seat token and its address are refused after); a computer of the host's
chosen level takes the seat. On loopback, ports the system picks."""

from __future__ import annotations

import pytest

from game.play.remote.guest import GuestBot, JoinError
from game.play.seats import LocalPlayer
from game.text.network import join_problem
from test_network import cert_dir, closed, guest, make_host, pump_until  # noqa: F401  (cert_dir is a fixture)


def test_a_removed_guest_is_banned_by_token_and_address_and_a_computer_plays_on(cert_dir):
    host = make_host(cert_dir, ["open", "easy", "open"])
    try:
        ana, ben = guest(host, "Ana"), guest(host, "Ben")
        welcome = ana.open()
        ben.open()
        bots = [GuestBot(ana, "easy", seed=1), GuestBot(ben, "easy", seed=2)]
        pump_until(host, bots, lambda: bots[0].n >= 5)
        with pytest.raises(ValueError):
            host.remove_seat(1)  # a computer's seat: nothing to remove
        host.remove_seat(0, "hard")
        with pytest.raises(JoinError) as err:  # the guest is told why, in its own words
            pump_until(host, bots[:1], lambda: False, timeout=10)
        assert err.value.reason == "banned" and "removed you" in join_problem("banned", {})
        assert closed(ana)[1] == 1008
        referee = host.session.referee
        assert isinstance(referee.players[0], LocalPlayer) and referee.players[0].ai.level == "hard"
        assert host.session.names[0] == "Ana" and host.options.seats[0] == "hard"
        tokens, addresses = host.banned
        assert welcome.token in tokens and "127.0.0.1" in addresses
        back = guest(host, "Ana", token=welcome.token)  # the token no longer takes the seat back
        with pytest.raises(JoinError) as err:
            back.open()
        assert err.value.reason == "banned" and err.value.exit_status == 2
        new = guest(host, "Zoë")  # nor does a new hello from that address
        with pytest.raises(JoinError) as err:
            new.open()
        assert err.value.reason == "banned"
        pump_until(host, bots[1:], lambda: bots[1].result is not None, timeout=90)  # Ben plays to the end
        assert host.result is not None and bots[1].result == host.result
    finally:
        host.close()


def test_a_seat_removed_before_the_game_starts_is_a_computer_from_the_first_deal(cert_dir):
    host = make_host(cert_dir, ["open", "open"])
    try:
        ana = guest(host, "Ana")
        ana.open()
        pump_until(host, [], lambda: bool(host.connected()) or host.names[0] == "Ana", timeout=10)
        host.remove_seat(0, "easy")
        assert host.session is None and host.names[0] == "Easy"
        ben = guest(host, "Ben", seat=1)
        with pytest.raises(JoinError):  # the same address: banned too
            ben.open()
        assert host.options.seats == ["easy", "open"]
    finally:
        host.close()


def test_a_seat_removed_while_its_guest_is_being_taken_in_is_refused_not_left_hanging(cert_dir):
    # the host's Remove came between the seat given to the guest and its connection kept: nothing closed the
    # connection or told the guest, who waited for ever after its welcome (a helper's audit of the network threads)
    import threading
    host = make_host(cert_dir, ["open", "open"])
    given, go_on = threading.Event(), threading.Event()
    first = host._first_message

    def held(raw, addr):  # on the network thread, just after the seat is given
        verdict = first(raw, addr)
        given.set()
        assert go_on.wait(10)
        return verdict

    host._first_message = held
    try:
        ana, outcome = guest(host, "Ana"), []

        def join():
            try:
                outcome.append(ana.open())
            except JoinError as exc:
                outcome.append(exc)

        joining = threading.Thread(target=join)
        joining.start()
        assert given.wait(10)
        host.remove_seat(0, "easy")
        go_on.set()
        joining.join(15)
        assert isinstance(outcome[0], JoinError) and outcome[0].reason == "banned"
        tokens, addresses = host.banned
        assert len(tokens) == 1 and "127.0.0.1" in addresses
        assert host.options.seats == ["easy", "open"] and host.names[0] == "Easy" and host.connected() == []
    finally:
        go_on.set()
        host.close()
