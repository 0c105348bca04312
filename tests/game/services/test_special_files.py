"""A named pipe (FIFO), a device, a socket or a folder in place of a file the
game reads (settings, statistics, profiles, saves, slot sidecars, seats
files, finished games and their index, ``--rules``/Import/a dropped rules
file, ``replay``/``analyse FILE``, the old autosave): every reader returns
at once with its usual "could not be opened (it is a named pipe, not a
file)" message or exit status, and leaves the special file where it is
(``game.regular_files.read_regular_file``). Started with such a file, the game
does not hang and SIGTERM still ends it.

Every in-process test runs under :func:`watchdog`: a reader stuck in
``open()`` on a FIFO (the bug) is set free after a few seconds by opening the
FIFO for writing, and the test then fails instead of hanging for ever.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from game import i18n
from game import regular_files as file_io
from game.rules.game import Game
from game.regular_files import FileTooLarge, NotRegularFile, is_special_file
from game.regular_files import read_regular_file
from game.services.finished import FinishedGames, record_finished_game
from game.services.profiles import ProfileError, load_profiles, profiles_path, read_rules_file
from game.rules.record import record_of
from game.services.slots import MAX_SIDECAR_BYTES, Slots, info_of
from game.services.settings import Settings
from game.services.storage import Storage
from game_play import KNOWN_RECORD

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"),
                                reason="os.mkfifo is missing (Windows has no named pipes in the file system)")

ROOT = Path(__file__).resolve().parents[3]
PIPE = "it is a named pipe, not a file"
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
           LANGUAGE="en")


def fifo(path: Path) -> Path:
    """Make a named pipe at ``path`` (its folder too); returns ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def is_fifo(path: Path) -> bool:
    """Whether the named pipe is still at ``path`` (not moved aside, deleted or written over)."""
    try:
        return stat.S_ISFIFO(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False


def _release(path: Path) -> bool:
    """Open the FIFO for writing without blocking and close it again: a reader
    stuck in ``open()`` goes on (and reads an empty file). True when one was."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:  # ENXIO: nobody has it open for reading
        return False
    os.close(fd)
    return True


@contextlib.contextmanager
def watchdog(*fifos: Path, after: float = 4.0):
    """Fail (instead of hanging the test run) when the block opens one of
    ``fifos`` and waits on it: every ``after`` seconds a stuck reader is
    released, and the block's end asserts none ever was."""
    stuck: list[Path] = []
    done = threading.Event()

    def watch():
        while not done.wait(after):
            stuck.extend(f for f in fifos if _release(f))

    t = threading.Thread(target=watch, daemon=True)
    t.start()
    started = time.monotonic()
    try:
        yield
    finally:
        done.set()
        t.join()
    assert not stuck, f"a reader waited on the named pipe {stuck[0]} (released after {after} s)"
    assert time.monotonic() - started < after


def write_slot(storage: Storage, name: str = "game-20261130-094012") -> Game:
    game = Game.new(["Me", "Ana"], seed=1)
    Slots(storage).save(info_of(name, game, ["human", "hard"], saved_at=1_700_000_000.0), record_of(game))
    return game


# ------------------------------------------------------------------ the helper

def test_a_named_pipe_is_refused_at_once_as_an_oserror_saying_what_it_is(tmp_path):
    pipe = fifo(tmp_path / "pipe")
    with watchdog(pipe):
        with pytest.raises(NotRegularFile) as caught:
            read_regular_file(pipe, 100)
    exc = caught.value
    assert isinstance(exc, OSError) and exc.errno == errno.EINVAL
    assert exc.strerror == PIPE and exc.filename == str(pipe)
    assert is_fifo(pipe) and is_special_file(pipe)


def test_a_named_pipe_with_a_writer_is_refused_too_and_nothing_is_read(tmp_path):
    pipe = fifo(tmp_path / "pipe")
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # so the writer can open it
    writer = [os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)]

    def close_writer():  # a read waiting for more than was written ends at EOF then
        if writer:
            os.close(writer.pop())

    timer = threading.Timer(4.0, close_writer)
    try:
        os.write(writer[0], b'{"version": 1}')
        timer.start()
        with pytest.raises(NotRegularFile, match="named pipe"):
            read_regular_file(pipe, 100)
        assert writer, "the read waited for the writer to close"
        assert os.read(reader, 100) == b'{"version": 1}'  # still in the pipe: not a byte taken
    finally:
        timer.cancel()
        close_writer()
        os.close(reader)


