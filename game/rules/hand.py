"""One hand of Rummy 500: :class:`HandState`, its deal and its moves (R4–R19).

A hand moves through explicit phases (:class:`~game.rules.phase.Phase`)::

    draw ──(draw / take / Rummy call)──▶ play ──(discard)──▶ draw (next seat)
      │                                    │
      └──(end, R17)──▶ over   (go out, R16)┘──▶ over

Right after a discard that does not end the hand, the phase is ``draw`` for
the next seat and the Rummy window (R18) is open beside it until that seat
draws (``open_phases``). What may be done in each phase, and how each action
is checked and applied, is the legal-move table of :mod:`game.rules.moves`.

``apply(action)`` either returns the events the action caused or raises
:class:`~game.errors.IllegalMove` with the record's error code, the rule id
and a message for the player; every check is made before anything changes,
so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from game.rules import turn_search as P
from game.rules.actions import Action, CallRummy, Discard
from game.rules.cards import Card, build_pack, card_token, in_hand_card, shuffle, tokens
from game.errors import IllegalMove
from game.rules.events import CommittedCardTabled, Event, Floated, TurnStarted
from game.rules.melds import Meld, enumerate_melds, hand_value, layoff_choices, meld_card_values
from game.rules.moves import CHECK_APPLY, PLAY, TURN, legal
from game.rules.phase import DRAW_PHASE, PLAY_PHASE, RUMMY_WINDOW_PHASE, Phase, illegal, seat_left_of
from game.rules.ruleset import RuleSet


def deal_cards(rules: RuleSet, players: int, dealer: int, seed: int) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Shuffle the pack with ``seed`` and deal by R4: one card at a time from
    the seat left of the dealer, then one card face up to start the discard
    pile; the rest is the stock (returned top card first).

    Returns ``(hands, discard, stock)``. Raises ``ValueError`` when the pack is
    too small for the deal.
    """
    pack = build_pack(rules.deck_count(players), rules.jokers_per_deck)
    size = rules.hand_size(players)
    if players * size + 1 > len(pack):
        raise ValueError(f"{players} players need {players * size + 1} cards but the pack has {len(pack)}")
    shuffle(pack, random.Random(seed))
    pos = players * size
    # one card at a time from the seat left of the dealer: seat s gets every players-th card from its turn in the round
    hands = [pack[(s - dealer - 1) % players:pos:players] for s in range(players)]
    return hands, [pack[pos]], pack[pos + 1:]


def can_reshuffle(rules: RuleSet, reshuffles: int) -> bool:
    """True when R17 lets the pile be turned over again in a hand where it
    was turned ``reshuffles`` times: the rules say ``empty_stock =
    reshuffle`` and ``reshuffles`` is below ``reshuffle_limit`` (``None``: no
    limit)."""
    limit = rules.reshuffle_limit
    return rules.empty_stock == "reshuffle" and (limit is None or reshuffles < limit)


def can_draw_stock(rules: RuleSet, stock_size: int, pile_size: int, reshuffles: int) -> bool:
    """True when R8.1 (draw from the stock) is open with ``stock_size`` cards
    in the stock and ``pile_size`` on the discard pile, the pile turned
    ``reshuffles`` times this hand: the stock has a card, or R17 can turn the
    pile (more than its top card) into a new stock (:func:`can_reshuffle`).
    :meth:`HandState.stock_draw_possible` asks it of a hand; the table asks it
    of the position it shows."""
    return stock_size > 0 or (can_reshuffle(rules, reshuffles) and pile_size > 1)


def _copied(known: Counter) -> Counter:
    """A copy of a ``known`` counter: ``Counter(known)`` without its test for
    a mapping (an abstract-class check, dear in a search that clones often)."""
    new = Counter()
    if known:
        dict.update(new, known)
    return new


