"""Paths on screen and in the log (``game.paths.shown``) and ``--config-dir``
checks (issue 13): a folder whose name holds a byte that is not UTF-8 must
not crash the first frame, and ``--config-dir`` refuses an empty name and a
file."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.paths import shown
from scenes.core.app import App
from scenes.core.options import Options


@pytest.mark.parametrize("path, expected", [
    ("/home/zoë/rummy", "/home/zoë/rummy"),
    (Path("/tmp/a b"), "/tmp/a b"),
    (b"/tmp/caf\xc3\xa9", "/tmp/café"),
    (b"/tmp/bad\xff\xfename", "/tmp/bad\ufffd\ufffdname"),
    ("/tmp/two\nlines", "/tmp/two\ufffdlines"),
    ("lone \ud800 surrogate", "lone \ufffd surrogate"),
    ("no\u00a0break", "no\u00a0break"),
    (None, "None"),
])
def test_shown(path, expected):
    assert shown(path) == expected


@pytest.mark.skipif(sys.getfilesystemencoding().lower() not in ("utf-8", "utf8"), reason="UTF-8 file names")
def test_shown_turns_an_escaped_byte_into_one_replacement_character():
    name = os.fsdecode(b"/tmp/cfg-\xff-x")  # how Python holds the name: '\udcff'
    assert "\udcff" in name
    assert shown(name) == "/tmp/cfg-\ufffd-x"
    assert shown(Path(name) / "settings.json") == "/tmp/cfg-\ufffd-x/settings.json"
    shown(name).encode("utf-8")  # drawable, printable, loggable


def test_config_dir_may_not_be_empty(capsys):
    for empty in ("", "  "):
        assert main(["--config-dir", empty]) == 2
        err = capsys.readouterr().err
        assert "argument --config-dir: give a folder" in err and "Traceback" not in err


def test_config_dir_may_not_be_a_file(tmp_path, capsys):
    a_file = tmp_path / "settings.json"
    a_file.write_text("{}", encoding="utf-8")
    assert main(["--config-dir", str(a_file)]) == 2
    assert f"{a_file} is a file, not a folder" in capsys.readouterr().err
    assert a_file.read_text(encoding="utf-8") == "{}"  # untouched


@pytest.mark.skipif(sys.platform == "win32", reason="Windows file names are Unicode")
def test_a_config_folder_with_a_non_utf8_name_opens_and_says_where(tmp_path):
    folder = os.path.join(os.fsencode(tmp_path), b"cfg-\xff-x")
    os.mkdir(folder)
    with open(os.path.join(folder, b"settings.json"), "wb") as fh:
        fh.write(b"{broken")
    app = App(Options(config_dir=os.fsdecode(folder), size=(1280, 720), speed="instant"))
    try:
        from scenes.screens.title import TitleScene
        app.push(TitleScene(app))
        app.step(0.016)  # the first frame draws the notice
        message = next(iter(app.toasts))[0]
        assert "could not be read" in message and "cfg-\ufffd-x" in message
        assert pygame.display.get_surface() is not None
    finally:
        app.close()
    log = os.path.join(folder, b"logs", b"rummy500.log")
    with open(log, "rb") as fh:
        text = fh.read().decode("utf-8")  # the log stays UTF-8
    assert "could not be read" in text
    assert "moved unreadable file" in text
    assert len(os.listdir(folder)) >= 2  # settings moved aside, not lost
    assert any(name.startswith(b"settings.json.corrupt-") for name in os.listdir(folder))
