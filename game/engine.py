"""The Rummy 500 state machine (R1–R21).

:class:`Game` holds a whole game: the rules, the players, the running totals
and one :class:`HandState` per hand. A hand moves through explicit phases::

    draw ──(draw / take / Rummy call)──▶ play ──(discard)──▶ draw (next seat)
      │                                    │
      └──(end, R17)──▶ over   (go out, R16)┘──▶ over

Right after a discard that does not end the hand, the phase is ``draw`` for
the next seat and a Rummy-call window is open (R18) until that seat draws.

``apply(action)`` either returns the events the action caused or raises
:class:`~game.errors.IllegalMove` with the record's error code, the rule id
and a message for the player; every check is made before anything changes,
so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from enum import Enum
from typing import Sequence

from . import plays as P
from .actions import (
    Action,
    CallRummy,
    Discard,
    DrawStock,
    EndHand,
    LayOff,
    TableMeld,
    TakeDiscards,
    play_action,
)
from .cards import JOKER, Card, build_pack, card_token, in_hand_card, shuffle, tokens
from .errors import IllegalMove
from .events import (
    CardDrawn,
    CommittedCardTabled,
    Discarded,
    DiscardTaken,
    Event,
    Floated,
    GameWon,
    HandDealt,
    HandEnded,
    LaidOff,
    MeldTabled,
    RummyCalled,
    StockReshuffled,
    TurnStarted,
)
from .melds import (
    Meld,
    add_to_meld,
    classify,
    hand_value,
    layoff_choices,
    layoff_position,
    meld_card_values,
    enumerate_melds,
)
from .rules import RuleSet


class Phase(str, Enum):
    """Where a game stands: ``draw`` and ``play`` are a seat's turn (R7);
    ``hand_over`` waits for the next deal; ``game_over`` has a winner (R21)."""

    DRAW = "draw"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


def seat_left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: play passes this way (R1)."""
    return (seat + 1) % players


def rummy_winner(discarder: int, callers: Sequence[int], players: int) -> int:
    """R18: of several seats calling Rummy at once on ``discarder``'s discard,
    the one first in turn order after the discarder wins the call.

    Raises ``ValueError`` when no caller is given or the discarder calls.
    """
    if not callers:
        raise ValueError("no seat called Rummy")
    if discarder in callers:
        raise ValueError("the discarder cannot call Rummy on their own discard")
    return min(callers, key=lambda s: (s - discarder) % players)


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
    hands: list[list[Card]] = [[] for _ in range(players)]
    pos = 0
    for _ in range(size):
        for i in range(players):
            hands[(dealer + 1 + i) % players].append(pack[pos])
            pos += 1
    return hands, [pack[pos]], pack[pos + 1:]


