"""What the person means by "these cards onto this place" (issue 14, part 2).

The pygame-free half of the table's input: the gesture code
(:mod:`scenes.table.person_input`) names a place (a :mod:`game.intent.targets` value) and
the hand cards it carries; this module answers with an :data:`Outcome`:

* :class:`Accepted`: the engine actions to apply, in order (a multi-card lay-off
  is several ``LayOff`` actions, planned on a clone so each one is legal);
* :class:`Refusal`: why not, either the engine's own ``IllegalMove`` message
  and rule, or one of the table's reasons (:data:`REASONS`);
* :class:`Choice`: more than one legal action (a joker's declaration, R15)
  and the person must pick one.

It also says which places would accept a drag (:func:`legal_targets`), what
Enter would do on a focused place (:func:`enter_effect`), what taking from
the pile would do (:func:`take_outcome`) and the hint (:func:`hint_action`).
The rules stay in the engine (:mod:`game.rules.game`): everything here asks
``HandState.check`` / ``is_legal``. Words are the table's (:mod:`scenes`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Union

from game.rules.actions import Action, CallRummy, Discard, DrawStock, LayOff, TableMeld, TakeDiscards
from game.rules.cards import JOKER, Card, in_hand_card, rank_of, suit_of
from game.rules.melds import enumerate_melds, hand_value
from game.rules.game import Game
from game.rules.hand import HandState
from game.rules.phase import Phase
from game.errors import IllegalMove
from game.intent.targets import DiscardPile, NewMeld, OnMeld, PileCard, Stock, Target
from game.ai.medium import MediumAI
from game.rules.view import PlayerView, sample_world, view_for

#: Where a seat stands: the seat's own :class:`~game.rules.view.PlayerView`
#: (what the table has, issue 23) or, for tools and tests, the whole :class:`Game`.
Position = Union[Game, PlayerView]

_worlds: dict[int, tuple[PlayerView, HandState]] = {}


def world_of(position: Position) -> HandState:
    """A hand to ask the engine what ``position``'s seat may do: the game's
    own hand, or for a view a hand dealt consistently with it
    (:func:`game.rules.view.sample_world`; every such hand allows the seat the
    same moves, since they depend only on its own cards and what is public).
    Read it, never change it: the last view's is kept for the next question."""
    if not isinstance(position, PlayerView):
        return position.hand
    kept = _worlds.get(0)
    if kept is None or kept[0] is not position:
        kept = (position, sample_world(position, random.Random(0)))
        _worlds[0] = kept
    return kept[1]

#: The table's own refusal reasons (the scene words each one):
#: ``one_card`` a discard needs exactly one card (R10); ``select_meld`` no
#: card chosen for a meld; ``not_a_meld`` no joker declaration makes a meld
#: (the engine named no other reason); ``no_fit`` the one card does not fit
#: the meld (R14); ``not_all_fit`` no order lays every card off; ``wait_turn``
#: another seat's turn; ``wait_window`` the person's turn cannot start yet;
#: ``draw_first_drop`` / ``draw_first_key`` a meld, lay-off or discard before
#: the draw (R7), by a drop or by Enter; ``select_layoff`` Enter on a meld
#: with nothing selected; ``engine`` the engine's ``IllegalMove``.
REASONS = ("one_card", "select_meld", "not_a_meld", "no_fit", "not_all_fit", "wait_turn", "wait_window",
           "draw_first_drop", "draw_first_key", "select_layoff", "engine")


@dataclass(frozen=True)
class Accepted:
    """Apply ``actions`` in order (stop at the first the engine refuses)."""

    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Refusal:
    """Nothing is played. ``reason`` is one of :data:`REASONS`; for
    ``"engine"`` ``message`` and ``rule`` are the engine's ``IllegalMove``
    message and rule id; ``card`` is the card a reason names (``no_fit``).
    ``logged``: the refusal goes into the game log too (a refused meld or
    lay-off), not only the one-line message above the hand."""

    reason: str
    message: str | None = None
    rule: str | None = None
    card: Card | None = None
    logged: bool = False


@dataclass(frozen=True)
class Choice:
    """Several legal actions: ``question`` is ``"joker_meld"`` (which card
    the joker of a new meld stands for, R15) or ``"joker_layoff"`` (of a
    laid-off joker); the person picks one of ``options``."""

    question: str
    options: tuple[Action, ...]


#: What a drop or Enter comes to.
Outcome = Union[Accepted, Refusal, Choice]


def _engine_refusal(exc: IllegalMove) -> Refusal:
    return Refusal("engine", exc.message, exc.rule, logged=True)


def my_turn(position: Position, seat: int) -> bool:
    """True while the game and hand go on and it is ``seat``'s turn (R7)."""
    if isinstance(position, PlayerView):
        return position.phase != "over" and position.current == seat
    h = position.hand
    return position.winner is None and h is not None and h.ended is None and h.current == seat


