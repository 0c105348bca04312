"""The review of a hand: each decision of one seat, what Hard would have
played in the same view, and what the difference cost in points at the end
of the hand.

It is as honest as the AI: every estimate uses the seat's
:class:`~game.rules.view.PlayerView` at that moment and, for Hard's
opponent models as at the table, the public summary of the game's earlier
hands (``Decision.past``), nothing else. For a
decision where the seat's choice (``played``) and Hard's (``suggested``)
differ, both are played out **to the end of the hand** in the same worlds,
each dealt from the view (the hidden cards at random, likely given what the
opponents passed up and threw: :mod:`game.ai.inference`), with Medium's
playout policy at every seat afterwards and the same playout seed for both
choices (common random numbers). A playout is scored in real points at the
end of the hand: the seat's hand score (R19: tabled points less the points
left in hand) less the mean of the other seats' hand scores, since going
out early (fewer points tabled, but everyone else caught holding cards) is
worth what it costs the others. The cost is the mean, over the worlds, of
that score after the suggestion less the one after the seat's own choice,
with its standard error: not Hard's search score, which stops after a few
turns and weighs what is left.

The decisions are read from a record by the application
(:func:`game.services.review.hand_decisions`: this package never sees a
record or a whole game, only each decision's view and that summary). :func:`review_decisions`
yields one :class:`Verdict` per decision as it is ready, so a caller can
show progress and stop at once; the same seed gives the same review on any
machine (Hard runs on its world budget, not a clock).
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.hand import HandState
from game.rules.view import PlayerView
from game.ai.hard import HardAI
from game.ai.inference import Evidence, sample_likely_world
from game.ai.playout import PlayoutPolicy, play_on

WORLDS = 48
"""The most worlds each differing decision is played out in."""

MIN_WORLDS = 12
"""The fewest: below this the standard error itself is too unsure."""

TARGET_ERROR = 1.5
"""Points: a decision's estimate stops once its standard error is this small."""

MAX_STEPS = 600
"""Actions a playout may take before it is scored where it stands (a hand
that circles: R17 ends most such hands long before)."""


@dataclass(frozen=True)
class Decision:
    """One decision of ``seat`` in hand ``hand`` (0-based): the view it had
    (``view``), what it did (``played``: an action, or ``None`` for a Rummy
    call it could have made and did not), ``kind`` (``"draw"``, ``"meld"``,
    ``"lay_off"``, ``"discard"``, ``"end"`` or ``"rummy"``), ``turn`` (the
    hand's turn it was in, 1-based) and ``index`` (how many of the hand's
    actions came before it). ``past`` is the public summary of the game's
    earlier hands (:func:`game.play.seats.public_past`), which Hard reads
    for its opponent models as it does at the table."""

    seat: int
    hand: int
    turn: int
    index: int
    kind: str
    view: PlayerView
    played: Action | None
    past: tuple = ()

    @property
    def rummy(self) -> bool:
        """True for a Rummy question (R18): call or not."""
        return self.kind == "rummy"


@dataclass(frozen=True)
class Verdict:
    """The review of one :class:`Decision`: Hard's ``suggested`` action (or
    ``None``: no Rummy call), ``points_lost`` (the mean cost in the seat's
    points at the end of the hand, 0 when the choice was the suggestion;
    negative when the seat's own choice did better in the worlds played),
    its ``stderr`` and the ``worlds`` played out (0 when nothing differed)."""

    decision: Decision
    suggested: Action | None
    points_lost: float
    stderr: float
    worlds: int

    @property
    def same(self) -> bool:
        """True when the seat played what Hard suggests."""
        return self.worlds == 0 and self.points_lost == 0.0


def kind_of(action: Action | None) -> str:
    """The decision kind of ``action`` (see :class:`Decision`)."""
    if action is None or isinstance(action, CallRummy):
        return "rummy"
    if isinstance(action, (DrawStock, TakeDiscards)):
        return "draw"
    if isinstance(action, TableMeld):
        return "meld"
    if isinstance(action, LayOff):
        return "lay_off"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, EndHand):
        return "end"
    return type(action).__name__.lower()


def decision_seed(seed: int, decision: Decision) -> int:
    """The seed of one decision's review: the review's ``seed`` and the
    decision's place (hand, action index, kind), never a hidden card."""
    key = (seed, decision.seat, decision.hand, decision.index, decision.kind)
    return int.from_bytes(hashlib.blake2b(repr(key).encode("ascii"), digest_size=8).digest(), "big")