def _illegal(code: str, rule: str, message: str) -> IllegalMove:
    return IllegalMove(code, rule, message)


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
        self.phase = Phase.DRAW
        self.committed: Card | None = None
        self.single_taken: Card | None = None
        self.window: int | None = None
        self.has_melded = [False] * players
        self.ended: str | None = None
        self.went_out: int | None = None
        self.actions: list[Action] = []
        self.log: list[tuple] = []
        self.known: list[Counter] = [Counter() for _ in range(players)]
        self.rng = random.Random(f"reshuffle:{seed}")
        self.reshuffles = 0  # times the pile was turned over this hand (R17 reshuffle_limit)

    # ----------------------------------------------------------------- queries
    def clone(self) -> "HandState":
        """An independent deep copy (for search and for undo)."""
        return copy.deepcopy(self)

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
        new.known = [Counter(k) for k in self.known]
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    @property
    def over(self) -> bool:
        """True once the hand has ended (R16, R17)."""
        return self.ended is not None

    def scores(self) -> list[dict[str, int]]:
        """Per seat ``{"tabled", "in_hand", "hand"}`` as things stand (R19, R20)."""
        scoring = self.rules.scoring
        tabled = [0] * self.players
        for m in self.table:
            for layer, value in zip(m.layers, meld_card_values(m, scoring)):
                tabled[layer] += value
        out = []
        for seat in range(self.players):
            held = sum(hand_value(c, scoring) for c in self.hands[seat])
            out.append({"tabled": tabled[seat], "in_hand": held, "hand": tabled[seat] - held})
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
            "current": self.current, "phase": self.phase.value,
            "committed": None if self.committed is None else card_token(self.committed),
            "single_taken": None if self.single_taken is None else card_token(self.single_taken),
            "window": self.window, "has_melded": list(self.has_melded), "ended": self.ended,
            "went_out": self.went_out, "actions": [a.to_record() for a in self.actions],
            "rng": repr(self.rng.getstate()), "reshuffles": self.reshuffles,
        }

    def stock_draw_possible(self) -> bool:
        """True when R8.1 is open: the stock has a card, or R17 ``reshuffle``
        can turn the pile (more than its top card) into a new stock and the
        ``reshuffle_limit`` (if any) is not used up."""
        return bool(self.stock) or (self.reshuffle_allowed() and len(self.discard) > 1)

    def reshuffle_allowed(self) -> bool:
        """True when R17 lets the pile be turned over again this hand: the rules
        say ``empty_stock = reshuffle`` and the pile has been turned fewer times
        than ``reshuffle_limit`` (``None``: no limit)."""
        limit = self.rules.reshuffle_limit
        return self.rules.empty_stock == "reshuffle" and (limit is None or self.reshuffles < limit)

    def plan_for(self, seat: int | None = None) -> list | None:
        """A sequence of plays that lets the seat to move finish this turn (see
        :func:`game.plays.find_plan`), or ``None``."""
        seat = self.current if seat is None else seat
        return P.find_plan(self.hands[seat], self.committed, self.single_taken, self.table,
                           self.rules, self.has_melded[seat], seat)

    # ------------------------------------------------------------------ checks
    def _turn_checks(self, action: Action, phase: Phase) -> None:
        if self.ended is not None:
            raise _illegal("hand_over", "R16", "This hand is over.")
        if action.seat != self.current:
            raise _illegal("not_your_turn", "R7", "It's not your turn.")
        if self.phase != phase:
            if phase == Phase.DRAW:
                raise _illegal("wrong_phase", "R7", "You have already drawn this turn.")
            raise _illegal("wrong_phase", "R7", "Draw a card first: from the stock or the discard pile.")

    def _check_draw_stock(self, a: DrawStock) -> None:
        self._turn_checks(a, Phase.DRAW)
        if not self.stock_draw_possible():
            if self.rules.empty_stock == "reshuffle" and not self.reshuffle_allowed():
                times = {1: "once", 2: "twice"}.get(self.reshuffles, f"{self.reshuffles} times")
                raise _illegal("empty_stock", "R17",
                               f"The stock is empty and the discard pile has already been turned "
                               f"over {times}, the limit for a hand: take from the discard pile "
                               f"or end the hand.")
            if self.rules.empty_stock == "reshuffle":
                raise _illegal("empty_stock", "R17",
                               "The stock is empty and the discard pile has only its top card: "
                               "take it or end the hand.")
            raise _illegal("empty_stock", "R17",
                           "The stock is empty: take from the discard pile or end the hand.")

    def _check_take(self, a: TakeDiscards) -> tuple[list[Card], Card | None, Card | None]:
        self._turn_checks(a, Phase.DRAW)
        k = a.count
        if not 1 <= k <= len(self.discard):
            raise _illegal("bad_take", "R8",
                           f"You can take 1 to {len(self.discard)} cards from the discard pile, not {k}."
                           if self.discard else "The discard pile is empty.")
        taken = self.discard[-k:]
        committed = taken[0] if (k > 1 or self.rules.top_discard_must_be_used) else None
        single = taken[0] if k == 1 else None
        seat = a.seat
        plan = P.find_plan(self.hands[seat] + taken, committed, single, self.table, self.rules,
                           self.has_melded[seat], seat)
        if plan is None:
            c = card_token(taken[0])
            if committed is not None:
                raise _illegal("take_unplayable", "R9",
                               f"You could not table the {c} this turn, so you can't take it.")
            raise _illegal("take_unplayable", "R10",
                           f"You couldn't finish your turn after taking the {c}: "
                           "it can't go straight back and you'd have nothing else to discard.")
        return taken, committed, single

    def _check_rummy(self, a: CallRummy) -> list[Card]:
        if self.ended is not None:
            raise _illegal("hand_over", "R16", "This hand is over.")
        if not self.rules.rummy_calls:
            raise _illegal("rummy_not_allowed", "R18", "Rummy calls are off in these rules.")
        if self.window is None or self.phase != Phase.DRAW:
            raise _illegal("rummy_not_allowed", "R18",
                           "Rummy can only be called right after a discard, before the next player draws.")
        if not 0 <= a.seat < self.players:
            raise _illegal("rummy_not_allowed", "R18", "Only a player at the table can call Rummy.")
        if a.seat == self.window:
            raise _illegal("rummy_not_allowed", "R18", "You can't call Rummy on your own discard.")
        k = a.count
        if not 1 <= k <= len(self.discard):
            raise _illegal("rummy_not_allowed", "R18",
                           f"You can take 1 to {len(self.discard)} cards with a Rummy call, not {k}.")
        taken = self.discard[-k:]
        seat = a.seat
        if not P.pile_card_tablable(taken, self.table, self.rules, self.has_melded[seat], seat):
            raise _illegal("rummy_not_allowed", "R18",
                           f"The {card_token(taken[0])} can't be tabled from the pile and the table alone: "
                           "no Rummy there.")
        single = taken[0] if k == 1 else None
        if P.find_plan(self.hands[seat] + taken, taken[0], single, self.table, self.rules,
                       self.has_melded[seat], seat) is None:
            raise _illegal("rummy_not_allowed", "R18",
                           f"You couldn't table the {card_token(taken[0])} and still finish your turn.")
        return taken

    def _check_cards_in_hand(self, seat: int, cards: Sequence[Card]) -> list[Card] | None:
        """Raise ``card_not_in_hand`` unless the seat holds every card; return
        the hand without them."""
        rest = list(self.hands[seat])
        try:
            for t in cards:
                rest.remove(in_hand_card(t))
            return rest
        except ValueError:
            pass
        need = Counter(in_hand_card(t) for t in cards)
        have = Counter(self.hands[seat])
        for c, n in need.items():
            if have[c] < n:
                word = "the joker" if c == JOKER else f"the {card_token(c)}"
                if have[c]:
                    raise _illegal("card_not_in_hand", "R7", f"You hold only {have[c]} of {card_token(c)}.")
                raise _illegal("card_not_in_hand", "R7", f"You don't hold {word}.")

    def _after_play_check(self, seat: int, hand: list[Card], table: list[Meld], made: bool,
                          committed: Card | None) -> None:
        """Refuse a play that would leave the turn impossible to finish."""
        if not hand:
            return
        if P.find_plan(hand, committed, self.single_taken, table, self.rules,
                       self.has_melded[seat] or made, seat) is not None:
            return
        if committed is not None:
            raise _illegal("committed_card_unplayed", "R9",
                           f"After that you could no longer table the {card_token(committed)}, "
                           "which you must play this turn.")
        if self.single_taken is not None and all(c == self.single_taken for c in hand):
            raise _illegal("discard_just_taken", "R10",
                           f"After that you would hold only the {card_token(self.single_taken)} you just "
                           "took, which you can't discard this turn.")
        raise _illegal("final_discard_playable", "R16",
                       "After that your last card could be tabled, so you couldn't discard it to go out.")

    def _committed_after(self, tabled: Sequence[Card]) -> Card | None:
        c = self.committed
        if c is None:
            return None
        return None if any(in_hand_card(t) == c for t in tabled) else c

    def _check_meld(self, a: TableMeld) -> Meld:
        self._turn_checks(a, Phase.PLAY)
        seat = a.seat
        rest = self._check_cards_in_hand(seat, a.cards)
        meld, reason = classify(a.cards, self.rules.ace_wraps)
        if meld is None:
            raise _illegal("invalid_meld", reason.rule, str(reason))
        hand = self.hands[seat]
        if self.rules.going_out == "discard_required" and len(a.cards) >= len(hand):
            raise _illegal("must_keep_discard", "R16",
                           "Keep one card: under these rules you go out only by discarding your last card.")
        meld.owner = seat
        meld.layers = [seat] * len(meld.cards)
        self._after_play_check(seat, rest, self.table + [meld], True, self._committed_after(a.cards))
        return meld

    def _check_layoff(self, a: LayOff) -> None:
        self._turn_checks(a, Phase.PLAY)
        seat = a.seat
        self._check_cards_in_hand(seat, [a.card])
        if not 0 <= a.meld < len(self.table):
            raise _illegal("unknown_meld", "R14",
                           f"There is no meld {a.meld} on the table." if self.table
                           else "There are no melds on the table yet.")
        if self.rules.layoff_requires_own_meld and not self.has_melded[seat]:
            raise _illegal("no_meld_yet", "R14", "Under these rules you must table a meld of your own "
                                                 "before you lay off.")
        if a.card == JOKER:
            raise _illegal("invalid_meld", "R15", "Say which card the joker stands for.")
        meld = self.table[a.meld]
        if layoff_position(meld, a.card, self.rules.ace_wraps) is None:
            raise _illegal("invalid_layoff", "R14",
                           f"The {card_token(a.card)} doesn't extend that {meld.kind} "
                           f"({' '.join(meld.tokens())}).")
        c = self.committed
        if c is not None and self.rules.deep_card_must_start_meld and in_hand_card(a.card) == c:
            raise _illegal("invalid_layoff", "R9",
                           f"Under these rules the {card_token(c)} you took must start a new meld.")
        hand = self.hands[seat]
        if self.rules.going_out == "discard_required" and len(hand) == 1:
            raise _illegal("must_keep_discard", "R16",
                           "Keep one card: under these rules you go out only by discarding your last card.")
        sim = P.simulate(hand, self.table, [("layoff", a.card, a.meld)], seat, self.rules.ace_wraps)
        assert sim is not None
        self._after_play_check(seat, sim[0], sim[1], False, self._committed_after([a.card]))

    def _check_discard(self, a: Discard) -> None:
        self._turn_checks(a, Phase.PLAY)
        seat = a.seat
        self._check_cards_in_hand(seat, [a.card])
        if self.committed is not None:
            raise _illegal("committed_card_unplayed", "R9",
                           f"You must table the {card_token(self.committed)} you took before you discard.")
        if self.single_taken is not None and a.card == self.single_taken:
            raise _illegal("discard_just_taken", "R10",
                           f"You took the {card_token(a.card)} from the discard pile this turn, "
                           "so you can't discard it now.")
        hand = self.hands[seat]
        if (len(hand) == 1 and self.rules.final_discard_unplayable
                and P.playable_on_table(a.card, self.table, self.rules, self.has_melded[seat])):
            raise _illegal("final_discard_playable", "R16",
                           f"The {card_token(a.card)} could be laid off on the table, "
                           "so you can't go out by discarding it.")

    def _check_end(self, a: EndHand) -> None:
        self._turn_checks(a, Phase.DRAW)
        if self.stock:
            raise _illegal("wrong_phase", "R17", "The stock still has cards: you can only end the hand "
                                                 "when it is empty.")
        if self.stock_draw_possible():
            raise _illegal("wrong_phase", "R17", "Draw from the stock: the discard pile will be shuffled "
                                                 "into a new stock.")

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalMove` if ``action`` is not legal now; change nothing."""
        self._check(action)

    def _check(self, action: Action):
        checker = _CHECKERS.get(type(action))
        if checker is None:
            raise TypeError(f"not an action: {action!r}")
        if self.ended is not None and checker is not HandState._check_rummy:
            raise _illegal("hand_over", "R16", "This hand is over.")
        return checker(self, action)

    def is_legal(self, action: Action) -> bool:
        """True when ``action`` would be accepted now."""
        try:
            self._check(action)
        except IllegalMove:
            return False
        return True

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused.

        Raises :class:`IllegalMove` (state unchanged) when it is not legal.
        """
        prepared = self._check(action)
        self.actions.append(action)
        seat = action.seat
        events: list[Event] = []
        if isinstance(action, DrawStock):
            if not self.stock:
                top = self.discard.pop()
                self.stock = self.discard
                shuffle(self.stock, self.rng)
                self.discard = [top]
                self.reshuffles += 1
                events.append(StockReshuffled(seat, len(self.stock)))
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.log.append(("draw", seat))
            self._start_play(None, None)
            events.append(CardDrawn(seat, card_token(card)))
        elif isinstance(action, TakeDiscards):
            taken, committed, single = prepared
            del self.discard[-len(taken):]
            self.hands[seat].extend(taken)
            self.log.append(("take", seat, tuple(taken)))
            self.known[seat].update(taken)
            self._start_play(committed, single)
            events.append(DiscardTaken(seat, tuple(tokens(taken)),
                                       None if committed is None else card_token(committed)))
        elif isinstance(action, CallRummy):
            taken = prepared
            discarder = self.window
            del self.discard[-len(taken):]
            self.hands[seat].extend(taken)
            skipped = []
            s = seat_left_of(discarder, self.players)
            while s != seat:
                skipped.append(s)
                s = seat_left_of(s, self.players)
            self.current = seat
            self.log.append(("rummy", seat, tuple(taken)))
            self.known[seat].update(taken)
            self._start_play(taken[0], taken[0] if len(taken) == 1 else None)
            events.append(RummyCalled(seat, discarder, tuple(tokens(taken)), card_token(taken[0]),
                                      tuple(skipped)))
        elif isinstance(action, TableMeld):
            meld = prepared
            for t in meld.cards:
                self.hands[seat].remove(in_hand_card(t))
            self.table.append(meld)
            self.has_melded[seat] = True
            self.log.append(("meld", seat, len(self.table) - 1, tuple(meld.cards)))
            self._forget(seat, [in_hand_card(t) for t in meld.cards])
            events.append(MeldTabled(seat, len(self.table) - 1, tuple(meld.tokens()), meld.kind))
            self._after_tabling(seat, meld.cards, events)
        elif isinstance(action, LayOff):
            self.hands[seat].remove(in_hand_card(action.card))
            meld = self.table[action.meld]
            add_to_meld(meld, action.card, seat, self.rules.ace_wraps)
            self.log.append(("layoff", seat, action.card, action.meld))
            self._forget(seat, [in_hand_card(action.card)])
            events.append(LaidOff(seat, card_token(action.card), action.meld, meld.owner))
            self._after_tabling(seat, [action.card], events)
        elif isinstance(action, Discard):
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            self.log.append(("discard", seat, action.card))
            self._forget(seat, [action.card])
            events.append(Discarded(seat, card_token(action.card)))
            if not self.hands[seat]:
                self._end("went_out", seat)
            else:
                self._next_turn(seat_left_of(seat, self.players), events)
                self.window = seat if self.rules.rummy_calls else None
        elif isinstance(action, EndHand):
            self.log.append(("end", seat))
            self._end("stock_out", None)
        return events

    def _forget(self, seat: int, cards: Sequence[Card]) -> None:
        known = self.known[seat]
        for c in cards:
            if known[c]:
                known[c] -= 1
                if not known[c]:
                    del known[c]

    def _start_play(self, committed: Card | None, single: Card | None) -> None:
        self.phase = Phase.PLAY
        self.window = None
        self.committed = committed
        self.single_taken = single

    def _after_tabling(self, seat: int, tabled: Sequence[Card], events: list[Event]) -> None:
        c = self.committed
        if c is not None and any(in_hand_card(t) == c for t in tabled):
            self.committed = None
            events.append(CommittedCardTabled(seat, card_token(c)))
        if not self.hands[seat]:
            if self.rules.going_out == "float":
                events.append(Floated(seat))
                self._next_turn(seat_left_of(seat, self.players), events)
            else:
                self._end("went_out", seat)

    def _next_turn(self, seat: int, events: list[Event]) -> None:
        self.current = seat
        self.phase = Phase.DRAW
        self.committed = None
        self.single_taken = None
        self.window = None
        events.append(TurnStarted(seat))

    def _end(self, reason: str, seat: int | None) -> None:
        self.ended = reason
        self.went_out = seat
        self.window = None
        self.committed = None
        self.single_taken = None

    # --------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal draw of the seat to move (stock, each discard-pile depth
        that R9 allows, or ``end`` under R17), every legal discard, and every
        Rummy call open to another seat (R18). Melds and lay-offs are listed by
        :meth:`legal_plays`. Empty once the hand is over."""
        if self.ended is not None:
            return []
        seat = self.current
        out: list[Action] = []
        if self.phase == Phase.DRAW:
            if self.stock_draw_possible():
                out.append(DrawStock(seat))
            else:
                out.append(EndHand(seat))
            for k in range(1, len(self.discard) + 1):
                a = TakeDiscards(seat, k)
                if self.is_legal(a):
                    out.append(a)
            out.extend(self.rummy_calls())
        else:
            for c in sorted(set(self.hands[seat])):
                a = Discard(seat, c)
                if self.is_legal(a):
                    out.append(a)
        return out

    def rummy_calls(self) -> list[CallRummy]:
        """Every legal Rummy call (R18) by any seat, right now."""
        if self.window is None or self.ended is not None or not self.rules.rummy_calls:
            return []
        out = []
        callers = [s for s in range(self.players) if s != self.window]
        for k in range(1, len(self.discard) + 1):
            taken = self.discard[-k:]
            # R18's pile test depends on the seat only through R14's variant
            passes = {flag: P.pile_card_tablable(taken, self.table, self.rules, flag, -1)
                      for flag in {self.has_melded[s] for s in callers}}
            for s in callers:
                if passes[self.has_melded[s]]:
                    a = CallRummy(s, k)
                    if self.is_legal(a):
                        out.append(a)
        return out

    def legal_plays(self, every_declaration: bool = True) -> list[Action]:
        """Every legal new meld and lay-off for the seat to move in the play
        phase (R13–R15), each checked like :meth:`apply` would."""
        if self.ended is not None or self.phase != Phase.PLAY:
            return []
        seat = self.current
        out: list[Action] = []
        for play in P.all_plays(self.hands[seat], self.table, self.rules, self.has_melded[seat],
                                every_declaration):
            a = play_action(seat, play)
            if self.is_legal(a):
                out.append(a)
        return out

    def fallback_action(self) -> Action:
        """A legal action for the seat to move, for when an AI failed or a
        hint is wanted: the first step of the engine's own plan, else a legal
        discard, else the first legal draw. Raises ``RuntimeError`` if the
        hand is over (the engine never leaves a turn without a move)."""
        if self.ended is not None:
            raise RuntimeError("the hand is over")
        seat = self.current
        if self.phase == Phase.PLAY:
            plan = self.plan_for(seat)
            if plan:
                p = plan[0]
                return play_action(seat, p)
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


_CHECKERS = {
    DrawStock: HandState._check_draw_stock,
    TakeDiscards: HandState._check_take,
    CallRummy: HandState._check_rummy,
    TableMeld: HandState._check_meld,
    LayOff: HandState._check_layoff,
    Discard: HandState._check_discard,
    EndHand: HandState._check_end,
}


class Game:
    """A whole game: rules, players, running totals and its hands (R3, R20, R21).

    ``rng`` (or ``seed``) is the injected ``random.Random`` that picks the
    first dealer and each hand's seed. Build one with :meth:`new` (random
    first dealer, seeded deals) or from a
    record with :func:`game.record.game_from_record`. ``apply`` acts on the
    current hand; when a hand ends the scores are added and the game either
    has a winner or waits in ``hand_over`` for :meth:`deal_next_hand`.
    """

    def __init__(self, players: Sequence[str], rules: RuleSet | None = None,
                 scores: Sequence[int] | None = None, seed: int | None = None, note: str | None = None,
                 rng: random.Random | None = None):
        n = len(players)
        if not 2 <= n <= 8:
            raise ValueError(f"Rummy 500 needs 2 to 8 players, not {n} (R1)")
        self.rules = rules or RuleSet()
        self.names = list(players)
        self.players = n
        self.note = note
        self.start_scores = list(scores) if scores is not None else [0] * n
        if len(self.start_scores) != n:
            raise ValueError("one starting score per player")
        self.totals = list(self.start_scores)
        self.hands: list[HandState] = []
        self.hand_scores: list[list[dict[str, int]]] = []
        self.winner: int | None = None
        self.rng = rng if rng is not None else random.Random(seed)

    @classmethod
    def new(cls, players: Sequence[str], rules: RuleSet | None = None, seed: int | None = None,
            rng: random.Random | None = None) -> "Game":
        """A new game with its first hand dealt: the first dealer is drawn at
        random (R3) and each deal is shuffled from a seed drawn from the game's
        generator, ``rng`` if given, else ``random.Random(seed)`` (the same
        seed and rules give the same game on every platform)."""
        game = cls(players, rules, seed=seed, rng=rng)
        game.deal_next_hand()
        return game

    # ------------------------------------------------------------------ state
    @property
    def hand(self) -> HandState | None:
        """The hand being played (or the last one), ``None`` before the first deal."""
        return self.hands[-1] if self.hands else None

    @property
    def phase(self) -> Phase:
        """The game's :class:`Phase`."""
        if self.winner is not None:
            return Phase.GAME_OVER
        h = self.hand
        if h is None or h.ended is not None:
            return Phase.HAND_OVER
        return h.phase

    @property
    def current(self) -> int | None:
        """The seat to act, or ``None`` between hands and after the game."""
        h = self.hand
        if h is None or h.ended is not None or self.winner is not None:
            return None
        return h.current

    def is_terminal(self) -> bool:
        """True once the game has a winner (R21)."""
        return self.winner is not None

    def returns(self) -> list[int]:
        """Running totals (R20)."""
        return list(self.totals)

    def clone(self) -> "Game":
        """An independent deep copy."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo):
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.names = list(self.names)
        new.start_scores = list(self.start_scores)
        new.totals = list(self.totals)
        new.hands = [h.clone() for h in self.hands]
        new.hand_scores = [list(s) for s in self.hand_scores]
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    def snapshot(self) -> dict:
        """The whole game as plain data (see :meth:`HandState.snapshot`)."""
        return {"totals": list(self.totals), "winner": self.winner,
                "hand_scores": self.hand_scores, "rng": repr(self.rng.getstate()),
                "hands": [h.snapshot() for h in self.hands]}

    # ------------------------------------------------------------------ deals
    def deal_next_hand(self, dealer: int | None = None, deal: tuple | None = None,
                       seed: int | None = None) -> list[Event]:
        """Deal the next hand (R3, R4) and return its ``HandDealt`` event.

        ``dealer`` defaults to a random seat for the first hand and to the seat
        left of the last dealer after that (which it must be). ``deal`` is
        ``(hands, discard, stock_top_first)`` to lay out given cards; without
        it the pack is shuffled with ``seed`` (drawn from the game's generator
        when not given). Raises ``ValueError`` when a hand is still being
        played, the game is over, or the dealer is wrong.
        """
        if self.winner is not None:
            raise ValueError("the game is over")
        if self.hands and self.hands[-1].ended is None:
            raise ValueError("the current hand has not ended")
        n = self.players
        if self.hands:
            expected = seat_left_of(self.hands[-1].dealer, n)
            if dealer is None:
                dealer = expected
            elif dealer != expected:
                raise ValueError(f"the deal passes left: seat {expected} deals, not {dealer}")
        elif dealer is None:
            dealer = self.rng.randrange(n)
        seeded = deal is None
        if seed is None:
            seed = self.rng.getrandbits(32) if seeded else 0
        if seeded:
            deal = deal_cards(self.rules, n, dealer, seed)
        hands, discard, stock = deal
        hand = HandState(self.rules, n, len(self.hands), dealer, hands, discard, stock, seed)
        self.hands.append(hand)
        return [HandDealt(hand.index, dealer, tuple(len(h) for h in hands), tuple(tokens(discard)),
                          len(stock)), TurnStarted(hand.current)]

    # ------------------------------------------------------------------ play
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` to the current hand and return the events.

        Raises :class:`IllegalMove` with ``hand_over`` between hands and after
        the game; every refusal leaves the game unchanged. When the action
        ends the hand, ``HandEnded`` (and ``GameWon``) follow (R20, R21).
        """
        h = self.hand
        if h is None or self.winner is not None:
            raise _illegal("hand_over", "R21", "The game is over." if self.winner is not None
                           else "No hand has been dealt yet.")
        events = h.apply(action)
        if h.ended is not None:
            events.extend(self._score_hand(h))
        return events

    def _score_hand(self, h: HandState) -> list[Event]:
        scores = h.scores()
        self.hand_scores.append(scores)
        for seat, s in enumerate(scores):
            self.totals[seat] += s["hand"]
        events: list[Event] = [HandEnded(h.index, h.ended, h.went_out, tuple(s["hand"] for s in scores),
                                         tuple(self.totals))]
        top = max(self.totals)
        if top >= self.rules.target and self.totals.count(top) == 1:
            self.winner = self.totals.index(top)
            events.append(GameWon(self.winner, tuple(self.totals)))
        return events

    def legal_actions(self) -> list[Action]:
        """The current hand's :meth:`HandState.legal_actions` (empty between hands)."""
        h = self.hand
        if h is None or self.winner is not None:
            return []
        return h.legal_actions()

    def legal_plays(self, every_declaration: bool = True) -> list[Action]:
        """The current hand's :meth:`HandState.legal_plays`."""
        h = self.hand
        if h is None or self.winner is not None:
            return []
        return h.legal_plays(every_declaration)