@dataclass(frozen=True)
class LegalTargets:
    """Where a drag of some hand cards would be accepted now: the discard
    pile (``discard``), the felt as a new meld (``new``), and the indices of
    the table melds they can all be laid off on (``melds``)."""

    discard: bool = False
    new: bool = False
    melds: frozenset[int] = field(default_factory=frozenset)

    def allows(self, target: Target | None) -> bool:
        """True when a drop on ``target`` would be accepted."""
        if isinstance(target, (DiscardPile, PileCard)):
            return self.discard
        if isinstance(target, NewMeld):
            return self.new
        if isinstance(target, OnMeld):
            return target.meld in self.melds
        return False


def legal_targets(game: Position, seat: int, cards: list[Card]) -> LegalTargets:
    """The drops of hand cards ``cards`` (card codes) that ``seat`` could make
    now (``game``: the seat's view, or the game): nothing outside the play
    phase of its own turn (R7)."""
    if not my_turn(game, seat):
        return LegalTargets()
    h = world_of(game)
    if h.phase != Phase.PLAY:
        return LegalTargets()
    discard, melds = False, frozenset()
    if len(cards) == 1:
        discard = h.is_legal(Discard(seat, cards[0]))
        melds = frozenset(m for m, t in h.layoff_targets(cards[0]) if h.is_legal(LayOff(seat, t, m)))
    elif cards:
        melds = frozenset(m for m in range(len(h.table)) if layoff_plan(h, seat, cards, m) is not None)
    new = len(cards) >= 3 and any(h.is_legal(TableMeld(seat, c)) for c in h.meld_choices(cards))
    return LegalTargets(discard, new, melds)


def layoff_plan(hand: HandState, seat: int, cards: list[Card], meld: int) -> list[LayOff] | None:
    """Lay-offs (R14) that put every card of ``cards`` on ``meld``, in an
    order where each is legal after the ones before (planned on a clone;
    jokers last, they fit anywhere), or ``None`` when there is none."""
    world = hand.clone()
    rest, plan = list(cards), []
    while rest:
        for c in sorted(rest, key=lambda c: c == JOKER):
            legal = [t for m, t in world.layoff_targets(c) if m == meld and world.is_legal(LayOff(seat, t, meld))]
            if legal:
                world.apply(LayOff(seat, legal[0], meld))
                plan.append(LayOff(seat, legal[0], meld))
                rest.remove(c)
                break
        else:
            return None
    return plan


def discard_outcome(seat: int, cards: list[Card]) -> Outcome:
    """Discarding ``cards``: exactly one card (R10); the engine checks the rest."""
    if len(cards) != 1:
        return Refusal("one_card")
    return Accepted((Discard(seat, cards[0]),))


def meld_outcome(hand: HandState, seat: int, cards: list[Card]) -> Outcome:
    """Tabling ``cards`` as a new meld (R11-R13): the one legal way, a
    :class:`Choice` when jokers allow several declarations (R15), or why not."""
    if not cards:
        return Refusal("select_meld")
    choices = hand.meld_choices(cards)
    legal = tuple(TableMeld(seat, c) for c in choices if hand.is_legal(TableMeld(seat, c)))
    if len(legal) == 1:
        return Accepted(legal)
    if legal:
        return Choice("joker_meld", legal)
    try:
        hand.check(TableMeld(seat, choices[0] if choices else tuple(cards)))
    except IllegalMove as exc:
        return _engine_refusal(exc)
    return Refusal("not_a_meld", logged=True)


def lay_off_outcome(hand: HandState, seat: int, cards: list[Card], meld: int) -> Outcome:
    """Laying ``cards`` off on table meld ``meld`` (R14): one card (a joker
    that could stand for several cards makes a :class:`Choice`, R15), or
    several that all fit, in an order that works (:func:`layoff_plan`)."""
    if len(cards) == 1:
        options = tuple(LayOff(seat, t, meld) for m, t in hand.layoff_targets(cards[0])
                        if m == meld and hand.is_legal(LayOff(seat, t, meld)))
        if len(options) == 1:
            return Accepted(options)
        if options:
            return Choice("joker_layoff", options)
        try:
            hand.check(LayOff(seat, cards[0], meld))
        except IllegalMove as exc:
            return _engine_refusal(exc)
        return Refusal("no_fit", card=cards[0], logged=True)
    plan = layoff_plan(hand, seat, cards, meld)
    if plan is None:
        return Refusal("not_all_fit")
    return Accepted(tuple(plan))


