"""The table's words for the engine's events: card names with suit symbols
("7♥", "Joker as 7♥") and verbs that agree with "You" ("You draw", "Ana draws")."""

from __future__ import annotations

import re

from game.cards import parse_card
from game.events import (CardDrawn, CommittedCardTabled, DiscardTaken, Discarded, Event, Floated, GameWon,
                         HandDealt, HandEnded, LaidOff, MeldTabled, RummyCalled, StockReshuffled, TurnStarted)

from .cardart import short_name


def card_words(token: str) -> str:
    """``"7H"`` -> ``"7♥"``, ``"JK=7H"`` -> ``"Joker as 7♥"`` (unknown tokens are kept)."""
    try:
        card = parse_card(token, tabled=True)
    except ValueError:
        return token
    name = short_name(card)
    return name.replace("Joker (", "Joker as ").rstrip(")") if name.startswith("Joker (") else name


_TOKEN = re.compile(r"\b(JK=(?:10|[2-9TJQKA])[CDHS]|(?:10|[2-9TJQKA])[CDHS])\b")


_RULE = r"R\d{1,2}"
# " (R13)", " (R2, R4)", " (R1–R21)" at the end of a message, or ", R11" closing a parenthesis: "(a set, R11)"
_RULE_IDS = re.compile(rf"\s*\({_RULE}(?:\s*[,–-]\s*{_RULE})*\)|,\s*{_RULE}(?:\s*[,–-]\s*{_RULE})*(?=\))")


def rule_ids(message: str) -> list[str]:
    """The rule ids a message cites, in order: ``"... (R2, R4)."`` -> ``["R2", "R4"]``."""
    return [rid for m in _RULE_IDS.finditer(message) for rid in re.findall(_RULE, m.group(0))]


def without_rule_ids(message: str) -> str:
    """``message`` without its rule ids: "A meld needs at least 3 cards (R13)."
    -> "A meld needs at least 3 cards."; "(a set, R11)" -> "(a set)"."""
    return _RULE_IDS.sub("", message)


def plain(message: str, keep_rule_ids: bool = False) -> str:
    """An engine message for the player's one-line message: card tokens
    written as cards ("the 2C" -> "the 2♣") and the rule ids such as
    "(R18)" left out, unless ``keep_rule_ids`` (the game log's detail and
    tooltips keep them)."""
    text = _TOKEN.sub(lambda m: card_words(m.group(1)), message)
    return text if keep_rule_ids else without_rule_ids(text)


def with_rule(message: str, rule: str | None) -> str:
    """``message`` citing ``rule`` (an ``IllegalMove.rule`` such as "R9") when
    it cites no rule id yet: "You can't take it." -> "You can't take it. (R9)"."""
    if not rule or rule_ids(message) or not re.fullmatch(_RULE, rule):
        return message
    return f"{message} ({rule})"


def refusal_entry(message: str) -> str:
    """A refused move as a game-log line, with the rule it cites:
    "Refused: A set can't hold two cards of the same suit. (R11)"."""
    ids = rule_ids(message)
    return f"Refused: {plain(message)}" + (f" ({', '.join(ids)})" if ids else "")


def cards_words(tokens) -> str:
    return " ".join(card_words(t) for t in tokens)


def verb(name: str, verb: str) -> str:
    """``name`` with ``verb`` agreeing: "You take", "Ana takes"."""
    if name == "You":
        return f"You {verb}"
    if verb.endswith(("s", "sh", "ch", "o")):
        return f"{name} {verb}es"
    return f"{name} {verb}s"


def describe(e: Event, names: list[str]) -> str | None:
    """One line of plain words for the game log, or ``None`` for events the
    log leaves out (a turn starting)."""
    if isinstance(e, TurnStarted):
        return None
    if isinstance(e, HandDealt):
        return f"Hand {e.hand + 1}: {verb(names[e.dealer], 'deal')} {e.sizes[0]} cards each."
    if isinstance(e, CardDrawn):
        return f"{verb(names[e.seat], 'draw')} from the stock."
    if isinstance(e, StockReshuffled):
        return f"The discard pile is shuffled into a new stock of {e.size} cards."
    if isinstance(e, DiscardTaken):
        if len(e.cards) == 1:
            return f"{verb(names[e.seat], 'take')} the {card_words(e.cards[0])} from the discard pile."
        return (f"{verb(names[e.seat], 'take')} {len(e.cards)} cards from the discard pile "
                f"({cards_words(e.cards)}) and must meld the {card_words(e.cards[0])}.")
    if isinstance(e, RummyCalled):
        return f"{verb(names[e.seat], 'call')} Rummy! and {'take' if names[e.seat] == 'You' else 'takes'} " \
               f"{cards_words(e.cards)}."
    if isinstance(e, MeldTabled):
        return f"{verb(names[e.seat], 'meld')} a {e.kind}: {cards_words(e.cards)}."
    if isinstance(e, LaidOff):
        whose = ("your own" if names[e.seat] == "You" else "their own") if e.owner == e.seat \
            else ("your" if names[e.owner] == "You" else f"{names[e.owner]}'s")
        return f"{verb(names[e.seat], 'lay')} off the {card_words(e.card)} on {whose} meld."
    if isinstance(e, CommittedCardTabled):
        return None
    if isinstance(e, Discarded):
        return f"{verb(names[e.seat], 'discard')} the {card_words(e.card)}."
    if isinstance(e, Floated):
        return f"{verb(names[e.seat], 'float')}: every card is on the table."
    if isinstance(e, HandEnded):
        if e.reason == "went_out":
            return f"{verb(names[e.went_out], 'go')} out. Hand {e.hand + 1} is over."
        return f"The stock is empty: hand {e.hand + 1} is over."
    if isinstance(e, GameWon):
        return f"{verb(names[e.winner], 'win')} the game with {e.totals[e.winner]} points."
    return e.describe(names)
