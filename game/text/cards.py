"""Card names as the table and the log write them ("7♥", "10♠", "Joker (7♥)").

Pure Python; the words are translated where they are made (:mod:`game.i18n`).
"""

from __future__ import annotations

from game.i18n import _
from game.rules.cards import JOKER, declared, is_tabled_joker, rank_of, suit_of

SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def short_name(card: int) -> str:
    """``"7♥"``, ``"10♠"``, ``"Joker"``, ``"Joker (7♥)"`` for a tabled joker."""
    if is_tabled_joker(card):
        return _("Joker ({card})").format(card=short_name(declared(card)))
    if card == JOKER:
        return _("Joker")
    r = rank_of(card)
    return f"{RANK_NAMES.get(r, str(r))}{SUIT_SYMBOLS[suit_of(card)]}"