def suggest(view: PlayerView, rummy: bool, seed: int, past: tuple = ()) -> Action | None:
    """What Hard plays in ``view`` (seeded by ``seed``, on its world
    budget, not a clock), knowing the earlier hands' public summary
    ``past`` as it does at the table (:meth:`HardAI.note_past`): a move, or
    for a Rummy question a call or ``None``."""
    hard = HardAI(seed, time_cap=math.inf)
    hard.note_past(past)
    hard.begin_decision(view, rummy)
    return hard.call_rummy(view) if rummy else hard.choose(view)


def play_to_end(world: HandState, seat: int, totals: tuple[int, ...], policy: PlayoutPolicy) -> float:
    """Play ``world`` to the end of its hand with ``policy`` at every seat
    (no Rummy calls) and return ``seat``'s hand score less the mean of the
    other seats' (R19); a hand that has not ended after :data:`MAX_STEPS`
    actions is scored as it stands."""
    for _seat in play_on(world, totals, policy, MAX_STEPS):
        pass
    scores = [s["hand"] for s in world.scores()]
    others = [x for i, x in enumerate(scores) if i != seat]
    return scores[seat] - sum(others) / len(others)


def estimate(view: PlayerView, played: Action | None, suggested: Action | None, seed: int,
             worlds: int = WORLDS, deadline: float | None = None) -> tuple[float, float, int]:
    """``(mean, stderr, worlds)``: how many more points ``view.seat`` scores
    against the others (:func:`play_to_end`) at the end of the hand after
    ``suggested`` than after ``played`` (either
    may be ``None``: no Rummy call, the game goes on), over up to ``worlds``
    worlds dealt from the view; it stops early once the standard error is
    within :data:`TARGET_ERROR` (after :data:`MIN_WORLDS`) or at
    ``deadline`` (a :func:`time.perf_counter` time)."""
    rng = random.Random(seed)
    evidence = Evidence.of(view)
    policy = PlayoutPolicy(0)
    seat, totals = view.seat, tuple(view.totals)
    diffs: list[float] = []
    while len(diffs) < worlds:
        world = sample_likely_world(view, rng, evidence)
        playout_seed = rng.getrandbits(64)
        scores = []
        for choice in (suggested, played):
            sim = world.clone()
            if choice is not None:
                sim.apply(choice)  # legal in every world: the view decides legality
            policy.rng.seed(playout_seed)
            scores.append(play_to_end(sim, seat, totals, policy))
        diffs.append(scores[0] - scores[1])
        n = len(diffs)
        if n >= MIN_WORLDS and _stderr(diffs) <= TARGET_ERROR:
            break
        if deadline is not None and time.perf_counter() > deadline and n >= 2:
            break
    return sum(diffs) / len(diffs), _stderr(diffs), len(diffs)


def _stderr(xs: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return math.inf
    mean = sum(xs) / n
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def review_decision(decision: Decision, seed: int = 0, worlds: int = WORLDS) -> Verdict:
    """The :class:`Verdict` on one decision (see the module docstring)."""
    s = decision_seed(seed, decision)
    suggested = suggest(decision.view, decision.rummy, s, decision.past)
    if suggested == decision.played:
        return Verdict(decision, suggested, 0.0, 0.0, 0)
    mean, err, n = estimate(decision.view, decision.played, suggested, s ^ 0x5EED, worlds)
    return Verdict(decision, suggested, mean, err, n)


def review_decisions(decisions: Iterable[Decision], seed: int = 0, worlds: int = WORLDS,
                     cancelled: Callable[[], bool] = lambda: False) -> Iterator[Verdict]:
    """Yield a :class:`Verdict` for each of ``decisions``, in order, each as
    soon as it is ready; stop before the next one once ``cancelled()`` is true."""
    for decision in decisions:
        if cancelled():
            return
        yield review_decision(decision, seed, worlds)


def costliest(verdicts: list[Verdict], count: int = 3) -> list[Verdict]:
    """The ``count`` verdicts that cost most (over 0 points), costliest first."""
    lost = [v for v in verdicts if v.points_lost > 0]
    return sorted(lost, key=lambda v: (-v.points_lost, v.decision.index))[:count]
