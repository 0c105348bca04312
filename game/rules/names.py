"""Player names as the table shows them.

A game record accepts any name of printable text (``game.record.name_problem``):
zero-width joiners, direction marks and other format characters included,
since Arabic, Persian and Indic names need some of them. A name made of
such characters alone draws nothing (the font even refuses to render it),
so wherever a seat's name is shown it goes through :func:`shown_name`: a
name with no visible character is shown as "Player N" (translated, ``N``
the 1-based seat number). The name itself is never changed: records and
saves keep it as it was.

:func:`has_visible` is also the rule for a name a person types (New game,
Settings): it needs at least one visible character. Pure Python; never
imports pygame.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from game.i18n import _, in_every_language

__all__ = ["field_name", "has_visible", "is_visible_char", "is_you_word", "name_key", "repeated_name", "shown_name",
           "shown_names"]

BLANK_CHARS = frozenset({
    "\u115f", "\u1160", "\u3164", "\uffa0",  # Hangul fillers: letters that draw nothing
    "\u2800",                                # Braille pattern blank
    "\ufffc",                                # object replacement character (zero width in DejaVu Sans)
})
"""Characters of a visible category that still draw nothing."""


def is_visible_char(ch: str) -> bool:
    """Whether the one character ``ch`` draws something on its own: a letter,
    digit, punctuation mark, symbol or private-use character (categories
    L*, N*, P*, S*, Co), not one of :data:`BLANK_CHARS`. Spaces, separators,
    control and format characters (zero-width joiners, direction marks, the
    soft hyphen), unassigned code points and combining marks (which need a
    base character) are not."""
    cat = unicodedata.category(ch)
    return (cat[0] in "LNPS" or cat == "Co") and ch not in BLANK_CHARS


def field_name(text: object, limit: int = 16) -> str:
    """``text`` as a name field takes it (New game, Join a table, Settings,
    the demo's seat): its printable characters (``str.isprintable``), at
    most ``limit`` of them; ``""`` for anything that is not text (a
    settings file edited by hand)."""
    if not isinstance(text, str):
        return ""
    return "".join(ch for ch in text if ch.isprintable())[:limit]


def has_visible(name: object) -> bool:
    """Whether ``name`` is text holding at least one visible character
    (:func:`is_visible_char`)."""
    return isinstance(name, str) and any(is_visible_char(ch) for ch in name)


def shown_name(name: object, seat: int) -> str:
    """The name of seat ``seat`` (0-based) as drawn: ``name`` itself when it
    has a visible character, else "Player N" in the current language, ``N``
    being ``seat + 1``."""
    if has_visible(name):
        return name  # type: ignore[return-value]  (has_visible: a str)
    # TRANSLATORS: the name shown for a seat whose own name has no visible character; {number} counts from 1
    return _("Player {number}").format(number=seat + 1)


def shown_names(names: Sequence[object]) -> list[str]:
    """:func:`shown_name` of every seat of ``names`` (in seat order)."""
    return [shown_name(n, i) for i, n in enumerate(names)]


def name_key(name: str) -> str:
    """What two names at one table are compared by: trimmed, in Unicode's
    compatibility form (NFKC), case folded ("Ana", " ANA", "ａｎａ" are one name)."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


def is_you_word(name: str) -> bool:
    """Whether ``name`` is a word the game uses for "you" in any of its
    languages ("You", "Chi", "თქვენ"): the log and the banners call the
    person at this computer so, so no seat may be named it (issue 23)."""
    return name_key(name) in {name_key(w) for w in in_every_language("You")}


def repeated_name(names: Sequence[str]) -> int | None:
    """The index of the first of ``names`` that another before it already
    has (:func:`name_key`), or ``None``: names at one table are distinct
    (issue 23), since the log, the statistics and the guests tell seats
    apart by them."""
    seen = set()
    for i, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            return i
        seen.add(key)
    return None
