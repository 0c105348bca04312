"""Medium: weighs every draw, tracks what opponents took, discards with care.

* **Draw.** Every legal discard-pile depth is scored as the points it lets
  the player table this turn, minus a risk charge for the cards taken that
  would stay in hand (the charge rises as the stock shrinks and as an
  opponent gets down to a few cards), against a stock draw.
* **Tabling.** The most valuable melds first, then every lay-off; a small
  meld is held back while the hand is young, the stock long and nobody is
  close to going out (it keeps the table from offering lay-offs).
* **Going out.** When the hand can be emptied (or emptied but one discard)
  it finds the split of melds and lay-offs that does it
  (:mod:`game.ai.going_out`), and never holds a meld back then; jokers are
  laid off where a declaration fits.
* **Empty stock.** Ending the hand is weighed at the cards it leaves in hand,
  so it takes the top discard when that tables a meld (R17).
* **Discard.** High cards go first, but not cards that help the hand, not
  cards that fit a meld on the table (they would hand the next players a
  lay-off or a Rummy call), and not cards that meld with what an opponent
  took, the more so the closer that opponent is to going out
  (:mod:`game.ai.discards`), and not cards that meld with the pile's top
  card, which the next player could take with it (:data:`FEED_PILE`, R8.3),
  nor cards that meld with cards deeper in the pile, which a deep take
  would bring up with them (:data:`FEED_DEEP`, R9).
* **Rummy.** Calls only when the call is worth more than the seat's best
  alternative (its draw), weighed like any take.
* **A circling hand** (the pile turned over again and again, R17): takes
  the pile when that tables a card and discards at random
  (:mod:`game.ai.cycle`).
"""

from __future__ import annotations

from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.cards import is_tabled_joker
from game.rules.hand import HandState
from game.rules.melds import hand_value
from game.rules.view import PlayerView, sample_world
from game.ai.base import AIPlayer
from game.ai.cycle import circling, ending_take, unsticking_discard
from game.ai.discards import discard_values
from game.ai.evaluate import greedy_tabling, relates, shortest_other, usefulness
from game.ai.going_out import going_out_plan, table_everything, tabled_cards

STOCK_DRAW_VALUE = 3.0
HOLD_MELD_POINTS = 12
PRUNE_MARGIN = 8.0
"""Points below the best draw at which :meth:`MediumAI.ranked_draws` drops
a take: Medium does not weigh it further. (Hard adds every legal draw to
its candidates itself, so this prunes nothing of its search.)"""
TIE = 1e-9
FEED_PILE = 15.0
"""Charge on a discard per card of the pile's top that it melds with (same
rank, or same suit within two ranks, :func:`~game.ai.evaluate.relates`):
the next player may take both and meld them (R8.3). Measured in issue 25:
Medium against the cautious style rose from 36.5 % to 50 % of 400 games."""
FEED_DEEP = 12.0
"""Charge on a discard per card below the pile's top that it melds with (at
most :data:`DEEP_COUNTED` of them): a player who takes the pile down to
such a card must meld that card (R9), and the discard comes up with it.
Measured in issue 25 (seed 3, 400 games): Medium against the cautious
style rose from 50.0 % to 63.2 %; 6 points gave 56.5 %, 20 gave 65.7 %."""
DEEP_COUNTED = 2
"""The most cards below the pile's top that :data:`FEED_DEEP` charges a discard for."""
GO_OUT_BONUS = 20.0
"""What going out this turn is worth beyond the points tabled (the hand ends
while the opponents still hold cards)."""


def risk_factor(view: PlayerView) -> float:
    """How dear a card left in hand is: 0.4 early, up to about 1.5 when the
    stock is nearly gone or an opponent is about to go out. Worked out once
    a view (a draw weighs every depth of the pile with it)."""
    last = _LAST_RISK[0]
    if last[0] is view:
        return last[1]
    risk = 0.4
    if view.stock_size < 12:
        risk += (12 - view.stock_size) / 12
    shortest = shortest_other(view)
    if shortest <= 3:
        risk += 0.5 * (4 - shortest) / 3
    _LAST_RISK[0] = (view, risk)
    return risk


_LAST_RISK: list = [(None, 0.0)]
"""The last view :func:`risk_factor` weighed and its answer, one tuple
(read and replaced in one step)."""


def goes_out(hand, table, rules, seat: int, has_meld: bool, single_taken=None, committed=None) -> bool:
    """True when ``hand`` (drawn already) can go out this turn (R16; see
    :func:`~game.ai.going_out.going_out_plan`)."""
    return going_out_plan(hand, table, rules, seat, has_meld, single_taken, committed) is not None


