"""Argument types the benchmark scripts share (beside
:func:`game.cli.whole_number`), so that a bad value is refused
by argparse (a one-line message and exit status 2) before any play, not met
later as a traceback or a figure of nothing."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

from game.cli import whole_number


def wholes(low: int, high: int | None = None):
    """An argparse ``type``: whole numbers separated by commas, each as
    :func:`game.cli.whole_number`, none given twice (a repeat would be
    counted twice)."""
    one = whole_number(low, high)

    def parse(text: str) -> tuple[int, ...]:
        parts = text.split(",")
        if any(not p.strip() for p in parts):
            raise argparse.ArgumentTypeError(f"an empty entry in {text!r}")
        values = tuple(one(p.strip()) for p in parts)
        repeated = sorted({v for v in values if values.count(v) > 1})
        if repeated:
            raise argparse.ArgumentTypeError(f"{repeated[0]} is given more than once in {text!r}")
        return values
    return parse


def seconds(text: str) -> float:
    """An argparse ``type``: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0 seconds, not {text}")
    return value


def writable_file(text: str) -> str:
    """An argparse ``type``: a file that can be written (its folder exists
    and may be written to), checked before a long run rather than after it."""
    if not text.strip():
        raise argparse.ArgumentTypeError("no file named")
    path = Path(text)
    folder = path.parent  # "." for a bare file name
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {folder} to write {path.name} in")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text} cannot be written")
    return text
