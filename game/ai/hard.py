"""Hard: determinised Monte Carlo search over worlds consistent with its view.

For each decision that is not forced, Hard takes Medium's few best
candidates (draws: the stock or ending the hand, and the best pile depths;
discards: the best few), deals the hidden cards at random into a world
consistent with its view (cards an opponent took from the pile stay in that
hand unless played), plays every candidate out in that same world with
Medium playing every seat, and scores the result. The same worlds and the
same playout seeds serve every candidate (common random numbers). It is
anytime: it stops at its time cap and picks the candidate with the best
average. Near the target it scores playouts by the game (its total against
the best other total), not by the hand. Melds and lay-offs follow Medium.
"""

from __future__ import annotations

import time

from ..actions import Action, CallRummy, Discard
from ..engine import HandState, Phase
from ..errors import IllegalMove
from ..view import PlayerView, sample_world, view_of
from .base import AIPlayer
from ..melds import hand_value
from .evaluate import greedy_tabling
from .cycle import circling
from .medium import MediumAI
from .playout import PlayoutPolicy

TIME_CAP = 0.2  # seconds per decision: a safety bound; the world budget decides first
MAX_WORLDS = 14
DRAW_CANDIDATES = 3
DISCARD_CANDIDATES = 4
POTENTIAL = 0.7  # share of a meld still in hand that a playout's score credits


class HardAI(AIPlayer):
    """The Hard level (see the module docstring). ``time_cap`` is the search
    budget in seconds per decision; ``max_worlds`` bounds the worlds sampled."""

    level = "hard"

    def __init__(self, seed: int | None = None, time_cap: float = TIME_CAP, max_worlds: int = MAX_WORLDS,
                 horizon: int | None = None):
        super().__init__(seed)
        self.time_cap = time_cap
        self.max_worlds = max_worlds
        self.horizon = horizon
        self.medium = MediumAI(self.rng.getrandbits(32))
        self.playout_policy = PlayoutPolicy(0)

    # ------------------------------------------------------------ candidates
    def candidates(self, view: PlayerView, world: HandState) -> list[Action]:
        """The moves worth searching, best by Medium first."""
        medium = self.medium
        if view.phase == "draw":
            ranked = medium.ranked_draws(view, world)
            return [a for _, a in ranked[:DRAW_CANDIDATES]]
        choice = medium.choose_play(view, world)
        if not isinstance(choice, Discard):
            return [choice]  # melds and lay-offs follow Medium
        return medium.ranked_discards(view, world)[:DISCARD_CANDIDATES]

    # -------------------------------------------------------------- playouts
    def evaluate(self, world: HandState, seat: int, totals: tuple[int, ...]) -> float:
        """Score a (possibly unfinished) hand for ``seat``: its hand score
        minus the best other seat's; near the target, by game totals. In an
        unfinished hand the cards a seat could still meld count for most of
        their value instead of against it."""
        scores = [s["hand"] for s in world.scores()]
        if world.ended is None:
            rules = world.rules
            keep = 1 if rules.going_out == "discard_required" else 0
            for s in range(world.players):
                _, points, left, _ = greedy_tabling(world.hands[s], world.table, rules, s,
                                                    world.has_melded[s], keep)
                held = sum(hand_value(c, rules.scoring) for c in world.hands[s])
                left_value = sum(hand_value(c, rules.scoring) for c in left)
                # scores[s] already counts every held card against the seat
                scores[s] += held - left_value + POTENTIAL * points
        target = world.rules.target
        if max(totals) + 80 >= target:
            finals = [t + s for t, s in zip(totals, scores)]
            mine = finals[seat]
            best_other = max(f for i, f in enumerate(finals) if i != seat)
            bonus = 150 if (mine >= target and mine > best_other) else 0
            bonus -= 150 if (best_other >= target and best_other > mine) else 0
            return mine - best_other + bonus
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        return scores[seat] - best_other

    def playout(self, world: HandState, seat: int, totals: tuple[int, ...], seed: int) -> float:
        """Play ``world`` on with Medium at every seat for a few turns (or to
        the end of the hand) and evaluate it for ``seat``."""
        policy = self.playout_policy
        policy.rng.seed(seed)
        horizon = self.horizon or max(6, 2 * world.players)
        turns = 0
        steps = 0
        while world.ended is None and turns < horizon and steps < 200:
            s = world.current
            view = view_of(world, s, totals)
            try:
                action = policy.decide(view, world)
                world.apply(action)
            except (IllegalMove, IndexError, TypeError):
                break
            steps += 1
            if world.phase == Phase.DRAW and world.current != s:
                turns += 1
        return self.evaluate(world, seat, totals)

    # ---------------------------------------------------------------- search
    def sample(self, view: PlayerView) -> HandState:
        """One world to search: the hidden cards dealt at random, consistently
        with the view."""
        return sample_world(view, self.rng)

    def choose(self, view: PlayerView) -> Action:
        """Search the candidates (see the module docstring)."""
        world = sample_world(view, self.rng)
        if circling(view):  # a circling hand (R17): no search, play toward an end like Medium
            return self.medium.decide(view, world)
        cands = self.candidates(view, world)
        if len(cands) == 1:
            return cands[0]
        deadline = time.perf_counter() + self.time_cap
        sums = [0.0] * len(cands)
        worlds = 0
        while worlds < self.max_worlds and time.perf_counter() < deadline:
            w = self.sample(view)
            seed = self.rng.getrandbits(32)
            results = []
            for action in cands:
                sim = w.clone()
                try:
                    sim.apply(action)
                except IllegalMove:
                    results.append(float("-inf"))
                    continue
                results.append(self.playout(sim, view.seat, view.totals, seed))
                if time.perf_counter() > deadline and worlds:
                    break
            if len(results) < len(cands):
                break
            for i, r in enumerate(results):
                sums[i] += r
            worlds += 1
        if not worlds:
            return cands[0]
        best = max(range(len(cands)), key=lambda i: (sums[i], -i))
        return cands[best]

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """Calls like Medium: whenever it can, at the most valuable depth."""
        return self.medium.call_rummy(view)

