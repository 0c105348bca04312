"""The Rummy 500 game (R1–R21): :class:`Game`, the running totals over hands.

The engine is split along the legal-move table: :mod:`game.rules.phase` (phases,
seat order), :mod:`game.rules.hand` (:class:`HandState`, one hand), :mod:`game.rules.moves`
(the table: each action's phase, generator, check and apply), with the moves
themselves in :mod:`game.rules.draw_moves` and :mod:`game.rules.play_moves`. Everything
callers used to import from here still is: ``from game.rules.game import Game,
HandState, Phase, deal_cards, rummy_winner, seat_left_of``.
"""

from __future__ import annotations

import copy
import random
from typing import Sequence

from game.rules.actions import Action
from game.rules.cards import tokens
from game.rules.events import Event, GameWon, HandDealt, HandEnded, TurnStarted
from game.rules.hand import HandState, deal_cards
from game.rules.phase import Phase, illegal, rummy_winner, seat_left_of
from game.rules.ruleset import RuleSet

__all__ = ["Game", "HandState", "Phase", "deal_cards", "rummy_winner", "seat_left_of"]


class Game:
    """A whole game: rules, players, running totals and its hands (R3, R20, R21).

    ``rng`` (or ``seed``) is the injected ``random.Random`` that picks the
    first dealer and each hand's seed. Build one with :meth:`new` (random
    first dealer, seeded deals) or from a
    record with :func:`game.rules.record.game_from_record`. ``apply`` acts on the
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
        self.people: list[int] | None = None
        """The seats people play (issue 23; a record's optional ``people``), ``None`` when not known."""
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

    def restore_rng(self, seed: int) -> None:
        """Make :attr:`rng` what it is in a game made by
        ``Game.new(players, rules, rng=random.Random(seed))`` that dealt the
        hands this game holds: the first dealer's draw and one 32-bit seed
        for each hand dealt (R3, R4). A game read back from a record (a save)
        then deals its next hands exactly as the game that was saved would
        have. ``seed`` is an int; nothing else changes."""
        rng = random.Random(seed)
        rng.randrange(self.players)
        for _hand in self.hands:
            rng.getrandbits(32)
        self.rng = rng

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
        h = self.hands[-1] if self.hands else None
        if h is None or self.winner is not None:
            raise illegal("hand_over", "R21", "The game is over." if self.winner is not None
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
