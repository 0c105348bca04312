"""The names of the computer levels as the screens show them (marked with
``N_``; translated where shown)."""

from __future__ import annotations

from game.i18n import N_

LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
"""Each AI level's name (marked with ``N_``; translated where shown)."""
PLAYS_FOR_YOU = {"easy": N_("Easy plays for you"), "medium": N_("Medium plays for you"),
                 "hard": N_("Hard plays for you")}
"""A computer level playing the person's seat (New game's "Your seat", the table's seat label)."""
