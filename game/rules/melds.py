"""Sets, runs, jokers, lay-offs and meld scoring (R11, R12, R14, R15, R19).

Pure functions over card codes (see :mod:`game.rules.cards`) plus the small
:class:`Meld` record that the engine keeps on the table.

Runs are described by *positions*: position ``x`` holds rank
``(x - 1) % 13 + 1``, so ``1`` is a low ace, ``11`` a jack, ``14`` a high ace
and ``15`` a two after the corner. A run is the interval ``lo..hi`` with
``1 <= lo <= 13``:

* without ``ace_wraps`` (R12): ``hi <= 14`` (the ace is either position 1 or
  position 14, never both, never K-A-2);
* with ``ace_wraps``: at most 13 cards, and ``hi >= 15`` means the run turns
  the corner (its ace scores 15, R19).

Where an ace fits both ends of a run (a run from 2 to K, or a 12-card run
under ``ace_wraps``) it goes high, where it scores more.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Iterable, Sequence

from game.rules.cards import JOKER, JOKER_TABLED, Card, card_token, declared, rank_of, suit_of
from game.rules.meld_masks import SUIT_LISTS, any_meld_bits, could_meld_with, hand_bits, hand_masks

SET = "set"
RUN = "run"


class Meld:
    """A meld on the table.

    Attributes: ``kind`` (``"set"`` or ``"run"``), ``owner`` (the seat that
    tabled it), ``cards`` (tabled codes in display order: a run from low to
    high, a set in the order tabled then laid off), ``layers`` (for each card,
    the seat that tabled it: the owner, or whoever laid it off, R14), and for
    a run ``suit``, ``lo``, ``hi`` (positions), for a set ``rank`` and
    ``suits`` (a 4-bit mask of the suits present).
    """

    __slots__ = ("kind", "owner", "cards", "layers", "suit", "lo", "hi", "rank", "suits", "_open")

    def __init__(self, kind: str, owner: int, cards: list[Card], *, suit: int = 0,
                 lo: int = 0, hi: int = 0, rank: int = 0, suits: int = 0):
        self.kind = kind
        self.owner = owner
        self.cards = cards
        self.layers = [owner] * len(cards)
        self.suit = suit
        self.lo = lo
        self.hi = hi
        self.rank = rank
        self.suits = suits
        self._open: tuple | None = None  # (ace_wraps, open cards), see open_cards()

    def copy(self) -> "Meld":
        """An independent copy (the engine's ``clone``, every search's
        lay-off): the slots filled directly, the open cards remembered with
        them (the copy is the same meld until a card is added to it, which
        forgets them)."""
        m = _new_meld(Meld)
        m.kind = self.kind
        m.owner = self.owner
        m.cards = self.cards[:]
        m.layers = self.layers[:]
        m.suit = self.suit
        m.lo = self.lo
        m.hi = self.hi
        m.rank = self.rank
        m.suits = self.suits
        m._open = self._open
        return m

    def tokens(self) -> list[str]:
        """The cards as record tokens, in display order (``JK=…`` for jokers)."""
        return [card_token(c) for c in self.cards]

    def turns_corner(self) -> bool:
        """True for a run that passes from the king through the ace to the two (R12)."""
        return self.kind == RUN and self.hi >= 15

    def __repr__(self) -> str:
        return f"Meld({self.kind}, owner={self.owner}, {' '.join(self.tokens())})"


_new_meld = object.__new__


def position_rank(x: int) -> int:
    """Rank ``1..13`` at run position ``x``."""
    return (x - 1) % 13 + 1


def _run_bounds_ok(lo: int, hi: int, ace_wraps: bool) -> bool:
    if hi - lo + 1 < 1:
        return False
    if not 1 <= lo <= 13 or hi - lo + 1 > 13:
        return False
    return ace_wraps or hi <= 14


def _run_lo(ranks: set[int], n: int, ace_wraps: bool) -> int | None:
    """Lowest position of a run holding exactly the distinct ``ranks`` (n of them)."""
    lo_plain = min(ranks) if max(ranks) - min(ranks) + 1 == n else None
    lo_high = None
    if 1 in ranks:
        high = {14 if r == 1 else r for r in ranks}
        if max(high) - min(high) + 1 == n:
            lo_high = min(high)
    if lo_high is not None:
        return lo_high  # an ace that fits both ends goes high
    if lo_plain is not None:
        return lo_plain
    if ace_wraps and n <= 13:
        ordered = sorted(ranks)
        gaps = [i for i in range(n) if (ordered[(i + 1) % n] - ordered[i]) % 13 != 1]
        if len(gaps) == 1:
            return ordered[(gaps[0] + 1) % n]
    return None


class MeldRefusal(str):
    """Why cards are not a meld: the words for a player (this ``str``) and
    the rule they break (``rule``, e.g. ``"R12"``), so no one has to read the
    rule id back out of the words."""

    __slots__ = ("rule",)

    def __new__(cls, text: str, rule: str) -> "MeldRefusal":
        obj = super().__new__(cls, text)
        obj.rule = rule
        return obj


_TOO_FEW = MeldRefusal("A meld needs at least 3 cards (R13).", "R13")
_UNDECLARED_JOKER = MeldRefusal("Say which card each joker stands for (R15).", "R15")
_ONLY_JOKERS = MeldRefusal("A meld needs at least one natural card besides its jokers (R15).", "R15")
_SET_TOO_BIG = MeldRefusal("A set has at most 4 cards, one of each suit (R11).", "R11")
_SET_SUIT_TWICE = MeldRefusal("A set can't hold two cards of the same suit (R11).", "R11")
_RUN_RANK_TWICE = MeldRefusal("A run can't hold two cards of the same rank (R12).", "R12")
_NOT_IN_SEQUENCE = MeldRefusal("Those cards are not in sequence (R12).", "R12")
_RUN_TURNS_CORNER = MeldRefusal("A run can't turn the corner from king to ace to two (R12).", "R12")
_NOT_A_MELD = MeldRefusal("A meld is either one rank in different suits (a set, R11) "
                          "or one suit in sequence (a run, R12).", "R11")


_CLASSIFIED: dict = {}
""":func:`classify`'s answers by ``(cards, ace_wraps)`` for tuples of cards:
``(kind, display order, suit, lo, hi, rank, suits)`` or the refusal."""

_CLASSIFIED_SIZE = 1 << 16


def classify(cards: Sequence[Card], ace_wraps: bool = False) -> tuple[Meld | None, str]:
    """Check a new meld given as tabled codes (jokers declared, R11, R12, R15).

    Returns ``(meld, "")`` with an ownerless :class:`Meld` (owner ``-1``) whose
    cards are in display order, or ``(None, reason)``: a :class:`MeldRefusal`,
    words for a player that carry the rule id (``reason.rule``). A fresh
    meld every call; the answers for tuples are remembered (the searches ask
    the same melds again and again).
    """
    if type(cards) is tuple:
        key = (cards, ace_wraps)
        known = _CLASSIFIED.get(key)
        if known is None:
            meld, reason = _classify(cards, ace_wraps)
            known = reason if meld is None else (meld.kind, tuple(meld.cards), meld.suit, meld.lo, meld.hi,
                                                 meld.rank, meld.suits)
            if len(_CLASSIFIED) >= _CLASSIFIED_SIZE:
                _CLASSIFIED.clear()
            _CLASSIFIED[key] = known
            return meld, reason
        if type(known) is MeldRefusal:
            return None, known
        m = _new_meld(Meld)  # what Meld(kind, -1, list(ordered), suit=suit, ...) makes, slot by slot
        m.kind, ordered, m.suit, m.lo, m.hi, m.rank, m.suits = known
        m.owner = -1
        m.cards = list(ordered)
        m.layers = [-1] * len(ordered)
        m._open = None
        return m, ""
    return _classify(cards, ace_wraps)


def _classify(cards: Sequence[Card], ace_wraps: bool) -> tuple[Meld | None, str]:
    """:func:`classify` worked out."""
    n = len(cards)
    if n < 3:
        return None, _TOO_FEW
    if any(c == JOKER for c in cards):
        return None, _UNDECLARED_JOKER
    if all(c >= JOKER_TABLED for c in cards):
        return None, _ONLY_JOKERS
    decl = [declared(c) for c in cards]
    ranks = [rank_of(d) for d in decl]
    suits = [suit_of(d) for d in decl]
    if len(set(ranks)) == 1:
        if n > 4:
            return None, _SET_TOO_BIG
        if len(set(suits)) != n:
            return None, _SET_SUIT_TWICE
        mask = 0
        for s in suits:
            mask |= 1 << s
        return Meld(SET, -1, list(cards), rank=ranks[0], suits=mask), ""
    if len(set(suits)) == 1:
        if len(set(ranks)) != n:
            return None, _RUN_RANK_TWICE
        lo = _run_lo(set(ranks), n, ace_wraps)
        if lo is None:
            if ace_wraps:
                return None, _NOT_IN_SEQUENCE
            if 1 in ranks and 13 in ranks:
                return None, _RUN_TURNS_CORNER
            return None, _NOT_IN_SEQUENCE
        ordered = sorted(cards, key=lambda c: _position(rank_of(declared(c)), lo))
        return Meld(RUN, -1, ordered, suit=suits[0], lo=lo, hi=lo + n - 1), ""
    return None, _NOT_A_MELD


def _position(rank: int, lo: int) -> int:
    return rank if rank >= lo else rank + 13


def layoff_position(meld: Meld, tabled: Card, ace_wraps: bool) -> int | None:
    """Where ``tabled`` (a natural or a declared joker) would go on ``meld``.

    Returns ``1`` for the high end of a run or the end of a set, ``0`` for
    the low end of a run, or ``None`` when the card does not extend the meld
    legally (R11, R12, R14, R15).
    """
    if tabled == JOKER:
        return None
    d = declared(tabled)
    r = rank_of(d)
    s = suit_of(d)
    if meld.kind == SET:
        if r != meld.rank or meld.suits >> s & 1 or len(meld.cards) >= 4:
            return None
        return 1
    if s != meld.suit:
        return None
    lo, hi = meld.lo, meld.hi
    if hi - lo + 1 >= 13:  # a run holds each rank once (R12)
        return None
    if position_rank(hi + 1) == r and (ace_wraps or hi + 1 <= 14):
        return 1
    if position_rank(lo - 1) == r and (ace_wraps or lo - 1 >= 1):
        return 0
    return None


def add_to_meld(meld: Meld, tabled: Card, layer: int, ace_wraps: bool) -> None:
    """Lay ``tabled`` off on ``meld`` for seat ``layer`` (R14). The caller has
    checked :func:`layoff_position`; raises ``ValueError`` otherwise."""
    where = layoff_position(meld, tabled, ace_wraps)
    if where is None:
        raise ValueError(f"{card_token(tabled)} does not extend {meld!r}")
    meld._open = None
    if meld.kind == SET:
        meld.cards.append(tabled)
        meld.layers.append(layer)
        meld.suits |= 1 << suit_of(declared(tabled))
    elif where == 1:
        meld.cards.append(tabled)
        meld.layers.append(layer)
        meld.hi += 1
    else:
        meld.cards.insert(0, tabled)
        meld.layers.insert(0, layer)
        meld.lo -= 1
        if meld.lo == 0:
            meld.lo += 13
            meld.hi += 13


def open_cards(meld: Meld, ace_wraps: bool) -> tuple[Card, ...]:
    """The natural cards that would extend ``meld`` now (R11, R12, R14): a
    set's missing suits, a run's next card at either end. A joker can be laid
    off as any of them (R15)."""
    cached = meld._open
    if cached is not None and cached[0] is ace_wraps:
        return cached[1]
    found = _open_cards(meld, ace_wraps)
    meld._open = (ace_wraps, found)
    return found


def _open_cards(meld: Meld, ace_wraps: bool) -> tuple[Card, ...]:
    if meld.kind == SET:
        if len(meld.cards) >= 4:
            return ()
        base = meld.rank - 1
        return tuple(s * 13 + base for s in range(4) if not meld.suits >> s & 1)
    lo, hi = meld.lo, meld.hi
    if hi - lo + 1 >= 13:  # a run holds each rank once (R12)
        return ()
    base = meld.suit * 13
    out = []
    if ace_wraps or hi + 1 <= 14:
        out.append(base + hi % 13)
    if ace_wraps or lo - 1 >= 1:
        low = base + (lo - 2) % 13
        if low not in out:
            out.append(low)
    return tuple(out)


def layoff_choices(meld: Meld, card: Card, ace_wraps: bool) -> list[Card]:
    """The tabled codes under which hand card ``card`` can be laid off on
    ``meld``: ``[card]`` or ``[]`` for a natural; for a joker, every
    declaration that fits (R15)."""
    opens = open_cards(meld, ace_wraps)
    if card == JOKER:
        return [JOKER_TABLED + c for c in opens]
    return [card] if card in opens else []


def _hand_value(card: Card, scoring: str) -> int:
    if card == JOKER or card >= JOKER_TABLED:
        return 15
    r = rank_of(card)
    if r == 1:
        return 15
    if r >= 10:
        return 10
    return 5 if scoring == "fives" else r


_VALUES = {scoring: [_hand_value(c, scoring) for c in range(JOKER_TABLED + 52)] for scoring in ("standard", "fives")}
"""Per scoring, :func:`hand_value` of every card code (naturals, the joker, tabled jokers)."""


def hand_value(card: Card, scoring: str = "standard") -> int:
    """Points a card counts against its holder when left in hand (R19)."""
    values = _VALUES.get(scoring)
    if values is not None and 0 <= card < JOKER_TABLED + 52:
        return values[card]
    return _hand_value(card, scoring)


def meld_card_values(meld: Meld, scoring: str = "standard") -> list[int]:
    """Points of each card of ``meld`` as it stands, in display order (R19):
    a tabled joker 15, an ace at the bottom of a run that does not turn the
    corner 1 (``fives``: 5), every other card its hand value."""
    table = _VALUES.get(scoring)
    if table is None:
        table = [_hand_value(c, scoring) for c in range(JOKER_TABLED + 52)]
    values = [table[c] for c in meld.cards]  # a tabled joker's code is past JOKER_TABLED: 15
    if meld.kind == RUN and meld.lo == 1 and meld.cards[0] < JOKER_TABLED:
        values[0] = 5 if scoring == "fives" else 1
    return values


def enumerate_melds(cards: Sequence[Card], ace_wraps: bool = False, *, holding: Card | None = None,
                    every_declaration: bool = False, stand_in: bool = False, exact: bool = False,
                    first: bool = False) -> list[tuple[Card, ...]]:
    """The one meld enumerator: legal new melds made from ``cards`` (hand
    cards: naturals and undeclared jokers, a multiset), each as tabled codes
    in display order (R11, R12, R15).

    Options:

    * ``holding``: only melds that table this card (the committed card of
      R9): a natural, or ``JOKER`` for any meld holding a joker.
    * ``every_declaration``: a set lists every way of declaring its jokers;
      otherwise one per choice of naturals and joker count (the lowest free
      suits), which keeps the list short. Runs always list every window.
    * ``stand_in``: jokers may also stand for cards the hand holds (a run
      7H JK=8H 9H while holding the 8H), so every declaration of every meld
      is listed (the exhaustive turn search).
    * ``exact``: only melds that use every card of ``cards`` (the person's
      selection), one per joker declaration, a set in the order of
      ``cards``; naturals may be given already tabled (``JK=…`` keeps its
      declaration).
    * ``first``: stop at the first meld found (sets first).

    Order: sets by rank, size, naturals and declarations, then runs by suit,
    lowest position and length (with ``stand_in``, each run's stand-in
    variants right after it). Empty when no meld exists.
    """
    if exact:
        return _exact_melds(list(cards), ace_wraps)
    if holding is not None and holding != JOKER:
        if not could_meld_with(cards, holding, ace_wraps):  # one cheap pass first
            return []
        masks, rank_suits, jokers = hand_masks(cards)
        ranks: Iterable[int] = (holding % 13,)
        suits: Iterable[int] = (holding // 13,)
    else:
        if type(cards) is not list and type(cards) is not tuple:
            cards = list(cards)
        bits = hand_bits(cards)
        jokers = cards.count(JOKER)
        if not any_meld_bits(bits, jokers, ace_wraps):  # the common answer, found on one bit mask
            return []
        ranks, suits = range(13), range(4)
        if holding is None:
            # The masks hold all the enumeration reads, so the hand's bits
            # and jokers name its answer: remembered, since Hard's playouts
            # ask the same hands again and again (a copy each time: callers sort it).
            key = (bits, jokers, ace_wraps, every_declaration or stand_in, stand_in, first)
            known = _ENUMERATED.get(key)
            if known is None:
                masks, rank_suits, jokers = hand_masks(cards)
                known = tuple(_melds_from_masks(masks, rank_suits, jokers, ace_wraps, ranks, suits,
                                                every_declaration or stand_in, stand_in, first, None, None))
                if len(_ENUMERATED) >= _ENUMERATED_SIZE:
                    _ENUMERATED.clear()
                _ENUMERATED[key] = known
            return list(known)
        masks, rank_suits, jokers = hand_masks(cards)
    return _melds_from_masks(masks, rank_suits, jokers, ace_wraps, ranks, suits,
                             every_declaration or stand_in, stand_in, first, holding, None)


_ENUMERATED: dict = {}
""":func:`enumerate_melds`'s answers without ``holding`` or ``exact``, by
``(hand_bits, jokers, ace_wraps, every_declaration or stand_in, stand_in,
first)``: everything the enumeration reads of the hand."""

_ENUMERATED_SIZE = 1 << 12
"""Answers :data:`_ENUMERATED` holds before it is emptied: a four-player
game's playouts hold about 370 bytes an answer, so about 1.5 MB; Hard
searched as many worlds a second with 4,096 as with 65,536."""


def first_meld(cards: Sequence[Card], ace_wraps: bool = False) -> tuple[Card, ...] | None:
    """The meld ``enumerate_melds(cards, ace_wraps, first=True)`` lists (sets
    first), or ``None``: for a caller that has already asked
    :func:`~game.rules.meld_masks.any_meld` (the throughput benchmark's
    greedy player), without asking it again."""
    masks, rank_suits, jokers = hand_masks(cards)
    found = _melds_from_masks(masks, rank_suits, jokers, ace_wraps, range(13), range(4),
                              False, False, True, None, None)
    return found[0] if found else None


def _exact_melds(sel: list[Card], ace_wraps: bool) -> list[tuple[Card, ...]]:
    """``enumerate_melds(sel, exact=True)``: the melds that use all of ``sel``."""
    if JOKER not in sel:
        meld, _ = classify(sel, ace_wraps)
        return [tuple(meld.cards)] if meld else []
    naturals = [c for c in sel if c != JOKER]
    if not naturals or len(sel) < 3:
        return []
    original = {declared(c): c for c in naturals}
    if len(original) != len(naturals):
        return []  # the same card twice is never one meld (R11, R12)
    masks, rank_suits, jokers = hand_masks(list(original) + [JOKER] * (len(sel) - len(naturals)))
    out = []
    for m in _melds_from_masks(masks, rank_suits, jokers, ace_wraps, range(13), range(4),
                               True, False, False, None, len(sel)):
        if sum(1 for t in m if t < JOKER_TABLED) != len(naturals):
            continue
        if all(rank_of(t) == rank_of(m[0]) for t in m):  # a set keeps the selection's order
            declared_jokers = iter(t for t in m if t >= JOKER_TABLED)
            out.append(tuple(c if c != JOKER else next(declared_jokers) for c in sel))
        else:
            out.append(tuple(original.get(t, t) for t in m))
    return out


def _melds_from_masks(masks: list[int], rank_suits: list[int], jokers: int, ace_wraps: bool,
                      ranks: Iterable[int], suits: Iterable[int], every: bool, stand_in: bool,
                      first: bool, holding: Card | None, size: int | None) -> list[tuple[Card, ...]]:
    """The enumeration behind :func:`enumerate_melds`: sets of ranks
    ``ranks`` (0-based) and runs of suits ``suits``, kept when they hold
    ``holding`` (if given) and have ``size`` cards (if given)."""
    out: list[tuple[Card, ...]] = []
    wants_joker = holding == JOKER
    # sets
    for r0 in ranks:
        present = SUIT_LISTS[rank_suits[r0]]
        np = len(present)
        if not np or np + jokers < 3:
            continue
        for n in ((size,) if size is not None else (3, 4)):
            if n > 4:
                continue
            for k in range(max(1, n - jokers), min(n, np) + 1):
                need = n - k
                if wants_joker and not need:
                    continue
                for nat_suits in (combinations(present, k) if k < np else (present,)):
                    nat = tuple(su * 13 + r0 for su in nat_suits)
                    if holding is not None and not wants_joker and holding not in nat:
                        continue
                    if not need:
                        out.append(nat)
                        if first:
                            return out
                        continue
                    free = [su for su in range(4) if su not in nat_suits]
                    decls = combinations(free, need) if every else (free[:need],)
                    for js in decls:
                        out.append(nat + tuple(JOKER_TABLED + su * 13 + r0 for su in js))
                        if first:
                            return out
    # runs
    for su in suits:
        m = masks[su]
        if not m:
            continue
        base = su * 13
        if jokers:
            lows: Iterable[int] = range(1, 14)
        else:
            m |= (m & 1) << 13
            if ace_wraps:
                m |= m << 13
            starts = m & (m >> 1) & (m >> 2)  # bit x - 1: three naturals from position x
            if not starts:
                continue
            lows = []  # no run starts elsewhere: the set bits of starts below 13, as positions
            while starts:
                low = starts & -starts
                lo = low.bit_length()
                if lo > 13:
                    break
                lows.append(lo)
                starts ^= low
            if wants_joker:
                continue  # no run without jokers holds one
            for lo in lows:  # every window of the naturals in a row from lo, shortest first
                row = m >> (lo - 1)
                length = (~row & (row + 1)).bit_length() - 1
                limit = 13 if ace_wraps else min(15 - lo, 13)
                seq = tuple([base + (x - 1) % 13 for x in range(lo, lo + min(length, limit))])
                shortest = 3
                if holding is not None:
                    if holding not in seq:
                        continue
                    shortest = max(3, seq.index(holding) + 1)
                for n in ((size,) if size is not None else range(shortest, len(seq) + 1)):
                    if shortest <= n <= len(seq):
                        out.append(seq[:n])
                        if first:
                            return out
            continue
        for lo in lows:
            missing = 0
            naturals = 0
            cur: list[Card] = []
            hi_limit = lo + 12 if ace_wraps else min(14, lo + 12)
            for hi in range(lo, hi_limit + 1):
                r0 = (hi - 1) % 13
                if masks[su] >> r0 & 1:
                    naturals += 1
                    cur.append(base + r0)
                else:
                    missing += 1
                    if missing > jokers:
                        break
                    cur.append(JOKER_TABLED + base + r0)
                if not naturals or len(cur) < 3 or (size is not None and len(cur) != size):
                    continue
                if holding is None or (missing if wants_joker else holding in cur):
                    out.append(tuple(cur))
                    if first:
                        return out
                if stand_in and missing < jokers:
                    out.extend(_stand_ins(cur, jokers - missing, holding))
    return out


def _stand_ins(run: list[Card], spare: int, holding: Card | None) -> list[tuple[Card, ...]]:
    """Variants of ``run`` with up to ``spare`` of its naturals replaced by
    jokers declared as them, at least one natural kept, in the order of the
    choices (position by position, the natural before the joker); kept when
    they hold ``holding`` (a natural, or ``JOKER``)."""
    held = [i for i, t in enumerate(run) if t < JOKER_TABLED]
    out = []
    for swap in product((False, True), repeat=len(held)):
        count = sum(swap)
        if not count or count > spare or count == len(held):
            continue
        cards = list(run)
        for i, s in zip(held, swap):
            if s:
                cards[i] = JOKER_TABLED + cards[i]
        if holding is None or holding == JOKER or holding in cards:
            out.append(tuple(cards))
    return out