def test_a_device_a_folder_and_a_socket_are_refused_each_in_its_own_words(tmp_path):
    with pytest.raises(NotRegularFile) as dev:
        read_regular_file(os.devnull, 100)
    assert dev.value.strerror == "it is a device, not a file"
    with pytest.raises(NotRegularFile) as folder:
        read_regular_file(tmp_path, 100)
    assert folder.value.errno == errno.EISDIR and folder.value.strerror == "it is a folder, not a file"
    if not hasattr(socket, "AF_UNIX"):
        return
    with tempfile.TemporaryDirectory(dir="/tmp") as short:  # a socket's path is at most ~100 bytes
        path = os.path.join(short, "s")
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(path)
            with pytest.raises(NotRegularFile) as sk:
                read_regular_file(path, 100)
    assert sk.value.strerror == "it is a socket, not a file"
    assert not is_special_file(tmp_path / "nothing-here")


def test_a_regular_file_is_read_whole_and_one_over_the_limit_is_refused_by_its_size(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"\xef\xbb\xbf{}\r\n")  # bytes as they are: no newline translation, BOM kept
    assert read_regular_file(path, 7) == b"\xef\xbb\xbf{}\r\n"
    assert not is_special_file(path)
    with pytest.raises(FileTooLarge) as caught:
        read_regular_file(path, 6)
    assert isinstance(caught.value, ValueError) and (caught.value.size, caught.value.limit) == (7, 6)
    huge = tmp_path / "huge"
    with open(huge, "wb") as fh:
        fh.truncate(1 << 40)  # sparse: a terabyte that costs no disk, refused unread
    with pytest.raises(FileTooLarge):
        read_regular_file(huge, MAX_SIDECAR_BYTES)


def test_without_o_nonblock_the_path_is_checked_before_it_is_opened(tmp_path, monkeypatch):
    """Windows has no O_NONBLOCK: there the path is stat-ed first, so a
    special file is never opened at all."""
    pipe = fifo(tmp_path / "pipe")
    good = tmp_path / "good"
    good.write_bytes(b"ok")
    opened = []
    real_open = os.open
    monkeypatch.setattr(file_io, "_NONBLOCK", 0)
    monkeypatch.setattr(file_io.os, "open", lambda p, *a, **kw: opened.append(str(p)) or real_open(p, *a, **kw))
    with watchdog(pipe):
        with pytest.raises(NotRegularFile, match="named pipe"):
            read_regular_file(pipe, 100)
        assert read_regular_file(good, 100) == b"ok"
    assert str(pipe) not in opened and str(good) in opened


# ------------------------------------------------------------ each kind of file

