"""Hard: determinised Monte Carlo search over worlds consistent with its view.

* **The obvious first.** When the shared evaluation shows that the hand can
  be emptied this turn (or all but the discard that goes out, R16), or an
  opponent is down to two cards, Hard tables what it can without searching;
  forced moves are not searched either. While the next seat holds two
  cards or fewer, any opponent one or none, or an opponent with two cards holds a
  card it took from the pile, it plays Medium's endgame turn unsearched
  (:func:`in_endgame`, :data:`SHORT_HAND`, issue 25, item 3).
* **Candidates.** Every legal option of the turn, Medium's choice first:
  the stock (or ending the hand) and every legal depth of the discard pile;
  in the play phase every discard, meld and lay-off, so tabling now is
  weighed against holding the cards back and one meld against another.
  Weighing only Medium's few best options, as Hard did before issue 25,
  gained 0.73 points a decision over Medium's choice in a decision lab;
  every option, 1.81.
* **Worlds.** The hidden cards (the stock and the other hands, less the
  cards an opponent is known to hold) are dealt at random into a world
  consistent with the view, and likely given the log: an opponent seldom
  holds a meld with a card it passed up or threw (:mod:`game.ai.inference`;
  with three players or more weighed as strongly as the true hands bear
  out, :func:`~game.ai.inference.weighting`).
  Every candidate is played out in the same world with the same playout
  seed (common random numbers), Medium's choices at every seat
  (:mod:`game.ai.playout`, without Rummy calls), for a few turns
  (:func:`playout_turns`) or to the end of the hand, then scored: its hand
  score against the other seat's (with three or more players, against the
  others' mean), the cards it could still meld counted for most of their
  value; near the target, by the game.
* **Stopping.** Every candidate is played out in the first
  :data:`SCREEN_WORLDS` worlds, then only the :data:`SCREEN_KEEP` best and
  Medium's choice, up to :func:`world_budget` worlds (:data:`MAX_WORLDS`
  with two players, :data:`MANY_PLAYER_WORLDS` with more); a candidate the leader
  clearly beats is dropped, and the search stops when one is left
  (:mod:`game.ai.sequential`). The evaluation's own choice (Medium's) is
  overruled only when the search's best beats it by a margin
  (:data:`~game.ai.sequential.Z_OVERRULE`), so close calls are not decided
  by sampling noise; holding back a meld or lay-off Medium would table
  needs a clear lead (:data:`~game.ai.sequential.Z_CLEAR`: the cards held
  count against the hand when anyone goes out). :data:`TIME_CAP` bounds a
  decision's time; the world budget usually ends it first. Without the
  clock (``time_cap=math.inf``, as tournaments play) the same seed gives
  the same play.
* **Opponent models.** Each opponent's style is estimated from its public
  play, this hand's and the earlier hands' (:mod:`game.ai.opponents`; the
  seat passes the earlier hands' public summary, :meth:`note_past`); in the
  worlds an opponent is played as its likeliest style once the estimate is
  confident, else as Medium (``models=False``: always as Medium).
* **Rummy calls** are weighed as Medium weighs them, a call that skips a
  short-handed seat credited with :data:`SKIP_SHORT` points a seat.
"""

from __future__ import annotations

import time

from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.hand import HandState
from game.rules.phase import DRAW_PHASE, seat_left_of, skipped_by_rummy
from game.errors import IllegalMove
from game.rules.view import PlayerView, sample_world
from game.ai.base import AIPlayer
from game.rules.melds import hand_value
from game.ai.evaluate import greedy_tabling, seat_points, shortest_other
from game.ai.cycle import circling
from game.ai.inference import Evidence, sample_likely_world
from game.ai.sequential import Z_CLEAR, Z_OVERRULE, clearly_worse, overrules
from game.ai.medium import MediumAI, keep_count
from game.ai.playout import PlayoutPolicy, ViewMaker, greedy_only
from game.ai import opponents

