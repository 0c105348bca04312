"""What the person's side of the table shows and allows right now, as one
value (issue 22): :class:`PersonTurn`, built by :func:`person_turn`.

The table (:mod:`scenes.table.person`) describes its own state without pixels
as a :class:`TableSide` (how many cards are selected, the place the keyboard
focus or the pointer is on as a :mod:`game.intent.targets` value, the place
under dragged cards, the Rummy window's seconds, the computer's waiting
claim...); :func:`person_turn` answers with every decision the drawing and
the buttons need: the status lines, the pile-hover verdict, the drop hint,
the focus words, the message line, each button's state, ``can_call`` and
``can_end``. The drawing (:mod:`scenes.table.person_drawing`) only reads it;
:class:`~scenes.table.person.PersonPlay` sets its buttons from it. No pygame
here, and nothing is changed: the same game and side give the same turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from game.rules.cards import Card
from game.rules.game import Game
from game.rules.hand import HandState
from game.rules.phase import Phase
from game.intent.drops import LegalTargets, Accepted, enter_effect, my_turn, take_outcome
from game.intent.targets import HandSlot, PileCard, Target
from game.intent.turn import rummy_option, rummy_options
from game.intent.words import drop_words, enter_words, rummy_words, status_words, take_words

from game.text.events import plain, with_rule


@dataclass(frozen=True)
class TableSide:
    """The person's state at the table, without pixels (what
    :class:`~scenes.table.person.PersonPlay` holds, worked out to places):

    * ``selected``: how many hand cards are selected;
    * ``keyboard``: playing with the keys (the last input was a key);
      ``focus``: the table place the keyboard focus is on (``None`` while the
      focus is in the hand);
    * ``pointer``: the discard-pile card under the pointer (a
      :class:`~game.intent.targets.PileCard`) while nothing is dragged, else ``None``;
    * ``dragging``: hand cards are dragged; ``drop``: the place under them
      (``None`` outside any); ``drop_targets``: the places that accept them
      (``LegalTargets``, ``None`` when not worked out); ``key_targets``: the
      places that accept the selection while choosing one with the keys;
    * ``window_open``: the person's Rummy window is open (shown or about to
      be, R18); ``seconds_left``: how long the running window has left
      (``None`` when none runs); ``window_s``: its full length; ``held``:
      the pointer rests on the Rummy button (the window waits);
    * ``claim``: the seat of a computer whose Rummy call waits on the person's
      (the referee's ``rummy_claimed()``), else ``None``;
    * ``quiet``: a new turn of the person's, nothing done yet (a pile place
      left under the pointer or focus warns of nothing);
    * ``idle``: nothing animates and nothing covers the table;
    * ``undo_kept``: this turn's melds or lay-offs can be taken back (the
      ``TurnUndo`` has an entry for this turn);
    * ``message``: the message being said (``(text, is a refusal)``);
      ``hint``: the hint's words being shown.
    """

    selected: int = 0
    keyboard: bool = False
    focus: Target | None = None
    pointer: PileCard | None = None
    dragging: bool = False
    drop: Target | None = None
    drop_targets: LegalTargets | None = None
    key_targets: LegalTargets | None = None
    window_open: bool = False
    seconds_left: float | None = None
    window_s: float = 3.0
    held: bool = False
    claim: int | None = None
    quiet: bool = False
    idle: bool = True
    undo_kept: bool = False
    message: tuple[str, bool] | None = None
    hint: str | None = None


@dataclass(frozen=True)
class PileHover:
    """Taking from the pile at the pointer or focus: the cards from index
    ``first`` (0 = the bottom card) to the top would come (``count`` of
    them), ``card`` is the deepest (the one to meld, R9, marked when
    ``count > 1``); ``ok`` when the engine allows it (a take, or a Rummy call
    in the person's window); ``words`` says what would come, or why not
    (with the rule id, "⚠ ... (R9)")."""

    first: int
    count: int
    card: Card
    ok: bool
    words: str


@dataclass(frozen=True)
class DropHint:
    """Under dragged hand cards: ``words`` says what a drop here does, ``ok``
    when the engine would accept it (else the words warn, amber)."""

    words: str
    ok: bool


@dataclass(frozen=True)
class ButtonState:
    """A button's state: ``shown`` (drawn and clickable) and ``enabled``."""

    shown: bool = True
    enabled: bool = True


@dataclass(frozen=True)
class Buttons:
    """The state of each of the person's buttons, by the keys of
    ``PersonPlay.buttons``: ``end`` (end the hand, R17), ``undo``, ``hint``,
    ``sort`` and ``rummy`` (R18)."""

    end: ButtonState = ButtonState()
    undo: ButtonState = ButtonState()
    hint: ButtonState = ButtonState()
    sort: ButtonState = ButtonState()
    rummy: ButtonState = ButtonState()

    def items(self) -> list[tuple[str, ButtonState]]:
        """``[(key, state), ...]`` for every button."""
        return [(k, getattr(self, k)) for k in ("end", "undo", "hint", "sort", "rummy")]


@dataclass(frozen=True)
class PersonTurn:
    """Everything the person's side of the table shows and allows now (see the module docstring):

    * ``mine``: it is the person's turn (the hand and the game under way);
    * ``status``: the status panel's lines (``[heading, what to do]``), or
      ``None`` when the table words the moment itself;
    * ``pile``: the :class:`PileHover` verdict, or ``None``;
    * ``drop``: the :class:`DropHint` under dragged cards, or ``None``;
    * ``focus_words``: what Enter does on the focused table place (keyboard), or ``None``;
    * ``note``: ``(words, warning)`` about what the pointer or focus is on (the
      pile verdict first, then the focus words), or ``None``;
    * ``line``: ``(words, amber)`` of the message line above the hand (a
      message first, then the hint, then the note), or ``None``;
    * ``lit``: the places to light up as legal (``LegalTargets``), or ``None``;
    * ``rummy_bar``: how much of the Rummy button's time bar shows (0 to 1;
      full while the pointer rests on it), ``None`` when no window runs;
    * ``buttons``: each button's :class:`ButtonState`;
    * ``calls_rummy``: a click (or Enter) on a pile card calls Rummy at that
      depth (the person's window is open and they are not simply the next to
      draw, or a computer's call waits on theirs, R18);
    * ``can_call``: a Rummy call may be tried now (the R key asks the engine;
      otherwise it says a call comes only right after a discard);
    * ``can_end``: the person may end the hand (their draw, the stock empty, R17).
    """

    mine: bool = False
    status: list[str] | None = None
    pile: PileHover | None = None
    drop: DropHint | None = None
    focus_words: str | None = None
    note: tuple[str, bool] | None = None
    line: tuple[str, bool] | None = None
    lit: LegalTargets | None = None
    rummy_bar: float | None = None
    buttons: Buttons = field(default_factory=Buttons)
    calls_rummy: bool = False
    can_call: bool = False
    can_end: bool = False


def calls_rummy(hand: HandState, seat: int, window_open: bool, claim: int | None) -> bool:
    """True when a click on a pile card means a Rummy call (R18): ``seat``'s
    window is open and the seat is not simply the next to draw, or a
    computer's call (``claim``) waits on theirs."""
    return window_open and (hand.current != seat or claim is not None)


def can_call(hand: HandState, window_open: bool) -> bool:
    """True when a Rummy call may be tried (the engine then says whether there
    is one): the person's window is open, or the hand's window still is at
    the draw."""
    return window_open or (hand.window is not None and hand.phase == Phase.DRAW)


def offers_rummy(hand: HandState, seat: int, always: bool, people: int = 1) -> bool:
    """Whether the person at ``seat`` is offered a Rummy window, and with it
    the Rummy! button, after the discard just made in ``hand`` (R18; issue
    21, item 13). Asked once per discard, when it is shown.

    With one person at the computer (``people == 1``) the button comes only
    when that person has a Rummy call open (:func:`game.intent.turn.rummy_options`),
    or after every discard with ``always`` (the table setting for those who
    want to spot calls themselves); a window not offered closes at once, so
    the game does not wait on a call that cannot be made.

    With several people at one computer the play-together issue's rule
    applies instead: the screen must not show who could call. That is not
    built yet; this is its place, and until then every discard offers the
    window to the person (never a hint of who could call)."""
    if people > 1:  # the play-together rule goes here: the same for everyone, whoever could call
        return True
    return always or bool(rummy_options(hand, seat))


def can_end(game: Game, seat: int) -> bool:
    """True when ``seat`` may end the hand: its draw, with the stock empty
    and no reshuffle left (R17)."""
    h = game.hand
    return my_turn(game, seat) and h.phase == Phase.DRAW and not h.stock_draw_possible()


def pile_hover(hand: HandState, seat: int, index: int | None, calling: bool, idle: bool,
               names: Sequence[str]) -> PileHover | None:
    """The verdict on taking the pile from ``index`` up (a hover or the
    focus), or ``None`` when there is nothing to say: no pile card, not the
    seat's draw (nor a Rummy call, ``calling``), the hand over, the table not
    ``idle``."""
    h = hand
    if index is None or (h.current != seat and not calling) or h.phase != Phase.DRAW or h.ended is not None \
            or not idle:
        return None
    n = len(h.discard)
    if index >= n:
        return None
    outcome = take_outcome(h, seat, index, calling)
    ok = isinstance(outcome, Accepted)
    if ok and calling:
        words = rummy_words(h, rummy_option(h, outcome.actions[0]), seat, list(names))
    elif ok:
        words = take_words(h, index)
    else:  # the hover's detail keeps the rule id (item 18)
        words = f"⚠ {plain(with_rule(outcome.message, outcome.rule), keep_rule_ids=True)}"
    return PileHover(index, n - index, h.discard[index], ok, words)


def drop_hint(drop: Target | None, targets: LegalTargets | None) -> DropHint | None:
    """What a drop of the dragged cards on ``drop`` would do (``targets``:
    where they are accepted); ``None`` off any place or over the hand."""
    if drop is None or isinstance(drop, HandSlot):
        return None
    ok = bool(targets) and targets.allows(drop)
    return DropHint(drop_words(drop, ok), ok)


def person_turn(game: Game, seat: int, side: TableSide, names: Sequence[str]) -> PersonTurn:
    """The :class:`PersonTurn` of the person at ``seat`` in ``game`` with
    their table-side state ``side``; ``names`` are the seats' names as shown."""
    h = game.hand
    names = list(names)
    mine = my_turn(game, seat)
    calling = calls_rummy(h, seat, side.window_open, side.claim)
    status = None
    if h.ended is None and game.winner is None:
        status = status_words(h, seat, names, side.claim, side.seconds_left)
    focus_words = None
    if side.keyboard and side.focus is not None:
        focus_words = enter_words(enter_effect(game, seat, side.focus, side.selected, calling), seat, names)
    pile = None
    if not side.quiet:  # a new turn, the person has not acted yet: no warning left over from the last one
        if side.keyboard and side.focus is not None:
            index = side.focus.index if isinstance(side.focus, PileCard) else None
        else:
            index = side.pointer.index if side.pointer is not None else None
        pile = pile_hover(h, seat, index, calling, side.idle, names)
    note = (pile.words, not pile.ok) if pile is not None else (focus_words, False) if focus_words is not None else None
    if side.message is not None:
        line = side.message
    elif side.hint is not None:
        line = (side.hint, False)
    else:
        line = note
    if line is not None and not line[0]:
        line = None
    lit = side.drop_targets if side.dragging else None
    if not lit:
        lit = side.key_targets
    bar = None
    if side.seconds_left is not None:
        bar = 1.0 if side.held else max(0.0, side.seconds_left) / max(0.01, side.window_s)
    end = can_end(game, seat)
    buttons = Buttons(end=ButtonState(shown=end), undo=ButtonState(enabled=mine and side.undo_kept),
                      hint=ButtonState(enabled=mine), rummy=ButtonState(shown=side.seconds_left is not None))
    drop = drop_hint(side.drop, side.drop_targets) if side.dragging else None
    return PersonTurn(mine=mine, status=status, pile=pile, drop=drop, focus_words=focus_words, note=note,
                      line=line, lit=lit, rummy_bar=bar, buttons=buttons, calls_rummy=calling,
                      can_call=can_call(h, side.window_open), can_end=end)
