"""Text fields (issue 21, item 16): paste with Ctrl+V, Shift+Insert and
Cmd+V from a clipboard the tests replace (the dummy video driver has none),
once from the real X clipboard under Xvfb, and the text an input method is
composing shown (underlined) until it is committed. Driven with posted
events, in New game's names and House rules' Import path."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from scenes.core.app import App
from scenes.core.options import Options
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def board(memory_clipboard):
    """A clipboard of the test's own in place of the system's."""
    return memory_clipboard


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def frame(app):
    app.step(1 / 60)


def key(app, k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    frame(app)


def new_game(app) -> SetupScene:
    app.push(TitleScene(app))
    setup = app.push(SetupScene(app))
    frame(app)
    setup.focus.focus(setup.you)
    key(app, pygame.K_a, pygame.KMOD_CTRL)  # select all: the paste replaces "Player"
    return setup


def house_rules(app, button: str) -> RulesSettingsScene:
    """The House rules page with ``button`` (``import_``, ``save_as``) pressed: its text field is focused."""
    app.push(TitleScene(app))
    page = app.push(RulesSettingsScene(app))
    frame(app)
    getattr(page, button).on_click()
    frame(app)
    return page


@pytest.mark.parametrize("k, mod", [(pygame.K_v, pygame.KMOD_LCTRL), (pygame.K_INSERT, pygame.KMOD_LSHIFT),
                                    (pygame.K_v, pygame.KMOD_LMETA)], ids=["ctrl-v", "shift-insert", "cmd-v"])
def test_paste_puts_the_clipboard_into_a_name(app, board, k, mod):
    board.text = "Zoë\n"
    setup = new_game(app)
    key(app, k, mod)
    assert setup.you.value == "Zoë"  # the line break a copy often ends in is dropped
    key(app, k, mod)
    assert setup.you.value == "ZoëZoë"  # pasted at the end once nothing is selected


def test_a_plain_v_or_insert_pastes_nothing(app, board):
    board.text = "Zoë"
    setup = new_game(app)
    key(app, pygame.K_v)
    key(app, pygame.K_INSERT)
    assert setup.you.value == "Player"


def test_a_paste_longer_than_the_field_is_cut_and_said(app, board):
    board.text = "Bartholomew Montgomery-Smith\tthe third's rules"
    page = house_rules(app, "save_as")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert page.field.value == "Bartholomew Montgomery-S"  # 24 characters, the tab a space
    assert page.bad and page.message == "A profile name may have at most 24 characters."


def test_an_empty_clipboard_leaves_the_name(app, board):
    board.text = "\n\x00"
    setup = new_game(app)
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert setup.you.value == "Player" and setup.you.selected


def test_a_pasted_import_path_imports_that_file(app, board, tmp_path):
    rules = tmp_path / "house rules.json"
    rules.write_text('{"target": 300}', encoding="utf-8")
    board.text = f"  {rules}\r\n"
    page = house_rules(app, "import_")
    key(app, pygame.K_INSERT, pygame.KMOD_SHIFT)
    assert page.field.value == str(rules)
    key(app, pygame.K_RETURN)
    assert page.rules.target == 300 and not page.bad


def field_pixels(app, field) -> bytes:
    frame(app)
    return pygame.image.tobytes(app.screen.subsurface(field.rect), "RGB")


def test_text_being_composed_shows_until_it_is_committed(app):
    setup = new_game(app)
    key(app, pygame.K_BACKSPACE)  # the selected "Player" goes
    typed = field_pixels(app, setup.you)
    post(pygame.TEXTEDITING, text="nihon", start=5, length=0)
    composing = field_pixels(app, setup.you)
    assert setup.you.composing == "nihon" and setup.you.value == ""
    assert composing != typed  # shown while composed
    key(app, pygame.K_RETURN)  # the input method's Enter: it commits, nothing else happens
    key(app, pygame.K_ESCAPE)
    assert app.top is setup
    post(pygame.TEXTEDITING, text="", start=0, length=0)
    post(pygame.TEXTINPUT, text="Nihon")
    frame(app)
    assert setup.you.value == "Nihon" and setup.you.composing == ""
    post(pygame.TEXTINPUT, text="x")
    frame(app)
    assert setup.you.value == "Nihonx"
    assert field_pixels(app, setup.you) != composing


def test_composition_ends_when_the_field_loses_the_focus(app):
    setup = new_game(app)
    post(pygame.TEXTEDITING, text="ka", start=2, length=0)
    frame(app)
    key(app, pygame.K_TAB)  # taken by the input method while composing
    assert setup.focus.focused is setup.you
    setup.focus.focus(setup.players)
    assert setup.you.composing == "" and setup.you.value == "Player"


def test_in_house_rules_enter_commits_a_composition_not_the_import(app):
    page = house_rules(app, "import_")
    post(pygame.TEXTEDITING, text="/tmp/x", start=6, length=0)
    frame(app)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert page.prompt == "import" and not page.bad and app.top is page


# ---------------------------------------------------------------- the real clipboard, under Xvfb

CHILD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, os.environ["ROOT"])
    import pygame
    from scenes.core import clipboard
    from scenes.core.widgets import FocusRing, TextField
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    field = TextField("", "", 40)
    ring = FocusRing([field])
    ring.focus(field)
    board = clipboard.current()
    print("READ", repr(board.get_text()))
    ring.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    print("FIELD", repr(field.value))
    board.put_text("from the game")
    print("PUT", repr(board.get_text()))
    sys.stdout.flush()
""")