def test_settings_json_a_named_pipe_gives_the_defaults_and_one_message(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(storage.settings_path)
    with watchdog(pipe):
        settings, message = storage.load_settings()
    assert settings == Settings()
    assert message == f"Your settings file could not be opened ({PIPE}); the defaults are used."
    assert is_fifo(pipe) and not list(tmp_path.glob("*.corrupt-*"))


def test_saving_settings_over_a_named_pipe_does_not_wait_and_writes_a_file_in_its_place(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(storage.settings_path)
    with watchdog(pipe):  # the check for a newer program's file reads it first
        assert storage.save_settings(Settings(player_name="Ana"))
    assert not is_fifo(pipe)
    assert storage.load_settings() == (Settings(player_name="Ana"), None)


def test_the_message_is_in_the_players_language(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(storage.settings_path)
    i18n.set_language("cy")
    try:
        with watchdog(pipe):
            _settings, message = storage.load_settings()
    finally:
        i18n.set_language("en")
    assert message.startswith("Nid oedd modd agor eich ffeil gosodiadau (pibell wedi'i henwi ydyw, nid ffeil)")


def test_statistics_json_a_named_pipe_starts_new_statistics_with_one_message(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(storage.statistics_path)
    with watchdog(pipe):
        stats, message = storage.load_statistics()
    assert stats.games_played == 0
    assert message == f"Your statistics file could not be opened ({PIPE}); new statistics are started."
    assert is_fifo(pipe)


def test_profiles_json_a_named_pipe_gives_the_built_in_profiles_and_one_message(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(profiles_path(storage))
    with watchdog(pipe):
        book, message = load_profiles(storage)
    assert book.saved == {}
    assert message == f"Your saved rules profiles could not be opened ({PIPE})."
    assert is_fifo(pipe) and not list(tmp_path.glob("*.corrupt-*"))


def test_a_save_record_a_named_pipe_is_reported_and_left_in_place(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(storage.game_path("game-20261130-094012"))
    with watchdog(pipe):
        assert storage.load_game("game-20261130-094012") == (
            None, f'The saved game "game-20261130-094012" could not be opened ({PIPE}).')
        assert not storage.is_newer_save("game-20261130-094012")
        assert Slots(storage).list() == []  # not a file: never listed as a slot
        assert Slots(storage).migrate() is None
    assert is_fifo(pipe) and not list(storage.saves_dir.glob("*.corrupt-*"))


def test_the_old_autosave_a_named_pipe_is_not_migrated_nor_moved(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(storage.game_path("autosave"))
    slots = Slots(storage)
    with watchdog(pipe):
        assert slots.migrate() is None
    assert slots.messages == [] and is_fifo(pipe) and slots.names() == []


def test_a_slot_sidecar_a_named_pipe_the_slot_is_listed_from_its_record_and_the_pipe_left(tmp_path):
    storage = Storage(tmp_path)
    write_slot(storage)
    side = storage.game_path("game-20261130-094012").with_suffix(".slot")
    side.unlink()
    pipe = fifo(side)
    slots = Slots(storage)
    with watchdog(pipe):
        [info] = slots.list()
    assert info.name == "game-20261130-094012" and info.players == ["Me", "Ana"]
    assert info.levels == ["human", "medium"]  # the levels were in the sidecar: Medium, and the player told
    assert slots.messages == ["The details of a saved game (its players' levels, your hand's order) could not "
                              "be read; it is kept, with Medium opponents where the levels were lost."]
    assert is_fifo(pipe)  # listing never writes over it
    assert storage.load_game("game-20261130-094012")[1] is None  # the save itself untouched


def test_a_seats_file_a_named_pipe_seats_play_at_medium_with_one_message(tmp_path):
    storage = Storage(tmp_path)
    pipe = fifo(storage.saves_dir / "game-20261130-094012.seats")
    with watchdog(pipe):
        seats, message = storage.load_seats("game-20261130-094012")
    assert seats is None
    assert message == (f"Your seats file could not be opened ({PIPE}); the computer seats play at Medium and "
                       "the first seat is yours.")
    assert is_fifo(pipe)


def test_a_finished_game_or_its_index_a_named_pipe_the_list_still_comes_at_once(tmp_path):
    storage = Storage(tmp_path)
    summary, _counted, _message = record_finished_game(storage, KNOWN_RECORD, ["human", "easy"], 0)
    folder = storage.finished_dir
    (folder / "index.json").unlink()
    index = fifo(folder / "index.json")
    record = fifo(folder / "20200101-000000-000000-aaaaaaaaaaaa.json")
    with watchdog(index, record):
        games, message = FinishedGames(folder).list()
        with pytest.raises(NotRegularFile):
            FinishedGames(folder)._read_summary(record, None)
    assert [s.id for _name, s in games] == [summary.id] and message is None
    assert is_fifo(index) and is_fifo(record) and not list(folder.glob("*.corrupt-*"))


def test_the_crash_handler_leaves_a_named_pipe_in_place_of_the_save_alone(tmp_path):
    from scenes.core import crash

    pipe = fifo(tmp_path / "game-x.json")
    with watchdog(pipe):
        assert crash._before(pipe) is crash._LEFT
    assert crash._before(tmp_path / "missing.json") is None


def test_a_rules_file_a_named_pipe_imported_or_dropped_is_refused_in_one_sentence(tmp_path):
    pipe = fifo(tmp_path / "grandma.json")
    with watchdog(pipe):
        with pytest.raises(ProfileError) as caught:
            read_rules_file(pipe)  # the Import path and a file dropped on the window read through here
    assert str(caught.value) == f"{pipe} could not be read ({PIPE})."
    assert is_fifo(pipe)


def test_a_rules_file_over_the_limit_is_refused_in_the_players_words(tmp_path):
    big = tmp_path / "big.json"
    big.write_text('{"decks": 2}' + " " * 70_000, encoding="utf-8")
    with pytest.raises(ProfileError, match=r"^The rules file is larger than 64 KiB, so it can't be a rules file\.$"):
        read_rules_file(big)


# -------------------------------------------------------------- the commands

def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=timeout,
                          env=ENV, cwd=ROOT, stdin=subprocess.DEVNULL)


def test_replay_and_analyse_of_a_named_pipe_exit_2_at_once(tmp_path):
    pipe = fifo(tmp_path / "record.json")
    done = run("replay", str(pipe))
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"] == {"code": "bad_record", "rule": "",
                                                "message": f"cannot read {pipe}: {PIPE}"}
    done = run("analyse", str(pipe))
    assert done.returncode == 2 and done.stderr == f"rummy500 analyse: cannot read {pipe}: {PIPE}\n"
    assert is_fifo(pipe)


def test_replay_of_standard_input_still_reads_a_pipe(tmp_path):
    record = json.dumps(KNOWN_RECORD)
    done = subprocess.run([sys.executable, "-m", "game", "replay", "-"], input=record, capture_output=True,
                          text=True, timeout=60, env=ENV, cwd=ROOT)
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True


def test_rules_a_named_pipe_the_game_and_a_tournament_exit_2_at_once(tmp_path):
    pipe = fifo(tmp_path / "rules.json")
    done = run("--rules", str(pipe), "--config-dir", str(tmp_path / "cfg"))
    assert done.returncode == 2
    assert done.stderr == f"rummy500: error: --rules: {pipe} could not be read ({PIPE}).\n"
    done = run("tournament", "--players", "2", "--ai", "easy,easy", "--games", "2", "--seed", "1",
               "--rules", str(pipe))
    assert done.returncode == 2 and done.stderr.endswith(f"error: --rules: {pipe} could not be read ({PIPE}).\n")
    assert is_fifo(pipe)


def _stop(proc, pipe) -> None:
    """End the game under test if it is still running (freeing a reader stuck on ``pipe``)."""
    if proc.poll() is None:
        _release(pipe)
        proc.kill()
    proc.communicate()


def _wait_for(condition, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert proc.poll() is None, f"the game ended early ({proc.returncode}): {proc.communicate()[1]}"
        assert time.monotonic() < deadline, "the game never got past reading its files (stuck on the pipe?)"
        time.sleep(0.05)


def _terminated(proc: subprocess.Popen) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("SIGTERM did not end the game")


def test_the_game_started_on_a_named_pipe_settings_file_opens_and_sigterm_ends_it(tmp_path):
    cfg = tmp_path / "cfg"
    pipe = fifo(cfg / "settings.json")
    log = cfg / "logs" / "rummy500.log"
    proc = subprocess.Popen([sys.executable, "-m", "game", "--config-dir", str(cfg), "--size", "1024x640"],
                            env=ENV, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(lambda: log.exists() and "first frame drawn" in log.read_text(encoding="utf-8"), proc)
        assert _terminated(proc) == 128 + signal.SIGTERM
    finally:
        _stop(proc, pipe)
    text = log.read_text(encoding="utf-8")
    assert f"cannot read settings {pipe}: [Errno {errno.EINVAL}] {PIPE}" in text
    assert "signal 15: saving and quitting" in text
    assert Storage(cfg).load_settings()[1] is None  # quitting saved the settings in its place


DRIVER = """
import sys
from pathlib import Path
import scenes.launch  # noqa: F401  (registers every scene, as the program does)
from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.title import TitleScene
app = App(Options(config_dir=sys.argv[1], speed="instant", size=(1024, 640)))
title = app.push(TitleScene(app))
title.continue_game()  # lists the slots: reads the sidecar
Path(sys.argv[1], "ready").write_text(type(app.top).__name__)
sys.exit(app.run())
"""


def test_continue_with_a_named_pipe_sidecar_resumes_the_game_and_sigterm_ends_it(tmp_path):
    cfg = tmp_path / "cfg"
    storage = Storage(cfg)
    game = write_slot(storage)
    side = storage.game_path("game-20261130-094012").with_suffix(".slot")
    side.unlink()
    pipe = fifo(side)
    ready = cfg / "ready"
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, str(cfg)], env=ENV, cwd=ROOT,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(ready.exists, proc)
        assert ready.read_text() == "TableScene"  # Continue resumed it
        assert _terminated(proc) == 128 + signal.SIGTERM
    finally:
        _stop(proc, pipe)
    record, message = storage.load_game("game-20261130-094012")
    assert message is None and record["players"] == game.names  # saved on SIGTERM, as on closing the window
    [info] = Slots(storage).list()  # the table's own save wrote the sidecar in the pipe's place
    assert info.levels == ["human", "medium"] and not is_fifo(side)
