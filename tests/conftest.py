"""Test set-up: dummy SDL drivers (no screen, no sound) and shared helpers."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = "en"  # the game follows the system language: the tests read English (test_i18n*.py switch it)

import scenes.launch  # noqa: E402,F401  (registers every scene under its key, as the program does at start)


@pytest.fixture
def memory_clipboard():
    """A clipboard in memory (:class:`scenes.core.clipboard.MemoryClipboard`)
    in place of the system's for the test, put back afterwards."""
    from scenes.core import clipboard
    mine = clipboard.MemoryClipboard()
    old = clipboard.use(mine)
    yield mine
    clipboard.use(old)