TIME_CAP = 0.24  # seconds per decision, from its start; the world budget usually decides first
MAX_WORLDS = 32
"""Worlds searched at most for one decision with two players (42 before
the search weighed every option, issue 25: with the screen below, 32 gain
about as much for a third fewer playouts, measured in a decision lab)."""
MANY_PLAYER_WORLDS = 48
"""Worlds searched at most for one decision with three players or more,
where a playout's score is noisier (more hands dealt at random). One Hard
among three Medium won 189 of 500 games with 48 against 165 with 32, on
the same deals (issue 25; six-turn playouts). 64 was kept for a while: it
won 269 of the 600 games of seeds 64 to 69 where 48 won 247, but on fresh
deals, compared deal by deal, it won less: 68 games to 48's 80 on 44
deals of seeds 90 and 91, and on seeds 94 to 96 (a run and a rule fixed
before play, stopped at a fixed time) 92 to 104 on 70 deals, standard
error 7.9. The clock (:data:`TIME_CAP`) also ends more of its decisions
in a game: on a slow day, four players, 64 ended 783 of 2,453 and 48
664 of 2,605 (see the README)."""
SHORT_HAND = 2
"""An opponent with this many cards or fewer may go out on its next turn:
Hard then tables what it can (:meth:`HardAI.obvious`) and, when that
opponent is the next seat (or holds one card or none, or a card it took from the
pile: :func:`in_endgame`), plays Medium's endgame (issue 25, item 3),
without searching: the worlds deal that opponent's last cards at random,
blind to why it kept them, so the search would shed a high card the
opponent may be waiting for, or take a low card over the stock on a lead
within the noise."""
SKIP_SHORT = 15.0
"""Points Hard adds to a Rummy call's value for each seat the call skips
(R18: the seats between the discarder and the caller lose their turn) that
holds :data:`SHORT_HAND` cards or fewer: that seat might go out on the
turn it loses, and every card in Hard's hand would count against it."""
SCREEN_WORLDS = 4
"""Worlds in which every candidate is played out before the search keeps
only the :data:`SCREEN_KEEP` best (and Medium's choice): a turn has 6.7
legal options on average, some 20 or more (every discard, meld and
lay-off), and most are clearly behind after a few worlds."""
SCREEN_KEEP = 4
"""Candidates the search keeps after :data:`SCREEN_WORLDS` worlds, besides Medium's choice."""
POTENTIAL = 0.7  # share of a meld still in hand that a playout's score credits
TWO_PLAYER_HORIZON = 6  # turns a two-player playout runs: three each
FOUR_PLAYER_HORIZON = 8
"""Turns a four-player playout runs: two each (six, a turn each and two
more, before). On 1,500 first hands of four-player games (Hard at one seat
against three Medium, the seat rotating, the same deals and seeds), Hard's
hand score against the others' mean rose by 1.80 points (standard error
0.93) over six turns. In whole games (issue 25) one Hard among three
Medium won 211 of 500 with eight turns where six won 173 (seeds 56 to 60),
and 402 of 1,000 over seeds 51 to 60 (40.2 %) against 362; with seeds 61
to 63 (114 of 300, six turns 92), 516 of 1,300 (39.7 %) against 454.
Seeds 64 to 71, eight turns only: 303 of 800, so 819 of 2,100 in all
(39.0 %). Ten turns, screened on 1,600 other first hands, changed the
score by -0.77 points a hand (standard error 0.86): not kept."""


def world_budget(players: int) -> int:
    """Worlds Hard searches at most for one decision at a table of
    ``players``: :data:`MAX_WORLDS` with two, :data:`MANY_PLAYER_WORLDS`
    with more."""
    return MAX_WORLDS if players == 2 else MANY_PLAYER_WORLDS


def playout_turns(players: int) -> int:
    """Turns a playout runs before it is scored: :data:`TWO_PLAYER_HORIZON`
    with two players, :data:`FOUR_PLAYER_HORIZON` with four, else one per
    player and two more. Measured in a
    decision lab (what ``benchmarks/decision_lab.py`` runs) on 1,213 of
    Hard's two-player decisions, each candidate played on to the end of the
    hand in worlds the search never saw: with six turns and the lower bar
    for overruling Medium (:data:`~game.ai.sequential.Z_OVERRULE`)
    the search gains 0.77 points a decision over Medium's choice, against
    0.60 with four turns and 0.49 with four turns and a bar of 2.5 for
    overruling Medium (standard errors about 0.1; paired, the 0.28 is about
    4 of them). Those figures are for the search before it weighed every
    option (Medium's few best only); the horizon was not measured again."""
    if players == 2:
        return TWO_PLAYER_HORIZON
    return FOUR_PLAYER_HORIZON if players == 4 else players + 2