class HandState:
    """One hand: the deal, the table and whose turn it is.

    Attributes (read them, never assign them): ``rules``, ``players``
    (count), ``index`` (hand number from 0), ``dealer``, ``seed`` (drives the
    R17 reshuffle), ``hands`` (each seat's cards), ``discard`` (bottom card
    first), ``stock`` (top card *last*), ``table`` (melds in tabling order),
    ``current`` (seat to act), ``phase`` (:class:`Phase`), ``committed``
    (card that must still be tabled, R9), ``single_taken`` (card taken alone
    from the pile this turn, R10), ``window`` (the discarder while a Rummy
    call is open, R18), ``has_melded`` (per seat, R14 variant), ``ended``
    (``None``, ``"went_out"`` or ``"stock_out"``), ``went_out``,
    ``actions`` (every applied action, the record of the hand) and ``log``
    (the public history, card codes: ``("draw", seat)``, ``("take", seat,
    cards)``, ``("rummy", seat, cards)``, ``("meld", seat, meld, cards)``,
    ``("layoff", seat, card, meld)``, ``("discard", seat, card)``,
    ``("end", seat)``) and ``known`` (per seat, a ``Counter`` of the cards
    it took from the pile and still holds: public knowledge) and
    ``reshuffles`` (times the pile was turned over as a new stock this hand,
    counted against R17 ``reshuffle_limit``).
    """

    def __init__(self, rules: RuleSet, players: int, index: int, dealer: int,
                 hands: Sequence[Sequence[Card]], discard: Sequence[Card],
                 stock_top_first: Sequence[Card], seed: int = 0):
        self.rules = rules
        self.players = players
        self.index = index
        self.dealer = dealer
        self.seed = seed
        self.hands = [list(h) for h in hands]
        self.discard = list(discard)
        self.stock = list(reversed(stock_top_first))
        self.deal = ([list(h) for h in hands], list(discard), list(stock_top_first))
        self.table: list[Meld] = []
        self.current = seat_left_of(dealer, players)  # R6
        self.phase = DRAW_PHASE
        self.committed: Card | None = None
        self.single_taken: Card | None = None
        self.window: int | None = None
        self.has_melded = [False] * players
        self.ended: str | None = None
        self.went_out: int | None = None
        self.actions: list[Action] = []
        self.log: list[tuple] = []
        self.known: list[Counter] = [Counter() for _ in range(players)]
        self._rng: random.Random | None = None  # made when first needed (see rng): most hands never reshuffle
        self._rng_seed: object = f"reshuffle:{seed}"
        self.reshuffles = 0  # times the pile was turned over this hand (R17 reshuffle_limit)

    # ----------------------------------------------------------------- queries
    def clone(self) -> "HandState":
        """An independent deep copy (for search and for undo): what
        ``copy.deepcopy`` makes, without its dispatch (every candidate of
        every world of Hard's search is a clone)."""
        return self.__deepcopy__({})

    def __deepcopy__(self, memo):
        new = object.__new__(HandState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.discard = list(self.discard)
        new.stock = list(self.stock)
        new.table = [m.copy() for m in self.table]
        new.has_melded = list(self.has_melded)
        new.actions = list(self.actions)
        new.log = list(self.log)
        new.known = [_copied(k) for k in self.known]
        if self._rng is not None:
            new._rng = random.Random()
            new._rng.setstate(self._rng.getstate())
        return new

    @property
    def rng(self) -> random.Random:
        """The generator that shuffles the pile into a new stock (R17):
        ``random.Random`` seeded with ``"reshuffle:<seed>"`` (a world of the
        AIs: from its own draw), made the first time it is asked for, since
        making it is a good share of a short hand's cost and most hands
        never reshuffle."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng

    def seed_rng(self, seed: object) -> None:
        """Make :attr:`rng` ``random.Random(seed)`` when it is first asked for."""
        self._rng = None
        self._rng_seed = seed

    @property
    def over(self) -> bool:
        """True once the hand has ended (R16, R17)."""
        return self.ended is not None

    def card_points(self, seat: int) -> tuple[list[tuple[Card, int]], list[tuple[Card, int]]]:
        """``(tabled, in_hand)`` of ``seat`` as things stand: the cards it
        tabled (melds in table order, each meld's cards in display order) and
        the cards in its hand (in hand order), each as ``(card, points)`` by
        the hand's scoring (R19). :meth:`scores` is their sums, so a list of
        the cards (the results panel) never disagrees with the score.
        ``IndexError`` for a seat that is not at the table."""
        if not 0 <= seat < self.players:
            raise IndexError(f"no seat {seat} at a table of {self.players}")
        tabled, held = self._card_points()
        return tabled[seat], held[seat]

    def _card_points(self) -> tuple[list[list[tuple[Card, int]]], list[list[tuple[Card, int]]]]:
        """:meth:`card_points` of every seat, in one pass over the table."""
        scoring = self.rules.scoring
        tabled: list[list[tuple[Card, int]]] = [[] for _ in range(self.players)]
        for m in self.table:
            for c, layer, value in zip(m.cards, m.layers, meld_card_values(m, scoring)):
                tabled[layer].append((c, value))
        held = [[(c, hand_value(c, scoring)) for c in self.hands[seat]] for seat in range(self.players)]
        return tabled, held

    def scores(self) -> list[dict[str, int]]:
        """Per seat ``{"tabled", "in_hand", "hand"}`` as things stand (R19,
        R20): the sums of :meth:`card_points`."""
        tabled, held = self._card_points()
        out = []
        for seat in range(self.players):
            t = sum(v for _c, v in tabled[seat])
            k = sum(v for _c, v in held[seat])
            out.append({"tabled": t, "in_hand": k, "hand": t - k})
        return out

    def snapshot(self) -> dict:
        """Everything that defines the hand, as plain JSON-able data (used to
        check that a refused action changed nothing)."""
        return {
            "index": self.index, "dealer": self.dealer, "seed": self.seed,
            "hands": [tokens(h) for h in self.hands], "discard": tokens(self.discard),
            "stock": tokens(self.stock),
            "table": [{"kind": m.kind, "owner": m.owner, "cards": m.tokens(), "layers": list(m.layers),
                       "lo": m.lo, "hi": m.hi, "suits": m.suits} for m in self.table],
            "current": self.current, "phase": self.phase._value_,
            "committed": None if self.committed is None else card_token(self.committed),
            "single_taken": None if self.single_taken is None else card_token(self.single_taken),
            "window": self.window, "has_melded": list(self.has_melded), "ended": self.ended,
            "went_out": self.went_out, "actions": [a.to_record() for a in self.actions],
            "rng": repr(self.rng.getstate()), "reshuffles": self.reshuffles,
        }

    def stock_draw_possible(self) -> bool:
        """True when R8.1 is open: the stock has a card, or R17 ``reshuffle``
        can turn the pile (more than its top card) into a new stock and the
        ``reshuffle_limit`` (if any) is not used up (:func:`can_draw_stock`)."""
        return bool(self.stock) or can_draw_stock(self.rules, 0, len(self.discard), self.reshuffles)

    def reshuffle_allowed(self) -> bool:
        """True when R17 lets the pile be turned over again this hand
        (:func:`can_reshuffle` with this hand's ``reshuffles``)."""
        return can_reshuffle(self.rules, self.reshuffles)

    def plan_for(self, seat: int | None = None) -> list | None:
        """A sequence of plays that lets the seat to move finish this turn (see
        :func:`game.rules.turn_search.find_plan`), or ``None``."""
        seat = self.current if seat is None else seat
        return P.find_plan(self.hands[seat], self.committed, self.single_taken, self.table,
                           self.rules, self.has_melded[seat], seat)


    def open_phases(self) -> tuple[Phase, ...]:
        """The phases open now: ``(draw, rummy_window)`` from a discard until
        the next seat draws (R18), else ``(phase,)``; ``()`` once the hand is
        over. ``phase`` itself stays ``draw`` during the window."""
        if self.ended is not None:
            return ()
        if self.window is not None and self.phase is DRAW_PHASE:
            return (DRAW_PHASE, RUMMY_WINDOW_PHASE)
        return (self.phase,)

    # ------------------------------------------------------- check and apply
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalMove` if ``action`` is not legal now; change nothing."""
        self._check(action)

    def _check(self, action: Action):
        kind = type(action)
        row = CHECK_APPLY.get(kind)  # the AIs ask is_legal of every candidate
        if row is None:
            raise TypeError(f"not an action: {action!r}")
        if self.ended is not None and kind is not CallRummy:
            raise illegal("hand_over", "R16", "This hand is over.")
        return row[0](self, action)

    def is_legal(self, action: Action) -> bool:
        """True when ``action`` would be accepted now."""
        try:
            self._check(action)
        except IllegalMove:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused.

        Raises :class:`IllegalMove` (state unchanged) when it is not legal.
        """
        kind = type(action)
        row = CHECK_APPLY.get(kind)  # what _check does, inlined: the hottest call of every search
        if row is None:
            raise TypeError(f"not an action: {action!r}")
        if self.ended is not None and kind is not CallRummy:
            raise illegal("hand_over", "R16", "This hand is over.")
        prepared = row[0](self, action)
        self.actions.append(action)
        events: list[Event] = []
        row[1](self, action, prepared, events)
        return events

    # ------------------------------------ state changes shared by the moves
    def remember(self, seat: int, cards: Sequence[Card]) -> None:
        """The seat took these cards from the pile in sight of all (``known``):
        what ``Counter.update`` does, without its test for a mapping (an
        abstract-class check that costs more than the counting)."""
        known = self.known[seat]
        for c in cards:
            known[c] = known.get(c, 0) + 1

    def forget(self, seat: int, cards: Sequence[Card]) -> None:
        """The seat no longer holds these cards it was known to hold (``known``)."""
        known = self.known[seat]
        if not known:  # nothing known of this seat: the common case, and Counter lookups are dear
            return
        for c in cards:
            n = known.get(c)
            if n:
                n -= 1
                if n:
                    known[c] = n
                else:
                    known.pop(c)  # dict's own pop: Counter's __delitem__ is Python code

    def start_play(self, committed: Card | None, single: Card | None) -> None:
        """The seat has drawn: the play phase, with R9's committed card and
        R10's single card taken, and the Rummy window closed."""
        self.phase = PLAY_PHASE
        self.window = None
        self.committed = committed
        self.single_taken = single

    def after_tabling(self, seat: int, tabled: Sequence[Card], events: list[Event]) -> None:
        """After a meld or lay-off: the committed card is met (R9); an empty
        hand floats or goes out (R16)."""
        c = self.committed
        if c is not None and any(in_hand_card(t) == c for t in tabled):
            self.committed = None
            events.append(CommittedCardTabled(seat, card_token(c)))
        if not self.hands[seat]:
            if self.rules.going_out == "float":
                events.append(Floated(seat))
                self.next_turn(seat_left_of(seat, self.players), events)
            else:
                self.end("went_out", seat)

    def next_turn(self, seat: int, events: list[Event]) -> None:
        """``seat`` is to draw (R7)."""
        self.current = seat
        self.phase = DRAW_PHASE
        self.committed = None
        self.single_taken = None
        self.window = None
        events.append(TurnStarted(seat))

    def end(self, reason: str, seat: int | None) -> None:
        """The hand is over: ``"went_out"`` by ``seat`` or ``"stock_out"`` (R16, R17)."""
        self.ended = reason
        self.went_out = seat
        self.window = None
        self.committed = None
        self.single_taken = None

    # --------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal draw of the seat to move (stock, each discard-pile depth
        that R9 allows, or ``end`` under R17), every legal discard, and every
        Rummy call open to another seat (R18): the table's ``turn`` rows whose
        phase is open. Melds and lay-offs are listed by :meth:`legal_plays`.
        Empty once the hand is over."""
        return legal(self, TURN)

    def rummy_calls(self) -> list[CallRummy]:
        """Every legal Rummy call (R18) by any seat, right now."""
        return legal(self, TURN, (RUMMY_WINDOW_PHASE,))

    def legal_plays(self, every_declaration: bool = True) -> list[Action]:
        """Every legal new meld and lay-off for the seat to move in the play
        phase (R13–R15), each checked like :meth:`apply` would; with
        ``every_declaration=False`` a set lists one joker declaration per
        choice of naturals."""
        return legal(self, PLAY, every_declaration=every_declaration)

    def fallback_action(self) -> Action:
        """A legal action for the seat to move, for when an AI failed or a
        hint is wanted: the first step of the engine's own plan, else a legal
        discard, else the first legal draw. Raises ``RuntimeError`` if the
        hand is over (the engine never leaves a turn without a move)."""
        if self.ended is not None:
            raise RuntimeError("the hand is over")
        seat = self.current
        if self.phase is PLAY_PHASE:
            plan = self.plan_for(seat)
            if plan:
                return plan[0]
            for c in self.hands[seat]:
                a = Discard(seat, c)
                if self.is_legal(a):
                    return a
        own = [a for a in self.legal_actions() if a.seat == seat]
        if own:
            return own[0]
        plays = self.legal_plays()
        if plays:
            return plays[0]
        raise RuntimeError("no legal action: the turn is stuck")

    # ----------------------------------------------------- helpers for the UI
    def meld_choices(self, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
        """The ways hand cards ``cards`` (jokers undeclared) can be tabled as
        one meld, one per joker declaration (R11, R12, R15); empty if none."""
        return enumerate_melds(cards, self.rules.ace_wraps, exact=True)

    def layoff_targets(self, card: Card) -> list[tuple[int, Card]]:
        """``(meld_index, tabled_card)`` for every meld hand card ``card`` can be
        laid off on (a joker once per declaration), ignoring whose turn it is (R14)."""
        return [(i, t) for i, m in enumerate(self.table)
                for t in layoff_choices(m, card, self.rules.ace_wraps)]