def drop_outcome(game: Position, seat: int, cards: list[Card], target: Target) -> Outcome:
    """Hand cards ``cards`` dropped on ``target`` (the discard pile, a meld or
    the felt), ``game`` the seat's view (or the game): first whether ``seat``
    may play now (its turn, R7, and drawn), then :func:`discard_outcome`,
    :func:`lay_off_outcome` or :func:`meld_outcome`."""
    h = world_of(game)
    if not my_turn(game, seat):
        return Refusal("wait_turn" if h.current != seat else "wait_window")
    if h.phase == Phase.DRAW:
        return Refusal("draw_first_drop")
    if isinstance(target, (DiscardPile, PileCard)):
        return discard_outcome(seat, cards)
    if isinstance(target, OnMeld):
        return lay_off_outcome(h, seat, cards, target.meld)
    return meld_outcome(h, seat, cards)


def enter_outcome(game: Position, seat: int, cards: list[Card], target: Target) -> Outcome:
    """Enter on the focused ``target`` with the selected ``cards`` (``game``:
    the seat's view, or the game): in the
    draw phase (or on the stock) a draw (``DrawStock``) or a take of the pile
    card and all above it (``TakeDiscards``, R8.2); in the play phase a
    discard on a pile card, a new meld on the felt, a lay-off on a meld."""
    h = world_of(game)
    if h.phase == Phase.DRAW or isinstance(target, Stock):
        if isinstance(target, Stock):
            return Accepted((DrawStock(seat),))
        if isinstance(target, PileCard):
            return Accepted((TakeDiscards(seat, len(h.discard) - target.index),))
        return Refusal("draw_first_key")
    if not my_turn(game, seat):
        return Refusal("wait_turn")
    if isinstance(target, (PileCard, DiscardPile)):
        return discard_outcome(seat, cards)
    if isinstance(target, NewMeld):
        return meld_outcome(h, seat, cards)
    if isinstance(target, OnMeld):
        if not cards:
            return Refusal("select_layoff")
        return lay_off_outcome(h, seat, cards, target.meld)
    return Refusal("wait_turn")


def take_outcome(hand: HandState, seat: int, index: int, rummy: bool) -> Outcome:
    """Taking the pile card at ``index`` and all above it: a ``TakeDiscards``
    (R8.2, R9), or, when ``rummy`` (the seat's Rummy window, R18), a
    ``CallRummy`` at that depth; refused with the engine's reason."""
    k = len(hand.discard) - index
    action = CallRummy(seat, k) if rummy else TakeDiscards(seat, k)
    try:
        hand.check(action)
    except IllegalMove as exc:
        return _engine_refusal(exc)
    return Accepted((action,))


@dataclass(frozen=True)
class EnterEffect:
    """What Enter would do on a focused place, for the table to word:
    ``kind`` is one of ``rummy`` (call Rummy taking ``count`` cards),
    ``not_your_turn``, ``draw``, ``stock_drawn`` (the stock, already drawn),
    ``take`` (``count`` cards from the pile), ``discard``, ``discard_select``
    (select one card first), ``meld`` (``count`` selected cards),
    ``meld_select``, ``lay_off`` and ``lay_off_select`` (on the meld of seat
    ``owner``)."""

    kind: str
    count: int = 0
    owner: int | None = None


def enter_effect(game: Position, seat: int, target: Target, selected: int, calling_rummy: bool) -> EnterEffect:
    """What Enter does on ``target`` with ``selected`` cards chosen (``game``:
    the seat's view, or the game); ``calling_rummy``: a pile card there calls
    Rummy (the seat's window, R18)."""
    h = world_of(game)
    if isinstance(target, PileCard) and calling_rummy:
        return EnterEffect("rummy", len(h.discard) - target.index)
    if h.current != seat or h.ended is not None:
        return EnterEffect("not_your_turn")
    if isinstance(target, Stock):
        return EnterEffect("draw" if h.phase == Phase.DRAW else "stock_drawn")
    if isinstance(target, PileCard):
        if h.phase == Phase.DRAW:
            return EnterEffect("take", len(h.discard) - target.index)
        return EnterEffect("discard" if selected == 1 else "discard_select")
    if isinstance(target, NewMeld):
        return EnterEffect("meld", selected) if selected else EnterEffect("meld_select")
    meld = target.meld if isinstance(target, OnMeld) else -1
    owner = h.table[meld].owner if 0 <= meld < len(h.table) else seat
    return EnterEffect("lay_off" if selected else "lay_off_select", selected, owner)


def hint_action(game: Game, seat: int) -> Action | None:
    """The move the Medium computer would make for ``seat`` now (a hint,
    never played), or ``None`` when it is not ``seat``'s turn."""
    h = game.hand
    if h.ended is not None or h.current != seat:
        return None
    return MediumAI(seed=len(h.actions)).choose(view_for(game, seat))


