"""``rummy500 host`` and ``rummy500 join`` as programs (issue 23): a table on
127.0.0.1 with two joined guests played to the end, and the exit codes of
the ways joining can fail."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ENV = dict(os.environ, LANGUAGE="en", PYTHONDONTWRITEBYTECODE="1")


def rummy(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_table(host: subprocess.Popen) -> tuple[int, str]:
    """The port and short fingerprint the host prints once it listens."""
    line = host.stderr.readline()
    m = re.search(r"port (\d+)\. Code: \w+\. Certificate fingerprint: ([0-9A-F-]+)\.", line)
    assert m, line + (host.stderr.read() if host.poll() is not None else "")
    return int(m.group(1)), m.group(2)


def test_host_and_two_joined_guests_play_to_the_end_and_print_the_result(tmp_path):
    host = rummy("host", "--seats", "open,easy,open", "--port", "0", "--bind", "127.0.0.1", "--code", "K7PQ3M",
                 "--target", "100", "--seed", "5", "--quit-after-game", "--json", "--config-dir", str(tmp_path / "h"))
    try:
        port, fp = wait_for_table(host)
        assert (tmp_path / "h" / "network" / "table-cert.pem").is_file()
        guests = [rummy("join", f"127.0.0.1:{port}", "--code", "k7pq-3m", "--name", name, "--ai", "easy",
                        "--quit-after-game", "--json", "--config-dir", str(tmp_path / name),
                        *(["--fingerprint", fp] if name == "Ana" else []))
                  for name in ("Ana", "Ben")]
        outs = [g.communicate(timeout=120) for g in guests]
        host_out, host_err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert host.returncode == 0, host_err
    result = json.loads(host_out)
    assert set(result) == {"winner", "names", "totals"} and result["names"][1] == "Easy"
    assert sorted(result["names"][::2]) == ["Ana", "Ben"] and max(result["totals"]) >= 100
    for g, (out, err) in zip(guests, outs):
        assert g.returncode == 0, err
        assert json.loads(out) == result
    kept = json.loads((tmp_path / "Ben" / "network" / "known-tables.json").read_text())
    assert list(kept) == [f"127.0.0.1:{port}"]  # trusted on first use


def test_joining_fails_with_exit_2_or_3_and_one_sentence(tmp_path):
    port = free_port()
    join = rummy("join", f"127.0.0.1:{port}", "--code", "K7PQ3M", "--name", "Ana", "--ai", "easy",
                 "--config-dir", str(tmp_path / "g"))
    out, err = join.communicate(timeout=60)
    assert join.returncode == 3 and err.startswith("rummy500 join: Cannot reach the host at 127.0.0.1:")
    assert err.count("\n") == 1

    bad = rummy("join", "127.0.0.1:99999", "--code", "K7PQ3M", "--name", "Ana", "--ai", "easy")
    assert bad.wait(60) == 2
    bad = rummy("host", "--seats", "easy,easy", "--code", "K7PQ3M", "--port", "0", "--bind", "127.0.0.1")
    _out, err = bad.communicate(timeout=60)
    assert bad.returncode == 2 and "no seat is open" in err
    bad = rummy("host", "--seats", "open,easy", "--code", "AB", "--port", "0", "--bind", "127.0.0.1")
    assert bad.wait(60) == 2

    # a target out of reach: a game of Easy seats to 100 takes under a second, and
    # one that ended before the host is stopped below would leave nothing to save
    host = rummy("host", "--seats", "open,easy", "--port", "0", "--bind", "127.0.0.1", "--code", "K7PQ3M",
                 "--target", "100000", "--config-dir", str(tmp_path / "h"))
    try:
        port, _fp = wait_for_table(host)
        wrong = rummy("join", f"127.0.0.1:{port}", "--code", "WRONG9", "--name", "Eve", "--ai", "easy",
                      "--config-dir", str(tmp_path / "g"))
        _out, err = wrong.communicate(timeout=60)
        assert wrong.returncode == 2 and err == "rummy500 join: That is not the table's code: ask the host for it again.\n"
        # a guest plays on until the host leaves: exit 3, the host saves the game
        ana = rummy("join", f"127.0.0.1:{port}", "--code", "K7PQ3M", "--name", "Ana", "--ai", "easy",
                    "--config-dir", str(tmp_path / "g"))
        assert "seat 0, seat token" in ana.stderr.readline()
        time.sleep(0.5)
        full = rummy("join", f"127.0.0.1:{port}", "--code", "K7PQ3M", "--name", "Ben", "--ai", "easy",
                     "--config-dir", str(tmp_path / "g"))
        _out, err = full.communicate(timeout=60)
        assert full.returncode == 2 and "The table is full" in err
        host.terminate()
        _out, err = ana.communicate(timeout=60)
        assert ana.returncode == 3
        assert err.strip().endswith("The host left; the game is saved on the host's computer."), err
        _out, host_err = host.communicate(timeout=60)
        assert "The game is saved in" in host_err, host_err
        assert list((tmp_path / "h" / "saves").glob("game-*.json"))
    finally:
        host.kill()


def test_the_host_killed_and_restarted_from_its_save_takes_its_guests_back(tmp_path):
    import signal

    port = free_port()
    config = str(tmp_path / "h")
    first = rummy("host", "--seats", "open,open,easy", "--port", str(port), "--bind", "127.0.0.1", "--code",
                  "K7PQ3M", "--target", "500", "--seed", "8", "--away", "wait", "--config-dir", config,
                  start_new_session=True)
    guests = []
    try:
        wait_for_table(first)
        guests = [rummy("join", f"127.0.0.1:{port}", "--code", "K7PQ3M", "--name", name, "--ai", "easy",
                        "--quit-after-game", "--json", "--config-dir", str(tmp_path / name))
                  for name in ("Ana", "Ben")]
        saves = tmp_path / "h" / "saves"
        deadline = time.monotonic() + 60
        while not list((tmp_path / "h" / "network").glob("game-*.table.json")):
            assert time.monotonic() < deadline and first.poll() is None
            time.sleep(0.05)
        time.sleep(0.3)
        os.killpg(first.pid, signal.SIGKILL)  # no goodbye, no last save: what was saved after each action
        first.wait(10)
        (table,) = (tmp_path / "h" / "network").glob("game-*.table.json")
        state = json.loads(table.read_text())
        assert state["code"] == "K7PQ3M" and sorted(state["tokens"]) == ["0", "1"]
        assert os.stat(table).st_mode & 0o077 == 0
        assert list(saves.glob("game-*.json"))

        again = rummy("host", "--resume", "--port", str(port), "--bind", "127.0.0.1", "--quit-after-game",
                      "--json", "--config-dir", config, start_new_session=True)
        try:
            wait_for_table(again)
            outs = [g.communicate(timeout=120) for g in guests]
            host_out, host_err = again.communicate(timeout=60)
        finally:
            if again.poll() is None:
                os.killpg(again.pid, signal.SIGKILL)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
        for g in guests:
            g.kill()
    assert again.returncode == 0, host_err
    result = json.loads(host_out)
    assert result["names"] == state["names"] and max(result["totals"]) >= 500
    for g, (out, err) in zip(guests, outs):
        assert g.returncode == 0, err
        assert json.loads(out) == result
    assert not list(saves.glob("game-*.json")) and not list((tmp_path / "h" / "network").glob("*.table.json"))


def test_a_style_of_the_field_takes_a_seat_and_its_table_is_taken_up_again(tmp_path):
    """Issue 25: ``--seats`` names the styles as ``tournament --ai`` does
    (here "Hoarder", any case), names their seats as New game does ("Lay-off
    hunter", once "Lay-off-hunter"), and a saved table with a style's seat is
    one ``--resume`` takes up (it once passed it over as a window's table)."""
    import signal

    config = str(tmp_path / "h")
    host = rummy("host", "--seats", " Hoarder,lay-off-hunter,open", "--port", "0", "--bind", "127.0.0.1", "--code", "K7PQ3M",
                 "--target", "100000", "--config-dir", config, start_new_session=True)
    ana = again = None
    try:
        port, _fp = wait_for_table(host)
        ana = rummy("join", f"127.0.0.1:{port}", "--code", "K7PQ3M", "--name", "Ana", "--ai", "easy",
                    "--config-dir", str(tmp_path / "g"))
        deadline = time.monotonic() + 60
        while not list((tmp_path / "h" / "network").glob("game-*.table.json")):
            assert time.monotonic() < deadline and host.poll() is None
            time.sleep(0.05)
        host.terminate()
        _out, host_err = host.communicate(timeout=60)
        assert "The game is saved in" in host_err, host_err
        (table,) = (tmp_path / "h" / "network").glob("game-*.table.json")
        state = json.loads(table.read_text())
        assert state["seats"] == ["hoarder", "lay-off-hunter", "open"]
        assert state["names"] == ["Hoarder", "Lay-off hunter", "Ana"]
        again = rummy("host", "--resume", "--port", "0", "--bind", "127.0.0.1", "--config-dir", config,
                      start_new_session=True)
        wait_for_table(again)  # listening again with the saved seats, not "there is no hosted game to resume"
    finally:
        for p in (host, again):
            if p is not None and p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
        if ana is not None:
            ana.kill()
    bad = rummy("host", "--seats", "hoarder,nobody,open", "--code", "K7PQ3M", "--port", "0", "--bind", "127.0.0.1")
    _out, err = bad.communicate(timeout=60)
    assert bad.returncode == 2 and "unknown seat 'nobody'" in err and "hoarder" in err and "open" in err
    # a style plays a seat, but the computer that stands in for a guest away is a level
    bad = rummy("host", "--seats", "hoarder,open", "--code", "K7PQ3M", "--stand-in", "Cautious", "--port", "0",
                "--bind", "127.0.0.1")
    _out, err = bad.communicate(timeout=60)
    assert bad.returncode == 2 and "argument --stand-in: unknown level 'cautious' (use easy, medium, hard)" in err


def test_hold_takes_seconds_from_0_to_a_day_and_refuses_the_rest(capsys):
    """``host --hold``: a number of seconds from 0 to 86400. ``nan`` was once
    taken, and with ``--away wait`` the table then waited for a dropped
    guest for ever (no time is ``>= nan``); ``-5`` and ``inf`` were taken
    too."""
    import pytest

    from game.cli import build_parser

    base = ["host", "--seats", "medium,open", "--code", "K7PQ3M"]
    assert build_parser().parse_args(base).hold == 300.0
    assert build_parser().parse_args(base + ["--hold", "0"]).hold == 0.0
    assert build_parser().parse_args(base + ["--hold", "86400"]).hold == 86400.0
    assert build_parser().parse_args(base + ["--hold", "2.5"]).hold == 2.5
    for text in ("nan", "-5", "inf", "86401", "soon", ""):
        with pytest.raises(SystemExit) as exit_:
            build_parser().parse_args(base + [f"--hold={text}"])
        says = f"argument --hold: {text!r} is not a number of seconds from 0 to 86400"
        assert exit_.value.code == 2 and says in capsys.readouterr().err, text
    from game.play.remote.host import MAX_HOLD_S, HostOptions

    assert MAX_HOLD_S == 86_400  # what --hold takes at most
    # the same limit for a table hosted from code: a nan hold would never end
    assert HostOptions(["medium", "open"], "K7PQ3M", hold_s=300.0).problem() is None
    for hold in (float("nan"), -1.0, 86_401.0, float("inf")):
        assert "a dropped seat is held 0 to 86400 seconds" in HostOptions(["medium", "open"], "K7PQ3M",
                                                                          hold_s=hold).problem()


def test_announcing_is_refused_on_an_ipv6_address_with_a_reason():
    """mDNS announcements are made on IPv4 only: ``--bind ::1 --announce``
    once failed as "Cannot open the table on ::1:0: illegal IP address
    string passed to inet_aton"; it is now refused before anything listens."""
    bad = rummy("host", "--seats", "easy,open", "--code", "K7PQ3M", "--port", "0", "--bind", "::1", "--announce")
    _out, err = bad.communicate(timeout=60)
    assert bad.returncode == 2 and "--announce needs an IPv4 --bind address, not ::1" in err, err
    assert "Table open" not in err and "inet_aton" not in err
