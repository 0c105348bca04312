"""A random legal player: the engine's fuzz tests and throughput benchmark.

:func:`random_step` applies one random legal action to a game, with weights
that reach every part of the rules (mostly stock draws, sometimes deep takes
and Rummy calls; melds and lay-offs whenever the dice say so). It sees the
whole state: it is a test driver, not an opponent.
"""

from __future__ import annotations

import random

from game.rules import turn_search as P
from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.game import Game
from game.rules.phase import DRAW_PHASE
from game.errors import IllegalMove
from game.rules.events import Event
from game.rules.cards import JOKER
from game.rules.meld_masks import CARD_BIT, any_meld_bits, hand_bits
from game.rules.melds import first_meld, open_cards


def _first_legal(game: Game, actions) -> tuple[Action, list[Event]] | None:
    for a in actions:
        try:
            return a, game.apply(a)
        except IllegalMove:
            continue
    return None


def random_step(game: Game, rng: random.Random, meld_rate: float = 0.6, take_rate: float = 0.3,
                rummy_rate: float = 0.3, end_rate: float = 0.5,
                greedy: bool = False) -> tuple[Action, list[Event]]:
    """Apply one random legal action (by the seat to move, or a Rummy call by
    another seat) and return ``(action, events)``.

    When it plays (at ``meld_rate``, and always with a committed card) it
    picks among every meld and lay-off; with ``greedy=True`` it tables the
    first meld or lay-off it finds instead, which is much cheaper (the
    throughput benchmark). Raises ``ValueError`` between hands or after the
    game, and ``AssertionError`` if no legal action exists (the engine must
    never let that happen)."""
    h = game.hand
    if h is None or h.ended is not None or game.winner is not None:
        raise ValueError("no action: the hand is over")
    return _step(game, h, rng, meld_rate, take_rate, rummy_rate, end_rate, greedy)


def _step(game: Game, h, rng: random.Random, meld_rate: float, take_rate: float, rummy_rate: float,
          end_rate: float, greedy: bool) -> tuple[Action, list[Event]]:
    """:func:`random_step` on the game's current hand ``h`` (on, no winner yet)."""
    seat = h.current
    if h.phase is DRAW_PHASE:
        if h.window is not None and rng.random() < rummy_rate:
            caller = rng.choice([s for s in range(h.players) if s != h.window])
            depths = {1, rng.randint(1, len(h.discard))}
            done = _first_legal(game, [CallRummy(caller, k) for k in sorted(depths)])
            if done:
                return done
        n = len(h.discard)
        can_stock = h.stock_draw_possible()
        if not can_stock and rng.random() < end_rate:
            a = EndHand(seat)  # R17; without this both could take from the pile for ever
            return a, game.apply(a)
        if n and (not can_stock or rng.random() < take_rate):
            if can_stock:
                depths = [1, rng.randint(1, n)] if rng.random() < 0.5 else [rng.randint(1, n)]
            else:
                depths = list(range(1, n + 1))
                rng.shuffle(depths)
            done = _first_legal(game, [TakeDiscards(seat, k) for k in depths])
            if done:
                return done
        a = DrawStock(seat) if can_stock else EndHand(seat)
        return a, game.apply(a)
    hand = h.hands[seat]
    if greedy and h.committed is None and rng.random() < meld_rate:
        done = _greedy_play(game, h, seat, hand)
        if done:
            return done
    elif h.committed is not None or rng.random() < meld_rate:
        # every play of P.all_plays (its melds, then its lay-offs), from a random one on, made as tried
        melds = P.meld_plays(hand, h.rules.ace_wraps, every_declaration=False)
        lays = P.layoff_plays(hand, h.table, h.rules, h.has_melded[seat])
        total = len(melds) + len(lays)
        if total:
            start = rng.randrange(total)
            tried = ((TableMeld(seat, melds[i]) if i < len(melds) else LayOff(seat, *lays[i - len(melds)]))
                     for i in (*range(start, total), *range(start)))
            done = _first_legal(game, tried)
            if done:
                return done
    start = rng.randrange(len(hand))
    a = Discard(seat, hand[start])
    try:
        return a, game.apply(a)  # nearly always legal: try it before making the others
    except IllegalMove:
        pass  # refused, so the hand is as it was
    done = _first_legal(game, [Discard(seat, c) for c in hand[start + 1:] + hand[:start]])
    if done:
        return done
    legal = h.legal_plays()
    if not legal:
        raise AssertionError("no legal action in the play phase: the engine let a turn get stuck")
    a = rng.choice(legal)
    return a, game.apply(a)


def _greedy_play(game: Game, h, seat: int, hand: list) -> tuple[Action, list[Event]] | None:
    """Table the first meld the hand holds, else lay off the first held card
    that extends a meld on the table (melds in table order, each meld's open
    cards in order); ``None`` when neither is legal."""
    aw = h.rules.ace_wraps
    held = hand_bits(hand)  # one mask for both tests: most play steps find neither a meld nor a lay-off
    if any_meld_bits(held, hand.count(JOKER), aw):
        done = _first_legal(game, (TableMeld(seat, first_meld(hand, aw)),))
        if done:
            return done
    if h.table and (h.has_melded[seat] or not h.rules.layoff_requires_own_meld):
        bit = CARD_BIT
        for i, m in enumerate(h.table):
            cached = m._open  # open_cards' own cache, read here: this loop runs every play step
            for c in (cached[1] if cached is not None and cached[0] is aw else open_cards(m, aw)):
                if bit[c] & held:
                    return _first_legal(game, (LayOff(seat, c, i),))
    return None


def play_random_hand(game: Game, rng: random.Random, max_actions: int = 5000, **weights) -> int:
    """Play the current hand to its end with :func:`random_step`; return the
    number of actions applied. Raises ``AssertionError`` if the hand does not
    end within ``max_actions``."""
    count = 0
    h = game.hand
    meld_rate, take_rate, rummy_rate, end_rate, greedy = _weights(**weights)
    while h.ended is None:
        _step(game, h, rng, meld_rate, take_rate, rummy_rate, end_rate, greedy)
        count += 1
        if count > max_actions:
            raise AssertionError("the hand did not end")
    return count


def _weights(meld_rate: float = 0.6, take_rate: float = 0.3, rummy_rate: float = 0.3, end_rate: float = 0.5,
             greedy: bool = False) -> tuple[float, float, float, float, bool]:
    """:func:`random_step`'s weights, its defaults filled in, in its order
    (``TypeError`` for a weight it does not take)."""
    return meld_rate, take_rate, rummy_rate, end_rate, greedy


def play_random_game(game: Game, rng: random.Random, max_hands: int = 500, **weights) -> int:
    """Deal and play hands until the game has a winner; return the number of hands."""
    hands = 0
    while game.winner is None:
        if game.hand is None or game.hand.ended is not None:
            game.deal_next_hand()
        play_random_hand(game, rng, **weights)
        hands += 1
        if hands > max_hands:
            raise AssertionError("the game did not end")
    return hands