class HardAI(AIPlayer):
    """The Hard level (see the module docstring). ``time_cap`` is the search
    budget in seconds per decision; ``max_worlds`` bounds the worlds sampled
    (``None``: :func:`world_budget` of the table's players);
    ``models=False`` plays every opponent as Medium in the worlds."""

    level = "hard"

    def __init__(self, seed: int | None = None, time_cap: float = TIME_CAP, max_worlds: int | None = None,
                 horizon: int | None = None, models: bool = True):
        super().__init__(seed)
        self.time_cap = time_cap
        self.max_worlds = max_worlds
        self.horizon = horizon
        self.medium = MediumAI(self.rng.getrandbits(32))
        self.playout_policy = PlayoutPolicy(0)
        self.last_worlds = 0  # worlds searched for the last decision
        self._evidence: tuple[PlayerView, Evidence] | None = None  # the last view's, read once
        self.models = models
        self.past: tuple = ()  # the earlier hands' public counts (note_past)
        self._style_players: dict[str, object] = {}

    def note_past(self, past: tuple) -> None:
        """Keep the public summary of the earlier hands (see :meth:`AIPlayer.note_past`)."""
        self.past = tuple(past)

    def estimate(self, view: PlayerView) -> list[dict[str, float]]:
        """Per seat, the chance of each style (:func:`game.ai.opponents.estimate`)
        from the earlier hands' summary and ``view``'s public log."""
        return opponents.estimate(self.past, view.history, view.players, view.rules)

    def world_players(self, view: PlayerView) -> list | None:
        """Per seat, the player the worlds play it as (:func:`game.ai.opponents.modelled_styles`;
        Hard's own seat as Medium), or ``None`` when every seat plays as Medium."""
        if not self.models:
            return None
        styles = opponents.modelled_styles(self.past, view.history, view.players, view.rules, view.seat)
        if all(s == "medium" for s in styles):
            return None
        players = []
        for style in styles:
            if style not in self._style_players:
                self._style_players[style] = (self.playout_policy if style == "medium"
                                              else opponents.playout_player(style, 0))
            players.append(self._style_players[style])
        return players

    def begin_decision(self, view: PlayerView, rummy: bool = False) -> None:
        """Seed this decision (:meth:`AIPlayer.begin_decision`) and the Medium
        and playout players Hard consults, from its own seeded generator."""
        super().begin_decision(view, rummy)
        if self.seed is not None:
            self.medium.rng.seed(self.rng.getrandbits(64))
            self.playout_policy.rng.seed(self.rng.getrandbits(64))

    # ------------------------------------------------------------ candidates
    def obvious(self, view: PlayerView, world: HandState) -> Action | None:
        """A play the shared evaluation proves, made without searching: in
        the play phase, the next play of a tabling that empties the hand (or
        leaves only the discard that goes out, R16), or of any tabling while
        an opponent holds :data:`SHORT_HAND` cards or fewer (every card kept
        may count against the hand at once). ``None`` otherwise."""
        if view.phase != "play":
            return None
        seat = view.seat
        keep = keep_count(view)
        plays, _, left, _ = greedy_tabling(view.hand, world.table, view.rules, seat,
                                           view.has_melded[seat], keep, view.single_taken, view.committed)
        if not plays:
            return None
        if len(left) > keep and shortest_other(view) > SHORT_HAND:
            return None
        action = plays[0]
        return action if world.is_legal(action) else None

    def candidates(self, view: PlayerView, world: HandState) -> list[Action]:
        """Every legal option of the turn's phase, Medium's choice first (the
        evaluation's own choice, which the search overrules only on a lead):
        in the draw phase the stock (or ending the hand, R17) and every legal
        depth of the discard pile (R8, R9); in the play phase every legal
        discard and every legal meld and lay-off (R13-R15; one joker
        declaration per choice of naturals), so tabling now is weighed
        against holding the cards back and one meld against another.
        Medium's ranking orders the rest: :meth:`search` screens them all
        in its first worlds and keeps only the best few."""
        medium = self.medium
        seat = view.seat
        if view.phase == "draw":  # (a circling hand is not searched: choose)
            options = [a for _, a in medium.ranked_draws(view, world)]
            choice = options[0]
            options += [a for a in world.legal_actions()
                        if type(a) in (DrawStock, TakeDiscards, EndHand) and a.seat == seat]
        else:
            choice = medium.choose_play(view, world)
            options = medium.ranked_discards(view, world) + world.legal_plays(every_declaration=False)
        cands: list[Action] = [choice]
        for a in options:
            if a not in cands:
                cands.append(a)
        return cands

    # -------------------------------------------------------------- playouts
    def evaluate(self, world: HandState, seat: int, totals: tuple[int, ...]) -> float:
        """Score a (possibly unfinished) hand for ``seat``: its hand score
        minus the other seat's (with more players, the mean of the others');
        near the target, by game totals against the best other seat. In an
        unfinished hand the cards a seat could still meld count for most of
        their value instead of against it."""
        scores = playout_scores(world)
        target = world.rules.target
        if max(totals) + 80 >= target:
            finals = [t + s for t, s in zip(totals, scores)]
            mine = finals[seat]
            best_other = max(f for i, f in enumerate(finals) if i != seat)
            bonus = 150 if (mine >= target and mine > best_other) else 0
            bonus -= 150 if (best_other >= target and best_other > mine) else 0
            return mine - best_other + bonus
        others = [s for i, s in enumerate(scores) if i != seat]
        if len(others) > 1:
            # early in a game of three or more, what counts is the score against the field:
            # the mean of the others is far less noisy than whichever seat a playout favoured
            return scores[seat] - sum(others) / len(others)
        return scores[seat] - others[0]

    def playout(self, world: HandState, seat: int, totals: tuple[int, ...], seed: int,
                players: list | None = None) -> float:
        """Play ``world`` on with Medium at every seat (or ``players[s]`` at
        seat ``s``: :meth:`world_players`) for a few turns (or to the end of
        the hand) and evaluate it for ``seat``. The rest of the turn under
        way when ``seat`` is the one to move (the candidate's own turn) is
        played with the exact going-out search (:mod:`game.ai.going_out`),
        so a candidate that lets the hand go out is seen to; every later
        turn greedily (:func:`~game.ai.playout.greedy_only`)."""
        policy = self.playout_policy
        policy.rng.seed(seed)
        if players is not None:
            for p in players:
                p.rng.seed(seed)
        horizon_turns = self.horizon or playout_turns(world.players)
        views = ViewMaker()
        totals = tuple(totals)
        turns, steps, refused = self.finish_own_turn(world, seat, totals, views, players)
        with greedy_only():
            if not refused:
                self._play(world, totals, views, players, horizon_turns, steps, turns=turns)
            return self.evaluate(world, seat, totals)

    def finish_own_turn(self, world: HandState, seat: int, totals: tuple[int, ...], views: ViewMaker,
                        players: list | None = None) -> tuple[int, int, bool]:
        """Play the rest of ``seat``'s turn in ``world`` if it is the one to
        move (the candidate's own turn), with the exact going-out search
        (:mod:`game.ai.going_out`), as a playout starts. Returns (turns
        ended: 1 or 0, actions played, whether a move was refused)."""
        return self._play(world, totals, views, players, 1, 0, only=seat)  # stops at once on another's turn

    def _play(self, world: HandState, totals: tuple[int, ...], views: ViewMaker, players: list | None,
              horizon_turns: int, steps: int, only: int | None = None, turns: int = 0) -> tuple[int, int, bool]:
        """Play ``world`` on (see :meth:`playout`) from ``turns`` turns and
        ``steps`` actions played until ``horizon_turns`` turns have ended,
        the hand ends or 200 actions are played; with ``only``, while that
        seat is the one to move. Returns (turns, actions, whether a move was
        refused: the playout then stops where it stands)."""
        policy = self.playout_policy
        while world.ended is None and turns < horizon_turns and steps < 200:
            s = world.current
            if only is not None and s != only:
                break
            view = views.view(world, s, totals)
            try:
                action = (players[s] if players is not None else policy).decide(view, world)
                world.apply(action)
            except (IllegalMove, IndexError, TypeError):
                return turns, steps, True
            steps += 1
            if world.phase is DRAW_PHASE and world.current != s:
                turns += 1
        return turns, steps, False

    # ---------------------------------------------------------------- search
    def sample(self, view: PlayerView) -> HandState:
        """One world to search: the hidden cards dealt at random, consistently
        with the view and likely given what the opponents passed up and threw
        (:mod:`game.ai.inference`)."""
        if self._evidence is None or self._evidence[0] is not view:
            self._evidence = (view, Evidence.of(view))
        return sample_likely_world(view, self.rng, self._evidence[1])

    def choose(self, view: PlayerView) -> Action:
        """The obvious play if there is one, else search the candidates (see
        the module docstring)."""
        started = time.perf_counter()
        world = sample_world(view, self.rng)
        self.last_worlds = 0
        if circling(view):  # a circling hand (R17): no search, play toward an end like Medium
            return self.medium.decide(view, world)
        obvious = self.obvious(view, world)
        if obvious is not None:
            return obvious
        if in_endgame(view):  # Medium's care (see SHORT_HAND)
            return self.medium.decide(view, world)
        cands = self.candidates(view, world)
        if len(cands) == 1:
            return cands[0]
        return cands[self.search(view, cands, started + self.time_cap)]

    def search(self, view: PlayerView, cands: list[Action], deadline: float | None = None) -> int:
        """Play every candidate out in the same sampled worlds until the
        world budget, the ``deadline`` (a :func:`time.perf_counter` time; by
        default the time cap from now), or until one candidate is left;
        after :data:`SCREEN_WORLDS` worlds only the :data:`SCREEN_KEEP` best
        and candidate 0 go on (:func:`screened`), and from
        :data:`~game.ai.sequential.MIN_WORLDS` the clearly worse are dropped
        (:mod:`game.ai.sequential`). Returns the index of the best average,
        or 0 (Medium's choice) unless the best leads it by the bar of
        :func:`~game.ai.sequential.overrules` (:data:`Z_CLEAR` to hold back
        a meld or lay-off candidate 0 tables by a discard). ``last_worlds``
        counts the worlds searched."""
        if deadline is None:
            deadline = time.perf_counter() + self.time_cap
        results: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        players = self.world_players(view)
        worlds = 0
        budget = world_budget(view.players) if self.max_worlds is None else self.max_worlds
        while worlds < budget and len(alive) > 1 and time.perf_counter() < deadline:
            w = self.sample(view)
            seed = self.rng.getrandbits(32)
            row: dict[int, float] = {}
            for i in list(alive):
                sim = w.clone()
                try:
                    sim.apply(cands[i])
                except IllegalMove:  # the same in every world: the view decides legality
                    alive.remove(i)
                    continue
                row[i] = self.playout(sim, view.seat, view.totals, seed, players)
                if time.perf_counter() > deadline and worlds:
                    break
            if len(row) < len(alive):
                break  # out of time within this world: it does not count
            for i in alive:
                results[i].append(row[i])
            worlds += 1
            if worlds == SCREEN_WORLDS and len(alive) > SCREEN_KEEP + 1:
                alive = screened(results, alive, worlds)
            for j in clearly_worse(results, alive):
                alive.remove(j)
        self.last_worlds = worlds
        if not alive:
            return 0
        if not worlds:
            return alive[0]
        best = max(alive, key=lambda i: (sum(results[i][:worlds]) / worlds, -i))
        bar = Z_OVERRULE
        if isinstance(cands[0], (TableMeld, LayOff)) and isinstance(cands[best], Discard):
            bar = Z_CLEAR  # holding back what Medium tables: every card kept is a debt (issue 25, item 3)
        if 0 in alive and not overrules(results, best, bar=bar):
            return 0  # the evaluation's choice stands unless the search clearly beats it
        return best

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """A Rummy call (R18) on the open discard, or ``None``: Medium's
        weighing (:meth:`~game.ai.medium.MediumAI.best_call`: the call's take
        against the draw it would make instead: its best draw when it is the
        seat to draw, else a stock draw of its own), with :data:`SKIP_SHORT` points more
        for every seat the call skips that holds :data:`SHORT_HAND` cards or
        fewer. A call takes the turn of every seat between the discarder and
        the caller; such a seat may go out on that turn (issue 25, item 3),
        which Medium's weighing does not count."""
        credit = SKIP_SHORT * sum(1 for s in skipped_by_call(view) if view.hand_sizes[s] <= SHORT_HAND)
        return self.medium.best_call(view, credit)


