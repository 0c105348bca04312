"""``IllegalMove`` and the stable error codes of ``game-record.md``."""

from __future__ import annotations

# In the order game-record.md gives for reporting: when several apply to one
# action, the first is reported.
PRECEDENCE = (
    "hand_over",
    "rummy_not_allowed",
    "not_your_turn",
    "wrong_phase",
    "empty_stock",
    "bad_take",
    "take_unplayable",
    "card_not_in_hand",
    "unknown_meld",
    "no_meld_yet",
    "invalid_meld",
    "invalid_layoff",
    "must_keep_discard",
    "committed_card_unplayed",
    "discard_just_taken",
    "final_discard_playable",
)
CODES = frozenset(PRECEDENCE) | {"bad_record"}


class IllegalMove(Exception):
    """An action the rules do not allow; the state it was applied to is unchanged.

    Attributes: ``code`` (one of :data:`CODES`), ``rule`` (a rule id such as
    ``"R10"``, or ``""``) and ``message`` (a sentence for the player).
    """

    def __init__(self, code: str, rule: str, message: str):
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.message = message

    def to_dict(self) -> dict:
        """``{"code", "rule", "message"}`` as in a replay's ``error`` object."""
        return {"code": self.code, "rule": self.rule, "message": self.message}

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.rule!r}, {self.message!r})"
