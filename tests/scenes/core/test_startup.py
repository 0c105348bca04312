"""Start-up of the window (scenes/core/startup.py and its hooks in scenes/core/app.py
and game/cli.py): the error message box and the log, the time to the first
frame, the window icon, output without stdout/stderr, and the frozen-build
check's failure modes (build_specs/check_frozen.py). Issue 10."""

from __future__ import annotations

import importlib.util
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import scenes.core.startup as startup
import scenes.core.theme as theme
from game.cli import main as cli_main
from scenes.core.options import Options
from scenes.launch import main as app_main
from window_fixtures import boxes, logging_restored  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[3]
IMPORTED = time.perf_counter()


def _log(config: Path) -> str:
    return (config / "logs" / "rummy500.log").read_text(encoding="utf-8")


def test_missing_assets_show_a_box_naming_the_log_with_the_traceback(tmp_path, monkeypatch, boxes):
    gone = tmp_path / "no assets here"
    monkeypatch.setattr(theme, "asset_root", lambda: gone)
    config = tmp_path / "cfg"
    assert app_main(Options(config_dir=str(config))) == 1
    (title, message), = boxes
    log_path = config / "logs" / "rummy500.log"
    assert title == "Rummy 500 could not start"
    assert message.startswith(f"Rummy 500 could not start: the game's files at {gone} cannot be read")
    assert message.endswith(f"The details are in the log file:\n{log_path}")
    text = _log(config)
    assert "Traceback (most recent call last)" in text and "AssetsMissing" in text
    assert "check_assets" in text  # the traceback, not just the message


def test_an_error_in_the_first_frame_is_shown_and_logged(tmp_path, monkeypatch, boxes):
    from scenes.screens.title import TitleScene

    def broken(self, surface):
        raise RuntimeError("the title cannot draw")
    monkeypatch.setattr(TitleScene, "draw", broken)
    config = tmp_path / "cfg"
    assert app_main(Options(config_dir=str(config), max_frames=5)) == 1
    (_, message), = boxes
    assert "the title cannot draw" in message and str(config / "logs" / "rummy500.log") in message
    assert "RuntimeError: the title cannot draw" in _log(config)
    assert not pygame.display.get_init()  # the window closed


def test_an_error_after_the_first_frame_is_not_a_startup_error(tmp_path, monkeypatch, boxes):
    from scenes.screens.title import TitleScene

    calls = []

    def breaks_later(self, dt):
        calls.append(dt)
        if len(calls) == 2:
            raise RuntimeError("later")
    monkeypatch.setattr(TitleScene, "update", breaks_later)
    assert app_main(Options(config_dir=str(tmp_path / "cfg"), max_frames=5)) == 1
    (title, message), = boxes  # scenes/core/crash.py's message (tests/test_crash.py), not start-up's
    assert title == "Rummy 500 stopped" and message.startswith("Rummy 500 stopped because of an error: later")


def test_without_a_log_folder_the_traceback_goes_to_the_temporary_folder(tmp_path, monkeypatch, boxes):
    monkeypatch.setattr(startup.tempfile, "tempdir", str(tmp_path))
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x", encoding="utf-8")
    try:
        raise OSError("no display")
    except OSError as exc:
        assert startup.startup_failed(exc, str(blocker)) == 1
    fallback = tmp_path / startup.FALLBACK_LOG
    (_, message), = boxes
    assert message == f"Rummy 500 could not start: no display\n\nThe details are in the log file:\n{fallback}"
    text = fallback.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "OSError: no display" in text


def test_the_message_box_is_not_shown_under_the_dummy_driver(monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: calls.append(a))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    startup.show_message_box("t", "m")
    assert calls == []
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    startup.show_message_box("Rummy 500 could not start", "why")
    assert calls == [("Rummy 500 could not start", "why")]