def playout_scores(world: HandState) -> list[float]:
    """Per seat, the hand score :meth:`HardAI.evaluate` weighs: an ended
    hand's score (R19, R20); in an unfinished hand the seat's table less
    every held card, then the held cards greedy tabling could still meld
    (:func:`~game.ai.evaluate.greedy_tabling`) counted for
    :data:`POTENTIAL` of their value instead of against it."""
    if world.ended is not None:
        return [s["hand"] for s in world.scores()]
    rules = world.rules
    scoring = rules.scoring
    keep = 1 if rules.going_out == "discard_required" else 0
    scores = []
    for s in range(world.players):
        hand = world.hands[s]
        _, points, left, _ = greedy_tabling(hand, world.table, rules, s, world.has_melded[s], keep)
        held = sum(hand_value(c, scoring) for c in hand)
        left_value = sum(hand_value(c, scoring) for c in left)
        scores.append(seat_points(world.table, s, scoring) - held + (held - left_value + POTENTIAL * points))
    return scores


def screened(results: list[list[float]], alive: list[int], worlds: int, keep: int = SCREEN_KEEP) -> list[int]:
    """The ``keep`` candidates of ``alive`` with the best mean over the
    first ``worlds`` results, and candidate 0 (Medium's choice) whatever
    its mean, in their first order."""
    best = sorted(alive, key=lambda i: (-sum(results[i][:worlds]), i))[:keep]
    return [i for i in alive if i in best or i == 0]


