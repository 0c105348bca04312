"""Reading a game record's JSON text with its hands and actions counted as
they are read (``game-record.md``, "Limits").

``json.loads`` builds the whole of a text before anyone can look at it: a
24 MB record of 100,000 hands took seconds and hundreds of megabytes just to
be refused for holding more than 2,000. :func:`decode_counted` reads the
same text to the same value, but walks the top object, its ``"hands"`` list
and each hand's ``"actions"`` list itself, counting, and stops at the first
element past a limit (:class:`Overflow`) without reading further. Everything
else (the rules, the deals, each action) is read by the standard library's
C scanner, so the hooks of the decoder given (repeated keys, NaN, long
numbers) apply everywhere.

A hand's list of actions is found first (its closing ``]``, lists one deep
inside it allowed, as a meld's) and, when it ends soon enough and its text
holds a bounded number of commas, read whole by the C scanner and counted
after: a list built so holds at most :data:`_COMMAS` values per action
allowed. Any other list is read one action at a time and counted as it
goes.

Standard library only; pure functions of the text.
"""

from __future__ import annotations

import json
import re
from json.decoder import scanstring
from typing import Any, Callable

__all__ = ["Overflow", "decode_counted"]

_WS = re.compile(r"[ \t\n\r]*").match
_LIST = re.compile(r"\[(?:[^\[\]]++|\[[^\[\]]*+\])*+\]").match
"""A list, and lists inside it one deep (possessive: one pass, no backtracking)."""
_VALUE_STARTS = tuple('{["-0123456789tfnNI')
"""What a JSON value may begin with: an element past a limit is refused as
soon as one begins (a stray comma or bracket is a syntax error instead)."""
_CHARS = 400
"""Characters per action a list of actions is looked through for its end
(a 14-card meld written one card a line takes some 250)."""
_COMMAS = 20
"""Commas per action a list of actions may hold and still be read whole: a
meld of a dozen cards has a dozen; past this a list is read an action at a
time, so a list of millions is never built."""


class Overflow(ValueError):
    """A list of the record past its limit: ``where`` is ``"hands"`` or
    ``"hands[3].actions"``, ``limit`` the most it may hold. Raised as soon as
    the first element past the limit begins: nothing after it is read."""

    def __init__(self, where: str, limit: int):
        super().__init__(f"{where} holds more than {limit:,}")
        self.where = where
        self.limit = limit


class _Malformed(Exception):
    """The walk met JSON that is not well formed; the full decoder then reads
    the text again to say what and where, exactly as ``json.loads`` does."""


