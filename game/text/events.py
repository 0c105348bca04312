"""The table's words for the engine's events: card names with suit symbols
("7♥", "Joker as 7♥") and verbs that agree with "You" ("You draw", "Ana draws").

The game log keeps :data:`LogEntry` values (engine events, and
:class:`LogNote` for what is no event: a refused move, an undo) and words
them when drawn (:func:`log_words`), so a change of language rewords every
line (issue 21, item 12). It names the person's seat "You" throughout
(:func:`log_names`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence, Union

from game.rules.cards import declared, is_tabled_joker, parse_card
from game.rules.events import (
    CardDrawn, CommittedCardTabled, DiscardTaken, Discarded, Event, Floated, GameWon, HandDealt, HandEnded,
    LaidOff, MeldTabled, RummyCalled, StockReshuffled, TurnStarted
)

from game.i18n import N_, _, ngettext
from game.text.refusals import translate as translate_refusal

from game.text.cards import short_name


def card_words(token: str) -> str:
    """``"7H"`` -> ``"7♥"``, ``"JK=7H"`` -> ``"Joker as 7♥"`` (unknown tokens are kept)."""
    try:
        card = parse_card(token, tabled=True)
    except ValueError:
        return token
    if is_tabled_joker(card):
        return _("Joker as {card}").format(card=short_name(declared(card)))
    return short_name(card)


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
    """An engine message for the player's one-line message: in the current
    language (:func:`game.text.refusals.translate`), card tokens written as cards ("the 2C" -> "the 2♣") and the rule ids such as
    "(R18)" left out, unless ``keep_rule_ids`` (the game log's detail and
    tooltips keep them)."""
    text = _TOKEN.sub(lambda m: card_words(m.group(1)), translate_refusal(message))
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
    if ids:
        return _("Refused: {message} ({rules})").format(message=plain(message), rules=", ".join(ids))
    return _("Refused: {message}").format(message=plain(message))


def cards_words(tokens) -> str:
    return " ".join(card_words(t) for t in tokens)


YOU = "You"
"""The seat name that takes the second person ("You draw" rather than "You draws")."""


def win_title(name: str, total: int) -> str:
    """The game-over heading: "You win with 512 points!", "Ana wins with 505 points!"."""
    if name == YOU:
        return ngettext("You win with {total} point!", "You win with {total} points!", total).format(total=total)
    return ngettext("{name} wins with {total} point!", "{name} wins with {total} points!", total).format(
        name=name, total=total)


def rummy_take_words(count: int, card: str, where: str, name: str = "", short: bool = False) -> str:
    """What a Rummy call takes and where its deepest card goes: ``count``
    cards down to ``card`` (shown as a card), ``where`` is ``"pile"``
    (melded with cards from the pile), ``"yours"`` (onto the person's meld)
    or ``"theirs"`` (onto ``name``'s meld). ``short``: the dialog's choice
    ("2 cards, down to the 7♥, onto your meld"), else the hint's sentence
    ("Rummy! Take 2 cards, ...")."""
    if short:
        if where == "pile":
            text = ngettext("{count} card: the {card}, melded with cards from the pile",
                            "{count} cards, down to the {card}, melded with cards from the pile", count)
        elif where == "yours":
            text = ngettext("{count} card: the {card}, onto your meld",
                            "{count} cards, down to the {card}, onto your meld", count)
        else:
            text = ngettext("{count} card: the {card}, onto {name}'s meld",
                            "{count} cards, down to the {card}, onto {name}'s meld", count)
    elif where == "pile":
        text = ngettext("Rummy! Take {count} card: the {card}, melded with cards from the pile",
                        "Rummy! Take {count} cards, down to the {card}, melded with cards from the pile", count)
    elif where == "yours":
        text = ngettext("Rummy! Take {count} card: the {card}, onto your meld",
                        "Rummy! Take {count} cards, down to the {card}, onto your meld", count)
    else:
        text = ngettext("Rummy! Take {count} card: the {card}, onto {name}'s meld",
                        "Rummy! Take {count} cards, down to the {card}, onto {name}'s meld", count)
    return text.format(count=count, card=card, name=name)


def for_person(names: list[str], seat: int, you: str, them: str, **values) -> str:
    """``you`` (second person) when ``seat`` is "You", else ``them`` with ``{name}``; both
    translated already, formatted with ``values``."""
    if names[seat] == YOU:
        return you.format(**values)
    return them.format(name=names[seat], **values)


def describe(e: Event, names: list[str]) -> str | None:
    """One line of plain words for the game log, in the current language,
    or ``None`` for events the log leaves out (a turn starting)."""
    if isinstance(e, TurnStarted):
        return None
    if isinstance(e, HandDealt):
        n = e.sizes[0]
        return for_person(names, e.dealer,
                       ngettext("Hand {hand}: You deal {count} card each.", "Hand {hand}: You deal {count} cards each.",
                                n),
                       ngettext("Hand {hand}: {name} deals {count} card each.",
                                "Hand {hand}: {name} deals {count} cards each.", n), hand=e.hand + 1, count=n)
    if isinstance(e, CardDrawn):
        return for_person(names, e.seat, _("You draw from the stock."), _("{name} draws from the stock."))
    if isinstance(e, StockReshuffled):
        return ngettext("The discard pile is shuffled into a new stock of {count} card.",
                        "The discard pile is shuffled into a new stock of {count} cards.", e.size).format(count=e.size)
    if isinstance(e, DiscardTaken):
        card = card_words(e.cards[0])
        if len(e.cards) == 1:
            return for_person(names, e.seat, _("You take the {card} from the discard pile."),
                           _("{name} takes the {card} from the discard pile."), card=card)
        n = len(e.cards)
        return for_person(names, e.seat,
                       ngettext("You take {count} card from the discard pile ({cards}) and must meld the {card}.",
                                "You take {count} cards from the discard pile ({cards}) and must meld the {card}.", n),
                       ngettext("{name} takes {count} card from the discard pile ({cards}) and must meld the {card}.",
                                "{name} takes {count} cards from the discard pile ({cards}) and must meld the {card}.",
                                n), count=n, cards=cards_words(e.cards), card=card)
    if isinstance(e, RummyCalled):
        return for_person(names, e.seat, _("You call Rummy! and take {cards}."), _("{name} calls Rummy! and takes {cards}."),
                       cards=cards_words(e.cards))
    if isinstance(e, MeldTabled):
        cards = cards_words(e.cards)
        if e.kind == "set":
            return for_person(names, e.seat, _("You meld a set: {cards}."), _("{name} melds a set: {cards}."), cards=cards)
        return for_person(names, e.seat, _("You meld a run: {cards}."), _("{name} melds a run: {cards}."), cards=cards)
    if isinstance(e, LaidOff):
        card = card_words(e.card)
        if e.owner == e.seat:
            return for_person(names, e.seat, _("You lay off the {card} on your own meld."),
                           _("{name} lays off the {card} on their own meld."), card=card)
        if names[e.owner] == YOU:
            return _("{name} lays off the {card} on your meld.").format(name=names[e.seat], card=card)
        return for_person(names, e.seat, _("You lay off the {card} on {owner}'s meld."),
                       _("{name} lays off the {card} on {owner}'s meld."), card=card, owner=names[e.owner])
    if isinstance(e, CommittedCardTabled):
        return None
    if isinstance(e, Discarded):
        return for_person(names, e.seat, _("You discard the {card}."), _("{name} discards the {card}."),
                       card=card_words(e.card))
    if isinstance(e, Floated):
        return for_person(names, e.seat, _("You float: every card is on the table."),
                       _("{name} floats: every card is on the table."))
    if isinstance(e, HandEnded):
        if e.reason == "went_out":
            return for_person(names, e.went_out, _("You go out. Hand {hand} is over."),
                           _("{name} goes out. Hand {hand} is over."), hand=e.hand + 1)
        return _("The stock is empty: hand {hand} is over.").format(hand=e.hand + 1)
    if isinstance(e, GameWon):
        total = e.totals[e.winner]
        return for_person(names, e.winner,
                       ngettext("You win the game with {total} point.", "You win the game with {total} points.", total),
                       ngettext("{name} wins the game with {total} point.", "{name} wins the game with {total} points.",
                                total), total=total)
    return type(e).__name__  # an event this module has no words for yet (a test keeps the list whole)


@dataclass(frozen=True)
class LogNote:
    """A game-log line that is no engine event, kept as words to translate
    when drawn: ``text`` is an English message id (marked with ``N_``) or an
    engine refusal (:class:`~game.errors.IllegalMove` message, English, card
    tokens such as "7H"); ``values`` are ``(placeholder, value)`` pairs for
    its ``{placeholders}`` (values are not translated: card names with suit
    symbols, numbers); ``refused`` marks a refused move ("Refused: ..."
    with the rule ids it cites, :func:`refusal_entry`), citing ``rule``
    (such as "R9") when the text cites none."""

    text: str
    values: tuple[tuple[str, str], ...] = ()
    refused: bool = False
    rule: str | None = None


LogEntry = Union[Event, LogNote]
"""One entry of the game log: an engine event or a :class:`LogNote`."""

UNDONE = LogNote(N_("You take back your last meld or lay-off."))
"""The log's line for an undo of the person's."""


def note_text(note: LogNote) -> str:
    """``note``'s words in the current language, rule ids included (card
    tokens of an engine message are turned into cards by :func:`plain`)."""
    values = dict(note.values)
    text = _(note.text)
    if text == note.text:  # no message id of ours: an engine message, translated by its template
        text = translate_refusal(note.text)
    return text.format(**values) if values else text


def note_line(note: LogNote) -> str:
    """``note`` as the one-line message above the hand: in the current
    language, cards with suit symbols, without rule ids."""
    return plain(note_text(note))


def in_log(e: LogEntry) -> bool:
    """True for the entries the log words (a turn starting and a committed
    card being tabled, which other lines already say, are left out)."""
    return not isinstance(e, (TurnStarted, CommittedCardTabled))


def log_names(names: Sequence[str], person: int | None) -> list[str]:
    """The seats' names as the game log and the banners use them: the seat
    ``person`` (the person at this table, or ``None`` when nobody sits
    there) is always "You", so every line about them is in the second
    person ("You draw", never "Ana draws" for the person called Ana), whatever
    name they chose."""
    out = list(names)
    if person is not None and 0 <= person < len(out):
        out[person] = YOU
    return out


def log_words(entry: LogEntry, names: Sequence[str]) -> str | None:
    """One game-log line for ``entry`` in the current language (``names``:
    the seats' names, :func:`log_names`), or ``None`` for one the log leaves
    out."""
    if isinstance(entry, LogNote):
        text = note_text(entry)
        return refusal_entry(with_rule(text, entry.rule)) if entry.refused else plain(text, keep_rule_ids=True)
    return describe(entry, list(names))