def test_time_startup_prints_the_seconds_to_the_first_frame_and_quits(tmp_path, capsys):
    config = tmp_path / "cfg"
    assert cli_main(["--time-startup", "--config-dir", str(config)]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("startup_seconds: ")
    seconds = float(out.split(": ")[1])
    # counted from the process's start (pytest's here), so it lies between the
    # age of this module and the process's age now, however long the suite ran
    assert time.perf_counter() - IMPORTED < seconds <= startup.process_age() + 0.01
    assert f"first frame drawn {seconds:.3f} s after the process started" in _log(config)
    assert "--time-startup" in subprocess.run([sys.executable, "-m", "game", "--help"],
                                              capture_output=True, text=True, check=True).stdout


def test_process_age_counts_from_the_process_start():
    age = startup.process_age()
    assert age is not None  # Linux and Windows read it from the system
    assert time.perf_counter() - IMPORTED <= age + 0.02
    assert startup.startup_seconds(None) >= age


def test_window_icon_from_the_assets(tmp_path, caplog):
    pygame.display.init()
    try:
        assert startup.set_window_icon(theme.asset_root()) is True
        with caplog.at_level(logging.WARNING, logger="rummy500.startup"):
            assert startup.set_window_icon(tmp_path) is False
        assert "window icon" in caplog.text and str(tmp_path) in caplog.text
    finally:
        pygame.display.quit()


def test_asset_root_is_the_bundle_when_frozen_and_never_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "assets" / "fonts").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    real = theme.asset_root()
    assert real != tmp_path / "assets" and (real / "fonts" / "DejaVuSans.ttf").is_file()
    assert real == Path(importlib.util.find_spec("rummy500_assets").origin).parent
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    assert theme.asset_root() == tmp_path / "bundle" / "assets"


def test_no_stdout_or_stderr_breaks_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdin", None)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert cli_main(["--version"]) == 0
    assert cli_main(["replay", "-"]) == 2  # nothing to read: a malformed record, not a crash
    assert cli_main(["--help"]) == 0
    assert cli_main(["--players", "nine"]) == 2  # a usage error writes to stderr
    assert cli_main(["--time-startup", "--config-dir", str(tmp_path)]) == 0
    assert sys.stdout is not None and sys.stdout.name == startup.os.devnull


# --------------------------------------------------------- check_frozen.py
def _check_frozen():
    spec = importlib.util.spec_from_file_location("check_frozen", ROOT / "build_specs" / "check_frozen.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fake_build(tmp_path: Path, script: str) -> tuple[Path, Path]:
    """A 'build' folder whose executable is a shell script run by a copy of
    sh inside the folder (so its processes count as the build's)."""
    folder = tmp_path / "dist" / "rummy500"
    folder.mkdir(parents=True)
    shutil.copy2("/bin/sh", folder / "sh")
    shutil.copy2(shutil.which("sleep"), folder / "sleep")
    exe = folder / "rummy500"
    exe.write_text(f"#!{folder / 'sh'}\n{script}\n", encoding="utf-8")
    exe.chmod(0o755)
    return exe, folder


@pytest.mark.parametrize("script, failure", [
    ("exit 3", "exited with status 3"),
    ('"$(dirname "$0")/sleep" 30 &\nexit 0', "left processes behind"),
    ('"$(dirname "$0")/sleep" 30', "ran past 1 s"),
    ('echo ok > "$(dirname "$0")/written.txt"; exit 0', "wrote into its own folder"),
])
def test_check_frozen_fails_on_each_listed_failure(tmp_path, monkeypatch, script, failure):
    check = _check_frozen()
    monkeypatch.setattr(check, "DEMO_TIMEOUT", 1.0)
    monkeypatch.setattr(check, "LEFTOVER_GRACE_S", 0.3)
    exe, folder = _fake_build(tmp_path, script)
    config = tmp_path / "cfg"
    (config / "logs").mkdir(parents=True)
    (config / "logs" / "rummy500.log").write_text("", encoding="utf-8")
    with pytest.raises(check.CheckFailed, match=failure):
        check.run_demo(exe, folder, config)
    assert check.build_processes(folder) == []  # whatever it found, it killed


def test_check_frozen_needs_ai_workers_and_a_clean_log(tmp_path):
    check = _check_frozen()
    exe, folder = _fake_build(tmp_path, "exit 0")
    config = tmp_path / "cfg"
    (config / "logs").mkdir(parents=True)
    (config / "logs" / "rummy500.log").write_text("", encoding="utf-8")
    with pytest.raises(check.CheckFailed, match="no AI worker process"):
        check.run_demo(exe, folder, config)
    (config / "logs" / "rummy500.log").write_text("seat 1: the AI worker could not start\n", encoding="utf-8")
    with pytest.raises(check.CheckFailed, match="logged a failure"):
        check.run_demo(exe, folder, config)
