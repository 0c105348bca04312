"""Cards, card tokens and the pack (R2).

A card is a small ``int`` so that hands, piles and searches stay fast:

* a natural card is ``suit * 13 + (rank - 1)``, in ``0..51``, with suits in the
  order clubs, diamonds, hearts, spades (``C D H S``) and ranks ``1`` (ace)
  to ``13`` (king);
* a joker in a hand, the stock or the discard pile is :data:`JOKER` (``52``);
* a joker on the table is ``JOKER_TABLED + declared`` (``64..115``), where
  ``declared`` is the natural card it stands for (R15).

With two decks the same code occurs twice: identical cards are
interchangeable (R10).

Tokens are the strings of ``game-record.md``: ``"AS"``, ``"TD"`` (``"10D"`` is
accepted on input), ``"JK"``, and ``"JK=7H"`` for a tabled joker.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from game.i18n import _, pgettext

Card = int
"""A card code: ``0..51`` natural, ``52`` joker (see the module docstring)."""

SUITS = "CDHS"
RANKS = "A23456789TJQK"
JOKER: Card = 52
JOKER_TABLED = 64
"""Offset of a tabled joker: ``JOKER_TABLED + declared_card``."""



class CardTokenError(ValueError):
    """Raised for a string that is not a card token of ``game-record.md``."""


def make_card(rank: int, suit: int) -> Card:
    """Return the code of the natural card of ``rank`` (1 = ace .. 13 = king)
    and ``suit`` (0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades)."""
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    """Rank ``1..13`` of a natural card code (or of a tabled joker's declared card)."""
    return (card & 63) % 13 + 1


def suit_of(card: Card) -> int:
    """Suit index ``0..3`` of a natural card code (or of a tabled joker's declared card)."""
    return (card & 63) // 13


def is_tabled_joker(tabled: Card) -> bool:
    """True when ``tabled`` is a joker on the table (``JK=…``)."""
    return tabled >= JOKER_TABLED


def declared(tabled: Card) -> Card:
    """The natural card a tabled card stands for (itself for a natural card)."""
    return tabled & 63 if tabled >= JOKER_TABLED else tabled


def in_hand_card(tabled: Card) -> Card:
    """The card that left the hand to become ``tabled`` (``JOKER`` for a tabled joker)."""
    return JOKER if tabled >= JOKER_TABLED else tabled


def joker_as(card: Card) -> Card:
    """The tabled code of a joker declared as natural card ``card`` (R15)."""
    return JOKER_TABLED + card


_TOKENS = [r + s for s in SUITS for r in RANKS] + ["JK"]
_PARSE = {tok: i for i, tok in enumerate(_TOKENS)}
for _s_i, _s in enumerate(SUITS):
    _PARSE["10" + _s] = make_card(10, _s_i)


def card_token(card: Card) -> str:
    """The upper-case token of a card code: ``"7H"``, ``"JK"`` or ``"JK=7H"``."""
    if card >= JOKER_TABLED:
        return "JK=" + _TOKENS[card - JOKER_TABLED]
    return _TOKENS[card]


def card_long_name(card: Card) -> str:
    """A card in plain words, in the current language (:mod:`game.i18n`):
    ``"seven of hearts"``, ``"joker"``, ``"joker as seven of hearts"``."""
    if card == JOKER:
        return _("joker")
    if card >= JOKER_TABLED:
        return _("joker as {card}").format(card=card_long_name(card - JOKER_TABLED))
    # TRANSLATORS: a card in words, "seven of hearts"; {rank} and {suit} are the words below
    return _("{rank} of {suit}").format(rank=_rank_word(rank_of(card)), suit=_suit_word(suit_of(card)))


def _rank_word(rank: int) -> str:
    words = (pgettext("card rank", "ace"), pgettext("card rank", "two"), pgettext("card rank", "three"),
             pgettext("card rank", "four"), pgettext("card rank", "five"), pgettext("card rank", "six"),
             pgettext("card rank", "seven"), pgettext("card rank", "eight"), pgettext("card rank", "nine"),
             pgettext("card rank", "ten"), pgettext("card rank", "jack"), pgettext("card rank", "queen"),
             pgettext("card rank", "king"))
    return words[rank - 1]


def _suit_word(suit: int) -> str:
    # TRANSLATORS: a suit in "{rank} of {suit}" (write it in the form it takes there)
    words = (pgettext("card suit", "clubs"), pgettext("card suit", "diamonds"), pgettext("card suit", "hearts"),
             pgettext("card suit", "spades"))
    return words[suit]


def _quoted(token: object) -> str:
    text = ascii(token)
    return text if len(text) <= 24 else text[:21] + "..."


def parse_card(token: object, *, tabled: bool = False) -> Card:
    """Parse a card token (case-insensitive).

    With ``tabled=False`` (hands, deals, piles, discards) only plain tokens are
    accepted and a joker is :data:`JOKER`. With ``tabled=True`` (melds and
    lay-offs) ``"JK=7H"`` gives a tabled joker and a bare ``"JK"`` gives
    :data:`JOKER` (an undeclared joker, which the engine refuses as an
    ``invalid_meld``).

    Raises :class:`CardTokenError` for anything else, including non-strings.
    """
    if not isinstance(token, str):
        raise CardTokenError(f"a card must be a string like \"7H\", not {_quoted(token)}")
    up = token.strip().upper()
    if up.startswith("JK="):
        if not tabled:
            raise CardTokenError(
                f"{_quoted(token)}: a joker's declaration is only written when it is tabled"
            )
        inner = _PARSE.get(up[3:])
        if inner is None or inner == JOKER:
            raise CardTokenError(f"{_quoted(token)}: a joker must stand for a natural card, like JK=7H")
        return joker_as(inner)
    card = _PARSE.get(up)
    if card is None:
        raise CardTokenError(f"{_quoted(token)} is not a card (use e.g. AS, TD, 10D, JK)")
    return card


def build_pack(decks: int, jokers_per_deck: int) -> list[Card]:
    """The full pack, unshuffled: ``decks`` copies of the 52 naturals plus
    ``decks * jokers_per_deck`` jokers (R2)."""
    return list(range(52)) * decks + [JOKER] * (decks * jokers_per_deck)


@lru_cache(maxsize=None)
def pack_counts(decks: int, jokers_per_deck: int) -> tuple[int, ...]:
    """How many of each hand card code (``0`` to :data:`JOKER`) the pack of
    :func:`build_pack` holds (R2), indexed by code."""
    return (decks,) * 52 + (decks * jokers_per_deck,)


def tokens(cards: Iterable[Card]) -> list[str]:
    """Tokens of several cards, in order."""
    return [card_token(c) for c in cards]


def shuffle(cards: list[Card], rng) -> None:
    """Shuffle ``cards`` in place with a Fisher–Yates shuffle that draws only
    ``rng.getrandbits`` (a ``random.Random``), so the same seed gives the same
    order on every platform and Python version that keeps the Mersenne Twister."""
    getrandbits = rng.getrandbits  # every deal and every world an AI samples: kept tight
    widths = _BIT_LENGTHS
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        bits = widths[n] if n < 256 else n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_BIT_LENGTHS = [n.bit_length() for n in range(256)]
""":func:`shuffle`'s ``n.bit_length()`` for the pack sizes it meets."""
