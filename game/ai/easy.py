"""Easy: plays like a casual player.

Takes the top discard only when it completes a meld or a lay-off (or, with
the stock empty, when it can table anything at all rather than end the
hand, R17); looks two or three cards down the pile only for a card that
melds with its hand, never deeper; tables melds at once, lays off what fits,
jokers too, and goes out when the cards allow it (the shared
:func:`~game.ai.evaluate.greedy_tabling`); discards its highest loose card
(one that is in no pair and has no suit neighbour), the highest card only
when none is loose, and while an opponent is down to two cards not one
that fits a meld on the table (:data:`SHORT_HAND`); now and then slips (a
random discard) and misses some Rummy calls. It does not watch what its
opponents pick up. In a circling hand (R17, :mod:`game.ai.cycle`) it takes the
pile when that tables a card and discards at random.
"""

from __future__ import annotations

from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, TakeDiscards
from game.rules.cards import JOKER
from game.rules.meld_masks import could_meld_with
from game.rules.melds import hand_value
from game.rules.view import PlayerView, sample_world
from game.ai.base import AIPlayer
from game.ai.cycle import circling, ending_take
from game.ai.discards import loose_cards
from game.ai.evaluate import fits_table, greedy_tabling, shortest_other
from game.ai.medium import keep_count

SLIP_RATE = 0.12
MISS_RUMMY_RATE = 0.5
EASY_DEPTH = 3
"""The deepest pile card Easy looks at (it takes it only for a meld with its hand)."""
SHORT_HAND = 2
"""While an opponent holds this many cards or fewer (it may go out on its
next turn), Easy does not throw a card that fits a meld on the table (that
opponent could take it and lay it off), unless every card it may throw
does; a slip still can (issue 25, item 3: the endgame, to Easy's
character)."""


class EasyAI(AIPlayer):
    """The Easy level (see the module docstring)."""

    level = "easy"

    def choose(self, view: PlayerView) -> Action:
        """Draw, table or discard for ``view.seat``."""
        world = sample_world(view, self.rng)
        seat = view.seat
        rules = view.rules
        table = world.table
        if view.phase == "draw":
            take = ending_take(view, world) if circling(view) else None
            if take is not None:  # a circling hand: take the pile when that tables a card (item 13)
                return take
            if view.discard:
                top = view.discard[-1]
                hand = list(view.hand) + [top]
                useful = (top != JOKER and could_meld_with(hand, top, rules.ace_wraps)) or fits_table(top, table, rules)
                take = TakeDiscards(seat, 1)
                if not useful and not world.stock_draw_possible():  # the hand would end: table what it can
                    useful = bool(greedy_tabling(hand, table, rules, seat, view.has_melded[seat],
                                                 keep_count(view), single_taken=top)[0])
                if useful and world.is_legal(take):
                    return take
                for k in range(2, min(EASY_DEPTH, len(view.discard)) + 1):  # a meld a few cards down
                    taken = list(view.discard[-k:])
                    take = TakeDiscards(seat, k)
                    if (taken[0] != JOKER and could_meld_with(list(view.hand) + taken, taken[0], rules.ace_wraps)
                            and world.is_legal(take)):
                        return take
            if world.stock_draw_possible():
                return DrawStock(seat)
            return EndHand(seat)
        if view.committed is not None:
            plan = world.plan_for(seat)
            if plan:
                return plan[0]
        plays, _, _, _ = greedy_tabling(view.hand, table, rules, seat, view.has_melded[seat], keep_count(view),
                                        view.single_taken, view.committed)
        for play in plays[:1]:
            if world.is_legal(play):
                return play
        discards = [Discard(seat, c) for c in sorted(set(view.hand)) if world.is_legal(Discard(seat, c))]
        if not discards:
            plan = world.plan_for(seat)
            return plan[0]
        if circling(view) or self.rng.random() < SLIP_RATE:  # a circling hand: let the cards move on
            # a slip throws any card but a joker: even a beginner keeps a joker while it has another card
            return self.rng.choice([a for a in discards if a.card != JOKER] or discards)
        if shortest_other(view) <= SHORT_HAND:
            # an opponent may go out next turn: don't hand it a lay-off (issue 25, item 3)
            safe = [a for a in discards if not fits_table(a.card, table, rules)]
            discards = safe or discards
        loose = set(loose_cards(view.hand, view))
        return max(discards, key=lambda a: (a.card in loose,
                                            hand_value(a.card, rules.scoring) if a.card != JOKER else -1,
                                            self.rng.random()))

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """Calls Rummy on the top card only, and misses about half the chances."""
        if self.rng.random() < MISS_RUMMY_RATE or not view.rules.rummy_calls:
            return None
        world = sample_world(view, self.rng)
        call = CallRummy(view.seat, 1)
        return call if world.is_legal(call) else None
