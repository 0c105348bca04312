"""The rule set: every variant key of ``rules.md`` with its default.

A :class:`RuleSet` is frozen and hashable. ``RuleSet.from_dict`` reads the
``rules`` object of a game record and raises :class:`RulesError` for an
unknown key or value; ``to_dict`` writes every key back.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from game.i18n import ngettext

# key -> allowed values, default first (rules.md)
CHOICES: dict[str, tuple] = {
    "decks": ("auto", 1, 2),
    "jokers_per_deck": (2, 0, 1),
    "two_player_hand_size": (13, 10),
    "scoring": ("standard", "fives"),
    "going_out": ("meld_all", "discard_required", "float"),
    "final_discard_unplayable": (False, True),
    "top_discard_must_be_used": (False, True),
    "deep_card_must_start_meld": (False, True),
    "layoff_requires_own_meld": (False, True),
    "ace_wraps": (False, True),
    "empty_stock": ("end", "reshuffle"),
    "reshuffle_limit": (None, 1, 2, 3),
    "rummy_calls": (True, False),
}
MAX_TARGET = 1_000_000
RULE_KEYS = frozenset(CHOICES) | {"target"}
"""Every key a ``rules`` object may hold in this version."""


class RulesError(ValueError):
    """An unknown rule key or an unknown value for a key."""


@dataclass(frozen=True)
class RuleSet:
    """The rules in force for a game (see ``rules.md`` for each key's meaning).

    Fields and their defaults: ``decks`` ("auto": one deck for 2–5 players,
    two for 6–8, R2), ``jokers_per_deck`` (2, R2), ``two_player_hand_size``
    (13, R4), ``scoring`` ("standard" | "fives", R19), ``going_out``
    ("meld_all" | "discard_required" | "float", R16),
    ``final_discard_unplayable`` (False, R16), ``top_discard_must_be_used``
    (False, R9), ``deep_card_must_start_meld`` (False, R9),
    ``layoff_requires_own_meld`` (False, R14), ``ace_wraps`` (False, R12),
    ``empty_stock`` ("end" | "reshuffle", R17), ``reshuffle_limit`` (None: no
    limit, or 1 | 2 | 3 turnings of the pile per hand under ``reshuffle``,
    R17; ``null`` in JSON), ``rummy_calls`` (True, R18),
    ``target`` (500 points, R21).

    The defaults are written once, as the first value of each key in
    :data:`CHOICES`.
    """

    decks: Any = CHOICES["decks"][0]
    jokers_per_deck: int = CHOICES["jokers_per_deck"][0]
    two_player_hand_size: int = CHOICES["two_player_hand_size"][0]
    scoring: str = CHOICES["scoring"][0]
    going_out: str = CHOICES["going_out"][0]
    final_discard_unplayable: bool = CHOICES["final_discard_unplayable"][0]
    top_discard_must_be_used: bool = CHOICES["top_discard_must_be_used"][0]
    deep_card_must_start_meld: bool = CHOICES["deep_card_must_start_meld"][0]
    layoff_requires_own_meld: bool = CHOICES["layoff_requires_own_meld"][0]
    ace_wraps: bool = CHOICES["ace_wraps"][0]
    empty_stock: str = CHOICES["empty_stock"][0]
    reshuffle_limit: int | None = CHOICES["reshuffle_limit"][0]
    rummy_calls: bool = CHOICES["rummy_calls"][0]
    target: int = 500

    @classmethod
    def from_dict(cls, data: object) -> "RuleSet":
        """Build a rule set from a record's ``rules`` object; missing keys take
        their defaults. Raises :class:`RulesError` naming the bad key or value."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object of rule keys")
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key == "target":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f"rules.target must be a whole number, not {_show(value)}")
                if not 1 <= value <= MAX_TARGET:
                    raise RulesError(f"rules.target must be from 1 to {MAX_TARGET}, not {value}")
                values[key] = value
                continue
            if key not in CHOICES:
                raise RulesError(f"rules: unknown key {_show(key)}")
            allowed = CHOICES[key]
            if not any(_same(value, a) for a in allowed):
                shown = ", ".join(_show(a) for a in allowed)
                raise RulesError(f"rules.{key}: {_show(value)} is not one of {shown}")
            values[key] = value
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """Every key with its value, in the order of ``rules.md``."""
        return asdict(self)

    def with_changes(self, **changes: Any) -> "RuleSet":
        """A copy with some keys changed; the values are checked like ``from_dict``'s."""
        merged = {**self.to_dict(), **changes}
        return RuleSet.from_dict(merged)

    def deck_count(self, players: int) -> int:
        """How many 52-card decks the pack holds for ``players`` players (R2)."""
        if self.decks == "auto":
            return 2 if players >= 6 else 1
        return int(self.decks)

    def pack_size(self, players: int) -> int:
        """Cards in the pack for ``players`` players (R2)."""
        return self.deck_count(players) * (52 + self.jokers_per_deck)

    def hand_size(self, players: int) -> int:
        """Cards dealt to each player (R4)."""
        return self.two_player_hand_size if players == 2 else 7

    def deal_problem(self, players: int) -> str | None:
        """``None`` when these rules' pack can deal ``players`` players (each
        hand by R4 plus one card to start the discard pile), else one sentence
        saying why not (R2, R4), e.g. "8 players need 57 cards but these
        rules' pack has 54 (R2, R4)."."""
        need = players * self.hand_size(players) + 1
        have = self.pack_size(players)
        if need <= have:
            return None
        return ngettext("{players} player needs {need} cards but these rules' pack has {have} (R2, R4).",
                        "{players} players need {need} cards but these rules' pack has {have} (R2, R4).",
                        players).format(players=players, need=need, have=have)

    def undealable_player_counts(self) -> list[int]:
        """The player counts from 2 to 8 that these rules can't deal (see :meth:`deal_problem`)."""
        return [n for n in range(2, 9) if self.deal_problem(n) is not None]


def _same(value: object, allowed: object) -> bool:
    # True/False must not pass for 1/0 and vice versa.
    return type(value) is type(allowed) and value == allowed


def _show(value: object) -> str:
    """A value as JSON for a message: ASCII only, at most 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=True, default=repr)
    except (ValueError, TypeError, RecursionError):
        text = "that value"
    return text if len(text) <= 40 else text[:37] + "..."


PROFILES: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "no_jokers": RuleSet(jokers_per_deck=0),
    "strict_table": RuleSet(
        going_out="discard_required", final_discard_unplayable=True,
        top_discard_must_be_used=True, layoff_requires_own_meld=True,
    ),
    "float": RuleSet(going_out="float"),
    "round_the_corner": RuleSet(ace_wraps=True, empty_stock="reshuffle"),
    "fives": RuleSet(scoring="fives"),
}
"""Named rule sets for the new-game screen; ``standard`` is the rulebook's defaults."""

