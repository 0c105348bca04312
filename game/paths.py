"""Paths as the player sees them.

:func:`shown` turns any path (text, bytes or ``os.PathLike``; a file name
may hold bytes that are not valid in the file-system encoding) into
printable text for a message on screen or a log line, and never raises.
Every place that puts a path in front of the player (a notice, a dialog,
the log, a command's error message) should go through it: a raw path with
undecodable bytes is a ``str`` holding lone surrogates, which a font, a
terminal or a UTF-8 log cannot take.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from typing import Any

UNPRINTABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Unicode categories that cannot be shown in one line of text: control
characters (NUL, newline...), lone surrogates, line and paragraph separators."""

REPLACEMENT = "\ufffd"


def shown(path: Any) -> str:
    """``path`` as one line of printable text.

    ``path`` may be ``str``, ``bytes`` or ``os.PathLike``: it is turned into
    bytes the way the OS holds it (``os.fsencode``) and decoded with
    ``errors="replace"``, so an undecodable byte shows as U+FFFD; a control
    character (a newline in a folder name) shows as U+FFFD too. Anything
    else is shown with ``str``. Never raises."""
    try:
        raw = os.fsencode(path)
    except (TypeError, UnicodeError):  # not a path, or surrogates that are not escaped bytes
        text = str(path)
    else:
        text = raw.decode(sys.getfilesystemencoding() or "utf-8", errors="replace")
    return "".join(REPLACEMENT if unicodedata.category(ch) in UNPRINTABLE else ch for ch in text)