class _Reader:
    def __init__(self, text: str, decoder: json.JSONDecoder, max_hands: int, max_actions: int):
        self.s = text
        self.scan = decoder.scan_once
        self.strict = decoder.strict
        if decoder.object_pairs_hook is not None:
            self.pairs_hook: Callable[[list], Any] = decoder.object_pairs_hook
        elif decoder.object_hook is not None:
            self.pairs_hook = lambda pairs: decoder.object_hook(dict(pairs))
        else:
            self.pairs_hook = dict
        self.max_hands = max_hands
        self.max_actions = max_actions

    def value(self, i: int) -> tuple[Any, int]:
        """Any JSON value at ``i``, by the C scanner."""
        try:
            return self.scan(self.s, i)
        except StopIteration as exc:
            raise json.JSONDecodeError("Expecting value", self.s, exc.value) from None

    def record(self) -> Any:
        s = self.s
        i = _WS(s, 0).end()
        if s.startswith("{", i):
            value, i = self.obj(i, "hands", self.hands)
        else:
            value, i = self.value(i)
        if _WS(s, i).end() != len(s):
            raise _Malformed  # "Extra data"
        return value

    def obj(self, i: int, walked: str, walk: Callable[[int], tuple[Any, int]]) -> tuple[Any, int]:
        """The object at ``i`` (``s[i] == "{"``), the value of key ``walked`` read by ``walk``."""
        s = self.s
        pairs: list = []
        i = _WS(s, i + 1).end()
        if s.startswith("}", i):
            return self.pairs_hook(pairs), i + 1
        while True:
            if not s.startswith('"', i):
                raise _Malformed
            key, i = scanstring(s, i + 1, self.strict)
            i = _WS(s, i).end()
            if not s.startswith(":", i):
                raise _Malformed
            i = _WS(s, i + 1).end()
            value, i = walk(i) if key == walked else self.value(i)
            pairs.append((key, value))
            i = _WS(s, i).end()
            if s.startswith(",", i):
                i = _WS(s, i + 1).end()
            elif s.startswith("}", i):
                return self.pairs_hook(pairs), i + 1
            else:
                raise _Malformed

    def hands(self, i: int) -> tuple[Any, int]:
        """The top object's ``"hands"``: each hand an object whose ``"actions"`` is walked."""
        if not self.s.startswith("[", i):
            return self.value(i)

        def hand(at: int, index: int) -> tuple[Any, int]:
            if self.s.startswith("{", at):
                return self.obj(at, "actions", lambda j: self.actions(j, index))
            return self.value(at)
        return self.counted_list(i, self.max_hands, lambda: '"hands"', hand)

    def counted_list(self, i: int, most: int, where, item) -> tuple[list, int]:
        """The list at ``i`` (its ``[``), read one value at a time with
        ``item(at, index) -> (value, end)``; :class:`Overflow` naming
        ``where()`` once a value would be the ``most + 1``-th."""
        s = self.s
        out: list = []
        i = _WS(s, i + 1).end()
        if s.startswith("]", i):
            return out, i + 1
        while True:
            if len(out) == most and s.startswith(_VALUE_STARTS, i):
                raise Overflow(where(), most)
            value, i = item(i, len(out))
            out.append(value)
            i = _WS(s, i).end()
            if s.startswith(",", i):
                i = _WS(s, i + 1).end()
            elif s.startswith("]", i):
                return out, i + 1
            else:
                raise _Malformed

    def actions(self, i: int, hand: int) -> tuple[Any, int]:
        """Hand ``hand``'s ``"actions"``, counted. A list short enough in its
        text to be read whole (:meth:`bounded_end`) is read by the C scanner
        and then counted; any other is read one action at a time."""
        s = self.s
        if not s.startswith("[", i):
            return self.value(i)
        end = self.bounded_end(i)
        if end:
            try:
                value, used = self.scan(s[i:end], 0)
            except (json.JSONDecodeError, StopIteration):
                pass  # not the whole list after all: read it one action at a time, to say where
            else:
                if len(value) > self.max_actions:
                    raise Overflow(f"hands[{hand}].actions", self.max_actions)
                return value, i + used
        return self.each_action(i, hand)

    def bounded_end(self, i: int) -> int:
        """Where the list at ``i`` seems to end (its ``]``, lists inside it
        one deep, as a meld's; brackets in strings not told apart), when it
        ends within :data:`_CHARS` characters an action allowed and holds few
        enough commas that reading it whole can build only a bounded number
        of values; else 0."""
        found = _LIST(self.s, i, i + _CHARS * self.max_actions)
        if found is None or self.s.count(",", i, found.end()) > _COMMAS * self.max_actions:
            return 0
        return found.end()

    def each_action(self, i: int, hand: int) -> tuple[list, int]:
        """The list of actions at ``i``, read and counted one action at a time."""
        return self.counted_list(i, self.max_actions, lambda: f"hands[{hand}].actions",
                                 lambda at, _index: self.value(at))


def decode_counted(text: str, decoder: json.JSONDecoder, max_hands: int, max_actions: int) -> Any:
    """``decoder.decode(text)``, but a record's ``"hands"`` (at most
    ``max_hands``) and each hand's ``"actions"`` (at most ``max_actions``)
    are counted while they are read: :class:`Overflow` at the first element
    past a limit, before anything after it is read or built. Any other text
    gives exactly what ``decoder.decode`` gives: the same value, or the same
    ``json.JSONDecodeError`` (with its line and column), ``RecursionError``
    or exception of the decoder's hooks."""
    try:
        return _Reader(text, decoder, max_hands, max_actions).record()
    except _Malformed:
        return decoder.decode(text)  # raises the error json itself reports
