"""Test set-up: dummy SDL drivers (no screen, no sound) and shared helpers."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = "en"  # the game follows the system language: the tests read English (test_i18n*.py switch it)

import scenes.launch  # noqa: E402,F401  (registers every scene under its key, as the program does at start)
