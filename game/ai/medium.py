"""Medium: weighs every draw, tracks what opponents took, discards with care.

* **Draw.** Every legal discard-pile depth is scored as the points it lets
  the player table this turn, minus a risk charge for the cards taken that
  would stay in hand (the charge rises as the stock shrinks and as an
  opponent gets down to a few cards), against a stock draw.
* **Tabling.** The most valuable melds first, then every lay-off; a small
  meld is held back while the hand is young, the stock long and nobody is
  close to going out (it keeps the table from offering lay-offs).
* **Discard.** High cards go first, but not cards that help the hand, not
  cards that fit a meld on the table (they would hand the next players a
  lay-off or a Rummy call), and not cards that fit what an opponent took.
* **Rummy.** Calls whenever it can, at the depth worth most.
* **A circling hand** (the pile turned over again and again, R17): takes
  the pile when that tables a card and discards at random
  (:mod:`game.ai.cycle`).
"""

from __future__ import annotations

from ..actions import Action, CallRummy, Discard, DrawStock, EndHand, TakeDiscards, play_action
from ..cards import JOKER, is_tabled_joker
from ..engine import HandState
from ..melds import hand_value
from ..view import PlayerView, sample_world
from .base import AIPlayer
from .cycle import circling, ending_take, unsticking_discard
from .evaluate import fits_table, greedy_tabling, relates, usefulness

STOCK_DRAW_VALUE = 3.0
HOLD_MELD_POINTS = 12


def risk_factor(view: PlayerView) -> float:
    """How dear a card left in hand is: 0.4 early, up to about 1.5 when the
    stock is nearly gone or an opponent is about to go out."""
    risk = 0.4
    if view.stock_size < 12:
        risk += (12 - view.stock_size) / 12
    shortest = min((n for s, n in enumerate(view.hand_sizes) if s != view.seat), default=10)
    if shortest <= 3:
        risk += 0.5 * (4 - shortest) / 3
    return risk


def keep_count(view: PlayerView) -> int:
    """Cards that must stay in hand under ``going_out = discard_required`` (R16)."""
    return 1 if view.rules.going_out == "discard_required" else 0


