"""What the person at the table means, without pygame: undo bound to a turn,
and the Rummy calls open to a seat with what each would take and table.

The table's gesture code (:mod:`scenes.table.person`) asks these helpers and words
their answers; the rules stay in the engine (:mod:`game.rules.game`). This module
is the first piece of the intent layer described in ``docs/architecture.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from game.rules.actions import Action, CallRummy, DrawStock, LayOff, TableMeld, TakeDiscards
from game.rules.cards import Card
from game.rules.game import Game
from game.rules.hand import HandState
from game.rules.phase import Phase
from game.rules.melds import layoff_choices
from game.rules.turn_search import pile_card_tablable

Extra = TypeVar("Extra")

_DRAWS = (DrawStock, TakeDiscards, CallRummy)


def turn_key(game: Game, seat: int) -> tuple[int, int] | None:
    """Which turn of ``seat`` is under way: ``(hand number, index in the hand's
    actions of the seat's draw)``, or ``None`` when ``seat`` is not in the
    play phase of its own turn (R7) or the hand is over.

    Two positions in the same turn have the same key; any later turn of the
    same seat has another, so an undo taken in one turn never applies in the
    next (issue 13, item 12)."""
    h = game.hand
    if game.winner is not None or h is None or h.ended is not None:
        return None
    if h.current != seat or h.phase != Phase.PLAY:
        return None
    for i in range(len(h.actions) - 1, -1, -1):
        a = h.actions[i]
        if isinstance(a, _DRAWS):
            # a Rummy call is the caller's draw (R18); any other seat's draw ends the search too
            return (len(game.hands), i) if a.seat == seat else None
    return None


def undoable(action: Action) -> bool:
    """True for the moves a person may take back in the same turn: a meld
    or a lay-off (a draw or discard shows cards, so it stands)."""
    return isinstance(action, (TableMeld, LayOff))


class TurnUndo(Generic[Extra]):
    """The melds and lay-offs of one seat's current turn, for taking back.

    :meth:`record` keeps ``(game before the move, extra)`` (``extra`` is the
    caller's own state, e.g. how the hand was arranged); :meth:`available`
    and :meth:`pop` only answer for the turn the entries were taken in, so
    once the turn has passed (a discard, going out, floating under R16, a new
    hand) nothing can be undone. A draw or discard is never recorded: they
    show cards and cannot be taken back."""

    def __init__(self, seat: int):
        self.seat = seat
        self._key: tuple[int, int] | None = None
        self._entries: list[tuple[Game, Extra]] = []

    def record(self, before: Game, after: Game, extra: Extra) -> None:
        """Remember ``before`` (a clone taken just before a meld or lay-off of
        this seat) now that ``after`` is the game. A move in another turn than
        the remembered ones starts a new list."""
        key = turn_key(after, self.seat) or turn_key(before, self.seat)
        if key != self._key:
            self._entries = []
            self._key = key
        if key is not None:
            self._entries.append((before, extra))

    def available(self, game: Game) -> bool:
        """True when ``game`` is still in the turn of the entries and one is left."""
        if not self._entries:
            return False
        return turn_key(game, self.seat) == self._key

    def pop(self, game: Game) -> tuple[Game, Extra] | None:
        """The last entry (game before the move, extra), removed; ``None`` (and
        the list forgotten) when nothing can be undone in ``game``."""
        if not self.available(game):
            self.clear()
            return None
        return self._entries.pop()

    def clear(self) -> None:
        """Forget every entry (a draw, a discard, a new hand)."""
        self._entries = []
        self._key = None

    def __len__(self) -> int:
        return len(self._entries)

    def __bool__(self) -> bool:
        return bool(self._entries)


@dataclass(frozen=True)
class RummyOption:
    """A Rummy call open to a seat (R18): ``call`` takes ``call.count`` cards,
    the deepest being ``card`` (committed, R9); ``meld`` is the index of a
    table meld ``card`` can be laid off on, or ``None`` when it is tabled with
    cards from the pile as a new meld."""

    call: CallRummy
    card: Card
    meld: int | None


def rummy_options(hand: HandState, seat: int) -> list[RummyOption]:
    """Every legal Rummy call of ``seat`` right now (R18), the deepest first;
    empty when none is open (the engine's :meth:`~HandState.check` says why)."""
    calls = sorted((c for c in hand.rummy_calls() if c.seat == seat), key=lambda c: -c.count)
    return [rummy_option(hand, c) for c in calls]


def rummy_option(hand: HandState, call: CallRummy) -> RummyOption:
    """What ``call`` (assumed legal) would take and where its deepest card goes."""
    taken = hand.discard[-call.count:]
    card = taken[0]
    meld = None
    for i, m in enumerate(hand.table):
        if layoff_choices(m, card, hand.rules.ace_wraps) and pile_card_tablable(
                [card], [m], hand.rules, hand.has_melded[call.seat], call.seat):
            meld = i
            break
    return RummyOption(call, card, meld)
