"""Fixtures of the window's start-up and crash tests (tests/test_startup.py,
tests/test_crash.py): import them into a test module to use them."""

from __future__ import annotations

import logging

import pytest

import scenes.core.startup as startup


@pytest.fixture
def boxes(monkeypatch):
    """The message boxes the game would have shown, as ``(title, message)``
    pairs; none pops up in tests."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(startup, "show_message_box", lambda title, message: shown.append((title, message)))
    return shown


@pytest.fixture(autouse=True)
def logging_restored():
    """The "rummy500" logger as the test found it (the app adds a file handler)."""
    logger = logging.getLogger("rummy500")
    before = list(logger.handlers)
    yield
    for h in list(logger.handlers):
        if h not in before:
            logger.removeHandler(h)
            h.close()
