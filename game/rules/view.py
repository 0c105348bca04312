"""``PlayerView``: what one seat may know, and nothing more.

AI code receives a :class:`PlayerView` and returns an action; it never sees
the engine's state. A view is frozen, picklable (it crosses into the AI
worker process) and holds no reference to the engine:

* the seat's own hand; the committed card (R9) and the card taken alone
  (R10) of the seat in its play phase (everyone saw them taken);
* the table (melds, owners, who laid off what), the whole discard pile in
  order (R5), the stock's size, every seat's hand size and running total;
* the rules, whose turn it is and its phase, the seat whose discard is open
  to a Rummy call (R18);
* the public history of the hand (who drew from the stock, who took which
  cards from the pile, melds, lay-offs, discards, Rummy calls).

:func:`sample_world` deals the hidden cards (other hands, the stock) at
random, consistently with the view, into a :class:`~game.rules.game.HandState`
the AI can search; cards an opponent took from the pile stay in that hand
until they are played.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from game.rules.cards import JOKER, JOKER_TABLED, Card, pack_counts, shuffle
from game.rules.fast_init import fast_init
from game.rules.game import Game
from game.rules.hand import HandState
from game.rules.phase import DRAW_PHASE, PLAY_PHASE
from game.rules.melds import Meld
from game.rules.ruleset import RuleSet


@dataclass(frozen=True)
class MeldView:
    """A meld as everyone sees it (see :class:`game.rules.melds.Meld`)."""

    kind: str
    owner: int
    cards: tuple[Card, ...]
    layers: tuple[int, ...]
    suit: int
    lo: int
    hi: int
    rank: int
    suits: int

    @classmethod
    def of(cls, m: Meld) -> "MeldView":
        """The public view of meld ``m``."""
        return cls(m.kind, m.owner, tuple(m.cards), tuple(m.layers), m.suit, m.lo, m.hi, m.rank, m.suits)

    def to_meld(self) -> Meld:
        """A fresh engine :class:`Meld` equal to this one."""
        m = Meld(self.kind, self.owner, list(self.cards), suit=self.suit, lo=self.lo, hi=self.hi,
                 rank=self.rank, suits=self.suits)
        m.layers = list(self.layers)
        return m


fast_init(MeldView)  # a playout makes the table's views again whenever a card is tabled


@dataclass(frozen=True)
class PlayerView:
    """Everything seat ``seat`` may know (see the module docstring).

    Cards are card codes. ``hand_sizes`` and ``totals`` are per seat;
    ``history`` holds the hand's public log (see ``HandState.log``);
    ``known`` is, per seat, the cards that seat took from the discard pile
    and still holds (everyone saw them taken); ``committed`` and
    ``single_taken`` belong to the seat in its play phase (everyone saw
    those cards taken too). ``reshuffles``: how often the pile was turned
    over this hand (R17 ``reshuffle_limit``; public).
    """

    seat: int
    players: int
    rules: RuleSet
    hand: tuple[Card, ...]
    table: tuple[MeldView, ...]
    discard: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    current: int
    phase: str
    window: int | None
    committed: Card | None
    single_taken: Card | None
    has_melded: tuple[bool, ...]
    history: tuple[tuple, ...]
    known: tuple[tuple[Card, ...], ...]
    hand_index: int
    dealer: int
    reshuffles: int = 0  # times the pile was turned over this hand (R17 reshuffle_limit)

    @property
    def my_turn(self) -> bool:
        """True when this seat is to draw or play."""
        return self.current == self.seat

    def unseen(self) -> Counter:
        """Cards this seat has not seen anywhere: the pack less its own hand,
        the table, the discard pile and the cards others are known to hold."""
        # Counted in a list by card code, not by Counter.subtract: Hard's
        # playouts ask this of every view they make. The answer is the same
        # Counter, its cards in pack order (build_pack's), jokers last.
        counts = list(pack_counts(self.rules.deck_count(self.players), self.rules.jokers_per_deck))
        for c in self.hand:
            counts[c] -= 1
        for c in self.discard:
            counts[c] -= 1
        for m in self.table:
            for t in m.cards:
                counts[t if t < JOKER_TABLED else JOKER] -= 1  # in_hand_card(t), inlined
        seat = self.seat
        for s, cards in enumerate(self.known):
            if s != seat:
                for c in cards:
                    counts[c] -= 1
        return Counter({c: n for c, n in enumerate(counts) if n > 0})


def known_holdings(h: HandState) -> list[list[Card]]:
    """Per seat, the cards it took from the discard pile (R8.2, R8.3, R18)
    and has not tabled or discarded since: public knowledge."""
    return [sorted(k.elements()) for k in h.known]


def view_for(game: Game, seat: int) -> PlayerView:
    """The view of the current hand for ``seat`` (``ValueError`` before the first deal)."""
    h = game.hand
    if h is None:
        raise ValueError("no hand has been dealt")
    return view_of(h, seat, game.totals)


def view_of(h: HandState, seat: int, totals) -> PlayerView:
    """The view of hand ``h`` for ``seat``, with running ``totals`` (per seat)."""
    phase = "over" if h.ended is not None else h.phase._value_
    return PlayerView(
        seat=seat, players=h.players, rules=h.rules, hand=tuple(h.hands[seat]),
        table=tuple(MeldView.of(m) for m in h.table), discard=tuple(h.discard),
        stock_size=len(h.stock), hand_sizes=tuple(len(x) for x in h.hands), totals=tuple(totals),
        current=h.current, phase=phase, window=h.window,
        committed=h.committed, single_taken=h.single_taken,
        has_melded=tuple(h.has_melded), history=tuple(h.log),
        known=tuple(tuple(k) for k in known_holdings(h)), hand_index=h.index, dealer=h.dealer,
        reshuffles=h.reshuffles)


def sample_world(view: PlayerView, rng: random.Random) -> HandState:
    """A complete :class:`HandState` consistent with ``view``: this seat's
    hand and everything public as they are; each other seat holds the cards
    it is known to hold plus unseen cards dealt at random; the stock is the
    rest, shuffled. Legal moves for this seat are the same in every such
    world, so the AI can ask the engine what is legal and search."""
    unseen = list(view.unseen().elements())
    unseen.sort()
    shuffle(unseen, rng)
    hands: list[list[Card]] = []
    pos = 0
    for s in range(view.players):
        if s == view.seat:
            hands.append(list(view.hand))
            continue
        known = list(view.known[s])[: view.hand_sizes[s]]
        need = view.hand_sizes[s] - len(known)
        hands.append(known + unseen[pos:pos + need])
        pos += need
    stock = unseen[pos:pos + view.stock_size]
    h = HandState.__new__(HandState)
    h.rules = view.rules
    h.players = view.players
    h.index = view.hand_index
    h.dealer = view.dealer
    h.seed = 0
    h.hands = hands
    h.discard = list(view.discard)
    h.stock = stock
    h.deal = ([list(x) for x in hands], list(view.discard), list(reversed(stock)))
    h.table = [m.to_meld() for m in view.table]
    h.current = view.current
    h.phase = DRAW_PHASE if view.phase in ("draw", "over") else PLAY_PHASE
    h.committed = view.committed
    h.single_taken = view.single_taken
    h.window = view.window
    h.has_melded = list(view.has_melded)
    h.ended = "went_out" if view.phase == "over" else None
    h.went_out = None
    h.actions = []
    h.log = list(view.history)
    h.known = [Counter(k) for k in view.known]
    h.seed_rng(rng.getrandbits(64))
    h.reshuffles = view.reshuffles
    return h