def test_the_real_clipboard_under_xvfb(tmp_path):
    xvfb, xclip = shutil.which("Xvfb"), shutil.which("xclip")
    if not xvfb or not xclip:
        pytest.skip("needs Xvfb and xclip (to put text on an X clipboard)")
    display = f":{random.randint(150, 250)}"
    server = subprocess.Popen([xvfb, display, "-screen", "0", "640x480x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    owner = None
    try:
        env = dict(os.environ, DISPLAY=display, ROOT=str(ROOT), SDL_VIDEODRIVER="x11")
        for _ in range(50):  # the server takes a moment to listen
            if subprocess.run(["xclip", "-o", "-selection", "clipboard"], env=env, capture_output=True,
                              timeout=5).returncode in (0, 1) and os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"):
                break
            time.sleep(0.1)
        for _ in range(30):  # xclip exits at once while the server does not take connections yet: again
            owner = subprocess.Popen([xclip, "-selection", "clipboard", "-quiet"], stdin=subprocess.PIPE, env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                owner.stdin.write("Zoë's rules.json\n".encode())
                owner.stdin.close()
            except BrokenPipeError:
                owner.wait(5)
                time.sleep(0.2)
                continue
            time.sleep(0.3)
            if owner.poll() is None:  # it holds the clipboard
                break
        out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if line[:4] in ("READ", "FIEL", "PUT "))
        assert lines["READ"] == repr("Zoë's rules.json\n")
        assert lines["FIELD"] == repr("Zoë's rules.json")
        assert lines["PUT"] == repr("from the game")
    finally:
        if owner is not None and owner.poll() is None:
            owner.kill()
        server.kill()
        server.wait(5)


def test_a_field_that_takes_no_typing_does_not_look_editable(app):
    # the Host page's port once its table is open: greyed, its text dimmed, no caret even with the focus
    from scenes.core.widgets import TextField
    field = TextField("", "50500", 5)
    field.rect = pygame.Rect(10, 10, 200, 40)
    field.focused = True
    surfaces = []
    for enabled in (True, False):
        field.enabled = enabled
        surface = pygame.Surface((220, 60))
        field.draw(surface, app.theme)
        surfaces.append(surface)
    editable, fixed = surfaces
    corner = (field.rect.x + field.rect.width - 8, field.rect.centery)  # inside the box, right of the text
    assert editable.get_at(corner)[:3] == (250, 250, 244) and fixed.get_at(corner)[:3] != (250, 250, 244)
    assert not field.handle(pygame.event.Event(pygame.TEXTINPUT, text="1"))
    assert field.value == "50500"