class MediumAI(AIPlayer):
    """The Medium level (see the module docstring)."""

    level = "medium"

    def __init__(self, seed: int | None = None, max_depth: int | None = None, calls: bool = True):
        """``max_depth`` limits the pile depths weighed (for fast playouts);
        ``calls=False`` never calls Rummy."""
        super().__init__(seed)
        self.max_depth = max_depth
        self.calls = calls

    # ----------------------------------------------------------------- draws
    def score_take(self, view: PlayerView, world: HandState, k: int) -> float | None:
        """Value of taking the top ``k`` cards of the pile (``None`` if illegal)."""
        seat = view.seat
        if not world.is_legal(TakeDiscards(seat, k)):
            return None
        taken = list(view.discard[-k:])
        hand = list(view.hand) + taken
        plays, points, left, _ = greedy_tabling(hand, world.table, view.rules, seat,
                                                view.has_melded[seat], keep_count(view))
        stuck = [c for c in taken if c in left]
        risk = risk_factor(view) * sum(hand_value(c, view.rules.scoring) for c in stuck)
        potential = 0.15 * sum(usefulness(c, left, view.rules) for c in stuck)
        return points - risk + potential

    def ranked_draws(self, view: PlayerView, world: HandState) -> list[tuple[float, Action]]:
        """Every draw weighed: ``(value, action)`` best first. With the stock
        empty (R17) ending the hand is valued at what the hand holds now."""
        seat = view.seat
        _, base_points, _, _ = greedy_tabling(view.hand, world.table, view.rules, seat,
                                              view.has_melded[seat], keep_count(view))
        if world.stock_draw_possible():
            ranked = [(base_points + STOCK_DRAW_VALUE, DrawStock(seat))]
        else:
            ranked = [(base_points + 1, EndHand(seat))]
        depth = len(view.discard) if self.max_depth is None else min(self.max_depth, len(view.discard))
        for k in range(1, depth + 1):
            value = self.score_take(view, world, k)
            if value is not None:
                ranked.append((value, TakeDiscards(seat, k)))
        ranked.sort(key=lambda x: -x[0])
        return ranked

    def choose_draw(self, view: PlayerView, world: HandState) -> Action:
        """Pick among the stock and every legal depth of the discard pile."""
        return self.ranked_draws(view, world)[0][1]

    # ------------------------------------------------------------------ play
    def hold_melds(self, view: PlayerView, plays: list[tuple]) -> bool:
        """Hold back a small first meld while nothing presses (see the module docstring)."""
        if not plays or plays[0][0] != "meld" or view.committed is not None:
            return False
        points = sum(15 if is_tabled_joker(t) else hand_value(t, view.rules.scoring) for t in plays[0][1])
        shortest = min((n for s, n in enumerate(view.hand_sizes) if s != view.seat), default=10)
        return (points <= HOLD_MELD_POINTS and view.stock_size >= 15 and shortest >= 6
                and len(view.hand) - len(plays[0][1]) >= 3)

    def discard_score(self, view: PlayerView, card: int, next_known: list[int], table=None) -> float:
        """Higher is a better discard."""
        rules = view.rules
        if card == JOKER:
            return -100.0
        score = hand_value(card, rules.scoring) - usefulness(card, view.hand, rules)
        if fits_table(card, table if table is not None else [m.to_meld() for m in view.table], rules):
            score -= 25
        score -= 6 * relates(card, next_known, rules.ace_wraps)
        return score

    def choose_play(self, view: PlayerView, world: HandState) -> Action:
        """Table, lay off, or discard."""
        seat = view.seat
        plays, _, _, _ = greedy_tabling(view.hand, world.table, view.rules, seat, view.has_melded[seat],
                                        keep_count(view))
        if view.committed is not None:
            committed_ok = any(view.committed in (p[1] if p[0] == "meld" else (p[1],)) for p in plays)
            if not committed_ok:
                plan = world.plan_for(seat)
                if plan:
                    return play_action(seat, plan[0])
        if plays and not self.hold_melds(view, plays):
            for play in plays:
                action = play_action(seat, play)
                if world.is_legal(action):
                    return action
        elif plays:
            for play in plays:
                if play[0] == "layoff":
                    action = play_action(seat, play)
                    if world.is_legal(action):
                        return action
        if circling(view):  # the hand circles: let the cards move on (issue 13, item 13)
            discard = unsticking_discard(view, world, self.rng)
            if discard is not None:
                return discard
        discards = self.ranked_discards(view, world)
        if not discards:
            plan = world.plan_for(seat)
            return play_action(seat, plan[0])
        return discards[0]

    def ranked_discards(self, view: PlayerView, world: HandState) -> list[Discard]:
        """Every legal discard, best first (see :meth:`discard_score`)."""
        seat = view.seat
        discards = [Discard(seat, c) for c in sorted(set(view.hand)) if world.is_legal(Discard(seat, c))]
        next_known: list[int] = []
        for s in range(view.players):
            if s != seat:
                next_known.extend(view.known[s])
        discards.sort(key=lambda a: (-self.discard_score(view, a.card, next_known, world.table), a.card))
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
        """Call Rummy whenever it is legal, at the most valuable depth."""
        if not self.calls or not view.rules.rummy_calls or view.window is None:
            return None
        world = sample_world(view, self.rng)
        best: tuple[float, CallRummy] | None = None
        for k in range(1, len(view.discard) + 1):
            call = CallRummy(view.seat, k)
            if not world.is_legal(call):
                continue
            taken = list(view.discard[-k:])
            _, points, left, _ = greedy_tabling(list(view.hand) + taken, world.table, view.rules, view.seat,
                                                view.has_melded[view.seat], keep_count(view))
            value = points - risk_factor(view) * sum(hand_value(c, view.rules.scoring)
                                                     for c in taken if c in left)
            if best is None or value > best[0]:
                best = (value, call)
        return best[1] if best else None