@dataclass(frozen=True)
class HintWhy:
    """Why a hinted move is good, as facts the person can see (their hand,
    the table, the discard pile; never a hidden card), for
    :func:`game.intent.words.why_words`. ``kind`` is one of:

    * ``"out"``: the move goes out and ends the hand (R16);
    * ``"score"``: a meld or lay-off puts ``points`` on the table now (R19);
    * ``"take_meld"``: the deepest card taken, ``card``, makes a meld with
      the held ``cards``; ``"take_layoff"``: it lays off on a meld on the
      table; ``"take_keep"``: neither this turn (a single top card kept);
    * ``"stock_nothing"``: no card of the pile could be taken (none can be
      tabled with the hand, R9); ``"stock_better"``: some could, and the
      computer rates a fresh card higher;
    * ``"discard_loose"``: ``card`` counts ``points`` against the hand and no
      held card is near it (same rank, or within two in its suit, or a
      joker); ``"discard_least"``: it helps the melds in hand least;
    * ``"end"``: the stock is empty and nothing in the pile is taken (R17).
    """

    kind: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    points: int = 0


def _near(card: Card, others: list[Card]) -> bool:
    """True when a held card could join ``card`` in a set or run: a joker, the same rank, or the same suit
    within two ranks (the ace at both ends)."""
    if card == JOKER:
        return bool(others)
    r, s = rank_of(card), suit_of(card)
    for o in others:
        if o == JOKER or rank_of(o) == r:
            return True
        if suit_of(o) == s and min((rank_of(o) - r) % 13, (r - rank_of(o)) % 13) <= 2:
            return True
    return False


def pile_card_usable(game: Game, seat: int) -> bool:
    """True when ``seat`` could take a card of the discard pile and table it
    this turn: a deeper take the rules allow (R9 lets it only then), or a
    top card that makes a meld with the hand or lays off on the table."""
    h = game.hand
    if any(h.is_legal(TakeDiscards(seat, k)) for k in range(2, len(h.discard) + 1)):
        return True
    if not h.discard or not h.is_legal(TakeDiscards(seat, 1)):
        return False
    top = h.discard[-1]
    return bool(enumerate_melds(list(h.hands[seat]) + [top], game.rules.ace_wraps, holding=top, first=True)
                or h.layoff_targets(top))


def hint_why(game: Game, seat: int, action: Action) -> HintWhy:
    """The facts behind hinted ``action`` (legal for ``seat`` now, see
    :class:`HintWhy`), worked out on a clone of ``game`` from what the seat
    can see."""
    h = game.hand
    after = game.clone()
    if isinstance(action, (TableMeld, LayOff, Discard)):
        after.apply(action)
        if after.hand.ended is not None and after.hand.went_out == seat:
            return HintWhy("out")
    if isinstance(action, (TableMeld, LayOff)):
        gained = after.hand.scores()[seat]["tabled"] - h.scores()[seat]["tabled"]
        return HintWhy("score", points=gained)
    if isinstance(action, Discard):
        rest = list(h.hands[seat])
        rest.remove(action.card)
        if not _near(action.card, rest):
            return HintWhy("discard_loose", action.card, points=hand_value(action.card, game.rules.scoring))
        return HintWhy("discard_least", action.card)
    if isinstance(action, DrawStock):
        return HintWhy("stock_better" if pile_card_usable(game, seat) else "stock_nothing")
    if isinstance(action, TakeDiscards):
        deepest = h.discard[-action.count]
        after.apply(action)
        held = list(h.hands[seat])
        for play in after.hand.plan_for(seat) or []:
            if isinstance(play, TableMeld) and deepest in [in_hand_card(c) for c in play.cards]:
                others = [in_hand_card(c) for c in play.cards]
                others.remove(deepest)
                return HintWhy("take_meld", deepest, tuple(others))
            if isinstance(play, LayOff) and in_hand_card(play.card) == deepest:
                return HintWhy("take_layoff", deepest)
        melds = enumerate_melds(held + [deepest], game.rules.ace_wraps, holding=deepest)
        if melds:
            others = [in_hand_card(c) for c in melds[0]]
            others.remove(deepest)
            return HintWhy("take_meld", deepest, tuple(others))
        if after.hand.layoff_targets(deepest):
            return HintWhy("take_layoff", deepest)
        return HintWhy("take_keep", deepest)
    return HintWhy("end")


def hint_cards(action: Action) -> list[Card]:
    """The hand cards (codes, jokers undeclared) a hinted ``action`` plays."""
    if isinstance(action, TableMeld):
        return [in_hand_card(c) for c in action.cards]
    if isinstance(action, LayOff):
        return [in_hand_card(action.card)]
    if isinstance(action, Discard):
        return [action.card]
    return []