def skipped_by_call(view: PlayerView) -> list[int]:
    """The seats a Rummy call by ``view.seat`` now would skip (R18): from
    the seat to draw round to the caller, the caller left out; none when
    no window is open, the discard is the caller's own (no call) or the
    caller is the seat to draw (:func:`~game.rules.phase.skipped_by_rummy`,
    as the engine applies the call)."""
    if view.window is None or view.window == view.seat:
        return []
    return skipped_by_rummy(view.window, view.seat, view.players)


def in_endgame(view: PlayerView) -> bool:
    """True when Hard plays Medium's endgame turn unsearched (issue 25,
    item 3; :data:`SHORT_HAND`): the next seat, first to draw the discard
    (R8), holds two cards or fewer; or any opponent holds one card or none;
    or an opponent with two cards holds a card it took from the pile in
    sight of all (``view.known``: it kept that card for a reason the
    worlds cannot see). With two players the next seat is the only
    opponent, so this is the same as :func:`shortest_other` at most
    :data:`SHORT_HAND`. With more, an opponent further round with two
    cards, nothing known, leaves the turn to the search: the discard
    reaches that seat only by a Rummy call (R18) or by a deep take under
    the next seats' discards (R9). The search's playouts make no Rummy
    calls, so they do not see the first; the gain was measured with calls
    on, as the tournaments play (README, issue 25)."""
    seat = view.seat
    nearest = seat_left_of(seat, view.players)
    return any(n <= (SHORT_HAND if s == nearest or view.known[s] else 1)
               for s, n in enumerate(view.hand_sizes) if s != seat)
