"""The engine's refusals in the player's language.

Pure Python (never imports pygame). The engine raises
:class:`~game.errors.IllegalMove` with a stable ``code``, a rule id and an
English ``message``; that English stays exactly as it is in game records,
``rummy500 replay`` output, the log file and the AI (they never change
language, and a record must read the same everywhere). What the player sees
goes through :func:`translate`: the English message is matched against
:data:`TEMPLATES` (every sentence the engine and :mod:`game.rules.melds` can say,
with its parameters as named placeholders), and the template's translation
is filled in with the same parameters (card tokens, counts, meld numbers;
``game.text.events.plain`` then shows tokens as cards, "7H" -> "7♥").

Keeping the translation out of the engine keeps records and the command line
byte-identical in English whatever language the table shows, and keeps the
engine free of display concerns. ``tests/test_i18n_refusals.py`` checks that
every message the engine's source can build matches a template.
"""

from __future__ import annotations

import re
from functools import lru_cache

from game.i18n import N_, _, current_language, ngettext


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for extraction (translated with ``ngettext`` where shown)."""
    return singular, plural


TEMPLATES: list[str | tuple[str, str]] = [
    # turns and phases (R7, R16, R21)
    N_("This hand is over."),
    N_("It's not your turn."),
    N_("You have already drawn this turn."),
    N_("Draw a card first: from the stock or the discard pile."),
    N_("The game is over."),
    N_("No hand has been dealt yet."),
    # drawing (R8, R9, R10, R17)
    N_("The stock is empty and the discard pile has already been turned over once, the limit for a hand: "
       "take from the discard pile or end the hand."),
    N_("The stock is empty and the discard pile has already been turned over twice, the limit for a hand: "
       "take from the discard pile or end the hand."),
    NP_("The stock is empty and the discard pile has already been turned over {count} time, the limit for a "
        "hand: take from the discard pile or end the hand.",
        "The stock is empty and the discard pile has already been turned over {count} times, the limit for a "
        "hand: take from the discard pile or end the hand."),
    N_("The stock is empty and the discard pile has only its top card: take it or end the hand."),
    N_("The stock is empty: take from the discard pile or end the hand."),
    NP_("You can take 1 to {count} card from the discard pile, not {asked}.",
        "You can take 1 to {count} cards from the discard pile, not {asked}."),
    N_("The discard pile is empty."),
    N_("You could not table the {card} this turn, so you can't take it."),
    N_("You couldn't finish your turn after taking the {card}: it can't go straight back and you'd have "
       "nothing else to discard."),
    N_("The stock still has cards: you can only end the hand when it is empty."),
    N_("Draw from the stock: the discard pile will be shuffled into a new stock."),
    # Rummy calls (R18)
    N_("Rummy calls are off in these rules."),
    N_("Rummy can only be called right after a discard, before the next player draws."),
    N_("Only a player at the table can call Rummy."),
    N_("You can't call Rummy on your own discard."),
    NP_("You can take 1 to {count} card with a Rummy call, not {asked}.",
        "You can take 1 to {count} cards with a Rummy call, not {asked}."),
    N_("The {card} can't be tabled from the pile and the table alone: no Rummy there."),
    N_("You couldn't table the {card} and still finish your turn."),
    N_("{name} called Rummy and comes after you: call Rummy yourself, or let the window close."),
    # cards in hand, melds, lay-offs, discards (R7, R9, R10, R14, R15, R16)
    NP_("You hold only {count} of {card}.", "You hold only {count} of {card}."),
    N_("You don't hold the joker."),
    N_("You don't hold the {card}."),
    N_("After that you could no longer table the {card}, which you must play this turn."),
    N_("After that you would hold only the {card} you just took, which you can't discard this turn."),
    N_("After that your last card could be tabled, so you couldn't discard it to go out."),
    N_("Keep one card: under these rules you go out only by discarding your last card."),
    N_("There is no meld {meld} on the table."),
    N_("There are no melds on the table yet."),
    N_("Under these rules you must table a meld of your own before you lay off."),
    N_("Say which card the joker stands for."),
    N_("The {card} doesn't extend that set ({cards})."),
    N_("The {card} doesn't extend that run ({cards})."),
    N_("Under these rules the {card} you took must start a new meld."),
    N_("You must table the {card} you took before you discard."),
    N_("You took the {card} from the discard pile this turn, so you can't discard it now."),
    N_("The {card} could be laid off on the table, so you can't go out by discarding it."),
    # what is not a meld (game.rules.melds, R11-R13, R15)
    N_("A meld needs at least 3 cards (R13)."),
    N_("Say which card each joker stands for (R15)."),
    N_("A meld needs at least one natural card besides its jokers (R15)."),
    N_("A set has at most 4 cards, one of each suit (R11)."),
    N_("A set can't hold two cards of the same suit (R11)."),
    N_("A run can't hold two cards of the same rank (R12)."),
    N_("Those cards are not in sequence (R12)."),
    N_("A run can't turn the corner from king to ace to two (R12)."),
    N_("A meld is either one rank in different suits (a set, R11) or one suit in sequence (a run, R12)."),
]
"""Every refusal the engine can give, in English with named placeholders
(``{card}``: a card token, ``{cards}``: tokens separated by spaces, ``{name}``: a seat's name,
``{count}``/``{asked}``/``{meld}``: whole numbers); a pair is a plural
message whose form follows ``{count}``."""

_FIELD = re.compile(r"\{(\w+)\}")
_CITED = re.compile(r"(?P<text>.*?)(?P<rules>\s*\(R\d{1,2}(?:, R\d{1,2})*\))\Z", re.S)
"""A message with the rule it breaks added at the end ("... (R9)", ``game.text.events.with_rule``)."""


def _pattern(english: str) -> re.Pattern:
    parts, pos = [], 0
    for m in _FIELD.finditer(english):
        parts.append(re.escape(english[pos:m.start()]))
        name = m.group(1)
        parts.append(rf"(?P<{name}>\d+)" if name in ("count", "asked", "meld") else rf"(?P<{name}>.+?)")
        pos = m.end()
    parts.append(re.escape(english[pos:]))
    return re.compile("".join(parts) + r"\Z")


@lru_cache(maxsize=1)
def _compiled() -> list[tuple[re.Pattern, str | tuple[str, str]]]:
    out = []
    for template in TEMPLATES:
        forms = template if isinstance(template, tuple) else (template,)
        for english in dict.fromkeys(forms):
            out.append((_pattern(english), template))
    return out


def match(message: str) -> tuple[str | tuple[str, str], dict[str, str]] | None:
    """The template an English refusal was made from and its parameters,
    or ``None`` when no template matches (the message is not the engine's)."""
    for pattern, template in _compiled():
        m = pattern.match(message)
        if m:
            return template, m.groupdict()
    return None


def translate(message: str) -> str:
    """``message`` (an :class:`~game.errors.IllegalMove` message, or any
    text) in the current language; unchanged in English, or when it is not
    one of the engine's refusals. Card tokens stay tokens ("7H")."""
    if current_language() == "en":
        return message
    found = match(message)
    if found is None:
        cited = _CITED.match(message)
        if cited and match(cited.group("text")) is not None:
            return translate(cited.group("text")) + cited.group("rules")
        return message
    template, values = found
    if isinstance(template, tuple):
        return ngettext(template[0], template[1], int(values["count"])).format(**values)
    return _(template).format(**values)