def keep_count(view: PlayerView) -> int:
    """Cards that must stay in hand under ``going_out = discard_required`` (R16)."""
    return 1 if view.rules.going_out == "discard_required" else 0


class MediumAI(AIPlayer):
    """The Medium level (see the module docstring)."""

    level = "medium"
    pile_feed = FEED_PILE
    """Points charged per card a discard melds with at the pile's top (:data:`FEED_PILE`; 0: none)."""
    deep_feed = FEED_DEEP
    """Points charged per card below the pile's top a discard melds with (:data:`FEED_DEEP`; 0: none)."""

    def __init__(self, seed: int | None = None, max_depth: int | None = None, calls: bool = True):
        """``max_depth`` limits the pile depths weighed (for fast playouts);
        ``calls=False`` never calls Rummy."""
        super().__init__(seed)
        self.max_depth = max_depth
        self.calls = calls

    # ----------------------------------------------------------------- draws
    def score_take(self, view: PlayerView, world: HandState, k: int,
                   action: Action | None = None) -> float | None:
        """Value of taking the top ``k`` cards of the pile, by a draw or by
        ``action`` (a Rummy call, R18); ``None`` when it is not legal. The
        points it lets the seat table this turn, less a risk charge for the
        taken cards that would stay in hand; with the stock empty (R17) the
        hand is about to end, so it is what the hand would score: the points
        tabled less every card left but the discard."""
        seat = view.seat
        if not world.is_legal(action or TakeDiscards(seat, k)):
            return None
        taken = list(view.discard[-k:])
        hand = list(view.hand) + taken
        plays, points, left, _ = greedy_tabling(hand, world.table, view.rules, seat,
                                                view.has_melded[seat], keep_count(view),
                                                single_taken=taken[0] if k == 1 else None,
                                                committed=taken[0] if k > 1 else None)
        if not world.stock_draw_possible():
            values = [hand_value(c, view.rules.scoring) for c in left]
            spare = list(left)
            if k == 1 and taken[0] in spare:
                spare.remove(taken[0])  # R10: the card taken alone is not the discard
            return points - sum(values) + max((hand_value(c, view.rules.scoring) for c in spare), default=0)
        stuck = [c for c in taken if c in left]
        risk = risk_factor(view) * sum(hand_value(c, view.rules.scoring) for c in stuck)
        potential = 0.15 * sum(usefulness(c, left, view.rules) for c in stuck)
        out = GO_OUT_BONUS if goes_out(hand, world.table, view.rules, seat, view.has_melded[seat],
                                       taken[0] if k == 1 else None, taken[0] if k > 1 else None) else 0.0
        return points - risk + potential + out

    def ranked_draws(self, view: PlayerView, world: HandState) -> list[tuple[float, Action]]:
        """Every draw worth weighing: ``(value, action)`` best first; a take
        more than :data:`PRUNE_MARGIN` below the best is dropped. With the
        stock empty (R17) ending the hand is valued at the hand's cards
        counted against the seat."""
        seat = view.seat
        if world.stock_draw_possible():
            ranked = [(self.stock_value(view, world), DrawStock(seat))]
        else:
            ranked = [(-float(sum(hand_value(c, view.rules.scoring) for c in view.hand)), EndHand(seat))]
        depth = len(view.discard) if self.max_depth is None else min(self.max_depth, len(view.discard))
        for k in range(1, depth + 1):
            value = self.score_take(view, world, k)
            if value is not None:
                ranked.append((value, TakeDiscards(seat, k)))
        ranked.sort(key=lambda x: -x[0])
        best = ranked[0][0]
        return [r for r in ranked if r[0] >= best - PRUNE_MARGIN]

    def stock_value(self, view: PlayerView, world: HandState) -> float:
        """Value of a stock draw: what the hand tables now plus an unseen card's worth."""
        seat = view.seat
        rules = view.rules
        _, base_points, _, _ = greedy_tabling(view.hand, world.table, rules, seat,
                                              view.has_melded[seat], keep_count(view))
        if table_everything(view.hand, world.table, rules, seat, view.has_melded[seat]) is not None:
            # any card drawn can be the discard that goes out (R16)
            points = sum(hand_value(c, rules.scoring) for c in view.hand)
            return max(base_points, points) + GO_OUT_BONUS + STOCK_DRAW_VALUE
        return base_points + STOCK_DRAW_VALUE

    def choose_draw(self, view: PlayerView, world: HandState) -> Action:
        """Pick among the stock and every legal depth of the discard pile."""
        return self.ranked_draws(view, world)[0][1]

    # ------------------------------------------------------------------ play
    def hold_melds(self, view: PlayerView, plays: list[TableMeld | LayOff]) -> bool:
        """Hold back a small first meld while nothing presses (see the module docstring)."""
        if not plays or type(plays[0]) is not TableMeld or view.committed is not None:
            return False
        if len(tabled_cards(plays)) >= len(view.hand) - 1:  # tabling goes out (or floats): never hold
            return False
        points = sum(15 if is_tabled_joker(t) else hand_value(t, view.rules.scoring) for t in plays[0].cards)
        shortest = shortest_other(view)
        return (points <= HOLD_MELD_POINTS and view.stock_size >= 15 and shortest >= 6
                and len(view.hand) - len(plays[0].cards) >= 3)

    def choose_play(self, view: PlayerView, world: HandState) -> Action:
        """Table, lay off, or discard."""
        seat = view.seat
        plays, _, _, _ = greedy_tabling(view.hand, world.table, view.rules, seat, view.has_melded[seat],
                                        keep_count(view), view.single_taken, view.committed)
        if view.committed is not None:
            committed_ok = any(view.committed in (p.cards if type(p) is TableMeld else (p.card,)) for p in plays)
            if not committed_ok:
                plan = world.plan_for(seat)
                if plan:
                    return plan[0]
        if plays and not self.hold_melds(view, plays):
            for play in plays:
                if world.is_legal(play):
                    return play
        elif plays:
            for play in plays:
                if type(play) is LayOff and world.is_legal(play):
                    return play
        if circling(view):  # the hand circles: let the cards move on (issue 13, item 13)
            discard = unsticking_discard(view, world, self.rng)
            if discard is not None:
                return discard
        discards = self.ranked_discards(view, world)
        if not discards:
            plan = world.plan_for(seat)
            return plan[0]
        return discards[0]

    def ranked_discards(self, view: PlayerView, world: HandState) -> list[Discard]:
        """Every legal discard, best first (:func:`game.ai.discards.discard_values`),
        less :attr:`pile_feed` per card of the pile's top it melds with (R8.3)
        and :attr:`deep_feed` per card below the top it melds with, at most
        :data:`DEEP_COUNTED` (R9)."""
        seat = view.seat
        discards = [a for a in [Discard(seat, c) for c in sorted(set(view.hand))] if world.is_legal(a)]
        values = discard_values([a.card for a in discards], view, world.table)
        aw = view.rules.ace_wraps
        if self.pile_feed and view.discard:
            top = view.discard[-1:]
            for card in values:
                values[card] -= self.pile_feed * relates(card, top, aw)
        if self.deep_feed and len(view.discard) > 1:
            deep = view.discard[:-1]
            for card in values:
                values[card] -= self.deep_feed * min(DEEP_COUNTED, relates(card, deep, aw))
        discards.sort(key=lambda a: (-values[a.card], a.card))
        return discards

    def choose(self, view: PlayerView) -> Action:
        """Draw, table or discard for ``view.seat``."""
        return self.decide(view, sample_world(view, self.rng))

    def decide(self, view: PlayerView, world: HandState) -> Action:
        """``choose`` in a given world (any world consistent with ``view``:
        the engine is asked only about this seat's own moves)."""
        if view.phase == "draw":
            take = ending_take(view, world) if circling(view) else None
            return take or self.choose_draw(view, world)
        return self.choose_play(view, world)

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """Call Rummy (R18) only when the call beats the seat's best
        alternative, weighed as the draw choice weighs a take
        (:meth:`score_take`): for the seat to move, its best draw (a call as
        good as the best draw is made: it claims the cards first); for any
        other seat, a stock draw on its own turn."""
        if not self.calls:
            return None
        return self.best_call(view)

    def best_call(self, view: PlayerView, credit: float = 0.0) -> CallRummy | None:
        """The Rummy call :meth:`call_rummy` weighs (R18), with ``credit``
        points added to every call's value (what else the call is worth to
        the caller: Hard credits the turns it takes from short-handed seats
        it skips); ``None`` when no legal call beats the alternative, or no
        Rummy window is open."""
        if not view.rules.rummy_calls or view.window is None:
            return None
        world = sample_world(view, self.rng)
        seat = view.seat
        if view.current == seat and view.phase == "draw":
            # the seat to move calls rather than take the same cards as its draw: a call
            # claims them before anyone else can (R18)
            alternative = self.ranked_draws(view, world)[0][0] - TIE
        elif world.stock_draw_possible():
            alternative = self.stock_value(view, world)
        else:
            alternative = -float(sum(hand_value(c, view.rules.scoring) for c in view.hand))
        best: tuple[float, CallRummy] | None = None
        for k in range(1, len(view.discard) + 1):
            call = CallRummy(seat, k)
            value = self.score_take(view, world, k, call)
            if value is None:
                continue
            value += credit
            if value > alternative and (best is None or value > best[0]):
                best = (value, call)
        return best[1] if best else None
